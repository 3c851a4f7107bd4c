// The editor is the product's user interface: with the TypeScript 6 language service and the TypeScript 7
// language server (tsgo --lsp over stdio), on test/fixtures/editor.ts — hovering a tensor shows its names and
// sizes, a name argument completes the tensor's visible dims (and not its private ones), and a wrong name's
// diagnostic is the one sentence.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const file = path.join(root, "test/fixtures/editor.ts");
const text = fs.readFileSync(file, "utf8");
const lines = text.split("\n");

/** Line and character of a spot: the name after `export const` on the line marked `hover: name`. */
function spot(marker: string, find: (line: string) => number): { line: number; character: number; offset: number } {
  const line = lines.findIndex((l) => l.includes(`// ${marker}`));
  if (line < 0) throw new Error(`no line marked ${marker}`);
  return at(line, find(lines[line]!));
}
function at(line: number, character: number): { line: number; character: number; offset: number } {
  return { line, character, offset: lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + character };
}
const hoverAt = (name: string) => spot(`hover: ${name}`, (l) => l.indexOf(`const ${name}`) + 6);
/**
 * The completion cases: a line marked `// complete: a, b` (the names the editor must offer, and nothing else),
 * with the cursor at the column of the `^` on the line below it.
 */
const completionCases = lines.flatMap((l, i) => {
  const m = /^(.*?); \/\/ complete: (.+)$/.exec(l);
  if (!m) return [];
  const caret = lines[i + 1]!.indexOf("^");
  if (!/^\s*\/\/\s*\^$/.test(lines[i + 1]!)) throw new Error(`line ${i + 2}: a complete: line needs a // ^ line below it`);
  return [{ code: m[1]!.trim(), want: m[2]!.split(", ").sort(), ...at(i, caret) }];
});
/** TS 7 labels an optional property `batch?` (an object's keys); the name is what is offered. */
const offered = (label: string): string => label.replace(/\?$/, "");
const errorLine = lines.findIndex((l) => l.endsWith("// error"));

/** A diagnostic shows the sentence inside a string literal type, its quotes escaped. */
const unescape = (message: string): string => message.replaceAll('\\"', '"');

const expected = {
  x: 'Tensor<[["batch", 32], ["seq", 128]], "float32">',
  y: 'Tensor<[["batch", 32, "masked"], ["seq", 128]], "float32">',
  t: 'Tensor<[["seq", 128], ["batch", 32]], "float32">',
  s: 'Tensor<[["batch", 32]], "float32">',
  r: 'Tensor<[["batch", 32, "masked"], ["time", 128]], "float32">',
  wrong: '"nope" is not a dimension of { batch: 32, seq: 128 }',
};

describe("the TypeScript 6 language service", () => {
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, types: [] };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => (fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, "utf8")) : undefined),
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);

  it("hovering a tensor shows its names and sizes (private dims flagged)", () => {
    for (const name of ["x", "y", "t", "s", "r"] as const) {
      const info = service.getQuickInfoAtPosition(file, hoverAt(name).offset);
      expect(ts.displayPartsToString(info?.displayParts)).toBe(`const ${name}: ${expected[name]}`);
    }
  });

  it("a name argument completes the visible dims, not the private ones: one name, rest arguments, lists, object keys", () => {
    expect(completionCases.length).toBe(62);
    for (const { code, want, offset } of completionCases) {
      const names = (service.getCompletionsAtPosition(file, offset, {})?.entries ?? []).map((e) => e.name).sort();
      expect(names, code).toEqual(want);
    }
  });

  it("a wrong name's diagnostic is the one sentence", () => {
    const diagnostics = service.getSemanticDiagnostics(file).filter((d) => ts.getLineAndCharacterOfPosition(d.file!, d.start!).line === errorLine);
    expect(diagnostics).toHaveLength(1);
    expect(unescape(ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, "\n"))).toContain(`ShapeError<"${expected.wrong}">`);
  });
});

/** A minimal LSP client over stdio: requests by id, notifications collected. */
class LspClient {
  readonly #child;
  #buffer = Buffer.alloc(0);
  #next = 1;
  readonly #pending = new Map<number, (result: unknown) => void>();
  readonly notifications: { method: string; params: any }[] = [];

  constructor(exe: string) {
    this.#child = spawn(exe, ["--lsp", "--stdio"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    this.#child.stdout.on("data", (chunk: Buffer) => this.#read(chunk));
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const end = this.#buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.#buffer.subarray(0, end).toString())?.[1]);
      if (this.#buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.#buffer.subarray(end + 4, end + 4 + length).toString());
      this.#buffer = this.#buffer.subarray(end + 4 + length);
      if (message.id !== undefined && this.#pending.has(message.id)) {
        this.#pending.get(message.id)!(message.result ?? message.error);
        this.#pending.delete(message.id);
      } else if (message.id !== undefined && message.method) this.#send({ jsonrpc: "2.0", id: message.id, result: null }); // server → client requests
      else if (message.method) this.notifications.push(message);
    }
  }

  #send(message: object): void {
    const body = JSON.stringify(message);
    this.#child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  request(method: string, params: unknown): Promise<any> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.#send({ jsonrpc: "2.0", method, params });
  }

  close(): void {
    this.#child.kill();
  }
}

describe("the TypeScript 7 language server (tsgo --lsp)", () => {
  const exe = path.join(root, "node_modules/@typescript/typescript-linux-x64/lib/tsc");
  const uri = pathToFileURL(file).href;
  let client: LspClient;

  beforeAll(async () => {
    expect(fs.existsSync(exe), `no TS 7 binary at ${exe}`).toBe(true);
    client = new LspClient(exe);
    await client.request("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(root).href,
      capabilities: { textDocument: { hover: { contentFormat: ["plaintext", "markdown"] }, completion: {}, diagnostic: {} } },
    });
    client.notify("initialized", {});
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "typescript", version: 1, text } });
  });
  afterAll(() => client?.close());

  it("hovering a tensor shows its names and sizes (private dims flagged)", async () => {
    for (const name of ["x", "y", "t", "s", "r"] as const) {
      const { line, character } = hoverAt(name);
      const hover = await client.request("textDocument/hover", { textDocument: { uri }, position: { line, character } });
      const shown = typeof hover?.contents === "string" ? hover.contents : (hover?.contents?.value ?? JSON.stringify(hover));
      expect(shown).toContain(`const ${name}: ${expected[name]}`);
    }
  });

  it("a name argument completes the visible dims, not the private ones: one name, rest arguments, lists, object keys", async () => {
    for (const { code, want, line, character } of completionCases) {
      const list = await client.request("textDocument/completion", { textDocument: { uri }, position: { line, character } });
      const names = ((Array.isArray(list) ? list : list?.items) ?? []).map((i: { label: string }) => offered(i.label)).sort();
      expect(names, code).toEqual(want);
    }
  });

  it("a wrong name's diagnostic is the one sentence", async () => {
    const report = await client.request("textDocument/diagnostic", { textDocument: { uri } });
    const items: { range: { start: { line: number } }; message: string }[] = report?.items ?? [];
    const here = items.filter((d) => d.range.start.line === errorLine);
    expect(here).toHaveLength(1);
    expect(unescape(here[0]!.message)).toContain(`ShapeError<"${expected.wrong}">`);
  });
});
