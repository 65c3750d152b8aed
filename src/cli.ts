#!/usr/bin/env node
import { enterElevated } from "./agent-user/elevate.js";
import { installProcessGuards, reportFatal } from "./cli/io.js";
import { runCli } from "./cli/main.js";

// First: a closed stdout/stderr, SIGINT/SIGTERM and stray errors are handled from here on (see
// cli/io.ts). Before this line runs only module loading happens; a signal then has its default
// effect (the process ends by it: 130/143 in a shell).
installProcessGuards({ debug: Boolean(process.env.WAVE_DEBUG) });
try {
  process.exitCode = await runCli(await enterElevated(process.argv.slice(2)));
} catch (error) {
  reportFatal(error, Boolean(process.env.WAVE_DEBUG));
  process.exitCode = 2;
}
