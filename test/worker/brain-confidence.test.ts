// The second stage of the brain's confidence (decision 293): near the floor, a best match answers
// only when its vector agrees with its words; elsewhere the floor alone decides, as before.
import { describe, expect, it } from "vitest";
import { judgeAnswer } from "../../worker/brain/rank/confidence";
import type { Ranked, RelevanceCalibration } from "../../worker/brain/rank/hybrid-rank";

const cal: RelevanceCalibration = { unrelated: 0.05, strong: 0.5, vectorWeight: 0.3, floor: 0.3, agreement: { low: 0.2, high: 0.33, vector: 0.44 } };
const ranked = (...rows: [relevance: number, cosine: number][]): Ranked[] =>
  rows.map(([relevance, cosine], index) => ({ index, relevance, cosine, lexical: 0 }));

describe("second-stage confidence (decision 293)", () => {
  it("answers under the floor when the vector agrees, as a possible match", () => {
    const r = judgeAnswer(ranked([0.24, 0.3], [0.1, 0.1]), cal.floor, 3, cal);
    expect(r.confidence).toBe("possible");
    expect(r.matches.map((m) => m.index)).toEqual([0]);
    // The same relevance with a vector that does not agree (cosine 0.2 is 0.33 on the 0-1 scale): no answer.
    expect(judgeAnswer(ranked([0.24, 0.2]), cal.floor, 3, cal).confidence).toBe("none");
    // Under `low`, however close the vector: no answer.
    expect(judgeAnswer(ranked([0.19, 0.5]), cal.floor, 3, cal).confidence).toBe("none");
  });

  it("needs the vector just above the floor too, and not from `high` up", () => {
    expect(judgeAnswer(ranked([0.31, 0.2]), cal.floor, 3, cal).matches).toEqual([]);
    expect(judgeAnswer(ranked([0.31, 0.3]), cal.floor, 3, cal).matches).toHaveLength(1);
    const clear = judgeAnswer(ranked([0.5, 0.1], [0.3, 0.1]), cal.floor, 3, cal);
    expect(clear.confidence).toBe("clear");
    expect(clear.matches.map((m) => m.index)).toEqual([0, 1]);
  });

  it("when the best match does not answer, one of the next two answers with a stronger vector, as a possible match (decision 330)", () => {
    const withRunnerUp: RelevanceCalibration = { ...cal, agreement: { ...cal.agreement!, runnerUpVector: 0.55 } };
    // The best (0.31, vector 0.33 on the 0-1 scale) does not agree; the second (0.22, cosine 0.3 = 0.56) does.
    const r = judgeAnswer(ranked([0.31, 0.2], [0.22, 0.3], [0.1, 0.1]), cal.floor, 3, withRunnerUp);
    expect(r.confidence).toBe("possible");
    expect(r.matches.map((m) => m.index)).toEqual([0, 1]);
    // Without the rule, the same list answers nothing (decision 293).
    expect(judgeAnswer(ranked([0.31, 0.2], [0.22, 0.3], [0.1, 0.1]), cal.floor, 3, cal).confidence).toBe("none");
    // The runner-up's vector must be the stronger one: 0.48 on the 0-1 scale (cosine 0.265) is not enough.
    expect(judgeAnswer(ranked([0.31, 0.2], [0.22, 0.265]), cal.floor, 3, withRunnerUp).confidence).toBe("none");
    // Under `low`, or fourth in the list, it does not answer.
    expect(judgeAnswer(ranked([0.31, 0.2], [0.19, 0.4]), cal.floor, 3, withRunnerUp).confidence).toBe("none");
    expect(judgeAnswer(ranked([0.31, 0.2], [0.25, 0.1], [0.24, 0.1], [0.23, 0.4]), cal.floor, 3, withRunnerUp).confidence).toBe("none");
  });

  it("leaves the floor alone without the engine's agreement rule or with a caller's own floor", () => {
    const noRule = { ...cal, agreement: undefined };
    expect(judgeAnswer(ranked([0.31, 0.2]), noRule.floor, 3, noRule).matches).toHaveLength(1);
    expect(judgeAnswer(ranked([0.24, 0.3]), noRule.floor, 3, noRule).matches).toEqual([]);
    expect(judgeAnswer(ranked([0.31, 0.2]), cal.floor, 3).matches).toHaveLength(1);
    // A campaign ranks the whole brain (floor -Infinity): every match, whatever the vector.
    expect(judgeAnswer(ranked([0.1, 0], [0.05, 0]), -Infinity, 3, cal).matches).toHaveLength(2);
  });
});
