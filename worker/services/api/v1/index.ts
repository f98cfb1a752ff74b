// The public API's v1 area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { toV1Account, toV1BrainDocument, toV1Project } from "./accounts";
export { idempotencyKeyOf, idempotent, requestFingerprint, type Stored } from "./idempotency";
export { pageOf } from "./pagination";
export { checkIfMatch, createNetworkPosts, listPostPage, postEtag } from "./posts";
