// The campaigns area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { createCampaign, getCampaign, listCampaigns } from "./campaigns";
