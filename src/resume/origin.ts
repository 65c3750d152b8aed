/**
 * origin.json: what the job that uploaded a state artifact knew about itself — the artifact's
 * name, lane, wave, workflow run and run attempt. The uploader writes it into the staged copy
 * (never into the run directory agents work next to), so a restored state whose origin disagrees
 * with the artifact's name or this run is a copy of some other upload, not the state of that name.
 */
import { promises as fs } from "node:fs";
import { z } from "zod";
import { RUN_FILES, runDirPaths } from "../state/paths.js";

export const ORIGIN_FILE = RUN_FILES.origin;

export const StateOriginSchema = z.object({
  schemaVersion: z.literal(1),
  kind: z.literal("wave-state-origin"),
  /** The artifact name the state was uploaded under. */
  artifact: z.string().min(1),
  lane: z.string(),
  wave: z.number().int().nonnegative(),
  /** GITHUB_RUN_ID of the uploading job; null outside Actions. */
  runId: z.number().int().positive().nullable(),
  /** GITHUB_RUN_ATTEMPT of the uploading job (1 outside Actions). */
  runAttempt: z.number().int().positive(),
  /** GITHUB_JOB of the uploading job, null outside Actions. */
  job: z.string().nullable(),
});
export type StateOrigin = z.infer<typeof StateOriginSchema>;

function positiveInt(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The origin of an upload made now by this job. */
export function originOf(input: { artifact: string; lane: string; wave: number; runAttempt: number; env: NodeJS.ProcessEnv }): StateOrigin {
  return {
    schemaVersion: 1,
    kind: "wave-state-origin",
    artifact: input.artifact,
    lane: input.lane,
    wave: input.wave,
    runId: positiveInt(input.env["GITHUB_RUN_ID"]),
    runAttempt: input.runAttempt,
    job: input.env["GITHUB_JOB"] || null,
  };
}

/** Writes origin.json into a staged copy (replacing any file of that name the copy brought along). */
export async function writeStateOrigin(stageDir: string, origin: StateOrigin): Promise<void> {
  const file = runDirPaths(stageDir).origin;
  await fs.rm(file, { recursive: true, force: true });
  await fs.writeFile(file, `${JSON.stringify(origin, null, 2)}\n`, { flag: "wx" });
}
