import { z } from "zod";

/** One line of Settings -> Activity: "{actor} {action} {subject}" at a time. */
export type ActivityEntry = { id: string; actor: string; action: string; subject: string; at: number };

const activityEntryResponse = z.strictObject({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  at: z.number().int(),
}) satisfies z.ZodType<ActivityEntry>;
export const activityListResponse = z.array(activityEntryResponse);
