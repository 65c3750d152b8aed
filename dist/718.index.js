export const id = 718;
export const ids = [718];
export const modules = {

/***/ 27718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   interruptedAgents: () => (/* binding */ interruptedAgents),
/* harmony export */   leftoverAgents: () => (/* binding */ leftoverAgents),
/* harmony export */   resultFromProgress: () => (/* binding */ resultFromProgress),
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(33838);
/* harmony import */ var _artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(98795);
/* harmony import */ var _agent_user_boundary_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(90300);
/* harmony import */ var _agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7701);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(83916);
/* harmony import */ var _runtime_leftovers_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(79524);
/* harmony import */ var _security_redact_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(26767);
/* harmony import */ var _state_files_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(60766);
/* harmony import */ var _state_progress_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6498);
/* harmony import */ var _state_schema_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(76858);
/* harmony import */ var _usage_totals_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(87288);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(24824);
/* harmony import */ var _shared_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(30205);
/* harmony import */ var _state_artifact_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(36486);
/**
 * The action's post step (runs `always()`): when the main step could not upload the wave's state
 * — killed, cancelled, crashed — this step ends any agent process still running, completes
 * result.json from the progress journal, and uploads the state. There is always an artifact.
 *
 * Loaded by the action's entry (src/main.ts) only for the post step; it shares with the main step
 * only action/shared.ts (the state keys, the secrets), never the main step's module or the engine.
 */

















/** Processes whose environment says they are agents of a run under `stateDir`. */
function leftoverAgents(stateDir) {
    return (0,_runtime_leftovers_js__WEBPACK_IMPORTED_MODULE_8__/* .findLeftoverAgents */ .H)(stateDir);
}
/** Agents the main step launched (launch.json written) whose end the journal never recorded. */
async function interruptedAgents(runDir, progress) {
    const found = [];
    const ids = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readdir(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(runDir, "agents")).catch(() => []);
    for (const id of ids.sort()) {
        if (progress.agents[id])
            continue;
        try {
            const launch = JSON.parse(await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(runDir, "agents", id, "launch.json"), "utf8"));
            found.push({ id, executor: typeof launch.executor === "string" ? launch.executor : "command" });
        }
        catch {
            // never launched
        }
    }
    return found;
}
/**
 * result.json for a run whose main step never wrote one: what the journal recorded, cancelled;
 * agents that were running when the step ended (`interrupted`) are listed as cancelled.
 */
function resultFromProgress(progress, now, interrupted = []) {
    const cut = interrupted.map(({ id, executor }) => ({
        id,
        role: "unknown",
        executor: executor,
        status: "cancelled",
        exitCode: null,
        statusCode: "main-step-ended",
        attempts: 1,
        runs: 1,
        startedAt: null,
        completedAt: null,
        durationMs: null,
        log: `agents/${id}/agent.log`,
        usage: null,
    }));
    const agents = Object.entries(progress.agents).map(([id, a]) => ({
        id,
        role: "unknown",
        executor: a.executor,
        status: a.status,
        exitCode: a.exitCode,
        statusCode: a.statusCode,
        attempts: a.attempts,
        runs: a.runs,
        startedAt: a.startedAt,
        completedAt: a.completedAt,
        durationMs: a.startedAt && a.completedAt ? Math.max(0, Date.parse(a.completedAt) - Date.parse(a.startedAt)) : null,
        log: `agents/${id}/agent.log`,
        fingerprint: a.fingerprint,
        usage: a.usage ?? null,
    }));
    agents.push(...cut);
    return {
        schemaVersion: _state_schema_js__WEBPACK_IMPORTED_MODULE_12__/* .RESULT_SCHEMA_VERSION */ .tS,
        lane: progress.lane,
        wave: progress.wave,
        attempt: progress.attempt,
        status: "cancelled",
        startedAt: progress.startedAt,
        completedAt: now.toISOString(),
        durationMs: Math.max(0, now.getTime() - Date.parse(progress.startedAt)),
        resumedFrom: progress.resumedFrom,
        agents,
        gates: progress.gates,
        failure: {
            stage: progress.stage ?? progress.phase,
            agentId: null,
            statusCode: "main-step-ended",
            detail: "the action's main step ended before the wave finished (cancelled, timed out or killed); the post step saved its state",
            log: null,
        },
        feedback: null,
        waveFile: progress.waveFile,
        usage: (0,_usage_totals_js__WEBPACK_IMPORTED_MODULE_13__/* .sumUsage */ .R)(agents.filter((a) => a.status !== "reused").map((a) => ({ id: a.id, usage: a.usage }))),
    };
}
async function runPost(env = process.env) {
    // The main step ran as root (agents behind another user): so must this one, to end the agent
    // user's processes and read the private state directory.
    if (_actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.elevated) === "1" && process.geteuid?.() !== 0 && process.argv[1]) {
        if ((0,_agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_6__.passwordlessSudo)()) {
            const code = await (0,_agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_6__.runElevated)([process.execPath, ...process.execArgv, process.argv[1]], [], env);
            if (code !== 0)
                process.exitCode = code;
            return;
        }
        _actions_core__WEBPACK_IMPORTED_MODULE_3__.warning("the main step ran as root, but sudo is not available to this step any more");
    }
    try {
        const uploaded = _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.uploaded);
        const runDir = _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.runDir);
        const stateDir = _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.stateDir);
        if (uploaded) {
            _actions_core__WEBPACK_IMPORTED_MODULE_3__.info(`wave state already uploaded as ${uploaded}`);
            return;
        }
        if (!runDir || !stateDir) {
            _actions_core__WEBPACK_IMPORTED_MODULE_3__.info("no wave run to save");
            return;
        }
        // Nothing of the wave may outlive the job step.
        for (const note of await (0,_agent_user_boundary_js__WEBPACK_IMPORTED_MODULE_5__/* .recoverBoundaries */ .Db)(stateDir))
            _actions_core__WEBPACK_IMPORTED_MODULE_3__.warning(note);
        await (0,_runtime_leftovers_js__WEBPACK_IMPORTED_MODULE_8__/* .stopLeftoverAgents */ .W)(stateDir);
        const resultFile = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(runDir, "result.json");
        const existing = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_10__/* .readJsonChecked */ .m8)(resultFile, _state_schema_js__WEBPACK_IMPORTED_MODULE_12__/* .WaveResultSchema */ .Sn, "result");
        if (!existing.ok) {
            const progress = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_10__/* .readJsonChecked */ .m8)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(runDir, "progress.json"), _state_progress_js__WEBPACK_IMPORTED_MODULE_11__/* .ProgressSchema */ .$L, "progress journal");
            if (!progress.ok) {
                _actions_core__WEBPACK_IMPORTED_MODULE_3__.warning(`the wave's state is incomplete: ${progress.message}`);
            }
            else {
                const interrupted = await interruptedAgents(runDir, progress.value);
                await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_10__/* .writeJsonAtomic */ .ZJ)(resultFile, resultFromProgress(progress.value, new Date(), interrupted));
                _actions_core__WEBPACK_IMPORTED_MODULE_3__.info(`completed ${resultFile} from the progress journal`);
            }
        }
        const inputs = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_14__/* .readInputs */ .K)(undefined, env);
        const secrets = (0,_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .actionSecrets */ .s)(inputs, env);
        const store = new _artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__/* .GithubArtifactStore */ .vj({ token: inputs.githubToken || undefined, env });
        const lane = _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.lane);
        const wave = Number(_actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.wave));
        const retention = Number(_actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.retention) || "0");
        const result = await (0,_state_artifact_js__WEBPACK_IMPORTED_MODULE_16__/* .uploadRunState */ .Wv)({
            store,
            runDir,
            root: _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.root) || inputs.root,
            prefix: _actions_core__WEBPACK_IMPORTED_MODULE_3__.getState(_shared_js__WEBPACK_IMPORTED_MODULE_15__/* .STATE_KEYS */ .L.prefix) || inputs.artifactPrefix,
            lane,
            wave,
            runAttempt: Number(env.GITHUB_RUN_ATTEMPT || "1") || 1,
            retentionDays: retention > 0 ? retention : undefined,
            secrets,
            env,
            tempDir: env.RUNNER_TEMP || node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir(),
            sequence: 2,
        });
        _actions_core__WEBPACK_IMPORTED_MODULE_3__.notice(`uploaded the wave state as ${result.name}`);
        const redactor = (0,_security_redact_js__WEBPACK_IMPORTED_MODULE_9__/* .createRedactor */ .lY)(secrets);
        for (const file of result.redactedWorkspaceFiles)
            _actions_core__WEBPACK_IMPORTED_MODULE_3__.warning(redactor.redact(`a secret was found in ${file}; it was redacted in the uploaded workspace changes`));
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_3__.setFailed(`wave post step: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .gJ)(error)}`);
    }
    finally {
        const from = (0,_agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_6__.elevatedFromUser)();
        if (from)
            (0,_agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_6__.giveBackToUser)([env.RUNNER_TEMP, env.GITHUB_WORKSPACE].filter((d) => Boolean(d)), from);
    }
}


/***/ })

};

//# sourceMappingURL=718.index.js.map