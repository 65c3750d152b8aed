/**
 * Deliverables of the built-in local agent: which files it creates and what goes in them. Existing
 * files are never touched (created with O_EXCL), and every path must stay inside the repository,
 * symlinked parents included.
 */
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import type { LocalTask } from "./task-file.js";

const SCRIPT_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const MARKDOWN_EXTENSIONS = new Set([".md", ".markdown"]);

/** Files the agent makes sure exist: deliverables, proof artifacts and its report, in that order. */
export function plannedFiles(task: LocalTask): string[] {
  const all = [...task.deliverables, ...task.proofArtifacts, ...(task.reportPath ? [task.reportPath] : [])];
  return all.filter((p, i) => p !== "" && !p.endsWith("/") && all.indexOf(p) === i);
}

/** Placeholder content for one file (pure). */
export function placeholderContent(task: LocalTask, relPath: string): string {
  const ext = path.extname(relPath).toLowerCase();
  const by = `the Wave local agent (agent ${task.agentId}, wave ${task.wave})`;
  const isReport = relPath === task.reportPath;
  if (isReport && task.role === "cont-qa" && (MARKDOWN_EXTENSIONS.has(ext) || ext === ".txt")) {
    return `# cont-QA review: wave ${task.wave}\n\nWritten by ${by}, which reviews nothing: a dry-run placeholder.\n\nVerdict: PASS\n`;
  }
  if (MARKDOWN_EXTENSIONS.has(ext)) {
    return `# ${path.basename(relPath)}\n\nPlaceholder written by ${by}.\n`;
  }
  if (ext === ".txt") return `Placeholder written by ${by}.\n`;
  if (SCRIPT_EXTENSIONS.has(ext)) return "export {};\n";
  if (ext === ".json" || ext === ".yml" || ext === ".yaml") return "{}\n";
  return "";
}

export type FileOutcome = { path: string; action: "created" | "kept" } | { path: string; action: "refused"; reason: string };

function inside(root: string, abs: string): boolean {
  const rel = path.relative(root, abs);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

function withinRoot(realRoot: string, realDir: string): boolean {
  return realDir === realRoot || inside(realRoot, realDir);
}

/** realpath of the closest ancestor of `dir` (itself included) that exists. */
async function realExistingAncestor(dir: string): Promise<string> {
  let current = dir;
  for (;;) {
    try {
      return await fs.realpath(current);
    } catch (error) {
      const up = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || up === current) throw error;
      current = up;
    }
  }
}

async function ensureOne(task: LocalTask, realRoot: string, relPath: string): Promise<FileOutcome> {
  if (path.isAbsolute(relPath)) return { path: relPath, action: "refused", reason: "absolute path" };
  const abs = path.resolve(task.root, relPath);
  if (!inside(path.resolve(task.root), abs)) return { path: relPath, action: "refused", reason: "outside the repository" };
  const parent = path.dirname(abs);
  const escaped = { path: relPath, action: "refused", reason: "its directory resolves outside the repository" } as const;
  if (!withinRoot(realRoot, await realExistingAncestor(parent))) return escaped;
  await fs.mkdir(parent, { recursive: true });
  if (!withinRoot(realRoot, await fs.realpath(parent))) return escaped;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return { path: relPath, action: "kept" };
    throw error;
  }
  try {
    await handle.writeFile(placeholderContent(task, relPath), "utf8");
  } finally {
    await handle.close();
  }
  return { path: relPath, action: "created" };
}

/** Creates the missing planned files, one after the other (deterministic order). */
export async function ensureDeliverables(task: LocalTask): Promise<FileOutcome[]> {
  const realRoot = await fs.realpath(task.root);
  const outcomes: FileOutcome[] = [];
  for (const relPath of plannedFiles(task)) outcomes.push(await ensureOne(task, realRoot, relPath));
  return outcomes;
}
