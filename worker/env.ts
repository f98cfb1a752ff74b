// Bindings and configuration of the Worker. Every outside-service key is optional: without it
// the embedded default adapter is used (docs/architecture.md, "Adapters").
export type Env = {
  DB: D1Database;
  BUCKET: R2Bucket;
  ASSETS?: Fetcher;
  BRAIN_JOBS: Queue<BrainJob>;
  PUBLISH_JOBS: Queue<PublishJob>;
  /** Webhook deliveries (decision 213). */
  WEBHOOK_JOBS: Queue<WebhookJob>;
  VECTORIZE?: VectorizeIndex;
  /** Workers AI (added by the deploy, never locally): the AI engine when no OpenAI key is set. */
  AI?: Ai;

  /** "development" or "test" must be chosen explicitly; anything else (or unset) is production. */
  APP_ENV?: string;
  /** Public origin of the app, e.g. https://app.example.com. Required in production; locally defaults to the request origin. */
  APP_ORIGIN?: string;
  /** Secret used to derive the AES-GCM key for social tokens. */
  TOKEN_ENCRYPTION_KEY?: string;

  CLERK_SECRET_KEY?: string;
  CLERK_PUBLISHABLE_KEY?: string;
  CLERK_JWT_KEY?: string;
  CLERK_AUTHORIZED_PARTIES?: string;
  /** Clerk's Backend API base URL; unset in production (@clerk/backend's https://api.clerk.com). Tests point it at a fake (decision 277). */
  CLERK_API_URL?: string;

  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;

  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_CHAT_MODEL?: string;
  OPENAI_EMBEDDING_MODEL?: string;
  /** Cosine threshold for brain matches with the OpenAI engine (default 0.8 for ada-002). */
  OPENAI_MATCH_THRESHOLD?: string;
  OPENAI_TIMEOUT_MS?: string;
  OPENAI_MAX_RETRIES?: string;
  /** Images API model for posts on networks that need an image (e.g. gpt-image-2; a shut-down one falls back down OPENAI_MODELS.image, decision 230); unset: the brand card (decision 118). */
  OPENAI_IMAGE_MODEL?: string;
  /** Images API quality (gpt-image: low|medium|high|auto). */
  OPENAI_IMAGE_QUALITY?: string;
  /** Workers AI models (defaults: the first of WORKERS_AI_MODELS.chat / .embeddings, worker/adapters/ai/models.ts, as the deploy picks them from the catalog). */
  WORKERS_AI_CHAT_MODEL?: string;
  WORKERS_AI_EMBEDDING_MODEL?: string;
  /** Workers AI text-to-image model (default WORKERS_AI_MODELS.image[0]; "off" keeps the brand card). */
  WORKERS_AI_IMAGE_MODEL?: string;
  /** How long one generation waits for its AI images, in ms (default 90000); posts still waiting get the card. */
  AI_IMAGE_TIMEOUT_MS?: string;

  // Each network's own settings (client ids, API bases) are read by name by its adapter module
  // (platforms/<id>/adapter.ts, envString): none is listed here (decision 233).
  /** The local platform sandbox (test/fakes) used when no platform keys are set. */
  PLATFORM_SANDBOX_URL?: string;
  /** Brain URL scraping: comma-separated host:port pairs exempt from the private-address check (local demo only). */
  SCRAPE_ALLOW_HOSTS?: string;
  /** Brain URL scraping: DNS-over-HTTPS JSON endpoint used to check where hostnames point (default Cloudflare's). */
  SCRAPE_DNS_URL?: string;
  /** Per-request timeout of social network calls in ms (default 15000). */
  PLATFORM_TIMEOUT_MS?: string;
};

export type ProcessDocumentJob = { kind: "process-document"; projectId: string; documentId: string };
/** Re-embeds a project's brain with the current AI engine (decision 116). */
export type BrainJob = ProcessDocumentJob | { kind: "reindex"; projectId: string };
export type PublishJob = { postId: string; claimedAt: number };
export type WebhookJob = { deliveryId: string };
