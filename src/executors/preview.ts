/**
 * The launch preview written to `launch.json` (dry run and live): what would be started, without a
 * single environment value, file content or prompt text — only names, paths, sizes and a hash.
 */
import { createHash } from "node:crypto";
import type { TranscriptFormat } from "../signals/transcript.js";
import type { ExecutorId } from "../wave/schema.js";
import type { LaunchLimits, LaunchSpec } from "./types.js";

export interface LaunchPreview {
  executorId: ExecutorId;
  argv: string[];
  cwd?: string;
  /** Names of the variables the executor sets (values omitted). */
  env: string[];
  secretEnvKeys: string[];
  passEnvKeys: string[];
  files: { path: string; bytes: number; sensitive: boolean }[];
  stdin: { bytes: number; sha256: string } | null;
  rateLimitRetries: boolean;
  limits: LaunchLimits;
  lastMessagePath: string | null;
  /** How the CLI writes its output (see src/signals/transcript.ts); `wave logs` renders JSON ones. */
  transcript: TranscriptFormat;
}

export function launchPreview(spec: LaunchSpec, options: { cwd?: string } = {}): LaunchPreview {
  const stdin =
    spec.stdin === null
      ? null
      : { bytes: Buffer.byteLength(spec.stdin, "utf8"), sha256: createHash("sha256").update(spec.stdin, "utf8").digest("hex") };
  return {
    executorId: spec.executorId,
    argv: [...spec.argv],
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    env: Object.keys(spec.env).sort(),
    secretEnvKeys: [...spec.secretEnvKeys],
    passEnvKeys: [...(spec.passEnvKeys ?? [])],
    files: spec.files.map((f) => ({ path: f.path, bytes: Buffer.byteLength(f.content, "utf8"), sensitive: f.sensitive === true })),
    stdin,
    rateLimitRetries: spec.rateLimitRetries,
    limits: { ...spec.limits, notes: [...spec.limits.notes] },
    lastMessagePath: spec.lastMessagePath,
    transcript: spec.transcript ?? "text",
  };
}
