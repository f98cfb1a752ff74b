import { Box } from "@chakra-ui/react";

export type CardPlatform = "twitter" | "facebook" | "instagram" | "linkedin";

/** The spec's platform card: id, name, icon, color, setupGuide, setupUrl (connected comes from the API). */
export type PlatformCard = { id: CardPlatform; name: string; color: string; setupGuide: string[]; setupUrl: string; oauth: boolean };

const callback = (id: string) => `${typeof window === "undefined" ? "" : window.location.origin}/auth/${id}/callback`;

export const PLATFORM_CARDS: PlatformCard[] = [
  {
    id: "twitter",
    name: "Twitter",
    color: "#111111",
    oauth: true,
    setupUrl: "https://developer.x.com/en/portal/dashboard",
    setupGuide: [
      "Sign in to the X Developer Portal and create a project with an app.",
      'In the app\'s "User authentication settings", enable OAuth 2.0 as a "Web App".',
      `Add ${callback("twitter")} as the callback URL.`,
      "Give the app Read and Write permissions.",
      "Put the Client ID and Client Secret in the server configuration (X_CLIENT_ID, X_CLIENT_SECRET).",
      "Click Connect below and approve access on X.",
    ],
  },
  {
    id: "facebook",
    name: "Facebook",
    color: "#1877F2",
    oauth: false,
    setupUrl: "https://developers.facebook.com/apps",
    setupGuide: [
      "Sign in to Meta for Developers and create a Business app.",
      "Add the Facebook Login for Business product.",
      "Request the pages_manage_posts and pages_read_engagement permissions.",
      "Complete App Review before connecting a Page.",
    ],
  },
  {
    id: "instagram",
    name: "Instagram",
    color: "#E1306C",
    oauth: true,
    setupUrl: "https://developers.facebook.com/apps",
    setupGuide: [
      "Make sure your Instagram account is a professional (Business or Creator) account.",
      'In Meta for Developers, create an app and add "Instagram API with Instagram Login".',
      `Add ${callback("instagram")} as a valid OAuth redirect URI.`,
      "Put the Instagram app ID and secret in the server configuration (INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET).",
      "Click Connect below and approve access on Instagram.",
    ],
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    color: "#0A66C2",
    oauth: false,
    setupUrl: "https://www.linkedin.com/developers/apps",
    setupGuide: [
      "Sign in to the LinkedIn Developer Portal and create an app linked to your company page.",
      'Request the "Share on LinkedIn" and "Sign In with LinkedIn" products.',
      "Add the redirect URL of this app in the Auth settings.",
    ],
  },
];

const PATHS: Record<CardPlatform, string> = {
  twitter: "M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z",
  facebook: "M14 8.5V6.8c0-.8.5-1 1-1h2.4V2.1L14.1 2C10.6 2 10 4.6 10 6.3v2.2H7.5V12H10v10h4V12h3l.4-3.5H14Z",
  instagram:
    "M12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2Zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.8-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 1.8a3.7 3.7 0 0 0-3.7 3.7v9a3.7 3.7 0 0 0 3.7 3.7h9a3.7 3.7 0 0 0 3.7-3.7v-9a3.7 3.7 0 0 0-3.7-3.7h-9Z",
  linkedin:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.2c0-1.2 0-2.9-1.8-2.9s-2 1.4-2 2.8V21h-4V9.5Z",
};

export function SocialIcon({ platform, size = 6 }: { platform: CardPlatform; size?: number }) {
  const card = PLATFORM_CARDS.find((p) => p.id === platform)!;
  return (
    <Box as="span" display="inline-flex" color={card.color} w={size} h={size} flexShrink={0} aria-hidden>
      <svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor">
        <path d={PATHS[platform]} />
      </svg>
    </Box>
  );
}
