export const id = 89;
export const ids = [89];
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

/***/ 2089:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WAIT_HELP: () => (/* binding */ WAIT_HELP),
/* harmony export */   WAIT_OPTIONS: () => (/* binding */ WAIT_OPTIONS),
/* harmony export */   waitCommand: () => (/* binding */ waitCommand)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7593);
/* harmony import */ var _global_options_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2724);
/* harmony import */ var _watch_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8885);
/**
 * `wave wait --wave N [--timeout-minutes M]`, run by a human in another terminal while a wave
 * runs: blocks until the running wave ends and exits with its result's code (see src/cli/watch.ts).
 */




const WAIT_OPTIONS = {
    wave: { type: "string", value: "N", description: "the wave (required)" },
    "timeout-minutes": { type: "string", value: "M", description: "give up after this long (exit 124)", defaultText: "no limit" },
    ..._global_options_js__WEBPACK_IMPORTED_MODULE_2__/* .PROJECT_OPTION */ .s8,
    ...(0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .formatFlags */ .dg)(["text", "json"]),
};
const WAIT_HELP = {
    name: "wait",
    usage: "--wave N [--timeout-minutes M] [--format text|json]",
    about: "Finds the run of the wave going on in another process (through its lock in the state directory),\n" +
        "waits until it ends, prints its result's headline (or result.json with --json) and exits with\n" +
        "its code. When the wave is not running, the latest recorded result answers at once.",
    options: WAIT_OPTIONS,
    globals: true,
    examples: ["wave wait --wave 2", "wave wait --wave 2 --timeout-minutes 90 && git push"],
    exitCodes: [
        "0    the wave passed (or was a dry run)",
        "1    the wave failed, is blocked or was cancelled",
        "2    usage error, or the wave is not running and has no result",
        "124  --timeout-minutes passed first",
        "130  cancelled by Ctrl-C",
    ],
};
async function waitCommand(argv, io) {
    const p = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseCommandArgs */ .Qx)("wait", argv, WAIT_OPTIONS);
    if (p.positionals.length > 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`unexpected argument "${p.positionals[0]}"`);
    const json = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .outputFormat */ .B$)(p, ["text", "json"], "text") === "json";
    const g = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_2__/* .globalOptions */ .Wq)(p, io);
    const wave = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseWaveNumber */ .w3)((0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .stringFlag */ .AM)(p, "wave"), "--wave");
    if (wave === undefined)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo("--wave N is required");
    const minutes = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseNumber */ .$J)((0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .stringFlag */ .AM)(p, "timeout-minutes"), "--timeout-minutes", { allowZero: false });
    const lane = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_2__/* .laneOf */ .kk)(g);
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    try {
        const outcome = await (0,_watch_js__WEBPACK_IMPORTED_MODULE_3__/* .waitForWave */ .aJ)({
            stateDir: g.stateDir,
            lane,
            wave,
            timeoutMs: minutes === undefined ? null : minutes * 60_000,
            signal: controller.signal,
            onWaiting: (h) => io.stderr(`waiting for wave ${wave} (lane ${lane}; pid ${h.pid}, started ${h.startedAt})\n`),
        });
        if (outcome.timedOut) {
            io.stderr(`wave ${wave} was still running after ${minutes} minute(s); stopped waiting\n`);
            return _watch_js__WEBPACK_IMPORTED_MODULE_3__/* .WAIT_TIMEOUT_EXIT */ .vd;
        }
        if (controller.signal.aborted && !outcome.result)
            return 130;
        if (!outcome.result)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`the run of wave ${wave} ended without a result (killed?)`, 1);
        if (!outcome.waited)
            io.stderr(`wave ${wave} is not running; its latest result:\n`);
        io.stdout(json ? `${JSON.stringify(outcome.result, null, 2)}\n` : (0,_watch_js__WEBPACK_IMPORTED_MODULE_3__/* .waitLine */ .Aw)(outcome.result, outcome.resultFile));
        return (0,_watch_js__WEBPACK_IMPORTED_MODULE_3__/* .resultExitCode */ .Fg)(outcome.result);
    }
    finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
    }
}


/***/ }),

/***/ 8885:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aw: () => (/* binding */ waitLine),
/* harmony export */   BU: () => (/* binding */ renderWaveView),
/* harmony export */   Fg: () => (/* binding */ resultExitCode),
/* harmony export */   aJ: () => (/* binding */ waitForWave),
/* harmony export */   hH: () => (/* binding */ latestRun),
/* harmony export */   ms: () => (/* binding */ lockHolder),
/* harmony export */   pM: () => (/* binding */ ChangeSignal),
/* harmony export */   vd: () => (/* binding */ WAIT_TIMEOUT_EXIT)
/* harmony export */ });
/* unused harmony export renderProgress */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _feedback_open_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3539);
/* harmony import */ var _feedback_requests_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6869);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3916);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2166);
/* harmony import */ var _resume_local_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9684);
/* harmony import */ var _state_files_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(766);
/* harmony import */ var _state_lock_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2118);
/* harmony import */ var _state_paths_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(5013);
/* harmony import */ var _state_progress_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(6498);
/* harmony import */ var _state_schema_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(6858);
/* harmony import */ var _report_status_table_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(9187);
/**
 * Following a wave from another terminal, through what the running `wave run` writes to the state
 * directory:
 * - `wave wait --wave N`: finds the running wave through its lock (`<waveDir>/run.lock`, written
 *   by state/lock.ts with the holder's pid), waits until the lock is gone (or its holder died), and
 *   exits with the code of the result the run recorded (0 passed or dry run, 1 otherwise, as
 *   `wave status`). With no running wave and a result on record it exits with that result's code
 *   at once.
 * - `wave status --watch`: redraws the wave's state each time its progress journal (or result,
 *   or a question) changes, until Ctrl-C.
 *
 * Both wake on fs.watch events of the wave directory and also poll (every second), so a file
 * system without working change events only makes them a little slower.
 */















const POLL_MS = 1000;
/** Wakes its reader on any change under `dir` (when watching works) and every `pollMs`. */
class ChangeSignal {
    wake = null;
    dirty = false;
    undo = [];
    constructor(dir, pollMs = POLL_MS) {
        try {
            const watcher = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.watch)(dir, { recursive: true }, () => this.fire());
            watcher.on("error", () => undefined);
            this.undo.push(() => watcher.close());
        }
        catch {
            // No change events here (or no directory yet): the poll alone.
        }
        const timer = setInterval(() => this.fire(), pollMs);
        this.undo.push(() => clearInterval(timer));
    }
    fire() {
        this.dirty = true;
        const w = this.wake;
        this.wake = null;
        w?.();
    }
    /** Resolves at the next change (at once if one happened since the last call), or when `signal` aborts. */
    next(signal) {
        if (this.dirty || signal?.aborted) {
            this.dirty = false;
            return Promise.resolve();
        }
        return new Promise((resolve) => {
            const done = () => {
                signal?.removeEventListener("abort", done);
                this.dirty = false;
                resolve();
            };
            this.wake = done;
            signal?.addEventListener("abort", done, { once: true });
        });
    }
    close() {
        for (const u of this.undo)
            u();
    }
}
/** The run holding the wave's lock, when one does (a lock of a dead process on this host is none). */
async function lockHolder(waveDir) {
    let info;
    try {
        info = JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(waveDir, "run.lock"), "utf8"));
    }
    catch {
        return null;
    }
    if (typeof info?.pid !== "number" || typeof info.hostname !== "string")
        return null;
    if (info.hostname === node_os__WEBPACK_IMPORTED_MODULE_2___default().hostname() && !(0,_state_lock_js__WEBPACK_IMPORTED_MODULE_10__/* .processAlive */ .F)(info.pid))
        return null;
    return info;
}
/** The newest attempt of the wave with what it recorded so far; null when there is none. */
async function latestRun(stateDir, lane, wave) {
    const attempt = (await (0,_resume_local_js__WEBPACK_IMPORTED_MODULE_8__/* .listAttempts */ .NN)((0,_state_paths_js__WEBPACK_IMPORTED_MODULE_11__/* .waveDirOf */ .ej)(stateDir, lane, wave))).at(-1);
    if (attempt === undefined)
        return null;
    const paths = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_11__/* .runPaths */ .Ot)(stateDir, lane, wave, attempt);
    const result = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_9__/* .readJsonChecked */ .m8)(paths.result, _state_schema_js__WEBPACK_IMPORTED_MODULE_13__/* .WaveResultSchema */ .Sn, "result");
    const progress = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_9__/* .readJsonChecked */ .m8)(paths.progress, _state_progress_js__WEBPACK_IMPORTED_MODULE_12__/* .ProgressSchema */ .$L, "progress journal");
    return { attempt, runDir: paths.runDir, result: result.ok ? result.value : null, progress: progress.ok ? progress.value : null };
}
/** `wave status`'s exit code for a result. */
function resultExitCode(result) {
    return result.status === "passed" || result.status === "dry-run" ? 0 : 1;
}
/** The exit code of `wave wait` when its --timeout-minutes passed (as timeout(1)). */
const WAIT_TIMEOUT_EXIT = 124;
/**
 * Waits for the running wave's end (see the module comment). `onWaiting` is told once, when a
 * running wave was found. Throws a UserError when there is neither a running wave nor a result.
 */
async function waitForWave(input) {
    const waveDir = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_11__/* .waveDirOf */ .ej)(input.stateDir, input.lane, input.wave);
    const holder = await lockHolder(waveDir);
    if (!holder) {
        const latest = await latestRun(input.stateDir, input.lane, input.wave);
        if (latest?.result) {
            return { result: latest.result, resultFile: (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_11__/* .runPaths */ .Ot)(input.stateDir, input.lane, input.wave, latest.attempt).result, waited: false, timedOut: false };
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .UserError */ .yo(latest
            ? `wave ${input.wave} (lane ${input.lane}) is not running and its latest run (attempt ${latest.attempt}) recorded no result (killed?)`
            : `wave ${input.wave} (lane ${input.lane}) is not running and has no recorded result under ${input.stateDir}`, 2);
    }
    input.onWaiting?.(holder);
    const changes = new ChangeSignal(waveDir);
    const timeout = new AbortController();
    const timer = input.timeoutMs === null ? null : setTimeout(() => timeout.abort(), input.timeoutMs);
    const stop = AbortSignal.any([timeout.signal, ...(input.signal ? [input.signal] : [])]);
    try {
        for (;;) {
            const now = await lockHolder(waveDir);
            // Ended: the lock is gone, or now held by another run (a later one started meanwhile).
            if (!now || now.pid !== holder.pid || now.startedAt !== holder.startedAt)
                break;
            if (stop.aborted)
                return { result: null, resultFile: null, waited: true, timedOut: timeout.signal.aborted };
            await changes.next(stop);
        }
    }
    finally {
        if (timer)
            clearTimeout(timer);
        changes.close();
    }
    const latest = await latestRun(input.stateDir, input.lane, input.wave);
    return {
        result: latest?.result ?? null,
        resultFile: latest ? (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_11__/* .runPaths */ .Ot)(input.stateDir, input.lane, input.wave, latest.attempt).result : null,
        waited: true,
        timedOut: false,
    };
}
/** What `wave status --watch` shows of a run still going: its journal as a table. */
function renderProgress(progress) {
    const out = [
        `Wave ${progress.wave} (lane ${progress.lane}), attempt ${progress.attempt}: running — ${progress.phase}${progress.stage ? ` (${progress.stage})` : ""}`,
        `Started ${progress.startedAt}, updated ${progress.updatedAt}`,
        "",
    ];
    const agents = Object.entries(progress.agents);
    if (agents.length > 0) {
        const rows = agents.map(([id, a]) => [id, a.executor, a.status, a.exitCode === null ? "-" : String(a.exitCode), String(a.runs), a.statusCode]);
        out.push(...(0,_report_status_table_js__WEBPACK_IMPORTED_MODULE_14__/* .formatColumns */ .jB)(["AGENT", "EXECUTOR", "STATUS", "EXIT", "RUNS", "CODE"], rows, { maxWidths: [12, 10, 15, 5, 5, 40] }));
    }
    else {
        out.push("No agent has finished yet.");
    }
    if (progress.gates.length > 0) {
        out.push("");
        const rows = progress.gates.map((g) => [g.stage, g.agentId ?? "-", g.skipped ? "skipped" : g.ok ? "pass" : "FAIL", g.statusCode]);
        out.push(...(0,_report_status_table_js__WEBPACK_IMPORTED_MODULE_14__/* .formatColumns */ .jB)(["GATE", "AGENT", "RESULT", "CODE"], rows, { maxWidths: [24, 8, 7, 40] }));
    }
    return `${out.join("\n")}\n`;
}
/**
 * One view of the wave for `wave status --watch`: the result once written, else the journal; the
 * open questions (with the command that answers each) either way.
 */
async function renderWaveView(latest, answerFlags) {
    let text = latest.result
        ? (0,_report_index_js__WEBPACK_IMPORTED_MODULE_7__/* .renderStatusTable */ .dK)(latest.result)
        : latest.progress
            ? renderProgress(latest.progress)
            : `attempt ${latest.attempt}: starting (no progress journal yet)\n`;
    const open = await (0,_feedback_requests_js__WEBPACK_IMPORTED_MODULE_5__/* .readFeedbackRequests */ .s3)(latest.runDir).catch(() => []);
    if (open.length > 0)
        text += `\n${(0,_feedback_open_js__WEBPACK_IMPORTED_MODULE_4__/* .renderOpenQuestions */ .mn)(open, answerFlags)}`;
    return text;
}
/** The one line `wave wait` prints at the end. */
function waitLine(result, resultFile) {
    return `${(0,_report_index_js__WEBPACK_IMPORTED_MODULE_7__/* .waveHeadline */ .y6)(result)}${resultFile ? `\nResult: ${resultFile}` : ""}\n`;
}


/***/ })

};

//# sourceMappingURL=89.index.js.map