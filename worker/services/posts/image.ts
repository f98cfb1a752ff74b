// The image of a generated post for a network that needs one (decision 118): an AI image when the engine has
// an image model, else the on-brand card (card.ts). A post is never left without an image
// and generation never fails because of one: a refusal, an error, bytes that are not a JPEG or PNG
// the network accepts, or no answer before the deadline all fall back to the card. The model's
// bytes are checked before anything is stored and then stored through the upload path (same R2
// key scheme, content checks and media row as the card), so each post's image is stored once and
// a failed attempt leaves nothing behind. All images of one generation share one deadline
// (AI_IMAGE_TIMEOUT_MS, default 90 s) and run at most 4 at a time, so a long campaign waits a
// bounded time; posts whose image is not ready by then get the card.
import { checkPostRules } from "../../../platforms/validation";
import { isPlatformId, platformMeta, type PlatformId } from "../../../platforms/registry";
import type { Platform } from "../../../schema/api/common";
import { MAX_IMAGE_BYTES, type MediaInfo } from "../../../schema/api/posts";
import { ImageModelError, imagePrompt } from "../../adapters/ai/image-model";
import type { AiEngine, AiImageModel, BrandProfile } from "../../adapters/ai/types";
import type { Env } from "../../env";
import { imageSize } from "../../../platforms/shared/image-size";
import { sniffImage, uploadImage } from "./media";
import { makePostCard } from "./card";
import type { ServiceContext } from "../context";

const AI_IMAGE_TIMEOUT_MS = 90_000;
const CONCURRENCY = 4;
/** Networks whose generated posts get an image: those that publish nothing without one (capability data: rules.images.required). */
const needsImage = (platform: Platform): boolean => isPlatformId(platform) && platformMeta(platform).rules.images.required;

export type PostImageRequest = { platform: Platform; keyLine: string };

/** The model's bytes as an image the network accepts (JPEG/PNG by content, size, aspect), or throws. */
export function checkModelImage(bytes: Uint8Array, platform: Platform): { type: "image/jpeg" | "image/png"; ext: "jpg" | "png" } {
  const kind = sniffImage(bytes.subarray(0, 16));
  if (!kind || kind.type === "image/gif") throw new ImageModelError("the answer is not a JPEG or PNG image");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageModelError(`the image is too large (${bytes.byteLength} bytes)`);
  const size = imageSize(bytes);
  if (!size || size.width < 256 || size.height < 256) throw new ImageModelError("the image's size cannot be read or is too small");
  const issue = checkPostRules({ platform, content: "", hashtags: [], image: { type: kind.type, size: bytes.byteLength, ...size } }).find(
    (i) => i.field === "media_info",
  );
  if (issue) throw new ImageModelError(issue.message);
  return kind as { type: "image/jpeg" | "image/png"; ext: "jpg" | "png" };
}

/** Runs `run` until the deadline; past it the call is aborted and this throws. */
async function beforeDeadline<T>(deadline: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new ImageModelError("no time left for the image model");
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ImageModelError(`no image within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function aiImage(
  ctx: ServiceContext,
  model: AiImageModel,
  projectId: string,
  brand: BrandProfile,
  req: PostImageRequest,
  deadline: number,
): Promise<MediaInfo> {
  const bytes = await beforeDeadline(deadline, (signal) => model.generate(imagePrompt({ keyLine: req.keyLine, brand }), { signal }));
  const kind = checkModelImage(bytes, req.platform);
  const file = new File([new Uint8Array(bytes)], `ai-image.${kind.ext}`, { type: kind.type });
  return uploadImage(ctx, projectId, { file, kind: "ai" });
}

function timeoutSetting(env: Env): number {
  const n = Number(env.AI_IMAGE_TIMEOUT_MS);
  return env.AI_IMAGE_TIMEOUT_MS && Number.isFinite(n) && n > 0 ? n : AI_IMAGE_TIMEOUT_MS;
}

/**
 * The images of a generation's posts, same order: media for each post whose network needs an
 * image (the AI image, else the card), undefined for the others and for a post whose card also
 * failed (it then keeps no image, and the user attaches one).
 */
export async function makePostImages(
  ctx: ServiceContext,
  engine: Pick<AiEngine, "image">,
  projectId: string,
  brand: BrandProfile & { color?: string | null },
  requests: PostImageRequest[],
): Promise<(MediaInfo | undefined)[]> {
  const { env } = ctx;
  const out: (MediaInfo | undefined)[] = requests.map(() => undefined);
  const todo = requests.flatMap((r, i) => (needsImage(r.platform) ? [i] : []));
  const deadline = Date.now() + timeoutSetting(env);
  const one = async (i: number) => {
    const req = requests[i]!;
    if (engine.image) {
      try {
        out[i] = await aiImage(ctx, engine.image, projectId, brand, req, deadline);
        return;
      } catch (err) {
        console.warn(`image model ${engine.image.model} gave no usable image; the post gets the brand card`, err instanceof Error ? err.message : err);
      }
    }
    try {
      out[i] = await makePostCard(ctx, projectId, {
        keyLine: req.keyLine,
        projectName: brand.name,
        brandColor: brand.color,
        rules: platformMeta(req.platform as PlatformId).rules.images,
      });
    } catch (err) {
      console.warn("post card failed; the post keeps no image", err);
    }
  };
  // A small pool: at most CONCURRENCY model calls at once.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, todo.length) }, async () => {
      while (next < todo.length) await one(todo[next++]!);
    }),
  );
  return out;
}
