// The passage role classifier (decision 182): one role per passage, set at ingest from
// the passage's shape (a FAQ pair is a FAQ), the heading/label it was written under and cues in its
// text (roles/cues.ts). The user can correct it in Explore Knowledge; a correction is kept.
import type { PassageRole } from "../../../schema/api/passage-roles";
import type { Passage } from "../../services/brain";
import { ROLE_CUES, ROLE_PRIORITY } from "./cues";

const LABEL_WEIGHT = 3;
const FAQ_SHAPE_WEIGHT = 2.5;
const TEXT_WEIGHT = 1;

/** Scores of each role for a passage (highest wins). */
function roleScores(passage: Pick<Passage, "text" | "shape" | "label">): Map<PassageRole, number> {
  const scores = new Map<PassageRole, number>();
  const add = (role: PassageRole, n: number) => scores.set(role, (scores.get(role) ?? 0) + n);
  // The label of a FAQ pair is its question: it says what is asked, not what the passage is for.
  const label = passage.shape === "faq" ? undefined : passage.label;
  const body = label && passage.text.startsWith(`${label}: `) ? passage.text.slice(label.length + 2) : passage.text;
  if (passage.shape === "faq") add("faq", FAQ_SHAPE_WEIGHT);
  for (const role of ROLE_PRIORITY) {
    const cues = ROLE_CUES[role];
    if (label && cues.label?.test(label)) add(role, LABEL_WEIGHT);
    for (const re of cues.text ?? []) if (re.test(body)) add(role, TEXT_WEIGHT);
  }
  return scores;
}

/** The role of one passage; "fact" when nothing points elsewhere. */
export function classifyPassage(passage: Pick<Passage, "text" | "shape" | "label">): PassageRole {
  const scores = roleScores(passage);
  let best: PassageRole = "fact";
  let bestScore = 0;
  for (const role of ROLE_PRIORITY) {
    const s = scores.get(role) ?? 0;
    if (s > bestScore) {
      best = role;
      bestScore = s;
    }
  }
  return best;
}
