/**
 * A wave too big for one job, run whole and sharded: 48 implementation agents (16 with `--quick`)
 * and the cont-QA agent A0, each agent sleeping 2 s (1 s with `--quick`), 8 agents at a time per
 * job (`--max-parallel-agents 8`). Whole: one `wave run` in one checkout. Sharded: `wave plan
 * --max-agents-per-job 8` gives 6 shards (2 with `--quick`); each runs in a clone of its own as
 * its own process, all at once (as a workflow's matrix jobs run side by side on their own
 * runners), then the closure job merges them in another clone. Figures: the wall time of each
 * and the sharded overhead (sharded wall minus the agents' own sleeping on its critical path: one
 * round in the shards, one for A0). Target (the issue's): sharded wall at most a quarter of the
 * whole run's plus 10 s.
 *
 * The CLI is the built bundle, dist/cli/index.js (or WAVE_BENCH_CLI). The agents are `command`
 * agents (a node script), as any CLI would be.
 *
 *   node --import tsx bench/shard.ts [--quick]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BenchResult, cloneRepo, git, timedWave } from "./figure.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PER_JOB = 8;

const AGENT = String.raw`
import fs from "node:fs";
import path from "node:path";
const [id, ms] = process.argv.slice(2);
const root = process.env.WAVE_ROOT;
await new Promise((r) => setTimeout(r, Number(ms)));
if (id === "A0") {
  fs.mkdirSync(path.join(root, "docs", "reviews"), { recursive: true });
  fs.writeFileSync(path.join(root, "docs", "reviews", "wave-1-cont-qa.md"), "# Review\n\nVerdict: PASS\n");
  console.log("[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass");
  console.log("[wave-verdict] pass");
} else {
  fs.mkdirSync(path.join(root, "src"), { recursive: true });
  fs.writeFileSync(path.join(root, "src", id.toLowerCase() + ".js"), "export const x = 1;\n");
  console.log("[wave-proof] completion=contract durability=none proof=unit state=met");
  console.log("[wave-doc-delta] state=none");
}
`;

function agentSection(id: string, script: string, ms: number, owned: string): string {
  return [
    `## Agent ${id}: ${id}`,
    "",
    "### Executor",
    "",
    "- id: command",
    `- command: ${process.execPath} ${script} ${id} ${ms}`,
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

/** A committed repository holding wave 1 with `n` implementation agents and A0. */
function makeRepo(base: string, n: number, ms: number): string {
  const root = path.join(base, "origin");
  const script = path.join(base, "agent.mjs");
  writeFileSync(script, AGENT);
  mkdirSync(path.join(root, "docs", "plans", "waves"), { recursive: true });
  const ids = Array.from({ length: n }, (_, i) => `B${i + 1}`);
  const wave = [
    "# Wave 1 - sharding bench",
    "",
    ...ids.map((id) => agentSection(id, script, ms, `src/${id.toLowerCase()}.js`)),
    agentSection("A0", script, ms, "docs/reviews/wave-1-cont-qa.md"),
  ].join("\n");
  writeFileSync(path.join(root, "docs", "plans", "waves", "wave-1.md"), wave);
  writeFileSync(path.join(root, ".gitignore"), ".wave/\n");
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "wave 1"]);
  return root;
}

export async function benchShard(options: { quick: boolean }): Promise<BenchResult[]> {
  const cli = path.resolve(process.env.WAVE_BENCH_CLI ?? path.join(REPO_ROOT, "dist", "cli", "index.js"));
  if (!existsSync(cli)) throw new Error(`no CLI bundle at ${cli} (npm run build, or set WAVE_BENCH_CLI)`);
  const n = options.quick ? 16 : 48;
  const ms = options.quick ? 1000 : 2000;
  const base = mkdtempSync(path.join(os.tmpdir(), "wave-bench-shard-"));
  try {
    const origin = makeRepo(base, n, ms);
    const whole = await timedWave(cli, cloneRepo(origin, path.join(base, "whole")), [
      "run",
      "--wave",
      "1",
      "--max-parallel-agents",
      String(PER_JOB),
    ]);
    const plan = JSON.parse(
      execFileSync(process.execPath, [cli, "plan", "--max-agents-per-job", String(PER_JOB), "--format", "json", "--root", origin], {
        encoding: "utf8",
      }),
    );
    const count = plan.waves[0].shards.length as number;
    const started = performance.now();
    const shardRoots = Array.from({ length: count }, (_, i) => cloneRepo(origin, path.join(base, `shard-${i + 1}`)));
    await Promise.all(
      shardRoots.map((root, i) =>
        timedWave(cli, root, ["run", "--wave", "1", "--shard", `${i + 1}/${count}`, "--max-parallel-agents", String(PER_JOB)]),
      ),
    );
    const from = shardRoots.flatMap((root, i) => [
      "--from",
      path.join(root, ".wave", "main", `wave-1-shard-${i + 1}-of-${count}`, "attempt-1"),
    ]);
    const closureRoot = cloneRepo(origin, path.join(base, "closure"));
    await timedWave(cli, closureRoot, ["run", "--wave", "1", "--closure", ...from]);
    const sharded = performance.now() - started;
    const result = JSON.parse(readFileSync(path.join(closureRoot, ".wave", "main", "wave-1", "attempt-1", "result.json"), "utf8"));
    if (result.status !== "passed") throw new Error(`the closure job ended ${result.status}`);
    const target = whole / 4 + 10_000;
    const round = (x: number) => Math.round(x);
    return [
      { name: `shard: ${n} agents + A0, one job (8 at a time), wall`, value: round(whole), unit: "ms" },
      {
        name: `shard: ${count} shard jobs side by side + the closure job, wall`,
        value: round(sharded),
        unit: "ms",
        target: `<= ${round(target)} ms (a quarter of one job + 10 s)`,
        met: sharded <= target,
      },
      { name: "shard: sharded overhead (wall minus the agents' sleep on the critical path)", value: round(sharded - 2 * ms), unit: "ms" },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const f of await benchShard({ quick: process.argv.includes("--quick") }))
    console.log(`${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? "met" : "NOT MET"})` : ""}`);
}
