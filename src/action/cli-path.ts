/**
 * The action bundle (dist/index.js, dist/post/index.js) starts agents' `wave` commands, the local
 * agent and the tmux viewer through the CLI bundle that sits next to it (dist/cli/index.js).
 */
import { existsSync } from "node:fs";
import path from "node:path";

export function selfActionCliArgv(entry: string = process.argv[1] ?? ""): string[] {
  let dir = path.dirname(path.resolve(entry));
  for (let i = 0; i < 3; i++) {
    const bundled = path.join(dir, "cli", "index.js");
    if (existsSync(bundled)) return [process.execPath, bundled];
    const source = path.join(dir, "cli.ts");
    if (existsSync(source)) return [process.execPath, ...process.execArgv, source];
    dir = path.dirname(dir);
  }
  return [process.execPath, path.join(path.dirname(path.resolve(entry)), "cli", "index.js")];
}
