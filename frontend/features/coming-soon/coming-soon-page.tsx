import { Heading, Stack, Text } from "@chakra-ui/react";

export default function ComingSoonPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Coming soon</Heading>
      <Text color="fg.muted">This screen is on its way.</Text>
    </Stack>
  );
}
