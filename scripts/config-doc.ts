/**
 * docs/config.md: every key of wave.config.json, generated from the config's zod schema
 * (src/wave/config-schema.ts) with the descriptions below. Keys are walked from the schema, so a
 * key added to the schema without a description here — or a description of a key the schema no
 * longer has — fails the generator (and with it the docs sync test) instead of drifting.
 *
 * Keys that repeat are described once: the CLI settings (`codex.*`, `claude.*`, …: one section per
 * entry of src/executors/sections.ts) under `executors.` and under `executors.profiles.<name>.`;
 * the keys a project
 * (`projects.<id>.`) or a lane (`lanes.<lane>.`) may override are listed with their sections.
 */
import { z } from "zod";
import { WaveConfigFileSchema } from "../src/wave/config-schema.js";
import { SECTION_NAMES } from "../src/wave/executor-vocabulary.js";

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

/** Descriptions by canonical key (see the module comment). Defaults are part of the text. */
export const CONFIG_KEY_DOCS: Record<string, string> = {
  $schema: "Informational (an editor's schema URL); not read.",
  version: "Informational version of the file's format; not read.",
  projectName: "Informational project name.",
  repoMode:
    "`single-repo` (default): the default lane's documents live in `paths.docsDir` itself; `multi-lane`: every lane's live in `<docsDir>/<lane>`.",
  defaultLane: "Lane used without `--lane`. Default `main`.",
  defaultProject: "Project (`projects.<id>`) used without `--project`. Default `default`.",
  sharedPlanDocs:
    "Plan documents the documentation steward owns (and nobody else may). Default `<plans>/current-state.md`, `<plans>/master-plan.md`, `<plans>/migration.md`.",
  pricing:
    "USD per million tokens per model (top level only): estimates the cost of agents whose CLI reports tokens but no cost (codex; OpenCode with an unpriced model). Without an entry here, a built-in, dated price table of the providers' current models is used (src/usage/pricing.ts; `wave init` prints its figures for the executor it sets up); an entry here wins. Looked up by the model name as given, then without a `[…]` suffix, then without a `provider/` prefix, then without a date suffix (`-20250929`). Estimates are marked `≈` and say which table they came from.",
  "pricing.<model>.inputPerMTok": "USD per million input tokens.",
  "pricing.<model>.outputPerMTok": "USD per million output tokens.",
  "pricing.<model>.cachedInputPerMTok": "USD per million cached input tokens. Default: `inputPerMTok`.",
  sandbox:
    "The sandbox around every agent process (bubblewrap): `auto` (on where it works, otherwise a warning names what is missing), `on` (the run fails where it cannot work) or `off`. The `sandbox` input / `--sandbox` flag wins; without either, `off`. A lane's value wins over its project's, a project's over the top level's.",
  logs: "What an agent's log keeps.",
  "logs.maxBytes":
    "The most bytes of an attempt's output an agent's log keeps (at least 1024; default 268435456, 256 MiB): the first half as it comes, then the last half, with a line `[wave] N bytes of output were left out here (logs.maxBytes = …)` between them. The markers are read from all of the output, whatever the log keeps. A lane's value wins over its project's, a project's over the top level's.",
  ownership:
    "What a change by an agent outside what it owns (its File ownership list, deliverables, proof artifacts; a closure agent: its report) does: `report` (default) records it (ownership.json, result.json, the summary) with a warning per file; `strict` fails the agent's gate with `ownership-violation`. A change to a protected path (wave files, wave.config.json, role prompts, skills, the benchmark catalog, repository files a closure agent's command names, `.github/`, `.wave*`, any `.git`) always fails it and is never carried into a later wave. The `ownership` input / `--ownership` flag wins, then a wave file's `**Ownership**:`; a lane's value wins over its project's, a project's over the top level's.",
  network: "What agents may reach in the sandbox besides their model.",
  "network.allowed":
    "Ecosystems (`node`: the npm registry; `python`: PyPI; `github`: github.com, its API, archives, raw and release files, ghcr.io) or domain names (`example.com`, `*.example.com`, optionally `:port`) every agent may reach in the sandbox. The top level's, a project's and a lane's lists add up. A blocked request is listed in the summary with the entry that would allow it.",
  planner: "Accepted and ignored (out of scope: nothing is sent anywhere).",
  waveControl: "Accepted and ignored (out of scope: nothing is sent anywhere).",
  externalProviders: "Accepted and ignored (out of scope: nothing is sent anywhere).",

  paths: "Where the documents and catalogs the rules read live.",
  "paths.docsDir":
    "Documentation root. Default `docs`; a lane's documents are `<docsDir>` for the default lane in single-repo mode, else `<docsDir>/<lane>`.",
  "paths.benchmarkCatalogPath":
    "Benchmark catalog that eval targets are checked against (`{families:{<id>:{benchmarks:{<id>:{…}}}}}`). Default `docs/evals/benchmark-catalog.json`.",
  "paths.componentCutoverMatrixJsonPath":
    "Component cutover matrix (`{levels:[…], components:{<id>:{currentLevel, promotions:[{wave, target}]}}}`) that component promotions are checked against. Default `<docs>/plans/component-cutover-matrix.json`.",
  "paths.componentCutoverMatrixDocPath":
    "The matrix as a document, owned by the documentation steward when promotions are required. Default `<docs>/plans/component-cutover-matrix.md`.",
  "paths.stateRoot": "Accepted for compatibility; the state directory is `--state-dir` (default `<root>/.wave`).",
  "paths.orchestratorStateDir": "Accepted for compatibility; not used.",
  "paths.terminalsPath": "Accepted for compatibility; not used.",
  "paths.context7BundleIndexPath": "Accepted for compatibility; Context7 sections are parsed only, nothing is fetched.",

  roles: "Which agents hold the closure roles, and the role prompt files that mark them.",
  "roles.rolePromptDir": "Directory that every `### Role prompts` file must be under (with a config). Default `docs/agents`.",
  "roles.contQaAgentId": "Id of the cont-QA agent, required in every wave with a config. Default `A0`.",
  "roles.contEvalAgentId": "Id of the cont-EVAL agent. Default `E0`.",
  "roles.integrationAgentId": "Id of the integration steward. Default `A8`.",
  "roles.documentationAgentId": "Id of the documentation steward. Default `A9`.",
  "roles.contQaRolePromptPath": "Role prompt the cont-QA agent imports. Default `docs/agents/wave-cont-qa-role.md`.",
  "roles.contEvalRolePromptPath": "Role prompt the cont-EVAL agent imports. Default `docs/agents/wave-cont-eval-role.md`.",
  "roles.integrationRolePromptPath": "Role prompt the integration steward imports. Default `docs/agents/wave-integration-role.md`.",
  "roles.documentationRolePromptPath": "Role prompt the documentation steward imports. Default `docs/agents/wave-documentation-role.md`.",
  "roles.securityRolePromptPath": "Role prompt that makes an agent a security reviewer. Default `docs/agents/wave-security-role.md`.",
  "roles.designRolePromptPath": "Role prompt that makes an agent a design agent. Default `docs/agents/wave-design-role.md`.",

  validation:
    "The rules `wave validate` (and `wave run`, before anything starts) applies. A threshold N turns its rule on from wave N; `null` turns it off. `wave validate` lists the rules a config turned on.",
  "validation.requiredPromptReferences":
    'Strings every agent\'s composed prompt must contain. Default `["docs/reference/repository-guidance.md", "docs/research/agent-context-sources.md"]`; `[]` turns the rule off.',
  "validation.requireExitContractsFromWave": "Implementation agents need a valid `### Exit contract`. Default `6`.",
  "validation.requireDocumentationStewardFromWave":
    "Exactly one documentation steward, importing its role prompt and owning every `sharedPlanDocs` file (plus the matrix files when promotions are required). Default `0`.",
  "validation.requireIntegrationStewardFromWave": "Exactly one integration steward, importing its role prompt. Default `null` (off).",
  "validation.requireComponentPromotionsFromWave":
    "A wave with implementation agents declares `## Component promotions`, matching the component cutover matrix. Default `0`.",
  "validation.requireAgentComponentsFromWave":
    "Implementation agents list their components under `### Components` (known to the matrix, promoted in the wave). Default `0`.",
  "validation.requireContext7DeclarationsFromWave": "Waves declare `## Context7 defaults` and agents `### Context7`. Default `6`.",
  "validation.gateModeThresholds": "Waves from which gates run in `standard` and `strict` mode (before: `bootstrap`).",
  "validation.gateModeThresholds.bootstrap": "First wave in `bootstrap` gate mode. Default `0`.",
  "validation.gateModeThresholds.standard": "First wave in `standard` gate mode. Default `4`.",
  "validation.gateModeThresholds.strict": "First wave in `strict` gate mode. Default `10`.",
  "validation.closureModeThresholds": "Waves from which the closure sweep runs in `standard` and `strict` mode.",
  "validation.closureModeThresholds.bootstrap": "First wave in `bootstrap` closure mode. Default `0`.",
  "validation.closureModeThresholds.standard": "First wave in `standard` closure mode. Default `4`.",
  "validation.closureModeThresholds.strict": "First wave in `strict` closure mode. Default `10`.",
  "validation.autoClosure": "Closure shortcuts; all `false` by default.",
  "validation.autoClosure.allowInferredIntegration":
    "Integration passes without an integration steward's marker when nothing conflicts. Default `false`.",
  "validation.autoClosure.allowAutoDocNoChange":
    "Documentation closure passes as `no-change` without a documentation steward when no agent reported a shared-plan doc impact. Default `false`.",
  "validation.autoClosure.allowAutoDocProjection":
    "Documentation closure may be projected from the agents' doc-delta markers. Default `false`.",
  "validation.autoClosure.allowSkipContQaInBootstrap": "cont-QA may be skipped in `bootstrap` closure mode. Default `false`.",
  "validation.bootstrapPassConditions": "Accepted for compatibility; not used.",
  "validation.testCommand": "Accepted for compatibility; not run.",
  "validation.testCommandTimeout": "Accepted for compatibility; not used.",

  executors: "Which executor (agent CLI) runs an agent that does not name one, and the settings of each CLI.",
  "executors.default":
    "Executor of an agent that names none (after `--executor`, the agent's profile and `runtimePolicy.defaultExecutorByRole`): `codex`, `claude`, `opencode`, `local` (built-in, no model), `command`, `copilot` or `gemini`. Default `codex`.",
  "executors.profiles":
    "Named executor profiles an agent selects with `- profile: <name>` under `### Executor`; names are case-insensitive.",
  "executors.profiles.<name>.id": "Executor of the profile's agents.",
  "executors.profiles.<name>.model": "Model of the profile's agents.",
  "executors.profiles.<name>.fallbacks": "Executors to fall back to when a retry may switch (see `retryPolicy`).",
  "executors.profiles.<name>.tags": "Free-form tags.",
  "executors.profiles.<name>.budget": "What one run of an agent may use.",
  "executors.profiles.<name>.budget.turns": "Turns (advisory; Claude Code gets `--max-turns`).",
  "executors.profiles.<name>.budget.minutes": "Minutes per attempt (with the run's own timeout).",
  "executors.profiles.<name>.budget.usd": "USD per run (its in-job attempts together); going over stops the agent as `budget-exceeded`.",
  "executors.profiles.<name>.budget.tokens": "Tokens (input + output) per run; going over stops the agent as `budget-exceeded`.",
  "executors.profiles.<name>.retryPolicy": "`sticky` (retries keep the executor) or `fallback-allowed`.",
  "executors.profiles.<name>.allowFallbackOnRetry": "Whether a retry may switch to a fallback executor (beats `retryPolicy`).",
  "executors.profiles.<name>.env": "Names of extra environment variables the profile's agents receive.",
  "executors.profiles.<name>.codex": "Codex CLI settings of the profile (the `codex.*` keys below).",
  "executors.profiles.<name>.claude": "Claude Code settings of the profile (the `claude.*` keys below).",
  "executors.profiles.<name>.opencode": "OpenCode settings of the profile (the `opencode.*` keys below).",
  "executors.profiles.<name>.command": "`command` executor settings of the profile (the `command.*` keys below).",
  "executors.profiles.<name>.copilot": "GitHub Copilot CLI settings of the profile (the `copilot.*` keys below).",
  "executors.profiles.<name>.gemini": "Gemini CLI settings of the profile (the `gemini.*` keys below).",
  "executors.codex": "Lane-wide Codex CLI settings (the `codex.*` keys below).",
  "executors.claude": "Lane-wide Claude Code settings (the `claude.*` keys below).",
  "executors.opencode": "Lane-wide OpenCode settings (the `opencode.*` keys below).",
  "executors.command": "Lane-wide `command` executor settings (the `command.*` keys below).",
  "executors.copilot": "Lane-wide GitHub Copilot CLI settings (the `copilot.*` keys below).",
  "executors.gemini": "Lane-wide Gemini CLI settings (the `gemini.*` keys below).",

  "codex.command": "Program that runs codex: a string (split into words, never run by a shell) or an argv array. Default `codex`.",
  "codex.model": "Model (`--model`).",
  "codex.profileName": "Codex profile (`--profile`).",
  "codex.config": "Config overrides, one `-c` each.",
  "codex.search": "Enable web search.",
  "codex.images": "Images to attach.",
  "codex.addDirs": "Extra writable directories (`--add-dir`).",
  "codex.json": "Accepted; codex always runs with JSON output (markers and usage are read from its events).",
  "codex.ephemeral": "Do not keep the codex session on disk.",
  "codex.sandbox": "`read-only`, `workspace-write` or `danger-full-access` (default).",
  "claude.command": "Program that runs Claude Code: a string (split into words, never run by a shell) or an argv array. Default `claude`.",
  "claude.model": "Model (`--model`).",
  "claude.agent": "Claude Code agent (`--agent`).",
  "claude.appendSystemPromptMode": "`append` (default) or `replace`: how the wave's system prompt is given.",
  "claude.permissionMode": "Permission mode. Default `bypassPermissions`.",
  "claude.permissionPromptTool": "MCP tool that answers permission prompts.",
  "claude.effort": "`low`, `medium`, `high` or `max`.",
  "claude.maxTurns": "Most turns (`--max-turns`).",
  "claude.mcpConfig": "MCP config files or JSON strings.",
  "claude.strictMcpConfig": "Use only the given MCP config.",
  "claude.settings": "Settings file or JSON string.",
  "claude.settingsJson": "Settings as a JSON object (merged into the settings Claude Code gets).",
  "claude.hooksJson": "Hooks as a JSON object.",
  "claude.allowedHttpHookUrls": "URLs HTTP hooks may call.",
  "claude.outputFormat": "`stream-json` (default: markers and usage from its events), `json`, or `text` (no usage).",
  "claude.allowedTools": "Tools allowed without asking.",
  "claude.disallowedTools": "Tools never allowed.",
  "opencode.command": "Program that runs OpenCode: a string (split into words, never run by a shell) or an argv array. Default `opencode`.",
  "opencode.model": "Model (`provider/model`).",
  "opencode.agent": "OpenCode agent.",
  "opencode.attach": "URL of a running OpenCode server to attach to.",
  "opencode.files": "Files to attach.",
  "opencode.format": "`default` or `json`; OpenCode always runs with JSON output here.",
  "opencode.steps": "Most steps.",
  "opencode.instructions": "Instruction files.",
  "opencode.permission": "Permission rules (any JSON).",
  "opencode.configJson": "OpenCode config as a JSON object.",
  "opencode.envKeys": "Names of environment variables OpenCode receives (provider keys).",
  "command.argv": "argv of the `command` executor: a string (split into words, never run by a shell) or an array.",
  "copilot.command":
    "Program that runs the Copilot CLI: a string (split into words, never run by a shell) or an argv array. Default `copilot`.",
  "copilot.model": "Model (`--model`).",
  "copilot.agent": "Custom agent (`--agent`).",
  "copilot.allowTools":
    "Tool permission patterns (`shell(git:*)`, `write`, …), one `--allow-tool=<pattern>` each, instead of `--allow-all-tools`: a tool none allows is refused. Default: all tools.",
  "copilot.denyTools": "Tool permission patterns never allowed, one `--deny-tool=<pattern>` each (they win over any allowed).",
  "copilot.addDirs": "More directories its file tools may reach (`--add-dir`).",
  "gemini.command": "Program that runs Gemini CLI: a string (split into words, never run by a shell) or an argv array. Default `gemini`.",
  "gemini.model": "Model (`--model`).",
  "gemini.approvalMode":
    "`yolo` (default: every tool runs unasked), `auto_edit` (edits run unasked; tools that would ask are not offered) or `plan` (read-only), as `--approval-mode`.",
  "gemini.policy": "Policy files or directories (`--policy`), one each.",
  "gemini.includeDirectories": "More workspace directories (`--include-directories`), one each.",
  "gemini.extensions": "The only extensions to load (`--extensions`; `none` loads none).",

  skills: "Reusable instruction packs (`<dir>/<id>/skill.json` and `SKILL.md`) added to agents' prompts.",
  "skills.dir": "Directory of the skills. Default `skills`.",
  "skills.base": "Skills every agent gets.",
  "skills.byRole": "Skills by role (`implementation`, `cont-qa`, …).",
  "skills.byRuntime": "Skills by executor id.",
  "skills.byDeployKind": "Skills by deploy kind.",
  capabilityRouting: "Capability routing.",
  "capabilityRouting.preferredAgents": "Capability → preferred agent ids.",

  runtimePolicy: "How executors are chosen and mixed at run time.",
  "runtimePolicy.runtimeMixTargets":
    'Per executor id, the most agents of one wave it may run (`{"codex": 4}`); more is a validation error.',
  "runtimePolicy.defaultExecutorByRole":
    'Executor per role (`{"implementation": "codex", "cont-qa": "claude"}`), after `--executor` and the agent\'s own.',
  "runtimePolicy.fallbackExecutorOrder": "Executors to fall back to on a retry when the agent and its profile name none.",
  "runtimePolicy.requireMarkerNonce":
    "Closure gate markers count only when they carry the random nonce of the agent's own launch (as the `require-marker-nonce` input). Default `false`.",
  "runtimePolicy.maxAgentsPerJob":
    "A wave with more implementation agents than this runs as shard jobs of at most this many agents plus one closure job (`wave plan --max-agents-per-job`, which wins). A wave with design agents gets a design job (shard 0) that runs them first; every shard job builds on it. Absent: no wave is sharded.",

  projects:
    "Several projects in one repository, by id: each may override the keys marked with P below (merged key by key over the top level).",
  "projects.<id>.rootDir": "The project's directory in the repository; its `paths.docsDir` defaults to `<rootDir>/docs`.",
  "projects.<id>.lanes": "The project's lanes (the keys of `lanes.<lane>`).",
  lanes:
    "Per-lane overrides, by lane name: each may set the keys marked with L below (merged key by key over the project and the top level).",
  "lanes.<lane>.docsDir": "The lane's documentation directory.",
  "lanes.<lane>.plansDir": "The lane's plans directory. Default `<docsDir>/plans`.",
  "lanes.<lane>.wavesDir": "The lane's waves directory. Default `<plansDir>/waves` (or `<docsDir>/waves` when only that exists).",
  "lanes.<lane>.runtimeMixTargets": "As `runtimePolicy.runtimeMixTargets`.",
  "lanes.<lane>.defaultExecutorByRole": "As `runtimePolicy.defaultExecutorByRole`.",
  "lanes.<lane>.fallbackExecutorOrder": "As `runtimePolicy.fallbackExecutorOrder`.",
  "lanes.<lane>.terminalsPath": "As `paths.terminalsPath`.",
  "lanes.<lane>.stateRoot": "As `paths.stateRoot`.",
  "lanes.<lane>.orchestratorStateDir": "As `paths.orchestratorStateDir`.",
  "lanes.<lane>.context7BundleIndexPath": "As `paths.context7BundleIndexPath`.",
  "lanes.<lane>.benchmarkCatalogPath": "As `paths.benchmarkCatalogPath`.",
  "lanes.<lane>.componentCutoverMatrixDocPath": "As `paths.componentCutoverMatrixDocPath`.",
  "lanes.<lane>.componentCutoverMatrixJsonPath": "As `paths.componentCutoverMatrixJsonPath`.",
};

/** One key as the schema has it: its path segments and its schema. */
interface KeyEntry {
  path: string[];
  schema: JsonSchema;
}

function walk(schema: JsonSchema, prefix: string[], out: KeyEntry[]): void {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    for (const v of variants) walk(v, prefix, out);
    return;
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push({ path: [...prefix, key], schema: child });
    walk(child, [...prefix, key], out);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    walk(schema.additionalProperties, [...prefix, "<name>"], out);
  }
}

/** The schema's keys, with `<name>` for record keys. */
export function schemaKeys(): KeyEntry[] {
  const json = z.toJSONSchema(WaveConfigFileSchema, { unrepresentable: "any", io: "input" }) as JsonSchema;
  const out: KeyEntry[] = [];
  walk(json, [], out);
  return out;
}

/** The CLI settings sections: their keys are described once, as `<section>.<field>`. */
const CLI_SECTIONS = new Set<string>(SECTION_NAMES);

/**
 * Where a schema key is described: `{ key, scope }` where scope is `top`, `project` or `lane`
 * for keys that also exist elsewhere (then `key` is the top-level key they override).
 */
function canonical(path: string[]): { key: string; scope: "top" | "project" | "lane" } {
  let p = [...path];
  let scope: "top" | "project" | "lane" = "top";
  if (p[0] === "projects" && p.length > 2) {
    p = p[2] === "lanes" && p.length > 4 ? p.slice(4) : p.slice(2);
    scope = path[2] === "lanes" && path.length > 4 ? "lane" : "project";
  } else if (p[0] === "lanes" && p.length > 2) {
    p = p.slice(2);
    scope = "lane";
  }
  if (p[0] === "executors" && p[1] === "profiles" && p.length > 4 && CLI_SECTIONS.has(p[3]!)) p = p.slice(3);
  else if (p[0] === "executors" && p.length > 2 && CLI_SECTIONS.has(p[1]!)) p = p.slice(1);
  const key = p.join(".").replace(/^pricing\.<name>/, "pricing.<model>");
  if (scope !== "top") {
    const own = `${scope === "lane" ? "lanes.<lane>" : "projects.<id>"}.${key}`;
    if (CONFIG_KEY_DOCS[own] !== undefined) return { key: own, scope: "top" };
  }
  return { key, scope };
}

function typeOf(s: JsonSchema): string {
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(" or ");
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(", ");
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  const t = Array.isArray(s.type) ? s.type.join(" or ") : s.type;
  if (t === "array") return `array of ${s.items ? typeOf(s.items) : "any"}`;
  if (t === "object") return s.properties ? "object" : "map";
  return t ?? "any";
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The markdown of docs/config.md. Throws when a key lacks a description or a description has no key. */
export function configMarkdown(): string {
  const rows = new Map<string, { type: string; scopes: Set<"project" | "lane"> }>();
  for (const entry of schemaKeys()) {
    const { key, scope } = canonical(entry.path);
    const row = rows.get(key) ?? { type: typeOf(entry.schema), scopes: new Set() };
    if (scope !== "top") row.scopes.add(scope);
    rows.set(key, row);
  }
  const undocumented = [...rows.keys()].filter((k) => CONFIG_KEY_DOCS[k] === undefined);
  const unknown = Object.keys(CONFIG_KEY_DOCS).filter((k) => !rows.has(k));
  if (undocumented.length > 0 || unknown.length > 0) {
    throw new Error(
      `docs/config.md: ${undocumented.length ? `keys without a description in scripts/config-doc.ts: ${undocumented.join(", ")}` : ""}` +
        `${undocumented.length && unknown.length ? "; " : ""}${unknown.length ? `descriptions of keys the schema does not have: ${unknown.join(", ")}` : ""}`,
    );
  }
  const sections: [string, (k: string) => boolean][] = [
    [
      "Top level",
      (k) =>
        !k.includes(".") &&
        !["paths", "roles", "validation", "executors", "skills", "capabilityRouting", "runtimePolicy", "projects", "lanes"].includes(k),
    ],
    ["`paths`", (k) => k === "paths" || k.startsWith("paths.")],
    ["`roles`", (k) => k === "roles" || k.startsWith("roles.")],
    ["`validation`", (k) => k === "validation" || k.startsWith("validation.")],
    ["`executors`", (k) => k === "executors" || k.startsWith("executors.")],
    [
      "CLI settings (`executors.<cli>.*` and `executors.profiles.<name>.<cli>.*`)",
      (k) => CLI_SECTIONS.has(k.split(".")[0]!) && k.includes("."),
    ],
    ["`skills` and `capabilityRouting`", (k) => /^(skills|capabilityRouting)(\.|$)/.test(k)],
    ["`runtimePolicy`", (k) => k === "runtimePolicy" || k.startsWith("runtimePolicy.")],
    ["`pricing`", (k) => k.startsWith("pricing.")],
    ["`network` (the sandbox's allow-list)", (k) => k.startsWith("network.")],
    ["`logs` (agent logs)", (k) => k.startsWith("logs.")],
    ["`projects` and `lanes`", (k) => /^(projects|lanes)(\.|$)/.test(k)],
  ];
  const lines = [
    "<!-- Generated from the config schema (src/wave/config-schema.ts) by scripts/gen-docs.ts; do not edit by hand. -->",
    "",
    "# `wave.config.json` reference",
    "",
    "Optional, at the repository root (or `--config <file>`). Without it the lenient defaults apply:",
    "no closure agent is required and none of the rules below is on. With it, even when empty, the",
    "rules of the `validation` section apply with their defaults — `wave init` writes a config that",
    "turns the optional ones off (`wave init --strict`: all on), and `wave validate` lists the rules a",
    "config turned on and the key that turns each off.",
    "",
    "Every key is optional. A file that is not JSON, a value of the wrong type, a renamed key or a",
    "path that is absolute or uses `..` is a configuration error naming the file, JSON path and",
    "line; an unknown key is a warning. Paths are repository-relative. `<name>`, `<model>`, `<id>`",
    "and `<lane>` stand for keys you choose. P / L: the key may also be set per project",
    "(`projects.<id>.…`) / per lane (`lanes.<lane>.…`, `projects.<id>.lanes.<lane>.…`); levels merge",
    "key by key: top level → project → lane.",
    "",
  ];
  const placed = new Set<string>();
  for (const [title, matches] of sections) {
    const keys = [...rows.keys()].filter((k) => !placed.has(k) && matches(k));
    for (const k of keys) placed.add(k);
    if (keys.length === 0) continue;
    lines.push(`## ${title}`, "", "| key | type | P/L | description |", "|---|---|---|---|");
    for (const key of keys) {
      const row = rows.get(key)!;
      const scopes = [row.scopes.has("project") ? "P" : "", row.scopes.has("lane") ? "L" : ""].filter(Boolean).join(" ");
      lines.push(`| \`${key}\` | ${cell(row.type)} | ${scopes} | ${cell(CONFIG_KEY_DOCS[key]!)} |`);
    }
    lines.push("");
  }
  const unplaced = [...rows.keys()].filter((k) => !placed.has(k));
  if (unplaced.length > 0) throw new Error(`docs/config.md: keys in no section of scripts/config-doc.ts: ${unplaced.join(", ")}`);
  return `${lines.join("\n").trimEnd()}\n`;
}
