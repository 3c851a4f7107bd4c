"""Differential check of the file readers against the formats' reference implementations (outside CI).
`NT_FUZZ_IO=N NT_FUZZ_IO_DUMP=dir vitest run test/io-fuzz.test.ts` writes every edited file and what fromNpy
or fromSafetensors did with it; this script reads each .npy with NumPy (np.load from memory, allow_pickle=False)
and each .safetensors with the safetensors library (`safetensors.deserialize`, the Rust reader and validate),
applies the library's documented differences, and prints where the readers disagree.
The differences: the data of a .npy must be exactly prod(shape) * itemsize bytes; only plain numeric dtypes are
read, as float32/int32/bool, int values within int32; names must match the rank; a safetensors header may not
repeat a key nor give an entry a fourth key (the reference keeps the last key and ignores extra ones).
Usage: python3 scripts/io-fuzz-reference.py dir"""
import collections, io, json, math, os, sys, warnings

import numpy as np
import safetensors
from numpy.lib import _format_impl as fmt


def same_number(a, b):
    b = float(b)  # JS numbers as written by the test: "NaN", "Infinity", "-0" as strings
    return (a != a and b != b) or (a == b and math.copysign(1, a) == math.copysign(1, b))


def as_read(arr):
    """An array's shape and values as the library holds them: float32, or exact integers (bool as 0/1)."""
    with np.errstate(over="ignore"):  # float64 beyond float32 reads as ±inf, as the library does
        values = arr.astype(np.float32 if arr.dtype.kind == "f" else np.int64).ravel().tolist()
    return list(arr.shape), values


def matches(arr_shape, values, ours):
    return arr_shape == ours["shape"] and len(values) == len(ours["values"]) and all(
        same_number(a, b) for a, b in zip(values, ours["values"]))


def fits(kind, values):
    return kind not in "iu" or all(-2**31 <= v < 2**31 for v in values)


def npy_reference(raw):
    """(outcome, why, {name: (shape, values)}) as NumPy plus the library's rules would have it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the Python 2 header ("2L") warning
            arr = np.load(io.BytesIO(raw), allow_pickle=False)
            f = io.BytesIO(raw)
            fmt.read_magic(f)
            fmt._read_array_header(f, (raw[6], 0))
    except Exception as e:
        return "refused", type(e).__name__, None
    if f.tell() + arr.nbytes != len(raw):
        return "refused", "length rule", None
    if arr.dtype.kind not in "fiub" or arr.dtype.itemsize not in (1, 2, 4, 8) or arr.dtype.str[1:] == "f1":
        return "refused", "dtype rule", None
    shape, values = as_read(arr)
    if not fits(arr.dtype.kind, values):
        return "refused", "int32 rule", None
    return "read", "", {"x": (shape, values)}


ST_DTYPES = {"F16": "<f2", "F32": "<f4", "F64": "<f8", "I8": "i1", "I16": "<i2", "I32": "<i4", "I64": "<i8",
             "U8": "u1", "U16": "<u2", "U32": "<u4", "U64": "<u8", "BOOL": "?"}


def st_reference(raw, asked):
    try:
        entries = dict(safetensors.deserialize(bytes(raw)))  # a repeated name: the last, as serde keeps it
    except Exception as e:
        return "refused", type(e).__name__, None
    out = {}
    for name in asked:
        if name not in entries:
            return "refused", "no such tensor", None
        e = entries[name]
        if e["dtype"] == "BF16":
            arr = (np.frombuffer(e["data"], "<u2").astype(np.uint32) << 16).view(np.float32)
        elif e["dtype"] in ST_DTYPES:
            arr = np.frombuffer(e["data"], ST_DTYPES[e["dtype"]])
        else:
            return "refused", "dtype rule", None
        shape, values = as_read(arr.reshape(e["shape"]))
        if not fits(arr.dtype.kind, values):
            return "refused", "int32 rule", None
        out[name] = (shape, values)
    return "read", "", out


RULES = [("appears twice", "repeated key rule"), ("must have exactly the keys dtype", "entry keys rule"),
         ("is not supported", "dtype rule"), ("ShapeError", "names rule")]

d = sys.argv[1]
agree = collections.Counter()
disagree = []
for name in sorted(os.listdir(d), key=lambda n: (len(n), n)):
    if name.endswith(".json"):
        continue
    raw = open(os.path.join(d, name), "rb").read()
    ours = json.load(open(os.path.join(d, name.rsplit(".", 1)[0] + ".json")))
    fmt_name = "npy" if name.endswith(".npy") else "safetensors"
    asked = list(ours["tensors"]) if ours["outcome"] == "read" else None
    if fmt_name == "npy":
        outcome, why, tensors = npy_reference(raw)
    else:
        # A refused file does not say which tensors were asked for: the reference must refuse the file, or a rule
        # of the library's must explain the refusal.
        outcome, why, tensors = st_reference(raw, asked or [])
    if outcome == "read" and ours["outcome"] == "refused":
        rule = next((r for text, r in RULES if text in ours["message"]), None)
        if rule is None and fmt_name == "safetensors" and ("no tensor" in ours["message"] or "does not fit in int32" in ours["message"]):
            rule = "asked for a tensor it lacks or cannot hold"
        if rule is not None:
            outcome, why = "refused", rule
    key = (fmt_name, ours["kind"], outcome, why)
    if outcome != ours["outcome"]:
        disagree.append((name, ours, f"the reference: {outcome} {why}"))
        continue
    if outcome == "read":
        wrong = [k for k, (shape, values) in tensors.items() if not matches(shape, values, ours["tensors"][k])]
        if wrong:
            disagree.append((name, ours, f"different values for {wrong}: {tensors[wrong[0]][0]} {tensors[wrong[0]][1][:6]}"))
            continue
    agree[key] += 1
print(f"{sum(agree.values())} files agree with the reference readers, {len(disagree)} disagree")
for (f, kind, outcome, why), n in sorted(agree.items()):
    print(f"  {f:12} {kind:42} {outcome:8} {why:32} {n}")
for name, ours, why in disagree[:40]:
    print("DISAGREE", name, why, json.dumps(ours)[:300])
