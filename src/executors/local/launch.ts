/**
 * The built-in `local` executor: runs `wave __local-agent --task <overlay>/local-task.json` through
 * the same CLI that runs the wave (`ctx.cliArgv`). No prompt on stdin: the task file says it all.
 */
import { baseSpec, overlayPath } from "../common.js";
import { buildLocalTask, LOCAL_TASK_FILE, NONCE_FROM_ENV } from "./task.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

export const LOCAL_AGENT_SUBCOMMAND = "__local-agent";
const LOCAL_KNOB_ENV_KEYS = ["WAVE_LOCAL_FAIL", "WAVE_LOCAL_SLEEP_MS"];

export function buildLocalLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  if (ctx.cliArgv.length === 0) throw new Error("local executor: cliArgv (the argv that runs the wave CLI) is empty");
  const taskPath = overlayPath(ctx, LOCAL_TASK_FILE);
  // The file names the nonce's variable: the value itself stays in the agent's environment.
  const built = buildLocalTask(ctx);
  const task = { ...built, markerNonce: built.markerNonce ? NONCE_FROM_ENV : null };
  return {
    ...baseSpec(ctx),
    argv: [...ctx.cliArgv, LOCAL_AGENT_SUBCOMMAND, "--task", taskPath],
    stdin: null,
    env: {},
    secretEnvKeys: [],
    passEnvKeys: [...LOCAL_KNOB_ENV_KEYS],
    files: [{ path: taskPath, content: `${JSON.stringify(task, null, 2)}\n` }],
    rateLimitRetries: false,
    lastMessagePath: null,
  };
}
