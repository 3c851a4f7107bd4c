// Layer: src/backend/webgpu. The one WGSL emitter every kernel template shares: a line writer with indentation,
// and an expression emitter that turns kernel IR expressions into `let` temporaries (one per operation,
// shared by structurally equal expressions in scope), hoists loop invariants before a loop, records the
// helpers used and numbers data-dependent loads for error reports. The per-op syntax lives in syntax.ts.
// Imports the IR and the syntax table.
import { type IndexExpr, indexVars, showIndex } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type ScalarType, children } from "../../kernel/ir.js";
import { type HelperName, binary, cast, literal, storageType, unary, valueType } from "./syntax.js";

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
    this.line(`${header} {`);
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
  /** The i32 WGSL expression of each loop variable in scope. */
  readonly vars: Map<string, string>;
  /** The WGSL names of the phase results computed so far. */
  readonly reduced: string[];
}

/** A gathered dim, numbered in the order its load was first emitted (the status word names the number). */
export interface DynamicLoadInfo {
  readonly dim: string;
  readonly limit: number;
}

/** The WGSL text of an index expression (i32), given the text of each variable. */
export function indexText(e: IndexExpr, vars: ReadonlyMap<string, string>): string {
  switch (e.op) {
    case "var": {
      const v = vars.get(e.name);
      if (v === undefined) throw new Error(`internal: loop variable ${e.name} is not in scope`);
      return v;
    }
    case "const":
      return literal("i32", e.value, () => undefined);
    case "add":
      return `(${indexText(e.a, vars)} + ${indexText(e.b, vars)})`;
    case "mul":
      return `(${indexText(e.a, vars)} * ${literal("i32", e.c, () => undefined)})`;
    case "div":
      return `(${indexText(e.a, vars)} / ${literal("i32", e.c, () => undefined)})`;
    case "mod":
      return `(${indexText(e.a, vars)} % ${literal("i32", e.c, () => undefined)})`;
  }
}

export class ExprEmitter {
  readonly helpers = new Set<HelperName>();
  readonly dynamicLoads: DynamicLoadInfo[] = [];
  readonly #scopes: Map<string, string>[] = [new Map()];
  readonly #deps = new Map<Expr, ReadonlySet<string>>();
  readonly #keys = new Map<Expr, string>();
  #next = 0;

  constructor(
    readonly w: Writer,
    readonly k: Kernel,
    readonly env: EmitEnv,
  ) {}

  readonly use = (h: HelperName): void => void this.helpers.add(h);

  /** A fresh temporary name. */
  temp(prefix = "t"): string {
    return `${prefix}${this.#next++}`;
  }

  /** Loop variables (and `%p` phase results) an expression reads. */
  deps(e: Expr): ReadonlySet<string> {
    let d = this.#deps.get(e);
    if (d) return d;
    const s = new Set<string>();
    if (e.op === "idx" || e.op === "load" || e.op === "random") indexVars(e.index, s);
    if (e.op === "reduced") s.add(`%${e.phase}`);
    for (const c of children(e)) for (const v of this.deps(c)) s.add(v);
    this.#deps.set(e, (d = s));
    return d;
  }

  /** A structural key: equal keys mean equal values at the same loop point. */
  key(e: Expr): string {
    let k = this.#keys.get(e);
    if (k) return k;
    const parts: string[] = [e.op, e.type];
    switch (e.op) {
      case "const":
        parts.push(String(Object.is(e.value, -0) ? "-0" : e.value));
        break;
      case "param":
        parts.push(String(e.slot));
        break;
      case "idx":
        parts.push(showIndex(e.index));
        break;
      case "load":
        parts.push(String(e.input), showIndex(e.index), e.dynamic ? `${e.dynamic.stride}:${e.dynamic.limit}:${e.dynamic.dim}` : "-", e.guard ? "g" : "-");
        break;
      case "random":
        parts.push(String(e.stream), showIndex(e.index));
        break;
      case "unary":
      case "binary":
        parts.push(e.fn);
        break;
      case "reduced":
        parts.push(String(e.phase));
        break;
      default:
        break;
    }
    k = `${parts.join(":")}(${children(e).map((c) => this.key(c)).join(",")})`;
    this.#keys.set(e, k);
    return k;
  }

  enter(): void {
    this.#scopes.push(new Map());
  }
  exit(): void {
    this.#scopes.pop();
  }
  #cached(e: Expr): string | undefined {
    const key = this.key(e);
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      const hit = this.#scopes[i]!.get(key);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  #bind(e: Expr, text: string): string {
    const name = this.temp();
    this.w.line(`let ${name} = ${text};`);
    this.#scopes[this.#scopes.length - 1]!.set(this.key(e), name);
    return name;
  }

  /** Emits, before a loop, every largest subexpression of `roots` that reads only `bound` (and is worth a temporary). */
  hoist(roots: readonly Expr[], bound: ReadonlySet<string>): void {
    const visit = (e: Expr): void => {
      if (this.#cached(e) !== undefined || e.op === "const" || e.op === "param" || e.op === "reduced") return;
      if ([...this.deps(e)].every((d) => bound.has(d))) {
        if (!(e.op === "idx" && e.index.op === "var")) this.value(e);
        return;
      }
      for (const c of children(e)) visit(c);
    };
    for (const r of roots) visit(r);
  }

  /** The WGSL text of e's value (a temporary, a literal or a name), emitting what it needs first. */
  value(e: Expr): string {
    const hit = this.#cached(e);
    if (hit !== undefined) return hit;
    switch (e.op) {
      case "stashed":
        throw new Error("internal: stashed values are a CPU code generation schedule");
      case "const":
        // Constants are bound to a `let` so that no operation on them is a const-expression (those fail
        // shader creation when they overflow, where the kernel must give Infinity).
        return this.#bind(e, literal(e.type, e.value, this.use));
      case "param":
        return e.type === "bool" ? `(P.p${e.slot} != 0u)` : `P.p${e.slot}`;
      case "reduced":
        return this.env.reduced[e.phase]!;
      case "idx":
        return e.index.op === "var" ? indexText(e.index, this.env.vars) : this.#bind(e, indexText(e.index, this.env.vars));
      case "load":
        return this.#load(e);
      case "random":
        this.use("nt_uniform");
        return this.#bind(e, `nt_uniform(${this.value(e.seed)}, ${(e.stream + 0x9e3779b9) >>> 0}u, ${indexText(e.index, this.env.vars)})`);
      case "unary":
        return this.#bind(e, unary(e.fn, e.type, this.value(e.x), this.use));
      case "binary":
        return this.#bind(e, binary(e.fn, e.a.type, this.value(e.a), this.value(e.b), this.use));
      case "where":
        return this.#bind(e, `select(${this.value(e.b)}, ${this.value(e.a)}, ${this.value(e.cond)})`);
      case "cast":
        return this.#bind(e, cast(e.x.type, e.type, this.value(e.x), this.use));
    }
  }

  #load(e: Extract<Expr, { op: "load" }>): string {
    let at = indexText(e.index, this.env.vars);
    if (e.dynamic) {
      const d = e.dynamic;
      const raw = this.value(d.value);
      const id = this.dynamicLoads.push({ dim: d.dim, limit: d.limit }) - 1;
      const ok = this.temp("ok");
      this.w.line(`let ${ok} = u32(${raw}) < ${d.limit}u;`);
      this.w.line(`if (!${ok}) { nt_fail(${raw}, ${id}u); }`);
      at = `(${at} + select(0i, ${raw}, ${ok}) * ${literal("i32", d.stride, this.use)})`;
    }
    const read = (i: string): string => (e.type === "bool" ? `(in${e.input}[${i}] != 0u)` : `in${e.input}[${i}]`);
    if (!e.guard) return this.#bind(e, read(at));
    const g = this.value(e.guard);
    const zero = e.type === "bool" ? "false" : e.type === "i32" ? "0i" : "0.0f";
    return this.#bind(e, `select(${zero}, ${read(`select(0i, ${at}, ${g})`)}, ${g})`);
  }

  /** The statement storing `value` (of the output's type) at flat index `at`. */
  store(at: string, value: string): string {
    const t = this.k.output.type;
    return `out[${at}] = ${t === "bool" ? `select(0u, 1u, ${value})` : value};`;
  }

  /** The storage and value types for declarations. */
  static types(t: ScalarType): { storage: string; value: string } {
    return { storage: storageType(t), value: valueType(t) };
  }
}
