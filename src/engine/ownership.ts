/**
 * Watching what the agents change in the work tree, and whose change each file is
 * (src/closure/ownership.ts decides; this module observes).
 *
 * The work tree's changed files (`git status`, untracked files one by one) are taken as a map
 * path → content hash when the run's agents are about to start, and again whenever an agent ends:
 * a file whose hash differs between two looks changed in that interval, and counts against every
 * agent that ran in it (closure agents run one at a time: exactly the one). Hashes are kept per
 * (inode, size, ctime, mtime), so an unchanged file is not read twice; ctime cannot be set back
 * by an agent. Before each look, the tree is walked for `.git` entries that were not there at the
 * start (an agent-created repository git would read as its own): each is removed before the
 * orchestrator's git runs again, and counted against the agents of the interval.
 *
 * Not seen: files git ignores (.gitignore), and changes an agent makes and undoes between two looks.
 */
import { createHash } from "node:crypto";
import { type Dirent, promises as fs } from "node:fs";
import path from "node:path";
import {
  type Candidate,
  DEFAULT_OWNERSHIP_MODE,
  DEFINITION_REASON,
  type OwnershipChange,
  type OwnershipMode,
  ownershipGate,
  protectedReason,
  suspectsOf,
} from "../closure/ownership.js";
import { errorMessage } from "../errors.js";
import { type AgentEdit, recordAgentEdits, sha256Now } from "../wave/agent-edits.js";
import { git } from "../state/git.js";
import { writeJsonAtomic } from "../state/json-files.js";
import type { GateResult, GateStage } from "../state/schema.js";
import { changedDefinitions, type PinnedDefinitions, pinDefinitions, restorePinned } from "../wave/definitions.js";
import type { RunOptions } from "./options.js";
import type { PreparedWave } from "./prepare.js";
import type { PreparedAgent } from "./types.js";

/** path (relative to the repository root) → content key; a path absent is as HEAD has it. */
type Look = Map<string, string>;

export interface OwnershipRecord {
  agentId: string;
  path: string;
  protected: boolean;
  stage: string;
}

export interface OwnershipReport {
  schemaVersion: 1;
  mode: OwnershipMode;
  /** Changes counted against agents: outside what they own, or protected. */
  changes: OwnershipRecord[];
  /** Changes seen while no agent ran (between stages), and protected ones put back. */
  unattributed: { path: string; protected: boolean; note: string }[];
  /** `.git` entries agents created, removed. */
  removedGitEntries: string[];
}

export interface OwnershipWatchOptions {
  root: string;
  /** Directories never looked into (the state directory). */
  skipDirs: readonly string[];
  pins: PinnedDefinitions;
  mode: OwnershipMode;
  /** What each agent owns (File ownership list, deliverables, proof artifacts, report). */
  owned: ReadonlyMap<string, readonly string[]>;
  warn(message: string): void;
}

const GIT_ENV = { GIT_OPTIONAL_LOCKS: "0" };

/** The work tree's changed files (repository-relative) as `git status` lists them. */
async function changedPaths(root: string): Promise<string[]> {
  const r = await git(root, ["status", "--porcelain", "-z", "--untracked-files=all", "--no-renames", "--", "."], GIT_ENV);
  if (r.code !== 0) throw new Error(`git status: ${r.stderr.trim() || `exit ${r.code}`}`);
  const out: string[] = [];
  for (const rec of r.stdout.split("\0")) {
    if (rec.length < 4) continue;
    out.push(rec.slice(3).replace(/\/$/, ""));
  }
  return out;
}

export class OwnershipWatch {
  private readonly o: OwnershipWatchOptions;
  private prefix = "";
  private last: Look = new Map();
  private readonly hashes = new Map<string, { key: string; hash: string }>();
  private readonly running = new Set<string>();
  /** Agents that ran at some time since the last look. */
  private interval = new Set<string>();
  private readonly stageOf = new Map<string, string>();
  private chain: Promise<void> = Promise.resolve();
  private gitDirsAtStart = new Set<string>();
  /** Directories the `.git` sweep never enters: the skipped ones, and those git ignored at the start. */
  private readonly walkSkip = new Set<string>();
  /** agentId → path → change. */
  private readonly byAgent = new Map<string, Map<string, OwnershipChange & { stage: string }>>();
  private readonly unattributed: OwnershipReport["unattributed"] = [];
  private readonly removed: string[] = [];
  /** Protected paths changed during the run (never carried in the captured changes). */
  readonly protectedChanged = new Set<string>();
  private broken = false;

  /** The skipped directories, relative to the root (the state directory when it lies inside). */
  private readonly skipped: string[];

  constructor(options: OwnershipWatchOptions) {
    this.o = options;
    this.skipped = options.skipDirs
      .map((d) => path.relative(options.root, path.resolve(d)).split(path.sep).join("/"))
      .filter((r) => r !== "" && !r.startsWith("..") && !path.isAbsolute(r));
    for (const d of options.skipDirs) this.walkSkip.add(path.resolve(d));
  }

  /** The first look, before any agent of the run starts (and the only git call that lists what git ignores). */
  async begin(): Promise<void> {
    const top = await git(this.o.root, ["rev-parse", "--show-prefix"], GIT_ENV);
    this.prefix = top.code === 0 ? top.stdout.trim() : "";
    const ignored = await git(
      this.o.root,
      ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--", "."],
      GIT_ENV,
    );
    if (ignored.code === 0) {
      for (const name of ignored.stdout.split("\0")) {
        if (!name.endsWith("/")) continue;
        const rel = this.prefix && name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name;
        this.walkSkip.add(path.resolve(this.o.root, rel));
      }
    }
    this.gitDirsAtStart = new Set(await this.gitEntries());
    this.last = await this.look();
  }

  /** A stage's agents are about to start: a change since the last look was made while none ran. */
  async stageStarting(stage: string): Promise<void> {
    await this.serial(async () => {
      const planted = await this.removePlantedGit(`before ${stage}`);
      const now = await this.look();
      for (const p of [...planted, ...this.diff(now)]) this.noteUnattributed(p, `changed before ${stage} while no agent ran`);
      this.last = now;
    });
  }

  agentStarted(agentId: string, stage: string): void {
    this.running.add(agentId);
    this.interval.add(agentId);
    this.stageOf.set(agentId, stage);
  }

  /**
   * `agentId` ended: a `.git` planted since the last look is removed (before git runs again), and
   * what changed since counts against the agents of the interval.
   */
  async agentEnded(agentId: string): Promise<void> {
    this.running.delete(agentId);
    await this.serial(async () => {
      const planted = await this.removePlantedGit(`while ${agentId} ran`);
      const now = await this.look();
      // Taken after the look: an agent that started while git ran could have written what it saw.
      const candidates: Candidate[] = [...this.interval].map((id) => ({ agentId: id, owned: this.o.owned.get(id) ?? [] }));
      this.interval = new Set(this.running);
      for (const p of [...planted, ...this.diff(now)]) this.attribute(p, candidates);
      this.last = now;
    });
  }

  /**
   * After a stage's agents `ids` (and anything they left running) stopped: a `.git` planted and
   * what changed since the last look count against them.
   */
  async stageEnded(stage: string, ids: readonly string[]): Promise<void> {
    await this.serial(async () => {
      const candidates = ids.map((id) => ({ agentId: id, owned: this.o.owned.get(id) ?? [] }));
      const planted = await this.removePlantedGit(`after ${stage}`);
      const now = await this.look();
      for (const p of [...planted, ...this.diff(now)]) this.attribute(p, candidates);
      this.last = now;
    });
  }

  /** Removes every `.git` entry that was not there at the start; returns them. */
  private async removePlantedGit(when: string): Promise<string[]> {
    const out: string[] = [];
    for (const entry of await this.gitEntries()) {
      if (this.gitDirsAtStart.has(entry)) continue;
      await fs.rm(path.join(this.o.root, entry), { recursive: true, force: true });
      this.removed.push(entry);
      this.o.warn(`ownership: removed ${entry}, a .git entry created ${when}`);
      out.push(entry);
    }
    return out;
  }

  /**
   * Before a closure agent judges: the repository files its command names must be as they were
   * when the run started; any other version is put back (never run agent-written code as the judge).
   */
  async beforeClosureAgent(key: string): Promise<void> {
    const files = this.o.pins.commandFiles.get(key) ?? [];
    if (files.length === 0) return;
    await this.serial(async () => {
      for (const rel of changedDefinitions(this.o.pins, files)) {
        const back = restorePinned(this.o.pins, rel);
        this.noteUnattributed(rel, back ? "the judge's program differed from the run's start: put back" : "the judge's program differed");
        if (!back) throw new Error(`${rel}, which the closure agent's command runs, changed since the run started and cannot be put back`);
      }
    });
  }

  /** The ownership gate of each of `ids` (run in `stage`) that fails, in order. */
  failingGates(stage: GateStage, ids: readonly string[]): GateResult[] {
    const out: GateResult[] = [];
    for (const id of ids) {
      const g = ownershipGate(stage, id, [...(this.byAgent.get(id)?.values() ?? [])], this.o.mode);
      if (g) out.push(g);
    }
    return out;
  }

  report(): OwnershipReport {
    const changes: OwnershipRecord[] = [];
    for (const [agentId, m] of this.byAgent)
      for (const c of m.values()) changes.push({ agentId, path: c.path, protected: c.protected, stage: c.stage });
    return { schemaVersion: 1, mode: this.o.mode, changes, unattributed: [...this.unattributed], removedGitEntries: [...this.removed] };
  }

  async write(file: string): Promise<void> {
    await writeJsonAtomic(file, this.report());
  }

  /** The definition files agents changed, as they are now (for wave/agent-edits.ts). */
  async agentEdits(at: { lane: string; wave: number; runDir: string; now: Date }): Promise<AgentEdit[]> {
    const by = new Map<string, Set<string>>();
    for (const [agentId, m] of this.byAgent) {
      for (const c of m.values()) {
        if (protectedReason(c.path, this.o.pins.set) !== DEFINITION_REASON) continue;
        by.set(c.path, (by.get(c.path) ?? new Set()).add(agentId));
      }
    }
    const out: AgentEdit[] = [];
    for (const [file, ids] of by) {
      const sha256 = await sha256Now(path.join(this.o.root, file));
      out.push({ file, sha256, agentIds: [...ids], lane: at.lane, wave: at.wave, runDir: at.runDir, recordedAt: at.now.toISOString() });
    }
    return out;
  }

  private serial(step: () => Promise<void>): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.broken) return;
      try {
        await step();
      } catch (error) {
        this.broken = true;
        this.o.warn(
          `ownership: the work tree could not be looked at (${errorMessage(error)}); changes outside what agents own are not checked further`,
        );
      }
    });
    this.chain = next;
    return next;
  }

  private isProtected(rel: string): boolean {
    return protectedReason(rel, this.o.pins.set) !== null;
  }

  private attribute(rel: string, candidates: readonly Candidate[]): void {
    const prot = this.isProtected(rel);
    if (prot) this.protectedChanged.add(rel);
    if (candidates.length === 0) {
      this.noteUnattributed(rel, "changed while no agent ran");
      return;
    }
    for (const id of suspectsOf(rel, candidates, prot)) {
      const m = this.byAgent.get(id) ?? new Map();
      this.byAgent.set(id, m);
      if (m.has(rel)) continue;
      m.set(rel, { path: rel, protected: prot, stage: this.stageOf.get(id) ?? "" });
      const who = candidates.length === 1 ? id : `${id} (or another agent running then: ${candidates.map((c) => c.agentId).join(", ")})`;
      this.o.warn(`ownership: ${who} changed ${prot ? "protected file " : ""}${rel}${prot ? "" : ", which it does not own"}`);
    }
  }

  private noteUnattributed(rel: string, note: string): void {
    const prot = this.isProtected(rel);
    if (prot) this.protectedChanged.add(rel);
    this.unattributed.push({ path: rel, protected: prot, note });
    if (prot) this.o.warn(`ownership: protected file ${rel} ${note}`);
  }

  private diff(now: Look): string[] {
    const out: string[] = [];
    for (const p of new Set([...this.last.keys(), ...now.keys()])) if (this.last.get(p) !== now.get(p)) out.push(p);
    return out.sort();
  }

  /** The changed files now (repository-relative to the root), each with its content key. */
  private async look(): Promise<Look> {
    const look: Look = new Map();
    for (const p of await changedPaths(this.o.root)) {
      const rel = this.prefix && p.startsWith(this.prefix) ? p.slice(this.prefix.length) : p;
      if (this.skipped.some((d) => rel === d || rel.startsWith(`${d}/`))) continue;
      look.set(rel, await this.keyOf(rel));
    }
    return look;
  }

  private async keyOf(rel: string): Promise<string> {
    const abs = path.join(this.o.root, rel);
    const stat = await fs.lstat(abs, { bigint: true }).catch(() => null);
    if (!stat) return "absent";
    if (stat.isSymbolicLink()) return `link:${await fs.readlink(abs).catch(() => "")}`;
    if (!stat.isFile()) return stat.isDirectory() ? "directory" : "special";
    const key = `${stat.ino}:${stat.size}:${stat.ctimeNs}:${stat.mtimeNs}`;
    const cached = this.hashes.get(rel);
    if (cached?.key === key) return cached.hash;
    const hash = createHash("sha256")
      .update(await fs.readFile(abs))
      .digest("hex");
    this.hashes.set(rel, { key, hash });
    return hash;
  }

  /**
   * Every `.git` entry under the root but the repository's own, never looking into the skipped
   * directories nor into directories git ignored when the run started (node_modules…: git never
   * descends there, so a `.git` in one cannot be taken for a repository by the orchestrator's git,
   * and a walk of them would cost the most). No git runs for it.
   */
  private async gitEntries(): Promise<string[]> {
    const out: string[] = [];
    const skip = this.walkSkip;
    const walk = async (dir: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const abs = path.join(dir, e.name);
        if (e.name === ".git") {
          if (dir !== this.o.root) out.push(path.relative(this.o.root, abs).split(path.sep).join("/"));
          continue;
        }
        if (e.isDirectory() && !skip.has(abs)) await walk(abs);
      }
    };
    await walk(this.o.root);
    return out.sort();
  }
}

/** What an agent owns: its File ownership list, deliverables, proof artifacts, and its report (closure) or design packet. */
function ownedPathsOf(pa: PreparedAgent): string[] {
  const { agent } = pa;
  const out = [...agent.ownedPaths, ...agent.deliverables, ...agent.proofArtifacts.map((a) => a.path)];
  if (pa.reportPath) out.push(pa.reportPath);
  return [...new Set(out)];
}

/**
 * The watch of a run about to start its agents (after the earlier run's changes were put back):
 * its definitions pinned now, its first look taken. Null when the work tree cannot be looked at
 * (not a git work tree): a warning says so.
 */
export async function watchOwnership(
  options: Pick<RunOptions, "root" | "stateDir" | "ownership">,
  prepared: Pick<PreparedWave, "project" | "agents" | "lane" | "wave">,
  warn: (message: string) => void,
): Promise<OwnershipWatch | null> {
  const watch = new OwnershipWatch({
    root: path.resolve(options.root),
    skipDirs: [options.stateDir],
    pins: pinDefinitions(path.resolve(options.root), prepared.project),
    // The input / --ownership flag, else the wave file's setting, else the config's, else report.
    mode: options.ownership ?? prepared.wave.ownership ?? prepared.lane.ownership ?? DEFAULT_OWNERSHIP_MODE,
    owned: new Map(prepared.agents.map((pa) => [pa.agent.agentId, ownedPathsOf(pa)])),
    warn,
  });
  try {
    await watch.begin();
    return watch;
  } catch (error) {
    warn(`ownership: the work tree cannot be looked at (${errorMessage(error)}); changes outside what agents own are not checked`);
    return null;
  }
}

/** What finish.ts needs of the run. */
export interface OwnershipRun {
  ownership: OwnershipWatch | null;
  options: Pick<RunOptions, "root" | "stateDir">;
  prepared: { laneName: string; wave: { wave: number } };
  paths: { runDir: string; ownership: string };
  deps: { now(): Date };
  warn(message: string): void;
}

/**
 * At the run's end: a last look (and `.git` sweep), ownership.json written, the definition files
 * agents changed added to the state's record of agent edits (wave/agent-edits.ts). Returns the
 * protected paths changed during the run (absolute: never in the captured changes) and the
 * changes counted against agents (result.json's `ownership`).
 */
export async function settleOwnership(run: OwnershipRun): Promise<{ exclude: string[]; changes: OwnershipRecord[] }> {
  const watch = run.ownership;
  if (!watch) return { exclude: [], changes: [] };
  try {
    await watch.stageEnded("the end of the run", []);
    await watch.write(run.paths.ownership);
    const edits = await watch.agentEdits({
      lane: run.prepared.laneName,
      wave: run.prepared.wave.wave,
      runDir: run.paths.runDir,
      now: run.deps.now(),
    });
    await recordAgentEdits(run.options.stateDir, edits);
  } catch (error) {
    run.warn(`ownership: ${errorMessage(error)}`);
  }
  const root = path.resolve(run.options.root);
  return { exclude: [...watch.protectedChanged].sort().map((rel) => path.join(root, rel)), changes: watch.report().changes };
}
