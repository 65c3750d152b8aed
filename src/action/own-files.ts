/**
 * The action's own files, as the job checked them out: kept out of the waves' changes, and put back
 * before the post step runs them if anything changed them while the wave ran.
 *
 * The post step (`post: dist/post/index.js`, run `always()`) and the pick step's post run the
 * action's code from disk after the run step: the runner reads the action's `action.yml` and runs
 * its bundle under `dist/`. A run step's process loaded its code before any agent started, so it
 * is the one to check: it reads those files into memory when it starts, and when it ends it
 * compares them with what it read — file contents, modes, links, files added or removed — and
 * writes back what differs. A tree it cannot put back is removed, so the post step fails ("no
 * action.yml") instead of running changed code. An action that is the repository the agents work
 * in (`uses: ./`, the action developing itself) is not guarded: its files are the work.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { errorMessage } from "../errors.js";

type Entry = { kind: "dir"; mode: number } | { kind: "file"; mode: number; bytes: Buffer } | { kind: "link"; target: string };

/** The action's files by path relative to its directory ("" is the directory itself). */
export type OwnFiles = { root: string; entries: Map<string, Entry> };

/** The directory holding action.yml above the running bundle (dist/index.js, dist/post/index.js), or null. */
export async function actionRoot(entry: string = process.argv[1] ?? ""): Promise<string | null> {
  let dir = path.dirname(path.resolve(entry));
  for (let i = 0; i < 3; i++) {
    if (await isFile(path.join(dir, "action.yml"))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => null))?.isFile() ?? false;
}

/** What the runner reads and runs of the action after the run step: its metadata and its bundle. */
const GUARDED = new Set(["action.yml", "dist"]);

/** Whether the action at `root` is guarded: not when the agents' workspace is the action or lies inside it. */
export function guardsOwnFiles(root: string, workspace: string): boolean {
  const rel = path.relative(root, workspace);
  return rel.startsWith("..") || path.isAbsolute(rel);
}

/** Reads action.yml and dist/ under `root` without following links. */
async function readTree(root: string): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const visit = async (rel: string): Promise<void> => {
    const abs = path.join(root, rel);
    const st = await fs.lstat(abs);
    if (st.isSymbolicLink()) entries.set(rel, { kind: "link", target: await fs.readlink(abs) });
    else if (st.isFile()) entries.set(rel, { kind: "file", mode: st.mode & 0o7777, bytes: await fs.readFile(abs) });
    else if (st.isDirectory()) {
      entries.set(rel, { kind: "dir", mode: st.mode & 0o7777 });
      for (const name of (await fs.readdir(abs)).sort()) {
        if (rel === "" && !GUARDED.has(name)) continue;
        await visit(rel === "" ? name : path.join(rel, name));
      }
    } else entries.set(rel, { kind: "link", target: `\0${st.mode}` }); // a fifo, socket or device: never the action's
  };
  await visit("");
  return entries;
}

function same(a: Entry | undefined, b: Entry | undefined): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === "link") return a.target === (b as typeof a).target;
  if (a.mode !== (b as typeof a).mode) return false;
  return a.kind === "dir" || a.bytes.equals((b as Extract<Entry, { kind: "file" }>).bytes);
}

/** What differs between two readings, as relative paths (sorted). */
function differences(before: Map<string, Entry>, after: Map<string, Entry>): string[] {
  const out = new Set<string>();
  for (const [rel, entry] of before) if (!same(entry, after.get(rel))) out.add(rel);
  for (const rel of after.keys()) if (!before.has(rel)) out.add(rel);
  return [...out].sort();
}

export async function readOwnFiles(root: string): Promise<OwnFiles> {
  return { root, entries: await readTree(root) };
}

/**
 * Puts the action's files back as `own` read them. Returns the paths that had changed (empty when
 * none). Throws when the tree could not be put back, after removing it.
 */
export async function restoreOwnFiles(own: OwnFiles): Promise<string[]> {
  const { root, entries } = own;
  const now = await readTree(root).catch(() => new Map<string, Entry>());
  const changed = differences(entries, now);
  if (changed.length === 0) return [];
  try {
    // Whatever is not as it was goes (deepest first), then what was is written again (parents first).
    for (const rel of [...changed].sort().reverse()) {
      if (now.has(rel) && !(now.get(rel)?.kind === "dir" && entries.get(rel)?.kind === "dir")) {
        await fs.rm(path.join(root, rel), { recursive: true, force: true });
      }
    }
    for (const rel of [...entries.keys()].sort()) {
      const want = entries.get(rel)!;
      const abs = path.join(root, rel);
      if (same(want, now.get(rel))) continue;
      if (want.kind === "dir") {
        await fs.mkdir(abs, { recursive: true });
        await fs.chmod(abs, want.mode);
      } else if (want.kind === "file") {
        await fs.writeFile(abs, want.bytes, { mode: want.mode });
        await fs.chmod(abs, want.mode);
      } else if (!want.target.startsWith("\0")) {
        await fs.symlink(want.target, abs);
      }
    }
    const left = differences(entries, await readTree(root));
    if (left.length > 0) throw new Error(`still different: ${left.slice(0, 5).join(", ")}`);
  } catch (error) {
    await fs.rm(root, { recursive: true, force: true }).catch(() => undefined);
    throw new Error(
      `the Wave Action's files changed while the wave ran (${changed.slice(0, 5).join(", ")}) and could not be put back (${errorMessage(error)}); removed them, so its post step fails instead of running changed code`,
    );
  }
  return changed;
}

/**
 * Keeps the action's directory out of the waves' changes when it lies inside the repository's work
 * tree (the reusable workflow checks it out to .wave-action): one line in the repository's
 * .git/info/exclude, added once.
 */
export async function excludeFromChanges(actionDir: string, workspace: string): Promise<boolean> {
  const rel = path.relative(workspace, actionDir);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return false;
  const gitDir = path.join(workspace, ".git");
  if (!(await fs.lstat(gitDir).catch(() => null))?.isDirectory()) return false;
  const file = path.join(gitDir, "info", "exclude");
  const line = `/${rel.split(path.sep).join("/")}/`;
  const text = await fs.readFile(file, "utf8").catch(() => "");
  if (text.split("\n").includes(line)) return false;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.appendFile(file, `${text === "" || text.endsWith("\n") ? "" : "\n"}${line}\n`);
  return true;
}
