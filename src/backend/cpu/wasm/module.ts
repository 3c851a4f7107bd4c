import { InternalError } from "../../../types/errors.js";
// Layer: src/backend/cpu. A small WebAssembly binary writer: functions built instruction by instruction
// (with a readable WAT-like listing kept alongside, for explain()), one imported memory, exports. Only the
// instructions the code generator uses are in the table; every opcode is checked against the engine by
// test/wasm-module.test.ts. Imports nothing.

export type ValType = "i32" | "i64" | "f32" | "f64" | "v128";
const typeCode: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c, v128: 0x7b };

/** Opcodes without immediates (or whose immediates are passed separately): name -> encoding bytes. */
const simd = (code: number): number[] => [0xfd, ...uleb(code)];
const plain: Record<string, number[]> = {
  unreachable: [0x00],
  nop: [0x01],
  return: [0x0f],
  drop: [0x1a],
  select: [0x1b],
  "i32.eqz": [0x45], "i32.eq": [0x46], "i32.ne": [0x47], "i32.lt_s": [0x48], "i32.lt_u": [0x49], "i32.gt_s": [0x4a],
  "i32.gt_u": [0x4b], "i32.le_s": [0x4c], "i32.le_u": [0x4d], "i32.ge_s": [0x4e], "i32.ge_u": [0x4f],
  "f32.eq": [0x5b], "f32.ne": [0x5c], "f32.lt": [0x5d], "f32.gt": [0x5e], "f32.le": [0x5f], "f32.ge": [0x60],
  "i32.clz": [0x67], "i32.add": [0x6a], "i32.sub": [0x6b], "i32.mul": [0x6c], "i32.div_s": [0x6d], "i32.div_u": [0x6e],
  "i32.rem_s": [0x6f], "i32.rem_u": [0x70], "i32.and": [0x71], "i32.or": [0x72], "i32.xor": [0x73], "i32.shl": [0x74],
  "i32.shr_s": [0x75], "i32.shr_u": [0x76],
  "f32.abs": [0x8b], "f32.neg": [0x8c], "f32.ceil": [0x8d], "f32.floor": [0x8e], "f32.trunc": [0x8f], "f32.nearest": [0x90],
  "f32.sqrt": [0x91], "f32.add": [0x92], "f32.sub": [0x93], "f32.mul": [0x94], "f32.div": [0x95], "f32.min": [0x96],
  "f32.max": [0x97], "f32.copysign": [0x98],
  "i64.add": [0x7c], "i64.sub": [0x7d], "i64.mul": [0x7e], "i64.or": [0x84], "i64.shl": [0x86], "i64.shr_u": [0x88],
  "f64.neg": [0x9a], "f64.add": [0xa0], "f64.sub": [0xa1], "f64.mul": [0xa2],
  "i32.wrap_i64": [0xa7], "i64.extend_i32_u": [0xad], "f64.convert_i64_s": [0xb9],
  "i32.trunc_sat_f32_s": [0xfc, 0x00],
  "f32.convert_i32_s": [0xb2], "f32.demote_f64": [0xb6], "f64.promote_f32": [0xbb],
  "i32.reinterpret_f32": [0xbc], "f32.reinterpret_i32": [0xbe],
  "i8x16.swizzle": simd(0x0e), "i32x4.splat": simd(0x11), "f32x4.splat": simd(0x13),
  "i32x4.eq": simd(0x37), "i32x4.ne": simd(0x38), "i32x4.lt_s": simd(0x39), "i32x4.gt_s": simd(0x3b), "i32x4.le_s": simd(0x3d), "i32x4.ge_s": simd(0x3f),
  "f32x4.eq": simd(0x41), "f32x4.ne": simd(0x42), "f32x4.lt": simd(0x43), "f32x4.gt": simd(0x44), "f32x4.le": simd(0x45), "f32x4.ge": simd(0x46),
  "v128.not": simd(0x4d), "v128.and": simd(0x4e), "v128.andnot": simd(0x4f), "v128.or": simd(0x50), "v128.xor": simd(0x51),
  "v128.bitselect": simd(0x52), "v128.any_true": simd(0x53),
  "f32x4.ceil": simd(0x67), "f32x4.floor": simd(0x68), "f32x4.trunc": simd(0x69), "f32x4.nearest": simd(0x6a),
  "i32x4.abs": simd(0xa0), "i32x4.neg": simd(0xa1), "i32x4.all_true": simd(0xa3), "i32x4.bitmask": simd(0xa4),
  "i32x4.shl": simd(0xab), "i32x4.shr_s": simd(0xac), "i32x4.shr_u": simd(0xad), "i32x4.add": simd(0xae), "i32x4.sub": simd(0xb1),
  "i32x4.mul": simd(0xb5), "i32x4.min_s": simd(0xb6), "i32x4.max_s": simd(0xb8),
  "f32x4.abs": simd(0xe0), "f32x4.neg": simd(0xe1), "f32x4.sqrt": simd(0xe3), "f32x4.add": simd(0xe4), "f32x4.sub": simd(0xe5),
  "f32x4.mul": simd(0xe6), "f32x4.div": simd(0xe7), "f32x4.min": simd(0xe8), "f32x4.max": simd(0xe9), "f32x4.pmin": simd(0xea), "f32x4.pmax": simd(0xeb),
  "i32x4.trunc_sat_f32x4_s": simd(0xf8), "f32x4.convert_i32x4_s": simd(0xfa),
};
/** Memory instructions: name -> [encoding, natural alignment log2]. */
const memory: Record<string, [number[], number]> = {
  "i32.load": [[0x28], 2], "f32.load": [[0x2a], 2], "i32.load8_u": [[0x2d], 0],
  "i32.store": [[0x36], 2], "f32.store": [[0x38], 2], "i32.store8": [[0x3a], 0],
  "v128.load": [simd(0x00), 4], "v128.load32_splat": [simd(0x09), 2], "v128.store": [simd(0x0b), 4],
  "i32.atomic.store": [[0xfe, 0x17], 2], "i32.atomic.rmw.add": [[0xfe, 0x1e], 2],
};
/** Lane instructions: name -> encoding (a lane index byte follows). */
const lane: Record<string, number[]> = {
  "i32x4.extract_lane": simd(0x1b), "i32x4.replace_lane": simd(0x1c), "f32x4.extract_lane": simd(0x1f), "f32x4.replace_lane": simd(0x20),
};

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
const f32Bytes = (v: number): number[] => [...new Uint8Array(new Float32Array([v]).buffer)];
const f64Bytes = (v: number): number[] => [...new Uint8Array(new Float64Array([v]).buffer)];
/** A signed LEB128 of a 64-bit integer. */
function sleb64(n: bigint): number[] {
  const out: number[] = [];
  for (n = BigInt.asIntN(64, n); ; ) {
    const b = Number(n & 0x7fn);
    n >>= 7n;
    if ((n === 0n && (b & 0x40) === 0) || (n === -1n && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
/** A function index as a 5-byte LEB128, so that it can be written once the module's function order is known. */
const fixedUleb = (n: number): number[] => [0x80 | (n & 0x7f), 0x80 | ((n >>> 7) & 0x7f), 0x80 | ((n >>> 14) & 0x7f), 0x80 | ((n >>> 21) & 0x7f), (n >>> 28) & 0x0f];
const nameBytes = (s: string): number[] => {
  const b = [...new TextEncoder().encode(s)];
  return [...uleb(b.length), ...b];
};

/**
 * A growable list of bytes. A kernel's code runs to 10^5 bytes; kept as a number[] it took 8 bytes an entry and
 * made most of the garbage of an imported model's first run.
 */
class ByteList {
  #bytes = new Uint8Array(256);
  length = 0;
  push(...values: number[]): void {
    this.append(values);
  }
  append(values: ArrayLike<number>): void {
    const n = this.length + values.length;
    if (n > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(n, 2 * this.#bytes.length));
      grown.set(this.#bytes.subarray(0, this.length));
      this.#bytes = grown;
    }
    this.#bytes.set(values, this.length);
    this.length = n;
  }
  /** The bytes so far (a view: copy it before writing more). */
  get view(): Uint8Array {
    return this.#bytes.subarray(0, this.length);
  }
}

/** One function: typed params and results, locals, and its body as it is written. */
export class FunctionBuilder {
  readonly code = new ByteList();
  /** The listing as it is written: depth, instruction, operand, three entries an instruction (text() formats it). */
  readonly #listing: (number | string | bigint | readonly (number | string)[] | undefined)[] = [];
  readonly locals: ValType[] = [];
  /** The functions this one calls, and where their index goes in `code` (patched by the module). */
  readonly calls: { readonly at: number; readonly callee: FunctionBuilder }[] = [];
  #depth = 1;

  constructor(
    readonly name: string,
    readonly params: readonly ValType[],
    readonly results: readonly ValType[] = [],
  ) {}

  /** Notes an instruction for the listing; formatted only when the listing is asked for (explain()). */
  #line(name: string, operand?: number | string | bigint | readonly (number | string)[]): void {
    this.#listing.push(this.#depth, name, operand);
  }

  /** A new local of `type`; returns its index. */
  local(type: ValType): number {
    return this.params.length + this.locals.push(type) - 1;
  }
  /** An instruction without immediates, e.g. `op("f32x4.add")`. */
  op(name: string): this {
    const bytes = plain[name];
    if (!bytes) throw new InternalError(`internal: unknown wasm instruction ${name}`);
    this.code.push(...bytes);
    this.#line(name);
    return this;
  }
  mem(name: string, offset = 0, align?: number): this {
    const [bytes, natural] = memory[name] ?? [];
    if (!bytes) throw new InternalError(`internal: unknown wasm memory instruction ${name}`);
    this.code.push(...bytes, ...uleb(align ?? natural!), ...uleb(offset));
    this.#line(name, offset ? `offset=${offset}` : undefined);
    return this;
  }
  lane(name: string, index: number): this {
    this.code.push(...lane[name]!, index);
    this.#line(name, index);
    return this;
  }
  i32(value: number): this {
    this.code.push(0x41, ...sleb(value | 0));
    this.#line("i32.const", value | 0);
    return this;
  }
  f32(value: number): this {
    this.code.push(0x43, ...f32Bytes(value));
    this.#line("f32.const", value);
    return this;
  }
  /** A 64-bit integer constant. */
  i64(value: bigint): this {
    this.code.push(0x42, ...sleb64(value));
    this.#line("i64.const", BigInt.asIntN(64, value));
    return this;
  }
  f64(value: number): this {
    this.code.push(0x44, ...f64Bytes(value));
    this.#line("f64.const", value);
    return this;
  }
  /** `i8x16.shuffle` of the two vectors on the stack: result byte i is byte `bytes[i]` of their concatenation. */
  shuffle(bytes: readonly number[]): this {
    this.code.push(...simd(0x0d), ...bytes);
    this.#line("i8x16.shuffle", bytes);
    return this;
  }
  /** A v128 constant from four i32 lanes. */
  v128i(lanes: readonly [number, number, number, number]): this {
    const bytes = [...new Uint8Array(new Int32Array(lanes).buffer)];
    this.code.push(...simd(0x0c), ...bytes);
    this.#line("v128.const i32x4", lanes);
    return this;
  }
  /** i8x16.shuffle picking four 32-bit lanes: 0–3 from the first operand, 4–7 from the second. */
  shuffle32(lanes: readonly [number, number, number, number]): this {
    this.code.push(...simd(0x0d), ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3]));
    this.#line("i8x16.shuffle i32 lanes", lanes);
    return this;
  }
  /** A v128 constant with the same f32 in every lane. */
  v128f(value: number): this {
    const bytes = [...new Uint8Array(new Float32Array([value, value, value, value]).buffer)];
    this.code.push(...simd(0x0c), ...bytes);
    this.#line("v128.const f32x4", [value, value, value, value]);
    return this;
  }
  get(index: number): this {
    this.code.push(0x20, ...uleb(index));
    this.#line("local.get", index);
    return this;
  }
  set(index: number): this {
    this.code.push(0x21, ...uleb(index));
    this.#line("local.set", index);
    return this;
  }
  tee(index: number): this {
    this.code.push(0x22, ...uleb(index));
    this.#line("local.tee", index);
    return this;
  }
  /** Calls `callee`; the module that holds this function adds the callee too and fills in its index. */
  call(callee: FunctionBuilder): this {
    this.code.push(0x10);
    this.calls.push({ at: this.code.length, callee });
    this.code.push(...fixedUleb(0));
    this.#line("call", `$${callee.name}`);
    return this;
  }
  block(result?: ValType): this {
    this.code.push(0x02, result ? typeCode[result] : 0x40);
    this.#line(result ? `block (result ${result})` : "block");
    this.#depth++;
    return this;
  }
  loop(): this {
    this.code.push(0x03, 0x40);
    this.#line("loop");
    this.#depth++;
    return this;
  }
  if(result?: ValType): this {
    this.code.push(0x04, result ? typeCode[result] : 0x40);
    this.#line(result ? `if (result ${result})` : "if");
    this.#depth++;
    return this;
  }
  else(): this {
    this.code.push(0x05);
    this.#depth--;
    this.#line("else");
    this.#depth++;
    return this;
  }
  end(): this {
    this.code.push(0x0b);
    this.#depth--;
    this.#line("end");
    return this;
  }
  br(depth: number): this {
    this.code.push(0x0c, ...uleb(depth));
    this.#line("br", depth);
    return this;
  }
  brIf(depth: number): this {
    this.code.push(0x0d, ...uleb(depth));
    this.#line("br_if", depth);
    return this;
  }

  /** The function body: locals then code (a final `end` is added), calls resolved by `indexOf`. */
  body(indexOf: (callee: FunctionBuilder) => number): Uint8Array {
    const groups: [number, ValType][] = [];
    for (const t of this.locals) {
      const last = groups[groups.length - 1];
      if (last && last[1] === t) last[0]++;
      else groups.push([1, t]);
    }
    const locals = [...uleb(groups.length), ...groups.flatMap(([n, t]) => [...uleb(n), typeCode[t]])];
    const out = new ByteList();
    out.append(uleb(locals.length + this.code.length + 1));
    out.append(locals);
    const start = out.length;
    out.append(this.code.view);
    out.push(0x0b);
    const body = out.view;
    for (const { at, callee } of this.calls) body.set(fixedUleb(indexOf(callee)), start + at);
    return body;
  }

  /** The WAT-like listing. */
  text(): string {
    const sig = [...this.params.map((t, i) => `(param $${i} ${t})`), ...this.results.map((t) => `(result ${t})`)].join(" ");
    const locals = this.locals.map((t, i) => `(local $${this.params.length + i} ${t})`).join(" ");
    const lines = [`(func $${this.name} ${sig}${locals ? `\n  ${locals}` : ""}`];
    const l = this.#listing;
    for (let i = 0; i < l.length; i += 3) {
      const operand = l[i + 2];
      lines.push(`${"  ".repeat(l[i] as number)}${l[i + 1] as string}${operand === undefined ? "" : ` ${Array.isArray(operand) ? operand.join(" ") : String(operand)}`}`);
    }
    lines.push(")");
    return lines.join("\n");
  }
}

/** A module: functions (the exported ones by name) over one imported memory `env.memory`. */
export class ModuleBuilder {
  readonly functions: FunctionBuilder[] = [];
  readonly #exports = new Map<string, number>();

  constructor(readonly memory: { readonly shared: boolean; readonly maxPages: number }) {}

  /** Adds a function; returns its index. */
  add(f: FunctionBuilder, exported = false): number {
    const index = this.functions.push(f) - 1;
    if (exported) this.#exports.set(f.name, index);
    return index;
  }
  /** The index of an added function by name, if present. */
  indexOf(name: string): number {
    return this.functions.findIndex((f) => f.name === name);
  }

  /** The added functions, then every function they call (transitively) that was not added: helpers. */
  #all(): FunctionBuilder[] {
    const all = [...this.functions];
    for (const f of all) for (const { callee } of f.calls) if (!all.includes(callee)) all.push(callee);
    return all;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const section = (id: number, content: Uint8Array): Uint8Array => {
      const out = new ByteList();
      out.push(id, ...uleb(content.length));
      out.append(content);
      return out.view;
    };
    const vec = (items: readonly ArrayLike<number>[]): Uint8Array => {
      const out = new ByteList();
      out.append(uleb(items.length));
      for (const item of items) out.append(item);
      return out.view;
    };
    const all = this.#all();
    const sigs: string[] = [];
    const sigIndex = all.map((f) => {
      const key = `${f.params.join(",")}->${f.results.join(",")}`;
      let i = sigs.indexOf(key);
      if (i < 0) i = sigs.push(key) - 1;
      return i;
    });
    const types = sigs.map((key) => {
      const [p, r] = key.split("->").map((s) => (s ? (s.split(",") as ValType[]) : []));
      return [0x60, ...uleb(p!.length), ...p!.map((t) => typeCode[t]), ...uleb(r!.length), ...r!.map((t) => typeCode[t])];
    });
    const limits = this.memory.shared ? [0x03, 1, ...uleb(this.memory.maxPages)] : [0x01, 1, ...uleb(this.memory.maxPages)];
    const imports = [[...nameBytes("env"), ...nameBytes("memory"), 0x02, ...limits]];
    const exports = [...this.#exports].map(([name, i]) => [...nameBytes(name), 0x00, ...uleb(i)]);
    const sections = [
      Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00),
      section(1, vec(types)),
      section(2, vec(imports)),
      section(3, vec(sigIndex.map((i) => uleb(i)))),
      section(7, vec(exports)),
      section(10, vec(all.map((f) => f.body((callee) => all.indexOf(callee))))),
    ];
    const out = new Uint8Array(sections.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of sections) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }

  text(): string {
    return this.#all().map((f) => f.text()).join("\n\n");
  }
}
