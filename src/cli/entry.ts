/**
 * The `wave` CLI's process: guards, the hand-off of an elevated run, the dispatcher. Started by
 * src/cli.ts from sources and by the bundle's entry for dist/cli/index.js (src/main.ts).
 *
 * A built-in local agent (`wave __local-agent --task <file>`, one process per agent of a `local`
 * wave) is told apart first and loads its own module alone (executors/local/agent.ts: no
 * dispatcher, no zod, no wave model): most of such a process's life would otherwise be loading.
 * Every other command goes through the dispatcher (cli/main.ts), loaded only then.
 */
import { errorMessage } from "../errors.js";
import { installProcessGuards, processIo, reportFatal } from "./io.js";

/** The built-in local agent's command (executors/local/launch.ts), checked against it by type. */
const LOCAL_AGENT: typeof import("../executors/local/launch.js").LOCAL_AGENT_SUBCOMMAND = "__local-agent";

// First: a closed stdout/stderr, SIGINT/SIGTERM and stray errors are handled from here on (see
// cli/io.ts). Before this line runs only module loading happens; a signal then has its default
// effect (the process ends by it: 130/143 in a shell). This module loads only the process's
// plumbing: the dispatcher is loaded when a command runs (it then loads that command alone, see
// cli/commands.ts), with the hand-off of a command run again as root (agent-user/elevate.ts).
installProcessGuards({ debug: Boolean(process.env.WAVE_DEBUG) });
const argv = process.argv.slice(2);
try {
  if (argv[0] === LOCAL_AGENT) {
    // What the dispatcher would do for it (cli/commands.ts runs the same function), without it.
    const io = processIo();
    const { runLocalAgent } = await import("../executors/local/agent.js");
    process.exitCode = await runLocalAgent(argv.slice(1), io).catch((error: unknown) => {
      io.stderr(`wave ${LOCAL_AGENT}: internal error: ${errorMessage(error)}\n`);
      if (io.env.WAVE_DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
      return 2;
    });
  } else {
    // A command run again as root (agent-user/elevate.ts) takes its hand-off first.
    const args = await (await import("../agent-user/elevate.js")).enterElevated(argv);
    const { runCli } = await import("./main.js");
    process.exitCode = await runCli(args);
  }
} catch (error) {
  reportFatal(error, Boolean(process.env.WAVE_DEBUG));
  process.exitCode = 2;
}
