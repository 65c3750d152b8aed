/**
 * One rehearsal: the scripted model server, the engine hook that points each agent's CLI at it,
 * the CLI version checks, and — once the wave ended — the report (`rehearsal.json`, a copy of the
 * request log and a section of `summary.md` in the run directory). Shared by `wave rehearse` and
 * the action's `mode: rehearse`.
 */
import { appendFile, copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { EngineDeps, RehearsalLaunch } from "../engine/types.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { runDirPaths } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";
import { rehearsalHook } from "./launch.js";
import { buildRehearsalReport, type RehearsalReport, type RehearsedAgent, renderRehearsalReport } from "./report.js";
import type { ScriptVariant } from "./script.js";
import { startRehearsalServer } from "./server.js";
import { findAdapter } from "../executors/registry.js";
import { checkCliVersion, isRehearsed, type VersionCheck } from "./versions.js";

export const REHEARSAL_REPORT_FILE = "rehearsal.json";
export const REHEARSAL_LOG_FILE = "rehearsal-requests.jsonl";

export interface RehearsalSession {
  hook: NonNullable<EngineDeps["rehearsal"]>;
  /** Writes the report into the run directory of `resultFile`; returns it and its text form. */
  finish(result: WaveResult, resultFile: string): Promise<{ report: RehearsalReport; text: string }>;
  close(): Promise<void>;
}

export interface RehearsalSessionOptions {
  root: string;
  stateDir: string;
  wave: number;
  /** Variant per agent id; "*" applies to every agent not listed. */
  variants: ReadonlyMap<string, ScriptVariant>;
  /** PATH to find the CLIs for their version check. */
  path: string;
  onWarning(message: string): void;
}

export async function openRehearsal(options: RehearsalSessionOptions): Promise<RehearsalSession> {
  const logDir = path.join(options.stateDir, "rehearsals");
  await mkdir(logDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const logFile = path.join(logDir, `wave-${options.wave}-${stamp}.jsonl`);
  const server = await startRehearsalServer({ logFile });
  // CLI homes of agents that share the orchestrator's user: private, outside the run directory
  // (nothing of the CLIs' own state is uploaded with it), removed when the rehearsal ends.
  const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-rehearsal-homes-"));
  const agents = new Map<string, RehearsedAgent>();
  const versionChecks = new Map<string, Promise<VersionCheck>>();
  const variantOf = (id: string): ScriptVariant => options.variants.get(id) ?? options.variants.get("*") ?? "normal";
  const hook = rehearsalHook({
    server,
    homesDir,
    variantOf,
    onScript: (script, launch) => agents.set(script.agentId, { script, executor: launch.context.executor }),
  });
  return {
    async hook(launch: RehearsalLaunch) {
      const { executor } = launch.context;
      const section = findAdapter(executor.id)?.settings?.section;
      if (isRehearsed(executor.id) && section) {
        const id = executor.id;
        const command = (executor[section] as { command?: string[] }).command ?? [id];
        const key = `${id}\0${command.join("\0")}`;
        if (!versionChecks.has(key)) {
          const check = checkCliVersion(id, command, options.path);
          versionChecks.set(key, check);
          const { warning } = await check;
          if (warning) options.onWarning(warning);
        }
      }
      return hook(launch);
    },
    async finish(result, resultFile) {
      const runDir = path.dirname(resultFile);
      const copy = path.join(runDir, REHEARSAL_LOG_FILE);
      await copyFile(logFile, copy).catch(() => undefined);
      const report = buildRehearsalReport({
        result,
        root: options.root,
        agents,
        activity: (id) => server.activity(id),
        versions: await Promise.all(versionChecks.values()),
        serverLog: path.relative(options.root, copy) || copy,
      });
      await writeJsonAtomic(path.join(runDir, REHEARSAL_REPORT_FILE), report);
      const text = renderRehearsalReport(report);
      await appendFile(runDirPaths(runDir).summary, `\n## Rehearsal\n\n\`\`\`text\n${text}\`\`\`\n`);
      return { report, text };
    },
    async close() {
      await server.close();
      await rm(homesDir, { recursive: true, force: true });
    },
  };
}
