import { Alert, Box, Button, HStack } from "@chakra-ui/react";
import { Copy } from "lucide-react";
import { notify } from "./toaster";

/**
 * A secret the server shows once (an API key, a webhook's signing secret): the value in a code
 * box, Copy, and Done to dismiss it. The server keeps only its hash, so nothing can show it again.
 */
export function SecretOnce({ title, value, what, testId, onDone }: { title: string; value: string; what: string; testId: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success("Copied");
    } catch {
      notify.error(`Copy failed: select the ${what} and copy it`);
    }
  };
  return (
    <Alert.Root status="success" flexDirection="column" alignItems="stretch" gap="2">
      <Alert.Title>{title}</Alert.Title>
      <HStack gap="2" flexWrap="wrap">
        <Box as="code" fontFamily="mono" fontSize="sm" p="2" bg="bg.subtle" borderRadius="md" wordBreak="break-all" flex="1" minW="0" data-testid={testId}>
          {value}
        </Box>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy size={14} aria-hidden /> Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </HStack>
    </Alert.Root>
  );
}
