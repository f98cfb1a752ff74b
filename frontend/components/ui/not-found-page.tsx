import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";

export default function NotFoundPage() {
  return (
    <Stack p="8" gap="4" align="center" textAlign="center" minH="60vh" justify="center">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist.</Text>
      <Button asChild colorPalette="brand">
        <Link to="/">Back to home</Link>
      </Button>
    </Stack>
  );
}
