// The one closed set of error codes (decision 210). Every error the app's API, the public v1 API
// and the MCP server answer is `{ error: { code, message, fields? } }` with a code from this table,
// whose HTTP status is fixed here: a client switches on `code`, never on the message text (the
// message is for people and may change). Adding a code is an API change: add it here, nowhere else.
export const ERRORS = {
  // The request itself.
  invalid_input: { status: 400, message: "Invalid input" },
  invalid_token: { status: 400, message: "This link is invalid or has expired" },
  connect_failed: { status: 400, message: "The network refused the connection" },
  oauth_exchange_failed: { status: 400, message: "Failed to exchange code" },
  // Who is asking.
  unauthorized: { status: 401, message: "Not signed in" },
  invalid_credentials: { status: 401, message: "Invalid email or password" },
  forbidden: { status: 403, message: "Forbidden" },
  insufficient_scope: { status: 403, message: "This API key does not have the scope this request needs" },
  email_not_verified: { status: 403, message: "Please verify your email address first" },
  // What it names.
  not_found: { status: 404, message: "Not found" },
  clerk_enabled: { status: 404, message: "Built-in sign-in is disabled: this app signs in through Clerk" },
  conflict: { status: 409, message: "Conflict" },
  idempotency_conflict: { status: 409, message: "This Idempotency-Key was already used with a different request" },
  // A review link past its expiry or revoked (decision 265): the page says so instead of "not found".
  gone: { status: 410, message: "This link has expired or was revoked" },
  precondition_failed: { status: 412, message: "The resource changed since you read it (ETag mismatch). Read it again, then retry." },
  too_large: { status: 413, message: "The request body is too large" },
  no_content: { status: 422, message: "No content generated" },
  needs_ai_engine: { status: 422, message: "This helper needs an AI engine (OpenAI or Workers AI); the local writer cannot do it" },
  rate_limited: { status: 429, message: "Too many requests. Please try again later." },
  // Ours or a service's failure.
  internal: { status: 500, message: "Something went wrong. Please try again." },
  misconfigured: { status: 500, message: "The server is not configured correctly" },
  mail_failed: { status: 502, message: "Failed to send the email" },
  generation_failed: { status: 502, message: "Failed to generate content. Please try again." },
  summary_failed: { status: 502, message: "Failed to load project summary. Please try again." },
  network_unavailable: { status: 502, message: "The network could not be reached. Please try again." },
  unavailable: { status: 503, message: "Temporarily unavailable. Please try again." },
  not_configured: { status: 503, message: "This server is not configured yet" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERRORS)[C]["status"];
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

export type ApiErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };
