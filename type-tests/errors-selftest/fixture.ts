// Fixture for `node scripts/check-type-errors.mjs --self-test`: planted mistakes the harness must catch.
// Lines ending in `// selftest: <kind>` must be reported with that kind; the others must pass. Not a real test.
import { zeros } from "../../src/index.js";

const x = zeros([["batch", 32], ["seq", 128]]);

// A correct annotation: no failure.
// @error: "sq" is not a dimension of { batch: 32, seq: 128 }
x.sum("sq");

// The sentence as it would read if it changed (a size in it is wrong): reported as wrong text.
// @error: "sq" is not a dimension of { batch: 99, seq: 128 }
x.sum("sq"); // selftest: wrong-text

// An error without an annotation.
x.mean("nope"); // selftest: unexpected

// An annotation on a line that compiles.
// @error: is private (masked)
x.sum("seq"); // selftest: missing

// Two errors on a line with one annotation (one mistake must give one error).
// @error: "a" is not a dimension
x.sum("a"); x.sum("b"); // selftest: count

// A correct annotation on a chain: the later calls after the mistake do not error.
// @error: dimension "seq" is 128 in the left operand but 64 in the right
x.add(zeros([["seq", 64]])).sum("anything").add(zeros([["z", 1]]));
