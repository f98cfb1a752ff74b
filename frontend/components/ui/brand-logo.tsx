import { Box, HStack, Text } from "@chakra-ui/react";

/** The Brandpilot mark and word mark; the word hides on narrow screens when `compact`. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <HStack gap="2" minW="0">
      <Box as="span" flexShrink={0} aria-hidden>
        <svg width="28" height="28" viewBox="0 0 32 32" role="presentation">
          <rect width="32" height="32" rx="8" fill="#4f46e5" />
          <path d="M9 22l7-13 7 13" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Box>
      <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="tight" display={compact ? { base: "none", sm: "inline" } : "inline"}>
        Brandpilot
      </Text>
    </HStack>
  );
}
