// The whole-library entry of the bundle-size budget (scripts/check-package.mjs): every export kept.
export * from "named-tensor";
