/**
 * Builders for the wave validator's rule tests: the `configured` fixture with edits (its three
 * waves validate cleanly, so every diagnostic of an edited copy comes from the edit), a lenient
 * repository (no wave.config.json) from wave texts, and the exact diagnostic a rule must report.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { type LoadedProject, loadProject } from "../../src/wave/project.js";
import type { Diagnostic } from "../../src/wave/schema.js";
import type { Edit } from "./config-rule-cases.js";
import { FIXTURES, tempRepo } from "./helpers.js";

export const CONFIGURED = path.join(FIXTURES, "configured");
export const MATRIX = "docs/plans/component-cutover-matrix.json";
export const CATALOG = "docs/evals/benchmark-catalog.json";
export const waveFile = (n: number) => `docs/plans/waves/wave-${n}.md`;

// biome-ignore lint/suspicious/noExplicitAny: tests poke at arbitrary JSON
export type Json = Record<string, any>;

export interface ConfiguredChange {
  edits?: Edit[];
  /** Changes to wave.config.json (applied to the parsed object). */
  config?: (c: Json) => void;
  /** Changes to the component cutover matrix JSON. */
  matrix?: (m: Json) => void;
  /** Files written over the copy (after the edits). */
  files?: Record<string, string>;
}

function applyEdit(root: string, e: Edit): void {
  const abs = path.join(root, e.file);
  const text = fs.readFileSync(abs, "utf8");
  const count = typeof e.from === "string" ? text.split(e.from).length - 1 : (text.match(new RegExp(e.from.source, "g")) ?? []).length;
  assert.equal(count, 1, `edit must match exactly once in ${e.file}: ${String(e.from).slice(0, 60)}`);
  fs.writeFileSync(abs, text.replace(e.from, e.to));
}

function editJson(root: string, rel: string, change: (j: Json) => void): void {
  const abs = path.join(root, rel);
  const json = JSON.parse(fs.readFileSync(abs, "utf8"));
  change(json);
  fs.writeFileSync(abs, JSON.stringify(json, null, 2));
}

/** A copy of the configured fixture with the given changes, loaded; remove it with `cleanup()`. */
export function openConfigured(change: ConfiguredChange = {}): { root: string; project: LoadedProject; cleanup: () => void } {
  const repo = tempRepo({}, CONFIGURED);
  try {
    for (const e of change.edits ?? []) applyEdit(repo.root, e);
    if (change.config) editJson(repo.root, "wave.config.json", change.config);
    if (change.matrix) editJson(repo.root, MATRIX, change.matrix);
    for (const [rel, content] of Object.entries(change.files ?? {})) repo.write(rel, content);
    return { root: repo.root, project: loadProject({ root: repo.root }), cleanup: repo.cleanup };
  } catch (e) {
    repo.cleanup();
    throw e;
  }
}

/** Loads a copy of the configured fixture with the given changes. */
export function loadConfigured(change: ConfiguredChange = {}): LoadedProject {
  const { project, cleanup } = openConfigured(change);
  cleanup();
  return project;
}

/** The diagnostics of a copy of the configured fixture with the given changes. */
export function configuredDiagnostics(change: ConfiguredChange = {}): Diagnostic[] {
  return loadConfigured(change).diagnostics;
}

/** Role prompts of the fixture, so lenient repositories import real ones. */
export function rolePromptFiles(): Record<string, string> {
  const dir = path.join(CONFIGURED, "docs", "agents");
  return Object.fromEntries(fs.readdirSync(dir).map((f) => [`docs/agents/${f}`, fs.readFileSync(path.join(dir, f), "utf8")]));
}

/** A repository without wave.config.json holding the given files (and the role prompts), loaded. */
export function openLenient(files: Record<string, string>): { root: string; project: LoadedProject; cleanup: () => void } {
  const repo = tempRepo({ ...rolePromptFiles(), ...files });
  try {
    return { root: repo.root, project: loadProject({ root: repo.root }), cleanup: repo.cleanup };
  } catch (e) {
    repo.cleanup();
    throw e;
  }
}

/** Loads a repository without wave.config.json holding the given files (and the role prompts). */
export function loadLenient(files: Record<string, string>): LoadedProject {
  const { project, cleanup } = openLenient(files);
  cleanup();
  return project;
}

/** A lenient repository's diagnostics for one wave file (wave 1) with the given text after the title. */
export function lenientWave(body: string, files: Record<string, string> = {}): Diagnostic[] {
  return loadLenient({ [waveFile(1)]: `# Wave 1 - Test wave\n\n${body}`, ...files }).diagnostics;
}

/** An error (or warning) of wave `wave` as the validator reports it. */
export function diag(wave: number, line: number, message: string, agentId?: string, severity: "error" | "warning" = "error"): Diagnostic {
  const d: Diagnostic = { file: waveFile(wave), line, message, severity, wave };
  if (agentId !== undefined) d.agentId = agentId;
  return d;
}

export const warning = (wave: number, line: number, message: string, agentId?: string) => diag(wave, line, message, agentId, "warning");

export interface LenientAgent {
  id: string;
  title?: string;
  rolePrompts?: string[];
  capabilities?: string[];
  executor?: string[];
  components?: string[];
  exitContract?: string[];
  owned: string[];
}

/** An agent block; every section is optional except the prompt with its ownership list. */
export function agentBlock(a: LenientAgent): string {
  const out = [`## Agent ${a.id}: ${a.title ?? `Agent ${a.id}`}`, ""];
  const section = (name: string, items: string[] | undefined) => {
    if (items) out.push(`### ${name}`, "", ...items.map((i) => `- ${i}`), "");
  };
  section("Role prompts", a.rolePrompts);
  section("Capabilities", a.capabilities);
  section("Executor", a.executor);
  section("Components", a.components);
  section("Exit contract", a.exitContract);
  out.push(
    "### Prompt",
    "",
    "```text",
    `Work of ${a.id}.`,
    "",
    "File ownership (only touch these paths):",
    ...a.owned.map((o) => `- ${o}`),
    "```",
    "",
  );
  return out.join("\n");
}
