// The analytics area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { getAnalytics, getPostMetrics } from "./analytics";
export { getDashboard } from "./dashboard";
export { collectMetrics } from "./metrics-collect";
