// Stand-in for node:url in the browser test page: the examples use pathToFileURL only to tell whether they
// run as a script, which in a page they never do.
export const pathToFileURL = (p) => new URL(`file://${p}`);
export const fileURLToPath = (u) => new URL(u).pathname;
