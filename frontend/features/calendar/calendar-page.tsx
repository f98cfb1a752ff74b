import { Heading, Stack, Text } from "@chakra-ui/react";

export default function CalendarPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Content Calendar</Heading>
      <Text color="fg.muted">No posts</Text>
    </Stack>
  );
}
