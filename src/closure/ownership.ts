/**
 * Ownership of the work tree (pure): which paths are protected, whose change a changed file is,
 * and the `ownership-violation` gate of an agent.
 *
 * Protected paths: the definitions a run judges with (wave files, wave.config.json, role prompts,
 * skills, the benchmark catalog, repository files a closure agent's command names), `.github/`,
 * anything whose first segment starts with `.wave` (the orchestrator's state), and any `.git`
 * entry (a directory or file planted anywhere: git would read it as a repository of its own). A
 * change to one fails the gate of every agent that could have made it, whatever `ownership` says;
 * a change outside what an agent owns elsewhere fails it only under `ownership: strict` (`report`:
 * a warning per file).
 *
 * Attribution: agents of a stage run side by side in one work tree, so a file that changed while
 * several ran is the change of each of them ("could have written it"), unless one of them owns the
 * path: then it is that agent's own change.
 */
import type { GateResult, GateStage } from "../state/schema.js";
import type { DefinitionSet } from "../wave/definitions.js";
import { WAVE_DEFINITION_NAME } from "../wave/discover.js";

export const OWNERSHIP_MODES = ["strict", "report"] as const;
export type OwnershipMode = (typeof OWNERSHIP_MODES)[number];
export const DEFAULT_OWNERSHIP_MODE: OwnershipMode = "report";

/** The reason `protectedReason` gives for a definition (wave files, config, role prompts, skills, catalogs, judges' programs). */
export const DEFINITION_REASON = "a definition the run judges with";

/** Why `rel` (repository-relative, forward slashes) is protected, or null when it is not. */
export function protectedReason(rel: string, definitions: DefinitionSet): string | null {
  const segments = rel.split("/");
  if (segments.includes(".git")) return "a .git entry";
  if (segments[0] === ".github") return "GitHub's workflow files";
  if (segments[0]!.startsWith(".wave")) return "the orchestrator's files";
  if (definitions.files.has(rel) || definitions.dirs.some((d) => rel.startsWith(d))) return DEFINITION_REASON;
  if (definitions.waveDirs.some((d) => rel.startsWith(d) && WAVE_DEFINITION_NAME.test(rel.slice(d.length)))) return DEFINITION_REASON;
  return null;
}

/** An agent of the interval a change appeared in: its id and the paths it owns. */
export interface Candidate {
  agentId: string;
  owned: readonly string[];
}

/** Whether the owned path `owned` (a file, or a directory with or without a trailing `/`) covers `rel`. */
export function ownsPath(owned: string, rel: string): boolean {
  const o = owned.replace(/\/+$/, "");
  return o !== "" && (rel === o || rel.startsWith(`${o}/`));
}

/**
 * The agents a change of `rel` counts against: none when one of `candidates` owns it (and it is
 * not protected), else all of them.
 */
export function suspectsOf(rel: string, candidates: readonly Candidate[], isProtected: boolean): string[] {
  if (!isProtected && candidates.some((c) => c.owned.some((o) => ownsPath(o, rel)))) return [];
  return candidates.map((c) => c.agentId);
}

/** One file an agent could have changed outside what it owns (or a protected one). */
export interface OwnershipChange {
  path: string;
  protected: boolean;
}

function listed(changes: readonly OwnershipChange[]): string {
  const shown = changes.slice(0, 10).map((c) => c.path);
  return `${shown.join(", ")}${changes.length > shown.length ? ` and ${changes.length - shown.length} more` : ""}`;
}

/**
 * The ownership gate of `agentId` from the changes counted against it: null when it passes (no
 * change, or only unowned ordinary files under `report`), else an `ownership-violation` naming the
 * files (the protected ones when there are any).
 */
export function ownershipGate(
  stage: GateStage,
  agentId: string,
  changes: readonly OwnershipChange[],
  mode: OwnershipMode,
): GateResult | null {
  const prot = changes.filter((c) => c.protected);
  if (prot.length > 0) {
    const others = changes.filter((c) => !c.protected);
    return {
      stage,
      agentId,
      ok: false,
      statusCode: "ownership-violation",
      detail: `${agentId} changed protected ${prot.length === 1 ? "file" : "files"} ${listed(prot)} (definitions the run judges with, .github/, .wave*, .git): never allowed, whatever its file ownership says. The change is not carried into later waves.${others.length > 0 ? ` It also changed, outside what it owns: ${listed(others)}.` : ""}`,
    };
  }
  if (mode === "strict" && changes.length > 0) {
    return {
      stage,
      agentId,
      ok: false,
      statusCode: "ownership-violation",
      detail: `${agentId} changed ${listed(changes)} outside its File ownership list, deliverables and proof artifacts (ownership: strict).`,
    };
  }
  return null;
}
