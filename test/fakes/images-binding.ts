// A fake of the Worker's Cloudflare Images binding (`IMAGES`) for tests in workerd. Each output()
// is first checked by the fakes server against the binding's contract (test/fakes/images.ts,
// test/contracts/cf-images/binding.json): what the binding refuses is refused here, by throwing an
// Error with the binding's numeric `code` as an ImagesError does. Then it does the work with the
// Worker's JavaScript converter: the last transform's width, never wider than the image
// (fit "scale-down", the binding's default), as a JPEG. `fail` makes the service answer an error of
// its own (busy, quota used up); `probe: true` marks calls of a test probing the fake itself.
import { imageSize } from "../../platforms/shared/image-size";
import { toJpegUnder } from "../../worker/lib/image-convert";
import type { ImagesCall } from "../contracts/images-binding";

type Refusal = { code: number; message: string };
type Step = ImagesCall["steps"][number];

/** The type a file's first bytes say it is (what the service reads, not what it was called). */
function sniff(b: Uint8Array): string | null {
  if (b[0] === 0xff && b[1] === 0xd8) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "image/gif";
  if (String.fromCharCode(...b.slice(8, 12)) === "WEBP") return "image/webp";
  return null;
}

export type FakeImagesBinding = ImagesBinding & { calls: ImagesCall[] };

export function fakeImagesBinding(fakesUrl: string, options: { probe?: boolean; fail?: Refusal } = {}): FakeImagesBinding {
  const calls: ImagesCall[] = [];
  const refuse = (r: Refusal) => Object.assign(new Error(`IMAGES_TRANSFORM_ERROR ${r.code}: ${r.message}`), { code: r.code });
  const binding = {
    calls,
    input(stream: ReadableStream<Uint8Array>, inputOptions?: ImageInputOptions): ImageTransformer {
      const steps: Step[] = [];
      const transformer: ImageTransformer = {
        transform(t: ImageTransform) {
          steps.push({ transform: t });
          return transformer;
        },
        draw(_image: unknown, o?: ImageDrawOptions) {
          steps.push({ draw: o ?? {} });
          return transformer;
        },
        async output(o: ImageOutputOptions): Promise<ImageTransformationResult> {
          const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
          const type = sniff(bytes);
          const size = imageSize(bytes);
          const call: ImagesCall = { input: inputOptions ?? {}, steps, output: o, image: { type, bytes: bytes.byteLength, ...(size ?? {}) } };
          calls.push(call);
          const res = await fetch(`${fakesUrl.replace(/\/+$/, "")}/cf-images/output`, {
            method: "POST",
            body: JSON.stringify(call),
            ...(options.probe ? { headers: { "x-contract-probe": "1" } } : {}),
          });
          const { refusal } = (await res.json()) as { refusal: Refusal | null };
          if (refusal) throw refuse(refusal);
          if (options.fail) throw refuse(options.fail);
          if (o.format !== "image/jpeg" || steps.some((s) => "draw" in s)) throw new Error("the fake Images binding makes JPEGs only, without draw()");
          const widths = steps.flatMap((s) => ("transform" in s && (s.transform as ImageTransform).width ? [(s.transform as ImageTransform).width!] : []));
          const out = (await toJpegUnder(bytes, type!, Infinity, widths.at(-1) ?? Infinity)).data;
          return {
            response: () => new Response(out.slice(), { headers: { "content-type": o.format } }),
            contentType: () => o.format,
            image: () => new Response(out.slice()).body!,
          };
        },
      };
      return transformer;
    },
  };
  return binding as unknown as FakeImagesBinding;
}
