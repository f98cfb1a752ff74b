import { chakra } from "@chakra-ui/react";

/** Visually hidden until focused: lets keyboard users jump past the navigation. */
export const SkipLink = chakra("a", {
  base: {
    position: "absolute",
    left: "4",
    top: "-20",
    zIndex: "skipNav",
    px: "4",
    py: "2",
    rounded: "md",
    bg: "brand.600",
    color: "white",
    fontWeight: "semibold",
    _focus: { top: "4", outline: "2px solid", outlineColor: "brand.300", outlineOffset: "2px" },
  },
});
