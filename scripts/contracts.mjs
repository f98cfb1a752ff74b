#!/usr/bin/env node
// `npm run contracts`: every service contract the tests hold the fakes to (test/contracts/,
// decision 190), with its source and the date it was read; contracts read more than 90 days ago
// are flagged, so refreshing them against the services' current documents is a habit. Exits 1
// when one is stale or names no source/date (CI can run it); `--today YYYY-MM-DD` for tests.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_AGE_DAYS = 90;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith(".json") ? [full] : [];
  });
}

function row(dir, file, meta, now) {
  const read = typeof meta.read === "string" && /^\d{4}-\d{2}-\d{2}$/.test(meta.read) ? meta.read : null;
  const ageDays = read ? Math.floor((now - Date.parse(`${read}T00:00:00Z`)) / 86_400_000) : null;
  const status = !read || !meta.source ? "no source/date" : ageDays > MAX_AGE_DAYS ? "stale" : "ok";
  return { file: path.relative(dir, file), service: meta.service ?? "?", source: meta.source ?? "?", read: read ?? "?", ageDays, status };
}

/** The service folder a file sits in (test/contracts/<service>/...). */
const serviceFolder = (dir, file) => path.join(dir, path.relative(dir, file).split(path.sep)[0]);

/**
 * Every contract file under `dir` with its source, read date, age and status. A JSON file without
 * its own `$contract` header in a folder whose contract.ts names the sources (the networks'
 * contracts: an openapi.json subset, protocol lexicons) is data of that contract, listed
 * with it by listCodeContracts.
 */
export function listContracts(dir, today) {
  const now = Date.parse(`${today}T00:00:00Z`);
  return files(dir)
    .sort()
    .flatMap((file) => {
      let meta = {};
      try {
        meta = JSON.parse(readFileSync(file, "utf8")).$contract ?? {};
      } catch {
        meta = {};
      }
      if (!meta.source && existsSync(path.join(serviceFolder(dir, file), "contract.ts"))) return [];
      return [row(dir, file, meta, now)];
    });
}

/**
 * Why one of these API versions needs attention on `today` (its sunset is at most 90 days away or
 * past), or null; a version without an announced sunset (null) never does.
 */
export function nearSunset(apiVersions, today) {
  const now = Date.parse(`${today}T00:00:00Z`);
  for (const v of apiVersions ?? []) {
    const left = v.sunset ? Math.floor((Date.parse(`${v.sunset}T00:00:00Z`) - now) / 86_400_000) : null;
    if (left !== null && left <= MAX_AGE_DAYS) return `API version ${v.name} ${left < 0 ? "was sunset" : "is sunset"} on ${v.sunset} (${v.source})`;
  }
  return null;
}

/** The contracts written as code (test/contracts/index.ts: the networks'), each with its oldest read date. */
export async function listCodeContracts(dir, today) {
  const now = Date.parse(`${today}T00:00:00Z`);
  const index = path.join(dir, "index.ts");
  if (!existsSync(index)) return [];
  const { CONTRACTS } = await import(index);
  const seen = new Set();
  const rows = [];
  for (const contract of Object.values(CONTRACTS)) {
    if (seen.has(contract)) continue;
    seen.add(contract);
    const reads = contract.sources.map((s) => s.read).sort();
    const folder = contract.service.split("/")[0];
    const r = row(
      dir,
      path.join(dir, folder, "contract.ts"),
      { service: `${contract.title}, ${contract.service}`, source: contract.sources.map((s) => s.url).join("; "), read: reads[0] },
      now,
    );
    // An API version the service stops answering within 90 days is as urgent as a stale read (decision 234).
    if (contract.apiVersions?.length) r.versions = contract.apiVersions.map((v) => `${v.name} (sunset ${v.sunset ?? "not announced"})`).join(", ");
    const sunset = r.status === "ok" ? nearSunset(contract.apiVersions, today) : null;
    if (sunset) {
      r.status = "sunset";
      r.source = `${r.source}; ${sunset}`;
    }
    rows.push(r);
  }
  return rows;
}

async function main() {
  const i = process.argv.indexOf("--today");
  const today = i > 0 ? process.argv[i + 1] : new Date().toISOString().slice(0, 10);
  const dir = process.env.CONTRACTS_DIR ?? path.join(root, "test", "contracts");
  const rows = [...listContracts(dir, today), ...(await listCodeContracts(dir, today))];
  for (const r of rows) {
    const flag = r.status === "ok" ? "ok   " : r.status === "stale" ? "STALE" : r.status === "sunset" ? "SUNSET" : "NO SOURCE";
    console.log(
      `${flag} ${r.file}  (${r.service})${r.versions ? `\n      API version ${r.versions}` : ""}\n      read ${r.read}${r.ageDays === null ? "" : `, ${r.ageDays} days ago`}; source: ${r.source}`,
    );
  }
  const bad = rows.filter((r) => r.status !== "ok");
  console.log(
    `\n${rows.length} contracts, ${bad.length} to refresh (older than ${MAX_AGE_DAYS} days, without source/date, or an API version within ${MAX_AGE_DAYS} days of its sunset).`,
  );
  if (bad.length) {
    console.log('Refresh: read the source again, update the file and its "read" date, then run the tests (the fakes validate against it).');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
