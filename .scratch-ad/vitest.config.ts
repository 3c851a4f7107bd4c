import { defineConfig } from "vitest/config";
export default defineConfig({ test: { include: [".scratch-ad/**/*.test.ts"], testTimeout: 600_000, pool: "forks" } });
