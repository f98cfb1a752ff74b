// The planner area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { checkImport, exportPostsCsv, importPosts } from "./import";
export { bulkPosts, createSeries, getSlots, putSlots, queuePost, queueSlots, updateSeriesFrom } from "./schedule";
