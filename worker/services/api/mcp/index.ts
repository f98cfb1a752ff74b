// The public API's mcp area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { createMcpServer } from "./tools";
