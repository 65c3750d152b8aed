/**
 * The `command` executor: any program. argv comes from the wave file or config; the prompt is
 * given on stdin (and, for every agent, in WAVE_PROMPT_FILE, set by the engine).
 */
import { UserError } from "../../errors.js";
import { baseSpec } from "../common.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

export function buildCommandLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const argv = ctx.executor.command.argv;
  if (!argv || argv.length === 0 || argv[0] === "") {
    throw new UserError(
      `agent ${ctx.agent.agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`,
    );
  }
  return {
    ...baseSpec(ctx),
    argv: [...argv],
    stdin: ctx.prompt,
    env: {},
    secretEnvKeys: [],
    files: [],
    rateLimitRetries: false,
    lastMessagePath: null,
  };
}
