/**
 * What identifies the shard runs a closure run merged (its shard-set.json, RUN_FILES.shardSet): a
 * shard run is its shard, its attempt number, when it started and the sha256 of its recorded
 * workspace changes (see shard/closure-resume.ts).
 */
import { createHash } from "node:crypto";
import { z } from "zod";

const ShardRunIdSchema = z.object({
  index: z.number().int().positive(),
  count: z.number().int().positive(),
  /** The shard run's attempt number. */
  attempt: z.number().int().positive(),
  /** Its progress journal's startedAt. */
  startedAt: z.string(),
  /** sha256 of its recorded workspace changes (the patch), null when it changed nothing. */
  changes: z.string().nullable(),
});
export type ShardRunId = z.infer<typeof ShardRunIdSchema>;

export const ShardSetSchema = z.object({
  schemaVersion: z.literal(1),
  kind: z.literal("wave-shard-set"),
  /** In shard order. */
  shards: z.array(ShardRunIdSchema),
});
export type ShardSet = z.infer<typeof ShardSetSchema>;

/** What identifies one shard run (see the module comment). */
export function shardRunId(
  shard: { index: number; count: number },
  progress: { attempt: number; startedAt: string },
  patch: Buffer | null,
): ShardRunId {
  return {
    index: shard.index,
    count: shard.count,
    attempt: progress.attempt,
    startedAt: progress.startedAt,
    changes: patch ? createHash("sha256").update(patch).digest("hex") : null,
  };
}

export function shardSetOf(shards: readonly ShardRunId[]): ShardSet {
  return { schemaVersion: 1, kind: "wave-shard-set", shards: [...shards].sort((a, b) => a.index - b.index) };
}
