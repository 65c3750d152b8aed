/**
 * Small helpers shared by the executor builders: overlay paths, list handling, the system prompt
 * each builder uses, and the empty launch skeleton.
 */
import path from "node:path";
import { buildLimits } from "./limits.js";
import { systemPromptText } from "./system-prompt.js";
import type { ExecutorContext, LaunchSpec } from "./types.js";

/** Absolute path of a generated file inside the agent's overlay directory. */
export function overlayPath(ctx: ExecutorContext, name: string): string {
  return path.join(ctx.overlayDir, name);
}

/** Order-preserving de-duplication; empty strings are dropped. */
export function unique(values: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined || value === "") continue;
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** `[flag, v1, flag, v2, …]` for a repeated option. */
export function repeated(flag: string, values: readonly string[] | undefined): string[] {
  return unique(values ?? []).flatMap((value) => [flag, value]);
}

/** `[flag, value]` when the value is set, else nothing. */
export function optional(flag: string, value: string | number | null | undefined): string[] {
  return value === null || value === undefined || value === "" ? [] : [flag, String(value)];
}

/** The harness system prompt: the one the caller composed, else our default text. */
export function harnessSystemPrompt(ctx: ExecutorContext): string {
  const text = ctx.systemPrompt.trim() === "" ? systemPromptText(ctx) : ctx.systemPrompt;
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** The fields every builder fills the same way. */
export function baseSpec(ctx: ExecutorContext): Pick<LaunchSpec, "executorId" | "limits"> {
  return { executorId: ctx.executor.id, limits: buildLimits(ctx) };
}

/** argv prefix of a vendor CLI (`codex.command` etc.), never empty. */
export function programArgv(command: readonly string[] | undefined, fallback: string): string[] {
  return command && command.length > 0 && command[0] !== "" ? [...command] : [fallback];
}
