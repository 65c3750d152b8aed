/**
 * The `### Executor` section of an agent: `- key: value` lines → AgentExecutorConfig.
 *
 * Keys follow the reference (id, profile, model, fallbacks, tags, retry-policy,
 * allow-fallback-on-retry, budget.*, codex.*, claude.*, opencode.*) plus ours: `command` (argv of
 * the `command` executor), `env` (extra environment variable names for the agent),
 * `network.allowed` (hosts or ecosystems the agent may reach in the sandbox, added to the run's) and
 * `opencode.env_keys`. `*.command` and `command` values are split into argv words like a POSIX
 * shell would (quotes, backslashes) but are never run through a shell. Values that end up in an
 * agent's argv where a value is expected must not start with `-`.
 */
import type { DiagnosticSink } from "./diagnostics.js";
import { allowedEntryProblem } from "../sandbox/ecosystems.js";
import { preview } from "./preview.js";
import type { AgentExecutorConfig, ExecutorId } from "./schema.js";
import { EXECUTOR_IDS } from "./schema.js";
import { splitCommaList, splitShellWords, stripBackticks, stripOuterQuoteChars } from "./words.js";

export interface ExecutorLine {
  line: number;
  key: string;
  /** The value as written (after the colon, trimmed). */
  value: string;
  /** 1-based column of the value in its line. */
  column: number;
}

type Kind =
  | { t: "executor" }
  | { t: "executors" }
  | { t: "string"; noDash?: boolean; lower?: boolean }
  | { t: "enum"; values: readonly string[] }
  | { t: "bool" }
  | { t: "posInt" }
  | { t: "posNumber" }
  | { t: "list"; noDash?: boolean }
  | { t: "envNames" }
  | { t: "hosts" }
  | { t: "argv" }
  | { t: "json"; object: boolean };

type Section = "codex" | "claude" | "opencode" | "command";

interface KeySpec {
  kind: Kind;
  /** Top-level field, or [section, field]. */
  target: string | [Section, string];
}

const S = (noDash = true): Kind => ({ t: "string", noDash });
const L = (noDash = true): Kind => ({ t: "list", noDash });

export const EXECUTOR_KEYS: Record<string, KeySpec> = {
  id: { kind: { t: "executor" }, target: "id" },
  profile: { kind: { t: "string", lower: true }, target: "profile" },
  model: { kind: S(), target: "model" },
  fallbacks: { kind: { t: "executors" }, target: "fallbacks" },
  tags: { kind: L(false), target: "tags" },
  "retry-policy": { kind: { t: "enum", values: ["sticky", "fallback-allowed"] }, target: "retryPolicy" },
  "allow-fallback-on-retry": { kind: { t: "bool" }, target: "allowFallbackOnRetry" },
  "budget.turns": { kind: { t: "posInt" }, target: "budget.turns" },
  "budget.minutes": { kind: { t: "posNumber" }, target: "budget.minutes" },
  "budget.usd": { kind: { t: "posNumber" }, target: "budget.usd" },
  "budget.tokens": { kind: { t: "posInt" }, target: "budget.tokens" },
  env: { kind: { t: "envNames" }, target: "env" },
  "network.allowed": { kind: { t: "hosts" }, target: "networkAllowed" },
  command: { kind: { t: "argv" }, target: ["command", "argv"] },
  "command.argv": { kind: { t: "argv" }, target: ["command", "argv"] },
  "codex.command": { kind: { t: "argv" }, target: ["codex", "command"] },
  "codex.sandbox": { kind: { t: "enum", values: ["read-only", "workspace-write", "danger-full-access"] }, target: ["codex", "sandbox"] },
  "codex.profile_name": { kind: S(), target: ["codex", "profileName"] },
  "codex.config": { kind: L(), target: ["codex", "config"] },
  "codex.search": { kind: { t: "bool" }, target: ["codex", "search"] },
  "codex.images": { kind: L(), target: ["codex", "images"] },
  "codex.add_dirs": { kind: L(), target: ["codex", "addDirs"] },
  "codex.json": { kind: { t: "bool" }, target: ["codex", "json"] },
  "codex.ephemeral": { kind: { t: "bool" }, target: ["codex", "ephemeral"] },
  "claude.command": { kind: { t: "argv" }, target: ["claude", "command"] },
  "claude.agent": { kind: S(), target: ["claude", "agent"] },
  "claude.permission_mode": { kind: S(), target: ["claude", "permissionMode"] },
  "claude.permission_prompt_tool": { kind: S(), target: ["claude", "permissionPromptTool"] },
  "claude.effort": { kind: { t: "enum", values: ["low", "medium", "high", "max"] }, target: ["claude", "effort"] },
  "claude.max_turns": { kind: { t: "posInt" }, target: ["claude", "maxTurns"] },
  "claude.mcp_config": { kind: L(), target: ["claude", "mcpConfig"] },
  "claude.settings": { kind: S(), target: ["claude", "settings"] },
  "claude.settings_json": { kind: { t: "json", object: true }, target: ["claude", "settingsJson"] },
  "claude.hooks_json": { kind: { t: "json", object: true }, target: ["claude", "hooksJson"] },
  "claude.allowed_http_hook_urls": { kind: L(false), target: ["claude", "allowedHttpHookUrls"] },
  "claude.output_format": { kind: { t: "enum", values: ["text", "json", "stream-json"] }, target: ["claude", "outputFormat"] },
  "claude.allowed_tools": { kind: L(), target: ["claude", "allowedTools"] },
  "claude.disallowed_tools": { kind: L(), target: ["claude", "disallowedTools"] },
  "opencode.command": { kind: { t: "argv" }, target: ["opencode", "command"] },
  "opencode.agent": { kind: S(), target: ["opencode", "agent"] },
  "opencode.attach": { kind: S(), target: ["opencode", "attach"] },
  "opencode.files": { kind: L(), target: ["opencode", "files"] },
  "opencode.format": { kind: { t: "enum", values: ["default", "json"] }, target: ["opencode", "format"] },
  "opencode.steps": { kind: { t: "posInt" }, target: ["opencode", "steps"] },
  "opencode.instructions": { kind: L(false), target: ["opencode", "instructions"] },
  "opencode.permission": { kind: { t: "json", object: false }, target: ["opencode", "permission"] },
  "opencode.config_json": { kind: { t: "json", object: true }, target: ["opencode", "configJson"] },
  "opencode.env_keys": { kind: { t: "envNames" }, target: ["opencode", "envKeys"] },
};

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isExecutorId(v: string): v is ExecutorId {
  return (EXECUTOR_IDS as readonly string[]).includes(v);
}

const BOOL_TRUE = new Set(["true", "1", "yes", "on"]);
const BOOL_FALSE = new Set(["false", "0", "no", "off"]);

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function dashProblem(key: string, v: string): string | null {
  return v.startsWith("-")
    ? `Executor setting "${key}" must not start with "-" (got "${preview(v, 60)}"): it would be read as a command-line option`
    : null;
}

function parseValue(key: string, raw: string, kind: Kind): Parsed {
  if (raw.includes("\u0000")) return { ok: false, error: `Executor setting "${key}" contains a NUL byte` };
  switch (kind.t) {
    case "argv": {
      const split = splitShellWords(stripBackticks(raw));
      if (!split.ok) return { ok: false, error: `Executor setting "${key}": ${split.error}` };
      if (split.items.length === 0) return { ok: false, error: `Executor setting "${key}" is empty` };
      const first = split.items[0]!;
      if (first.startsWith("-")) return { ok: false, error: `Executor setting "${key}": the program name must not start with "-" (got "${preview(first, 60)}")` };
      return { ok: true, value: split.items };
    }
    case "list":
    case "executors":
    case "envNames":
    case "hosts": {
      const split = splitCommaList(stripBackticks(raw));
      if (!split.ok) return { ok: false, error: `Executor setting "${key}": ${split.error}` };
      const items = split.items;
      if (items.length === 0) return { ok: false, error: `Empty Executor setting "${key}"` };
      for (const item of items) {
        if (kind.t === "executors") {
          const id = item.toLowerCase();
          if (!isExecutorId(id)) return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" is not an executor (one of: ${EXECUTOR_IDS.join(", ")})` };
        } else if (kind.t === "envNames") {
          if (!ENV_NAME.test(item)) return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" is not an environment variable name` };
        } else if (kind.t === "hosts") {
          const problem = allowedEntryProblem(item);
          if (problem) return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" ${problem}` };
        } else if (kind.noDash) {
          const p = dashProblem(key, item);
          if (p) return { ok: false, error: p };
        }
      }
      return { ok: true, value: kind.t === "executors" || kind.t === "hosts" ? items.map((i) => i.toLowerCase()) : items };
    }
    default:
      break;
  }
  const v = stripOuterQuoteChars(raw);
  if (v === "") return { ok: false, error: `Empty Executor setting "${key}"` };
  switch (kind.t) {
    case "executor": {
      const id = v.toLowerCase();
      return isExecutorId(id) ? { ok: true, value: id } : { ok: false, error: `Executor "${preview(v, 60)}" is not one of: ${EXECUTOR_IDS.join(", ")}` };
    }
    case "string": {
      const p = kind.noDash ? dashProblem(key, v) : null;
      if (p) return { ok: false, error: p };
      return { ok: true, value: kind.lower ? v.toLowerCase() : v };
    }
    case "enum": {
      const e = v.toLowerCase();
      return kind.values.includes(e) ? { ok: true, value: e } : { ok: false, error: `Executor setting "${key}" must be one of: ${kind.values.join(", ")} (got "${preview(v, 60)}")` };
    }
    case "bool": {
      const b = v.toLowerCase();
      if (BOOL_TRUE.has(b)) return { ok: true, value: true };
      if (BOOL_FALSE.has(b)) return { ok: true, value: false };
      return { ok: false, error: `Executor setting "${key}" must be true or false (got "${preview(v, 60)}")` };
    }
    case "posInt":
    case "posNumber": {
      const num = Number(v);
      const good = /^\d+(\.\d+)?$/.test(v) && Number.isFinite(num) && num > 0 && (kind.t === "posNumber" || Number.isInteger(num));
      return good ? { ok: true, value: num } : { ok: false, error: `Executor setting "${key}" must be a positive ${kind.t === "posInt" ? "integer" : "number"} (got "${preview(v, 60)}")` };
    }
    case "json": {
      // JSON values keep their own quotes: only surrounding backticks are removed.
      const text = stripBackticks(raw);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        return { ok: false, error: `Executor setting "${key}" is not valid JSON: ${(e as Error).message}` };
      }
      if (kind.object && (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))) {
        return { ok: false, error: `Executor setting "${key}" must be a JSON object` };
      }
      return { ok: true, value: parsed };
    }
    default:
      return { ok: false, error: `Executor setting "${key}" cannot be parsed` };
  }
}

/** Parses the executor lines of one agent. Problems go to `sink`; good values are kept. */
export function parseExecutorSettings(lines: readonly ExecutorLine[], agentId: string, sink: DiagnosticSink): AgentExecutorConfig {
  const out: Record<string, unknown> = {};
  const sections: Record<Section, Record<string, unknown>> = { codex: {}, claude: {}, opencode: {}, command: {} };
  const seen = new Map<string, number>();
  for (const l of lines) {
    const spec = EXECUTOR_KEYS[l.key];
    if (!spec) {
      const hint = EXECUTOR_KEYS[l.key.toLowerCase()] ? ` (did you mean "${l.key.toLowerCase()}"?)` : "";
      sink.error(l.line, `Agent ${agentId}: unsupported Executor setting "${preview(l.key, 60)}"${hint}`, { agentId, column: 3 });
      continue;
    }
    const targetName = typeof spec.target === "string" ? spec.target : spec.target.join(".");
    const previous = seen.get(targetName);
    if (previous !== undefined) {
      sink.warning(l.line, `Agent ${agentId}: Executor setting "${l.key}" repeats line ${previous}; the last value is used`, { agentId });
    }
    seen.set(targetName, l.line);
    const parsed = parseValue(l.key, l.value, spec.kind);
    if (!parsed.ok) {
      sink.error(l.line, `Agent ${agentId}: ${parsed.error}`, { agentId, column: l.column });
      continue;
    }
    if (typeof spec.target === "string") {
      if (spec.target.startsWith("budget.")) {
        const budget = (out.budget as Record<string, unknown> | undefined) ?? {};
        budget[spec.target.slice("budget.".length)] = parsed.value;
        out.budget = budget;
      } else {
        out[spec.target] = parsed.value;
      }
    } else {
      sections[spec.target[0]][spec.target[1]] = parsed.value;
    }
  }
  for (const name of Object.keys(sections) as Section[]) {
    if (Object.keys(sections[name]).length > 0) out[name] = sections[name];
  }
  return out as AgentExecutorConfig;
}

/** Which vendor sections an executor config sets (for the id/override consistency rule). */
export function overrideSections(config: AgentExecutorConfig): Section[] {
  return (["codex", "claude", "opencode", "command"] as const).filter((s) => config[s] !== undefined);
}
