// Extractive post writing for the local engine: each post is built from one of the brand segments
// that best match the prompt, with an opener chosen by the brand voice, and hashtags from
// keyphrases. Platform limits are enforced so a draft is always publishable as-is.
import type { Platform } from "../../../../schema/api/common";
import type { GeneratedPostDraft, GeneratePostsInput } from "../types";
import { completeSentences, keyphrases, textRank } from "./text";
import { fitToPlatform, PLATFORM_LIMITS, publishedLength, toHashtag } from "../post-limits";
import { sentenceTexts } from "./nlp";
import { fnv1a, stem, STOPWORDS, truncateWords, words } from "./tokenize";

type Voice = "playful" | "professional" | "warm" | "bold" | "neutral";

function voiceOf(brandVoice: string): Voice {
  const v = brandVoice.toLowerCase();
  if (/playful|fun|witty|quirky|humou?r|cheeky|casual/.test(v)) return "playful";
  if (/professional|formal|expert|authoritative|corporate|technical|serious/.test(v)) return "professional";
  if (/warm|friendly|caring|kind|empath|gentle|inviting/.test(v)) return "warm";
  if (/bold|confident|energetic|inspir|passionate|exciting|edgy/.test(v)) return "bold";
  return "neutral";
}

const OPENERS: Record<Voice, string[]> = {
  playful: ["Plot twist:", "Fun fact:", "Okay, real talk:", "Not to brag, but", "Here's the scoop:", "Spoiler alert:"],
  professional: ["Key insight:", "Worth knowing:", "Here is what matters:", "A closer look:", "In focus:", "Did you know?"],
  warm: ["We wanted to share this with you:", "A little something from us:", "From our family to yours:", "Here's what we love:", "Good to know:", "Just for you:"],
  bold: ["Let's be clear:", "Big news:", "Here's the truth:", "No compromises:", "This is it:", "Ready?"],
  neutral: ["Did you know?", "Here's something worth knowing:", "Spotlight:", "In case you missed it:", "Good to know:", "Quick note:"],
};

const CLOSERS: Record<Voice, string[]> = {
  playful: ["Who's in?", "Tell us we're wrong.", "You know what to do.", "Tag someone who needs this."],
  professional: ["Learn more on our site.", "What's your take?", "Get in touch to learn more.", "Share this with your team."],
  warm: ["We'd love to hear from you.", "Tell us what you think.", "Thanks for being here.", "Share it with someone you care about."],
  bold: ["Don't miss it.", "Join us.", "Try it today.", "Are you ready?"],
  neutral: ["Learn more today.", "What do you think?", "Share your thoughts below.", "Find out more."],
};

function overlap(a: Set<string>, text: string): number {
  let n = 0;
  for (const w of words(text)) if (!STOPWORDS.has(w) && a.has(stem(w))) n++;
  return n;
}

/**
 * The prompt as a statement: an instruction such as "Write a post announcing our summer sale" or
 * "Promote the Cold Brew Kit for summer" becomes "Our summer sale." / "The Cold Brew Kit for summer."
 */
export function promptStatement(prompt: string): string {
  let s = prompt.replace(/\s+/g, " ").trim();
  s = s.replace(
    /^(?:please\s+)?(?:write|create|generate|make|draft|compose|give me)\s+(?:(?:a|an|some|the|\d+|few|short|quick|fun|catchy|engaging|social(?: media)?|instagram|twitter|linkedin|facebook|x)\s+)*(?:posts?|tweets?|captions?|campaign|content|updates?|copy)\s*(?:(?:about|on|for|announcing|promoting|introducing|that|to)\s+)?/i,
    "",
  );
  s = s.replace(
    /^(?:announce|promote|share|introduce|highlight|celebrate|showcase|feature|advertise|tell (?:people|everyone|our \w+|them) (?:about|that)|remind (?:people|everyone|our \w+) (?:about|of|that)|invite (?:people|everyone|our \w+) to|talk about|post about)\s+/i,
    "",
  );
  s = truncateWords(s, 200).replace(/[\s,;:–—-]+$/, "");
  if (words(s).length < 2) return "";
  s = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

/** An X post: the main sentence always; then the lead, opener and closer while they fit with the hashtags. */
function shortPost(p: { opener: string; lead: string; main: string; closer: string }, tags: string[]): string {
  const limit = PLATFORM_LIMITS.twitter;
  const build = (use: { opener: boolean; lead: boolean; closer: boolean }) =>
    [use.opener ? p.opener : "", use.lead ? p.lead : "", p.main, use.closer ? p.closer : ""].filter(Boolean).join(" ");
  const use = { opener: false, lead: false, closer: false };
  for (const key of ["lead", "opener", "closer"] as const) {
    if (!p[key]) continue;
    use[key] = true;
    if (publishedLength(build(use), tags) > limit) use[key] = false;
  }
  return build(use);
}

export function writePosts(input: GeneratePostsInput): GeneratedPostDraft[] {
  const { brand, prompt } = input;
  const count = Math.max(1, Math.min(30, Math.floor(input.count) || 1));
  const platforms: Platform[] = input.platforms.length ? input.platforms : ["twitter"];
  const voice = voiceOf(brand.brand_voice);
  const promptStems = new Set(words(prompt).filter((w) => !STOPWORDS.has(w)).map(stem));

  // Candidate sentences: from the context segments first, then insights, then the brand description.
  const pool: { text: string; source: number }[] = [];
  input.context.forEach((c, i) => completeSentences(c).forEach((s) => pool.push({ text: s, source: i })));
  input.insights.forEach((ins) => pool.push({ text: ins.content, source: 100 }));
  sentenceTexts(brand.description).forEach((s) => pool.push({ text: s, source: 200 }));
  const usable = pool.filter((p) => p.text.length >= 20 && words(p.text).length >= 4);
  const centrality = new Map(textRank(usable.map((p) => p.text), usable.length, 1).map((r) => [r.index, r.score]));
  const ranked = usable
    .map((p, i) => ({
      ...p,
      score: overlap(promptStems, p.text) * 2 + (centrality.get(i) ?? 0) + (p.source < 100 ? 0.5 / (1 + p.source) : 0),
    }))
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const seen = new Set<string>();
  const unique = ranked.filter((p) => {
    const k = p.text.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  // The brain's matches are the facts a post is about; insights and the description only fill in
  // when there is no context, or as a second sentence in longer posts.
  const primary = unique.filter((p) => p.source < 100);
  const secondary = unique.filter((p) => p.source >= 100);
  const candidates = primary.length ? primary : secondary;
  const supporting = primary.length ? [...primary, ...secondary] : secondary;

  const addTag = (list: string[], phrase: string) => {
    const t = toHashtag(phrase);
    if (t && !list.some((x) => x.toLowerCase() === t.toLowerCase())) list.push(t);
  };
  const promptTags: string[] = [];
  for (const p of keyphrases(prompt, 3)) addTag(promptTags, p.text);
  const brandTags: string[] = [];
  addTag(brandTags, brand.name);
  const seed = fnv1a(`${brand.name}|${prompt}`);
  const openers = OPENERS[voice];
  const closers = CLOSERS[voice];
  const promptLine = truncateWords(prompt.replace(/\s+/g, " ").trim(), 160);
  const posts: GeneratedPostDraft[] = [];
  const statement = promptStatement(prompt);
  const produced = new Set<string>();
  for (let i = 0; i < count; i++) {
    const platform = platforms[i % platforms.length]!;
    const long = platform !== "twitter";
    const main = candidates.length ? candidates[i % candidates.length]!.text : statement || promptLine || brand.name;
    // A second sentence only when it adds something (not a part of the main one or vice versa).
    const others = supporting.map((c) => c.text).filter((t) => !main.includes(t) && !t.includes(main));
    const extra = others.length ? others[Math.floor(i / Math.max(1, candidates.length)) % others.length]! : "";
    // The prompt's own news ("our summer sale: 20% off") leads, unless the main sentence already says it.
    const lead = statement && statement !== main && overlap(promptStems, main) < promptStems.size ? statement : "";

    // Hashtags: one from the prompt (rotating), then the keyphrases of this post's own text, then the brand.
    const tags: string[] = [];
    if (promptTags.length) tags.push(promptTags[i % promptTags.length]!);
    for (const p of keyphrases(long && extra ? `${main}\n${extra}` : main, 6)) {
      // Single common nouns make weak hashtags ("#Bag"); names and multi-word phrases do not.
      if (p.text.includes(" ") || /^\p{Lu}/u.test(p.text)) addTag(tags, p.text);
    }
    for (const t of [...promptTags, ...brandTags]) addTag(tags, t);
    tags.splice(long ? 5 : 3);

    let content = "";
    // Vary opener and closer until this post differs from the ones before (deterministically).
    for (let k = 0; k < openers.length * closers.length; k++) {
      const opener = openers[(seed + i + k) % openers.length]!;
      const closer = closers[(seed + i * 3 + Math.floor(k / openers.length)) % closers.length]!;
      content = long
        ? [opener, lead, main, extra, closer, brand.name ? `— ${brand.name}` : ""].filter(Boolean).join("\n\n")
        : shortPost({ opener, lead, main, closer }, tags);
      content = content.replace(/\s+([.,!?])/g, "$1");
      if (!produced.has(content)) break;
    }
    produced.add(content);
    const fitted = fitToPlatform(content, tags, platform);
    posts.push({
      content: fitted.content,
      hashtags: fitted.hashtags,
      platform,
      image_prompt: truncateWords(`${brand.name}${brand.industry ? ` (${brand.industry})` : ""}: ${lead || main}`, 200),
    });
  }
  return posts;
}
