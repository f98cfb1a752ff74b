import { Center, Spinner, Stack, Text } from "@chakra-ui/react";

/** Shown while authentication (or a lazily loaded screen) loads. */
export function LoadingScreen({ label = "Loading..." }: { label?: string }) {
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
