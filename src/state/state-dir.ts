/**
 * The state directory keeps itself out of git without the user doing anything: when a run creates
 * it, a `.gitignore` holding `*` goes in it, so `git status` stays clean and no `git add -A` (the
 * user's or an agent's) stages run files, wherever the directory is (inside the repository, nested
 * under a directory of the project with `--state-dir`, or outside it, where the file is harmless).
 * A directory that already existed and holds files git tracks, or that holds the repository
 * itself, belongs to the project: it is left as it is. An existing `.gitignore` is never replaced.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { git } from "./git.js";

const STATE_GITIGNORE = ".gitignore";

/** Creates `stateDir` (and its `.gitignore`, see above) when needed. */
export async function ensureStateDir(stateDir: string, root: string): Promise<void> {
  const created = await fs.mkdir(stateDir, { recursive: true });
  const file = path.join(stateDir, STATE_GITIGNORE);
  const present = await fs.lstat(file).then(
    () => true,
    () => false,
  );
  if (present) return;
  const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  const rel = path.relative(await real(stateDir), await real(root));
  if (!rel.startsWith("..") && !path.isAbsolute(rel)) return;
  if (created === undefined) {
    const tracked = await git(stateDir, ["ls-files", "-z", "--", "."]);
    if (tracked.code === 0 && tracked.stdout !== "") return;
  }
  try {
    await fs.writeFile(file, "*\n", { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
