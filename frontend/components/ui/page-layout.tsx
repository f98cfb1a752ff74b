import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  title: ReactNode;
  /** A sentence under the title (muted), or nodes of its own when it needs more. */
  description?: ReactNode;
  maxW?: string;
  gap?: string;
  children: ReactNode;
};

/** A page of the app: the padding, the width and the h1 every screen opens with. */
export function PageLayout({ title, description, maxW = "4xl", gap = "5", children }: Props) {
  return (
    <Stack p={{ base: "4", md: "8" }} gap={gap} w="full" maxW={maxW}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {typeof description === "string" ? <Text color="fg.muted">{description}</Text> : description}
      </Stack>
      {children}
    </Stack>
  );
}
