/**
 * Executors: pure builders from an agent's resolved executor to a LaunchSpec (argv, env names,
 * stdin, overlay files). Nothing here spawns a process.
 */
import { buildClaudeLaunchSpec } from "./claude.js";
import { buildCodexLaunchSpec } from "./codex.js";
import { buildCommandLaunchSpec } from "./command.js";
import { buildLocalLaunchSpec } from "./local.js";
import { buildOpenCodeLaunchSpec } from "./opencode.js";
import type { ExecutorBuilder, ExecutorContext, LaunchSpec } from "./types.js";
import type { ExecutorId } from "../wave/schema.js";

export const EXECUTOR_BUILDERS: Readonly<Record<ExecutorId, ExecutorBuilder>> = {
  codex: buildCodexLaunchSpec,
  claude: buildClaudeLaunchSpec,
  opencode: buildOpenCodeLaunchSpec,
  local: buildLocalLaunchSpec,
  command: buildCommandLaunchSpec,
};

export function buildLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  return EXECUTOR_BUILDERS[ctx.executor.id](ctx);
}
