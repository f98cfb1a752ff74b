import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AuthConfig, SessionResponse, SessionUser } from "../../schema/api/auth";
import type { Project } from "../../schema/api/projects";
import { request, unwrap } from "./api";
import { takeEarlySession } from "./early-session";

export type AuthState = {
  user: SessionUser | null;
  /** The current project: the user's first one (a default one is made on first sign-in). */
  project: Project | null;
  projects: Project[];
  loading: boolean;
  projectLoading: boolean;
  hasSeenOnboarding: boolean;
  authConfig: AuthConfig | null;
  /** Reloads the session and the projects (after sign-in, sign-out or a project change). */
  refresh: () => Promise<void>;
  /** Where a deliberate exit (account deleted) sends the user, instead of /login. */
  exitTo: string | null;
  /** Clears the signed-in state locally after the server ended the session, and leaves to `to`. */
  endSession: (to: string) => void;
  reloadProjects: () => Promise<void>;
  setProject: (project: Project) => void;
  /** Makes another of the user's projects current, remembered per browser (current_project_id). */
  switchProject: (projectId: string) => void;
};

// The spec's current_project_id: which project this browser shows, kept across page loads.
const CURRENT_KEY = "current_project_id";
export const remembered = (): string | null => {
  try {
    return localStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
};
const remember = (id: string) => {
  try {
    localStorage.setItem(CURRENT_KEY, id);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
};

const AuthContext = createContext<AuthState | null>(null);
const now = (update: () => void) => update();

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [projects, setProjects] = useState<Project[]>([]);
  const [project, setProjectState] = useState<Project | null>(null);
  const [loading, setLoading] = useState(true);
  const [projectLoading, setProjectLoading] = useState(false);
  const [authConfig, setAuthConfig] = useState<AuthConfig | null>(null);
  const [exitTo, setExitTo] = useState<string | null>(null);
  const loadSeq = useRef(0);
  // The newest list, for switchProject called right after reloadProjects (the wizard, an
  // invitation): that caller's render still holds the list from before the new project.
  const latestProjects = useRef<Project[]>([]);

  const load = useCallback(async (apply: (update: () => void) => void) => {
    apply(() => setProjectLoading(true));
    try {
      const list = await request<Project[]>("/api/projects");
      apply(() => {
        latestProjects.current = list;
        setProjects(list);
        // Keep the chosen project if it still exists, else the one this browser last chose,
        // otherwise the first one is current.
        setProjectState((current) => list.find((p) => p.id === current?.id) ?? list.find((p) => p.id === remembered()) ?? list[0] ?? null);
      });
    } catch {
      // A project load failure leaves the project empty (spec section 8).
      apply(() => {
        latestProjects.current = [];
        setProjects([]);
        setProjectState(null);
      });
    } finally {
      apply(() => setProjectLoading(false));
    }
  }, []);
  const reloadProjects = useCallback(() => load(now), [load]);

  const loadSession = useCallback(
    async (apply: (update: () => void) => void) => {
      const seq = ++loadSeq.current;
      try {
        const early = takeEarlySession(); // sent by main.tsx as the page started
        const session = await (early ? unwrap<SessionResponse>(early) : request<SessionResponse>("/api/auth/session"));
        if (seq !== loadSeq.current) return;
        apply(() => {
          setAuthConfig(session.auth);
          setUser(session.user);
          if (session.user) setExitTo(null);
          if (!session.user) {
            latestProjects.current = [];
            setProjects([]);
            setProjectState(null);
          }
        });
        if (session.user) await load(apply);
      } catch {
        // A session error on load clears user and project.
        apply(() => {
          setUser(null);
          latestProjects.current = [];
          setProjects([]);
          setProjectState(null);
        });
      } finally {
        if (seq === loadSeq.current) apply(() => setLoading(false));
      }
    },
    [load],
  );
  const refresh = useCallback(() => loadSession(now), [loadSession]);

  // The first answer re-renders every screen that reads the session; as a transition React renders
  // it in short slices instead of one long task on a phone (decision 166). Later refreshes (after
  // sign-in or sign-out) apply at once: the caller navigates right after them.
  useEffect(() => {
    void loadSession(startTransition);
  }, [loadSession]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      project,
      projects,
      loading,
      projectLoading,
      hasSeenOnboarding: project?.has_seen_onboarding ?? false,
      authConfig,
      refresh,
      exitTo,
      endSession: (to) => {
        loadSeq.current++;
        setExitTo(to);
        setUser(null);
        latestProjects.current = [];
        setProjects([]);
        setProjectState(null);
      },
      reloadProjects,
      setProject: (p) => {
        setProjectState(p);
        setProjects((list) => list.map((x) => (x.id === p.id ? p : x)));
      },
      switchProject: (id) => {
        const next = projects.find((p) => p.id === id) ?? latestProjects.current.find((p) => p.id === id);
        if (!next) return;
        remember(id);
        setProjectState(next);
      },
    }),
    [user, project, projects, loading, projectLoading, authConfig, refresh, reloadProjects, exitTo],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}

/** For tests and stories: a fixed auth state. */
export function AuthTestProvider({ value, children }: { value: Partial<AuthState>; children: ReactNode }) {
  const full: AuthState = {
    user: null,
    project: null,
    projects: [],
    loading: false,
    projectLoading: false,
    hasSeenOnboarding: false,
    authConfig: { provider: "builtin", devOutbox: true },
    refresh: async () => {},
    exitTo: null,
    endSession: () => {},
    reloadProjects: async () => {},
    setProject: () => {},
    switchProject: () => {},
    ...value,
  };
  return <AuthContext.Provider value={full}>{children}</AuthContext.Provider>;
}
