import { Badge, Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { ChartColumn, Library, type LucideIcon } from "lucide-react";
import { Link, useLocation } from "react-router-dom";

type Screen = { title: string; icon: LucideIcon; blurb: string; features: string[] };

const SCREENS: Record<string, Screen> = {
  "/content": {
    title: "Content Library",
    icon: Library,
    blurb: "Every post you have drafted, scheduled or published, in one searchable place.",
    features: ["Search and filter every post", "Reuse top performers as templates", "Bulk edit hashtags and images"],
  },
  "/analytics": {
    title: "Analytics",
    icon: ChartColumn,
    blurb: "See which posts, topics and posting times grow your audience.",
    features: ["Reach and engagement per platform", "Best times to post, learned from your data", "Growth recommendations from your brain"],
  },
};

/** /content and /analytics: linked from the menus, not built yet. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname] ?? { title: "Coming soon", icon: Library, blurb: "This screen is on its way.", features: [] };
  const Icon = screen.icon;

  return (
    <Box px={{ base: "4", md: "8" }} py={{ base: "8", md: "16" }}>
      <Stack
        maxW="xl"
        mx="auto"
        align="center"
        textAlign="center"
        gap="5"
        bg="bg"
        borderWidth="1px"
        rounded="2xl"
        px={{ base: "5", md: "10" }}
        py={{ base: "8", md: "12" }}
        shadow="sm"
      >
        <Box
          w="16"
          h="16"
          rounded="2xl"
          bgGradient="to-br"
          gradientFrom="brand.500"
          gradientTo="purple.500"
          color="white"
          display="flex"
          alignItems="center"
          justifyContent="center"
          aria-hidden
        >
          <Icon size={30} />
        </Box>
        <Badge colorPalette="brand" variant="subtle" size="lg">
          Coming soon
        </Badge>
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          {screen.title}
        </Heading>
        <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
          {screen.blurb}
        </Text>
        {screen.features.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" ps="0" textAlign="start" w="full" maxW="sm">
            {screen.features.map((f) => (
              <HStack as="li" key={f} gap="2" color="fg.muted" fontSize="sm">
                <Box w="1.5" h="1.5" rounded="full" bg="brand.500" flexShrink={0} aria-hidden />
                {f}
              </HStack>
            ))}
          </Stack>
        )}
        <Button asChild colorPalette="brand" mt="2">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </Stack>
    </Box>
  );
}
