/**
 * What the action's main and post steps share: the names of the values the main step saves for
 * the post step (`core.saveState`), and the secrets both redact. A module of its own so that the
 * post step loads none of the main step's code (the engine).
 */
import { collectSecretValues } from "../security/redact.js";
import type { ActionInputs } from "./inputs.js";

export const STATE_KEYS = {
  stateDir: "wave-state-dir",
  runDir: "wave-run-dir",
  lane: "wave-lane",
  wave: "wave-number",
  attempt: "wave-attempt",
  uploaded: "wave-uploaded",
  root: "wave-root",
  prefix: "wave-prefix",
  retention: "wave-retention",
  elevated: "wave-elevated",
  /** Mode pick: the unit this job took, for its post step to record when the run step did not. */
  picked: "wave-picked",
} as const;

/** The values to redact: the secrets the environment and the `redact` input name, and the token. */
export function actionSecrets(inputs: Pick<ActionInputs, "redact" | "githubToken">, env: NodeJS.ProcessEnv): string[] {
  const values = collectSecretValues({ env, extra: inputs.redact });
  if (inputs.githubToken) values.push(inputs.githubToken);
  return [...new Set(values)];
}
