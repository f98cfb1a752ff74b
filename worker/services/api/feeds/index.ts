// The public API's feeds area's surface (RSS to drafts, decision 284): what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { createFeed, deleteFeed, listFeeds } from "./feeds";
export { pollDueFeeds } from "./poll";
