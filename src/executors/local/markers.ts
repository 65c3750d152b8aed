/**
 * The marker lines the built-in local agent prints for its role, in the marker grammar the gates
 * parse. Closure and design markers get ` nonce=<n>` when the run uses nonces. Pure and
 * deterministic: the same task always gives the same lines.
 */
import type { LocalTask } from "./task-file.js";

function withNonce(line: string, task: LocalTask): string {
  return task.markerNonce ? `${line} nonce=${task.markerNonce}` : line;
}

function csv(values: readonly string[]): string {
  return values.join(",");
}

function uniqueOrdered(values: readonly string[]): string[] {
  return values.filter((v, i) => v !== "" && values.indexOf(v) === i);
}

/** `[wave-proof]`, `[wave-doc-delta]` and one `[wave-component]` per owned component. */
function implementationMarkers(task: LocalTask): string[] {
  const contract = task.exitContract;
  const completion = contract?.completion ?? "contract";
  const durability = contract?.durability ?? "none";
  const proof = contract?.proof ?? "unit";
  const docImpact = contract?.docImpact ?? "none";
  const lines = [
    `[wave-proof] completion=${completion} durability=${durability} proof=${proof} state=met`,
    `[wave-doc-delta] state=${docImpact}`,
  ];
  for (const component of task.components) {
    lines.push(`[wave-component] component=${component.id} level=${component.level} state=met`);
  }
  return lines;
}

function evalMarker(task: LocalTask): string {
  const targetIds = uniqueOrdered(task.evalTargets.map((t) => t.id));
  const benchmarkIds = uniqueOrdered(task.evalTargets.flatMap((t) => t.benchmarks));
  const parts = ["[wave-eval] state=satisfied", `targets=${targetIds.length}`, `benchmarks=${benchmarkIds.length}`, "regressions=0"];
  if (targetIds.length > 0) parts.push(`target_ids=${csv(targetIds)}`);
  if (benchmarkIds.length > 0) parts.push(`benchmark_ids=${csv(benchmarkIds)}`);
  return parts.join(" ");
}

export function markersFor(task: LocalTask): string[] {
  const closure = (line: string) => withNonce(line, task);
  const implementation = task.implementationOwning ? implementationMarkers(task) : [];
  switch (task.role) {
    case "cont-qa":
      return [
        closure("[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass"),
        closure("[wave-verdict] pass"),
      ];
    case "cont-eval":
      return [...implementation, closure(evalMarker(task))];
    case "integration":
      return [closure("[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0")];
    case "documentation":
      return [closure("[wave-doc-closure] state=no-change")];
    case "security":
      return [closure("[wave-security] state=clear findings=0 approvals=0")];
    case "design":
      return [...implementation, closure("[wave-design] state=ready-for-implementation decisions=0 assumptions=0 open_questions=0")];
    default:
      return implementationMarkers(task);
  }
}
