/**
 * The marker lines a prompt tells an agent to print are lines the parser accepts: each template of
 * each role, filled in the obvious way (the first of the listed values, a number, a name, a
 * sentence), parses without a diagnostic — nonce included for the gate markers.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";
import { markerInstructions } from "../../src/prompt/markers.js";
import type { AgentDefinition, AgentRole, WaveDefinition } from "../../src/wave/schema.js";

const ROLES: AgentRole[] = ["implementation", "cont-qa", "cont-eval", "security", "integration", "documentation", "design"];

/** A template filled in: `a|b|c` → `a`, `<n>` → 3, `<a,b>` → `x,y`, `<text>` → a sentence, `<name>` → a name. */
function fill(template: string): string {
  return template
    .replace(/=<n>/g, "=3")
    .replace(/=<a,b>/g, "=x,y")
    .replace(/detail=<text>/g, "detail=all good")
    .replace(/<([a-z|]+)>/g, (_m, alternatives: string) => alternatives.split("|")[0]!)
    .replace(/(=|\] )([a-z0-9-]+)(\|[a-z0-9-]+)+/g, "$1$2");
}

function templates(text: string): string[] {
  const lines = text.split("\n").filter((l) => l.startsWith("["));
  const optional = /^Optional progress and status lines: (.*)\.$/m.exec(text)?.[1] ?? "";
  return [...lines, ...optional.split(", ")];
}

test("every marker line a prompt shows parses when filled in, for every role, with and without a nonce", () => {
  const agent = {
    id: "A1",
    components: ["auth-api"],
    componentTargets: { "auth-api": "repo-landed" },
    exitContract: null,
  } as unknown as AgentDefinition;
  const wave = { evalTargets: [{ id: "latency" }] } as unknown as WaveDefinition;
  for (const nonce of [null, "N0nce7"]) {
    for (const role of ROLES) {
      const shown = templates(markerInstructions({ agent, role, wave, nonce, reportPath: null }));
      assert.ok(shown.length >= 5, `${role}: ${shown.join(" / ")}`);
      for (const template of shown) {
        const line = fill(template);
        const result = parseSignals(`${line}\n`, { nonce });
        assert.deepEqual(result.diagnostics, [], `${role}: ${line}`);
        const accepted = Object.values(result.counts).reduce((n, c) => n + c.accepted, 0);
        assert.equal(accepted, 1, `${role}: ${line}`);
      }
    }
  }
});

test("an owned component is named with its target level; the eval agent is given the wave's target ids", () => {
  const agent = {
    id: "A1",
    components: ["auth-api", "ui"],
    componentTargets: { "auth-api": "repo-landed" },
    exitContract: null,
  } as unknown as AgentDefinition;
  const wave = { evalTargets: [{ id: "latency" }, { id: "cost" }] } as unknown as WaveDefinition;
  const implementation = markerInstructions({ agent, role: "implementation", wave, nonce: null, reportPath: null });
  assert.match(implementation, /^\[wave-component\] component=auth-api level=repo-landed state=met\|gap detail=<text>$/m);
  assert.match(implementation, /^\[wave-component\] component=ui level=<level> state=met\|gap detail=<text>$/m);
  const evalText = markerInstructions({ agent, role: "cont-eval", wave, nonce: "N1", reportPath: null });
  assert.match(
    evalText,
    /^\[wave-eval\] state=satisfied\|needs-more-work\|blocked targets=<n> benchmarks=<n> regressions=<n> target_ids=latency,cost benchmark_ids=<a,b> nonce=N1 detail=<text>$/m,
  );
});
