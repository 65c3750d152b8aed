export const id = 167;
export const ids = [167];
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

/***/ 167:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PLAN_HELP: () => (/* binding */ PLAN_HELP),
/* harmony export */   planCliCommand: () => (/* binding */ planCliCommand)
/* harmony export */ });
/* harmony import */ var _commands_plan_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4483);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7593);
/* harmony import */ var _global_options_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2724);
/* harmony import */ var _run_options_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9952);
/** `wave plan`: the lane's waves with their agents, and the workflow matrix. */




const PLAN_OPTIONS = {
    project: _run_options_js__WEBPACK_IMPORTED_MODULE_3__/* .RUN_OPTIONS */ .p.project,
    waves: { type: "string", value: "all|N|N-M|N,M,...", description: "the waves to list", defaultText: "all" },
    ...(0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .formatFlags */ .dg)(["text", "json"]),
};
const PLAN_HELP = {
    name: "plan",
    usage: "[--waves all|N|N-M|N,M,...] [--format text|json]",
    about: "Lists the lane's waves with their agents, and the workflow matrix {include:[{wave:N},...]}.",
    options: PLAN_OPTIONS,
    globals: true,
    examples: ["wave plan", "wave plan --waves 1-3 --json   # the matrix for a workflow"],
    exitCodes: ["0  listed", "1  a selected wave has errors", "2  usage or configuration error, or a wave that does not exist"],
};
async function planCliCommand(argv, io) {
    const p = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseCommandArgs */ .Qx)("plan", argv, PLAN_OPTIONS);
    (0,_global_options_js__WEBPACK_IMPORTED_MODULE_2__/* .noPositionals */ .d0)(p);
    const format = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .outputFormat */ .B$)(p, ["text", "json"], "text");
    const g = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_2__/* .globalOptions */ .Wq)(p, io);
    const out = await (0,_commands_plan_js__WEBPACK_IMPORTED_MODULE_0__/* .planCommand */ .V)({ ...g, waves: (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .stringFlag */ .AM)(p, "waves") ?? "all", format });
    if (out.stdout)
        io.stdout(out.stdout);
    if (out.stderr)
        io.stderr(out.stderr);
    return out.exitCode;
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

//# sourceMappingURL=167.index.js.map