// Layer: src/backend/webgpu. The WGSL generator of the sparse kernel IR (src/backend/kernel/sparse/ir.ts), from
// the same statements the Wasm generator lowers: one storage binding per buffer (read-only for operands) — or,
// past the adapter's storage bindings, whole classes of buffers packed into one binding each (packing) —, every
// IR local a function variable, `loop` and `merge` as WGSL loops with a break test, i32 tests as 0/1 through
// select. A kernel with a parallel outermost loop runs one invocation per pass of it (row-parallel: SpMV, SpMM,
// SDDMM, CSR add/mul, row sums); any other runs as a single invocation. A kernel with workspaces (taco's dense
// accumulator row: SpGEMM, TTM into CSF) runs a bounded number of invocations instead, each over every
// slots-th pass with its own slice of one i32 and one f32 workspace binding, zeroed when it starts: a row per
// pass would need rows × columns of memory. f32 functions are those WGSL has as built-ins; another is refused
// with a sentence naming it. Imports the kernel IR.
import { type SparseBuffer, SparseDeviceError, type SparseKernel, type SparseStmt, type SparseValue } from "../../kernel/sparse/ir.js";

/** Invocations per workgroup of a row-parallel sparse kernel. */
export const SPARSE_WORKGROUP = 64;
/** The most workgroups along x (WebGPU's default maxComputeWorkgroupsPerDimension); more go along y. */
export const SPARSE_GROUPS_X = 65535;

const unaryFns: Partial<Record<string, (x: string) => string>> = {
  neg: (x) => `(-${x})`,
  abs: (x) => `abs(${x})`,
  sqrt: (x) => `sqrt(${x})`,
  floor: (x) => `floor(${x})`,
  ceil: (x) => `ceil(${x})`,
  round: (x) => `round(${x})`,
};
const binaryFns: Partial<Record<string, (a: string, b: string) => string>> = {
  add: (a, b) => `(${a} + ${b})`,
  sub: (a, b) => `(${a} - ${b})`,
  mul: (a, b) => `(${a} * ${b})`,
  div: (a, b) => `(${a} / ${b})`,
  min: (a, b) => `min(${a}, ${b})`,
  max: (a, b) => `max(${a}, ${b})`,
};

/** An IR name as a WGSL identifier: prefixed (dim names may be WGSL keywords such as `from`), `$` spelled out. */
const ident = (prefix: string, name: string): string => `${prefix}_${name.replace(/\$/g, "_S_")}`;

const f32Literal = (v: number): string => {
  if (Number.isNaN(v)) return "bitcast<f32>(0x7fc00000u)";
  if (v === Infinity) return "bitcast<f32>(0x7f800000u)";
  if (v === -Infinity) return "bitcast<f32>(0xff800000u)";
  const f = Math.fround(v);
  return `${Object.is(f, -0) ? "-0.0" : String(f).includes("e") || String(f).includes(".") ? String(f) : `${f}.0`}f`;
};

/**
 * The most bytes a workspace binding takes (less where the adapter's binding limit is lower): 128 MiB, WebGPU's
 * default maxStorageBufferBindingSize; SpGEMM over 10^5 columns then runs about 100 invocations at once.
 */
export const SPARSE_WORKSPACE_BYTES = 128 * 1024 * 1024;

/**
 * Buffers of one type and access packed into one storage binding (the launch copies each member in at its
 * offset, and a written one back out after), when the kernel's own buffers would take more bindings than the
 * adapter allows: `members` are indices into the kernel's own (non-workspace) buffers.
 */
export interface SparsePack {
  readonly type: "i32" | "f32";
  readonly output: boolean;
  readonly members: readonly number[];
}

/** A kernel's generated WGSL: its code, its dispatch, its bindings, and the bytes of its workspace bindings. */
export interface SparseWgsl {
  readonly code: string;
  readonly groups: [number, number];
  /**
   * Whether each storage binding is written: the kernel's own buffers that are not packed, in order, then the
   * packs, then its workspace bindings.
   */
  readonly bindings: readonly boolean[];
  /** Bytes of the i32 and of the f32 workspace binding, in that order after the kernel's own buffers (0: none). */
  readonly workspace: { readonly i32: number; readonly f32: number };
  /**
   * The packed bindings (none when every buffer has its own). With packs, a uniform binding after the storage
   * ones holds each own buffer's element offset in its pack (i32s, four to a vec4, by own-buffer index).
   */
  readonly packs: readonly SparsePack[];
}

/**
 * Which buffers share a binding so that at most `max` storage bindings are used (`extra`: the workspace
 * bindings): none while every buffer fits; else whole classes (read i32 — the levels' pos and idx —, written
 * i32, read f32, written f32), the largest first, until it fits. Still too many: as packed as it gets (the
 * device refuses it with the count).
 */
function packing(own: readonly SparseBuffer[], extra: number, max: number): SparsePack[] {
  let count = own.length + extra;
  if (count <= max) return [];
  const classes: SparsePack[] = [];
  for (const output of [false, true])
    for (const type of ["i32", "f32"] as const) {
      const members = own.flatMap((b, n) => (b.output === output && b.type === type ? [n] : []));
      if (members.length > 1) classes.push({ type, output, members });
    }
  classes.sort((a, b) => b.members.length - a.members.length);
  const packs: SparsePack[] = [];
  for (const c of classes) {
    if (count <= max) break;
    packs.push(c);
    count -= c.members.length - 1;
  }
  return packs;
}

/** The WGSL name of a pack's binding: p_in_i32, p_out_f32. */
const packName = (p: SparsePack): string => `p_${p.output ? "out" : "in"}_${p.type}`;

/** How a kernel's workspaces sit in the two workspace bindings: each buffer's offset in its slot, the slot sizes, the slots. */
function workspaceLayout(k: SparseKernel, maxBytes: number) {
  const offsets = new Map<number, number>();
  const slot = { i32: 0, f32: 0 };
  k.buffers.forEach((b, n) => {
    if (b.workspace === undefined) return;
    offsets.set(n, slot[b.type]);
    slot[b.type] += Math.max(1, b.workspace); // (a row of 0 columns still declares its binding)
  });
  const perSlot = 4 * Math.max(slot.i32, slot.f32);
  if (perSlot > maxBytes) throw new SparseDeviceError(`its workspace rows take ${perSlot} bytes per invocation, more than the ${maxBytes} bytes its workspace binding may take on this adapter`);
  const slots = Math.max(1, Math.min(k.parallelExtent || 1, Math.floor(maxBytes / Math.max(1, perSlot))));
  return { offsets, slot, slots };
}

/**
 * The WGSL of a sparse kernel, its dispatch size (workgroups along x and y) and its workspace bindings' bytes.
 * `bindingBytes`: the most bytes a storage binding may have on the adapter (its maxStorageBufferBindingSize);
 * `maxBindings`: the most storage bindings (its maxStorageBuffersPerShaderStage) — more buffers than that are
 * packed by class into one binding each (packing), read at offsets from a uniform.
 * @example generateSparseWgsl(lowerSparse(spmv).kernels[0]).groups // [ceil(rows / 64), 1]
 */
export function generateSparseWgsl(k: SparseKernel, bindingBytes = SPARSE_WORKSPACE_BYTES, maxBindings = Infinity): SparseWgsl {
  const ws = k.buffers.some((b) => b.workspace !== undefined) ? workspaceLayout(k, Math.min(SPARSE_WORKSPACE_BYTES, bindingBytes)) : undefined;
  const lines: string[] = [];
  const buffer = (n: number): string => ident("b", k.buffers[n]!.name);
  const own = k.buffers.filter((b) => b.workspace === undefined);
  const types = ws ? (["i32", "f32"] as const).filter((t) => ws.slot[t] > 0) : [];
  const packs = packing(own, types.length, maxBindings);
  /** The pack of each packed buffer, by its index in k.buffers (own buffers come first: the launch binds them in order). */
  const packOf = new Map(packs.flatMap((p) => p.members.map((n) => [k.buffers.indexOf(own[n]!), p] as const)));
  /** An element of buffer n: a workspace's in this invocation's slot of its type's binding; a packed one's at its offset. */
  const element = (n: number, index: string): string => {
    const b = k.buffers[n]!;
    const pack = packOf.get(n);
    if (pack) return `${packName(pack)}[${ident("o", b.name)} + ${index}]`;
    if (b.workspace === undefined) return `${buffer(n)}[${index}]`;
    return `w_${b.type}[w_${b.type}_base + ${ws!.offsets.get(n)!}i + ${index}]`;
  };
  const name = (local: string): string => (local === "start" || local === "end" ? local : ident("v", local));
  const direct = own.filter((b) => !packOf.has(k.buffers.indexOf(b)));
  if (packs.length) lines.push(`// ${own.length + types.length} buffers in ${direct.length + packs.length + types.length} storage bindings (at most ${maxBindings}): ${packs.map((p) => `${packName(p)} holds ${p.members.map((n) => own[n]!.name).join(", ")}`).join("; ")}`);
  direct.forEach((b, n) => lines.push(`@group(0) @binding(${n}) var<storage, ${b.output ? "read_write" : "read"}> ${ident("b", b.name)}: array<${b.type}>;`));
  packs.forEach((p, n) => lines.push(`@group(0) @binding(${direct.length + n}) var<storage, ${p.output ? "read_write" : "read"}> ${packName(p)}: array<${p.type}>;`));
  const storage = direct.length + packs.length;
  types.forEach((t, n) => lines.push(`@group(0) @binding(${storage + n}) var<storage, read_write> w_${t}: array<${t}>;`));
  if (packs.length) lines.push(`@group(0) @binding(${storage + types.length}) var<uniform> offsets: array<vec4<i32>, ${Math.ceil(own.length / 4)}>;  // each packed buffer's offset in its pack`);
  const parallel = k.parallelExtent > 0;
  const invocations = ws ? ws.slots : parallel ? k.parallelExtent : 1;
  const groups = parallel || ws ? Math.ceil(invocations / SPARSE_WORKGROUP) : 1;
  const [gx, gy] = [Math.min(groups, SPARSE_GROUPS_X), Math.ceil(groups / SPARSE_GROUPS_X)];
  lines.push("", `@compute @workgroup_size(${parallel || ws ? SPARSE_WORKGROUP : 1})`, "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {");
  for (const p of packs) for (const n of p.members) lines.push(`  let ${ident("o", own[n]!.name)} = offsets[${n >> 2}].${"xyzw"[n & 3]};`);
  let indent = "  ";
  if (ws) {
    // A slot per invocation: zeroed, then every slots-th pass of the parallel loop (or the one pass) runs in it.
    lines.push(`  let w_slot = i32(gid.x + gid.y * ${gx * SPARSE_WORKGROUP}u);`, `  if (w_slot >= ${ws.slots}i) { return; }`);
    for (const t of types) {
      lines.push(`  let w_${t}_base = w_slot * ${ws.slot[t]}i;`);
      lines.push(`  for (var w_z = 0i; w_z < ${ws.slot[t]}i; w_z = w_z + 1i) { w_${t}[w_${t}_base + w_z] = ${t === "i32" ? "0i" : "0.0f"}; }`);
    }
    lines.push("  var start: i32;", "  var end: i32;");
  } else if (parallel) lines.push(`  let start = i32(gid.x + gid.y * ${gx * SPARSE_WORKGROUP}u);`, `  if (start >= ${k.parallelExtent}i) { return; }`, "  let end = start + 1i;");
  else lines.push("  if (gid.x != 0u) { return; }", "  let start = 0i;", "  let end = 1i;");
  for (const [local, type] of k.locals) if (local !== "start" && local !== "end") lines.push(`  var ${name(local)}: ${type};`);
  if (ws) {
    lines.push(`  for (var w_pass = w_slot; w_pass < ${k.parallelExtent || 1}i; w_pass = w_pass + ${ws.slots}i) {`, "    start = w_pass;", "    end = w_pass + 1i;");
    indent = "    ";
  }
  let merges = 0;
  let sorts = 0;

  const value = (v: SparseValue): string => {
    switch (v.op) {
      case "const":
        return v.type === "i32" ? `${v.value | 0}i` : f32Literal(v.value);
      case "local":
        return name(v.name);
      case "load":
        return element(v.buffer, value(v.index));
      case "unary": {
        const f = unaryFns[v.fn];
        if (!f) throw new SparseDeviceError(`its WGSL generator has no form of ${v.fn} yet`);
        return f(value(v.x));
      }
      case "binary": {
        const f = binaryFns[v.fn];
        if (!f) throw new SparseDeviceError(`its WGSL generator has no form of ${v.fn} yet`);
        return f(value(v.a), value(v.b));
      }
      case "int": {
        const [a, b] = [value(v.a), value(v.b)];
        if (v.fn === "add") return `(${a} + ${b})`;
        if (v.fn === "mul") return `(${a} * ${b})`;
        if (v.fn === "min") return `min(${a}, ${b})`;
        if (v.fn === "lt") return `select(0i, 1i, ${a} < ${b})`;
        if (v.fn === "eq") return `select(0i, 1i, ${a} == ${b})`;
        return `select(0i, 1i, ${a} != 0i && ${b} != 0i)`;
      }
    }
  };
  const stmts = (list: readonly SparseStmt[], indent: string): void => {
    for (const s of list) {
      switch (s.kind) {
        case "set":
          lines.push(`${indent}${name(s.name)} = ${value(s.value)};`);
          break;
        case "loop":
          lines.push(`${indent}loop {  // ${s.label}`, `${indent}  if (${name(s.counter)} >= ${value(s.to)}) { break; }`);
          stmts(s.body, `${indent}  `);
          lines.push(`${indent}  ${name(s.counter)} = ${name(s.counter)} + 1i;`, `${indent}}`);
          break;
        case "merge": {
          const m = merges++;
          const c = (n: number): string => `m${m}_c${n}`;
          lines.push(`${indent}loop {  // merge ${s.iterators.map((i) => i.label).join(", ")}`);
          lines.push(`${indent}  if (!(${s.iterators.map((i) => `${name(i.pos)} < ${value(i.end)}`).join(" && ")})) { break; }`);
          s.iterators.forEach((it, n) => lines.push(`${indent}  let ${c(n)} = ${value(it.coord)};`));
          lines.push(`${indent}  ${name(s.coord)} = ${s.iterators.map((_, n) => c(n)).reduce((a, b) => `min(${a}, ${b})`)};`);
          s.cases.forEach((cs, n) => {
            const cond = cs.requires.map((r) => `${c(r)} == ${name(s.coord)}`).join(" && ") || "true";
            lines.push(`${indent}  ${n ? "} else if" : "if"} (${cond}) {  // ${cs.label}`);
            stmts(cs.body, `${indent}    `);
          });
          if (s.cases.length) lines.push(`${indent}  }`);
          s.iterators.forEach((it, n) => lines.push(`${indent}  ${name(it.pos)} = ${name(it.pos)} + select(0i, 1i, ${c(n)} == ${name(s.coord)});`));
          lines.push(`${indent}}`);
          break;
        }
        case "if":
          lines.push(`${indent}if (${value(s.cond)} != 0i) {`);
          stmts(s.then, `${indent}  `);
          lines.push(`${indent}}`);
          break;
        case "store": {
          const target = element(s.buffer, value(s.index));
          lines.push(`${indent}${target} ${s.accumulate ? "+=" : "="} ${value(s.value)};`);
          break;
        }
        case "sort":
          sort(s, indent);
          break;
      }
    }
  };
  /**
   * Sorts [from, to) of a buffer ascending: insertion sort of runs of 8, then bottom-up merges through the
   * scratch buffer (a segment of n entries takes n log n steps, where insertion sort would take n²).
   */
  const sort = (s: Extract<SparseStmt, { kind: "sort" }>, indent: string): void => {
    if (s.scratch === undefined) throw new SparseDeviceError("its WGSL generator sorts a segment's coordinates only through a scratch buffer");
    const v = (x: string): string => `s${sorts}_${x}`;
    sorts++;
    const list = (i: string): string => element(s.buffer, `${v("lo")} + ${i}`);
    const scratch = (i: string): string => element(s.scratch!, i);
    const merge = (from: (i: string) => string, to: (i: string) => string, at: string): string[] => [
      `${at}loop {`,
      `${at}  if (${v("o")} >= ${v("e")}) { break; }`,
      `${at}  var ${v("first")} = ${v("q")} >= ${v("e")};`,
      `${at}  if (!${v("first")} && ${v("p")} < ${v("m")}) { ${v("first")} = ${from(v("p"))} <= ${from(v("q"))}; }`,
      `${at}  if (${v("first")}) { ${to(v("o"))} = ${from(v("p"))}; ${v("p")} = ${v("p")} + 1i; } else { ${to(v("o"))} = ${from(v("q"))}; ${v("q")} = ${v("q")} + 1i; }`,
      `${at}  ${v("o")} = ${v("o")} + 1i;`,
      `${at}}`,
    ];
    const i = indent;
    lines.push(
      `${i}{  // sort ${k.buffers[s.buffer]!.name}[${value(s.from)} .. ${value(s.to)}]`,
      `${i}  let ${v("lo")} = ${value(s.from)};`,
      `${i}  let ${v("n")} = ${value(s.to)} - ${v("lo")};`,
      `${i}  for (var ${v("r")} = 0i; ${v("r")} < ${v("n")}; ${v("r")} = ${v("r")} + 8i) {`,
      `${i}    let ${v("re")} = min(${v("r")} + 8i, ${v("n")});`,
      `${i}    for (var ${v("i")} = ${v("r")} + 1i; ${v("i")} < ${v("re")}; ${v("i")} = ${v("i")} + 1i) {`,
      `${i}      let ${v("x")} = ${list(v("i"))};`,
      `${i}      var ${v("j")} = ${v("i")};`,
      `${i}      loop {`,
      `${i}        if (${v("j")} <= ${v("r")}) { break; }`,
      `${i}        let ${v("y")} = ${list(`${v("j")} - 1i`)};`,
      `${i}        if (${v("y")} <= ${v("x")}) { break; }`,
      `${i}        ${list(v("j"))} = ${v("y")};`,
      `${i}        ${v("j")} = ${v("j")} - 1i;`,
      `${i}      }`,
      `${i}      ${list(v("j"))} = ${v("x")};`,
      `${i}    }`,
      `${i}  }`,
      `${i}  var ${v("in_scratch")} = false;`,
      `${i}  for (var ${v("w")} = 8i; ${v("w")} < ${v("n")}; ${v("w")} = ${v("w")} * 2i) {`,
      `${i}    for (var ${v("b")} = 0i; ${v("b")} < ${v("n")}; ${v("b")} = ${v("b")} + 2i * ${v("w")}) {`,
      `${i}      let ${v("m")} = min(${v("b")} + ${v("w")}, ${v("n")});`,
      `${i}      let ${v("e")} = min(${v("b")} + 2i * ${v("w")}, ${v("n")});`,
      `${i}      var ${v("p")} = ${v("b")};`,
      `${i}      var ${v("q")} = ${v("m")};`,
      `${i}      var ${v("o")} = ${v("b")};`,
      `${i}      if (${v("in_scratch")}) {`,
      ...merge(scratch, list, `${i}        `),
      `${i}      } else {`,
      ...merge(list, scratch, `${i}        `),
      `${i}      }`,
      `${i}    }`,
      `${i}    ${v("in_scratch")} = !${v("in_scratch")};`,
      `${i}  }`,
      `${i}  if (${v("in_scratch")}) {`,
      `${i}    for (var ${v("c")} = 0i; ${v("c")} < ${v("n")}; ${v("c")} = ${v("c")} + 1i) { ${list(v("c"))} = ${scratch(v("c"))}; }`,
      `${i}  }`,
      `${i}}`,
    );
  };
  stmts(k.body, indent);
  if (ws) lines.push("  }");
  lines.push("}");
  return { code: lines.join("\n"), groups: [gx, gy], bindings: [...direct.map((b) => b.output), ...packs.map((p) => p.output), ...types.map(() => true)], packs, workspace: { i32: ws ? 4 * ws.slot.i32 * ws.slots : 0, f32: ws ? 4 * ws.slot.f32 * ws.slots : 0 } };
}
