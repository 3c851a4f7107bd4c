// Layer: src/backend/webgpu. The one WGSL emitter every kernel template shares: a line writer with indentation,
// and an expression emitter that turns kernel IR expressions into `let` temporaries (one per operation,
// shared by structurally equal expressions in scope), hoists loop invariants before a loop, records the
// helpers and input bindings used and numbers data-dependent loads for error reports. With a `lane` loop
// variable set, expressions that vary along it are emitted as vec4 (4 consecutive points; contiguous loads as
// one vec4 read). The per-op syntax lives in syntax.ts. Imports the IR and the syntax table.
import { type IndexExpr, indexVars, showIndex, toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, children, exprDeps, hotChildren, walkExpr } from "../../kernel/ir.js";
import { type HelperUse, type Lanes, binary, cast, literal, unary, valueType } from "./syntax.js";
import { InternalError } from "../../../types/errors.js";

/** Lines of WGSL with indentation. */
export class Writer {
  readonly lines: string[] = [];
  #indent = "";
  line(s: string): this {
    this.lines.push(this.#indent + s);
    return this;
  }
  /** `header {`, then indented lines until close(). */
  open(header: string): this {
    this.line(header ? `${header} {` : "{");
    this.#indent += "  ";
    return this;
  }
  close(suffix = ""): this {
    this.#indent = this.#indent.slice(2);
    return this.line(`}${suffix}`);
  }
  text(): string {
    return this.lines.join("\n");
  }
}

/** How the emitter names what a template provides. */
export interface EmitEnv {
  /** The i32 WGSL expression of each loop variable in scope (for the lane variable: its first lane). */
  readonly vars: Map<string, string>;
  /** The WGSL names of the phase results computed so far. */
  readonly reduced: string[];
}

/** A gathered dim, numbered in the order its load was first emitted (the status word names the number). */
export interface DynamicLoadInfo {
  readonly dim: string;
  readonly limit: number;
}

const i32 = (v: number): string => literal("i32", v, () => undefined);

/** The WGSL text of an index expression (i32), given the text of each variable. @example indexText(idxAdd(idxMul(idxVar("i"), 4), idxVar("j")), vars) // "((v0 * 4i) + v1)" */
export function indexText(e: IndexExpr, vars: ReadonlyMap<string, string>): string {
  switch (e.op) {
    case "var": {
      const v = vars.get(e.name);
      if (v === undefined) throw new InternalError(`internal: loop variable ${e.name} is not in scope`);
      return v;
    }
    case "const":
      return i32(e.value);
    case "add":
      return `(${indexText(e.a, vars)} + ${indexText(e.b, vars)})`;
    case "mul":
      return `(${indexText(e.a, vars)} * ${i32(e.c)})`;
    case "div":
      return `(${indexText(e.a, vars)} / ${i32(e.c)})`;
    case "mod":
      return `(${indexText(e.a, vars)} % ${i32(e.c)})`;
  }
}

/** The coefficient of `lane` in an affine index, and whether every other term is a multiple of 4. */
function laneSplit(e: IndexExpr, lane: string): { coef: number; aligned: boolean } | undefined {
  const a = toAffine(e);
  if (!a) return undefined;
  const others = [...a.coeffs].filter(([v]) => v !== lane).every(([, c]) => c % 4 === 0);
  return { coef: a.coeffs.get(lane) ?? 0, aligned: others && a.constant % 4 === 0 };
}

/**
 * Whether every expression can run 4 lanes wide along `lane`: loads and index values along it affine, without
 * guards or gathers, no random numbers along it. @example vectorizable([k.value], "col") // true for x * 2 + y
 */
export function vectorizable(roots: readonly Expr[], lane: string): boolean {
  let ok = true;
  for (const root of roots)
    walkExpr(root, (e) => {
      if (!ok) return;
      if (e.op === "random" && indexVars(e.index).has(lane)) ok = false;
      if ((e.op === "idx" || e.op === "load") && indexVars(e.index).has(lane) && !laneSplit(e.index, lane)) ok = false;
      if (e.op === "load" && (e.dynamic || e.guard)) {
        const inner = new Set<string>();
        for (const c of children(e)) walkExpr(c, (x) => void (x.op === "idx" || x.op === "load" ? indexVars(x.index, inner) : 0));
        if (indexVars(e.index).has(lane) || inner.has(lane)) ok = false;
      }
    });
  return ok;
}

/** Writes kernel IR expressions as WGSL `let` temporaries (scalar or vec4 along the lane), hoisting loop invariants. */
export class WgslExprEmitter {
  readonly helpers = new Set<HelperUse>();
  readonly dynamicLoads: DynamicLoadInfo[] = [];
  /** Inputs read element by element, and inputs read as aligned vec4s. */
  readonly scalarInputs = new Set<number>();
  readonly vectorInputs = new Set<number>();
  /** The loop variable whose 4 consecutive values a vec4 holds (undefined: all scalar). */
  lane: string | undefined;
  /**
   * Inputs whose buffer is the output's (an in-place kernel, realize.ts bindOn: each read only at the element it
   * writes): read from `out`, declared read_write, as WebGPU lets a buffer bind only once when written.
   */
  inPlace: ReadonlySet<number> = new Set();
  readonly #scopes: Map<string, string>[] = [new Map()];
  readonly #deps = new Map<Expr, ReadonlySet<string>>();
  readonly #keys = new Map<Expr, string>();
  /** Interned structural keys: a key names its children by number, so keys stay short on a shared DAG. */
  readonly #interned = new Map<string, string>();
  /** While a rare operand is emitted for one lane of a vec4: the lane variable and the WGSL lane index. */
  #laneMode: { readonly name: string; readonly index: string } | undefined;
  #next = 0;

  constructor(
    readonly w: Writer,
    readonly k: Kernel,
    readonly env: EmitEnv,
  ) {}

  readonly use = (h: HelperUse): void => void this.helpers.add(h);

  /** A fresh temporary name. */
  temp(prefix = "t"): string {
    return `${prefix}${this.#next++}`;
  }

  /** Loop variables (and `%p` phase results) an expression reads. */
  deps(e: Expr): ReadonlySet<string> {
    return exprDeps(this.#deps, e);
  }

  /** A structural key: equal keys mean equal values at the same loop point. */
  key(e: Expr): string {
    let k = this.#keys.get(e);
    if (k) return k;
    const parts: string[] = [e.op, e.type];
    if (e.op === "const") parts.push(Object.is(e.value, -0) ? "-0" : String(e.value));
    else if (e.op === "param") parts.push(String(e.slot));
    else if (e.op === "idx") parts.push(showIndex(e.index));
    else if (e.op === "load") parts.push(String(e.input), showIndex(e.index), e.dynamic ? `${e.dynamic.stride}:${e.dynamic.limit}:${e.dynamic.dim}` : "-", e.guard ? "g" : "-");
    else if (e.op === "random") parts.push(String(e.stream), showIndex(e.index));
    else if (e.op === "unary" || e.op === "binary") parts.push(e.fn);
    else if (e.op === "reduced") parts.push(String(e.phase));
    const full = `${parts.join(":")}(${children(e).map((c) => this.key(c)).join(",")})`;
    k = this.#interned.get(full);
    if (k === undefined) this.#interned.set(full, (k = `#${this.#interned.size}`));
    this.#keys.set(e, k);
    return k;
  }

  /** Opens a scope of temporaries: a new one, or `scope`, one that exit() returned (its temporaries in scope again). */
  enter(scope: Map<string, string> = new Map()): void {
    this.#scopes.push(scope);
  }
  /** Closes the innermost scope, returning it. */
  exit(): Map<string, string> {
    return this.#scopes.pop()!;
  }
  #cached(key: string): string | undefined {
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      const hit = this.#scopes[i]!.get(key);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  #bind(key: string, text: string): string {
    const name = this.temp();
    this.w.line(`let ${name} = ${text};`);
    this.#scopes[this.#scopes.length - 1]!.set(key, name);
    return name;
  }

  /** Emits, before a loop, every largest subexpression of `roots` that reads only `bound` (and is worth a temporary). */
  hoist(roots: readonly Expr[], bound: ReadonlySet<string>): void {
    const seen = new Set<Expr>();
    const visit = (e: Expr): void => {
      if (seen.has(e)) return;
      seen.add(e);
      if (this.#cached(this.key(e)) !== undefined || e.op === "const" || e.op === "param" || e.op === "reduced") return;
      if ([...this.deps(e)].every((d) => bound.has(d))) {
        if (!(e.op === "idx" && e.index.op === "var")) this.#scalar(e);
        return;
      }
      for (const c of hotChildren(e)) visit(c);
    };
    for (const r of roots) visit(r);
  }

  /**
   * The WGSL text of e's value (a temporary, a literal or a name): a vec4 when it varies along the lane, or
   * when `lanes` asks for one (a splat of a value that is the same at all 4 lanes, such as a fill).
   */
  value(e: Expr, lanes: Lanes = 1): string {
    if (this.lane !== undefined && this.deps(e).has(this.lane)) return this.#vector(e);
    const s = this.#scalar(e);
    return lanes === 4 ? this.#splat(e) : s;
  }

  #scalar(e: Expr): string {
    const key = this.key(e);
    const hit = this.#cached(key);
    if (hit !== undefined) return hit;
    // One lane of a value the vec4 code already holds.
    const lanes = this.#laneMode && this.#cached(`v4:${key}`);
    if (lanes) return `${lanes}[${this.#laneMode!.index}]`;
    switch (e.op) {
      case "stashed":
        throw new InternalError("internal: stashed values are a CPU code generation schedule");
      case "const":
        // Constants are bound to a `let` so that no operation on them is a const-expression (those fail
        // shader creation when they overflow, where the kernel must give Infinity).
        return this.#bind(key, literal(e.type, e.value, this.use));
      case "param":
        return e.type === "bool" ? `(P.p${e.slot} != 0u)` : `P.p${e.slot}`;
      case "reduced":
        return this.env.reduced[e.phase]!;
      case "idx":
        return e.index.op === "var" ? indexText(e.index, this.env.vars) : this.#bind(key, indexText(e.index, this.env.vars));
      case "load":
        return this.#bind(key, this.#scalarLoad(e));
      case "random":
        throw new InternalError("internal: random draws are decomposed over the IR before emission");
      case "unary":
        return this.#bind(key, unary(e.fn, e.type, this.#scalar(e.x), this.use));
      case "binary":
        return this.#bind(key, binary(e.fn, e.a.type, this.#scalar(e.a), this.#scalar(e.b), this.use));
      case "where":
        if (e.rare) return this.#rareWhere(e, key);
        return this.#bind(key, `select(${this.#scalar(e.b)}, ${this.#scalar(e.a)}, ${this.#scalar(e.cond)})`);
      case "cast":
        return this.#bind(key, cast(e.x.type, e.type, this.#scalar(e.x), this.use));
    }
  }

  /** A rare `where` as a branch: b, replaced by a (computed inside the branch) where cond holds. */
  #rareWhere(e: Extract<Expr, { op: "where" }>, key: string): string {
    const [cond, otherwise] = [this.#scalar(e.cond), this.#scalar(e.b)];
    const name = this.temp("r");
    this.w.line(`var ${name} = ${otherwise};`);
    this.w.open(`if (${cond})`);
    this.enter();
    this.w.line(`${name} = ${this.#scalar(e.a)};`);
    this.exit();
    this.w.close();
    this.#scopes[this.#scopes.length - 1]!.set(key, name);
    return name;
  }

  /**
   * A rare `where` four lanes wide: b, and only when some lane's cond holds, a computed as a scalar for each such
   * lane (reading the lane of every value the vec4 code holds already; loads along the lane at its own index).
   */
  #vectorRareWhere(e: Extract<Expr, { op: "where" }>, key: string, v: (x: Expr) => string): string {
    const lane = this.lane!;
    const [cond, otherwise] = [v(e.cond), v(e.b)];
    const [name, l] = [this.temp("r"), this.temp("l")];
    this.w.line(`var ${name} = ${otherwise};`);
    this.w.open(`if (any(${cond}))`).open(`for (var ${l} = 0i; ${l} < 4i; ${l}++)`).open(`if (${cond}[${l}])`);
    this.enter();
    const first = this.env.vars.get(lane)!;
    this.env.vars.set(lane, `(${first} + ${l})`);
    this.#laneMode = { name: lane, index: l };
    this.w.line(`${name}[${l}] = ${this.#scalar(e.a)};`);
    this.#laneMode = undefined;
    this.env.vars.set(lane, first);
    this.exit();
    this.w.close().close().close();
    this.#scopes[this.#scopes.length - 1]!.set(key, name);
    return name;
  }

  /**
   * Element `i` of input `input`: from its scalar binding, or from `out` for an input written in place (out holds
   * vec4s while a lane is set: the element is a component of one).
   */
  #element(input: number, i: string): string {
    if (!this.inPlace.has(input)) {
      this.scalarInputs.add(input);
      return `in${input}[${i}]`;
    }
    return this.lane === undefined ? `out[${i}]` : `out[(${i}) / 4i][(${i}) % 4i]`;
  }

  #scalarLoad(e: Extract<Expr, { op: "load" }>): string {
    let at = indexText(e.index, this.env.vars);
    if (e.dynamic) {
      const d = e.dynamic;
      const raw = this.#scalar(d.value);
      const id = this.dynamicLoads.push({ dim: d.dim, limit: d.limit }) - 1;
      const ok = this.temp("ok");
      this.w.line(`let ${ok} = u32(${raw}) < ${d.limit}u;`);
      this.w.line(`if (!${ok}) { nt_fail(${raw}, ${id}u); }`);
      at = `(${at} + select(0i, ${raw}, ${ok}) * ${i32(d.stride)})`;
    }
    const read = (i: string): string => (e.type === "bool" ? `(${this.#element(e.input, i)} != 0u)` : this.#element(e.input, i));
    if (!e.guard) return read(at);
    const g = this.#scalar(e.guard);
    return `select(${literal(e.type, 0, this.use)}, ${read(`select(0i, ${at}, ${g})`)}, ${g})`;
  }

  /** A vec4 holding e's value (which is the same at every lane) 4 times. */
  #splat(e: Expr): string {
    const key = `v4:${this.key(e)}`;
    return this.#cached(key) ?? this.#bind(key, `${valueType(e.type, 4)}(${this.#scalar(e)})`);
  }

  /** A vec4 of e's value at the 4 lanes (a splat when e does not vary along the lane). */
  #vector(e: Expr): string {
    const lane = this.lane!;
    const key = `v4:${this.key(e)}`;
    const hit = this.#cached(key);
    if (hit !== undefined) return hit;
    const v = (x: Expr): string => (this.deps(x).has(lane) ? this.#vector(x) : this.#splat(x));
    switch (e.op) {
      case "idx": {
        const { coef } = laneSplit(e.index, lane)!;
        return this.#bind(key, `(vec4<i32>(${indexText(e.index, this.env.vars)}) + vec4<i32>(0i, ${i32(coef)}, ${i32(2 * coef)}, ${i32(3 * coef)}))`);
      }
      case "load": {
        const { coef, aligned } = laneSplit(e.index, lane)!;
        const at = indexText(e.index, this.env.vars);
        const wrap = (x: string): string => (e.type === "bool" ? `(${x} != vec4<u32>(0u))` : x);
        if (coef === 1 && aligned) {
          if (this.inPlace.has(e.input)) return this.#bind(key, wrap(`out[${at} / 4i]`));
          this.vectorInputs.add(e.input);
          return this.#bind(key, wrap(`in${e.input}v[${at} / 4i]`));
        }
        const base = this.#bind(`base:${key}`, at);
        const lanes = [0, 1, 2, 3].map((l) => this.#element(e.input, `${base}${l ? ` + ${i32(l * coef)}` : ""}`)).join(", ");
        return this.#bind(key, wrap(`vec4<${e.type === "bool" ? "u32" : e.type}>(${lanes})`));
      }
      case "unary":
        return this.#bind(key, unary(e.fn, e.type, v(e.x), this.use, 4));
      case "binary":
        return this.#bind(key, binary(e.fn, e.a.type, v(e.a), v(e.b), this.use, 4));
      case "where":
        if (e.rare) return this.#vectorRareWhere(e, key, v);
        return this.#bind(key, `select(${v(e.b)}, ${v(e.a)}, ${v(e.cond)})`);
      case "cast":
        return this.#bind(key, cast(e.x.type, e.type, v(e.x), this.use, 4));
      default:
        throw new InternalError(`internal: ${e.op} cannot be vectorised`);
    }
  }

  /** The statement storing `value` (of the output's type, `lanes` wide) at flat index `at`. */
  store(at: string, value: string, lanes: Lanes = 1): string {
    const t = this.k.output.type;
    const v = t !== "bool" ? value : lanes === 1 ? `select(0u, 1u, ${value})` : `select(vec4<u32>(0u), vec4<u32>(1u), ${value})`;
    return lanes === 1 ? `out[${at}] = ${v};` : `out[${at} / 4i] = ${v};`;
  }
}

export { laneSplit };
