/**
 * Small helpers shared by the executor builders: overlay paths, list handling, the system prompt
 * each builder uses, the skill files of the overlay, and the empty launch skeleton.
 */
import path from "node:path";
import { systemPromptText } from "./system-prompt.js";
import type { ExecutorContext, LaunchSpec, OverlayFile } from "./types.js";

/** Directory of the overlay the agent's skills are written to (`<overlay>/skills/<id>/SKILL.md`). */
const SKILLS_DIR = "skills";

/** A skill id as a single path segment (ids are lowercase `[a-z0-9._-]`; anything else is replaced). */
function skillSegment(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9._-]/g, "-").replace(/^\.+/, "");
  return safe === "" ? "skill" : safe;
}

/** The overlay files of the agent's skills (none without skills). */
export function skillFiles(ctx: ExecutorContext): OverlayFile[] {
  return (ctx.skills ?? []).map((skill) => ({
    path: path.join(ctx.overlayDir, SKILLS_DIR, skillSegment(skill.id), "SKILL.md"),
    content: `# Skill: ${skill.title}\n\n${skill.text.trim()}\n`,
  }));
}

/** `<overlay>/skills` when the agent has skills, else null. */
export function skillsDir(ctx: ExecutorContext): string | null {
  return (ctx.skills ?? []).length > 0 ? path.join(ctx.overlayDir, SKILLS_DIR) : null;
}

/** The skills as system-prompt text (after the harness text), or "" without skills. */
export function skillsPromptText(ctx: ExecutorContext): string {
  const skills = ctx.skills ?? [];
  if (skills.length === 0) return "";
  return skills.map((s) => `## Skill: ${s.title}\n\n${s.text.trim()}\n`).join("\n");
}

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

/**
 * The fields every builder fills the same way. `limits` holds the builder's own notes only:
 * buildLaunchSpec (launch-spec.ts) puts the adapter's turn limit and the budget's in front.
 */
export function baseSpec(ctx: ExecutorContext): Pick<LaunchSpec, "executorId" | "limits"> {
  return {
    executorId: ctx.executor.id,
    limits: { attemptTimeoutMinutes: ctx.executor.budget.minutes, knownTurnLimit: null, turnLimitSource: "not-applicable", notes: [] },
  };
}

/** argv prefix of a vendor CLI (`codex.command` etc.), never empty. */
export function programArgv(command: readonly string[] | undefined, fallback: string): string[] {
  return command && command.length > 0 && command[0] !== "" ? [...command] : [fallback];
}
