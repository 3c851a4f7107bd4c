// Layer: src/backend/kernel. The invariants of the kernel IR, checked after every pass in tests and under
// NAMED_TENSOR_DEBUG: variables in scope, slots in range, types consistent, every unguarded affine load in
// bounds, the output written exactly over its length. Throws an Error naming the first violation.
import { type IndexExpr, indexVars, toAffine } from "../../graph/index-expr.js";
import { type DtypeRule, binaryAlu, unaryAlu } from "./alu.js";
import { type Expr, type Kernel, type LoopVar, type ScalarType, acrossRows, children } from "./ir.js";
import { InternalError } from "../../types/errors.js";

/** Whether a function of this ALU dtype rule may take operands of type `operand` and give `result`. */
function typedByRule(rule: DtypeRule, operand: ScalarType, result: ScalarType): boolean {
  switch (rule) {
    case "numeric":
      return operand !== "bool" && result === operand;
    case "float":
      return operand === "f32" && result === "f32";
    case "equality":
    case "order":
      return result === "bool";
    case "logical":
      return operand === "bool" && result === "bool";
    case "bits":
      return operand === "i32" && result === "i32";
    case "toBits":
      return operand === "f32" && result === "i32";
    case "fromBits":
      return operand === "i32" && result === "f32";
  }
}

/** The [min, max] an affine index takes over the loop ranges, or undefined if it is not affine. */
export function indexRange(e: IndexExpr, extents: ReadonlyMap<string, number>): [number, number] | undefined {
  const a = toAffine(e);
  if (!a) return undefined;
  let [lo, hi] = [a.constant, a.constant];
  for (const [v, c] of a.coeffs) {
    const top = (extents.get(v) ?? 1) - 1;
    if (c > 0) hi += c * top;
    else lo += c * top;
  }
  return [lo, hi];
}

/** Throws unless the kernel satisfies the IR's invariants. @example verifyKernel(lowered.kernel) */
export function verifyKernel(k: Kernel): void {
  const fail = (what: string): never => {
    throw new InternalError(`kernel IR invariant: ${what}`);
  };
  const online = k.online;
  const all: LoopVar[] = [
    ...k.outer,
    ...k.inner,
    ...k.phases.flatMap((p) => p.vars),
    ...(online ? [...online.vars, ...online.phases.flatMap((p) => p.vars), ...(online.accumulations ?? []).flatMap((a) => a.inner)] : []),
  ];
  const names = new Set<string>();
  for (const v of all) {
    if (names.has(v.name)) fail(`loop variable ${v.name} is declared twice`);
    if (!(v.extent >= 0)) fail(`loop variable ${v.name} has extent ${v.extent}`);
    names.add(v.name);
  }
  if (k.mode.kind !== "map" && (k.inner.length !== 1 || k.phases.length)) fail(`a ${k.mode.kind} kernel has one inner loop and no phases`);
  const extents = new Map(all.map((v) => [v.name, v.extent]));
  const scopeOf = (vars: readonly LoopVar[]): Set<string> => new Set(vars.map((v) => v.name));
  const checkIndex = (e: IndexExpr, scope: Set<string>, where: string): void => {
    for (const v of indexVars(e)) if (!scope.has(v)) fail(`${where} reads ${v}, which is not in scope`);
  };
  // Loops of extent 0 never run their body, so its loads need not be in bounds.
  const never = (vars: readonly LoopVar[]): boolean => vars.some((v) => v.extent === 0);
  let runs = !never(k.outer);
  let checked = new Set<Expr>();
  // The types of `reduced` values: the phases', or in an online loop its phases' and its running values'.
  let reducedTypes: readonly ScalarType[] = k.phases.map((p) => p.type);
  const check = (e: Expr, scope: Set<string>, phasesBefore: number): void => {
    if (checked.has(e)) return; // a node shared in the DAG is checked once per root
    checked.add(e);
    switch (e.op) {
      case "param":
        if (e.slot >= k.params.length || k.params[e.slot] !== e.type) fail(`param p${e.slot} is missing or mistyped`);
        break;
      case "idx":
        checkIndex(e.index, scope, "an index value");
        break;
      case "load": {
        const input = k.inputs[e.input] ?? fail(`load of missing input in${e.input}`);
        if (input.type !== e.type) fail(`load of in${e.input} as ${e.type}, but it holds ${input.type}`);
        checkIndex(e.index, scope, `a load of in${e.input}`);
        if (e.dynamic && e.dynamic.value.type !== "i32") fail("a gather index is not i32");
        const r = e.guard || !runs ? undefined : indexRange(e.index, extents);
        const extra = e.dynamic ? (e.dynamic.limit - 1) * e.dynamic.stride : 0;
        if (r && (r[0] < 0 || r[1] + extra >= input.length)) fail(`a load of in${e.input} reaches [${r[0]}, ${r[1] + extra}] outside [0, ${input.length})`);
        if (e.guard && e.guard.type !== "bool") fail("a load guard is not bool");
        break;
      }
      case "random":
        checkIndex(e.index, scope, "a random index");
        break;
      case "unary":
        if (!typedByRule(unaryAlu[e.fn].rule, e.x.type, e.type)) fail(`${e.fn} of ${e.x.type} typed ${e.type}`);
        break;
      case "binary":
        if (e.a.type !== e.b.type) fail(`${e.fn} of ${e.a.type} and ${e.b.type}`);
        if (!typedByRule(binaryAlu[e.fn].rule, e.a.type, e.type)) fail(`${e.fn} typed ${e.type} over ${e.a.type}`);
        break;
      case "where":
        if (e.cond.type !== "bool" || e.a.type !== e.type || e.b.type !== e.type) fail("where with mistyped operands");
        break;
      case "reduced":
        if (e.phase >= phasesBefore || reducedTypes[e.phase] !== e.type) fail(`%${e.phase} read before it is computed, or mistyped`);
        break;
      default:
        break;
    }
    for (const c of children(e)) check(c, scope, phasesBefore);
  };
  const outer = scopeOf(k.outer);
  const outerRuns = runs;
  k.phases.forEach((p, i) => {
    if (p.body.type !== p.type) fail(`phase %${i} sums ${p.body.type} into ${p.type}`);
    runs = outerRuns && !never(p.vars);
    checked = new Set();
    check(p.body, new Set([...outer, ...scopeOf(p.vars)]), i);
  });
  if (online) {
    if (k.phases.length || k.mode.kind !== "map" || k.output.type !== "f32") fail("an online softmax-weighted kernel is a float map with no phases");
    const n = online.phases.length;
    reducedTypes = [...online.phases.map((p) => p.type), "f32", "f32", "f32"];
    const rows = new Set([...outer, ...scopeOf(online.vars)]);
    runs = outerRuns && !never(online.vars);
    online.phases.forEach((p, i) => {
      if (p.body.type !== p.type) fail(`online phase %${i} sums ${p.body.type} into ${p.type}`);
      checked = new Set();
      check(p.body, new Set([...rows, ...scopeOf(p.vars)]), i);
    });
    checked = new Set();
    check(online.logit, rows, n);
    check(online.runningMax, rows, n + 2);
    for (const e of [online.weight, online.rescale]) check(e, rows, n + 3);
    if ([online.logit, online.runningMax, online.weight, online.rescale].some((e) => e.type !== "f32")) fail("an online softmax's update is f32");
    if (online.result === "max" && k.inner.length) fail("an online max has no inner loops");
    if (online.result === "sum" && !(online.rescale.op === "const" && online.rescale.value === 1)) fail("an online weighted sum does not rescale");
    for (const a of online.accumulations ?? []) {
      if (online.result !== "sum") fail("only an online weighted sum has further accumulations");
      checked = new Set();
      check(a.weight, rows, n + 1);
      if (a.weight.type !== "f32" || a.value.type !== "f32") fail("an online accumulation is f32");
      checked = new Set();
      check(a.value, new Set([...rows, ...scopeOf(a.inner)]), 0);
      const across = acrossRows(k, a);
      const last = k.outer[k.outer.length - 1];
      if (across && (!last || indexVars(a.index).has(last.name) || !k.outer.slice(0, -1).some((v) => v.extent > 1)))
        fail("an accumulation across rows reads the online vars in place of the last outer var, under an outer var of several points");
      const around = across ? [...k.outer.slice(0, -1), ...online.vars] : k.outer;
      checkIndex(a.index, scopeOf([...around, ...a.inner]), "an accumulation's output");
      const count = [...around, ...a.inner].reduce((c, v) => c * v.extent, 1);
      const range = indexRange(a.index, extents);
      if (count !== a.length || (count > 0 && (!range || range[0] !== 0 || range[1] !== count - 1))) fail("an accumulation's index does not cover its buffer exactly");
    }
    const rowCount = k.outer.reduce((c, v) => c * v.extent, 1);
    for (const r of online.rowOutputs ?? []) {
      checkIndex(r.index, outer, "a row output");
      const range = indexRange(r.index, extents);
      if (r.length !== rowCount || (rowCount > 0 && (!range || range[0] !== 0 || range[1] !== rowCount - 1))) fail("a row output's index does not cover its buffer exactly");
    }
    reducedTypes = [];
  }
  const store = scopeOf([...k.outer, ...k.inner, ...(online ? online.vars : [])]);
  runs = outerRuns && !never(k.inner) && !(online && never(online.vars));
  checked = new Set();
  check(k.value, store, online ? 0 : k.phases.length);
  if (k.mode.kind === "map" && k.value.type !== k.output.type) fail(`the value is ${k.value.type} but the output ${k.output.type}`);
  checkIndex(k.output.index, scopeOf([...k.outer, ...k.inner]), "the output");
  const count = [...k.outer, ...k.inner].reduce((n, v) => n * v.extent, 1);
  const r = indexRange(k.output.index, extents);
  if (count !== k.output.length || (count > 0 && (!r || r[0] !== 0 || r[1] !== count - 1))) fail("the output index does not cover the output exactly");
}
