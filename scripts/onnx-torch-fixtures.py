# Writes the small ONNX models of test/fixtures/onnx/ (read by test/device/onnx-torch-models.test.ts): real
# architectures built in PyTorch with fixed random weights (seed 0) and exported by torch.onnx's TorchScript
# exporter, as most ONNX files in the wild were. Run with python3 + torch (CPU) + onnx:
#   python3 -m venv --system-site-packages /tmp/onnxenv && /tmp/onnxenv/bin/pip install onnx
#   /tmp/onnxenv/bin/python scripts/onnx-torch-fixtures.py
# Made with torch 2.13.0+cpu and onnx 1.23.1. The test compares fromOnnx with onnxruntime-node on fresh random
# inputs, so nothing here records expected outputs.
import os
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.filterwarnings("ignore")
out = os.path.join(os.path.dirname(__file__), "..", "test", "fixtures", "onnx")
os.makedirs(out, exist_ok=True)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 16)
        self.b = nn.Linear(16, 16)
        self.c = nn.Linear(16, 4)

    def forward(self, x):
        h = F.gelu(self.a(x))
        h = torch.tanh(self.b(h)) + h
        return F.log_softmax(self.c(h), dim=-1)


class Cnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        self.b1 = nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=4)
        self.b2 = nn.BatchNorm2d(8)
        self.c3 = nn.Conv2d(8, 12, 1)
        self.fc = nn.Linear(12, 5)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.b1(self.c1(x))), 2)
        h = F.hardswish(self.b2(self.c2(h)))
        h = F.avg_pool2d(F.relu6(self.c3(h)), 3, stride=1, padding=1, count_include_pad=False)
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        return F.softmax(self.fc(h), dim=1)


class UNetish(nn.Module):
    """Down and up again: strided conv, ConvTranspose, nearest and bilinear upsampling, a skip concat, Sigmoid."""

    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(2, 6, 3, stride=2, padding=1)
        self.mid = nn.Conv2d(6, 6, 3, padding=1)
        self.up = nn.ConvTranspose2d(6, 4, 2, stride=2)
        self.out = nn.Conv2d(4 + 2 + 6, 1, 1)

    def forward(self, x):
        d = F.leaky_relu(self.down(x), 0.1)
        m = F.elu(self.mid(d))
        u = self.up(m)
        n = F.interpolate(m, scale_factor=2, mode="nearest")
        b = F.interpolate(d, scale_factor=2, mode="bilinear", align_corners=False)
        return torch.sigmoid(self.out(torch.cat([u, x, n + b], dim=1)))


class Encoder(nn.Module):
    """A transformer encoder: token embedding plus learned positions, 2 layers (LayerNorm, multi-head attention with
    a padding mask, GELU feed-forward), mean pooling over the unmasked tokens."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(20, 16)
        self.pos = nn.Parameter(torch.randn(12, 16) * 0.1)
        layer = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
        self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.head = nn.Linear(16, 3)

    def forward(self, ids, mask):
        h = self.embed(ids) + self.pos[: ids.shape[1]]
        h = self.enc(h, src_key_padding_mask=mask)
        keep = (~mask).unsqueeze(-1).float()
        return self.head((h * keep).sum(1) / keep.sum(1).clamp(min=1))


class Attention(nn.Module):
    """Causal self-attention written out: q, k, v projections, heads by reshape, a triangular mask, softmax."""

    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.o = nn.Linear(16, 16)
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.norm(x)).split(16, dim=-1)
        q, k, v = (z.reshape(b, t, 4, 4).transpose(1, 2) for z in (q, k, v))
        s = q @ k.transpose(-1, -2) / 2.0
        causal = torch.ones(t, t, dtype=torch.bool).triu(1)
        p = s.masked_fill(causal, float("-inf")).softmax(-1)
        y = (p @ v).transpose(1, 2).reshape(b, t, 16)
        return x + self.o(y)


def export(model, args, name, inputs, outputs, dynamic, opset):
    torch.manual_seed(1)
    model.eval()
    for m in model.modules():  # running statistics that are not the identity, as a trained model has
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2)
    path = os.path.join(out, name)
    torch.onnx.export(model, args, path, dynamo=False, input_names=inputs, output_names=outputs, dynamic_axes=dynamic, opset_version=opset)
    print(name, os.path.getsize(path), "bytes")


torch.manual_seed(0)
export(Mlp(), (torch.randn(2, 6),), "torch-mlp.onnx", ["x"], ["logp"], {"x": {0: "batch"}, "logp": {0: "batch"}}, 17)
torch.manual_seed(0)
export(Cnn(), (torch.randn(2, 3, 16, 16),), "torch-cnn.onnx", ["image"], ["probs"], {"image": {0: "batch", 2: "height", 3: "width"}, "probs": {0: "batch"}}, 13)
torch.manual_seed(0)
export(UNetish(), (torch.randn(1, 2, 8, 8),), "torch-unet.onnx", ["x"], ["y"], {"x": {0: "batch"}, "y": {0: "batch"}}, 11)
torch.manual_seed(0)
ids = torch.randint(0, 20, (2, 7))
mask = torch.zeros(2, 7, dtype=torch.bool)
mask[1, 5:] = True
# static sizes: the TorchScript exporter writes nn.MultiheadAttention's head reshape with the traced sizes
export(Encoder(), (ids, mask), "torch-encoder.onnx", ["ids", "mask"], ["logits"], None, 17)
torch.manual_seed(0)
export(Attention(), (torch.randn(2, 5, 16),), "torch-attention.onnx", ["x"], ["y"], {"x": {0: "batch", 1: "seq"}, "y": {0: "batch", 1: "seq"}}, 14)
