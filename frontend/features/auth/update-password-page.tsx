import { Heading, Stack, Text } from "@chakra-ui/react";

export default function UpdatePasswordPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Update password</Heading>
      <Text color="fg.muted"></Text>
    </Stack>
  );
}
