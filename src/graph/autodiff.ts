// Layer: src/graph. Reverse-mode differentiation of the lazy graph: from a root (usually a scalar loss) back to
// chosen nodes, applying one rule per primitive (autodiff-rules.ts) or a custom rule attached to a node (a
// fused backward such as softmax + cross-entropy). The result is more lazy graph, so the backward pass fuses
// and compiles like the forward one. Gradients exist for float32 nodes only. Imports only src/graph.
import { add, conform } from "./autodiff-build.js";
import { backwardRule } from "./autodiff-rules.js";
import { fillNode } from "./build.js";
import type { Node } from "./node.js";

/** A hand-written backward for one node: the inputs it differentiates to, and their gradients given g. */
export interface CustomGradient {
  readonly inputs: readonly Node[];
  /** Gradients for `inputs` (each with dims among its input's, or undefined for none). */
  backward(g: Node): readonly (Node | undefined)[];
}

const custom = new WeakMap<Node, CustomGradient>();

/**
 * Makes autodiff use `rule` for `node` instead of differentiating the primitives that compute it; the
 * primitives below it are then not visited.
 * @example defineGradient(loss, [logits], (g) => [mul(g, sub(softmax, onehot))])
 */
export function defineGradient(node: Node, inputs: readonly Node[], backward: (g: Node) => readonly (Node | undefined)[]): void {
  custom.set(node, { inputs, backward });
}

/** The nodes a node's gradient flows to: its custom rule's inputs, or its primitive inputs. @example gradientInputs(loss) // [logits] */
export const gradientInputs = (node: Node): readonly Node[] => custom.get(node)?.inputs ?? node.inputs;

/** Nodes reachable from `root` (through gradientInputs), inputs before the nodes that read them. */
function topological(root: Node): Node[] {
  const order: Node[] = [];
  const seen = new Set<Node>([root]);
  const stack: { node: Node; next: number }[] = [{ node: root, next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const inputs = gradientInputs(top.node);
    if (top.next < inputs.length) {
      const input = inputs[top.next++]!;
      if (!seen.has(input)) {
        seen.add(input);
        stack.push({ node: input, next: 0 });
      }
    } else {
      order.push(top.node);
      stack.pop();
    }
  }
  return order;
}

/**
 * The gradient of `root` with respect to each node of `wrt`, each with exactly that node's dims (in its
 * order). `seed` is the gradient of root itself (default: 1, for a scalar root). A node that root does not
 * depend on, or that is not float32, gets zeros of its own dtype.
 * @example const [dx] = gradients(loss.node, [x.node])
 */
export function gradients(root: Node, wrt: readonly Node[], seed?: Node): Node[] {
  const targets = new Set(wrt.filter((n) => n.dtype === "float32"));
  const order = topological(root);
  // Nodes on a path to a target: only their gradients are built.
  const active = new Set<Node>();
  for (const n of order) {
    if (n.dtype !== "float32") continue;
    if (targets.has(n) || gradientInputs(n).some((i) => active.has(i))) active.add(n);
  }
  const adjoint = new Map<Node, Node>();
  if (active.has(root)) adjoint.set(root, seed ?? fillNode(1, "float32"));
  for (let k = order.length - 1; k >= 0; k--) {
    const n = order[k]!;
    const g = adjoint.get(n);
    if (!g) continue;
    const inputs = gradientInputs(n);
    const wants = inputs.map((i) => active.has(i));
    if (!wants.some(Boolean)) continue;
    const rule = custom.get(n);
    const grads = rule ? rule.backward(g) : backwardRule(n, g, wants);
    inputs.forEach((input, i) => {
      const gi = grads[i];
      if (!gi || !wants[i]) return;
      const known = adjoint.get(input);
      adjoint.set(input, known ? add(known, gi) : gi);
    });
  }
  return wrt.map((n) => {
    const g = adjoint.get(n);
    return g && n.dtype === "float32" ? conform(g, n.dims) : fillNode(0, n.dtype, n.dims);
  });
}
