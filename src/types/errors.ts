// Layer: src/types. Every shape-error sentence, written once: each function's return type is the template
// literal type that the static algebra (src/types) puts into compile errors, and tsc checks that the runtime
// text (used by src/shape) matches it. Also the error classes thrown at run time (`NamedTensorError`, the base
// of `ShapeError`, `FormatError` and `ArgumentError`) and the sentences of the file readers. Imports nothing;
// the only runtime values in src/types live here.

/** A size as it reads in a sentence: a literal size, or `number` when it is only known at run time. */
export type SizeText<Z extends number> = number extends Z ? "number" : `${Z}`;
/** A run-time size as text; at run time every size is known, so this is just its digits. */
const sizeText = <Z extends number>(size: Z): SizeText<Z> => String(size) as SizeText<Z>;

/**
 * The base class of every error the library raises: `ShapeError` (dims, sizes, dtypes or indices that do not
 * fit), `FormatError` (a file that is not what its format says), `ArgumentError` (an argument of the wrong kind
 * or value), `DeviceError` (a device that is missing, lost, out of memory or past its limits), `StateError` (a
 * tensor used after dispose(), a placeholder read before it was fed) and `InternalError` (a broken invariant of
 * the library itself: please report it). Any other error class reaching a user is a bug in the library.
 *
 * @example
 * try { fromNpy(bytes, ["n"]); } catch (e) { if (e instanceof NamedTensorError) report(e.message); else throw e; }
 */
export class NamedTensorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NamedTensorError";
  }
}

/**
 * The error every shape mistake raises at run time. At compile time the same class, with the sentence as its
 * type argument, is what a wrong argument is checked against, so the editor shows
 * `ShapeError<"dimension \"height\" is 96 in the left operand but 64 in the right">` on the offending argument.
 *
 * @example
 * try { a.add(b); } catch (e) { if (e instanceof ShapeError) console.log(e.message); }
 */
export class ShapeError<Message extends string = string> extends NamedTensorError {
  declare readonly message: Message;
  constructor(message: Message) {
    super(message);
    this.name = "ShapeError";
  }
}

export type SizeMismatch<N extends string, A extends number, B extends number> =
  `dimension "${N}" is ${SizeText<A>} in the left operand but ${SizeText<B>} in the right`;
export const sizeMismatch = <N extends string, A extends number, B extends number>(name: N, a: A, b: B): SizeMismatch<N, A, B> =>
  `dimension "${name}" is ${sizeText(a)} in the left operand but ${sizeText(b)} in the right`;

export type NotADimension<N extends string, Dims extends string> = `"${N}" is not a dimension of ${Dims}`;
export const notADimension = <N extends string, Dims extends string>(name: N, dims: Dims): NotADimension<N, Dims> =>
  `"${name}" is not a dimension of ${dims}`;

export type NotInOperand<N extends string, Side extends string, Dims extends string> =
  `cannot contract "${N}": it is not a dimension of the ${Side} operand ${Dims}`;
export const notInOperand = <N extends string, Side extends string, Dims extends string>(
  name: N,
  side: Side,
  dims: Dims,
): NotInOperand<N, Side, Dims> => `cannot contract "${name}": it is not a dimension of the ${side} operand ${dims}`;

export type Private<N extends string> = `"${N}" is private (masked)`;
export const privateDimension = <N extends string>(name: N): Private<N> => `"${name}" is private (masked)`;

export type NotLiteral = "dimension names must be string literals, not string";
export const notLiteral = (): NotLiteral => "dimension names must be string literals, not string";

export type NotLiteralList = "a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names";
export const notLiteralList = (): NotLiteralList => "a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names";

export type UnionName = "a dimension name must be one string literal, not a union";
export const unionName = (): UnionName => "a dimension name must be one string literal, not a union";

export type BadName<N extends string> = `"${N}" is not a valid dimension name: use an identifier such as "batch"`;
export const badName = <N extends string>(name: N): BadName<N> =>
  `"${name}" is not a valid dimension name: use an identifier such as "batch"`;

export type Duplicate<N extends string> = `dimension names must be unique: "${N}" appears twice`;
export const duplicate = <N extends string>(name: N): Duplicate<N> => `dimension names must be unique: "${name}" appears twice`;

export type NameTaken<N extends string> = `"${N}" is already a dimension`;
export const nameTaken = <N extends string>(name: N): NameTaken<N> => `"${name}" is already a dimension`;

export type BadSize<N extends string, Z extends string> = `the size of "${N}" must be a non-negative integer, not ${Z}`;
export const badSize = <N extends string, Z extends string>(name: N, size: Z): BadSize<N, Z> =>
  `the size of "${name}" must be a non-negative integer, not ${size}`;

export type TransposeMissing<N extends string> = `transpose must list every dimension once: "${N}" is missing`;
export const transposeMissing = <N extends string>(name: N): TransposeMissing<N> =>
  `transpose must list every dimension once: "${name}" is missing`;

export type SplitIndivisible<N extends string, Z extends number, P extends number> =
  `cannot split "${N}" (${SizeText<Z>}) into pieces of ${SizeText<P>}`;
export const splitIndivisible = <N extends string, Z extends number, P extends number>(name: N, size: Z, piece: P): SplitIndivisible<N, Z, P> =>
  `cannot split "${name}" (${sizeText(size)}) into pieces of ${sizeText(piece)}`;

export type SplitProduct<N extends string, Z extends number, P extends number> =
  `cannot split "${N}" (${SizeText<Z>}) into parts whose sizes multiply to ${SizeText<P>}`;
export const splitProduct = <N extends string, Z extends number, P extends number>(name: N, size: Z, product: P): SplitProduct<N, Z, P> =>
  `cannot split "${name}" (${sizeText(size)}) into parts whose sizes multiply to ${sizeText(product)}`;

export type SplitUnknowns<N extends string, Z extends number, Parts extends string> =
  `cannot split "${N}" (${SizeText<Z>}): the parts ${Parts} have no size; give the size of every part but one`;
/** `parts` are the parts without a size, each quoted: `"a", "q"`. */
export const splitUnknowns = <N extends string, Z extends number, Parts extends string>(name: N, size: Z, parts: Parts): SplitUnknowns<N, Z, Parts> =>
  `cannot split "${name}" (${sizeText(size)}): the parts ${parts} have no size; give the size of every part but one`;

export type ExpandOneKey = "expand takes one new dimension per object ({ name: size }); to add several, list them in order as pairs: [[name, size], ...]";
export const expandOneKey = (): ExpandOneKey => "expand takes one new dimension per object ({ name: size }); to add several, list them in order as pairs: [[name, size], ...]";

export type IndexRange<I extends number, N extends string, Z extends number> =
  `index ${SizeText<I>} is out of range for "${N}" (${SizeText<Z>})`;
export const indexRange = <I extends number, N extends string, Z extends number>(index: I, name: N, size: Z): IndexRange<I, N, Z> =>
  `index ${sizeText(index)} is out of range for "${name}" (${sizeText(size)})`;

/** A scatter-add's index out of range: the value, where it was read (row-major in the index tensor) and the bound. */
export type IndexRangeAt<I extends number, N extends string, Z extends number, P extends number> =
  `index ${SizeText<I>} at position ${SizeText<P>} of the indices is out of range for "${N}" (${SizeText<Z>})`;
export const indexRangeAt = <I extends number, N extends string, Z extends number, P extends number>(index: I, name: N, size: Z, position: P): IndexRangeAt<I, N, Z, P> =>
  `index ${sizeText(index)} at position ${sizeText(position)} of the indices is out of range for "${name}" (${sizeText(size)})`;

export type NarrowRange<N extends string, Z extends number, S extends number, L extends number> =
  `narrow of "${N}" (${SizeText<Z>}) from ${SizeText<S>} with length ${SizeText<L>} goes past the end`;
export const narrowRange = <N extends string, Z extends number, S extends number, L extends number>(
  name: N,
  size: Z,
  start: S,
  length: L,
): NarrowRange<N, Z, S, L> =>
  `narrow of "${name}" (${sizeText(size)}) from ${sizeText(start)} with length ${sizeText(length)} goes past the end`;

export type NotSqueezable<N extends string, Z extends number> = `cannot squeeze "${N}": its size is ${SizeText<Z>}, not 1`;
export const notSqueezable = <N extends string, Z extends number>(name: N, size: Z): NotSqueezable<N, Z> =>
  `cannot squeeze "${name}": its size is ${sizeText(size)}, not 1`;

export type ConcatMissing<N extends string> = `cannot concat: "${N}" is not a dimension of every operand`;
export const concatMissing = <N extends string>(name: N): ConcatMissing<N> => `cannot concat: "${name}" is not a dimension of every operand`;

export type BoolArithmetic = "arithmetic needs numbers, not bool: cast the bool operand first";
export const boolArithmetic = (): BoolArithmetic => "arithmetic needs numbers, not bool: cast the bool operand first";

export type NeedsBool<What extends string, D extends string> = `${What} must be bool, not ${D}`;
export const needsBool = <What extends string, D extends string>(what: What, dtype: D): NeedsBool<What, D> => `${what} must be bool, not ${dtype}`;

export type NeedsInt<What extends string, D extends string> = `${What} must be int32, not ${D}`;
export const needsInt = <What extends string, D extends string>(what: What, dtype: D): NeedsInt<What, D> => `${what} must be int32, not ${dtype}`;

export type DataLength<L extends number, Dims extends string, P extends number> =
  `data has ${SizeText<L>} elements but the shape ${Dims} needs ${SizeText<P>}`;
export const dataLength = <L extends number, Dims extends string, P extends number>(length: L, dims: Dims, needed: P): DataLength<L, Dims, P> =>
  `data has ${sizeText(length)} elements but the shape ${dims} needs ${sizeText(needed)}`;

export type RaggedData<N extends string, Z extends number, Found extends string> =
  `the nesting of the data does not match "${N}" (${SizeText<Z>}): found ${Found}`;
export const raggedData = <N extends string, Z extends number, Found extends string>(name: N, size: Z, found: Found): RaggedData<N, Z, Found> =>
  `the nesting of the data does not match "${name}" (${sizeText(size)}): found ${found}`;

export type EntriesText<L extends number> = L extends 1 ? "a list of 1 entry" : `a list of ${SizeText<L>} entries`;
export const entriesText = <L extends number>(length: L): EntriesText<L> => (length === 1 ? "a list of 1 entry" : `a list of ${sizeText(length)} entries`) as EntriesText<L>;

export type CannotInferSize<N extends string> = `cannot infer the size of "${N}" from the data: give it as ["${N}", size]`;
export const cannotInferSize = <N extends string>(name: N): CannotInferSize<N> => `cannot infer the size of "${name}" from the data: give it as ["${name}", size]`;

export type NestedTooDeep<Dims extends string> = `the data is nested deeper than the dimensions ${Dims}`;
export const nestedTooDeep = <Dims extends string>(dims: Dims): NestedTooDeep<Dims> => `the data is nested deeper than the dimensions ${dims}`;

export type NotShapedLike<Want extends string, Got extends string> = `expected the dimensions ${Want} but this tensor has ${Got}`;
export const notShapedLike = <Want extends string, Got extends string>(want: Want, got: Got): NotShapedLike<Want, Got> =>
  `expected the dimensions ${want} but this tensor has ${got}`;

export type EmptyReduction<What extends string, N extends string> = `${What} over "${N}" needs at least one element, but its size is 0`;
export const emptyReduction = <What extends string, N extends string>(what: What, name: N): EmptyReduction<What, N> =>
  `${what} over "${name}" needs at least one element, but its size is 0`;

export type IntScalar<V extends string> = `cannot combine an int32 tensor with ${V}: cast the tensor to float32 first`;
export const intScalar = <V extends string>(value: V): IntScalar<V> =>
  `cannot combine an int32 tensor with ${value}: cast the tensor to float32 first`;

export type TopKRange<K extends number, N extends string, Z extends number> = `topk of ${SizeText<K>} is more than the size of "${N}" (${SizeText<Z>})`;
export const topkRange = <K extends number, N extends string, Z extends number>(k: K, name: N, size: Z): TopKRange<K, N, Z> =>
  `topk of ${sizeText(k)} is more than the size of "${name}" (${sizeText(size)})`;

export type StackEmpty<N extends string> = `cannot stack into "${N}": list at least one dimension to merge`;
export const stackEmpty = <N extends string>(name: N): StackEmpty<N> => `cannot stack into "${name}": list at least one dimension to merge`;

export type PadWidth<N extends string, W extends string> = `the padding of "${N}" must be a non-negative integer, not ${W}`;
export const padWidth = <N extends string, W extends string>(name: N, width: W): PadWidth<N, W> =>
  `the padding of "${name}" must be a non-negative integer, not ${width}`;

export type AssignMismatch<Want extends string, Got extends string> = `the new value must have the dimensions and dtype ${Want}, not ${Got}`;
export const assignMismatch = <Want extends string, Got extends string>(want: Want, got: Got): AssignMismatch<Want, Got> =>
  `the new value must have the dimensions and dtype ${want}, not ${got}`;

export type NotScalarLoss<Got extends string> = `the function to differentiate must return a float32 scalar (no dimensions), not ${Got}`;
export const notScalarLoss = <Got extends string>(got: Got): NotScalarLoss<Got> =>
  `the function to differentiate must return a float32 scalar (no dimensions), not ${got}`;

export type LabelsMismatch<N extends string, Want extends string, Got extends string> =
  `the labels must have the dimensions of the logits other than "${N}", ${Want}, not ${Got}`;
export const labelsMismatch = <N extends string, Want extends string, Got extends string>(name: N, want: Want, got: Got): LabelsMismatch<N, Want, Got> =>
  `the labels must have the dimensions of the logits other than "${name}", ${want}, not ${got}`;

export type WindowTooLarge<N extends string, W extends number, Z extends number> =
  `the window over "${N}" spans ${SizeText<W>} but "${N}" is only ${SizeText<Z>} with its padding`;
export const windowTooLarge = <N extends string, W extends number, Z extends number>(name: N, span: W, size: Z): WindowTooLarge<N, W, Z> =>
  `the window over "${name}" spans ${sizeText(span)} but "${name}" is only ${sizeText(size)} with its padding`;

export type KernelChannels<N extends string, Want extends number, Got extends number> =
  `the kernel's "${N}" must be ${SizeText<Want>} (the input's channels per group), not ${SizeText<Got>}`;
export const kernelChannels = <N extends string, Want extends number, Got extends number>(name: N, want: Want, got: Got): KernelChannels<N, Want, Got> =>
  `the kernel's "${name}" must be ${sizeText(want)} (the input's channels per group), not ${sizeText(got)}`;

export type ChannelInWindow<N extends string> = `"${N}" is the contracted channel: it cannot be in the window too`;
export const channelInWindow = <N extends string>(name: N): ChannelInWindow<N> => `"${name}" is the contracted channel: it cannot be in the window too`;

export type NotInKernel<N extends string, Dims extends string> = `"${N}" is not a dimension of the kernel ${Dims}`;
export const notInKernel = <N extends string, Dims extends string>(name: N, dims: Dims): NotInKernel<N, Dims> =>
  `"${name}" is not a dimension of the kernel ${dims}`;

export type GroupsIndivisible<N extends string, Z extends number, G extends number> = `cannot split "${N}" (${SizeText<Z>}) into ${SizeText<G>} groups`;
export const groupsIndivisible = <N extends string, Z extends number, G extends number>(name: N, size: Z, groups: G): GroupsIndivisible<N, Z, G> =>
  `cannot split "${name}" (${sizeText(size)}) into ${sizeText(groups)} groups`;

export type WindowParameter<What extends string, N extends string, V extends string> = `the ${What} of "${N}" must be a positive integer, not ${V}`;
export const windowParameter = <What extends string, N extends string, V extends string>(what: What, name: N, value: V): WindowParameter<What, N, V> =>
  `the ${what} of "${name}" must be a positive integer, not ${value}`;

export type EmptyTransposed<N extends string> = `the transposed convolution leaves "${N}" with no positions: its padding is larger than its output`;
export const emptyTransposed = <N extends string>(name: N): EmptyTransposed<N> =>
  `the transposed convolution leaves "${name}" with no positions: its padding is larger than its output`;

export type GroupedKernel<Dims extends string> = `a grouped convolution's kernel needs exactly one output-channel dimension besides the channel and window dimensions, not ${Dims}`;
export const groupedKernel = <Dims extends string>(dims: Dims): GroupedKernel<Dims> =>
  `a grouped convolution's kernel needs exactly one output-channel dimension besides the channel and window dimensions, not ${dims}`;

export type AttentionMismatch<What extends string, Want extends string, K extends string, Got extends string> =
  `${What} must have the dimensions ${Want} of the queries and "${K}", not ${Got}`;
export const attentionMismatch = <What extends string, Want extends string, K extends string, Got extends string>(
  what: What,
  want: Want,
  key: K,
  got: Got,
): AttentionMismatch<What, Want, K, Got> => `${what} must have the dimensions ${want} of the queries and "${key}", not ${got}`;

/** Where in a file a `FormatError` points: a byte offset, a field (`"w".shape`, `'descr'`), or both. */
export interface FormatPlace {
  readonly offset?: number;
  readonly field?: string;
  /** The 1-based line of a text format (Matrix Market). */
  readonly line?: number;
}

/** The file formats the readers refuse with a FormatError, as their messages name them. */
const formatTitle = { npy: ".npy", safetensors: "safetensors", mtx: "Matrix Market", onnx: "ONNX", npz: ".npz" } as const;

/**
 * The error a file reader raises for a file it refuses: `format` names the format, `offset` the byte of the
 * file where the problem was found (when there is one), `field` the header field (when there is one). The
 * message says both: `the .npy file is invalid at byte 10: the header is not a Python literal: ...`.
 *
 * @example
 * try { fromNpy(bytes, ["n"]); } catch (e) { if (e instanceof FormatError) console.log(e.format, e.offset, e.field); }
 */
export class FormatError extends NamedTensorError {
  readonly format: keyof typeof formatTitle;
  readonly offset: number | undefined;
  readonly field: string | undefined;
  readonly line: number | undefined;
  constructor(format: keyof typeof formatTitle, sentence: string, place: FormatPlace = {}) {
    const where = [
      place.field === undefined ? "" : ` in ${place.field}`,
      place.offset === undefined ? "" : ` at byte ${place.offset}`,
      place.line === undefined ? "" : ` at line ${place.line}`,
    ].join("");
    super(`the ${formatTitle[format]} file is invalid${where}: ${sentence}`);
    this.name = "FormatError";
    this.format = format;
    this.offset = place.offset;
    this.field = place.field;
    this.line = place.line;
  }
}

/**
 * A device that cannot do what was asked: no WebGPU adapter, a lost device, out of memory, a tensor larger than
 * the device binds, tensors on different devices, a synchronous read of asynchronous values.
 * @example try { await setDevice("webgpu"); } catch (e) { if (e instanceof DeviceError) await setDevice("cpu"); }
 */
export class DeviceError extends NamedTensorError {
  constructor(message: string) {
    super(message);
    this.name = "DeviceError";
  }
}

/**
 * A tensor whose state does not allow the operation: its values were disposed, or it is a placeholder read
 * before it was fed.
 * @example x.dispose(); try { x.item(); } catch (e) { e instanceof StateError; } // true
 */
export class StateError extends NamedTensorError {
  constructor(message: string) {
    super(message);
    this.name = "StateError";
  }
}

/**
 * A broken invariant of the library itself (a code generator meeting an operation it has no code for, a
 * kernel failing verification): never the user's mistake. The message starts with "internal:".
 * @example try { run(); } catch (e) { if (e instanceof InternalError) reportBug(e); }
 */
export class InternalError extends NamedTensorError {
  constructor(message: string) {
    super(message);
    this.name = "InternalError";
  }
}

/**
 * The error an entry point raises for an argument of the wrong kind (a number where a tensor goes, `null`
 * where an object goes): the sentence names the function and the argument.
 *
 * @example
 * try { await toNpy(5 as never); } catch (e) { e instanceof ArgumentError; } // "toNpy takes a tensor, not the number 5"
 */
export class ArgumentError extends NamedTensorError {
  constructor(message: string) {
    super(message);
    this.name = "ArgumentError";
  }
}

// The sentences of the file readers and writers (src/io). They name run-time values only, so they are plain
// strings; the place (byte offset or field) is added by `FormatError`.

/**
 * A value as it reads in a sentence about a wrong argument or field: its kind, and the value when short.
 * @example describeArgument(5) // "the number 5"; describeArgument([1, 2]) // "an array of 2"
 */
export const describeArgument = (v: unknown): string => {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (v instanceof Uint8Array) return `a Uint8Array of ${v.length} bytes`;
  if (typeof v === "object") {
    const kind = (v.constructor as { name?: string } | undefined)?.name || "Object";
    return `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind}`;
  }
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `the ${typeof v} ${String(v)}`;
};
export const notBytes = (fn: string, v: unknown): string => `${fn} takes the file's bytes as a Uint8Array, not ${describeArgument(v)}`;
export const takesNot = (fn: string, what: string, v: unknown): string => `${fn} takes ${what}, not ${describeArgument(v)}`;
export const notAnObject = (fn: string, what: string, example: string, v: unknown): string =>
  `${fn} takes ${what} as an object such as ${example}, not ${describeArgument(v)}`;
export const namesNotList = (fn: string, tensor: string, v: unknown): string =>
  `${fn} takes the dim names${tensor ? ` of "${tensor}"` : ""} as an array of strings, not ${describeArgument(v)}`;
export const metadataNotString = (key: string, v: unknown): string =>
  `the metadata value of "${key}" must be a string, not ${describeArgument(v)}`;
export const npyHeaderTooLong = (rank: number): string =>
  `toNpy cannot write a tensor of rank ${rank}: its header would be over the 65535 bytes of a version 1.0 file`;
export const namesForRank = (what: string, rank: number, sizes: string, given: number): string =>
  `${what} has ${rank} ${rank === 1 ? "axis" : "axes"} (${sizes}) but ${given} ${given === 1 ? "name was" : "names were"} given`;

export const badMagic = (want: string): string => `it does not start with the magic string ${want}`;
export const badVersion = (major: number, minor: number): string => `its format version is ${major}.${minor}, not 1.0, 2.0 or 3.0`;
export const endsInside = (what: string, needed: number, left: number): string =>
  `the file ends inside its ${what}: ${needed} bytes are needed but ${left} are left`;
export const headerTooLong = (length: number, limit: number, unit: string): string => `the header is ${length} ${unit} long, more than the limit of ${limit}`;
export const notUtf8 = (what: string): string => `the ${what} is not valid UTF-8`;
export const notPythonLiteral = (detail: string): string => `the header is not a Python literal: ${detail}`;
export const headerNotDict = (got: string): string => `the header must be a dictionary, not ${got}`;
export const headerKeys = (keys: string): string => `the header must have exactly the keys 'descr', 'fortran_order' and 'shape', not ${keys}`;
export const npyShape = (got: string): string => `'shape' must be a tuple of non-negative integers, not ${got}`;
export const npyFortran = (got: string): string => `'fortran_order' must be True or False, not ${got}`;
export const unsupportedDtype = (dtype: string, supported: string): string => `the dtype ${dtype} is not supported: use ${supported}`;
export const tooManyElements = (shape: string): string => `the shape ${shape} has more elements than any file can hold (over 2^53)`;
export const dataLengthMismatch = (needed: number, shape: string, present: number): string =>
  `the data must be ${needed} bytes for the shape ${shape}, but ${present} ${present === 1 ? "is" : "are"} there`;
export const dtypeOption = (descr: string, reads: string, asked: string): string =>
  `the data is ${descr}, which reads as ${reads}, not the ${asked} asked for`;
export const elementRange = (index: number, value: string): string => `element ${index} (${value}) does not fit in int32`;

export const headerNotObject = (): string => `the header must be a JSON object, starting with "{"`;
export const jsonSyntax = (detail: string): string => `the header is not JSON: ${detail}`;
export const duplicateKey = (key: string): string => `the key "${key}" appears twice`;
export const entryNotObject = (got: string): string => `a tensor entry must be an object with dtype, shape and data_offsets, not ${got}`;
export const entryKeys = (keys: string): string => `a tensor entry must have exactly the keys dtype, shape and data_offsets, not ${keys}`;
export const stShape = (got: string): string => `the shape must be an array of non-negative integers, not ${got}`;
export const stOffsets = (got: string): string => `data_offsets must be [begin, end], two integers with begin ≤ end, not ${got}`;
export const offsetsSpan = (span: number, count: number, dtype: string, needed: number): string =>
  `data_offsets span ${span} bytes, but ${count} ${count === 1 ? "element" : "elements"} of ${dtype} take ${needed}`;
export const offsetsGap = (name: string, begin: number, previous: string, end: number): string =>
  `tensor "${name}" begins at data byte ${begin} but ${previous ? `tensor "${previous}"` : "the data"} ${previous ? "ends" : "begins"} at ${end}: the tensors must tile the data without gap or overlap`;
export const dataNotCovered = (end: number, length: number): string =>
  `the tensors end at data byte ${end} but the data is ${length} bytes: the tensors must cover it exactly`;
export const metadataNotObject = (got: string): string => `__metadata__ must be an object mapping strings to strings, not ${got}`;
export const metadataNotStrings = (key: string, got: string): string => `__metadata__ must map strings to strings, but "${key}" is ${got}`;
export const noSuchTensor = (name: string, has: string): string => `it has no tensor "${name}" (it has ${has})`;
export type NotMaskedHere<N extends string, Visible extends string> =
  `"${N}" must be private (masked) here: this helper takes private dims followed by ${Visible}`;
export const notMaskedHere = <N extends string, Visible extends string>(name: N, visible: Visible): NotMaskedHere<N, Visible> =>
  `"${name}" must be private (masked) here: this helper takes private dims followed by ${visible}`;

// ---- arguments of the layers and optimizers (src/nn, src/optim), for callers from JavaScript or through `any` ----

export type NotATensor<Fn extends string, What extends string, Got extends string> = `${Fn} needs a tensor as ${What}, not ${Got}`;
export const notATensor = <Fn extends string, What extends string, Got extends string>(fn: Fn, what: What, got: Got): NotATensor<Fn, What, Got> =>
  `${fn} needs a tensor as ${what}, not ${got}`;

export type NeedsFloat<Fn extends string, What extends string, Got extends string> = `${Fn} needs a float32 tensor as ${What}, not ${Got}`;
export const needsFloat = <Fn extends string, What extends string, Got extends string>(fn: Fn, what: What, got: Got): NeedsFloat<Fn, What, Got> =>
  `${fn} needs a float32 tensor as ${what}, not ${got}`;

export type MissingOptions<Fn extends string, Want extends string, Got extends string> = `${Fn} needs its options ${Want}, not ${Got}`;
export const missingOptions = <Fn extends string, Want extends string, Got extends string>(fn: Fn, want: Want, got: Got): MissingOptions<Fn, Want, Got> =>
  `${fn} needs its options ${want}, not ${got}`;

export type BadOption<Fn extends string, N extends string, Want extends string, Got extends string> = `${Fn} option ${N} must be ${Want}, not ${Got}`;
export const badOption = <Fn extends string, N extends string, Want extends string, Got extends string>(fn: Fn, name: N, want: Want, got: Got): BadOption<Fn, N, Want, Got> =>
  `${fn} option ${name} must be ${want}, not ${got}`;

export type NotALossFunction<Got extends string> = `an optimizer step needs a function that builds the loss, not ${Got}`;
export const notALossFunction = <Got extends string>(got: Got): NotALossFunction<Got> => `an optimizer step needs a function that builds the loss, not ${got}`;

export type NoVariables = "the loss reads no trainable variable, so the step would change nothing: build it from variable(...) tensors";
export const noVariables = (): NoVariables => "the loss reads no trainable variable, so the step would change nothing: build it from variable(...) tensors";

export type DisposedVariable<Dims extends string> = `the variable ${Dims} was disposed: an optimizer cannot update it`;
export const disposedVariable = <Dims extends string>(dims: Dims): DisposedVariable<Dims> => `the variable ${dims} was disposed: an optimizer cannot update it`;

export type UnknownOption<Fn extends string, N extends string, Known extends string> = `${Fn} has no option ${N} (its options: ${Known})`;
export const unknownOption = <Fn extends string, N extends string, Known extends string>(fn: Fn, name: N, known: Known): UnknownOption<Fn, N, Known> =>
  `${fn} has no option ${name} (its options: ${known})`;

export type NotAVariable<Got extends string> = `an optimizer updates variables (made with variable(...)), not ${Got}`;
export const notAVariable = <Got extends string>(got: Got): NotAVariable<Got> => `an optimizer updates variables (made with variable(...)), not ${got}`;

/** A placeholder's feedValues given the wrong number or kind of values. */
export const feedValuesMismatch = (dims: string, dtype: string, want: number, got: string): string =>
  `feedValues of a placeholder ${dims} ${dtype} needs ${want} values in a ${dtype === "float32" ? "Float32Array" : dtype === "int32" ? "Int32Array" : "Uint8Array"} or an array of numbers, not ${got}`;

/** A shape whose element count a float64 cannot hold exactly. */
export const tooManyToCount = (dims: string, count: number): string =>
  `${dims} has ${count.toPrecision(4)} elements, more than 2^53 - 1 (9007199254740991), the most a size can count exactly`;
/** A kernel whose loops exceed the 32-bit counters of the generated code. */
export const kernelTooLarge = (loops: string, points: number): string =>
  `a kernel would loop over ${points} points (${loops}), more than the 2^31 - 1 its 32-bit counters and addresses reach: compute it in parts (split a dim and reduce the parts)`;
export const referenceTooLarge = (dims: string, elements: number): string =>
  `the reference engine holds every value of { ${dims} } in float64: ${elements} elements are more than the 2^28 it computes (8 bytes each); use the wasm engine, which streams reductions through its loops`;
export const intIotaTooLarge = (loops: string, top: number): string =>
  `the int32 values of an iota over ${loops} reach ${top}, past int32's 2^31 - 1: use a float32 arange (exact to 2^24, rounded once past it)`;
export const loopTooLong = (loops: string, limit: string): string =>
  `a kernel would run ${loops}, longer than the ${limit} points one of its 32-bit loop counters can count, and this loop cannot be split: compute it in parts (split the dim and combine the parts)`;

/** toOnnx's `dynamic` names a dim no input has (at run time followed by the inputs' dims, in parentheses). */
export type NotAnInputDim<N extends string> = `toOnnx: the dynamic dim "${N}" is not a dim of any input`;
export const notAnInputDim = <N extends string>(name: N): NotAnInputDim<N> => `toOnnx: the dynamic dim "${name}" is not a dim of any input`;

// ---- sparse tensors (src/types/sparse.ts, src/shape/sparse.ts, src/sparse) ----

export type FormatMissingDim<N extends string, Dims extends string> = `the format gives no level to "${N}" of ${Dims}: name every dimension once`;
export const formatMissingDim = <N extends string, Dims extends string>(name: N, dims: Dims): FormatMissingDim<N, Dims> =>
  `the format gives no level to "${name}" of ${dims}: name every dimension once`;
export type BadLevelKind<N extends string, K extends string> = `the level of "${N}" is ${K}: a level is "dense", "compressed" or "singleton"`;
export const badLevelKind = <N extends string, K extends string>(name: N, kind: K): BadLevelKind<N, K> =>
  `the level of "${name}" is ${kind}: a level is "dense", "compressed" or "singleton"`;
export type SparseProductBroadcast<Dims extends string> =
  `the sparse product would broadcast over ${Dims}: a sparse result keeps the sparse operand's dims (use toDense() first)`;
export const sparseProductBroadcast = <Dims extends string>(dims: Dims): SparseProductBroadcast<Dims> =>
  `the sparse product would broadcast over ${dims}: a sparse result keeps the sparse operand's dims (use toDense() first)`;
export type SparseUnionBroadcast<Fn extends string, Dims extends string> = `the sparse ${Fn} would broadcast over ${Dims}: a sparse result keeps the first operand's dims`;
export const sparseUnionBroadcast = <Fn extends string, Dims extends string>(fn: Fn, dims: Dims): SparseUnionBroadcast<Fn, Dims> =>
  `the sparse ${fn} would broadcast over ${dims}: a sparse result keeps the first operand's dims`;
/** Runtime only: a singleton level stores one coordinate per parent entry, so its parent must repeat (COO). */
export const singletonParent = (name: string, parent: string): string =>
  `the singleton level of "${name}" must follow a compressed or singleton level, not ${parent}`;
export const cooLength = (name: string, got: number, values: number): string =>
  `the coordinates of "${name}" are ${got} but the values are ${values}: give one coordinate per name for each value`;
export const cooMissing = (name: string, dims: string): string => `the coordinates of "${name}" of ${dims} are missing`;
export const cooOutOfRange = (name: string, size: number, entry: number, value: string): string =>
  `coordinate ${value} of "${name}" (entry ${entry}) is outside 0..${size - 1}: "${name}" has size ${size}`;
export const cooNotCoordinate = (name: string, entry: number, value: string): string =>
  `coordinate ${value} of "${name}" (entry ${entry}) is not an integer`;

// ---- Matrix Market (src/io/mtx.ts) ----
export const mtxBanner = (got: string): string =>
  `it must start with a banner such as "%%MatrixMarket matrix coordinate real general", not ${got}`;
export const mtxQualifier = (what: string, got: string, allowed: string): string => `the ${what} is "${got}": use ${allowed}`;
export const mtxSizeLine = (want: string, got: string): string => `the size line must be ${want} (non-negative integers), not ${got}`;
export const mtxTooLarge = (what: string, declared: number, limit: number, why: string): string =>
  `it declares ${declared} ${what}, more than the ${limit} ${why}`;
export const mtxFormatTooLarge = (rows: number, cols: number, entries: number, format: string, positions: number): string =>
  `it declares ${rows}×${cols} for ${entries} entries: ${format} would store ${positions} positions (${(positions * 4 / 2 ** 30).toFixed(1)} GiB) for them; read it in a format whose outer level is compressed (dcsr, coo)`;
export const mtxNotSquare = (symmetry: string, rows: number, cols: number): string => `a ${symmetry} matrix must be square, not ${rows}×${cols}`;
export const mtxEntryTokens = (field: string, want: string, got: number): string =>
  `a ${field} entry is ${want}, but this line has ${got} ${got === 1 ? "number" : "numbers"}`;
export const mtxNotNumber = (what: string, got: string): string => `the ${what} ${got} is not a number`;
export const mtxNotInteger = (what: string, got: string): string => `the ${what} ${got} is not an integer`;
export const mtxOutOfRange = (what: string, value: number, size: number): string => `the ${what} ${value} is outside 1..${size}`;
export const mtxTriangle = (symmetry: string, row: number, col: number, rule: string): string =>
  `entry (${row}, ${col}) is not in the part of a ${symmetry} matrix a file stores: ${rule}`;
export const mtxTruncated = (want: number, got: number, what: string): string => `the file ends after ${got} of the ${want} ${what} its size line declares`;
export const mtxExtra = (want: number, what: string): string => `there is more data after the ${want} ${what} its size line declares`;
export const mtxNames = (fn: string, v: unknown): string => `${fn} takes the names of the rows and columns as two strings, such as ["row", "col"], not ${describeArgument(v)}`;
export const mtxNotMatrix = (fn: string, rank: number): string => `${fn} writes matrices (two dims), not a tensor of rank ${rank}`;
export const mtxNotSymmetric = (symmetry: string, row: number, col: number): string =>
  `the matrix is not ${symmetry}: entry (${row}, ${col}) does not match its mirror`;
