// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): what a dimension name may be, in
// every op that takes names. A name is one string literal that is an identifier ("batch", not "0", "" or
// "my dim"), never a widened `string` or a union (which would silently remove or keep the wrong dims).
import { arange, concat, contract, zeros } from "../../src/index.js";

const x = zeros([["batch", 4], ["seq", 8]]);
declare const name: string;
declare const either: "batch" | "seq";

// ---- a widened string ------------------------------------------------------------------------------------------------------
// @error: dimension names must be string literals, not string
x.sum(name);
// @error: dimension names must be string literals, not string
x.softmax(name);
// @error: dimension names must be string literals, not string
x.dot(name, x);
// @error: dimension names must be string literals, not string
contract([x, x], name);
// @error: dimension names must be string literals, not string
x.mask(name);
// @error: dimension names must be string literals, not string
zeros([[name, 2]]);
// @error: dimension names must be string literals, not string
arange(name, 3);
// @error: dimension names must be string literals, not string
x.sum(["seq", name]);

// @error: dimension names must be string literals, not string
x.transpose(name, "seq");
// @error: dimension names must be string literals, not string
x.mask("seq", name);

// ---- a list of names the checker cannot see (built at run time) -------------------------------------------------------------
declare const names: string[];
declare const someOf: ("batch" | "seq")[];
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.sum(names);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.mean(someOf);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.max(names);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.mask(...names);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
contract([x, x], names);

// Every other op that takes names or new names, as keys or values:
// @error: dimension names must be string literals, not string
x.split(name, [["p", 1], ["q", 7]]);
// @error: dimension names must be string literals, not string
x.split("seq", [[name, 1], ["q", 7]]);
// @error: dimension names must be string literals, not string
x.rename({ seq: name });
// @error: dimension names must be string literals, not string
x.expand({ [name]: 3 } as Record<string, number>);
// @error: dimension names must be string literals, not string
x.pad({ [name]: [1, 1] } as Record<string, [number, number]>);
// @error: dimension names must be string literals, not string
x.rename({ [name]: "s" } as Record<string, string>);
// @error: dimension names must be string literals, not string
x.stack({ [name]: ["batch", "seq"] } as Record<string, ["batch", "seq"]>);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.stack({ m: names });
// @error: dimension names must be string literals, not string
x.narrow("seq", 0, 2, name);
// @error: dimension names must be string literals, not string
x.topk(name, 1, "k");
// @error: dimension names must be string literals, not string
concat([x, x], name);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.squeeze(...names);
// @error: a list of dimension names must be written out (a tuple, or `as const`), not string[]: the checker cannot see which dims it names
x.transpose(...names);

// ---- a union of names -----------------------------------------------------------------------------------------------------
// @error: a dimension name must be one string literal, not a union
x.sum(either);
// @error: a dimension name must be one string literal, not a union
x.argmax(either);
// @error: a dimension name must be one string literal, not a union
x.dot(either, x);
// @error: a dimension name must be one string literal, not a union
zeros([[either, 2]]);

// ---- names that are not identifiers ---------------------------------------------------------------------------------------------
// @error: "0" is not a valid dimension name: use an identifier such as "batch"
x.sum("0");
// @error: "" is not a valid dimension name: use an identifier such as "batch"
x.mean("");
// @error: "1" is not a valid dimension name: use an identifier such as "batch"
x.softmax("1");
// @error: "2d" is not a valid dimension name: use an identifier such as "batch"
x.cumsum("2d");
// @error: "my dim" is not a valid dimension name: use an identifier such as "batch"
x.mask("my dim");
// @error: "seq-len" is not a valid dimension name: use an identifier such as "batch"
zeros([["seq-len", 2]]);
// @error: "3" is not a valid dimension name: use an identifier such as "batch"
x.topk("seq", 2, "3");

// ---- names given twice -------------------------------------------------------------------------------------------------------------
// @error: dimension names must be unique: "seq" appears twice
x.sum(["seq", "seq"]);
// @error: dimension names must be unique: "batch" appears twice
zeros([["batch", 1], ["batch", 1]]);
// @error: dimension names must be unique: "batch" appears twice
x.mask("batch", "seq", "batch");

// ---- a name that is taken -----------------------------------------------------------------------------------------------------------
// @error: "batch" is already a dimension
x.topk("seq", 2, "batch");
