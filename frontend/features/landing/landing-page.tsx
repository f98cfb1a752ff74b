import { Badge, Box, Button, chakra, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Brain, CalendarClock, Menu, Plug, Rocket, Sparkles, Target, TrendingUp, Users, X, type LandingIcon } from "./landing-icons";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { BrandLogo } from "../../components/ui/brand-logo";
import { SkipLink } from "../../components/ui/skip-link";
import { NETWORK_NAMES } from "./network-names.gen";

/** Every network of the registry by its display name, "A, B, ... and G" (decision 207). */
const NETWORK_LIST = `${NETWORK_NAMES.slice(0, -1).join(", ")} and ${NETWORK_NAMES.at(-1)}`;

// The demo (and its catalogue of sample posts) loads when its section nears the viewport, so
// it is not part of the page's initial JS (docs/decisions/030).
const LandingDemo = lazy(() => import("./landing-demo").then((m) => ({ default: m.LandingDemo })));

const ANCHORS = [
  { href: "#demo", label: "Live Demo" },
  { href: "#features", label: "Features" },
  { href: "#growth", label: "Growth" },
] as const;

const FEATURES: { title: string; icon: LandingIcon; text: string }[] = [
  {
    title: "AI Brain",
    icon: Brain,
    text: "Upload brand guidelines, product sheets and reviews. Brandpilot learns your voice, your audience and what makes you different.",
  },
  {
    title: "Schedule",
    icon: CalendarClock,
    text: "A visual calendar with day and week views. Drag your plan into place or let a campaign spread posts across the month.",
  },
  {
    title: "Connect Everything",
    icon: Plug,
    text: `Connect ${NETWORK_LIST} in a click. Publish to each from one place.`,
  },
  {
    title: "Future-Ready UI",
    icon: Sparkles,
    text: "Fast, keyboard friendly and at home on a phone. Post from the train, plan at your desk, and never lose your place.",
  },
];

const GROWTH: { title: string; icon: LandingIcon; text: string }[] = [
  {
    title: "Show up every day",
    icon: Target,
    text: "Consistency grows audiences. A full calendar means your brand is present even on your busiest weeks.",
  },
  {
    title: "Sound like yourself",
    icon: Users,
    text: "Every post is written from your own documents, so followers hear one recognisable voice on every platform.",
  },
  {
    title: "Learn what works",
    icon: TrendingUp,
    text: "See what lands, feed the brain more of it, and let the next campaign build on your best ideas.",
  },
];

const navLinkStyles = {
  px: "3",
  py: "2",
  rounded: "md",
  fontSize: "sm",
  fontWeight: "medium",
  color: "fg.muted",
  _hover: { color: "fg", bg: "gray.100" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" },
} as const;

function LaunchApp({ size = "md" }: { size?: "sm" | "md" | "lg" | "xl" }) {
  return (
    <Button asChild colorPalette="brand" size={size}>
      <Link to="/signup">
        Launch App <Rocket size={16} />
      </Link>
    </Button>
  );
}

function DemoPlaceholder() {
  return <Box maxW="3xl" mx="auto" w="full" h={{ base: "26rem", md: "28rem" }} rounded="2xl" borderWidth="1px" bg="gray.50" aria-hidden />;
}

function DeferredDemo() {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined" || location.hash === "#demo") {
      setShow(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShow(true);
          io.disconnect();
        }
      },
      { rootMargin: "0px" },
    );
    io.observe(el);
    const onHash = () => location.hash === "#demo" && setShow(true);
    window.addEventListener("hashchange", onHash);
    return () => {
      io.disconnect();
      window.removeEventListener("hashchange", onHash);
    };
  }, []);
  return (
    <div ref={ref} data-testid="demo-slot">
      {show ? (
        <Suspense fallback={<DemoPlaceholder />}>
          <LandingDemo />
        </Suspense>
      ) : (
        <DemoPlaceholder />
      )}
    </div>
  );
}

function TopBar() {
  const [open, setOpen] = useState(false);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="6xl" px={{ base: "4", md: "6" }}>
        <Flex h="16" align="center" gap="4">
          <chakra.a href="#top" aria-label="Brandpilot, back to top" rounded="md" _focusVisible={{ outline: "2px solid", outlineColor: "brand.500" }}>
            <BrandLogo />
          </chakra.a>
          <HStack as="nav" aria-label="Sections" gap="1" ms="auto" display={{ base: "none", md: "flex" }}>
            {ANCHORS.map((a) => (
              <chakra.a key={a.href} href={a.href} {...navLinkStyles}>
                {a.label}
              </chakra.a>
            ))}
          </HStack>
          {/* Returning users sign in from here; every Launch App goes to sign-up (decision 205). */}
          <chakra.a asChild {...navLinkStyles} ms={{ base: "auto", md: "0" }} color="fg">
            <Link to="/login">Log in</Link>
          </chakra.a>
          <Box display={{ base: "none", md: "block" }}>
            <LaunchApp size="sm" />
          </Box>
          <chakra.button
            type="button"
            display={{ base: "flex", md: "none" }}
            alignItems="center"
            justifyContent="center"
            w="10"
            h="10"
            rounded="md"
            _hover={{ bg: "gray.100" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.500" }}
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X size={22} /> : <Menu size={22} />}
          </chakra.button>
        </Flex>
      </Container>
      {open && (
        <Box id="landing-mobile-menu" display={{ base: "block", md: "none" }} borderTopWidth="1px" bg="bg" px="4" py="3">
          <Stack as="nav" aria-label="Sections (mobile)" gap="1">
            {ANCHORS.map((a) => (
              <chakra.a key={a.href} href={a.href} onClick={() => setOpen(false)} {...navLinkStyles} fontSize="md" py="3">
                {a.label}
              </chakra.a>
            ))}
            <Box pt="2">
              <LaunchApp />
            </Box>
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function Section({ id, children, bg }: { id?: string; children: ReactNode; bg?: string }) {
  return (
    <Box as="section" id={id} bg={bg} py={{ base: "16", md: "24" }} scrollMarginTop="16" aria-labelledby={id ? `${id}-title` : undefined}>
      <Container maxW="6xl" px={{ base: "4", md: "6" }}>
        {children}
      </Container>
    </Box>
  );
}

function SectionTitle({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text: string }) {
  return (
    <Stack textAlign="center" align="center" gap="3" mb={{ base: "10", md: "14" }}>
      <Text fontSize="sm" fontWeight="semibold" color="brand.600" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h2" id={`${id}-title`} size={{ base: "2xl", md: "4xl" }} maxW="2xl">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }} maxW="2xl">
        {text}
      </Text>
    </Stack>
  );
}

function Card({ icon: Icon, title, text }: { icon: LandingIcon; title: string; text: string }) {
  return (
    <Stack
      as="article"
      bg="bg"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: "6", md: "7" }}
      gap="3"
      shadow="xs"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: "md", transform: "translateY(-2px)" }}
    >
      <Flex w="11" h="11" rounded="xl" bg="brand.50" color="brand.600" align="center" justify="center" aria-hidden>
        <Icon size={22} />
      </Flex>
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Stack>
  );
}

/** Public landing page (/). */
export default function LandingPage() {
  const year = new Date().getFullYear();
  // Arriving at /#demo (or another section): the page loads lazily, after the browser's own
  // jump to the anchor, so scroll once the section exists.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: "start" });
  }, []);
  return (
    <Box id="top" bg="white" minH="100dvh">
      <SkipLink href="#main-content">Skip to main content</SkipLink>
      <TopBar />
      <main id="main-content" tabIndex={-1} style={{ outline: "none" }}>
        <Box
          as="section"
          aria-labelledby="hero-title"
          bgGradient="to-b"
          gradientFrom="brand.50"
          gradientTo="white"
          pt={{ base: "14", md: "24" }}
          pb={{ base: "12", md: "16" }}
        >
          <Container maxW="6xl" px={{ base: "4", md: "6" }}>
            <Stack align="center" textAlign="center" gap="6">
              <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
                <Sparkles size={14} /> Your brand's own AI marketing brain
              </Badge>
              <Heading as="h1" id="hero-title" fontSize={{ base: "4xl", sm: "5xl", md: "7xl" }} lineHeight="1.05" letterSpacing="tight" maxW="4xl">
                Social Media on{" "}
                <chakra.span bgGradient="to-r" gradientFrom="brand.600" gradientTo="purple.500" bgClip="text">
                  Autopilot
                </chakra.span>
              </Heading>
              <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
                Feed Brandpilot your brand documents once. It learns your voice, writes on-brand posts for every platform and publishes them on schedule.
              </Text>
              <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
                <LaunchApp size="lg" />
                <Button asChild variant="outline" size="lg">
                  <a href="#demo">See it work</a>
                </Button>
              </Stack>
              <HStack gap={{ base: "5", md: "10" }} pt="4" color="fg.muted" fontSize="sm" wrap="wrap" justify="center">
                <Text>
                  <chakra.strong color="fg">30 days</chakra.strong> of content in one click
                </Text>
                <Text>
                  <chakra.strong color="fg">{NETWORK_NAMES.length}</chakra.strong> networks, one calendar
                </Text>
                <Text>
                  <chakra.strong color="fg">0</chakra.strong> blank pages
                </Text>
              </HStack>
            </Stack>
          </Container>
        </Box>

        <Section id="demo" bg="white">
          <SectionTitle
            id="demo"
            eyebrow="Live Demo"
            title="From documents to a month of posts"
            text="Feed the brain, let it analyze your brand, and watch it write. Try it: it takes less than ten seconds."
          />
          <DeferredDemo />
        </Section>

        <Section id="features" bg="gray.50">
          <SectionTitle
            id="features"
            eyebrow="Features"
            title="Everything your social presence needs"
            text="One brain that knows your brand, one calendar for every platform, and a publisher that never forgets."
          />
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
            {FEATURES.map((f) => (
              <Card key={f.title} {...f} />
            ))}
          </SimpleGrid>
        </Section>

        <Section id="growth" bg="white">
          <SectionTitle
            id="growth"
            eyebrow="Growth"
            title="Grow without the grind"
            text="Spend your time on your business. Brandpilot keeps your audience engaged in the meantime."
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            {GROWTH.map((g) => (
              <Card key={g.title} {...g} />
            ))}
          </SimpleGrid>
        </Section>

        <Box as="section" aria-labelledby="cta-title" px={{ base: "4", md: "6" }} pb={{ base: "16", md: "24" }} bg="white">
          <Stack
            maxW="5xl"
            mx="auto"
            align="center"
            textAlign="center"
            gap="5"
            rounded="3xl"
            px={{ base: "6", md: "16" }}
            py={{ base: "12", md: "16" }}
            bgGradient="to-br"
            gradientFrom="brand.600"
            gradientTo="purple.600"
            color="white"
          >
            <Heading as="h2" id="cta-title" size={{ base: "2xl", md: "4xl" }}>
              30 days of content. One click.
            </Heading>
            <Text fontSize={{ base: "md", md: "lg" }} color="whiteAlpha.900" maxW="2xl">
              Describe your campaign, pick your platforms, and Brandpilot fills your calendar with a month of on-brand posts, ready to review and publish.
            </Text>
            <Button asChild size="xl" bg="white" color="brand.700" _hover={{ bg: "brand.50" }}>
              <Link to="/signup">
                Launch App <Rocket size={18} />
              </Link>
            </Button>
          </Stack>
        </Box>
      </main>

      <Box as="footer" borderTopWidth="1px" bg="gray.50">
        <Container maxW="6xl" px={{ base: "4", md: "6" }} py="8">
          <Flex direction={{ base: "column", md: "row" }} gap="4" align={{ base: "flex-start", md: "center" }} justify="space-between">
            <Stack gap="1">
              <BrandLogo />
              <Text fontSize="sm" color="fg.muted">
                © {year} Brandpilot. Social media on autopilot.
              </Text>
            </Stack>
            <HStack as="nav" aria-label="Legal" gap="1">
              <chakra.a asChild {...navLinkStyles}>
                <Link to="/terms">Terms of Service</Link>
              </chakra.a>
              <chakra.a asChild {...navLinkStyles}>
                <Link to="/privacy">Privacy Policy</Link>
              </chakra.a>
            </HStack>
          </Flex>
        </Container>
      </Box>
    </Box>
  );
}
