// Floating controls never cover content (decision 241): on phones the main area ends with an
// empty band as tall as the floating button's starting place plus a margin, so the last card
// of any screen can be scrolled clear of the button, the bottom navigation and its hide arrow.

/** The floating button's diameter (px). */
export const FAB_SIZE = 56;
/** Its starting distance (px) from the viewport's bottom edge: above the bottom navigation. */
export const FAB_BOTTOM_OFFSET = 112;
/** The empty band (px) at the end of the main area below 768 px. */
export const FLOATING_CLEARANCE = FAB_BOTTOM_OFFSET + FAB_SIZE + 16;
/** Chakra `pb` for the main area: the band on phones, none from 768 px. */
export const MAIN_BOTTOM_PADDING = { base: `calc(${FLOATING_CLEARANCE}px + env(safe-area-inset-bottom))`, md: "0" } as const;
