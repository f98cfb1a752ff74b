import { drizzle } from "drizzle-orm/d1";
import * as auth from "../../schema/db/auth";
import * as projects from "../../schema/db/projects";
import * as brain from "../../schema/db/brain";
import * as social from "../../schema/db/social";
import * as posts from "../../schema/db/posts";

export const schema = { ...auth, ...projects, ...brain, ...social, ...posts };

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;
