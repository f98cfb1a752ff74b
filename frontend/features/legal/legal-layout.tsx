import { Box, chakra, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { BrandLogo } from "../../components/ui/brand-logo";

export const PRIVACY_EMAIL = "privacy@brandpilot.app";
export const SUPPORT_EMAIL = "support@brandpilot.app";

/** Today's date, as the pages promise ("Last updated" shows today's date). */
function lastUpdated(now = new Date()): string {
  return now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

export type LegalSection = { id: string; title: string; body: ReactNode };

const linkStyles = {
  color: "brand.700",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  _hover: { color: "brand.900" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px", rounded: "sm" },
} as const;

export const A = chakra("a", { base: linkStyles });
export const P = (props: { children: ReactNode }) => <Text mb="3" lineHeight="tall" {...props} />;
export const UL = ({ children }: { children: ReactNode }) => (
  <chakra.ul ps="5" mb="3" listStyleType="disc" lineHeight="tall" css={{ "& > li": { mb: "1" } }}>
    {children}
  </chakra.ul>
);

/** Shared frame of /terms and /privacy: back link, title, date, contents and sections. */
export function LegalLayout({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const { hash } = useLocation();

  // The page loads lazily, after the browser's own jump to #anchor: scroll once it exists.
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (el) {
      el.scrollIntoView?.({ block: "start" });
      el.focus({ preventScroll: true });
    }
  }, [hash]);

  return (
    <Box bg="white" minH="100dvh">
      <Box as="header" borderBottomWidth="1px">
        <Container maxW="3xl" px={{ base: "4", md: "6" }} h="16" display="flex" alignItems="center" justifyContent="space-between" gap="3">
          <chakra.a asChild rounded="md" _focusVisible={{ outline: "2px solid", outlineColor: "brand.500" }}>
            <Link to="/" aria-label="Brandpilot home">
              <BrandLogo />
            </Link>
          </chakra.a>
          <chakra.a asChild fontSize="sm" fontWeight="medium" {...linkStyles} textDecoration="none">
            <Link to="/">← Back to home</Link>
          </chakra.a>
        </Container>
      </Box>
      <Container as="main" maxW="3xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
        <Stack gap="2" mb="8">
          <Heading as="h1" size={{ base: "2xl", md: "4xl" }}>
            {title}
          </Heading>
          <Text color="fg.muted" data-testid="last-updated">
            Last updated: {lastUpdated()}
          </Text>
        </Stack>
        <Box fontSize={{ base: "md", md: "lg" }} color="fg" mb="8">
          {intro}
        </Box>
        <Box as="nav" aria-label="Contents" bg="gray.50" borderWidth="1px" rounded="xl" p={{ base: "4", md: "6" }} mb="10">
          <Text fontWeight="semibold" mb="2">
            Contents
          </Text>
          <chakra.ol ps="5" listStyleType="decimal" lineHeight="tall" columns={{ base: 1, md: 2 }} columnGap="8">
            {sections.map((s) => (
              <li key={s.id}>
                <A href={`#${s.id}`}>{s.title}</A>
              </li>
            ))}
          </chakra.ol>
        </Box>
        <Stack gap="10">
          {sections.map((s, i) => (
            <Box as="section" key={s.id} id={s.id} tabIndex={-1} scrollMarginTop="6" aria-labelledby={`${s.id}-title`} _focusVisible={{ outline: "none" }}>
              <Heading as="h2" id={`${s.id}-title`} size={{ base: "lg", md: "xl" }} mb="3">
                {i + 1}. {s.title}
              </Heading>
              {s.body}
            </Box>
          ))}
        </Stack>
        <Box borderTopWidth="1px" mt="12" pt="6" display="flex" gap="4" flexWrap="wrap" fontSize="sm" color="fg.muted">
          <chakra.a asChild {...linkStyles}>
            <Link to="/">Back to home</Link>
          </chakra.a>
          <chakra.a asChild {...linkStyles}>
            <Link to="/terms">Terms of Service</Link>
          </chakra.a>
          <chakra.a asChild {...linkStyles}>
            <Link to="/privacy">Privacy Policy</Link>
          </chakra.a>
        </Box>
      </Container>
    </Box>
  );
}
