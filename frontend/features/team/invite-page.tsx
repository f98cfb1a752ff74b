import { Button, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { acceptInvitation } from "../../lib/api/team";

// /invite/<token> (decision 200): reached signed in (RequireAuth sends a visitor to /login and back
// here; a new member signs up with the invited address first). Accepting adds the project to the
// switcher and makes it current.
export default function InvitePage() {
  const { token = "" } = useParams();
  const { reloadProjects, switchProject, projects } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    acceptInvitation(token)
      .then(async (project) => {
        await reloadProjects();
        setJoined(project.id);
        notify.success(`You joined ${project.name}`);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : "This invitation link is invalid or has expired"));
  }, [token, reloadProjects]);

  // Once the list holds the joined project, it becomes the current one.
  useEffect(() => {
    if (joined && projects.some((p) => p.id === joined)) {
      switchProject(joined);
      navigate("/dashboard", { replace: true });
    }
  }, [joined, projects, switchProject, navigate]);

  return (
    <Stack minH="100dvh" align="center" justify="center" p="6" gap="4" textAlign="center">
      {error ? (
        <>
          <Heading as="h1" size="xl">
            Invitation
          </Heading>
          <Text color="fg.error" maxW="md">
            {error}
          </Text>
          <Button colorPalette="brand" onClick={() => navigate("/dashboard")}>
            Go to the dashboard
          </Button>
        </>
      ) : (
        <>
          <Spinner />
          <Text>Joining the project...</Text>
        </>
      )}
    </Stack>
  );
}
