// A vitest setup file: when a test fails, say which random seed its inputs came from, so that the failure can be
// replayed (NT_TEST_SEED=...) from the last lines of a CI log. Every test file draws its own seed.
import { beforeEach } from "vitest";
import { testSeed } from "./random.js";

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    console.error(`[test] "${task.name}" failed with random inputs from seed ${testSeed}: rerun with NT_TEST_SEED=${testSeed}`);
  });
});
