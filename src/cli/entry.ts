/**
 * The `wave` CLI's process: guards, the hand-off of an elevated run, the dispatcher. Started by
 * src/cli.ts from sources and by the bundle's entry for dist/cli/index.js (src/main.ts).
 */
import { installProcessGuards, reportFatal } from "./io.js";
import { runCli } from "./main.js";

/** The first argument of a command run again as root (agent-user/elevate.ts), checked against it by type. */
const ELEVATED_MARK: typeof import("../agent-user/elevate.js").ELEVATED_MARK = "__elevated";

// First: a closed stdout/stderr, SIGINT/SIGTERM and stray errors are handled from here on (see
// cli/io.ts). Before this line runs only module loading happens; a signal then has its default
// effect (the process ends by it: 130/143 in a shell). This module loads only the dispatcher: each
// command is loaded when it runs (cli/commands.ts), the hand-off of an elevated run only for one.
installProcessGuards({ debug: Boolean(process.env.WAVE_DEBUG) });
try {
  const argv = process.argv.slice(2);
  const args = argv[0] === ELEVATED_MARK ? await (await import("../agent-user/elevate.js")).enterElevated(argv) : argv;
  process.exitCode = await runCli(args);
} catch (error) {
  reportFatal(error, Boolean(process.env.WAVE_DEBUG));
  process.exitCode = 2;
}
