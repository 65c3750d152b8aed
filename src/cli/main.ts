export async function runCli(argv: string[]): Promise<number> {
  console.log(argv.join(" "));
  return 0;
}
