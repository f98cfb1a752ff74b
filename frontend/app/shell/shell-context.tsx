import { createContext, useContext } from "react";

export type ShellActions = {
  openCreatePost: () => void;
  openSettings: () => void;
  viewOnboarding: () => Promise<void>;
  logout: () => Promise<void>;
};

export const ShellContext = createContext<ShellActions | null>(null);

/** Actions of the app shell (header, side navigation, floating button, and screens inside it). */
export function useShellActions(): ShellActions {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error("useShellActions outside the app shell");
  return ctx;
}
