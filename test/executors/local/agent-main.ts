// A tiny entry point that runs the local agent as a real process (what `wave __local-agent` does).
import { runLocalAgent } from "../../../src/executors/local/agent.js";

const code = await runLocalAgent(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
});
process.exitCode = code;
