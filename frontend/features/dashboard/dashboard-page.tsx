import { Heading, Stack, Text } from "@chakra-ui/react";

export default function DashboardPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Welcome Back</Heading>
      <Text color="fg.muted">No upcoming posts</Text>
    </Stack>
  );
}
