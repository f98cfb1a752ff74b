// Question types (decision 183): what kind of passage answers a kind of question,
// whatever the trade. "How much" is answered by an offer, "when"/"where" by contact and hours,
// "who" by the team, the story or the audience, "can I / do you / what if" by a policy or a FAQ,
// "why you" by the positioning. The ranking counts a passage of a matching role as one more
// matched term, as rare as such passages are in the project (hybrid-rank.ts).
import type { PassageRole } from "../../../schema/api/passage-roles";

type QuestionType = { name: string; question: RegExp; roles: readonly PassageRole[] };

const QUESTION_TYPES: readonly QuestionType[] = [
  { name: "price", question: /\bhow much\b|\bcosts?\b|\bprices?\b|\bfees?\b|\bcheap(?:er|est)?\b|\bexpensive\b|\bafford/i, roles: ["offer"] },
  { name: "time", question: /\bwhen\b|\bwhat time\b|\b(?:opening )?hours\b|\bopen\b/i, roles: ["contact"] },
  { name: "place", question: /\bwhere\b|\baddress\b|\bdirections?\b|\bget there\b|\bfind you\b/i, roles: ["contact"] },
  { name: "reach", question: /\b(?:call|phone|ring|email|contact|reach|get in touch)\b/i, roles: ["contact"] },
  { name: "people", question: /\bwho\b/i, roles: ["team", "story", "audience"] },
  {
    name: "permission",
    question: /^\s*(?:can|could|may|do|does|is|are|will|am)\s+(?:i|we|you|my|there|it)\b|\bwhat (?:if|happens)\b/i,
    roles: ["policy", "faq"],
  },
  { name: "reason", question: /\bwhy (?:should|would|do|choose|pick|you)\b|\bdifferent\b|\bbetter than\b|\bcompare/i, roles: ["competitors"] },
  {
    name: "future",
    question: /\bplan(?:s|ning)?\b|\bnext\b|\bfuture\b|\bexpand|\bgoing to\b|\bopening (?:a|another|any|more|new)\b|\banywhere else\b/i,
    roles: ["goals"],
  },
  { name: "proof", question: /\bhow many\b|\bhow (?:good|successful|popular)\b|\breviews?\b|\bratings?\b|\bresults?\b/i, roles: ["proof"] },
  { name: "how", question: /^\s*how (?:do|can|should|would) (?:i|we)\b/i, roles: ["how_to", "faq"] },
  { name: "values", question: /\bbelieve\b|\bcare about\b|\benvironment\b|\bplanet\b|\bgreen\b|\bsustainab|\bethic/i, roles: ["values"] },
];

/** The roles a question asks for, by question type. */
export function rolesAskedFor(question: string): { name: string; roles: ReadonlySet<PassageRole> }[] {
  return QUESTION_TYPES.filter((t) => t.question.test(question)).map((t) => ({ name: t.name, roles: new Set(t.roles) }));
}
