// Sparse ops inside traced functions run the generated sparse kernels as steps of the traced program (a sparse
// node, a routine step; src/backend/sparse-realize.ts `sparseNode`), not a graph of gathers and scatter-adds: an
// SGD step traced with opt.trace gives the untraced step's losses and variables (float32 tolerance) on fresh
// batches for SpMV, SpMM, a sum, a dense add, SDDMM (DCSR), a CSC tensor ⊙ a broadcast vector, sparse ⊙ sparse
// and sparse + sparse with values that are variables, and the first step's loss and gradients match a float64
// reference; the traced graph holds sparse kernels and no gather or scatter-add; a traced GCN layer's Adam step lowers and compiles nothing after its first call;
// dispose() gives the traced function's buffers back. On every device in NT_DEVICES.
import { beforeAll, describe, expect, it } from "vitest";
import { type Tensor, adam, crossEntropy, csc, csr, dcsr, getDefaultDevice, kernelStats, memoryStats, sgd, sparse, tensor, trace, variable } from "../../src/index.js";
import type { SparseTensor } from "../../src/index.js";
import { realizeHooks } from "../../src/backend/realize.js";
import type { Node } from "../../src/graph/node.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { settle } from "../helpers/gc.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectRelClose, valuesWithEmptyRow } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x5ace);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 2 - 1));
const f32 = (a: ArrayLike<number>): Float32Array => Float32Array.from(a);
const close = (got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-5): void => expectRelClose(got, want, tol);
/** Random sparse values of an n×m matrix whose row `empty` stores nothing. */
const withEmptyRow = (n: number, m: number, density: number, empty: number): Float64Array => valuesWithEmptyRow(n, m, density, empty, next);

/** The primitives of the lazy graph under the nodes a realize is asked for. */
function primitivesUnder(roots: readonly Node[]): Set<string> {
  const kinds = new Set<string>();
  const seen = new Set<Node>();
  const todo = [...roots];
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    if (!n.storage) kinds.add(n.op.kind);
    todo.push(...n.inputs);
  }
  return kinds;
}

const [n, m, k] = [7, 6, 3];
type W = Tensor<[["row", 7], ["k", 3]]>;
type R = Tensor<[["row", 7]]>;
const batch = (): [W, R] => [tensor(f32(dense(n * k)), [["row", n], ["k", k]]) as W, tensor(f32(dense(n)), [["row", n]]) as R];

describe.each(deviceNames)("sparse ops in traced functions on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("dispose gives back a traced function's buffers (sparse kernels' level arrays and values included)", async () => {
    const [nodes, f] = [9, 4];
    const A = await sparse(tensor(f32(withEmptyRow(nodes, nodes, 0.4, 1)), [["node", nodes], ["nbr", nodes]]), csr("node", "nbr"));
    const W = tensor(f32(dense(f * 2)), [["feat", f], ["hid", 2]]);
    type Xs = Tensor<[["nbr", 9], ["feat", 4]]>;
    const x = tensor(f32(dense(nodes * f)), [["nbr", nodes], ["feat", f]]) as Xs;
    const forward = (a: Xs) => A.dot("nbr", a.dot("feat", W)).relu().sum("hid");
    using eager = forward(x); // (A's level arrays are uploaded once per device: resident while A lives)
    const want = await eager.data();
    // (first in the file: no garbage of earlier tests for the collector to free while this one counts)
    await settle();
    await settle();
    const live = () => memoryStats()[getDefaultDevice().name]!;
    const before = live();
    const infer = trace(forward);
    for (let i = 0; i < 3; i++) {
      using out = infer(x);
      close(await out.data(), want);
    }
    expect(live().buffers).toBeGreaterThan(before.buffers); // the program's own buffers, kept for the next call
    infer.dispose();
    await settle();
    expect(live()).toMatchObject({ bytes: before.bytes, buffers: before.buffers });
  });

  it("SpMV, SpMM, sums, a dense add, SDDMM, sparse ⊙ sparse and sparse + sparse: a traced SGD step replays the untraced one, its first step the float64 gradients", async () => {
    const a = withEmptyRow(n, m, 0.5, 2);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const B = await sparse(tensor(f32(withEmptyRow(n, m, 0.5, 4)), [["row", n], ["col", m]]), dcsr("row", "col"));
    const C = await sparse(tensor(f32(withEmptyRow(n, m, 0.4, 0)), [["row", n], ["col", m]]), csc("row", "col"));
    const c0 = Float64Array.from(await C.values.data());
    const { coords } = A.entries();
    const [X0, x0, U0, V0] = [dense(m * k), dense(m), dense(n * k), dense(k * m)];
    const vals0 = Float64Array.from(await A.values.data());
    const model = () => {
      const v = variable(tensor(f32(vals0), [["nnz", A.nnz]]));
      const X = variable(tensor(f32(X0), [["col", m], ["k", k]]));
      const x = variable(tensor(f32(x0), [["col", m]]));
      const U = variable(tensor(f32(U0), [["row", n], ["k", k]]));
      const V = variable(tensor(f32(V0), [["k", k], ["col", m]]));
      const c = variable(tensor(f32(c0), [["nnz", C.nnz]]));
      const Av = () => A.withValues(v) as SparseTensor<[["row", 7], ["col", 6]]>;
      const losses = {
        spmm: (w: W, _r: R) => Av().dot("col", X).mul(w).sum(["row", "k"]),
        spmv: (_w: W, r: R) => Av().dot("col", x).dot("row", r),
        sumAdd: (_w: W, r: R) => Av().sum("col").add(Av().add(U.dot("k", V)).sum("col")).dot("row", r),
        sddmm: (_w: W, r: R) => B.mul(U.dot("k", V)).sum("col").dot("row", r),
        mulSparse: (_w: W, r: R) => Av().mul(Av().mul(B)).sum("col").dot("row", r),
        addSparse: (_w: W, r: R) => Av().add(B).mul(Av()).sum("col").dot("row", r),
        // a CSC tensor's values times a dense vector broadcast over rows: dX sums over the rows
        mulBroadcast: (_w: W, r: R) => (C.withValues(c) as SparseTensor<[["row", 7], ["col", 6]]>).mul(x).sum("col").dot("row", r),
      };
      return { vars: { v, X, x, U, V, c }, losses };
    };
    for (const name of ["spmm", "spmv", "sumAdd", "sddmm", "mulSparse", "addSparse", "mulBroadcast"] as const) {
      const [plain, traced] = [model(), model()];
      const opt = sgd({ lr: 0.1 });
      const step = sgd({ lr: 0.1 }).trace(traced.losses[name]);
      for (let i = 0; i < 3; i++) {
        const b = batch();
        const want = await opt.step(() => plain.losses[name](...b));
        const seen: Node[][] = [];
        realizeHooks.observe = (nodes) => void seen.push([...nodes]);
        let got: number;
        try {
          got = await step(...b);
        } finally {
          realizeHooks.observe = undefined;
        }
        if (i === 0) {
          // the traced program runs the sparse kernels: no gather/scatter-add graph form of the sparse ops
          const kinds = primitivesUnder(seen.flat());
          expect(kinds.has("sparse"), name).toBe(true);
          // (a sparse ⊙ sparse factor whose traced values change format is reordered by a gather, whose gradient is one)
          if (name !== "mulSparse") expect([kinds.has("scatterAdd"), kinds.has("gather")], name).toEqual([false, false]);
        }
        close([got], [want]);
        for (const [key, t] of Object.entries(traced.vars)) close(await t.data(), await plain.vars[key as keyof typeof plain.vars].data(), 1e-5);
        if (i > 0 || name !== "spmm") continue;
        // float64: loss = Σ w(row,k) Σ_col A(row,col) X(col,k); dX(col,k) = Σ_row A(row,col) w(row,k); dv_p = Σ_k w(row_p,k) X(col_p,k)
        const w = await b[0].data();
        let loss = 0;
        const dX = new Float64Array(m * k);
        const dv = new Float64Array(A.nnz);
        for (let p = 0; p < A.nnz; p++) {
          const [row, col] = [coords.row![p]!, coords.col![p]!];
          for (let j = 0; j < k; j++) {
            loss += w[row * k + j]! * vals0[p]! * X0[col * k + j]!;
            dX[col * k + j]! += vals0[p]! * w[row * k + j]!;
            dv[p]! += w[row * k + j]! * X0[col * k + j]!;
          }
        }
        close([got], [loss], 1e-4);
        close(await traced.vars.X.data(), Array.from(X0, (x, e) => x - 0.1 * dX[e]!), 1e-4);
        close(await traced.vars.v.data(), Array.from(vals0, (x, e) => x - 0.1 * dv[e]!), 1e-4);
      }
      step.dispose();
    }
  });

  it("a traced GCN layer's Adam step replays the untraced one, and after its first call lowers and compiles nothing", async () => {
    const [nodes, f, h] = [11, 5, 4];
    const A = await sparse(tensor(f32(withEmptyRow(nodes, nodes, 0.3, 3)), [["node", nodes], ["nbr", nodes]]), csr("node", "nbr"));
    const W0 = tensor(f32(dense(f * h)), [["feat", f], ["hid", h]]);
    type Xs = Tensor<[["nbr", 11], ["feat", 5]]>;
    type Ys = Tensor<[["node", 11]], "int32">;
    const layer = () => {
      const W = variable(W0);
      return { W, loss: (x: Xs, y: Ys) => crossEntropy(A.dot("nbr", A.dot("nbr", x.dot("feat", W)).relu().rename({ node: "nbr" })), y, "hid") };
    };
    const data = () => ({
      x: tensor(f32(dense(nodes * f)), [["nbr", nodes], ["feat", f]]) as Xs,
      y: tensor(Int32Array.from({ length: nodes }, () => Math.floor(next() * h)), [["node", nodes]]) as Ys,
    });
    const [plain, traced] = [layer(), layer()];
    const opt = adam({ lr: 0.05 });
    const step = adam({ lr: 0.05 }).trace(traced.loss);
    for (let i = 0; i < 4; i++) {
      const { x, y } = data();
      const want = await opt.step(() => plain.loss(x, y));
      const before = kernelStats();
      const got = await step(x, y);
      const after = kernelStats();
      if (i > 0) expect({ lowerings: after.lowerings - before.lowerings, compiled: after.compiled - before.compiled, traces: after.traces - before.traces }).toEqual({ lowerings: 0, compiled: 0, traces: 0 });
      close([got], [want]);
      close(await traced.W.data(), await plain.W.data());
    }
    step.dispose();
  });

});
