# Writes test/fixtures/grad-torch.json (read by test/device/grad-sweep.test.ts): for each case of the gradient
# sweep, random float32-representable inputs, the output, fixed random weights w of the output's dims, and
# PyTorch float64 autograd's gradients of the loss Σ w·y (and, for smooth cases, the Hessian-vector products
# d/dx Σ_i Σ v_i·∂loss/∂x_i with random v). An independent reference: PyTorch's own backward formulas, in
# float64. Tensors are named here by a list of dim names beside each torch tensor; the test builds the same
# expressions with named ops and weights w by name, so the dims' order never has to agree. Run with python3 +
# torch (CPU): `python3 scripts/grad-torch-fixtures.py`. Made with torch 2.13.0+cpu, seed 20261125.
import json
import math
import os

import numpy as np
import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
rng = np.random.default_rng(20261125)


class N:
    """A torch tensor with a name per dim."""

    def __init__(self, t, names):
        assert t.dim() == len(names), (t.shape, names)
        self.t, self.names = t, list(names)

    def size(self, n):
        return self.t.shape[self.names.index(n)]


def align(x, names):
    """x's tensor with its dims ordered as `names` (size-1 dims inserted for the names it lacks)."""
    perm = [x.names.index(n) for n in names if n in x.names]
    t = x.t.permute(*perm) if perm else x.t
    present = [n for n in names if n in x.names]
    shape = [t.shape[present.index(n)] if n in x.names else 1 for n in names]
    return t.reshape(shape)


def union(*xs):
    out = []
    for x in xs:
        out += [n for n in x.names if n not in out]
    return out


def binop(f):
    def g(x, y):
        names = union(x, y)
        return N(f(align(x, names), align(y, names)), names)

    return g


def unop(f):
    return lambda x: N(f(x.t), x.names)


def dims_of(x, names):
    return [x.names.index(n) for n in names]


def reduce_op(f):
    """f(t, dims) -> reduced tensor (dims removed)."""

    def g(x, names):
        return N(f(x.t, dims_of(x, names)), [n for n in x.names if n not in names])

    return g


def along(f):
    def g(x, name):
        return N(f(x.t, x.names.index(name)), x.names)

    return g


def contract(xs, reduced):
    names = union(*xs)
    letters = {n: chr(97 + i) for i, n in enumerate(names)}
    out = [n for n in names if n not in reduced]
    spec = ",".join("".join(letters[n] for n in x.names) for x in xs) + "->" + "".join(letters[n] for n in out)
    return N(torch.einsum(spec, *[x.t for x in xs]), out)


def move_last(x, name):
    names = [n for n in x.names if n != name] + [name]
    return align(x, names), names


def split(x, name, parts):
    i = x.names.index(name)
    shape = list(x.t.shape[:i]) + [s for _, s in parts] + list(x.t.shape[i + 1 :])
    return N(x.t.reshape(shape), x.names[:i] + [p for p, _ in parts] + x.names[i + 1 :])


def stack(x, merged, names):
    rest = [n for n in x.names if n not in names]
    t = align(x, names + rest)
    return N(t.reshape([-1] + [x.size(n) for n in rest]), [merged] + rest)


def rename(x, mapping):
    return N(x.t, [mapping.get(n, n) for n in x.names])


def conv_nd(x, k, nd, **kw):
    """x [batch, ch, *spatial], k [out, ch/groups, *window] as torch lays them out."""
    f = [None, F.conv1d, F.conv2d, F.conv3d][nd]
    return f(x, k, **kw)


def erf_gelu(t):
    return 0.5 * t * (1 + torch.erf(t / math.sqrt(2)))


def attention(q, k, v, heads, causal):
    # q [batch, seq, hid], k/v [batch, key, hid] (torch layout)
    b, s, h = q.shape
    kk = k.shape[1]
    d = h // heads
    qh = q.reshape(b, s, heads, d)
    kh = k.reshape(b, kk, heads, d)
    vh = v.reshape(b, kk, heads, d)
    scores = torch.einsum("bshd,bkhd->bhsk", qh, kh) / math.sqrt(d)
    if causal:
        mask = torch.arange(kk)[None, :] > torch.arange(s)[:, None]
        scores = scores.masked_fill(mask, -math.inf)
    p = torch.softmax(scores, dim=-1)
    return torch.einsum("bhsk,bkhd->bshd", p, vh).reshape(b, s, h)


# ---- the cases: id -> (inputs, f, second order?) --------------------------------------------------------------
# An input is (names, sizes, lo, hi) for float32 values uniform in [lo, hi), or ("int", names, sizes, lo, hi).
A34 = (["a", "b"], [3, 4])
CASES = {}


def case(cid, inputs, second=True):
    def deco(f):
        CASES[cid] = (inputs, f, second)
        return f

    return deco


def fin(names, sizes, lo=-2.0, hi=2.0):
    return ("float", names, sizes, lo, hi)


def iin(names, sizes, lo, hi):
    return ("int", names, sizes, lo, hi)


UNARY = {
    "neg": (lambda t: -t, -2, 2),
    "abs": (torch.abs, -2, 2),
    "exp": (torch.exp, -2, 2),
    "log": (torch.log, 0.2, 3),
    "sqrt": (torch.sqrt, 0.2, 3),
    "rsqrt": (torch.rsqrt, 0.2, 3),
    "tanh": (torch.tanh, -2, 2),
    "sigmoid": (torch.sigmoid, -3, 3),
    "sin": (torch.sin, -3, 3),
    "cos": (torch.cos, -3, 3),
    "erf": (torch.erf, -2, 2),
    "gelu": (erf_gelu, -3, 3),
    "relu": (torch.relu, -2, 2),
    "clamp": (lambda t: torch.clamp(t, -0.7, 0.9), -2, 2),
    "pow3": (lambda t: t**3, -2, 2),
    "powNeg1": (lambda t: t**-1, 0.3, 2),
    "powHalf": (lambda t: t**0.5, 0.3, 2),
    "square": (lambda t: t * t, -2, 2),
    "sign": (torch.sign, -2, 2),
    "floor": (torch.floor, -2, 2),
}
for name, (f, lo, hi) in UNARY.items():
    case(f"unary {name}", [fin(["a", "b"], [3, 4], lo, hi)])(lambda x, f=f: unop(f)(x))

BINARY = {
    "add": (torch.add, (-2, 2), (-2, 2)),
    "sub": (torch.sub, (-2, 2), (-2, 2)),
    "mul": (torch.mul, (-2, 2), (-2, 2)),
    "div": (torch.div, (-2, 2), (0.5, 2)),
    "pow": (torch.pow, (0.5, 2), (-2, 2)),
    "atan2": (torch.atan2, (-2, 2), (-2, 2)),
    "hypot": (torch.hypot, (-2, 2), (-2, 2)),
    "maximum": (torch.maximum, (-2, 2), (-2, 2)),
    "minimum": (torch.minimum, (-2, 2), (-2, 2)),
}
for name, (f, (la, ha), (lb, hb)) in BINARY.items():
    # broadcast both ways: x [a, b] with y [c, b]; and y with a size-1 dim against x's same name
    case(f"binary {name} broadcast", [fin(["a", "b"], [3, 4], la, ha), fin(["c", "b"], [2, 4], lb, hb)])(lambda x, y, f=f: binop(f)(x, y))
    case(f"binary {name} scalar-like", [fin(["a", "b", "c"], [2, 3, 2], la, ha), fin([], [], lb, hb)])(lambda x, y, f=f: binop(f)(x, y))
case("binary pow integer exponent negative base", [fin(["a", "b"], [3, 4])])(lambda x: unop(lambda t: t**2)(x))
case("where broadcast", [iin(["a"], [3], 0, 2), fin(["a", "b"], [3, 4]), fin(["b"], [4])])(
    lambda c, x, y: N(torch.where(align(c, ["a", "b"]).bool(), align(x, ["a", "b"]), align(y, ["a", "b"])), ["a", "b"])
)
# a broadcast operand whose gradient reaches it constant along the broadcast dim (a sum right after): the
# adjoint of the broadcast counts the dim's size (0 for an empty one)
case("add then sum over the broadcast dim", [fin(["a", "b"], [3, 4]), fin(["b"], [4])])(lambda x, c: N((align(x, ["a", "b"]) + align(c, ["a", "b"])).sum(0), ["b"]))
case("sub of a 0-d operand then sum of all", [fin(["a", "b"], [3, 4]), fin([], [])])(lambda x, c: N((x.t - c.t).sum(), []))
case("where of broadcast operands then sum", [iin(["a"], [3], 0, 2), fin(["b"], [4]), fin([], [])])(
    lambda m, x, y: N(torch.where(align(m, ["a", "b"]).bool(), align(x, ["a", "b"]), y.t).sum(0), ["b"])
)
case("add over an empty dim then sum", [fin(["a", "b"], [0, 3]), fin(["b"], [3])])(lambda x, c: N((x.t + c.t).sum(0) * c.t, ["b"]))
case("maskedFill", [fin(["a", "b"], [3, 4]), iin(["b"], [4], 0, 2)])(lambda x, m: N(x.t.masked_fill(align(m, x.names).bool(), 0.25), x.names))
case("chain tanh(x*y)+exp(-x)/y", [fin(["a", "b"], [3, 4]), fin(["b"], [4], 0.5, 2)])(
    lambda x, y: binop(torch.add)(unop(torch.tanh)(binop(torch.mul)(x, y)), binop(torch.div)(unop(lambda t: torch.exp(-t))(x), y))
)
case("x used twice: x*x + sin(x)", [fin(["a", "b"], [3, 4])])(lambda x: N(x.t * x.t + torch.sin(x.t), x.names))

X345 = fin(["a", "b", "c"], [3, 4, 5])
REDUCE = {
    "sum": lambda t, d: t.sum(d),
    "mean": lambda t, d: t.mean(d),
    "max": lambda t, d: torch.amax(t, d),
    "min": lambda t, d: torch.amin(t, d),
    "prod": lambda t, d: _prod(t, d),
    "logsumexp": lambda t, d: torch.logsumexp(t, d),
    "variance": lambda t, d: torch.var(t, d, correction=0),
    "varianceUnbiased": lambda t, d: torch.var(t, d, correction=1),
    "std": lambda t, d: torch.std(t, d, correction=0),
    "stdUnbiased": lambda t, d: torch.std(t, d, correction=1),
}


def _prod(t, d):
    for i in sorted(d, reverse=True):
        t = t.prod(i)
    return t


for name, f in REDUCE.items():
    case(f"reduce {name} over b", [X345])(lambda x, f=f: reduce_op(f)(x, ["b"]))
    case(f"reduce {name} over a,c", [X345])(lambda x, f=f: reduce_op(f)(x, ["a", "c"]))
    case(f"reduce {name} over all", [fin(["a", "b"], [3, 4])])(lambda x, f=f: reduce_op(f)(x, ["a", "b"]))
case("softmax along b", [X345])(lambda x: along(lambda t, i: torch.softmax(t, i))(x, "b"))
case("logSoftmax along c", [X345])(lambda x: along(lambda t, i: torch.log_softmax(t, i))(x, "c"))
case("cumsum along b", [X345])(lambda x: along(lambda t, i: torch.cumsum(t, i))(x, "b"))
case("sort along b", [X345], False)(lambda x: along(lambda t, i: torch.sort(t, i).values)(x, "b"))
case("sort descending along c", [X345], False)(lambda x: along(lambda t, i: torch.sort(t, i, descending=True).values)(x, "c"))
case("topk 2 along c", [X345], False)(lambda x: N(torch.topk(x.t, 2, dim=2).values, ["a", "b", "best"]))
case("norm sqrt(sum x^2) over b", [X345])(lambda x: N(torch.sqrt((x.t**2).sum(1)), ["a", "c"]))

# contractions: a batch dim shared by both (b), a contracted one (k), free ones
case("dot k with batch b", [fin(["a", "k", "b"], [3, 4, 2]), fin(["k", "c", "b"], [4, 5, 2])])(lambda x, y: contract([x, y], ["k"]))
case("dot k,b (two contracted)", [fin(["a", "k", "b"], [3, 4, 2]), fin(["b", "c", "k"], [2, 5, 4])])(lambda x, y: contract([x, y], ["k", "b"]))
case("dot vector·vector", [fin(["k"], [7]), fin(["k"], [7])])(lambda x, y: contract([x, y], ["k"]))
case("dot k, size-1 free dim", [fin(["a", "k"], [1, 6]), fin(["k", "c"], [6, 3])])(lambda x, y: contract([x, y], ["k"]))
case("contract three", [fin(["a", "k"], [3, 4]), fin(["k", "l"], [4, 5]), fin(["l", "c", "a"], [5, 2, 3])])(lambda x, y, z: contract([x, y, z], ["k", "l"]))
case("x dot x (shared operand)", [fin(["a", "k"], [3, 4])])(lambda x: contract([x, rename(x, {"a": "c"})], ["k"]))

# views
case("transpose", [fin(["a", "b", "c"], [2, 3, 4])])(lambda x: N(x.t.permute(2, 0, 1), ["c", "a", "b"]))
case("rename", [fin(["a", "b"], [3, 4])])(lambda x: rename(x, {"a": "z"}))
case("split b=6 into p2,q3", [fin(["a", "b"], [2, 6])])(lambda x: split(x, "b", [("p", 2), ("q", 3)]))
case("stack a,c into m", [fin(["a", "b", "c"], [2, 3, 4])])(lambda x: stack(x, "m", ["a", "c"]))
case("stack c,a into m", [fin(["a", "b", "c"], [2, 3, 4])])(lambda x: stack(x, "m", ["c", "a"]))
case("concat b", [fin(["a", "b"], [3, 2]), fin(["b", "a"], [4, 3])])(lambda x, y: N(torch.cat([x.t, align(y, ["a", "b"])], 1), ["a", "b"]))
case("pad b [1,2] value 0.5", [fin(["a", "b"], [3, 4])])(lambda x: N(F.pad(x.t, (1, 2), value=0.5), ["a", "b"]))
case("pad a [2,0] b [0,1] then exp", [fin(["a", "b"], [3, 4])])(lambda x: N(torch.exp(F.pad(x.t, (0, 1, 2, 0))), ["a", "b"]))
case("narrow b 1..4", [fin(["a", "b"], [3, 5])])(lambda x: N(x.t[:, 1:4], ["a", "nb"]))
case("expand e3 then mul", [fin(["a", "b"], [3, 4]), fin(["e", "a"], [3, 3])])(lambda x, y: binop(torch.mul)(N(x.t.expand(3, 3, 4), ["e", "a", "b"]), y))
case("squeeze one", [fin(["a", "one", "b"], [3, 1, 4])])(lambda x: N(x.t.squeeze(1), ["a", "b"]))
case("unbind a: u0*2 + u1*u2", [fin(["a", "b"], [3, 4])])(lambda x: N(x.t[0] * 2 + x.t[1] * x.t[2], ["b"]))
case("get a 1", [fin(["a", "b"], [3, 4])])(lambda x: N(x.t[1] ** 2, ["b"]))
case("split then stack swapped (transpose inside a dim)", [fin(["a", "b"], [2, 6])])(
    lambda x: stack(split(x, "b", [("p", 2), ("q", 3)]), "b", ["q", "p"])
)
# views composed (the backward inverts each: src/graph/invert-view.ts)
case("narrow of a pad", [fin(["a", "b"], [3, 4])])(lambda x: N(F.pad(x.t, (2, 1))[:, 1:6] ** 2, ["a", "nb"]))
case("pad of a narrow", [fin(["a", "b"], [3, 6])])(lambda x: N(torch.exp(F.pad(x.t[:, 2:5], (1, 2), value=-1.0)), ["a", "nb"]))
case("split, transpose, narrow, stack", [fin(["a", "b"], [3, 12])])(
    lambda x: stack(N(x.t.reshape(3, 4, 3).permute(2, 0, 1)[:, :, 1:3], ["q", "a", "np"]), "m", ["np", "q"])
)
case("get of a split, times itself", [fin(["a", "b"], [3, 6])])(lambda x: N(x.t.reshape(3, 2, 3)[:, 1, :] * x.t.reshape(3, 2, 3)[:, 0, :], ["a", "q"]))
case("concat of a narrow and a transpose", [fin(["a", "b"], [3, 5]), fin(["b", "a"], [2, 3])])(
    lambda x, y: N(torch.cat([x.t[:, 1:4], y.t.T], 1).sin(), ["a", "b"])
)
case("expand then stack with the new dim", [fin(["a", "b"], [3, 4])])(lambda x: stack(N(x.t.expand(2, 3, 4) * torch.tensor([1.0, -2.0]).reshape(2, 1, 1), ["e", "a", "b"]), "m", ["a", "e"]))
case("pad both sides then maxPool", [fin(["n", "h"], [2, 7])], False)(lambda x: N(F.max_pool1d(F.pad(x.t, (1, 2), value=0.25).unsqueeze(1), 3, stride=2).squeeze(1), ["n", "h"]))
case("conv of a transposed, narrowed input", [fin(["h", "c", "n"], [9, 2, 2]), fin(["o", "c", "kh"], [3, 2, 2])])(
    lambda x, k: N(F.conv1d(x.t.permute(2, 1, 0)[:, :, 1:8], k.t, stride=2), ["n", "o", "nh"])
)
case("gather through a transpose and a pad", [fin(["c", "a"], [4, 3]), iin(["a", "j"], [3, 2], 0, 6)], False)(
    lambda x, i: N(torch.gather(F.pad(x.t.T, (1, 1)), 1, i.t.long()), ["a", "j"])
)

# indexing (repeated indices accumulate)
case("gather c by [a,b] index", [fin(["a", "b", "c"], [3, 4, 5]), iin(["a", "b"], [3, 4], 0, 5)], False)(
    lambda x, i: N(torch.gather(x.t, 2, i.t.long().unsqueeze(2)).squeeze(2), ["a", "b"])
)
case("gather c by [a,j] index", [fin(["a", "c"], [3, 5]), iin(["a", "j"], [3, 6], 0, 5)], False)(lambda x, i: N(torch.gather(x.t, 1, i.t.long()), ["a", "j"]))
case("indexSelect v by [s,t] ids", [fin(["v", "e"], [5, 3]), iin(["s", "t"], [2, 4], 0, 5)], False)(lambda x, i: N(x.t[i.t.long()], ["s", "t", "e"]))
case("embedding then tanh", [fin(["v", "e"], [5, 3]), iin(["s"], [7], 0, 5)])(lambda x, i: N(torch.tanh(x.t[i.t.long()]), ["s", "e"]))

# convolutions and pools (torch layout: batch, channel, spatial)
case("conv2d stride 2,1 padding 1 dilation 1,2", [fin(["n", "c", "h", "w"], [2, 3, 7, 6]), fin(["o", "c", "kh", "kw"], [4, 3, 3, 2])])(
    lambda x, k: N(F.conv2d(x.t, k.t, stride=(2, 1), padding=1, dilation=(1, 2)), ["n", "o", "h", "w"])
)
case("conv1d groups 2", [fin(["n", "c", "h"], [2, 4, 8]), fin(["o", "c", "kh"], [6, 2, 3])])(lambda x, k: N(F.conv1d(x.t, k.t, groups=2), ["n", "o", "h"]))
case("conv1d depthwise padding [2,0]", [fin(["n", "c", "h"], [2, 3, 6]), fin(["o", "c", "kh"], [3, 1, 3])])(
    lambda x, k: N(F.conv1d(F.pad(x.t, (2, 0)), k.t, groups=3), ["n", "o", "h"])
)
case("convTranspose1d stride 2 padding 1 outputPadding 1", [fin(["n", "c", "h"], [2, 4, 5]), fin(["c", "o", "kh"], [4, 3, 3])])(
    lambda x, k: N(F.conv_transpose1d(x.t, k.t, stride=2, padding=1, output_padding=1), ["n", "o", "h"])
)
case("convTranspose2d stride 2", [fin(["n", "c", "h", "w"], [1, 2, 3, 4]), fin(["c", "o", "kh", "kw"], [2, 3, 2, 3])])(
    lambda x, k: N(F.conv_transpose2d(x.t, k.t, stride=2), ["n", "o", "h", "w"])
)
case("conv1d stride 3 dilation 2 padding [1,2]", [fin(["n", "c", "h"], [2, 2, 11]), fin(["o", "c", "kh"], [3, 2, 3])])(
    lambda x, k: N(F.conv1d(F.pad(x.t, (1, 2)), k.t, stride=3, dilation=2), ["n", "o", "h"])
)
case("conv2d same padding stride 2 groups 2", [fin(["n", "c", "h", "w"], [1, 4, 5, 6]), fin(["o", "c", "kh", "kw"], [4, 2, 3, 2])])(
    lambda x, k: N(F.conv2d(F.pad(x.t, (0, 1, 1, 1)), k.t, stride=2, groups=2), ["n", "o", "h", "w"])
)
case("conv3d", [fin(["n", "c", "d", "h", "w"], [1, 2, 4, 3, 4]), fin(["o", "c", "kd", "kh", "kw"], [2, 2, 2, 2, 3])])(
    lambda x, k: N(F.conv3d(x.t, k.t, padding=(1, 0, 1)), ["n", "o", "d", "h", "w"])
)
case("convTranspose1d groups 2 dilation 2", [fin(["n", "c", "h"], [2, 4, 5]), fin(["c", "o", "kh"], [4, 3, 3])])(
    lambda x, k: N(F.conv_transpose1d(x.t, k.t, stride=2, groups=2, dilation=2, padding=2), ["n", "o", "h"])
)
case("maxPool1d dilation 2 stride 1", [fin(["n", "h"], [3, 9])], False)(lambda x: N(F.max_pool1d(x.t.unsqueeze(1), 3, stride=1, dilation=2).squeeze(1), ["n", "h"]))
case("avgPool1d window 4 stride 3 padding 2", [fin(["n", "h"], [2, 10])])(
    lambda x: N(F.avg_pool1d(x.t.unsqueeze(1), 4, stride=3, padding=2, count_include_pad=False).squeeze(1), ["n", "h"])
)
case("maxPool2d 3x2 stride 2 padding 1,0", [fin(["n", "c", "h", "w"], [2, 2, 7, 6])], False)(
    lambda x: N(F.max_pool2d(x.t, (3, 2), stride=2, padding=(1, 0)), ["n", "c", "h", "w"])
)
case("avgPool2d 3x3 stride 1 padding 1", [fin(["n", "c", "h", "w"], [1, 2, 5, 4])])(
    lambda x: N(F.avg_pool2d(x.t, 3, stride=1, padding=1, count_include_pad=False), ["n", "c", "h", "w"])
)
case("avgPool2d countPadding", [fin(["n", "c", "h", "w"], [1, 2, 5, 4])])(
    lambda x: N(F.avg_pool2d(x.t, 3, stride=2, padding=1, count_include_pad=True), ["n", "c", "h", "w"])
)

# nn


def _layer_norm(x, g, b):
    t, names = move_last(x, "h")
    y = F.layer_norm(t, (x.size("h"),), g.t, b.t, eps=1e-5)
    return N(y, names)


case("layerNorm h with gamma beta", [fin(["h", "n"], [6, 3]), fin(["h"], [6]), fin(["h"], [6])])(_layer_norm)
case("layerNorm h without affine", [fin(["n", "h"], [3, 6])])(lambda x: N(F.layer_norm(x.t, (6,), eps=1e-5), ["n", "h"]))
case("batchNorm-style: normalise over n,h per c", [fin(["n", "c", "h"], [3, 2, 4])])(
    lambda x: N((x.t - x.t.mean((0, 2), keepdim=True)) / torch.sqrt(x.t.var((0, 2), correction=0, keepdim=True) + 1e-5), ["n", "c", "h"])
)
for causal in (False, True):
    case(f"attention heads 2 causal {causal}", [fin(["n", "s", "hid"], [2, 3, 8]), fin(["n", "key", "hid"], [2, 4, 8]), fin(["n", "key", "hid"], [2, 4, 8])])(
        lambda q, k, v, causal=causal: N(attention(q.t, k.t, v.t, 2, causal), ["n", "s", "hid"])
    )
case("crossEntropy", [fin(["b", "cls"], [5, 4]), iin(["b"], [5], 0, 4)])(lambda x, y: N(F.cross_entropy(x.t, y.t.long()), []))
case("crossEntropy 2 batch dims, class first", [fin(["cls", "b", "s"], [4, 2, 3]), iin(["s", "b"], [3, 2], 0, 4)])(
    lambda x, y: N(F.cross_entropy(align(x, ["b", "s", "cls"]).reshape(6, 4), align(y, ["b", "s"]).reshape(6).long()), [])
)
case("mlp: logSoftmax(tanh(x·W + b)·V)", [fin(["n", "i"], [4, 5]), fin(["i", "j"], [5, 6]), fin(["j"], [6]), fin(["j", "o"], [6, 3])])(
    lambda x, w, b, v: N(torch.log_softmax(torch.tanh(x.t @ w.t + b.t) @ v.t, 1), ["n", "o"])
)

# kinks, at exactly representable points: PyTorch's conventions (the library documents the same ones)
def kin(names, sizes, choices):
    return ("choice", names, sizes, choices)


K12 = (["a", "b"], [3, 4])
ROWS = [[1.0, 1.0, 1.0, 1.0], [1.0, 2.0, 3.0, 4.0], [4.0, 1.0, 3.0, 2.0]]  # the first row constant
case("kink relu at 0", [kin(*K12, [0.0, -1.0, 1.5])])(lambda x: unop(torch.relu)(x))
case("kink abs at 0", [kin(*K12, [0.0, -1.0, 1.5])], False)(lambda x: unop(torch.abs)(x))
case("kink clamp at its bounds", [kin(*K12, [-0.75, 0.5, 0.0, 2.0, -2.0])], False)(lambda x: unop(lambda t: torch.clamp(t, -0.75, 0.5))(x))
case("kink maximum ties", [kin(*K12, [0.0, 1.0]), kin(*K12, [0.0, 1.0])], False)(lambda x, y: binop(torch.maximum)(x, y))
case("kink minimum ties broadcast", [kin(*K12, [0.0, 1.0]), kin(["b"], [4], [0.0, 1.0])], False)(lambda x, y: binop(torch.minimum)(x, y))
case("kink max reduction ties", [kin(*K12, [1.0, 1.0, 0.5])], False)(lambda x: reduce_op(lambda t, d: torch.amax(t, d))(x, ["b"]))
case("kink min reduction ties over all", [kin(*K12, [-1.0, 0.5, 2.0])], False)(lambda x: reduce_op(lambda t, d: torch.amin(t, d))(x, ["a", "b"]))
case("kink pow at base 0", [kin(*K12, [0.0, 0.5, 2.0]), kin(*K12, [0.0, 1.0, 2.0, 3.0])], False)(lambda x, y: binop(torch.pow)(x, y))
case("kink std of a constant row", [kin(["a", "b"], [3, 4], [1.5])], False)(lambda x: N(torch.std(x.t * torch.tensor(ROWS), 1, correction=0), ["a"]))
case("kink sigmoid saturated", [kin(*K12, [-100.0, -90.0, 50.0, 100.0, 0.5])])(lambda x: unop(torch.sigmoid)(x))
case("kink atan2 at the origin", [kin(*K12, [0.0]), kin(*K12, [0.0, 1.0, -2.0])], False)(lambda x, y: binop(torch.atan2)(x, y))
# saturated and overflowing ranges: the stable forms' gradients stay finite
case("extreme softmax, logSoftmax and logsumexp of ±300", [fin(["a", "b"], [3, 5], -300, 300)])(
    lambda x: N(torch.softmax(x.t, 1) + torch.log_softmax(x.t, 1) * 0.01 + torch.logsumexp(x.t, 1, keepdim=True) * 0.001, ["a", "b"])
)
case("extreme crossEntropy of ±500", [fin(["b", "cls"], [4, 5], -500, 500), iin(["b"], [4], 0, 5)], False)(lambda x, y: N(F.cross_entropy(x.t, y.t.long()), []))
case("extreme tanh, erf, gelu of ±50", [fin(["a", "b"], [3, 4], -50, 50)], False)(lambda x: N(torch.tanh(x.t) + torch.erf(x.t) + erf_gelu(x.t), x.names))
case("kink round and sign pass nothing", [kin(*K12, [0.5, 1.5, -0.5, 0.0, 2.25])], False)(lambda x: N(torch.round(x.t) + torch.sign(x.t) + torch.ceil(x.t), x.names))

# sizes past the kernels' vector widths, tiles and unrolls (the gemm, flash-attention and lane paths)
case("large dot k=40", [fin(["a", "k"], [33, 40]), fin(["k", "c"], [40, 17])], False)(lambda x, y: contract([x, y], ["k"]))
case("large batched dot", [fin(["b", "a", "k"], [3, 9, 20]), fin(["b", "k", "c"], [3, 20, 11])])(lambda x, y: contract([x, y], ["k"]))
case("large softmax along b=37", [fin(["a", "b"], [5, 37])])(lambda x: along(lambda t, i: torch.softmax(t, i))(x, "b"))
case("large logSoftmax along a=70", [fin(["a", "b"], [70, 3])])(lambda x: along(lambda t, i: torch.log_softmax(t, i))(x, "a"))
case("large reductions over 130", [fin(["a", "b"], [2, 130])])(
    lambda x: N(x.t.sum(1) + torch.amax(x.t, 1) * 0.5 - torch.amin(x.t, 1) + torch.var(x.t, 1, correction=0) + torch.logsumexp(x.t, 1), ["a"])
)
for causal in (False, True):
    case(f"large attention causal {causal}", [fin(["n", "s", "hid"], [1, 17, 16], -1, 1), fin(["n", "key", "hid"], [1, 19, 16], -1, 1), fin(["n", "key", "hid"], [1, 19, 16], -1, 1)])(
        lambda q, k, v, causal=causal: N(attention(q.t, k.t, v.t, 2, causal), ["n", "s", "hid"])
    )
case("large conv2d 8 -> 16 channels padding 1", [fin(["n", "c", "h", "w"], [2, 8, 10, 9], -1, 1), fin(["o", "c", "kh", "kw"], [16, 8, 3, 3], -0.5, 0.5)], False)(
    lambda x, k: N(F.conv2d(x.t, k.t, padding=1), ["n", "o", "h", "w"])
)
case("large layerNorm h=64", [fin(["n", "h"], [6, 64]), fin(["h"], [64]), fin(["h"], [64])])(
    lambda x, g, b: N(F.layer_norm(x.t, (64,), g.t, b.t, eps=1e-5), ["n", "h"])
)
case("large crossEntropy 24 x 37 classes", [fin(["b", "cls"], [24, 37]), iin(["b"], [24], 0, 37)])(lambda x, y: N(F.cross_entropy(x.t, y.t.long()), []))
case("large maxPool2d 2x2", [fin(["n", "c", "h", "w"], [2, 4, 12, 12])], False)(lambda x: N(F.max_pool2d(x.t, 2), ["n", "c", "h", "w"]))


def values(spec):
    if spec[0] == "choice":
        _, names, sizes, choices = spec
        n = int(np.prod(sizes)) if sizes else 1
        return np.array([choices[i % len(choices)] for i in rng.permutation(n)], dtype=np.float32).astype(np.float64)
    kind, names, sizes, lo, hi = spec
    n = int(np.prod(sizes)) if sizes else 1
    if kind == "int":
        return rng.integers(lo, hi, size=n).astype(np.int64)
    return (lo + (hi - lo) * rng.random(n)).astype(np.float32).astype(np.float64)


def short(v, spec):
    """float32 values in their shortest decimal form (the test reads them back into a Float32Array)."""
    return v.astype(np.int64).tolist() if spec[0] == "int" else [float(str(np.float32(x))) for x in v]


out = []
for cid, (inputs, f, second) in CASES.items():
    raw = [values(s) for s in inputs]
    ts = [torch.tensor(v).reshape(s[2]) for v, s in zip(raw, inputs)]
    for t, s in zip(ts, inputs):
        if s[0] != "int":
            t.requires_grad_(True)
    y = f(*[N(t, s[1]) for t, s in zip(ts, inputs)])
    w = torch.tensor(rng.uniform(-1, 1, size=y.t.numel()).astype(np.float32).astype(np.float64)).reshape(y.t.shape)
    loss = (y.t * w).sum()
    floats = [t for t in ts if t.requires_grad]
    grads = torch.autograd.grad(loss, floats, create_graph=second, allow_unused=True)
    grads = [g if g is not None else torch.zeros_like(t) for g, t in zip(grads, floats)]
    entry = {
        "id": cid,
        "inputs": [{"dtype": "int32" if s[0] == "int" else "float32", "dims": [[n, z] for n, z in zip(s[1], s[2])], "values": short(v, s), **({"range": [s[3], s[4]]} if s[0] != "choice" else {})} for s, v in zip(inputs, raw)],
        "out": {"dims": [[n, int(z)] for n, z in zip(y.names, y.t.shape)], "values": [float("%.9g" % v) for v in y.t.detach().reshape(-1).tolist()]},
        "w": short(w.reshape(-1).numpy(), ("float",)),
        "grads": [[float("%.9g" % v) for v in (g.detach() + torch.zeros(g.shape)).reshape(-1).tolist()] for g in grads],
    }
    if second:
        vs = [torch.tensor(rng.uniform(-1, 1, size=t.numel()).astype(np.float32).astype(np.float64)).reshape(t.shape) for t in floats]
        s2 = sum((g * v).sum() for g, v in zip(grads, vs))
        if s2.requires_grad:
            hv = torch.autograd.grad(s2, floats, allow_unused=True)
            hv = [h if h is not None else torch.zeros_like(t) for h, t in zip(hv, floats)]
        else:
            hv = [torch.zeros_like(t) for t in floats]
        entry["v"] = [short(v.reshape(-1).numpy(), ("float",)) for v in vs]
        entry["hvp"] = [[float("%.9g" % v) for v in (h.detach() + torch.zeros(h.shape)).reshape(-1).tolist()] for h in hv]
    out.append(entry)

path = os.path.join(os.path.dirname(__file__), "..", "test", "fixtures", "grad-torch.json")
with open(path, "w") as fh:
    json.dump({"torch": torch.__version__, "seed": 20261125, "cases": out}, fh, separators=(",", ":"))
print(f"{len(out)} cases -> {path} ({os.path.getsize(path)} bytes)")
