// A fake of the Worker's `AI` binding for tests in workerd: run() forwards to the fakes server
// (/workers-ai in test/fakes/openai.ts), which answers in Workers AI's shapes and refuses what the
// service refuses; a refusal makes run() throw, as the binding does. `probe: true` marks the calls
// as a test probing the fake itself: refused as usual, not recorded as contract violations.
import type { AiBinding } from "../../worker/adapters/ai/workers-ai-engine";

export function fakeAiBinding(
  fakesUrl: string,
  options: { probe?: boolean } = {},
): AiBinding & { calls: { model: string; inputs: Record<string, unknown> }[] } {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  return {
    calls,
    async run(model: string, inputs: Record<string, unknown>) {
      calls.push({ model, inputs });
      const res = await fetch(`${fakesUrl}/workers-ai/run/${encodeURIComponent(model)}`, {
        method: "POST",
        body: JSON.stringify(inputs),
        ...(options.probe ? { headers: { "x-contract-probe": "1" } } : {}),
      });
      const body = (await res.json()) as { errors?: { code: number; message: string }[] };
      if (!res.ok) throw new Error(body.errors?.[0]?.message ?? `AiError: ${res.status}`);
      return body;
    },
  };
}
