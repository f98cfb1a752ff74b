/** A network's part of the landing page's demo (platforms/landing.ts; generated into the landing page). */
export type LandingSamples = {
  /** The mark on the demo's post card ("in", "IG"). */
  initial: string;
  /** A sample coffee roaster's posts, in this network's style. */
  posts: readonly { content: string; hashtags: readonly string[] }[];
};

/** A line's closing hashtags ("... pick-me-up. #IcedCoffee #CoffeeRecipes"). */
const TRAILING_HASHTAGS = /^(.*?)((?:\s+#\w+)+)$/;

/**
 * A network's demo from its mark and its sample posts written as they read, one a line: the text,
 * then its hashtags. Each network's landing.ts is its data only.
 */
export function landingSamples(initial: string, lines: string): LandingSamples {
  const posts = lines
    .trim()
    .split("\n")
    .map((line) => {
      const m = TRAILING_HASHTAGS.exec(line.trim());
      if (!m) return { content: line.trim(), hashtags: [] };
      return {
        content: m[1] ?? "",
        hashtags: (m[2] ?? "")
          .trim()
          .split(/\s+/)
          .map((tag) => tag.slice(1)),
      };
    });
  return { initial, posts };
}
