import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster } from "../../frontend/components/ui/toaster";
import type { Post } from "../../schema/api/posts";
import { CALENDAR_ROW_FIELDS, toCalendarRow, type CalendarPage } from "../../schema/api/calendar";
import type { Project } from "../../schema/api/projects";
import type { SocialAccount } from "../../schema/api/social";

import { fakeApi, type FakeRoute } from "./fake-api";

export { jsonResponse } from "./fake-api";

/** A connected Mastodon account whose server allows `maxLength` characters (null: not known). */
export const mastodonAccount = (maxLength: number | null): SocialAccount => ({
  id: "acc-m",
  platform: "mastodon",
  account_name: "@acme",
  username: "acme",
  created_at: 0,
  token_status: "active",
  expires_at: null,
  last_refresh: null,
  reconnect_by: null,
  max_length: maxLength,
});

/** The current project of a signed-in test user; tests override what they look at. */
export function makeProject(over: Partial<Project> = {}): Project {
  return {
    id: "p1",
    user_id: "u1",
    name: "Acme",
    industry: "Technology",
    brand_voice: "Professional",
    description: "A brand",
    has_seen_onboarding: true,
    user_email: "a@example.com",
    created_at: 0,
    role: "owner",
    approvals_required: false,
    owner_posts_need_review: false,
    brand_color: null,
    ...over,
  };
}

/** GET /api/projects/:id/calendar's answer for these posts (decision 171: rows, fields named once). */
export function calendarAnswer(posts: Post[]): CalendarPage {
  return { fields: CALENDAR_ROW_FIELDS, posts: posts.map(toCalendarRow) };
}

/**
 * The calendar's side of the API over posts the test holds (fake-api.ts): the visible range's read
 * (posts whose time is in [from, to)), no drafts, and a post's read, edit, delete, publish (done by
 * the next read) and retry. `extra` routes answer first. Returns the fake's recorded calls.
 */
export function calendarApi(store: { posts: Post[] }, extra: Record<string, FakeRoute> = {}, projectId = "p1") {
  const find = (id: string) => store.posts.find((p) => p.id === id);
  const notFound: [number, unknown] = [404, { error: { code: "not_found", message: "Not found" } }];
  return fakeApi({
    ...extra,
    [`GET /api/projects/${projectId}/calendar`]: ({ query }) => {
      if (query.get("status") === "draft") return calendarAnswer([]);
      const from = Date.parse(query.get("from")!);
      const to = Date.parse(query.get("to")!);
      return calendarAnswer(store.posts.filter((p) => Date.parse(p.scheduled_for) >= from && Date.parse(p.scheduled_for) < to));
    },
    "GET /api/posts/:id": ({ params }) => {
      const p = find(params.id!);
      // The publisher finishes by the time the page polls the post.
      if (p?.status === "publishing") p.status = "published";
      return p ?? notFound;
    },
    "PATCH /api/posts/:id": ({ params, body }) => {
      const p = find(params.id!);
      return p ? Object.assign(p, body) : notFound;
    },
    "DELETE /api/posts/:id": ({ params }) => {
      if (!find(params.id!)) return notFound;
      store.posts = store.posts.filter((p) => p.id !== params.id);
      return undefined;
    },
    "POST /api/posts/:id/publish": ({ params }) => {
      const p = find(params.id!);
      return p ? Object.assign(p, { status: "publishing" }) : notFound;
    },
    "POST /api/posts/:id/retry": ({ params }) => {
      const p = find(params.id!);
      return p ? Object.assign(p, { status: "scheduled" }) : notFound;
    },
  });
}

/** The claim check's findings for a text quoting "£25" where the brand's documents say £30 (none without it). */
export function wrongPrice(content: string, reason: string, nearest: { text: string; source: string }) {
  const at = content.indexOf("£25");
  return at < 0 ? [] : [{ text: "£25", start: at, end: at + 3, kind: "price", reason, nearest: { ...nearest, segment_id: "s1" }, suggestion: "£30" }];
}

/** A scheduled Twitter post DTO as the API returns it; tests override what they look at. */
export function makePost(over: Partial<Post> = {}): Post {
  return {
    id: "post1",
    project_id: "p1",
    campaign_id: null,
    platform: "twitter",
    content: "Hello",
    hashtags: [],
    scheduled_for: new Date().toISOString(),
    status: "scheduled",
    media_info: null,
    media_url: null,
    image_prompt: null,
    sources: [],
    publish_attempts: 0,
    last_attempt: null,
    published_at: null,
    error_message: null,
    platform_post_id: null,
    created_at: new Date().toISOString(),
    series_id: null,
    message_id: null,
    ...over,
  };
}

/** Renders an app page signed in as u1 with `project`, a fresh SWR cache (no dedupe) and the toaster. */
export function renderAppPage(page: ReactNode, project: Project) {
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@b.c" }, project }}>
          <MemoryRouter>{page}</MemoryRouter>
          <Toaster />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}

/** A stand-in XMLHttpRequest whose upload progress and answer the test drives (the upload dialogs report real progress through XHR). */
export class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  responseType = "";
  withCredentials = false;
  method = "";
  url = "";
  sent: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
