// ONNX models authored in the test (onnx-buf's schema, no binary files in the repository) and run by
// onnxruntime-node, the independent reference the importer is compared against.
import { create, toBinary } from "@bufbuild/protobuf";
import * as ort from "onnxruntime-node";
import {
  AttributeProtoSchema,
  GraphProtoSchema,
  ModelProtoSchema,
  NodeProtoSchema,
  OperatorSetIdProtoSchema,
  TensorProtoSchema,
  TensorShapeProtoSchema,
  TensorShapeProto_DimensionSchema,
  TypeProtoSchema,
  TypeProto_TensorSchema,
  ValueInfoProtoSchema,
  StringStringEntryProtoSchema,
  type AttributeProto,
  type TensorProto,
} from "onnx-buf";
import { expect } from "vitest";
import { tensor } from "../../src/index.js";
import { fromOnnx } from "../../src/onnx/index.js";

/** An element type by its ONNX name. */
export type OnnxType = "float32" | "int64" | "int32" | "bool";
const typeCode: Record<OnnxType, number> = { float32: 1, int64: 7, int32: 6, bool: 9 };

/** A constant tensor (an initializer or a tensor attribute). */
export interface ConstSpec {
  readonly data: ArrayLike<number>;
  readonly shape: readonly number[];
  readonly type?: OnnxType;
  /** stored outside the model file (data_location EXTERNAL), as large models are */
  readonly external?: boolean;
}
/** An attribute: a number (an integer is INT; wrap a float in `float()`), ints, floats, a string or a tensor. */
export type AttrSpec = number | { f: number } | readonly number[] | { floats: readonly number[] } | string | { tensor: ConstSpec };
export const float = (f: number) => ({ f });

export interface NodeSpec {
  readonly op: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly attrs?: Readonly<Record<string, AttrSpec>>;
  readonly name?: string;
  readonly domain?: string;
}
export interface ValueSpec {
  readonly name: string;
  readonly type?: OnnxType;
  /** sizes, dim_param names, or undefined for an output left without a shape */
  readonly shape?: readonly (number | string)[];
}
export interface ModelSpec {
  readonly inputs: readonly ValueSpec[];
  readonly outputs: readonly ValueSpec[];
  readonly nodes: readonly NodeSpec[];
  readonly initializers?: Readonly<Record<string, ConstSpec>>;
  readonly opset?: number;
}

export function tensorProto(name: string, c: ConstSpec): TensorProto {
  const type = c.type ?? "float32";
  const base = { name, dims: c.shape.map(BigInt), dataType: typeCode[type] };
  if (c.external) return create(TensorProtoSchema, { ...base, dataLocation: 1, externalData: [create(StringStringEntryProtoSchema, { key: "location", value: "weights.bin" })] });
  if (type === "float32") return create(TensorProtoSchema, { ...base, rawData: new Uint8Array(Float32Array.from(c.data).buffer) });
  if (type === "int64") return create(TensorProtoSchema, { ...base, int64Data: Array.from(c.data, (v) => BigInt(v)) });
  return create(TensorProtoSchema, { ...base, int32Data: Array.from(c.data) });
}

function attribute(name: string, a: AttrSpec): AttributeProto {
  if (typeof a === "number") return Number.isInteger(a) ? create(AttributeProtoSchema, { name, type: 2, i: BigInt(a) }) : create(AttributeProtoSchema, { name, type: 1, f: a });
  if (typeof a === "string") return create(AttributeProtoSchema, { name, type: 3, s: new TextEncoder().encode(a) });
  if (Array.isArray(a)) return create(AttributeProtoSchema, { name, type: 7, ints: a.map((v) => BigInt(v)) });
  if ("f" in a) return create(AttributeProtoSchema, { name, type: 1, f: a.f });
  if ("floats" in a) return create(AttributeProtoSchema, { name, type: 6, floats: [...a.floats] });
  return create(AttributeProtoSchema, { name, type: 4, t: tensorProto("", (a as { tensor: ConstSpec }).tensor) });
}

function valueInfo(v: ValueSpec) {
  const shape =
    v.shape === undefined
      ? undefined
      : create(TensorShapeProtoSchema, {
          dim: v.shape.map((d) =>
            create(TensorShapeProto_DimensionSchema, { value: typeof d === "number" ? { case: "dimValue", value: BigInt(d) } : { case: "dimParam", value: d } }),
          ),
        });
  return create(ValueInfoProtoSchema, {
    name: v.name,
    type: create(TypeProtoSchema, { value: { case: "tensorType", value: create(TypeProto_TensorSchema, { elemType: typeCode[v.type ?? "float32"], shape }) } }),
  });
}

/** The bytes of an ONNX model. */
export function buildModel(spec: ModelSpec): Uint8Array {
  const graph = create(GraphProtoSchema, {
    name: "test",
    input: spec.inputs.map(valueInfo),
    output: spec.outputs.map(valueInfo),
    initializer: Object.entries(spec.initializers ?? {}).map(([n, c]) => tensorProto(n, c)),
    node: spec.nodes.map((n, i) =>
      create(NodeProtoSchema, {
        name: n.name ?? `${n.op}_${i}`,
        opType: n.op,
        domain: n.domain ?? "",
        input: [...n.inputs],
        output: [...n.outputs],
        attribute: Object.entries(n.attrs ?? {}).map(([k, a]) => attribute(k, a)),
      }),
    ),
  });
  const model = create(ModelProtoSchema, {
    irVersion: 8n,
    producerName: "named-tensor tests",
    opsetImport: [create(OperatorSetIdProtoSchema, { domain: "", version: BigInt(spec.opset ?? 17) })],
    graph,
  });
  return toBinary(ModelProtoSchema, model);
}

/** Values fed to both runtimes: flat row-major data with sizes and an element type. */
export interface Feed {
  readonly data: Float32Array | Int32Array | Uint8Array;
  readonly shape: readonly number[];
  readonly type: OnnxType;
}

/** onnxruntime-node's outputs on `feeds`, as flat float64 arrays with their sizes. */
export async function ortRun(bytes: Uint8Array, feeds: Record<string, Feed>): Promise<Record<string, { data: number[]; shape: number[] }>> {
  const session = await ort.InferenceSession.create(bytes);
  const input: Record<string, ort.Tensor> = {};
  for (const [name, f] of Object.entries(feeds)) {
    const data = f.type === "int64" ? BigInt64Array.from(f.data, (v) => BigInt(v)) : f.type === "bool" ? Uint8Array.from(f.data) : f.data;
    input[name] = new ort.Tensor(f.type, data as never, [...f.shape]);
  }
  const out = await session.run(input);
  await session.release();
  return Object.fromEntries(
    Object.entries(out).map(([k, t]) => [k, { data: Array.from(t.data as ArrayLike<number | bigint>, Number), shape: t.dims.map(Number) }]),
  );
}

/** Float32 results agree within a relative and absolute tolerance; integer and bool results exactly. */
export function expectAgree(ours: { data: ArrayLike<number>; shape: readonly number[] }, want: { data: number[]; shape: number[] }, tol = { rel: 1e-4, abs: 1e-5 }, exact = false): void {
  expect([...ours.shape]).toEqual(want.shape);
  expect(ours.data.length).toBe(want.data.length);
  let worst = 0;
  let at = -1;
  for (let i = 0; i < want.data.length; i++) {
    const [a, b] = [Number(ours.data[i]), want.data[i]!];
    if (Number.isNaN(b) && Number.isNaN(a)) continue;
    const err = Math.abs(a - b) - (exact ? 0 : tol.abs + tol.rel * Math.abs(b));
    if (err > worst || (Number.isNaN(a) !== Number.isNaN(b))) [worst, at] = [Number.isNaN(a) ? Infinity : err, i];
  }
  if (at >= 0) expect.fail(`element ${at}: ours ${ours.data[at]} but onnxruntime ${want.data[at]} (beyond tolerance by ${worst})`);
}

/** Feeds for a model's inputs: random floats (never zeros or ones only), small integers, random bools; `custom` wins. */
export function randomFeeds(spec: ModelSpec, next: () => number, custom: Record<string, Feed> = {}): Record<string, Feed> {
  return Object.fromEntries(
    spec.inputs.map((v) => {
      const shape = v.shape as number[];
      const n = shape.reduce((a, b) => a * b, 1);
      const type: OnnxType = v.type ?? "float32";
      const data =
        type === "float32"
          ? Float32Array.from({ length: n }, () => -2 + 4 * next())
          : type === "bool"
            ? Uint8Array.from({ length: n }, () => (next() < 0.5 ? 1 : 0))
            : Int32Array.from({ length: n }, () => Math.floor(next() * 7) - 3);
      return [v.name, custom[v.name] ?? { data, shape, type }];
    }),
  );
}

/**
 * Runs a model on onnxruntime-node and on fromOnnx with the same feeds and compares every output (shapes, then
 * values: float32 within `tol`, integers and bools exactly).
 */
export async function compareWithOrt(spec: ModelSpec, feeds: Record<string, Feed>, tol?: { rel: number; abs: number }): Promise<void> {
  await compareBytesWithOrt(buildModel(spec), feeds, tol);
}

/** compareWithOrt on the bytes of a model file: every output of the graph. */
export async function compareBytesWithOrt(bytes: Uint8Array, feeds: Record<string, Feed>, tol?: { rel: number; abs: number }): Promise<void> {
  const want = await ortRun(bytes, feeds);
  const model = await fromOnnx(bytes);
  const ours = model.run(
    Object.fromEntries(
      model.inputs.map((inp) => {
        const f = feeds[inp.name]!;
        const dims = inp.dims.map((n, i) => [n, f.shape[i]!] as [string, number]);
        const dtype = f.type === "float32" ? "float32" : f.type === "bool" ? "bool" : "int32";
        return [inp.name, tensor(dtype === "int32" ? Int32Array.from(f.data) : f.data, dims as never, { dtype } as never) as never];
      }),
    ),
  );
  for (const name of Object.keys(want)) {
    const t = ours[name]!;
    const data = (await t.data()) as ArrayLike<number>;
    expectAgree({ data, shape: t.shapeDims.map((d) => d.size) }, want[name]!, tol, t.dtype !== "float32");
  }
}
