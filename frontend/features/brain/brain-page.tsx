import { Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useAuth } from "../../lib/auth-context";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { ExploreTab } from "./explore-tab";
import { FeedTab } from "./feed-tab";
import { OverviewTab } from "./overview-tab";
import { ReindexProgress } from "./reindex-progress";

type Tab = "overview" | "feed" | "explore";

export default function BrainPage() {
  const { project } = useAuth();
  const [tab, setTab] = useState<Tab>("overview");
  if (!project) return <LoadingScreen />;
  return (
    <Stack p={{ base: "4", md: "8" }} gap="4" maxW="5xl" w="full" mx="auto">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Brain Studio
        </Heading>
        <Text color="fg.muted">Feed your brand's AI brain and see what it knows about {project.name}.</Text>
      </Stack>
      <ReindexProgress projectId={project.id} />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="overview">Project Overview</Tabs.Trigger>
          <Tabs.Trigger value="feed">Feed Brain</Tabs.Trigger>
          <Tabs.Trigger value="explore">Explore Knowledge</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab projectId={project.id} />
        </Tabs.Content>
        <Tabs.Content value="feed">
          <FeedTab projectId={project.id} />
        </Tabs.Content>
        <Tabs.Content value="explore">
          <ExploreTab projectId={project.id} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
