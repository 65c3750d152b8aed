/** The workflow files of this repository and the action's interface, for the static tests. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { REPO_ROOT } from "../helpers/cli.js";

export const WORKFLOWS_DIR = path.join(REPO_ROOT, ".github", "workflows");

export function workflowFiles(): { name: string; file: string; content: string }[] {
  return readdirSync(WORKFLOWS_DIR)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((name) => {
      const file = path.join(WORKFLOWS_DIR, name);
      return { name, file, content: readFileSync(file, "utf8") };
    });
}

export const EXAMPLE_WORKFLOWS_DIR = path.join(REPO_ROOT, "examples", "workflows");

/** The copy-paste workflow files for users' repositories (examples/workflows), by the same shape. */
export function exampleWorkflowFiles(): { name: string; file: string; content: string }[] {
  return readdirSync(EXAMPLE_WORKFLOWS_DIR)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((name) => {
      const file = path.join(EXAMPLE_WORKFLOWS_DIR, name);
      return { name, file, content: readFileSync(file, "utf8") };
    });
}

export function actionInterface(): { inputs: string[]; outputs: string[] } {
  const action = parse(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8")) as {
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  };
  return { inputs: Object.keys(action.inputs ?? {}), outputs: Object.keys(action.outputs ?? {}) };
}
