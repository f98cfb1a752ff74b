import { Box, Card, Center, HStack, Heading, Separator, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

/** The frame of the auth screens: a centred card that fills the width on phones. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center minH="100dvh" px={{ base: "4", md: "8" }} py="8" bg="bg.subtle">
      <Card.Root w="full" maxW="md" as="main">
        <Card.Body>
          <Stack gap="6">
            <Stack gap="1" textAlign="center">
              <Box asChild fontWeight="bold" fontSize="lg" color="brand.solid">
                <RouterLink to="/">Brandpilot</RouterLink>
              </Box>
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
            </Stack>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

/** The "or" rule between a form and the Google button. */
export function OrDivider() {
  return (
    <HStack>
      <Separator flex="1" />
      <Text fontSize="sm" color="fg.muted">
        or
      </Text>
      <Separator flex="1" />
    </HStack>
  );
}
