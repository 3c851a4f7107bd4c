// Layer: src/io. The Python literals of a .npy header, parsed as `ast.literal_eval` parses them (NumPy reads
// the header so): dicts (a repeated key keeps its first place and its last value, as in Python), tuples
// (`(2)` is an int, `(2,)` a tuple, `(,)` a syntax error), lists, sets, strings (quotes, prefixes, escapes,
// implicit concatenation), ints of any size, True/False/None, a sign on a number; whitespace, comments and
// line continuations between tokens. Floats and complex numbers are recognised only to be refused by the
// caller. Every error is a `FormatError` at the byte of the offending character. Imports src/types only.
import { FormatError, notPythonLiteral } from "../types/errors.js";

/** A parsed Python literal. Ints are exact (bigint); floats keep their text. */
export type PyValue =
  | { readonly type: "int"; readonly value: bigint }
  | { readonly type: "float"; readonly text: string }
  | { readonly type: "str"; readonly value: string }
  | { readonly type: "bytes"; readonly value: string }
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "none" }
  | { readonly type: "tuple" | "list" | "set"; readonly items: readonly PyValue[] }
  | { readonly type: "dict"; readonly entries: ReadonlyMap<string, PyValue>; readonly other: number };

/** A literal as Python's `repr` writes it, for error sentences. @example pyRepr({ type: "int", value: 2n }); // "2" */
export function pyRepr(v: PyValue): string {
  switch (v.type) {
    case "int": return String(v.value);
    case "float": return v.text;
    case "str": return `'${v.value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
    case "bytes": return `b'${v.value}'`;
    case "bool": return v.value ? "True" : "False";
    case "none": return "None";
    case "tuple": return v.items.length === 1 ? `(${pyRepr(v.items[0]!)},)` : `(${v.items.map(pyRepr).join(", ")})`;
    case "list": return `[${v.items.map(pyRepr).join(", ")}]`;
    case "set": return `{${v.items.map(pyRepr).join(", ")}}`;
    case "dict": return `{${[...v.entries].map(([k, x]) => `'${k}': ${pyRepr(x)}`).join(", ")}${v.other ? ", …" : ""}}`;
  }
}

const simpleEscapes: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };

/**
 * Parses `text`, a Python expression that must be one literal, as `ast.literal_eval` does. `base` is the byte
 * offset of the text in the file (for error places); `dropL` drops an `L` after an int, as NumPy does for
 * headers written by Python 2 (versions 1.0 and 2.0). `offsetOf(i)` maps a character index to its byte.
 * @example parsePythonLiteral("{'shape': (2,), }", 10, false, (i) => i).type; // "dict"
 */
export function parsePythonLiteral(text: string, base: number, dropL: boolean, offsetOf: (index: number) => number = (i) => i): PyValue {
  let at = 0;
  const fail = (detail: string, index = at): never => {
    throw new FormatError("npy", notPythonLiteral(detail), { offset: base + offsetOf(Math.min(index, text.length)) });
  };
  const skip = (): void => {
    for (;;) {
      const c = text[at];
      if (c === " " || c === "\t" || c === "\f" || c === "\r" || c === "\n") at++;
      else if (c === "\\" && (text[at + 1] === "\n" || (text[at + 1] === "\r" && text[at + 2] === "\n"))) at += text[at + 1] === "\n" ? 2 : 3;
      else if (c === "#") while (at < text.length && text[at] !== "\n" && text[at] !== "\r") at++;
      else return;
    }
  };
  const near = (): string => (at >= text.length ? "the header ends early" : `unexpected ${JSON.stringify(text[at])}`);

  const string = (): PyValue => {
    let value = "";
    let bytes = false;
    let any = false;
    // Adjacent strings concatenate ('a' "b" == 'ab'); str and bytes do not mix.
    for (;;) {
      const m = /^([rRuUbB]|[rR][bB]|[bB][rR])?(['"])/.exec(text.slice(at, at + 3));
      if (!m) break;
      const prefix = (m[1] ?? "").toLowerCase();
      if (any && prefix.includes("b") !== bytes) fail("cannot mix bytes and nonbytes literals");
      bytes = prefix.includes("b");
      any = true;
      const raw = prefix.includes("r");
      const quote = m[2]!;
      at += m[0].length;
      const triple = text.startsWith(quote.repeat(2), at);
      if (triple) at += 2;
      const close = triple ? quote.repeat(3) : quote;
      for (;;) {
        if (at >= text.length) fail("unterminated string literal");
        if (text.startsWith(close, at)) {
          at += close.length;
          break;
        }
        const c = text[at]!;
        if (!triple && (c === "\n" || c === "\r")) fail("unterminated string literal");
        if (bytes && c.charCodeAt(0) > 0x7f) fail("bytes can only contain ASCII literal characters");
        if (c !== "\\") {
          value += c;
          at++;
          continue;
        }
        const e = text[at + 1];
        if (e === undefined) fail("unterminated string literal");
        if (raw) {
          value += c + e;
          at += 2;
        } else if (simpleEscapes[e!] !== undefined) {
          value += simpleEscapes[e!];
          at += 2;
        } else if (/[0-7]/.test(e!)) {
          const o = /^[0-7]{1,3}/.exec(text.slice(at + 1))![0];
          value += String.fromCharCode(parseInt(o, 8));
          at += 1 + o.length;
        } else if (e === "x" || (!bytes && (e === "u" || e === "U"))) {
          const n = e === "x" ? 2 : e === "u" ? 4 : 8;
          const hex = text.slice(at + 2, at + 2 + n);
          if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) fail(`truncated \\${e} escape`);
          const code = parseInt(hex, 16);
          if (code > 0x10ffff) fail(`illegal Unicode character \\${e}${hex}`);
          value += String.fromCodePoint(code);
          at += 2 + n;
        } else if (e === "N" && !bytes) {
          fail("\\N{...} escapes are not supported");
        } else {
          value += c + e; // an unknown escape stays as written
          at += 2;
        }
      }
      skip();
    }
    return bytes ? { type: "bytes", value } : { type: "str", value };
  };

  const number = (sign: string): PyValue => {
    const m = /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)/.exec(text.slice(at));
    const token = m?.[0] ?? "";
    if (token === "" || token === "." || /^\.?[eE]/.test(token)) fail(near());
    if (/[A-Za-z0-9_]/.test(text[at + token.length] ?? "") && !(dropL && text[at + token.length] === "L")) fail(`invalid number ${JSON.stringify(text.slice(at, at + token.length + 1))}`);
    at += token.length;
    if (/[.eEjJ]/.test(token) && !/^0[xXoObB]/.test(token)) return { type: "float", text: sign + token };
    const digits = token.replace(/_/g, "");
    if (/^0\d/.test(digits) && !/^0+$/.test(digits)) fail("leading zeros in decimal integer literals are not permitted", at - token.length);
    const magnitude = /^0[oO]/.test(digits) ? BigInt(`0o${digits.slice(2)}`) : BigInt(digits);
    if (dropL) {
      skip();
      if (text[at] === "L" && !/[A-Za-z0-9_]/.test(text[at + 1] ?? "")) at++;
    }
    return { type: "int", value: sign === "-" ? -magnitude : magnitude };
  };

  const items = (closeWith: string): { items: PyValue[]; comma: boolean } => {
    const out: PyValue[] = [];
    let comma = false;
    for (;;) {
      skip();
      if (text[at] === closeWith) break;
      out.push(value());
      skip();
      if (text[at] === ",") {
        at++;
        comma = true;
      } else if (text[at] !== closeWith) fail(near());
      else break;
    }
    at++;
    return { items: out, comma };
  };

  const braces = (): PyValue => {
    at++;
    skip();
    if (text[at] === "}") return (at++, { type: "dict", entries: new Map(), other: 0 });
    const first = value();
    skip();
    if (text[at] !== ":") {
      // A set: {a, b}.
      if (text[at] === "}") return (at++, { type: "set", items: [first] });
      if (text[at] !== ",") fail(near());
      at++;
      return { type: "set", items: [first, ...items("}").items] };
    }
    const entries = new Map<string, PyValue>();
    let other = 0;
    const put = (key: PyValue, v: PyValue): void => {
      if (key.type === "str") entries.set(key.value, v); // a repeated key keeps its first place, the last value
      else if (key.type === "list" || key.type === "dict" || key.type === "set") fail(`unhashable type: '${key.type}'`);
      else other++;
    };
    let key = first;
    for (;;) {
      skip();
      if (text[at] !== ":") fail(near());
      at++;
      skip();
      put(key, value());
      skip();
      if (text[at] === "}") break;
      if (text[at] !== ",") fail(near());
      at++;
      skip();
      if (text[at] === "}") break;
      key = value();
    }
    at++;
    return { type: "dict", entries, other };
  };

  const value = (): PyValue => {
    skip();
    const c = text[at];
    if (c === "{") return braces();
    if (c === "(") {
      at++;
      skip();
      if (text[at] === ")") return (at++, { type: "tuple", items: [] });
      if (text[at] === ",") fail("invalid syntax: (,)");
      const { items: list, comma } = items(")");
      return list.length === 1 && !comma ? list[0]! : { type: "tuple", items: list };
    }
    if (c === "[") {
      at++;
      return { type: "list", items: items("]").items };
    }
    if (c === "-" || c === "+") {
      at++;
      skip();
      if (!/[0-9.]/.test(text[at] ?? "")) fail(`a sign must be followed by a number: ${near()}`);
      return number(c);
    }
    if (c !== undefined && /[0-9.]/.test(c)) return number("");
    if (/^(?:[rRuUbB]|[rR][bB]|[bB][rR])?['"]/.test(text.slice(at, at + 3))) return string();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at))?.[0];
    if (word === "True" || word === "False") return (at += word.length, { type: "bool", value: word === "True" });
    if (word === "None") return (at += 4, { type: "none" });
    if (word !== undefined) fail(`the name ${word} is not a literal`);
    return fail(near());
  };

  if (text.includes("\0")) fail("source code cannot contain null bytes", text.indexOf("\0"));
  const result = value();
  skip();
  if (at < text.length) fail(near());
  return result;
}
