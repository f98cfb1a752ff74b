// Public surface of the social area for publishing (the social area fills this in).
import type { Db } from "../lib/db";
import type { Env } from "../env";
import type { SocialPlatform } from "../adapters/platforms/types";

export type PublishingCredentials = { accountId: string; platformUserId: string; accessToken: string };

/**
 * The project's connected account for a platform with a usable access token, refreshed first when
 * within 5 minutes of expiry (one refresh per account at a time). Throws ApiError
 * "No connected {platform} account found" when there is none.
 */
export async function getPublishingCredentials(_db: Db, _env: Env, _projectId: string, _platform: SocialPlatform): Promise<PublishingCredentials> {
  throw new Error("not implemented yet");
}

/** Marks an account whose token was revoked: the UI shows "Reconnect needed". */
export async function markReconnectNeeded(_db: Db, _accountId: string): Promise<void> {
  throw new Error("not implemented yet");
}
