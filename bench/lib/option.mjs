// `--name VALUE` from the command line, or the fallback: the benchmarks' one flag reader.
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
}
