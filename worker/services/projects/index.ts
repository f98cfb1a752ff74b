// The projects area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { activityInsert, listActivity, logActivity, sweepActivity } from "./activity";
export { deleteProject } from "./delete";
export { checkSubmission, createProject, deleteDocument, listDocuments } from "./documents";
export { acceptInvitation, changeRole, getTeam, invite, removeMember, resendInvitation, revokeInvitation } from "./members";
export { getProject, listProjects, projectProgress, setOnboardingSeen, updateProject } from "./projects";
export { createReviewLink, decideByLink, listReviewLinks, openReview, revokeReviewLink } from "./review-links";
export { mentionMail } from "./team-mail";
