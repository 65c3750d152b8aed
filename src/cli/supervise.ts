/**
 * The local supervisor behind `wave run --waves 1-3` (also `all`, `N,M`): runs the selected waves
 * one after the other in the same work tree, each on the changes of the ones before, and stops at
 * the first that does not pass. Nothing is kept in memory between invocations: running the same
 * command again resumes from the recorded results in the state directory — a wave whose latest
 * (non-dry-run) result passed and whose wave file is unchanged since is skipped, and the wave that
 * stopped resumes inside itself as `wave run --wave N` does (agents that succeeded are reused).
 *
 * The definitions (wave files, config, role prompts, skills, catalogs, closure agents' programs)
 * are pinned when the command starts: a wave whose definitions changed since is not started.
 *
 * Output: a header line before each wave (which one runs, and where it stands in the selection);
 * each wave's own live view, status table and next steps; a closing line. With `--json`, stdout
 * holds one result per wave as one JSON line each (the recorded result of a skipped wave), and the
 * progress goes to stderr.
 *
 * Also here: the check of `--rerun` ids against the wave's agents (unknown ids are a usage error
 * naming them), done before anything starts.
 */
import { parseWaveSelection } from "../commands/plan.js";
import type { RunOptions } from "../engine/options.js";
import { unknownRerunIds } from "../engine/rerun-plan.js";
import { UserError } from "../errors.js";
import { readJsonChecked } from "../state/json-files.js";
import { exitCodeOfSignal, interruptedBy } from "../state/interrupt.js";
import { runPaths, waveDirOf, listAttempts } from "../state/paths.js";
import { ProgressSchema } from "../state/progress.js";
import { type WaveResult, WaveResultSchema } from "../state/schema.js";
import { changedDefinitions, pinDefinitions } from "../wave/definitions.js";
import { type LoadedProject, loadProject } from "../wave/project.js";
import type { CliIo } from "./io.js";
import { runAndReport } from "./run-and-report.js";

function projectOf(options: RunOptions): LoadedProject {
  return loadProject({
    root: options.root,
    configPath: options.configPath,
    lane: options.lane,
    project: options.project,
    cliExecutor: options.executor,
  });
}

/** `--rerun` ids that name no agent of the wave are a usage error (exit 2) naming them. */
export function checkRerun(options: RunOptions, project: LoadedProject = projectOf(options)): void {
  const wave = project.waves.find((w) => w.wave === options.wave);
  // A wave that does not exist (or cannot be parsed) is reported by the run itself.
  if (!wave) return;
  const agents = wave.agents.map((a) => ({ id: a.agentId }));
  const unknown = unknownRerunIds(agents, options.rerun ?? []);
  if (unknown.length > 0) {
    throw new UserError(
      `--rerun: wave ${options.wave} has no agent ${unknown.join(", ")} (its agents: ${agents.map((a) => a.id).join(", ") || "none"})`,
      2,
    );
  }
}

interface RecordedPass {
  result: WaveResult;
  resultFile: string;
}

/**
 * The wave's latest recorded result when it passed with the wave file as it is now (the
 * fingerprint its progress journal recorded); null when the wave must run. Dry runs are passed
 * over: they record nothing a later wave can build on.
 */
async function recordedPass(stateDir: string, lane: string, wave: number, fingerprint: string): Promise<RecordedPass | null> {
  const attempts = (await listAttempts(waveDirOf(stateDir, lane, wave))).reverse();
  for (const attempt of attempts) {
    const paths = runPaths(stateDir, lane, wave, attempt);
    const r = await readJsonChecked(paths.result, WaveResultSchema, "result");
    if (!r.ok) return null;
    if (r.value.status === "dry-run") continue;
    if (r.value.status !== "passed") return null;
    const progress = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
    if (!progress.ok || progress.value.waveFingerprint !== fingerprint) return null;
    return { result: r.value, resultFile: paths.result };
  }
  return null;
}

/** The waves a selection names, in order; a wave that does not exist is a usage error. */
function selectedWaves(spec: string, project: LoadedProject): number[] {
  const selection = parseWaveSelection(spec);
  if (!selection.ok) throw new UserError(selection.error, 2);
  const known = [
    ...new Set([...project.waves.map((w) => w.wave), ...project.diagnostics.flatMap((d) => (d.wave === undefined ? [] : [d.wave]))]),
  ].sort((a, b) => a - b);
  const wanted = selection.waves === "all" ? known : selection.waves;
  const missing = wanted.filter((w) => !known.includes(w));
  if (missing.length > 0) {
    throw new UserError(`wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${known.join(", ") || "none"})`, 2);
  }
  if (wanted.length === 0) throw new UserError(`no waves in ${project.lane.wavesDir}`, 2);
  return wanted;
}

/**
 * Runs the waves `spec` selects in order (see the module comment). `optionsFor(wave)` gives the
 * engine options of one wave. Returns the exit code: 0 when every selected wave passed (or was a
 * dry run), else the code of the wave that stopped the sequence.
 */
export async function runWaves(
  spec: string,
  optionsFor: (wave: number) => RunOptions,
  io: CliIo,
  extra: { json: boolean; cliArgv: string[] },
): Promise<number> {
  const base = optionsFor(0);
  const project = projectOf(base);
  const waves = selectedWaves(spec, project);
  if ((base.rerun ?? []).length > 0) {
    if (waves.length !== 1) throw new UserError("--rerun applies to one wave: use --wave N --rerun ID,ID", 2);
    checkRerun({ ...base, wave: waves[0]! }, project);
  }
  const progress = extra.json ? io.stderr : io.stdout;
  const done: number[] = [];
  let feedbackGiven = false;
  // Every wave is judged with the definitions as they are now, before any agent ran (src/wave/definitions.ts).
  const pins = pinDefinitions(base.root, project);
  for (const [index, wave] of waves.entries()) {
    const options = optionsFor(wave);
    const drifted = changedDefinitions(pins);
    if (drifted.length > 0) {
      throw new UserError(
        `not starting wave ${wave}: ${drifted.join(", ")} changed since this run started; a run judges every wave with the definitions it started with. ` +
          "Check the change (git diff), then run again.",
      );
    }
    const definition = project.waves.find((w) => w.wave === wave);
    const header = `wave ${wave} (${index + 1} of ${waves.length}: waves ${waves.join(", ")})`;
    if (definition && options.resume !== "never" && !options.dryRun) {
      const earlier = await recordedPass(options.stateDir, project.laneName, wave, definition.fingerprint);
      if (earlier) {
        progress(`== ${header}: passed earlier (attempt ${earlier.result.attempt}); skipped\n`);
        if (extra.json) io.stdout(`${JSON.stringify(earlier.result)}\n`);
        done.push(wave);
        continue;
      }
    }
    progress(`== ${header}: running\n`);
    // A human's answer (--feedback) is for the wave this invocation resumes: the first that runs.
    const runOptions: RunOptions = feedbackGiven ? { ...options, feedback: null } : options;
    feedbackGiven = true;
    const stopped = () => {
      const rest = waves.slice(index + 1);
      progress(
        `== stopped at wave ${wave}${done.length > 0 ? ` (passed: ${done.join(", ")})` : ""}` +
          `${rest.length > 0 ? `; not started: ${rest.join(", ")}` : ""}. ` +
          `Run the same command again to resume from wave ${wave}.\n`,
      );
    };
    let code: number;
    try {
      code = await runAndReport(runOptions, io, { json: extra.json, jsonLines: true, cliArgv: extra.cliArgv });
    } catch (error) {
      // The wave could not start (invalid, locked by another run…): the message follows this line.
      stopped();
      throw error;
    }
    if (code !== 0) {
      stopped();
      return code;
    }
    done.push(wave);
    const signal = interruptedBy();
    if (signal) return exitCodeOfSignal(signal);
  }
  progress(`== ${base.dryRun ? "dry run of" : "passed:"} waves ${done.join(", ")}\n`);
  return 0;
}
