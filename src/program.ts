/**
 * Which program a process of the one bundle runs. dist/index.js holds the action's main step, its
 * post step and the `wave` CLI, each loaded only when it runs (its code is in chunks next to the
 * bundle, so nothing is stored twice). Two small files only import the bundle: action.yml's
 * `post` entry, dist/post/index.js, and the CLI's, dist/cli/index.js (package.json `bin`); see
 * scripts/build.mjs. The program is told by the entry file the process started, with symlinks
 * resolved by the caller (an installed `wave` is a symlink to dist/cli/index.js):
 * - dist/post/index.js, or src/post.ts from sources: the action's post step;
 * - dist/cli/index.js: the CLI (from sources the CLI's entry is src/cli.ts, which does not come
 *   through here);
 * - anything else: the action's main step.
 * A step or command run again as root (agent-user/elevate.ts) keeps its entry file, so its program.
 */
import path from "node:path";

export type Program = "main" | "post" | "cli";

export function programOf(entry: string | undefined): Program {
  if (!entry) return "main";
  const file = path.basename(entry);
  if (/^post\.[cm]?[jt]s$/.test(file)) return "post";
  if (!/^index\.[cm]?js$/.test(file)) return "main";
  const dir = path.basename(path.dirname(entry));
  return dir === "post" ? "post" : dir === "cli" ? "cli" : "main";
}
