/**
 * Local stand-ins for the marketplace actions our workflows use. Anything else in `uses:` is an
 * UnsupportedError. Each stand-in reads the same inputs as the real action and fails on inputs it
 * does not implement instead of ignoring them.
 */
import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { UnsupportedError, WorkflowRunnerError } from "./errors.js";
import { git, tryGit } from "./git.js";
import { globBase, globToRegExp, hasGlob, walkFiles } from "./glob.js";
import type { ArtifactStore } from "./types.js";

export interface BuiltinContext {
  inputs: Record<string, string>;
  workspace: string;
  runId: number;
  attempt: number;
  repository: string;
  sha: string;
  ref: string;
  store: ArtifactStore;
  /** owner/name → local git directory. */
  resolveRepository: (repository: string) => string;
  log: (line: string) => void;
  warn: (message: string) => void;
  setOutput: (name: string, value: string) => void;
}

export type BuiltinAction = (ctx: BuiltinContext) => Promise<void>;

interface BuiltinSpec {
  run: BuiltinAction;
  /** Inputs the stand-in understands; anything else given in `with:` fails the step. */
  inputs: string[];
}

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === "") return fallback;
  if (/^(true)$/i.test(value)) return true;
  if (/^(false)$/i.test(value)) return false;
  throw new WorkflowRunnerError(`"${value}" is not a boolean`);
};

function inside(root: string, relative: string, what: string): string {
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) throw new WorkflowRunnerError(`${what} "${relative}" is outside the workspace`);
  return full;
}

const checkout: BuiltinAction = async (ctx) => {
  const repository = ctx.inputs["repository"] || ctx.repository;
  const source = ctx.resolveRepository(repository);
  const dest = inside(ctx.workspace, ctx.inputs["path"] || ".", "checkout path");
  const depth = Number(ctx.inputs["fetch-depth"] || "1");
  if (!Number.isInteger(depth) || depth < 0)
    throw new WorkflowRunnerError(`fetch-depth "${ctx.inputs["fetch-depth"]}" is not a whole number`);
  const persist = bool(ctx.inputs["persist-credentials"], true);
  let ref = ctx.inputs["ref"] || "";
  if (!ref) ref = repository === ctx.repository ? ctx.sha : "HEAD";
  const commit = await tryGit(source, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (!commit) throw new WorkflowRunnerError(`checkout: ref "${ref}" not found in ${repository}`);
  const branch = /^[0-9a-f]{40}$/.test(ref)
    ? undefined
    : await tryGit(source, ["rev-parse", "--verify", "--quiet", "--symbolic-full-name", ref]);
  await mkdir(dest, { recursive: true });
  const url = `file://${source}`;
  // One clone (init, origin and fetch in a single git process); the commit is fetched on its own
  // only when it is not the tip of the source's default branch.
  const depthArgs = depth > 0 ? [`--depth=${depth}`] : [];
  if ((await readdir(dest)).length === 0) {
    await git(path.dirname(dest), ["clone", "-q", "--no-checkout", "--no-tags", ...depthArgs, url, dest]);
    await git(dest, ["remote", "set-url", "origin", source]);
  } else {
    // A workspace that already holds files (or an earlier checkout): fetch into it, as the real action does.
    await git(dest, ["init", "-q"]);
    if ((await tryGit(dest, ["remote", "set-url", "origin", source])) === undefined) await git(dest, ["remote", "add", "origin", source]);
  }
  const present = await tryGit(dest, ["cat-file", "-e", `${commit}^{commit}`]);
  if (present === undefined) await git(dest, ["fetch", "-q", "--no-tags", ...depthArgs, url, commit]);
  if (depth === 0) await git(dest, ["fetch", "-q", "--tags", url, "+refs/heads/*:refs/remotes/origin/*"]);
  if (branch?.startsWith("refs/heads/")) {
    await git(dest, ["checkout", "-q", "--force", "-B", branch.slice("refs/heads/".length), commit]);
  } else {
    await git(dest, ["checkout", "-q", "--force", "--detach", commit]);
  }
  if (persist) {
    // What the real action leaves behind: a token header other jobs steps could read.
    await git(dest, ["config", "--local", "http.https://github.com/.extraheader", "AUTHORIZATION: basic ***"]);
  }
  ctx.log(`checked out ${repository}@${commit} into ${path.relative(ctx.workspace, dest) || "."} (depth ${depth || "full"})`);
  ctx.setOutput("ref", ref);
  ctx.setOutput("commit", commit);
};

const setupNode: BuiltinAction = async (ctx) => {
  const wanted = ctx.inputs["node-version"] ?? "";
  if (ctx.inputs["cache"]) throw new UnsupportedError("actions/setup-node: cache is not supported by the local runner");
  const local = process.versions.node;
  if (wanted && !local.startsWith(wanted.replace(/^v/, "").replace(/\.x$/, ""))) {
    ctx.warn(`actions/setup-node: node ${wanted} requested, using this machine's node ${local}`);
  }
  ctx.setOutput("node-version", `v${local}`);
};

async function collectUploadFiles(ctx: BuiltinContext): Promise<{ files: { path: string; relative: string }[]; root: string }> {
  const lines = (ctx.inputs["path"] ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  if (lines.length === 0) throw new WorkflowRunnerError("actions/upload-artifact: path is required");
  const includeHidden = bool(ctx.inputs["include-hidden-files"], false);
  const includes = lines.filter((l) => !l.startsWith("!")).map((l) => path.resolve(ctx.workspace, l));
  const excludes = lines.filter((l) => l.startsWith("!")).map((l) => globToRegExp(path.resolve(ctx.workspace, l.slice(1))));
  const found = new Set<string>();
  const bases: string[] = [];
  for (const pattern of includes) {
    const base = globBase(pattern);
    const info = await stat(base).catch(() => undefined);
    if (!info) continue;
    const regex = hasGlob(pattern) ? globToRegExp(pattern) : undefined;
    const candidates = info.isDirectory() ? await walkFiles(base) : [base];
    bases.push(info.isDirectory() ? base : path.dirname(base));
    for (const file of candidates) {
      if (regex && !regex.test(file)) continue;
      // Like @actions/glob with excludeHiddenFiles: the search path itself counts too.
      const fromParent = path.relative(path.dirname(base), file).split(path.sep);
      if (!includeHidden && fromParent.some((part) => part.startsWith("."))) continue;
      if (excludes.some((x) => x.test(file))) continue;
      found.add(file);
    }
  }
  let root = bases[0] ?? ctx.workspace;
  for (const b of bases.slice(1)) {
    while (!(b === root || b.startsWith(root + path.sep))) root = path.dirname(root);
  }
  return { files: [...found].sort().map((f) => ({ path: f, relative: path.relative(root, f) })), root };
}

const uploadArtifact: BuiltinAction = async (ctx) => {
  const name = ctx.inputs["name"] || "artifact";
  if (/["':<>|*?\r\n\\/]/.test(name)) throw new WorkflowRunnerError(`actions/upload-artifact: invalid artifact name "${name}"`);
  const { files } = await collectUploadFiles(ctx);
  if (files.length === 0) {
    const mode = ctx.inputs["if-no-files-found"] || "warn";
    const message = `No files were found with the provided path: ${ctx.inputs["path"]}. No artifacts will be uploaded.`;
    if (mode === "error") throw new WorkflowRunnerError(message);
    if (mode === "warn") ctx.warn(message);
    else ctx.log(message);
    return;
  }
  const stored = await ctx.store.upload({
    name,
    runId: ctx.runId,
    attempt: ctx.attempt,
    files,
    overwrite: bool(ctx.inputs["overwrite"], false),
  });
  ctx.log(`uploaded artifact ${name} (${files.length} files)`);
  ctx.setOutput("artifact-id", String(stored.id));
  ctx.setOutput("artifact-url", `local-artifact://${ctx.runId}/${stored.id}`);
};

const downloadArtifact: BuiltinAction = async (ctx) => {
  if (ctx.inputs["artifact-ids"])
    throw new UnsupportedError("actions/download-artifact: artifact-ids is not supported by the local runner");
  const runIdInput = ctx.inputs["run-id"];
  if (runIdInput && Number(runIdInput) !== ctx.runId) {
    throw new UnsupportedError(
      `actions/download-artifact: run-id ${runIdInput} is another run (the local runner only knows run ${ctx.runId})`,
    );
  }
  const repository = ctx.inputs["repository"];
  if (repository && repository !== ctx.repository) {
    throw new UnsupportedError(`actions/download-artifact: repository ${repository} is not the repository of this run`);
  }
  if (runIdInput && !ctx.inputs["github-token"]) throw new WorkflowRunnerError("actions/download-artifact: run-id needs github-token");
  // Like the real action, any path is allowed; a relative one is relative to the workspace.
  const dest = path.resolve(ctx.workspace, ctx.inputs["path"] || ".");
  const name = ctx.inputs["name"];
  const all = await ctx.store.list(ctx.runId, ctx.attempt);
  if (name) {
    const artifact = all.find((a) => a.name === name);
    if (!artifact) throw new WorkflowRunnerError(`Artifact '${name}' not found`);
    await ctx.store.download(artifact, dest);
  } else {
    const pattern = ctx.inputs["pattern"] ? globToRegExp(ctx.inputs["pattern"]) : undefined;
    const merge = bool(ctx.inputs["merge-multiple"], false);
    const chosen = all.filter((a) => !pattern || pattern.test(a.name));
    // Like the real action: a single match lands directly in `path`, as with merge-multiple.
    for (const artifact of chosen) await ctx.store.download(artifact, merge || chosen.length === 1 ? dest : path.join(dest, artifact.name));
    ctx.log(`downloaded ${chosen.length} artifacts`);
  }
  ctx.setOutput("download-path", dest);
};

const BUILTINS: Record<string, BuiltinSpec> = {
  "actions/checkout": {
    run: checkout,
    inputs: ["repository", "ref", "path", "fetch-depth", "persist-credentials", "clean", "fetch-tags", "show-progress"],
  },
  "actions/setup-node": { run: setupNode, inputs: ["node-version", "cache", "check-latest"] },
  "actions/upload-artifact": {
    run: uploadArtifact,
    inputs: ["name", "path", "if-no-files-found", "retention-days", "compression-level", "overwrite", "include-hidden-files"],
  },
  "actions/download-artifact": {
    run: downloadArtifact,
    inputs: ["name", "path", "pattern", "merge-multiple", "github-token", "run-id", "repository", "artifact-ids"],
  },
};

/** The stand-in for an `owner/repo@ref` reference, or an UnsupportedError. */
export function builtinFor(uses: string, where: string): BuiltinSpec {
  const m = /^([^/@]+\/[^/@]+)(\/[^@]*)?@(.+)$/.exec(uses);
  const spec = m && !m[2] ? BUILTINS[(m[1] as string).toLowerCase()] : undefined;
  if (!spec) throw new UnsupportedError(`${where}: uses "${uses}" is not supported by the local runner`);
  return spec;
}
