// Parsing of a model's JSON answers. Models wrap JSON in prose or code fences and sometimes cut it
// off at max_tokens; callers decide the fallback (spec section 8), so this only parses or throws.

export class AiOutputError extends Error {
  constructor(
    message: string,
    readonly raw: string,
  ) {
    super(message);
    this.name = "AiOutputError";
  }
}

/** The JSON object in a model's answer: the whole text, a ```json fence, or the outermost {...}. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  const raw = (text ?? "").trim();
  const candidates: string[] = [raw];
  const fence = raw.match(/```(?:json)?\s*([\s\S]*?)```/i);
  if (fence?.[1]) candidates.push(fence[1].trim());
  const first = raw.indexOf("{");
  const last = raw.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(raw.slice(first, last + 1));
  for (const c of candidates) {
    try {
      const v: unknown = JSON.parse(c);
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
      if (Array.isArray(v)) return { items: v };
    } catch {
      // try the next candidate
    }
  }
  throw new AiOutputError("The AI answer is not valid JSON", raw.slice(0, 500));
}

export function asString(v: unknown): string | null {
  if (typeof v === "string") return v.trim() || null;
  if (typeof v === "number") return String(v);
  return null;
}

/** A list of non-empty strings from a value that should be one (a lone string becomes a list of one). */
export function asStringList(v: unknown): string[] {
  if (typeof v === "string") return v.trim() ? [v.trim()] : [];
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const item of v) {
    const s =
      asString(item) ??
      (item && typeof item === "object"
        ? asString((item as Record<string, unknown>).content ?? (item as Record<string, unknown>).name ?? (item as Record<string, unknown>).text)
        : null);
    if (s) out.push(s);
  }
  return out;
}

export function clamp01(v: unknown, fallback = 0.5): number {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  // Some models answer on a 0-10 or 0-100 scale.
  const scaled = n > 1 && n <= 10 ? n / 10 : n > 10 ? n / 100 : n;
  return Math.max(0, Math.min(1, scaled));
}
