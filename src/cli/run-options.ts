/**
 * The flags of `wave run` (and of the commands that take the same, like `wave rehearse`). A module
 * of its own, with no imports of command modules, so that any command can extend it.
 */
import type { OptionSpec } from "./args.js";

export const RUN_OPTIONS = {
  wave: { type: "string" },
  executor: { type: "string" },
  "dry-run": { type: "boolean" },
  "timeout-minutes": { type: "string" },
  "idle-timeout-minutes": { type: "string" },
  "max-attempts": { type: "string" },
  "max-parallel-agents": { type: "string" },
  "rate-limit-retries": { type: "string" },
  "rate-limit-base-delay-seconds": { type: "string" },
  "rate-limit-max-delay-seconds": { type: "string" },
  resume: { type: "string" },
  "force-resume": { type: "boolean" },
  feedback: { type: "string" },
  tmux: { type: "boolean" },
  "require-marker-nonce": { type: "boolean" },
  "allow-github-token": { type: "boolean" },
  "agent-user": { type: "string" },
  "max-budget-usd": { type: "string" },
  "resume-sessions": { type: "string" },
  json: { type: "boolean" },
} as const satisfies OptionSpec;
