/**
 * Workspace changes: everything the agents changed relative to the commit the wave started from
 * (modified, added, deleted and binary files), stored as a binary git patch in the run directory
 * (`changes/changes.patch` + `changes/meta.json`). The whole repository is recorded (its git top
 * level), not just the directory the waves live in. Files ignored by .gitignore and the state
 * directory itself are not part of it, wherever the state directory is. Agents are told not to
 * commit; commits they make anyway are recorded like uncommitted work (the patch is relative to the
 * base commit) and undone afterwards: HEAD goes back to the base commit, the committed changes stay
 * in the work tree. The changes carry the base commit's version (the preimage blob) of every file
 * they modify or delete (`changes/preimages/<blob id>`), so that a 3-way apply onto another commit
 * works in a shallow (depth 1) clone that lacks the base commit's objects: carrying them costs
 * the size of the touched files, where fetching the base commit instead would need a token and the
 * network in every job that applies changes. Applying a patch never touches `.git/` or anything outside the repository:
 * every name in the patch's headers (copy and rename sources included, which
 * `git apply --numstat` does not list) is checked before git reads the patch.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { UserError } from "../errors.js";
import { readJsonChecked, writeJsonAtomic } from "./json-files.js";
import { type GitAt, type GitRepo, type GitResult, git, gitInvocation, gitOrThrow, pinRepositoryAndHead, topLevelAndHead } from "./git.js";
import { findUnsafePatchHeader, patchNameProblem } from "./patch-headers.js";

export const ChangesMetaSchema = z.object({
  schemaVersion: z.literal(1),
  kind: z.literal("wave-changes"),
  baseCommit: z.string(),
  files: z.array(z.object({ path: z.string(), status: z.string() })),
  patchSha256: z.string(),
  bytes: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** Blob ids of the base commit's versions of the modified and deleted files, in `preimages/`. */
  preimages: z.array(z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)).optional(),
});
export type ChangesMeta = z.infer<typeof ChangesMetaSchema>;

export const PATCH_FILE = "changes.patch";
export const META_FILE = "meta.json";
export const PREIMAGE_DIR = "preimages";

/** Runs git with its standard output written to `file` (binary-safe, any size). */
function gitToFile(repo: GitRepo, args: string[], file: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    const call = gitInvocation(repo, args);
    const child = spawn("git", call.args, { cwd: call.cwd, env: call.env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString("utf8");
    });
    // Done when git has exited and the file is closed, in whichever order those happen.
    let code: number | null | undefined;
    let closed = false;
    const settle = () => {
      if (code === undefined || !closed) return;
      if (code === 0) resolve();
      else reject(new UserError(`${what} failed: git ${args[0]}: ${stderr.trim() || `exit ${code}`}`));
    };
    out.on("close", () => {
      closed = true;
      settle();
    });
    out.on("error", (error) => reject(new UserError(`${what} failed: ${file}: ${error.message}`)));
    child.stdout.pipe(out);
    child.on("error", (error) => reject(new UserError(`${what} failed: git could not be run (${error.message})`)));
    child.on("close", (exit) => {
      code = exit;
      settle();
    });
  });
}

/** One file of the staged changes, from `git diff --raw -z --no-abbrev`. */
interface RawChange {
  /** The status letter (A, D, M, T…; with a score for the kinds that have one): what `--name-status` prints for it. */
  status: string;
  path: string;
  /** The base commit's mode and blob id of the file (zeros when the changes add it). */
  oldMode: string;
  oldId: string;
}

/**
 * The staged changes relative to `baseCommit`, file by file in git's order, read from one
 * `git diff --cached --raw -z --no-abbrev --no-renames`: its records give both the status letters
 * (the same as `--name-status` would, which is not asked for separately) and the base commit's
 * blob of each file. Records: ":<old mode> <new mode> <old id> <new id> <status>" NUL "<path>" NUL.
 */
async function stagedChanges(repo: GitRepo, baseCommit: string, env: Record<string, string>): Promise<RawChange[]> {
  const raw = await gitOrThrow(
    repo,
    ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-ext-diff", "--no-textconv", baseCommit],
    "recording workspace changes",
    env,
  );
  const fields = raw.split("\0");
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = /^:(\d{6}) \d{6} ([0-9a-f]+) [0-9a-f]+ ([A-Z][0-9]*)$/.exec(fields[i]!);
    if (!m)
      throw new UserError(
        `recording workspace changes failed: git diff --raw printed an unexpected record ${JSON.stringify(fields[i]!.slice(0, 200))}`,
      );
    changes.push({ status: m[3]!, path: fields[i + 1]!, oldMode: m[1]!, oldId: m[2]! });
  }
  return changes;
}

/**
 * Writes the base commit's blob of every file the staged changes modify or delete (not files they
 * add, nor submodule commits) into `dir`, named by blob id; returns the ids.
 */
async function savePreimages(repo: GitRepo, changes: readonly RawChange[], dir: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const c of changes) {
    if (c.oldMode === "000000" || c.oldMode === "160000" || /^0+$/.test(c.oldId)) continue;
    ids.add(c.oldId);
  }
  if (ids.size === 0) return [];
  await fs.mkdir(dir, { recursive: true });
  for (const id of ids) await gitToFile(repo, ["cat-file", "blob", id], path.join(dir, id), "recording workspace changes");
  return [...ids].sort();
}

/**
 * Puts the preimage blobs the changes carry into the object store of the repository at `root`
 * when it lacks them (a shallow clone of another commit), each checked against its id. Returns the
 * ids that could not be supplied (missing, or altered: the uploaded copy is redacted, so a base
 * file that held a secret does not come back as it was).
 */
async function loadPreimages(root: GitRepo, dir: string, meta: ChangesMeta, label: string): Promise<string[]> {
  const unusable: string[] = [];
  for (const id of meta.preimages ?? []) {
    const present = await git(root, ["cat-file", "-e", `${id}^{blob}`]);
    if (present.code === 0) continue;
    const file = path.join(dir, PREIMAGE_DIR, id);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile()) {
      unusable.push(id);
      continue;
    }
    // The id is the hash of the content: a blob stored under any other id is never looked up.
    const written = await gitOrThrow(root, ["hash-object", "-w", "--no-filters", "--", file], `${label}: storing the preimage ${id}`);
    if (written.trim() !== id) unusable.push(id);
  }
  return unusable;
}

/**
 * The directories in `dirs` that lie inside the repository at `top`, as top-relative names with
 * forward slashes. Symbolic links are resolved first: git reports `top` that way.
 */
async function insideRepository(top: string, dirs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const dir of dirs) {
    const real = await fs.realpath(dir).catch(() => path.resolve(dir));
    const rel = path.relative(top, real);
    if (rel.startsWith("..") || path.isAbsolute(rel)) continue;
    // The state directory holding the whole repository would leave nothing to record.
    if (rel === "")
      throw new UserError(`the state directory ${dir} is the repository itself: workspace changes cannot be told apart from it`);
    out.push(rel.split(path.sep).join("/"));
  }
  return out;
}

function isUnder(name: string, dirs: string[]): boolean {
  return dirs.some((d) => name === d || name.startsWith(`${d}/`));
}

/**
 * Files the agents committed that `git add -A` leaves out because .gitignore matches them (they
 * were added with `git add -f`): still part of the work, so they are recorded too.
 */
async function committedNames(repo: GitRepo, baseCommit: string, head: string, excluded: string[]): Promise<string[]> {
  const top = repo.workTree;
  const listed = await gitOrThrow(
    repo,
    [
      "-c",
      "core.quotePath=false",
      "diff",
      "--name-only",
      "-z",
      "--no-renames",
      "--no-ext-diff",
      "--no-textconv",
      "--diff-filter=AM",
      baseCommit,
      head,
    ],
    "recording workspace changes",
  );
  const names: string[] = [];
  for (const name of listed.split("\0").filter(Boolean)) {
    if (isUnder(name, excluded)) continue;
    const present = await fs.lstat(path.join(top, name)).then(
      () => true,
      () => false,
    );
    if (present) names.push(name);
  }
  return names;
}

/**
 * `at` as a pinned repository and the commit checked out there: a directory is looked up now
 * (see pinRepositoryAndHead in git.ts), one git process either way.
 */
async function pinned(at: GitAt, label: string): Promise<{ repo: GitRepo; head: string | null }> {
  if (typeof at !== "string") return { repo: at, head: (await topLevelAndHead(at)).head };
  const found = await pinRepositoryAndHead(at);
  if (!found) throw new UserError(`${label} failed: ${at} is not in a git work tree`);
  return found;
}

/**
 * Records the changes of the work tree of the repository holding `root` (all of it, from its top
 * level) relative to `baseCommit` into `outDir`, leaving out `excludeDirs` (the state directory).
 * Uses a private index so the user's own index is left alone. When the agents committed on top of
 * (or instead of) `baseCommit`, HEAD is moved back to it afterwards with the work tree untouched,
 * so the recorded changes are exactly what the work tree holds and no agent commit remains.
 */
export async function captureChanges(at: GitAt, baseCommit: string, outDir: string, excludeDirs: string[]): Promise<ChangesMeta> {
  const { repo, head } = await pinned(at, "recording workspace changes");
  const top = repo.workTree;
  const moved = head !== null && head !== baseCommit;
  let meta: ChangesMeta;
  try {
    meta = await record(repo, baseCommit, moved ? head : null, outDir, await insideRepository(top, excludeDirs));
  } catch (error) {
    if (moved) await git(repo, ["reset", "-q", baseCommit]);
    throw error;
  }
  if (moved) {
    const reset = await git(repo, ["reset", "-q", baseCommit]);
    if (reset.code !== 0) {
      throw new UserError(
        `the workspace changes were recorded in ${outDir}, but HEAD could not be moved back from the agents' commit ${head.slice(0, 12)} to the base commit ${baseCommit.slice(0, 12)}: ${reset.stderr.trim() || `exit ${reset.code}`}`,
      );
    }
  }
  return meta;
}

/**
 * The names of `names` (top-relative) that .gitignore ignores, asked of git once for all of them:
 * `check-ignore --stdin -z` reads them NUL-terminated and lists the ignored ones as given (exit
 * 0), or none (exit 1). Should git fail outright (exit 128), each name is asked on its own, so
 * that one it cannot judge is taken as not ignored without hiding the others.
 */
async function ignoredNames(repo: GitRepo, names: readonly string[], env: Record<string, string>): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const all = await git(repo, ["check-ignore", "--stdin", "-z", "--no-index"], env, names.map((n) => `${n}\0`).join(""));
  if (all.code === 0 || all.code === 1) {
    const listed = new Set(all.stdout.split("\0"));
    return new Set(names.filter((n) => listed.has(n)));
  }
  const ignored = new Set<string>();
  for (const name of names) {
    if ((await git(repo, ["check-ignore", "-q", "--no-index", "--", name], env)).code === 0) ignored.add(name);
  }
  return ignored;
}

async function record(repo: GitRepo, baseCommit: string, head: string | null, outDir: string, excluded: string[]): Promise<ChangesMeta> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "wave-index-"));
  const env = { GIT_INDEX_FILE: path.join(tmp, "index") };
  try {
    // An excluded directory that .gitignore already ignores is left out of the pathspec: naming an
    // ignored path there makes `git add` fail ("paths are ignored by one of your .gitignore files").
    // check-ignore --no-index never reads the index read-tree writes: both run at once.
    const [, ignored] = await Promise.all([
      gitOrThrow(repo, ["read-tree", baseCommit], "recording workspace changes", env),
      ignoredNames(repo, excluded, env),
    ]);
    const pathspec = [".", ...excluded.filter((rel) => !ignored.has(rel)).map((rel) => `:(exclude,top,literal)${rel}`)];
    await gitOrThrow(repo, ["add", "-A", "--", ...pathspec], "recording workspace changes", env);
    const forced = head ? await committedNames(repo, baseCommit, head, excluded) : [];
    if (forced.length > 0) {
      const list = path.join(tmp, "committed");
      await fs.writeFile(list, `${forced.join("\0")}\0`);
      await gitOrThrow(repo, ["add", "-A", "-f", `--pathspec-from-file=${list}`, "--pathspec-file-nul"], "recording workspace changes", {
        ...env,
        GIT_LITERAL_PATHSPECS: "1",
      });
    }
    // The patch and the list of changed files only read the index: both at once.
    const [patch, changes] = await Promise.all([
      gitOrThrow(
        repo,
        [
          "-c",
          "core.quotePath=false",
          "diff",
          "--cached",
          "--binary",
          "--no-color",
          "--no-ext-diff",
          "--no-textconv",
          "--no-renames",
          baseCommit,
        ],
        "recording workspace changes",
        env,
      ),
      stagedChanges(repo, baseCommit, env),
    ]);
    const files: ChangesMeta["files"] = changes.map((c) => ({ status: c.status, path: c.path }));
    await fs.mkdir(outDir, { recursive: true });
    await fs.rm(path.join(outDir, PREIMAGE_DIR), { recursive: true, force: true });
    const preimages = await savePreimages(repo, changes, path.join(outDir, PREIMAGE_DIR));
    await fs.writeFile(path.join(outDir, PATCH_FILE), patch);
    const meta: ChangesMeta = {
      schemaVersion: 1,
      kind: "wave-changes",
      baseCommit,
      files,
      patchSha256: createHash("sha256").update(patch).digest("hex"),
      bytes: Buffer.byteLength(patch),
      createdAt: new Date().toISOString(),
      preimages,
    };
    await writeJsonAtomic(path.join(outDir, META_FILE), meta);
    return meta;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function readChanges(dir: string): Promise<{ meta: ChangesMeta; patch: Buffer }> {
  const r = await readJsonChecked(path.join(dir, META_FILE), ChangesMetaSchema, "workspace changes");
  if (!r.ok) throw new UserError(r.message);
  const patch = await fs.readFile(path.join(dir, PATCH_FILE)).catch(() => {
    throw new UserError(`workspace changes ${path.join(dir, PATCH_FILE)} are missing`);
  });
  const sha = createHash("sha256").update(patch).digest("hex");
  if (sha !== r.value.patchSha256) {
    throw new UserError(`workspace changes ${path.join(dir, PATCH_FILE)} are corrupt (checksum mismatch)`);
  }
  return { meta: r.value, patch };
}

/** A path from a patch must be a plain relative path inside the repository and not under .git. */
function unsafePatchPath(p: string): string | null {
  return patchNameProblem(p);
}

/**
 * Refuses a patch any of whose headers names a file outside the repository or in .git (see
 * patch-headers.ts), before git reads it: `git apply` itself would copy or rename from there.
 */
function assertSafeHeaders(patch: Buffer, patchPath: string, label: string): void {
  const problem = findUnsafePatchHeader(patch);
  if (problem === null) return;
  throw new UserError(
    `${label}: refusing to apply ${patchPath}: line ${problem.line} ${JSON.stringify(problem.text)}: path ${JSON.stringify(problem.name)} ${problem.reason}`,
  );
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

/**
 * A 3-way apply into a private copy of the index: `git apply --3way --check` only tells that a
 * merge can be tried, and a real 3-way apply that conflicts leaves conflict markers behind.
 */
async function threeWayTrial(root: GitRepo, args: string[], patchFile: string, tmp: string): Promise<GitResult> {
  const env = { GIT_INDEX_FILE: path.join(tmp, "trial-index") };
  const index = await git(root, ["rev-parse", "--git-path", "index"]);
  const copied =
    index.code === 0 &&
    (await fs.copyFile(path.resolve(root.workTree, index.stdout.trim()), env.GIT_INDEX_FILE).then(
      () => true,
      () => false,
    ));
  if (!copied) {
    const read = await git(root, ["read-tree", "HEAD"], env);
    if (read.code !== 0) return read;
  }
  return git(root, [...args, "--cached", patchFile], env);
}

/**
 * The names `git apply --numstat -z` lists: one `added<TAB>deleted<TAB>name` record per file, named
 * by where the change lands (a copy or rename source is not listed; the headers are checked for it).
 */
function numstatNames(listed: string): string[] {
  return listed
    .split("\0")
    .filter(Boolean)
    .map((record) => record.split("\t").slice(2).join("\t"));
}

/**
 * Applies recorded changes on top of the checkout holding `at` (from its top level). When the
 * checkout is not the base commit, the patch must still apply cleanly (3-way) or the call fails
 * with a clear message.
 */
export async function applyChanges(at: GitAt, dir: string, label: string): Promise<ChangesMeta> {
  const { meta, patch } = await readChanges(dir);
  if (patch.length === 0) return meta;
  for (const f of meta.files) {
    const why = unsafePatchPath(f.path);
    if (why) throw new UserError(`${label}: refusing to apply changes: path ${JSON.stringify(f.path)} ${why}`);
  }
  // Every name in every header, copy and rename sources included, before any `git apply` runs.
  assertSafeHeaders(patch, path.join(dir, PATCH_FILE), label);
  // The patch names files from the repository's top level; `git apply` run in a subdirectory would
  // skip every file outside it without a word.
  const { repo: root } = await pinned(at, label);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "wave-patch-"));
  const patchFile = path.join(tmp, PATCH_FILE);
  try {
    await fs.writeFile(patchFile, patch);
    // Paths git itself reads from the patch must agree with the recorded list.
    const listed = await gitOrThrow(root, ["apply", "--numstat", "-z", patchFile], `${label}: reading the changes`);
    for (const name of numstatNames(listed)) {
      const why = unsafePatchPath(name);
      if (why) throw new UserError(`${label}: refusing to apply changes: path ${JSON.stringify(name)} ${why}`);
    }
    const head = await git(root, ["rev-parse", "--verify", "-q", "HEAD"]);
    const sameBase = head.code === 0 && head.stdout.trim() === meta.baseCommit;
    const args = ["apply", "--binary", "--whitespace=nowarn"];
    // Check before touching anything, so a refusal leaves the checkout as it was.
    const plain = await git(root, [...args, "--check", patchFile]);
    if (plain.code === 0) {
      await gitOrThrow(root, [...args, patchFile], `${label}: applying the changes`);
      return meta;
    }
    if (!sameBase) {
      // A shallow clone of another commit lacks the base commit's blobs the 3-way merge starts from.
      const unusable = await loadPreimages(root, dir, meta, label);
      const threeWay = await threeWayTrial(root, [...args, "--3way"], patchFile, tmp);
      if (threeWay.code === 0) {
        await gitOrThrow(root, [...args, "--3way", patchFile], `${label}: applying the changes`);
        return meta;
      }
      const conflicts = threeWay.stderr
        .split("\n")
        .filter((l) => l.startsWith("U "))
        .map((l) => l.slice(2).trim());
      throw new UserError(
        `${label}: the changes were recorded on commit ${meta.baseCommit.slice(0, 12)} but this checkout is ${
          head.code === 0 ? head.stdout.trim().slice(0, 12) : "not a commit"
        }, and they do not apply: ${conflicts.length > 0 ? `they conflict with it in ${conflicts.join(", ")}` : firstLine(threeWay.stderr || plain.stderr)}${
          unusable.length > 0
            ? ` (the base versions ${unusable.map((id) => id.slice(0, 12)).join(", ")} the 3-way merge needs are missing from the changes or altered)`
            : ""
        }`,
      );
    }
    throw new UserError(`${label}: the changes do not apply: ${firstLine(plain.stderr)}`);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
