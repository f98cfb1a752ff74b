// The local engine's writer. Rules (decisions 112 and 119): the brief is an instruction,
// never text to publish (no post repeats 8 consecutive words of it: a brand sentence that does is
// restated with digits and units, or cut to a clause, or left out); a campaign spreads over the
// brand's facts (each post is built on its own sentences from the brain, no sentence appears in
// two messages, and every subject the brief names gets a message when the brain knows it; a subject
// the brain does not know gets none, since nothing could back a claim about it); the brand voice
// picks hooks and rhythm, never clickbait formulas; calls to action are the brief's ask or the
// brand's own invitations, never stock lines (decision 186, writer/cta.ts); internal notes ("Brand
// voice: ...") steer and are never quoted, labels never echoed (writer/roles.ts); every message
// serves the brief (writer/plan.ts) and goes to every selected network as its own variant
// (decision 185), hashtags within each network's cap (writer/fit.ts); hooks name what the post's sentence is
// about (its opening noun phrase, or the brief's subject), never a fragment; hashtags are names,
// recurring phrases and the brief's subjects as the brand writes them, never pieces of a
// sentence; each post fits its platform as the platform counts (X by its own library's weighted
// length, hashtags joined as sent), cut at a clause rather than mid-sentence. Nothing is invented:
// the facts are the brand's own sentences, the rest is framing.
import type { Platform } from "../../../../schema/api/common";
import { briefSubjects, repeatsBrief, type BriefSubject } from "../writer/brief";
import type { BrainPassage, GeneratedPostDraft, GeneratePostsInput } from "../types";
import { fitsPlatform, fitToPlatform, PLATFORM_LIMITS } from "../post-limits";
import { completeSentences, keyphrases } from "./text";
import { isInternalSentence, sentenceRole, stripLabel, voiceNotes } from "../writer/roles";
import { campaignCtas, isInvitation } from "../writer/cta";
import { briefStems, servesBrief } from "../writer/plan";
import { hashtagCap } from "../writer/fit";
import { MONTHS_AND_DAYS, namesIn, postTags, topicTags } from "../writer/hashtags";
import { CLICKBAIT, HOOKS, hookFor, LINE_VOICES, voiceOf, withArticle } from "../writer/wording";
import { porterStem, sentenceTexts } from "../../../text/nlp";
import { GENERIC_HEADS, leadNounPhrase, PEOPLE_HEADS, taggedVerbAt, verbForm, type NounPhrase } from "../../../text/noun-phrase";
import type { Tagger } from "../../../text/pos";
import { NUMBER_WORDS } from "../../../text/number-words";
import { fnv1a, STOPWORDS, truncateWords, wordSet, words } from "../../../text/tokenize";
import { DEFAULT_PLATFORM_ID } from "../../../../platforms/registry";

/** Networks with room for only one sentence of substance. */
const isShort = (p: Platform) => PLATFORM_LIMITS[p] < 600;

type Fact = { text: string; passage: string; order: number; stems: Set<string>; brain: boolean; subject?: string; np: NounPhrase | null };

/** Content-word stems; hyphenated words count as their parts ("45-minute" = "45" + "minute"). */
function stemsOf(text: string): Set<string> {
  return new Set(
    words(text.replace(/-/g, " "))
      .filter((w) => !STOPWORDS.has(w) && w.length > 1)
      .map(porterStem),
  );
}

/** The longest run of the phrase's content words that the text has in the same order, side by side. */
function longestRun(phrase: string, text: string): number {
  const p = words(phrase.replace(/-/g, " "))
    .filter((w) => !STOPWORDS.has(w))
    .map(porterStem);
  const t = words(text.replace(/-/g, " "))
    .filter((w) => !STOPWORDS.has(w))
    .map(porterStem);
  let best = 0;
  for (let i = 0; i < t.length; i++) {
    for (let j = 0; j < p.length; j++) {
      let n = 0;
      while (i + n < t.length && j + n < p.length && t[i + n] === p[j + n]) n++;
      best = Math.max(best, n);
    }
  }
  return best;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** Stems that say how much or when, not what about ("two", "week", "hour"): no shared topic. */
let vagueStems: Set<string> | undefined;
const isVagueStem = (stem: string) => {
  vagueStems ??= new Set([...GENERIC_HEADS, ...Object.keys(NUMBER_WORDS)].map((w) => porterStem(w)));
  return /^\d/.test(stem) || vagueStems.has(stem);
};

/** Shared stems that name a topic: a sentence about the Smile Plan shares none with one about a whitening kit's "two weeks". */
function topicalOverlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x) && !isVagueStem(x)) n++;
  return n;
}

/** Normalised sentence key: two sentences are "the same" when their words are. */
const keyOf = (s: string) => words(s).join(" ");

const UNITS: [RegExp, string][] = [
  [/\b(\d+(?:[.,]\d+)?) dollars?\b/gi, "$$$1"],
  [/\b(\d+(?:[.,]\d+)?) pounds?\b(?! of)/gi, "£$1"],
  [/\b(\d+(?:[.,]\d+)?) euros?\b/gi, "€$1"],
  [/\b(\d+(?:[.,]\d+)?) percent\b/gi, "$1%"],
  [/\b(\d+(?:[.,]\d+)?) milliseconds?\b/gi, "$1 ms"],
  [/\b(\d+(?:[.,]\d+)?) kilometres?\b/gi, "$1 km"],
  [/\b(\d+(?:[.,]\d+)?) kilometers?\b/gi, "$1 km"],
  [/\b(\d+(?:[.,]\d+)?) minutes?\b/gi, "$1 min"],
];

/** Clause boundaries a sentence may be cut at, keeping its first part as a sentence. */
const CLAUSE_CUT = /(?:;|:|,\s+(?:and|so|but|which|with|while|including|or)\b|\s+[–—-]\s+|,\s+(?=\w+ing\b))/i;

/** The first clause of a sentence, as a sentence ("A", not "A, and B."), or null when too short. */
function firstClause(text: string): string | null {
  const m = CLAUSE_CUT.exec(text);
  if (!m || m.index < 20) return null;
  const head = text
    .slice(0, m.index)
    .trim()
    .replace(/[,;:]$/, "");
  return words(head).length >= 5 ? `${head}.` : null;
}

/**
 * A brand sentence restated so it no longer repeats `run` words of the brief: numbers as digits and
 * units as symbols ("one billion" -> "1 billion", "400 milliseconds" -> "400 ms"), else its first
 * clause; null when neither is free of the brief.
 */
function restate(text: string, brief: string): string | null {
  let t = text.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b(?=\s+(?:\w+\s+)?(?:billion|million|thousand|hundred|days?|weeks?|months?|years?|hours?|minutes?|layers?|times|kilos?|\w+s\b))/gi,
    (w) => String(NUMBER_WORDS[w.toLowerCase()] ?? w),
  );
  for (const [re, to] of UNITS) t = t.replace(re, to);
  if (!repeatsBrief(t, brief)) return t;
  const clause = firstClause(t);
  return clause && !repeatsBrief(clause, brief) ? clause : null;
}

/** Whether the tagger reads the phrase's head as a person ("our hygienist", "the client manager"). */
const personPhrase = (np: NounPhrase | null, tagger?: Tagger) => !!np && !!tagger?.isPersonAt(np.text, np.text.length - np.head.length);

/**
 * An opening noun phrase that names no topic of its own: people ("business owners", and with the
 * tagger any person: "our hygienist", decision 174), too long, or the first half of a pair
 * ("Research" of "Research and development tax relief").
 */
const weakTopic = (np: NounPhrase | null, text: string, tagger?: Tagger) =>
  !np ||
  PEOPLE_HEADS.has(np.head) ||
  MONTHS_AND_DAYS.test(np.head) ||
  np.text.split(" ").length > 4 ||
  /^\s+(?:and|or|&)\s/.test(text.slice(np.end)) ||
  personPhrase(np, tagger);

/**
 * What the writer reads of a brief: its subjects, the facts (the brain's whole sentences, then
 * insights and the description; a sentence repeating the brief restated or left out) and which
 * subjects the brain knows. A subject is known when one sentence of the brain names it: all of its
 * words, or two of them side by side ("tax relief" for "R&D tax relief service"); "sourdough loaf"
 * does not make the "lemon drizzle loaf" known, nor "tax" a "cryptocurrency tax desk".
 */
function readBrief(input: GeneratePostsInput, tagger?: Tagger) {
  const { brand, prompt } = input;
  const subjects = briefSubjects(prompt);
  const passages: BrainPassage[] = input.passages?.length ? input.passages : input.context.map((text, i) => ({ id: `context-${i}`, text }));
  // What the brain says publicly: internal notes and labels are no source of names or hashtags.
  const brainText = passages
    .map((p) =>
      completeSentences(p.text)
        .filter((s) => !isInternalSentence(s, p.role))
        .map(stripLabel)
        .join(" "),
    )
    .join("\n");
  const names = namesIn(`${brainText}\n${brand.name}`);
  for (const w of words(brand.name)) names.add(w);
  // A word the brief capitalises mid-sentence is a name too ("spotlight Invisalign").
  for (const m of prompt.matchAll(/(?<=[\p{L}\p{N},)]\s+)\p{Lu}[\p{L}\p{N}'-]*/gu)) names.add(m[0].toLowerCase());

  const seen = new Set<string>();
  const facts: Fact[] = [];
  // Internal sentences steer (voice notes) and invitations become calls to action; neither is a fact.
  const internal: { text: string; role?: BrainPassage["role"] }[] = [];
  const invitations: string[] = [];
  const addFacts = (texts: string[], passage: string, brain: boolean, subject?: string, role?: BrainPassage["role"]) => {
    for (const text of texts) {
      if (isInternalSentence(text, role)) {
        internal.push({ text, role: sentenceRole(text, role) ?? undefined });
        continue;
      }
      let t = stripLabel(text.trim());
      if (brain && isInvitation(t)) {
        invitations.push(t);
        continue;
      }
      // The brain's sentences from 4 words; the description and insights only when they say something.
      if (t.length < 20 || words(t).length < (brain ? 4 : 6) || seen.has(keyOf(t))) continue;
      seen.add(keyOf(t));
      if (repeatsBrief(t, prompt)) {
        const r = restate(t, prompt);
        if (!r) continue;
        t = r;
      }
      facts.push({
        text: t,
        passage,
        order: facts.length,
        stems: stemsOf(t),
        brain,
        np: leadNounPhrase(t, { knownNames: names, tagger }),
        ...(subject ? { subject } : {}),
      });
    }
  };
  for (const p of passages) addFacts(completeSentences(p.text), p.id, true, p.subject, p.role);
  input.insights.forEach((ins) => addFacts([ins.content], "", false));
  addFacts(sentenceTexts(brand.description), "", false);

  const subjectStems = new Map(subjects.map((s) => [s, stemsOf(s.label)]));
  const coverOf = (s: BriefSubject, f: Fact) => overlap(subjectStems.get(s)!, f.stems);
  const knows = (s: BriefSubject, f: Fact) => {
    const st = subjectStems.get(s)!;
    return f.brain && st.size > 0 && (coverOf(s, f) === st.size || longestRun(s.label, f.text) >= 2);
  };
  const known = subjects.filter((s) => facts.some((f) => knows(s, f)));
  return { subjects, passages, brainText, names, facts, subjectStems, coverOf, knows, known, internal, invitations };
}

/**
 * Words a generic brief leaves as its "subject" that name nothing the brain could hold: what to
 * write ("a quick tip", "something"), its aim ("engagement") or its mood ("fun", "engaging").
 */
const NO_SUBJECT = wordSet(
  "something anything everything nothing stuff tip tips idea ideas fact facts advice news update updates story stories " +
    "engagement engaging fun funny exciting catchy motivational inspiring inspirational informative friendly awareness " +
    "reach followers follower audience community growth sales traffic visibility brand company business products product " +
    "services service offer offers thanks thank greetings greeting",
);

/** A subject worth telling the user about: the brief's own noun phrase, naming a thing, not a day or a mood. */
function namesSomething(s: BriefSubject): boolean {
  const ws = words(s.label);
  const head = ws.at(-1) ?? "";
  if (s.phrase === false || !head || NO_SUBJECT.has(head) || GENERIC_HEADS.has(head) || MONTHS_AND_DAYS.test(head)) return false;
  return !/^(?:happy|merry|good)\b/i.test(s.label);
}

/**
 * The subjects the brief names that the brain's passages do not (labels as the brief writes them):
 * the writer gives them no post, and the campaign creator tells the user so (decision 119). Only
 * subjects that name a thing are reported ("summer sale", not "fun" or "a quick tip").
 */
export function unknownSubjects(input: GeneratePostsInput): string[] {
  const { subjects, known } = readBrief(input);
  return subjects.filter((s) => !known.includes(s) && namesSomething(s)).map((s) => s.label);
}

/** The local writer's posts; with a part-of-speech `tagger` (decision 174) its hooks find more verbs. */
export function writePosts(input: GeneratePostsInput, tagger?: Tagger): GeneratedPostDraft[] {
  const { brand, prompt } = input;
  const count = Math.max(1, Math.min(30, Math.floor(input.count) || 1));
  const platforms: Platform[] = input.platforms.length ? [...new Set(input.platforms)] : [DEFAULT_PLATFORM_ID as Platform];
  const { subjects, brainText, facts, subjectStems, coverOf, knows, known, internal, invitations } = readBrief(input, tagger);
  // The project's brand_voice decides; the brain's own voice notes decide when it names no voice.
  const declared = voiceOf(brand.brand_voice);
  const voice = declared === "neutral" ? voiceOf(voiceNotes(internal)) : declared;
  const promptStems = stemsOf(subjects.map((s) => s.query).join(" ") || prompt);
  const brief = briefStems(
    subjects.map((s) => s.label),
    brand.name,
    isVagueStem,
    subjects.map((s) => s.query),
  );
  // A fact serves the brief when it names a subject or shares its topic, or when the brain found
  // its passage for one of the brief's subjects (a sentence next to the subject's own).
  const onBrief = (f: Fact) =>
    servesBrief(
      f.stems,
      brief,
      known.some((s) => knows(s, f)),
    ) ||
    (f.brain && !!f.subject && known.some((s) => s.label === f.subject));

  const used = new Set<string>(); // every sentence of every message so far (facts, hooks, calls to action)
  const free = (f: Fact) => !used.has(keyOf(f.text));
  const usedPassages = new Map<string, number>();
  const hookedTopics = new Set<string>();
  const relevance = (f: Fact) =>
    overlap(promptStems, f.stems) * 2 +
    (f.brain ? 6 + 1 / (1 + f.order) : 0) -
    (usedPassages.get(f.passage) ?? 0) * 1.5 -
    (f.np && hookedTopics.has(f.np.text.toLowerCase()) ? 3 : 0);

  const { tags: topicList, stems: topicStems } = topicTags(input, known, brainText);
  /** Subjects some message already covers (its sentences name them). */
  const covered = new Set<BriefSubject>();

  const seed = fnv1a(`${brand.name}|${prompt}`);
  const hooks = HOOKS[voice];
  const hookUse = new Map<string, number>();
  const ctas = campaignCtas(prompt, invitations);
  let nextCta = 0;
  const openers = new Set<string>();
  const posts: GeneratedPostDraft[] = [];
  // A message's facts must fit its shortest network whole; longer networks add a second sentence.
  const shortest = [...platforms].sort((a, b) => PLATFORM_LIMITS[a] - PLATFORM_LIMITS[b])[0]!;
  const anyLong = platforms.some((p) => !isShort(p));

  for (let i = 0; i < count; i++) {
    const platform = shortest;
    const short = isShort(platform);
    // Each subject the brain knows gets the first messages, one each, on the sentence that names
    // it best (a subject an earlier message already covers needs no message of its own).
    let subject: BriefSubject | undefined = known.find((s) => !covered.has(s) && facts.some((f) => free(f) && knows(s, f)));
    const pending = known.filter((s) => !covered.has(s) && s !== subject);
    const fitsAlone = (f: Fact) => !short || fitsPlatform(f.text, topicList.slice(0, 1), platform) || !!firstClause(f.text);
    const fit = (f: Fact) =>
      (subject
        ? (knows(subject, f) ? 20 : 0) +
          coverOf(subject, f) * 4 +
          longestRun(subject.label, f.text) * 3 +
          overlap(stemsOf(subject.query), f.stems) * 2 +
          (f.subject === subject.label ? 2 : 0)
        : 0) +
      relevance(f) -
      // A sentence another subject needs is kept for that subject's message.
      (pending.some((s) => knows(s, f)) && !(subject && knows(subject, f)) ? 12 : 0);
    // Every message serves the brief: only facts on its subjects qualify; when none is left the
    // campaign ends shorter than asked (the first message may take the brand's best fact, so a
    // brief the brain knows nothing of still gets one post; the screen says what to add).
    const candidates = facts.filter((f) => free(f) && fitsAlone(f));
    const main = (candidates.filter(onBrief).length || i > 0 ? candidates.filter(onBrief) : candidates).sort((a, b) => fit(b) - fit(a) || a.order - b.order)[0];
    if (!main && posts.length) break;
    let mainText = main?.text;
    if (main && short && !fitsPlatform(main.text, topicList.slice(0, 1), platform)) mainText = firstClause(main.text) ?? main.text;
    // A second sentence on longer networks: from the same passage or subject, and on the same
    // topic; when fewer messages remain than subjects to cover, the next subject's sentence.
    const crowded = pending.length >= count - i;
    const nextSubject = crowded ? pending.find((s) => facts.some((f) => free(f) && f !== main && knows(s, f))) : undefined;
    // Few facts on the brief left: each carries a message of its own rather than a second sentence.
    const scarce = candidates.filter((f) => f !== main && onBrief(f)).length < count - i - 1;
    const support =
      main && anyLong && nextSubject
        ? facts.filter((f) => free(f) && f !== main && knows(nextSubject, f) && f.text.length + main.text.length < 480)[0]
        : main && anyLong && !scarce
          ? facts
              .filter((f) => free(f) && f !== main && f.brain && onBrief(f) && (f.passage === main.passage || (subject && knows(subject, f))))
              .filter((f) => topicalOverlap(f.stems, main.stems) >= 2 && f.text.length + main.text.length < 420 && !pending.some((s) => knows(s, f)))
              .sort((a, b) => topicalOverlap(b.stems, main.stems) - topicalOverlap(a.stems, main.stems) || a.order - b.order)[0]
          : undefined;
    if (subject && main && !knows(subject, main)) subject = undefined; // the hook must not name what the post does not say
    for (const f of [main, support]) {
      if (!f) continue;
      for (const s of known) if (knows(s, f)) covered.add(s);
      used.add(keyOf(f.text));
      if (f.passage) usedPassages.set(f.passage, (usedPassages.get(f.passage) ?? 0) + 1);
    }

    // The hook's topic: the brief's subject when the sentence does not name all of it (so every
    // message names what the brief is about), else what the sentence is about (its opening noun
    // phrase), else a name in it; no topic, no hook. A sentence that opens with a person ("Our
    // hygienist removes...") needs no hook naming them.
    let topic = "";
    let topicIsLead = false;
    const lead = known[0];
    if (main) {
      const labelMissing = subject && coverOf(subject, main) < subjectStems.get(subject)!.size;
      const personLead = personPhrase(main.np, tagger);
      if (subject && subject.phrase !== false && (labelMissing || (weakTopic(main.np, main.text, tagger) && !personLead))) {
        topic = withArticle(subject.label, subject.det ?? "", /^\p{Lu}/u.test(subject.label));
      } else if (!subject && lead && lead.phrase !== false && coverOf(lead, main) < subjectStems.get(lead)!.size && onBrief(main)) {
        topic = withArticle(lead.label, lead.det ?? "", /^\p{Lu}/u.test(lead.label));
      } else if (!weakTopic(main.np, main.text, tagger)) {
        topic = withArticle(main.np!.text, main.np!.det, main.np!.name);
        topicIsLead = true;
      } else {
        // A name early in the sentence is what it is about; one at its end is a detail ("... in the Netherlands").
        const name = keyphrases(main.text, 4).find(
          (k) =>
            k.text.split(" ").every((w) => /^\p{Lu}/u.test(w)) &&
            !MONTHS_AND_DAYS.test(k.text) &&
            main.text.indexOf(k.text) >= 0 &&
            main.text.indexOf(k.text) < main.text.length * 0.4,
        );
        topic = name?.text ?? "";
      }
    } else topic = brand.name.trim(); // nothing on the brief in the brain: one message about the brand, no more
    const firstWord = (s: string) => (words(s)[0] ?? "").toLowerCase();
    // A sentence that opens with the topic needs no hook naming it ("About Back Care Yoga. Back Care Yoga on ...").
    if (main && topic && main.text.toLowerCase().startsWith(topic.toLowerCase().replace(/^(?:our|the|your|their) /, ""))) topic = "";
    let hook = "";
    if (topic) {
      // The template used least so far, starting differently from the messages before it.
      const order = hooks
        .map((tpl, k) => ({ tpl, k, uses: hookUse.get(tpl) ?? 0, line: hookFor(tpl, topic) }))
        .filter((h) => !used.has(keyOf(h.line)) && !CLICKBAIT.test(h.line) && !repeatsBrief(h.line, prompt))
        .sort(
          (a, b) =>
            a.uses - b.uses ||
            Number(openers.has(firstWord(a.line))) - Number(openers.has(firstWord(b.line))) ||
            ((((a.k - seed - i) % hooks.length) + hooks.length) % hooks.length) - ((((b.k - seed - i) % hooks.length) + hooks.length) % hooks.length),
        );
      if (order[0]) {
        hook = order[0].line;
        hookUse.set(order[0].tpl, order[0].uses + 1);
        if (topic !== brand.name.trim()) hookedTopics.add(topic.toLowerCase().replace(/^(?:our|the|your|their) /, ""));
      }
    }
    if (!main && !hook) break;
    // The call to action: the brief's own ask or the brand's invitations, each once (writer/cta.ts);
    // a sentence that is itself an invitation ("Book a free test ride at ...") needs no second one.
    const imperative =
      !!main && !main.np && /^\p{Lu}\p{Ll}+ (?:a|an|the|our|your|us|it|one)\b/u.test(main.text) && !/^(?:We|You|They|It|This|There|Our)\b/.test(main.text);
    const ctaText = imperative ? "" : (ctas[nextCta] ?? "");
    let ctaUsed = false;

    // The hook names the sentence's subject: the sentence then goes on with a pronoun ("Meet our
    // sourdough starter. It is called Doris, ...") when it opened with that phrase and a verb.
    const pronounFact = (text: string, f: Fact | undefined) => {
      if (!hook || !topicIsLead || !f?.np || !text.startsWith(f.text.slice(0, f.np.end))) return text;
      const rest = text.slice(f.np.end);
      const pluralHead = /[^su]s$/.test(f.np.head) && !f.np.name;
      const gap = rest.match(/^\s+/)?.[0].length ?? 0;
      const nextWord = rest.slice(gap).match(/^([a-z]+)\b/)?.[1] ?? "";
      // An auxiliary, a listed verb, or the clause's verb as the tagger reads it (decision 174:
      // "aligners straighten"; not "Bread left at closing time is given...").
      const verb =
        /^(?:is|are|was|were|has|have|can|will|may|must|should|could|would)$/.test(nextWord) ||
        (!pluralHead && /[^su']s$/.test(nextWord) && verbForm(nextWord)) ||
        (nextWord !== "" && !!tagger && taggedVerbAt(tagger, text, f.np.end + gap));
      if (!verb) return text; // (a person is never the lead topic: weakTopic)
      const pronoun = pluralHead ? "They" : "It";
      const swapped = `${pronoun}${rest}`;
      return words(swapped).length >= 5 ? swapped : text;
    };
    const factBody = (lines: string[]) => [pronounFact(lines[0]!, main), ...lines.slice(1)].join(" ");

    // One variant per network: the same message, fitted to how each network counts and tags.
    for (const target of platforms) {
      const targetShort = isShort(target);
      const factLines = (targetShort ? [mainText] : [main?.text, support?.text]).filter((x): x is string => !!x);
      // Hashtags: topics this post says in full, within the network's cap (platforms/<id>/meta.ts);
      // a post no topic matches carries the brand's own tag (the last candidate).
      const postStems = stemsOf(`${factLines.join(" ")} ${topic}`);
      const tags = postTags({ tags: topicList, stems: topicStems }, postStems, hashtagCap(target));

      // Rhythm by voice: playful and bold break lines, the others keep paragraphs (one line on short networks).
      const lineVoice = LINE_VOICES.has(voice);
      const join = (parts: string[]) => parts.filter(Boolean).join(lineVoice ? "\n" : targetShort ? " " : "\n\n");
      let parts: string[];
      if (!factLines.length) parts = [hook, ctaText];
      else if (targetShort) {
        // The fact always; hook and call to action only while the post still fits the network's count.
        parts = [factLines[0]!];
        for (const extra of [hook, ctaText]) {
          if (!extra) continue;
          const next = extra === hook ? [extra, pronounFact(factLines[0]!, main)] : [...parts, extra];
          if (fitsPlatform(join(next), tags, target)) parts = next;
        }
      } else parts = [hook, factBody(factLines), ctaText];
      // A hook next to a fact could line up a run of the brief's words: then the facts stand alone.
      if (repeatsBrief(join(parts), prompt) && factLines.length) parts = [factLines.join(" ")];
      let content = join(parts)
        .replace(/[ \t]+([.,!?])/g, "$1")
        .trim();
      if (!content) content = hook || ctaText || brand.name;
      if (ctaText && parts.includes(ctaText)) ctaUsed = true;
      for (const line of parts) if (line) used.add(keyOf(line));
      openers.add(firstWord(content));
      const fitted = fitToPlatform(content, tags, target);
      posts.push({
        content: fitted.content,
        hashtags: fitted.hashtags,
        platform: target,
        image_prompt: truncateWords(`${brand.name}: ${main?.text ?? topic}`, 200),
        sources: [...new Set([main?.passage, targetShort ? undefined : support?.passage].filter((x): x is string => !!x))],
        key_line: truncateWords(mainText ?? (hook || brand.name), 140),
        message: i,
      });
    }
    if (ctaUsed) nextCta++;
  }
  return posts;
}
