// Layer: src/backend/cpu. How the Wasm generator evaluates a rare `where` (kernel IR: `a` is needed at few points,
// such as sin's exact reduction of huge arguments). The rare side is outlined into a function of its own, called
// only where the condition holds: four lanes wide, after one any-true test of all of them, once per such lane.
// The hot loop then keeps the cost of the common case at a compare and an any-true (inlining the rare code four
// times made V8 allocate registers worse: sin was 8% slower), and the scalar remainder calls the same function,
// so both forms agree bit for bit. Imports the IR and the Wasm writer.
import { type Expr, type Kernel, children } from "../../kernel/ir.js";
import { FunctionBuilder, type ValType } from "./module.js";

/** What this module needs of the expression emitter (emit-expr.ts). */
export interface RareHost {
  readonly f: FunctionBuilder;
  readonly k: Kernel;
  /** The local that holds e already (4 lanes when `vector`), if any. */
  available(e: Expr, vector: boolean): number | undefined;
  varies(e: Expr, lane: string): boolean;
  scalar(e: Expr): void;
  vector(e: Expr, lane: string): void;
  inBranch(emit: () => void): void;
  /** An emitter writing into another function (the outlined one) with e's value already in `local`s. */
  emitterFor(f: FunctionBuilder, inputs: readonly Expr[]): { scalar(e: Expr): void };
}

const wasmType = (e: Expr): ValType => (e.type === "f32" ? "f32" : "i32");
let outlinedCount = 0;
const outlined = new WeakMap<RareHost, { a: Expr; inputs: readonly Expr[]; f: FunctionBuilder }[]>();

/**
 * The values `a` reads that the caller provides (those held in locals, those the same at every lane, and in
 * scalar code any leaf), or undefined when a varying value is neither held nor computable per lane here.
 */
function inputsOf(host: RareHost, a: Expr, lane: string | undefined): Expr[] | undefined {
  const inputs: Expr[] = [];
  const seen = new Set<Expr>();
  let ok = true;
  const visit = (n: Expr): void => {
    if (!ok || seen.has(n) || n.op === "const") return;
    seen.add(n);
    const held = host.available(n, lane !== undefined) !== undefined || host.available(n, false) !== undefined;
    if (held || (lane !== undefined ? !host.varies(n, lane) : children(n).length === 0)) inputs.push(n);
    else if (children(n).length === 0) ok = false;
    else children(n).forEach(visit);
  };
  visit(a);
  return ok ? inputs : undefined;
}

/** The function computing `a` from `inputs` (its parameters), shared by every call with the same inputs. */
function functionFor(host: RareHost, a: Expr, inputs: readonly Expr[]): FunctionBuilder {
  const known = outlined.get(host) ?? [];
  outlined.set(host, known);
  const hit = known.find((o) => o.a === a && o.inputs.length === inputs.length && o.inputs.every((x, i) => x === inputs[i]));
  if (hit) return hit.f;
  const f = new FunctionBuilder(`rare${outlinedCount++}`, inputs.map(wasmType), [wasmType(a)]);
  host.emitterFor(f, inputs).scalar(a);
  known.push({ a, inputs, f });
  return f;
}

/**
 * Emits `cond ? a : b` with `a` computed only where needed, leaving the value on the stack (a scalar, or 4 lanes
 * along `lane`; four lanes fall back to computing both sides where `a` reads a varying value no local holds).
 * False (nothing emitted) for bool values, which the caller selects.
 * @example emitRareWhere(emitter, whereNode, "i") // b, then per lane where cond: call $rare0
 */
export function emitRareWhere(host: RareHost, e: Extract<Expr, { op: "where" }>, lane: string | undefined): boolean {
  const f = host.f;
  if (e.type === "bool") return false;
  // b first: the values it shares with a (sin's argument) are then in locals a can be handed.
  const value = f.local(lane === undefined ? wasmType(e) : "v128");
  if (lane === undefined) host.scalar(e.b);
  else host.vector(e.b, lane);
  f.set(value);
  const inputs = inputsOf(host, e.a, lane);
  if (!inputs) {
    // Four lanes only (scalar code can always compute a's leaves): both sides and a select.
    host.vector(e.a, lane!);
    f.get(value);
    host.vector(e.cond, lane!);
    f.op("v128.bitselect");
    return true;
  }
  const callee = functionFor(host, e.a, inputs);
  if (lane === undefined) {
    host.scalar(e.cond);
    f.if(wasmType(e));
    host.inBranch(() => {
      for (const x of inputs) host.scalar(x);
    });
    f.call(callee).else().get(value).end();
    return true;
  }
  const cond = f.local("v128");
  host.vector(e.cond, lane);
  f.tee(cond).op("v128.any_true").if();
  host.inBranch(() => {
    // Each input once: a lane of a held vector, or a scalar the same at every lane.
    const read = inputs.map((x) => {
      const v = host.available(x, true);
      if (v !== undefined) return { vector: v, x };
      host.scalar(x);
      const s = f.local(wasmType(x));
      f.set(s);
      return { scalar: s, x };
    });
    for (let l = 0; l < 4; l++) {
      f.get(cond).lane("i32x4.extract_lane", l).if();
      f.get(value);
      for (const r of read) {
        if (r.scalar !== undefined) f.get(r.scalar);
        else {
          f.get(r.vector!).lane(r.x.type === "f32" ? "f32x4.extract_lane" : "i32x4.extract_lane", l);
          if (r.x.type === "bool") f.i32(0).op("i32.ne"); // a mask lane (0 or -1) as 0/1
        }
      }
      f.call(callee).lane(e.type === "f32" ? "f32x4.replace_lane" : "i32x4.replace_lane", l).set(value).end();
    }
  });
  f.end().get(value);
  return true;
}
