// Random expression trees over most of the op surface — elementwise (float, int32, bool), reductions, scans,
// contractions, movement and indexing views, private dims — computed by the generated kernels and by the
// float64 reference interpreter on the same fresh inputs, on every device in NT_DEVICES (cpu by default; npm test
// adds webgpu). A disagreement prints the expression. More trees: NT_FUZZ=500 npx vitest run test/fuzz.test.ts
// (each tree is seeded from the run's seed and its number).
import { afterAll, describe, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { gradients } from "../../src/graph/autodiff.js";
import { Tensor, concat, contract, randn, tensor, where } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectCloseConditioned } from "../helpers/naive.js";
import { rng, testSeed } from "../helpers/random.js";

type Any = Tensor<any, any>;
interface Expr {
  readonly t: Any;
  readonly text: string;
}

const POOL: [string, number][] = [["a", 3], ["b", 7], ["c", 5], ["d", 1], ["e", 4], ["f", 9]];

/**
 * `smooth` leaves out the ops that select among computed values (max/min, maximum/minimum, where, sort, topk):
 * where two candidates are within rounding of each other — tanh saturates to exactly 1 in float32 but not in
 * float64 — the float32 kernel and the float64 reference rightly pick different ones, and the gradient follows
 * the pick. Gradient trees are smooth; value trees keep every op (expectCloseConditioned allows for a pick that
 * rounding to float32 changes).
 */
function generator(seed: number, smooth = false) {
  const next = rng(seed);
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;
  let fresh = 0;
  const newName = (): string => `n${fresh++}`;
  const leaves: Any[] = [];

  const leaf = (kind: "f" | "i" | "b" = "f"): Expr => {
    const dims = POOL.filter(() => next() < 0.45);
    const use = dims.length ? dims : [pick(POOL)];
    const n = use.reduce((m, [, z]) => m * z, 1);
    const data = kind === "f" ? Float32Array.from({ length: n }, () => Math.fround(next() * 4 - 2)) : kind === "i" ? Int32Array.from({ length: n }, () => int(11) - 5) : Uint8Array.from({ length: n }, () => (next() < 0.5 ? 1 : 0));
    let t = tensor(data, use as any, { dtype: kind === "f" ? "float32" : kind === "i" ? "int32" : "bool" }) as Any;
    if (next() < 0.3) t = t.materialize();
    leaves.push(t);
    return { t, text: `leaf[${use.map(([x, z]) => `${x}:${z}`).join(",")}]${kind}` };
  };
  const visible = (x: Any): string[] => (x.dims as string[]).filter((n) => !x.masked.has(n));

  /** A float expression of the given depth. */
  const grow = (depth: number): Expr => {
    if (depth === 0) return leaf();
    const x = grow(depth - 1);
    const names = visible(x.t);
    const r = int(32);
    const un = (f: string, t: Any): Expr => ({ t, text: `${f}(${x.text})` });
    switch (r) {
      case 0: return un("exp*0.2", x.t.mul(0.2).exp());
      case 1: return un("tanh", x.t.tanh());
      case 2: return un("sigmoid", x.t.sigmoid());
      case 3: return un("abs+1 log", x.t.abs().add(1).log());
      case 4: {
        const y = grow(depth - 1);
        const op = pick(smooth ? (["add", "sub", "mul"] as const) : (["add", "sub", "mul", "maximum", "minimum"] as const));
        return { t: (x.t as any)[op](y.t), text: `${op}(${x.text}, ${y.text})` };
      }
      case 5: {
        const y = grow(depth - 1);
        return { t: x.t.div(y.t.abs().add(0.5)), text: `div(${x.text}, |${y.text}|+0.5)` };
      }
      case 6: {
        if (names.length < 2) return un("neg", x.t.neg());
        const n = pick(names);
        const op = pick(smooth ? (["sum", "mean", "logsumexp", "variance"] as const) : (["sum", "max", "min", "mean", "logsumexp", "variance"] as const));
        return { t: (x.t as any)[op](n), text: `${op}(${x.text}, ${n})` };
      }
      case 7: {
        if (!names.length) return un("relu", x.t.relu());
        const n = pick(names);
        const op = pick(["softmax", "logSoftmax", "cumsum"] as const);
        return { t: (x.t as any)[op](n), text: `${op}(${x.text}, ${n})` };
      }
      case 8: {
        if (names.length < 2) return un("sin", x.t.sin());
        const order = [...names].sort(() => next() - 0.5);
        return { t: x.t.transpose(...(order as [])), text: `transpose(${x.text}, ${order})` };
      }
      case 9: {
        const n = names.find((m) => x.t.shape[m] >= 2);
        if (!n) return un("cos", x.t.cos());
        const size = x.t.shape[n] as number;
        const start = int(size - 1);
        const len = 1 + int(size - start - 1);
        const m = newName();
        return { t: (x.t as any).narrow(n, start, len, m), text: `narrow(${x.text}, ${n}, ${start}, ${len})` };
      }
      case 10: {
        if (!names.length) return un("erf", x.t.erf());
        const n = pick(names);
        const [lo, hi] = [int(3), int(3)];
        return { t: x.t.pad({ [n]: [lo, hi] }, next() - 0.5), text: `pad(${x.text}, ${n}, ${lo}, ${hi})` };
      }
      case 11: {
        const m = newName();
        return { t: x.t.expand([[m, 2]]), text: `expand(${x.text}, ${m})` };
      }
      case 12: {
        const n = names.find((m) => (x.t.shape[m] as number) % 2 === 0 && (x.t.shape[m] as number) > 2) ?? names.find((m) => x.t.shape[m] === 9);
        if (!n) return un("round", x.t.round());
        const size = x.t.shape[n] as number;
        const k = size % 2 === 0 ? 2 : 3;
        const [p, q] = [newName(), newName()];
        const split = x.t.split(n, [[p, k], q]);
        return next() < 0.5 ? { t: split, text: `split(${x.text}, ${n})` } : { t: split.transpose(...((split.dims as string[]).filter((z) => !split.masked.has(z)).reverse() as [])).stack({ [newName()]: [q, p] }), text: `split-stack(${x.text}, ${n})` };
      }
      case 13: {
        if (!names.length) return un("floor", x.t.floor());
        const n = pick(names);
        const size = x.t.shape[n] as number;
        const idx = tensor(Int32Array.from({ length: 4 }, () => int(size)), [[newName(), 4]] as any);
        return { t: x.t.indexSelect(n, idx), text: `indexSelect(${x.text}, ${n})` };
      }
      case 14: {
        const y = grow(depth - 1);
        if (smooth) return { t: x.t.add(y.t.mul(0.5)), text: `${x.text} + ${y.text}/2` };
        return { t: where(x.t.gt(y.t), x.t, y.t.mul(0.5)), text: `where(${x.text} > ${y.text}, …)` };
      }
      case 15: {
        const y = grow(depth - 1);
        const shared = visible(y.t).filter((m) => names.includes(m) && x.t.shape[m] === y.t.shape[m]);
        if (!shared.length) return un("sqrt|x|", x.t.abs().sqrt());
        const n = pick(shared);
        return { t: x.t.dot(n, y.t), text: `dot(${x.text}, ${n}, ${y.text})` };
      }
      case 16: {
        // discontinuous ops (argmax of ints) read an exact leaf, not a computed value that float32 and float64
        // may round to different sides of a tie
        const ints = leaf("i");
        const n = pick(visible(ints.t));
        const y = ints.t.argmax(n).cast("float32").add(ints.t.sum(n).cast("float32"));
        return { t: x.t.add(y), text: `${x.text} + argmax+isum(${ints.text}, ${n})` };
      }
      case 17: {
        if (!names.length) return un("sign", x.t.sign());
        if (smooth) return un("tanh", x.t.tanh());
        const n = pick(names);
        return { t: x.t.sort(n, { descending: next() < 0.5 }).values, text: `sort(${x.text}, ${n})` };
      }
      case 18: {
        const n = names.find((m) => x.t.shape[m] > 1);
        if (!n) return un("clamp", x.t.clamp(-1, 1));
        return { t: concat([x.t, x.t.mul(2)], n), text: `concat(${x.text}, ×2, ${n})` };
      }
      case 19: {
        if (names.length < 2) return un("gelu", x.t.gelu());
        const n = pick(names);
        const hidden = x.t.mask(n);
        const rest = visible(hidden);
        return { t: hidden.softmax(pick(rest)).unmask(), text: `masked(${n}) softmax(${x.text})` };
      }
      case 20: {
        const y = grow(depth - 1);
        const z = grow(depth - 1);
        const all = [x.t, y.t, z.t];
        const counts = new Map<string, number>();
        for (const t of all) for (const m of visible(t)) counts.set(m, (counts.get(m) ?? 0) + 1);
        const n = [...counts].find(([, c]) => c >= 2)?.[0];
        if (!n || all.some((t) => t.masked.size)) return { t: x.t.add(y.t).sub(z.t), text: `add-sub(${x.text}, …)` };
        return { t: contract(all as [], n as any), text: `contract(${x.text}, ${y.text}, ${z.text}; ${n})` };
      }
      case 21: {
        const n = names.find((m) => (x.t.shape[m] as number) > 1);
        if (!n) return un("neg", x.t.neg());
        const i = int(x.t.shape[n] as number);
        return { t: x.t.get(n, i), text: `get(${x.text}, ${n}, ${i})` };
      }
      case 22: {
        const n = names.find((m) => x.t.shape[m] === 1);
        if (!n) return un("abs", x.t.abs());
        return { t: x.t.squeeze(n), text: `squeeze(${x.text}, ${n})` };
      }
      case 23: {
        if (!names.length) return un("tanh", x.t.tanh());
        const n = pick(names);
        return { t: x.t.rename({ [n]: newName() }), text: `rename(${x.text}, ${n})` };
      }
      case 24: {
        const n = names.find((m) => (x.t.shape[m] as number) >= 2);
        if (!n || smooth) return un("exp", x.t.mul(0.1).exp());
        const k = 1 + int((x.t.shape[n] as number) - 1);
        return { t: x.t.topk(n, k, newName()).values, text: `topk(${x.text}, ${n}, ${k})` };
      }
      case 25: {
        if (!names.length) return un("sqrt", x.t.abs().sqrt());
        const n = pick(names);
        const others = names.filter((m) => m !== n && next() < 0.5);
        const idxDims: [string, number][] = [...others.map((m) => [m, x.t.shape[m] as number] as [string, number]), [newName(), 3]];
        const count = idxDims.reduce((a, [, z]) => a * z, 1);
        const idx = tensor(Int32Array.from({ length: count }, () => int(x.t.shape[n] as number)), idxDims as any);
        return { t: x.t.gather(n, idx), text: `gather(${x.text}, ${n}, by [${others}])` };
      }
      case 26: {
        const n = names.find((m) => (x.t.shape[m] as number) <= 5);
        if (!n) return un("sin", x.t.sin());
        return { t: x.t.mul(0.1).add(1).prod(n), text: `prod(0.1·${x.text}+1, ${n})` };
      }
      case 27: {
        const l = leaf();
        const n = pick(visible(l.t));
        return { t: x.t.mul(l.t.argmin(n).cast("float32")), text: `${x.text} · argmin(${l.text}, ${n})` };
      }
      case 28: {
        const e = pick([2, 3, 0.5, -1]);
        return { t: x.t.abs().add(0.5).pow(e), text: `pow(|${x.text}|+0.5, ${e})` };
      }
      case 29: {
        const i = leaf("i").t;
        const j = i.mul(i.sign()).add(i.maximum(1)).sub(i.abs().mul(2));
        return { t: j.cast("float32").add(x.t.clamp(-0.5, 0.5)), text: `int-ops + clamp(${x.text})` };
      }
      case 30: {
        const n = names.find((m) => (x.t.shape[m] as number) > 1);
        if (!n) return un("floor", x.t.floor());
        const parts = x.t.unbind(n);
        const i = int(parts.length);
        return { t: parts[i]!.add(parts[0]!), text: `unbind(${x.text}, ${n})[${i}] + [0]` };
      }
      default: {
        const b = x.t.gt(0).logicalAnd(x.t.lt(1)).logicalOr(x.t.eq(x.t));
        return { t: x.t.maskedFill(b.logicalNot(), -3), text: `maskedFill(${x.text})` };
      }
    }
  };
  return { grow, int, leaves };
}

const COUNT = Number(process.env.NT_FUZZ ?? 60);

/**
 * Grows tree `seed` on `device`; undefined when the random combination names sizes that disagree (a dot over
 * mismatched pads, say). The generator is deterministic, so the same seed gives the same tree, data included,
 * on every device: the reference reads the CPU's tree, the device computes its own.
 */
async function grow(seed: number, depth: (g: ReturnType<typeof generator>) => number, device: string, smooth = false) {
  await useDevice(device);
  const g = generator(seed, smooth);
  try {
    return { g, e: g.grow(depth(g)) };
  } catch (err) {
    if ((err as Error).name === "ShapeError") return undefined;
    throw err;
  }
}

describe.each(deviceNames)(`gradients of random expressions on %s (seed ${testSeed})`, (device) => {
  afterAll(() => useDevice("cpu"));
  // The backward graph is ordinary lazy graph: the generated kernels must agree with the reference on it too.
  for (let i = 0; i < COUNT / 2; i++) {
    it(`tree ${i}`, async () => {
      const seed = testSeed * 104729 + i;
      const depth = (g: ReturnType<typeof generator>): number => 1 + g.int(3);
      const backward = (x: NonNullable<Awaited<ReturnType<typeof grow>>>) => {
        const leaves = x.g.leaves.filter((l) => l.dtype === "float32");
        const cotangent = randn(x.e.t.node.dims.map((d) => [d.name, d.size]) as any, { seed: i });
        return gradients(x.e.t.node, leaves.map((l) => l.node), cotangent.node);
      };
      const cpu = await grow(seed, depth, "cpu", true);
      if (!cpu || cpu.e.t.dtype !== "float32") return;
      const reference = backward(cpu); // evaluate reads a graph without consuming it: one graph serves both
      const exact = reference.map((n) => evaluate(n));
      const rounded = reference.map((n) => evaluate(n, new Map(), { float32: true }));
      const run = device === "cpu" ? cpu : (await grow(seed, depth, device, true))!;
      const grads = backward(run);
      for (const [k, grad] of grads.entries()) {
        const got = await new Tensor(grad).data();
        try {
          expectCloseConditioned(got, { exact: exact[k]!, rounded: rounded[k]! }, 2e-4, 2e-4);
        } catch (err) {
          throw new Error(`${(err as Error).message}\n  gradient of: ${cpu.e.text}`);
        }
      }
    });
  }
});
describe.each(deviceNames)(`random expressions over the op surface on %s (seed ${testSeed})`, (device) => {
  afterAll(() => useDevice("cpu"));
  for (let i = 0; i < COUNT; i++) {
    it(`tree ${i}`, async () => {
      const seed = testSeed * 7919 + i;
      const depth = (g: ReturnType<typeof generator>): number => 1 + g.int(4);
      const cpu = await grow(seed, depth, "cpu");
      if (!cpu) return;
      const exact = evaluate(cpu.e.t.node);
      const rounded = evaluate(cpu.e.t.node, new Map(), { float32: true });
      const run = device === "cpu" ? cpu : (await grow(seed, depth, device))!;
      try {
        expectCloseConditioned(await run.e.t.data(), { exact, rounded }, 5e-5, 5e-5);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n  expression: ${cpu.e.text}`);
      }
    });
  }
});
