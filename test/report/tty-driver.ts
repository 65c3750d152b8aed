/**
 * Run under a pseudo-terminal by progress/render.test.ts: drives a TtyRenderer on the real process.stdout
 * with real timers, then prints a marker line.
 */
import { applyProgressEvent, createProgressModel } from "../../src/report/progress/model.js";
import { TtyRenderer } from "../../src/report/progress/tty.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
if (!process.stdout.isTTY) {
  process.stdout.write("NOT A TTY\n");
  process.exit(3);
}
const t0 = Date.now();
let model = createProgressModel();
const renderer = new TtyRenderer(process.stdout, { throttleMs: 20, columns: 100 });
const step = async (e: Parameters<typeof applyProgressEvent>[1]) => {
  model = applyProgressEvent(model, e);
  renderer.update(model);
  await sleep(30);
};
await step({
  type: "wave-start",
  at: t0,
  lane: "main",
  wave: 7,
  attempt: 1,
  agents: [
    { id: "A1", title: "Parser" },
    { id: "A2", title: "Runtime" },
  ],
});
await step({ type: "agent-start", at: t0 + 1, agentId: "A1", executor: "local" });
await step({ type: "agent-start", at: t0 + 2, agentId: "A2", executor: "local" });
renderer.log("[A1] hello from the agent\n");
await step({ type: "agent-output", at: t0 + 3, agentId: "A1", text: "[wave-phase] coding" });
await step({ type: "agent-end", at: t0 + 4, agentId: "A1", status: "succeeded", exitCode: 0 });
await step({ type: "agent-end", at: t0 + 5, agentId: "A2", status: "failed", exitCode: 1 });
model = applyProgressEvent(model, { type: "wave-end", at: t0 + 6, status: "failed", failure: { stage: "implementation", agentId: "A2" } });
renderer.close(model);
process.stdout.write(`DRIVER DONE frames=${renderer.frames}\n`);
