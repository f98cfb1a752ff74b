import { Hono, type Context } from "hono";
import { projectParam } from "../../schema/api/common";
import { createReviewLinkSchema, reviewLinkParam, reviewPostParam, reviewTokenParam, reviewVisitorDecisionSchema } from "../../schema/api/review-links";
import { createdReviewLinkResponse, reviewDecisionDoneResponse, reviewLinkListResponse, sharedReviewResponse } from "../../schema/api/team-responses";
import { mailAdapter } from "../adapters/mail";
import { publicOrigin } from "../lib/app-config";
import type { AppEnv } from "../lib/context";
import { describeRoute } from "../lib/openapi";
import { clientIp } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { createReviewLink, decideByLink, listReviewLinks, openReview, revokeReviewLink } from "../services/projects";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context (its input types differ)
const origin = (c: Context<AppEnv, any, any>) => publicOrigin(c.env, c.req.url);

// Review links (decision 265): members make, list and revoke them; the token alone opens the shared
// posts and takes a visitor's decision. Thin: the services check roles and the link.
export const reviewLinkRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/review-links",
    describeRoute({ summary: "The project's review links that still work, newest first", responses: { 200: reviewLinkListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await listReviewLinks(serviceContext(c), c.req.valid("param").projectId)),
  )
  .post(
    "/projects/:projectId/review-links",
    describeRoute({
      summary: "Share posts (chosen ones, or a date range and networks) through a login-free link (Owner, Editor); the URL is shown only here",
      responses: { 201: createdReviewLinkResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", createReviewLinkSchema),
    async (c) => c.json(await createReviewLink(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), origin(c)), 201),
  )
  .delete(
    "/projects/:projectId/review-links/:linkId",
    describeRoute({ summary: "Revoke a review link (Owner, Editor): it stops working at once", responses: { 204: null } }),
    requireUser,
    validate("param", reviewLinkParam),
    async (c) => {
      const { projectId, linkId } = c.req.valid("param");
      await revokeReviewLink(serviceContext(c), projectId, linkId);
      return c.body(null, 204);
    },
  )
  .get(
    "/review/:token",
    describeRoute({
      summary: "The posts a review link shares, read-only (no sign-in; 410 when expired or revoked)",
      public: true,
      responses: { 200: sharedReviewResponse },
    }),
    validate("param", reviewTokenParam),
    async (c) => c.json(await openReview(c.get("db"), c.req.valid("param").token, clientIp(c.req, c.env))),
  )
  .post(
    "/review/:token/posts/:postId/decision",
    describeRoute({
      summary: "A visitor approves a shared post or requests changes, with their name (no sign-in); it lands in the post's comments and mails the Owners",
      public: true,
      responses: { 201: reviewDecisionDoneResponse },
    }),
    validate("param", reviewPostParam),
    validate("json", reviewVisitorDecisionSchema),
    async (c) => {
      const { token, postId } = c.req.valid("param");
      const db = c.get("db");
      return c.json(
        await decideByLink({ db, mail: mailAdapter(c.env, db), origin: origin(c) }, token, postId, c.req.valid("json"), clientIp(c.req, c.env)),
        201,
      );
    },
  );
