/**
 * The implementation gate of one agent with several deliverables, proof artifacts and components:
 * each named file and component is looked up by its own name (a second one missing fails), and
 * `required-for` proof artifacts are enforced exactly from the agent's highest component target.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { implementationAgentGate, implementationGateAgents, proofArtifactRequired } from "../../src/closure/implementation.js";
import type { AgentDefinition, ProofArtifact } from "../../src/wave/schema.js";
import { agentDef, baseInputs, baseRoles, summary } from "./helpers.js";

const CONTRACT = { completion: "integrated", durability: "durable", proof: "integration", docImpact: "owned" };
const PROOF = "[wave-proof] completion=integrated durability=durable proof=integration state=met";
const DOCS = "[wave-doc-delta] state=owned";
const component = (id: string, level: string, state = "met") => `[wave-component] component=${id} level=${level} state=${state}`;

function gate(agent: AgentDefinition, log: string, files: Record<string, boolean>) {
  return implementationAgentGate(agent, summary(agent, log, { files }));
}

test("implementation: the second of two deliverables missing on disk fails, naming it", () => {
  const agent = agentDef("A1", { deliverables: ["src/a.ts", "src/b.ts"] });
  const result = gate(agent, "done", { "src/a.ts": true, "src/b.ts": false });
  assert.equal(result.ok, false);
  assert.equal(result.statusCode, "missing-deliverable");
  assert.equal(result.detail, "A1 did not create its deliverable src/b.ts (declared under ### Deliverables).");
  assert.equal(gate(agent, "done", { "src/a.ts": true, "src/b.ts": true }).statusCode, "pass");
});

test("implementation: a deliverable the summary has no record of fails with missing-deliverable-summary", () => {
  const agent = agentDef("A1", { deliverables: ["src/a.ts"] });
  const s = summary(agent, "done", { files: { "src/a.ts": true } });
  const result = implementationAgentGate({ ...agent, deliverables: ["src/a.ts", "src/c.ts"] }, s);
  assert.equal(result.statusCode, "missing-deliverable-summary");
  assert.equal(result.detail, "The summary of A1 has no record of deliverable src/c.ts; rebuild it.");
});

test("implementation: a deliverable the summary refused to read fails with unsafe-deliverable and the reason", () => {
  const agent = agentDef("A1", { deliverables: ["src/a.ts", "src/b.ts"] });
  const s = summary(agent, "done", { files: { "src/a.ts": true, "src/b.ts": true } });
  s.deliverables[1] = { ...s.deliverables[1]!, exists: false, problem: "is a symbolic link leading out of the repository" };
  const result = implementationAgentGate(agent, s);
  assert.equal(result.statusCode, "unsafe-deliverable");
  assert.equal(
    result.detail,
    "deliverable src/b.ts is a symbolic link leading out of the repository, so it was not read. A1 must write it as a file inside the repository.",
  );
});

test("implementation: the second of two proof artifacts missing fails, naming it and its kind", () => {
  const proofArtifacts: ProofArtifact[] = [
    { path: "proof/a.log", kind: "test-log", requiredFor: [] },
    { path: "proof/b.json", kind: "trace", requiredFor: [] },
  ];
  const agent = agentDef("A1", { proofArtifacts });
  const result = gate(agent, "done", { "proof/a.log": true, "proof/b.json": false });
  assert.equal(result.statusCode, "missing-proof-artifact");
  assert.equal(result.detail, "A1 did not write its proof artifact proof/b.json (trace) (declared under ### Proof artifacts).");
  const untyped = agentDef("A1", { proofArtifacts: [{ path: "proof/c.txt", kind: null, requiredFor: [] }] });
  assert.equal(gate(untyped, "done", {}).detail, "A1 did not write its proof artifact proof/c.txt (declared under ### Proof artifacts).");
  assert.equal(gate(agent, "done", { "proof/a.log": true, "proof/b.json": true }).statusCode, "pass");
});

test("implementation: a proof artifact the summary has no record of, or refused to read, fails with its own code", () => {
  const agent = agentDef("A1", { proofArtifacts: [{ path: "proof/a.log", kind: null, requiredFor: [] }] });
  const s = summary(agent, "done", { files: { "proof/a.log": true } });
  const more = { ...agent, proofArtifacts: [...agent.proofArtifacts, { path: "proof/z.log", kind: null, requiredFor: [] }] };
  const absent = implementationAgentGate(more, s);
  assert.equal(absent.statusCode, "missing-proof-artifact-summary");
  assert.equal(absent.detail, "The summary of A1 has no record of proof artifact proof/z.log; rebuild it.");
  s.proofArtifacts[0] = { ...s.proofArtifacts[0]!, problem: "lies under a symbolic link leading out of the repository" };
  const unsafe = implementationAgentGate(agent, s);
  assert.equal(unsafe.statusCode, "unsafe-proof-artifact");
  assert.equal(
    unsafe.detail,
    "proof artifact proof/a.log lies under a symbolic link leading out of the repository, so it was not read. A1 must write it as a file inside the repository.",
  );
});

test("implementation: the second owned component's gap fails, naming that component", () => {
  const agent = agentDef("A1", {
    exitContract: CONTRACT,
    components: ["auth", "billing"],
    componentTargets: { auth: "repo-landed", billing: "repo-landed" },
  });
  const log = [PROOF, DOCS, component("auth", "repo-landed"), `${component("billing", "repo-landed", "gap")} detail=no retries yet`].join(
    "\n",
  );
  const result = gate(agent, log, {});
  assert.equal(result.statusCode, "component-gap");
  assert.equal(result.componentId, "billing");
  assert.equal(result.detail, "A1 reported a gap for component billing: no retries yet Close it before the wave can pass.");
  const wrongLevel = [PROOF, DOCS, component("auth", "repo-landed"), component("billing", "contract-frozen")].join("\n");
  const mismatch = gate(agent, wrongLevel, {});
  assert.equal(mismatch.statusCode, "component-level-mismatch");
  assert.equal(mismatch.componentId, "billing");
  assert.match(
    mismatch.detail,
    /^A1 reported component billing at level contract-frozen \(line 4\); this wave promotes it to repo-landed\./,
  );
  const missing = gate(agent, [PROOF, DOCS, component("auth", "repo-landed")].join("\n"), {});
  assert.equal(missing.statusCode, "missing-wave-component");
  assert.equal(missing.componentId, "billing");
  assert.equal(
    missing.detail,
    "A1 owns component billing but printed no [wave-component] marker for it. Print: [wave-component] component=billing level=repo-landed state=met|gap detail=<text>.",
  );
});

test("implementation: a component gap without detail ends with a full stop; a component without target takes any level", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT, components: ["auth"], componentTargets: {} });
  assert.equal(gate(agent, [PROOF, DOCS, component("auth", "inventoried")].join("\n"), {}).statusCode, "pass");
  const gap = gate(agent, [PROOF, DOCS, component("auth", "inventoried", "gap")].join("\n"), {});
  assert.equal(gap.detail, "A1 reported a gap for component auth. Close it before the wave can pass.");
});

test("implementation: required-for proof artifacts are required only at or above the agent's highest target", () => {
  const artifact = (requiredFor: string[]): ProofArtifact => ({ path: "proof/live.log", kind: null, requiredFor });
  const targets = (t: Record<string, string | null>) =>
    agentDef("A1", { components: Object.keys(t), componentTargets: t as Record<string, string> });
  const repoLanded = targets({ auth: "repo-landed" });
  assert.equal(proofArtifactRequired(repoLanded, artifact([])), true);
  assert.equal(proofArtifactRequired(repoLanded, artifact(["repo-landed"])), true);
  assert.equal(proofArtifactRequired(repoLanded, artifact(["contract-frozen"])), true);
  assert.equal(proofArtifactRequired(repoLanded, artifact(["baseline-proved"])), false);
  assert.equal(proofArtifactRequired(repoLanded, artifact(["no-such-level"])), false);
  assert.equal(proofArtifactRequired(repoLanded, artifact(["no-such-level", "inventoried"])), true);
  // The highest of several targets counts; a component without a target is ignored.
  const mixed = targets({ auth: "inventoried", billing: "pilot-live", docs: null });
  assert.equal(proofArtifactRequired(mixed, artifact(["pilot-live"])), true);
  assert.equal(proofArtifactRequired(mixed, artifact(["qa-proved"])), false);
  // No component target at all: every listed artifact is required.
  assert.equal(proofArtifactRequired(agentDef("A1"), artifact(["fleet-ready"])), true);
  assert.equal(proofArtifactRequired(targets({ docs: null }), artifact(["fleet-ready"])), true);
});

test("implementation: a required-for artifact below the target is enforced; one above it is not", () => {
  const base = {
    exitContract: CONTRACT,
    components: ["auth"],
    componentTargets: { auth: "repo-landed" },
  };
  const log = [PROOF, DOCS, component("auth", "repo-landed")].join("\n");
  const enforced = agentDef("A1", { ...base, proofArtifacts: [{ path: "proof/landed.log", kind: null, requiredFor: ["repo-landed"] }] });
  const result = gate(enforced, log, {});
  assert.equal(result.statusCode, "missing-proof-artifact");
  assert.match(result.detail, /proof\/landed\.log/);
  const later = agentDef("A1", { ...base, proofArtifacts: [{ path: "proof/live.log", kind: null, requiredFor: ["pilot-live"] }] });
  assert.equal(gate(later, log, {}).statusCode, "pass");
});

test("implementation: without an exit contract a proof gap still fails; a contract of nulls counts as none", () => {
  const agent = agentDef("A2");
  const gap = gate(agent, "[wave-proof] completion=contract durability=none proof=unit state=gap detail=flaky", {});
  assert.equal(gap.statusCode, "wave-proof-gap");
  assert.equal(gap.detail, "A2 reported a proof gap (state=gap): flaky Close the gap and print [wave-proof] … state=met.");
  const nulls = agentDef("A2", { exitContract: { completion: null, durability: null, proof: null, docImpact: null } });
  const pass = gate(nulls, "done", {});
  assert.equal(pass.statusCode, "pass");
  assert.equal(pass.detail, "A2 finished; no exit contract declared.");
  const onlyDocs = agentDef("A2", { exitContract: { completion: null, durability: null, proof: null, docImpact: "owned" } });
  assert.equal(gate(onlyDocs, "done", {}).statusCode, "missing-wave-proof");
});

test("implementation: each contract level is compared in its own order", () => {
  const agent = agentDef("A1", { exitContract: CONTRACT });
  const proof = (c: string, d: string, p: string) => `[wave-proof] completion=${c} durability=${d} proof=${p} state=met`;
  assert.equal(gate(agent, [proof("authoritative", "durable", "live"), DOCS].join("\n"), {}).statusCode, "pass");
  assert.equal(gate(agent, [proof("contract", "durable", "integration"), DOCS].join("\n"), {}).statusCode, "completion-gap");
  assert.equal(gate(agent, [proof("integrated", "ephemeral", "integration"), DOCS].join("\n"), {}).statusCode, "durability-gap");
  const level = gate(agent, [proof("integrated", "durable", "unit"), DOCS].join("\n"), {});
  assert.equal(level.statusCode, "proof-level-gap");
  assert.equal(
    level.detail,
    "A1 reported proof level unit; its exit contract requires at least integration (unit < integration < live). Reach it, or print the level actually proven.",
  );
  const docs = gate(agent, [proof("integrated", "durable", "integration"), "[wave-doc-delta] state=none"].join("\n"), {});
  assert.equal(docs.statusCode, "doc-impact-gap");
  const bogus = agentDef("A1", { exitContract: { ...CONTRACT, completion: "shipped" } });
  assert.equal(
    gate(bogus, [proof("live", "durable", "integration"), DOCS].join("\n"), {}).detail,
    'A1\'s exit contract asks for completion "shipped", which is not one of contract, integrated, authoritative, live; fix the exit contract.',
  );
  const passed = gate(agent, [proof("integrated", "durable", "integration"), DOCS].join("\n"), {});
  assert.equal(passed.detail, "Exit contract satisfied for A1.");
});

test("implementation: closure agents are not checked, but a cont-EVAL agent that also implements is", () => {
  const inputs = baseInputs();
  assert.deepEqual(
    implementationGateAgents(inputs).map((a) => a.agentId),
    ["D1", "A1", "A2"],
  );
  const implementing = { ...inputs, roles: { ...baseRoles(), implementationAgentIds: ["A1", "A2", "E0"] } };
  assert.deepEqual(
    implementationGateAgents(implementing).map((a) => a.agentId),
    ["D1", "A1", "A2", "E0"],
  );
  const noRoles = {
    ...inputs,
    roles: {
      ...baseRoles(),
      contQaAgentId: null,
      integrationAgentId: null,
      documentationAgentId: null,
      contEvalAgentId: null,
      securityAgentIds: [],
    },
  };
  assert.equal(implementationGateAgents(noRoles).length, inputs.wave.agents.length);
});
