import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, request } from "../../lib/api";
import type { ErrorCode } from "../../../schema/api/errors";
import { useAuth } from "../../lib/auth-context";
import { progressKey } from "./progress";
import type { ShellActions } from "./shell-context";

// Sign-out ignores 401, 403 and 404 from the server (spec section 8): the session is gone
// either way, so the user is treated as logged out.
const LOGGED_OUT_CODES = new Set<string>(["unauthorized", "forbidden", "not_found"] satisfies ErrorCode[]);

export function useShellState() {
  const navigate = useNavigate();
  const { project, setProject, refresh } = useAuth();
  const { mutate } = useSWRConfig();
  const [createPostOpen, setCreatePostOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Dialog code loads on first use, then stays mounted so closing can animate.
  const [createPostUsed, setCreatePostUsed] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);

  const openCreatePost = useCallback(() => {
    setCreatePostUsed(true);
    setCreatePostOpen(true);
  }, []);
  // A post made in the dialog may complete the "Posts Scheduled" step.
  const onCreatePostOpenChange = useCallback(
    (open: boolean) => {
      setCreatePostOpen(open);
      if (!open && project) void mutate(progressKey(project.id));
    },
    [mutate, project],
  );
  const openSettings = useCallback(() => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  }, []);

  const viewOnboarding = useCallback(async () => {
    if (project) {
      try {
        const updated = await request<unknown>(`/api/projects/${project.id}/onboarding`, {
          method: "PATCH",
          body: JSON.stringify({ has_seen_onboarding: false }),
        });
        const next = updated && typeof updated === "object" && "id" in updated ? (updated as typeof project) : project;
        setProject({ ...next, has_seen_onboarding: false });
      } catch (err) {
        // The tour is still worth showing; the flag is only a convenience.
        console.error("Failed to reset onboarding", err);
      }
    }
    navigate("/welcome");
  }, [project, setProject, navigate]);

  const logout = useCallback(async () => {
    try {
      await request<unknown>("/api/auth/logout", { method: "POST" });
    } catch (err) {
      if (!(err instanceof ApiRequestError && LOGGED_OUT_CODES.has(err.code))) {
        notify.error("Failed to log out");
        return;
      }
    }
    await refresh();
    notify.success("Logged out successfully");
    navigate("/login", { replace: true });
  }, [refresh, navigate]);

  const actions = useMemo<ShellActions>(
    () => ({ openCreatePost, openSettings, viewOnboarding, logout }),
    [openCreatePost, openSettings, viewOnboarding, logout],
  );

  return {
    actions,
    createPost: { used: createPostUsed, open: createPostOpen, onOpenChange: onCreatePostOpenChange },
    settings: { used: settingsUsed, open: settingsOpen, onOpenChange: setSettingsOpen },
  };
}
