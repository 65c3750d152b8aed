/**
 * `wave init [--strict]`: scaffolds a repository that validates and runs as it is — a
 * wave.config.json, a first wave and the role prompts its closure agents import — so a new user
 * starts from a passing wave and edits it, instead of meeting the config's rules one failed run at
 * a time.
 *
 * Without `--strict` the config switches every optional rule off (each threshold `null`, no
 * required prompt references): what is left is the minimum a config always asks for, a cont-QA
 * agent that closes the wave. With `--strict` the config spells out every rule from wave 0 on
 * (the reference's full rules), and the scaffold adds what those rules want: the integration and
 * documentation stewards, the shared plan documents, a component cutover matrix with the first
 * wave's promotion, Context7 declarations, and the two referenced guidance documents.
 *
 * The wave's agents name no executor: `executors.default` in the config decides (`local`, the
 * built-in agent that needs no model, unless `--executor` says otherwise). Every key the config
 * may hold is described in docs/config.md.
 *
 * Nothing is overwritten: when any file of the scaffold exists, the command names them all and
 * writes nothing (exit 2).
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";
import { gitOrThrow } from "../state/git.js";
import { EXECUTOR_IDS } from "../wave/schema.js";
import { BUILTIN_PRICES_DATE, builtinPricesFor } from "../usage/pricing.js";
import { findAdapter } from "../executors/registry.js";
import { boolFlag, type FlagTable, GLOBAL_OPTIONS, HELP_OPTION, parseFlags, stringFlag } from "./args.js";
import type { CliIo } from "./io.js";
import { shellWord } from "./self.js";
import type { CommandHelp } from "./help.js";

const INIT_OPTIONS = {
  root: GLOBAL_OPTIONS.root,
  strict: {
    type: "boolean",
    description: "turn on every validation rule from wave 0 (and scaffold what they require)",
    defaultText: "off; only cont-QA is required",
  },
  executor: {
    type: "string",
    value: "ID",
    description: "executors.default of the config (local, codex, claude, opencode, command)",
    defaultText: "local",
  },
} as const satisfies FlagTable;

export const INIT_HELP: CommandHelp = {
  name: "init",
  usage: "[--strict] [--executor ID] [--root DIR]",
  about:
    "Writes a wave.config.json, docs/plans/waves/wave-0.md and the role prompts it imports, so\n" +
    "`wave validate` and `wave run --wave 0` pass right away; then edit the wave. Without --strict\n" +
    "the config turns the optional rules off; --strict turns them all on. Every config key is\n" +
    "described in docs/config.md. Existing files are never overwritten: the command names them\n" +
    "and writes nothing.",
  options: INIT_OPTIONS,
  globals: false,
  examples: [
    "wave init                    # then commit, wave validate, wave run --wave 0 (local agent)",
    "wave init --executor codex   # agents run on the Codex CLI",
    "wave init --strict           # every validation rule on, from wave 0",
  ],
  exitCodes: ["0  scaffolded", "2  usage error, or a file of the scaffold exists already (nothing written)"],
};

/** The lenient validation section: every optional rule off. */
const LENIENT_VALIDATION = {
  requiredPromptReferences: [],
  requireExitContractsFromWave: null,
  requireDocumentationStewardFromWave: null,
  requireIntegrationStewardFromWave: null,
  requireComponentPromotionsFromWave: null,
  requireAgentComponentsFromWave: null,
  requireContext7DeclarationsFromWave: null,
};

const GUIDANCE = "docs/reference/repository-guidance.md";
const CONTEXT_SOURCES = "docs/research/agent-context-sources.md";

/** The strict validation section: every rule on from wave 0. */
const STRICT_VALIDATION = {
  requiredPromptReferences: [GUIDANCE, CONTEXT_SOURCES],
  requireExitContractsFromWave: 0,
  requireDocumentationStewardFromWave: 0,
  requireIntegrationStewardFromWave: 0,
  requireComponentPromotionsFromWave: 0,
  requireAgentComponentsFromWave: 0,
  requireContext7DeclarationsFromWave: 0,
  gateModeThresholds: { bootstrap: 0, standard: 4, strict: 10 },
  closureModeThresholds: { bootstrap: 0, standard: 4, strict: 10 },
  autoClosure: {
    allowInferredIntegration: false,
    allowAutoDocNoChange: false,
    allowAutoDocProjection: false,
    allowSkipContQaInBootstrap: false,
  },
};

/**
 * What `wave init` says about cost (JSON has no comments, so it is printed, not written): costs
 * the agent CLI does not report are estimated from tokens with the built-in price table, and a
 * `pricing` key to paste into wave.config.json overrides it. Empty for executors without a model.
 */
export function pricingNote(executor: string): string[] {
  // The current models of the executor's provider (its adapter's `pricedModels`).
  const models = findAdapter(executor)?.pricedModels;
  if (!models) return [];
  const example = JSON.stringify({ pricing: builtinPricesFor(models) }, null, 2)
    .split("\n")
    .slice(1, -1);
  return [
    `Cost: what an agent's CLI does not report is estimated from its tokens with the built-in price table of ${BUILTIN_PRICES_DATE}`,
    "(summaries mark it ≈). To use your own prices, add a `pricing` key (USD per million tokens, per model name) to",
    "wave.config.json; these are the built-in figures for this executor's current models:",
    ...example.map((line) => `  ${line}`),
  ];
}

function scaffoldConfig(strict: boolean, executor: string): string {
  const config = {
    version: 1,
    defaultLane: "main",
    executors: { default: executor },
    validation: strict ? STRICT_VALIDATION : LENIENT_VALIDATION,
    ...(strict ? { runtimePolicy: { requireMarkerNonce: true } } : {}),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

const CONT_QA_ROLE = `# cont-QA role

Imported by the agent that closes a wave: it checks the result and gives the final verdict.

## Standing prompt

\`\`\`text
You are the cont-QA agent of this wave. You run last, after the implementation agents and the
stewards. Do not change product code.

Check every implementation agent's deliverables against its exit contract and write your report
to the report file you own. End the report with one line \`Verdict: PASS\`, \`Verdict: CONCERNS\`
or \`Verdict: BLOCKED\`, and end your output with the \`[wave-gate]\` and \`[wave-verdict]\` marker
lines (docs/markers.md of Wave Action lists their fields).
\`\`\`
`;

const INTEGRATION_ROLE = `# Integration steward role

Imported by the agent that checks that the pieces of a wave fit together.

## Standing prompt

\`\`\`text
You are the integration steward of this wave. Read what each implementation agent delivered and
check that the pieces agree with each other (names, interfaces, shared files). Record open claims,
conflicts and blockers in the integration summary you own, then print the \`[wave-integration]\`
marker line your prompt's marker section shows.
\`\`\`
`;

const DOCUMENTATION_ROLE = `# Documentation steward role

Imported by the agent that keeps the shared plan documents true after a wave.

## Standing prompt

\`\`\`text
You are the documentation steward of this wave. Update the shared plan documents you own so they
describe what the wave actually landed, or state that nothing needed to change. Print the
\`[wave-doc-closure]\` marker line your prompt's marker section shows.
\`\`\`
`;

const EXIT_CONTRACT = `### Exit contract

- completion: contract
- durability: none
- proof: unit
- doc-impact: none
`;

function agent(heading: string, sections: string[], prompt: string, owned: string[]): string {
  return [
    heading,
    "",
    ...sections.flatMap((s) => [s.trimEnd(), ""]),
    "### Deliverables",
    "",
    ...owned.map((p) => `- ${p}`),
    "",
    "### Prompt",
    "",
    "```text",
    prompt.trimEnd(),
    "",
    "File ownership (only touch these paths):",
    ...owned.map((p) => `- ${p}`),
    "```",
    "",
  ].join("\n");
}

const roleImport = (file: string) => `### Role prompts\n\n- ${file}\n`;
const CONTEXT7 = '### Context7\n\n- bundle: none\n- query: "Repository conventions"\n';
const REFERENCES = `Read ${GUIDANCE} and ${CONTEXT_SOURCES} first.\n\n`;

function scaffoldWave(strict: boolean): string {
  const refs = strict ? REFERENCES : "";
  const implementation = agent(
    "## Agent A1: Greeting helper",
    [EXIT_CONTRACT, ...(strict ? ["### Components\n\n- greeting\n", CONTEXT7] : [])],
    `${refs}Write \`src/greeting.js\` exporting \`greet(name)\`, which returns \`Hello, <name>!\`, and a unit
test in \`test/greeting.test.js\`.`,
    ["src/greeting.js", "test/greeting.test.js"],
  );
  const stewards = strict
    ? [
        agent(
          "## Agent A8: Integration steward",
          [roleImport("docs/agents/wave-integration-role.md"), CONTEXT7],
          `${refs}Check that \`greet\` and its test agree (name, module format) and record the result.`,
          ["docs/plans/waves/integration/wave-0.md"],
        ),
        agent(
          "## Agent A9: Documentation steward",
          [roleImport("docs/agents/wave-documentation-role.md"), CONTEXT7],
          `${refs}Describe the greeting helper in \`docs/plans/current-state.md\` and keep the other plan documents
and the component cutover matrix true.`,
          [
            "docs/plans/current-state.md",
            "docs/plans/master-plan.md",
            "docs/plans/migration.md",
            "docs/plans/component-cutover-matrix.md",
            "docs/plans/component-cutover-matrix.json",
          ],
        ),
      ]
    : [];
  const contQa = agent(
    "## Agent A0: cont-QA",
    [roleImport("docs/agents/wave-cont-qa-role.md"), ...(strict ? [CONTEXT7] : [])],
    `${refs}Review wave 0: \`src/greeting.js\` exists with its test and does what A1's prompt asks. Write
the review with its final verdict.`,
    ["docs/plans/waves/reviews/wave-0-cont-qa.md"],
  );
  const header = [
    "# Wave 0 - First wave",
    "",
    "**Commit message**: `Add a greeting helper`",
    "",
    "A first wave to edit: one implementation agent (A1), then the closure agents check the result.",
    "The agents name no executor, so `executors.default` in wave.config.json decides which CLI runs",
    "them (`local` is the built-in agent that needs no model; an agent may also name one under",
    "`### Executor`). Replace A1 with your own work, then run `wave validate` and `wave run --wave 0`.",
    "",
    ...(strict
      ? [
          "## Component promotions",
          "",
          "- greeting: repo-landed",
          "",
          "## Context7 defaults",
          "",
          "- bundle: none",
          '- query: "Repository conventions"',
          "",
        ]
      : []),
  ].join("\n");
  return [header, implementation, ...stewards, contQa].join("\n");
}

const MATRIX = {
  version: 1,
  levels: ["planned", "repo-landed", "pilot-live"],
  components: {
    greeting: { title: "Greeting helper", currentLevel: "repo-landed", promotions: [{ wave: 0, target: "repo-landed" }] },
  },
};

/** Every file of the scaffold, repository-relative, with its content. */
export function scaffoldFiles(options: { strict: boolean; executor: string }): Record<string, string> {
  const files: Record<string, string> = {
    "wave.config.json": scaffoldConfig(options.strict, options.executor),
    "docs/plans/waves/wave-0.md": scaffoldWave(options.strict),
    "docs/agents/wave-cont-qa-role.md": CONT_QA_ROLE,
    "docs/agents/wave-integration-role.md": INTEGRATION_ROLE,
    "docs/agents/wave-documentation-role.md": DOCUMENTATION_ROLE,
  };
  if (options.strict) {
    Object.assign(files, {
      [GUIDANCE]: "# Repository guidance\n\nConventions every agent follows in this repository (code style, tests, commit scope).\n",
      [CONTEXT_SOURCES]: "# Agent context sources\n\nWhere agents find the context they need (documents, APIs, owners).\n",
      "docs/plans/current-state.md": "# Current state\n\nWhat the repository does today. The documentation steward keeps this true.\n",
      "docs/plans/master-plan.md": "# Master plan\n\nThe waves ahead and what each delivers.\n",
      "docs/plans/migration.md": "# Migration\n\nWhat changes for users of this repository, wave by wave.\n",
      "docs/plans/component-cutover-matrix.md":
        "# Component cutover matrix\n\n| component | current level | wave 0 |\n|---|---|---|\n| greeting | repo-landed | repo-landed |\n",
      "docs/plans/component-cutover-matrix.json": `${JSON.stringify(MATRIX, null, 2)}\n`,
    });
  }
  return files;
}

/** Whether `root` is in a git work tree, and whether that has a commit. */
async function gitState(root: string): Promise<"none" | "no-commit" | "ok"> {
  const ok = async (args: string[]) => {
    try {
      await gitOrThrow(root, args, "checking the repository");
      return true;
    } catch {
      return false;
    }
  };
  if (!(await ok(["rev-parse", "--is-inside-work-tree"]))) return "none";
  return (await ok(["rev-parse", "--verify", "-q", "HEAD"])) ? "ok" : "no-commit";
}

export async function initCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseFlags(argv, { ...INIT_OPTIONS, ...HELP_OPTION }, false);
  const root = path.resolve(io.cwd, stringFlag(p, "root") ?? ".");
  const strict = boolFlag(p, "strict");
  const executor = stringFlag(p, "executor") ?? "local";
  if (!(EXECUTOR_IDS as readonly string[]).includes(executor)) {
    throw new UserError(`--executor must be one of ${EXECUTOR_IDS.join(", ")} (got "${executor}")`);
  }
  const files = scaffoldFiles({ strict, executor });
  const existing = Object.keys(files).filter((rel) => existsSync(path.join(root, rel)));
  if (existing.length > 0) {
    io.stderr(
      `wave init: not overwriting ${existing.length === 1 ? "an existing file" : `${existing.length} existing files`} (nothing was written):\n` +
        `${existing.map((rel) => `  ${rel}`).join("\n")}\n` +
        "Move them away or run `wave init --root <another directory>`.\n",
    );
    return 2;
  }
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content, { flag: "wx" });
  }
  const relative = path.relative(io.cwd, root);
  const shown = relative === "" ? "." : relative.startsWith("..") || path.isAbsolute(relative) ? root : relative;
  const rootFlag = shown === "." ? "" : ` --root ${shellWord(shown)}`;
  const lines = [
    `Scaffolded ${strict ? "a strict" : "a"} wave repository in ${shown}:`,
    ...Object.keys(files).map((rel) => `  ${rel}`),
    "",
    strict
      ? "Every validation rule is on from wave 0 (wave.config.json; each key is described in docs/config.md of Wave Action)."
      : "Only cont-QA is required; the other rules are off in wave.config.json (`wave init --strict` shows them all on).",
    `Agents run on: ${executor}${findAdapter(executor)?.runsNoModel === true ? " (the built-in agent; no model, no API key)" : ""} — executors.default in wave.config.json.`,
  ];
  const pricing = pricingNote(executor);
  if (pricing.length > 0) lines.push("", ...pricing);
  const git = await gitState(root);
  if (git !== "ok") {
    const what = git === "none" ? "This is not a git repository yet" : "This git repository has no commit yet";
    const how = git === "none" ? "`git init`, then commit these files" : "commit these files";
    lines.push("", `${what}: a run records the agents' changes against a commit (without one they are not recorded), so first ${how}.`);
  }
  lines.push("", "Next:", `  wave validate${rootFlag}`, `  wave run --wave 0${rootFlag}`, "");
  io.stdout(lines.join("\n"));
  return 0;
}
