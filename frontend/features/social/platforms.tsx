import { Box } from "@chakra-ui/react";
import { PLATFORM_PATHS } from "../../components/ui/platform-paths";

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


export function SocialIcon({ platform, size = 6 }: { platform: CardPlatform; size?: number }) {
  const card = PLATFORM_CARDS.find((p) => p.id === platform)!;
  return (
    <Box as="span" display="inline-flex" color={card.color} w={size} h={size} flexShrink={0} aria-hidden>
      <svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor">
        <path d={PLATFORM_PATHS[platform]} />
      </svg>
    </Box>
  );
}
