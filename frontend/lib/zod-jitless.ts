// zod 4 compiles object parsers with `new Function` when it may, and probes for that permission
// on first parse. The app's Content-Security-Policy has no 'unsafe-eval' (frontend/public/_headers),
// so the probe alone shows up as a CSP violation: run zod without its JIT (`jitless`). zod keeps its
// global config in `globalThis.__zod_globalConfig` (zod/v4/core/core.js, read by `config()` and by
// the eval probe), so setting it here, before any schema parses, costs no zod code in the entry
// chunk (/login's initial-JS budget); `z.config({ jitless: true })` would pull zod's core into it.
const g = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place: zod holds a reference to this object once its core module has loaded.
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
