// A feed item as a post in the brand's voice, with the item's link (decision 284). An engine with a
// model writes it from the item (title + summary as the only facts it may state); the local engine
// (no model), or a model whose answer cannot be used, gets the local writer below: the voice's
// lead line with the title, the summary's first sentences, the link. Either way the link is kept
// whole and the text is cut by the network's own count (X counts a link as 23) so the post fits.
import { fitsPlatform } from "../../../adapters/ai/post-limits";
import type { AiEngine, BrandProfile } from "../../../adapters/ai/types";
import { voiceOf, type Voice } from "../../../adapters/ai/writer/wording";
import type { Platform } from "../../../../schema/api/common";
import type { FeedItem } from "./parse";

/** The lead line per voice (writer/wording.ts voices); `{t}` is the item's title. None is clickbait. */
const LEADS: Record<Voice, string> = {
  playful: "Fresh read: {t}!",
  casual: "Something new to read: {t}.",
  professional: "New article: {t}.",
  technical: "New write-up: {t}.",
  luxury: "Now published: {t}.",
  bold: "{t}. Read it now.",
  neutral: "New: {t}.",
};

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g)?.map((s) => s.trim()) ?? [];

/** Body + link, the body cut at a word (then a sentence's end if it has one) until the network accepts it. */
function fitWithLink(body: string, link: string, hashtags: string[], platform: Platform): { content: string; hashtags: string[] } {
  const tags = [...hashtags];
  const join = (b: string) => (b ? `${b}\n\n${link}` : link);
  while (tags.length > 0 && !fitsPlatform(join(body), tags, platform)) tags.pop();
  let text = body;
  while (text && !fitsPlatform(join(text), tags, platform)) {
    const cut = text.slice(0, Math.floor(text.length * 0.85));
    const space = cut.lastIndexOf(" ");
    text = space > 20 ? `${cut.slice(0, space).replace(/[\s,;:.-]+$/, "")}…` : "";
  }
  return { content: join(text), hashtags: tags };
}

/** The local writer: the voice's lead with the title, up to two sentences of the summary, the link. */
export function localFeedPost(brand: BrandProfile, item: FeedItem, platform: Platform): { content: string; hashtags: string[] } {
  const voice = voiceOf(brand.brand_voice);
  const title = item.title.replace(/[\s.!?:;,]+$/, "");
  const lead = title ? LEADS[voice].replace("{t}", title) : "";
  // A summary that only repeats the title adds nothing.
  const summary = item.summary && !item.summary.toLowerCase().startsWith(title.toLowerCase()) ? item.summary : "";
  const about = sentences(summary).slice(0, 2).join(" ");
  return fitWithLink([lead, about].filter(Boolean).join(voice === "playful" || voice === "bold" ? "\n" : " "), item.link, [], platform);
}

/** The post for one item: the engine's when it has a model and its answer is usable, else the local writer's. */
export async function writeFeedPost(
  engine: AiEngine,
  brand: BrandProfile,
  item: FeedItem,
  platform: Platform,
): Promise<{ content: string; hashtags: string[]; engine: "local" | "openai" }> {
  if (engine.kind !== "local") {
    try {
      const text = [item.title, item.summary].filter(Boolean).join(". ");
      const [draft] = await engine.generatePosts({
        brand,
        prompt: `Share our new article "${item.title}" with our audience: say what it is about in the brand voice and invite them to read it. Do not write the link; it is added after the post.`,
        context: [text],
        insights: [],
        count: 1,
        platforms: [platform],
        passages: [{ id: "feed-item", text }],
      });
      const body = draft?.content.replace(item.link, "").trim();
      const tags = (draft?.hashtags ?? [])
        .map((h) => String(h).replace(/^#+/, ""))
        .filter((h) => /^[\p{L}\p{N}_]{1,50}$/u.test(h))
        .slice(0, 5);
      if (body) return { ...fitWithLink(body, item.link, tags, platform), engine: engine.kind };
    } catch (err) {
      // A refusal, an unreadable answer or an outage: the item is still written, by the local writer.
      console.warn("feed item: the AI engine's post could not be used; the local writer writes it", err);
    }
  }
  return { ...localFeedPost(brand, item, platform), engine: "local" };
}
