import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/helpers/report-seed.ts", "test/helpers/fuse-every-size.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // WebGPU (Dawn) must stay in one process per file: its entry object is held for the process lifetime.
    pool: "forks",
  },
});
