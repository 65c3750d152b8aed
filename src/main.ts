/**
 * The bundle's entry (dist/index.js): the action's main step, its post step (dist/post/index.js,
 * src/post.ts) or the `wave` CLI (dist/cli/index.js), told by the entry file (program.ts). Each
 * program's code is loaded when it runs: the post step loads none of the engine, the CLI only its
 * dispatcher until a command runs.
 *
 * Node's compile cache is enabled first (src/compile-cache.ts): every chunk is loaded after that,
 * so each process (the CLI, each `local` agent, an action step) reuses the code compiled by the
 * ones before it instead of compiling it again.
 */
import { realpathSync } from "node:fs";
import { enableCompileCache } from "./compile-cache.js";
import { programOf } from "./program.js";

enableCompileCache();

function entryFile(argv1: string | undefined): string | undefined {
  if (!argv1) return undefined;
  try {
    return realpathSync(argv1);
  } catch {
    return argv1;
  }
}

const program = programOf(entryFile(process.argv[1]));
if (program === "cli") await import("./cli/entry.js");
else {
  // A step run again as root (agent-user/elevate.ts) takes its hand-off first.
  await (await import("./agent-user/elevate.js")).enterElevated(process.argv.slice(2));
  if (program === "post") await (await import("./action/post.js")).runPost();
  else await (await import("./action/main.js")).runAction();
}
