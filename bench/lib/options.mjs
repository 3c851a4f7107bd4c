// The bench scripts' command-line options: `--name value`.

/** The value after `--name` on the command line, or `fallback` when it is not given. @example Number(option("runs", 7)) */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
