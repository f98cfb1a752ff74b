// Deterministic brand-like prose of any length, for tests that need a large brand text.

const WORDS = (
  "brand customers hiking backpacks recycled ocean plastic warranty community trail outdoors sustainable commuters summit ridge " +
  "daypack canvas lightweight mission audience stories weekend adventure gear durable design colorado tree planted order coffee " +
  "roasters beans portland subscription morning ritual baristas cafes sourcing traceable quality fresh small batch every monday"
).split(" ");

/** Deterministic brand-like prose of about `chars` characters (sentences of 8-20 words). */
export function benchText(chars: number, seed = 1): string {
  let x = seed >>> 0 || 1;
  const rand = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out: string[] = [];
  let len = 0;
  while (len < chars) {
    const n = 8 + Math.floor(rand() * 13);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    const sentence = words.join(" ").replace(/^./, (c) => c.toUpperCase()) + ".";
    out.push(sentence);
    len += sentence.length + 1;
  }
  return out.join(" ").slice(0, chars);
}
