/**
 * Stand-alone entry for the tmux wrapper (`node --import tsx tmux-child-main.ts <specFile>`), used
 * where the `wave` CLI is not built (tests, benchmarks). The CLI wires `wave __tmux-child` instead.
 */
import { runTmuxChild } from "./tmux-child.js";

process.exitCode = await runTmuxChild(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
