// Benchmark layer (bench/ only). The small training workloads, written once for each library so that
// run.mjs (kinds "mlp" and "iris"), profile-step.mjs and anyone else time the same thing:
//   mlp:  64 → 64 (relu) → 10, batch 32, softmax cross-entropy, Adam lr 1e-3, a fixed random batch
//   iris: 4 → 16 (tanh) → 3 on the 120 training flowers of examples/iris-mlp.ts (its irisSplit), full batch,
//         Adam lr 0.05, as the example trains it
// One call of `step()` is one training step (forward, backward, Adam) with the loss read back as a number.
// Ours is the traced step (opt.trace: the step is built and differentiated once, later calls replay its
// program) where the built package has it, else opt.step; `untraced()` is always opt.step.
import { randArray } from "./workloads.mjs";

export const MLP = { batch: 32, input: 64, hidden: 64, classes: 10, lr: 1e-3 };
export const IRIS = { train: 120, features: 4, hidden: 16, species: 3, lr: 0.05 };

/** Deterministic MLP inputs shared by every library: x [batch, input] in [-1, 1), labels in [0, classes). */
export function mlpData() {
  const x = randArray(MLP.batch * MLP.input, 21);
  const labels = Int32Array.from(randArray(MLP.batch, 22), (v) => Math.floor(((v + 1) / 2) * MLP.classes));
  return { x, labels };
}

/** Our MLP step. `nt` is the built package. */
export function oursMlp(nt, seed = 0) {
  const { x: xs, labels } = mlpData();
  const x = nt.tensor(xs, [["batch", MLP.batch], ["feature", MLP.input]]);
  const y = nt.tensor(labels, [["batch", MLP.batch]], { dtype: "int32" });
  const l1 = nt.linearParams(["feature", MLP.input], ["hidden", MLP.hidden], { seed });
  const l2 = nt.linearParams(["hidden", MLP.hidden], ["class", MLP.classes], { seed: seed + 1 });
  const opt = nt.adam({ lr: MLP.lr });
  const lossOf = (x, y) => nt.crossEntropy(nt.linear(nt.linear(x, "feature", l1.weight, l1.bias).relu(), "hidden", l2.weight, l2.bias), y, "class");
  const loss = () => lossOf(x, y);
  return { step: tracedStep(opt, lossOf, [x, y], loss), untraced: () => opt.step(loss), loss, lossOf, args: [x, y], opt, expr: 'crossEntropy(linear(linear(x, "feature", W1, b1).relu(), "hidden", W2, b2), y, "class") + adam' };
}

/** Our iris step: the example's data split, the example's model and optimizer settings. */
export async function oursIris(nt, irisExample, seed = 0) {
  const data = irisExample.irisSplit(seed);
  const l1 = nt.linearParams(["feature", IRIS.features], ["hidden", IRIS.hidden], { seed });
  const l2 = nt.linearParams(["hidden", IRIS.hidden], ["species", IRIS.species], { seed: seed + 1 });
  const model = (x) => nt.linear(nt.linear(x, "feature", l1.weight, l1.bias).tanh(), "hidden", l2.weight, l2.bias);
  const lossOf = (x, y) => nt.crossEntropy(model(x), y, "species");
  const loss = () => lossOf(data.train.x, data.train.y);
  const opt = nt.adam({ lr: IRIS.lr });
  return { step: tracedStep(opt, lossOf, [data.train.x, data.train.y], loss), untraced: () => opt.step(loss), loss, opt, data, expr: "the model of examples/iris-mlp.ts (4 → 16 tanh → 3) + adam(0.05)" };
}

/** The traced step of `lossOf` on fixed arguments (opt.trace), or opt.step where the package has no trace. */
function tracedStep(opt, lossOf, args, loss) {
  if (typeof opt.trace !== "function") return () => opt.step(loss);
  const step = opt.trace(lossOf);
  return () => step(...args);
}

/** The tfjs twin of the MLP step (variables, tf.train.adam, softmaxCrossEntropy, the cost read back). */
export function tfjsMlp(tf, seed = 0) {
  const { x: xs, labels } = mlpData();
  const x = tf.tensor2d(xs, [MLP.batch, MLP.input]);
  const y = tf.oneHot(tf.tensor1d(labels, "int32"), MLP.classes);
  const w1 = tf.variable(tf.randomNormal([MLP.input, MLP.hidden], 0, 1 / Math.sqrt(MLP.input), "float32", seed));
  const b1 = tf.variable(tf.zeros([MLP.hidden]));
  const w2 = tf.variable(tf.randomNormal([MLP.hidden, MLP.classes], 0, 1 / Math.sqrt(MLP.hidden), "float32", seed + 1));
  const b2 = tf.variable(tf.zeros([MLP.classes]));
  const opt = tf.train.adam(MLP.lr);
  const f = () => tf.losses.softmaxCrossEntropy(y, tf.add(tf.matMul(tf.relu(tf.add(tf.matMul(x, w1), b1)), w2), b2));
  return tfjsStepper(opt, f, [x, y, w1, b1, w2, b2]);
}

/** The tfjs twin of the iris step, on the same standardised flowers (read from the example's split). */
export async function tfjsIris(tf, split, seed = 0) {
  const x = tf.tensor2d(await split.train.x.data(), [IRIS.train, IRIS.features]);
  const y = tf.oneHot(tf.tensor1d(await split.train.y.data(), "int32"), IRIS.species);
  const w1 = tf.variable(tf.randomNormal([IRIS.features, IRIS.hidden], 0, 1 / Math.sqrt(IRIS.features), "float32", seed));
  const b1 = tf.variable(tf.zeros([IRIS.hidden]));
  const w2 = tf.variable(tf.randomNormal([IRIS.hidden, IRIS.species], 0, 1 / Math.sqrt(IRIS.hidden), "float32", seed + 1));
  const b2 = tf.variable(tf.zeros([IRIS.species]));
  const opt = tf.train.adam(IRIS.lr);
  const f = () => tf.losses.softmaxCrossEntropy(y, tf.add(tf.matMul(tf.tanh(tf.add(tf.matMul(x, w1), b1)), w2), b2));
  return tfjsStepper(opt, f, [x, y, w1, b1, w2, b2]);
}

function tfjsStepper(opt, f, owned) {
  return {
    step() {
      const cost = opt.minimize(f, true);
      const v = cost.dataSync()[0];
      cost.dispose();
      return v;
    },
    dispose() {
      for (const t of owned) t.dispose();
      opt.dispose();
    },
  };
}
