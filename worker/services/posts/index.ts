// The posts area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { assistCapabilities, assistDraft, checkDraftClaims } from "./claim-check";
export { generateContent } from "./generation";
export { postListJsonQuery, postListText } from "./json";
export { postEventInsert, postsSubject, postWriter, timedStatus } from "./lifecycle";
export { deleteLibraryImage, listLibrary, updateLibraryImage } from "./library";
export { MEDIA_CACHE_CONTROL, readPublicMedia, SIZE_MESSAGE, storeImage, uploadImage } from "./media";
export {
  CREATED_ACTION,
  createPost,
  createPosts,
  deletePost,
  emitScheduled,
  getPost,
  hasConnectedAccount,
  listCalendarPosts,
  listPosts,
  newPostRow,
  noAccountMessage,
  publishPostNow,
  readPost,
  resolveMedia,
  retryPost,
  toPostDto,
  updatePost,
} from "./posts";
export { addComment, commentCounts, decide, listComments } from "./review";
export { type PostRuleIssue, postRuleIssues, throwFirst } from "./rules";
