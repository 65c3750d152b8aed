/**
 * `wave validate` agrees with `wave run`: a gate failure readable from the files alone is a
 * validation error (and `run` refuses the wave before anything starts), and a wave validation
 * accepts passes when its agents behave. The property test generates waves (every closure role,
 * components and the matrix, eval targets and the catalog, with parts left out at random), asks
 * validation, and runs each valid one with well-behaved scripted agents: it must pass; each
 * invalid one must be refused by run before any agent starts.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import { UserError } from "../../src/errors.js";
import { isError } from "../../src/wave/diagnostics.js";
import { loadProject } from "../../src/wave/project.js";
import {
  AGENT_SCRIPT,
  type Behaviour,
  DOC_DELTA,
  DOC_NO_CHANGE,
  engineRun,
  GATE_PASS,
  git,
  INTEGRATION_READY,
  makeRepo,
  markerOf,
  PROOF,
  runDirOf,
  starts,
  type TestRepo,
  waveInProcess,
} from "../engine/fixture.js";
import { CATALOG_PATH, catalogJson, MATRIX_PATH, matrixJson } from "../engine/gate-fixture.js";

const STALE = matrixJson(1, { core: { current: "contract-frozen", target: "repo-landed" } });
const CURRENT = matrixJson(1, { core: { current: "repo-landed", target: "repo-landed" } });
const FAMILY = ["p95-latency", "p99-latency"];
const PINNED = "id: acc | selection: pinned | benchmarks: exact-match | objective: right answers | threshold: all";
const DELEGATED = "id: speed | selection: delegated | benchmark-family: latency | objective: fast | threshold: p95 under 200ms";

interface AgentPlan {
  id: string;
  title: string;
  owned: string[];
  deliverables: string[];
  capabilities: string[];
  components: string[];
  contract: "none" | "valid" | "bogus";
  behaviour: Behaviour;
}

interface WavePlan {
  agents: AgentPlan[];
  promotions: Record<string, string>;
  evalTargets: string[];
  files: Record<string, string>;
}

function agentMarkdown(repo: TestRepo, a: AgentPlan): string {
  const behaviourFile = path.join(repo.ext, `behaviour-w1-${a.id}.json`);
  const lines = [
    `## Agent ${a.id}: ${a.title}`,
    "",
    "### Executor",
    "",
    "- id: command",
    `- command: ${process.execPath} ${AGENT_SCRIPT} ${behaviourFile} ${markerOf(repo)}`,
    "",
  ];
  if (a.capabilities.length) lines.push("### Capabilities", "", ...a.capabilities.map((c) => `- ${c}`), "");
  if (a.components.length) lines.push("### Components", "", ...a.components.map((c) => `- ${c}`), "");
  if (a.contract !== "none") {
    const completion = a.contract === "bogus" ? "finished" : "contract";
    lines.push("### Exit contract", "", `- completion: ${completion}`, "- durability: none", "- proof: unit", "- doc-impact: none", "");
  }
  if (a.deliverables.length) lines.push("### Deliverables", "", ...a.deliverables.map((d) => `- ${d}`), "");
  lines.push(
    "### Prompt",
    "",
    "```text",
    `Do the work of ${a.id}.`,
    "",
    "File ownership (only touch these paths):",
    ...a.owned.map((p) => `- ${p}`),
    "```",
    "",
  );
  return lines.join("\n");
}

async function writePlan(repo: TestRepo, plan: WavePlan): Promise<void> {
  const top: string[] = ["# Wave 1 - generated", "", "**Commit message**: `Wave 1`", ""];
  const promotions = Object.entries(plan.promotions);
  if (promotions.length) top.push("## Component promotions", "", ...promotions.map(([c, l]) => `- ${c}: ${l}`), "");
  if (plan.evalTargets.length) top.push("## Eval targets", "", ...plan.evalTargets.map((t) => `- ${t}`), "");
  const md = [top.join("\n"), ...plan.agents.map((a) => agentMarkdown(repo, a))].join("\n");
  const file = path.join(repo.root, "docs", "plans", "waves", "wave-1.md");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, md);
  for (const a of plan.agents) {
    const behaviour = { log: repo.startsLog, counter: path.join(repo.ext, `count-w1-${a.id}`), ...a.behaviour };
    await fs.writeFile(path.join(repo.ext, `behaviour-w1-${a.id}.json`), JSON.stringify(behaviour, null, 2));
  }
  for (const [rel, content] of Object.entries(plan.files)) {
    await fs.mkdir(path.dirname(path.join(repo.root, rel)), { recursive: true });
    await fs.writeFile(path.join(repo.root, rel), content);
  }
  git(repo.root, ["add", "-A"]);
  git(repo.root, ["commit", "-q", "-m", "wave 1"]);
}

/** Mostly true: the generated waves are mostly complete, with a part left out now and then. */
const usually = fc.constantFrom(true, true, true, false);

const shape = fc.record({
  impl: fc.integer({ min: 1, max: 2 }),
  contract: fc.constantFrom<"none" | "valid" | "bogus">("valid", "valid", "none", "bogus"),
  promote: fc.boolean(),
  componentOwners: fc.constantFrom(["A1"], ["A1", "A2"], [] as string[], ["A1"]),
  matrix: fc.constantFrom<"none" | "stale" | "current">("stale", "stale", "current", "none"),
  matrixOwner: fc.constantFrom<"A9" | "A1" | "nobody">("A9", "A9", "A1", "nobody"),
  design: fc.boolean(),
  designPacket: usually,
  e0: fc.boolean(),
  e0Report: usually,
  evalTargets: fc.constantFrom<"none" | "pinned" | "delegated" | "both">("pinned", "delegated", "both", "none"),
  catalog: fc.boolean(),
  security: fc.boolean(),
  securityReport: usually,
  a8: fc.boolean(),
  a9: fc.boolean(),
  a0: fc.boolean(),
  a0Report: usually,
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

/** The wave of a shape, with agents that do what their role asks (when the wave lets them). */
function planOf(s: Shape): WavePlan {
  const agents: AgentPlan[] = [];
  const files: Record<string, string> = {};
  const promote = s.promote;
  const owners = promote ? s.componentOwners.filter((id) => Number(id.slice(1)) <= s.impl) : [];
  const matrixWriter = promote && s.matrix === "stale" ? (s.matrixOwner === "A9" && !s.a9 ? "nobody" : s.matrixOwner) : "nobody";
  if (promote && s.matrix !== "none") files[MATRIX_PATH] = s.matrix === "stale" ? STALE : CURRENT;
  if (s.catalog) files[CATALOG_PATH] = catalogJson({ latency: FAMILY, accuracy: ["exact-match"] });
  const base = (id: string, title: string): AgentPlan => ({
    id,
    title,
    owned: [],
    deliverables: [],
    capabilities: [],
    components: [],
    contract: "none",
    behaviour: { print: [] },
  });
  const writes = (a: AgentPlan, rel: string, content: string) => {
    a.owned.push(rel);
    a.behaviour.write = { ...a.behaviour.write, [rel]: content };
  };
  if (s.design) {
    const d = base("D1", "Design");
    d.capabilities = ["design"];
    if (s.designPacket) writes(d, "docs/design/wave-1-design.md", "# Design\n");
    else writes(d, "src/d1.js", "export const d1 = 1;\n");
    d.behaviour.print = [
      ...(s.designPacket ? [] : [PROOF, DOC_DELTA]),
      "[wave-design] state=ready-for-implementation decisions=1 assumptions=0 open_questions=0 detail=ready",
    ];
    agents.push(d);
  }
  for (let i = 1; i <= s.impl; i++) {
    const a = base(`A${i}`, `Implementation ${i}`);
    writes(a, `src/a${i}.js`, `export const a${i} = ${i};\n`);
    a.deliverables = [`src/a${i}.js`];
    a.contract = s.contract;
    a.behaviour.print = [PROOF, DOC_DELTA];
    if (owners.includes(a.id)) {
      a.components = ["core"];
      a.behaviour.print.push("[wave-component] component=core level=repo-landed state=met");
    }
    if (a.id === "A1" && matrixWriter === "A1") writes(a, MATRIX_PATH, CURRENT);
    agents.push(a);
  }
  const targets =
    s.evalTargets === "both"
      ? [PINNED, DELEGATED]
      : s.evalTargets === "pinned"
        ? [PINNED]
        : s.evalTargets === "delegated"
          ? [DELEGATED]
          : [];
  if (s.e0) {
    const e = base("E0", "cont-EVAL");
    if (s.e0Report) writes(e, "docs/evals/wave-1-eval.md", "# Eval\n");
    else writes(e, "out/e0.json", "{}\n");
    const ids = targets.map((t) => /id: (\w+)/.exec(t)![1]!);
    const benchmarks = [...(targets.includes(PINNED) ? ["exact-match"] : []), ...(targets.includes(DELEGATED) ? ["p95-latency"] : [])];
    e.behaviour.print = [
      ...(s.e0Report ? [] : [PROOF, DOC_DELTA]),
      `[wave-eval] state=satisfied targets=${ids.length} benchmarks=${benchmarks.length} regressions=0 target_ids=${ids.join(",")} benchmark_ids=${benchmarks.join(",")}`,
    ];
    agents.push(e);
  }
  if (s.security) {
    const r = base("S1", "Security review");
    r.capabilities = ["security-review"];
    if (s.securityReport) writes(r, "docs/security/wave-1-security.md", "# Security review\n");
    else writes(r, "docs/s1-notes.json", "{}\n");
    r.behaviour.print = ["[wave-security] state=clear findings=0 approvals=0 detail=nothing found"];
    agents.push(r);
  }
  if (s.a8) {
    const a = base("A8", "Integration steward");
    writes(a, "docs/integration/wave-1.md", "integrated\n");
    a.behaviour.print = [INTEGRATION_READY];
    agents.push(a);
  }
  if (s.a9) {
    const a = base("A9", "Documentation steward");
    a.owned.push("docs/current-state.md");
    if (matrixWriter === "A9") writes(a, MATRIX_PATH, CURRENT);
    a.behaviour.print = [DOC_NO_CHANGE];
    agents.push(a);
  }
  if (s.a0) {
    const a = base("A0", "cont-QA");
    if (s.a0Report) writes(a, "docs/reviews/wave-1-cont-qa.md", "# Review\n\nVerdict: PASS\n");
    else writes(a, "docs/a0.json", "{}\n");
    a.behaviour.print = [GATE_PASS, "[wave-verdict] pass detail=reviewed"];
    agents.push(a);
  }
  return { agents, promotions: promote ? { core: "repo-landed" } : {}, evalTargets: targets, files };
}

async function validationErrors(repo: TestRepo): Promise<string[]> {
  const project = loadProject({ root: repo.root });
  return project.diagnostics.filter((d) => isError(d) && (d.wave === undefined || d.wave === 1)).map((d) => `${d.line}: ${d.message}`);
}

/** One repository per case: writes the plan, runs validation. */
async function withPlan<T>(label: string, plan: WavePlan, body: (repo: TestRepo, errors: string[]) => Promise<T>): Promise<T> {
  const repo = await makeRepo(label);
  try {
    await writePlan(repo, plan);
    return await body(repo, await validationErrors(repo));
  } finally {
    await repo.cleanup();
  }
}

const agreeShape: Shape = {
  impl: 1,
  contract: "valid",
  promote: false,
  componentOwners: ["A1"],
  matrix: "none",
  matrixOwner: "A9",
  design: false,
  designPacket: true,
  e0: false,
  e0Report: true,
  evalTargets: "pinned",
  catalog: false,
  security: false,
  securityReport: true,
  a8: false,
  a9: false,
  a0: false,
  a0Report: true,
};

describe("validate agrees with run", { concurrency: true }, () => {
  // Each static condition: validation names the gate and its status code; run refuses the wave.
  const cases: [string, Partial<Shape>, RegExp][] = [
    ["an E0 without ## Eval targets", { e0: true, evalTargets: "none" }, /no "## Eval targets".*missing-cont-eval-contract/],
    ["a cont-QA agent that owns no report", { a0: true, a0Report: false }, /A0 owns no cont-QA report path.*missing-cont-qa-report/],
    ["a cont-EVAL agent that owns no report", { e0: true, e0Report: false }, /E0 owns no cont-EVAL report path.*missing-cont-eval-report/],
    [
      "a security reviewer that owns no report",
      { security: true, securityReport: false },
      /S1 owns no security report path.*missing-security-report/,
    ],
    [
      "a design agent that owns no design packet",
      { design: true, designPacket: false },
      /D1 owns no design packet path.*missing-design-packet/,
    ],
    [
      "a promoted component nobody owns",
      { promote: true, componentOwners: [], matrix: "none" },
      /No implementation agent owns component core.*component-promotion-gap/,
    ],
    [
      "a stale component matrix no agent owns",
      { promote: true, matrix: "stale", matrixOwner: "nobody", a9: true },
      /still shows core at contract-frozen.*no run can change it.*component-current-level-stale/,
    ],
  ];
  for (const [name, overrides, message] of cases) {
    test(`${name}: a validation error, and run refuses the wave before any agent starts`, async () => {
      await withPlan("agree", planOf({ ...agreeShape, ...overrides }), async (repo, errors) => {
        assert.equal(errors.length, 1, errors.join("\n"));
        assert.match(errors[0]!, message);
        const v = await waveInProcess(repo, ["validate"]);
        assert.equal(v.code, 1, v.stdout);
        await assert.rejects(engineRun(repo, 1, { maxAttempts: 3 }), (e: unknown) => e instanceof UserError && e.exitCode === 1);
        assert.deepEqual(starts(repo), []);
        assert.equal(existsSync(runDirOf(repo, 1, 1)), false);
      });
    });
  }

  test("an exit contract level that does not exist is an error also with a config that does not require contracts", async () => {
    await withPlan("agree-contract", planOf({ ...agreeShape, contract: "bogus" }), async (repo) => {
      await fs.writeFile(
        path.join(repo.root, "wave.config.json"),
        JSON.stringify({
          version: 1,
          validation: {
            requireExitContractsFromWave: null,
            requiredPromptReferences: [],
            requireDocumentationStewardFromWave: null,
            requireComponentPromotionsFromWave: null,
            requireAgentComponentsFromWave: null,
          },
        }),
      );
      const errors = await validationErrors(repo);
      assert.ok(
        errors.some((e) =>
          /Agent A1 has an invalid exit contract \(completion must be one of contract, integrated, authoritative, live \(got "finished"\)\)/.test(
            e,
          ),
        ),
        errors.join("\n"),
      );
    });
  });

  test("without a config, an agent holding cont-QA under another id than the lane's would never run: an error", async () => {
    const qa = planOf({ ...agreeShape, a0: true });
    const holder = qa.agents.find((a) => a.id === "A0")!;
    holder.id = "Q0";
    const plan: WavePlan = {
      ...qa,
      files: { ...qa.files, "docs/agents/wave-cont-qa-role.md": "# cont-QA\n\n## Standing prompt\n\n```text\nReview the wave.\n```\n" },
    };
    await withPlan("agree-q0", plan, async (repo) => {
      const md = path.join(repo.root, "docs", "plans", "waves", "wave-1.md");
      const text = await fs.readFile(md, "utf8");
      await fs.writeFile(
        md,
        text.replace("## Agent Q0: cont-QA\n", "## Agent Q0: cont-QA\n\n### Role prompts\n\n- docs/agents/wave-cont-qa-role.md\n"),
      );
      const errors = await validationErrors(repo);
      assert.equal(errors.length, 1, errors.join("\n"));
      assert.match(
        errors[0]!,
        /Agent Q0 imports the cont-QA role prompt, but the lane's cont-QA agent is A0; as it is, Q0 would never run/,
      );
    });
  });

  test("property: every generated wave that validates passes with well-behaved agents; the others are refused before anything runs", async () => {
    let valid = 0;
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        await withPlan("agree-prop", planOf(s), async (repo, errors) => {
          if (errors.length > 0) {
            invalid++;
            await assert.rejects(engineRun(repo, 1, { maxAttempts: 2 }), UserError);
            assert.deepEqual(starts(repo), []);
            return;
          }
          valid++;
          const { result } = await engineRun(repo, 1, { maxAttempts: 2 });
          assert.equal(result.status, "passed", `${JSON.stringify(s)}\n${JSON.stringify(result.failure)}`);
          assert.ok(result.gates.every((g) => g.ok));
        });
      }),
      { numRuns: Number(process.env.WAVE_PROPERTY_RUNS ?? 10), seed: Number(process.env.WAVE_PROPERTY_SEED ?? 1130), endOnFailure: true },
    );
    assert.ok(valid >= 3, `only ${valid} valid waves were generated (${invalid} invalid)`);
  });
});
