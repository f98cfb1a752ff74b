// Ingest-time expansion (decision 183): each passage is indexed with the questions it
// answers, so a customer's words can meet the passage's. An LLM engine writes them (the engine's
// `passageQuestions`); the local engine derives them from the passage's role (what any business is
// asked about such a passage) and its noun phrases. No word of any trade is listed here.
import type { PassageRole } from "../../schema/api/passage-roles";
import { nounPhrasesIn } from "../text/noun-phrase";

/** What customers ask of a passage of each role, whatever the business. `{np}` is one of its noun phrases. */
const ROLE_QUESTIONS: Record<PassageRole, string[]> = {
  fact: ["What is {np}?", "Tell me about {np}."],
  offer: ["How much does {np} cost?", "What is the price?", "How much do I pay?", "Is it cheaper or free?"],
  policy: ["What is your policy on {np}?", "What happens if I cancel or change my mind?", "What are the rules?"],
  how_to: ["How do I {np}?", "How does it work?", "Can I change or choose it?"],
  faq: [],
  story: ["Who started the business?", "When and how did it begin?", "What is your story and history?"],
  team: ["Who works there?", "Who are the people and staff?", "Are they qualified and experienced?"],
  values: ["What do you believe in?", "What do you care about?", "What do you do for the environment, the planet and the community?"],
  voice: ["How do you talk and write?", "What is your tone of voice?"],
  pillars: ["What do you post about?", "What are your content topics?"],
  audience: ["Who are your customers?", "Who is it for?", "Who is your typical or ideal customer?", "Who buys from you?"],
  goals: ["What are your plans?", "What is next for you?", "Are you expanding or opening somewhere new?", "What are your goals for the future?"],
  competitors: ["Why choose you over others?", "How are you different from the competition?", "What makes you better than the big chains?"],
  proof: ["How many customers do you have?", "How good are your results?", "What do customers say about you?", "How successful are you?"],
  contact: ["Where are you?", "When are you open?", "How do I contact you?", "What are your opening hours?"],
};

/** The local engine's questions for a passage: its role's questions, with its noun phrases. */
export function localPassageQuestions(text: string, role: PassageRole): string[] {
  const phrases = [...new Set(nounPhrasesIn(text).map((p) => p.text.toLowerCase()))].slice(0, 3);
  const out: string[] = [];
  for (const q of ROLE_QUESTIONS[role]) {
    if (!q.includes("{np}")) out.push(q);
    else for (const np of phrases) out.push(q.replace("{np}", np));
  }
  return out;
}
