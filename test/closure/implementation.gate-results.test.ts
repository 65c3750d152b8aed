/**
 * The whole gate result the implementation gate records for each way an agent can fail or pass
 * (src/closure/implementation.ts): the stage, the blamed agent, `ok`, the status code, the exact
 * detail text the summary shows, and the agent's log path.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { implementationAgentGate } from "../../src/closure/implementation.js";
import { markerSyntax } from "../../src/signals/grammar.js";
import { parseSignals } from "../../src/signals/parser.js";
import type { AgentDefinition } from "../../src/wave/schema.js";
import { agentDef, summary } from "./helpers.js";

const CONTRACT = { completion: "integrated", durability: "durable", proof: "integration", docImpact: "owned" };
const PROOF = "[wave-proof] completion=integrated durability=durable proof=integration state=met";
const DOCS = "[wave-doc-delta] state=owned";
const LOG_PATH = "agents/A1/agent.log";

function result(agent: AgentDefinition, log: string, files: Record<string, boolean> = {}) {
  return implementationAgentGate(agent, summary(agent, log, { files }));
}

const failed = (statusCode: string, detail: string, extra: Record<string, unknown> = {}) => ({
  stage: "implementation",
  agentId: "A1",
  ok: false,
  statusCode,
  detail,
  logPath: LOG_PATH,
  ...extra,
});

test("an owned component without a target level and without a marker is asked for with a level placeholder", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT, components: ["billing"] });
  assert.deepEqual(
    result(agent, `${PROOF}\n${DOCS}`),
    failed(
      "missing-wave-component",
      "A1 owns component billing but printed no [wave-component] marker for it. Print: [wave-component] component=billing level=<level> state=met|gap detail=<text>.",
      { componentId: "billing" },
    ),
  );
});

test("the component marker the gate asks for is the grammar's: filled in, it is accepted for that component and level", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT, components: ["billing"], componentTargets: { billing: "repo-landed" } });
  const detail = result(agent, `${PROOF}\n${DOCS}`).detail;
  const syntax = /Print: (.*)\.$/.exec(detail)?.[1] ?? "";
  assert.equal(syntax, markerSyntax("component", { fixed: { component: "billing", level: "repo-landed" } }));
  const printed = syntax.replace("met|gap", "met").replace("<text>", "landed");
  const parsed = parseSignals(`${PROOF}\n${DOCS}\n${printed}\n`);
  assert.deepEqual(
    parsed.components.map((c) => [c.componentId, c.level, c.state]),
    [["billing", "repo-landed", "met"]],
  );
  assert.equal(result(agent, `${PROOF}\n${DOCS}\n${printed}`).ok, true);
});

test("a durability below the exit contract fails with durability-gap naming the levels in order", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT });
  const log = `[wave-proof] completion=integrated durability=ephemeral proof=integration state=met\n${DOCS}`;
  assert.deepEqual(
    result(agent, log),
    failed(
      "durability-gap",
      "A1 reported durability ephemeral; its exit contract requires at least durable (none < ephemeral < durable). Reach it, or print the level actually proven.",
    ),
  );
});

test("a doc impact below the exit contract fails with doc-impact-gap naming the levels in order", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT });
  assert.deepEqual(
    result(agent, `${PROOF}\n[wave-doc-delta] state=none`),
    failed(
      "doc-impact-gap",
      "A1 reported doc impact none; its exit contract requires at least owned (none < owned < shared-plan). Reach it, or print the level actually proven.",
    ),
  );
});

test("an agent without an exit contract that reports its proof met passes", () => {
  const agent = agentDef("A1");
  assert.deepEqual(result(agent, "[wave-proof] completion=contract durability=none proof=unit state=met"), {
    stage: "implementation",
    agentId: "A1",
    ok: true,
    statusCode: "pass",
    detail: "A1 finished; no exit contract declared.",
    logPath: LOG_PATH,
  });
});

test("an agent without an exit contract that reports a proof gap without detail fails, asking for state=met", () => {
  const agent = agentDef("A1");
  assert.deepEqual(
    result(agent, "[wave-proof] completion=contract durability=none proof=unit state=gap"),
    failed("wave-proof-gap", "A1 reported a proof gap (state=gap). Close the gap and print [wave-proof] … state=met."),
  );
});

test("deliverable failures are implementation failures of the agent: no record, unreadable, not created", () => {
  const agent = agentDef("A1", { deliverables: ["src/a.ts"] });
  const s = summary(agent, "done", { files: { "src/a.ts": true } });
  assert.deepEqual(
    implementationAgentGate({ ...agent, deliverables: ["src/c.ts"] }, s),
    failed("missing-deliverable-summary", "The summary of A1 has no record of deliverable src/c.ts; rebuild it."),
  );
  const unsafe = {
    ...s,
    deliverables: [{ ...s.deliverables[0]!, exists: false, problem: "lies under a symbolic link leading out of the repository" }],
  };
  assert.deepEqual(
    implementationAgentGate(agent, unsafe),
    failed(
      "unsafe-deliverable",
      "deliverable src/a.ts lies under a symbolic link leading out of the repository, so it was not read. A1 must write it as a file inside the repository.",
    ),
  );
  assert.deepEqual(
    result(agent, "done", { "src/a.ts": false }),
    failed("missing-deliverable", "A1 did not create its deliverable src/a.ts (declared under ### Deliverables)."),
  );
});

test("proof artifact failures are implementation failures of the agent: no record, unreadable, not written", () => {
  const agent = agentDef("A1", { proofArtifacts: [{ path: "proof/run.log", kind: "test-log", requiredFor: [] }] });
  const s = summary(agent, "done", { files: { "proof/run.log": true } });
  assert.deepEqual(
    implementationAgentGate({ ...agent, proofArtifacts: [{ path: "proof/other.log", kind: null, requiredFor: [] }] }, s),
    failed("missing-proof-artifact-summary", "The summary of A1 has no record of proof artifact proof/other.log; rebuild it."),
  );
  const unsafe = {
    ...s,
    proofArtifacts: [{ ...s.proofArtifacts[0]!, exists: false, problem: "is a symbolic link leading out of the repository" }],
  };
  assert.deepEqual(
    implementationAgentGate(agent, unsafe),
    failed(
      "unsafe-proof-artifact",
      "proof artifact proof/run.log is a symbolic link leading out of the repository, so it was not read. A1 must write it as a file inside the repository.",
    ),
  );
  assert.deepEqual(
    result(agent, "done", { "proof/run.log": false }),
    failed("missing-proof-artifact", "A1 did not write its proof artifact proof/run.log (test-log) (declared under ### Proof artifacts)."),
  );
});

test("a declared file the summary refused to read fails as unsafe even where the summary also says it exists", () => {
  const agent = agentDef("A1", { deliverables: ["src/a.ts"], proofArtifacts: [{ path: "proof/run.log", kind: null, requiredFor: [] }] });
  const s = summary(agent, "done", { files: { "src/a.ts": true, "proof/run.log": true } });
  const refused = { exists: true, problem: "is a symbolic link leading out of the repository" };
  assert.equal(
    implementationAgentGate(agent, { ...s, deliverables: [{ ...s.deliverables[0]!, ...refused }] }).statusCode,
    "unsafe-deliverable",
  );
  const artifacts = [{ ...s.proofArtifacts[0]!, ...refused }];
  assert.equal(implementationAgentGate(agent, { ...s, proofArtifacts: artifacts }).statusCode, "unsafe-proof-artifact");
  assert.equal(implementationAgentGate(agent, s).statusCode, "pass");
});
