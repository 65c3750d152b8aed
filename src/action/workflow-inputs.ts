/**
 * The reusable workflow's inputs, handed to the action whole: every job of wave.yml passes
 * `workflow-inputs: ${{ toJSON(inputs) }}` instead of repeating each input in each step's `with:`.
 * This module knows which workflow input feeds which action input (one name means one thing:
 * the workflow's `agent-timeout-minutes` is the action's `timeout-minutes`, its `job-timeout-minutes`
 * is GitHub's and never the action's) and checks the inputs only the workflow has, in the plan job,
 * before any runner is taken for a wave. Where the workflow's inputs are given, the action inputs
 * they feed are read from them alone: a `with:` value of the same name could not be told from the
 * default the runner fills in.
 */
import { UserError } from "../errors.js";

/** The action input each workflow input feeds, where the action reads it (the others are the workflow's own). */
export const FEEDS: Readonly<Record<string, string>> = {
  lane: "lane",
  root: "root",
  waves: "waves",
  executor: "executor",
  "dry-run": "dry-run",
  "agent-timeout-minutes": "timeout-minutes",
  "max-budget-usd": "max-budget-usd",
  "retention-days": "retention-days",
  feedback: "feedback",
  "require-marker-nonce": "require-marker-nonce",
  sandbox: "sandbox",
  "model-proxy": "model-proxy",
  ownership: "ownership",
  "max-agents-per-job": "max-agents-per-job",
};

export type WorkflowInputs = Readonly<Record<string, unknown>>;

/** The workflow's inputs have problems (workflowInputProblems): each is its own annotation. */
export class WorkflowInputsError extends UserError {
  constructor(readonly problems: string[]) {
    super(`the workflow's inputs are not valid: ${problems.join("; ")}`);
  }
}

/** Parses the `workflow-inputs` input (empty: none). */
export function parseWorkflowInputs(raw: string): WorkflowInputs | null {
  if (raw.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new UserError(
      `input workflow-inputs is not JSON (the workflow passes \${{ toJSON(inputs) }}): ${JSON.stringify(raw.slice(0, 80))}`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UserError("input workflow-inputs must be a JSON object (the workflow passes ${{ toJSON(inputs) }})");
  }
  return value as WorkflowInputs;
}

/** The value the workflow's inputs give the action input `name`, as the action reads inputs (a string; "" for none). */
export function fromWorkflow(inputs: WorkflowInputs | null, name: string): string {
  if (!inputs) return "";
  const source = Object.entries(FEEDS).find(([, to]) => to === name)?.[0];
  if (!source) return "";
  const value = inputs[source];
  if (value === undefined || value === null) return "";
  // 0 agents per job means the config's setting, which the action spells as no value.
  if (name === "max-agents-per-job" && Number(value) === 0) return "";
  return String(value);
}

/** Reads the action input `name`: from the workflow's inputs when given and they feed it, else as given. */
export function readThrough(explicit: (name: string) => string, inputs: WorkflowInputs | null, name: string): string {
  return inputs && Object.values(FEEDS).includes(name) ? fromWorkflow(inputs, name) : explicit(name);
}

/** Whether the lane is a rehearsal (the workflow's mode). */
export function isRehearsal(inputs: WorkflowInputs | null): boolean {
  return inputs?.["mode"] === "rehearse";
}

/**
 * The inputs only the workflow reads (its mode, rounds, jobs at once), and those the action reads
 * under another name, checked by every step that is given the workflow's inputs (readInputs): the
 * plan job's first step fails in seconds on a typo, naming the workflow's input. Returns the
 * problems; empty when none.
 */
export function workflowInputProblems(inputs: WorkflowInputs): string[] {
  const problems: string[] = [];
  const text = (name: string) => (inputs[name] === undefined || inputs[name] === null ? "" : String(inputs[name]));
  const check = (name: string, ok: RegExp, what: string) => {
    if (!ok.test(text(name))) problems.push(`${name} must be ${what} (got ${text(name)})`);
  };
  check("mode", /^(run|rehearse)$/, "run or rehearse");
  check("sandbox", /^(|auto|on|off)$/, "auto, on, off or empty");
  check("model-proxy", /^(|auto|on|off)$/, "auto, on, off or empty");
  check("ownership", /^(|strict|report)$/, "strict, report or empty");
  check("max-resumes", /^[0-2]$/, "0, 1 or 2");
  // Refused rather than half-supported: each wave starts from the changes of the waves before it,
  // and changes-artifact holds them all, which needs the waves of a lane in order.
  if (text("max-parallel-waves") !== "1") {
    problems.push(
      `max-parallel-waves must be 1 (got ${text("max-parallel-waves")}): each wave builds on the changes of the waves before it and changes-artifact holds them all, so a lane runs its waves one at a time. Run independent waves as separate lanes (one call of this workflow per lane) to run them side by side.`,
    );
  }
  check("max-parallel-jobs", /^[1-9][0-9]{0,2}$/, "a whole number from 1 to 999");
  check("max-agents-per-job", /^[0-9]{1,4}$/, "a whole number, 0 for the config's setting");
  check("lane", /^(|[a-z0-9][a-z0-9_-]*)$/, "empty or match ^[a-z0-9][a-z0-9_-]*$");
  // The action's timeout-minutes under the workflow's name, so the message names what the caller set.
  const agentTimeout = text("agent-timeout-minutes");
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(agentTimeout) || Number(agentTimeout) <= 0)
    problems.push(`agent-timeout-minutes must be a number of minutes above 0 (got ${agentTimeout})`);
  return problems;
}
