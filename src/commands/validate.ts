/**
 * `wave validate`: parse and validate every wave file of the lane; report in text, JSON or as
 * GitHub workflow commands. Exit 0 valid (warnings allowed), 1 validation errors, 2 configuration
 * or environment problems (malformed wave.config.json, missing waves directory, unknown wave).
 *
 * With `explain` (the CLI's text output) it also says which rules the config turned on, each with
 * the key that turns it off, and which are off — or that there is no config and the lenient
 * defaults apply. The rules themselves live in wave/validate.ts; docs/config.md describes every key.
 */
import { isUserError } from "../errors.js";
import { diagnosticAnnotation } from "../report/annotations.js";
import { formatDiagnosticText, isError, isWaveInputError } from "../wave/diagnostics.js";
import { loadProject } from "../wave/project.js";
import type { Diagnostic, LaneSettings } from "../wave/schema.js";
import { diagnosticJson, displayPath, plural, summarizeWave, type WaveSummary } from "../wave/views.js";

type ValidateFormat = "text" | "json" | "github";

export interface ValidateOptions {
  root: string;
  configPath?: string | undefined;
  lane?: string | undefined;
  /** The config's `projects.<id>` entry (`--project`); default: its defaultProject. */
  project?: string | undefined;
  /** Only report these waves (all wave files are still parsed and validated). */
  waves?: number[] | undefined;
  format: ValidateFormat;
  /** Base for displayed paths in text output (default: the current directory). */
  cwd?: string;
  /** Environment (GITHUB_WORKSPACE decides the paths of annotations). */
  env?: NodeJS.ProcessEnv;
  /** Text output: after the result, the rules the config turned on and how to turn each off. */
  explain?: boolean;
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
  exitCode: 0 | 1 | 2;
}

const TITLE = "wave validate";

function render(
  opts: ValidateOptions,
  diagnostics: Diagnostic[],
  waves: WaveSummary[],
  lane: string | null,
): { stdout: string; errors: number; warnings: number } {
  const cwd = opts.cwd ?? process.cwd();
  const env = opts.env ?? process.env;
  const errors = diagnostics.filter(isError);
  const warnings = diagnostics.filter((d) => !isError(d));
  if (opts.format === "json") {
    const payload = {
      ok: errors.length === 0,
      lane,
      waves: waves.map((w) => ({
        wave: w.wave,
        file: w.file,
        title: w.title,
        agents: w.agents.map((a) => ({ id: a.id, title: a.title, role: a.role, closureStage: a.closureStage, executor: a.executor })),
      })),
      errors: errors.map((d) => diagnosticJson(d)),
      warnings: warnings.map((d) => diagnosticJson(d)),
    };
    return { stdout: `${JSON.stringify(payload, null, 2)}\n`, errors: errors.length, warnings: warnings.length };
  }
  const lines: string[] = [];
  if (opts.format === "github") {
    const workspace = env.GITHUB_WORKSPACE || opts.root;
    for (const d of diagnostics) lines.push(diagnosticAnnotation(d, displayPath(opts.root, d.file, workspace), TITLE));
  } else {
    for (const d of diagnostics) lines.push(formatDiagnosticText(d, displayPath(opts.root, d.file, cwd)));
  }
  const agents = waves.reduce((n, w) => n + w.agents.length, 0);
  // A wave file that could not be parsed (not UTF-8, too large) still counts, named in the summary.
  const parsed = new Set(waves.map((w) => w.wave));
  const unparsed = [
    ...new Map(diagnostics.filter((d) => d.wave !== undefined && !parsed.has(d.wave)).map((d) => [d.wave, d.file])).values(),
  ];
  const notParsed = unparsed.length > 0 ? ` (not parsed: ${unparsed.map((f) => displayPath(opts.root, f, cwd)).join(", ")})` : "";
  lines.push(
    errors.length === 0
      ? `${TITLE}: ${plural(waves.length, "wave")}, ${plural(agents, "agent")}: valid${warnings.length ? ` (${plural(warnings.length, "warning")})` : ""}`
      : `${TITLE}: ${plural(errors.length, "error")}${warnings.length ? `, ${plural(warnings.length, "warning")}` : ""} in ${plural(waves.length + unparsed.length, "wave")}${notParsed}`,
  );
  return { stdout: `${lines.join("\n")}\n`, errors: errors.length, warnings: warnings.length };
}

const THRESHOLD_RULES = [
  ["requireExitContractsFromWave", "implementation agents declare an exit contract"],
  ["requireDocumentationStewardFromWave", "exactly one documentation steward, owning the shared plan docs"],
  ["requireIntegrationStewardFromWave", "exactly one integration steward"],
  ["requireComponentPromotionsFromWave", 'a "## Component promotions" section that matches the component cutover matrix'],
  ["requireAgentComponentsFromWave", 'implementation agents list their components under "### Components"'],
  ["requireContext7DeclarationsFromWave", '"## Context7 defaults" and "### Context7" sections'],
] as const;

/**
 * The rules a lane's config turned on, each with the key (and value) that turns it off, then the
 * optional rules that are off. Without a config: one line saying the lenient defaults apply.
 */
function explainRules(lane: LaneSettings, configFile: string | null): string[] {
  if (!lane.hasConfig) {
    return [
      "Rules: no wave.config.json, so the lenient defaults apply (no closure agent required). `wave init` writes a config; docs/config.md describes every key.",
    ];
  }
  const v = lane.validation;
  const on: string[] = [
    `cont-QA agent ${lane.roles.contQaAgentId} closes every wave — always with a config (remove ${configFile ?? "wave.config.json"} for the lenient defaults)`,
  ];
  const off: string[] = [];
  for (const [key, what] of THRESHOLD_RULES) {
    const from = v[key];
    if (from === null) off.push(`validation.${key}`);
    else on.push(`${what}, from wave ${from} — validation.${key}: null turns it off`);
  }
  if (v.requiredPromptReferences.length > 0) {
    on.push(`every prompt mentions ${v.requiredPromptReferences.join(", ")} — validation.requiredPromptReferences: [] turns it off`);
  } else off.push("validation.requiredPromptReferences");
  const mix = Object.entries(lane.runtimePolicy.runtimeMixTargets);
  if (mix.length > 0) {
    on.push(`at most ${mix.map(([id, n]) => `${n} ${id}`).join(", ")} agents per wave — runtimePolicy.runtimeMixTargets: {} turns it off`);
  } else off.push("runtimePolicy.runtimeMixTargets");
  if (lane.runtimePolicy.requireMarkerNonce)
    on.push("closure markers carry their own launch's nonce — runtimePolicy.requireMarkerNonce: false turns it off");
  else off.push("runtimePolicy.requireMarkerNonce");
  const lines = [`Rules ${configFile ?? "wave.config.json"} turns on (docs/config.md describes every key):`, ...on.map((l) => `  - ${l}`)];
  if (off.length > 0) lines.push(`Off: ${off.join(", ")}.`);
  return lines;
}

export async function validateCommand(opts: ValidateOptions): Promise<CommandOutput> {
  let project: ReturnType<typeof loadProject>;
  try {
    project = loadProject(opts);
  } catch (e) {
    if (isWaveInputError(e)) {
      const out = render(opts, e.diagnostics, [], null);
      return { stdout: opts.format === "text" ? "" : out.stdout, stderr: `${e.message}\n`, exitCode: 2 };
    }
    if (isUserError(e)) return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
    throw e;
  }
  const selected = opts.waves && opts.waves.length > 0 ? [...new Set(opts.waves)].sort((a, b) => a - b) : null;
  const known = new Set(project.waves.map((w) => w.wave));
  const knownFiles = new Set(project.diagnostics.filter((d) => d.wave !== undefined).map((d) => d.wave));
  if (selected) {
    const missing = selected.filter((n) => !known.has(n) && !knownFiles.has(n));
    if (missing.length > 0) {
      return {
        stdout: "",
        stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].join(", ") || "none"})\n`,
        exitCode: 2,
      };
    }
  }
  const diagnostics = selected ? project.diagnostics.filter((d) => d.wave === undefined || selected.includes(d.wave)) : project.diagnostics;
  const waves = project.waves.filter((w) => !selected || selected.includes(w.wave)).map(summarizeWave);
  const out = render(opts, diagnostics, waves, project.laneName);
  const rules = opts.explain && opts.format === "text" ? `${explainRules(project.lane, project.lane.configFile).join("\n")}\n` : "";
  return { stdout: out.stdout + rules, stderr: "", exitCode: out.errors > 0 ? 1 : 0 };
}
