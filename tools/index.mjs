// The tools' entry for scripts/check-package.mjs: the bundlers' JavaScript APIs, resolved from tools/node_modules.
export * as esbuild from "esbuild";
export * as vite from "vite";
export { default as webpack } from "webpack";
