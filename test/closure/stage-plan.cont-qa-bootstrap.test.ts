/**
 * Closure planning when cont-QA may be skipped in bootstrap closure mode: only the cont-QA stage
 * is skipped for that reason; the other stages are planned as usual.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { planClosureStages } from "../../src/closure/stage-plan.js";
import { agentDef, baseRoles, baseWave, configPolicy } from "./helpers.js";

const skipQa = (gateMode: "strict" | "bootstrap") =>
  configPolicy({ gateMode, closureMode: "bootstrap", autoClosure: { ...configPolicy().autoClosure, allowSkipContQaInBootstrap: true } });
const rows = (wave = { ...baseWave(), agents: [agentDef("A1"), agentDef("A0")] }, gateMode: "strict" | "bootstrap" = "strict") =>
  planClosureStages(wave, baseRoles(), skipQa(gateMode)).map((p) => [p.stage, p.agentIds, p.required, p.skipReason, p.missingRun]);

test("a wave with cont-QA as its only closure agent skips cont-QA in bootstrap closure mode, and only cont-QA", () => {
  assert.deepEqual(rows(), [
    ["cont-eval", [], true, null, true],
    ["security", [], true, null, true],
    ["integration", [], true, null, true],
    ["documentation", [], true, null, true],
    ["cont-qa", ["A0"], true, "cont-qa-bootstrap", false],
  ]);
});

test("in bootstrap gate mode the other undeclared stages keep their bootstrap skip next to the cont-QA skip", () => {
  assert.deepEqual(rows(undefined, "bootstrap"), [
    ["cont-eval", [], true, "bootstrap", false],
    ["security", [], true, "bootstrap", false],
    ["integration", [], true, "bootstrap", false],
    ["documentation", [], true, "bootstrap", false],
    ["cont-qa", ["A0"], true, "cont-qa-bootstrap", false],
  ]);
});

test("a wave with no closure agent at all: cont-QA is skipped for bootstrap, the rest are missing runs", () => {
  assert.deepEqual(rows({ ...baseWave(), agents: [agentDef("A1")] }), [
    ["cont-eval", [], true, null, true],
    ["security", [], true, null, true],
    ["integration", [], true, null, true],
    ["documentation", [], true, null, true],
    ["cont-qa", [], true, "cont-qa-bootstrap", false],
  ]);
});
