/**
 * What one agent CLI is lives in its adapter (src/executors/<id>/, listed by
 * src/executors/registry.ts): no module outside src/executors/ branches on an executor id. This
 * test reads every such module (comments left out) and fails on a comparison with an id
 * (`=== "codex"`), a `case "codex":`, a record keyed by ids (`"codex": …`, `claude: …`), a list
 * or union of ids (`"codex" | "claude"`) or a call with an id alone (`has("opencode")`). The ids
 * are those of the schema, so a new executor is covered without touching this file.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { EXECUTOR_IDS } from "../../src/wave/executor-vocabulary.js";
import { REPO_ROOT } from "../helpers/cli.js";

/**
 * Places that name executor ids on purpose, each with its reason. A branch never goes here: ask
 * the adapter (`adapterOf(id)`) instead.
 */
const ALLOWED: readonly { file: string; rule: Rule; reason: string }[] = [
  // None: the settings sections of schema.ts and config-schema.ts are derived from
  // src/executors/sections.ts (src/wave/executor-vocabulary.ts `configSections` and the like).
];

type Rule = "comparison" | "case" | "key" | "list" | "call";

export interface Branch {
  line: number;
  rule: Rule;
  text: string;
}

/** The text without comments (strings kept; a `//` inside a string that follows a space is rare enough to be cut). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[\s;{}(),])\/\/.*$/gm, "$1");
}

/** Every executor-id branch in `text` (a module's source) for the ids `ids`. */
export function executorBranches(text: string, ids: readonly string[]): Branch[] {
  const id = `(?:${ids.map((i) => i.replace(/[-.]/g, "\\$&")).join("|")})`;
  const q = `["']${id}["']`;
  // Words common enough to be property names anywhere: only their quoted keys count.
  const keyIds = ids.filter((i) => i !== "local" && i !== "command");
  const rules: [Rule, RegExp][] = [
    ["comparison", new RegExp(`[!=]==?\\s*${q}|${q}\\s*[!=]==?`)],
    ["case", new RegExp(`\\bcase\\s+${q}\\s*:`)],
    ["key", new RegExp(`(?<!\\bcase\\s+)${q}\\s*\\??:(?!:)`)],
    ...(keyIds.length > 0 ? [["key", new RegExp(`(?:^|[{,(]\\s*|^\\s+)(?:${keyIds.join("|")})\\s*\\??:(?!:)`)] as [Rule, RegExp]] : []),
    ["list", new RegExp(`${q}\\s*[,|]\\s*${q}`)],
    ["call", new RegExp(`\\(\\s*${q}\\s*\\)`)],
  ];
  const out: Branch[] = [];
  withoutComments(text)
    .split("\n")
    .forEach((line, i) => {
      for (const [rule, re] of rules) {
        if (re.test(line)) out.push({ line: i + 1, rule, text: line.trim() });
      }
    });
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith(".ts")) out.push(full);
  }
  return out;
}

test("the scan finds every kind of executor-id branch, and not the ids in comments or other words", () => {
  const fixture = [
    '/** codex and claude are named here: a comment, not a branch (=== "codex"). */',
    'if (executor === "codex") run();',
    "const ok = 'claude' !== id;",
    "switch (id) {",
    '  case "opencode":',
    "}",
    'const HOSTS = { "claude": ["api.anthropic.com"] };',
    "const MODEL = {",
    "  codex: ex.codex.model,",
    "};",
    'type Rehearsed = "codex" | "claude" | "opencode";',
    'const REHEARSED = new Set(["codex", "claude"]);',
    'if (ids.includes("local")) skip(); // a trailing comment === "command"',
    'const local = { command: ["git"], codexHome: "x" };',
    'const name = "codexa" === other ? 1 : 2;',
  ].join("\n");
  const found = executorBranches(fixture, EXECUTOR_IDS).map((b) => `${b.line}:${b.rule}`);
  assert.deepEqual(found, ["2:comparison", "3:comparison", "5:case", "7:key", "9:key", "11:list", "12:list", "13:call"]);
});

test("no module outside src/executors/ branches on an executor id (ask its adapter)", () => {
  const src = path.join(REPO_ROOT, "src");
  const offenders: string[] = [];
  for (const file of sourceFiles(src)) {
    const rel = path.relative(REPO_ROOT, file).split(path.sep).join("/");
    if (rel.startsWith("src/executors/")) continue;
    for (const b of executorBranches(readFileSync(file, "utf8"), EXECUTOR_IDS)) {
      if (ALLOWED.some((a) => a.file === rel && a.rule === b.rule)) continue;
      offenders.push(`${rel}:${b.line} (${b.rule}) ${b.text}`);
    }
  }
  assert.deepEqual(offenders, [], `ask the executor's adapter (src/executors/registry.ts adapterOf) instead:\n${offenders.join("\n")}`);
});
