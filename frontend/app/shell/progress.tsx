import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import useSWR from "swr";
import { useAuth } from "../../lib/auth-context";
import { AppDialog } from "../../components/ui/app-dialog";

/** GET /api/projects/:id/progress (projects area): each flag is true once the step is done. */
type ProjectProgress = { brain: boolean; social: boolean; posts: boolean };

const STEPS = [
  {
    key: "brain",
    dot: "Brain Content",
    title: "Feed Your Brain",
    description: "Add brand documents so the AI learns your voice.",
    action: "Get Started",
    to: "/brain",
  },
  {
    key: "social",
    dot: "Social Connected",
    title: "Connect Social",
    description: "Link the accounts you want to publish to.",
    action: "Connect Now",
    to: "/social-connect",
  },
  {
    key: "posts",
    dot: "Posts Scheduled",
    title: "Schedule Posts",
    description: "Generate a campaign and put it on the calendar.",
    action: "Create Campaign",
    to: "/campaigns/new",
  },
] as const;

/** SWR key of a project's progress; `mutate(progressKey(id))` refreshes the header's dots. */
export const progressKey = (projectId: string) => `/api/projects/${projectId}/progress`;

function useProjectProgress() {
  const { project } = useAuth();
  return useSWR<ProjectProgress>(project ? progressKey(project.id) : null);
}

/** Three dots in the header; a click opens the "Project Progress" dialog. */
export function ProgressIndicator() {
  const { data, mutate } = useProjectProgress();
  const { pathname } = useLocation();
  // The header outlives the screens: re-check after each navigation (a campaign saved, a
  // document fed) so the dots never lag behind what the user just did.
  useEffect(() => {
    void mutate();
  }, [pathname, mutate]);
  const [open, setOpen] = useState(false);
  const done = STEPS.filter((s) => data?.[s.key]).length;

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        px="2"
        onClick={() => setOpen(true)}
        aria-label={data ? `Project progress: ${done} of 3 steps complete` : "Project progress"}
        aria-haspopup="dialog"
      >
        <HStack gap="1.5">
          {STEPS.map((s) => {
            const complete = Boolean(data?.[s.key]);
            return (
              <Box
                key={s.key}
                as="span"
                title={s.dot}
                data-testid={`progress-dot-${s.key}`}
                data-complete={complete ? "true" : "false"}
                w="2.5"
                h="2.5"
                rounded="full"
                bg={complete ? "green.500" : "gray.300"}
                borderWidth="1px"
                borderColor={complete ? "green.600" : "gray.400"}
              />
            );
          })}
          {/* The dots' meaning in words (decision 205: three unlabeled dots said nothing). */}
          <Text as="span" fontSize="xs" color="fg.muted" data-testid="progress-label">
            <Text as="span" display={{ base: "none", md: "inline" }}>
              Setup{" "}
            </Text>
            {data ? `${done}/${STEPS.length}` : ""}
          </Text>
        </HStack>
      </Button>
      <ProgressDialog open={open} onOpenChange={setOpen} progress={data} />
    </>
  );
}

function ProgressDialog({ open, onOpenChange, progress }: { open: boolean; onOpenChange: (open: boolean) => void; progress: ProjectProgress | undefined }) {
  return (
    <AppDialog open={open} onClose={() => onOpenChange(false)} size="md" closeButton title="Project Progress">
      <Stack as="ol" gap="3" listStyleType="none" ps="0">
        {STEPS.map((s, i) => {
          const complete = Boolean(progress?.[s.key]);
          return (
            <Box
              as="li"
              key={s.key}
              borderWidth="1px"
              rounded="lg"
              p="4"
              bg={complete ? "green.50" : "bg"}
              borderColor={complete ? "green.200" : "border"}
              data-testid={`progress-step-${s.key}`}
            >
              <HStack align="start" gap="3" flexWrap={{ base: "wrap", sm: "nowrap" }}>
                <Box
                  flexShrink={0}
                  w="8"
                  h="8"
                  rounded="full"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontWeight="semibold"
                  bg={complete ? "green.500" : "brand.100"}
                  color={complete ? "white" : "brand.700"}
                  aria-hidden
                >
                  {complete ? <Check size={16} /> : i + 1}
                </Box>
                <Stack gap="1" minW="0" flex={{ base: "1 1 calc(100% - 3rem)", sm: "1 1 0%" }}>
                  <Text fontWeight="semibold">{s.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {s.description}
                  </Text>
                </Stack>
                {/* Beside the text from 640 px; below it (aligned with it) on phones. */}
                <Box ps={{ base: "11", sm: "0" }} alignSelf={{ base: "stretch", sm: "center" }} flexShrink={0}>
                  {complete ? (
                    <Badge colorPalette="green" variant="subtle">
                      Complete
                    </Badge>
                  ) : (
                    <Button asChild size="sm" colorPalette="brand">
                      <Link to={s.to} onClick={() => onOpenChange(false)}>
                        {s.action}
                      </Link>
                    </Button>
                  )}
                </Box>
              </HStack>
            </Box>
          );
        })}
      </Stack>
    </AppDialog>
  );
}
