// The brain area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { brainDeps, type BrainDeps } from "./deps";
export { addFileDocument, addTextDocument, addUrlDocument, deleteDocument, getDocument, listDocuments } from "./documents";
export { EXTRACT_MESSAGES } from "./extract";
export { type Passage } from "./passages";
export { BrainProcessingError, failDocument, processDocument } from "./pipeline";
export { type BrainMatch, queryBrain, searchBrain, topInsights } from "./query";
export { indexStatusFor, reindexProject } from "./reindex";
export { setSegmentRole } from "./segments";
export { projectSummary } from "./summary";
export { BRAIN_MESSAGES } from "./text";
export { feedBrainWithWizardDocuments } from "./wizard-feed";
