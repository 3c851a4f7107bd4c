// Layer: src/backend/cpu. Emits kernel IR expressions as Wasm, as scalars (f32, i32, bool as 0/1) or as
// 4-lane SIMD values along one loop variable (bool as all-ones masks). Loop-invariant subexpressions are
// hoisted: before each loop the code generator asks `hoist` to compute, into locals, every part of the loop
// body that does not depend on the loop's variables; their scope ends with the loop. The IR is a DAG after
// passes/decompose.ts: a node read twice within one expression is computed once into a local. A rare `where`
// goes through rare-branch.ts. Imports the IR + writer.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type ScalarType, type UnaryFn, children, exprDeps, hotChildren, walkExpr } from "../../kernel/ir.js";
import type { FunctionBuilder, ValType } from "./module.js";
import { reinterpretations, scalarFloat, scalarInt, vectorBool, vectorFloat, vectorInt, vectorShift } from "./opcodes.js";
import { type RareHost, emitRareWhere } from "./rare-branch.js";
import { InternalError } from "../../../types/errors.js";

export interface EmitContext {
  readonly inputPtr: readonly number[];
  readonly params: readonly number[];
  readonly vars: Map<string, number>;
  readonly reduced: number[];
  /** The output buffer and index, for `stashed` values read back from it. */
  readonly output?: { readonly ptr: number; readonly index: Expr & { op: "idx" } };
}

const bytes = (t: ScalarType): number => (t === "bool" ? 1 : 4);
const wasmType = (t: ScalarType): ValType => (t === "f32" ? "f32" : "i32");

/** Counts, for every node under root, the parent edges that reach it (a node read twice is shared: a DAG). */
function usesOf(root: Expr): Map<Expr, number> {
  const uses = new Map<Expr, number>();
  const visit = (e: Expr): void => {
    const n = uses.get(e) ?? 0;
    uses.set(e, n + 1);
    if (n === 0) for (const c of children(e)) visit(c);
  };
  visit(root);
  return uses;
}
/** Values as cheap to recompute as to read from a local. */
const trivial = (e: Expr): boolean => e.op === "const" || e.op === "param" || e.op === "reduced" || (e.op === "idx" && e.index.op === "var");

/** The locals of shared nodes computed in one branch of the code (scalar and 4-lane values). */
interface Frame {
  readonly scalar: Map<Expr, number>;
  readonly vector: Map<Expr, number>;
}

/** An affine index split as base + coef·v for the loop variable v. */
export interface Split {
  readonly base: Expr;
  readonly coef: number;
}

/** Writes kernel IR expressions as Wasm instructions (scalar or f32x4/i32x4), hoisting loop invariants into locals. */
export class WasmExprEmitter implements RareHost {
  readonly #deps = new Map<Expr, ReadonlySet<string>>();
  readonly #scopes: { scalar: Map<Expr, number>; vector: Map<Expr, number> }[] = [{ scalar: new Map(), vector: new Map() }];
  readonly #splits = new Map<string, Map<Expr, (Split & { base: { index: IndexExpr } }) | null>>();
  /** Loads with a data-dependent index, numbered for error reports. */
  readonly dynamicLoads: Expr[] = [];
  /**
   * Where `reduced` values come from instead of the phase locals (a contraction's registers; with `phase`, only
   * that phase's: the online template's logits, 4 keys to a vector; `more`: further phases' vectors, the online
   * template's several dot products).
   */
  reducedOverride: { readonly scalar: number; readonly vector?: number; readonly phase?: number; readonly more?: ReadonlyMap<number, number> } | undefined;
  /** Whether the override replaces phase p's value. */
  #overrides(p: number): boolean {
    const o = this.reducedOverride;
    return o !== undefined && (o.phase === undefined || o.phase === p || o.more?.has(p) === true);
  }
  /**
   * While one root expression is emitted: how often each node is read, and the locals of shared nodes already
   * computed (a decomposed function reads its argument many times; it is computed once).
   */
  #dag: { readonly uses: Map<Expr, number>; readonly frames: Frame[] } | undefined;

  constructor(
    readonly f: FunctionBuilder,
    readonly k: Kernel,
    readonly ctx: EmitContext,
  ) {}

  /** The loop variables (and `%p` phase results) an expression reads. */
  deps(e: Expr): ReadonlySet<string> {
    return exprDeps(this.#deps, e, this.ctx.output?.index.index);
  }

  /** Whether e differs between the lanes along `lane` (a contraction's sums, held per lane, always do). */
  varies(e: Expr, lane: string): boolean {
    const d = this.deps(e);
    const o = this.reducedOverride;
    return d.has(lane) || (o?.vector !== undefined && (o.phase === undefined ? [...d].some((x) => x.startsWith("%")) : d.has(`%${o.phase}`) || [...(o.more?.keys() ?? [])].some((p) => d.has(`%${p}`))));
  }

  /** Makes later uses of e (in this scope) read `local` — a value the caller computed. */
  pin(e: Expr, local: number, vector: boolean): void {
    const scope = this.#scopes[this.#scopes.length - 1]!;
    (vector ? scope.vector : scope.scalar).set(e, local);
  }

  enterScope(): void {
    this.#scopes.push({ scalar: new Map(), vector: new Map() });
  }
  exitScope(): void {
    this.#scopes.pop();
  }
  #cached(e: Expr, vector: boolean): number | undefined {
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      const hit = (vector ? this.#scopes[i]!.vector : this.#scopes[i]!.scalar).get(e);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The base + coef·v split of a load's (or idx's) affine index for loop variable v (null: not affine). */
  split(e: Expr & { index: IndexExpr }, v: string): (Split & { base: { index: IndexExpr } }) | null {
    let byVar = this.#splits.get(v);
    if (!byVar) this.#splits.set(v, (byVar = new Map()));
    if (byVar.has(e)) return byVar.get(e)!;
    const a = toAffine(e.index);
    let result: (Split & { base: { index: IndexExpr } }) | null = null;
    if (a) {
      let base: IndexExpr = idxConst(a.constant);
      for (const [name, c] of a.coeffs) if (name !== v) base = idxAdd(base, idxMul(idxVar(name), c));
      result = { base: { op: "idx", type: "i32", index: base }, coef: a.coeffs.get(v) ?? 0 };
    }
    byVar.set(e, result);
    return result;
  }

  /**
   * Computes into locals every largest subexpression of `roots` that reads only `bound` (and is worth it),
   * plus the address bases of loads along `inner` — as SIMD splats too when the loop is vectorised.
   */
  hoist(roots: readonly Expr[], bound: ReadonlySet<string>, inner: string | undefined, vector: boolean): void {
    const scope = this.#scopes[this.#scopes.length - 1]!;
    const invariant = (e: Expr): boolean => [...this.deps(e)].every((d) => bound.has(d));
    const seen = new Set<Expr>();
    const visit = (e: Expr): void => {
      if (seen.has(e)) return;
      seen.add(e);
      if (this.#cached(e, vector) !== undefined || (!vector && this.#cached(e, false) !== undefined)) return;
      if (invariant(e)) {
        // Constants stay inline (a v128.const): a decomposed function has dozens, and as locals live across the
        // loop they crowd the registers.
        if (e.op === "const" || (!vector && (e.op === "param" || (e.op === "idx" && e.index.op === "var")))) return;
        if (this.#cached(e, false) === undefined) {
          this.scalar(e);
          const local = this.f.local(wasmType(e.type));
          this.f.set(local);
          scope.scalar.set(e, local);
        }
        if (vector) {
          this.f.get(this.#cached(e, false)!);
          this.#splat(e.type);
          const v = this.f.local("v128");
          this.f.set(v);
          scope.vector.set(e, v);
        }
        return;
      }
      if (inner && (e.op === "load" || e.op === "idx") && !(e.op === "load" && e.dynamic)) {
        const s = this.split(e, inner);
        if (s && invariant(s.base) && this.#cached(s.base, false) === undefined && s.base.index.op !== "const") {
          this.scalar(s.base);
          const local = this.f.local("i32");
          this.f.set(local);
          scope.scalar.set(s.base, local);
        }
      }
      for (const c of hotChildren(e)) visit(c);
    };
    for (const r of roots) visit(r);
  }

  #splat(t: ScalarType): void {
    if (t === "f32") this.f.op("f32x4.splat");
    else if (t === "i32") this.f.op("i32x4.splat");
    else this.f.i32(-1).op("i32.mul").op("i32x4.splat"); // 0/1 -> 0/-1 mask
  }

  /** Emits an i32 index expression. */
  index(e: IndexExpr): void {
    switch (e.op) {
      case "var":
        this.f.get(this.ctx.vars.get(e.name)!);
        return;
      case "const":
        this.f.i32(e.value);
        return;
      case "add":
        this.index(e.a);
        this.index(e.b);
        this.f.op("i32.add");
        return;
      case "mul":
        this.index(e.a);
        this.f.i32(e.c).op("i32.mul");
        return;
      case "div":
        this.index(e.a);
        this.f.i32(e.c).op("i32.div_u");
        return;
      case "mod":
        this.index(e.a);
        this.f.i32(e.c).op("i32.rem_u");
        return;
    }
  }

  /** Pushes the byte address of a load (or store) whose element index is given as code by `at`. */
  address(ptr: number, type: ScalarType, at: () => void): void {
    this.f.get(ptr);
    at();
    if (bytes(type) === 4) this.f.i32(2).op("i32.shl");
    this.f.op("i32.add");
  }

  /**
   * Emits e through `emit`, unless a local already holds it; a node read more than once in the root expression
   * being emitted is kept in a local the first time.
   */
  #shared(e: Expr, vector: boolean, emit: () => void): void {
    const hit = this.#cached(e, vector);
    if (hit !== undefined) {
      this.f.get(hit);
      return;
    }
    const root = this.#dag === undefined;
    const dag = (this.#dag ??= { uses: usesOf(e), frames: [{ scalar: new Map(), vector: new Map() }] });
    try {
      const known = this.#known(e, vector);
      if (known !== undefined) {
        this.f.get(known);
        return;
      }
      emit();
      if ((dag.uses.get(e) ?? 0) > 1 && !trivial(e)) {
        const local = this.f.local(vector ? "v128" : wasmType(e.type));
        this.f.tee(local);
        const frame = dag.frames[dag.frames.length - 1]!;
        (vector ? frame.vector : frame.scalar).set(e, local);
      }
    } finally {
      if (root) this.#dag = undefined;
    }
  }

  /** The local holding e in this root expression, searching the branches we are inside outward. */
  #known(e: Expr, vector: boolean): number | undefined {
    const frames = this.#dag?.frames ?? [];
    for (let i = frames.length - 1; i >= 0; i--) {
      const hit = (vector ? frames[i]!.vector : frames[i]!.scalar).get(e);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The local holding e (4 lanes when `vector`): hoisted, pinned, or computed earlier in this root expression. */
  available(e: Expr, vector: boolean): number | undefined {
    return this.#cached(e, vector) ?? this.#known(e, vector);
  }

  /** An emitter writing into another function (an outlined rare branch) whose parameters hold `inputs`. */
  emitterFor(f: FunctionBuilder, inputs: readonly Expr[]): WasmExprEmitter {
    const sub = new WasmExprEmitter(f, this.k, this.ctx);
    inputs.forEach((x, i) => sub.pin(x, i, false));
    return sub;
  }

  /** Emits code that may not run (a branch): the locals it computes are forgotten after it. */
  inBranch(emit: () => void): void {
    const frames = this.#dag?.frames;
    frames?.push({ scalar: new Map(), vector: new Map() });
    try {
      emit();
    } finally {
      frames?.pop();
    }
  }

  /** Emits a scalar. */
  scalar(e: Expr): void {
    this.#shared(e, false, () => this.#scalarNode(e));
  }

  #scalarNode(e: Expr): void {
    const f = this.f;
    switch (e.op) {
      case "const":
        if (e.type === "f32") f.f32(e.value);
        else f.i32(e.value);
        return;
      case "param":
        f.get(this.ctx.params[e.slot]!);
        return;
      case "idx":
        this.index(e.index);
        return;
      case "reduced":
        f.get(this.#overrides(e.phase) ? this.reducedOverride!.scalar : this.ctx.reduced[e.phase]!);
        return;
      case "load":
        return this.#scalarLoad(e);
      case "random":
        throw new InternalError("internal: random draws are decomposed over the IR before emission");
      case "stashed":
        this.address(this.ctx.output!.ptr, "f32", () => this.scalar(this.ctx.output!.index));
        f.mem("f32.load");
        return;
      case "unary":
        return this.#scalarUnary(e);
      case "binary":
        return this.#scalarBinary(e);
      case "where":
        if (e.rare && emitRareWhere(this, e, undefined)) return;
        if (e.type === "f32") {
          // On the values' bits: V8 compiles an i32 select to a conditional move but an f32 select to a branch,
          // which a data-dependent condition (a merge, relu's gradient, a mask) mispredicts every other element.
          this.scalar(e.a);
          f.op("i32.reinterpret_f32");
          this.scalar(e.b);
          f.op("i32.reinterpret_f32");
          this.scalar(e.cond);
          f.op("select").op("f32.reinterpret_i32");
          return;
        }
        this.scalar(e.a);
        this.scalar(e.b);
        this.scalar(e.cond);
        f.op("select");
        return;
      case "cast":
        return this.#scalarCast(e.x, e.type);
    }
  }

  #scalarLoad(e: Extract<Expr, { op: "load" }>): void {
    const f = this.f;
    const load = e.type === "f32" ? "f32.load" : e.type === "i32" ? "i32.load" : "i32.load8_u";
    const read = (): void =>
      this.address(this.ctx.inputPtr[e.input]!, e.type, () => {
        this.index(e.index);
        if (e.dynamic) {
          this.#checkedDynamic(e);
          f.i32(e.dynamic.stride).op("i32.mul").op("i32.add");
        }
      });
    if (e.guard) {
      this.scalar(e.guard);
      f.if(wasmType(e.type));
      this.inBranch(read);
      f.mem(load);
      f.else();
      if (e.type === "f32") f.f32(0);
      else f.i32(0);
      f.end();
      return;
    }
    read();
    f.mem(load);
  }

  /** The gathered index, with out-of-range values recorded in the heap's status words and replaced by 0. */
  #checkedDynamic(e: Extract<Expr, { op: "load" }>): void {
    const f = this.f;
    const d = e.dynamic!;
    let id = this.dynamicLoads.indexOf(e);
    if (id < 0) id = this.dynamicLoads.push(e) - 1;
    const v = f.local("i32");
    this.scalar(d.value);
    f.tee(v).i32(d.limit).op("i32.ge_u").if();
    f.i32(0).i32(1).mem("i32.store").i32(0).get(v).mem("i32.store", 4).i32(0).i32(id).mem("i32.store", 8);
    f.i32(0).set(v).end().get(v);
  }

  #scalarUnary(e: Extract<Expr, { op: "unary" }>): void {
    const f = this.f;
    const reinterpret = reinterpretations[e.fn];
    if (reinterpret) {
      this.scalar(e.x);
      f.op(reinterpret);
      return;
    }
    if (e.type === "bool") {
      this.scalar(e.x);
      f.op("i32.eqz");
      return;
    }
    if (e.type === "i32") {
      const x = f.local("i32");
      this.scalar(e.x);
      f.set(x);
      if (e.fn === "neg") f.i32(0).get(x).op("i32.sub");
      else if (e.fn === "abs") f.get(x).i32(0).get(x).op("i32.sub").get(x).i32(0).op("i32.ge_s").op("select");
      else if (e.fn === "sign") f.get(x).i32(0).op("i32.gt_s").get(x).i32(0).op("i32.lt_s").op("i32.sub");
      else f.get(x);
      return;
    }
    if (this.#floatUnary(e.fn, false, () => this.scalar(e.x))) return;
    if (e.fn !== "sign") throw new InternalError(`internal: no scalar code for ${e.fn} on ${e.type}`);
    const x = f.local("f32");
    this.scalar(e.x);
    f.set(x);
    // NaN ? x : (x > 0) - (x < 0)
    f.get(x);
    f.get(x).f32(0).op("f32.gt").get(x).f32(0).op("f32.lt").op("i32.sub").op("f32.convert_i32_s");
    f.get(x).get(x).op("f32.ne").op("select");
  }

  /**
   * The float unary ops whose scalar and SIMD code differ only in the opcode's type (f32 or f32x4); `x`
   * emits the operand. False when `fn` is not one of them.
   */
  #floatUnary(fn: UnaryFn, vector: boolean, x: () => void): boolean {
    const f = this.f;
    const t = vector ? "f32x4" : "f32";
    switch (fn) {
      case "neg":
      case "abs":
      case "floor":
      case "ceil":
      case "sqrt":
        x();
        f.op(`${t}.${fn}`);
        return true;
      case "round":
        x();
        f.op(`${t}.nearest`);
        return true;
      case "recip":
      case "rsqrt":
        f.f32(1);
        if (vector) f.op("f32x4.splat");
        x();
        if (fn === "rsqrt") f.op(`${t}.sqrt`);
        f.op(`${t}.div`);
        return true;
      default:
        return false;
    }
  }

  #scalarBinary(e: Extract<Expr, { op: "binary" }>): void {
    const f = this.f;
    const t = e.a.type;
    if ((e.fn === "max" || e.fn === "min") && t !== "f32") {
      const [a, b] = [f.local("i32"), f.local("i32")];
      this.scalar(e.a);
      f.set(a);
      this.scalar(e.b);
      f.set(b);
      f.get(a).get(b).get(a).get(b).op(e.fn === "max" ? "i32.gt_s" : "i32.lt_s").op("select");
      return;
    }
    this.scalar(e.a);
    this.scalar(e.b);
    const name = t === "f32" ? scalarFloat[e.fn] : scalarInt[e.fn];
    if (!name) throw new InternalError(`internal: no scalar code for ${e.fn} on ${t}`);
    f.op(name);
  }

  #scalarCast(x: Expr, to: ScalarType): void {
    this.scalar(x);
    const from = x.type;
    if (from === to) return;
    if (to === "f32") this.f.op("f32.convert_i32_s");
    else if (to === "i32") {
      if (from === "f32") this.f.op("i32.trunc_sat_f32_s");
    } else if (from === "f32") this.f.f32(0).op("f32.ne");
    else this.f.i32(0).op("i32.ne");
  }

  /** Emits a 4-lane value; `lane` is the vectorised loop variable (its local holds lane 0's value). */
  vector(e: Expr, lane: string): void {
    this.#shared(e, true, () => this.#vectorNode(e, lane));
  }

  #vectorNode(e: Expr, lane: string): void {
    const f = this.f;
    if (e.op === "reduced" && this.reducedOverride?.vector !== undefined && this.#overrides(e.phase)) {
      f.get(this.reducedOverride.more?.get(e.phase) ?? this.reducedOverride.vector);
      return;
    }
    if (e.op === "const" && e.type !== "bool") {
      if (e.type === "f32") f.v128f(e.value);
      else f.v128i([e.value, e.value, e.value, e.value]);
      return;
    }
    if (!this.varies(e, lane)) {
      this.scalar(e);
      this.#splat(e.type);
      return;
    }
    switch (e.op) {
      case "idx": {
        const s = this.split(e, lane)!;
        this.scalar(s.base);
        f.get(this.ctx.vars.get(lane)!).i32(s.coef).op("i32.mul").op("i32.add").op("i32x4.splat");
        f.v128i([0, s.coef, 2 * s.coef, 3 * s.coef]).op("i32x4.add");
        return;
      }
      case "load":
      case "stashed": {
        const at = e.op === "load" ? e : this.ctx.output!.index;
        const s = this.split(at, lane)!;
        const read = (): void => {
          this.address(e.op === "load" ? this.ctx.inputPtr[e.input]! : this.ctx.output!.ptr, e.type, () => {
            this.scalar(s.base);
            f.get(this.ctx.vars.get(lane)!);
            if (s.coef !== 1) f.i32(s.coef).op("i32.mul");
            f.op("i32.add");
          });
          if (s.coef === 1) return void f.mem("v128.load", 0, 2);
          // every other element (a pool's or a stride-2 window's reads, vectorizable's only other stride):
          // x[a…a+3] and x[a+3…a+6], lanes 0, 2 of the first and 1, 3 of the second; nothing past the last
          // element read is loaded
          const at = f.local("i32");
          f.tee(at).mem("v128.load", 0, 2).get(at).mem("v128.load", 12, 2).shuffle32([0, 2, 5, 7]);
        };
        if (e.op === "load" && e.guard) {
          // a guard the same for every lane (vectorizable): one check for the four
          this.scalar(e.guard);
          f.if("v128");
          this.inBranch(read);
          f.else().v128i([0, 0, 0, 0]).end();
          return;
        }
        read();
        return;
      }
      case "unary":
        return this.#vectorUnary(e, lane);
      case "binary":
        return this.#vectorBinary(e, lane);
      case "where": {
        if (e.rare && emitRareWhere(this, e, lane)) return;
        // p < q ? q : p is pmax(p, q), and p < q ? p : q is pmin(q, p): one instruction each on x64.
        const c = e.cond;
        if (c.op === "binary" && c.fn === "lt" && c.a.type === "f32" && ((e.a === c.b && e.b === c.a) || (e.a === c.a && e.b === c.b))) {
          const max = e.a === c.b;
          this.vector(max ? c.a : c.b, lane);
          this.vector(max ? c.b : c.a, lane);
          f.op(max ? "f32x4.pmax" : "f32x4.pmin");
          return;
        }
        this.vector(e.a, lane);
        this.vector(e.b, lane);
        this.vector(e.cond, lane);
        f.op("v128.bitselect");
        return;
      }
      case "cast":
        return this.#vectorCast(e.x, e.type, lane);
      default:
        throw new InternalError(`internal: ${e.op} cannot be vectorised`);
    }
  }

  #vectorUnary(e: Extract<Expr, { op: "unary" }>, lane: string): void {
    const f = this.f;
    if (reinterpretations[e.fn]) return this.vector(e.x, lane); // the same 128 bits
    if (e.type === "bool") {
      this.vector(e.x, lane);
      f.op("v128.not");
      return;
    }
    if (e.type === "i32") {
      if (e.fn === "sign") {
        const x = f.local("v128");
        this.vector(e.x, lane);
        f.tee(x).v128i([0, 0, 0, 0]).op("i32x4.lt_s").get(x).v128i([0, 0, 0, 0]).op("i32x4.gt_s").op("i32x4.sub");
        return;
      }
      this.vector(e.x, lane);
      if (e.fn === "neg" || e.fn === "abs") f.op(`i32x4.${e.fn}`);
      return;
    }
    if (this.#floatUnary(e.fn, true, () => this.vector(e.x, lane))) return;
    if (e.fn !== "sign") throw new InternalError(`internal: no vector code for ${e.fn}`);
    const x = f.local("v128");
    this.vector(e.x, lane);
    f.tee(x);
    // (x > 0) - (x < 0) as -mask + mask in i32 lanes, converted; NaN lanes keep x
    f.v128i([0, 0, 0, 0]).op("f32x4.lt").get(x).v128i([0, 0, 0, 0]).op("f32x4.gt").op("i32x4.sub").op("f32x4.convert_i32x4_s");
    f.get(x).get(x).get(x).op("f32x4.eq").op("v128.bitselect");
  }

  #vectorBinary(e: Extract<Expr, { op: "binary" }>, lane: string): void {
    const f = this.f;
    const shift = vectorShift[e.fn];
    if (shift) {
      // SIMD shifts take one scalar amount for all four lanes: an amount that varies along the lane (sin's exact
      // reduction, where its rare branch cannot be outlined) shifts lane by lane.
      if (this.varies(e.b, lane)) {
        const [a, b] = [f.local("v128"), f.local("v128")];
        this.vector(e.a, lane);
        f.tee(a);
        this.vector(e.b, lane);
        f.set(b);
        for (let l = 0; l < 4; l++) f.get(a).lane("i32x4.extract_lane", l).get(b).lane("i32x4.extract_lane", l).op(scalarInt[e.fn]!).lane("i32x4.replace_lane", l);
        return;
      }
      this.vector(e.a, lane);
      this.scalar(e.b);
      f.op(shift);
      return;
    }
    if ((e.fn === "max" || e.fn === "min") && e.a.type === "f32") {
      // f32x4.max/min must order ±0 and propagate NaN, which V8 lowers to long x64 sequences; pmax/pmin
      // (one instruction) keep a's NaN, and b's NaN is selected explicitly. (±0 may come out either way.)
      const [a, b] = [f.local("v128"), f.local("v128")];
      this.vector(e.a, lane);
      f.set(a);
      this.vector(e.b, lane);
      f.tee(b).get(a).get(b).op(e.fn === "max" ? "f32x4.pmax" : "f32x4.pmin");
      f.get(b).get(b).op("f32x4.ne").op("v128.bitselect");
      return;
    }
    this.vector(e.a, lane);
    this.vector(e.b, lane);
    const name = e.a.type === "f32" ? vectorFloat[e.fn] : e.a.type === "i32" ? vectorInt[e.fn] : vectorBool[e.fn];
    if (!name) throw new InternalError(`internal: no vector code for ${e.fn} on ${e.a.type}`);
    f.op(name);
  }

  #vectorCast(x: Expr, to: ScalarType, lane: string): void {
    const f = this.f;
    this.vector(x, lane);
    const from = x.type;
    if (from === to) return;
    if (to === "f32") {
      if (from === "bool") f.f32(1).op("f32x4.splat").op("v128.and");
      else f.op("f32x4.convert_i32x4_s");
    } else if (to === "i32") {
      f.op(from === "f32" ? "i32x4.trunc_sat_f32x4_s" : "i32x4.neg");
    } else f.v128i([0, 0, 0, 0]).op(from === "f32" ? "f32x4.ne" : "i32x4.ne");
  }
}

/** Whether every expression can run 4 lanes wide along `v` (4-byte loads of stride 1 or 2 or invariant, guarded only by what is the same along v; no gathers). */
export function vectorizable(em: WasmExprEmitter, exprs: readonly Expr[], v: string): boolean {
  let ok = true;
  for (const root of exprs)
    walkExpr(root, (e) => {
      if (!ok || !em.deps(e).has(v)) return;
      if (e.op === "random") ok = false;
      if (e.op === "idx") ok = em.split(e, v) !== null;
      if (e.op === "load") {
        const s = e.dynamic || (e.guard && em.deps(e.guard).has(v)) ? null : em.split(e, v);
        ok = e.type !== "bool" && s !== null && (s.coef === 1 || s.coef === 2);
      }
    });
  return ok;
}
