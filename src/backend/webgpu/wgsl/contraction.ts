// Layer: src/backend/webgpu. The tiled template for contractions: a kernel whose one phase sums a product of
// two factors, C[batch, m, n] = epilogue(Σ_k a(batch, m, k) · b(batch, n, k)). The factors may be any fused
// expressions (prologues: casts, scales, exp, …) and the stored value any expression of the sum (epilogue:
// bias, activation). A workgroup computes a TM×TN tile of C: its invocations stage TM×TK values of `a` and
// TK×TN of `b` in workgroup memory, then each accumulates a 4×4 register block with vec4 reads of the tiles.
// Factors are read in the order their memory is contiguous, 4 neighbours (a vec4) at a time where they can be. Imports the IR, the emitter and module helpers.
import { toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, walkExpr } from "../../kernel/ir.js";
import type { Contraction } from "../../kernel/passes/contraction.js";
import { type EmitEnv, WgslExprEmitter, Writer, indexText, vectorizable } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, extentOf, kernelResult, moduleText } from "./module.js";

/** Register block per invocation (RM×RN) and tile depth. */
const R = 4;
const TK = 16;

/**
 * The roles of a contraction kernel's loops, or undefined when the kernel is not one worth tiling (a single
 * phase `sum(a · b)` in f32 over at least 16 rows and 16 columns, no inner loop) or its tiles do not fit one
 * dispatch. @example contractionPlan(lowerKernels([a.dot("k", b).node], { passes: webgpuPasses })[0].kernel, caps)?.k // [{ name: "k", extent: 64 }]
 */
export function contractionPlan(k: Kernel, caps: WgslCaps): Contraction | undefined {
  const c = k.contraction;
  if (!c) return undefined;
  const [M, N, B] = [extentOf(c.m), extentOf(c.n), extentOf(c.batch)];
  if (M < 16 || N < 16 || extentOf(c.k) < 4) return undefined;
  const tile = tileSide(caps, M, N) * R;
  const max = caps.maxWorkgroupsPerDimension;
  if (Math.ceil(M / tile) > max || Math.ceil(N / tile) > max || B > max) return undefined;
  return c;
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
export function tiledContraction(k: Kernel, plan: Contraction, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new WgslExprEmitter(w, k, env);
  em.inPlace = inPlace;
  const [M, N, K, B] = [extentOf(plan.m), extentOf(plan.n), extentOf(plan.k), extentOf(plan.batch)];
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
  decompose(w, em, plan.batch, "i32(wid.z)");
  for (let r = 0; r < R; r++) w.line(`var acc${r} = vec4<f32>(0.0f);`);
  // One cooperative load of a tile: `rows` (m or n) × TK values of a factor into `tile`, `threads` at a time;
  // 4 neighbours along the factor's contiguous axis at a time (one vec4 read) where that axis allows it.
  const stage = (factor: Expr, rowVars: readonly LoopVar[], rows: number, tile: string, rowExtent: number): void => {
    const kFast = kContiguous(factor, plan.k);
    const axis = kFast ? plan.k : rowVars;
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
    decompose(w, em, plan.k, "kg");
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
  stage(plan.a, plan.m, TM, "As", M);
  stage(plan.b, plan.n, TN, "Bs", N);
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
  decompose(w, em, plan.m, "row");
  decompose(w, em, plan.n, "col");
  w.line("let r0 = accs[i][j];");
  env.reduced[0] = "r0";
  w.line(em.store(indexText(k.output.index, env.vars), em.value(k.value)));
  em.exit();
  w.close().close().close().close();
  const dispatch: [number, number, number] = [Math.ceil(N / TN), Math.ceil(M / TM), B];
  return kernelResult(moduleText(k, em, w, preamble), "tiled", dispatch, em);
}
