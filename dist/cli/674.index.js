export const id = 674;
export const ids = [674];
export const modules = {

/***/ 4674:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FEEDBACK_ANSWER_HELP: () => (/* binding */ FEEDBACK_ANSWER_HELP),
/* harmony export */   FEEDBACK_ANSWER_OPTIONS: () => (/* binding */ FEEDBACK_ANSWER_OPTIONS),
/* harmony export */   feedbackAnswerCommand: () => (/* binding */ feedbackAnswerCommand)
/* harmony export */ });
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _feedback_open_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3539);
/* harmony import */ var _feedback_requests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6869);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7593);
/* harmony import */ var _global_options_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2724);
/**
 * `wave feedback answer <request-id> "text"`: answers an agent's question. An agent waiting
 * (`wave feedback ask --wait`) gets the answer at once and goes on; a question of a wave that ended
 * blocked is answered for its next run (the asking agent runs again with the answer).
 */







const FEEDBACK_ANSWER_OPTIONS = {
    ..._global_options_js__WEBPACK_IMPORTED_MODULE_6__/* .PROJECT_OPTION */ .s8,
};
const FEEDBACK_ANSWER_HELP = {
    name: "feedback answer",
    usage: '<request-id> "answer"',
    about: "Answers the question an agent asked with `wave feedback ask` (the id is in `wave status` and in\n" +
        "the live view). An agent waiting with --wait gets the answer at once and goes on. A question of\n" +
        "a wave that ended blocked is answered for the wave's next run: `wave run` resumes, and the\n" +
        "asking agent runs again with the answer.",
    options: FEEDBACK_ANSWER_OPTIONS,
    globals: true,
    examples: ['wave feedback answer feedback-20260101T120000Z-A1-1a2b3c "Use Postgres; Redis is not deployed."'],
    exitCodes: ["0  answered", "2  usage error: no such open question, or no answer text"],
};
function whoAnswers() {
    try {
        return node_os__WEBPACK_IMPORTED_MODULE_0___default().userInfo().username || null;
    }
    catch {
        return null;
    }
}
async function feedbackAnswerCommand(argv, io) {
    const p = (0,_args_js__WEBPACK_IMPORTED_MODULE_5__/* .parseCommandArgs */ .Qx)("feedback answer", argv, FEEDBACK_ANSWER_OPTIONS);
    const [id, ...words] = p.positionals;
    if (!id || words.length === 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo('usage: wave feedback answer <request-id> "answer"');
    const answer = words.join(" ");
    if (answer.trim() === "")
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo("the answer is empty");
    const g = (0,_global_options_js__WEBPACK_IMPORTED_MODULE_6__/* .globalOptions */ .Wq)(p, io);
    const found = await (0,_feedback_open_js__WEBPACK_IMPORTED_MODULE_3__/* .findRequests */ .gf)(g.stateDir, id);
    if (found.length === 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`no question ${id} under ${g.stateDir} (wave status --wave N lists the open ones)`);
    const open = found.filter((f) => f.request.status === "pending");
    const target = open[0];
    if (!target) {
        const done = found[0].request;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`question ${id} was already answered${done.answeredAt ? ` (${done.answeredAt})` : ""}: ${done.answer ?? ""}`);
    }
    await (0,_feedback_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .answerFeedbackRequest */ .Hb)({ runDir: target.runDir, id, answer, answeredBy: whoAnswers(), storeIn: [target.waveDir] });
    const r = target.request;
    const where = `${node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(target.waveDir))} wave ${r.wave ?? "?"}, ${node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(target.runDir)}`;
    io.stdout(`Answered ${r.agentId}'s question ${id} (${where}).\n`);
    return 0;
}


/***/ }),

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

/***/ 3539:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gf: () => (/* binding */ findRequests),
/* harmony export */   k3: () => (/* binding */ answerCommand),
/* harmony export */   mn: () => (/* binding */ renderOpenQuestions),
/* harmony export */   rb: () => (/* binding */ watchOpenQuestions)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _resume_local_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9684);
/* harmony import */ var _requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6869);
/**
 * Finding questions from the state directory's side (a human's terminal): the open questions of a
 * run, the request an id names in any lane, wave and attempt, and the exact command that answers
 * one (`wave status` and the live view print it).
 */




/** Quotes a word for a POSIX shell when it needs it. */
function shellWord(word) {
    return /^[A-Za-z0-9_./:@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
/**
 * The command that answers request `id`. `extra`: global flags the asker's terminal needs to find
 * the same state directory (e.g. `--project api`).
 */
function answerCommand(id, extra = []) {
    return ["wave feedback answer", shellWord(id), ...extra.map(shellWord), '"<answer>"'].join(" ");
}
/** One line per open question, with the command that answers it. */
function renderOpenQuestions(requests, extra = []) {
    if (requests.length === 0)
        return "";
    const lines = [`Open question${requests.length === 1 ? "" : "s"} (waiting for a human):`];
    for (const r of requests) {
        const question = r.question.replace(/\s+/g, " ").trim();
        lines.push(`  ${r.agentId} asks (${r.id}): ${question.length > 300 ? `${question.slice(0, 299)}…` : question}`);
        lines.push(`    answer: ${answerCommand(r.id, extra)}`);
    }
    return `${lines.join("\n")}\n`;
}
async function dirs(parent, pattern) {
    try {
        return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(parent, { withFileTypes: true }))
            .filter((e) => e.isDirectory() && pattern.test(e.name))
            .map((e) => e.name)
            .sort();
    }
    catch {
        return [];
    }
}
/**
 * Every request with this id under the state directory (every lane, wave and attempt), newest
 * attempt first. A request carried into a resumed run keeps its id, so one id may be found in
 * several attempts of a wave.
 */
async function findRequests(stateDir, id) {
    const found = [];
    for (const lane of await dirs(stateDir, /^[A-Za-z0-9][A-Za-z0-9_-]*$/)) {
        for (const wave of await dirs(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(stateDir, lane), /^wave-\d+$/)) {
            const waveDir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(stateDir, lane, wave);
            for (const attempt of (await (0,_resume_local_js__WEBPACK_IMPORTED_MODULE_2__/* .listAttempts */ .NN)(waveDir)).reverse()) {
                const runDir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(waveDir, `attempt-${attempt}`);
                const request = (await (0,_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readFeedbackRequests */ .s3)(runDir, { includeAnswered: true })).find((r) => r.id === id);
                if (request)
                    found.push({ request, runDir, waveDir });
            }
        }
    }
    return found;
}
/**
 * Tells `onOpen` once about each question of the run directory that is waiting for a human, while
 * the run goes on (the live view of `wave run`). Reads the run's feedback directory every `pollMs`;
 * returns the function that stops it.
 */
function watchOpenQuestions(runDir, onOpen, pollMs = 1000) {
    const told = new Set();
    let busy = false;
    const look = () => {
        if (busy)
            return;
        busy = true;
        (0,_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readFeedbackRequests */ .s3)(runDir)
            .then((pending) => {
            for (const r of pending) {
                if (told.has(r.id))
                    continue;
                told.add(r.id);
                onOpen(r);
            }
        })
            .catch(() => undefined)
            .finally(() => {
            busy = false;
        });
    };
    const timer = setInterval(look, pollMs);
    timer.unref();
    return () => clearInterval(timer);
}


/***/ })

};

//# sourceMappingURL=674.index.js.map