import { defineConfig } from "@chakra-ui/react";

/** Brandpilot's own tokens on top of Chakra's: colorPalette "brand" (indigo). */
export const brandConfig = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#eef2ff" },
          100: { value: "#e0e7ff" },
          200: { value: "#c7d2fe" },
          300: { value: "#a5b4fc" },
          400: { value: "#818cf8" },
          500: { value: "#6366f1" },
          600: { value: "#4f46e5" },
          700: { value: "#4338ca" },
          800: { value: "#3730a3" },
          900: { value: "#312e81" },
          950: { value: "#1e1b4b" },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light defaults (gray.400, red.500) read at 2.6:1 and 3.8:1 on white; WCAG AA
        // needs 4.5:1 for small text, so subtle and error text are one step darker (Lighthouse).
        fg: {
          subtle: { value: "{colors.gray.500}" },
          error: { value: "{colors.red.600}" },
        },
        brand: {
          solid: { value: "{colors.brand.600}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
  globalCss: {
    "html, body": { bg: "gray.50" },
    // Respect reduced motion everywhere (landing demo, dialogs, navigation transitions).
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
        scrollBehavior: "auto !important",
      },
    },
  },
});
