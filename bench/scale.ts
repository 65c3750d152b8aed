/**
 * A wave of 1,000 `local` agents (100 with `--quick`) at 25 per job, through the Actions harness
 * (Azurite + the emulated results service and REST API, with GitHub's pagination and a
 * GITHUB_TOKEN's 1,000-requests-per-hour budget): `wave plan --max-agents-per-job 25` gives 40
 * shard jobs (4) and the closure job. Each job, one after the other in this process, does what the
 * reusable workflow's job does with artifacts — claims its unit with the real pick (src/supervisor/),
 * lists the run's artifacts once as the run step does at its start, uploads its state with the
 * action's uploadRunState and its status record — through the real @actions/artifact client and
 * GithubArtifactStore. The shards' engines are real `wave run --shard i/n` processes of the CLI
 * bundle (two at a time: this machine has two cores), each in a clone of its own. The closure job
 * downloads the 40 shard states with the action's findShardBase and runs `wave run --closure`
 * on them (the merge of every agent's change, the gates, A0). The report job lists the run once.
 *
 * Figures: the shard engines' wall time; the closure job's wall time and its merge (from its
 * start to A0's launch: reading, checking and merging the shard runs and applying the merged
 * patch); the closure's summary size; the REST requests of the whole run (the harness counts
 * every request under /api/v3, and a GITHUB_TOKEN may send 1,000 an hour per repository); the
 * runtime (twirp) requests, which cost no REST quota; pages listed. What is not measured: the
 * runners' own start-up and the action's main step around the engine (its run is the CLI's).
 *
 *   node --import tsx bench/scale.ts [--quick]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findShardBase } from "../src/action/handoff.js";
import { readInputs } from "../src/action/inputs.js";
import { uploadRunState } from "../src/action/state-artifact.js";
import { GithubArtifactStore } from "../src/artifacts/github-store.js";
import { listingOnce } from "../src/artifacts/list-once.js";
import { choosePrior } from "../src/resume/local.js";
import { applyChanges } from "../src/state/changes.js";
import { pickUnit, type SupervisorIo } from "../src/supervisor/pick.js";
import { parseWaveFile } from "../src/wave/parse.js";
import { type JobFacts, statusArtifactName, unitsOf } from "../src/supervisor/units.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "../test/harness/index.js";
import { muteStdoutText } from "../test/harness/quiet.js";
import { type BenchResult, cloneRepo, git, timedWave } from "./figure.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PER_JOB = 25;
const RUN_ID = 90_001;
const REPOSITORY = "octo-org/scale";
const LANE = "main";

function agentSection(id: string, owned: string): string {
  return [
    `## Agent ${id}: ${id}`,
    "",
    "### Executor",
    "",
    "- id: local",
    "",
    "### Deliverables",
    "",
    `- ${owned}`,
    "",
    "### Prompt",
    "",
    "```text",
    `Work as ${id}.`,
    "",
    "File ownership (only touch these paths):",
    `- ${owned}`,
    "```",
    "",
  ].join("\n");
}

function makeRepo(base: string, n: number): string {
  const root = path.join(base, "origin");
  mkdirSync(path.join(root, "docs", "plans", "waves"), { recursive: true });
  const ids = Array.from({ length: n }, (_, i) => `B${i + 1}`);
  const wave = [
    "# Wave 1 - a thousand agents",
    "",
    ...ids.map((id) => agentSection(id, `src/${id.toLowerCase()}.js`)),
    agentSection("A0", "docs/reviews/wave-1-cont-qa.md"),
  ].join("\n");
  writeFileSync(path.join(root, "docs", "plans", "waves", "wave-1.md"), wave);
  writeFileSync(path.join(root, ".gitignore"), ".wave/\n");
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "wave 1"]);
  return root;
}

/** Runs `tasks` at most `limit` at a time. */
async function pool(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

interface Job {
  ctx: JobContext;
  store: GithubArtifactStore;
  restore: () => void;
}

/** Switches this process into a job of the run (the artifact client reads the environment on every call). */
function enterJob(h: ActionsHarness, name: string, workspace: string): Job {
  const ctx = h.jobEnv({ runId: RUN_ID, runAttempt: 1, jobId: name, repository: REPOSITORY, workspace });
  const restore = applyEnv(ctx.env);
  return { ctx, store: new GithubArtifactStore({ token: ctx.githubToken, warn: () => {}, info: () => {} }), restore };
}

function supervisorIo(job: Job, tempDir: string): SupervisorIo {
  return {
    store: job.store,
    tempDir,
    sleep: async () => {},
    info: () => {},
    notice: () => {},
    warning: () => {},
    pollMs: 0,
    jobLabel: job.ctx.env.GITHUB_JOB ?? "job",
  };
}

/** The status record a wave job uploads after its run (the workflow's "Record the job's status" step). */
async function recordStatus(job: Job, dir: string, key: string, state: string): Promise<void> {
  const name = statusArtifactName(LANE, key, 1, 0);
  const fields = { name, unit: key, wave: "1", attempt: "1", round: "0", status: "passed", state };
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "status");
  writeFileSync(
    file,
    Object.entries(fields)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
  );
  await job.store.upload(name, dir, [file], { retentionDays: 1 });
}

export async function benchScale(options: { quick: boolean }): Promise<BenchResult[]> {
  const cli = path.resolve(process.env.WAVE_BENCH_CLI ?? path.join(REPO_ROOT, "dist", "cli", "index.js"));
  if (!existsSync(cli)) throw new Error(`no CLI bundle at ${cli} (npm run build, or set WAVE_BENCH_CLI)`);
  const n = options.quick ? 100 : 1000;
  const base = mkdtempSync(path.join(os.tmpdir(), "wave-bench-scale-"));
  const muted = muteStdoutText();
  const h = await startActionsHarness();
  try {
    const origin = makeRepo(base, n);
    const plan = JSON.parse(
      execFileSync(process.execPath, [cli, "plan", "--max-agents-per-job", String(PER_JOB), "--format", "json", "--root", origin], {
        encoding: "utf8",
      }),
    ) as { matrix: unknown };
    const planned = unitsOf(JSON.stringify(plan.matrix), "matrix");
    const shards = planned.filter((u) => u.shard?.kind === "shard");
    const count = shards.length;
    const facts: JobFacts = { laneKey: LANE, runAttempt: 1, round: 0 };

    // Each shard job claims its unit (GitHub starts them side by side; the claims are one after another here).
    const roots: string[] = [];
    for (let i = 1; i <= count; i++) {
      const workspace = cloneRepo(origin, path.join(base, `shard-${i}`));
      roots.push(workspace);
      const job = enterJob(h, `wave-${i}`, workspace);
      try {
        const picked = await pickUnit(supervisorIo(job, mkdtempSync(path.join(base, "pick-"))), {
          planned,
          round: planned,
          facts,
          entry: null,
        });
        if (picked.kind !== "run" || picked.unit.key !== shards[i - 1]!.key)
          throw new Error(`shard job ${i} picked ${JSON.stringify(picked)}`);
      } finally {
        job.restore();
      }
    }

    // The shards' engines: real CLI runs, two at a time.
    const enginesStarted = performance.now();
    await pool(
      roots.map(
        (root, i) => () =>
          timedWave(cli, root, ["run", "--wave", "1", "--shard", `${i + 1}/${count}`, "--max-parallel-agents", String(PER_JOB)]),
      ),
      2,
    );
    const enginesWall = performance.now() - enginesStarted;

    // Each shard job's artifacts: the run step's listing at its start, its state, its status record.
    for (let i = 1; i <= count; i++) {
      const root = roots[i - 1]!;
      const job = enterJob(h, `wave-${i}`, root);
      try {
        await listingOnce(job.store).list();
        const runDir = path.join(root, ".wave", LANE, `wave-1-shard-${i}-of-${count}`, "attempt-1");
        const uploaded = await uploadRunState({
          store: job.store,
          runDir,
          root,
          prefix: "wave",
          lane: LANE,
          wave: 1,
          runAttempt: 1,
          retentionDays: 1,
          secrets: [],
          env: job.ctx.env,
          tempDir: mkdtempSync(path.join(base, "upload-")),
        });
        await recordStatus(job, path.join(base, `status-${i}`), shards[i - 1]!.key, uploaded.name);
      } finally {
        job.restore();
      }
    }

    // The closure job: claims (every shard passed, so it does not wait), downloads the shard states, merges and closes.
    const closureRoot = cloneRepo(origin, path.join(base, "closure"));
    const job = enterJob(h, "wave-closure", closureRoot);
    let closureWall: number;
    let mergeMs: number;
    let toA0Ms: number;
    let summaryBytes: number;
    try {
      const picked = await pickUnit(supervisorIo(job, mkdtempSync(path.join(base, "pick-"))), {
        planned,
        round: planned,
        facts,
        entry: null,
      });
      if (picked.kind !== "run" || picked.unit.shard?.kind !== "closure")
        throw new Error(`the closure job picked ${JSON.stringify(picked)}`);
      const inputs = readInputs(
        (name) => ({ mode: "closure", wave: "1", shard: "closure", lane: LANE, "github-token": job.ctx.githubToken })[name] ?? "",
        job.ctx.env,
      );
      const shardBase = await findShardBase(listingOnce(job.store), inputs, mkdtempSync(path.join(base, "states-")), job.ctx.env);
      const dirs = shardBase?.states.map((s) => s.dir) ?? [];
      if (dirs.length !== count) throw new Error(`the closure job found ${dirs.length} of ${count} shard states`);
      // The merge itself, as the closure's engine does it (src/resume/local.ts choosePrior),
      // in a checkout of its own: read and check the shard runs, merge their patches, apply the result.
      const waveRel = path.join("docs", "plans", "waves", "wave-1.md");
      const parsed = parseWaveFile(readFileSync(path.join(origin, waveRel)), waveRel, 1);
      if (!parsed.wave) throw new Error(`the wave file does not parse: ${JSON.stringify(parsed.diagnostics.slice(0, 3))}`);
      const mergeRoot = cloneRepo(origin, path.join(base, "merge"));
      const mergeStarted = performance.now();
      const expect = { lane: LANE, wave: parsed.wave.wave, waveFingerprint: parsed.wave.fingerprint, repository: null, force: false };
      const { prior: merged } = await choosePrior({
        from: "state-dir",
        job: { kind: "closure", from: dirs, wave: parsed.wave },
        resume: "never",
        waveDir: base,
        before: 1,
        stateDir: base,
        expect,
        warn: () => undefined,
        notice: () => undefined,
      });
      if (!merged?.shards?.changesDir) throw new Error("the shards' merge has no changes");
      await applyChanges(mergeRoot, merged.shards.changesDir, "merging the shards' changes");
      mergeMs = performance.now() - mergeStarted;
      const applied = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: mergeRoot, encoding: "utf8" })
        .split("\n")
        .filter(Boolean).length;
      if (applied < n) throw new Error(`the merged patch changed ${applied} files, fewer than the ${n} agents' deliverables`);
      const startedAt = Date.now();
      closureWall = await timedWave(cli, closureRoot, ["run", "--wave", "1", "--closure", ...dirs.flatMap((d) => ["--from", d])]);
      const runDir = path.join(closureRoot, ".wave", LANE, "wave-1", "attempt-1");
      const result = JSON.parse(readFileSync(path.join(runDir, "result.json"), "utf8"));
      if (result.status !== "passed") throw new Error(`the closure job ended ${result.status}`);
      const a0 = (result.agents as { id: string; startedAt?: string | null }[]).find((a) => a.id === "A0");
      const a0Start = a0?.startedAt ? Date.parse(a0.startedAt) : Number.NaN;
      toA0Ms = Number.isFinite(a0Start) ? a0Start - startedAt : Number.NaN;
      summaryBytes = statSync(path.join(runDir, "summary.md")).size;
    } finally {
      job.restore();
    }

    // The report job: one listing of the run.
    const report = enterJob(h, "report", mkdtempSync(path.join(base, "report-")));
    let artifacts: number;
    try {
      artifacts = (await report.store.list()).length;
    } finally {
      report.restore();
    }

    const rest = h.service.requests.filter((r) => r.path.startsWith("/api/v3/"));
    const twirp = h.service.requests.filter((r) => r.path.startsWith("/twirp/"));
    const restLimit = 300;
    const round = (x: number) => Math.round(x);
    return [
      { name: `scale: ${n} local agents at ${PER_JOB} per job: shard jobs`, value: count, unit: "jobs" },
      { name: `scale: ${count} shard engines (wave run --shard, 2 at a time), wall`, value: round(enginesWall), unit: "ms" },
      { name: "scale: closure job (wave run --closure on the downloaded shard states), wall", value: round(closureWall), unit: "ms" },
      {
        name: `scale: closure merge of ${count} shard runs, ${n} agents' changes (read, check, merge, apply)`,
        value: round(mergeMs),
        unit: "ms",
        target: "< 10000 ms",
        met: mergeMs < 10_000,
      },
      {
        name: "scale: closure job from its start to A0's launch (merge, implementation gates over every agent)",
        value: round(toA0Ms),
        unit: "ms",
      },
      {
        name: "scale: closure summary size",
        value: round(summaryBytes / 1024),
        unit: "KiB",
        target: "< 1024 KiB (GitHub's job summary limit)",
        met: summaryBytes < 1024 * 1024,
      },
      { name: "scale: artifacts in the run", value: artifacts, unit: "artifacts" },
      {
        name: "scale: REST API requests of the whole run",
        value: rest.length,
        unit: "requests",
        target: `< ${restLimit} (a GITHUB_TOKEN's budget is 1,000 an hour per repository)`,
        met: rest.length < restLimit,
      },
      { name: "scale: REST requests refused (rate limit or other)", value: rest.filter((r) => r.status >= 400).length, unit: "requests" },
      { name: "scale: Actions runtime (twirp) requests, no REST quota", value: twirp.length, unit: "requests" },
    ];
  } finally {
    await h.stop();
    muted.restore();
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const f of await benchScale({ quick: process.argv.includes("--quick") }))
    console.log(`${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? "met" : "NOT MET"})` : ""}`);
}
