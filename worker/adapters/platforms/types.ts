// The social platform adapter: X and Instagram behind one small interface. Everything that holds
// a secret (code exchange, refresh, publishing) runs here in the Worker, never in the browser.

export type SocialPlatform = "twitter" | "instagram";

export type TokenSet = {
  accessToken: string;
  /** null when the platform has none (Instagram); a refresh never overwrites a stored one with empty. */
  refreshToken: string | null;
  /** Epoch ms, or null when the token does not expire. */
  expiresAt: number | null;
};

export type PlatformAccount = { id: string; username: string };

/**
 * Typed publishing errors decide what the pipeline does:
 * - retryable: 5xx, 429 (retryAfterMs from Retry-After), network -> retry with backoff, then failed
 * - auth: token revoked/invalid -> failed, account marked reconnect_needed
 * - rejected: bad content, too long -> failed at once
 * - unknown_outcome: timed out after sending -> reconcile before trying again
 */
export class PlatformError extends Error {
  constructor(
    readonly kind: "retryable" | "auth" | "rejected" | "unknown_outcome",
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface PlatformAdapter {
  readonly platform: SocialPlatform;
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet & { account: PlatformAccount }>;
  refresh(input: { accessToken: string; refreshToken: string | null }): Promise<TokenSet>;
  /** Publishes text with an optional image at a public URL; returns the platform's post id. */
  publish(input: {
    accessToken: string;
    accountId: string;
    text: string;
    imageUrl?: string;
    /** The image's bytes when the caller already has them (from R2); otherwise imageUrl is fetched. */
    image?: { data: ArrayBuffer | Uint8Array; contentType: string };
  }): Promise<{ platformPostId: string }>;
  /** Reconciliation: the id of a recent post of this account with this text, if it exists. */
  findRecentPost(input: { accessToken: string; accountId: string; text: string; sinceMs: number }): Promise<string | null>;
}
