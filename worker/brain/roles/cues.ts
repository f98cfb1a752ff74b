// What each passage role looks like (decision 182): cues of how brand documents are written, not
// of any trade. A heading, label or lead-in naming the role is strong evidence (`label`); phrases
// in the passage itself are weaker (`text`). Roles are schema/api/passage-roles.ts's list.
import type { PassageRole } from "../../../schema/api/passage-roles";

export type RoleCues = { label?: RegExp; text?: RegExp[] };

const PRICE = /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars?|euros?|pounds)\b|\bper (?:month|year|week|hour|session|person|night)\b|\bfree trial\b/i;
const TIME = /\b\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b.*\b(?:to|until|till|-|–)\b/i;

export const ROLE_CUES: Record<PassageRole, RoleCues> = {
  voice: {
    label: /\b(?:voice|tone|style|writing|how we (?:write|talk|sound))\b/i,
    text: [
      /\b(?:our|brand) (?:voice|tone)\b/i,
      /\bwe (?:write|sound|talk) (?:like|in|with)\b/i,
      /\b(?:never|always) (?:use|say|write)\b.*\b(?:jargon|emojis?|exclamation|slang|words?)\b/i,
    ],
  },
  pillars: {
    label: /\b(?:content )?pillars?\b|\bcontent (?:themes?|topics?)\b|\bwhat we post\b/i,
    text: [/\bcontent pillars?\b/i, /\bwe (?:post|share|write) about\b/i],
  },
  audience: {
    label: /\b(?:audience|target (?:market|customers?)|ideal (?:customers?|clients?)|who (?:we serve|it'?s for)|personas?|our customers)\b/i,
    text: [
      /\b(?:our|the) (?:audience|typical (?:customer|client)|ideal (?:customer|client)|target (?:audience|market|customers?))\b/i,
      /^(?:our )?(?:customers|clients|members|guests|students|learners|patients|users|buyers) (?:are|is|include)\b/i,
      /\bwe (?:serve|work with|are for)\b/i,
    ],
  },
  goals: {
    label: /\b(?:goals?|plans?|roadmap|ambitions?|objectives?|vision|next year|the future|what'?s next)\b/i,
    text: [
      /\bwe (?:want|plan|aim|hope|intend|are planning|'re planning) to\b/i,
      /\b(?:our|the) (?:goal|aim|ambition|plan)s? (?:is|are|for)\b/i,
      /\bby the end of (?:the|next|this) year\b/i,
      /\bnext (?:year|spring|summer|autumn|fall|winter)\b/i,
    ],
  },
  competitors: {
    label: /\b(?:competitors?|competition|positioning|why (?:us|choose us)|what makes us different|how we compare)\b/i,
    text: [
      /\bcompetitors?\b/i,
      /^unlike\b|\bunlike (?:other|most|many|the big|big)\b/i,
      /\b(?:compared (?:to|with)|other \w+ (?:charge|make|are)|sets us apart|the only \w+)\b/i,
    ],
  },
  faq: { label: /\b(?:faqs?|frequently asked|questions)\b/i },
  offer: {
    label: /\b(?:prices?|pricing|fees?|rates|costs?|packages?|menu|offers?|plans and pricing|memberships?|tickets?)\b/i,
    text: [PRICE, /\b\d+\s?% off\b|\bdiscount\b/i],
  },
  policy: {
    label: /\b(?:polic(?:y|ies)|terms|cancell?ations?|refunds?|returns|rules|guarantee|warranty)\b/i,
    text: [
      /\b(?:cancel|cancell?ations?|refunds?|returns?|no-shows?|deposit|charged in full|non-refundable|guarantee|warranty)\b/i,
      /\bat least \d+ (?:hours|days)\b/i,
      /\b(?:must|are not allowed|is not allowed|not permitted)\b/i,
    ],
  },
  how_to: {
    label: /\b(?:how (?:to|it works)|getting started|steps?|instructions|booking|how do i)\b/i,
    text: [/\b(?:step \d|first,|then,|to (?:book|order|sign up|get started|join))\b/i, /\byou can (?:book|order|pause|swap|change|sign up|join|skip)\b/i],
  },
  contact: {
    label: /\b(?:contact|address|location|find us|opening (?:hours|times)|hours|getting here|where we are|visit us)\b/i,
    text: [
      TIME,
      /\b(?:call|phone|ring|email|e-mail|message) us\b/i,
      /\+?\d[\d ]{8,}\d/,
      /\b[\w.+-]+@[\w-]+\.\w+/,
      /\b\d+ [A-Z][a-z]+ (?:Street|St|Road|Rd|Lane|Avenue|Ave|Way)\b/,
    ],
  },
  proof: {
    label:
      /\b(?:reviews?|testimonials?|case stud(?:y|ies)|results|awards?|in numbers|what (?:customers|clients) say|customers say|track record|pass rates?)\b/i,
    text: [
      /\b\d+(?:\.\d+)?\s?% of (?:our )?\w+/i,
      /\b\d[\d,]* (?:customers|clients|households|members|students|learners|reviews|users|businesses|families)\b/i,
      /\b\d+ in 10\b|\brated\b|\bawards?\b|\bcase study\b|\btestimonials?\b|\b\d(?:\.\d)? stars?\b/i,
    ],
  },
  team: {
    label: /\b(?:team|people|staff|founders?|who we are|meet the|our \w+(?:ers|ors|ists|ians))\b/i,
    text: [/\b(?:our|the) (?:team|staff|founders?|owners?|head \w+|managers?)\b/i, /\b\d+ (?:people|staff|employees) work\b|\bpeople work\b/i],
  },
  story: {
    label: /\b(?:story|history|about us|how it (?:started|began)|our beginnings|founding|origins?)\b/i,
    text: [
      /\b(?:founded|started|began|set up|established|opened|took over)\b.*\b(?:19|20)\d\d\b|\b(?:19|20)\d\d\b.*\b(?:founded|started|began|set up|established|opened|took over)\b/i,
      /\b(?:grandfather|grandmother|grandparents|family business|our story)\b/i,
    ],
  },
  values: {
    label: /\b(?:values|mission|beliefs?|principles|purpose|environment|sustainability|what we (?:believe|stand for)|community)\b/i,
    text: [
      /\bwe believe\b/i,
      /\bour (?:mission|values|purpose)\b/i,
      /\b(?:committed to|we care about|we stand for)\b/i,
      /\b(?:offset|recycled|carbon|sustainab\w+|planet)\b/i,
    ],
  },
  fact: {},
};

/** When two roles score the same, the one earlier here wins (internal roles first: a misfiled internal passage would be published). */
export const ROLE_PRIORITY: readonly PassageRole[] = [
  "voice",
  "pillars",
  "audience",
  "goals",
  "competitors",
  "faq",
  "policy",
  "offer",
  "contact",
  "proof",
  "team",
  "story",
  "values",
  "how_to",
  "fact",
];
