import { Badge, Box, Button, chakra, Flex, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { Brain, Check, ChevronLeft, ChevronRight, FileText, Heart, MessageCircle, Pause, Play, Repeat2, RotateCcw, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { PLATFORM_STYLE, SAMPLE_BRAND, SAMPLE_DOCUMENTS, SAMPLE_POSTS, type SamplePost } from "./sample-posts";

// Spec timings (docs/product-spec.md sections 4 and 9): feeding moves on after 0.5 s, analysis lasts 3 s,
// the carousel shows a new post every 5 s.
export const FEED_DELAY_MS = 500;
export const ANALYZE_MS = 3000;
export const ROTATE_MS = 5000;

type Step = 1 | 2 | 3;
const STEP_NAMES = ["Upload", "Analyze", "Generate"] as const;

export function LandingDemo() {
  const [step, setStep] = useState<Step>(1);
  const [fed, setFed] = useState(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (step === 1 && fed) {
      const t = setTimeout(() => setStep(2), FEED_DELAY_MS);
      return () => clearTimeout(t);
    }
    if (step === 2) {
      const t = setTimeout(() => setStep(3), ANALYZE_MS);
      return () => clearTimeout(t);
    }
  }, [step, fed]);

  useEffect(() => {
    if (step !== 3 || !playing) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % SAMPLE_POSTS.length), ROTATE_MS);
    return () => clearInterval(t);
  }, [step, playing, index]);

  const restart = () => {
    setFed(false);
    setIndex(0);
    setPlaying(true);
    setStep(1);
  };

  return (
    <Box bg="bg" rounded="2xl" borderWidth="1px" shadow="xl" overflow="hidden" maxW="3xl" mx="auto" w="full" data-testid="landing-demo" data-step={step}>
      <HStack
        as="ol"
        listStyleType="none"
        m="0"
        px={{ base: "3", md: "6" }}
        py="3"
        gap={{ base: "2", md: "4" }}
        borderBottomWidth="1px"
        bg="gray.50"
        aria-label="Demo steps"
      >
        {STEP_NAMES.map((name, i) => {
          const n = (i + 1) as Step;
          const state = n < step ? "done" : n === step ? "current" : "todo";
          return (
            <HStack as="li" key={name} gap="2" aria-current={state === "current" ? "step" : undefined} flex="1" minW="0">
              <Flex
                w="6"
                h="6"
                rounded="full"
                flexShrink={0}
                align="center"
                justify="center"
                fontSize="xs"
                fontWeight="bold"
                bg={state === "todo" ? "gray.200" : "brand.600"}
                color={state === "todo" ? "fg.muted" : "white"}
                aria-hidden
              >
                {state === "done" ? <Check size={14} /> : n}
              </Flex>
              <Text fontSize="sm" fontWeight={state === "current" ? "semibold" : "normal"} color={state === "todo" ? "fg.muted" : "fg"} truncate>
                {name}
              </Text>
            </HStack>
          );
        })}
      </HStack>

      <Box p={{ base: "4", md: "8" }} minH={{ base: "22rem", md: "24rem" }} aria-live={step === 3 && playing ? "off" : "polite"}>
        {step === 1 && <UploadStep fed={fed} onFeed={() => setFed(true)} />}
        {step === 2 && <AnalyzeStep />}
        {step === 3 && (
          <CarouselStep
            index={index}
            playing={playing}
            onPrev={() => setIndex((i) => (i - 1 + SAMPLE_POSTS.length) % SAMPLE_POSTS.length)}
            onNext={() => setIndex((i) => (i + 1) % SAMPLE_POSTS.length)}
            onTogglePlay={() => setPlaying((p) => !p)}
            onRestart={restart}
          />
        )}
      </Box>
    </Box>
  );
}

function UploadStep({ fed, onFeed }: { fed: boolean; onFeed: () => void }) {
  return (
    <Stack gap="5" align="stretch">
      <chakra.button
        type="button"
        onClick={onFeed}
        disabled={fed}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={fed ? "brand.400" : "gray.300"}
        bg={fed ? "brand.50" : "gray.50"}
        rounded="xl"
        py={{ base: "8", md: "10" }}
        px="4"
        cursor={fed ? "default" : "pointer"}
        transition="all 0.2s"
        _hover={fed ? undefined : { borderColor: "brand.400", bg: "brand.50" }}
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
      >
        <Stack align="center" gap="2">
          <Box color="brand.600" aria-hidden>
            <Upload size={36} />
          </Box>
          <Text fontWeight="semibold" fontSize={{ base: "md", md: "lg" }}>
            {fed ? "Feeding your brain..." : "Drop your brand documents here"}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {fed ? "Three sample documents added" : "Click to try it with three sample documents"}
          </Text>
        </Stack>
      </chakra.button>
      {fed && (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label="Sample documents">
          {SAMPLE_DOCUMENTS.map((d) => (
            <HStack as="li" key={d.name} borderWidth="1px" rounded="lg" px="3" py="2" gap="3" bg="bg">
              <Box color="brand.600" aria-hidden>
                <FileText size={18} />
              </Box>
              <Stack gap="0" flex="1" minW="0">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {d.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {d.detail}
                </Text>
              </Stack>
              <Box color="green.600" aria-label="Added">
                <Check size={18} />
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AnalyzeStep() {
  // The bar fills over the 3 s of analysis (a CSS transition; instant with reduced motion).
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setFilled(true), 20);
    return () => clearTimeout(t);
  }, []);
  return (
    <Stack align="center" justify="center" textAlign="center" gap="5" minH="20rem">
      <Flex
        w="20"
        h="20"
        rounded="full"
        align="center"
        justify="center"
        bg="brand.50"
        color="brand.600"
        animation="pulse 1.5s ease-in-out infinite"
        aria-hidden
      >
        <Brain size={40} />
      </Flex>
      <Text fontWeight="semibold" fontSize={{ base: "lg", md: "xl" }} role="status">
        Analyzing your brand...
      </Text>
      <Box w="full" maxW="sm" h="2" bg="gray.100" rounded="full" overflow="hidden" aria-hidden>
        <Box h="full" bg="brand.500" rounded="full" style={{ width: filled ? "100%" : "5%", transition: `width ${ANALYZE_MS - 100}ms linear` }} />
      </Box>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="1" fontSize="sm" color="fg.muted">
        <li>Learning your brand voice</li>
        <li>Finding your key topics and audience</li>
        <li>Planning 30 days of posts</li>
      </Stack>
    </Stack>
  );
}

function CarouselStep({
  index,
  playing,
  onPrev,
  onNext,
  onTogglePlay,
  onRestart,
}: {
  index: number;
  playing: boolean;
  onPrev: () => void;
  onNext: () => void;
  onTogglePlay: () => void;
  onRestart: () => void;
}) {
  const post = SAMPLE_POSTS[index];
  return (
    <Stack gap="4" role="group" aria-roledescription="carousel" aria-label="Generated posts">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Badge colorPalette="green" variant="subtle" size="md">
          <Check size={12} aria-hidden /> {SAMPLE_POSTS.length} posts ready to schedule
        </Badge>
        <Text fontSize="sm" color="fg.muted" data-testid="demo-counter">
          Post {index + 1} of {SAMPLE_POSTS.length}
        </Text>
      </Flex>
      <PostCard key={index} post={post} />
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="1">
          <IconButton variant="outline" size="sm" aria-label="Previous post" onClick={onPrev}>
            <ChevronLeft size={18} />
          </IconButton>
          <IconButton variant="outline" size="sm" aria-label={playing ? "Pause rotation" : "Play rotation"} onClick={onTogglePlay}>
            {playing ? <Pause size={16} /> : <Play size={16} />}
          </IconButton>
          <IconButton variant="outline" size="sm" aria-label="Next post" onClick={onNext}>
            <ChevronRight size={18} />
          </IconButton>
        </HStack>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          <RotateCcw size={16} aria-hidden /> Restart demo
        </Button>
      </Flex>
    </Stack>
  );
}

function PostCard({ post }: { post: SamplePost }) {
  const platform = PLATFORM_STYLE[post.platform];
  return (
    <Box
      borderWidth="1px"
      rounded="xl"
      p={{ base: "4", md: "5" }}
      bg="bg"
      shadow="sm"
      aria-roledescription="slide"
      data-testid="demo-post"
      data-platform={post.platform}
      animation="fade-in 0.4s ease-out"
    >
      <HStack gap="3" mb="3">
        <Flex w="10" h="10" rounded="full" bg="brand.600" color="white" align="center" justify="center" fontWeight="bold" flexShrink={0} aria-hidden>
          B
        </Flex>
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="semibold" fontSize="sm" truncate>
            {SAMPLE_BRAND.name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {SAMPLE_BRAND.handle} · Scheduled
          </Text>
        </Stack>
        <HStack gap="1.5" flexShrink={0}>
          <Flex
            w="6"
            h="6"
            rounded="md"
            align="center"
            justify="center"
            fontSize="2xs"
            fontWeight="bold"
            color="white"
            style={{ background: platform.color }}
            aria-hidden
          >
            {platform.initial}
          </Flex>
          <Text fontSize="xs" color="fg.muted" display={{ base: "none", sm: "block" }}>
            {platform.label}
          </Text>
        </HStack>
      </HStack>
      <Text fontSize={{ base: "sm", md: "md" }} lineHeight="tall">
        {post.content}
      </Text>
      <Text fontSize="sm" color="brand.600" mt="2">
        {post.hashtags.map((h) => `#${h}`).join(" ")}
      </Text>
      <HStack gap="6" mt="4" color="fg.muted" fontSize="xs" aria-hidden>
        <HStack gap="1">
          <MessageCircle size={14} /> 0
        </HStack>
        <HStack gap="1">
          <Repeat2 size={14} /> 0
        </HStack>
        <HStack gap="1">
          <Heart size={14} /> 0
        </HStack>
      </HStack>
      <Text srOnly>{`${platform.label} post`}</Text>
    </Box>
  );
}
