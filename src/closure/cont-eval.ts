/**
 * cont-EVAL gate (E0): the `[wave-eval]` marker, the report, and agreement between the marker's
 * target/benchmark ids and the wave's `## Eval targets`.
 *
 * Benchmark membership of delegated targets is checked against `benchmarkFamilies` (the benchmark
 * catalog) when given; a family the catalog does not list allows any benchmark id.
 */
import type { EvalMarker } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import type { EvalTarget } from "../wave/schema.js";
import type { GateInputs } from "./types.js";
import { gateResult, isDeclared, markerProblem, NO_REPORT_PATH, noEvalContract, reportFact, summaryOf } from "./util.js";

const sortedUnique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();

function benchmarkMismatch(
  marker: EvalMarker,
  targets: readonly EvalTarget[],
  families: Readonly<Record<string, readonly string[]>>,
): string | null {
  const actual = new Set(sortedUnique(marker.benchmarkIds));
  const allowed = new Set<string>();
  let anyAllowed = false;
  for (const target of targets) {
    if (target.selection === "pinned") {
      for (const b of target.benchmarks) allowed.add(b.toLowerCase());
      continue;
    }
    const family = target.benchmarkFamily ? families[target.benchmarkFamily] : undefined;
    if (family === undefined) anyAllowed = true;
    else for (const b of family) allowed.add(b.toLowerCase());
  }
  if (!anyAllowed) {
    const undeclared = [...actual].filter((b) => !allowed.has(b));
    if (undeclared.length > 0) return `benchmark_ids lists undeclared benchmark(s) ${undeclared.join(", ")}`;
  }
  for (const target of targets) {
    if (target.selection === "pinned") {
      const missing = target.benchmarks.map((b) => b.toLowerCase()).filter((b) => !actual.has(b));
      if (missing.length > 0) return `target ${target.id} pins benchmark(s) ${missing.join(", ")} that were not run`;
    } else if (target.benchmarkFamily && families[target.benchmarkFamily]) {
      const family = new Set(families[target.benchmarkFamily]!.map((b) => b.toLowerCase()));
      if (![...actual].some((b) => family.has(b))) {
        return `target ${target.id} delegates to family ${target.benchmarkFamily}, but no benchmark of that family was run`;
      }
    }
  }
  return null;
}

export function contEvalGate(inputs: GateInputs): GateResult {
  const { wave, roles } = inputs;
  const agentId = roles.contEvalAgentId;
  if (!isDeclared(wave, agentId))
    return gateResult({ stage: "cont-eval", agentId: null, ok: true, statusCode: "pass", detail: "No cont-EVAL agent in this wave." });
  const summary = summaryOf(inputs, agentId);
  const fail = (code: string, detail: string) => gateResult({ stage: "cont-eval", agentId, ok: false, statusCode: code, detail, summary });
  const marker = summary?.eval ?? null;
  if (!marker) return fail("missing-wave-eval", markerProblem(summary, "eval", agentId).detail);
  const report = reportFact(inputs, agentId, summary);
  if (report.path === null) {
    return fail("missing-cont-eval-report", NO_REPORT_PATH["cont-eval"](agentId));
  }
  if (marker.state !== "satisfied") {
    return fail(
      marker.state === "blocked" ? "cont-eval-blocked" : "cont-eval-needs-more-work",
      `${agentId} reported ${marker.state}${marker.detail ? `: ${marker.detail}` : "."}`,
    );
  }
  if (!report.exists) return fail("missing-cont-eval-report", `${agentId} did not write its cont-EVAL report ${report.path}.`);
  const targets = wave.evalTargets;
  if (targets.length === 0) {
    return fail("missing-cont-eval-contract", noEvalContract(wave.wave, agentId));
  }
  const expected = sortedUnique(targets.map((t) => t.id));
  const targetIds = sortedUnique(marker.targetIds);
  if (targetIds.length === 0) {
    return fail("missing-cont-eval-target-ids", `${agentId}'s [wave-eval] has no target_ids; list ${expected.join(",")}.`);
  }
  if (marker.targets !== targetIds.length) {
    return fail(
      "cont-eval-target-count-mismatch",
      `${agentId} reported targets=${marker.targets} but target_ids lists ${targetIds.length} (${targetIds.join(",")}).`,
    );
  }
  if (targetIds.join(",") !== expected.join(",")) {
    return fail(
      "cont-eval-target-mismatch",
      `${agentId}'s target_ids (${targetIds.join(",")}) must match the wave's eval targets (${expected.join(",")}).`,
    );
  }
  const benchmarkIds = sortedUnique(marker.benchmarkIds);
  if (benchmarkIds.length === 0) {
    return fail("missing-cont-eval-benchmarks", `${agentId}'s [wave-eval] has no benchmark_ids; list the benchmarks it ran.`);
  }
  if (marker.benchmarks !== benchmarkIds.length) {
    return fail(
      "cont-eval-benchmark-count-mismatch",
      `${agentId} reported benchmarks=${marker.benchmarks} but benchmark_ids lists ${benchmarkIds.length} (${benchmarkIds.join(",")}).`,
    );
  }
  if (marker.regressions > 0) {
    return fail(
      "cont-eval-regressions",
      `${agentId} found ${marker.regressions} unresolved regression(s)${marker.detail ? `: ${marker.detail}` : "."}`,
    );
  }
  const mismatch = benchmarkMismatch(marker, targets, inputs.benchmarkFamilies ?? {});
  if (mismatch) return fail("cont-eval-benchmark-mismatch", `${agentId}: ${mismatch}.`);
  return gateResult({
    stage: "cont-eval",
    agentId,
    ok: true,
    statusCode: "pass",
    detail: `${agentId} satisfied ${targetIds.length} eval target(s) with ${benchmarkIds.length} benchmark(s).`,
    summary,
  });
}
