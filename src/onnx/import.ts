// Layer: src/onnx (top layer, built from the public ops only, like src/nn). `fromOnnx` reads an ONNX model
// (protobuf, via onnx-buf's schema) strictly — every refusal a FormatError naming the field or node — and returns
// an `OnnxModel` whose `run` builds the named graph from the operator table (import-ops.ts) on the inputs given.
// Names: an input's dims are named by the user (`names`), else by the model's dim_param, else `<input>_<axis>`;
// intermediate axes keep the names of the axes they come from, and new axes (Reshape, Unsqueeze, MatMul…) get
// fresh names `_0`, `_1`, …; outputs are named like inputs. docs/onnx-import.md says how to name a model's dims.
import type { AttributeProto, GraphProto, ModelProto, TensorProto, ValueInfoProto } from "onnx-buf";
import { traceOwning } from "../state/trace.js";
import { Tensor } from "../tensor.js";
import type { DType } from "../types/dims.js";
import { ArgumentError, FormatError, ShapeError, StateError } from "../types/errors.js";
import { type Step, foldBatchNorms, foldBiasAdds } from "./import-fold.js";
import { onnxOps } from "./import-ops.js";
import { wireFault } from "./import-wire.js";
import { type AttrValue, type NodeContext, type T, type Value, Const, Names, asTensor, namesOf, ordered, relabel, sizesOf } from "./import-values.js";

/** Options of `fromOnnx`: dim names for graph inputs and outputs, by the ONNX value name, in axis order. */
export interface OnnxImportOptions {
  readonly names?: Readonly<Record<string, readonly string[]>>;
}

/**
 * A graph input or output: its ONNX name, the dim names it has here, its sizes (`undefined` where dynamic), dtype.
 * An output the model gives no shape (and the user no names) is not `ranked`: it keeps the names its axes got.
 */
export interface OnnxValueInfo {
  readonly name: string;
  readonly dims: readonly string[];
  readonly sizes: readonly (number | undefined)[];
  readonly dtype: DType;
  readonly ranked: boolean;
}

const fail = (sentence: string, field?: string): never => {
  throw new FormatError("onnx", sentence, field === undefined ? {} : { field });
};

/** The dtype a TensorProto / TypeProto element type becomes here (int64 and smaller integers become int32). */
const dtypes: Record<number, DType> = { 1: "float32", 11: "float32", 2: "int32", 3: "int32", 4: "int32", 5: "int32", 6: "int32", 7: "int32", 12: "int32", 9: "bool" };
const typeNames: Record<number, string> = { 8: "string", 10: "float16", 13: "uint64", 14: "complex64", 15: "complex128", 16: "bfloat16" };
/** Bytes per element in raw_data, for the element types read. */
const widths: Record<number, number> = { 1: 4, 11: 8, 2: 1, 3: 1, 4: 2, 5: 2, 6: 4, 7: 8, 12: 4, 9: 1 };

/** The values of a TensorProto (an initializer or an attribute), with every size checked against the bytes present. */
export function readTensor(t: TensorProto, field: string): Const {
  if (t.dataLocation === 1 || t.externalData.length > 0) fail("the tensor's data is stored outside the model file (external data), which fromOnnx does not read", field);
  if (t.segment !== undefined) fail("segmented tensors are not supported", field);
  const dtype = dtypes[t.dataType] ?? fail(`the element type ${typeNames[t.dataType] ?? t.dataType} is not supported (float32, float64, integers up to 64 bits, bool)`, field);
  const shape = t.dims.map((d) => {
    const n = Number(d);
    return Number.isSafeInteger(n) && n >= 0 ? n : fail(`the size ${d} is not a non-negative integer`, field);
  });
  let count = 1;
  for (const n of shape) count *= n;
  const typed: ArrayLike<number | bigint> =
    t.rawData.length > 0
      ? rawValues(t.rawData, t.dataType, count, field)
      : t.dataType === 1
        ? t.floatData
        : t.dataType === 11
          ? t.doubleData
          : t.dataType === 7
            ? t.int64Data
            : t.dataType === 12
              ? t.uint64Data
              : t.int32Data;
  if (typed.length !== count) fail(`the tensor has ${typed.length} values but its shape [${shape.join(", ")}] needs ${count}`, field);
  if (typed instanceof Float32Array) return new Const(typed, shape, dtype);
  const data = dtype === "float32" ? new Float32Array(count) : new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const v = typed[i]!;
    data[i] = typeof v === "bigint" ? clampInt(v) : v;
  }
  return new Const(data, shape, dtype);
}

/** An int64 as a number: sizes and indices fit; ±huge sentinels (Slice's INT64_MAX) saturate to ±2^53. */
const clampInt = (v: bigint): number => (v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : v < -BigInt(Number.MAX_SAFE_INTEGER) ? -Number.MAX_SAFE_INTEGER : Number(v));

function rawValues(raw: Uint8Array, type: number, count: number, field: string): ArrayLike<number | bigint> {
  const width = widths[type]!;
  if (raw.length !== count * width) fail(`raw_data has ${raw.length} bytes but the shape needs ${count} × ${width}`, field);
  const copy = Uint8Array.from(raw).buffer; // a copy (a Node Buffer slice would share the file), aligned, little-endian
  const arrays: Record<number, (b: ArrayBuffer) => ArrayLike<number | bigint>> = {
    1: (b) => new Float32Array(b),
    11: (b) => new Float64Array(b),
    2: (b) => new Uint8Array(b),
    3: (b) => new Int8Array(b),
    4: (b) => new Uint16Array(b),
    5: (b) => new Int16Array(b),
    6: (b) => new Int32Array(b),
    7: (b) => new BigInt64Array(b),
    12: (b) => new Uint32Array(b),
    9: (b) => new Uint8Array(b),
  };
  return arrays[type]!(copy);
}

/** An attribute's value as the operators read it (ints as numbers, strings decoded, tensors as Consts). */
function attrValue(a: AttributeProto, field: string): AttrValue {
  switch (a.type) {
    case 1:
      return a.f;
    case 2:
      return clampInt(a.i);
    case 3:
      return new TextDecoder().decode(a.s);
    case 4:
      return readTensor(a.t ?? fail("the tensor attribute is empty", field), field);
    case 6:
      return a.floats;
    case 7:
      return a.ints.map(clampInt);
    case 8:
      return a.strings.map((s) => new TextDecoder().decode(s));
    default:
      return fail(`attributes of type ${a.type} (graphs, sparse tensors, type protos) are not supported`, field);
  }
}

/** A name usable as a dim name: ONNX's dim_param and value names may hold dots, slashes and colons. */
const identifier = (s: string): string => {
  const t = s.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[A-Za-z_$]/.test(t) ? t : `_${t}`;
};

/** Dim names and sizes of a graph input or output: the user's names, else dim_param, else `<value>_<axis>`. */
function describe(v: ValueInfoProto, given: readonly string[] | undefined, field: string): OnnxValueInfo {
  if (v.type?.value.case !== "tensorType") return fail("only tensor inputs and outputs are supported", field);
  const tt = v.type.value.value;
  const dtype = dtypes[tt.elemType] ?? fail(`the element type ${typeNames[tt.elemType] ?? tt.elemType} is not supported`, field);
  if (tt.shape === undefined) return { name: v.name, dims: given ?? [], sizes: [], dtype, ranked: given !== undefined };
  const dims = tt.shape.dim;
  const sizes = dims.map((d) => (d.value.case === "dimValue" ? Number(d.value.value) : undefined));
  if (given !== undefined) {
    if (!Array.isArray(given) || given.length !== dims.length) throw new ArgumentError(`fromOnnx: names for "${v.name}" must list ${dims.length} dim names, not ${JSON.stringify(given)}`);
    return { name: v.name, dims: given, sizes, dtype, ranked: true };
  }
  const fromModel = dims.map((d, i) => (d.value.case === "dimParam" && d.value.value !== "" ? identifier(d.value.value) : `${identifier(v.name)}_${i}`));
  const unique = new Set(fromModel).size === fromModel.length;
  return { name: v.name, dims: unique ? fromModel : dims.map((_, i) => `${identifier(v.name)}_${i}`), sizes, dtype, ranked: true };
}

/** The opset of the default (ai.onnx) domain. */
const opsetOf = (m: ModelProto): number => {
  const o = m.opsetImport.find((x) => x.domain === "" || x.domain === "ai.onnx");
  return o === undefined ? fail("the model imports no ai.onnx opset", "opset_import") : Number(o.version);
};

/**
 * An imported ONNX model: `inputs` and `outputs` describe its graph's values with the dim names they have here;
 * `run(feeds)` computes the outputs for the tensors given (read them with `await t.data()`). The graph is built
 * from the operator table on the first run with given input sizes and traced (`trace`): later runs with those
 * sizes replay its compiled program with the weights already on the device — no graph is built again.
 */
export class OnnxModel {
  readonly inputs: readonly OnnxValueInfo[];
  readonly outputs: readonly OnnxValueInfo[];
  readonly opset: number;
  private readonly graph: GraphProto;
  private readonly attrs: Map<string, AttrValue>[];
  private readonly constants = new Map<string, Const>();
  private readonly reserved: ReadonlySet<string>;
  /** The values some node or the graph's outputs read. */
  private readonly read: ReadonlySet<string>;
  /** The nodes a run builds: those left after constant folding, with bias Adds and BatchNormalization folded into convs. */
  private readonly steps: readonly Step[];
  /**
   * The graph built from the operator table on the ordered inputs, traced once per input sizes; disposing it
   * disposes the weights and views of them that its programs read.
   */
  readonly #traced = traceOwning((...inputs: T[]) => this.build(inputs), true);
  #disposed = false;

  constructor(model: ModelProto, options: OnnxImportOptions) {
    this.graph = model.graph ?? fail("the model has no graph", "graph");
    this.opset = opsetOf(model);
    const names = options.names === undefined ? {} : options.names;
    if (typeof names !== "object" || names === null || Array.isArray(names))
      throw new ArgumentError(`fromOnnx: names must map input and output names to lists of dim names, not ${typeof names}`);
    const inits = new Set(this.graph.initializer.map((t) => t.name));
    this.graph.initializer.forEach((t, i) => this.constants.set(t.name, readTensor(t, `initializer ${i} "${t.name}"`)));
    this.inputs = this.graph.input.filter((v) => !inits.has(v.name)).map((v, i) => describe(v, names[v.name], `input ${i} "${v.name}"`));
    for (const v of this.inputs) if (!v.ranked) fail(`the input "${v.name}" has no shape: fromOnnx needs the rank of every input`, `input "${v.name}"`);
    this.outputs = this.graph.output.map((v, i) => describe(v, names[v.name], `output ${i} "${v.name}"`));
    for (const key of Object.keys(names))
      if (![...this.inputs, ...this.outputs].some((v) => v.name === key))
        throw new ArgumentError(`fromOnnx: the model has no input or output "${key}" to name (it has ${[...this.inputs, ...this.outputs].map((v) => `"${v.name}"`).join(", ")})`);
    this.reserved = new Set([...this.inputs, ...this.outputs].flatMap((v) => v.dims));
    this.read = new Set([...this.graph.node.flatMap((n) => n.input), ...this.outputs.map((o) => o.name)]);
    this.attrs = this.graph.node.map((node, i) => {
      const where = `node ${i} "${node.name}" (${node.opType})`;
      if (node.domain !== "" && node.domain !== "ai.onnx") fail(`the operator ${node.domain}.${node.opType} is not supported (only the ai.onnx domain is)`, where);
      if (!Object.hasOwn(onnxOps, node.opType)) fail(`the operator ${node.opType} is not supported; fromOnnx knows ${Object.keys(onnxOps).sort().join(", ")}`, where);
      return new Map(node.attribute.map((a) => [a.name, attrValue(a, `${where} attribute "${a.name}"`)]));
    });
    const outputs = new Set(this.outputs.map((o) => o.name));
    this.steps = foldBatchNorms(foldBiasAdds(this.foldConstants(), this.constants, outputs), this.constants, outputs);
  }

  /**
   * Runs once, when the model is read, each node whose inputs are all constants and whose outputs are all
   * constants then (Constant nodes, shape arithmetic on initializers): their values join the constants and a run
   * skips them. A node that fails here is left to fail in the run, with the run's error.
   */
  private foldConstants(): Step[] {
    const names = new Names(this.reserved);
    const steps: Step[] = [];
    for (const [index, node] of this.graph.node.entries()) {
      const step = { index, node, inputs: node.input, outputs: node.output };
      const inputs = node.input.map((name) => (name === "" ? undefined : this.constants.get(name)));
      if (node.input.some((name, k) => name !== "" && inputs[k] === undefined)) {
        steps.push(step);
        continue;
      }
      let outputs: Value[] | undefined;
      try {
        outputs = onnxOps[node.opType]!(inputs, this.context(step, names));
      } catch {
        outputs = undefined;
      }
      if (!outputs || node.output.some((name, k) => name !== "" && !(outputs![k] instanceof Const))) {
        steps.push(step);
        continue;
      }
      node.output.forEach((name, k) => {
        if (name !== "") this.constants.set(name, outputs![k] as Const);
      });
    }
    return steps;
  }

  /** What an operator is given besides its inputs, for one step. */
  private context(step: Step, names: Names): NodeContext {
    const { index, node } = step;
    const where = `node ${index} "${node.name}" (${node.opType})`;
    const attrs = this.attrs[index]!;
    return {
      node: node.name,
      op: node.opType,
      opset: this.opset,
      outputs: step.outputs.length,
      names,
      attr: (name) => attrs.get(name),
      fail: (sentence) => fail(sentence, where),
      misfit: (sentence) => {
        throw new ShapeError(`${where}: ${sentence}`);
      },
    };
  }

  /**
   * Gives back what the model holds on its device — the compiled programs of its runs and the weights uploaded
   * for them — at once, not when the garbage collector gets to it; a later `run` throws a `StateError`.
   * Leaving a `using` block the model was declared in disposes it.
   * @example model.dispose()
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#traced.dispose();
    for (const c of this.constants.values()) c.release();
    for (const attrs of this.attrs) for (const v of attrs.values()) if (v instanceof Const) v.release();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  /**
   * Runs the graph on `feeds` (one tensor per input, by ONNX name, with that input's dim names in any order) and
   * returns the outputs by ONNX name, named as `outputs` says.
   * @example const { probs } = model.run({ x: image }) // image: Tensor with dims batch, channel, height, width
   */
  run(feeds: Readonly<Record<string, Tensor>>): Record<string, T> {
    if (this.#disposed) throw new StateError("run: the model was disposed: its weights and programs are gone (import it again)");
    if (typeof feeds !== "object" || feeds === null) throw new ArgumentError(`run takes a record of tensors by input name, not ${feeds === null ? "null" : typeof feeds}`);
    const given: T[] = [];
    for (const input of this.inputs) {
      const t = feeds[input.name];
      if (!(t instanceof Tensor)) throw new ArgumentError(`run: the input "${input.name}" needs a tensor with dims ${input.dims.join(", ")}, not ${t === undefined ? "nothing" : typeof t}`);
      const x = t as unknown as T;
      const have = namesOf(x);
      if (have.length !== input.dims.length || input.dims.some((d) => !have.includes(d)))
        throw new ShapeError(`the input "${input.name}" must have the dims { ${input.dims.join(", ")} }, not { ${have.join(", ")} }`);
      const y = ordered(x, input.dims);
      sizesOf(y).forEach((z, i) => {
        const want = input.sizes[i];
        if (want !== undefined && want !== z) throw new ShapeError(`dimension "${input.dims[i]}" of the input "${input.name}" is ${z} here but ${want} in the model`);
      });
      if (x.dtype !== input.dtype) throw new ShapeError(`the input "${input.name}" must be ${input.dtype}, not ${x.dtype}`);
      given.push(y);
    }
    return this.#traced(...given);
  }

  /** Builds the named graph on the inputs (in `inputs` order, their dims in the model's order): the outputs by name. */
  private build(inputs: readonly T[]): Record<string, T> {
    const env = new Map<string, Value>(this.constants);
    this.inputs.forEach((input, i) => env.set(input.name, inputs[i]!));
    const names = new Names(this.reserved);
    for (const step of this.steps) {
      const { node } = step;
      const where = `node ${step.index} "${node.name}" (${node.opType})`;
      const ctx = this.context(step, names);
      const inputs = step.inputs.map((name, k) => (name === "" ? undefined : (env.get(name) ?? fail(`its input ${k} "${name}" is not computed before it (the graph is not in topological order)`, where))));
      let outputs: Value[];
      try {
        outputs = onnxOps[node.opType]!(inputs, ctx);
      } catch (e) {
        if (e instanceof ShapeError && !e.message.startsWith(where)) throw new ShapeError(`${where}: ${e.message}`);
        throw e;
      }
      step.outputs.forEach((name, k) => {
        if (name !== "" && outputs[k] !== undefined) env.set(name, outputs[k]!);
        else if (name !== "" && this.read.has(name)) fail(`its output ${k} "${name}" is not supported (fromOnnx computes its first ${outputs.length})`, where);
      });
    }
    const result: Record<string, T> = {};
    for (const out of this.outputs) {
      const v = env.get(out.name) ?? fail(`the output "${out.name}" is computed by no node`, "graph.output");
      const t = asTensor(v);
      if (!out.ranked) {
        result[out.name] = t;
        continue;
      }
      if (sizesOf(t).length !== out.dims.length) throw new ShapeError(`the output "${out.name}" has rank ${sizesOf(t).length} here but ${out.dims.length} in the model`);
      result[out.name] = relabel(t, out.dims);
    }
    return result;
  }
}

/**
 * The protobuf runtime and ONNX schema, loaded on the first `fromOnnx` (a dynamic import): importing named-tensor
 * does not load them, so the library runs in a browser without a bundler and costs nothing to those not using ONNX.
 */
let schema: Promise<{ decode: (bytes: Uint8Array) => ModelProto }> | undefined;
const loadSchema = () =>
  (schema ??= Promise.all([import("@bufbuild/protobuf"), import("onnx-buf")]).then(([pb, onnx]) => ({ decode: (bytes: Uint8Array) => pb.fromBinary(onnx.ModelProtoSchema, bytes) })));

/**
 * Reads an ONNX model (the bytes of a `.onnx` file) for running with named tensors. `names` gives dim names to
 * graph inputs and outputs by their ONNX name, in axis order; unnamed ones take the model's dim_param names, else
 * `<value>_<axis>`. A corrupt or truncated file, external data, or an operator outside the table is a FormatError
 * naming the field or the node. Asynchronous only because the protobuf runtime is loaded on first use.
 * @example
 * const model = await fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"], probs: ["batch", "class"] } });
 * const { probs } = model.run({ x: image });
 */
export async function fromOnnx(bytes: Uint8Array, options: OnnxImportOptions = {}): Promise<OnnxModel> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(`fromOnnx takes the bytes of a .onnx file (a Uint8Array), not ${typeof bytes}`);
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new ArgumentError(`fromOnnx takes options such as { names: { x: ["batch", "feature"] } }, not ${options === null ? "null" : typeof options}`);
  const { decode } = await loadSchema();
  let model: ModelProto;
  try {
    model = decode(bytes);
  } catch (e) {
    const fault = wireFault(bytes);
    if (fault) throw new FormatError("onnx", `the bytes are not an ONNX protobuf message: ${fault.sentence}`, { offset: fault.offset, field: fault.part });
    return fail(`the bytes are not an ONNX protobuf message: ${(e as Error).message}`);
  }
  if (model.graph === undefined) fail("the model has no graph (is this an ONNX file?)", "graph");
  return new OnnxModel(model, options);
}
