// The side navigation's collapsed choice, remembered in localStorage. Read by the navigation and
// by the shell skeleton, so the skeleton paints the navigation at the width it will have. The
// skeleton is also part of the build-time HTML of /dashboard (decision 167), which cannot read
// localStorage: there the width comes from CSS keyed on an attribute of <html>, which the inline
// script in index.html sets before the first paint and writeCollapsed() keeps in step.
const SIDE_NAV_STORAGE_KEY = "brandpilot.sidenav.collapsed";
/** Present on <html> while the remembered choice is "collapsed" (index.html sets it at load). */
export const SIDE_NAV_COLLAPSED_ATTR = "data-sidenav-collapsed";

export const SIDE_NAV_WIDTH = { expanded: 280, collapsed: 80 } as const;

export function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDE_NAV_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Remembers the choice (if storage allows) and mirrors it on <html> for the skeleton's CSS. */
export function writeCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDE_NAV_STORAGE_KEY, collapsed ? "1" : "0");
  } catch {
    /* private mode: the choice just isn't remembered */
  }
  document.documentElement.toggleAttribute(SIDE_NAV_COLLAPSED_ATTR, collapsed);
}
