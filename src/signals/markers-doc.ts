/**
 * The marker reference (`docs/markers.md`), rendered from the marker grammar so it cannot drift
 * from what the parser accepts: tags, keys, allowed values, aliases, which kinds need the nonce.
 * What the grammar does not hold lives here, in one place: what each marker and key means, which
 * role must print which marker and when its gate passes, and one passing example per kind. The
 * examples are printed with `formatMarker` (the canonical form), and a test runs every example
 * line of the page through the real parser.
 *
 * Pure: no I/O. `scripts/gen-docs.ts` writes the page and checks it is current.
 */
import { AGENT_ROLES, type AgentRole, CLOSURE_STAGES, MATURITY_LEVELS } from "../wave/schema.js";
import { formatMarker, MARKER_SPECS, type MarkerSpec } from "./grammar.js";
import { isRequired, NON_BLOCKING_INFRA_STATES, NONCE_REQUIRED_KINDS, SIGNAL_KINDS, type SignalKind } from "./vocabulary.js";

type KeySpec = MarkerSpec["keys"][number];

/** What each marker kind reports. */
const MARKER_PURPOSES: Readonly<Record<SignalKind, string>> = {
  proof: "What an implementation agent proved about its work, measured against its exit contract.",
  "doc-delta": "Which documentation the agent's change affects.",
  "doc-closure": "The documentation steward's closing word on the wave's documentation.",
  integration: "The integration steward's judgement whether the agents' work fits together.",
  eval: "The cont-EVAL agent's result against the wave's `## Eval targets`.",
  security: "The security reviewer's result.",
  design: "The design agent's hand-off to implementation.",
  gate: "The cont-QA agent's rating of the wave in five dimensions.",
  gap: "A known gap the agent leaves open (any number of them count).",
  component: "The level an owned component reached (one marker per component; the last per component counts).",
  verdict: "The cont-QA agent's final verdict.",
  phase: "Progress: what the agent is doing now (informational).",
  "deploy-status": "The state of a deployment the agent runs (informational).",
  "infra-status": "The state of an infrastructure target the agent checks or sets up.",
};

const DETAIL = "One line of explanation; takes the rest of the line, so write it last.";

/** What each key of each marker kind means (keys as written in the marker, not field names). */
export const KEY_DESCRIPTIONS: Readonly<Record<SignalKind, Readonly<Record<string, string>>>> = {
  proof: {
    completion: "How far the work goes, lowest to highest; must reach the exit contract's `completion`.",
    durability: "How durable what it built is, lowest to highest; must reach the exit contract's `durability`.",
    proof: "The strongest kind of test that proves it, lowest to highest; must reach the exit contract's `proof`.",
    state: "`met`: the claim above is proven; `gap`: it is not (the gate fails).",
    detail: DETAIL,
  },
  "doc-delta": {
    state:
      "`none`: no docs affected; `owned`: only docs the agent owns; `shared-plan`: shared plan docs need the documentation steward. Must reach the exit contract's `doc-impact`.",
    paths: "The documentation files concerned.",
    detail: DETAIL,
  },
  "doc-closure": {
    state: "`closed`: the shared-plan changes landed; `no-change`: none were needed; `delta`: changes are still open (the gate fails).",
    paths: "The documentation files updated.",
    detail: DETAIL,
  },
  integration: {
    state: "`ready-for-doc-closure` passes; `needs-more-work` fails the gate.",
    claims: "Number of integration claims checked.",
    conflicts: "Number of conflicts found between the agents' work.",
    blockers: "Number of blockers left open.",
    detail: DETAIL,
  },
  eval: {
    state: "`satisfied` passes; `needs-more-work` and `blocked` fail the gate.",
    targets: "Number of eval targets evaluated; must equal the number of `target_ids`.",
    benchmarks: "Number of benchmarks run; must equal the number of `benchmark_ids`.",
    regressions: "Unresolved regressions; more than 0 fails the gate.",
    target_ids: "The ids of the wave's eval targets, all of them (order does not matter).",
    benchmark_ids: "The benchmarks run; a pinned target's benchmarks must all be listed.",
    detail: DETAIL,
  },
  security: {
    state: "`clear` passes; `concerns` passes as advisory (`security-concerns`); `blocked` fails the gate.",
    findings: "Open findings; `clear` requires 0.",
    approvals: "Changes that still need an approval; `clear` requires 0.",
    detail: DETAIL,
  },
  design: {
    state: "`ready-for-implementation` passes; `needs-clarification` and `blocked` fail the gate.",
    decisions: "Number of design decisions in the packet.",
    assumptions: "Number of assumptions the packet makes.",
    open_questions: "Number of questions still open.",
    detail: DETAIL,
  },
  gate: {
    architecture: "Rating of the architecture.",
    integration: "Rating of how the work fits together.",
    durability: "Rating of durability (persistence, recovery).",
    live: "Rating of live behaviour (deployment, operations).",
    docs: "Rating of the documentation.",
    detail: DETAIL,
  },
  gap: {
    kind: "The area of the gap. An `integration` or `architecture` gap stops integration from being inferred without an integration steward.",
    detail: DETAIL,
  },
  component: {
    component: "The component id, as listed under the agent's `### Components`.",
    level: `The maturity level reached (${MATURITY_LEVELS.map((l) => `\`${l}\``).join(", ")}); must equal the level the wave promotes the component to.`,
    state: "`met`: the level is reached; `gap`: it is not (the gate fails).",
    detail: DETAIL,
  },
  verdict: {
    verdict: "The verdict; only `pass` passes the gate.",
    detail: DETAIL,
  },
  phase: {
    phase: "The current phase, e.g. `coding`, `validating`, `deploying`, `finalizing`.",
  },
  "deploy-status": {
    service: "The service deployed.",
    state: "The deployment's state.",
    detail: DETAIL,
  },
  "infra-status": {
    kind: "The kind of infrastructure, e.g. `database`, `dns`.",
    target: "What was checked, e.g. a host name or resource path.",
    state: `Any state but ${NON_BLOCKING_INFRA_STATES.map((s) => `\`${s}\``).join(", ")} fails the infra gate.`,
    detail: DETAIL,
  },
};

/** A marker value of each kind that passes its gate, by field name (see `formatMarker`). */
const EXAMPLE_VALUES: Readonly<Record<SignalKind, Readonly<Record<string, unknown>>>> = {
  proof: {
    completion: "integrated",
    durability: "durable",
    proof: "integration",
    state: "met",
    detail: "refresh tokens covered by integration tests",
  },
  "doc-delta": { state: "owned", paths: ["docs/auth.md"], detail: "documented the refresh flow" },
  "doc-closure": { state: "closed", paths: ["docs/plans/current-state.md"], detail: "current state updated" },
  integration: { state: "ready-for-doc-closure", claims: 3, conflicts: 0, blockers: 0, detail: "all interfaces agree" },
  eval: {
    state: "satisfied",
    targets: 1,
    benchmarks: 1,
    regressions: 0,
    targetIds: ["latency-p95"],
    benchmarkIds: ["k6-smoke"],
    detail: "p95 at 180ms",
  },
  security: { state: "clear", findings: 0, approvals: 0, detail: "no secrets, inputs validated" },
  design: { state: "ready-for-implementation", decisions: 4, assumptions: 2, openQuestions: 0, detail: "packet written" },
  gate: { architecture: "pass", integration: "pass", durability: "pass", live: "pass", docs: "pass", detail: "all dimensions verified" },
  gap: { kind: "ops", detail: "no alerting for refresh failures yet" },
  component: { componentId: "auth-service", level: "repo-landed", state: "met", detail: "merged with tests" },
  verdict: { verdict: "pass", detail: "ship it" },
  phase: { phase: "validating" },
  "deploy-status": { service: "auth-api", state: "healthy", detail: "rolled out to staging" },
  "infra-status": { kind: "database", target: "postgres-main", state: "conformant", detail: "migrations applied" },
};

/** The nonce the examples of the page carry (a real one is 24 random hex digits, new with each launch of an agent). */
export const EXAMPLE_NONCE = "5d1f0c9a7b3e2f48a6c0d1e7";

/** One example line of `kind` that passes its gate; with `nonce` when the kind is checked for one. */
export function exampleLine(kind: SignalKind, nonce: string | null = EXAMPLE_NONCE): string {
  const line = formatMarker(kind, EXAMPLE_VALUES[kind]);
  return nonceChecked(kind) && nonce ? `${line} nonce=${nonce}` : line;
}

export interface RoleRequirement {
  /** Wave roles this row applies to. */
  roles: readonly AgentRole[];
  /** Who, in words (roles may be held through role prompts or capabilities; see wave-format.md §6). */
  who: string;
  /** The gate that reads the markers. */
  gate: string;
  /** Markers the gate needs, in the order it checks them. */
  required: readonly SignalKind[];
  /** When the markers are required, if not always. */
  when: string | null;
  /** What makes the gate pass. */
  passes: string;
}

/** Which role must print which marker, and when its gate passes (see src/closure). */
export const ROLE_REQUIREMENTS: readonly RoleRequirement[] = [
  {
    roles: ["implementation", "infra", "deploy", "research"],
    who: "Implementation agents (and design or cont-EVAL agents that also own implementation files)",
    gate: "implementation",
    required: ["proof", "doc-delta", "component"],
    when: "Required when the agent has an `### Exit contract`; `[wave-component]` once for each component under its `### Components`. Without an exit contract no marker is required, but `[wave-proof] state=gap` still fails the agent.",
    passes:
      "`[wave-proof]` has `state=met` and completion, durability and proof at least the contract's; `[wave-doc-delta]` at least the contract's `doc-impact`; each component `state=met` at the level the wave promotes it to; every deliverable and proof artifact exists.",
  },
  {
    roles: ["design"],
    who: "Design agents",
    gate: "design",
    required: ["design"],
    when: null,
    passes: "`state=ready-for-implementation` and the design packet is written.",
  },
  {
    roles: ["cont-eval"],
    who: "cont-EVAL (`E0`)",
    gate: "cont-eval",
    required: ["eval"],
    when: null,
    passes:
      "`state=satisfied`, `regressions=0`, `target_ids` lists exactly the wave's eval target ids, `targets` and `benchmarks` equal the number of ids listed, every pinned benchmark was run, and the report is written.",
  },
  {
    roles: ["security"],
    who: "Security reviewers",
    gate: "security",
    required: ["security"],
    when: null,
    passes: "`state=clear` with `findings=0 approvals=0`, or `state=concerns` (advisory), and the report is written.",
  },
  {
    roles: ["integration"],
    who: "Integration steward (`A8`)",
    gate: "integration",
    required: ["integration"],
    when: null,
    passes: "`state=ready-for-doc-closure` and no blocking coordination record is open.",
  },
  {
    roles: ["documentation"],
    who: "Documentation steward (`A9`)",
    gate: "documentation",
    required: ["doc-closure"],
    when: null,
    passes: "`state=closed` or `state=no-change`.",
  },
  {
    roles: ["cont-qa"],
    who: "cont-QA (`A0`)",
    gate: "cont-qa",
    required: ["gate", "verdict"],
    when: "Instead of `[wave-verdict]`, the last `Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL` line of the report may give the verdict; the marker wins when both exist.",
    passes:
      "The report is written, the verdict is `pass`, and every `[wave-gate]` dimension is `pass` (`gap` passes as a conditional pass).",
  },
];

/** The agents of a closure stage get the nonce; design and implementation agents run before and never do. */
function closureStage(req: RoleRequirement): boolean {
  return (CLOSURE_STAGES as readonly string[]).includes(req.gate);
}

/**
 * A kind the grammar marks as needing the nonce and a closure-stage agent must print: only those
 * are ever checked (`[wave-design]` is marked, but design agents get no nonce).
 */
export function nonceChecked(kind: SignalKind): boolean {
  return NONCE_REQUIRED_KINDS.includes(kind) && ROLE_REQUIREMENTS.some((r) => closureStage(r) && r.required.includes(kind));
}

/** Markers any agent may print; none is required. */
const OPTIONAL_KINDS: readonly SignalKind[] = ["phase", "gap", "deploy-status", "infra-status"];

function code(text: string): string {
  return `\`${text}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function tag(kind: SignalKind): string {
  return `[${MARKER_SPECS.get(kind)!.tag}]`;
}

function anchor(kind: SignalKind): string {
  return MARKER_SPECS.get(kind)!.tag;
}

function link(kind: SignalKind): string {
  return `[${code(tag(kind))}](#${anchor(kind)})`;
}

function keyValues(key: KeySpec): string {
  switch (key.type) {
    case "enum": {
      const aliases = Object.entries(key.aliases ?? {}).map(([from, to]) => `${code(from)} is read as ${code(to)}`);
      return key.values.map(code).join(", ") + (aliases.length > 0 ? ` (${aliases.join("; ")})` : "");
    }
    case "int":
      return "whole number, 0 or more";
    case "csv":
      return `comma-separated list${key.lower ? ", lower-cased" : ""}; duplicates dropped`;
    case "token":
      return `a name matching ${code(`${key.pattern.source}`)} (any case)`;
    case "text":
      return "free text";
  }
}

function markerSection(spec: MarkerSpec): string[] {
  const out = [`### ${spec.tag}`, "", MARKER_PURPOSES[spec.kind], ""];
  const facts: string[] = [];
  facts.push(nonceChecked(spec.kind) ? "Needs the [nonce](#the-nonce) when nonces are on." : "Never needs the nonce.");
  if (spec.positional) {
    facts.push(
      `The ${code(spec.positional)} value may stand first without its key: ${code(`${tag(spec.kind)} ${String(EXAMPLE_VALUES[spec.kind][spec.positional])}`)}.`,
    );
  }
  out.push(facts.join(" "), "");
  out.push("| key | required | values | meaning |", "|---|---|---|---|");
  for (const key of spec.keys) {
    const meaning = KEY_DESCRIPTIONS[spec.kind][key.key] ?? "";
    out.push(`| ${code(key.key)} | ${isRequired(key) ? "yes" : "no"} | ${cell(keyValues(key))} | ${cell(meaning)} |`);
  }
  out.push("", "```text", exampleLine(spec.kind), "```", "");
  return out;
}

function roleSection(req: RoleRequirement): string[] {
  const out = [`### ${req.who}`, ""];
  out.push(`Roles ${req.roles.map(code).join(", ")}; gate ${code(req.gate)}. Prints ${req.required.map(link).join(", ")}.`, "");
  if (req.when) out.push(req.when, "");
  out.push(`Passes when: ${req.passes}`, "", "```text", ...req.required.map((kind) => exampleLine(kind)), "```", "");
  return out;
}

/** The whole of docs/markers.md. */
export function markersMarkdown(): string {
  const nonceTags = SIGNAL_KINDS.filter(nonceChecked)
    .map((k) => code(tag(k)))
    .join(", ");
  const covered = new Set(ROLE_REQUIREMENTS.flatMap((r) => r.roles));
  const uncovered = AGENT_ROLES.filter((r) => !covered.has(r));
  if (uncovered.length > 0) throw new Error(`ROLE_REQUIREMENTS lacks role(s) ${uncovered.join(", ")}`);
  const lines: string[] = [
    "<!-- Generated from the marker grammar by scripts/gen-docs.ts (src/signals/markers-doc.ts); do not edit by hand. -->",
    "",
    "# Marker lines",
    "",
    "Every agent ends its output with **marker lines**: one line per fact, such as",
    `${code(exampleLine("proof", null).split(" detail=")[0]!)}. The gates read nothing else from`,
    "the output, so an agent that forgets a marker fails its gate even when its work is done. This",
    "page lists every marker, which role must print which, and lines that pass each gate. Agents on",
    "`codex`, `claude` and `opencode` are told their markers in their prompt; a `command` agent must",
    "print them itself (`wave run --dry-run` writes each agent's prompt without starting it).",
    "",
    "When a gate fails for missing or rejected markers, its detail lists every marker that agent",
    "still lacks, so one more run can fix them all.",
    "",
    "## How a line is read",
    "",
    "- A marker stands on a line of its own: `[tag]` first, then `key=value` pairs. Leading spaces,",
    "  one list prefix (`- `, `* `, `1. `) and one pair of wrapping backticks are allowed.",
    "- Keys are case-insensitive, in any order. A value runs to the next ` key=`, so it may contain",
    "  spaces; `detail=` takes the rest of the line. Quotes around a value are removed. Values of",
    "  the fixed lists are case-insensitive.",
    "- A missing required key, or a value outside its list, rejects the line; the gate's detail",
    "  quotes the rejected line and the reason. Unknown keys are ignored with a warning.",
    "- When a kind is printed more than once, the last accepted line counts (per component for",
    "  `[wave-component]`; every `[wave-gap]` counts).",
    "- A code fence that holds only marker lines counts; a marker inside a fence that also holds",
    "  other text, or inside a fence that is never closed, does not.",
    "- Only the agent's own messages count, never the output of a command or tool it ran; see",
    "  [where markers are read from](wave-format.md#where-markers-are-read-from).",
    "",
    "## Which role prints which",
    "",
    "| agent | gate | markers | passes when |",
    "|---|---|---|---|",
    ...ROLE_REQUIREMENTS.map((r) => `| ${cell(r.who)} | ${code(r.gate)} | ${r.required.map(link).join(", ")} | ${cell(r.passes)} |`),
    `| any agent | ${code("infra")} | ${OPTIONAL_KINDS.map(link).join(", ")} (optional) | no ${code(tag("infra-status"))} in a blocking state |`,
    "",
    ...ROLE_REQUIREMENTS.flatMap(roleSection),
    "## The nonce",
    "",
    "With the `require-marker-nonce` input (`wave run --require-marker-nonce`, or",
    "`runtimePolicy.requireMarkerNonce` in `wave.config.json`) every launch of an agent of the",
    `closure stages (${CLOSURE_STAGES.map(code).join(", ")}) draws a random nonce of its own: each`,
    "agent, and each attempt of an agent, gets a new one, in its `WAVE_MARKER_NONCE` environment",
    "variable only (its prompt names the variable, never the value). Its gate markers",
    `(${nonceTags}) count only with ${code("nonce=<value>")} on the same line, where the value is`,
    "exactly its own nonce: the same characters in the same case, nothing more and nothing less. It",
    "may stand anywhere on the line, even after `detail=`. A gate marker without it is rejected as",
    "`missing nonce`; with any other value (a part of the nonce, another agent's nonce, a nonce of an",
    "earlier attempt) as `wrong nonce`. The orchestrator never prints a nonce nor writes one itself:",
    "progress lines, summaries and results show every nonce of the run as `***`, also where an agent",
    "echoes one, and an agent's log has them masked once its process has ended. An agent whose earlier",
    "result a resumed run reuses keeps its markers as they were judged when it ran (with the nonce it",
    "had then). Design and implementation agents run before the closure stages: they get no",
    "nonce and their markers are never checked for one. Without the option a nonce on a line is",
    `ignored. The examples on this page carry ${code(`nonce=${EXAMPLE_NONCE}`)}; print your own value`,
    "instead, read from the variable when you print the marker. A shell script prints it with:",
    "",
    "```sh",
    `echo "${exampleLine("integration", null)} nonce=$WAVE_MARKER_NONCE"`,
    "```",
    "",
    "## Markers",
    "",
    ...SIGNAL_KINDS.flatMap((kind) => markerSection(MARKER_SPECS.get(kind)!)),
  ];
  while (lines.at(-1) === "") lines.pop();
  return `${lines.join("\n")}\n`;
}
