// The README's tour, type-checked (tsc -p tsconfig.examples.json) and run (node dist-examples/examples/tour.js).
// The three mistakes are compile errors; at run time they throw the same sentences as ShapeError.
import { ShapeError, explain, randn } from "../src/index.js";

const ims = randn([["batch", 6], ["height", 96], ["width", 96], ["channels", 3]], { seed: 0 });
const mask = randn([["height", 96], ["width", 96]], { seed: 1 }).gt(0);
const gray = ims.maskedFill(mask, 0).mean("channels");
const tiles = gray.split("height", [["rows", 8], "row"]);
const flat = tiles.stack({ image: ["batch", "rows"] });
const scores = flat.dot("width", flat.rename({ row: "other" }));
const checked: { readonly image: 48; readonly row: 12; readonly other: 12 } = scores.shape;

const mistakes: [string, () => unknown][] = [
  // @ts-expect-error — "chanels" is not a dimension
  ["typo", () => ims.mean("chanels")],
  // @ts-expect-error — height is 96 here but 64 there
  ["sizes", () => ims.add(randn([["height", 64]], { seed: 2 }))],
  // @ts-expect-error — batch is private
  ["private", () => ims.mask("batch").sum("batch")],
];

console.log(explain(scores, { code: false }));
console.log(`scores: ${JSON.stringify(checked)}, mean ${(await scores.mean(["image", "row", "other"]).data())[0]!.toFixed(4)}`);
for (const [what, f] of mistakes) {
  try {
    f();
    throw new Error(`${what}: no error`);
  } catch (e) {
    if (!(e instanceof ShapeError)) throw e;
    console.log(`${what}: ShapeError: ${e.message}`);
  }
}
