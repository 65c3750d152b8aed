export const id = 656;
export const ids = [656];
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

/***/ 6656:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  VALIDATE_HELP: () => (/* binding */ VALIDATE_HELP),
  validateCliCommand: () => (/* binding */ validateCliCommand)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var wave_diagnostics = __webpack_require__(2521);
// EXTERNAL MODULE: ./src/wave/project.ts
var wave_project = __webpack_require__(496);
// EXTERNAL MODULE: ./src/wave/summary.ts
var summary = __webpack_require__(7693);
;// CONCATENATED MODULE: ./src/commands/validate.ts
/**
 * `wave validate`: parse and validate every wave file of the lane; report in text, JSON or as
 * GitHub workflow commands. Exit 0 valid (warnings allowed), 1 validation errors, 2 configuration
 * or environment problems (malformed wave.config.json, missing waves directory, unknown wave).
 *
 * With `explain` (the CLI's text output) it also says which rules the config turned on, each with
 * the key that turns it off, and which are off — or that there is no config and the lenient
 * defaults apply. The rules themselves live in wave/validate.ts; docs/config.md describes every key.
 */




const TITLE = "wave validate";
function render(opts, diagnostics, waves, lane) {
    const cwd = opts.cwd ?? process.cwd();
    const env = opts.env ?? process.env;
    const errors = diagnostics.filter(wave_diagnostics/* isError */.bJ);
    const warnings = diagnostics.filter((d) => !(0,wave_diagnostics/* isError */.bJ)(d));
    if (opts.format === "json") {
        const payload = {
            ok: errors.length === 0,
            lane,
            waves: waves.map((w) => ({
                wave: w.wave,
                file: w.file,
                title: w.title,
                agents: w.agents.map((a) => ({ id: a.id, title: a.title, role: a.role, closureStage: a.closureStage, executor: a.executor })),
            })),
            errors: errors.map((d) => (0,summary/* diagnosticJson */.gZ)(d)),
            warnings: warnings.map((d) => (0,summary/* diagnosticJson */.gZ)(d)),
        };
        return { stdout: `${JSON.stringify(payload, null, 2)}\n`, errors: errors.length, warnings: warnings.length };
    }
    const lines = [];
    if (opts.format === "github") {
        const workspace = env.GITHUB_WORKSPACE || opts.root;
        for (const d of diagnostics)
            lines.push((0,wave_diagnostics/* formatDiagnosticGithub */.uF)(d, (0,summary/* displayPath */.Gt)(opts.root, d.file, workspace), TITLE));
    }
    else {
        for (const d of diagnostics)
            lines.push((0,wave_diagnostics/* formatDiagnosticText */.Kv)(d, (0,summary/* displayPath */.Gt)(opts.root, d.file, cwd)));
    }
    const agents = waves.reduce((n, w) => n + w.agents.length, 0);
    lines.push(errors.length === 0
        ? `${TITLE}: ${(0,summary/* plural */.LS)(waves.length, "wave")}, ${(0,summary/* plural */.LS)(agents, "agent")}: valid${warnings.length ? ` (${(0,summary/* plural */.LS)(warnings.length, "warning")})` : ""}`
        : `${TITLE}: ${(0,summary/* plural */.LS)(errors.length, "error")}${warnings.length ? `, ${(0,summary/* plural */.LS)(warnings.length, "warning")}` : ""} in ${(0,summary/* plural */.LS)(waves.length, "wave")}`);
    return { stdout: `${lines.join("\n")}\n`, errors: errors.length, warnings: warnings.length };
}
const THRESHOLD_RULES = [
    ["requireExitContractsFromWave", "implementation agents declare an exit contract"],
    ["requireDocumentationStewardFromWave", "exactly one documentation steward, owning the shared plan docs"],
    ["requireIntegrationStewardFromWave", "exactly one integration steward"],
    ["requireComponentPromotionsFromWave", 'a "## Component promotions" section that matches the component cutover matrix'],
    ["requireAgentComponentsFromWave", 'implementation agents list their components under "### Components"'],
    ["requireContext7DeclarationsFromWave", '"## Context7 defaults" and "### Context7" sections'],
];
/**
 * The rules a lane's config turned on, each with the key (and value) that turns it off, then the
 * optional rules that are off. Without a config: one line saying the lenient defaults apply.
 */
function explainRules(lane, configFile) {
    if (!lane.hasConfig) {
        return ["Rules: no wave.config.json, so the lenient defaults apply (no closure agent required). `wave init` writes a config; docs/config.md describes every key."];
    }
    const v = lane.validation;
    const on = [
        `cont-QA agent ${lane.roles.contQaAgentId} closes every wave — always with a config (remove ${configFile ?? "wave.config.json"} for the lenient defaults)`,
    ];
    const off = [];
    for (const [key, what] of THRESHOLD_RULES) {
        const from = v[key];
        if (from === null)
            off.push(`validation.${key}`);
        else
            on.push(`${what}, from wave ${from} — validation.${key}: null turns it off`);
    }
    if (v.requiredPromptReferences.length > 0) {
        on.push(`every prompt mentions ${v.requiredPromptReferences.join(", ")} — validation.requiredPromptReferences: [] turns it off`);
    }
    else
        off.push("validation.requiredPromptReferences");
    const mix = Object.entries(lane.runtimePolicy.runtimeMixTargets);
    if (mix.length > 0) {
        on.push(`at most ${mix.map(([id, n]) => `${n} ${id}`).join(", ")} agents per wave — runtimePolicy.runtimeMixTargets: {} turns it off`);
    }
    else
        off.push("runtimePolicy.runtimeMixTargets");
    if (lane.runtimePolicy.requireMarkerNonce)
        on.push("closure markers carry the run's nonce — runtimePolicy.requireMarkerNonce: false turns it off");
    else
        off.push("runtimePolicy.requireMarkerNonce");
    const lines = [`Rules ${configFile ?? "wave.config.json"} turns on (docs/config.md describes every key):`, ...on.map((l) => `  - ${l}`)];
    if (off.length > 0)
        lines.push(`Off: ${off.join(", ")}.`);
    return lines;
}
async function validateCommand(opts) {
    let project;
    try {
        project = (0,wave_project/* loadProject */.gi)({ root: opts.root, configPath: opts.configPath, lane: opts.lane, project: opts.project });
    }
    catch (e) {
        if ((0,wave_diagnostics/* isWaveInputError */.GN)(e)) {
            const out = render(opts, e.diagnostics, [], null);
            return { stdout: opts.format === "text" ? "" : out.stdout, stderr: `${e.message}\n`, exitCode: 2 };
        }
        if ((0,errors/* isUserError */.iU)(e))
            return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
        throw e;
    }
    const selected = opts.waves && opts.waves.length > 0 ? [...new Set(opts.waves)].sort((a, b) => a - b) : null;
    const known = new Set(project.waves.map((w) => w.wave));
    const knownFiles = new Set(project.diagnostics.filter((d) => d.wave !== undefined).map((d) => d.wave));
    if (selected) {
        const missing = selected.filter((n) => !known.has(n) && !knownFiles.has(n));
        if (missing.length > 0) {
            return {
                stdout: "",
                stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].join(", ") || "none"})\n`,
                exitCode: 2,
            };
        }
    }
    const diagnostics = selected
        ? project.diagnostics.filter((d) => d.wave === undefined || selected.includes(d.wave))
        : project.diagnostics;
    const waves = project.waves.filter((w) => !selected || selected.includes(w.wave)).map(summary/* summarizeWave */.F7);
    const out = render(opts, diagnostics, waves, project.laneName);
    const rules = opts.explain && opts.format === "text" ? `${explainRules(project.lane, project.lane.configFile).join("\n")}\n` : "";
    return { stdout: out.stdout + rules, stderr: "", exitCode: out.errors > 0 ? 1 : 0 };
}

// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/global-options.ts
var global_options = __webpack_require__(2724);
// EXTERNAL MODULE: ./src/cli/run-options.ts
var run_options = __webpack_require__(9952);
;// CONCATENATED MODULE: ./src/cli/validate-command.ts
/** `wave validate`: parses and validates the lane's wave files (text, JSON or GitHub annotations). */




const VALIDATE_OPTIONS = {
    project: run_options/* RUN_OPTIONS */.p.project,
    wave: { type: "string", multiple: true, value: "N", description: "report only this wave (all wave files are still checked)", defaultText: "every wave" },
    ...(0,args/* formatFlags */.dg)(["text", "json", "github"]),
};
const VALIDATE_HELP = {
    name: "validate",
    usage: "[--wave N]... [--format text|json|github]",
    about: "Parses and validates every wave file of the lane. `github` prints GitHub workflow annotations.",
    options: VALIDATE_OPTIONS,
    globals: true,
    examples: ["wave validate", "wave validate --wave 2 --json", "wave validate --format github   # annotations in a workflow"],
    exitCodes: ["0  valid (warnings allowed)", "1  validation errors", "2  usage or configuration error (no waves directory, unknown wave)"],
};
async function validateCliCommand(argv, io) {
    const p = (0,args/* parseCommandArgs */.Qx)("validate", argv, VALIDATE_OPTIONS);
    (0,global_options/* noPositionals */.d0)(p);
    const format = (0,args/* outputFormat */.B$)(p, ["text", "json", "github"], "text");
    const g = (0,global_options/* globalOptions */.Wq)(p, io);
    const waves = (0,args/* listFlag */.v6)(p, "wave").map((w) => (0,args/* parseWaveNumber */.w3)(w, "--wave"));
    const out = await validateCommand({ ...g, waves, format, explain: true });
    if (out.stdout)
        io.stdout(out.stdout);
    if (out.stderr)
        io.stderr(out.stderr);
    return out.exitCode;
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

//# sourceMappingURL=656.index.js.map