/**
 * Sharding a wave across jobs (pure). A wave with more implementation agents than
 * `maxAgentsPerJob` runs as shard jobs, each running some of its implementation agents, and one
 * closure job that merges their changes and runs the closure sweep once. Implementation agents own
 * disjoint paths, so their changes merge without conflict by construction.
 *
 * The assignment depends only on the wave (agent ids, their order, their `budget.minutes`) and the
 * shard count: the same on every re-run and in every job, so a shard job, the closure job and
 * `wave plan` agree on who runs where without telling each other. It balances the shards by
 * minutes (longest first onto the least-loaded shard, never more than ceil(n / count) agents on
 * one); agents without minutes weigh the mean of those that have them (1 when none has).
 *
 * A sharded wave that declares design agents gets one more job before its shards: shard 0, the
 * design job. It runs the design agents and the design gate; every shard job builds on its passed
 * run (the design agents' packets and changes, reused as a resumed run reuses them), and the
 * closure job merges shards 1..n, which all hold the same design run.
 */
import { UserError } from "../errors.js";
import { agentPhaseOf } from "../wave/roles.js";
import type { RoleBindings, WaveDefinition } from "../wave/schema.js";

/** `i/n` for a shard job (1-based; 0: the design job of a wave with design agents), or the closure job of a sharded wave. */
export type ShardRole = { kind: "shard"; index: number; count: number } | { kind: "closure" };

/** An agent as sharding sees it. */
export interface ShardAgent {
  id: string;
  /** `design`, `implementation`, or a closure stage. */
  phase: string;
  /** `budget.minutes`, when given. */
  minutes: number | null;
}

/** The wave's agents as sharding sees them: phase by the same rule a run uses, minutes from the resolved budget. */
export function shardAgentsOf(wave: Pick<WaveDefinition, "agents">, roles: RoleBindings): ShardAgent[] {
  return wave.agents.map((a) => ({ id: a.agentId, phase: agentPhaseOf(a, roles), minutes: a.resolvedExecutor?.budget.minutes ?? null }));
}

/** Parses `--shard` / the action's `shard` input: `i/n` (0/n: the design job) or `closure`; null for empty. */
export function parseShardRole(value: string | undefined, label: string): ShardRole | null {
  const v = (value ?? "").trim();
  if (v === "") return null;
  if (v === "closure") return { kind: "closure" };
  const m = /^(\d{1,4})\s*\/\s*(\d{1,4})$/.exec(v);
  if (!m) throw new UserError(`${label} must be i/n (e.g. 2/4) or closure (got "${v}")`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index > count)
    throw new UserError(
      `${label} ${v}: the shard must be between 1 and its count (1/${count || 1} … ${count || 1}/${count || 1}), or 0/${count || 1} for the design job`,
    );
  return { kind: "shard", index, count };
}

export function formatShard(role: ShardRole): string {
  return role.kind === "closure" ? "closure" : `${role.index}/${role.count}`;
}

/**
 * Whether a shard role, or the shard a run recorded, is the design job (shard 0) of a wave with
 * design agents.
 */
export function isDesignJob(shard: ShardRole | { index: number; count: number } | null | undefined): boolean {
  if (!shard || ("kind" in shard && shard.kind === "closure")) return false;
  return shard.index === 0;
}

/** Whether the wave declares design agents (its sharded form then has a design job). */
export function hasDesignAgents(agents: readonly ShardAgent[]): boolean {
  return agents.some((a) => a.phase === "design");
}

/** How many shard jobs a wave takes: 1 (not sharded) unless it has more implementation agents than `maxAgentsPerJob`. */
export function shardCountFor(agents: readonly ShardAgent[], maxAgentsPerJob: number | null): number {
  if (maxAgentsPerJob === null || maxAgentsPerJob < 1) return 1;
  const n = agents.filter((a) => a.phase === "implementation").length;
  return n > maxAgentsPerJob ? Math.ceil(n / maxAgentsPerJob) : 1;
}

/**
 * The implementation agents of each shard (index 0 is shard 1), each list in wave order. Closure
 * and design agents are in no shard.
 */
export function assignShards(agents: readonly ShardAgent[], count: number): string[][] {
  const implementation = agents.map((a, order) => ({ ...a, order })).filter((a) => a.phase === "implementation");
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ ids: [] as { id: string; order: number }[], minutes: 0 }));
  const cap = Math.ceil(implementation.length / shards.length);
  const given = implementation.map((a) => a.minutes).filter((m): m is number => m !== null && m > 0);
  const fallback = given.length > 0 ? given.reduce((s, m) => s + m, 0) / given.length : 1;
  const weight = (a: ShardAgent) => (a.minutes !== null && a.minutes > 0 ? a.minutes : fallback);
  const byWeight = [...implementation].sort((a, b) => weight(b) - weight(a) || a.order - b.order);
  for (const agent of byWeight) {
    let best = -1;
    for (let i = 0; i < shards.length; i++) {
      const s = shards[i]!;
      if (s.ids.length >= cap) continue;
      const b = best === -1 ? null : shards[best]!;
      if (!b || s.minutes < b.minutes || (s.minutes === b.minutes && s.ids.length < b.ids.length)) best = i;
    }
    const target = shards[best]!;
    target.ids.push({ id: agent.id, order: agent.order });
    target.minutes += weight(agent);
  }
  return shards.map((s) => s.ids.sort((a, b) => a.order - b.order).map((a) => a.id));
}

/**
 * The shard an agent runs in, by id: 1-based for implementation agents, 0 for design agents (the
 * design job's; every shard job reuses them). Closure agents are in none (the closure job's).
 */
export function shardOfAgents(shards: readonly string[][], agents: readonly ShardAgent[] = []): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of agents) if (a.phase === "design") out.set(a.id, 0);
  shards.forEach((ids, i) => {
    for (const id of ids) out.set(id, i + 1);
  });
  return out;
}

/** One entry of the workflow matrix: a whole wave, one shard of it, or its closure job. */
export type MatrixEntry = { wave: number } | { wave: number; shard: string; shards: number };

/**
 * The most jobs one matrix may start in a workflow run: "A matrix will generate a maximum of 256
 * jobs per workflow run" (docs.github.com, Actions: "Running variations of jobs in a workflow").
 * Every entry counts: whole waves, design jobs, shard jobs and closure jobs.
 */
export const MATRIX_JOB_LIMIT = 256;

/**
 * The matrix entries of one wave: itself when not sharded, else its design job (shard 0, when it
 * has design agents), its shards and its closure job, in the order they run.
 */
export function matrixEntries(wave: number, count: number, design = false): MatrixEntry[] {
  if (count <= 1) return [{ wave }];
  const first = design ? 0 : 1;
  const shards: MatrixEntry[] = Array.from({ length: count + 1 - first }, (_, i) => ({
    wave,
    shard: `${i + first}/${count}`,
    shards: count,
  }));
  return [...shards, { wave, shard: "closure", shards: count }];
}
