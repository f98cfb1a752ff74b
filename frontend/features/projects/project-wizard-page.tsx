import { Heading, Stack, Text } from "@chakra-ui/react";

export default function ProjectWizardPage() {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="2">
      <Heading as="h1" size="2xl">Create a project</Heading>
      <Text color="fg.muted"></Text>
    </Stack>
  );
}
