// Layer: src/backend/kernel, pass 2 of lower.ts. Turns one node to materialise, with every producer it can
// absorb, into one kernel in index notation: elementwise ops and views are inlined (index arithmetic, never
// copies); a reduction whose kept dims are exactly the kernel's outer loops becomes a phase (softmax's max
// and sum, layer norm's mean and variance, a contraction's sum); everything else is read from a buffer.
// One exception keeps fusion from costing more than it saves: inside a reduction loop, a subexpression with
// expensive functions (exp, tanh, …) that varies with the reduction but not with one of the outer loops
// would be recomputed at every step of that outer loop, so it is materialised instead (softmax's exp inside
// attention's second contraction); and so is a padded copy (a view with bounds made with `copy`) that a reduction
// reads — a convolution's zero-padded input is written padded once, so the windows over it read plain strides
// instead of a guarded load per window position. Invariants of the other kinds are hoisted later (passes/hoist.ts).
// Input: a node and the set of nodes that get their own kernel. Output: a Kernel (ir.ts) plus its bindings.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, indexVars, substitute } from "../../../graph/index-expr.js";
import { type Node, contiguousStrides } from "../../../graph/node.js";
import { isCopy } from "../../../graph/build.js";
import { type Expr, type Kernel, type LoopVar, type Phase, type ScalarType, loopVarsOf, scalarType } from "../ir.js";
import { isExpensiveOp } from "../alu.js";
import { canStash } from "./stash.js";
import { InternalError } from "../../../types/errors.js";

/** A lowered kernel with what it is bound to at run time. */
export interface Lowered {
  readonly node: Node;
  readonly kernel: Kernel;
  /** The materialised nodes the kernel reads, by input slot. */
  readonly inputs: readonly Node[];
  /** Values of the kernel's params, by slot. */
  readonly params: readonly number[];
  /** The node each param's value is read from (a fill's value, a random draw's seed, a pad's fill), by slot. */
  readonly paramNodes: readonly Node[];
  /** Reductions fused into this kernel as phases. */
  readonly fused: readonly Node[];
  /** Elementwise nodes computed inline, with the ALU work of each one's inlined subtree (per element). */
  readonly inlined: ReadonlyMap<Node, number>;
  /** Inlined nodes this kernel computes more than once (two phases, or a phase and the store; see KernelBuilder.repeated). */
  readonly repeated: readonly Node[];
  /** Inlined nodes lowered in more than one scope, the stash aside (KernelBuilder.computedTwice): the planner's cost check. */
  readonly twice?: readonly Node[];
  /** The nodes the kernel's further outputs store (ir.ts moreOutputs), in binding order; none for most kernels. */
  readonly more?: readonly Node[];
}

type Env = ReadonlyMap<string, IndexExpr>;
/** The loops around a point inside a reduction: the kept (outer) variables and the reduction's own. */
interface PhaseScope {
  readonly kept: ReadonlySet<string>;
  readonly own: readonly string[];
}

/** The layout a materialised node is read with: its storage's, or contiguous for one computed by a kernel. */
function layoutOf(node: Node): { strides: readonly number[]; offset: number } {
  return node.storage ?? { strides: contiguousStrides(node.dims), offset: 0 };
}

/** Σ stride·index over a node's dims, plus the offset. */
function addressOf(node: Node, env: Env): IndexExpr {
  const { strides, offset } = layoutOf(node);
  let e: IndexExpr = idxConst(offset);
  node.dims.forEach((d, i) => {
    if (strides[i] !== 0 && d.size > 1) e = idxAdd(e, idxMul(env.get(d.name)!, strides[i]!));
  });
  return e;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

/** The work of an expensive function (or a random draw) counted as this many simple operations. */
const EXPENSIVE_WORK = 16;
/** The arithmetic a node itself does per element when inlined (0: a read, a view, a constant, a reduction). */
function opWork(n: Node): number {
  const op = n.op;
  if (op.kind === "unary" || op.kind === "binary") return isExpensiveOp(op) ? EXPENSIVE_WORK : 1;
  if (op.kind === "random") return EXPENSIVE_WORK;
  return op.kind === "where" || op.kind === "cast" || op.kind === "gather" ? 1 : 0;
}

/**
 * The value a node passes to a kernel as a param: a fill's value, a random draw's seed, a pad's fill. Params
 * are what may change between runs of one compiled program (replay binds them afresh).
 * @example paramValue(fillNode(0.5, "float32", [])) // 0.5
 */
export function paramValue(node: Node): number {
  const op = node.op;
  if (op.kind === "fill") return op.value;
  if (op.kind === "random") return op.seed;
  if (op.kind === "view") return op.map.fill;
  throw new InternalError(`internal: a ${op.kind} node carries no param`);
}

/** Constant exponents that `x ** c` lowers to other code for: for these, the fill's value is structure. */
export const STRUCTURAL_POWERS: ReadonlySet<number> = new Set([-1, 0.5, -0.5, 1, 2, 3, 4]);

export class KernelBuilder {
  readonly inputs: Node[] = [];
  readonly inputTypes: ScalarType[] = [];
  readonly params: number[] = [];
  readonly paramTypes: ScalarType[] = [];
  readonly paramNodes: Node[] = [];
  readonly phases: Phase[] = [];
  readonly fused: Node[] = [];
  /** Elementwise nodes computed inline and the work of their inlined subtrees (what a second kernel would redo). */
  readonly inlined = new Map<Node, number>();
  readonly #phaseKeys = new Map<string, number>();
  readonly #names = new Set<string>();
  readonly #costly = new Map<Node, boolean>();
  /** The store's loop variables, and the kept set every fused phase must share (undefined until the first). */
  outerSet: Set<string> | undefined;
  allowPhases = true;

  /** Gives n its own kernel; what `costly` knew about the subtrees above n no longer holds (n is now a read). */
  readonly materialize: (n: Node) => void;

  constructor(
    readonly root: Node,
    readonly storeVars: ReadonlySet<string>,
    readonly isMaterialized: (n: Node) => boolean,
    materialize: (n: Node) => void,
  ) {
    for (const v of storeVars) this.#names.add(v);
    this.materialize = (n) => {
      materialize(n);
      this.#costly.clear();
    };
  }

  fresh(name: string): string {
    let n = name;
    for (let i = 1; this.#names.has(n); i++) n = `${name}${i}`;
    this.#names.add(n);
    return n;
  }

  input(node: Node): number {
    let slot = this.inputs.indexOf(node);
    if (slot < 0) {
      slot = this.inputs.push(node) - 1;
      this.inputTypes.push(scalarType(node.dtype));
    }
    return slot;
  }

  /** The param slot holding the value `source` carries (see paramValue): one slot per node, wherever it is read. */
  param(source: Node, type: ScalarType): Expr {
    let slot = this.paramNodes.indexOf(source);
    if (slot < 0 || this.paramTypes[slot] !== type) {
      slot = this.params.push(paramValue(source)) - 1;
      this.paramTypes.push(type);
      this.paramNodes.push(source);
    }
    return { op: "param", type, slot };
  }

  load(node: Node, env: Env, guard: Expr | undefined): Expr {
    const type = scalarType(node.dtype);
    return { op: "load", type, input: this.input(node), index: addressOf(node, env), ...(guard ? { guard } : {}) };
  }

  /** Whether n's inlined subtree evaluates an expensive function (fused phases and buffers are cheap reads). */
  costly(n: Node): boolean {
    if (n.storage || this.isMaterialized(n) || n.op.kind === "reduce") return false;
    let known = this.#costly.get(n);
    if (known === undefined) {
      known = isExpensiveOp(n.op) || n.op.kind === "random" || n.inputs.some((i) => this.costly(i));
      this.#costly.set(n, known);
    }
    return known;
  }

  /** Whether n is a padded copy (a view with bounds made with `copy`) not yet written. */
  paddedCopy(n: Node): boolean {
    return n.op.kind === "view" && n.op.map.bounds.length > 0 && isCopy(n) && !n.storage && !this.isMaterialized(n);
  }

  /** The ALU work of n's subtree as this kernel inlines it: 1 per operation, more for expensive functions. */
  work(n: Node): number {
    if (n.storage || this.isMaterialized(n)) return 0;
    const known = this.inlined.get(n);
    if (known !== undefined) return known;
    // a value computed only from reductions and constants is computed once per outer point, not per element
    if (!this.perElement(n)) return 0;
    return opWork(n) + n.inputs.reduce((sum, i) => sum + (i.op.kind === "reduce" ? 0 : this.work(i)), 0);
  }

  /** Whether n varies element by element: it reads a buffer, an index or a random draw (not only reductions). */
  perElement(n: Node): boolean {
    let known = this.#perElement.get(n);
    if (known === undefined) {
      const k = n.op.kind;
      // a buffer read (anything materialised) varies; a reduction fused as a phase is one value per outer point
      known = k === "source" || k === "iota" || k === "random" || n.storage !== undefined || this.isMaterialized(n) || (k !== "reduce" && n.inputs.some((i) => this.perElement(i)));
      this.#perElement.set(n, known);
    }
    return known;
  }
  readonly #perElement = new Map<Node, boolean>();

  /** `phase`: inside a reduction loop, its kept (outer) variables and its own variables. */
  lower(node: Node, env: Env, guard: Expr | undefined, phase?: PhaseScope): Expr {
    // A node read twice at the same point (x·x, softmax's exp in its sum and its store) is one expression,
    // so the generators compute it once.
    const key = this.#pointKey(node, env, guard, phase);
    const known = this.#lowered.get(key);
    if (known) return known;
    const e = this.#lower(node, env, guard, phase);
    this.#lowered.set(key, e);
    const scopes = this.#scopes.get(node) ?? new Set<PhaseScope | "store">();
    this.#scopes.set(node, scopes.add(phase ?? "store"));
    if (node !== this.root && !this.isMaterialized(node) && opWork(node) > 0) this.inlined.set(node, this.work(node));
    return e;
  }

  readonly #lowered = new Map<string, Expr>();
  /** Where each node is computed: in which reduction phases, and in the store. Each is a computation of it. */
  readonly #scopes = new Map<Node, Set<PhaseScope | "store">>();
  /** The phases in order (their scopes), for `repeated`. */
  readonly phaseScopes: PhaseScope[] = [];

  /**
   * Inlined nodes this kernel computes more than once: in two phases (softmax's input, in its max and its sum),
   * or in a phase and the store — except, for the first phase whose loops are the store's inner loops
   * (`stashable`) and that computes an expensive value the store repeats, the costliest such value (and what only
   * it reads): the stash schedule stores it once and the store reads it back.
   */
  repeated(stashable: (phase: number) => boolean): Node[] {
    const out: Node[] = [];
    const stashCandidates = new Map<PhaseScope, Node[]>();
    for (const [n, scopes] of this.#scopes) {
      if (scopes.size < 2 || !this.inlined.has(n)) continue;
      const phases = [...scopes].filter((x): x is PhaseScope => x !== "store");
      if (scopes.size === 2 && scopes.has("store") && stashable(this.phaseScopes.indexOf(phases[0]!))) {
        stashCandidates.set(phases[0]!, [...(stashCandidates.get(phases[0]!) ?? []), n]);
      } else out.push(n);
    }
    // The output buffer holds one stash: the first phase (in order) with a value worth stashing gets it.
    let stashUsed = false;
    for (const phase of this.phaseScopes) {
      const nodes = stashCandidates.get(phase);
      if (!nodes) continue;
      const stashed = nodes.reduce((a, b) => (this.inlined.get(b)! > this.inlined.get(a)! ? b : a));
      // the stash keeps only a value with an expensive function in it (stash.ts); a cheap one is recomputed
      if (stashUsed || !this.costly(stashed)) {
        out.push(...nodes);
        continue;
      }
      stashUsed = true;
      // What the store still computes itself once `stashed` is read back: its nodes outside that value.
      const outside = new Set<Node>();
      const visit = (n: Node): void => {
        if (n === stashed || outside.has(n) || n.op.kind === "reduce" || (n !== this.root && this.isMaterialized(n))) return;
        outside.add(n);
        n.inputs.forEach(visit);
      };
      visit(this.root);
      out.push(...nodes.filter((n) => n !== stashed && outside.has(n)));
    }
    return out;
  }
  /** Inlined nodes lowered in two scopes or more (two phases, a phase and the store), whatever the stash keeps. */
  computedTwice(): Node[] {
    return [...this.#scopes].filter(([n, scopes]) => scopes.size > 1 && this.inlined.has(n)).map(([n]) => n);
  }
  /** Whether node, read at env, varies along the phase's own loops. */
  #varies(node: Node, env: Env, phase: PhaseScope): boolean {
    const used = new Set<string>();
    for (const d of node.dims) indexVars(env.get(d.name)!, used);
    return phase.own.some((v) => used.has(v));
  }
  /** Identifies (node, the indices its dims are read at, guard, reduction scope): equal keys, equal values. */
  #pointKey(node: Node, env: Env, guard: Expr | undefined, phase: PhaseScope | undefined): string {
    // a value that does not vary along the phase's own loops (a row's statistic, softmax's guarded max) is one
    // value per outer point wherever it is read: one expression, which the generators compute once per row
    const scope = phase && (this.paddedCopy(node) || this.#varies(node, env, phase)) ? this.phaseScopes.indexOf(phase) : -1;
    return `${node.id}|${node.dims.map((d) => JSON.stringify(env.get(d.name))).join(";")}|${guard ? JSON.stringify(guard) : ""}|${scope}`;
  }

  #lower(node: Node, env: Env, guard: Expr | undefined, phase?: PhaseScope): Expr {
    const type = scalarType(node.dtype);
    if (node !== this.root && this.isMaterialized(node)) return this.load(node, env, guard);
    if (phase && ((this.costly(node) && this.recomputed(node, env, phase)) || this.paddedCopy(node))) {
      this.materialize(node);
      return this.load(node, env, guard);
    }
    const op = node.op;
    const input = (i: number, e: Env = env): Expr => this.lower(node.inputs[i]!, e, guard, phase);
    switch (op.kind) {
      case "source":
        return this.load(node, env, guard);
      case "fill":
        return this.param(node, type);
      case "iota": {
        const i: Expr = { op: "idx", type: "i32", index: env.get(op.dim)! };
        return type === "i32" ? i : { op: "cast", type, x: i };
      }
      case "random": {
        const strides = contiguousStrides(node.dims);
        let index: IndexExpr = idxConst(0);
        node.dims.forEach((d, i) => (index = idxAdd(index, idxMul(env.get(d.name)!, strides[i]!))));
        return { op: "random", type: "f32", seed: this.param(node, "i32"), stream: op.stream, index };
      }
      case "unary":
        return { op: "unary", type, fn: op.fn, x: input(0) };
      case "binary": {
        // x ** c for the constants that have cheaper forms (the kernel then depends on c: fine, it is rare)
        const c = node.inputs[1]!;
        if (op.fn === "pow" && c.op.kind === "fill" && !this.isMaterialized(c) && STRUCTURAL_POWERS.has(c.op.value)) {
          const x = input(0);
          if (c.op.value === -1) return { op: "unary", type, fn: "recip", x };
          if (c.op.value === 0.5) return { op: "unary", type, fn: "sqrt", x };
          if (c.op.value === -0.5) return { op: "unary", type, fn: "rsqrt", x };
          // small integer powers by multiplication: exact where the result is representable (e^{y·ln x} is not);
          // not negative ones, whose x·x would overflow where the result is a subnormal
          const square: Expr = { op: "binary", type, fn: "mul", a: x, b: x };
          if (c.op.value === 2) return square;
          if (c.op.value === 3) return { op: "binary", type, fn: "mul", a: square, b: x };
          if (c.op.value === 4) return { op: "binary", type, fn: "mul", a: square, b: square };
          if (c.op.value === 1) return x;
        }
        return { op: "binary", type, fn: op.fn, a: input(0), b: input(1) };
      }
      case "where":
        return { op: "where", type, cond: input(0), a: input(1), b: input(2) };
      case "cast":
        return { op: "cast", type, x: input(0) };
      case "view": {
        const inner = new Map<string, IndexExpr>();
        for (const [name, e] of Object.entries(op.map.index)) inner.set(name, substitute(e, env));
        if (op.map.bounds.length === 0) return input(0, inner);
        let inside: Expr | undefined;
        for (const b of op.map.bounds) {
          const at: Expr = { op: "idx", type: "i32", index: substitute(b.expr, env) };
          const lo: Expr = { op: "binary", type: "bool", fn: "le", a: { op: "const", type: "i32", value: b.lo }, b: at };
          const hi: Expr = { op: "binary", type: "bool", fn: "lt", a: at, b: { op: "const", type: "i32", value: b.hi } };
          const both: Expr = { op: "binary", type: "bool", fn: "and", a: lo, b: hi };
          inside = inside ? { op: "binary", type: "bool", fn: "and", a: inside, b: both } : both;
        }
        const g = guard ? ({ op: "binary", type: "bool", fn: "and", a: guard, b: inside! } as Expr) : inside!;
        return { op: "where", type, cond: inside!, a: this.lower(node.inputs[0]!, inner, g, phase), b: this.param(node, type) };
      }
      case "gather": {
        const [x, index] = [node.inputs[0]!, node.inputs[1]!];
        if (!this.isMaterialized(x)) this.materialize(x);
        const along = x.dims.findIndex((d) => d.name === op.dim);
        const { strides } = layoutOf(x);
        const rest = new Map(env);
        rest.set(op.dim, idxConst(0));
        const value = this.lower(index, env, guard, phase);
        return {
          op: "load",
          type,
          input: this.input(x),
          index: addressOf(x, rest),
          dynamic: { value, stride: strides[along]!, limit: x.dims[along]!.size, dim: op.dim },
          ...(guard ? { guard } : {}),
        };
      }
      case "reduce": {
        const phase = this.fuseReduction(node, env, guard);
        if (phase !== undefined) return { op: "reduced", type, phase };
        this.materialize(node);
        return this.load(node, env, guard);
      }
      case "scan":
      case "argsort":
      case "scatterAdd":
      case "sparse":
        this.materialize(node);
        return this.load(node, env, guard);
    }
  }

  /** True when node varies with the reduction's own loops but not with one of its outer loops (extent > 1). */
  recomputed(node: Node, env: Env, phase: PhaseScope): boolean {
    const used = new Set<string>();
    for (const d of node.dims) indexVars(env.get(d.name)!, used);
    if (!phase.own.some((v) => used.has(v))) return false;
    return [...phase.kept].some((v) => !used.has(v) && (this.#extents.get(v) ?? 1) > 1);
  }
  readonly #extents = new Map<string, number>();
  extent(name: string, size: number): void {
    this.#extents.set(name, size);
  }

  /**
   * Fuses a reduction as a phase when each of its dims is read at a distinct store variable and those
   * variables are the kernel's outer set (the first phase fixes it). Returns the phase, or undefined.
   */
  fuseReduction(node: Node, env: Env, guard?: Expr): number | undefined {
    if (!this.allowPhases || node.op.kind !== "reduce") return undefined;
    const kept = node.dims.map((d) => env.get(d.name)!);
    const names = kept.map((e) => (e.op === "var" && this.storeVars.has(e.name) ? e.name : undefined));
    if (names.some((n) => n === undefined)) return undefined;
    const set = new Set(names as string[]);
    if (set.size !== names.length) return undefined;
    if (this.outerSet && !sameSet(this.outerSet, set)) return undefined;
    // Inside a pad the phase also runs at padded points. A guard on the phase's own kept loops goes on its
    // loads (and the phase is shared only under the same guard); a guard on other loops does not concern
    // it (it reads none of them); a guard mixing both cannot be applied: the reduction gets its own kernel.
    if (guard) {
      const read = loopVarsOf(guard);
      if ([...read].every((v) => set.has(v))) {
        /* keep the guard */
      } else if ([...read].some((v) => set.has(v))) return undefined;
      else guard = undefined;
    }
    const key = `${node.id}:${names.join(",")}:${guard ? JSON.stringify(guard) : ""}`;
    const known = this.#phaseKeys.get(key);
    if (known !== undefined) return known;
    this.outerSet ??= set;
    const source = node.inputs[0]!;
    const inner = new Map<string, IndexExpr>();
    const vars: LoopVar[] = [];
    node.dims.forEach((d, i) => inner.set(d.name, kept[i]!));
    for (const d of source.dims) {
      if (inner.has(d.name)) continue;
      const v = this.fresh(d.name);
      vars.push({ name: v, extent: d.size });
      this.extent(v, d.size);
      inner.set(d.name, idxVar(v));
    }
    const scope: PhaseScope = { kept: set, own: vars.map((v) => v.name) };
    this.phaseScopes.push(scope);
    const body = this.lower(source, inner, guard, scope);
    const index = this.phases.push({ fn: node.op.fn, type: scalarType(node.dtype), vars, body }) - 1;
    this.#phaseKeys.set(key, index);
    this.fused.push(node);
    return index;
  }
}

/**
 * Lowers `root` into one kernel. `isMaterialized(n)` says whether n is read from a buffer (it has storage
 * or its own kernel); `materialize(n)` gives n its own kernel when it cannot be absorbed here.
 */
export function lowerToIndexNotation(root: Node, isMaterialized: (n: Node) => boolean, materialize: (n: Node) => void): Lowered {
  const b = new KernelBuilder(root, new Set(root.dims.map((d) => d.name)), isMaterialized, materialize);
  for (const d of root.dims) b.extent(d.name, d.size);
  const identity: Env = new Map(root.dims.map((d) => [d.name, idxVar(d.name)]));
  const op = root.op;
  let value: Expr;
  let mode: Kernel["mode"] = { kind: "map" };
  let innerNames: Set<string>;
  if (op.kind === "argsort" || op.kind === "scatterAdd" || op.kind === "sparse") throw new InternalError(`internal: ${op.kind} is a routine, not a kernel`);
  if (op.kind === "scan") {
    b.allowPhases = false;
    value = b.lower(root.inputs[0]!, identity, undefined);
    mode = { kind: "scan", fn: op.fn };
    innerNames = new Set([op.dim]);
  } else if (op.kind === "reduce") {
    value = { op: "reduced", type: scalarType(root.dtype), phase: b.fuseReduction(root, identity)! };
    innerNames = new Set();
  } else {
    value = b.lower(root, identity, undefined);
    innerNames = new Set(root.dims.map((d) => d.name).filter((n) => b.outerSet !== undefined && !b.outerSet.has(n)));
  }
  const vars = root.dims.map((d) => ({ name: d.name, extent: d.size }));
  const strides = contiguousStrides(root.dims);
  let index: IndexExpr = idxConst(0);
  root.dims.forEach((d, i) => (index = idxAdd(index, idxMul(idxVar(d.name), strides[i]!))));
  const kernel: Kernel = {
    mode,
    inputs: b.inputs.map((n, i) => ({ type: b.inputTypes[i]!, length: n.storage?.buffer.length ?? n.numel })),
    params: b.paramTypes,
    outer: vars.filter((v) => !innerNames.has(v.name)),
    phases: b.phases,
    inner: vars.filter((v) => innerNames.has(v.name)),
    value,
    output: { type: scalarType(root.dtype), index, length: root.numel },
  };
  return { node: root, kernel, inputs: b.inputs, params: b.params, paramNodes: b.paramNodes, fused: b.fused, inlined: b.inlined, repeated: b.repeated((p) => canStash(kernel, p)), twice: b.computedTwice() };
}
