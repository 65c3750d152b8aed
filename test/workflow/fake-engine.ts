/**
 * A stand-in for the Wave Action engine, so the workflow files can be proven before the engine is
 * complete: an in-process hook for `uses: ./.wave-action` (modes validate, plan, run, report) with
 * the real action.yml's inputs, and a small `dist/cli/index.js` for the CLI calls of the workflows.
 * Waves are `examples/docs/plans/waves/wave-<n>.md`; a line containing BROKEN makes a file invalid.
 * A passing wave writes `out/wave-<n>.txt` and uploads its cumulative changes (a git patch) as
 * `wave_<lane>_wave-<n>_attempt-<a>_<k>/changes/changes.patch`, like the engine's state artifact.
 * Sharded waves (scenario.shards) write and upload per shard; a shard of a wave with design agents
 * (scenario.design) builds on its design job's (shard 0's) passed changes.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ArtifactError } from "../../src/artifacts/errors.js";
import type { ArtifactStore as SourceStore } from "../../src/artifacts/types.js";
import { matrixEntries, parseShardRole } from "../../src/shard/plan.js";
import { excludeFromChanges, guardsOwnFiles, readOwnFiles, restoreOwnFiles } from "../../src/action/own-files.js";
import { STATE_KEYS } from "../../src/action/shared.js";
import { parseWorkflowInputs, readThrough, workflowInputProblems } from "../../src/action/workflow-inputs.js";
import { type PickOutcome, pickOutputs, pickUnit, recordStatus, type SupervisorIo, triageLane } from "../../src/supervisor/pick.js";
import { describeUnit, type JobFacts, unitKey, unitsOf } from "../../src/supervisor/units.js";
import type { ArtifactStore, LocalActionCall, LocalActionHook, LocalActionOutcome } from "./runner/index.js";

export interface Scenario {
  /** How many runs of a wave fail before it passes (Infinity: it never passes). */
  failures?: Record<number, number>;
  /** The same for one job of a sharded wave, by its key (`wave-2-shard-1-of-3`, or `wave-2` for the closure job). */
  unitFailures?: Record<string, number>;
  /** Waves split into this many shards by the plan (and a closure job). */
  shards?: Record<number, number>;
  /** Sharded waves that declare design agents: the plan lists their design job (shard 0/n) first. */
  design?: number[];
  /** Waves that end blocked on a question. */
  blocked?: number[];
  /** What the agents of a run step do while it runs (after the step read the action's own files). */
  agentWork?: (call: LocalActionCall) => Promise<void> | void;
}

export interface FakeRun {
  wave: number;
  /** The shard input: "i/n", "closure", or "" for a whole wave. */
  shard: string;
  attempt: number;
  job: string;
  resume: string;
  applyChanges: string;
  dryRun: boolean;
  /** out/wave-*.txt files present before the wave wrote its own. */
  saw: string[];
  /** The commit the job had checked out (HEAD when the wave started). */
  head: string;
  status: string;
}

export interface FakeCall {
  mode: string;
  phase: "main" | "post";
  job: string;
  /** The action directory relative to the workspace (".wave-action", "."). */
  action: string;
  inputs: Record<string, string>;
  /** The INPUT_* variables of the step's process: what the real action reads (core.getInput). */
  inputEnv: Record<string, string>;
  /** The model keys the step's process was given (the secrets the workflow passes, when set). */
  keys: string[];
}

/** The state key of a pick step's unit, the real action's (src/action/shared.ts). */
const PICKED_STATE = STATE_KEYS.picked;

/** The secrets wave.yml may pass to the step that runs a wave. */
const MODEL_KEYS = [
  "ANTHROPIC_API_KEY",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "OPENCODE_API_KEY",
  "OPENROUTER_API_KEY",
];

interface WaveResult {
  status: string;
  artifact?: string;
  patch?: string;
}

export const WAVES_DIR = "docs/plans/waves";

function waveFiles(root: string): { wave: number; file: string }[] {
  const dir = path.join(root, WAVES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => /^wave-(\d+)\.md$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ wave: Number(m[1]), file: path.join(WAVES_DIR, m[0]) }))
    .sort((a, b) => a.wave - b.wave);
}

export function selectWaves(all: number[], selector: string): number[] {
  const s = selector.trim() || "all";
  if (s === "all") return all;
  const range = /^(\d+)-(\d+)$/.exec(s);
  if (range) return all.filter((w) => w >= Number(range[1]) && w <= Number(range[2]));
  const list = s.split(",").map((x) => Number(x.trim()));
  return all.filter((w) => list.includes(w));
}

/** The runner's artifacts as the action's ArtifactStore sees them (one workflow run and attempt). */
export function supervisorStore(store: ArtifactStore, runId: number, attempt: number): SourceStore {
  return {
    source: "github",
    async upload(name, rootDir, files) {
      try {
        const a = await store.upload({
          name,
          runId,
          attempt,
          files: files.map((f) => ({ path: f, relative: path.relative(rootDir, f) })),
          overwrite: false,
        });
        return { id: a.id, name, size: 0 };
      } catch (error) {
        if (/\(409\)/.test(String(error)))
          throw new ArtifactError("exists", `an artifact named ${name} already exists in this workflow run`);
        throw error;
      }
    },
    async list(options = {}) {
      return (await store.list(runId, attempt))
        .filter((a) => !options.prefix || a.name.startsWith(options.prefix))
        .map((a) => ({ id: a.id, name: a.name, size: 0, createdAt: null, runId: a.runId, source: "github" as const }));
    },
    async download(info, dest) {
      const found = (await store.list(runId, attempt)).find((a) => a.name === info.name);
      if (!found) throw new ArtifactError("not-found", `artifact ${info.name} not found`);
      await store.download(found, dest);
      return dest;
    },
  };
}

export class FakeEngine {
  /** Every pick: which job, and what it was given. */
  readonly picks: { job: string; outcome: PickOutcome }[] = [];
  readonly runs: FakeRun[] = [];
  readonly calls: FakeCall[] = [];
  private readonly results = new Map<string, WaveResult>();
  private readonly shardResults = new Map<string, WaveResult>();
  private uploads = 0;

  constructor(
    private readonly store: ArtifactStore,
    public scenario: Scenario = {},
  ) {}

  readonly hook: LocalActionHook = async (call) => this.handle(call);

  private async handle(given: LocalActionCall): Promise<LocalActionOutcome> {
    // The reusable workflow's inputs, read through as the real action reads them (src/action/workflow-inputs.ts).
    const workflow = parseWorkflowInputs(given.inputs["workflow-inputs"] ?? "");
    const call: LocalActionCall = {
      ...given,
      inputs: Object.fromEntries(Object.keys(given.inputs).map((k) => [k, readThrough((n) => given.inputs[n] ?? "", workflow, k)])),
    };
    const mode = call.inputs["mode"] ?? "run";
    const statusStore = () => supervisorStore(this.store, Number(call.env["GITHUB_RUN_ID"]), Number(call.env["GITHUB_RUN_ATTEMPT"]));
    this.calls.push({
      mode,
      phase: call.phase,
      job: call.job,
      action: path.relative(call.cwd, call.actionDir) || ".",
      inputs: call.inputs,
      inputEnv: Object.fromEntries(Object.entries(call.env).filter(([k]) => k.startsWith("INPUT_"))),
      keys: MODEL_KEYS.filter((k) => (call.env[k] ?? "") !== ""),
    });
    if (call.phase === "post") {
      // The pick step's post: the job's status record when its run step wrote none, from the state
      // its main step saved (as the real action does with core.saveState / core.getState).
      const saved = call.env[`STATE_${PICKED_STATE}`];
      if (saved) {
        const took = JSON.parse(saved) as { facts: JobFacts; unit: { wave: number; key: string } };
        await recordStatus(statusStore(), os.tmpdir(), took.facts, took.unit, "not-run", "");
      }
      return { exitCode: 0, stdout: "", stderr: "" };
    }
    // Like the real action's readInputs: the workflow's inputs are checked before anything else,
    // each problem an annotation, and the step fails.
    const problems = workflow ? workflowInputProblems(workflow) : [];
    if (problems.length > 0) {
      const lines = [
        ...problems.map((p) => `::error title=Wave::${p}`),
        `::error::the workflow's inputs are not valid: ${problems.join("; ")}`,
      ];
      return { exitCode: 1, stdout: `${lines.join("\n")}\n`, stderr: "" };
    }
    const out: string[] = [];
    const said = new Map<string, string>();
    const output = (name: string, value: string) => {
      said.set(name, value);
      appendFileSync(call.env["GITHUB_OUTPUT"] as string, `${name}<<EOF_FAKE\n${value}\nEOF_FAKE\n`);
    };
    const summary = (text: string) => appendFileSync(call.env["GITHUB_STEP_SUMMARY"] as string, `${text}\n`);
    const root = path.join(call.cwd, call.inputs["root"] || ".");
    const lane = call.inputs["lane"] || "main";
    const files = waveFiles(root);
    let exitCode = 0;
    if (mode === "validate") {
      for (const { file } of files) {
        readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (line.includes("BROKEN")) {
              out.push(`::error file=${path.relative(call.cwd, path.join(root, file))},line=${i + 1}::${file}: BROKEN marker`);
              exitCode = 1;
            }
          });
      }
      output("status", exitCode === 0 ? "passed" : "failed");
    } else if (mode === "plan") {
      const waves = selectWaves(
        files.map((f) => f.wave),
        call.inputs["waves"] ?? "all",
      );
      const entries = (wave: number) =>
        matrixEntries(wave, this.scenario.shards?.[wave] ?? 1, this.scenario.design?.includes(wave) ?? false);
      const include = waves.flatMap(entries);
      output("matrix", JSON.stringify({ include }));
      output("count", String(include.length));
      const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: call.cwd, encoding: "utf8" }).trim();
      output("commit", commit);
      out.push(`the waves run on commit ${commit}`);
    } else if (mode === "pick" || mode === "triage") {
      // The real supervision (src/supervisor/) over the runner's artifacts.
      const io: SupervisorIo = {
        store: supervisorStore(this.store, Number(call.env["GITHUB_RUN_ID"]), Number(call.env["GITHUB_RUN_ATTEMPT"])),
        tempDir: mkdtempSync(path.join(os.tmpdir(), "fake-supervise-")),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        info: (m) => out.push(m),
        notice: (m) => out.push(`::notice title=Wave::${m}`),
        warning: (m) => out.push(`::warning title=Wave::${m}`),
        pollMs: 20,
        jobLabel: call.job,
      };
      const facts = {
        laneKey: call.inputs["lane"] || "default",
        runAttempt: Number(call.env["GITHUB_RUN_ATTEMPT"]),
        round: Number(call.inputs["round"] || "0"),
      };
      const planned = unitsOf(call.inputs["matrix"] ?? "", "matrix");
      if (mode === "pick") {
        const roundMatrix = call.inputs["round-matrix"] ?? "";
        const wave = call.inputs["wave"] ? Number(call.inputs["wave"]) : null;
        const role = parseShardRole(call.inputs["shard"] || undefined, "input shard");
        const entry = wave === null ? null : { wave, shard: role, key: unitKey(wave, role) };
        const outcome = await pickUnit(io, { planned, round: roundMatrix ? unitsOf(roundMatrix, "round-matrix") : planned, facts, entry });
        this.picks.push({ job: call.job, outcome });
        for (const [name, value] of Object.entries(pickOutputs(outcome))) output(name, value);
        if (outcome.kind !== "none") {
          const took = JSON.stringify({ facts, unit: { wave: outcome.unit.wave, key: outcome.unit.key } });
          appendFileSync(call.env["GITHUB_STATE"] as string, `${PICKED_STATE}<<EOF_FAKE\n${took}\nEOF_FAKE\n`);
          await excludeFromChanges(call.actionDir, call.cwd);
        }
        if (outcome.kind === "blocked") {
          // As the real pick step fails (src/action/supervise-mode.ts pickMode, through core.setFailed).
          out.push(
            `::error::${describeUnit(outcome.unit)} not started: ${describeUnit(outcome.blocker)} before it did not pass (${outcome.status})`,
          );
          exitCode = 1;
        }
      } else {
        for (const [name, value] of Object.entries(await triageLane(io, planned, facts))) output(name, value);
      }
      rmSync(io.tempDir, { recursive: true, force: true });
    } else if (mode === "run" || mode === "rehearse") {
      // As the real run step: the action's own files read before the agents, put back after them (own-files.ts).
      const own = guardsOwnFiles(call.actionDir, call.cwd) ? await readOwnFiles(call.actionDir) : null;
      await this.scenario.agentWork?.(call);
      exitCode = this.run(call, root, lane, output, summary, out);
      const changed = own ? await restoreOwnFiles(own) : [];
      if (changed.length > 0)
        out.push(`::warning::the Wave Action's files changed while the wave ran; put back before its post step: ${changed.join(", ")}`);
    } else if (mode === "report") {
      const waves = selectWaves(
        files.map((f) => f.wave),
        call.inputs["waves"] ?? "all",
      );
      const passed = waves.filter((w) => ["passed", "dry-run"].includes(this.results.get(`${lane}/${w}`)?.status ?? ""));
      const failed = waves.filter((w) => !passed.includes(w));
      const last = passed.at(-1);
      const dryRun = passed.length > 0 && passed.every((w) => this.results.get(`${lane}/${w}`)?.status === "dry-run");
      const status = failed.length > 0 ? "failed" : dryRun ? "dry-run" : "passed";
      output("status", status);
      output("passed-waves", passed.join(","));
      output("failed-waves", failed.join(","));
      output("changes-artifact", failed.length === 0 && last !== undefined ? (this.results.get(`${lane}/${last}`)?.artifact ?? "") : "");
      summary(`# Waves report\n\n${waves.map((w) => `- wave ${w}: ${this.results.get(`${lane}/${w}`)?.status ?? "not run"}`).join("\n")}`);
      if (failed.length > 0) {
        out.push(`::error::waves ${failed.join(",")} did not pass`);
        exitCode = 1;
      }
    } else {
      out.push(`::error::unknown mode ${mode}`);
      exitCode = 1;
    }
    const upload = this.pendingUpload;
    this.pendingUpload = undefined;
    if (upload) await upload();
    // A job of the reusable workflow (input round) records its status after its state is uploaded.
    if ((mode === "run" || mode === "rehearse") && (call.inputs["round"] ?? "") !== "") {
      const wave = Number(call.inputs["wave"]);
      const role = parseShardRole(call.inputs["shard"] || undefined, "input shard");
      const facts = {
        laneKey: call.inputs["lane"] || "default",
        runAttempt: Number(call.env["GITHUB_RUN_ATTEMPT"]),
        round: Number(call.inputs["round"]),
      };
      const unit = { wave, key: unitKey(wave, role) };
      await recordStatus(statusStore(), os.tmpdir(), facts, unit, said.get("status") ?? "", said.get("artifact-name") ?? "");
    }
    return { exitCode, stdout: `${out.join("\n")}\n`, stderr: "" };
  }

  private pendingUpload: (() => Promise<void>) | undefined;

  private run(
    call: LocalActionCall,
    root: string,
    lane: string,
    output: (n: string, v: string) => void,
    summary: (t: string) => void,
    out: string[],
  ): number {
    const wave = Number(call.inputs["wave"]);
    const attempt = Number(call.env["GITHUB_RUN_ATTEMPT"]);
    const dryRun = call.inputs["dry-run"] === "true";
    const git = (args: string[], env: Record<string, string> = {}) =>
      execFileSync("git", args, { cwd: call.cwd, env: { ...process.env, ...env }, encoding: "utf8" });
    const shard = call.inputs["shard"] ?? "";
    const role = parseShardRole(shard || undefined, "input shard");
    const key = role?.kind === "shard" ? `wave-${wave}-shard-${role.index}-of-${role.count}` : `wave-${wave}`;
    // A shard of a wave with a design job builds on the design job's passed state (which holds the
    // earlier waves' changes too); anything else on the newest earlier passed wave of this lane.
    const designKey = role?.kind === "shard" && role.index > 0 ? `${lane}/wave-${wave}-shard-0-of-${role.count}` : null;
    const designed = designKey !== null && this.scenario.design?.includes(wave) ? this.shardResults.get(designKey) : undefined;
    if (call.inputs["apply-changes"] === "previous") {
      const earlier = [...this.results.entries()]
        .filter(([k, r]) => k.startsWith(`${lane}/`) && Number(k.split("/")[1]) < wave && r.status === "passed" && r.patch)
        .sort(([a], [b]) => Number(a.split("/")[1]) - Number(b.split("/")[1]))
        .at(-1);
      const patch = designed?.status === "passed" ? designed.patch : earlier?.[1].patch;
      if (patch) {
        const tmp = mkdtempSync(path.join(os.tmpdir(), "fake-patch-"));
        writeFileSync(path.join(tmp, "changes.patch"), patch);
        git(["apply", "--binary", path.join(tmp, "changes.patch")]);
        rmSync(tmp, { recursive: true, force: true });
      }
    }
    const outDir = path.join(root, "out");
    const saw = existsSync(outDir) ? readdirSync(outDir).sort() : [];
    const previousRuns = this.runs.filter((r) => r.wave === wave && r.shard === shard && !r.dryRun).length;
    // A closure job merges the newest passed state of every shard of its wave.
    const shardKeys =
      role?.kind === "closure" ? [...this.shardResults.keys()].filter((k) => k.startsWith(`${lane}/wave-${wave}-shard-`)) : [];
    const count = (this.scenario.shards?.[wave] ?? 0) + (this.scenario.design?.includes(wave) ? 1 : 0);
    const missingShard = role?.kind === "closure" && shardKeys.filter((k) => this.shardResults.get(k)?.status === "passed").length < count;
    // A shard that should have built on a design job that has not passed fails (the action refuses to start it).
    const missingDesign = designKey !== null && this.scenario.design?.includes(wave) === true && designed?.status !== "passed";
    let status: string;
    if (dryRun) status = "dry-run";
    else if (this.scenario.blocked?.includes(wave)) status = "blocked";
    else if (missingShard || missingDesign) status = "failed";
    else if (role !== null) status = previousRuns < (this.scenario.unitFailures?.[key] ?? 0) ? "failed" : "passed";
    else status = previousRuns < (this.scenario.failures?.[wave] ?? 0) ? "failed" : "passed";
    const head = git(["rev-parse", "HEAD"]).trim();
    this.runs.push({
      shard,
      wave,
      attempt,
      job: call.job,
      resume: call.inputs["resume"] ?? "",
      applyChanges: call.inputs["apply-changes"] ?? "",
      dryRun,
      saw,
      head,
      status,
    });
    const result: WaveResult = { status };
    if (status === "passed") {
      mkdirSync(outDir, { recursive: true });
      if (role?.kind === "shard") writeFileSync(path.join(outDir, `${key}.txt`), `${key} was here\n`);
      else writeFileSync(path.join(outDir, `wave-${wave}.txt`), `wave ${wave} was here\n`);
      for (const k of shardKeys) {
        const name = k.slice(lane.length + 1);
        writeFileSync(path.join(outDir, `${name}.txt`), `${name} was here\n`);
      }
      const tmp = mkdtempSync(path.join(os.tmpdir(), "fake-changes-"));
      const index = path.join(tmp, "index");
      git(["read-tree", "HEAD"], { GIT_INDEX_FILE: index });
      git(["add", "-A", "."], { GIT_INDEX_FILE: index });
      result.patch = git(["diff", "--cached", "--binary", "HEAD"], { GIT_INDEX_FILE: index });
      mkdirSync(path.join(tmp, "art", "changes"), { recursive: true });
      writeFileSync(path.join(tmp, "art", "changes", "changes.patch"), result.patch);
      result.artifact = `wave_${lane}_${key}_attempt-${attempt}_k${++this.uploads}`;
      const name = result.artifact;
      this.pendingUpload = async () => {
        await this.store.upload({
          name,
          runId: Number(call.env["GITHUB_RUN_ID"]),
          attempt,
          files: [{ path: path.join(tmp, "art", "changes", "changes.patch"), relative: "changes/changes.patch" }],
          overwrite: false,
        });
        rmSync(tmp, { recursive: true, force: true });
      };
      output("artifact-name", name);
    }
    if (role?.kind === "shard") this.shardResults.set(`${lane}/${key}`, result);
    else this.results.set(`${lane}/${wave}`, result);
    output("status", status);
    summary(`Wave ${wave}${shard ? ` (${shard})` : ""}: ${status}`);
    if (status === "passed" || status === "dry-run") return 0;
    out.push(`::error::wave ${wave} ${status}`);
    return 1;
  }
}

/** A `wave` CLI stand-in for the workflows' `node .wave-action/dist/cli/index.js ...` calls. */
export const FAKE_CLI = `#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const root = opt("--root") ?? ".";
const dir = path.join(root, "${WAVES_DIR}");
const files = fs.readdirSync(dir).map((f) => /^wave-(\\d+)\\.md$/.exec(f)).filter(Boolean)
  .map((m) => ({ wave: Number(m[1]), file: "${WAVES_DIR}/" + m[0] })).sort((a, b) => a.wave - b.wave);
const select = (s) => {
  if (!s || s === "all") return files;
  const r = /^(\\d+)-(\\d+)$/.exec(s);
  if (r) return files.filter((f) => f.wave >= Number(r[1]) && f.wave <= Number(r[2]));
  const list = s.split(",").map(Number);
  return files.filter((f) => list.includes(f.wave));
};
const agents = [{ id: "A1", role: "implementation", executor: "local" }];
const lane = opt("--lane") ?? "main";
switch (args[0]) {
  case "validate": {
    let bad = 0;
    for (const f of files) fs.readFileSync(path.join(root, f.file), "utf8").split("\\n").forEach((line, i) => {
      if (line.includes("BROKEN")) { bad++; console.log("::error file=" + path.join(root, f.file) + ",line=" + (i + 1) + "::BROKEN marker"); }
    });
    process.exit(bad ? 1 : 0);
  }
  case "plan": {
    const waves = select(opt("--waves")).map((f) => ({ ...f, agents }));
    console.log(JSON.stringify({ lane, waves, matrix: { include: waves.map((w) => ({ wave: w.wave })) } }));
    break;
  }
  case "run": {
    const wave = Number(opt("--wave"));
    const agentDir = path.join(opt("--state-dir"), lane, "wave-" + wave, "attempt-1", "agents", "A1");
    fs.mkdirSync(agentDir, { recursive: true });
    fs.writeFileSync(path.join(agentDir, "prompt.md"), "prompt of wave " + wave + "\\n");
    fs.writeFileSync(path.join(agentDir, "launch.json"), JSON.stringify({ argv: ["wave", "__local-agent", "--wave", String(wave)] }));
    console.log(JSON.stringify({ schemaVersion: 1, lane, wave, status: "dry-run" }));
    break;
  }
  default:
    console.error("unknown command " + args[0]);
    process.exit(2);
}
`;
