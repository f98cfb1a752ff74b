import { DEMO_POSTS, NETWORKS } from "./network-names.gen";

/** The demo's networks are the app's (the registry, through network-names.gen.ts; decision 207). */
export type DemoPlatform = (typeof NETWORKS)[number]["id"];
export type SamplePost = { platform: DemoPlatform; content: string; hashtags: string[] };

export const PLATFORM_STYLE = Object.fromEntries(NETWORKS.map((n) => [n.id, { label: n.name, color: n.color, initial: n.initial }])) as Record<
  DemoPlatform,
  { label: string; color: string; initial: string }
>;

/** The three documents the demo "feeds" to the brain. */
export const SAMPLE_DOCUMENTS = [
  { name: "Brand Guidelines.pdf", detail: "Voice, tone and values" },
  { name: "Product Catalog.docx", detail: "12 products, prices, origins" },
  { name: "Customer Reviews.txt", detail: "248 reviews" },
] as const;

export const SAMPLE_BRAND = { name: "Bloom & Brew", handle: "@bloomandbrew" };

// A sample coffee roaster's month of posts, as the demo's "generated" output: each network's own
// (platforms/<network>/landing.ts), taken in turn.
export const SAMPLE_POSTS: SamplePost[] = DEMO_POSTS.map((p) => ({ platform: p.platform, content: p.content, hashtags: [...p.hashtags] }));
