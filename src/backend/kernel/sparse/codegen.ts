// Layer: src/backend/kernel/sparse. Taco's code generation (§6) from an assignment to sparse kernels: walks the
// iteration graph's loop order; at each variable builds the merge lattice of what is left of the expression
// (§5), schedules it (§5.2) and emits one loop per lattice point — a dense loop, a loop over a compressed
// level's pos range, or a merge with the dominated points as cases — binding each operand level's position
// (a compressed level's from its range, a dense level's as parent · size + coordinate). Below the last output
// variable, summed variables reduce into a local (emit-reduction-compute), stored once per output point
// (emit-compute). A dense output is written in place; a sparse output (dense levels then one compressed level:
// CSR, a sparse vector) is assembled by two kernels (§6.3): `assemble` counts each output segment into pos
// (the host turns counts into offsets), `compute` writes idx and values — or, where each segment holds at most
// its operands' entries (CSR ± CSR), `bounded` computes each segment once at the sum of the operands' offsets
// with its count and `compact` moves it into place. The outermost loop runs in parallel when it is a dense
// output variable whose passes write disjoint outputs, or the positions of a compressed first level whose
// variable is the dense output's first (each coordinate is unique: MTTKRP over CSF) (§6.4).
// Imports the sparse notation, lattices, iteration graph and IR.
import { type IterationGraph, isCycle, iterationGraph } from "./iteration-graph.js";
import type { SparseBuffer, SparseKernel, SparseStmt, SparseValue } from "./ir.js";
import { scheduleLattice, mergeLattice } from "./lattice.js";
import { type Assignment, type Operand, type SparseExpr, accessedTensors, showAssignment } from "./notation.js";
import { InternalError } from "../../../types/errors.js";

/**
 * Which half of a sparse output's work a kernel does, or `compute` into a dense output; `bounded`: both at once,
 * each segment written from the sum of its operands' segment offsets (an upper bound of its own) and its count
 * stored, for `compact` to move into place.
 */
export type SparseMode = "compute" | "assemble" | "bounded";

/** Where each operand level's arrays are among the kernel's buffers. */
interface Bound {
  readonly pos: (number | undefined)[];
  readonly idx: (number | undefined)[];
  readonly vals: number;
}

/**
 * The buffers of an assignment: per operand, each level's pos and idx (when it has them) and the values; then the output's.
 * @example sparseBuffers(spmv).buffers.map((b) => b.name) // ["A2_pos", "A2_idx", "A_vals", "x_vals", "y_vals"]
 */
export function sparseBuffers(a: Assignment): { buffers: SparseBuffer[]; operands: Bound[]; output: Bound } {
  const buffers: SparseBuffer[] = [];
  const bind = (o: Operand, output: boolean): Bound => {
    const pos: (number | undefined)[] = [];
    const idx: (number | undefined)[] = [];
    o.levels.forEach((l, n) => {
      pos.push(l.kind === "compressed" ? buffers.push({ name: `${o.name}${n + 1}_pos`, type: "i32", output }) - 1 : undefined);
      idx.push(l.kind !== "dense" ? buffers.push({ name: `${o.name}${n + 1}_idx`, type: "i32", output }) - 1 : undefined);
    });
    return { pos, idx, vals: buffers.push({ name: `${o.name}_vals`, type: "f32", output }) - 1 };
  };
  const operands = a.operands.map((o) => bind(o, false));
  return { buffers, operands, output: bind(a.output, true) };
}

const i32 = (value: number): SparseValue => ({ op: "const", type: "i32", value });
const local = (name: string, type: "i32" | "f32" = "i32"): SparseValue => ({ op: "local", type, name });
/** i32 arithmetic, folding constants and the identities 0 + x, 1 · x, 0 · x. */
function int(fn: "add" | "mul" | "min" | "lt" | "eq" | "and", a: SparseValue, b: SparseValue): SparseValue {
  const k = (v: SparseValue): number | undefined => (v.op === "const" ? v.value : undefined);
  const [x, y] = [k(a), k(b)];
  if (x !== undefined && y !== undefined && (fn === "add" || fn === "mul")) return i32(fn === "add" ? x + y : x * y);
  if (fn === "add" && x === 0) return b;
  if (fn === "add" && y === 0) return a;
  if (fn === "mul" && x === 1) return b;
  if (fn === "mul" && y === 1) return a;
  if (fn === "mul" && (x === 0 || y === 0)) return i32(0);
  return { op: "int", type: "i32", fn, a, b };
}
const load = (buffer: number, index: SparseValue, type: "i32" | "f32"): SparseValue => ({ op: "load", type, buffer, index });
const set = (name: string, value: SparseValue): SparseStmt => ({ kind: "set", name, value });

/** Why an assignment cannot be generated (a cycle, an output format without assembly); the caller words the error. */
export class SparseLoweringError extends Error {}

/** The kernels of an assignment and what explain() shows of their derivation. */
export interface LoweredSparse {
  readonly graph: IterationGraph;
  readonly kernels: readonly SparseKernel[];
  readonly sparseOutput: boolean;
  /**
   * A sparse result whose segments hold at most the entries of its operands' segments (a sum or product of CSR
   * matrices, each stored as the result is): one pass that computes each segment at the sum of the operands'
   * offsets and counts it, then `compact` — buffers: the operands' last pos arrays in order, the result's pos
   * (offsets), the bounded idx and values, then the result's idx and values — moves the segments into place.
   * Instead of `kernels`' assembly, which merges every segment twice.
   */
  readonly bounded?: { readonly compute: SparseKernel; readonly compact: SparseKernel };
}

/**
 * The kernels for `a`: one `compute` kernel for a dense output; `assemble` then `compute` for a sparse one.
 * @example lowerSparse(spmv).kernels[0].parallelExtent // the rows of A: one pass per row
 */
export function lowerSparse(a: Assignment): LoweredSparse {
  const graph = iterationGraph(a);
  if (isCycle(graph)) throw new SparseLoweringError(`the iteration graph has a cycle over ${graph.cycle.join(", ")} through ${graph.tensors.join(" and ")}`);
  const out = a.output.levels;
  const sparseOutput = out.some((l) => l.kind !== "dense");
  if (sparseOutput && !out.every((l, n) => (n === out.length - 1 ? l.kind === "compressed" : l.kind === "dense")))
    throw new SparseLoweringError("a sparse result is assembled only in formats whose last level is compressed and the others dense (CSR, a sparse vector)");
  const modes: SparseMode[] = sparseOutput ? ["assemble", "compute"] : ["compute"];
  const kernels = modes.map((m) => generate(a, graph, m, sparseOutput));
  return { graph, sparseOutput, kernels, ...(boundable(a, graph) ? { bounded: { compute: generate(a, graph, "bounded", true), compact: compaction(a) } } : {}) };
}

/**
 * Whether each segment of `a`'s sparse result holds at most its operands' entries in that segment: the result
 * dense levels then one compressed, every operand sparse and stored alike (same variables in the same order,
 * dense levels then the last compressed), the loops in that order (no sum).
 */
function boundable(a: Assignment, graph: IterationGraph): boolean {
  const out = a.output.levels;
  const same = (levels: readonly { var: string; kind: string }[]): boolean =>
    levels.length === out.length && levels.every((l, n) => l.var === out[n]!.var && l.kind === (n === out.length - 1 ? "compressed" : "dense"));
  return out.length >= 2 && same(out) && a.operands.length > 0 && a.operands.every((o) => same(o.levels)) && graph.order.length === out.length && graph.order.every((v, n) => v === out[n]!.var);
}

/** The kernel moving a bounded computation's segments into place (LoweredSparse.bounded.compact). */
function compaction(a: Assignment): SparseKernel {
  const out = a.output.levels;
  const segments = out.slice(0, -1).reduce((n, l) => n * l.size, 1);
  const m = a.operands.length;
  const buffers: SparseBuffer[] = [
    ...a.operands.map((o) => ({ name: `${o.name}${out.length}_pos`, type: "i32" as const, output: false })),
    { name: `out${out.length}_pos`, type: "i32", output: false },
    { name: "bounded_idx", type: "i32", output: false },
    { name: "bounded_vals", type: "f32", output: false },
    { name: `out${out.length}_idx`, type: "i32", output: true },
    { name: "out_vals", type: "f32", output: true },
  ];
  const [pos, fromIdx, fromVals, toIdx, toVals] = [m, m + 1, m + 2, m + 3, m + 4];
  const seg = local("seg");
  const from = a.operands.reduce<SparseValue>((sum, _, t) => int("add", sum, load(t, seg, "i32")), i32(0));
  const at = int("add", local("c"), local("shift"));
  const body: SparseStmt[] = [
    set("seg", local("start")),
    set("seg_end", int("min", i32(segments), local("end"))),
    { kind: "loop", counter: "seg", to: local("seg_end"), parallel: true, label: "each segment", body: [
      set("c", load(pos, seg, "i32")),
      set("c_end", load(pos, int("add", seg, i32(1)), "i32")),
      set("shift", int("add", from, int("mul", local("c"), i32(-1)))),
      { kind: "loop", counter: "c", to: local("c_end"), label: "move its entries", body: [
        { kind: "store", buffer: toIdx, index: local("c"), value: load(fromIdx, at, "i32"), accumulate: false },
        { kind: "store", buffer: toVals, index: local("c"), value: load(fromVals, at, "f32"), accumulate: false },
      ] },
    ] },
  ];
  const locals = new Map<string, "i32" | "f32">(["start", "end", "seg", "seg_end", "c", "c_end", "shift"].map((n) => [n, "i32"]));
  return { title: `${showAssignment(a)}  [compact: move each segment into place]`, buffers, locals, body, parallelExtent: segments, balance: pos };
}

/** One kernel in one mode. */
function generate(a: Assignment, graph: IterationGraph, mode: SparseMode, sparseOutput: boolean): SparseKernel {
  const { buffers, operands, output } = sparseBuffers(a);
  const order = graph.order;
  const outVars = a.output.levels.map((l) => l.var);
  const lastFree = Math.max(-1, ...outVars.map((v) => order.indexOf(v)));
  const computeDepth = lastFree + 1;
  const scatter = order.slice(0, computeDepth).some((v) => !outVars.includes(v));
  // A sparse result whose last variable is iterated below a summed one (SpGEMM's i, k, j) is gathered in a
  // workspace (taco §6, Gustavson): per output segment a dense row of values and marks, the touched
  // coordinates listed in the output's idx, sorted, then the values gathered and the row zeroed again.
  const workspace = scatter && sparseOutput;
  const segmentVars = outVars.slice(0, -1);
  if (workspace && !segmentVars.every((v, n) => order[n] === v))
    throw new SparseLoweringError(`a sparse result cannot be assembled when a summed variable (${order.find((v) => !outVars.includes(v))}) is iterated above the result's outer variables (${segmentVars.join(", ")})`);
  const locals = new Map<string, "i32" | "f32">([["start", "i32"], ["end", "i32"]]);
  const fresh = (base: string, type: "i32" | "f32" = "i32"): string => {
    let name = base;
    for (let n = 2; locals.has(name); n++) name = `${base}${n}`;
    locals.set(name, type);
    return name;
  };
  const extent = (v: string): number => {
    for (const o of [...a.operands, a.output]) for (const l of o.levels) if (l.var === v) return l.size;
    throw new InternalError(`internal: no extent for ${v}`);
  };
  const denseStrides = (o: Operand): number[] => o.levels.map((_, n) => o.levels.slice(n + 1).reduce((s, l) => s * l.size, 1));
  const isDenseOperand = (o: Operand): boolean => o.levels.every((l) => l.kind === "dense");

  interface State {
    readonly coord: ReadonlyMap<string, SparseValue>;
    /** Positions by "tensor.level" (tensor -1 is the output). */
    readonly pos: ReadonlyMap<string, SparseValue>;
    readonly leaf: (value: SparseValue, st: State) => SparseStmt[];
    /** Operand values already loaded into locals (taco §6.2's available expressions, at access granularity). */
    readonly loaded: ReadonlyMap<number, SparseValue>;
  }
  const posOf = (st: State, t: number, l: number): SparseValue => (l < 0 ? i32(0) : st.pos.get(`${t}.${l}`) ?? fail(`position of ${t}.${l}`));
  const fail = (what: string): never => {
    throw new InternalError(`internal: ${what} is not bound`);
  };
  const address = (o: Operand, st: State): SparseValue => {
    const strides = denseStrides(o);
    return o.levels.reduce<SparseValue>((acc, l, n) => int("add", acc, int("mul", st.coord.get(l.var) ?? fail(l.var), i32(strides[n]!))), i32(0));
  };
  const valueOf = (e: SparseExpr, st: State): SparseValue => {
    switch (e.op) {
      case "access": {
        const known = st.loaded.get(e.tensor);
        if (known) return known;
        const o = a.operands[e.tensor]!;
        const at = isDenseOperand(o) ? address(o, st) : posOf(st, e.tensor, o.levels.length - 1);
        return load(operands[e.tensor]!.vals, at, "f32");
      }
      case "const":
        return { op: "const", type: "f32", value: e.value };
      case "unary":
        return { op: "unary", type: "f32", fn: e.fn, x: valueOf(e.x, st) };
      case "binary":
        return { op: "binary", type: "f32", fn: e.fn, a: valueOf(e.a, st), b: valueOf(e.b, st) };
    }
  };
  // The output's segment (position of its last dense level) and write cursor, for assembly.
  const lastDense = a.output.levels.length - 2;
  const cursor = sparseOutput ? fresh("q") : "";
  const outParent = (st: State): SparseValue => posOf(st, -1, lastDense);
  // A dense output whose variables are the outermost loops, each a plain dense loop (SpMV, SpMM over CSR), is
  // written exactly once per point: stored, not accumulated, and not zeroed first.
  const exactCover =
    !sparseOutput && !scatter && outVars.every((v, n) => order[n] === v) && outVars.every((v) => {
      const l = scheduleLattice(mergeLattice(a, v, a.expr));
      return l.points.length === 1 && l.points[0]!.loop === "dense";
    });
  const emitOut = (value: SparseValue | undefined, st: State): SparseStmt[] => {
    // A dense output accumulates: a level with repeated coordinates (COO's) may reach a point more than once.
    if (!sparseOutput) return [{ kind: "store", buffer: output.vals, index: address(a.output, st), value: value!, accumulate: !exactCover }];
    const last = a.output.levels.length - 1;
    // Under a dense segment level the count is the cursor, stored once per segment (below); a sparse vector's is stored per entry.
    if (mode === "assemble" && lastDense >= 0) return [set(cursor, int("add", local(cursor), i32(1)))];
    if (mode === "assemble") return [{ kind: "store", buffer: output.pos[last]!, index: int("add", outParent(st), i32(1)), value: i32(1), accumulate: true }];
    return [
      { kind: "store", buffer: output.idx[last]!, index: local(cursor), value: st.coord.get(a.output.levels[last]!.var)!, accumulate: false },
      { kind: "store", buffer: output.vals, index: local(cursor), value: value!, accumulate: false },
      set(cursor, int("add", local(cursor), i32(1))),
    ];
  };

  const genFrom = (d: number, expr: SparseExpr, st: State): SparseStmt[] => {
    if (workspace && d === segmentVars.length) return gather(d, expr, st);
    if (d === computeDepth && !scatter) {
      if (sparseOutput && mode === "assemble") return emitOut(undefined, st);
      if (d < order.length) {
        const acc = fresh("acc", "f32");
        const inner = genVar(d, expr, { ...st, leaf: (v) => [set(acc, { op: "binary", type: "f32", fn: "add", a: local(acc, "f32"), b: v })] });
        return [set(acc, { op: "const", type: "f32", value: 0 }), ...inner, ...emitOut(local(acc, "f32"), st)];
      }
      return emitOut(valueOf(expr, st), st);
    }
    if (d === order.length) return st.leaf(valueOf(expr, st), st);
    return genVar(d, expr, st);
  };

  /**
   * The workspace gather of one output segment: mark each coordinate reached, accumulate, and list the coordinates
   * in order — a segment with few (its count, known from the assembly, times 16 below the row's size) lists the
   * new ones as they come and sorts the list; one with many only marks them (no test per product) and lists them
   * by a branch-free scan of the marks. Then the values are gathered from the row in the list's order.
   */
  let [wsMark, wsRow, wsList, wsSort]: (number | undefined)[] = [];
  const gather = (d: number, expr: SparseExpr, st: State): SparseStmt[] => {
    const lastVar = outVars.at(-1)!;
    const size = extent(lastVar);
    wsMark ??= buffers.push({ name: "w_mark", type: "i32", output: true, workspace: size }) - 1;
    const mark = wsMark;
    const stamp = int("add", outParent(st), i32(1)); // a segment's own mark: the row is never cleared of marks
    const at = (s: State): SparseValue => s.coord.get(lastVar)!;
    const unmarked = (s: State): SparseValue => int("eq", int("eq", load(mark, at(s), "i32"), stamp), i32(0));
    const markIt = (s: State): SparseStmt => ({ kind: "store", buffer: mark, index: at(s), value: stamp, accumulate: false });
    const n = fresh("seg_count");
    if (mode === "assemble") {
      // The segment's count in a local, stored once.
      const counted = genVar(d, expr, { ...st, leaf: (_v, s) => [{ kind: "if", cond: unmarked(s), then: [markIt(s), set(n, int("add", local(n), i32(1)))] }] });
      return [set(n, i32(0)), ...counted, { kind: "store", buffer: output.pos[a.output.levels.length - 1]!, index: stamp, value: local(n), accumulate: false }];
    }
    wsRow ??= buffers.push({ name: "w_vals", type: "f32", output: true, workspace: size }) - 1;
    wsList ??= buffers.push({ name: "w_list", type: "i32", output: true, workspace: size + 1 }) - 1;
    wsSort ??= buffers.push({ name: "w_sort", type: "i32", output: true, workspace: size }) - 1;
    const [row, list] = [wsRow, wsList];
    const last = a.output.levels.length - 1;
    const [r, c] = [fresh("r"), fresh("r_coord")];
    const accumulate = (v: SparseValue, s: State): SparseStmt => ({ kind: "store", buffer: row, index: at(s), value: v, accumulate: true });
    const listed = genVar(d, expr, {
      ...st,
      leaf: (v, s) => [{ kind: "if", cond: unmarked(s), then: [markIt(s), { kind: "store", buffer: list, index: local(n), value: at(s), accumulate: false }, set(n, int("add", local(n), i32(1)))] }, accumulate(v, s)],
    });
    const marked = genVar(d, expr, { ...st, leaf: (v, s) => [markIt(s), accumulate(v, s)] });
    const take = (coord: SparseValue, to: SparseValue): SparseStmt[] => [
      { kind: "store", buffer: output.idx[last]!, index: to, value: coord, accumulate: false },
      { kind: "store", buffer: output.vals, index: to, value: load(row, coord, "f32"), accumulate: false },
      { kind: "store", buffer: row, index: coord, value: { op: "const", type: "f32", value: 0 }, accumulate: false },
    ];
    // The segment's count: its end (the next segment's offset) less its offset.
    const count = int("add", load(output.pos[last]!, stamp, "i32"), int("mul", local(cursor), i32(-1)));
    const scan = int("lt", i32(size), int("mul", int("min", count, i32(1 << 26)), i32(16)));
    return [
      set(n, i32(0)),
      { kind: "if", cond: int("eq", scan, i32(0)), then: [...listed, { kind: "sort", buffer: list, from: i32(0), to: local(n), scratch: wsSort }] },
      { kind: "if", cond: scan, then: [
        ...marked,
        set(c, i32(0)),
        { kind: "loop", counter: c, to: i32(size), body: [{ kind: "store", buffer: list, index: local(n), value: local(c), accumulate: false }, set(n, int("add", local(n), int("eq", load(mark, local(c), "i32"), stamp)))], label: `scan ${lastVar}'s workspace marks` },
      ] },
      set(r, i32(0)),
      { kind: "loop", counter: r, to: local(n), body: [set(c, load(list, local(r), "i32")), ...take(local(c), int("add", local(cursor), local(r)))], label: `gather ${lastVar} from the workspace` },
    ];
  };

  let parallelExtent = 0;
  /** A parallel loop over a compressed first level's positions: the local of their count, the level's idx. */
  let compressedParallel: { count: string; idx: number; tensor: number } | undefined;
  const genVar = (d: number, expr: SparseExpr, st: State): SparseStmt[] => {
    const v = order[d]!;
    const lattice = scheduleLattice(mergeLattice(a, v, expr));
    if (!lattice.points.length) return [];
    const coord = fresh(v);
    const stmts: SparseStmt[] = [];
    // Position locals of each ranger, shared by the point loops (a later point resumes where an earlier one stopped).
    const rangerLocals = new Map<string, { pos: string; end: SparseValue; coord: SparseValue; label: string }>();
    // Each pass of an outermost output variable writes only outputs with that coordinate: passes are independent.
    // (A dense output is zeroed by each pass over its own slice, so the variable must be the output's first.)
    const parallel = d === 0 && lattice.points.length === 1 && lattice.points[0]!.loop === "dense" && a.output.levels[0]?.var === v && (!sparseOutput || a.output.levels[0]!.kind === "dense");
    // Or the positions of an operand's compressed first level, when the output is dense and first indexed by its
    // variable (taco §6.4): a compressed level's coordinates are unique, so each position writes its own output
    // slice. The passes are the positions [0, pos[1]), at most the variable's extent (the launch's).
    const only = lattice.points.length === 1 ? lattice.points[0]! : undefined;
    const root = only && only.loop !== "merge" && only.rangers.length === 1 && !only.rangers[0]!.dense ? only.rangers[0]! : undefined;
    const positions = d === 0 && !sparseOutput && root !== undefined && root.level === 0 && a.operands[root.tensor]!.levels[0]!.kind === "compressed" && a.output.levels[0]?.var === v;
    for (const p of lattice.points) {
      for (const r of p.rangers) {
        const key = `${r.tensor}.${r.level}`;
        if (rangerLocals.has(key)) continue;
        if (r.dense) {
          const counter = fresh(`${v}_ctr`);
          stmts.push(set(counter, parallel ? local("start") : i32(0)));
          let end = i32(extent(v));
          if (parallel) {
            const bound = fresh(`${v}_end`);
            stmts.push(set(bound, int("min", end, local("end"))));
            end = local(bound);
          }
          if (parallel) parallelExtent = extent(v);
          rangerLocals.set(key, { pos: counter, end, coord: local(counter), label: r.name });
        } else {
          const o = a.operands[r.tensor]!;
          const bound = operands[r.tensor]!;
          const pos = fresh(`p${o.name}${r.level + 1}`);
          const end = fresh(`${pos}_end`);
          const parent = posOf(st, r.tensor, r.level - 1);
          if (positions) {
            // (a first level's pos[0] is 0: the pass is the position)
            const count = fresh(`${pos}_count`);
            stmts.push(set(count, load(bound.pos[0]!, i32(1), "i32")), set(pos, local("start")), set(end, int("min", local(count), local("end"))));
            parallelExtent = extent(v);
            compressedParallel = { count, idx: bound.idx[0]!, tensor: r.tensor };
          } else if (o.levels[r.level]!.kind === "compressed") {
            stmts.push(set(pos, load(bound.pos[r.level]!, parent, "i32")), set(end, load(bound.pos[r.level]!, int("add", parent, i32(1)), "i32")));
          } else stmts.push(set(pos, parent), set(end, int("add", parent, i32(1))));
          rangerLocals.set(key, { pos, end: local(end), coord: load(bound.idx[r.level]!, local(pos), "i32"), label: r.name });
        }
      }
    }
    const caseBody = (q: (typeof lattice.points)[number]): SparseStmt[] => {
      const pos = new Map(st.pos);
      const body: SparseStmt[] = [];
      a.operands.forEach((o, t) => {
        o.levels.forEach((l, n) => {
          if (l.var !== v || isDenseOperand(o)) return;
          // (A dense level under an unbound one belongs to an operand this case does not read: it is zero here.)
          if (l.kind === "dense" && (n === 0 || pos.has(`${t}.${n - 1}`))) pos.set(`${t}.${n}`, int("add", int("mul", posOf({ ...st, pos }, t, n - 1), i32(l.size)), local(coord)));
          else if (q.iterators.some((i) => i.tensor === t && i.level === n)) pos.set(`${t}.${n}`, local(rangerLocals.get(`${t}.${n}`)!.pos));
        });
      });
      a.output.levels.forEach((l, n) => {
        if (sparseOutput && l.var === v && l.kind === "dense") pos.set(`-1.${n}`, int("add", int("mul", posOf({ ...st, pos }, -1, n - 1), i32(l.size)), local(coord)));
      });
      const coords = new Map([...st.coord, [v, local(coord)]]);
      // Values whose address is complete here are loaded once, outside the loops below (SpMM's A(row,col)).
      const loaded = new Map(st.loaded);
      if (d + 1 < order.length) {
        for (const t of accessedTensors(q.expr)) {
          const o = a.operands[t]!;
          if (loaded.has(t) || !o.levels.every((l) => coords.has(l.var))) continue;
          const name = fresh(`${o.name}_val`, "f32");
          body.push(set(name, valueOf({ op: "access", tensor: t }, { ...st, coord: coords, pos, loaded })));
          loaded.set(t, local(name, "f32"));
        }
      }
      const next: State = { ...st, coord: coords, pos, loaded };
      // The fill of a sparse output starts each segment at its offset.
      const segment = sparseOutput && lastDense >= 0 && a.output.levels[lastDense]!.var === v;
      if (segment && mode === "compute") body.push(set(cursor, load(output.pos[lastDense + 1]!, outParent(next), "i32")));
      // Bounded: the segment starts at the sum of the operands' offsets, and its count is stored after it.
      if (segment && mode === "bounded") {
        const first = fresh("seg_first");
        const from = a.operands.reduce<SparseValue>((sum, _, t) => int("add", sum, load(operands[t]!.pos[lastDense + 1]!, posOf(next, t, lastDense), "i32")), i32(0));
        const filled = genFrom(d + 1, q.expr, next);
        return [...body, set(first, from), set(cursor, local(first)), ...filled, { kind: "store", buffer: output.pos[lastDense + 1]!, index: int("add", outParent(next), i32(1)), value: int("add", local(cursor), int("mul", local(first), i32(-1))), accumulate: false }];
      }
      // The count of a segment (a merge's entries) in a local, stored once: not a load and store of pos per entry.
      if (segment && mode === "assemble" && !workspace) {
        const counted = genFrom(d + 1, q.expr, next);
        return [...body, set(cursor, i32(0)), ...counted, { kind: "store", buffer: output.pos[lastDense + 1]!, index: int("add", outParent(next), i32(1)), value: local(cursor), accumulate: false }];
      }
      return [...body, ...genFrom(d + 1, q.expr, next)];
    };
    for (const p of lattice.points) {
      const its = p.rangers.map((r) => rangerLocals.get(`${r.tensor}.${r.level}`)!);
      const label = `${v}: ${p.iterators.map((i) => i.name).join(" ∧ ")}`;
      if (p.loop !== "merge") {
        const it = its[0]!;
        stmts.push({ kind: "loop", counter: it.pos, to: it.end, body: [set(coord, it.coord), ...caseBody(p)], parallel: parallel || positions || undefined, label });
      } else {
        const cases = p.cases.map((c) => {
          const q = lattice.points[c]!;
          const requires = p.rangers.map((r, n) => (q.iterators.some((i) => i.tensor === r.tensor && i.level === r.level) ? n : -1)).filter((n) => n >= 0);
          return { requires, label: q.iterators.map((i) => i.name).join(" ∧ "), body: caseBody(q) };
        });
        stmts.push({ kind: "merge", coord, iterators: its, cases });
      }
    }
    return stmts;
  };

  const body = genFrom(0, a.expr, { coord: new Map(), pos: new Map(), loaded: new Map(), leaf: (value, st) => emitOut(value, st) });
  // A sparse vector's one segment starts at 0.
  if (sparseOutput && mode === "compute" && lastDense < 0) body.unshift(set(cursor, i32(0)));
  // A dense output is accumulated into: each pass first zeroes its slice (the whole output when not parallel).
  // A parallel loop's pass zeroes its own slice at its start (still in cache when the pass accumulates into it).
  const outer = body.find((s): s is Extract<SparseStmt, { kind: "loop" }> => s.kind === "loop" && s.parallel === true);
  const rowSet = outer?.body[0];
  if (compressedParallel && outer && rowSet?.kind === "set") {
    // Each position zeroes the output's slices from the one after the previous position's coordinate up to its
    // own; the last position also those after its coordinate; with no positions, the pass at 0 zeroes them all.
    const size = a.output.levels[0]!.size;
    const slice = a.output.levels.reduce((n, l) => n * l.size, 1) / size;
    const { count, idx } = compressedParallel;
    const [z, zEnd] = [fresh("zero"), fresh("zero_end")];
    const zeroTo = (to: SparseValue): SparseStmt => ({ kind: "loop", counter: z, to, body: [{ kind: "store", buffer: output.vals, index: local(z), value: { op: "const", type: "f32", value: 0 }, accumulate: false }], label: "zero the output's slices" });
    const p = outer.counter;
    const zeroing: SparseStmt[] = [
      set(z, i32(0)),
      { kind: "if", cond: int("lt", i32(0), local(p)), then: [set(z, int("mul", int("add", load(idx, int("add", local(p), i32(-1)), "i32"), i32(1)), i32(slice)))] },
      set(zEnd, int("mul", int("add", local(rowSet.name), i32(1)), i32(slice))),
      zeroTo(local(zEnd)),
      { kind: "if", cond: int("eq", int("add", local(p), i32(1)), local(count)), then: [zeroTo(i32(size * slice))] },
    ];
    const none: SparseStmt = { kind: "if", cond: int("and", int("eq", local(count), i32(0)), int("eq", local("start"), i32(0))), then: [set(z, i32(0)), zeroTo(i32(size * slice))] };
    body.splice(body.indexOf(outer), 1, none, { ...outer, body: [rowSet, ...zeroing, ...outer.body.slice(1)] });
  } else if (!sparseOutput && !exactCover && parallelExtent > 0 && outer && rowSet?.kind === "set") {
    const slice = a.output.levels.reduce((n, l) => n * l.size, 1) / parallelExtent;
    const z = fresh("zero");
    const zEnd = fresh("zero_end");
    const zeroing: SparseStmt[] = [
      set(z, int("mul", local(rowSet.name), i32(slice))),
      set(zEnd, int("add", local(z), i32(slice))),
      { kind: "loop", counter: z, to: local(zEnd), body: [{ kind: "store", buffer: output.vals, index: local(z), value: { op: "const", type: "f32", value: 0 }, accumulate: false }], label: "zero the output's slice" },
    ];
    body.splice(body.indexOf(outer), 1, { ...outer, body: [rowSet, ...zeroing, ...outer.body.slice(1)] });
  } else if (!sparseOutput && !exactCover) {
    const total = a.output.levels.reduce((n, l) => n * l.size, 1);
    const slice = parallelExtent > 0 ? total / parallelExtent : total;
    const z = fresh("zero");
    const zEnd = fresh("zero_end");
    const from = parallelExtent > 0 ? int("mul", local("start"), i32(slice)) : i32(0);
    const to = parallelExtent > 0 ? int("mul", int("min", local("end"), i32(parallelExtent)), i32(slice)) : i32(total);
    body.unshift(set(z, from), set(zEnd, to), { kind: "loop", counter: z, to: local(zEnd), body: [{ kind: "store", buffer: output.vals, index: local(z), value: { op: "const", type: "f32", value: 0 }, accumulate: false }], label: "zero the output" });
  }
  const title = `${showAssignment(a)}${sparseOutput ? (mode === "assemble" ? "  [assemble: count each segment]" : mode === "bounded" ? "  [compute at bounds: idx, values and counts]" : "  [compute: idx and values]") : ""}`;
  const formats = a.operands.map((o) => `${o.name}: ${o.levels.map((l) => `${l.var} ${l.kind}`).join(", ")}`).join("; ");
  // The parallel loop's work per pass: the entries of an operand's compressed level right under it (a CSR's row).
  const weighed = parallelExtent > 0 ? a.operands.findIndex((o) => o.levels[0]?.var === order[0] && o.levels[0]?.kind === "dense" && o.levels[1]?.kind === "compressed") : -1;
  // Over a compressed first level's positions: the pos of its compressed second level (as many passes as positions, fewer than the extent).
  const balance = compressedParallel ? operands[compressedParallel.tensor]!.pos[1] : weighed >= 0 ? operands[weighed]!.pos[1] : undefined;
  return { title, formats, buffers, locals, body, parallelExtent, ...(balance !== undefined ? { balance } : {}) };
}
