/**
 * Helper assignments (blocking requests addressed to `capability:<name>`): which targets are
 * capabilities, who is assigned (routing first, then the agents declaring it, never the requester),
 * when an assignment is settled, and the exact results a run records — unresolved, open, advisory
 * in bootstrap gate mode, pass — with their "and N more" cut-offs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { capabilityTargets, helperAssignee, helperAssignmentGate } from "../../src/closure/barriers.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import { baseInputs, configPolicy } from "./helpers.js";

/** Base inputs with capabilities declared per agent id, open records and optional routing. */
function inputsWith(capabilities: Record<string, string[]>, records: OpenBlocker[], extra: Partial<GateInputs> = {}): GateInputs {
  const base = baseInputs();
  const agents = base.wave.agents.map((a) => (capabilities[a.agentId] ? { ...a, capabilities: capabilities[a.agentId]! } : a));
  return { ...base, wave: { ...base.wave, agents }, coordination: { openBlockers: records }, ...extra };
}

function request(id: string, targets: string[], extra: Partial<OpenBlocker> = {}): OpenBlocker {
  return { id, kind: "request", agentId: "A1", summary: `need ${id}`, severity: "hard", targets, ...extra };
}

const PASS = { stage: "helper-assignment", agentId: null, ok: true, statusCode: "pass", detail: "No open helper assignments." };

test("capability targets: only capability:<name> addressees, by name, an empty name ignored", () => {
  assert.deepEqual(
    capabilityTargets({ targets: ["A2", "agent:A7", "capability:database", "component:auth-service", "capability:", "capability:dns"] }),
    ["database", "dns"],
  );
  assert.deepEqual(capabilityTargets({}), []);
  assert.deepEqual(capabilityTargets({ targets: [] }), []);
});

test("requests addressed to agents or components, or to an empty capability name, are no helper assignments", () => {
  const records = [
    request("r1", ["A2"]),
    request("r2", ["agent:A7"]),
    request("r3", ["component:auth-service"]),
    request("r4", ["capability:"]),
  ];
  assert.deepEqual(helperAssignmentGate(inputsWith({}, records)), PASS);
  assert.deepEqual(helperAssignmentGate(inputsWith({}, [])), PASS);
});

test("the assignee is the first agent declaring the capability, never the requester", () => {
  const inputs = inputsWith({ A1: ["database"], A2: ["database"], A8: ["database"] }, []);
  assert.equal(helperAssignee("database", "A1", inputs), "A2");
  assert.equal(helperAssignee("database", "A2", inputs), "A1");
  assert.equal(helperAssignee("dns", "A1", inputs), null);
  assert.equal(helperAssignee("database", "A1", inputsWith({ A1: ["database"] }, [])), null, "only the requester has it");
});

test("routing picks the first preferred agent of the wave that is not the requester, even one not declaring the capability", () => {
  const inputs = inputsWith({ A2: ["database"] }, [], { capabilityRouting: { database: ["Z9", "A1", "A8", "A9"] } });
  assert.equal(helperAssignee("database", "A1", inputs), "A8");
  assert.equal(helperAssignee("database", "A8", inputs), "A1");
  assert.equal(helperAssignee("dns", "A1", inputs), null, "routing of another capability does not apply");
  const outOfWave = inputsWith({ A2: ["database"] }, [], { capabilityRouting: { database: ["Z9"] } });
  assert.equal(helperAssignee("database", "A1", outOfWave), "A2", "no routed agent in the wave: the declaring agent");
  const onlyRequester = inputsWith({}, [], { capabilityRouting: { database: ["A1"] } });
  assert.equal(helperAssignee("database", "A1", onlyRequester), null);
});

test("routing decides who the open assignment names", () => {
  const inputs = inputsWith({ A2: ["database"] }, [request("req-3", ["capability:database"])], { capabilityRouting: { database: ["A9"] } });
  const gate = helperAssignmentGate(inputs);
  assert.equal(gate.statusCode, "helper-assignment-open");
  assert.equal(gate.agentId, "A9");
});

test("an open helper assignment fails with the full detail, naming the assignee", () => {
  const inputs = inputsWith({ A8: ["database"] }, [request("req-3", ["capability:database"], { summary: "need a DBA" })]);
  assert.deepEqual(helperAssignmentGate(inputs), {
    stage: "helper-assignment",
    agentId: "A8",
    ok: false,
    statusCode: "helper-assignment-open",
    detail:
      "Open helper assignment(s): req-3 (capability database → A8: need a DBA). The assignee resolves them (wave coord post --id <id> --status resolved).",
  });
});

test("an assignment answered by its assignee is settled; an answer by another agent is not", () => {
  const answered = inputsWith({ A8: ["database"] }, [request("req-3", ["capability:database"], { answeredBy: ["A8"] })]);
  assert.deepEqual(helperAssignmentGate(answered), PASS);
  const other = inputsWith({ A8: ["database"] }, [request("req-3", ["capability:database"], { answeredBy: ["A2"] })]);
  assert.equal(helperAssignmentGate(other).statusCode, "helper-assignment-open");
});

test("a request to two capabilities is open for the one whose assignee has not answered", () => {
  const inputs = inputsWith({ A8: ["database"], A9: ["dns"] }, [
    request("req-3", ["capability:database", "capability:dns"], { answeredBy: ["A8"] }),
  ]);
  const gate = helperAssignmentGate(inputs);
  assert.equal(gate.agentId, "A9");
  assert.equal(
    gate.detail,
    "Open helper assignment(s): req-3 (capability dns → A9: need req-3). The assignee resolves them (wave coord post --id <id> --status resolved).",
  );
});

test("stale and advisory requests are no assignments", () => {
  const records = [request("r1", ["capability:dns"], { severity: "stale" }), request("r2", ["capability:dns"], { severity: "advisory" })];
  assert.deepEqual(helperAssignmentGate(inputsWith({}, records)), PASS);
});

test("three open assignments are all listed; more than three: the first three, then how many more", () => {
  const three = ["r1", "r2", "r3"].map((id) => request(id, ["capability:database"]));
  assert.equal(
    helperAssignmentGate(inputsWith({ A8: ["database"] }, three)).detail,
    "Open helper assignment(s): r1 (capability database → A8: need r1); r2 (capability database → A8: need r2); r3 (capability database → A8: need r3). The assignee resolves them (wave coord post --id <id> --status resolved).",
  );
  const five = ["r1", "r2", "r3", "r4", "r5"].map((id) => request(id, ["capability:database"]));
  assert.equal(
    helperAssignmentGate(inputsWith({ A8: ["database"] }, five)).detail,
    "Open helper assignment(s): r1 (capability database → A8: need r1); r2 (capability database → A8: need r2); r3 (capability database → A8: need r3) and 2 more. The assignee resolves them (wave coord post --id <id> --status resolved).",
  );
});

test("in bootstrap gate mode an open assignment is advisory: ok, with its own code and the same list", () => {
  const records = ["r1", "r2", "r3", "r4"].map((id) => request(id, ["capability:database"]));
  const gate = helperAssignmentGate(inputsWith({ A8: ["database"] }, records, { policy: configPolicy({ gateMode: "bootstrap" }) }));
  assert.deepEqual(gate, {
    stage: "helper-assignment",
    agentId: "A8",
    ok: true,
    statusCode: "helper-assignment-open-advisory",
    detail:
      "Open helper assignment(s): r1 (capability database → A8: need r1); r2 (capability database → A8: need r2); r3 (capability database → A8: need r3) and 1 more. Advisory in gate mode bootstrap.",
  });
});

test("a capability nobody else has is unresolved: it fails with no agent to run again, even in bootstrap gate mode", () => {
  const expected = {
    stage: "helper-assignment",
    agentId: null,
    ok: false,
    statusCode: "helper-assignment-unresolved",
    detail:
      "No agent of wave 3 has the capability these blocking request(s) are addressed to: req-3 (capability database, from A1: need a DBA). Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.",
  };
  const records = [request("req-3", ["capability:database"], { summary: "need a DBA" })];
  assert.deepEqual(helperAssignmentGate(inputsWith({ A1: ["database"] }, records)), expected, "only the requester declares it");
  assert.deepEqual(helperAssignmentGate(inputsWith({}, records, { policy: configPolicy({ gateMode: "bootstrap" }) })), expected);
});

test("unresolved requests come before open assignments", () => {
  const records = [request("r1", ["capability:database"]), request("r2", ["capability:dns"])];
  const gate = helperAssignmentGate(inputsWith({ A8: ["database"] }, records));
  assert.equal(gate.statusCode, "helper-assignment-unresolved");
  assert.equal(gate.agentId, null);
  assert.equal(
    gate.detail,
    "No agent of wave 3 has the capability these blocking request(s) are addressed to: r2 (capability dns, from A1: need r2). Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.",
  );
});

test("three unresolved requests are all listed; more than three: the first three, then how many more", () => {
  const tail =
    ". Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.";
  const head = "No agent of wave 3 has the capability these blocking request(s) are addressed to: ";
  const listed = "r1 (capability dns, from A1: need r1); r2 (capability dns, from A2: need r2); r3 (capability dns, from A1: need r3)";
  const records = [
    request("r1", ["capability:dns"]),
    request("r2", ["capability:dns"], { agentId: "A2" }),
    request("r3", ["capability:dns"]),
  ];
  assert.equal(helperAssignmentGate(inputsWith({}, records)).detail, `${head}${listed}${tail}`);
  const five = [...records, request("r4", ["capability:dns"]), request("r5", ["capability:dns"])];
  assert.equal(helperAssignmentGate(inputsWith({}, five)).detail, `${head}${listed} and 2 more${tail}`);
});
