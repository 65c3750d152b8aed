/**
 * The short prompt a resumed session gets instead of the full one: the conversation already holds
 * the task, so the agent only learns why it stopped, that its work is kept, and how to end.
 */

/** Why the previous run of the agent was stopped. */
export type InterruptReason =
  /** The attempt's deadline. */
  | { kind: "timeout"; minutes: number }
  /** No output for this long. */
  | { kind: "idle-timeout"; minutes: number }
  /** The provider kept answering with its rate limit. */
  | { kind: "rate-limit" }
  /** A spending budget (in US dollars, when known). */
  | { kind: "budget"; usd?: number | null }
  /** Anything else, as a clause that completes "interrupted because …". */
  | { kind: "other"; text: string };

function duration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "its limit";
  if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const seconds = Math.max(1, Math.round(minutes * 60));
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

function oneLine(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.\s]+$/, "");
}

/** The reason as a clause that completes "You were interrupted because …". */
export function interruptionText(reason: InterruptReason): string {
  switch (reason.kind) {
    case "timeout":
      return Number.isFinite(reason.minutes) && reason.minutes > 0
        ? `the deadline of ${duration(reason.minutes)} was reached`
        : "the deadline was reached";
    case "idle-timeout":
      return `there was no output for ${duration(reason.minutes)}`;
    case "rate-limit":
      return "the API rate limit persisted";
    case "budget":
      return typeof reason.usd === "number" && Number.isFinite(reason.usd) && reason.usd >= 0
        ? `your budget of $${reason.usd.toFixed(2)} was spent`
        : "your budget was spent";
    case "other":
      return oneLine(reason.text) || "the run was stopped";
  }
}

export interface ContinuePromptInput {
  agentId: string;
  reason: InterruptReason;
  /**
   * How the final message must end: the marker lines' format (and the nonce, if any), as the
   * engine words it. Empty: the agent is pointed to its original instructions.
   */
  markerInstructions: string;
}

/** The prompt that continues an interrupted session (pure). */
export function continuePrompt(input: ContinuePromptInput): string {
  const markers = input.markerInstructions.trim();
  const lines = [
    `You are agent ${input.agentId}, continuing your own session. Your previous run was interrupted because ${interruptionText(input.reason)}.`,
    "",
    "Your earlier work is kept: everything in this session so far and every change you made in the working tree. " +
      "Do not start over. Check where you stopped, continue from there and finish the task you were given.",
    "",
  ];
  if (markers === "") {
    lines.push(
      "When you are done, end your final message with the marker lines your task requires, exactly as your instructions describe.",
    );
  } else {
    lines.push("When you are done, end your final message with the marker lines your task requires:", "", markers);
  }
  return `${lines.join("\n")}\n`;
}
