// The Cloudflare Images binding's checks, as the fake binding in workerd sees them
// (test/fakes/images-binding.ts posts each output() call here): POST /cf-images/output with the
// call, answered { refusal } when the binding would refuse it. Calls outside the binding's
// contract are recorded as violations (test/worker/setup.ts fails the test), unless marked as a
// test probing the fake itself (x-contract-probe).
import type { IncomingMessage, ServerResponse } from "node:http";
import { recordViolation } from "../contracts/ai-services.ts";
import { imagesCallCheck, type ImagesCall } from "../contracts/images-binding.ts";
import { registerFake } from "./server.ts";

registerFake("/cf-images", (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  if (req.method !== "POST" || url.pathname !== "/cf-images/output") return false;
  const { problems, refusal } = imagesCallCheck(JSON.parse(body.toString("utf8")) as ImagesCall);
  if (problems.length && req.headers["x-contract-probe"] === undefined) recordViolation({ service: "cf-images", request: "IMAGES.input().output()", problems });
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ refusal }));
  return true;
});
