/**
 * The parts of an executor adapter (src/executors/adapter.ts) that several executors share, built
 * once: the head of a vendor CLI's adapter (its id, title, settings section, launch builder and
 * program), a CLI without a turn-limit flag, an executor whose sessions are never carried over,
 * and one that reports no usage.
 */
import type { ExecutorAdapter, SessionAdapter, TurnLimit, UsageAdapter } from "./adapter.js";
import type { FieldSpec } from "../wave/executor-vocabulary.js";
import type { ResolvedExecutor } from "../wave/schema.js";
import { programArgv } from "./common.js";

/** The executors whose settings section names their program (`<id>.command`, an argv with a default). */
type VendorId = {
  [K in keyof ResolvedExecutor]: ResolvedExecutor[K] extends { command: string[] } ? K : never;
}[keyof ResolvedExecutor];

/**
 * The head of a vendor CLI's adapter: its settings section is its id, and the program it runs is
 * the first word of `<id>.command`, or of the field's default (the CLI's own name) when unset.
 */
export function vendorCli<I extends VendorId>(
  id: I,
  title: string,
  fields: Readonly<Record<string, FieldSpec>> & { command: { default: readonly string[] } },
  buildLaunch: ExecutorAdapter["buildLaunch"],
): Pick<ExecutorAdapter, "id" | "title" | "settings" | "buildLaunch" | "program"> {
  const fallback = fields.command.default[0]!;
  return {
    id,
    title,
    settings: { section: id, fields },
    buildLaunch,
    program: (executor) => programArgv(executor[id].command, fallback)[0]!,
  };
}

/** The turn limit of a CLI that has no flag for one: only the attempt deadline bounds it (`notes` say why). */
export function noTurnLimit(...notes: string[]): () => TurnLimit {
  return () => ({ limit: null, source: "not-set-by-wave", notes });
}

/** Sessions that are never carried over: every attempt starts a fresh one (`reason` says why). */
export function freshSessions(reason: string): SessionAdapter {
  return { support: () => ({ resumable: false, presetId: false, reason }) };
}

/** An executor that reports no usage (`reason` says why). */
export function noUsage(reason: string): UsageAdapter {
  return { reporting: () => "none", noneReason: () => reason };
}
