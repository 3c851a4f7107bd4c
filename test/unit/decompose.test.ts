// The decomposition pass (src/backend/kernel/passes/decompose.ts) on lowered kernels: it removes every function
// the target lacks, keeps the IR valid and shared (one node per input node, so a stash still points into its
// phase), leaves kernels of native functions untouched, and its arithmetic, run by the kernel interpreter in
// float64, approximates the ALU table's float64 meaning to float32 accuracy.
import { describe, expect, it } from "vitest";
import { interpretKernel } from "../../src/backend/cpu/kernel-interpreter.js";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { wasmNative } from "../../src/backend/cpu/wasm/opcodes.js";
import { binaryAlu, unaryAlu } from "../../src/backend/kernel/alu.js";
import { type Expr, kernelExprs, walkExpr } from "../../src/backend/kernel/ir.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { decomposeKernel } from "../../src/backend/kernel/passes/decompose.js";
import { stashPhaseValues } from "../../src/backend/kernel/passes/stash.js";
import { verifyKernel } from "../../src/backend/kernel/verify.js";
import { wgslNative } from "../../src/backend/webgpu/wgsl/syntax.js";
import type { BinaryFn, UnaryFn } from "../../src/graph/node.js";
import { type Tensor, tensor } from "../../src/index.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

type F = Tensor<any, "float32">;
const t = (dims: [string, number][], lo = -3, hi = 3): F => tensor(randomFloats(dims.reduce((n, [, z]) => n * z, 1), lo, hi), dims as any) as F;
const everything = { unary: new Set(Object.keys(unaryAlu) as UnaryFn[]), binary: new Set(Object.keys(binaryAlu) as BinaryFn[]) };

const fnsOf = (roots: readonly Expr[]): Set<string> => {
  const fns = new Set<string>();
  for (const r of roots) walkExpr(r, (e) => void (e.op === "unary" || e.op === "binary" ? fns.add(e.fn) : 0));
  return fns;
};

describe("decomposeKernel", () => {
  for (const [target, native] of [["wasm", wasmNative], ["wgsl", wgslNative]] as const) {
    it(`removes what the ${target} generator lacks, keeps the IR valid, and computes the float64 meaning closely`, () => {
      const [y, x] = [t([["a", 3], ["b", 40]]), t([["b", 40]])];
      const root = y.atan2(x).add(y.hypot(x)).node;
      const [step] = lowerKernels([root]);
      const k = decomposeKernel(step!.kernel, native);
      verifyKernel(k);
      for (const fn of fnsOf(kernelExprs(k))) expect(native.unary.has(fn as UnaryFn) || native.binary.has(fn as BinaryFn), fn).toBe(true);
      const inputs = step!.inputs.map((n) => (n.storage!.buffer as unknown as { array: ArrayLike<number> }).array);
      expectClose(interpretKernel(k, inputs, step!.params), evaluate(root), 1e-6, 1e-7);
    });
  }

  it("leaves a kernel of native functions as it is, and keeps a stash pointing into its phase", () => {
    const x = t([["r", 4], ["c", 64]]);
    const [plain] = lowerKernels([x.exp().sum("c").node]);
    expect(decomposeKernel(plain!.kernel, everything).value).toBe(plain!.kernel.value);
    // (the planner stores atan2's value, which softmax's max and sum phases would both compute: the last kernel)
    const step = lowerKernels([x.atan2(t([["r", 4], ["c", 64]])).softmax("c").node]).at(-1);
    const stashed = stashPhaseValues(step!.kernel);
    const k = decomposeKernel(stashed, wasmNative);
    const phase = k.phases.find((p) => p.stash);
    expect(phase).toBeDefined();
    let inside = false;
    walkExpr(phase!.body, (e) => void (e === phase!.stash ? (inside = true) : 0));
    expect(inside).toBe(true);
    expect(fnsOf([phase!.stash!]).has("atan2")).toBe(false);
    verifyKernel(k);
  });
});
