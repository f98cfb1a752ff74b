import { Hono } from "hono";
import { postParam, projectParam } from "../../schema/api/common";
import { activityListResponse } from "../../schema/api/activity";
import { projectResponse } from "../../schema/api/projects-responses";
import {
  acceptInvitationSchema,
  commentCountsQuery,
  commentSchema,
  invitationParam,
  inviteSchema,
  memberParam,
  reviewDecisionSchema,
  roleChangeSchema,
} from "../../schema/api/team";
import {
  commentCountsResponse,
  invitationResponse,
  memberResponse,
  postCommentListResponse,
  postCommentResponse,
  teamResponse,
} from "../../schema/api/team-responses";
import { publicOrigin } from "../lib/app-config";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { listActivity } from "../services/projects";
import { addComment, commentCounts, decide, listComments } from "../services/posts";
import { acceptInvitation, changeRole, getTeam, invite, removeMember, resendInvitation, revokeInvitation } from "../services/projects";

// Team (decision 200): members, roles, invitations, activity. Thin: the services check the role.
export const teamRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/members",
    describeRoute({ summary: "The project's members and pending invitations", responses: { 200: teamResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await getTeam(serviceContext(c), c.req.valid("param").projectId)),
  )
  .post(
    "/projects/:projectId/invitations",
    describeRoute({ summary: "Invite a member by email with a role (Owner); mails a single-use link valid 7 days", responses: { 201: invitationResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("json", inviteSchema),
    async (c) => c.json(await invite(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), publicOrigin(c.env, c.req.url)), 201),
  )
  .post(
    "/projects/:projectId/invitations/:invitationId/resend",
    describeRoute({ summary: "Mail a pending invitation again with a new link (Owner)", responses: { 200: invitationResponse } }),
    requireUser,
    validate("param", invitationParam),
    async (c) => {
      const { projectId, invitationId } = c.req.valid("param");
      return c.json(await resendInvitation(serviceContext(c), projectId, invitationId, publicOrigin(c.env, c.req.url)));
    },
  )
  .delete(
    "/projects/:projectId/invitations/:invitationId",
    describeRoute({ summary: "Revoke a pending invitation (Owner)", responses: { 204: null } }),
    requireUser,
    validate("param", invitationParam),
    async (c) => {
      const { projectId, invitationId } = c.req.valid("param");
      await revokeInvitation(serviceContext(c), projectId, invitationId);
      return c.body(null, 204);
    },
  )
  .patch(
    "/projects/:projectId/members/:userId",
    describeRoute({ summary: "Change a member's role (Owner; never the last Owner)", responses: { 200: memberResponse } }),
    requireUser,
    validate("param", memberParam),
    validate("json", roleChangeSchema),
    async (c) => {
      const { projectId, userId } = c.req.valid("param");
      return c.json(await changeRole(serviceContext(c), projectId, userId, c.req.valid("json").role));
    },
  )
  .delete(
    "/projects/:projectId/members/:userId",
    describeRoute({ summary: "Remove a member (Owner) or leave (yourself); never the last Owner", responses: { 204: null } }),
    requireUser,
    validate("param", memberParam),
    async (c) => {
      const { projectId, userId } = c.req.valid("param");
      await removeMember(serviceContext(c), projectId, userId);
      return c.body(null, 204);
    },
  )
  .post(
    "/invitations/accept",
    describeRoute({
      summary: "Accept an invitation (signed in with the invited address); the project joins the caller's list",
      responses: { 200: projectResponse },
    }),
    requireUser,
    validate("json", acceptInvitationSchema),
    async (c) => c.json(await acceptInvitation(serviceContext(c), c.req.valid("json").token)),
  )
  .get(
    "/projects/:projectId/comment-counts",
    describeRoute({ summary: "Comment counts of the posts scheduled in a range (the calendar's cards)", responses: { 200: commentCountsResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("query", commentCountsQuery),
    async (c) => c.json(await commentCounts(serviceContext(c), c.req.valid("param").projectId, c.req.valid("query"))),
  )
  .get(
    "/projects/:projectId/activity",
    describeRoute({ summary: "Who did what in the project, newest first, 90 days", responses: { 200: activityListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await listActivity(serviceContext(c), c.req.valid("param").projectId)),
  );

// Comments and approvals on a post (decision 202).
export const postReviewRoutes = new Hono<AppEnv>()
  .get(
    "/posts/:postId/comments",
    describeRoute({ summary: "A post's comment thread, oldest first", responses: { 200: postCommentListResponse } }),
    requireUser,
    validate("param", postParam),
    async (c) => c.json(await listComments(serviceContext(c), c.req.valid("param").postId)),
  )
  .post(
    "/posts/:postId/comments",
    describeRoute({ summary: "Comment on a post (@email of a member mails them)", responses: { 201: postCommentResponse } }),
    requireUser,
    validate("param", postParam),
    validate("json", commentSchema),
    async (c) => c.json(await addComment(serviceContext(c), c.req.valid("param").postId, c.req.valid("json").body, publicOrigin(c.env, c.req.url)), 201),
  )
  .post(
    "/posts/:postId/review",
    describeRoute({ summary: "Approve a post In review (it becomes Scheduled) or request changes (Owner, Reviewer)", responses: { 201: postCommentResponse } }),
    requireUser,
    validate("param", postParam),
    validate("json", reviewDecisionSchema),
    async (c) => c.json(await decide(serviceContext(c), c.req.valid("param").postId, c.req.valid("json")), 201),
  );
