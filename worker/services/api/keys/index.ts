// The public API's keys area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { keyPost, keyProject, keyReaches, requireScope } from "./access";
export { authenticateApiKey, bearerKey, createApiKey, type KeyCaller, listApiKeys, revokeApiKey } from "./keys";
export { enforceKeyGenerationLimit, enforceKeyRequestLimit } from "./limits";
export { recordKeyRequest } from "./usage";
