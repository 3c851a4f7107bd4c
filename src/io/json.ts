// Layer: src/io. A strict JSON parser (RFC 8259) for safetensors headers, which `JSON.parse` cannot check:
// it keeps the text of every number (so `2.0` and `1e1` are not taken for the integers a shape needs), the
// character position of every value (so an error names its byte), and refuses a key repeated in one object
// (which `JSON.parse` silently resolves to the last). Lone surrogates and nesting deeper than 128 are refused,
// as by serde_json, which the reference reader uses. Imports src/types only.
import { FormatError, duplicateKey, jsonSyntax } from "../types/errors.js";

/** A JSON number, as written. */
export class JsonNumber {
  constructor(readonly text: string, readonly at: number) {}
}
/** A JSON array with the position of its `[`. */
export class JsonArray {
  constructor(readonly items: readonly JsonValue[], readonly at: number) {}
}
/** A JSON object: its members in order, with the position of each value. */
export class JsonObject {
  readonly members = new Map<string, JsonValue>();
  readonly positions = new Map<string, number>();
  constructor(readonly at: number) {}
}
export type JsonValue = string | boolean | null | JsonNumber | JsonArray | JsonObject;

/**
 * Parses `text` as one JSON value; `place(i)` maps a character index to the byte offset reported in errors.
 * @example (parseJson('{"a": [1, 2]}', (i) => 8 + i) as JsonObject).members.get("a"); // JsonArray
 */
export function parseJson(text: string, place: (index: number) => number): JsonValue {
  let at = 0;
  const fail = (detail: string, index = at): never => {
    throw new FormatError("safetensors", jsonSyntax(detail), { offset: place(index) });
  };
  const near = (): string => (at >= text.length ? "the end of the header" : JSON.stringify(text[at]));
  const space = (): void => {
    while (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r") at++;
  };
  const hex4 = (): number => {
    const h = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) fail("a \\u escape needs four hex digits");
    at += 4;
    return parseInt(h, 16);
  };
  const string = (): string => {
    at++; // the opening quote
    let out = "";
    for (;;) {
      const c = text[at];
      if (c === undefined) fail("unterminated string");
      if (c === '"') return (at++, out);
      if (c! < " ") fail("a control character in a string");
      if (c !== "\\") {
        out += c;
        at++;
        continue;
      }
      const e = text[at + 1];
      at += 2;
      const simple = ({ '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[e ?? ""];
      if (simple !== undefined) out += simple;
      else if (e === "u") {
        const u = hex4();
        if (u >= 0xdc00 && u <= 0xdfff) fail("a lone surrogate in a \\u escape", at - 6);
        if (u >= 0xd800 && u <= 0xdbff) {
          if (text[at] !== "\\" || text[at + 1] !== "u") fail("a lone surrogate in a \\u escape", at - 6);
          at += 2;
          const low = hex4();
          if (low < 0xdc00 || low > 0xdfff) fail("a lone surrogate in a \\u escape", at - 12);
          out += String.fromCharCode(u, low);
        } else out += String.fromCharCode(u);
      } else fail(`invalid escape \\${e ?? ""}`, at - 2);
    }
  };
  const value = (depth: number): JsonValue => {
    if (depth > 128) fail("nested deeper than 128");
    space();
    const start = at;
    const c = text[at];
    if (c === "{") {
      at++;
      const object = new JsonObject(start);
      space();
      if (text[at] === "}") return (at++, object);
      for (;;) {
        space();
        if (text[at] !== '"') fail(`expected a key, not ${near()}`);
        const keyAt = at;
        const key = string();
        if (object.members.has(key)) fail(duplicateKey(key), keyAt);
        space();
        if (text[at] !== ":") fail(`expected ":", not ${near()}`);
        at++;
        space();
        object.positions.set(key, at);
        object.members.set(key, value(depth + 1));
        space();
        if (text[at] === "}") return (at++, object);
        if (text[at] !== ",") fail(`expected "," or "}", not ${near()}`);
        at++;
      }
    }
    if (c === "[") {
      at++;
      const items: JsonValue[] = [];
      space();
      if (text[at] === "]") return (at++, new JsonArray(items, start));
      for (;;) {
        items.push(value(depth + 1));
        space();
        if (text[at] === "]") return (at++, new JsonArray(items, start));
        if (text[at] !== ",") fail(`expected "," or "]", not ${near()}`);
        at++;
      }
    }
    if (c === '"') return string();
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 400))?.[0];
    if (number) return (at += number.length, new JsonNumber(number, start));
    for (const [word, v] of [["true", true], ["false", false], ["null", null]] as const) if (text.startsWith(word, at)) return (at += word.length, v);
    return fail(`unexpected ${near()}`);
  };
  const result = value(0);
  space();
  if (at < text.length) fail(`unexpected ${JSON.stringify(text[at])} after the header's object`);
  return result;
}
