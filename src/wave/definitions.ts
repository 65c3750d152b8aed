/**
 * The definitions a run judges with, pinned when it starts: the config file, every file of the
 * waves directory, the role prompts, the skills, the benchmark catalog, and each repository file a
 * closure agent's `command` names. Each is kept as its sha256 (null: absent) and, when it is small,
 * its bytes, so that a later look can tell whether anything changed since the run started (and
 * put a closure agent's own program back before it judges).
 *
 * The role prompt and skills directories are definitions as a whole: a file added there later is
 * a change too. In the waves directory only what discovery would read as a wave file is — any
 * `wave-*.md` directly in it (a `wave-9.md` added later included) —, not the reports and notes
 * that live beside them (the example layout keeps the integration steward's report in
 * `<waves>/integration/`).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { LoadedProject } from "./project.js";
import { findAdapter } from "../executors/registry.js";
import { WAVE_DEFINITION_NAME } from "./discover.js";

/** Definition files larger than this are pinned by hash only (nothing of that size is put back). */
const MAX_PINNED_BYTES = 4 * 1024 * 1024;
/** Files looked at per definition directory, at most (a directory is a definition, not a tree to crawl). */
const MAX_DIR_FILES = 5000;

/** The definitions of a run: files by repository-relative path, and directories (with a trailing `/`). */
export interface DefinitionSet {
  files: ReadonlySet<string>;
  dirs: readonly string[];
  /** Waves directories (with a trailing `/`): the `wave-*.md` files directly in them are definitions. */
  waveDirs: readonly string[];
}

interface PinnedFile {
  /** sha256 of the bytes (`link:<target>` for a symbolic link), or null when the file was absent. */
  sha256: string | null;
  bytes: Buffer | null;
}

export interface PinnedDefinitions {
  root: string;
  set: DefinitionSet;
  files: ReadonlyMap<string, PinnedFile>;
  /** Repository files each closure agent's command names (by agent id). */
  commandFiles: ReadonlyMap<string, readonly string[]>;
}

function toRel(root: string, abs: string): string | null {
  const rel = path.relative(root, abs);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join("/");
}

/** Files under `dir` (repository-relative, forward slashes), never through symbolic links. */
function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const visit = (abs: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (out.length >= MAX_DIR_FILES) return;
      const child = path.join(abs, e.name);
      if (e.isDirectory()) visit(child);
      else {
        const rel = toRel(root, child);
        if (rel) out.push(rel);
      }
    }
  };
  visit(path.join(root, dir));
  return out;
}

/** The `wave-*.md` files directly in the waves directory `dir` (repository-relative). */
function waveFilesIn(root: string, dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(root, dir));
  } catch {
    return [];
  }
  return names.filter((n) => WAVE_DEFINITION_NAME.test(n)).map((n) => `${dir}${n}`);
}

function cleanDir(dir: string): string | null {
  const d = dir
    .replace(/\\/g, "/")
    .replace(/^\.\/+/, "")
    .replace(/\/+$/, "");
  return d === "" || d === "." ? null : `${d}/`;
}

/** The repository files a command's argv names (relative to the repository, where agents run). */
export function commandFilesOf(root: string, argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of argv) {
    if (arg === "" || arg.startsWith("-")) continue;
    const rel = toRel(root, path.resolve(root, arg));
    if (!rel) continue;
    const stat = fs.lstatSync(path.join(root, rel), { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) out.push(rel);
  }
  return out;
}

/** The definition files and directories of `project`, and the files its closure agents' commands name. */
export function definitionsOf(root: string, project: LoadedProject): { set: DefinitionSet; commandFiles: Map<string, string[]> } {
  const { lane } = project;
  const dirs = [lane.roles.rolePromptDir, lane.skills.dir].map(cleanDir).filter((d): d is string => d !== null);
  const waveDirs = [lane.wavesDir].map(cleanDir).filter((d): d is string => d !== null);
  const files = new Set<string>();
  if (lane.configFile) files.add(lane.configFile);
  files.add(lane.paths.benchmarkCatalogPath);
  const commandFiles = new Map<string, string[]>();
  for (const wave of project.waves) {
    files.add(wave.file);
    for (const agent of wave.agents) {
      for (const p of agent.rolePromptPaths) files.add(p);
      const executor = agent.resolvedExecutor;
      const program = executor ? findAdapter(executor.id)?.userProgram?.(executor) : undefined;
      if (!agent.closureStage || !program) continue;
      const named = commandFilesOf(root, program);
      commandFiles.set(`${wave.wave}:${agent.agentId}`, named);
      for (const f of named) files.add(f);
    }
  }
  for (const d of dirs) for (const f of filesUnder(root, d)) files.add(f);
  for (const d of waveDirs) for (const f of waveFilesIn(root, d)) files.add(f);
  return { set: { files, dirs: [...new Set(dirs)], waveDirs }, commandFiles };
}

/** The file's sha256 as it is now (`link:<target>` for a symbolic link), or null when absent. */
export function currentSha256(abs: string): { sha256: string | null; bytes: Buffer | null } {
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!stat) return { sha256: null, bytes: null };
  if (stat.isSymbolicLink()) return { sha256: `link:${fs.readlinkSync(abs)}`, bytes: null };
  if (!stat.isFile()) return { sha256: `not-a-file`, bytes: null };
  const bytes = fs.readFileSync(abs);
  return { sha256: createHash("sha256").update(bytes).digest("hex"), bytes };
}

/** Pins every definition of `project` as it is in the work tree now. */
export function pinDefinitions(rootDir: string, project: LoadedProject): PinnedDefinitions {
  const root = path.resolve(rootDir);
  const { set, commandFiles } = definitionsOf(root, project);
  const files = new Map<string, PinnedFile>();
  for (const rel of set.files) {
    const now = currentSha256(path.join(root, rel));
    files.set(rel, { sha256: now.sha256, bytes: now.bytes && now.bytes.length <= MAX_PINNED_BYTES ? now.bytes : null });
  }
  return { root, set, files, commandFiles };
}

/** Definition files that differ from their pinned version now (changed, removed, or added to a definition directory). */
export function changedDefinitions(pins: PinnedDefinitions, only?: readonly string[]): string[] {
  const added = [...pins.set.dirs.flatMap((d) => filesUnder(pins.root, d)), ...pins.set.waveDirs.flatMap((d) => waveFilesIn(pins.root, d))];
  const names = only ?? [...new Set([...pins.files.keys(), ...added])];
  return names.filter((rel) => currentSha256(path.join(pins.root, rel)).sha256 !== (pins.files.get(rel)?.sha256 ?? null)).sort();
}

/**
 * Puts the pinned version of `rel` back (removes it when it was absent). False when it cannot
 * (pinned by hash only).
 */
export function restorePinned(pins: PinnedDefinitions, rel: string): boolean {
  const pinned = pins.files.get(rel);
  const abs = path.join(pins.root, rel);
  if (!pinned || pinned.sha256 === null) {
    fs.rmSync(abs, { force: true, recursive: true });
    return true;
  }
  if (!pinned.bytes) return false;
  fs.rmSync(abs, { force: true, recursive: true });
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, pinned.bytes);
  return true;
}
