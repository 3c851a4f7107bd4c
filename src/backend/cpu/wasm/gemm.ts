// Layer: src/backend/cpu. Contractions (passes/contraction.ts) as a packed, register-blocked Wasm kernel:
//   for each work unit (a batch point × a block of NC columns):   (units are split across threads)
//     pack B[k, n-block] into NR-wide panels (evaluating B's prologue expression once per element)
//     for each block of MC rows: pack A[m-block, k] into MR-high panels
//       for each panel pair: a 4×8 f32x4 micro-kernel accumulates Σ_k in registers, and the epilogue
//       (bias, activation, scale …) is applied from the registers as the tile is stored.
// `run(out, in…, p…, scratch, start, end)`: scratch is this thread's packing space (see scratchBytes).
import type { Expr, Kernel, LoopVar } from "../../kernel/ir.js";
import type { Contraction } from "../../kernel/passes/contraction.js";
import { type EmitContext, WasmExprEmitter, vectorizable } from "./emit-expr.js";
import { FunctionBuilder, ModuleBuilder, type ValType } from "./module.js";

const MR = 4;
const NR = 8;
const product = (vs: readonly LoopVar[]): number => vs.reduce((n, v) => n * v.extent, 1);
const roundUp = (n: number, to: number): number => Math.ceil(n / to) * to;

/**
 * Block sizes for a contraction: B's panel (K × NC) and A's (MC × K) stay within the L2 cache. Work units are
 * batch points × column blocks × row chunks, enough for the `parts` threads: a thin product (M above N, as a
 * convolution's output positions against its channels) is cut into row chunks, each packing B's block again
 * (K · NC); a wide one into column blocks, each packing A again (M · K). Cutting a 1024 × 32 product's columns
 * packed its A twice and made two threads slower than one.
 */
export function gemmBlocks(c: Contraction, parts = 4): { M: number; N: number; K: number; NC: number; MC: number; nBlocks: number; chunks: number; chunkRows: number; units: number } {
  const [M, N, K] = [product(c.m), product(c.n), product(c.k)];
  const fitN = Math.max(NR, Math.floor(131072 / Math.max(1, K) / NR) * NR);
  const batch = product(c.batch);
  const wanted = Math.max(1, Math.ceil(parts / batch));
  const byRows = wanted > 1 && M > N;
  const spreadN = roundUp(byRows ? N : Math.ceil(N / wanted), NR);
  const NC = Math.max(NR, Math.min(256, fitN, spreadN));
  const nBlocks = Math.ceil(N / NC);
  // Row chunks of at least NC rows (packing B's block again costs no more than the chunk's A), up to 4 per
  // thread so a thread the system runs late hands its chunks over.
  const chunks = byRows ? Math.max(1, Math.min(Math.ceil((4 * wanted) / nBlocks), Math.floor(M / Math.max(NC, 4 * MR)))) : 1;
  const chunkRows = roundUp(Math.ceil(M / chunks), MR);
  // No taller than the chunk: a block's padding rows are packed and multiplied like real ones.
  const MC = Math.max(MR, Math.min(256, chunkRows, Math.floor(65536 / Math.max(1, K) / MR) * MR));
  return { M, N, K, NC, MC, nBlocks, chunks, chunkRows, units: batch * nBlocks * chunks };
}

/** Bytes of packing space one thread needs. */
export function scratchBytes(c: Contraction, parts?: number): number {
  const { K, NC, MC } = gemmBlocks(c, parts);
  return roundUp(4 * (K * roundUp(NC, NR) + K * roundUp(MC, MR)), 64);
}

/** Generates the module. @example generateGemm(kernel, kernel.contraction!, memory) */
export function generateGemm(k: Kernel, c: Contraction, memory: { readonly shared: boolean; readonly maxPages: number }, parts?: number): { bytes: Uint8Array<ArrayBuffer>; text: string; units: number } {
  const { M, N, K, NC, MC, nBlocks, chunks, chunkRows, units } = gemmBlocks(c, parts);
  const NCpad = roundUp(NC, NR);
  const params: ValType[] = ["i32", ...k.inputs.map(() => "i32" as const), ...k.params.map((t) => (t === "f32" ? "f32" : "i32") as ValType), "i32", "i32", "i32"];
  const f = new FunctionBuilder("run", params);
  const [scratch, start, end] = [params.length - 3, params.length - 2, params.length - 1];
  const vars = new Map<string, number>();
  for (const v of [...c.batch, ...c.m, ...c.n, ...c.k]) vars.set(v.name, f.local("i32"));
  const ctx: EmitContext = {
    inputPtr: k.inputs.map((_, i) => 1 + i),
    params: k.params.map((_, i) => 1 + k.inputs.length + i),
    vars,
    reduced: [f.local("f32")],
  };
  const em = new WasmExprEmitter(f, k, ctx);
  const local = (t: ValType = "i32"): number => f.local(t);
  const [u, n0, nEnd, m0, mStart, mEnd, bp, ap] = [local(), local(), local(), local(), local(), local(), local(), local()];

  /** for (v = from; v < to; v += step) body — from/to pushed by callbacks. */
  const loop = (v: number, from: () => void, to: () => void, step: number, body: () => void): void => {
    from();
    f.set(v).block().loop().get(v);
    to();
    f.op("i32.ge_s").brIf(1);
    body();
    f.get(v).i32(step).op("i32.add").set(v).br(0).end().end();
  };
  /** Sets the locals of `vs` from a flat index held in local `flat` (row-major over vs). */
  const decompose = (vs: readonly LoopVar[], flat: number): void => {
    const rest = local();
    f.get(flat).set(rest);
    for (let i = vs.length - 1; i >= 0; i--) {
      const v = vs[i]!;
      if (i === 0) f.get(rest).set(vars.get(v.name)!);
      else {
        f.get(rest).i32(v.extent).op("i32.rem_u").set(vars.get(v.name)!);
        f.get(rest).i32(v.extent).op("i32.div_u").set(rest);
      }
    }
  };
  // K's loops in packing order: the loop along which an operand that cannot be packed a lane vector at a time
  // is contiguous goes last (a convolution's channels: 4 loads along them per lane, transposed in registers).
  const laneVector = (expr: Expr, laneVars: readonly LoopVar[]): boolean => {
    const inner = laneVars[laneVars.length - 1]!;
    return (laneVars.length === 1 || inner.extent % 4 === 0) && vectorizable(em, [expr], inner.name);
  };
  const kContiguous = (expr: Expr): LoopVar | undefined => [...c.k].reverse().find((v) => v.extent >= 4 && vectorizable(em, [expr], v.name));
  const kLast = (!laneVector(c.a, c.m) && kContiguous(c.a)) || (!laneVector(c.b, c.n) && kContiguous(c.b)) || undefined;
  const kOrder = kLast ? [...c.k.filter((v) => v !== kLast), kLast] : c.k;

  /**
   * Nested loops over K's vars with a running flat counter in `kk`; with `step` 4, the last loop takes 4 at a
   * time up to its last multiple of 4 and `tail` takes the rest one at a time.
   */
  const overK = (kk: number, body: () => void, step = 1, tail?: () => void): void => {
    f.i32(0).set(kk);
    const nest = (i: number): void => {
      const v = kOrder[i]!;
      const at = vars.get(v.name)!;
      if (i < kOrder.length - 1) return loop(at, () => void f.i32(0), () => void f.i32(v.extent), 1, () => nest(i + 1));
      const whole = v.extent - (v.extent % step);
      loop(at, () => void f.i32(0), () => void f.i32(whole), step, () => {
        body();
        f.get(kk).i32(step).op("i32.add").set(kk);
      });
      if (whole < v.extent)
        loop(at, () => void f.i32(whole), () => void f.i32(v.extent), 1, () => {
          tail!();
          f.get(kk).i32(1).op("i32.add").set(kk);
        });
    };
    nest(0);
  };

  /**
   * Packs one panel: lanes first … first + width of an operand (A's m or B's n, as a flat index), for every k,
   * into [k][lane] at byte address `dst`; lanes at or past `limit` are zeros. A full panel is read 4 lanes at a
   * time when the operand is unit-stride along its lane (a v128 load per 4 lanes), or along k (4 loads along k,
   * transposed 4×4 in registers); otherwise, and in a partial panel, one element at a time.
   */
  const packPanel = (side: { expr: Expr; vars: readonly LoopVar[]; width: number }, first: number, limit: () => void, dst: number): void => {
    const { expr, vars: laneVars, width } = side;
    // The lane's innermost loop: 4 lanes from a multiple of 4 share the outer ones when its extent is one too.
    const inner = laneVars[laneVars.length - 1]!;
    const kInner = kOrder[kOrder.length - 1]!;
    const alongLane = laneVector(expr, laneVars);
    const alongK = !alongLane && kInner.extent >= 4 && vectorizable(em, [expr], kInner.name);
    const flat = local();
    /** Sets the lane's loop variables to lane first + i. */
    const laneAt = (i: number): void => {
      f.get(first).i32(i).op("i32.add").set(flat);
      decompose(laneVars, flat);
    };
    const [lane, kk] = [local(), local()];
    const scalar = (): void => {
      loop(lane, () => void f.get(first), () => void f.get(first).i32(width).op("i32.add"), 1, () => {
        f.get(lane);
        limit();
        f.op("i32.lt_s").if();
        decompose(laneVars, lane);
        f.end();
        overK(kk, () => {
          f.get(dst).get(kk).i32(4 * width).op("i32.mul").op("i32.add").get(lane).get(first).op("i32.sub").i32(4).op("i32.mul").op("i32.add");
          f.get(lane);
          limit();
          f.op("i32.lt_s").if("f32");
          em.scalar(expr);
          f.else().f32(0).end();
          f.mem("f32.store");
        });
      });
    };
    if (!alongLane && !alongK) return scalar();
    f.get(first).i32(width).op("i32.add");
    limit();
    f.op("i32.le_s").if();
    if (alongLane) {
      overK(kk, () => {
        for (let g = 0; g < width / 4; g++) {
          f.get(dst).get(kk).i32(4 * width).op("i32.mul").op("i32.add");
          laneAt(4 * g);
          em.vector(expr, inner.name);
          f.mem("v128.store", 16 * g, 2);
        }
      });
    } else {
      // Every lane's loop variables in locals of its own, decomposed once per panel; the emitter reads the
      // variables by name, so each lane's loads are emitted with its locals in the map (and a scope of its own).
      const home = laneVars.map((v) => vars.get(v.name)!);
      const lanes = Array.from({ length: width }, () => laneVars.map(() => local()));
      const emitFor = (r: number, emit: () => void): void => {
        laneVars.forEach((v, i) => vars.set(v.name, lanes[r]![i]!));
        em.enterScope();
        emit();
        em.exitScope();
        laneVars.forEach((v, i) => vars.set(v.name, home[i]!));
      };
      for (let r = 0; r < width; r++) emitFor(r, () => laneAt(r));
      const rows = [0, 1, 2, 3].map(() => f.local("v128"));
      const half = [0, 1].map(() => f.local("v128"));
      overK(
        kk,
        () => {
          for (let g = 0; g < width / 4; g++) {
            for (let r = 0; r < 4; r++) {
              emitFor(4 * g + r, () => em.vector(expr, kInner.name));
              f.set(rows[r]!);
            }
            // rows[r] = lane r at k … k+3; column j (k + j) = lanes 0…3 at k + j
            for (const [lo, hiLanes] of [[0, [0, 4, 1, 5]], [2, [2, 6, 3, 7]]] as const) {
              f.get(rows[0]!).get(rows[1]!).shuffle32(hiLanes).set(half[0]!);
              f.get(rows[2]!).get(rows[3]!).shuffle32(hiLanes).set(half[1]!);
              for (const j of [0, 1]) {
                f.get(dst).get(kk).i32(4 * width).op("i32.mul").op("i32.add");
                f.get(half[0]!).get(half[1]!).shuffle32(j === 0 ? [0, 1, 4, 5] : [2, 3, 6, 7]);
                f.mem("v128.store", 4 * width * (lo + j) + 16 * g, 2);
              }
            }
          }
        },
        4,
        () => {
          for (let r = 0; r < width; r++) {
            f.get(dst).get(kk).i32(4 * width).op("i32.mul").op("i32.add");
            emitFor(r, () => em.scalar(expr));
            f.mem("f32.store", 4 * r);
          }
        },
      );
    }
    f.else();
    scalar();
    f.end();
  };

  loop(u, () => void f.get(start), () => void f.get(end), 1, () => {
    // unit -> batch point, column block and row chunk
    const b = local();
    f.get(u).i32(nBlocks * chunks).op("i32.div_u").set(b);
    decompose(c.batch, b);
    f.get(u).i32(chunks).op("i32.rem_u").i32(chunkRows).op("i32.mul").tee(mStart).i32(chunkRows).op("i32.add").i32(M).get(mStart).i32(chunkRows).op("i32.add").i32(M).op("i32.lt_s").op("select").set(mEnd);
    f.get(u).i32(chunks).op("i32.div_u").i32(nBlocks).op("i32.rem_u").i32(NC).op("i32.mul").tee(n0).i32(NC).op("i32.add").i32(N).get(n0).i32(NC).op("i32.add").i32(N).op("i32.lt_s").op("select").set(nEnd);
    f.get(scratch).set(bp);
    f.get(scratch).i32(4 * K * NCpad).op("i32.add").set(ap);

    // pack B: Bp[(n - n0) / NR][k][(n - n0) % NR] = n < nEnd ? B(batch, k, n) : 0
    const [first, dst] = [local(), local()];
    // only the panels that hold columns: a partial last block packs (and multiplies) no panel that is all zeros
    loop(first, () => void f.get(n0), () => void f.get(nEnd), NR, () => {
      f.get(bp).get(first).get(n0).op("i32.sub").i32(NR).op("i32.div_u").i32(4 * K * NR).op("i32.mul").op("i32.add").set(dst);
      packPanel({ expr: c.b, vars: c.n, width: NR }, first, () => void f.get(nEnd), dst);
    });

    loop(m0, () => void f.get(mStart), () => void f.get(mEnd), MC, () => {
      // pack A: Ap[(m - m0) / MR][k][(m - m0) % MR] = m < mEnd ? A(batch, m, k) : 0
      // the block's rows: MC, or fewer at the end of the unit's chunk (only their panels are packed and multiplied)
      const [rowsEnd, panelsM, panelsN] = [local(), local(), local()];
      f.get(m0).i32(MC).op("i32.add").tee(rowsEnd).get(mEnd).get(rowsEnd).get(mEnd).op("i32.lt_s").op("select").set(rowsEnd);
      f.get(rowsEnd).get(m0).op("i32.sub").i32(MR - 1).op("i32.add").i32(MR).op("i32.div_u").set(panelsM);
      f.get(nEnd).get(n0).op("i32.sub").i32(NR - 1).op("i32.add").i32(NR).op("i32.div_u").set(panelsN);
      loop(first, () => void f.get(m0), () => void f.get(rowsEnd), MR, () => {
        f.get(ap).get(first).get(m0).op("i32.sub").i32(MR).op("i32.div_u").i32(4 * K * MR).op("i32.mul").op("i32.add").set(dst);
        packPanel({ expr: c.a, vars: c.m, width: MR }, first, () => void f.get(mEnd), dst);
      });
      // tiles
      const [p, q] = [local(), local()];
      loop(p, () => void f.i32(0), () => void f.get(panelsN), 1, () => {
        loop(q, () => void f.i32(0), () => void f.get(panelsM), 1, () => {
          const accs = micro(f, K, () => void f.get(ap).get(q).i32(4 * K * MR).op("i32.mul").op("i32.add"), () => void f.get(bp).get(p).i32(4 * K * NR).op("i32.mul").op("i32.add"));
          epilogue(f, em, k, c, accs, { m0, q, n0, p, nEnd, mEnd, vars, decompose });
        });
      });
    });
  });

  const mod = new ModuleBuilder(memory);
  mod.add(f, true);
  return { bytes: mod.bytes(), get text() { return mod.text(); }, units }; // the listing only when explain() asks
}

/** The 4×8 micro-kernel over K: returns the 8 accumulator locals (row r, column vector v at [2r + v]). */
function micro(f: FunctionBuilder, K: number, aPanel: () => void, bPanel: () => void): number[] {
  const accs = Array.from({ length: MR * 2 }, () => f.local("v128"));
  const [pa, pb, kk, a, b0, b1] = [f.local("i32"), f.local("i32"), f.local("i32"), f.local("v128"), f.local("v128"), f.local("v128")];
  for (const acc of accs) f.v128f(0).set(acc);
  aPanel();
  f.set(pa);
  bPanel();
  f.set(pb);
  f.i32(K).set(kk);
  f.block().loop();
  f.get(kk).op("i32.eqz").brIf(1);
  f.get(pb).mem("v128.load", 0, 2).set(b0);
  f.get(pb).mem("v128.load", 16, 2).set(b1);
  for (let r = 0; r < MR; r++) {
    f.get(pa).mem("v128.load32_splat", 4 * r).set(a);
    f.get(accs[2 * r]!).get(a).get(b0).op("f32x4.mul").op("f32x4.add").set(accs[2 * r]!);
    f.get(accs[2 * r + 1]!).get(a).get(b1).op("f32x4.mul").op("f32x4.add").set(accs[2 * r + 1]!);
  }
  f.get(pa).i32(4 * MR).op("i32.add").set(pa);
  f.get(pb).i32(4 * NR).op("i32.add").set(pb);
  f.get(kk).i32(1).op("i32.sub").set(kk);
  f.br(0).end().end();
  return accs;
}

interface TileContext {
  readonly m0: number;
  readonly q: number;
  readonly n0: number;
  readonly p: number;
  readonly nEnd: number;
  /** The local holding the end of the unit's rows. */
  readonly mEnd: number;
  readonly vars: Map<string, number>;
  readonly decompose: (vs: readonly LoopVar[], flat: number) => void;
}

/** Stores a tile through the epilogue, 4 columns at a time where the output and its loads allow. */
function epilogue(f: FunctionBuilder, em: WasmExprEmitter, k: Kernel, c: Contraction, accs: readonly number[], t: TileContext): void {
  // 4 columns from a multiple of 4 share n's outer loops when its innermost extent is a multiple of 4 too
  const innerN = c.n[c.n.length - 1]!;
  const lane = c.n.length === 1 || innerN.extent % 4 === 0 ? innerN.name : undefined;
  const outIndex: Expr = { op: "idx", type: "i32", index: k.output.index };
  const outSplit = lane ? em.split(outIndex as Expr & { index: never }, lane) : null;
  const vector = lane !== undefined && outSplit !== null && outSplit.coef === 1 && vectorizable(em, [k.value], lane);
  const [m, n, sum] = [f.local("i32"), f.local("i32"), f.local("f32")];
  for (let r = 0; r < MR; r++) {
    f.get(t.m0).get(t.q).i32(MR).op("i32.mul").op("i32.add").i32(r).op("i32.add").tee(m).get(t.mEnd).op("i32.lt_s").if();
    t.decompose(c.m, m);
    for (let v = 0; v < 2; v++) {
      const acc = accs[2 * r + v]!;
      f.get(t.n0).get(t.p).i32(NR).op("i32.mul").op("i32.add").i32(4 * v).op("i32.add").set(n);
      const scalarLanes = (): void => {
        for (let l = 0; l < 4; l++) {
          f.get(n).i32(l).op("i32.add").get(t.nEnd).op("i32.lt_s").if();
          f.get(n).i32(l).op("i32.add").set(n);
          t.decompose(c.n, n);
          f.get(acc).lane("f32x4.extract_lane", l).set(sum);
          em.reducedOverride = { scalar: sum };
          em.address(0, "f32", () => em.scalar(outIndex));
          em.scalar(k.value);
          f.mem("f32.store");
          f.get(n).i32(l).op("i32.sub").set(n);
          f.end();
        }
      };
      if (vector) {
        f.get(n).i32(4).op("i32.add").get(t.nEnd).op("i32.le_s").if();
        if (c.n.length === 1) f.get(n).set(t.vars.get(lane!)!);
        else t.decompose(c.n, n);
        em.reducedOverride = { scalar: sum, vector: acc };
        em.address(0, "f32", () => {
          em.scalar(outSplit!.base);
          f.get(t.vars.get(lane!)!).op("i32.add");
        });
        em.vector(k.value, lane!);
        f.mem("v128.store", 0, 2);
        f.else();
        scalarLanes();
        f.end();
      } else scalarLanes();
    }
    f.end();
  }
  em.reducedOverride = undefined;
}
