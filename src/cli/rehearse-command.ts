/**
 * `wave rehearse --wave N [run options] [--variant V[:ID,ID]]...`: runs the wave exactly as
 * `wave run` would — real agent CLIs, the wave's executor settings, every gate — but each codex,
 * claude and opencode agent talks to the built-in scripted model server on loopback with a
 * throwaway key. No model is paid for and nothing leaves the machine. `local` and `command` agents
 * run as they always do.
 *
 * Writes `rehearsal.json` next to `result.json`, appends the report to `summary.md` and prints it
 * (see session.ts).
 */
import { runElevatedIfNeeded } from "../agent-user/elevate.js";
import path from "node:path";
import { type FlagTable, listFlag, outputFormat, parseCommandArgs, stringFlag, wantsHelp } from "./args.js";
import type { CliIo } from "../command-io.js";
import { type CommandHelp, RUN_EXIT_CODES, renderCommandHelp } from "./help.js";
import { runAndReport, runOptionsFromFlags } from "./run.js";
import { RUN_OPTIONS } from "./run-options.js";
import { selfCliArgv, shellWord } from "./self.js";
import { UserError } from "../errors.js";
import type { WaveResult } from "../state/schema.js";
import { SCRIPT_VARIANTS, type ScriptVariant } from "../rehearse/script.js";
import { openRehearsal } from "../rehearse/session.js";

/** Where a rehearsal keeps its state, under the state directory (unless --state-dir is given). */
const REHEARSAL_STATE_SUBDIR = "rehearsal";

const REHEARSE_OPTIONS = {
  ...RUN_OPTIONS,
  variant: {
    type: "string",
    multiple: true,
    value: "V[:ID,ID]",
    description: `script variant for all agents or the listed ones: ${SCRIPT_VARIANTS.join(", ")}`,
    defaultText: "normal",
  },
} as const satisfies FlagTable;

export const REHEARSE_HELP_SPEC: CommandHelp = {
  name: "rehearse",
  summary: "run a wave's real agent CLIs against a scripted local model server: offline, no key, no cost",
  usage: "--wave N [options]",
  about: `Runs the wave with the real agent CLIs (codex, claude, opencode) and the wave's own executor
settings, each pointed at a built-in scripted model server on 127.0.0.1 with a throwaway key:
offline, no API key, nothing billed. Each agent's script writes its deliverables, proof artifacts
and report through the CLI's own file tool, then prints exactly the markers its role needs, so
every gate runs for real. With --model-proxy on, the CLIs talk to the model proxy and the proxy
to the scripted server, as they would to a real provider. With --sandbox on, every CLI runs in
the sandbox (network only to the proxy or the scripted server, the work tree writable). The report says per agent which tool calls were made, which the CLI
refused (and the setting that refused them), which files appeared and which gate failed.

The state goes to <state-dir>/rehearsal (so \`wave run\` never resumes rehearsed agents; \`wave
status\` and \`wave logs\` read it with --state-dir <state-dir>/rehearsal, as the printed hints say).
Every rehearsal runs every agent again; --resume auto reuses the agents an earlier rehearsal
passed. The deliverables the scripts write are placeholders: rehearse in a scratch checkout or
discard them.

Script variants (--variant V for every agent, V:ID,ID for the listed ones):
  no-markers (final message without markers), rate-limit (one 429 first),
  hang (the model never answers; the deadline ends the agent),
  interrupt (the first model request is answered, the next one never is:
  the agent stops mid-work once; a retry of it is answered normally)`,
  options: REHEARSE_OPTIONS,
  globals: true,
  examples: [
    "wave rehearse --wave 1                          # every gate, no model paid for",
    "wave rehearse --wave 1 --variant no-markers:A1  # A1 ends without its markers",
    "wave rehearse --wave 1 --format json            # result.json on stdout",
  ],
  exitCodes: RUN_EXIT_CODES,
};

/** `wave rehearse --help`. */
const REHEARSE_HELP = renderCommandHelp(REHEARSE_HELP_SPEC);

/** `--variant` values → variant per agent id ("*" = every agent). */
export function parseVariants(values: readonly string[]): Map<string, ScriptVariant> {
  const out = new Map<string, ScriptVariant>();
  for (const raw of values) {
    const [name, ids] = raw.split(":", 2) as [string, string | undefined];
    if (!(SCRIPT_VARIANTS as readonly string[]).includes(name)) {
      throw new UserError(`--variant must be one of ${SCRIPT_VARIANTS.join(", ")}, optionally followed by :ID,ID (got "${raw}")`);
    }
    const targets =
      ids === undefined
        ? ["*"]
        : ids
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
    if (targets.length === 0) throw new UserError(`--variant ${raw}: no agent id after ":"`);
    for (const id of targets) out.set(id, name as ScriptVariant);
  }
  return out;
}

export async function rehearseCommand(argv: string[], io: CliIo): Promise<number> {
  if (wantsHelp(argv)) {
    io.stdout(REHEARSE_HELP);
    return 0;
  }
  const p = parseCommandArgs("rehearse", argv, REHEARSE_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const options = runOptionsFromFlags(p, io);
  // Read with the run options: --model-proxy on|auto (the CLIs talk to the proxy, the proxy to the
  // scripted server), --sandbox on|auto (every CLI in the sandbox, reaching only those two).
  // A rehearsal keeps its state apart: a real `wave run` must never resume (reuse) rehearsed agents.
  if (stringFlag(p, "state-dir") === undefined) options.stateDir = path.join(options.stateDir, REHEARSAL_STATE_SUBDIR);
  // Each rehearsal rehearses every agent: reusing an earlier rehearsal's successes would rehearse
  // nothing. `--resume` (or `--feedback`, which answers the rehearsal that asked) says otherwise.
  if (stringFlag(p, "resume") === undefined && stringFlag(p, "feedback") === undefined) options.resume = "never";
  const variants = parseVariants(listFlag(p, "variant"));
  const elevated = runElevatedIfNeeded(
    { kind: "agents", agentUser: options.agentUser, dryRun: options.dryRun },
    selfCliArgv(),
    ["rehearse", ...argv],
    io.env,
  );
  if (elevated) return elevated;
  const session = await openRehearsal({
    root: options.root,
    stateDir: options.stateDir,
    wave: options.wave,
    variants,
    path: io.env.PATH ?? "",
    onWarning: (m) => io.stderr(`warning: ${m}\n`),
  });
  let report: string | null = null;
  try {
    return await runAndReport(options, io, {
      json,
      cliArgv: selfCliArgv(),
      rehearsal: session.hook,
      nextSteps: { rerun: "wave rehearse", rerunResumes: false, stateArgs: `--state-dir ${shellWord(options.stateDir)}` },
      onResult: async (result: WaveResult, resultFile: string) => {
        report = (await session.finish(result, resultFile)).text;
      },
      after: () => (report ? `\n${report}` : ""),
    });
  } finally {
    await session.close();
  }
}
