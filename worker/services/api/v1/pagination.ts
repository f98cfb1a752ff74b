// Cursor pagination of the v1 API (decision 212): the cursor is the sort key of the last item
// returned (opaque base64url JSON), so a page never repeats or skips an item when rows are added
// or removed between calls, unlike an offset. A malformed cursor is a 400, never a 500.
import { V1_DEFAULT_LIMIT, type Page } from "../../../../schema/api/v1";
import { badRequest } from "../../../lib/errors";
import { base64url } from "../../../lib/ids";

/** The sort key: a number (a time) and the id that breaks ties. */
export type SortKey = { t: number; id: string };

export function encodeCursor(key: SortKey): string {
  return base64url(new TextEncoder().encode(JSON.stringify([key.t, key.id])));
}

export function decodeCursor(cursor: string | undefined): SortKey | null {
  if (cursor === undefined) return null;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0)),
    );
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === "string" && value[1].length <= 100) {
      return { t: value[0] as number, id: value[1] };
    }
  } catch {
    /* answered below */
  }
  throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
}

const after = (a: SortKey, b: SortKey) => a.t > b.t || (a.t === b.t && a.id > b.id);

/** A page of an already-loaded small list (projects, accounts, documents), sorted by `keyOf`. */
export function pageOf<T>(items: T[], keyOf: (item: T) => SortKey, q: { limit?: number; cursor?: string }): Page<T> {
  const limit = q.limit ?? V1_DEFAULT_LIMIT;
  const from = decodeCursor(q.cursor);
  const sorted = items
    .map((item) => ({ item, key: keyOf(item) }))
    .sort((a, b) => a.key.t - b.key.t || (a.key.id < b.key.id ? -1 : a.key.id > b.key.id ? 1 : 0))
    .filter((x) => !from || after(x.key, from));
  const data = sorted.slice(0, limit);
  const more = sorted.length > limit;
  return { data: data.map((x) => x.item), next_cursor: more ? encodeCursor(data[data.length - 1]!.key) : null };
}
