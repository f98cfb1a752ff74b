// A passage's role, corrected by the user in Explore Knowledge (decision 182). The correction is
// marked "user" so processing the document again keeps it; the query's index cache notices the
// change (brain-query.ts's token) and the summary is rebuilt on its next read.
import { and, eq } from "drizzle-orm";
import { brainSegments } from "../../../schema/db/brain";
import type { BrainSegmentDto } from "../../../schema/api/brain";
import type { PassageRole } from "../../../schema/api/passage-roles";
import { ApiError } from "../../lib/errors";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";
import { clearSummary } from "./summary";

export async function setSegmentRole(ctx: ServiceContext, projectId: string, segmentId: string, role: PassageRole): Promise<BrainSegmentDto> {
  const { db } = ctx;
  await ownedProject(db, ctx.caller.id, projectId);
  const row = await db
    .update(brainSegments)
    .set({ role, roleSource: "user" })
    .where(and(eq(brainSegments.id, segmentId), eq(brainSegments.projectId, projectId)))
    .returning({
      id: brainSegments.id,
      documentId: brainSegments.documentId,
      content: brainSegments.content,
      role: brainSegments.role,
      roleSource: brainSegments.roleSource,
    })
    .get();
  if (!row) throw new ApiError(404, "not_found", "Passage not found");
  await clearSummary(db, projectId);
  return { id: row.id, document_id: row.documentId, content: row.content, role: row.role, role_source: row.roleSource };
}
