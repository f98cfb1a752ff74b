// The side navigation's collapsed choice, remembered in localStorage. Read by the navigation and
// by the shell skeleton, so the skeleton paints the navigation at the width it will have.
export const SIDE_NAV_STORAGE_KEY = "brandpilot.sidenav.collapsed";

export const SIDE_NAV_WIDTH = { expanded: 280, collapsed: 80 } as const;

export function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDE_NAV_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}
