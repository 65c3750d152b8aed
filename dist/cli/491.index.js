export const id = 491;
export const ids = [491];
export const modules = {

/***/ 2724:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wq: () => (/* binding */ globalOptions),
/* harmony export */   d0: () => (/* binding */ noPositionals),
/* harmony export */   kk: () => (/* binding */ laneOf),
/* harmony export */   s8: () => (/* binding */ PROJECT_OPTION),
/* harmony export */   tW: () => (/* binding */ stateFlags)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _wave_config_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8349);
/* harmony import */ var _wave_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4961);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7593);
/* harmony import */ var _run_options_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9952);
/**
 * The global options every wave-reading command takes (`--root`, `--config`, `--lane`,
 * `--state-dir`, and `--project` where the command declares it), resolved against the command's
 * working directory; and what the commands that read a run's state derive from them.
 */






/**
 * The global options, and `--project` for the commands that take it. A project chosen with
 * `--project` keeps its state apart, under `<state-dir>/projects/<ID>` (as the reference does for
 * explicit projects), unless `--state-dir` names the directory itself.
 */
function globalOptions(p, io) {
    const root = node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(io.cwd, (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .stringFlag */ .AM)(p, "root") ?? ".");
    const config = (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .stringFlag */ .AM)(p, "config");
    const stateDir = (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .stringFlag */ .AM)(p, "state-dir");
    const given = (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .stringFlag */ .AM)(p, "project");
    const project = given === undefined ? undefined : (0,_wave_config_js__WEBPACK_IMPORTED_MODULE_2__/* .normalizeLaneName */ .vx)(given, "project");
    const projectDir = project ? node_path__WEBPACK_IMPORTED_MODULE_0___default().join(root, ".wave", "projects", project) : node_path__WEBPACK_IMPORTED_MODULE_0___default().join(root, ".wave");
    return {
        root,
        configPath: config ? node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(io.cwd, config) : undefined,
        lane: (0,_args_js__WEBPACK_IMPORTED_MODULE_4__/* .stringFlag */ .AM)(p, "lane"),
        ...(project ? { project } : {}),
        stateDir: stateDir ? node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(io.cwd, stateDir) : projectDir,
    };
}
/** A usage error for the first positional argument of a command that takes none. */
function noPositionals(p) {
    if (p.positionals.length > 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`unexpected argument "${p.positionals[0]}"`);
}
/** `--project ID` of the commands that read a run's state (as `wave run --project`). */
const PROJECT_OPTION = { project: _run_options_js__WEBPACK_IMPORTED_MODULE_5__/* .RUN_OPTIONS */ .p.project };
/** The lane the global options (and `--project`) name. */
function laneOf(g) {
    return (0,_wave_index_js__WEBPACK_IMPORTED_MODULE_3__/* .loadProject */ .gi)({ root: g.root, configPath: g.configPath, lane: g.lane, project: g.project }).laneName;
}
/** The flags a printed command needs to reach the same state (`--project ID`). */
function stateFlags(g) {
    return g.project ? ["--project", g.project] : [];
}


/***/ }),

/***/ 9952:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ RUN_OPTIONS)
/* harmony export */ });
/* harmony import */ var _engine_options_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9052);
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7593);
/**
 * The flags of `wave run` (and of the commands that take the same, like `wave rehearse`). A module
 * of its own, with no imports of command modules, so that any command can extend it. The table is
 * what `wave run` parses and what `wave run --help` prints (descriptions and defaults).
 */



const D = _engine_options_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_RUN_OPTIONS */ .pI;
const RUN_OPTIONS = {
    wave: { type: "string", value: "N", description: "the wave to run (required)" },
    project: {
        type: "string",
        value: "ID",
        description: "the config's projects.<ID> entry (state under .wave/projects/<ID>)",
        defaultText: "defaultProject",
    },
    executor: {
        type: "string",
        value: _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .EXECUTOR_IDS */ .rz.join("|"),
        description: "executor of every agent (overrides the wave files and the config)",
    },
    "dry-run": { type: "boolean", description: "write every agent's prompt and launch preview; start nothing" },
    "timeout-minutes": { type: "string", value: "M", description: "deadline per agent", defaultText: String(D.timeoutMinutes) },
    "idle-timeout-minutes": { type: "string", value: "M", description: "kill an agent silent this long; 0 disables", defaultText: "0" },
    "max-attempts": { type: "string", value: "N", description: "in-job attempts; later ones rerun what failed", defaultText: String(D.maxAttempts) },
    "max-parallel-agents": { type: "string", value: "N", description: "agents at a time; 0 is no limit", defaultText: String(D.maxParallelAgents) },
    "rate-limit-retries": { type: "string", value: "N", description: "retries of a rate-limited agent", defaultText: String(D.rateLimitRetries) },
    "rate-limit-base-delay-seconds": {
        type: "string",
        value: "S",
        description: "first wait after a rate limit",
        defaultText: String(D.rateLimitBaseDelaySeconds),
    },
    "rate-limit-max-delay-seconds": {
        type: "string",
        value: "S",
        description: "longest wait after a rate limit",
        defaultText: String(D.rateLimitMaxDelaySeconds),
    },
    resume: {
        type: "string",
        value: "auto|never|DIR",
        description: "reuse the latest earlier state, none, or that run directory",
        defaultText: D.resume,
    },
    "force-resume": { type: "boolean", description: "resume even when the wave file changed since" },
    feedback: { type: "string", value: "TEXT", description: "the human's answer to a blocked wave's question" },
    tmux: { type: "boolean", description: "show the agents in a tmux session" },
    "require-marker-nonce": { type: "boolean", description: "gate markers must carry the run's nonce" },
    "allow-github-token": { type: "boolean", description: "pass GITHUB_TOKEN/GH_TOKEN to agents" },
    "agent-user": { type: "string", value: "auto|none|NAME", description: "the OS user agents run as", defaultText: "auto" },
    "max-budget-usd": { type: "string", value: "USD", description: "the wave's budget (all agents together)", defaultText: "none" },
    "resume-sessions": {
        type: "string",
        value: "true|false",
        description: "continue an interrupted agent's own CLI session",
        defaultText: String(D.resumeSessions),
    },
    "model-proxy": {
        type: "string",
        value: _engine_options_js__WEBPACK_IMPORTED_MODULE_0__/* .MODEL_PROXY_MODES */ .iB.join("|"),
        description: "agents reach their model through a proxy holding the keys",
        defaultText: D.modelProxy,
    },
    sandbox: {
        type: "string",
        value: _engine_options_js__WEBPACK_IMPORTED_MODULE_0__/* .SANDBOX_MODES */ .f.join("|"),
        description: "run every agent in a sandbox (network allow-list, file rules)",
        defaultText: "the config's sandbox, else off",
    },
    ...(0,_args_js__WEBPACK_IMPORTED_MODULE_2__/* .formatFlags */ .dg)(["text", "json"]),
};


/***/ }),

/***/ 2491:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RUN_COMMAND_OPTIONS: () => (/* binding */ RUN_COMMAND_OPTIONS),
  RUN_HELP: () => (/* binding */ RUN_HELP),
  exitCodeOf: () => (/* reexport */ run_and_report/* exitCodeOf */.FO),
  rerunIds: () => (/* binding */ rerunIds),
  runAndReport: () => (/* reexport */ run_and_report/* runAndReport */.FG),
  runCommand: () => (/* binding */ runCommand),
  runOptionsFromFlags: () => (/* binding */ runOptionsFromFlags)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/agent-user/choice.ts
var choice = __webpack_require__(5984);
// EXTERNAL MODULE: ./src/agent-user/elevate.ts
var elevate = __webpack_require__(7701);
// EXTERNAL MODULE: ./src/engine/options.ts
var options = __webpack_require__(9052);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/wave/schema.ts
var schema = __webpack_require__(8486);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/global-options.ts
var global_options = __webpack_require__(2724);
// EXTERNAL MODULE: ./src/cli/help.ts
var help = __webpack_require__(7911);
// EXTERNAL MODULE: ./src/cli/run-and-report.ts + 75 modules
var run_and_report = __webpack_require__(8226);
// EXTERNAL MODULE: ./src/cli/run-options.ts
var run_options = __webpack_require__(9952);
// EXTERNAL MODULE: ./src/cli/self.ts
var cli_self = __webpack_require__(3050);
// EXTERNAL MODULE: ./src/commands/plan.ts
var plan = __webpack_require__(4483);
// EXTERNAL MODULE: ./src/engine/plan.ts
var engine_plan = __webpack_require__(955);
// EXTERNAL MODULE: ./src/resume/local.ts
var local = __webpack_require__(9684);
// EXTERNAL MODULE: ./src/state/files.ts
var files = __webpack_require__(766);
// EXTERNAL MODULE: ./src/state/interrupt.ts
var interrupt = __webpack_require__(1554);
// EXTERNAL MODULE: ./src/state/paths.ts
var state_paths = __webpack_require__(5013);
// EXTERNAL MODULE: ./src/state/progress.ts
var state_progress = __webpack_require__(6498);
// EXTERNAL MODULE: ./src/state/schema.ts
var state_schema = __webpack_require__(6858);
// EXTERNAL MODULE: ./src/wave/index.ts
var wave = __webpack_require__(4961);
;// CONCATENATED MODULE: ./src/cli/supervise.ts
/**
 * The local supervisor behind `wave run --waves 1-3` (also `all`, `N,M`): runs the selected waves
 * one after the other in the same work tree, each on the changes of the ones before, and stops at
 * the first that does not pass. Nothing is kept in memory between invocations: running the same
 * command again resumes from the recorded results in the state directory — a wave whose latest
 * (non-dry-run) result passed and whose wave file is unchanged since is skipped, and the wave that
 * stopped resumes inside itself as `wave run --wave N` does (agents that succeeded are reused).
 *
 * Output: a header line before each wave (which one runs, and where it stands in the selection);
 * each wave's own live view, status table and next steps; a closing line. With `--json`, stdout
 * holds one result per wave as one JSON line each (the recorded result of a skipped wave), and the
 * progress goes to stderr.
 *
 * Also here: the check of `--rerun` ids against the wave's agents (unknown ids are a usage error
 * naming them), done before anything starts.
 */











function projectOf(options) {
    return (0,wave/* loadProject */.gi)({
        root: options.root,
        configPath: options.configPath,
        lane: options.lane,
        project: options.project,
        cliExecutor: options.executor,
    });
}
/** `--rerun` ids that name no agent of the wave are a usage error (exit 2) naming them. */
function checkRerun(options, project = projectOf(options)) {
    const wave = project.waves.find((w) => w.wave === options.wave);
    // A wave that does not exist (or cannot be parsed) is reported by the run itself.
    if (!wave)
        return;
    const agents = wave.agents.map((a) => ({ id: a.agentId }));
    const unknown = (0,engine_plan/* unknownRerunIds */.lI)(agents, options.rerun ?? []);
    if (unknown.length > 0) {
        throw new errors/* UserError */.yo(`--rerun: wave ${options.wave} has no agent ${unknown.join(", ")} (its agents: ${agents.map((a) => a.id).join(", ") || "none"})`, 2);
    }
}
/**
 * The wave's latest recorded result when it passed with the wave file as it is now (the
 * fingerprint its progress journal recorded); null when the wave must run. Dry runs are passed
 * over: they record nothing a later wave can build on.
 */
async function recordedPass(stateDir, lane, wave, fingerprint) {
    const attempts = (await (0,local/* listAttempts */.NN)((0,state_paths/* waveDirOf */.ej)(stateDir, lane, wave))).reverse();
    for (const attempt of attempts) {
        const paths = (0,state_paths/* runPaths */.Ot)(stateDir, lane, wave, attempt);
        const r = await (0,files/* readJsonChecked */.m8)(paths.result, state_schema/* WaveResultSchema */.Sn, "result");
        if (!r.ok)
            return null;
        if (r.value.status === "dry-run")
            continue;
        if (r.value.status !== "passed")
            return null;
        const progress = await (0,files/* readJsonChecked */.m8)(paths.progress, state_progress/* ProgressSchema */.$L, "progress journal");
        if (!progress.ok || progress.value.waveFingerprint !== fingerprint)
            return null;
        return { result: r.value, resultFile: paths.result };
    }
    return null;
}
/** The waves a selection names, in order; a wave that does not exist is a usage error. */
function selectedWaves(spec, project) {
    const selection = (0,plan/* parseWaveSelection */.T)(spec);
    if (!selection.ok)
        throw new errors/* UserError */.yo(selection.error, 2);
    const known = [...new Set([...project.waves.map((w) => w.wave), ...project.diagnostics.flatMap((d) => (d.wave === undefined ? [] : [d.wave]))])].sort((a, b) => a - b);
    const wanted = selection.waves === "all" ? known : selection.waves;
    const missing = wanted.filter((w) => !known.includes(w));
    if (missing.length > 0) {
        throw new errors/* UserError */.yo(`wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${known.join(", ") || "none"})`, 2);
    }
    if (wanted.length === 0)
        throw new errors/* UserError */.yo(`no waves in ${project.lane.wavesDir}`, 2);
    return wanted;
}
/**
 * Runs the waves `spec` selects in order (see the module comment). `optionsFor(wave)` gives the
 * engine options of one wave. Returns the exit code: 0 when every selected wave passed (or was a
 * dry run), else the code of the wave that stopped the sequence.
 */
async function runWaves(spec, optionsFor, io, extra) {
    const base = optionsFor(0);
    const project = projectOf(base);
    const waves = selectedWaves(spec, project);
    if ((base.rerun ?? []).length > 0) {
        if (waves.length !== 1)
            throw new errors/* UserError */.yo("--rerun applies to one wave: use --wave N --rerun ID,ID", 2);
        checkRerun({ ...base, wave: waves[0] }, project);
    }
    const progress = extra.json ? io.stderr : io.stdout;
    const done = [];
    let feedbackGiven = false;
    for (const [index, wave] of waves.entries()) {
        const options = optionsFor(wave);
        const definition = project.waves.find((w) => w.wave === wave);
        const header = `wave ${wave} (${index + 1} of ${waves.length}: waves ${waves.join(", ")})`;
        if (definition && options.resume !== "never" && !options.dryRun) {
            const earlier = await recordedPass(options.stateDir, project.laneName, wave, definition.fingerprint);
            if (earlier) {
                progress(`== ${header}: passed earlier (attempt ${earlier.result.attempt}); skipped\n`);
                if (extra.json)
                    io.stdout(`${JSON.stringify(earlier.result)}\n`);
                done.push(wave);
                continue;
            }
        }
        progress(`== ${header}: running\n`);
        // A human's answer (--feedback) is for the wave this invocation resumes: the first that runs.
        const runOptions = feedbackGiven ? { ...options, feedback: null } : options;
        feedbackGiven = true;
        const stopped = () => {
            const rest = waves.slice(index + 1);
            progress(`== stopped at wave ${wave}${done.length > 0 ? ` (passed: ${done.join(", ")})` : ""}` +
                `${rest.length > 0 ? `; not started: ${rest.join(", ")}` : ""}. ` +
                `Run the same command again to resume from wave ${wave}.\n`);
        };
        let code;
        try {
            code = await (0,run_and_report/* runAndReport */.FG)(runOptions, io, { json: extra.json, jsonLines: true, cliArgv: extra.cliArgv });
        }
        catch (error) {
            // The wave could not start (invalid, locked by another run…): the message follows this line.
            stopped();
            throw error;
        }
        if (code !== 0) {
            stopped();
            return code;
        }
        done.push(wave);
        const signal = (0,interrupt/* interruptedBy */.kH)();
        if (signal)
            return (0,interrupt/* exitCodeOfSignal */.fH)(signal);
    }
    progress(`== ${base.dryRun ? "dry run of" : "passed:"} waves ${done.join(", ")}\n`);
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/run.ts
/**
 * `wave run`: flags → engine options; live view on a terminal, plain lines otherwise; the result
 * (and only the result with --json) at the end; exit code from the wave status. The run itself
 * (engine, view, output) is run-and-report.ts, shared with `--waves` (supervise.ts) and `demo`.
 */













// Re-exported for what is built on `wave run` (rehearse/command.ts) and its tests.

/** `wave run`'s table: the shared run flags, and the flags only `wave run` has. */
const RUN_COMMAND_OPTIONS = {
    wave: { type: "string", value: "N", description: "the wave to run (or --waves)" },
    waves: {
        type: "string",
        value: "all|N-M|N,M,...",
        description: "these waves in order; stops at the first that does not pass",
    },
    ...(({ wave: _wave, ...rest }) => rest)(run_options/* RUN_OPTIONS */.p),
    rerun: {
        type: "string",
        multiple: true,
        value: "ID,ID",
        description: "run these agents again, and the closure after them, even if reusable",
    },
};
const RUN_HELP = {
    name: "run",
    usage: "--wave N | --waves all|N-M|N,M,... [options]",
    about: "Starts the wave's agents (the executors named in the wave files: codex, claude and opencode\n" +
        "bill their provider), checks every gate from the agents' markers, and records the result under\n" +
        "the state directory. A live view on a terminal, plain lines otherwise.\n\n" +
        "--waves runs several waves one after the other in the same work tree, each on the changes of\n" +
        "the ones before, and stops at the first that does not pass. Run the same command again to\n" +
        "resume: waves whose latest result passed (wave file unchanged) are skipped, and the wave that\n" +
        "stopped resumes from what it recorded. With --json, one result per wave, one JSON line each.\n\n" +
        "Another terminal can follow a run: wave status --wave N --watch, or wait for its end:\n" +
        "wave wait --wave N.",
    options: RUN_COMMAND_OPTIONS,
    globals: true,
    examples: [
        "wave run --wave 1 --dry-run        # prompts and launch previews only; nothing starts",
        "wave run --wave 1 --executor local # every agent with the built-in local executor",
        "wave run --wave 1 --json           # progress on stderr, result.json on stdout",
        "wave run --waves 1-3               # waves 1, 2, 3 in order; again to resume where it stopped",
        "wave run --wave 2 --rerun A3,A5    # A3 and A5 run again, and the closure after them",
        "wave run --wave 1 --project api    # the config's projects.api entry",
    ],
    exitCodes: help/* RUN_EXIT_CODES */.ab,
};
/** `--rerun A3,A5` (repeatable): the agent ids, in the order given, without repeats. */
function rerunIds(p) {
    const ids = (0,args/* listFlag */.v6)(p, "rerun").flatMap((v) => v.split(","));
    const out = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ""))];
    if ((0,args/* listFlag */.v6)(p, "rerun").length > 0 && out.length === 0)
        throw new errors/* UserError */.yo("--rerun needs agent ids (e.g. --rerun A3,A5)");
    return out;
}
/** Engine options from the flags; `wave` is the wave to run when `--waves` chose it (else `--wave`). */
function runOptionsFromFlags(p, io, chosenWave) {
    const g = (0,global_options/* globalOptions */.Wq)(p, io);
    const wave = chosenWave ?? (0,args/* parseWaveNumber */.w3)((0,args/* stringFlag */.AM)(p, "wave"), "--wave");
    if (wave === undefined)
        throw new errors/* UserError */.yo("--wave N is required");
    const executor = (0,args/* stringFlag */.AM)(p, "executor");
    if (executor !== undefined && !schema/* EXECUTOR_IDS */.rz.includes(executor)) {
        throw new errors/* UserError */.yo(`--executor must be one of ${schema/* EXECUTOR_IDS */.rz.join(", ")} (got "${executor}")`);
    }
    const n = (flag, fallback, opts = {}) => (0,args/* parseNumber */.$J)((0,args/* stringFlag */.AM)(p, flag), `--${flag}`, opts) ?? fallback;
    const sandbox = (0,options/* parseSandboxMode */.cV)((0,args/* stringFlag */.AM)(p, "sandbox"), "--sandbox");
    const base = n("rate-limit-base-delay-seconds", options/* DEFAULT_RUN_OPTIONS */.pI.rateLimitBaseDelaySeconds);
    const max = n("rate-limit-max-delay-seconds", options/* DEFAULT_RUN_OPTIONS */.pI.rateLimitMaxDelaySeconds);
    if (max < base)
        throw new errors/* UserError */.yo(`--rate-limit-max-delay-seconds (${max}) must be at least --rate-limit-base-delay-seconds (${base})`);
    const idle = n("idle-timeout-minutes", 0);
    const resumeRaw = (0,args/* stringFlag */.AM)(p, "resume") ?? "auto";
    const resume = resumeRaw === "auto" || resumeRaw === "never" ? resumeRaw : { dir: external_node_path_default().resolve(io.cwd, resumeRaw), explicit: true };
    return {
        ...g,
        wave,
        executor: executor,
        dryRun: (0,args/* boolFlag */.lB)(p, "dry-run"),
        timeoutMinutes: n("timeout-minutes", options/* DEFAULT_RUN_OPTIONS */.pI.timeoutMinutes, { allowZero: false }),
        idleTimeoutMinutes: idle > 0 ? idle : null,
        maxAttempts: n("max-attempts", options/* DEFAULT_RUN_OPTIONS */.pI.maxAttempts, { integer: true, min: 1 }),
        maxParallelAgents: n("max-parallel-agents", 0, { integer: true }),
        rateLimitRetries: n("rate-limit-retries", options/* DEFAULT_RUN_OPTIONS */.pI.rateLimitRetries, { integer: true }),
        rateLimitBaseDelaySeconds: base,
        rateLimitMaxDelaySeconds: max,
        resume,
        forceResume: (0,args/* boolFlag */.lB)(p, "force-resume"),
        feedback: (0,args/* stringFlag */.AM)(p, "feedback") ?? null,
        tmux: (0,args/* boolFlag */.lB)(p, "tmux"),
        requireMarkerNonce: (0,args/* boolFlag */.lB)(p, "require-marker-nonce"),
        allowGithubToken: (0,args/* boolFlag */.lB)(p, "allow-github-token"),
        redact: [],
        captureChanges: true,
        agentUser: (0,choice/* parseAgentUser */.Uu)((0,args/* stringFlag */.AM)(p, "agent-user"), "--agent-user"),
        maxBudgetUsd: (0,args/* parseNumber */.$J)((0,args/* stringFlag */.AM)(p, "max-budget-usd"), "--max-budget-usd", { allowZero: false }) ?? null,
        resumeSessions: (0,args/* parseBoolean */.yG)((0,args/* stringFlag */.AM)(p, "resume-sessions"), "--resume-sessions", options/* DEFAULT_RUN_OPTIONS */.pI.resumeSessions),
        modelProxy: (0,options/* parseModelProxyMode */.QT)((0,args/* stringFlag */.AM)(p, "model-proxy"), "--model-proxy", options/* DEFAULT_RUN_OPTIONS */.pI.modelProxy),
        // Unset: the config's `sandbox` (or its lane's) decides, else off.
        ...(sandbox ? { sandbox } : {}),
        rerun: rerunIds(p),
    };
}
async function runCommand(argv, io) {
    const p = (0,args/* parseCommandArgs */.Qx)("run", argv, RUN_COMMAND_OPTIONS);
    if (p.positionals.length > 0)
        throw new errors/* UserError */.yo(`unexpected argument "${p.positionals[0]}"`);
    const json = (0,args/* outputFormat */.B$)(p, ["text", "json"], "text") === "json";
    const wavesSpec = (0,args/* stringFlag */.AM)(p, "waves");
    if (wavesSpec !== undefined && (0,args/* stringFlag */.AM)(p, "wave") !== undefined)
        throw new errors/* UserError */.yo("give --wave N or --waves, not both");
    if (wavesSpec !== undefined) {
        const first = runOptionsFromFlags(p, io, 0);
        if (!first.dryRun && (0,elevate.mustElevate)(first.agentUser, io.env))
            return (0,elevate.runElevated)((0,cli_self/* selfCliArgv */.Rk)(), ["run", ...argv], io.env);
        return runWaves(wavesSpec, (wave) => runOptionsFromFlags(p, io, wave), io, { json, cliArgv: (0,cli_self/* selfCliArgv */.Rk)() });
    }
    const options = runOptionsFromFlags(p, io);
    if (options.rerun && options.rerun.length > 0)
        checkRerun(options);
    // Agents as another OS user may need this command to run again as root (passwordless sudo).
    if (!options.dryRun && (0,elevate.mustElevate)(options.agentUser, io.env))
        return (0,elevate.runElevated)((0,cli_self/* selfCliArgv */.Rk)(), ["run", ...argv], io.env);
    return (0,run_and_report/* runAndReport */.FG)(options, io, { json, cliArgv: (0,cli_self/* selfCliArgv */.Rk)() });
}


/***/ }),

/***/ 4483:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ parseWaveSelection),
/* harmony export */   V: () => (/* binding */ planCommand)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _wave_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2521);
/* harmony import */ var _wave_project_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(496);
/* harmony import */ var _wave_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7693);
/**
 * `wave plan`: the waves of the lane (or a selection) with their agents, and the workflow matrix
 * `{include:[{wave:N},…]}`. Exit 2 for a bad `--waves` spec or a wave that does not exist (and
 * configuration problems), 1 when a selected wave (or the project as a whole) has errors.
 */




/** Parses `all`, `N`, `N-M`, `N,M,...` (items may mix: `0,2-4`). */
function parseWaveSelection(spec) {
    const s = spec.trim();
    if (s === "")
        return { ok: false, error: `--waves is empty (use all, N, N-M or N,M,...)` };
    if (s.toLowerCase() === "all")
        return { ok: true, waves: "all" };
    const out = new Set();
    for (const raw of s.split(",")) {
        const item = raw.trim();
        const m = /^(\d{1,9})(?:\s*-\s*(\d{1,9}))?$/.exec(item);
        if (!m)
            return { ok: false, error: `invalid --waves "${spec}": "${item}" is not a wave number or range (use all, N, N-M or N,M,...)` };
        const from = Number(m[1]);
        const to = m[2] === undefined ? from : Number(m[2]);
        if (to < from)
            return { ok: false, error: `invalid --waves "${spec}": range ${item} runs backwards` };
        if (to - from > 100_000)
            return { ok: false, error: `invalid --waves "${spec}": range ${item} is too large` };
        for (let n = from; n <= to; n++)
            out.add(n);
    }
    return { ok: true, waves: [...out].sort((a, b) => a - b) };
}
function table(rows) {
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  ").trimEnd()).join("\n");
}
function renderText(plan) {
    const lines = [`lane ${plan.lane}: ${plan.waves.length} wave${plan.waves.length === 1 ? "" : "s"}`];
    for (const w of plan.waves) {
        lines.push("", `wave ${w.wave}${w.title ? ` - ${w.title}` : ""} (${w.file})`);
        const rows = [["agent", "role", "executor", "title"]];
        for (const a of w.agents)
            rows.push([a.id, a.closureStage ? `${a.role} (closure)` : a.role, a.executor ?? "?", a.title]);
        lines.push(...table(rows).split("\n").map((l) => `  ${l}`));
    }
    lines.push("", `matrix: ${JSON.stringify(plan.matrix)}`);
    return `${lines.join("\n")}\n`;
}
async function planCommand(opts) {
    const selection = parseWaveSelection(opts.waves);
    if (!selection.ok)
        return { stdout: "", stderr: `${selection.error}\n`, exitCode: 2 };
    let project;
    try {
        project = (0,_wave_project_js__WEBPACK_IMPORTED_MODULE_2__/* .loadProject */ .gi)({ root: opts.root, configPath: opts.configPath, lane: opts.lane, project: opts.project, cliExecutor: opts.cliExecutor });
    }
    catch (e) {
        if ((0,_wave_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__/* .isWaveInputError */ .GN)(e) || (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isUserError */ .iU)(e))
            return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
        throw e;
    }
    const known = new Set([...project.waves.map((w) => w.wave), ...project.diagnostics.flatMap((d) => (d.wave === undefined ? [] : [d.wave]))]);
    const wanted = selection.waves === "all" ? [...known].sort((a, b) => a - b) : selection.waves;
    const missing = wanted.filter((n) => !known.has(n));
    if (missing.length > 0) {
        return {
            stdout: "",
            stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].sort((a, b) => a - b).join(", ") || "none"})\n`,
            exitCode: 2,
        };
    }
    const errors = project.diagnostics.filter((d) => (0,_wave_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__/* .isError */ .bJ)(d) && (d.wave === undefined || wanted.includes(d.wave)));
    if (errors.length > 0) {
        const cwd = opts.cwd ?? process.cwd();
        const text = errors.map((d) => (0,_wave_diagnostics_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDiagnosticText */ .Kv)(d, (0,_wave_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .displayPath */ .Gt)(opts.root, d.file, cwd))).join("\n");
        return { stdout: "", stderr: `${text}\nwave plan: ${errors.length} error${errors.length === 1 ? "" : "s"}; fix them with \`wave validate\`\n`, exitCode: 1 };
    }
    const waves = project.waves.filter((w) => wanted.includes(w.wave)).map(_wave_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .summarizeWave */ .F7);
    const plan = { lane: project.laneName, waves, matrix: { include: waves.map((w) => ({ wave: w.wave })) } };
    return { stdout: opts.format === "json" ? `${JSON.stringify(plan)}\n` : renderText(plan), stderr: "", exitCode: 0 };
}


/***/ }),

/***/ 7693:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F7: () => (/* binding */ summarizeWave),
/* harmony export */   Gt: () => (/* binding */ displayPath),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   gZ: () => (/* binding */ diagnosticJson)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Small views of loaded waves and diagnostics for command output (`wave validate`, `wave plan`).
 */

function summarizeWave(wave) {
    return {
        wave: wave.wave,
        file: wave.file,
        title: wave.title,
        agents: wave.agents.map((a) => ({
            id: a.agentId,
            title: a.title,
            role: a.role ?? "implementation",
            closureStage: a.closureStage ?? null,
            executor: a.resolvedExecutor?.id ?? null,
            model: a.resolvedExecutor?.model ?? null,
        })),
    };
}
/** The JSON shape of one diagnostic in command output. */
function diagnosticJson(d, file = d.file) {
    return {
        file,
        line: d.line,
        ...(d.column !== undefined ? { column: d.column } : {}),
        message: d.message,
        ...(d.wave !== undefined ? { wave: d.wave } : {}),
        ...(d.agentId !== undefined ? { agentId: d.agentId } : {}),
    };
}
const isPseudoPath = (file) => file.startsWith("(");
/**
 * A diagnostic's file as seen from `base` (the current directory, or the GitHub workspace):
 * relative when inside `base`, absolute otherwise. Diagnostic files are repository-relative.
 */
function displayPath(root, file, base) {
    if (isPseudoPath(file))
        return file;
    const abs = node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(root, file);
    const rel = node_path__WEBPACK_IMPORTED_MODULE_0___default().relative(base, abs);
    if (rel === "")
        return ".";
    if (rel.startsWith("..") || node_path__WEBPACK_IMPORTED_MODULE_0___default().isAbsolute(rel))
        return abs.split((node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)).join("/");
    return rel.split((node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)).join("/");
}
/** `1 error`, `3 errors`. */
function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
}


/***/ })

};

//# sourceMappingURL=491.index.js.map