/**
 * Definition files agents changed, kept across runs (`<stateDir>/agent-edits.json`): a later run
 * never judges with a definition an agent wrote unless a person decided so.
 *
 * A run that ends with protected files changed by its agents records each (its sha256 as the
 * agents left it, null when they removed it, and the agents that could have changed it). A run
 * that starts looks at each record: the file is no longer as the agents left it (a person changed
 * it, or `git checkout -- FILE`), or the work tree has it as HEAD has it (a person committed it),
 * or `--accept-agent-edits FILE` names it: the record is dropped. Any other record refuses the run,
 * naming the file, the agents and the ways on.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { UserError } from "../errors.js";
import { git } from "../state/git.js";
import { readJsonChecked, writeJsonAtomic } from "../state/json-files.js";
import { agentEditsFileOf } from "../state/paths.js";
import { currentSha256 } from "./definitions.js";

const AgentEditSchema = z.object({
  /** Repository-relative path, forward slashes. */
  file: z.string().min(1),
  /** sha256 of the file as the agents left it (`link:<target>` for a symbolic link); null: they removed it. */
  sha256: z.string().nullable(),
  /** The agents that could have changed it (one, unless several ran side by side). */
  agentIds: z.array(z.string()),
  lane: z.string(),
  wave: z.number().int().nonnegative(),
  /** The run directory that recorded it. */
  runDir: z.string(),
  recordedAt: z.string(),
});
export type AgentEdit = z.infer<typeof AgentEditSchema>;

const AgentEditsFileSchema = z.object({ schemaVersion: z.literal(1), edits: z.array(AgentEditSchema) });

/** The recorded edits (none when the file is absent); a damaged file is refused with its name. */
export async function readAgentEdits(stateDir: string): Promise<AgentEdit[]> {
  const r = await readJsonChecked(agentEditsFileOf(stateDir), AgentEditsFileSchema, "record of agent-edited definitions");
  if (r.ok) return r.value.edits;
  if (r.missing) return [];
  throw new UserError(`${r.message}; remove ${agentEditsFileOf(stateDir)} once you have checked the definition files by hand`);
}

async function writeAgentEdits(stateDir: string, edits: readonly AgentEdit[]): Promise<void> {
  const file = agentEditsFileOf(stateDir);
  if (edits.length === 0) {
    await fs.rm(file, { force: true });
    return;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeJsonAtomic(file, { schemaVersion: 1, edits });
}

/** Adds `edits` to the record (a later record of the same file replaces the earlier one). */
export async function recordAgentEdits(stateDir: string, edits: readonly AgentEdit[]): Promise<void> {
  if (edits.length === 0) return;
  const files = new Set(edits.map((e) => e.file));
  const kept = (await readAgentEdits(stateDir)).filter((e) => !files.has(e.file));
  await writeAgentEdits(stateDir, [...kept, ...edits]);
}

/** sha256 of the file at `abs` now (`link:<target>` for a symbolic link, `not-a-file` otherwise), null when absent. */
export async function sha256Now(abs: string): Promise<string | null> {
  // The same content key the run pinned the definitions with (a link by its target), so a
  // recorded edit and a pinned definition always compare alike.
  return currentSha256(abs).sha256;
}

/** True when git sees the file in the work tree exactly as HEAD has it (a person committed the agent's version). */
async function committedAsIs(root: string, file: string): Promise<boolean> {
  const r = await git(root, ["status", "--porcelain", "-z", "--", file], { GIT_OPTIONAL_LOCKS: "0", GIT_LITERAL_PATHSPECS: "1" });
  return r.code === 0 && r.stdout === "";
}

/** What a refused run says about one recorded edit. */
function refusal(e: AgentEdit): string {
  const who = e.agentIds.length === 1 ? `agent ${e.agentIds[0]}` : `one of the agents ${e.agentIds.join(", ")}`;
  return `  ${e.file}: ${e.sha256 === null ? "removed" : "changed"} by ${who} of wave ${e.wave} (${e.lane}), and still as it left it`;
}

/**
 * Refuses (UserError, exit 2) when a definition file is still as an agent left it and nobody
 * decided on it; drops the records that are settled (see the module comment). `accepted`: the
 * files `--accept-agent-edits` names (repository-relative).
 */
export async function checkAgentEdits(root: string, stateDir: string, accepted: readonly string[]): Promise<void> {
  const edits = await readAgentEdits(stateDir);
  if (edits.length === 0) return;
  const acceptedSet = new Set(accepted.map((f) => f.replace(/\\/g, "/").replace(/^\.\/+/, "")));
  const open: AgentEdit[] = [];
  for (const e of edits) {
    if (acceptedSet.has(e.file)) continue;
    if ((await sha256Now(path.join(root, e.file))) !== e.sha256) continue;
    if (await committedAsIs(root, e.file)) continue;
    open.push(e);
  }
  await writeAgentEdits(stateDir, open);
  if (open.length === 0) return;
  const first = open[0]!.file;
  throw new UserError(
    `not starting: ${open.length === 1 ? "a definition file an agent changed is" : "definition files agents changed are"} still as the agent left ${open.length === 1 ? "it" : "them"}, and a run never judges with a definition an agent wrote:\n` +
      `${open.map(refusal).join("\n")}\n` +
      `Decide for each: drop the agent's edit (git checkout -- ${first}), keep it by committing it, or run with --accept-agent-edits ${first}.`,
  );
}
