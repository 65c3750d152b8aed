/**
 * Packaging a run directory as a workflow artifact: a redacted copy is uploaded (logs, prompts,
 * summaries, results and the workspace-changes patch), never the original files. Restoring
 * downloads one into a directory that the engine can resume from. The copy has the run
 * directory's layout (state/paths.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ArtifactInfo, ArtifactStore } from "../artifacts/types.js";
import { artifactName, jobSuffix } from "../artifacts/naming.js";
import { collectFiles } from "../artifacts/file-tree.js";
import { originOf, writeStateOrigin } from "../resume/state-artifacts.js";
import { resealRedactedSession, SESSION_COPY_FILE, SESSION_DIR } from "../sessions/store.js";
import { createRedactor, type Redactor, redactTree, scanForSecrets } from "../security/redact.js";
import { ChangesMetaSchema, META_FILE, PATCH_FILE } from "../state/changes.js";
import { readJsonChecked, writeJsonAtomic } from "../state/json-files.js";
import { AGENT_FILES, agentPaths, RUN_FILES, runDirPaths } from "../state/paths.js";
import { isDiskFull } from "../state/reserve.js";
import { ProgressSchema } from "../state/progress.js";

export interface UploadedState {
  name: string;
  id: number | string;
  size: number;
  /** Workspace files whose secrets were redacted in the uploaded changes. */
  redactedWorkspaceFiles: string[];
  /** The disk was too full for the agents' logs: the upload has a line in place of each. */
  logsLeftOut?: boolean;
}

/** What uploadRunState needs to know. */
export interface UploadRunStateInput {
  store: ArtifactStore;
  runDir: string;
  root: string;
  prefix: string;
  lane: string;
  wave: number;
  runAttempt: number;
  retentionDays: number | undefined;
  secrets: string[];
  env: NodeJS.ProcessEnv;
  tempDir: string;
  /**
   * 2 for the post step's upload: a name the main step never uses, so an upload the main step began
   * when it was cancelled (a name taken by a create killed part-way) cannot make this one fail.
   */
  sequence?: number;
}

/**
 * Copies the run directory, redacts the copy, fixes the changes checksum, and uploads it. When the
 * disk is too full for the copy, the copy is made again without the agents' logs (each replaced by
 * a line saying so): the records a later job resumes from still go up.
 */
export async function uploadRunState(input: UploadRunStateInput): Promise<UploadedState> {
  try {
    return await stageAndUpload(input, true);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    return { ...(await stageAndUpload(input, false)), logsLeftOut: true };
  }
}

/** The line an uploaded copy has in place of an agent log that did not fit on the disk. */
export const LOG_LEFT_OUT_LINE = "[wave] this log was left out of the uploaded state: the disk was full when the state was staged";

async function stageAndUpload(input: UploadRunStateInput, withLogs: boolean): Promise<UploadedState> {
  const stage = await fs.mkdtemp(path.join(input.tempDir, "wave-upload-"));
  try {
    const { agentsDir, reserve } = runDirPaths(input.runDir);
    // A log, and the ring file of one being cut (runtime/log-sink.ts), are `agents/<id>/agent.log*`.
    const isLog = (src: string) => path.dirname(path.dirname(src)) === agentsDir && path.basename(src).startsWith(AGENT_FILES.log);
    // The space a run reserves for its final records is never copied (a killed run leaves it behind).
    const filter = (src: string) => src !== reserve && (withLogs || !isLog(src));
    await fs.cp(input.runDir, stage, { recursive: true, verbatimSymlinks: true, filter });
    if (!withLogs) {
      for (const agent of await fs.readdir(runDirPaths(stage).agentsDir).catch(() => [] as string[])) {
        const log = agentPaths(runDirPaths(stage), agent).log;
        if (!existsSync(agentPaths(runDirPaths(input.runDir), agent).log)) continue;
        await fs.writeFile(log, `${LOG_LEFT_OUT_LINE}\n`).catch(() => undefined);
      }
    }
    await fs.rm(runDirPaths(stage).binDir, { recursive: true, force: true });
    await dropSensitiveFiles(stage);
    // A shard job's state names its shard (its journal, written by this orchestrator, says which).
    const journal = await readJsonChecked(runDirPaths(stage).progress, ProgressSchema, "progress journal");
    const shard = journal.ok ? (journal.value.shard ?? null) : null;
    const name = artifactName({
      prefix: input.prefix,
      lane: input.lane,
      wave: input.wave,
      runAttempt: input.runAttempt,
      shard,
      suffix: jobSuffix({ env: input.env, ...(input.sequence ? { sequence: input.sequence } : {}) }),
    });
    // What this job knows about the upload, checked against the name when it is restored.
    await writeStateOrigin(
      stage,
      originOf({ artifact: name, lane: input.lane, wave: input.wave, runAttempt: input.runAttempt, env: input.env }),
    );
    const redactor = createRedactor(input.secrets);
    const redactedWorkspaceFiles = await redactCopy(stage, input.root, redactor);
    const { files } = await collectFiles(stage);
    // Entry names are these paths: redactCopy renamed every file or directory whose name held a secret.
    if (files.some((f) => redactor.redactName(path.relative(stage, f)) !== path.relative(stage, f))) {
      throw new Error("internal error: an artifact entry name still holds a secret after redaction");
    }
    const uploaded = await input.store.upload(name, stage, files, input.retentionDays ? { retentionDays: input.retentionDays } : {});
    return { name: uploaded.name, id: uploaded.id, size: uploaded.size, redactedWorkspaceFiles };
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

/** Removes generated files that may hold credentials (listed per agent in sensitive.json). */
async function dropSensitiveFiles(stage: string): Promise<string[]> {
  const dropped: string[] = [];
  const paths = runDirPaths(stage);
  const agents = await fs.readdir(paths.agentsDir).catch(() => [] as string[]);
  for (const agent of agents) {
    const listFile = agentPaths(paths, agent).sensitive;
    let list: unknown;
    try {
      list = JSON.parse(await fs.readFile(listFile, "utf8"));
    } catch {
      continue;
    }
    if (!Array.isArray(list)) continue;
    for (const rel of list) {
      if (typeof rel !== "string") continue;
      const abs = path.resolve(stage, rel);
      if (!abs.startsWith(stage + path.sep)) continue;
      await fs.rm(abs, { force: true });
      dropped.push(rel);
    }
  }
  return dropped;
}

/** Redacts every file of the staged copy; returns workspace files whose secrets were removed. */
export async function redactCopy(stage: string, root: string, redactor: Redactor): Promise<string[]> {
  const result = await redactTree(stage, redactor);
  // A saved CLI session that held a secret is put back redacted by a later run: its record must
  // describe the redacted copy.
  for (const { file } of result.redacted) {
    const parts = file.split(path.sep);
    if (parts.length === 4 && parts[0] === RUN_FILES.agentsDir && parts[2] === SESSION_DIR && parts[3] === SESSION_COPY_FILE) {
      await resealRedactedSession(path.join(stage, ...parts.slice(0, 3)));
    }
  }
  const patchRel = path.join(RUN_FILES.changesDir, PATCH_FILE);
  if (!result.redacted.some((r) => r.file === patchRel)) return [];
  // The patch changed: name the workspace files that held secrets, and re-seal the checksum.
  const metaFile = path.join(runDirPaths(stage).changesDir, META_FILE);
  const meta = await readJsonChecked(metaFile, ChangesMetaSchema, "workspace changes");
  let files: string[] = [];
  if (meta.ok) {
    const findings = await scanForSecrets(
      meta.value.files.map((f) => path.join(root, f.path)),
      redactor,
    );
    // The names go into the staged (already redacted) copy and into warnings: redact them too.
    files = [...new Set(findings.map((f) => redactor.redact(path.relative(root, f.file))))];
    const patch = await fs.readFile(path.join(stage, patchRel));
    await writeJsonAtomic(metaFile, {
      ...meta.value,
      patchSha256: createHash("sha256").update(patch).digest("hex"),
      bytes: patch.length,
      redactedFiles: files,
    });
  }
  return files.length > 0 ? files : ["(workspace changes)"];
}

/** Downloads an artifact into a fresh directory under tempDir and returns it. */
export async function downloadState(store: ArtifactStore, info: ArtifactInfo, tempDir: string): Promise<string> {
  const base = await fs.mkdtemp(path.join(tempDir || os.tmpdir(), "wave-state-"));
  const dest = path.join(base, "run");
  await store.download(info, dest);
  return dest;
}
