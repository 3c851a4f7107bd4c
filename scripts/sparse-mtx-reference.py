"""Checks the sparse ops on real matrices against SciPy (outside CI): the r-cran-matrix .mtx files read by
scipy.io.mmread, and A·x, Aᵀ·x, A·X and A + Aᵀ in float64, against what the library computed in each format on
each device. `NT_SPARSE_MTX_DUMP=dir vitest run test/device/sparse-fuzz-chains.test.ts -t "real matrices"` writes
the results (and the vectors used); this script reads them and prints the largest errors, exiting non-zero where one
is past float32 rounding of the sums (relative to the largest entry of A times a row's length).
Usage: python3 scripts/sparse-mtx-reference.py dir"""
import json, os, sys

import numpy as np
import scipy.io

bad = 0
for name in sorted(os.listdir(sys.argv[1])):
    if not name.endswith(".json"):
        continue
    got = json.load(open(os.path.join(sys.argv[1], name)))
    A = scipy.io.mmread(got["file"]).tocsr().astype(np.float64)
    # the library stores float32 values: round A the same way
    A.data = A.data.astype(np.float32).astype(np.float64)
    n, m = A.shape
    x, xt, X = np.array(got["x"]), np.array(got["xt"]), np.array(got["X"]).reshape(m, 3)
    scale = np.abs(A.data).max() * 2 * max(n, m)
    want = {"y": A @ x, "z": A.T @ xt, "Y": (A @ X).ravel(), "S": (A + A.T).toarray().ravel() if n == m else None}
    errors = []
    for key, w in want.items():
        if w is None:
            continue
        g = np.array(got[key])
        err = np.abs(g - w).max() / scale
        errors.append(f"{key} {err:.2e}")
        if err > 1e-6:
            bad += 1
            print(f"{name}: {key} off by {err:.3e} of the scale (at {int(np.abs(g - w).argmax())})")
    print(f"{name}: {', '.join(errors)}")
sys.exit(1 if bad else 0)
