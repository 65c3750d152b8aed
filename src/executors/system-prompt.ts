/**
 * The harness system prompt given to executors that take one (claude, opencode). Deterministic:
 * built only from the agent's identity, never from the clock or the environment.
 */
import type { ExecutorContext } from "./types.js";

export type SystemPromptInput = Omit<ExecutorContext, "systemPrompt">;

export function systemPromptText(ctx: SystemPromptInput): string {
  const model = ctx.executor.model ? ` (model ${ctx.executor.model})` : "";
  const lines = [
    `You are one agent of a Wave Action run: lane ${ctx.lane}, wave ${ctx.wave}.`,
    `Agent ${ctx.agent.agentId} "${ctx.agent.title}", role ${ctx.role}, executor ${ctx.executor.id}${model}.`,
    "The task prompt you are given is your assignment: it names the files you own, what you must deliver and how you report back.",
    "Print each structured marker line the task asks for (lines starting with [wave-) exactly as specified, on a line of its own and outside code fences; the wave's gates read only those lines.",
    "Change only files you own. Never drop or reword the task's ownership rules, exit contract, coordination or message-board instructions.",
    "Write plain text; keep your final summary short.",
  ];
  if (ctx.markerNonce) {
    lines.push(
      "Closure markers must end with nonce=<value>, the value of the WAVE_MARKER_NONCE environment variable; it is new with each run of an agent, so read it from the variable, never reuse one seen before.",
    );
  }
  return `${lines.join("\n")}\n`;
}
