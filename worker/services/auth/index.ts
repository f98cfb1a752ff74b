// The auth area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { deleteAccount, listPrefix, R2_DELETE_BATCH } from "./account-deletion";
export { type AuthCtx, login, logout, requestMagicLink, requestPasswordReset, resendVerification, signup, updatePassword, verifyMagicLink } from "./auth";
