// A JSON body that is already text (built by SQLite, decision 169), answered exactly like c.json
// (status 200, Content-Type application/json) and typed like it, so the route table and the typed
// client keep the response's type.
import type { Context, TypedResponse } from "hono";

/** JSON text known to encode a T. */
export type JsonText<T> = string & { readonly __json: T };

export function jsonText<T>(c: Context, text: JsonText<T>): TypedResponse<T, 200, "json"> {
  return c.body(text, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<T, 200, "json">;
}
