/** A network's part of the landing page's demo (platforms/landing.ts; generated into the landing page). */
export type LandingSamples = {
  /** The mark on the demo's post card ("in", "IG"). */
  initial: string;
  /** A sample coffee roaster's posts, in this network's style. */
  posts: readonly { content: string; hashtags: readonly string[] }[];
};
