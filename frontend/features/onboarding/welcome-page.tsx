import { Box, Button, Card, Container, HStack, Heading, Icon, List, Stack, Text, chakra } from "@chakra-ui/react";
import { Brain, CalendarClock, Check, FileText, Rocket } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { isUntouchedDefault } from "../../../schema/api/projects";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/auth-context";
import { setOnboardingSeen } from "../../lib/api/projects";

const SLIDES = [
  {
    icon: Brain,
    title: "Welcome to Your AI Brain",
    description: "Your brand's own AI that learns how you talk and keeps your social media running.",
    items: ["AI content generation", "Smart scheduling", "Analytics"],
  },
  {
    icon: FileText,
    title: "Feed Your Brain",
    description: "Give the AI your brand's material so everything it writes sounds like you.",
    items: ["Upload brand documents", "Train on your writing style", "Generate on-brand content"],
  },
  {
    icon: CalendarClock,
    title: "Schedule with Intelligence",
    description: "Plan weeks of posts in minutes and let them go out at the right time.",
    items: ["AI-optimized posting times", "Visual calendar", "Automated scheduling"],
  },
  {
    icon: Rocket,
    title: "Connect & Grow",
    description: "Bring your social accounts together and watch your audience grow.",
    items: ["Multi-platform management", "Analytics", "Growth recommendations"],
  },
] as const;

const LAST = SLIDES.length - 1;

/** /welcome: the four-slide onboarding tour. Skip and "Get Started" mark onboarding as seen. */
export default function WelcomePage() {
  const navigate = useNavigate();
  const { project, setProject } = useAuth();
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);

  const go = useCallback((i: number) => setIndex(Math.max(0, Math.min(LAST, i))), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target;
      if (target instanceof Element && target.closest("input, textarea, select, [contenteditable=true]")) return;
      if (e.key === "ArrowRight") setIndex((i) => Math.min(LAST, i + 1));
      else if (e.key === "ArrowLeft") setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  /** Saves has_seen_onboarding = true; returns whether it was saved. */
  const markSeen = async (): Promise<boolean> => {
    if (!project) return false;
    try {
      setProject(await setOnboardingSeen(project.id, true));
      return true;
    } catch (err) {
      console.error("Failed to mark onboarding as seen", err);
      return false;
    }
  };

  const skip = async () => {
    setBusy(true);
    const saved = await markSeen();
    setBusy(false);
    // A failed skip is only logged and the user stays on the tour (spec section 8).
    if (saved || !project) navigate("/dashboard");
  };

  const getStarted = async () => {
    setBusy(true);
    await markSeen();
    setBusy(false);
    // First run (decision 200): describe the default project in the wizard, then connect networks.
    navigate(project && isUntouchedDefault(project) ? "/onboarding" : "/social-connect");
  };

  const slide = SLIDES[index];

  return (
    <Container maxW="xl" py={{ base: "6", md: "16" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <HStack justify="flex-end">
          <Button variant="ghost" size="sm" onClick={() => void skip()} disabled={busy}>
            Skip
          </Button>
        </HStack>
        <Card.Root aria-roledescription="carousel" aria-label="Onboarding tour">
          <Card.Body>
            <Stack
              gap="5"
              align="center"
              textAlign="center"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
              aria-live="polite"
            >
              <Box bg="brand.subtle" color="brand.600" rounded="full" p="4">
                <Icon as={slide.icon} boxSize="10" />
              </Box>
              <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
                {slide.title}
              </Heading>
              <Text color="fg.muted">{slide.description}</Text>
              <List.Root listStyle="none" gap="2" alignSelf="stretch" maxW="sm" mx="auto">
                {slide.items.map((item) => (
                  <List.Item key={item}>
                    <HStack gap="2">
                      <Icon as={Check} color="green.500" />
                      <Text>{item}</Text>
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          </Card.Body>
          <Card.Footer flexDirection="column" gap="5">
            <HStack gap="2" justify="center" aria-label="Slides" role="group">
              {SLIDES.map((s, i) => (
                <chakra.button
                  key={s.title}
                  type="button"
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === index ? "step" : undefined}
                  onClick={() => go(i)}
                  w={i === index ? "6" : "2.5"}
                  h="2.5"
                  rounded="full"
                  bg={i === index ? "brand.solid" : "gray.300"}
                  transition="all 0.2s"
                  cursor="pointer"
                  _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
                />
              ))}
            </HStack>
            <HStack justify="space-between" w="full">
              <Button variant="outline" onClick={() => go(index - 1)} disabled={index === 0}>
                Back
              </Button>
              {index < LAST ? (
                <Button key="next" colorPalette="brand" onClick={() => go(index + 1)}>
                  Next
                </Button>
              ) : (
                <Button key="start" colorPalette="brand" onClick={() => void getStarted()} loading={busy}>
                  Get Started
                </Button>
              )}
            </HStack>
          </Card.Footer>
        </Card.Root>
      </Stack>
    </Container>
  );
}
