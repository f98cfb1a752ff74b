// What a brain passage is for (docs/architecture.md "The brain: passages with roles"). Set at ingest by the
// brain's role classifier, shown as a tag in Explore Knowledge and editable by the user. The brain
// ranks and the overview groups by role; the writer draws facts from the public roles only and lets
// the internal ones steer wording (an internal passage is never published as post text).
import { z } from "zod";

export const PASSAGE_ROLES = [
  "fact",
  "offer",
  "policy",
  "how_to",
  "faq",
  "story",
  "team",
  "values",
  "voice",
  "pillars",
  "audience",
  "goals",
  "competitors",
  "proof",
  "contact",
] as const;

export const passageRoleSchema = z.enum(PASSAGE_ROLES);
export type PassageRole = z.infer<typeof passageRoleSchema>;

/** Roles that guide the writer and the overview but are never quoted in a post. */
const INTERNAL_PASSAGE_ROLES: ReadonlySet<PassageRole> = new Set(["voice", "pillars", "audience", "goals", "competitors"]);

export function isInternalRole(role: PassageRole | null | undefined): boolean {
  return role != null && INTERNAL_PASSAGE_ROLES.has(role);
}

/** The tag Explore Knowledge shows for each role. */
export const PASSAGE_ROLE_LABELS: Record<PassageRole, string> = {
  fact: "Fact",
  offer: "Offer & price",
  policy: "Policy",
  how_to: "How-to",
  faq: "FAQ",
  story: "Story",
  team: "Team",
  values: "Values",
  voice: "Voice & style",
  pillars: "Content pillars",
  audience: "Audience",
  goals: "Goals & plans",
  competitors: "Positioning",
  proof: "Proof",
  contact: "Contact & hours",
};
