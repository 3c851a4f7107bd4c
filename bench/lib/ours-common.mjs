// Benchmark layer (bench/ only). Our library's workloads written with named ops, as a user writes them, for
// any of our devices: `makeOursLib({ id, device })` gives a bench/libs module. Imports the built package
// (../../dist/index.js) lazily in setup, so a missing build is a clear "unavailable", never a crash.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_DIR, notAvailable } from "./runner.mjs";
import { loadExample } from "./example.mjs";
import { oursIris, oursMlp } from "./small-models.mjs";

/**
 * A library module for named-tensor on `device`. `compute(t)` must return once t's values exist on the device
 * (CPU: `t.materialize()`), `read(t)` gives them as a JS typed array (CPU: `t.dataSync()`); a GPU column
 * passes async versions of both.
 * @example export default makeOursLib({ id: "ours", label: "ours (cpu)", device: "cpu" })
 */
export function makeOursLib({ id, label, device, order = 0, threads = 1, compute = (t) => t.materialize(), read = (t) => t.dataSync(), defaultEnabled, ...rest }) {
  let nt = null;
  const dims = (shape, names) => shape.map((s, i) => [names[i], s]);

  /** A handle that rebuilds the expression on every call (nothing is cached between runs but compiled kernels). */
  function handle(variant, inputs, build, expectDims) {
    let last = null;
    let checked = false;
    const h = {
      variant,
      notes: [],
      async compute() {
        last?.dispose();
        last = build();
        if (!checked) {
          checked = true;
          if (String(last.dims) !== String(expectDims))
            throw new Error(`result dims are [${last.dims}], expected [${expectDims}] (the order the reference reads)`);
        }
        await compute(last);
      },
      read: () => read(last),
      current: () => last,
      dispose() {
        last?.dispose();
        for (const t of inputs) t.dispose();
      },
    };
    return h;
  }
  /** Makes `device` the default before the inputs are created (several of our columns share one process). */
  const use = () => nt.setDevice(device);
  const need = (method) => {
    if (typeof nt.Tensor.prototype[method] !== "function") throw notAvailable(`Tensor.${method} is not implemented yet`);
  };

  return {
    id, label: label ?? id, order, threads, ours: true, defaultEnabled, ...rest,
    async setup() {
      // BENCH_DIST points at another build of the package (e.g. to compare before/after a kernel change).
      const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(REPO_DIR, "dist");
      const entry = path.join(dist, "index.js");
      if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the library first with \`node scripts/build.mjs\``);
      nt = await import(pathToFileURL(entry).href);
      const dev = await nt.getDevice(device);
      const notes = [`device "${dev.name}" (${dev.constructor?.name ?? "?"})`];
      const stale = newestMtime(path.join(REPO_DIR, "src")) > fs.statSync(entry).mtimeMs;
      if (stale) notes.push("WARNING: src/ is newer than dist/: rebuild with `node scripts/build.mjs`");
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8"));
      return { version: `${pkg.name} ${pkg.version} (${path.relative(REPO_DIR, dist) || dist})`, notes };
    },
    impls: {
      async matmul(I, p) {
        await use();
        const a = nt.tensor(I.a, dims(I.aShape, ["i", "k"])), b = nt.tensor(I.b, dims(I.bShape, ["k", "j"]));
        return handle('a.dot("k", b)', [a, b], () => a.dot("k", b), ["i", "j"]);
      },
      async sigmoid(I) {
        await use();
        const x = nt.tensor(I.x, dims(I.shape, ["i"]));
        return handle("full([], 1).div(x.neg().exp().add(1))", [x], () => nt.full([], 1).div(x.neg().exp().add(1)), ["i"]);
      },
      async sigmoidOp(I) {
        await use();
        need("sigmoid");
        const x = nt.tensor(I.x, dims(I.shape, ["i"]));
        return handle("x.sigmoid()", [x], () => x.sigmoid(), ["i"]);
      },
      async chain(I) {
        await use();
        const [a, b, c] = [I.a, I.b, I.c].map((v) => nt.tensor(v, dims(I.shape, ["i"])));
        return handle("a.mul(b).add(c).tanh()", [a, b, c], () => a.mul(b).add(c).tanh(), ["i"]);
      },
      async rowsum(I) {
        await use();
        const x = nt.tensor(I.x, dims(I.shape, ["row", "col"]));
        return handle('x.sum("col")', [x], () => x.sum("col"), ["row"]);
      },
      async colsum(I) {
        await use();
        const x = nt.tensor(I.x, dims(I.shape, ["row", "col"]));
        return handle('x.sum("row")', [x], () => x.sum("row"), ["col"]);
      },
      async softmax(I) {
        await use();
        const x = nt.tensor(I.x, dims(I.shape, ["row", "col"]));
        return handle('x.softmax("col")', [x], () => x.softmax("col"), ["row", "col"]);
      },
      async attention(I) {
        await use();
        const q = nt.tensor(I.q, dims(I.qShape, ["b", "query", "d"]));
        const k = nt.tensor(I.k, dims(I.kShape, ["b", "key", "d"]));
        const v = nt.tensor(I.v, dims(I.vShape, ["b", "key", "d"]));
        return handle('q.dot("d", k).softmax("key").dot("key", v)', [q, k, v], () => q.dot("d", k).softmax("key").dot("key", v), ["b", "query", "d"]);
      },
      async affine(I) {
        await use();
        const x = nt.tensor(I.x, dims(I.shape, ["i"]));
        return handle("x.mul(2).add(1)", [x], () => x.mul(2).add(1), ["i"]);
      },
      async mlp(I, p) {
        if (device !== "cpu") throw notAvailable("the training workloads run on the CPU device only");
        await use();
        return trainHandle(p, oursMlp(nt));
      },
      async iris(I, p) {
        if (device !== "cpu") throw notAvailable("the training workloads run on the CPU device only");
        await use();
        return trainHandle(p, await oursIris(nt, await loadExample("iris-mlp")));
      },
      async conv(I, p) {
        await use();
        if (typeof nt.conv !== "function") throw notAvailable("conv is not implemented yet");
        const x = nt.tensor(I.x, dims([p.b, p.h, p.w, p.cin], ["b", "h", "w", "c"]));
        // depthwise: groups = channels, a kernel channel of 1 and the output channels in the channel's order
        const w = nt.tensor(I.filter, dims([p.k, p.k, p.depthwise ? 1 : p.cin, p.cout], ["kh", "kw", "c", "o"]));
        const bias = nt.tensor(I.bias, dims([p.cout], ["o"]));
        const spec = { channel: "c", window: { h: "kh", w: "kw" }, padding: "same", stride: p.stride, groups: p.depthwise ? p.cin : 1 };
        return handle(`conv(x, w, ${JSON.stringify(spec)}).add(bias).relu()`, [x, w, bias], () => nt.conv(x, w, spec).add(bias).relu(), ["b", "h", "w", "o"]);
      },
      async permute(I) {
        await use();
        need("transpose");
        const x = nt.tensor(I.x, dims(I.shape, ["a", "b", "c"]));
        // A transpose alone is a free strided view; contiguous() asks for the copy the peers make.
        const copy = typeof nt.Tensor.prototype.contiguous === "function";
        const h = copy
          ? handle('x.transpose("c", "a", "b").contiguous()', [x], () => x.transpose("c", "a", "b").contiguous(), ["c", "a", "b"])
          : handle('x.transpose("c", "a", "b")', [x], () => x.transpose("c", "a", "b"), ["c", "a", "b"]);
        const compute = h.compute;
        h.compute = async () => {
          await compute();
          if (!h.computeIsView && isStridedView(h.current())) {
            h.computeIsView = true; // the runner leaves this cell out of the compute-only ratios
            h.notes.push("materialize() kept a strided view: the copy happens in the readback, so compare the readback column");
          }
        };
        return h;
      },
    },
  };
}

/** A training workload's handle: compute() runs `p.steps` steps (each reads its loss back), read() the last loss. */
export function trainHandle(p, model) {
  let loss = NaN;
  return {
    variant: model.expr,
    async compute() {
      for (let i = 0; i < p.steps; i++) loss = await model.step();
    },
    read: () => Float32Array.of(loss),
    dispose() {
      model.dispose?.();
    },
  };
}

/** True when a materialised tensor's storage is not contiguous in its logical order. */
function isStridedView(t) {
  const st = t?.node?.storage;
  if (!st) return false;
  const sizes = t.node.dims.map((d) => d.size);
  const contiguous = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
  return st.strides.some((x, i) => x !== contiguous[i] && sizes[i] > 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}
