// The mnist-shaped conv net the ONNX benches export (conv 3×3 "same" → relu → max pool 2 → conv 3×3 pad 1 → relu →
// max pool 2 → linear over 16 maps of 7×7), built with the given named-tensor module `nt` (a dist build).
//   const { net, images } = convNet(nt); const logits = net(images(64))

/** The net's variables (fixed seeds) and the function of a batch of images; `images(n)` is a placeholder batch. */
export function convNet(nt) {
  const side = 28;
  const window = { height: "kh", width: "kw" };
  const p = {
    k1: nt.variable(nt.randn([["filters", 8], ["channels", 1], ["kh", 3], ["kw", 3]], { seed: 1 }).mul(0.4)),
    b1: nt.variable(nt.randn([["filters", 8]], { seed: 2 }).mul(0.1)),
    k2: nt.variable(nt.randn([["maps", 16], ["filters", 8], ["kh", 3], ["kw", 3]], { seed: 3 }).mul(0.15)),
    b2: nt.variable(nt.randn([["maps", 16]], { seed: 4 }).mul(0.1)),
    out: nt.linearParams(["feature", 16 * 7 * 7], ["class", 10], { seed: 5 }),
  };
  const net = (x) => {
    const h1 = nt.maxPool(nt.conv(x, p.k1, { channel: "channels", window, padding: "same" }).add(p.b1).relu(), { window: { height: 2, width: 2 } });
    const h2 = nt.maxPool(nt.conv(h1, p.k2, { channel: "filters", window, padding: 1 }).add(p.b2).relu(), { window: { height: 2, width: 2 } });
    return nt.linear(h2.stack({ feature: ["maps", "height", "width"] }), "feature", p.out.weight, p.out.bias);
  };
  const images = (n) => nt.placeholder([["image", n], ["channels", 1], ["height", side], ["width", side]]);
  return { net, images, side };
}
