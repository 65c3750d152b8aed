/** The `command` executor's adapter (src/executors/adapter.ts): any program, known to the harness by its argv only. */
import { COMMAND_FIELDS } from "./settings.js";
import type { ExecutorAdapter } from "../adapter.js";
import { freshSessions, noUsage } from "../adapter-parts.js";
import { buildCommandLaunchSpec } from "./launch.js";

export const commandAdapter: ExecutorAdapter = {
  id: "command",
  title: "a command",
  settings: { section: "command", fields: COMMAND_FIELDS },
  buildLaunch: buildCommandLaunchSpec,
  program: (executor) => {
    const argv = executor.command.argv;
    return argv && argv.length > 0 && argv[0] !== "" ? argv[0]! : null;
  },
  settingsProblem: (executor, agentId) =>
    executor.command.argv
      ? null
      : `Agent ${agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`,
  userProgram: (executor) => executor.command.argv ?? [],
  usage: noUsage("a command agent reports usage only when its program prints the JSON events of a known CLI"),
  session: freshSessions("A command executor has no session the harness knows of; it runs again."),
};
