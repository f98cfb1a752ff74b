// A D1 that runs `beforeRun(sql, params)` before each statement runs, so a chaos test can make a
// chosen write throw as if the worker had died there. Statements, binds and batches behave as the
// real database's otherwise (batches take the real statements underneath).

const REAL = Symbol("real statement");

export function failingD1(db: D1Database, beforeRun: (sql: string, params: unknown[]) => void): D1Database {
  const wrap = (stmt: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql, args);
        if (prop === "run" || prop === "all" || prop === "first" || prop === "raw") {
          return async (...args: unknown[]) => {
            beforeRun(sql, params);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql, []);
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) => target.batch(stmts.map((s) => (s as unknown as Record<symbol, D1PreparedStatement>)[REAL] ?? s));
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
