import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../worker/lib/errors";
import { decryptToken, encryptToken } from "../../worker/lib/token-crypto";

const keyed = { TOKEN_ENCRYPTION_KEY: "k1-0123456789abcdef0123456789", APP_ENV: "test" };

describe("token encryption", () => {
  it("round-trips, uses a fresh IV each time and never contains the plaintext", async () => {
    const plain = "xat_secret-token-value-1234567890";
    const a = await encryptToken(keyed, plain);
    const b = await encryptToken(keyed, plain);
    expect(a).not.toBe(b);
    expect(a.startsWith("v1:")).toBe(true);
    expect(a).not.toContain(plain);
    expect(atob(a.slice(3))).not.toContain(plain);
    expect(await decryptToken(keyed, a)).toBe(plain);
  });

  it("a different key or a tampered value cannot decrypt", async () => {
    const enc = await encryptToken(keyed, "token");
    await expect(decryptToken({ ...keyed, TOKEN_ENCRYPTION_KEY: "another-key-abcdefabcdef" }, enc)).rejects.toThrow();
    const bytes = atob(enc.slice(3));
    const flipped = bytes.slice(0, 20) + String.fromCharCode(bytes.charCodeAt(20) ^ 1) + bytes.slice(21);
    await expect(decryptToken(keyed, `v1:${btoa(flipped)}`)).rejects.toThrow();
    await expect(decryptToken(keyed, "plain-token")).rejects.toThrow();
  });

  it("production refuses to store tokens without a key", async () => {
    const err = await encryptToken({ APP_ENV: "production" }, "t").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
  });

  it("development without a key uses the dev secret and warns", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const enc = await encryptToken({ APP_ENV: "development" }, "dev-token");
    expect(await decryptToken({ APP_ENV: "development" }, enc)).toBe("dev-token");
    await expect(decryptToken(keyed, enc)).rejects.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
