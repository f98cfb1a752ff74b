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
  case key === "whoami":
    if (!state.loggedIn) out("You are not authenticated. Please run `wrangler login`.", 1);
    out(JSON.stringify({ loggedIn: true, email: "owner@example.com", accounts: [{ id: "acc1", name: "Owner" }] }));
    break;
  case key === "d1 list":
    out(JSON.stringify(state.d1.map((d) => ({ uuid: d.uuid, name: d.name, created_at: "2026-11-24T00:00:00Z", version: "production", num_tables: 0, file_size: 0 })), null, 2));
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
    if (!flag("--name") && !flag("-c")) out("Required Worker name missing. Please specify the Worker name in your Wrangler configuration, or pass it as an argument with `--name <worker-name>`", 1);
    if (!state.worker) out("This Worker does not exist on your account. [code: 10007]", 1);
    out(JSON.stringify(state.worker.secrets.map((name) => ({ name, type: "secret_text" }))));
    break;
  case key === "deploy": {
    const config = readConfig();
    for (const db of config.d1_databases ?? []) {
      if (!state.d1.some((d) => d.uuid === db.database_id)) out(`D1 binding ${db.binding} refers to database ${db.database_id}, which does not exist [code: 10181]`, 1);
    }
    for (const b of config.r2_buckets ?? []) if (!state.buckets.includes(b.bucket_name)) out(`R2 bucket '${b.bucket_name}' not found [code: 10085]`, 1);
    for (const q of [...(config.queues?.producers ?? []), ...(config.queues?.consumers ?? [])]) {
      if (!state.queues.includes(q.queue)) out(`Queue "${q.queue}" does not exist [code: 11000]`, 1);
    }
    const secretsFile = flag("--secrets-file");
    const secrets = secretsFile ? JSON.parse(readFileSync(secretsFile, "utf8")) : {};
    // wrangler's validateFileSecrets: an object of string values.
    if (secrets === null || typeof secrets !== "object") out(`The contents of "${secretsFile}" is not valid. It should be a JSON object of string values.`, 1);
    for (const [name, value] of Object.entries(secrets)) {
      if (value != null && typeof value !== "string") out(`The value for "${name}" in "${secretsFile}" is not null or a "string" instead it is of type "${typeof value}"`, 1);
    }
    state.worker ??= { secrets: [], secretValues: {}, deploys: [] };
    for (const [name, value] of Object.entries(secrets)) {
      if (!state.worker.secrets.includes(name)) state.worker.secrets.push(name);
      state.worker.secretValues[name] = value;
    }
    state.worker.deploys.push({ config, secretNames: Object.keys(secrets) });
    out(`Uploaded ${config.name}\nDeployed ${config.name} triggers\n  https://${config.name}.owner-sub.workers.dev\n  schedule: * * * * *`);
    break;
  }
  default:
    out(`fake wrangler: unexpected command: ${args.join(" ")}`, 1);
}
