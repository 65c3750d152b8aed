/** strategy: matrix expansion (vectors, exclude, include), fail-fast and max-parallel. */
import { isDeepStrictEqual } from "node:util";
import { WorkflowRunnerError } from "./errors.js";

export interface Strategy {
  /** Undefined when the job has no matrix. */
  legs: Record<string, unknown>[] | undefined;
  failFast: boolean;
  maxParallel: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function expandStrategy(value: unknown, where: string): Strategy {
  if (value === undefined || value === null) return { legs: undefined, failFast: true, maxParallel: Number.POSITIVE_INFINITY };
  if (!isObject(value)) throw new WorkflowRunnerError(`${where}: strategy must be a mapping`);
  const failFast = value["fail-fast"] === undefined ? true : value["fail-fast"];
  if (typeof failFast !== "boolean")
    throw new WorkflowRunnerError(`${where}: strategy.fail-fast must be a boolean, got ${JSON.stringify(failFast)}`);
  let maxParallel = Number.POSITIVE_INFINITY;
  if (value["max-parallel"] !== undefined) {
    const n = Number(value["max-parallel"]);
    if (!Number.isInteger(n) || n < 1)
      throw new WorkflowRunnerError(
        `${where}: strategy.max-parallel must be a whole number ≥ 1, got ${JSON.stringify(value["max-parallel"])}`,
      );
    maxParallel = n;
  }
  const matrix = value["matrix"];
  if (matrix === undefined) return { legs: undefined, failFast, maxParallel };
  return { legs: expandMatrix(matrix, where), failFast, maxParallel };
}

export function expandMatrix(matrix: unknown, where: string): Record<string, unknown>[] {
  if (!isObject(matrix)) throw new WorkflowRunnerError(`${where}: strategy.matrix must be a mapping, got ${JSON.stringify(matrix)}`);
  const vectors = Object.entries(matrix).filter(([k]) => k !== "include" && k !== "exclude");
  let combos: Record<string, unknown>[] = [];
  if (vectors.length > 0) {
    combos = [{}];
    for (const [key, values] of vectors) {
      if (!Array.isArray(values) || values.length === 0) {
        throw new WorkflowRunnerError(`${where}: matrix vector '${key}' does not contain any values`);
      }
      combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
    }
  }
  const exclude = listOf(matrix["exclude"], "exclude", where);
  combos = combos.filter((c) => !exclude.some((x) => Object.entries(x).every(([k, v]) => isDeepStrictEqual(c[k], v))));
  const original = new Set(vectors.map(([k]) => k));
  const base = combos.length;
  for (const extra of listOf(matrix["include"], "include", where)) {
    let added = false;
    for (let i = 0; i < base; i++) {
      const combo = combos[i] as Record<string, unknown>;
      const fits = Object.entries(extra).every(([k, v]) => !original.has(k) || isDeepStrictEqual(combo[k], v));
      if (fits) {
        Object.assign(combo, extra);
        added = true;
      }
    }
    if (!added) combos.push({ ...extra });
  }
  if (combos.length === 0) {
    throw new WorkflowRunnerError(
      matrix["include"] !== undefined && vectors.length === 0
        ? `${where}: matrix vector 'include' does not contain any values`
        : `${where}: the matrix has no combinations`,
    );
  }
  return combos;
}

function listOf(value: unknown, what: string, where: string): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isObject)) throw new WorkflowRunnerError(`${where}: matrix ${what} must be a list of mappings`);
  return value;
}
