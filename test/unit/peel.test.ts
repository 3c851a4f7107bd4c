// kernel/peel.ts: a pad's bounds checks split along one loop — the middle range's ends (as index expressions
// over the other loops) and the expression inside it, with no check and no guard left along that loop.
import { describe, expect, it } from "vitest";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { peel } from "../../src/backend/kernel/peel.js";
import { type Expr, walkExpr } from "../../src/backend/kernel/ir.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { evalIndex, toAffine } from "../../src/graph/index-expr.js";
import { tensor } from "../../src/index.js";
import { randomFloats } from "../helpers/random.js";

const kernelOf = (t: { node: unknown }) => lowerKernels([t.node as never], { passes: cpuPasses })[0]!.kernel;
/** Whether e still compares or guards along v. */
const checksAlong = (e: Expr, v: string): boolean => {
  let found = false;
  walkExpr(e, (x) => {
    if (x.op === "binary" && (x.fn === "lt" || x.fn === "le") && [x.a, x.b].some((s) => s.op === "idx" && toAffine(s.index)?.coeffs.has(v))) found = true;
    if (x.op === "load" && x.guard) walkExpr(x.guard, (g) => void (g.op === "idx" && toAffine(g.index)?.coeffs.has(v) && (found = true)));
  });
  return found;
};

describe("peel", () => {
  it("a pad of 2 before and 3 after along w: the middle is 2 <= w < 42, checked nowhere inside", () => {
    const x = tensor(randomFloats(4 * 5 * 40), [["c", 4], ["h", 5], ["w", 40]]);
    const k = kernelOf(x.pad({ h: [1, 1], w: [2, 3] }).mul(2));
    expect(checksAlong(k.value, "w")).toBe(true);
    const p = peel(k.value, "w")!;
    expect(p).toBeDefined();
    const at = { c: 1, h: 3, w: 0 };
    expect(Math.max(...p.lower.map((b) => evalIndex(b, (n) => at[n as keyof typeof at])))).toBe(2);
    expect(Math.min(...p.upper.map((b) => evalIndex(b, (n) => at[n as keyof typeof at])))).toBe(42);
    expect(checksAlong(p.inside, "w")).toBe(false);
    // the checks along h stay: they do not depend on w
    expect(checksAlong(p.inside, "h")).toBe(true);
  });
  it("nothing to peel without checks along the loop", () => {
    const x = tensor(randomFloats(4 * 40), [["c", 4], ["w", 40]]);
    expect(peel(kernelOf(x.mul(2).add(1)).value, "w")).toBeUndefined();
    expect(peel(kernelOf(x.pad({ c: [1, 1] }).mul(2)).value, "w")).toBeUndefined();
  });
});
