#!/usr/bin/env node
// A stand-in for the `wrangler` CLI against a pretend Cloudflare account, for testing
// scripts/deploy.mjs without an account. The account lives in the JSON file named by
// FAKE_CF_STATE; every call is appended to its `calls`. It answers the subset of commands the
// deploy script uses with wrangler's own output shapes, and refuses what Cloudflare refuses:
// creating what already exists, a deploy or migration against a database id the account does not
// have, bindings to missing buckets or queues, secrets listed for a Worker that does not exist or
// without a Worker name, a secrets file that is not an object of strings.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.FAKE_CF_STATE;
const state = JSON.parse(readFileSync(file, "utf8"));
const args = process.argv.slice(2);
state.calls.push(args);
const save = () => writeFileSync(file, JSON.stringify(state, null, 2));
function out(text, code = 0) {
  save();
  if (code === 0) process.stdout.write(`${text}\n`);
  else process.stderr.write(`✘ [ERROR] ${text}\n`);
  process.exit(code);
}
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const readConfig = () => JSON.parse(readFileSync(flag("-c"), "utf8"));
// The command words: everything before the first flag (a flag's value is not a word).
const firstFlag = args.findIndex((a) => a.startsWith("-"));
const key = (firstFlag < 0 ? args : args.slice(0, firstFlag)).slice(0, 3).join(" ");

if (!state.loggedIn && key !== "whoami") out("Not logged in. You must be logged in to use this command.", 1);

switch (true) {
  case key === "auth token":
    out(JSON.stringify({ type: "oauth", token: "fake-oauth-token" }));
    break;
  case key === "ai models list": {
    // The account's Workers AI catalog (`wrangler ai models list --json`): the API's model objects.
    const catalog = state.aiCatalog ?? [];
    out(JSON.stringify(catalog.map((name, i) => ({ id: `m${i}`, name, description: "", task: { id: "t", name: "task", description: "" }, properties: [] }))));
    break;
  }
  case key.startsWith("vectorize get "): {
    const index = (state.vectorize ?? []).find((v) => v.name === args[2]);
    if (!index) out(`Vectorize index "${args[2]}" not found [code: 3000]`, 1);
    out(JSON.stringify({ name: index.name, config: { dimensions: index.dimensions, metric: index.metric }, created_on: "2026-11-27T00:00:00Z" }));
    break;
  }
  case key.startsWith("vectorize create "): {
    state.vectorize ??= [];
    if (state.vectorize.some((v) => v.name === args[2])) out(`A Vectorize index named "${args[2]}" already exists [code: 3002]`, 1);
    const dims = Number(flag("--dimensions") ?? args.find((a) => a.startsWith("--dimensions="))?.split("=")[1]);
    const metric = flag("--metric") ?? args.find((a) => a.startsWith("--metric="))?.split("=")[1];
    if (!Number.isInteger(dims) || dims < 1 || dims > 1536 * 2) out("You must provide --dimensions (1-3072) or --preset", 1);
    state.vectorize.push({ name: args[2], dimensions: dims, metric, metadataIndexes: [], vectors: 0 });
    out(`✅ Successfully created a new Vectorize index: '${args[2]}'`);
    break;
  }
  case key.startsWith("vectorize create-metadata-index "): {
    const index = (state.vectorize ?? []).find((v) => v.name === args[2]);
    if (!index) out(`Vectorize index "${args[2]}" not found [code: 3000]`, 1);
    const propertyName = flag("--propertyName") ?? args.find((a) => a.startsWith("--propertyName="))?.split("=")[1];
    const type = flag("--type") ?? args.find((a) => a.startsWith("--type="))?.split("=")[1];
    if (!["string", "number", "boolean"].includes(type)) out("--type must be one of string, number, boolean", 1);
    if (index.metadataIndexes.some((m) => m.propertyName === propertyName)) out(`metadata index on "${propertyName}" already exists`, 1);
    if (index.metadataIndexes.length >= 10) out("at most 10 metadata indexes per index", 1);
    // Vectors inserted before the index exists are not filtered by it (Vectorize docs).
    index.metadataIndexes.push({ propertyName, indexType: type, createdWithVectors: index.vectors });
    out(`✅ Successfully enqueued metadata index creation request.`);
    break;
  }
  case key.startsWith("vectorize list-metadata-index "): {
    const index = (state.vectorize ?? []).find((v) => v.name === args[2]);
    if (!index) out(`Vectorize index "${args[2]}" not found [code: 3000]`, 1);
    out(JSON.stringify(index.metadataIndexes.map(({ propertyName, indexType }) => ({ propertyName, indexType }))));
    break;
  }
  case key === "whoami":
    if (!state.loggedIn) out("You are not authenticated. Please run `wrangler login`.", 1);
    out(JSON.stringify({ loggedIn: true, email: "owner@example.com", accounts: [{ id: "acc1", name: "Owner" }] }));
    break;
  case key === "d1 list":
    out(
      JSON.stringify(
        state.d1.map((d) => ({ uuid: d.uuid, name: d.name, created_at: "2026-11-24T00:00:00Z", version: "production", num_tables: 0, file_size: 0 })),
        null,
        2,
      ),
    );
    break;
  case key.startsWith("d1 create"): {
    const name = args[2];
    if (state.d1.some((d) => d.name === name)) out(`A database with that name already exists [code: 7502]`, 1);
    const uuid = randomUUID();
    state.d1.push({ name, uuid, migrations: [] });
    out(`✅ Successfully created DB '${name}'\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${name}"\ndatabase_id = "${uuid}"`);
    break;
  }
  case key.startsWith("d1 migrations apply"): {
    if (!args.includes("--remote")) out("the fake account only answers --remote", 1);
    const config = readConfig();
    const binding = config.d1_databases?.find((d) => d.binding === args[3]);
    const db = state.d1.find((d) => d.uuid === binding?.database_id);
    if (!db) out(`Couldn't find DB with ID '${binding?.database_id}' [code: 7404]`, 1);
    db.migrations.push("applied");
    out("✅ Migrations applied");
    break;
  }
  case key.startsWith("r2 bucket info"):
    if (!state.buckets.includes(args[3])) out("The specified bucket does not exist. [code: 10006]", 1);
    out(`name: ${args[3]}\ncreated: 2026-11-24`);
    break;
  case key.startsWith("r2 bucket create"):
    if (state.buckets.includes(args[3])) out("The bucket you tried to create already exists, and you own it. [code: 10004]", 1);
    state.buckets.push(args[3]);
    out(`✅ Created bucket '${args[3]}' with default storage class of Standard.`);
    break;
  case key.startsWith("queues info"):
    if (!state.queues.includes(args[2])) out(`Queue "${args[2]}" does not exist. To create it, run: wrangler queues create ${args[2]}`, 1);
    out(`Queue Name: ${args[2]}`);
    break;
  case key.startsWith("queues create"):
    if (state.queues.includes(args[2])) out("Queue name is already taken [code: 11009]", 1);
    state.queues.push(args[2]);
    out(`✅ Created queue ${args[2]}`);
    break;
  case key === "secret list":
    if (!flag("--name") && !flag("-c"))
      out(
        "Required Worker name missing. Please specify the Worker name in your Wrangler configuration, or pass it as an argument with `--name <worker-name>`",
        1,
      );
    if (!state.worker) out("This Worker does not exist on your account. [code: 10007]", 1);
    out(JSON.stringify(state.worker.secrets.map((name) => ({ name, type: "secret_text" }))));
    break;
  case key === "deploy": {
    const config = readConfig();
    for (const db of config.d1_databases ?? []) {
      if (!state.d1.some((d) => d.uuid === db.database_id))
        out(`D1 binding ${db.binding} refers to database ${db.database_id}, which does not exist [code: 10181]`, 1);
    }
    for (const b of config.r2_buckets ?? []) if (!state.buckets.includes(b.bucket_name)) out(`R2 bucket '${b.bucket_name}' not found [code: 10085]`, 1);
    for (const v of config.vectorize ?? [])
      if (!(state.vectorize ?? []).some((x) => x.name === v.index_name)) out(`Vectorize index "${v.index_name}" not found [code: 10159]`, 1);
    // Without a route or custom domain the Worker needs the account's workers.dev subdomain: wrangler
    // asks to register one, and without a terminal that prompt throws (after the bindings exist).
    if (!config.routes?.length && !config.route && !state.subdomain)
      out("You need to register a workers.dev subdomain before publishing to workers.dev\nERROR: This command cannot be run in a non-interactive context", 1);
    for (const q of [...(config.queues?.producers ?? []), ...(config.queues?.consumers ?? [])]) {
      if (!state.queues.includes(q.queue)) out(`Queue "${q.queue}" does not exist [code: 11000]`, 1);
    }
    const secretsFile = flag("--secrets-file");
    const secrets = secretsFile ? JSON.parse(readFileSync(secretsFile, "utf8")) : {};
    // wrangler's validateFileSecrets: an object of string values.
    if (secrets === null || typeof secrets !== "object") out(`The contents of "${secretsFile}" is not valid. It should be a JSON object of string values.`, 1);
    for (const [name, value] of Object.entries(secrets)) {
      if (value != null && typeof value !== "string")
        out(`The value for "${name}" in "${secretsFile}" is not null or a "string" instead it is of type "${typeof value}"`, 1);
    }
    state.worker ??= { secrets: [], secretValues: {}, deploys: [] };
    for (const [name, value] of Object.entries(secrets)) {
      if (!state.worker.secrets.includes(name)) state.worker.secrets.push(name);
      state.worker.secretValues[name] = value;
    }
    state.worker.deploys.push({ config, secretNames: Object.keys(secrets) });
    out(
      `Uploaded ${config.name}\nDeployed ${config.name} triggers\n  https://${config.name}.${state.subdomain ?? "owner-sub"}.workers.dev\n  schedule: * * * * *`,
    );
    break;
  }
  default:
    out(`fake wrangler: unexpected command: ${args.join(" ")}`, 1);
}
