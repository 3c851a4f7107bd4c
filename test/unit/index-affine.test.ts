// graph/index-expr.ts toAffine: the div/mod terms that stacking dims and reading them back produce fold to
// affine form — one level (B·(x div B) + x mod B = x) and nested ([maps, h, w] flattened into one feature and
// read back by maps, h, w) — and what does not fold stays non-affine; every fold checked by evaluation.
import { describe, expect, it } from "vitest";
import { type IndexExpr, evalIndex, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar, toAffine } from "../../src/graph/index-expr.js";
import { rng, testSeed } from "../helpers/random.js";

const evalAffine = (a: NonNullable<ReturnType<typeof toAffine>>, env: Record<string, number>): number => [...a.coeffs].reduce((s, [v, c]) => s + c * env[v]!, a.constant);

describe(`toAffine (seed ${testSeed})`, () => {
  it("a flattened [maps 16, h 7, w 7] read back by maps, h and w is the feature itself", () => {
    const f = idxVar("f");
    const back = idxAdd(idxAdd(idxMod(f, 7), idxMul(idxMod(idxDiv(f, 7), 7), 7)), idxMul(idxDiv(f, 49), 49));
    expect(toAffine(back)).toEqual({ constant: 0, coeffs: new Map([["f", 1]]) });
  });
  it("random nested stacks of an affine index, scaled and offset, fold and evaluate the same", () => {
    const next = rng(testSeed);
    for (let trial = 0; trial < 200; trial++) {
      // x = 3a + b + 2; sizes s0, s1, s2 nest as x = ((x div (s0 s1)) s1 + (x div s0) mod s1) s0 + x mod s0
      const x = idxAdd(idxAdd(idxMul(idxVar("a"), 3), idxVar("b")), idxConst(2));
      const [s0, s1] = [2 + Math.floor(next() * 6), 2 + Math.floor(next() * 6)];
      const c = 1 + Math.floor(next() * 4);
      const terms: IndexExpr[] = [idxMul(idxMod(x, s0), c), idxMul(idxMod(idxDiv(x, s0), s1), c * s0), idxMul(idxDiv(x, s0 * s1), c * s0 * s1)];
      // any order of the terms
      terms.sort(() => next() - 0.5);
      const e = idxAdd(idxAdd(terms[0]!, terms[1]!), idxAdd(terms[2]!, idxConst(5)));
      const a = toAffine(e);
      expect(a, `sizes ${s0}, ${s1}`).not.toBeNull();
      for (let k = 0; k < 5; k++) {
        const env = { a: Math.floor(next() * 50), b: Math.floor(next() * 50) };
        expect(evalAffine(a!, env)).toBe(evalIndex(e, (n) => env[n as "a" | "b"]));
      }
    }
  });
  it("what is not a whole stack stays non-affine", () => {
    const f = idxVar("f");
    expect(toAffine(idxAdd(idxMod(f, 7), idxMul(idxMod(idxDiv(f, 7), 7), 7)))).toBeNull(); // f mod 49
    expect(toAffine(idxAdd(idxMod(f, 7), idxMul(idxMod(idxDiv(f, 7), 5), 7)))).toBeNull();
    expect(toAffine(idxAdd(idxMod(f, 7), idxMul(idxDiv(f, 7), 6)))).toBeNull();
  });
});
