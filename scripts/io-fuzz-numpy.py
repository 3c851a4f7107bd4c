"""Differential check of the .npy reader against NumPy (outside CI): reads the edited files that
`NT_FUZZ_IO=N NT_FUZZ_IO_DUMP=dir vitest run test/io-fuzz.test.ts` wrote, loads each with NumPy
(np.load from memory, allow_pickle=False), applies the two documented differences of fromNpy (the data
must be exactly prod(shape) * itemsize bytes; only plain numeric dtypes, read as float32/int32/bool, values
that fit), and prints every file where the two readers disagree. Usage: python3 scripts/io-fuzz-numpy.py dir"""
import collections, io, json, math, os, sys, warnings
import numpy as np

def same_number(a, b):
    b = float(b)  # JS numbers as written by the test: "NaN", "Infinity", "-0" as strings
    return (a != a and b != b) or (a == b and math.copysign(1, a) == math.copysign(1, b))


d = sys.argv[1]
agree = collections.Counter()
disagree = []
for name in sorted(os.listdir(d), key=lambda n: (len(n), n)):
    if not name.endswith(".npy"):
        continue
    raw = open(os.path.join(d, name), "rb").read()
    ours = json.load(open(os.path.join(d, name[:-4] + ".json")))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the Python 2 header ("2L") warning
            arr = np.load(io.BytesIO(raw), allow_pickle=False)
        ok, why = True, ""
    except Exception as e:  # NumPy refuses
        ok, why = False, type(e).__name__
    if ok:
        # fromNpy's documented differences: exact data length, plain numeric dtypes, int32 range.
        from numpy.lib import _format_impl as fmt
        f = io.BytesIO(raw)
        fmt.read_magic(f)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fmt._read_array_header(f, (raw[6], 0))
        if f.tell() + arr.nbytes != len(raw):
            ok, why = False, "length rule"
        elif arr.dtype.kind not in "fiub" or arr.dtype.itemsize not in (1, 2, 4, 8) or (arr.dtype.kind == "f" and arr.dtype.itemsize == 1):
            ok, why = False, "dtype rule"
        elif arr.dtype.kind in "iu" and arr.size and (arr.min() < -2**31 or arr.max() >= 2**31):
            ok, why = False, "int32 rule"
    if ok and "is not supported" in ours.get("message", ""):
        ok, why = False, "dtype rule"  # NumPy reads exotic descrs ('3b1' is a subarray dtype) that fromNpy refuses
    if ok and ours.get("message", "").startswith("ShapeError"):
        ok, why = False, "names rule"  # the fuzz gives the original names; NumPy has none to check
    key = (ours["kind"], "read" if ok else "refused", why)
    if ok != (ours["outcome"] == "read"):
        disagree.append((name, ours, why))
        continue
    if ok:
        with np.errstate(over="ignore"):  # float64 beyond float32 reads as ±inf, as fromNpy does
            want = arr.astype(np.float32 if arr.dtype.kind == "f" else np.int64).ravel().tolist()
        same = list(arr.shape) == ours["shape"] and len(want) == len(ours["values"]) and all(
            same_number(a, b) for a, b in zip(want, ours["values"]))
        if not same:
            disagree.append((name, ours, f"different values: NumPy {arr.dtype} {arr.shape} {want[:6]}"))
            continue
    agree[key] += 1
print(f"{sum(agree.values())} files agree with NumPy, {len(disagree)} disagree")
for (kind, outcome, why), n in sorted(agree.items()):
    print(f"  {kind:45} {outcome:8} {why:22} {n}")
for name, ours, why in disagree[:40]:
    print("DISAGREE", name, why, json.dumps(ours)[:200])
