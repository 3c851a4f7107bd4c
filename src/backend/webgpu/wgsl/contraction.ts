// Layer: src/backend/webgpu. The tiled template for contractions: a kernel whose one phase sums a product of
// two factors, C[batch, m, n] = epilogue(Σ_k a(batch, m, k) · b(batch, n, k)). The factors may be any fused
// expressions (prologues: casts, scales, exp, …) and the stored value any expression of the sum (epilogue:
// bias, activation). A workgroup computes a TM×TN tile of C: its invocations stage TM×TK values of `a` and
// TK×TN of `b` in workgroup memory, then each accumulates a 4×4 register block with vec4 reads of the tiles.
// Factors are read in the order their memory is contiguous, 4 neighbours (a vec4) at a time where they can be. Imports the IR, the emitter and module helpers.
import { toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, walkExpr } from "../../kernel/ir.js";
import { type EmitEnv, ExprEmitter, Writer, indexText, vectorizable } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, extentOf, kernelResult, moduleText } from "./module.js";

/** A kernel recognised as a contraction, with its loops sorted into roles. */
export interface ContractionPlan {
  readonly a: Expr;
  readonly b: Expr;
  readonly mVars: readonly LoopVar[];
  readonly nVars: readonly LoopVar[];
  readonly batchVars: readonly LoopVar[];
  readonly kVars: readonly LoopVar[];
}

/** Register block per invocation (RM×RN) and tile depth. */
const R = 4;
const TK = 16;

/** Loop variables an expression reads. */
function varsOf(e: Expr): Set<string> {
  const s = new Set<string>();
  walkExpr(e, (x) => {
    if (x.op === "idx" || x.op === "load" || x.op === "random") for (const v of indexNames(x.index)) s.add(v);
  });
  return s;
}
function indexNames(e: Parameters<typeof toAffine>[0], into: string[] = []): string[] {
  if (e.op === "var") into.push(e.name);
  else if (e.op !== "const") {
    indexNames(e.a, into);
    if (e.op === "add") indexNames(e.b, into);
  }
  return into;
}

/**
 * The roles of a contraction kernel's loops, or undefined when the kernel is not one worth tiling (a single
 * phase `sum(a · b)` in f32 over at least 16 rows and 16 columns, no inner loop) or its tiles do not fit one
 * dispatch. @example contractionPlan(lowerGraph([a.dot("k", b).node])[0].kernel, caps)?.kVars // [{ name: "k", extent: 64 }]
 */
export function contractionPlan(k: Kernel, caps: WgslCaps): ContractionPlan | undefined {
  if (k.mode.kind !== "map" || k.phases.length !== 1 || k.inner.length) return undefined;
  const p = k.phases[0]!;
  if (p.fn !== "sum" || p.type !== "f32" || p.body.op !== "binary" || p.body.fn !== "mul" || p.vars.length === 0) return undefined;
  const [a, b] = [p.body.a, p.body.b];
  const [da, db] = [varsOf(a), varsOf(b)];
  const mVars = k.outer.filter((v) => da.has(v.name) && !db.has(v.name));
  const nVars = k.outer.filter((v) => db.has(v.name) && !da.has(v.name));
  const batchVars = k.outer.filter((v) => !mVars.includes(v) && !nVars.includes(v));
  const [M, N, B] = [extentOf(mVars), extentOf(nVars), extentOf(batchVars)];
  if (M < 16 || N < 16 || extentOf(p.vars) < 4) return undefined;
  const tile = tileSide(caps, M, N) * R;
  const max = caps.maxWorkgroupsPerDimension;
  if (Math.ceil(M / tile) > max || Math.ceil(N / tile) > max || B > max) return undefined;
  return { a, b, mVars, nVars, batchVars, kVars: p.vars };
}

/** Invocations per tile side: 8×8 of 4×4 outputs (a 32×32 tile); 16×16 (64×64) when the adapter and sizes allow. */
const tileSide = (caps: WgslCaps, M: number, N: number): number => (caps.maxInvocations >= 256 && caps.maxWorkgroupSizeX >= 16 && M >= 256 && N >= 256 ? 16 : 8);

/** True when the factor's first load walks memory along k (its innermost k var has unit stride). */
function kContiguous(e: Expr, kVars: readonly LoopVar[]): boolean {
  let found: boolean | undefined;
  walkExpr(e, (x) => {
    if (found !== undefined || x.op !== "load") return;
    const a = toAffine(x.index);
    found = a ? a.coeffs.get(kVars[kVars.length - 1]!.name) === 1 : false;
  });
  return found ?? false;
}

/** The tiled contraction kernel (plan from contractionPlan). @example tiledContraction(k, contractionPlan(k, caps)!, caps).template // "tiled" */
export function tiledContraction(k: Kernel, plan: ContractionPlan, caps: WgslCaps): WgslKernel {
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new ExprEmitter(w, k, env);
  const [M, N, K, B] = [extentOf(plan.mVars), extentOf(plan.nVars), extentOf(plan.kVars), extentOf(plan.batchVars)];
  const side = tileSide(caps, M, N);
  const [TM, TN] = [side * R, side * R];
  const threads = side * side;
  const st = caps.f16 ? "vec4<f16>" : "vec4<f32>";
  const scalar = caps.f16 ? "f16" : "f32";
  const preamble = [...(caps.f16 ? ["enable f16;"] : []), `var<workgroup> As: array<${st}, ${(TK * TM) / 4}>;`, `var<workgroup> Bs: array<${st}, ${(TK * TN) / 4}>;`];
  w.line(`@compute @workgroup_size(${side}, ${side})`);
  w.open("fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32)");
  w.line("let tid = i32(lid);");
  w.line(`let tx = tid % ${side}i;`);
  w.line(`let ty = tid / ${side}i;`);
  w.line(`let m0 = i32(wid.y) * ${TM}i;`);
  w.line(`let n0 = i32(wid.x) * ${TN}i;`);
  decompose(w, em, plan.batchVars, "i32(wid.z)");
  for (let r = 0; r < R; r++) w.line(`var acc${r} = vec4<f32>(0.0f);`);
  // One cooperative load of a tile: `rows` (m or n) × TK values of a factor into `tile`, `threads` at a time;
  // 4 neighbours along the factor's contiguous axis at a time (one vec4 read) where that axis allows it.
  const stage = (factor: Expr, rowVars: readonly LoopVar[], rows: number, tile: string, rowExtent: number): void => {
    const kFast = kContiguous(factor, plan.kVars);
    const axis = kFast ? plan.kVars : rowVars;
    const lane = axis[axis.length - 1];
    const lanes = lane && lane.extent % 4 === 0 && (kFast ? K : rowExtent) % 4 === 0 && vectorizable([factor], lane.name) ? 4 : 1;
    const checks = [...(rowExtent % rows ? [`row < ${rowExtent}i`] : []), ...(K % TK ? [`kg < ${K}i`] : [])];
    const v = lanes === 4 ? `vec4<${scalar}>` : scalar;
    w.open(`for (var l = tid * ${lanes}i; l < ${rows * TK}i; l += ${threads * lanes}i)`);
    w.line(kFast ? `let rr = l / ${TK}i;` : `let rr = l % ${rows}i;`);
    w.line(kFast ? `let kk = l % ${TK}i;` : `let kk = l / ${rows}i;`);
    w.line(`let row = ${tile === "As" ? "m0" : "n0"} + rr;`);
    w.line("let kg = k0 + kk;");
    w.line(`var x = ${v}(0.0);`);
    if (checks.length) w.open(`if (${checks.join(" && ")})`);
    em.enter();
    decompose(w, em, rowVars, "row");
    decompose(w, em, plan.kVars, "kg");
    if (lanes === 4) em.lane = lane!.name;
    w.line(`x = ${v}(${em.value(factor)});`);
    em.lane = undefined;
    em.exit();
    if (checks.length) w.close();
    if (lanes === 1) w.line(`${tile}[(kk * ${rows}i + rr) / 4i][rr % 4i] = x;`);
    else if (!kFast) w.line(`${tile}[(kk * ${rows}i + rr) / 4i] = x;`);
    else for (let j = 0; j < 4; j++) w.line(`${tile}[((kk + ${j}i) * ${rows}i + rr) / 4i][rr % 4i] = x[${j}];`);
    w.close();
  };

  w.open(`for (var k0 = 0i; k0 < ${K}i; k0 += ${TK}i)`);
  stage(plan.a, plan.mVars, TM, "As", M);
  stage(plan.b, plan.nVars, TN, "Bs", N);
  w.line("workgroupBarrier();");
  w.open(`for (var kk = 0i; kk < ${TK}i; kk++)`);
  w.line(`let a = vec4<f32>(As[kk * ${TM / 4}i + ty]);`);
  w.line(`let b = vec4<f32>(Bs[kk * ${TN / 4}i + tx]);`);
  ["x", "y", "z", "w"].forEach((c, r) => w.line(`acc${r} = acc${r} + a.${c} * b;`));
  w.close();
  w.line("workgroupBarrier();");
  w.close();
  // Epilogue: the stored value of each of the 4×4 sums.
  w.line(`let accs = array<vec4<f32>, ${R}>(${[...Array(R).keys()].map((r) => `acc${r}`).join(", ")});`);
  w.open(`for (var i = 0i; i < ${R}i; i++)`);
  w.open(`for (var j = 0i; j < ${R}i; j++)`);
  w.line(`let row = m0 + ty * ${R}i + i;`);
  w.line(`let col = n0 + tx * ${R}i + j;`);
  w.open(`if (row < ${M}i && col < ${N}i)`); // (the tiles may overhang the output)
  em.enter();
  decompose(w, em, plan.mVars, "row");
  decompose(w, em, plan.nVars, "col");
  w.line("let r0 = accs[i][j];");
  env.reduced[0] = "r0";
  w.line(em.store(indexText(k.output.index, env.vars), em.value(k.value)));
  em.exit();
  w.close().close().close().close();
  const dispatch: [number, number, number] = [Math.ceil(N / TN), Math.ceil(M / TM), B];
  return kernelResult(moduleText(k, em, w, preamble), "tiled", dispatch, em);
}
