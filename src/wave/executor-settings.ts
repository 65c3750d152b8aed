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
 *
 * The keys and how each value is read come from the executor vocabulary
 * (src/wave/executor-vocabulary.ts): a CLI field `fooBar` of section `claude` is the key
 * `claude.foo_bar`; this module only parses values by their kind.
 */
import { closestName } from "../did-you-mean.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { allowedEntryProblem } from "../sandbox/ecosystems.js";
import { preview } from "./preview.js";
import type { AgentExecutorConfig, ExecutorId } from "./schema.js";
import {
  BUDGET_KEY_KINDS,
  BUDGET_KEYS,
  COMMON_FIELDS,
  EXECUTOR_IDS,
  EXECUTOR_SECTIONS,
  type FieldSpec,
  SECTION_NAMES,
  type SectionName,
  type ValueKind,
  waveKeysOf,
} from "./executor-vocabulary.js";
import { splitCommaList, splitShellWords, stripBackticks, stripOuterQuoteChars } from "./words.js";

export interface ExecutorLine {
  line: number;
  key: string;
  /** The value as written (after the colon, trimmed). */
  value: string;
  /** 1-based column of the value in its line. */
  column: number;
}

type Kind = Exclude<ValueKind, { t: "budget" }>;

type Section = SectionName;

interface KeySpec {
  kind: Kind;
  /** Top-level field, or [section, field]. */
  target: string | [Section, string];
}

/**
 * Every `### Executor` key, derived from the executor vocabulary: the shared settings under their
 * listed keys (`budget` as `budget.<key>`), then each CLI section's fields as
 * `<section>.<snake_case field>` (and their aliases), except the config-only ones.
 */
function executorKeys(): Record<string, KeySpec> {
  const keys: Record<string, KeySpec> = {};
  for (const [name, spec] of Object.entries(COMMON_FIELDS)) {
    const kind = spec.kind as ValueKind;
    if (kind.t === "budget") {
      for (const key of BUDGET_KEYS) keys[`${spec.wave}.${key}`] = { kind: BUDGET_KEY_KINDS[key] as Kind, target: `${spec.wave}.${key}` };
    } else {
      keys[spec.wave] = { kind, target: name };
    }
  }
  for (const section of SECTION_NAMES) {
    for (const [name, spec] of Object.entries(EXECUTOR_SECTIONS[section] as Record<string, FieldSpec>)) {
      if (spec.kind.t === "budget") continue;
      for (const key of waveKeysOf(section, name)) keys[key] = { kind: spec.kind, target: [section, name] };
    }
  }
  return keys;
}

export const EXECUTOR_KEYS: Record<string, KeySpec> = executorKeys();

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isExecutorId(v: string): v is ExecutorId {
  return (EXECUTOR_IDS as readonly string[]).includes(v);
}

/** `; did you mean "command"?` for a mistyped executor id, or "". */
export function executorIdHint(value: string): string {
  const near = closestName(value, EXECUTOR_IDS);
  return near ? `; did you mean "${near}"?` : "";
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
      if (first.startsWith("-"))
        return { ok: false, error: `Executor setting "${key}": the program name must not start with "-" (got "${preview(first, 60)}")` };
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
          if (!isExecutorId(id))
            return {
              ok: false,
              error: `Executor setting "${key}": "${preview(item, 60)}" is not an executor (one of: ${EXECUTOR_IDS.join(", ")})${executorIdHint(item)}`,
            };
        } else if (kind.t === "envNames") {
          if (!ENV_NAME.test(item))
            return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" is not an environment variable name` };
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
      return isExecutorId(id)
        ? { ok: true, value: id }
        : { ok: false, error: `Executor "${preview(v, 60)}" is not one of: ${EXECUTOR_IDS.join(", ")}${executorIdHint(v)}` };
    }
    case "string": {
      const p = kind.noDash ? dashProblem(key, v) : null;
      if (p) return { ok: false, error: p };
      return { ok: true, value: kind.lower ? v.toLowerCase() : v };
    }
    case "enum": {
      const e = v.toLowerCase();
      return kind.values.includes(e)
        ? { ok: true, value: e }
        : { ok: false, error: `Executor setting "${key}" must be one of: ${kind.values.join(", ")} (got "${preview(v, 60)}")` };
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
      return good
        ? { ok: true, value: num }
        : {
            ok: false,
            error: `Executor setting "${key}" must be a positive ${kind.t === "posInt" ? "integer" : "number"} (got "${preview(v, 60)}")`,
          };
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
  const sections = Object.fromEntries(SECTION_NAMES.map((name) => [name, {}])) as Record<Section, Record<string, unknown>>;
  const seen = new Map<string, number>();
  for (const l of lines) {
    const spec = EXECUTOR_KEYS[l.key];
    if (!spec) {
      const near = closestName(l.key, Object.keys(EXECUTOR_KEYS));
      const hint = near ? ` (did you mean "${near}"?)` : "";
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
  return SECTION_NAMES.filter((s) => config[s] !== undefined);
}
