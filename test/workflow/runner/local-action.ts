/** Local (`uses: ./path`) actions: action.yml metadata and the default hook that runs them with node. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { UnsupportedError, WorkflowRunnerError } from "./errors.js";
import { runProcess } from "./process.js";
import type { ActionMetadata, LocalActionHook } from "./types.js";

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));

const ActionYaml = z.object({
  name: z.string().optional(),
  inputs: z
    .record(
      z.string(),
      z
        .object({ default: scalar.optional(), required: z.boolean().optional(), description: z.string().optional() })
        .passthrough()
        .nullable(),
    )
    .optional(),
  outputs: z.record(z.string(), z.object({ description: z.string().optional() }).passthrough().nullable()).optional(),
  runs: z
    .object({
      using: z.string(),
      main: z.string().optional(),
      post: z.string().optional(),
      "post-if": z.string().optional(),
      pre: z.string().optional(),
    })
    .passthrough(),
});

export async function readActionMetadata(actionDir: string): Promise<ActionMetadata> {
  let text: string | undefined;
  let file = "";
  for (const name of ["action.yml", "action.yaml"]) {
    file = path.join(actionDir, name);
    text = await readFile(file, "utf8").catch(() => undefined);
    if (text !== undefined) break;
  }
  if (text === undefined) throw new WorkflowRunnerError(`no action.yml in ${actionDir}`);
  const parsed = ActionYaml.safeParse(parse(text));
  if (!parsed.success)
    throw new WorkflowRunnerError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const meta = parsed.data;
  if (!/^node\d+$/.test(meta.runs.using)) {
    throw new UnsupportedError(`${file}: runs.using "${meta.runs.using}" is not supported by the local runner (JavaScript actions only)`);
  }
  if (meta.runs.pre) throw new UnsupportedError(`${file}: runs.pre is not supported by the local runner`);
  if (!meta.runs.main) throw new WorkflowRunnerError(`${file}: runs.main is missing`);
  return {
    name: meta.name,
    inputs: Object.fromEntries(Object.entries(meta.inputs ?? {}).map(([k, v]) => [k, v ?? {}])),
    outputs: Object.fromEntries(Object.entries(meta.outputs ?? {}).map(([k, v]) => [k, v ?? {}])),
    runs: meta.runs,
  };
}

/** Runs the action's script with this machine's node, like the runner's node20/node24 handlers. */
export const runWithNode: LocalActionHook = async (call) => {
  const outcome = await runProcess([process.execPath, call.entry], { cwd: call.cwd, env: call.env, signal: call.signal });
  return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
};
