import { Heading, Stack, Text } from "@chakra-ui/react";

export default function SocialConnectPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Connect Your Social Media</Heading>
      <Text color="fg.muted">No accounts connected yet</Text>
    </Stack>
  );
}
