// The local engine's writer. Rules (issue 9): the brief is an instruction, never text to publish
// (no post repeats 8 consecutive words of it); a campaign spreads over the brand's facts (each
// post is built on its own sentences from the brain, no sentence appears in two posts, and every
// subject the brief names gets a post when the brain knows it); the brand voice picks hooks,
// calls to action and rhythm, never clickbait formulas; hashtags are names and recurring topics of
// the brand or the brief, never pieces of a sentence; each post fits its platform as the platform
// counts (X by twitter-text's weighted length, hashtags joined as sent). Nothing is invented: the
// facts are the brand's own sentences, the rest is framing.
import type { Platform } from "../../../../schema/api/common";
import { briefSubjects, repeatsBrief, type BriefSubject } from "../brief";
import type { BrainPassage, GeneratedPostDraft, GeneratePostsInput } from "../types";
import { fitsPlatform, fitToPlatform, toHashtag } from "../post-limits";
import { completeSentences, keyphrases } from "./text";
import { porterStem, sentenceTexts } from "./nlp";
import { fnv1a, STOPWORDS, truncateWords, words } from "./tokenize";

type Voice = "playful" | "professional" | "warm" | "bold" | "neutral";

export function voiceOf(brandVoice: string): Voice {
  const v = brandVoice.toLowerCase();
  if (/playful|fun|witty|quirky|humou?r|cheeky|casual/.test(v)) return "playful";
  if (/professional|formal|expert|authoritative|corporate|technical|serious/.test(v)) return "professional";
  if (/warm|friendly|caring|kind|empath|gentle|inviting/.test(v)) return "warm";
  if (/bold|confident|energetic|inspir|passionate|exciting|edgy/.test(v)) return "bold";
  return "neutral";
}

/** Hooks name the post's topic ("{t}", "{T}" at the start); none is a curiosity-gap formula. */
const HOOKS: Record<Voice, string[]> = {
  playful: ["Quick one about {t}.", "Let's talk about {t}.", "{T}, the short version.", "A little love letter to {t}.", "Today's favourite: {t}.", "Say hello to {t}."],
  professional: ["{T}: the facts.", "A closer look at {t}.", "What to know about {t}.", "{T}, in brief.", "On {t}.", "{T} at a glance."],
  warm: ["A few words about {t}.", "Something we care about: {t}.", "From our team, about {t}.", "We're proud of {t}.", "Let us tell you about {t}.", "Close to our hearts: {t}."],
  bold: ["Meet {t}.", "{T}. Done right.", "This is {t}.", "{T}, no half measures.", "Here's {t}.", "{T} sets the bar."],
  neutral: ["About {t}.", "{T}, explained.", "Worth knowing: {t}.", "A note on {t}.", "{T} in a nutshell.", "Focus: {t}."],
};

const CTAS: Record<Voice, string[]> = {
  playful: ["Which one's your favourite?", "Tell us in the comments.", "Tag a friend who'd love this.", "Questions? Ask away.", "Your turn: what do you think?", "Drop us a line."],
  professional: ["Details on our website.", "Questions? Our team is happy to help.", "Read more on our site.", "Get in touch to see it in action.", "Share this with your team.", "Contact us to learn more."],
  warm: ["We'd love to hear from you.", "Tell us what you think.", "Thanks for being part of this.", "Say hello anytime.", "Share it with someone you care about.", "Come and see us."],
  bold: ["See for yourself.", "Join us.", "Make the switch.", "Ask us anything.", "Get yours.", "Try it."],
  neutral: ["Learn more on our website.", "What do you think?", "Questions? Just ask.", "Find out more.", "Share your thoughts.", "Get in touch."],
};

/** Openers the issue found in stock posts, and their kin; no post starts with one (tested for every voice). */
export const CLICKBAIT =
  /^(?:plot twist|spoiler alert|here'?s the scoop|you won'?t believe|not to brag|big news|let'?s be clear|okay,? real talk|this is it\b|breaking|shocking|wait for it|did you know)/i;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Sentence = { text: string; passage: string; order: number; stems: Set<string>; subject?: string };

function stemsOf(text: string): Set<string> {
  return new Set(words(text).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(porterStem));
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** Normalised sentence key: two sentences are "the same" when their words are. */
const keyOf = (s: string) => words(s).join(" ");

/** Hashtag candidates that are topics: the brief's subjects, names, recurring phrases, the brand. */
function topicTags(input: GeneratePostsInput, subjects: BriefSubject[], brainText: string): { tags: string[]; stems: Set<string>[] } {
  const tags: string[] = [];
  const stems: Set<string>[] = [];
  const keys: string[] = [];
  const add = (phrase: string) => {
    if (phrase.split(/\s+/).length > 3) return;
    const t = toHashtag(phrase);
    const key = [...stemsOf(phrase)].sort().join(" ");
    if (!t || !key || keys.includes(key)) return; // "#CargoBike" and "#CargoBikes" are one topic
    tags.push(t);
    keys.push(key);
    stems.push(stemsOf(phrase));
  };
  const brainStems = stemsOf(brainText);
  // The brief's subjects, when the brain talks about them.
  for (const s of subjects) if ([...stemsOf(s.label)].every((x) => brainStems.has(x))) add(s.label);
  // Names and phrases that recur in what the brain knows; a lone common word ("#Home") is no topic.
  for (const p of keyphrases(brainText, 12)) {
    const name = /\p{Lu}/u.test(p.text);
    if (name || (p.count >= 2 && p.text.includes(" "))) add(p.text);
  }
  const industry = input.brand.industry.trim();
  if (industry && industry.split(/\s+/).length <= 2) add(industry);
  if (input.brand.name.trim()) add(input.brand.name.trim());
  return { tags, stems };
}

/** What a fact is about, for its hook: a name in it, else its best short keyphrase. */
function topicOf(main: Sentence): string {
  const phrases = keyphrases(main.text, 4).filter((k) => k.text.split(" ").length <= 3);
  return (phrases.find((k) => /\p{Lu}/u.test(k.text)) ?? phrases[0])?.text ?? "";
}

/** A name stays as written ("Kettle Long"); a common noun gets its article ("the mobile repair van"). */
function hookFor(template: string, topic: string): string {
  const t = /\p{Lu}/u.test(topic) ? topic : `the ${topic.toLowerCase()}`;
  return template.replace("{T}", cap(t)).replace("{t}", t);
}

export function writePosts(input: GeneratePostsInput): GeneratedPostDraft[] {
  const { brand, prompt } = input;
  const count = Math.max(1, Math.min(30, Math.floor(input.count) || 1));
  const platforms: Platform[] = input.platforms.length ? input.platforms : ["twitter"];
  const voice = voiceOf(brand.brand_voice);
  const subjects = briefSubjects(prompt);
  const promptStems = stemsOf(subjects.map((s) => s.query).join(" ") || prompt);
  const passages: BrainPassage[] = input.passages?.length ? input.passages : input.context.map((text, i) => ({ id: `context-${i}`, text }));

  // The facts: whole sentences of the brain's passages, then of insights and the description.
  const seen = new Set<string>();
  const facts: Sentence[] = [];
  const addFacts = (texts: string[], passage: string, subject?: string) => {
    for (const text of texts) {
      const t = text.trim();
      const k = keyOf(t);
      if (t.length < 20 || words(t).length < 4 || seen.has(k) || repeatsBrief(t, prompt)) continue;
      seen.add(k);
      facts.push({ text: t, passage, order: facts.length, stems: stemsOf(t), ...(subject ? { subject } : {}) });
    }
  };
  for (const p of passages) addFacts(completeSentences(p.text), p.id, p.subject);
  const brainFacts = facts.length;
  input.insights.forEach((ins) => addFacts([ins.content], ""));
  addFacts(sentenceTexts(brand.description), "");
  const brainText = passages.map((p) => p.text).join("\n");
  const { tags: topicList, stems: topicStems } = topicTags(input, subjects, brainText);

  const used = new Set<string>(); // every sentence of every post so far (facts, hooks, calls to action)
  const take = (s: Sentence) => used.add(keyOf(s.text));
  const free = (s: Sentence) => !used.has(keyOf(s.text));
  const relevance = (s: Sentence) => overlap(promptStems, s.stems) * 2 + (s.order < brainFacts ? 1 + 1 / (1 + s.order) : 0);

  const seed = fnv1a(`${brand.name}|${prompt}`);
  const hooks = HOOKS[voice];
  const ctas = CTAS[voice];
  const posts: GeneratedPostDraft[] = [];
  // Each subject of the brief gets a post, those the brain knows first (they must be covered);
  // a subject the brain does not know is named in its post's hook, in the hook's own words.
  const known = subjects.filter((s) => facts.some((f) => f.order < brainFacts && overlap(stemsOf(s.label), f.stems) > 0));
  const subjectQueue = [...known, ...subjects.filter((s) => !known.includes(s))];

  for (let i = 0; i < count; i++) {
    const platform = platforms[i % platforms.length]!;
    const subject = subjectQueue[i];
    const subjectStems = subject ? stemsOf(subject.label) : null;
    const queryStems = subject ? stemsOf(subject.query) : null;
    // On a subject's turn: the fact that names it and says most about what the brief asks of it.
    const fit = (f: Sentence) =>
      (subjectStems ? overlap(subjectStems, f.stems) * 4 + overlap(queryStems!, f.stems) * 2 + (f.subject === subject!.label ? 2 : 0) : 0) + relevance(f);
    const main = facts.filter(free).sort((a, b) => fit(b) - fit(a) || a.order - b.order)[0];
    if (main) take(main);
    // A second fact from the same passage (or on the same subject) for longer platforms.
    const support =
      main && platform !== "twitter"
        ? facts.filter(free).find((f) => (main.passage && f.passage === main.passage) || (subjectStems && overlap(subjectStems, f.stems) > 0))
        : undefined;
    if (support) take(support);

    // The hook's topic: the subject this post covers (or the brief's subject in turn, said in the
    // hook's own words even if the brain does not know it), else what its fact is about; when the
    // facts have run out, any topic of the brand not hooked yet.
    const briefTopic = subject?.label;
    const topics = main
      ? [briefTopic, topicOf(main)]
      : [briefTopic, ...keyphrases(brainText || brand.description, 8).map((p) => p.text), brand.industry, brand.name];
    const pick = (list: string[], offset: number, fill: (t: string) => string) => {
      for (let k = 0; k < list.length; k++) {
        const line = fill(list[(offset + k) % list.length]!);
        if (line && !used.has(keyOf(line)) && !CLICKBAIT.test(line) && !repeatsBrief(line, prompt)) return line;
      }
      return "";
    };
    let hook = "";
    let topic = "";
    for (const t of topics) {
      if (!t || words(t).length > 4) continue;
      hook = pick(hooks, seed + i, (tpl) => hookFor(tpl, t));
      if (hook) {
        topic = t;
        break;
      }
    }
    const cta = pick(ctas, seed + i * 7, (t) => t);
    const factLines = [main?.text, support?.text].filter((x): x is string => !!x);

    // Hashtags: topics this post talks about first, then the brief's subjects and the brand.
    const postStems = stemsOf(`${factLines.join(" ")} ${topic}`);
    const ranked = topicList
      .map((t, k) => ({ t, k, hit: overlap(topicStems[k]!, postStems) / Math.max(1, topicStems[k]!.size) }))
      .sort((a, b) => b.hit - a.hit || a.k - b.k);
    const maxTags = platform === "twitter" ? 2 : platform === "instagram" ? 8 : 3;
    const tags = ranked
      .filter((r, k) => r.hit > 0 || k === 0 || platform === "instagram")
      .slice(0, maxTags)
      .map((r) => r.t);

    // Rhythm by voice: playful and bold break lines, professional and neutral keep paragraphs.
    const join = (parts: string[]) => {
      const p = parts.filter(Boolean);
      if (voice === "bold" || voice === "playful") return p.join("\n");
      return p.join(platform === "twitter" ? " " : "\n\n");
    };
    let parts: string[];
    if (platform === "twitter") {
      // The fact always; hook and call to action only while the post still fits X's count.
      parts = factLines.slice(0, 1);
      for (const extra of [hook, cta]) {
        if (!extra) continue;
        const next = extra === hook ? [extra, ...parts] : [...parts, extra];
        if (fitsPlatform(join(next), tags, platform)) parts = next;
      }
    } else {
      parts = [hook, ...factLines, cta];
    }
    // A hook next to a fact could line up a run of the brief's words: then the facts stand alone.
    if (repeatsBrief(join(parts), prompt) && factLines.length) parts = factLines.slice(0, platform === "twitter" ? 1 : 2);
    let content = join(parts).replace(/\s+([.,!?])/g, "$1").trim();
    if (!content) content = hook || cta || brand.name;
    for (const line of parts) if (line) used.add(keyOf(line));
    const fitted = fitToPlatform(content, tags, platform);
    posts.push({
      content: fitted.content,
      hashtags: fitted.hashtags,
      platform,
      image_prompt: truncateWords(`${brand.name}${brand.industry ? ` (${brand.industry})` : ""}: ${main?.text ?? topic}`, 200),
      sources: [...new Set([main?.passage, support?.passage].filter((x): x is string => !!x))],
      key_line: truncateWords(main?.text ?? (hook || brand.name), 140),
    });
  }
  return posts;
}
