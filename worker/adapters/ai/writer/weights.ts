// Every tunable number of the local writer in one place (decision 186), each with what it does.
// Tuned on the fixture brand only (test/fixtures/writer/quality-fixture.ts), never on the
// held-out brands the quality figures are reported for.
export const WEIGHTS = {
  /** A call to action taken from the brief is cut to this many words (keeps it an action, not the brief pasted). */
  ctaMaxWords: 8,
  /** A fact must share this many of the brief's topic stems to serve a message (when it names no subject of the brief). */
  minBriefStems: 2,
  /** What a shared word of the subject's clause (not the subject itself) counts towards minBriefStems, next to one subject stem. */
  clauseStem: 1,
  /** ...or one stem, when that stem is the head of the brief's main subject ("course", "webinar"). */
  minHeadStems: 1,
  /** Score for a fact that names a subject of the brief outright. */
  namesSubject: 20,
  /** Score per brief stem a fact shares. */
  perBriefStem: 2,
} as const;
