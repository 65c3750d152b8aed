/**
 * The argv agents use to start the `wave` CLI (their `wave` shim, the local executor): the
 * orchestrator's own, unless the agent user cannot reach its Node binary or its entry file (an
 * action checked out under the runner's home). Then a readable copy of the bundle goes to the
 * agent area, and `node` is looked up on the agent's PATH. The bundle is the entry's directory, or
 * for the bundle's CLI entry (dist/cli/index.js, which imports the bundle above it; see
 * scripts/build.mjs) the directory above.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { canAccessAs } from "./access.js";
import type { Owner } from "./worktree.js";

const SCRIPT = /\.(?:c|m)?[jt]s$/;

export async function cliArgvForAgent(cliArgv: readonly string[], identity: Owner, binDir: string): Promise<string[]> {
  const out = [...cliArgv];
  if (out[0] && path.isAbsolute(out[0]) && !canAccessAs(identity, out[0], "execute")) out[0] = "node";
  const index = out.findIndex((a, i) => i > 0 && path.isAbsolute(a) && SCRIPT.test(a));
  if (index > 0 && !canAccessAs(identity, out[index]!, "read")) {
    const entry = out[index]!;
    const from = bundleOf(entry);
    const to = path.join(binDir, "cli");
    await fs.cp(from, to, { recursive: true, dereference: true });
    await makeReadable(to);
    out[index] = path.join(to, path.relative(from, entry));
  }
  return out;
}

/** What to copy for `entry`: its directory, or the bundle above it for a `cli/` entry that imports it (dist/cli/index.js). */
function bundleOf(entry: string): string {
  const dir = path.dirname(entry);
  const above = path.dirname(dir);
  return path.basename(dir) === "cli" && existsSync(path.join(above, "index.js")) ? above : dir;
}

async function makeReadable(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeReadable(p);
    else await fs.chmod(p, 0o644);
  }
}
