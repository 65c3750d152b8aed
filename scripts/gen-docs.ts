/**
 * Generates the documentation that is derived from code, so it never drifts:
 *  - docs/inputs.md and the inputs/outputs section of README.md, from the action's inputs table
 *    (src/action/inputs.ts `ACTION_INPUTS`, whose run options are engine/options.ts
 *    `RUN_OPTION_TABLE`: names and defaults) with action.yml's descriptions and outputs, and the reusable
 *    workflow's inputs and outputs (docs/inputs.md and the inputs section of docs/workflows.md) from
 *    .github/workflows/wave.yml;
 *  - docs/markers.md, from the marker grammar (src/signals/markers-doc.ts);
 *  - docs/config.md, from the config schema and the key descriptions of scripts/config-doc.ts;
 *  - docs/example-summary.md, from a rehearsal of the bundled example with the real agent CLIs
 *    (`--summary`; needs the devDependencies' codex, claude and opencode).
 * `--check` fails when a generated file differs from what is committed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { ACTION_INPUTS } from "../src/action/inputs.js";
import type { OptionSpec } from "../src/engine/options.js";
import { markersMarkdown } from "../src/signals/markers-doc.js";
import { configMarkdown } from "./config-doc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface ActionYaml {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string }>;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * The action's inputs (the table's names and defaults, in action.yml's order, with its
 * descriptions) and outputs. An input of one and not the other is an error.
 */
export function inputsMarkdown(actionYml: string, table: Readonly<Record<string, OptionSpec>> = ACTION_INPUTS): string {
  const action = parse(actionYml) as ActionYaml;
  const missing = [
    ...Object.keys(table).filter((name) => !(name in action.inputs)),
    ...Object.keys(action.inputs).filter((name) => !(name in table)),
  ];
  if (missing.length > 0) throw new Error(`action.yml and the inputs table (src/action/inputs.ts) differ in: ${missing.join(", ")}`);
  const lines = ["| input | default | description |", "|---|---|---|"];
  for (const [name, spec] of Object.entries(action.inputs)) {
    const def = table[name]?.default ?? "";
    lines.push(`| \`${name}\` | ${def === "" ? "" : `\`${cell(def)}\``} | ${cell(spec.description)} |`);
  }
  lines.push("", "| output | description |", "|---|---|");
  for (const [name, spec] of Object.entries(action.outputs)) lines.push(`| \`${name}\` | ${cell(spec.description)} |`);
  return `${lines.join("\n")}\n`;
}

interface WorkflowYaml {
  on: {
    workflow_call: {
      inputs: Record<string, { description: string; type: string; default?: string | number | boolean }>;
      outputs: Record<string, { description: string }>;
    };
  };
}

/** The reusable workflow's inputs (`on.workflow_call.inputs`) and, unless `inputsOnly`, its outputs. */
export function workflowInputsMarkdown(workflowYml: string, inputsOnly = false): string {
  const call = (parse(workflowYml) as WorkflowYaml).on.workflow_call;
  const lines = ["| input | type | default | description |", "|---|---|---|---|"];
  for (const [name, spec] of Object.entries(call.inputs)) {
    const def = spec.default === undefined || spec.default === "" ? "" : `\`${cell(String(spec.default))}\``;
    lines.push(`| \`${name}\` | ${spec.type} | ${def} | ${cell(spec.description)} |`);
  }
  if (!inputsOnly) {
    lines.push("", "| output | description |", "|---|---|");
    for (const [name, spec] of Object.entries(call.outputs)) lines.push(`| \`${name}\` | ${cell(spec.description)} |`);
  }
  return `${lines.join("\n")}\n`;
}

/** `text` with what lies between the `<!-- generated:<key>:start -->` and `…:end -->` markers replaced by `table`. */
export function withGeneratedSection(text: string, table: string, file: string, key = "inputs"): string {
  const start = `<!-- generated:${key}:start -->`;
  const end = `<!-- generated:${key}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${file} lacks the ${start} … ${end} markers`);
  return `${text.slice(0, a + start.length)}\n${table}${text.slice(b)}`;
}

export function withInputsSection(readme: string, table: string): string {
  return withGeneratedSection(readme, table, "README.md");
}

export const WORKFLOW_FILE = ".github/workflows/wave.yml";

export function expectedDocs(): Record<string, string> {
  const table = inputsMarkdown(readFileSync(path.join(root, "action.yml"), "utf8"));
  const workflowYml = readFileSync(path.join(root, WORKFLOW_FILE), "utf8");
  const header =
    "<!-- Generated from the inputs table (src/action/inputs.ts, src/engine/options.ts), action.yml and .github/workflows/wave.yml by scripts/gen-docs.ts; do not edit by hand. -->\n\n" +
    "# Inputs and outputs\n\n" +
    "A name that appears in both tables means the same thing in both; where its description or default differs, " +
    "test/workflow/one-name.test.ts lists why.\n\n" +
    "## The action (`action.yml`)\n\n";
  const workflowPart = `\n## The reusable workflow (\`${WORKFLOW_FILE}\`)\n\n${workflowInputsMarkdown(workflowYml)}`;
  return {
    "docs/inputs.md": header + table + workflowPart,
    "README.md": withInputsSection(readFileSync(path.join(root, "README.md"), "utf8"), table),
    "docs/workflows.md": withGeneratedSection(
      readFileSync(path.join(root, "docs/workflows.md"), "utf8"),
      workflowInputsMarkdown(workflowYml, true),
      "docs/workflows.md",
      "workflow-inputs",
    ),
    "docs/markers.md": markersMarkdown(),
    "docs/config.md": configMarkdown(),
  };
}

/** Each agent of the example on a real CLI (in order of appearance), with the settings it needs to write. */
const EXAMPLE_EXECUTORS = [
  ["- id: codex", "- model: gpt-5.1-codex", "- codex.sandbox: workspace-write"],
  ["- id: claude", "- claude.permission_mode: acceptEdits"],
  ["- id: opencode"],
  ["- id: codex", "- model: gpt-5.1-codex", "- codex.sandbox: workspace-write"],
  ["- id: claude", "- claude.permission_mode: acceptEdits"],
];

/**
 * The job summary of `wave rehearse` on the bundled example, its agents on codex, Claude Code and
 * OpenCode: real CLIs, real usage figures (from the scripted model server), no key, no network.
 */
function exampleSummary(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-example-"));
  try {
    cpSync(path.join(root, "examples"), dir, { recursive: true });
    const waveFile = path.join(dir, "docs", "plans", "waves", "wave-0.md");
    // A price for codex's model (codex reports tokens only), in a config that keeps the example's
    // lenient validation.
    writeFileSync(
      path.join(dir, "wave.config.json"),
      `${JSON.stringify(
        {
          pricing: { "gpt-5.1-codex": { inputPerMTok: 1.25, outputPerMTok: 10, cachedInputPerMTok: 0.125 } },
          validation: {
            requiredPromptReferences: [],
            requireComponentPromotionsFromWave: null,
            requireAgentComponentsFromWave: null,
            requireDocumentationStewardFromWave: null,
          },
        },
        null,
        2,
      )}\n`,
    );
    let i = 0;
    writeFileSync(
      waveFile,
      readFileSync(waveFile, "utf8").replace(/^- id: local$/gm, () => EXAMPLE_EXECUTORS[i++ % EXAMPLE_EXECUTORS.length]!.join("\n")),
    );
    const git = (args: string[]) =>
      execFileSync("git", args, {
        cwd: dir,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "wave",
          GIT_AUTHOR_EMAIL: "wave@example.invalid",
          GIT_COMMITTER_NAME: "wave",
          GIT_COMMITTER_EMAIL: "wave@example.invalid",
        },
      });
    git(["init", "-q", "-b", "main"]);
    git(["add", "-A"]);
    git(["commit", "-q", "-m", "example"]);
    const bin = path.join(root, "node_modules", ".bin");
    const run = spawnSync(
      process.execPath,
      [path.join(root, "dist", "cli", "index.js"), "rehearse", "--wave", "0", "--root", dir, "--agent-user", "none"],
      {
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` },
      },
    );
    if (run.status !== 0) throw new Error(`the rehearsal of the example did not pass:\n${run.stdout}\n${run.stderr}`);
    const md = readFileSync(path.join(dir, ".wave", "rehearsal", "main", "wave-0", "attempt-1", "summary.md"), "utf8");
    return `<!-- Generated by \`npx tsx scripts/gen-docs.ts --summary\` from \`wave rehearse\` of the bundled example with codex, Claude Code and OpenCode; do not edit by hand. -->\n\n${md}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const docs = expectedDocs();
  if (process.argv.includes("--summary")) docs["docs/example-summary.md"] = exampleSummary();
  let stale = 0;
  for (const [file, text] of Object.entries(docs)) {
    const abs = path.join(root, file);
    let current = "";
    try {
      current = readFileSync(abs, "utf8");
    } catch {}
    if (current === text) continue;
    if (check) {
      console.error(`${file} is stale: run npx tsx scripts/gen-docs.ts`);
      stale++;
    } else {
      writeFileSync(abs, text);
      console.log(`wrote ${file}`);
    }
  }
  process.exit(stale ? 1 : 0);
}
