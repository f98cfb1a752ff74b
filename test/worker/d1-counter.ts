// Counts D1 round trips: a wrapper around the DB binding where every statement execution
// (first/all/run/raw), every batch and every exec is one trip to the database, as on the platform.
// Statements stay the binding's own objects (only their methods are wrapped), so batch() accepts them.
type Counter = { db: D1Database; readonly trips: number; readonly log: string[]; reset(): void };

export function countingD1(real: D1Database): Counter {
  let trips = 0;
  const log: string[] = [];
  const wrap = (stmt: D1PreparedStatement, query: string): D1PreparedStatement => {
    const target = stmt as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const method of ["first", "all", "run", "raw"]) {
      const original = target[method]!.bind(stmt);
      target[method] = (...args: unknown[]) => {
        trips++;
        log.push(query);
        return original(...args);
      };
    }
    const bind = target.bind!.bind(stmt);
    target.bind = (...args: unknown[]) => wrap(bind(...args) as D1PreparedStatement, query);
    return stmt;
  };
  const db = new Proxy(real, {
    get(t, prop) {
      if (prop === "prepare") return (query: string) => wrap(t.prepare(query), query);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          trips++;
          log.push(`batch of ${stmts.length}`);
          return t.batch(stmts);
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          trips++;
          log.push(query);
          return t.exec(query);
        };
      }
      const value = Reflect.get(t, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
  return {
    db,
    get trips() {
      return trips;
    },
    log,
    reset() {
      trips = 0;
      log.length = 0;
    },
  };
}
