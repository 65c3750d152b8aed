/**
 * Stand-alone entry for the tmux viewer (`tmux-view-main.ts <fifo>`), used where
 * the `wave` CLI is not built (tests, benchmarks). The CLI wires `wave __tmux-view` instead.
 */
import { runTmuxView } from "./tmux-view.js";

process.exitCode = await runTmuxView(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
