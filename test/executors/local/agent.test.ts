import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { buildLocalLaunchSpec } from "../../../src/executors/local/launch.js";
import { runLocalAgent } from "../../../src/executors/local/agent.js";
import { parseSignals } from "../../../src/signals/parser.js";
import type { AgentRole, EvalTarget } from "../../../src/wave/schema.js";
import { type CtxOptions, makeCtx, makeExecutor } from "../fixtures.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, "..", "..", "..");
const CLI_ARGV = [process.execPath, "--import", "tsx", path.join(HERE, "agent-main.ts")];

let tmp = "";
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-local-agent-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let counter = 0;
async function newRepo(): Promise<string> {
  const root = path.join(tmp, `repo-${++counter}`);
  await mkdir(root, { recursive: true });
  return root;
}

/** Builds the local launch spec for a temp repo and writes its overlay files. */
async function stage(root: string, role: AgentRole, options: CtxOptions = {}) {
  const ctx = makeCtx(makeExecutor("local"), {
    ...options,
    role,
    root,
    overlayDir: path.join(root, ".wave", "overlay", options.agent?.agentId ?? "A1"),
    cliArgv: CLI_ARGV,
  });
  const spec = buildLocalLaunchSpec(ctx);
  for (const file of spec.files) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.content);
  }
  return { ctx, spec, agentArgv: spec.argv.slice(CLI_ARGV.length) };
}

async function runDirect(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runLocalAgent(argv, {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    env,
  });
  return { code, stdout, stderr };
}

const markerLines = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("[wave-"));

describe("local agent: implementation", () => {
  test("creates missing deliverables with typed placeholders, keeps existing ones, prints its markers", async () => {
    const root = await newRepo();
    await mkdir(path.join(root, "src/parser"), { recursive: true });
    await writeFile(path.join(root, "src/parser/existing.ts"), "const mine = 1;\n");
    const { agentArgv } = await stage(root, "implementation", {
      agent: {
        deliverables: [
          "src/parser/index.ts",
          "src/parser/existing.ts",
          "src/parser/notes.md",
          "src/parser/data.json",
          "src/parser/tool.py",
        ],
        proofArtifacts: [{ path: "src/parser/proof.txt", kind: null, requiredFor: [] }],
        exitContract: { completion: "integrated", durability: "durable", proof: "integration", docImpact: "owned" },
        components: ["parser-core", "parser-cli"],
        componentTargets: { "parser-core": "baseline-proved", "parser-cli": null },
      },
    });
    const { code, stdout, stderr } = await runDirect(agentArgv);
    assert.equal(code, 0, stderr);
    assert.equal(await readFile(path.join(root, "src/parser/index.ts"), "utf8"), "export {};\n");
    assert.equal(await readFile(path.join(root, "src/parser/existing.ts"), "utf8"), "const mine = 1;\n");
    assert.match(
      await readFile(path.join(root, "src/parser/notes.md"), "utf8"),
      /^# notes\.md\n\nPlaceholder written by the Wave local agent \(agent A1, wave 3\)/,
    );
    assert.equal(await readFile(path.join(root, "src/parser/data.json"), "utf8"), "{}\n");
    assert.equal(await readFile(path.join(root, "src/parser/tool.py"), "utf8"), "");
    assert.match(await readFile(path.join(root, "src/parser/proof.txt"), "utf8"), /Placeholder/);
    assert.match(stdout, /wave local agent: kept src\/parser\/existing\.ts/);
    assert.match(stdout, /wave local agent: created src\/parser\/index\.ts/);
    assert.deepEqual(markerLines(stdout), [
      "[wave-proof] completion=integrated durability=durable proof=integration state=met",
      "[wave-doc-delta] state=owned",
      "[wave-component] component=parser-core level=baseline-proved state=met",
      "[wave-component] component=parser-cli level=repo-landed state=met",
    ]);
    const signals = parseSignals(stdout);
    assert.equal(signals.proof?.state, "met");
    assert.equal(signals.proof?.completion, "integrated");
    assert.equal(signals.docDelta?.state, "owned");
    assert.deepEqual(
      signals.components.map((c) => [c.componentId, c.level, c.state]),
      [
        ["parser-core", "baseline-proved", "met"],
        ["parser-cli", "repo-landed", "met"],
      ],
    );
  });

  test("is deterministic and never overwrites: a second run keeps everything and prints the same markers", async () => {
    const root = await newRepo();
    const { agentArgv } = await stage(root, "implementation", { agent: { deliverables: ["src/parser/a.ts"] } });
    const first = await runDirect(agentArgv);
    await writeFile(path.join(root, "src/parser/a.ts"), "export const edited = true;\n");
    const second = await runDirect(agentArgv);
    assert.equal(second.code, 0);
    assert.equal(await readFile(path.join(root, "src/parser/a.ts"), "utf8"), "export const edited = true;\n");
    assert.match(second.stdout, /kept src\/parser\/a\.ts/);
    assert.deepEqual(markerLines(second.stdout), markerLines(first.stdout));
    assert.deepEqual(markerLines(first.stdout), [
      "[wave-proof] completion=contract durability=none proof=unit state=met",
      "[wave-doc-delta] state=none",
    ]);
  });

  test("refuses paths that leave the repository, symlinked directories included", async () => {
    const root = await newRepo();
    const outside = path.join(tmp, `outside-${counter}`);
    await mkdir(outside);
    await symlink(outside, path.join(root, "link"));
    const { agentArgv } = await stage(root, "implementation", {
      agent: { deliverables: ["../escape.md", "link/new/inside-link.md", "ok.md"] },
    });
    const { code, stdout, stderr } = await runDirect(agentArgv);
    assert.equal(code, 1);
    assert.match(stderr, /refused \.\.\/escape\.md: outside the repository/);
    assert.match(stderr, /refused link\/new\/inside-link\.md: its directory resolves outside the repository/);
    assert.ok(!existsSync(path.join(tmp, "escape.md")));
    assert.ok(!existsSync(path.join(outside, "new")));
    assert.ok(existsSync(path.join(root, "ok.md")));
    assert.deepEqual(markerLines(stdout), [], "no markers after a failure");
  });
});

describe("local agent: closure and design roles", () => {
  const nonce = "n0nce42";

  test("cont-QA: report with Verdict: PASS, gate + verdict markers carrying the nonce", async () => {
    const root = await newRepo();
    const report = "docs/plans/waves/reviews/wave-3-cont-qa.md";
    const { agentArgv } = await stage(root, "cont-qa", { markerNonce: nonce, agent: { agentId: "A0", ownedPaths: [report] } });
    const { code, stdout } = await runDirect(agentArgv, { WAVE_MARKER_NONCE: nonce });
    assert.equal(code, 0);
    const text = await readFile(path.join(root, report), "utf8");
    assert.match(text, /\nVerdict: PASS\n$/);
    assert.deepEqual(markerLines(stdout), [
      `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass nonce=${nonce}`,
      `[wave-verdict] pass nonce=${nonce}`,
    ]);
    const good = parseSignals(stdout, { nonce });
    assert.equal(good.gate?.architecture, "pass");
    assert.equal(good.logVerdict?.verdict, "pass");
    const wrong = parseSignals(stdout, { nonce: "other" });
    assert.equal(wrong.gate, null, "a different nonce must not be accepted");
  });

  test("the task file names the nonce's variable, not its value: the agent takes the value from its environment", async () => {
    const root = await newRepo();
    const report = "docs/plans/waves/reviews/wave-3-cont-qa.md";
    const { spec, agentArgv } = await stage(root, "cont-qa", { markerNonce: nonce, agent: { agentId: "A0", ownedPaths: [report] } });
    const file = spec.files[0]!;
    assert.ok(!file.content.includes(nonce), "the file in the run directory does not hold the nonce");
    assert.equal(JSON.parse(file.content).markerNonce, "$WAVE_MARKER_NONCE");
    const other = await runDirect(agentArgv, { WAVE_MARKER_NONCE: "b7e1" });
    assert.deepEqual(markerLines(other.stdout).at(-1), "[wave-verdict] pass nonce=b7e1");
    // Without the variable the markers carry no nonce (and the gates reject them as missing one).
    const none = await runDirect(agentArgv);
    assert.deepEqual(markerLines(none.stdout).at(-1), "[wave-verdict] pass");
    assert.equal(parseSignals(none.stdout, { nonce }).diagnostics[0]?.reason, "missing nonce");
  });

  test("cont-EVAL: eval marker names the declared targets and benchmarks", async () => {
    const root = await newRepo();
    const evalTargets: EvalTarget[] = [
      { id: "parse-speed", selection: "pinned", benchmarkFamily: null, benchmarks: ["bench-a", "bench-b"], objective: "o", threshold: "t" },
      {
        id: "accuracy",
        selection: "delegated",
        benchmarkFamily: "fam",
        benchmarks: ["bench-b", "bench-c"],
        objective: "o",
        threshold: "t",
      },
    ];
    const { agentArgv } = await stage(root, "cont-eval", {
      markerNonce: nonce,
      agent: { agentId: "E0", ownedPaths: ["docs/evals/wave-3-eval.md"] },
      extra: { evalTargets },
    });
    const { code, stdout } = await runDirect(agentArgv, { WAVE_MARKER_NONCE: nonce });
    assert.equal(code, 0);
    assert.ok(existsSync(path.join(root, "docs/evals/wave-3-eval.md")));
    assert.deepEqual(markerLines(stdout), [
      `[wave-eval] state=satisfied targets=2 benchmarks=3 regressions=0 target_ids=parse-speed,accuracy benchmark_ids=bench-a,bench-b,bench-c nonce=${nonce}`,
    ]);
    const signals = parseSignals(stdout, { nonce });
    assert.deepEqual(signals.eval?.targetIds, ["parse-speed", "accuracy"]);
    assert.equal(signals.eval?.benchmarks, 3);
  });

  test("integration, documentation, security and design markers (and reports)", async () => {
    const cases: { role: AgentRole; id: string; owned: string[]; expect: string[]; file?: string }[] = [
      {
        role: "integration",
        id: "A8",
        owned: ["docs/plans/integration.md"],
        expect: ["[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0"],
      },
      { role: "documentation", id: "A9", owned: ["docs/plans/current-state.md"], expect: ["[wave-doc-closure] state=no-change"] },
      {
        role: "security",
        id: "S1",
        owned: ["docs/security/wave-3-security-review.md"],
        expect: ["[wave-security] state=clear findings=0 approvals=0"],
        file: "docs/security/wave-3-security-review.md",
      },
      {
        role: "design",
        id: "D1",
        owned: ["docs/design/wave-3-design-packet.md"],
        expect: ["[wave-design] state=ready-for-implementation decisions=0 assumptions=0 open_questions=0"],
        file: "docs/design/wave-3-design-packet.md",
      },
    ];
    for (const c of cases) {
      const root = await newRepo();
      const { agentArgv } = await stage(root, c.role, { markerNonce: nonce, agent: { agentId: c.id, ownedPaths: c.owned } });
      const { code, stdout } = await runDirect(agentArgv, { WAVE_MARKER_NONCE: nonce });
      assert.equal(code, 0, c.role);
      assert.deepEqual(
        markerLines(stdout),
        c.expect.map((l) => `${l} nonce=${nonce}`),
        c.role,
      );
      if (c.file) assert.ok(existsSync(path.join(root, c.file)), `${c.role} report`);
      const signals = parseSignals(stdout, { nonce });
      const accepted = {
        integration: signals.integration,
        documentation: signals.docClosure,
        security: signals.security,
        design: signals.design,
      }[c.role as "integration" | "documentation" | "security" | "design"];
      assert.ok(accepted, `${c.role} marker accepted by the signal parser`);
    }
  });

  test("without a nonce the closure markers carry none", async () => {
    const root = await newRepo();
    const { agentArgv } = await stage(root, "documentation", { agent: { agentId: "A9" } });
    const { stdout } = await runDirect(agentArgv);
    assert.deepEqual(markerLines(stdout), ["[wave-doc-closure] state=no-change"]);
  });

  test("a hybrid design agent also prints implementation markers", async () => {
    const root = await newRepo();
    const { agentArgv } = await stage(root, "design", {
      agent: {
        agentId: "D2",
        ownedPaths: ["docs/design/packet.md", "src/ui/"],
        components: ["ui"],
        componentTargets: { ui: "repo-landed" },
      },
    });
    const { stdout } = await runDirect(agentArgv);
    assert.deepEqual(markerLines(stdout), [
      "[wave-proof] completion=contract durability=none proof=unit state=met",
      "[wave-doc-delta] state=none",
      "[wave-component] component=ui level=repo-landed state=met",
      "[wave-design] state=ready-for-implementation decisions=0 assumptions=0 open_questions=0",
    ]);
  });
});

describe("local agent: usage, bad tasks and test knobs", () => {
  test("bad usage and invalid task files exit 2 with a message naming the file", async () => {
    assert.equal((await runDirect([])).code, 2);
    assert.equal((await runDirect(["--bogus"])).code, 2);
    const bad = path.join(tmp, "bad-task.json");
    await writeFile(bad, JSON.stringify({ version: 1, agentId: "A1" }));
    const result = await runDirect(["__local-agent", `--task=${bad}`]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /bad-task\.json: invalid task at/);
    const missing = await runDirect(["--task", path.join(tmp, "nope.json")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json/);
  });

  test("WAVE_LOCAL_FAIL fails the named agents before any file or marker; WAVE_LOCAL_SLEEP_MS is accepted", async () => {
    const root = await newRepo();
    const { agentArgv } = await stage(root, "implementation", { agent: { deliverables: ["src/parser/x.ts"] } });
    const failed = await runDirect(agentArgv, { WAVE_LOCAL_FAIL: "A0,A1" });
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /A1 fails on request/);
    assert.equal(markerLines(failed.stdout).length, 0);
    assert.ok(!existsSync(path.join(root, "src/parser/x.ts")));
    const other = await runDirect(agentArgv, { WAVE_LOCAL_FAIL: "A7", WAVE_LOCAL_SLEEP_MS: "20" });
    assert.equal(other.code, 0);
    assert.ok(existsSync(path.join(root, "src/parser/x.ts")));
  });
});

describe("local agent: as a real process", () => {
  test("the launch spec's argv runs end to end (node + tsx main), cwd = repo root", async () => {
    const root = await newRepo();
    const { spec } = await stage(root, "cont-qa", {
      markerNonce: "proc-nonce",
      agent: { agentId: "A0", ownedPaths: ["reviews/wave-3.md"] },
    });
    const [bin, ...args] = spec.argv as [string, ...string[]];
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const env = { ...process.env, NODE_OPTIONS: "", WAVE_MARKER_NONCE: "proc-nonce" };
      const child = spawn(bin, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(await readFile(path.join(root, "reviews/wave-3.md"), "utf8"), /Verdict: PASS/);
    const signals = parseSignals(result.stdout, { nonce: "proc-nonce" });
    assert.equal(signals.gate?.docs, "pass");
    assert.equal(signals.logVerdict?.verdict, "pass");
  });
});
