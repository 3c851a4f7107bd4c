// Layer: src/onnx. Where a damaged ONNX file breaks: a walk over the protobuf wire format (tags, varints, lengths)
// of the model, its graph and the graph's nodes, run only after the protobuf decoder refused the bytes, so that
// the FormatError can say at which byte and in which part (a truncated file, a length running past its message,
// an illegal wire type). Reads bytes only; allocates nothing in proportion to the sizes the bytes declare.

/** The first place the wire format breaks: the byte offset, the part of the model, and what is wrong there. */
export interface WireFault {
  readonly offset: number;
  readonly part: string;
  readonly sentence: string;
}

/** Message fields walked into, by message: field number → [message kind, name of the part, repeated]. */
const nested: Record<string, Record<number, [string, string, boolean]>> = {
  model: { 7: ["graph", "graph", false] },
  graph: { 1: ["node", "node", true] },
  node: {},
};

/** Reads a varint at `at` (at most 10 bytes, within `end`): its value (as a number, lengths fit) and its end. */
function varint(bytes: Uint8Array, at: number, end: number): { value: number; next: number } | undefined {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (at + i >= end) return undefined;
    const b = bytes[at + i]!;
    value += (b & 0x7f) * scale;
    scale *= 128;
    if ((b & 0x80) === 0) return { value, next: at + i + 1 };
  }
  return undefined;
}

/** The first fault in the message of kind `kind` spanning [start, end), or undefined when its wire format is whole. */
function walk(bytes: Uint8Array, start: number, end: number, kind: string, part: string): WireFault | undefined {
  const counts = new Map<number, number>();
  let at = start;
  while (at < end) {
    const tag = varint(bytes, at, end);
    if (!tag) return { offset: at, part, sentence: "a field tag is cut off (the file is truncated)" };
    const field = Math.floor(tag.value / 8);
    const wire = tag.value % 8;
    if (field === 0) return { offset: at, part, sentence: "a field has number 0, which protobuf does not allow" };
    const index = counts.get(field) ?? 0;
    counts.set(field, index + 1);
    let next: number;
    if (wire === 0) {
      const v = varint(bytes, tag.next, end);
      if (!v) return { offset: tag.next, part, sentence: `the integer of field ${field} is cut off (the file is truncated)` };
      next = v.next;
    } else if (wire === 1 || wire === 5) {
      next = tag.next + (wire === 1 ? 8 : 4);
      if (next > end) return { offset: tag.next, part, sentence: `the ${wire === 1 ? 8 : 4}-byte value of field ${field} is cut off (the file is truncated)` };
    } else if (wire === 2) {
      const len = varint(bytes, tag.next, end);
      if (!len) return { offset: tag.next, part, sentence: `the length of field ${field} is cut off (the file is truncated)` };
      next = len.next + len.value;
      const inner = nested[kind]?.[field];
      const name = inner ? (inner[2] ? `${inner[1]} ${index}` : inner[1]) : undefined;
      if (next > end) return { offset: at, part, sentence: `${name ?? `field ${field}`} declares ${len.value} bytes but only ${end - len.next} remain (the file is truncated or corrupt)` };
      if (inner) {
        const fault = walk(bytes, len.next, next, inner[0], part === "model" ? name! : `${part}, ${name}`);
        if (fault) return fault;
      }
    } else return { offset: at, part, sentence: `field ${field} has wire type ${wire}, which an ONNX file does not use (the file is corrupt)` };
    at = next;
  }
  return undefined;
}

/** The first place the wire format of an ONNX model's bytes breaks (model, graph, nodes), if it does. */
export const wireFault = (bytes: Uint8Array): WireFault | undefined => walk(bytes, 0, bytes.length, "model", "model");
