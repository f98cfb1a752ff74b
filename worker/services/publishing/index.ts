// The publishing area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { claimAndEnqueueDue, claimPostsNow } from "./claim";
export { publishClaimedPost } from "./publish";
