export const id = 11;
export const ids = [11];
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

/***/ 7011:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LOGS_HELP: () => (/* binding */ LOGS_HELP),
/* harmony export */   LOGS_OPTIONS: () => (/* binding */ LOGS_OPTIONS),
/* harmony export */   logsCommand: () => (/* binding */ logsCommand)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6193);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_string_decoder__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3916);
/* harmony import */ var _resume_local_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9684);
/* harmony import */ var _runtime_follow_log_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2944);
/* harmony import */ var _signals_render_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2613);
/* harmony import */ var _state_paths_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5013);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7593);
/* harmony import */ var _global_options_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2724);
/**
 * `wave logs`: an agent's log. An agent whose CLI wrote a JSON transcript (launch.json's
 * `transcript`) is shown as people read it: its messages, tool calls and results rendered from the
 * events (see src/signals/render.ts); `--raw` prints the log exactly as stored. A log whose
 * launch.json records no format (older runs) renders each line that parses as a known event.
 */










const LOGS_OPTIONS = {
    wave: { type: "string", value: "N", description: "the wave (required)" },
    ..._global_options_js__WEBPACK_IMPORTED_MODULE_9__/* .PROJECT_OPTION */ .s8,
    agent: { type: "string", value: "ID", description: "the agent (required)" },
    follow: { type: "boolean", short: "f", description: "keep printing until the run writes its result (or Ctrl-C)" },
    attempt: { type: "string", value: "N", description: "the attempt (run directory)", defaultText: "the latest" },
    raw: { type: "boolean", description: "the log as stored (JSON transcripts are rendered readable otherwise)" },
};
const LOGS_HELP = {
    name: "logs",
    usage: "--wave N --agent ID [--follow] [--raw] [--attempt N]",
    options: LOGS_OPTIONS,
    globals: true,
    examples: ["wave logs --wave 1 --agent A1", "wave logs --wave 1 --agent A1 --follow   # while the wave runs"],
    exitCodes: ["0  printed", "2  usage error, or no such run or log"],
};
async function latestAttempt(stateDir, lane, wave) {
    const attempts = await (0,_resume_local_js__WEBPACK_IMPORTED_MODULE_4__/* .listAttempts */ .NN)((0,_state_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .waveDirOf */ .ej)(stateDir, lane, wave));
    const last = attempts.at(-1);
    if (last === undefined)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`no run of wave ${wave} (lane ${lane}) under ${stateDir}`, 2);
    return last;
}
/**
 * What `wave logs` prints for the log's bytes: the bytes as they are (`--raw`), or the rendered
 * view (partial lines held until complete, UTF-8 decoded across chunks).
 */
async function logView(launchFile, raw, io) {
    const decoder = new node_string_decoder__WEBPACK_IMPORTED_MODULE_2__.StringDecoder("utf8");
    const out = (text) => {
        if (text !== "")
            io.stdout(text);
    };
    if (raw)
        return { data: (chunk) => out(decoder.write(chunk)), end: () => out(decoder.end()) };
    const settings = (0,_signals_render_js__WEBPACK_IMPORTED_MODULE_6__/* .renderSettingsOfLaunch */ .iH)(await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(launchFile, "utf8").catch(() => null));
    const renderer = new _signals_render_js__WEBPACK_IMPORTED_MODULE_6__/* .TranscriptRenderer */ .yE(settings.format, settings);
    return {
        data: (chunk) => out(renderer.push(decoder.write(chunk))),
        end: () => out(renderer.push(decoder.end()) + renderer.end()),
    };
}
async function logsCommand(argv, io) {
    const p = (0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .parseCommandArgs */ .Qx)("logs", argv, LOGS_OPTIONS);
    if (p.positionals.length > 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`unexpected argument "${p.positionals[0]}"`);
    const g = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_9__/* .globalOptions */ .Wq)(p, io);
    const wave = (0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .parseWaveNumber */ .w3)((0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .stringFlag */ .AM)(p, "wave"), "--wave");
    const agent = (0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .stringFlag */ .AM)(p, "agent");
    if (wave === undefined || !agent)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo("--wave N and --agent ID are required");
    const lane = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_9__/* .laneOf */ .kk)(g);
    const attempt = (0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .parseWaveNumber */ .w3)((0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .stringFlag */ .AM)(p, "attempt"), "--attempt") ?? (await latestAttempt(g.stateDir, lane, wave));
    const run = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .runPaths */ .Ot)(g.stateDir, lane, wave, attempt);
    const paths = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .agentPaths */ .SR)(run, agent);
    const log = paths.log;
    const show = await logView(paths.launch, (0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .boolFlag */ .lB)(p, "raw"), io);
    if (!(0,_args_js__WEBPACK_IMPORTED_MODULE_8__/* .boolFlag */ .lB)(p, "follow")) {
        try {
            const handle = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.open(log, "r");
            try {
                for await (const chunk of handle.createReadStream())
                    show.data(chunk);
                show.end();
            }
            finally {
                await handle.close();
            }
            return 0;
        }
        catch (error) {
            if (error.code === "ENOENT") {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`no log for agent ${agent} in ${node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(g.root, run.runDir) || run.runDir}`, 2);
            }
            throw error;
        }
    }
    // Follow until the run writes its result (or Ctrl-C).
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    const watcher = setInterval(() => {
        node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.access(run.result).then(() => setTimeout(stop, 300), () => undefined);
    }, 500);
    try {
        await (0,_runtime_follow_log_js__WEBPACK_IMPORTED_MODULE_5__/* .followLog */ .w)(log, { signal: controller.signal, onData: show.data });
        show.end();
    }
    finally {
        clearInterval(watcher);
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
    }
    return 0;
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

/***/ 2944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ followLog)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * `tail -F` for agent logs: streams a file's content from an offset and keeps following it as it
 * grows, waits for it to appear, starts over when it is truncated or replaced, and stops when the
 * signal aborts (after one last read, so nothing written before the abort is missed).
 * Change detection uses fs.watch on the directory with a slow poll as backstop.
 */



const CHUNK_BYTES = 64 * 1024;
async function followLog(filePath, options) {
    const { signal, onData } = options;
    const pollMs = options.pollMs ?? 500;
    const base = node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(filePath);
    let offset = Math.max(0, options.fromOffset ?? 0);
    let bytes = 0;
    let handle = null;
    let inode = null;
    let wake = null;
    let dirty = true;
    const poke = () => {
        dirty = true;
        const w = wake;
        wake = null;
        w?.();
    };
    signal.addEventListener("abort", poke, { once: true });
    let watcher = null;
    const startWatcher = () => {
        if (watcher)
            return;
        try {
            watcher = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.watch)(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(filePath), (_event, name) => {
                if (name === null || String(name) === base)
                    poke();
            });
            watcher.on("error", () => {
                watcher?.close();
                watcher = null;
            });
        }
        catch {
            watcher = null; // directory missing or no watch slots: the poll still works
        }
    };
    const reopen = async () => {
        if (handle)
            return;
        try {
            handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(filePath, "r");
            const info = await handle.stat();
            if (inode !== null && info.ino !== inode)
                offset = 0; // replaced: start at its beginning
            inode = info.ino;
        }
        catch {
            handle = null;
        }
    };
    /** Reads everything available; returns when at the end of the current file. */
    const drain = async () => {
        await reopen();
        if (!handle)
            return;
        const info = await handle.stat();
        if (info.size < offset)
            offset = 0; // truncated
        const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
        for (;;) {
            const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, offset);
            if (bytesRead === 0)
                break;
            offset += bytesRead;
            bytes += bytesRead;
            await onData(Buffer.from(buffer.subarray(0, bytesRead)));
        }
        // Replaced by a new file (rotation): finish the old one (done above), then switch.
        try {
            const current = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(filePath);
            if (current.ino !== inode) {
                await handle.close();
                handle = null;
                offset = 0;
                inode = current.ino;
                dirty = true;
            }
        }
        catch {
            // Deleted: keep the open handle; a new file will be noticed on a later pass.
        }
    };
    try {
        startWatcher();
        while (!signal.aborted) {
            if (dirty) {
                dirty = false;
                await drain();
                if (!watcher)
                    startWatcher();
                continue;
            }
            await new Promise((resolve) => {
                const timer = setTimeout(() => {
                    wake = null;
                    dirty = true;
                    resolve();
                }, pollMs);
                wake = () => {
                    clearTimeout(timer);
                    resolve();
                };
            });
        }
        await drain();
        return { offset, bytes };
    }
    finally {
        signal.removeEventListener("abort", poke);
        watcher?.close();
        await handle?.close();
    }
}


/***/ })

};

//# sourceMappingURL=11.index.js.map