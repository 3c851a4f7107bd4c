"""PyTorch twin of the demo model (examples/names-transformer.ts), driven by bench/train-twins.mjs.

The same architecture (pre-norm 2-layer transformer, hidden 48, 4 heads, ff 96, GELU (erf), causal attention,
LayerNorm eps 1e-5, no biases on q/k/v/out), the SAME initial weights (exported from the example's
createModel(seed) by train-twins.mjs), the same Adam settings and the same batches (exported windows of the
@stdlib female first names stream). Idiomatic eager PyTorch: nn.Embedding, nn.LayerNorm, nn.Linear,
torch.optim.Adam with its default (for-loop) implementation on the CPU.

Protocol (one JSON object per line): argv = manifest path [attention variant]; prints {"ready": ...}; then reads
commands {"threads": t, "steps": k} from stdin and answers {"ms": ..., "losses": [...]} after k training steps
(each step: batch -> forward -> backward -> Adam step -> loss.item()). Exits on EOF.
Standalone: python3 bench/torch_twin.py <manifest> --selftest  (10 steps, prints the losses).
"""
import json
import math
import sys
import time

try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError as e:  # the caller turns this into a clear message
    print(json.dumps({"error": f"torch is not installed ({e}); install the CPU wheel with: pip install torch"}), flush=True)
    sys.exit(3)


class Block(nn.Module):
    def __init__(self, c, attn):
        super().__init__()
        h = c["hidden"]
        self.heads = c["heads"]
        self.attn = attn
        self.ln1 = nn.LayerNorm(h, eps=1e-5)
        self.q = nn.Linear(h, h, bias=False)
        self.k = nn.Linear(h, h, bias=False)
        self.v = nn.Linear(h, h, bias=False)
        self.out = nn.Linear(h, h, bias=False)
        self.ln2 = nn.LayerNorm(h, eps=1e-5)
        self.up = nn.Linear(h, c["ff"])
        self.down = nn.Linear(c["ff"], h)
        t = c["context"]
        self.register_buffer("later", torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1), persistent=False)

    def forward(self, x):
        b, t, h = x.shape
        hd = h // self.heads
        y = self.ln1(x)
        # [b, t, h] -> [b, heads, t, headDim]; the heads are the major half of the hidden dim, as split() does.
        q, k, v = (p(y).view(b, t, self.heads, hd).transpose(1, 2) for p in (self.q, self.k, self.v))
        if self.attn == "sdpa":
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:  # written out, as the library's attention() is
            s = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
            a = s.masked_fill(self.later, float("-inf")).softmax(-1) @ v
        x = x + self.out(a.transpose(1, 2).reshape(b, t, h))
        return x + self.down(F.gelu(self.up(self.ln2(x))))


class Model(nn.Module):
    def __init__(self, c, attn):
        super().__init__()
        self.tokens = nn.Embedding(c["vocab"], c["hidden"])
        self.positions = nn.Parameter(torch.zeros(c["context"], c["hidden"]))
        self.blocks = nn.ModuleList(Block(c, attn) for _ in range(c["layers"]))
        self.final = nn.LayerNorm(c["hidden"], eps=1e-5)
        self.head = nn.Linear(c["hidden"], c["vocab"])

    def forward(self, ids):
        x = self.tokens(ids) + self.positions
        for b in self.blocks:
            x = b(x)
        return self.head(self.final(x))


def load_params(model, manifest, blob):
    """Copies the example's initial values in. Our weights are [in, out] (x · W); nn.Linear keeps [out, in]."""
    flat = torch.frombuffer(bytearray(blob), dtype=torch.float32)
    named = dict(model.named_parameters())
    seen = set()
    for p in manifest["params"]:
        size = math.prod(s for _, s in p["dims"])
        value = flat[p["offset"] : p["offset"] + size].view(*[s for _, s in p["dims"]])
        name = p["name"]
        target = (name.replace(".gamma", ".weight").replace(".beta", ".bias"))
        if name == "tokens":
            target = "tokens.weight"
        elif name.startswith("blocks.") and name.split(".")[2] in ("q", "k", "v", "out"):
            target = name + ".weight"
        param = named[target]
        if value.dim() == 2 and target != "tokens.weight" and target != "positions":
            value = value.t()  # [in, out] -> [out, in]
        if tuple(value.shape) != tuple(param.shape):
            raise SystemExit(f"torch twin: {name} has shape {tuple(value.shape)}, the torch parameter {target} {tuple(param.shape)}")
        with torch.no_grad():
            param.copy_(value)
        seen.add(target)
    missing = set(named) - seen
    if missing:
        raise SystemExit(f"torch twin: parameters without an initial value from the example: {sorted(missing)}")


def main():
    manifest_path = sys.argv[1]
    attn = "manual" if "--manual-attention" in sys.argv else "sdpa"
    with open(manifest_path) as f:
        manifest = json.load(f)
    c = manifest["config"]
    torch.set_num_interop_threads(1)
    model = Model(c, attn)
    count = sum(p.numel() for p in model.parameters())
    if count != manifest["param_count"]:
        raise SystemExit(f"torch twin: {count} parameters, the example has {manifest['param_count']}")
    with open(manifest["params_file"], "rb") as f:
        load_params(model, manifest, f.read())
    a = manifest["adam"]
    opt = torch.optim.Adam(model.parameters(), lr=a["lr"], betas=(a["beta1"], a["beta2"]), eps=a["eps"])
    with open(manifest["batches_file"], "rb") as f:
        batches = torch.frombuffer(bytearray(f.read()), dtype=torch.int32).view(manifest["batches"], 2, c["batch"], c["context"]).long()
    state = {"step": 0}

    def train(steps):
        losses = []
        c0 = time.process_time()
        t0 = time.perf_counter()
        for _ in range(steps):
            batch = batches[state["step"] % manifest["batches"]]
            state["step"] += 1
            logits = model(batch[0])
            loss = F.cross_entropy(logits.view(-1, c["vocab"]), batch[1].reshape(-1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000, losses

    if "--selftest" in sys.argv:
        torch.set_num_threads(2)
        ms, _, losses = train(10)
        print(json.dumps({"ms": ms, "losses": losses, "params": count}))
        return
    print(json.dumps({"ready": True, "torch": torch.__version__, "params": count, "attention": attn,
                      "mkldnn": torch.backends.mkldnn.is_available(), "config": torch.__config__.parallel_info().split("\n")[0:3]}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        cmd = json.loads(line)
        torch.set_num_threads(int(cmd["threads"]))
        ms, cpu_ms, losses = train(int(cmd["steps"]))
        print(json.dumps({"ms": ms, "cpu_ms": cpu_ms, "losses": losses, "threads": torch.get_num_threads()}), flush=True)


if __name__ == "__main__":
    main()
