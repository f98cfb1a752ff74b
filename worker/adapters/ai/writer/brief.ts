// Writer step "brief". A campaign brief is an instruction to the writer, never text to publish (decision 116): these helpers
// find the subjects a brief names (so each can be looked up in the brain and covered by a post)
// and detect a post that repeats a run of the brief's words. Shared by the generation service
// (brain look-ups per subject) and the local writer.
import { keyphrases } from "../local/text";
import { words } from "../../../text/tokenize";
import { leadNounPhrase, PEOPLE_HEADS } from "../../../text/noun-phrase";
import { PLATFORM_METAS } from "../../../../platforms/registry";

/** How many consecutive words of the brief a post may never repeat. */
const BRIEF_RUN_WORDS = 8;

export type BriefSubject = {
  /** A short name for the subject as the brief writes it ("mobile repair van", "Bake School"), for hooks and hashtags. */
  label: string;
  /** The clause of the brief that names it, used as the brain query. */
  query: string;
  /** The determiner the brief used before it ("our", "the"), or "". */
  det?: string;
  /** True when the label is the clause's own noun phrase (not a keyphrase picked from it). */
  phrase?: boolean;
};

/** Every way a brief names a network (ids, names, brands from the registry), for "for <network>" and "write <network> posts". */
const NETWORK_WORDS = [...new Set(PLATFORM_METAS.flatMap((m) => [m.id, m.label, m.brand, m.shortName ?? m.brand]).map((w) => w.toLowerCase()))]
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .join("|");
/** A pattern written with NETWORKS where the network words go. */
function withNetworks(pattern: RegExp): RegExp {
  return new RegExp(pattern.source.replaceAll("NETWORKS", NETWORK_WORDS), pattern.flags);
}

/** Leading instruction words: "Write a post announcing...", "Explain why...", "Show off...". */
const INSTRUCTION = withNetworks(
  /^(?:please\s+)?(?:(?:write|create|generate|make|draft|compose|give me|produce|prepare|plan|run|schedule)\s+(?:(?:a|an|some|the|\d+|few|short|quick|fun|catchy|engaging|launch|social(?: media)?|NETWORKS)\s+)*(?:posts?|tweets?|captions?|campaign|content|updates?|copy|series)\s*(?:(?:about|on|for|announcing|promoting|introducing|that|to|explaining|showing|highlighting)\s+)?|(?:share|give|post|offer) (?:some |a few |our |three |five )?(?:tips|ideas|advice|facts|reasons) (?:on|about|for|why)|(?:announce|promote|share|introduce|highlight|celebrate|showcase|feature|advertise|explain(?: why| how| that| what)?|show(?: off| how| why| that| what)?|describe|present|remind (?:people|everyone|our \w+|them|customers|clients) (?:about|of|that)|tell (?:people|everyone|our \w+|them) (?:about|that|why|how)|talk about|post about|focus on|mention(?: that)?|cover|invite (?:people|everyone|them|\w+) to|remind (?:people|everyone|them)|spotlight|let (?:people|everyone|them|customers|clients|\w+) know(?: about| that)?|encourage (?:people|everyone|them|\w+ \w+) to (?:try|book|visit|join|use|order|buy)(?: our| the)?)\s+|(?:write|create|generate|make|draft|compose|produce|prepare|plan|run|schedule)\s+(?=(?:a|an|the|one|some|\d+|two|three|four|five|six|seven|ten)\s))/i,
);

/**
 * An ask of the audience before the subject: "Remind homeowners to book", "Get new puppy owners to
 * sign up for our", "Invite parents to come to": what they are asked to act on is the subject.
 */
const ASK_TO =
  /^(?:please\s+)?(?:remind|get|encourage|ask|invite|help|persuade|urge|convince)\s+(?:[a-z'’-]+\s+){1,4}?to\s+(?:book|try|visit|join|use|order|buy|attend|enter|claim|bring|come(?:\s+along)?(?:\s+to)?|sign\s+up(?:\s+for|\s+to)?|register(?:\s+for)?|apply(?:\s+for)?|send(?:\s+in)?|reserve|renew)\s+(?=\S)/i;

/** Campaign framing before the subject: "a fun week about", "the next two weeks to", "a series of posts on". */
const FRAMING =
  /^(?:of\s+)?(?:(?:a|an|one|the|this|next|our|whole|few|couple of|\d+|two|three|four|five|six|seven|ten|fun|busy|big|short|quick|full|launch|new|themed|social(?: media)?)\s+)*(?:days?|weeks?|months?|series|campaign|posts?|tweets?|updates?)(?:\s+of\s+(?:posts?|content|tweets?|updates?))?(?:\s+(?:about|on|around|to|covering|featuring|that))?\s+/i;

/** Words that link clauses rather than name anything ("then promote ...", "that the portal ..."). */
const CONNECTOR = /^(?:then|also|and|plus|finally|next|so|that|how(?: far| much| many| long| often| quickly| easily)?|why|what|whether)\s+/i;
const CLAUSE_OPENER = /^(?:that|how(?: far| much| many| long| often| quickly| easily)?|why|what|whether)\s+/i;

/** A purpose before the subject: "to grow the bread club", "grow the bread club to 200 members". */
const PURPOSE = /^(?:to\s+)?(?:grow|boost|increase|drive|build|fill|raise|get more people (?:to|into)|sell out|push|sell)\s+/i;

/** Clauses that only say how to write ("with numbers", "in a fun tone", "for <network>"). */
const STYLE_ONLY = withNetworks(
  /^(?:with (?:numbers|figures|stats|data|emojis?|examples?|facts)|in (?:a |an )?\w+ (?:tone|voice|style)|(?:keep it|make it|be) \w+|for (?:NETWORKS)|over (?:a|one|two|\d+) (?:days?|weeks?|months?)|(?:daily|weekly)|(?:use|add|include) (?:hashtags|emojis?|a call to action|numbers))\.?$/i,
);

/** Style said at the end of a clause ("... in a reassuring tone", "..., with numbers"). */
const STYLE_TAIL = withNetworks(
  /\s+(?:in (?:a |an )?[\w-]+ (?:tone|voice|style|way)|with (?:numbers|figures|stats|data|emojis?|examples)|for (?:NETWORKS))\b.*$/i,
);

/** A clause about the previous subject ("it costs 4 pounds a week"). */
const PRONOUN = /^(?:it|its|it's|they|their|this|these|those|which|she|he|her|his)\b/i;

/** A time or audience opener before the subject: "before the deadline", "for business owners". */
const LEAD_PREPOSITION = /^(?:before|ahead of|after|during|until|by|in time for|for)\s+/i;

const strip = (re: RegExp, text: string) => text.replace(re, "").trim();

/** Names in a brief: words written with a capital inside a sentence ("about Doris", "the Kettle Long"). */
function briefNames(brief: string): Set<string> {
  const names = new Set<string>();
  for (const m of brief.matchAll(/(?<=[\p{L}\p{N},)]\s+)\p{Lu}[\p{L}\p{N}'-]*/gu)) names.add(m[0].toLowerCase());
  return names;
}

/** The subject a cleaned clause opens with: its noun phrase, else its best keyphrase. */
function subjectOf(clause: string, object: boolean, names: Set<string>): { label: string; det: string; end: number; phrase: boolean } | null {
  // "charging the battery": the subject is what the gerund acts on.
  const gerund = clause.match(/^[\p{L}-]+ing\s+(?=(?:the|a|an|our|your|their)\s)/iu)?.[0].length ?? 0;
  const np = leadNounPhrase(clause.slice(gerund), { object, knownNames: names });
  if (np && PEOPLE_HEADS.has(np.head)) return null; // an audience ("platform teams evaluating vendors")
  if (np) {
    const ws = np.text.split(" ");
    return { label: ws.length > 4 ? ws.slice(-3).join(" ") : np.text, det: np.det, end: gerund + np.end, phrase: true };
  }
  const best = keyphrases(clause, 3).find((p) => p.text.split(" ").length <= 3 && !PEOPLE_HEADS.has(p.text.split(" ").at(-1)!.toLowerCase()));
  if (!best) return null;
  // Keep the brief's own spelling ("Terraform provider", not "terraform provider").
  const at = clause.toLowerCase().indexOf(best.text.toLowerCase());
  const label = at >= 0 ? clause.slice(at, at + best.text.length) : best.text;
  return { label, det: "", end: at >= 0 ? at + label.length : clause.length, phrase: false };
}

/**
 * The subjects a brief names: its clauses (split at punctuation and at "and"/"also"/"plus" before
 * a new instruction or noun phrase), minus instruction, framing, audience and style words; each
 * clause's opening noun phrase is its subject ("our mobile repair van", "Bake School"), and a
 * second one joined by "and" is a subject too. A clause about "it"/"they" adds to the previous
 * subject's query. A clause naming nothing (or only people: an audience) is not a subject.
 */
export function briefSubjects(brief: string): BriefSubject[] {
  const names = briefNames(brief);
  const clauses = brief
    .replace(/\s+/g, " ")
    .split(
      /[;:!?\n]+|\.(?!\d)|,\s*(?:and\s+|also\s+|plus\s+|then\s+)?|\s+(?:and also|as well as|plus|and then|also|and|then)\s+(?=(?:our|the|a|an|about|show|explain|mention|highlight|promote|introduce|remind|cover|announce|share|invite|tell|that|how|why|what)\b)/i,
    )
    .map((c) => c.trim())
    .filter(Boolean);
  const out: BriefSubject[] = [];
  for (const raw of clauses) {
    let clause = raw.replace(STYLE_TAIL, "").trim();
    if (PRONOUN.test(clause) && out.length) {
      out[out.length - 1]!.query += ` ${clause}`;
      continue;
    }
    // The object of an instruction ("promote test rides") is a noun phrase, so a final plural is
    // no verb; after "that"/"how"/"why" comes a clause with its own verb ("how the portal works").
    let object = false;
    for (let i = 0; i < 4; i++) {
      const before = clause;
      const instructed = strip(INSTRUCTION, strip(ASK_TO, clause));
      if (instructed !== clause) object = true;
      if (CLAUSE_OPENER.test(instructed) || /\b(?:why|how|that|what)$/i.test(clause.slice(0, clause.length - instructed.length).trim())) object = false;
      clause = strip(CONNECTOR, instructed);
      const framed = strip(PURPOSE, strip(FRAMING, clause));
      if (framed !== clause) object = true;
      clause = framed;
      // An audience ("for business owners") or a time ("before the deadline") is not the subject.
      const rest = strip(LEAD_PREPOSITION, clause);
      const np = leadNounPhrase(rest, { object: true, knownNames: names });
      // (Only before a preposition or a relative: "Kids go free" is about kids, no subject of ours.)
      if (np && PEOPLE_HEADS.has(np.head) && /^\s*(?:before|ahead|after|during|who|that|to|in|on|about|with|,|$)/i.test(rest.slice(np.end)))
        clause = strip(LEAD_PREPOSITION, rest.slice(np.end).trim());
      else if (/^for\s/i.test(clause)) clause = rest;
      if (clause === before) break;
    }
    if (!clause || STYLE_ONLY.test(clause) || words(clause).length < 1) continue;
    const found: { label: string; det: string; phrase: boolean }[] = [];
    const first = subjectOf(clause, object, names);
    if (first) {
      found.push(first);
      // "SOC 2 Type II and data residency": the second noun phrase is a subject of its own.
      const rest = clause.slice(first.end).match(/^\s+and\s+(.*)$/i)?.[1];
      const second = rest ? leadNounPhrase(rest, { object: true, knownNames: names }) : null;
      if (second && !PEOPLE_HEADS.has(second.head)) found.push({ label: second.text, det: second.det, phrase: true });
    }
    for (const f of found) {
      if (out.some((s) => s.label.toLowerCase() === f.label.toLowerCase())) continue;
      out.push({ label: f.label, query: clause, det: f.det, phrase: f.phrase });
    }
  }
  return out.slice(0, 6);
}

/** True when `text` repeats `run` or more consecutive words of `brief` (case and punctuation ignored). */
export function repeatsBrief(text: string, brief: string, run: number = BRIEF_RUN_WORDS): boolean {
  const b = words(brief);
  if (b.length < run) return false;
  const grams = new Set<string>();
  for (let i = 0; i + run <= b.length; i++) grams.add(b.slice(i, i + run).join(" "));
  const t = words(text);
  for (let i = 0; i + run <= t.length; i++) if (grams.has(t.slice(i, i + run).join(" "))) return true;
  return false;
}
