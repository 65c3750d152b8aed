// A tiny entry point that runs the local agent as a real process (what `wave __local-agent` does).
import { runLocalAgent } from "../../src/executors/local/agent.js";

const code = await runLocalAgent(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
process.exitCode = code;
