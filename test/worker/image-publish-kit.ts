// Shared by the tests of images prepared per network (decisions 126, 128, 129): a photo-like test
// image, an upload through the API, and one post scheduled and published through the real cron,
// queue consumer and platform sandbox, with what the sandbox kept.
import { env } from "cloudflare:workers";
import jpeg from "jpeg-js";
import { expect } from "vitest";
import type { MediaInfo } from "../../schema/api/posts";
import type { Env, PublishJob } from "../../worker/env";
import { claimDuePosts } from "../../worker/jobs/publish-cron";
import { call, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { connectNetwork, networkState, sandboxAccountName, uname, type NewNetwork } from "./network-helpers";
import { readPost } from "./posts-fixtures";
import { servePreparedMedia } from "./public-media";
import { deliverPublish, recordingQueue } from "./queue-kit";

/** A photo-like JPEG (gradients with sensor-like noise, quality 95): 2400x1800 with noise 20 is about 3.3 MB. */
export function photo(width: number, height: number, noise: number, quality = 95): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = clamp(120 + 100 * Math.sin(x / 97) + rand() * noise);
      data[i + 1] = clamp((y * 255) / height + rand() * noise);
      data[i + 2] = clamp(((x + y) % 256) + rand() * noise);
      data[i + 3] = 255;
    }
  }
  const out = jpeg.encode({ data, width, height }, quality).data;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

const testEnv = () => ({ ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "2000" }) as Env;

const deliver = async (e: Env, jobs: PublishJob[]) => (await deliverPublish(e, jobs)).acked;

export async function upload(
  user: TestUser,
  bytes: Uint8Array,
  file: { name: string; type: string } = { name: "IMG_2041.jpg", type: "image/jpeg" },
): Promise<MediaInfo> {
  const fd = new FormData();
  fd.set("file", new File([bytes.slice()], file.name, { type: file.type }));
  const res = await call(`/api/projects/${user.projectId}/media`, { method: "POST", headers: { cookie: user.cookie, origin: ORIGIN }, body: fd });
  expect(res.status).toBe(201);
  return (await res.json()) as MediaInfo;
}

export const mediaRows = async (projectId: string) =>
  (
    await env.DB.prepare("select r2_key, file_type, file_size from media where project_id = ? order by created_at")
      .bind(projectId)
      .all<{ r2_key: string; file_type: string; file_size: number }>()
  ).results;

/** Networks whose sandbox downloads image_url (Threads, Instagram) rather than taking the bytes. */
const BY_URL: readonly NewNetwork[] = ["threads"];

/**
 * Schedules `photoBytes` on `network` through the API, publishes it (twice: the redelivery does
 * nothing) and returns what the sandbox kept. `instance` picks the Mastodon server; `bindings` are
 * added to the Worker's env (a fake Images binding).
 */
export async function scheduleAndPublish(
  network: NewNetwork,
  photoBytes: Uint8Array,
  opts: { instance?: string; file?: { name: string; type: string }; bindings?: Record<string, unknown> } = {},
) {
  const user = await signIn();
  const username = uname();
  await connectNetwork(user, network, username, opts.instance ? { instance: opts.instance } : {});
  const media = await upload(user, photoBytes, opts.file);
  const content = `Phone photo ${crypto.randomUUID().slice(0, 6)}`;
  const res = await json(user, "POST", `/api/projects/${user.projectId}/posts`, {
    content,
    platform: network,
    mode: "schedule",
    scheduled_for: new Date(Date.now() - 1000).toISOString(),
    media_info: media,
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  // The app is not reachable from the sandbox in worker tests: it is handed what the app would serve.
  if (BY_URL.includes(network)) await servePreparedMedia(user.projectId, media.url, network);
  const { queue, sent: jobs } = recordingQueue<PublishJob>();
  const e = { ...testEnv(), ...opts.bindings, PUBLISH_JOBS: queue } as Env;
  await claimDuePosts(e, Date.now());
  const mine = jobs.filter((j) => j.postId === id);
  expect(await deliver(e, mine)).toEqual([id]);
  await deliver(e, mine);
  const row = await readPost(id);
  expect(row?.error_message ?? null).toBeNull();
  expect(row?.status).toBe("published");
  const state = await networkState(network, sandboxAccountName(network, username));
  expect(state.items).toHaveLength(1);
  expect(state.items[0]!.text).toBe(content);
  const imageUrl = state.items[0]!.image_url!;
  // An image the sandbox downloaded is the app's own /media/... URL; an uploaded one the sandbox serves.
  const sent = /^https?:\/\//.test(imageUrl) ? await call(new URL(imageUrl).pathname) : await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}${imageUrl}`);
  expect(sent.status).toBe(200);
  const kept = await call(media.url);
  return {
    user,
    media,
    sent: new Uint8Array(await sent.arrayBuffer()),
    kept: new Uint8Array(await kept.arrayBuffer()),
    keptType: kept.headers.get("content-type"),
  };
}
