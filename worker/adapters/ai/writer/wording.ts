// Writer step "wording" (decision 186): the voice a project writes in (its brand_voice, else the
// brain's voice notes), the hooks of each voice (each names the post's topic; none is a
// curiosity-gap formula) and its rhythm. Used by the local writer; the LLM engines get the voice in
// their prompts (prompts.ts).

export type Voice = "playful" | "casual" | "professional" | "technical" | "luxury" | "bold" | "neutral";

/** The project's brand_voice (the spec's five values, or the user's own words) as a writing voice. */
export function voiceOf(brandVoice: string): Voice {
  const v = brandVoice.toLowerCase();
  if (/playful|fun\b|witty|quirky|humou?r|cheeky|silly/.test(v)) return "playful";
  if (/technical|precise|engineer|developer|scientific|data-driven/.test(v)) return "technical";
  if (/luxur|sophisticat|elegant|refined|premium|exclusive|upscale/.test(v)) return "luxury";
  if (/professional|formal|expert|authoritative|corporate|serious/.test(v)) return "professional";
  if (/casual|warm|friendly|caring|kind|empath|gentle|inviting|approachable|relaxed|conversational/.test(v)) return "casual";
  if (/bold|confident|energetic|inspir|passionate|exciting|edgy/.test(v)) return "bold";
  return "neutral";
}

/** Hooks name the post's topic ("{t}", "{T}" at the start); none is a curiosity-gap formula. */
export const HOOKS: Record<Voice, string[]> = {
  playful: [
    "Say hello to {t}!",
    "Let's talk about {t}.",
    "A little love letter to {t}.",
    "Today's star: {t}.",
    "{T}, the short version.",
    "Quick one about {t}.",
  ],
  casual: [
    "A few words about {t}.",
    "Something we love: {t}.",
    "From our team, about {t}.",
    "Let us tell you about {t}.",
    "Close to our hearts: {t}.",
    "We're proud of {t}.",
  ],
  professional: ["A closer look at {t}.", "What to know about {t}.", "{T}, in brief.", "{T}, explained.", "{T}: the key facts.", "A note on {t}."],
  technical: ["{T}: the specifics.", "Under the hood: {t}.", "Technical note: {t}.", "{T}, in detail.", "Spec check: {t}.", "The details of {t}."],
  luxury: ["Introducing {t}.", "{T}, with care.", "{T}, considered.", "Crafted with care: {t}.", "Discover {t}.", "{T}, refined."],
  bold: ["Meet {t}.", "{T}. Done right.", "This is {t}.", "{T}, no half measures.", "Here's {t}.", "{T} sets the bar."],
  neutral: ["About {t}.", "{T}, explained.", "Worth knowing: {t}.", "A note on {t}.", "{T} in a nutshell.", "Focus: {t}."],
};

/** Rhythm: playful and bold break every part onto its own line; the others write paragraphs. */
export const LINE_VOICES = new Set<Voice>(["playful", "bold"]);

/** Openers the issue found in stock posts, and their kin; no post starts with one (tested for every voice). */
export const CLICKBAIT =
  /^(?:plot twist|spoiler alert|here'?s the (?:scoop|deal|thing|kicker)|you won'?t believe|not to brag|big news|let'?s be clear|okay,? real talk|real talk|this is it\b|breaking|shocking|wait for it|did you know|guess what|hot take|fun fact|psst|newsflash|drumroll|brace yourselves?|the secret|pro tip|stop scrolling|hear me out|unpopular opinion|mind[- ]blown|game[- ]changer)/i;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A topic with the article the text gave it: "our sourdough starter", "the Terraform provider", "pricing". */
export function withArticle(text: string, det: string, name: boolean): string {
  if (name && !det) return text;
  // The brief's "their" is the audience's: the post speaks to them ("their annual service" -> "your annual service").
  if (det === "their") return `your ${text}`;
  if (det === "our" || det === "the" || det === "your") return `${det} ${text}`;
  if (det) return `the ${text}`;
  return text;
}

export function hookFor(template: string, topic: string): string {
  return template.replace("{T}", cap(topic)).replace("{t}", topic);
}
