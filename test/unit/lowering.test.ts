// The lowering (graph -> kernels in index notation) on a corpus of expressions: how many kernels each
// becomes (fusion), that the IR verifies, and that running the kernels with the kernel interpreter gives the
// reference interpreter's values on fresh random inputs.
import { describe, expect, it } from "vitest";
import { interpretOutputs } from "../../src/backend/cpu/kernel-interpreter.js";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { scatterAdd, sortPositions } from "../../src/backend/cpu/routines.js";
import { type Step, lowerGraph } from "../../src/backend/kernel/lower.js";
import { type Routine, showRoutine } from "../../src/backend/kernel/routine.js";
import type { PlanOptions } from "../../src/backend/kernel/passes/plan.js";
import { showKernel } from "../../src/backend/kernel/print.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { kernelArithmetic } from "../../src/backend/kernel/passes/work.js";
import { stashPhaseValues } from "../../src/backend/kernel/passes/stash.js";
import { invariantReciprocals } from "../../src/backend/kernel/passes/reciprocal.js";
import { verifyKernel } from "../../src/backend/kernel/verify.js";
import type { Node } from "../../src/graph/node.js";
import { type Tensor, arange, tensor, valueAndGrad } from "../../src/index.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

type Any = Tensor<any, any>;
const t = (dims: [string, number][]): Tensor<any, "float32"> =>
  tensor(randomFloats(dims.reduce((n, [, z]) => n * z, 1)), dims as any) as Tensor<any, "float32">;

/** A routine run by the CPU's typed-array loops, in float64. */
function runRoutine(r: Routine, inputs: ArrayLike<number>[]): Float64Array {
  if (r.kind === "sort") {
    const out = new Float64Array(r.total);
    sortPositions(r, inputs[0]!, out);
    return out;
  }
  if (r.kind === "sparse") throw new Error("these graphs have no sparse kernels");
  const out = new Float64Array(r.outLength);
  scatterAdd(r, inputs[0]!, inputs[1]!, out);
  return out;
}

/** Runs the lowered program with the kernel interpreter; returns the root's values. */
function runLowered(root: Node, options: PlanOptions = {}, others: readonly Node[] = []): { values: Float64Array; kernels: number; texts: string[]; widest: number; computed: Map<Node, Float64Array> } {
  const steps = lowerGraph([root, ...others], options);
  const computed = new Map<Node, Float64Array>();
  const valuesOf = (n: Node): ArrayLike<number> => computed.get(n) ?? (n.storage!.buffer as unknown as { array: ArrayLike<number> }).array;
  for (const s of steps) {
    if (s.kind === "routine") {
      computed.set(s.node, runRoutine(s.routine, s.inputs.map(valuesOf)));
      continue;
    }
    verifyKernel(s.kernel);
    const outputs = interpretOutputs(s.kernel, s.inputs.map(valuesOf), s.params);
    [s.node, ...s.more].forEach((n, i) => computed.set(n, outputs[i]!));
  }
  const widest = Math.max(...steps.map((s) => s.inputs.length));
  const texts = steps.map((s) => (s.kind === "kernel" ? showKernel(s.kernel) : showRoutine(s.routine)));
  return { values: computed.get(root)!, kernels: steps.length, texts, widest, computed };
}

const corpus: [string, () => Any, number][] = [
  ["sigmoid 1/(1+exp(-x))", () => t([["i", 33]]).neg().exp().add(1).pow(-1), 1],
  ["tanh(a*b+c) broadcast by name", () => t([["i", 7], ["j", 5]]).mul(t([["j", 5]])).add(t([["i", 7]])).tanh(), 1],
  ["sum(a*b+c, k) is one kernel", () => t([["i", 4], ["k", 9]]).mul(t([["k", 9]])).add(t([["i", 4], ["k", 9]])).sum("k"), 1],
  ["row sum", () => t([["r", 5], ["c", 33]]).sum("c"), 1],
  ["softmax is one kernel", () => t([["r", 3], ["c", 17]]).softmax("c"), 1],
  ["logSoftmax is one kernel", () => t([["r", 3], ["c", 17]]).logSoftmax("c"), 1],
  ["logsumexp is one kernel", () => t([["r", 3], ["c", 17]]).logsumexp("c"), 1],
  ["layer norm: mean and variance are phases", () => {
    const x = t([["b", 3], ["e", 8]]);
    const c = x.sub(x.mean("e"));
    return c.mul(c.mul(c).mean("e").add(1e-5).rsqrt());
  }, 1],
  ["matmul with bias and relu epilogue", () => t([["i", 6], ["k", 5]]).dot("k", t([["k", 5], ["j", 7]])).add(t([["j", 7]])).relu(), 1],
  ["attention: scores, softmax and weighted sum are one online-softmax kernel", () => {
    const [q, k, v] = [t([["b", 2], ["q", 3], ["d", 4]]), t([["b", 2], ["key", 5], ["d", 4]]), t([["b", 2], ["key", 5], ["d", 4]])];
    return q.dot("d", k).softmax("key").dot("key", v);
  }, 1],
  ["scaled, causally masked attention with the values on the left is one kernel", () => {
    const [q, k, v] = [t([["q", 7], ["d", 3]]), t([["key", 7], ["d", 3]]), t([["key", 7], ["e", 5]])];
    const later = arange("key", 7).dynamic().gt(arange("q", 7).dynamic());
    return v.dot("key", q.dot("d", k).mul(0.5).maskedFill(later, -Infinity).softmax("key"));
  }, 1],
  // its row max and sum are stored (by the softmax-weighted sum's kernel, as further outputs), and the other
  // reader recomputes the probabilities from them (attention's backward reads them so): no [q, key] buffer;
  // then the add
  ["attention whose softmax is also read elsewhere stores only the softmax's row max and sum", () => {
    const [q, k, v] = [t([["q", 3], ["d", 4]]), t([["key", 5], ["d", 4]]), t([["key", 5], ["e", 2]])];
    const p = q.dot("d", k).softmax("key");
    return p.dot("key", v).add(p.sum("key"));
  }, 3],
  ["a reduction reused at the same outer loops stays one kernel", () => {
    const x = t([["r", 4], ["c", 6]]);
    const m = x.max("c");
    return x.sub(m).sum("c").add(m.mul(2));
  }, 1],
  ["a reduction kept over other loops gets its own kernel", () => {
    const x = t([["r", 4], ["c", 6]]);
    return x.sub(x.max("c")).sum("r");
  }, 2],
  ["nested reductions over different dims", () => t([["a", 3], ["b", 4], ["c", 5]]).sum("c").max("b"), 2],
  ["argmax", () => t([["r", 4], ["c", 9]]).argmax("c"), 1],
  ["cumsum", () => t([["r", 3], ["c", 6]]).cumsum("c"), 1],
  ["sort values", () => t([["r", 3], ["c", 6]]).sort("c").values, 2],
];

describe("lowering to index notation", () => {
  for (const [name, build, kernels] of corpus) {
    it(name, () => {
      const x = build();
      const got = runLowered(x.node);
      expect(got.kernels, got.texts.join("\n\n")).toBe(kernels);
      // Both paths accumulate in float64; they differ only by rounding each materialised value to float32.
      expectClose(got.values, evaluate(x.node), 1e-5, 1e-6);
    });
  }

  // attention's training step with every output of its backward from one pass over the queries (dk and dv per key
  // row, dq across the key rows: ir.ts Accumulation) and the forward storing the softmax's row max and sum, run
  // by the kernel interpreter (the IR's meaning): odd sizes, a causal mask, d not a multiple of 4
  it("attention's training step as kernels with several outputs (dq summed across rows) gives the reference values", () => {
    const [B, Q, D, E] = [2, 13, 5, 3];
    const [q, k, v, w] = [t([["b", B], ["q", Q], ["d", D]]), t([["b", B], ["key", Q], ["d", D]]), t([["b", B], ["key", Q], ["e", E]]), t([["b", B], ["q", Q], ["e", E]])];
    const later = arange("key", Q).dynamic().gt(arange("q", Q).dynamic());
    const { value, grads } = valueAndGrad((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.4).maskedFill(later, -Infinity).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]) as never)(q, k, v) as unknown as { value: Any; grads: Any[] };
    const got = runLowered(value.node, { accumulateAcrossRows: true }, grads.map((g) => g.node));
    const online = got.texts.filter((x) => x.includes("online"));
    expect(online.length, got.texts.join("\n\n")).toBe(2);
    expect(online.join("\n")).toContain("the row's max");
    for (const r of [value, ...grads]) expectClose(got.computed.get(r.node)!, evaluate(r.node), 1e-5, 1e-6);
  });

  it("splits a kernel that reads more buffers than the device binds (maxInputs), keeping the values", () => {
    const xs = Array.from({ length: 9 }, (_, i) => t(i % 2 ? [["r", 4], ["c", 5]] : [["c", 5]]));
    const x = xs.reduce((a, b, i) => (i % 3 ? a.mul(b).add(0.5) : a.sub(b).tanh()));
    const whole = runLowered(x.node);
    expect(whole.widest).toBe(9);
    for (const limit of [2, 3, 5]) {
      const split = runLowered(x.node, { maxInputs: limit });
      expect(split.widest, split.texts.join("\n\n")).toBeLessThanOrEqual(limit);
      expect(split.kernels).toBeGreaterThan(1);
      expectClose(split.values, evaluate(x.node), 1e-5, 1e-6);
    }
  });

  it("compiles a second call on new data to the same kernels (same structural hashes)", () => {
    const f = (): Any => t([["r", 3], ["c", 17]]).softmax("c").mul(2.5);
    const [a, b] = [lowerGraph([f().node]), lowerGraph([f().node])];
    const hashes = (steps: Step[]): string[] => steps.map((s) => (s.kind === "kernel" ? s.hash : s.routine.kind));
    expect(hashes(a)).toEqual(hashes(b));
    const c = lowerGraph([t([["r", 3], ["c", 18]]).softmax("c").node]);
    expect(hashes(c)[0]).not.toBe(hashes(a)[0]);
  });

  // The stash (stash.ts) reads back a value the phase computed, per element: worth it for a value that varies
  // along the store's inner loops (softmax's exp), not for a row's value, which is computed once per row anyway
  // and, read back from the buffer, would make everything the store computes from it vary per element.
  it("the stash keeps a value that varies along the store's loops, not a row's value", () => {
    const [z, x] = [t([["a", 5], ["c", 7]]), t([["a", 5]])];
    const u = x.exp().mul(x);
    const rowValue = z.add(z.mul(u)).sum("c").mul(z.tanh().mul(u.abs().add(u.neg().exp())));
    const [row] = lowerGraph([rowValue.node]).filter((s): s is Extract<Step, { kind: "kernel" }> => s.kind === "kernel");
    expect(row!.kernel.phases.length).toBe(1);
    expect(stashPhaseValues(row!.kernel)).toBe(row!.kernel);
    expect(kernelArithmetic(stashPhaseValues(row!.kernel))).toBeLessThanOrEqual(kernelArithmetic(row!.kernel));
    // a value that reads only the inner loop (abs(x[a]) below, the outer loop c): hoisted out of c, not read back
    const y = t([["a", 5], ["c", 7]]);
    const innerOnly = x.abs().add(x.neg().exp()).mul(y.div(x.abs().add(1)).sum("a"));
    const [inner] = lowerGraph([innerOnly.node]).filter((s): s is Extract<Step, { kind: "kernel" }> => s.kind === "kernel");
    expect(inner!.kernel.outer.map((v) => v.name)).toEqual(["c"]);
    expect(stashPhaseValues(inner!.kernel)).toBe(inner!.kernel);
    const [soft] = lowerGraph([z.softmax("c").node]).filter((s): s is Extract<Step, { kind: "kernel" }> => s.kind === "kernel");
    const stashed = stashPhaseValues(soft!.kernel);
    expect(stashed.phases.some((p) => p.stash)).toBe(true);
    expect(kernelArithmetic(stashed)).toBeLessThan(kernelArithmetic(soft!.kernel));
  });

  // A quotient that a reduction phase and the store share (invariant along the phase's loop, so computed once per
  // point of the store's loops) keeps one form: the reciprocal pass does not make it a division in the phase and a
  // multiplication by a reciprocal in the store, which would compute it twice.
  it("the reciprocal pass keeps a value the phase and the store share shared", () => {
    const [z, w, r] = [t([["b", 4], ["c", 3]]), t([["b", 4]]), t([["a", 5], ["b", 4], ["c", 3]])];
    const q = z.div(w.abs().add(1));
    const out = q.tanh().div(q.add(r.mul(q)).sum("a").abs().add(1));
    const [step] = lowerGraph([out.node]).filter((s): s is Extract<Step, { kind: "kernel" }> => s.kind === "kernel");
    expect(step!.kernel.phases.length).toBe(1);
    expect(kernelArithmetic(invariantReciprocals(step!.kernel))).toBeLessThanOrEqual(kernelArithmetic(step!.kernel));
  });

  // The code generators compute a shared node once per point: y − y with one y and (a + b) − (a + b) with two
  // equal trees are different programs, and the scheduled-kernel cache (by hash) must not give one the other's.
  it("tells a value read twice from two equal trees: sharing is structure", () => {
    const x = t([["r", 5]]);
    const y = (): Any => x.abs().add(x.neg().exp());
    const one = y();
    const [shared, twice] = [one.sub(one).mul(0.5), y().sub(y()).mul(0.5)];
    for (const roots of [[twice.node, shared.node], [shared.node, twice.node]]) {
      const steps = lowerGraph(roots, { passes: cpuPasses });
      const of = (n: Node): Extract<Step, { kind: "kernel" }> => steps.find((s): s is Extract<Step, { kind: "kernel" }> => s.kind === "kernel" && s.node === n)!;
      expect(of(shared.node).hash).not.toBe(of(twice.node).hash);
      // the shared value computed once per element, the two trees twice: less arithmetic (work.ts)
      expect(kernelArithmetic(of(shared.node).kernel)).toBeLessThan(kernelArithmetic(of(twice.node).kernel));
    }
  });
});
