/** Entry point of the `mono-agent` CLI: returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  process.stdout.write(`mono-agent: not built yet (${argv.join(" ")})\n`);
  return 0;
}
