import { Heading, Stack, Text } from "@chakra-ui/react";

export default function ResetPasswordPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Reset password</Heading>
      <Text color="fg.muted"></Text>
    </Stack>
  );
}
