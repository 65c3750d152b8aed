export const id = 13;
export const ids = [13,701];
export const modules = {

/***/ 24824:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  K: () => (/* binding */ readInputs),
  _: () => (/* binding */ runOptionsFrom)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: ./src/agent-user/choice.ts
var choice = __webpack_require__(65984);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/sandbox/decide.ts
var decide = __webpack_require__(82043);
;// CONCATENATED MODULE: ./src/engine/options.ts


const MODEL_PROXY_MODES = ["auto", "on", "off"];
/** `auto|on|off` (empty: `fallback`); anything else is an error naming `label`. */
function parseModelProxyMode(value, label, fallback = "off") {
    const v = (value ?? "").trim();
    if (v === "")
        return fallback;
    if (MODEL_PROXY_MODES.includes(v))
        return v;
    throw new errors/* UserError */.yo(`${label} must be one of ${MODEL_PROXY_MODES.join(", ")} (got "${v}")`);
}

function parseSandboxMode(value, label, fallback) {
    const v = (value ?? "").trim();
    if (v === "")
        return fallback;
    if (decide/* SANDBOX_MODES */.f.includes(v))
        return v;
    throw new errors/* UserError */.yo(`${label} must be one of ${decide/* SANDBOX_MODES */.f.join(", ")} (got "${v}")`);
}
const DEFAULT_RUN_OPTIONS = {
    timeoutMinutes: 60,
    idleTimeoutMinutes: null,
    maxAttempts: 2,
    maxParallelAgents: 0,
    rateLimitRetries: 2,
    rateLimitBaseDelaySeconds: 20,
    rateLimitMaxDelaySeconds: 180,
    dryRun: false,
    resume: "auto",
    forceResume: false,
    feedback: null,
    tmux: false,
    requireMarkerNonce: false,
    allowGithubToken: false,
    redact: [],
    captureChanges: true,
    agentUser: { kind: "auto" },
    maxBudgetUsd: null,
    resumeSessions: true,
    modelProxy: "off",
};

// EXTERNAL MODULE: ./src/wave/config.ts + 2 modules
var wave_config = __webpack_require__(58349);
// EXTERNAL MODULE: ./src/wave/schema.ts
var schema = __webpack_require__(68486);
;// CONCATENATED MODULE: ./src/action/inputs.ts
/**
 * Reads the action's inputs (action.yml) and turns them into engine options. Every bad value is a
 * UserError naming the input.
 */








const defaultGet = (name) => core.getInput(name);
function oneOf(value, allowed, input) {
    if (allowed.includes(value))
        return value;
    throw new errors/* UserError */.yo(`input ${input} must be one of ${allowed.join(", ")} (got "${value}")`);
}
/** Reads every input; `get` is injectable for tests. */
function readInputs(get = defaultGet, env = process.env) {
    const workspace = external_node_path_default().resolve(env.GITHUB_WORKSPACE ?? process.cwd());
    const root = external_node_path_default().resolve(workspace, get("root") || ".");
    const num = (name, fallback, opts = {}) => (0,args/* parseNumber */.$J)(get(name), `input ${name}`, opts) ?? fallback;
    const mode = oneOf(get("mode") || "run", ["run", "rehearse", "validate", "plan", "report"], "mode");
    const executorRaw = get("executor").trim();
    const config = get("config").trim();
    const idle = num("idle-timeout-minutes", 0);
    const base = num("rate-limit-base-delay-seconds", 20);
    const max = num("rate-limit-max-delay-seconds", 180);
    if (max < base) {
        throw new errors/* UserError */.yo(`input rate-limit-max-delay-seconds (${max}) must be at least rate-limit-base-delay-seconds (${base})`);
    }
    const retention = num("retention-days", 0, { integer: true });
    const applyRaw = get("apply-changes").trim();
    const projectRaw = get("project").trim();
    const project = projectRaw ? (0,wave_config/* normalizeLaneName */.vx)(projectRaw, "project", "input project") : undefined;
    return {
        mode,
        workspace,
        root,
        configPath: config ? external_node_path_default().resolve(root, config) : undefined,
        lane: get("lane").trim() || undefined,
        project,
        wave: (0,args/* parseWaveNumber */.w3)(get("wave"), "input wave"),
        waves: get("waves").trim() || "all",
        executor: executorRaw ? oneOf(executorRaw, schema/* EXECUTOR_IDS */.rz, "executor") : undefined,
        dryRun: (0,args/* parseBoolean */.yG)(get("dry-run"), "input dry-run", false),
        timeoutMinutes: (0,args/* parseNumber */.$J)(get("timeout-minutes"), "input timeout-minutes", { allowZero: false }) ?? 60,
        idleTimeoutMinutes: idle > 0 ? idle : null,
        maxAttempts: num("max-attempts", 2, { integer: true, min: 1 }),
        maxParallelAgents: num("max-parallel-agents", 0, { integer: true }),
        rateLimitRetries: num("rate-limit-retries", 2, { integer: true }),
        rateLimitBaseDelaySeconds: base,
        rateLimitMaxDelaySeconds: max,
        resume: get("resume").trim() || "auto",
        applyChanges: applyRaw === "" || applyRaw === "none"
            ? []
            : applyRaw
                .split(/[\n,]/)
                .map((s) => s.trim())
                .filter(Boolean),
        // A rehearsal's state is never resumed by a real run (nor the other way round).
        // A project's state is never resumed by another project's run either.
        artifactPrefix: `${get("artifact-prefix").trim() || "wave"}${project ? `-${project}` : ""}${mode === "rehearse" ? "-rehearsal" : ""}`,
        retentionDays: retention > 0 ? retention : undefined,
        tmux: (0,args/* parseBoolean */.yG)(get("tmux"), "input tmux", false),
        agentUser: (0,choice/* parseAgentUser */.Uu)(get("agent-user"), "input agent-user"),
        streamLogs: (0,args/* parseBoolean */.yG)(get("stream-logs"), "input stream-logs", false),
        redact: get("redact")
            .split("\n")
            .map((s) => s.trim())
            .filter(Boolean),
        feedback: get("feedback").trim() || null,
        requireMarkerNonce: (0,args/* parseBoolean */.yG)(get("require-marker-nonce"), "input require-marker-nonce", false),
        githubToken: get("github-token"),
        maxBudgetUsd: (0,args/* parseNumber */.$J)(get("max-budget-usd"), "input max-budget-usd", { allowZero: false }) ?? null,
        resumeSessions: (0,args/* parseBoolean */.yG)(get("resume-sessions"), "input resume-sessions", true),
        modelProxy: parseModelProxyMode(get("model-proxy"), "input model-proxy"),
        sandbox: parseSandboxMode(get("sandbox"), "input sandbox"),
    };
}
/** The engine options of a `run` mode step. */
function runOptionsFrom(inputs, stateDir) {
    if (inputs.wave === undefined)
        throw new errors/* UserError */.yo("input wave is required in mode run");
    return {
        root: inputs.root,
        configPath: inputs.configPath,
        lane: inputs.lane,
        ...(inputs.project ? { project: inputs.project } : {}),
        stateDir,
        wave: inputs.wave,
        executor: inputs.executor,
        dryRun: inputs.dryRun,
        timeoutMinutes: inputs.timeoutMinutes,
        idleTimeoutMinutes: inputs.idleTimeoutMinutes,
        maxAttempts: inputs.maxAttempts,
        maxParallelAgents: inputs.maxParallelAgents,
        rateLimitRetries: inputs.rateLimitRetries,
        rateLimitBaseDelaySeconds: inputs.rateLimitBaseDelaySeconds,
        rateLimitMaxDelaySeconds: inputs.rateLimitMaxDelaySeconds,
        resume: "never",
        forceResume: false,
        feedback: inputs.feedback,
        tmux: inputs.tmux,
        requireMarkerNonce: inputs.requireMarkerNonce,
        allowGithubToken: false,
        redact: inputs.redact,
        captureChanges: true,
        agentUser: inputs.agentUser,
        maxBudgetUsd: inputs.maxBudgetUsd,
        resumeSessions: inputs.resumeSessions,
        modelProxy: inputs.modelProxy,
        ...(inputs.sandbox ? { sandbox: inputs.sandbox } : {}),
    };
}


/***/ }),

/***/ 30205:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ STATE_KEYS),
/* harmony export */   s: () => (/* binding */ actionSecrets)
/* harmony export */ });
/* harmony import */ var _security_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(26767);
/**
 * What the action's main and post steps share: the names of the values the main step saves for
 * the post step (`core.saveState`), and the secrets both redact. A module of its own so that the
 * post step loads none of the main step's code (the engine).
 */

const STATE_KEYS = {
    stateDir: "wave-state-dir",
    runDir: "wave-run-dir",
    lane: "wave-lane",
    wave: "wave-number",
    attempt: "wave-attempt",
    uploaded: "wave-uploaded",
    root: "wave-root",
    prefix: "wave-prefix",
    retention: "wave-retention",
    elevated: "wave-elevated",
};
/** The values to redact: the secrets the environment and the `redact` input name, and the token. */
function actionSecrets(inputs, env) {
    const values = (0,_security_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .collectSecretValues */ .P0)({ env, extra: inputs.redact });
    if (inputs.githubToken)
        values.push(inputs.githubToken);
    return [...new Set(values)];
}


/***/ }),

/***/ 36486:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ downloadState),
/* harmony export */   Wv: () => (/* binding */ uploadRunState)
/* harmony export */ });
/* unused harmony exports dropSensitiveFiles, redactCopy */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(98795);
/* harmony import */ var _resume_origin_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(95025);
/* harmony import */ var _engine_session_resume_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(10928);
/* harmony import */ var _sessions_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(85945);
/* harmony import */ var _security_redact_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(26767);
/* harmony import */ var _state_changes_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(59112);
/* harmony import */ var _state_files_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(60766);
/**
 * Packaging a run directory as a workflow artifact: a redacted copy is uploaded (logs, prompts,
 * summaries, results and the workspace-changes patch), never the original files. Restoring
 * downloads one into a directory that the engine can resume from.
 */











/** Copies the run directory, redacts the copy, fixes the changes checksum, and uploads it. */
async function uploadRunState(input) {
    const stage = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.mkdtemp(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(input.tempDir, "wave-upload-"));
    try {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.cp(input.runDir, stage, { recursive: true, verbatimSymlinks: true });
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(stage, "bin"), { recursive: true, force: true });
        await dropSensitiveFiles(stage);
        const name = (0,_artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__/* .artifactName */ .Cs)({
            prefix: input.prefix,
            lane: input.lane,
            wave: input.wave,
            runAttempt: input.runAttempt,
            suffix: (0,_artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__/* .jobSuffix */ .DF)({ env: input.env, ...(input.sequence ? { sequence: input.sequence } : {}) }),
        });
        // What this job knows about the upload, checked against the name when it is restored.
        await (0,_resume_origin_js__WEBPACK_IMPORTED_MODULE_5__/* .writeStateOrigin */ .xd)(stage, (0,_resume_origin_js__WEBPACK_IMPORTED_MODULE_5__/* .originOf */ .yv)({ artifact: name, lane: input.lane, wave: input.wave, runAttempt: input.runAttempt, env: input.env }));
        const redactor = (0,_security_redact_js__WEBPACK_IMPORTED_MODULE_8__/* .createRedactor */ .lY)(input.secrets);
        const redactedWorkspaceFiles = await redactCopy(stage, input.root, redactor);
        const { files } = await (0,_artifacts_index_js__WEBPACK_IMPORTED_MODULE_4__/* .collectFiles */ .C0)(stage);
        // Entry names are these paths: redactCopy renamed every file or directory whose name held a secret.
        if (files.some((f) => redactor.redactName(node_path__WEBPACK_IMPORTED_MODULE_3___default().relative(stage, f)) !== node_path__WEBPACK_IMPORTED_MODULE_3___default().relative(stage, f))) {
            throw new Error("internal error: an artifact entry name still holds a secret after redaction");
        }
        const uploaded = await input.store.upload(name, stage, files, input.retentionDays ? { retentionDays: input.retentionDays } : {});
        return { name: uploaded.name, id: uploaded.id, size: uploaded.size, redactedWorkspaceFiles };
    }
    finally {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(stage, { recursive: true, force: true });
    }
}
/** Removes generated files that may hold credentials (listed per agent in sensitive.json). */
async function dropSensitiveFiles(stage) {
    const dropped = [];
    const agentsDir = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(stage, "agents");
    const agents = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readdir(agentsDir).catch(() => []);
    for (const agent of agents) {
        const listFile = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(agentsDir, agent, "sensitive.json");
        let list;
        try {
            list = JSON.parse(await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(listFile, "utf8"));
        }
        catch {
            continue;
        }
        if (!Array.isArray(list))
            continue;
        for (const rel of list) {
            if (typeof rel !== "string")
                continue;
            const abs = node_path__WEBPACK_IMPORTED_MODULE_3___default().resolve(stage, rel);
            if (!abs.startsWith(stage + (node_path__WEBPACK_IMPORTED_MODULE_3___default().sep)))
                continue;
            await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(abs, { force: true });
            dropped.push(rel);
        }
    }
    return dropped;
}
/** Redacts every file of the staged copy; returns workspace files whose secrets were removed. */
async function redactCopy(stage, root, redactor) {
    const result = await (0,_security_redact_js__WEBPACK_IMPORTED_MODULE_8__/* .redactTree */ .us)(stage, redactor);
    // A saved CLI session that held a secret is put back redacted by a later run: its record must
    // describe the redacted copy.
    for (const { file } of result.redacted) {
        const parts = file.split((node_path__WEBPACK_IMPORTED_MODULE_3___default().sep));
        if (parts.length === 4 && parts[0] === "agents" && parts[2] === _engine_session_resume_js__WEBPACK_IMPORTED_MODULE_6__/* .SESSION_DIR */ .pn && parts[3] === _sessions_index_js__WEBPACK_IMPORTED_MODULE_7__/* .SESSION_COPY_FILE */ .AT) {
            await (0,_sessions_index_js__WEBPACK_IMPORTED_MODULE_7__/* .resealRedactedSession */ .PI)(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(stage, ...parts.slice(0, 3)));
        }
    }
    const patchRel = node_path__WEBPACK_IMPORTED_MODULE_3___default().join("changes", _state_changes_js__WEBPACK_IMPORTED_MODULE_9__/* .PATCH_FILE */ .mO);
    if (!result.redacted.some((r) => r.file === patchRel))
        return [];
    // The patch changed: name the workspace files that held secrets, and re-seal the checksum.
    const metaFile = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(stage, "changes", _state_changes_js__WEBPACK_IMPORTED_MODULE_9__/* .META_FILE */ .fg);
    const meta = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_10__/* .readJsonChecked */ .m8)(metaFile, _state_changes_js__WEBPACK_IMPORTED_MODULE_9__/* .ChangesMetaSchema */ .Kg, "workspace changes");
    let files = [];
    if (meta.ok) {
        const findings = await (0,_security_redact_js__WEBPACK_IMPORTED_MODULE_8__/* .scanForSecrets */ .I$)(meta.value.files.map((f) => node_path__WEBPACK_IMPORTED_MODULE_3___default().join(root, f.path)), redactor);
        // The names go into the staged (already redacted) copy and into warnings: redact them too.
        files = [...new Set(findings.map((f) => redactor.redact(node_path__WEBPACK_IMPORTED_MODULE_3___default().relative(root, f.file))))];
        const patch = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(stage, patchRel));
        await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_10__/* .writeJsonAtomic */ .ZJ)(metaFile, {
            ...meta.value,
            patchSha256: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256").update(patch).digest("hex"),
            bytes: patch.length,
            redactedFiles: files,
        });
    }
    return files.length > 0 ? files : ["(workspace changes)"];
}
/** Downloads an artifact into a fresh directory under tempDir and returns it. */
async function downloadState(store, info, tempDir) {
    const base = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.mkdtemp(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(tempDir || node_os__WEBPACK_IMPORTED_MODULE_2___default().tmpdir(), "wave-state-"));
    const dest = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(base, "run");
    await store.download(info, dest);
    return dest;
}


/***/ }),

/***/ 71229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gy: () => (/* binding */ succeedsAs),
/* harmony export */   JZ: () => (/* binding */ canAccessAs),
/* harmony export */   ri: () => (/* binding */ blockedAncestors)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Whether the agent user can reach a path: asked of the kernel by running `test` as that user, so
 * modes, groups and ACLs all count exactly as they will for the agent.
 */


const FLAG = { read: "-r", write: "-w", execute: "-x", traverse: "-x" };
/** Runs `program args` as `identity` (no input, no output kept); true when it exits 0. */
function succeedsAs(identity, program, args) {
    const result = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawnSync)(program, args, {
        uid: identity.uid,
        gid: identity.gid,
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
        stdio: "ignore",
        timeout: 30_000,
    });
    return !result.error && result.status === 0;
}
function canAccessAs(identity, target, kind) {
    return succeedsAs(identity, "test", [FLAG[kind], target]);
}
/** The ancestors of `target` (outermost first, `/` excluded) the agent cannot traverse. */
function blockedAncestors(identity, target) {
    const blocked = [];
    let dir = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(target);
    const chain = [];
    while (node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(dir) !== dir) {
        chain.unshift(dir);
        dir = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(dir);
    }
    for (const d of chain)
        if (!canAccessAs(identity, d, "traverse"))
            blocked.push(d);
    return blocked;
}


/***/ }),

/***/ 90300:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Rr: () => (/* binding */ openBoundary),
  Db: () => (/* binding */ recoverBoundaries)
});

// UNUSED EXPORTS: boundaryRecordFile

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/security/paths.ts
var paths = __webpack_require__(85770);
// EXTERNAL MODULE: ./src/state/paths.ts
var state_paths = __webpack_require__(65013);
// EXTERNAL MODULE: ./src/agent-user/access.ts
var access = __webpack_require__(71229);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/state/lock.ts + 1 modules
var lock = __webpack_require__(88114);
// EXTERNAL MODULE: ./src/agent-user/choice.ts
var choice = __webpack_require__(65984);
;// CONCATENATED MODULE: ./src/agent-user/account.ts
/**
 * The agent user's account: looked up in the user database, created when `auto` needs it, checked
 * to have no sudo, and reserved for one run at a time (an exclusive lock per user name, so that
 * clearing "every process of the agent user" never touches another run's agents).
 */









const run = (0,external_node_util_.promisify)(external_node_child_process_.execFile);
/** Parses one passwd line (`name:x:uid:gid:gecos:home:shell`). */
function parsePasswdLine(line) {
    const parts = line.trim().split(":");
    if (parts.length < 7)
        return null;
    const uid = Number(parts[2]);
    const gid = Number(parts[3]);
    if (!parts[0] || !Number.isInteger(uid) || !Number.isInteger(gid))
        return null;
    return { name: parts[0], uid, gid };
}
async function lookupAccount(name) {
    try {
        const { stdout } = await run("getent", ["passwd", name]);
        return parsePasswdLine(stdout.split("\n")[0] ?? "");
    }
    catch (error) {
        const code = error.code;
        if (code !== "ENOENT")
            return null; // getent: exit 2 = no such user
    }
    const text = await external_node_fs_.promises.readFile("/etc/passwd", "utf8").catch(() => "");
    for (const line of text.split("\n")) {
        const account = parsePasswdLine(line);
        if (account?.name === name)
            return account;
    }
    return null;
}
/** Creates an unprivileged system user with its own group, no home and no password. */
async function createAccount(name) {
    const attempts = [
        ["useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/bin/sh", name]],
        ["adduser", ["-S", "-D", "-H", "-h", "/nonexistent", "-s", "/bin/sh", name]],
    ];
    const errors = [];
    for (const [program, args] of attempts) {
        try {
            await run(program, args);
            break;
        }
        catch (error) {
            const e = error;
            // A concurrent run may have created it a moment ago.
            if (await lookupAccount(name))
                break;
            errors.push(`${program}: ${e.code === "ENOENT" ? "not installed" : (e.stderr ?? e.message).trim()}`);
        }
    }
    const account = await lookupAccount(name);
    if (!account)
        throw new src_errors/* UserError */.yo(`could not create the agent user ${name} (${errors.join("; ")})`, 2);
    return account;
}
/** True when `account` can run `sudo -n true` (passwordless sudo): such a user is no boundary. */
function accountHasSudo(account) {
    return (0,access/* succeedsAs */.Gy)(account, "sudo", ["-n", "true"]);
}
/**
 * Where the per-user run locks live: private to root, and one place for the whole machine. Not
 * under TMPDIR: two runs with different temporary directories would each see the agent user free,
 * share it, and end each other's agents when they clear the user's processes. `/run` is cleared at
 * boot (stale locks go with it); where it is missing, `/tmp`.
 */
function agentUserLockDir(exists = isDirectory) {
    return external_node_path_default().join(exists("/run") ? "/run" : "/tmp", "wave-agent-users");
}
function isDirectory(dir) {
    try {
        return (0,external_node_fs_.statSync)(dir).isDirectory();
    }
    catch {
        return false;
    }
}
/** Takes the lock of `name` for this process; null when a live process holds it. */
async function tryLock(name) {
    const dir = agentUserLockDir();
    await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const stat = await external_node_fs_.promises.lstat(dir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
        throw new src_errors/* UserError */.yo(`the agent user lock directory ${dir} is not a private directory owned by root`, 2);
    }
    const file = external_node_path_default().join(dir, `${name}.lock`);
    for (let i = 0; i < 3; i++) {
        try {
            await external_node_fs_.promises.writeFile(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
            return async () => {
                await external_node_fs_.promises.rm(file, { force: true });
            };
        }
        catch (error) {
            if (error.code !== "EEXIST")
                throw error;
            const holder = Number((await external_node_fs_.promises.readFile(file, "utf8").catch(() => "")).trim());
            if (Number.isInteger(holder) && holder > 0 && (0,lock/* processAlive */.F)(holder))
                return null;
            // Stale: move it aside atomically, so only one of two recovering processes wins.
            const aside = `${file}.stale-${(0,external_node_crypto_.randomBytes)(4).toString("hex")}`;
            await external_node_fs_.promises.rename(file, aside).catch(() => undefined);
            await external_node_fs_.promises.rm(aside, { force: true }).catch(() => undefined);
        }
    }
    return null;
}
/**
 * Reserves the agent user for this run. Pooled (`auto`): the first free name of wave-agent,
 * wave-agent-2, ..., created when missing. Named: that user, which must exist and be free.
 */
async function leaseAccount(name, pooled) {
    const names = pooled ? Array.from({ length: choice/* AUTO_USER_POOL */.xJ }, (_, i) => (0,choice/* autoUserName */.wq)(i)) : [name];
    for (const candidate of names) {
        const release = await tryLock(candidate);
        if (!release)
            continue;
        try {
            let account = await lookupAccount(candidate);
            if (!account) {
                if (!pooled)
                    throw new src_errors/* UserError */.yo(`agent-user ${candidate}: no such user (create it, or use auto)`, 2);
                account = await createAccount(candidate);
            }
            if (account.uid === 0)
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} has uid 0: agents may not run as root`, 2);
            if (account.uid === process.getuid?.()) {
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} is the orchestrator's own user: use agent-user none for that`, 2);
            }
            if (accountHasSudo(account)) {
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} can use sudo without a password: it would be no boundary`, 2);
            }
            return { account, release };
        }
        catch (error) {
            await release();
            throw error;
        }
    }
    throw new src_errors/* UserError */.yo(pooled
        ? `all ${choice/* AUTO_USER_POOL */.xJ} agent users (wave-agent…) are in use by other runs on this machine`
        : `agent-user ${name} is in use by another run on this machine`, 2);
}

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
;// CONCATENATED MODULE: ./src/agent-user/processes.ts
/**
 * Processes of one OS user, found through /proc and ended with SIGKILL. Used to clear the agent
 * user between stages: whatever an agent left behind (a background helper, a `setsid` escapee with
 * an empty environment) runs as the agent user and cannot hide from a scan by uid.
 */


/** Live processes whose real or effective uid is `uid`. */
function processesOfUid(uid) {
    const found = [];
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)("/proc");
    }
    catch {
        return found;
    }
    for (const name of names) {
        if (!/^\d+$/.test(name))
            continue;
        let status;
        try {
            status = (0,external_node_fs_.readFileSync)(`/proc/${name}/status`, "latin1");
        }
        catch {
            continue; // gone
        }
        const uids = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(status);
        if (!uids || (Number(uids[1]) !== uid && Number(uids[2]) !== uid && Number(uids[3]) !== uid))
            continue;
        const state = /^State:\s+(\S)/m.exec(status)?.[1] ?? "?";
        found.push({ pid: Number(name), state });
    }
    return found;
}
/**
 * Stops every process of `uid`: each round freezes them all (SIGSTOP, so a forking process cannot
 * outrun the scan), then kills them (SIGKILL), then waits a little for them to be gone. Rounds
 * repeat until none is left or about `maxWaitMs` has passed. Returns the pids signalled and
 * whether the user is clear now (zombies count as gone: they run nothing).
 */
async function killProcessesOfUid(uid, maxWaitMs = 10_000) {
    if (uid === 0 || uid === process.getuid?.())
        throw new Error(`refusing to kill every process of uid ${uid}`);
    const killed = new Set();
    const started = Date.now();
    for (let round = 0;; round++) {
        const live = processesOfUid(uid).filter((p) => p.state !== "Z");
        if (live.length === 0)
            return { killed: [...killed], clear: true };
        if (Date.now() - started > maxWaitMs)
            return { killed: [...killed], clear: false };
        for (const p of live)
            signal(p.pid, "SIGSTOP");
        for (const p of processesOfUid(uid)) {
            if (p.state === "Z")
                continue;
            signal(p.pid, "SIGKILL");
            killed.add(p.pid);
        }
        await (0,promises_.setTimeout)(Math.min(100, 2 ** round));
    }
}
function signal(pid, name) {
    try {
        process.kill(pid, name);
    }
    catch {
        // already gone
    }
}

// EXTERNAL MODULE: ./src/agent-user/worktree.ts
var worktree = __webpack_require__(56890);
;// CONCATENATED MODULE: ./src/agent-user/boundary.ts
/**
 * The OS boundary between the orchestrator and the agents of one wave run.
 *
 * Separate user (the orchestrator is root): agents run as an unprivileged agent user that owns the
 * work tree (but not `.git`, the state directory or the action's own files) and a private home of
 * its own, and can reach nothing of the orchestrator's — not its environment (/proc of another
 * user), not its state directory (mode 0700), not its temporary files. Between stages every process
 * of the agent user is killed, so nothing an earlier agent left behind runs while a later agent's
 * output is read.
 *
 * Same user: everything as before, and the log and summary say plainly what that allows.
 *
 * The per-run agent area (outside the work tree, mode 0711) holds what agents must read or use:
 *   <area>/bin/         the `wave` shim (and, when needed, a readable copy of the CLI)
 *   <area>/ctl/         the orchestrator's control socket directory
 *   <area>/in/<agent>/  the agent's prompt copy and executor overlay files (group-readable by the agent)
 *   <area>/home/<agent> the agent's HOME (owned by the agent user)
 *   <area>/work         the work tree, bind-mounted, when the agent user cannot reach the real path
 */












/** A boundary that changes nothing: agents share the orchestrator's user. */
function sameUserBoundary(root, reason, controlDir) {
    return {
        mode: "same",
        description: `agents run as the orchestrator's own user (${reason}); ${choice/* SAME_USER_CONSEQUENCES */.ky}`,
        account: null,
        agentRoot: root,
        controlDir,
        identity: undefined,
        binDir: null,
        inputsDir: async () => null,
        adjustEnv: async (_id, env) => env,
        clear: async () => 0,
        close: async () => {
            await external_node_fs_.promises.rm(controlDir, { recursive: true, force: true });
        },
    };
}
const AGENT_ENV_DROP = ["RUNNER_TEMP", "WAVE_RUN_DIR", "XDG_RUNTIME_DIR", "MAIL", "OLDPWD", "PWD"];
async function openBoundary(options) {
    const { decision } = options;
    if (decision.kind !== "separate" || options.dryRun) {
        const controlDir = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-ctl-"));
        await external_node_fs_.promises.chmod(controlDir, 0o700);
        const reason = decision.kind === "same" ? decision.reason : decision.kind === "separate" ? `dry run; a real run uses ${decision.name}` : "not elevated";
        return sameUserBoundary(options.root, reason, controlDir);
    }
    const lease = await leaseAccount(decision.name, decision.pooled);
    const cleanups = [() => lease.release()];
    const runCleanups = async () => {
        for (const fn of cleanups.reverse()) {
            try {
                await fn();
            }
            catch (error) {
                options.onWarning(`agent boundary clean-up: ${error instanceof Error ? error.message : String(error)}`);
            }
        }
    };
    try {
        return await openSeparate(options, lease, cleanups, runCleanups);
    }
    catch (error) {
        await runCleanups();
        throw error;
    }
}
async function openSeparate(options, lease, cleanups, runCleanups) {
    const { account } = lease;
    const agent = { uid: account.uid, gid: account.gid };
    const me = { uid: process.getuid(), gid: process.getgid() };
    const notes = [];
    // Whatever a crashed earlier run of this user left behind goes first.
    const stale = await killProcessesOfUid(account.uid);
    if (stale.killed.length > 0)
        options.onWarning(`stopped ${stale.killed.length} process(es) of ${account.name} left by an earlier run`);
    // The state directory: the orchestrator's alone.
    await external_node_fs_.promises.mkdir(options.stateDir, { recursive: true });
    const stateStat = await external_node_fs_.promises.lstat(options.stateDir);
    if (!stateStat.isDirectory())
        throw new Error(`the state directory ${options.stateDir} is not a directory`);
    await external_node_fs_.promises.chown(options.stateDir, me.uid, me.gid);
    await external_node_fs_.promises.chmod(options.stateDir, 0o700);
    // The agent area.
    const area = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-agents-"));
    cleanups.push(() => removeArea(area));
    await external_node_fs_.promises.chmod(area, 0o711);
    for (const [name, mode] of [["bin", 0o755], ["ctl", 0o711], ["in", 0o711], ["home", 0o711]]) {
        await external_node_fs_.promises.mkdir(external_node_path_default().join(area, name), { mode });
        await external_node_fs_.promises.chmod(external_node_path_default().join(area, name), mode);
    }
    // The work tree, where the agent user can reach it.
    let agentRoot = options.root;
    const record = {
        user: account.name,
        uid: account.uid,
        gid: account.gid,
        root: options.root,
        rootOwner: { uid: 0, gid: 0 },
        rootMode: 0,
        area,
        mountPoint: null,
        traversal: [],
        locked: [],
    };
    const blocked = (0,access/* blockedAncestors */.ri)(agent, external_node_path_default().dirname(options.root));
    if (blocked.length > 0) {
        const mountPoint = external_node_path_default().join(area, "work");
        await external_node_fs_.promises.mkdir(mountPoint, { mode: 0o755 });
        const mounted = (0,external_node_child_process_.spawnSync)("mount", ["--bind", options.root, mountPoint], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
        if (!mounted.error && mounted.status === 0) {
            agentRoot = mountPoint;
            record.mountPoint = mountPoint;
            cleanups.push(() => unmount(mountPoint));
            notes.push(`work tree bind-mounted at ${mountPoint} (the agent user cannot traverse ${blocked.join(", ")})`);
        }
        else {
            // No mount here (an unprivileged container): open the path for traversal only, and say so.
            const restore = [];
            for (const dir of blocked) {
                const mode = (0,external_node_fs_.statSync)(dir).mode & 0o7777;
                restore.push([dir, mode]);
                (0,external_node_fs_.chmodSync)(dir, mode | 0o001);
            }
            record.traversal = restore;
            cleanups.push(() => {
                for (const [dir, mode] of restore.reverse())
                    (0,external_node_fs_.chmodSync)(dir, mode);
            });
            options.onWarning(`the agent user cannot reach the work tree and no bind mount was possible (${(mounted.stderr || mounted.error?.message || "").trim()}); ` +
                `made ${blocked.join(", ")} traversable (not readable) for the run`);
        }
    }
    // The runner's temporary directory holds the file-command files and, in the action, the state:
    // closed to every other user while agents run (unless the agent area itself lives inside it).
    const runnerTemp = options.runnerTemp && external_node_path_default().isAbsolute(options.runnerTemp) ? external_node_path_default().resolve(options.runnerTemp) : null;
    const toLock = runnerTemp && !(0,paths/* isInside */.FK)(runnerTemp, area) ? [runnerTemp] : [];
    const protectedPaths = [external_node_path_default().resolve(options.stateDir), ...options.protectedPaths.map((p) => external_node_path_default().resolve(p))];
    // Written before anything is handed over: a run that dies leaves the way back on disk.
    const top = (0,external_node_fs_.statSync)(options.root);
    record.rootOwner = { uid: top.uid, gid: top.gid };
    record.rootMode = top.mode & 0o7777;
    const recordFile = boundaryRecordFile(options.stateDir, account.name);
    cleanups.push(() => external_node_fs_.promises.rm(recordFile, { force: true }));
    // The action's own files inside the work tree: neither writable nor readable for the run (the
    // agents' `wave` command then runs from a copy in the agent area).
    for (const dir of [...toLock, ...options.protectedPaths]) {
        try {
            const st = await external_node_fs_.promises.lstat(dir);
            if (!st.isDirectory() || (st.mode & 0o077) === 0)
                continue;
            record.locked.push([dir, st.mode & 0o7777]);
        }
        catch {
            // not there
        }
    }
    await external_node_fs_.promises.writeFile(recordFile, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    for (const [dir, mode] of record.locked)
        (0,external_node_fs_.chmodSync)(dir, mode & 0o7700);
    cleanups.push(() => {
        for (const [dir, mode] of record.locked)
            (0,external_node_fs_.chmodSync)(dir, mode);
    });
    const grant = (0,worktree/* grantWorktree */.eQ)(options.root, agent, protectedPaths);
    cleanups.push(() => {
        (0,worktree/* takeBackWorktree */.MZ)(grant, account.uid);
    });
    if (!(0,access/* canAccessAs */.JZ)(agent, agentRoot, "write")) {
        throw new Error(`the agent user ${account.name} cannot write the work tree ${agentRoot} after it was handed over`);
    }
    const homes = new Map();
    const inputs = new Map();
    let closed = false;
    const boundary = {
        mode: "separate",
        description: `agents run as the OS user ${account.name} (uid ${account.uid}); they cannot read the orchestrator's environment, ` +
            `state directory or temporary files${notes.length > 0 ? `; ${notes.join("; ")}` : ""}`,
        account,
        agentRoot,
        controlDir: external_node_path_default().join(area, "ctl"),
        identity: agent,
        binDir: external_node_path_default().join(area, "bin"),
        async inputsDir(agentId) {
            const existing = inputs.get(agentId);
            if (existing)
                return existing;
            const dir = external_node_path_default().join(area, "in", (0,state_paths/* agentDirName */.M2)(agentId));
            await external_node_fs_.promises.mkdir(dir, { recursive: true });
            await external_node_fs_.promises.chown(dir, me.uid, account.gid);
            await external_node_fs_.promises.chmod(dir, 0o750);
            inputs.set(agentId, dir);
            return dir;
        },
        async adjustEnv(agentId, env) {
            let home = homes.get(agentId);
            if (!home) {
                home = external_node_path_default().join(area, "home", (0,state_paths/* agentDirName */.M2)(agentId));
                for (const dir of [home, external_node_path_default().join(home, "tmp")]) {
                    await external_node_fs_.promises.mkdir(dir, { recursive: true });
                    await external_node_fs_.promises.chown(dir, account.uid, account.gid);
                    await external_node_fs_.promises.chmod(dir, 0o700);
                }
                homes.set(agentId, home);
            }
            const out = {};
            for (const [k, v] of Object.entries(env))
                if (!AGENT_ENV_DROP.includes(k))
                    out[k] = v;
            Object.assign(out, {
                HOME: home,
                USER: account.name,
                LOGNAME: account.name,
                TMPDIR: external_node_path_default().join(home, "tmp"),
                TMP: external_node_path_default().join(home, "tmp"),
                TEMP: external_node_path_default().join(home, "tmp"),
                XDG_CONFIG_HOME: external_node_path_default().join(home, ".config"),
                XDG_CACHE_HOME: external_node_path_default().join(home, ".cache"),
                XDG_DATA_HOME: external_node_path_default().join(home, ".local", "share"),
                XDG_STATE_HOME: external_node_path_default().join(home, ".local", "state"),
                WAVE_ROOT: agentRoot,
            });
            // git refuses a repository owned by another user unless told it is safe (command scope).
            const count = Number(out.GIT_CONFIG_COUNT ?? "0");
            const base = Number.isInteger(count) && count >= 0 ? count : 0;
            out[`GIT_CONFIG_KEY_${base}`] = "safe.directory";
            out[`GIT_CONFIG_VALUE_${base}`] = agentRoot;
            out.GIT_CONFIG_COUNT = String(base + 1);
            return out;
        },
        async clear() {
            const { killed, clear } = await killProcessesOfUid(account.uid);
            if (!clear)
                options.onWarning(`processes of ${account.name} survived SIGKILL (uninterruptible); continuing`);
            return killed.length;
        },
        async close() {
            if (closed)
                return;
            closed = true;
            await boundary.clear();
            await runCleanups();
        },
    };
    return boundary;
}
/**
 * Removes the agent area. The bind mount point is removed only with rmdir (never recursively): if
 * unmounting failed, the work tree behind it must not be deleted.
 */
async function removeArea(area) {
    for (const name of ["bin", "ctl", "in", "home"])
        await external_node_fs_.promises.rm(external_node_path_default().join(area, name), { recursive: true, force: true });
    await external_node_fs_.promises.rmdir(external_node_path_default().join(area, "work")).catch(() => undefined);
    await external_node_fs_.promises.rmdir(area);
}
function unmount(mountPoint) {
    const plain = (0,external_node_child_process_.spawnSync)("umount", [mountPoint], { stdio: "ignore" });
    if (plain.status !== 0)
        (0,external_node_child_process_.spawnSync)("umount", ["-l", mountPoint], { stdio: "ignore" });
}
const BoundaryRecordSchema = schemas/* object */.Ikc({
    user: schemas/* string */.YjP(),
    uid: schemas/* number */.aig().int().positive(),
    gid: schemas/* number */.aig().int().nonnegative(),
    root: schemas/* string */.YjP(),
    rootOwner: schemas/* object */.Ikc({ uid: schemas/* number */.aig().int().nonnegative(), gid: schemas/* number */.aig().int().nonnegative() }),
    rootMode: schemas/* number */.aig().int().nonnegative(),
    area: schemas/* string */.YjP(),
    mountPoint: schemas/* string */.YjP().nullable(),
    traversal: schemas/* array */.YOg(schemas/* tuple */.PVZ([schemas/* string */.YjP(), schemas/* number */.aig().int().nonnegative()])),
    locked: schemas/* array */.YOg(schemas/* tuple */.PVZ([schemas/* string */.YjP(), schemas/* number */.aig().int().nonnegative()])).default([]),
});
function boundaryRecordFile(stateDir, user) {
    return external_node_path_default().join(stateDir, `agent-boundary-${user}.json`);
}
/**
 * Undoes what a run that died (SIGKILL, a lost runner) left of its boundary: the agent user's
 * processes, the work tree's ownership, the bind mount, the opened traversal, the agent area.
 * The record lives in the private state directory, so only the orchestrator can have written it.
 * Returns a description of what was undone, or null when there was nothing to undo.
 */
async function recoverBoundaries(stateDir) {
    if (process.getuid?.() !== 0)
        return [];
    const names = await external_node_fs_.promises.readdir(stateDir).catch(() => []);
    const done = [];
    for (const name of names) {
        const m = /^agent-boundary-([a-z_][a-z0-9_-]{0,31})\.json$/.exec(name);
        if (!m)
            continue;
        // A live run holds its user's lock: its boundary is not ours to undo.
        const release = await tryLock(m[1]);
        if (!release)
            continue;
        try {
            const note = await recoverBoundary(external_node_path_default().join(stateDir, name));
            if (note)
                done.push(note);
        }
        finally {
            await release();
        }
    }
    return done;
}
async function recoverBoundary(file) {
    let text;
    try {
        const st = await external_node_fs_.promises.lstat(file);
        if (!st.isFile() || st.uid !== process.getuid?.())
            return null;
        text = await external_node_fs_.promises.readFile(file, "utf8");
    }
    catch {
        return null;
    }
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch {
        return null;
    }
    const parsed = BoundaryRecordSchema.safeParse(raw);
    if (!parsed.success)
        return null;
    const r = parsed.data;
    const { killed } = await killProcessesOfUid(r.uid);
    const given = (0,worktree/* takeBackWorktree */.MZ)({ root: r.root, rootOwner: r.rootOwner, rootMode: r.rootMode, entries: 0 }, r.uid);
    if (r.mountPoint)
        unmount(r.mountPoint);
    for (const [dir, mode] of [...r.traversal].reverse())
        (0,external_node_fs_.chmodSync)(dir, mode);
    for (const [dir, mode] of r.locked) {
        try {
            (0,external_node_fs_.chmodSync)(dir, mode);
        }
        catch {
            // gone
        }
    }
    await removeArea(r.area).catch(() => undefined);
    await external_node_fs_.promises.rm(file, { force: true });
    return `recovered the agent boundary of an interrupted run: stopped ${killed.length} process(es) of ${r.user}, took back ${given} work-tree entries`;
}


/***/ }),

/***/ 65984:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Uu: () => (/* binding */ parseAgentUser),
/* harmony export */   ky: () => (/* binding */ SAME_USER_CONSEQUENCES),
/* harmony export */   vd: () => (/* binding */ decideAgentUser),
/* harmony export */   wq: () => (/* binding */ autoUserName),
/* harmony export */   xJ: () => (/* binding */ AUTO_USER_POOL)
/* harmony export */ });
/* unused harmony export AUTO_USER_BASE */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/**
 * Which OS user agents run as: the `agent-user` input / `--agent-user` flag, and the decision made
 * from it and the facts of this process (pure functions; the effects live in boundary.ts).
 *
 *   auto  — a separate, unprivileged user when this process can arrange it (it is root, or — in
 *           GitHub Actions — it can become root through passwordless sudo); otherwise the
 *           orchestrator's own user, said plainly in the log and the summary.
 *   none  — always the orchestrator's own user.
 *   NAME  — that existing user; an error when it cannot be arranged.
 */

/** POSIX-portable user names (useradd's default rule), never root. */
const USER_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;
/** The name of the user `auto` creates (with a numeric suffix when it is busy: wave-agent-2, ...). */
const AUTO_USER_BASE = "wave-agent";
/** How many pooled users `auto` may create for concurrent runs on one machine. */
const AUTO_USER_POOL = 16;
function autoUserName(index) {
    return index === 0 ? AUTO_USER_BASE : `${AUTO_USER_BASE}-${index + 1}`;
}
function parseAgentUser(text, source) {
    const value = (text ?? "").trim();
    if (value === "" || value === "auto")
        return { kind: "auto" };
    if (value === "none")
        return { kind: "none" };
    if (value === "root")
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${source}: agents may not run as root`, 2);
    if (!USER_NAME.test(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${source}: ${JSON.stringify(value)} is not auto, none or a user name (lower-case letters, digits, _ and -, at most 32)`, 2);
    }
    return { kind: "named", name: value };
}
function decideAgentUser(request, facts) {
    if (request.kind === "none") {
        return { kind: "same", requested: "none", reason: "agent-user is none" };
    }
    if (facts.euid === 0) {
        return request.kind === "named"
            ? { kind: "separate", name: request.name, pooled: false }
            : { kind: "separate", name: AUTO_USER_BASE, pooled: true };
    }
    if (request.kind === "named") {
        if (facts.sudo)
            return { kind: "elevate" };
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`agent-user ${request.name}: running agents as another user needs root or passwordless sudo, and this process has neither`, 2);
    }
    if (facts.sudo && facts.githubActions)
        return { kind: "elevate" };
    return {
        kind: "same",
        requested: "auto",
        reason: facts.sudo
            ? "not root, and passwordless sudo is used automatically only in GitHub Actions (pass --agent-user wave-agent to use it here)"
            : "not root and no passwordless sudo",
    };
}
/** What agents sharing the orchestrator's user can do — said wherever the mode is reported. */
const SAME_USER_CONSEQUENCES = "agents share the orchestrator's OS user: they can read its environment (API keys, runner tokens, the marker nonce) " +
    "through /proc, and write its state directory and logs, so a malicious agent can forge its own verdict";


/***/ }),

/***/ 7701:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ELEVATED_MARK: () => (/* binding */ ELEVATED_MARK),
/* harmony export */   elevatedFromUser: () => (/* binding */ elevatedFromUser),
/* harmony export */   enterElevated: () => (/* binding */ enterElevated),
/* harmony export */   giveBackToUser: () => (/* binding */ giveBackToUser),
/* harmony export */   mustElevate: () => (/* binding */ mustElevate),
/* harmony export */   passwordlessSudo: () => (/* binding */ passwordlessSudo),
/* harmony export */   runElevated: () => (/* binding */ runElevated)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(80481);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_readline__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(38816);
/* harmony import */ var _choice_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(65984);
/* harmony import */ var _worktree_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(56890);
/**
 * Becoming root through passwordless sudo, so that agents can run as a separate user when the
 * orchestrator starts as an ordinary user (GitHub-hosted runners).
 *
 * The command runs again as `sudo -n <node> <script> __elevated <args...>`. Its environment does not
 * pass through sudo (whose policy resets, filters and rewrites it): the parent writes it as one JSON
 * line on the child's stdin. Later lines on stdin carry signals: sudo does not relay a signal sent
 * by a process of its parent's process group, so the parent forwards SIGINT/SIGTERM/SIGHUP as
 * text instead. End of input (the parent died) counts as SIGTERM. The child's stdout and stderr are
 * the parent's own.
 *
 * At the end the elevated run gives every file it created as root under the work tree and the
 * state directory back to the user who started it.
 */





const ELEVATED_MARK = "__elevated";
const HandoffSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    env: zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP()),
    from: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ uid: zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().nonnegative(), gid: zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().nonnegative() }),
});
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"];
let elevatedFrom = null;
/** The user who started this elevated run, or null when the process was not elevated by us. */
function elevatedFromUser() {
    return elevatedFrom;
}
/** True when `sudo -n` runs a command without asking for a password. */
function passwordlessSudo() {
    if (process.getuid?.() === 0)
        return false;
    const r = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawnSync)("sudo", ["-n", "true"], { stdio: "ignore", timeout: 30_000 });
    return !r.error && r.status === 0;
}
/**
 * Whether this command should run again as root so that agents can run as another user: not root
 * yet, a separate user asked for (or `auto` in GitHub Actions), and passwordless sudo works (asked
 * only when everything else says yes).
 */
function mustElevate(request, env) {
    if (request.kind === "none" || process.geteuid?.() === 0)
        return false;
    const githubActions = env.GITHUB_ACTIONS === "true";
    if (request.kind === "auto" && !githubActions)
        return false;
    return (0,_choice_js__WEBPACK_IMPORTED_MODULE_2__/* .decideAgentUser */ .vd)(request, { euid: process.geteuid?.() ?? -1, sudo: passwordlessSudo(), githubActions }).kind === "elevate";
}
/**
 * Runs `commandArgv args...` again as root (commandArgv: node, its flags, the entry script);
 * resolves with its exit code (128 + n for a signal). `env` is the complete environment the child gets.
 */
function runElevated(commandArgv, args, env) {
    return new Promise((resolve) => {
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)("sudo", ["-n", "--", ...commandArgv, ELEVATED_MARK, ...args], {
            stdio: ["pipe", "inherit", "inherit"],
        });
        const handoff = { env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)), from: { uid: process.getuid(), gid: process.getgid() } };
        child.stdin.on("error", () => undefined);
        child.stdin.write(`${JSON.stringify(handoff)}\n`);
        const forward = (signal) => child.stdin.write(`${signal}\n`);
        for (const s of FORWARDED)
            process.on(s, forward);
        child.on("error", (error) => {
            process.stderr.write(`wave: could not run sudo: ${error.message}\n`);
            for (const s of FORWARDED)
                process.off(s, forward);
            resolve(2);
        });
        child.on("exit", (code, signal) => {
            for (const s of FORWARDED)
                process.off(s, forward);
            child.stdin.end();
            resolve(code ?? 128 + (signal ? signalNumber(signal) : 1));
        });
    });
}
function signalNumber(signal) {
    const n = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
    return n[signal] ?? 1;
}
/**
 * In the elevated child: reads the hand-off from stdin, replaces process.env with it, and turns
 * later lines into signals to this process. Returns argv without the mark; argv unchanged when the
 * process was not started elevated.
 */
async function enterElevated(argv) {
    if (argv[0] !== ELEVATED_MARK)
        return argv;
    if (process.getuid?.() !== 0)
        throw new Error(`${ELEVATED_MARK}: not running as root`);
    const lines = (0,node_readline__WEBPACK_IMPORTED_MODULE_1__.createInterface)({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    const iterator = lines[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done)
        throw new Error(`${ELEVATED_MARK}: no hand-off on stdin`);
    const handoff = HandoffSchema.parse(JSON.parse(first.value));
    // Keep reading for forwarded signals, without keeping the process alive for them.
    process.stdin.unref?.();
    for (const key of Object.keys(process.env))
        delete process.env[key];
    Object.assign(process.env, handoff.env);
    elevatedFrom = handoff.from;
    void (async () => {
        for (;;) {
            const next = await iterator.next().catch(() => ({ done: true, value: undefined }));
            if (next.done) {
                process.kill(process.pid, "SIGTERM");
                return;
            }
            const name = next.value.trim();
            if (FORWARDED.includes(name))
                process.kill(process.pid, name);
        }
    })();
    return argv.slice(1);
}
/** Gives every entry owned by root under `dirs` (symbolic links not followed) to `owner`. */
function giveBackToUser(dirs, owner) {
    return dirs.reduce((n, dir) => n + (0,_worktree_js__WEBPACK_IMPORTED_MODULE_3__/* .reassignOwned */ .Oj)(dir, 0, owner), 0);
}


/***/ }),

/***/ 56890:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MZ: () => (/* binding */ takeBackWorktree),
/* harmony export */   Oj: () => (/* binding */ reassignOwned),
/* harmony export */   eQ: () => (/* binding */ grantWorktree)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Handing the repository work tree to the agent user, and taking it back.
 *
 * Grant: every file and directory of the work tree becomes the agent user's, except `.git` (at any
 * depth: agents do not commit, and git configuration there would run code as the orchestrator)
 * and the protected paths (the state directory, the action's own files). The top directory stays
 * the orchestrator's, gets the agent's group with write access and the sticky bit: agents can create
 * and remove their own entries there, but cannot rename or remove `.git`, the state directory or
 * anything else they do not own (a sticky directory allows that only to an entry's owner).
 *
 * Take back: everything the agent user owns now (what it was given and what it created) becomes the
 * orchestrator's again; entries owned by anyone else (a hard link to a file the agent does not own)
 * are left alone. The top directory's group and mode are restored. Symbolic links are never
 * followed (lchown, lstat).
 */


function isProtected(p, protectedPaths) {
    return protectedPaths.some((q) => p === q || p.startsWith(q + (node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)));
}
/** Visits every entry under `dir` (not `dir` itself) depth-first, never through symbolic links. */
function walk(dir, visit) {
    let names;
    try {
        names = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)(dir);
    }
    catch {
        return;
    }
    for (const name of names) {
        const entry = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, name);
        let isDir = false;
        try {
            isDir = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(entry).isDirectory();
        }
        catch {
            continue;
        }
        if (visit(entry, isDir) && isDir)
            walk(entry, visit);
    }
}
function grantWorktree(root, agent, protectedPaths) {
    const top = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(root);
    const grant = { root, rootOwner: { uid: top.uid, gid: top.gid }, rootMode: top.mode & 0o7777, entries: 0 };
    walk(root, (entry) => {
        if (node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(entry) === ".git" || isProtected(entry, protectedPaths))
            return false;
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lchownSync)(entry, agent.uid, agent.gid);
            grant.entries++;
        }
        catch {
            // vanished
        }
        return true;
    });
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chownSync)(root, top.uid, agent.gid);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chmodSync)(root, (top.mode & 0o7777) | 0o1070);
    return grant;
}
/**
 * Gives every entry under `dir` (and `dir` itself) that `fromUid` owns to `to`; entries of other
 * owners are left alone, symbolic links are never followed. `skip` prunes a subtree by name.
 */
function reassignOwned(dir, fromUid, to, skip = () => false) {
    let count = 0;
    const move = (entry) => {
        try {
            if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(entry).uid === fromUid) {
                (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lchownSync)(entry, to.uid, to.gid);
                count++;
            }
        }
        catch {
            // vanished
        }
    };
    move(dir);
    walk(dir, (entry) => {
        if (skip(node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(entry)))
            return false;
        move(entry);
        return true;
    });
    return count;
}
/** Gives back everything `agentUid` owns under the work tree (never in `.git`); restores the top directory. */
function takeBackWorktree(grant, agentUid, owner = grant.rootOwner) {
    const count = reassignOwned(grant.root, agentUid, owner, (name) => name === ".git");
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chownSync)(grant.root, grant.rootOwner.uid, grant.rootOwner.gid);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chmodSync)(grant.root, grant.rootMode);
    return count;
}


/***/ }),

/***/ 98795:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  vj: () => (/* reexport */ GithubArtifactStore),
  Cs: () => (/* reexport */ artifactName),
  wz: () => (/* reexport */ naming_artifactNamePrefix),
  C0: () => (/* reexport */ collectFiles),
  a0: () => (/* reexport */ compareNewestFirst),
  DF: () => (/* reexport */ jobSuffix),
  TZ: () => (/* reexport */ naming_parseArtifactName)
});

// UNUSED EXPORTS: ArtifactError, LOCAL_METADATA_FILE, LocalArtifactMetadataSchema, LocalArtifactStore, ZipError, checkArtifactName, checkUploadFiles, extractZip, findLatestWaveState, isArtifactError, jobIdFromRuntimeToken, newestFirst, readZipEntries, selectWaveStates, verifyTree

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/artifacts/errors.ts
/**
 * Errors of the artifact stores. All are UserErrors (a clear message, no stack trace); `code` lets
 * callers react, e.g. pick another name on "exists" or fall back to a fresh run on "corrupt".
 */

class errors_ArtifactError extends errors/* UserError */.yo {
    code;
    constructor(code, message) {
        super(message);
        this.name = "ArtifactError";
        this.code = code;
    }
}
function isArtifactError(error, code) {
    return error instanceof errors_ArtifactError && (code === undefined || error.code === code);
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/artifacts/files.ts
/**
 * File-tree helpers shared by the stores: collecting what to upload (no symlinks: they could point
 * at secrets outside the tree), checking an upload list, and verifying a restored tree stays inside
 * its directory.
 */



/** Characters the artifact service refuses in file paths (NTFS limits), so both stores refuse them. */
const FORBIDDEN_PATH_CHARS = ['"', ":", "<", ">", "|", "*", "?", "\r", "\n"];
/** Every regular file and empty directory under `rootDir`, sorted; symlinks and specials are skipped. */
async function collectFiles(rootDir) {
    const out = { files: [], emptyDirectories: [], skipped: [] };
    async function walk(dir) {
        const entries = await (0,promises_.readdir)(dir, { withFileTypes: true });
        if (entries.length === 0 && dir !== rootDir)
            out.emptyDirectories.push(dir);
        for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
            const full = external_node_path_default().join(dir, entry.name);
            if (entry.isDirectory())
                await walk(full);
            else if (entry.isFile())
                out.files.push(full);
            else
                out.skipped.push(full);
        }
    }
    await walk(external_node_path_default().resolve(rootDir));
    return out;
}
/**
 * Checks an upload list: absolute paths inside `rootDir`, existing regular files or directories
 * (no symlinks), no characters the service refuses, no duplicates.
 */
async function files_checkUploadFiles(rootDir, files) {
    const root = external_node_path_default().resolve(rootDir);
    const rootStat = await (0,promises_.lstat)(root).catch(() => null);
    if (!rootStat?.isDirectory())
        throw new errors_ArtifactError("invalid-files", `artifact root ${root} is not a directory`);
    const seen = new Set();
    const out = [];
    for (const file of files) {
        if (!external_node_path_default().isAbsolute(file))
            throw new errors_ArtifactError("invalid-files", `artifact file ${file} is not an absolute path`);
        const absolute = external_node_path_default().resolve(file);
        const rel = external_node_path_default().relative(root, absolute);
        if (rel === "" || rel.startsWith("..") || external_node_path_default().isAbsolute(rel)) {
            throw new errors_ArtifactError("invalid-files", `artifact file ${absolute} is not inside ${root}`);
        }
        const relative = rel.split((external_node_path_default()).sep).join("/");
        const bad = FORBIDDEN_PATH_CHARS.find((c) => relative.includes(c));
        if (bad !== undefined) {
            throw new errors_ArtifactError("invalid-files", `artifact file ${relative} contains the character ${JSON.stringify(bad)}`);
        }
        const st = await (0,promises_.lstat)(absolute).catch(() => null);
        if (!st)
            throw new errors_ArtifactError("invalid-files", `artifact file ${absolute} does not exist`);
        if (st.isSymbolicLink())
            throw new errors_ArtifactError("invalid-files", `artifact file ${absolute} is a symbolic link`);
        if (!st.isFile() && !st.isDirectory()) {
            throw new errors_ArtifactError("invalid-files", `artifact file ${absolute} is not a regular file or directory`);
        }
        if (seen.has(relative))
            continue;
        seen.add(relative);
        out.push({ absolute, relative, isDirectory: st.isDirectory(), size: st.isFile() ? st.size : 0 });
    }
    if (out.length === 0)
        throw new errors_ArtifactError("invalid-files", "no files to upload");
    return out;
}
/**
 * Walks a restored tree and fails unless everything in it is a regular file or directory whose
 * real path is inside `root`.
 */
async function files_verifyTree(root) {
    const realRoot = await (0,promises_.realpath)(root);
    const summary = { files: [], directories: [], bytes: 0 };
    async function walk(dir, prefix) {
        for (const entry of await (0,promises_.readdir)(dir, { withFileTypes: true })) {
            const full = external_node_path_default().join(dir, entry.name);
            const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
            const st = await (0,promises_.lstat)(full);
            if (st.isSymbolicLink())
                throw new errors_ArtifactError("unsafe", `restored tree contains a symbolic link: ${rel}`);
            const real = await (0,promises_.realpath)(full);
            if (!real.startsWith(realRoot + (external_node_path_default()).sep))
                throw new errors_ArtifactError("unsafe", `restored path escapes ${root}: ${rel}`);
            if (st.isDirectory()) {
                summary.directories.push(rel);
                await walk(full, rel);
            }
            else if (st.isFile()) {
                summary.files.push(rel);
                summary.bytes += st.size;
            }
            else {
                throw new errors_ArtifactError("unsafe", `restored tree contains a special file: ${rel}`);
            }
        }
    }
    await walk(realRoot, "");
    summary.files.sort();
    summary.directories.sort();
    return summary;
}
/** Creates `dir` if needed and fails unless it is an empty directory. Returns true when it was created. */
async function files_prepareEmptyDirectory(dir) {
    const st = await (0,promises_.lstat)(dir).catch(() => null);
    if (!st)
        return true;
    if (!st.isDirectory() || st.isSymbolicLink()) {
        throw new errors_ArtifactError("destination", `download destination ${dir} is not a directory`);
    }
    if ((await (0,promises_.readdir)(dir)).length > 0)
        throw new errors_ArtifactError("destination", `download destination ${dir} is not empty`);
    return false;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
;// CONCATENATED MODULE: ./src/artifacts/copy.ts
/**
 * Streaming file copy that hashes what it copies and never overwrites or follows a link at the
 * destination.
 */





class Hashing extends (/* unused pure expression or super */ null && (Transform)) {
    hash = createHash("sha256");
    size = 0;
    _transform(chunk, _enc, done) {
        this.hash.update(chunk);
        this.size += chunk.length;
        done(null, chunk);
    }
}
async function copy_copyFileHashed(source, dest, mode = 0o644) {
    const fh = await open(dest, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    const hashing = new Hashing();
    try {
        await pipeline(createReadStream(source), hashing, fh.createWriteStream());
    }
    finally {
        await fh.close().catch(() => undefined);
    }
    return { size: hashing.size, sha256: hashing.hash.digest("hex") };
}
/**
 * Runs `fn` over `items` with at most `limit` at a time. After a failure no new item starts, and the
 * first error is thrown only once every running call has finished (so callers can clean up safely).
 */
async function copy_forEachLimited(items, limit, fn) {
    let next = 0;
    let failed = false;
    const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (!failed && next < items.length) {
            const item = items[next++];
            try {
                await fn(item);
            }
            catch (error) {
                failed = true;
                throw error;
            }
        }
    });
    const settled = await Promise.allSettled(workers);
    const rejected = settled.find((s) => s.status === "rejected");
    if (rejected)
        throw rejected.reason;
}

;// CONCATENATED MODULE: ./src/artifacts/entry-path.ts
/**
 * Which names an archive entry may have: relative paths that stay inside the extraction directory.
 * Rejects absolute paths, drive letters, backslashes, `.`/`..` and empty segments, NUL bytes.
 */
class entry_path_UnsafePathError extends Error {
    entryName;
    constructor(entryName, reason) {
        super(`unsafe path ${JSON.stringify(entryName)}: ${reason}`);
        this.entryName = entryName;
        this.name = "UnsafePathError";
    }
}
/**
 * The entry's path relative to the extraction directory, `/`-separated, without a trailing slash.
 * Throws UnsafePathError for any name that could escape or is ambiguous.
 */
function entry_path_safeEntryPath(name) {
    if (name.length === 0)
        throw new entry_path_UnsafePathError(name, "empty name");
    if (name.includes("\0"))
        throw new entry_path_UnsafePathError(name, "contains a NUL byte");
    if (name.includes("\\"))
        throw new entry_path_UnsafePathError(name, "contains a backslash");
    if (name.startsWith("/"))
        throw new entry_path_UnsafePathError(name, "absolute path");
    if (/^[A-Za-z]:/.test(name))
        throw new entry_path_UnsafePathError(name, "drive letter");
    const trimmed = name.endsWith("/") ? name.slice(0, -1) : name;
    const segments = trimmed.split("/");
    for (const segment of segments) {
        if (segment === "")
            throw new entry_path_UnsafePathError(name, "empty path segment");
        if (segment === "..")
            throw new entry_path_UnsafePathError(name, "parent directory segment");
        if (segment === ".")
            throw new entry_path_UnsafePathError(name, "current directory segment");
    }
    return segments.join("/");
}

;// CONCATENATED MODULE: ./src/artifacts/naming.ts
/**
 * Artifact names for wave state: `<prefix>_<lane>_wave-<n>_attempt-<a>_<suffix>`, e.g.
 * `wave_main_wave-3_attempt-2_j1a2b3c4d`. Names are unique per workflow run on GitHub, so the
 * suffix identifies the job execution (re-runs and resume jobs get new ones). Prefix and lane are
 * escaped (`~HH`) so the fields can always be split apart again.
 */


const PLAIN = /^[A-Za-z0-9.-]$/;
const SUFFIX = /^[A-Za-z0-9.-]+$/;
const NAME = /^([A-Za-z0-9.~-]+)_([A-Za-z0-9.~-]+)_wave-(\d+)_attempt-(\d+)_([A-Za-z0-9.-]+)$/;
/** Escapes everything outside `[A-Za-z0-9.-]`, and a leading dot, as `~HH` per UTF-8 byte. */
function escapeNameField(value) {
    let out = "";
    for (const ch of value) {
        if (PLAIN.test(ch) && !(out === "" && ch === "."))
            out += ch;
        else
            for (const byte of Buffer.from(ch, "utf8"))
                out += `~${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
    return out;
}
function unescapeNameField(value) {
    const bytes = [];
    for (let i = 0; i < value.length; i++) {
        const c = value[i];
        if (c === "~") {
            const hex = value.slice(i + 1, i + 3);
            if (!/^[0-9A-F]{2}$/.test(hex))
                return null;
            bytes.push(Number.parseInt(hex, 16));
            i += 2;
        }
        else {
            bytes.push(c.charCodeAt(0));
        }
    }
    try {
        return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
    }
    catch {
        return null;
    }
}
function artifactName(parts) {
    if (!parts.prefix)
        throw new errors_ArtifactError("invalid-name", "artifact prefix is empty");
    if (!parts.lane)
        throw new errors_ArtifactError("invalid-name", "lane is empty");
    if (!Number.isInteger(parts.wave) || parts.wave < 0)
        throw new errors_ArtifactError("invalid-name", `invalid wave ${parts.wave}`);
    if (!Number.isInteger(parts.runAttempt) || parts.runAttempt < 1) {
        throw new errors_ArtifactError("invalid-name", `invalid run attempt ${parts.runAttempt}`);
    }
    if (!SUFFIX.test(parts.suffix)) {
        throw new errors_ArtifactError("invalid-name", `artifact name suffix ${JSON.stringify(parts.suffix)} must match [A-Za-z0-9.-]+`);
    }
    const prefix = escapeNameField(parts.prefix);
    const lane = escapeNameField(parts.lane);
    return `${prefix}_${lane}_wave-${parts.wave}_attempt-${parts.runAttempt}_${parts.suffix}`;
}
/** The start every artifact name of this prefix (and lane) has; for ListOptions.prefix. */
function naming_artifactNamePrefix(prefix, lane) {
    return lane === undefined ? `${escapeNameField(prefix)}_` : `${escapeNameField(prefix)}_${escapeNameField(lane)}_`;
}
/** The parts of a name made by artifactName, or null for any other name. */
function naming_parseArtifactName(name) {
    const m = NAME.exec(name);
    if (!m)
        return null;
    const prefix = unescapeNameField(m[1]);
    const lane = unescapeNameField(m[2]);
    const wave = Number(m[3]);
    const runAttempt = Number(m[4]);
    if (prefix === null || lane === null)
        return null;
    // Only the canonical spelling parses, so one set of parts has exactly one name.
    if (escapeNameField(prefix) !== m[1] || escapeNameField(lane) !== m[2])
        return null;
    if (!Number.isSafeInteger(wave) || !Number.isSafeInteger(runAttempt))
        return null;
    if (runAttempt < 1 || String(wave) !== m[3] || String(runAttempt) !== m[4])
        return null;
    return { prefix, lane, wave, runAttempt, suffix: m[5] };
}
/** The job backend id from an Actions runtime token (its `Actions.Results:<run>:<job>` scope), if any. */
function jobIdFromRuntimeToken(token) {
    const payload = token?.split(".")[1];
    if (!payload)
        return null;
    try {
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
        if (typeof claims.scp !== "string")
            return null;
        for (const scope of claims.scp.split(" ")) {
            const parts = scope.split(":");
            if (parts[0] === "Actions.Results" && parts.length === 3 && parts[2])
                return parts[2];
        }
    }
    catch {
        return null;
    }
    return null;
}
/**
 * A suffix unique to this job execution: `j` + 8 hex digits derived from the runtime token's job id
 * (different for every job and every re-run attempt); outside Actions, `l` + 8 random hex digits.
 * `sequence` > 1 is appended (`-2`) for further uploads of the same wave from one job.
 */
function jobSuffix(options = {}) {
    const env = options.env ?? process.env;
    const jobId = jobIdFromRuntimeToken(env["ACTIONS_RUNTIME_TOKEN"]);
    const base = jobId
        ? `j${(0,external_node_crypto_.createHash)("sha256").update(jobId).digest("hex").slice(0, 8)}`
        : `l${(0,external_node_crypto_.randomBytes)(4).toString("hex")}`;
    const sequence = options.sequence ?? 1;
    return sequence > 1 ? `${base}-${sequence}` : base;
}
const FORBIDDEN_NAME_CHARS = ['"', ":", "<", ">", "|", "*", "?", "\r", "\n", "\\", "/", "\0"];
/**
 * Fails unless `name` is usable as an artifact name in both stores: non-empty, at most 200
 * characters, none of the characters the artifact service refuses, not starting with a dot.
 */
function naming_checkArtifactName(name) {
    if (!name)
        throw new errors_ArtifactError("invalid-name", "artifact name is empty");
    if (name.length > 200)
        throw new errors_ArtifactError("invalid-name", `artifact name is longer than 200 characters: ${name}`);
    const bad = FORBIDDEN_NAME_CHARS.find((c) => name.includes(c));
    if (bad !== undefined) {
        throw new errors_ArtifactError("invalid-name", `artifact name ${JSON.stringify(name)} contains the character ${JSON.stringify(bad)}`);
    }
    if (name.startsWith("."))
        throw new errors_ArtifactError("invalid-name", `artifact name ${JSON.stringify(name)} starts with a dot`);
}

;// CONCATENATED MODULE: ./src/artifacts/local-store.ts
/**
 * Artifacts as directories: `<dir>/<name>/artifact.json` (metadata with a manifest of sizes and
 * sha256 digests) and `<dir>/<name>/files/` (the tree). Uploads are staged and renamed into place,
 * so an artifact is either complete or absent; downloads check the manifest.
 */








const LOCAL_METADATA_FILE = "artifact.json";
const FILES_DIR = "files";
const COPY_PARALLELISM = 8;
const LocalArtifactMetadataSchema = schemas/* object */.Ikc({
    schemaVersion: schemas/* literal */.euz(1),
    name: schemas/* string */.YjP().min(1),
    size: schemas/* number */.aig().int().nonnegative(),
    createdAt: schemas/* string */.YjP(),
    runId: schemas/* number */.aig().int().optional(),
    runAttempt: schemas/* number */.aig().int().positive().optional(),
    retentionDays: schemas/* number */.aig().int().nonnegative().optional(),
    files: schemas/* array */.YOg(schemas/* object */.Ikc({
        path: schemas/* string */.YjP().min(1),
        size: schemas/* number */.aig().int().nonnegative(),
        sha256: schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/),
    })),
    directories: schemas/* array */.YOg(schemas/* string */.YjP().min(1)),
});
function isMissing(error) {
    return error.code === "ENOENT";
}
class LocalArtifactStore {
    dir;
    options;
    source = "local";
    constructor(dir, options = {}) {
        this.dir = dir;
        this.options = options;
    }
    /** The store holding the artifact directory `artifactDir` (one with an artifact.json), and its info. */
    static async open(artifactDir) {
        const resolved = path.resolve(artifactDir);
        const store = new LocalArtifactStore(path.dirname(resolved));
        const name = path.basename(resolved);
        const meta = await store.readMetadata(name);
        return { store, info: store.toInfo(meta) };
    }
    artifactDir(name) {
        checkArtifactName(name);
        return path.join(this.dir, name);
    }
    async readMetadata(name) {
        const file = path.join(this.artifactDir(name), LOCAL_METADATA_FILE);
        let text;
        try {
            text = await readFile(file, "utf8");
        }
        catch (error) {
            if (isMissing(error))
                throw new ArtifactError("not-found", `local artifact ${name} not found (no ${file})`);
            throw error;
        }
        let json;
        try {
            json = JSON.parse(text);
        }
        catch (error) {
            throw new ArtifactError("corrupt", `${file}: invalid JSON: ${error.message}`);
        }
        const parsed = LocalArtifactMetadataSchema.safeParse(json);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new ArtifactError("corrupt", `${file}: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid"}`);
        }
        if (parsed.data.name !== name) {
            throw new ArtifactError("corrupt", `${file}: names artifact ${parsed.data.name}, but its directory is ${name}`);
        }
        return parsed.data;
    }
    toInfo(meta) {
        const info = { id: meta.name, name: meta.name, size: meta.size, createdAt: meta.createdAt, source: "local" };
        if (meta.runId !== undefined)
            info.runId = meta.runId;
        const attempt = meta.runAttempt ?? parseArtifactName(meta.name)?.runAttempt;
        if (attempt !== undefined)
            info.runAttempt = attempt;
        return info;
    }
    async upload(name, rootDir, files, options = {}) {
        const target = this.artifactDir(name);
        const checked = await checkUploadFiles(rootDir, files);
        if (await exists(target))
            throw new ArtifactError("exists", `an artifact named ${name} already exists in ${this.dir}`);
        await mkdir(this.dir, { recursive: true });
        const staging = await mkdtemp(path.join(this.dir, ".staging-"));
        try {
            const filesRoot = path.join(staging, FILES_DIR);
            await mkdir(filesRoot);
            const directories = checked.filter((f) => f.isDirectory).map((f) => f.relative);
            for (const dir of directories)
                await mkdir(path.join(filesRoot, dir), { recursive: true });
            const manifest = [];
            const regular = checked.filter((f) => !f.isDirectory);
            for (const f of regular)
                await mkdir(path.dirname(path.join(filesRoot, f.relative)), { recursive: true });
            await forEachLimited(regular, COPY_PARALLELISM, async (f) => {
                const mode = (await stat(f.absolute)).mode & 0o111 ? 0o755 : 0o644;
                const copied = await copyFileHashed(f.absolute, path.join(filesRoot, f.relative), mode);
                manifest.push({ path: f.relative, size: copied.size, sha256: copied.sha256 });
            });
            manifest.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
            const meta = {
                schemaVersion: 1,
                name,
                size: manifest.reduce((sum, f) => sum + f.size, 0),
                createdAt: (await this.nextCreatedAt()).toISOString(),
                ...(this.options.runId !== undefined ? { runId: this.options.runId } : {}),
                ...(this.options.runAttempt !== undefined ? { runAttempt: this.options.runAttempt } : {}),
                ...(options.retentionDays ? { retentionDays: options.retentionDays } : {}),
                files: manifest,
                directories: directories.sort(),
            };
            await writeFile(path.join(staging, LOCAL_METADATA_FILE), `${JSON.stringify(meta, null, 2)}\n`);
            try {
                await rename(staging, target);
            }
            catch (error) {
                const code = error.code;
                if (code === "EEXIST" || code === "ENOTEMPTY") {
                    throw new ArtifactError("exists", `an artifact named ${name} already exists in ${this.dir}`);
                }
                throw error;
            }
            return { id: name, name, size: meta.size };
        }
        finally {
            await rm(staging, { recursive: true, force: true });
        }
    }
    /**
     * Now, or 1 ms after the newest artifact in the directory when that is not earlier: creation
     * times order the artifacts (newest first) as ids do on GitHub, so no two may be equal.
     */
    async nextCreatedAt() {
        let newest = 0;
        const names = await readdir(this.dir).catch(() => []);
        for (const name of names) {
            if (name.startsWith("."))
                continue;
            try {
                const meta = JSON.parse(await readFile(path.join(this.dir, name, LOCAL_METADATA_FILE), "utf8"));
                const t = typeof meta.createdAt === "string" ? Date.parse(meta.createdAt) : Number.NaN;
                if (Number.isFinite(t) && t > newest)
                    newest = t;
            }
            catch {
                // not an artifact (or an unreadable one): it does not order anything
            }
        }
        return new Date(Math.max(Date.now(), newest + 1));
    }
    async list(options = {}) {
        let names;
        try {
            names = (await readdir(this.dir, { withFileTypes: true }))
                .filter((d) => d.isDirectory() && !d.name.startsWith("."))
                .map((d) => d.name);
        }
        catch (error) {
            if (isMissing(error))
                return [];
            throw error;
        }
        const out = [];
        for (const name of names) {
            if (options.prefix !== undefined && !name.startsWith(options.prefix))
                continue;
            if (!(await exists(path.join(this.dir, name, LOCAL_METADATA_FILE))))
                continue;
            try {
                checkArtifactName(name);
            }
            catch {
                continue;
            }
            out.push(this.toInfo(await this.readMetadata(name)));
        }
        return out.sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || a.name.localeCompare(b.name));
    }
    async download(info, destDir) {
        const meta = await this.readMetadata(info.name);
        const filesRoot = path.join(this.artifactDir(info.name), FILES_DIR);
        const created = await prepareEmptyDirectory(destDir);
        await mkdir(destDir, { recursive: true });
        try {
            const safe = (p) => {
                try {
                    return safeEntryPath(p);
                }
                catch (error) {
                    if (error instanceof UnsafePathError)
                        throw new ArtifactError("unsafe", `local artifact ${info.name}: ${error.message}`);
                    throw error;
                }
            };
            for (const dir of meta.directories)
                await mkdir(path.join(destDir, safe(dir)), { recursive: true });
            for (const f of meta.files)
                await mkdir(path.dirname(path.join(destDir, safe(f.path))), { recursive: true });
            await forEachLimited(meta.files, COPY_PARALLELISM, async (f) => {
                const source = path.join(filesRoot, safe(f.path));
                const st = await lstat(source).catch(() => null);
                if (!st)
                    throw new ArtifactError("corrupt", `local artifact ${info.name} is missing ${f.path}`);
                if (!st.isFile())
                    throw new ArtifactError("unsafe", `local artifact ${info.name}: ${f.path} is not a regular file`);
                const copied = await copyFileHashed(source, path.join(destDir, f.path), st.mode & 0o111 ? 0o755 : 0o644);
                if (copied.size !== f.size || copied.sha256 !== f.sha256) {
                    throw new ArtifactError("corrupt", `local artifact ${info.name}: ${f.path} does not match its recorded digest`);
                }
            });
            await verifyTree(destDir);
            return destDir;
        }
        catch (error) {
            await clearDirectory(destDir, created);
            throw error;
        }
    }
    async delete(info) {
        const dir = this.artifactDir(info.name);
        if (!(await exists(dir)))
            throw new ArtifactError("not-found", `local artifact ${info.name} not found in ${this.dir}`);
        await rm(dir, { recursive: true, force: true });
    }
}
async function exists(p) {
    return (await lstat(p).catch(() => null)) !== null;
}
/** Removes what a failed download wrote: the directory itself if it was created for it, else its content. */
async function clearDirectory(dir, removeDir) {
    if (removeDir) {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        return;
    }
    for (const entry of await (0,promises_.readdir)(dir).catch(() => [])) {
        await (0,promises_.rm)(external_node_path_default().join(dir, entry), { recursive: true, force: true });
    }
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
var external_node_zlib_default = /*#__PURE__*/__webpack_require__.n(external_node_zlib_);
;// CONCATENATED MODULE: ./src/artifacts/crc32.ts
/**
 * CRC-32 (IEEE, as zip uses it), incremental: `crc32(chunk2, crc32(chunk1))`. Uses zlib's native
 * implementation when the running Node has it.
 */

const crc32_native = (external_node_zlib_default()).crc32;
let table = null;
function makeTable() {
    const t = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        t[n] = c >>> 0;
    }
    return t;
}
function crc32Portable(data, value = 0) {
    table ??= makeTable();
    let c = (value ^ 0xffffffff) >>> 0;
    for (let i = 0; i < data.length; i++)
        c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
}
function crc32(data, value = 0) {
    return crc32_native ? crc32_native(data, value) >>> 0 : crc32Portable(data, value);
}

;// CONCATENATED MODULE: ./src/artifacts/zip-read.ts
/**
 * Reads and validates the central directory of a zip file (zip64 included) without trusting it:
 * every record, offset and size is bounds-checked, entry names must be safe relative paths, and
 * symlinks, devices, encrypted entries, duplicates, overlapping data and stored entries whose two
 * sizes differ are rejected. The declared uncompressed sizes are what extraction checks against the
 * free disk space before it writes anything (and holds every entry to while inflating).
 */


class ZipError extends Error {
    constructor(message) {
        super(message);
        this.name = "ZipError";
    }
}
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const MAX_CENTRAL_DIRECTORY = 256 * 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** "version made by" hosts whose external attributes carry a Unix mode. */
const UNIX_HOSTS = new Set([3, 19]);
async function readAt(fh, position, length) {
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
        const { bytesRead } = await fh.read(buf, done, length - done, position + done);
        if (bytesRead === 0)
            throw new ZipError("unexpected end of file");
        done += bytesRead;
    }
    return buf;
}
function u64(buf, offset) {
    const v = buf.readBigUInt64LE(offset);
    if (v > BigInt(Number.MAX_SAFE_INTEGER))
        throw new ZipError("64-bit field out of range");
    return Number(v);
}
async function findDirectory(fh, fileSize) {
    if (fileSize < 22)
        throw new ZipError("file too small to be a zip archive");
    const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
    const tailStart = fileSize - tailLength;
    const tail = await readAt(fh, tailStart, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
        if (tail.readUInt32LE(i) === SIG_EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
            at = i;
            break;
        }
    }
    if (at < 0)
        throw new ZipError("end of central directory record not found (not a zip archive, or truncated)");
    const eocdPos = tailStart + at;
    if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) {
        throw new ZipError("multi-disk archives are not supported");
    }
    let entries = tail.readUInt16LE(at + 10);
    let size = tail.readUInt32LE(at + 12);
    let offset = tail.readUInt32LE(at + 16);
    let end = eocdPos;
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
        if (eocdPos < 20)
            throw new ZipError("zip64 locator missing");
        const locator = await readAt(fh, eocdPos - 20, 20);
        if (locator.readUInt32LE(0) !== SIG_ZIP64_LOCATOR)
            throw new ZipError("zip64 locator missing");
        const z64Pos = u64(locator, 8);
        if (z64Pos + 56 > eocdPos - 20)
            throw new ZipError("zip64 end of central directory out of range");
        const z64 = await readAt(fh, z64Pos, 56);
        if (z64.readUInt32LE(0) !== SIG_ZIP64_EOCD)
            throw new ZipError("zip64 end of central directory record not found");
        entries = u64(z64, 32);
        size = u64(z64, 40);
        offset = u64(z64, 48);
        end = z64Pos;
    }
    if (offset + size > end)
        throw new ZipError("central directory out of range");
    if (size > MAX_CENTRAL_DIRECTORY)
        throw new ZipError("central directory too large");
    return { entries, size, offset, end };
}
function decodeName(raw, utf8) {
    if (utf8 || raw.every((b) => b < 0x80)) {
        try {
            return new TextDecoder("utf-8", { fatal: true }).decode(raw);
        }
        catch {
            throw new ZipError("entry name is not valid UTF-8");
        }
    }
    return raw.toString("latin1");
}
function parseCentral(buf, count) {
    const out = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
        if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) {
            throw new ZipError(`central directory entry ${i + 1} is malformed`);
        }
        const host = buf.readUInt16LE(p + 4) >> 8;
        const flags = buf.readUInt16LE(p + 8);
        const method = buf.readUInt16LE(p + 10);
        const crc = buf.readUInt32LE(p + 16);
        let compressedSize = buf.readUInt32LE(p + 20);
        let uncompressedSize = buf.readUInt32LE(p + 24);
        const nameLen = buf.readUInt16LE(p + 28);
        const extraLen = buf.readUInt16LE(p + 30);
        const commentLen = buf.readUInt16LE(p + 32);
        const disk = buf.readUInt16LE(p + 34);
        const external = buf.readUInt32LE(p + 38);
        let localOffset = buf.readUInt32LE(p + 42);
        const next = p + 46 + nameLen + extraLen + commentLen;
        if (next > buf.length)
            throw new ZipError(`central directory entry ${i + 1} is truncated`);
        const name = decodeName(buf.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0);
        // zip64 extended information: present fields follow the order uncompressed, compressed, offset.
        let e = p + 46 + nameLen;
        const extraEnd = e + extraLen;
        while (e + 4 <= extraEnd) {
            const id = buf.readUInt16LE(e);
            const len = buf.readUInt16LE(e + 2);
            if (e + 4 + len > extraEnd)
                throw new ZipError(`extra field of ${JSON.stringify(name)} is truncated`);
            if (id === 0x0001) {
                let q = e + 4;
                const take = () => {
                    if (q + 8 > e + 4 + len)
                        throw new ZipError(`zip64 field of ${JSON.stringify(name)} is truncated`);
                    const v = u64(buf, q);
                    q += 8;
                    return v;
                };
                if (uncompressedSize === 0xffffffff)
                    uncompressedSize = take();
                if (compressedSize === 0xffffffff)
                    compressedSize = take();
                if (localOffset === 0xffffffff)
                    localOffset = take();
            }
            e += 4 + len;
        }
        if (disk !== 0 && disk !== 0xffff)
            throw new ZipError("multi-disk archives are not supported");
        out.push({ name, flags, method, crc32: crc, compressedSize, uncompressedSize, localOffset, host, external });
        p = next;
    }
    return out;
}
function classify(raw) {
    const unixMode = UNIX_HOSTS.has(raw.host) ? (raw.external >>> 16) & 0xffff : 0;
    const type = unixMode & S_IFMT;
    if (type === S_IFLNK)
        throw new ZipError(`entry ${JSON.stringify(raw.name)} is a symbolic link`);
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
        throw new ZipError(`entry ${JSON.stringify(raw.name)} is not a regular file or directory`);
    }
    const isDirectory = raw.name.endsWith("/") || type === S_IFDIR || (raw.external & 0x10) !== 0;
    return { isDirectory, mode: unixMode === 0 ? null : unixMode & 0o7777 };
}
/** Reads, validates and returns the entries of the zip file at `file`. */
async function readZipEntries(file) {
    const fh = await (0,promises_.open)(file, "r");
    try {
        const fileSize = (await fh.stat()).size;
        const dir = await findDirectory(fh, fileSize);
        const raws = parseCentral(await readAt(fh, dir.offset, dir.size), dir.entries);
        const entries = [];
        const seen = new Set();
        const files = new Set();
        for (const raw of raws) {
            if (raw.flags & 0x41)
                throw new ZipError(`entry ${JSON.stringify(raw.name)} is encrypted`);
            let path;
            try {
                path = entry_path_safeEntryPath(raw.name);
            }
            catch (error) {
                if (error instanceof entry_path_UnsafePathError)
                    throw new ZipError(error.message);
                throw error;
            }
            const { isDirectory, mode } = classify(raw);
            if (!isDirectory && raw.method !== 0 && raw.method !== 8) {
                throw new ZipError(`entry ${JSON.stringify(raw.name)} uses unsupported compression method ${raw.method}`);
            }
            // A stored entry is its own data: declaring another size is a lie about how much it writes.
            if (!isDirectory && raw.method === 0 && raw.compressedSize !== raw.uncompressedSize) {
                throw new ZipError(`stored entry ${JSON.stringify(raw.name)} declares ${raw.uncompressedSize} bytes but holds ${raw.compressedSize}`);
            }
            if (seen.has(path))
                throw new ZipError(`duplicate entry ${JSON.stringify(path)}`);
            seen.add(path);
            if (!isDirectory)
                files.add(path);
            if (raw.localOffset + 30 > dir.offset)
                throw new ZipError(`entry ${JSON.stringify(raw.name)} points outside the archive`);
            const local = await readAt(fh, raw.localOffset, 30);
            if (local.readUInt32LE(0) !== SIG_LOCAL)
                throw new ZipError(`local header of ${JSON.stringify(raw.name)} not found`);
            const nameLen = local.readUInt16LE(26);
            const extraLen = local.readUInt16LE(28);
            const dataOffset = raw.localOffset + 30 + nameLen + extraLen;
            if (dataOffset + raw.compressedSize > dir.offset) {
                throw new ZipError(`data of ${JSON.stringify(raw.name)} extends past the archive contents`);
            }
            const localName = decodeName(await readAt(fh, raw.localOffset + 30, nameLen), (local.readUInt16LE(6) & 0x800) !== 0);
            if (localName !== raw.name)
                throw new ZipError(`local and central names of ${JSON.stringify(raw.name)} differ`);
            entries.push({
                name: raw.name,
                path,
                isDirectory,
                method: raw.method,
                crc32: raw.crc32,
                compressedSize: raw.compressedSize,
                uncompressedSize: isDirectory ? 0 : raw.uncompressedSize,
                headerOffset: raw.localOffset,
                dataOffset,
                mode,
            });
        }
        // A file may not also be a parent directory of another entry.
        for (const entry of entries) {
            const parts = entry.path.split("/");
            for (let i = 1; i < parts.length; i++) {
                const parent = parts.slice(0, i).join("/");
                if (files.has(parent))
                    throw new ZipError(`entry ${JSON.stringify(entry.path)} is inside file ${JSON.stringify(parent)}`);
            }
        }
        // Entry data may not overlap (a classic zip bomb construction).
        const byOffset = [...entries].filter((e) => !e.isDirectory).sort((a, b) => a.dataOffset - b.dataOffset);
        for (let i = 1; i < byOffset.length; i++) {
            const prev = byOffset[i - 1];
            const cur = byOffset[i];
            if (prev.dataOffset + prev.compressedSize > cur.headerOffset) {
                throw new ZipError(`entries ${JSON.stringify(prev.path)} and ${JSON.stringify(cur.path)} overlap`);
            }
        }
        return entries;
    }
    finally {
        await fh.close();
    }
}

;// CONCATENATED MODULE: ./src/artifacts/zip-extract.ts
/**
 * Extracts a validated zip into a directory without ever writing outside it: names come from
 * readZipEntries (safe relative paths), directories are created one level at a time and must be
 * real directories, files are created exclusively without following links, and every entry's size
 * and CRC-32 are checked.
 *
 * Disk space: before anything is written, the sizes the central directory declares are added up
 * and compared with the free space of the target filesystem less a reserve (by default the larger
 * of 256 MiB and 5 % of the filesystem). While inflating, an entry that produces more bytes than it
 * declared is stopped at once, so a lying header cannot fill the disk either. When extraction fails,
 * the files and directories it created are removed again.
 */









const DEFAULT_MAX_BYTES = 16 * 1024 ** 3;
const MIN_RESERVE_BYTES = 256 * 1024 ** 2;
const RESERVE_FRACTION = 0.05;
const EXTRACT_PARALLELISM = 4;
/** "1.5 GiB (1610612736 bytes)". */
function formatBytes(bytes) {
    const units = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    let value = bytes;
    let unit = "";
    for (const next of units) {
        if (value < 1024)
            break;
        value /= 1024;
        unit = next;
    }
    return unit === "" ? `${bytes} bytes` : `${value.toFixed(1)} ${unit} (${bytes} bytes)`;
}
/** Counts and checksums what passes through, failing as soon as it exceeds the declared size. */
class Checked extends external_node_stream_.Transform {
    entry;
    label;
    bytes = 0;
    crc = 0;
    constructor(entry, label) {
        super();
        this.entry = entry;
        this.label = label;
    }
    _transform(chunk, _enc, done) {
        if (this.bytes + chunk.length > this.entry.uncompressedSize) {
            done(new ZipError(`archive ${this.label}: entry ${JSON.stringify(this.entry.path)} is larger than its declared size of ${formatBytes(this.entry.uncompressedSize)}; extraction stopped`));
            return;
        }
        this.bytes += chunk.length;
        this.crc = crc32(chunk, this.crc);
        done(null, chunk);
    }
}
async function ensureDirectory(root, relative, created) {
    let current = root;
    for (const segment of relative.split("/")) {
        current = external_node_path_default().join(current, segment);
        try {
            await (0,promises_.mkdir)(current);
            created.directories.push(current);
        }
        catch (error) {
            if (error.code !== "EEXIST")
                throw error;
            const st = await (0,promises_.lstat)(current);
            if (!st.isDirectory() || st.isSymbolicLink()) {
                throw new ZipError(`cannot create directory ${JSON.stringify(relative)}: a non-directory is in the way`);
            }
        }
    }
}
async function extractFile(zipFile, root, entry, label, created) {
    const parent = external_node_path_default().posix.dirname(entry.path);
    if (parent !== ".")
        await ensureDirectory(root, parent, created);
    const target = external_node_path_default().join(root, ...entry.path.split("/"));
    const executable = entry.mode !== null && (entry.mode & 0o111) !== 0;
    let fh;
    try {
        fh = await (0,promises_.open)(target, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW, executable ? 0o755 : 0o644);
    }
    catch (error) {
        if (error.code === "EEXIST") {
            throw new ZipError(`entry ${JSON.stringify(entry.path)} would overwrite an existing file`);
        }
        throw error;
    }
    created.files.push(target);
    const checked = new Checked(entry, label);
    const out = fh.createWriteStream();
    const source = entry.compressedSize === 0
        ? []
        : (0,external_node_fs_.createReadStream)(zipFile, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 });
    try {
        if (entry.method === 8 && entry.compressedSize > 0) {
            await (0,external_node_stream_promises_.pipeline)(source, (0,external_node_zlib_.createInflateRaw)(), checked, out);
        }
        else if (entry.method === 8 || entry.method === 0) {
            await (0,external_node_stream_promises_.pipeline)(source, checked, out);
        }
        else {
            throw new ZipError(`entry ${JSON.stringify(entry.path)} uses unsupported compression method ${entry.method}`);
        }
    }
    catch (error) {
        if (error instanceof ZipError)
            throw error;
        throw new ZipError(`entry ${JSON.stringify(entry.path)} is corrupt: ${error.message}`);
    }
    finally {
        await fh.close().catch(() => undefined);
    }
    if (checked.bytes !== entry.uncompressedSize) {
        throw new ZipError(`entry ${JSON.stringify(entry.path)} has ${checked.bytes} bytes, ${entry.uncompressedSize} declared`);
    }
    if (checked.crc !== entry.crc32)
        throw new ZipError(`entry ${JSON.stringify(entry.path)} fails its CRC-32 check`);
}
/** The nearest directory of `dir` (itself or an ancestor) that exists. */
async function existingAncestor(dir) {
    let current = external_node_path_default().resolve(dir);
    for (;;) {
        try {
            await (0,promises_.stat)(current);
            return current;
        }
        catch (error) {
            const parent = external_node_path_default().dirname(current);
            if (parent === current)
                throw error;
            current = parent;
        }
    }
}
/**
 * Refuses, before anything is written, an archive whose declared contents would not fit in the
 * free space of the filesystem holding `destDir` less the reserve. Each file is counted in whole
 * blocks, and each directory as one block.
 */
async function assertFits(entries, total, destDir, label, reserveBytes) {
    const fsInfo = await (0,promises_.statfs)(await existingAncestor(destDir));
    const block = fsInfo.bsize > 0 ? fsInfo.bsize : 4096;
    const free = fsInfo.bavail * block;
    const reserve = reserveBytes ?? Math.max(MIN_RESERVE_BYTES, Math.ceil(fsInfo.blocks * block * RESERVE_FRACTION));
    const needed = entries.reduce((sum, e) => sum + (e.isDirectory ? block : Math.ceil(e.uncompressedSize / block) * block), 0);
    const usable = Math.max(0, free - reserve);
    if (needed <= usable)
        return;
    throw new ZipError(`archive ${label} declares ${formatBytes(total)} of contents in ${entries.length} ${entries.length === 1 ? "entry" : "entries"} (${formatBytes(needed)} on disk), ` +
        `but the filesystem it would be extracted to has ${formatBytes(free)} free, of which ${formatBytes(reserve)} must stay free; ` +
        "refusing to extract it (nothing was written)");
}
/** Removes what a failed extraction created: its files, then its directories, deepest first. */
async function takeBack(created) {
    for (const file of created.files)
        await (0,promises_.unlink)(file).catch(() => undefined);
    for (const dir of [...created.directories].reverse())
        await (0,promises_.rmdir)(dir).catch(() => undefined);
}
/**
 * Extracts `zipFile` into `destDir` (created if missing). Throws ZipError for anything unsafe or
 * corrupt, or when it would not fit on the disk; a failed extraction leaves nothing behind.
 */
async function extractZip(zipFile, destDir, options = {}) {
    const label = options.label ?? external_node_path_default().basename(zipFile);
    const entries = await readZipEntries(zipFile);
    const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (total > max) {
        throw new ZipError(`archive ${label} expands to ${total} bytes, more than the limit of ${max} (${formatBytes(max)})`);
    }
    await assertFits(entries, total, destDir, label, options.reserveBytes);
    const created = { files: [], directories: [] };
    const first = await (0,promises_.mkdir)(destDir, { recursive: true });
    // `mkdir -p` reports the first directory it made; the ones below it are on the way to destDir.
    if (first !== undefined) {
        const chain = [];
        for (let dir = external_node_path_default().resolve(destDir);; dir = external_node_path_default().dirname(dir)) {
            chain.unshift(dir);
            if (dir === external_node_path_default().resolve(first) || external_node_path_default().dirname(dir) === dir)
                break;
        }
        created.directories.push(...chain);
    }
    try {
        const root = await (0,promises_.realpath)(destDir);
        const result = { files: 0, directories: 0, bytes: 0 };
        for (const entry of entries) {
            if (!entry.isDirectory)
                continue;
            await ensureDirectory(root, entry.path, created);
            result.directories++;
        }
        // Inflating runs on the thread pool, so a few entries at a time use several cores.
        await copy_forEachLimited(entries.filter((e) => !e.isDirectory), EXTRACT_PARALLELISM, async (entry) => {
            await extractFile(zipFile, root, entry, label, created);
            result.files++;
            result.bytes += entry.uncompressedSize;
        });
        return result;
    }
    catch (error) {
        await takeBack(created);
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/artifacts/github-store.ts
/**
 * Workflow artifacts through the official client (@actions/artifact): uploads and lists in the
 * current workflow run via the Actions runtime, and, with a token, downloads artifacts of earlier
 * run attempts or another run through the REST API (`findBy`). Downloads fetch the zip unextracted
 * and extract it here, so unsafe or corrupt archives fail with a clear error and nothing lands
 * outside the destination.
 *
 * Listing through the REST API is done here rather than by the client, because the client drops
 * what the API says about each artifact's workflow run (`workflow_run.id`); ids, created_at and
 * the run an artifact belongs to are facts of the service, while everything in a name is a claim
 * of whoever uploaded it.
 *
 * Without `actions: read` (the default GITHUB_TOKEN of many workflows) the REST API refuses the
 * listing; list() then keeps what the runtime listed, with one warning naming the permission and
 * what is missing without it (artifacts of earlier run attempts and of other runs), and stops
 * asking the API. Any other REST failure still fails the listing: a transient error must not
 * silently hide an earlier attempt's state.
 *
 * The client is loaded on first use (or by prepare()). It reads GITHUB_API_URL when it is loaded,
 * and the runtime variables (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL) on every call.
 */










function positiveInt(value) {
    if (!value)
        return undefined;
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
/** Pages of 100 artifacts read from the REST API at most (the client's limit is 1000 artifacts). */
const MAX_REST_PAGES = 50;
const REST_TRIES = 3;
const REST_TIMEOUT_MS = 60_000;
/** One artifact object of `GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts`, or null when malformed. */
function restArtifact(value) {
    if (typeof value !== "object" || value === null)
        return null;
    const a = value;
    if (typeof a["id"] !== "number" || !Number.isSafeInteger(a["id"]) || a["id"] <= 0 || typeof a["name"] !== "string")
        return null;
    const created = typeof a["created_at"] === "string" ? new Date(a["created_at"]) : undefined;
    const run = a["workflow_run"];
    const runId = typeof run === "object" && run !== null ? run["id"] : undefined;
    return {
        id: a["id"],
        name: a["name"],
        size: typeof a["size_in_bytes"] === "number" ? a["size_in_bytes"] : 0,
        createdAt: created && !Number.isNaN(created.getTime()) ? created : undefined,
        digest: typeof a["digest"] === "string" && a["digest"] ? a["digest"] : undefined,
        runId: typeof runId === "number" && Number.isSafeInteger(runId) ? runId : undefined,
    };
}
/** A failed REST call, with the HTTP status when the API answered. */
class RestError extends Error {
    status;
    constructor(message, status) {
        super(message);
        this.name = "RestError";
        this.status = status;
    }
}
/**
 * Whether the API refused the token rather than failed: 403 (a token without the permission), 404
 * (what private repositories answer instead) and 401; a rate limit is not a refusal.
 */
function isRefusal(error) {
    return error instanceof RestError && [401, 403, 404].includes(error.status ?? 0) && !/rate limit/i.test(error.message);
}
async function coreWarning(message) {
    const core = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 33838));
    core.warning(message);
}
function isConflict(error) {
    const message = (0,errors/* errorMessage */.gJ)(error);
    return message.includes("(409)") || /already exists/i.test(message);
}
function isNotFound(error) {
    const message = (0,errors/* errorMessage */.gJ)(error);
    return (error instanceof Error && error.name === "ArtifactNotFoundError") || /not found|\(404\)/i.test(message);
}
class GithubArtifactStore {
    source = "github";
    client;
    token;
    repository;
    runId;
    currentRunId;
    tempDir;
    env;
    /** Ids the last list() saw through the runtime (downloadable without a token). */
    runtimeIds = new Set();
    warn;
    /** Set when the REST API refused the token: it is not asked again by this store. */
    restRefused = null;
    constructor(options = {}) {
        this.env = options.env ?? process.env;
        this.client = options.client ?? null;
        this.token = options.token || undefined;
        this.repository = options.repository ?? this.env["GITHUB_REPOSITORY"];
        this.currentRunId = positiveInt(this.env["GITHUB_RUN_ID"]);
        this.runId = options.runId ?? this.currentRunId;
        this.tempDir = options.tempDir ?? this.env["RUNNER_TEMP"] ?? external_node_os_default().tmpdir();
        this.warn = options.warn;
    }
    async getClient() {
        if (!this.client) {
            const mod = await __webpack_require__.e(/* import() */ 584).then(__webpack_require__.bind(__webpack_require__, 20584));
            this.client = new mod.DefaultArtifactClient();
        }
        return this.client;
    }
    /** Loads the artifact client now (from the action's files), instead of at its first use. */
    async prepare() {
        await this.getClient();
    }
    hasRuntime() {
        return Boolean(this.env["ACTIONS_RUNTIME_TOKEN"] && this.env["ACTIONS_RESULTS_URL"]);
    }
    findBy(runId) {
        if (!this.token || this.restRefused !== null || !this.repository || runId === undefined)
            return null;
        const [owner, name] = this.repository.split("/");
        if (!owner || !name)
            throw new errors_ArtifactError("unavailable", `repository ${this.repository} is not owner/name`);
        return { token: this.token, workflowRunId: runId, repositoryOwner: owner, repositoryName: name };
    }
    async upload(name, rootDir, files, options = {}) {
        naming_checkArtifactName(name);
        if (!this.hasRuntime()) {
            throw new errors_ArtifactError("unavailable", "cannot upload artifacts: ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL are not set");
        }
        // The client turns directories into empty files, so only regular files are passed on.
        const checked = (await files_checkUploadFiles(rootDir, files)).filter((f) => !f.isDirectory);
        if (checked.length === 0)
            throw new errors_ArtifactError("invalid-files", `artifact ${name} has no files`);
        const client = await this.getClient();
        try {
            const res = await client.uploadArtifact(name, checked.map((f) => f.absolute), external_node_path_default().resolve(rootDir), options.retentionDays ? { retentionDays: options.retentionDays } : {});
            if (res.id === undefined)
                throw new Error("the service returned no artifact id");
            return { id: res.id, name, size: res.size ?? 0 };
        }
        catch (error) {
            if (isConflict(error)) {
                throw new errors_ArtifactError("exists", `an artifact named ${name} already exists in this workflow run`);
            }
            throw new errors_ArtifactError("unavailable", `uploading artifact ${name} failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    /** GET with the token, retrying network failures, 429 and 5xx a few times. */
    async restGet(url) {
        let last = "";
        let status;
        for (let attempt = 1; attempt <= REST_TRIES; attempt++) {
            status = undefined;
            let res;
            try {
                res = await fetch(url, {
                    headers: {
                        authorization: `Bearer ${this.token}`,
                        accept: "application/vnd.github+json",
                        "x-github-api-version": "2022-11-28",
                        "user-agent": "wave-action",
                    },
                    signal: AbortSignal.timeout(REST_TIMEOUT_MS),
                });
            }
            catch (error) {
                last = (0,errors/* errorMessage */.gJ)(error);
                if (attempt < REST_TRIES)
                    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
                continue;
            }
            const text = await res.text();
            if (res.ok) {
                try {
                    return JSON.parse(text);
                }
                catch {
                    throw new Error(`the API answered ${url} with something that is not JSON`);
                }
            }
            let message = text.slice(0, 200);
            try {
                const body = JSON.parse(text);
                if (typeof body.message === "string")
                    message = body.message;
            }
            catch {
                // not JSON: keep the text
            }
            last = `(${res.status}) ${message}`;
            status = res.status;
            if (res.status !== 429 && res.status < 500)
                break;
            if (attempt < REST_TRIES)
                await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
        }
        throw new RestError(last, status);
    }
    /** Every artifact the REST API lists for a workflow run, with the run it says each belongs to. */
    async listRest(findBy) {
        const api = (this.env["GITHUB_API_URL"] || "https://api.github.com").replace(/\/+$/, "");
        const base = `${api}/repos/${encodeURIComponent(findBy.repositoryOwner)}/${encodeURIComponent(findBy.repositoryName)}/actions/runs/${findBy.workflowRunId}/artifacts`;
        const out = [];
        for (let page = 1; page <= MAX_REST_PAGES; page++) {
            const body = (await this.restGet(`${base}?per_page=100&page=${page}`));
            if (!Array.isArray(body?.artifacts))
                throw new Error("the API's artifact list has no artifacts array");
            for (const item of body.artifacts) {
                const a = restArtifact(item);
                if (a)
                    out.push(a);
            }
            const total = typeof body.total_count === "number" ? body.total_count : 0;
            if (body.artifacts.length < 100 || page * 100 >= total)
                break;
        }
        return out;
    }
    async list(options = {}) {
        const client = await this.getClient();
        const byId = new Map();
        const add = (a, runId) => {
            if (byId.has(a.id))
                return;
            const info = {
                id: a.id,
                name: a.name,
                size: a.size,
                createdAt: a.createdAt ? a.createdAt.toISOString() : null,
                source: "github",
            };
            if (runId !== undefined)
                info.runId = runId;
            const attempt = naming_parseArtifactName(a.name)?.runAttempt;
            if (attempt !== undefined)
                info.runAttempt = attempt;
            if (a.digest)
                info.digest = a.digest.startsWith("sha256:") ? a.digest : `sha256:${a.digest}`;
            byId.set(a.id, info);
        };
        let runtimeListed = false;
        let runtimeError = null;
        if (this.hasRuntime()) {
            try {
                const res = await client.listArtifacts();
                this.runtimeIds.clear();
                for (const a of res.artifacts) {
                    this.runtimeIds.add(a.id);
                    add(a, this.currentRunId);
                }
                runtimeListed = true;
            }
            catch (error) {
                runtimeError = (0,errors/* errorMessage */.gJ)(error);
                if (!this.token)
                    throw new errors_ArtifactError("unavailable", `listing artifacts failed: ${runtimeError}`);
            }
        }
        const findBy = this.findBy(this.runId);
        if (findBy) {
            try {
                // The run the API says an artifact belongs to is kept, so callers can refuse strays.
                for (const a of await this.listRest(findBy))
                    add(a, a.runId ?? findBy.workflowRunId);
                return this.selected(byId, options);
            }
            catch (error) {
                const failure = `listing artifacts of run ${findBy.workflowRunId} in ${this.repository} through the REST API failed: ${(0,errors/* errorMessage */.gJ)(error)}`;
                if (!isRefusal(error)) {
                    throw new errors_ArtifactError("unavailable", runtimeError ? `${failure}; listing them through the Actions runtime failed too: ${runtimeError}` : failure);
                }
                this.restRefused = (0,errors/* errorMessage */.gJ)(error);
                // The runtime's list is of this run only: it cannot stand in for another run's.
                if (!runtimeListed || findBy.workflowRunId !== this.currentRunId) {
                    const runtime = runtimeError
                        ? `; listing them through the Actions runtime failed too: ${runtimeError}`
                        : runtimeListed
                            ? ""
                            : " (and there is no Actions runtime to list them instead)";
                    throw new errors_ArtifactError("unavailable", `${failure}${runtime}. The github-token needs the actions: read permission to list them.`);
                }
                await this.warnRestRefused(findBy.workflowRunId);
            }
        }
        else if (!runtimeListed) {
            if (runtimeError)
                throw new errors_ArtifactError("unavailable", `listing artifacts failed: ${runtimeError}`);
            if (this.restRefused !== null) {
                throw new errors_ArtifactError("unavailable", `cannot list artifacts: no Actions runtime, and the REST API refused the github-token (${this.restRefused}); it needs actions: read`);
            }
            throw new errors_ArtifactError("unavailable", "cannot list artifacts: no Actions runtime and no token for the REST API");
        }
        return this.selected(byId, options);
    }
    /** The one warning about a token the REST API refuses (later calls do not ask the API again). */
    async warnRestRefused(runId) {
        const message = `the github-token cannot list the artifacts of workflow run ${runId} through the REST API (${this.restRefused}): ` +
            "grant the job `actions: read` (permissions: actions: read). Without it only the artifacts the Actions runtime " +
            "lists for this run attempt are used: artifacts uploaded by earlier attempts of this run (after a re-run) or by other " +
            "runs are invisible, so resume and apply-changes across re-runs may not find their state.";
        if (this.warn)
            this.warn(message);
        else
            await coreWarning(message);
    }
    selected(byId, options) {
        return [...byId.values()]
            .filter((a) => options.prefix === undefined || a.name.startsWith(options.prefix))
            .sort((a, b) => Number(a.id) - Number(b.id));
    }
    async download(info, destDir) {
        const id = Number(info.id);
        if (!Number.isSafeInteger(id) || id <= 0)
            throw new errors_ArtifactError("not-found", `invalid artifact id ${String(info.id)}`);
        const client = await this.getClient();
        const created = await files_prepareEmptyDirectory(destDir);
        const staging = await (0,promises_.mkdtemp)(external_node_path_default().join(this.tempDir, "wave-artifact-"));
        const label = `artifact ${info.name} (id ${id})`;
        try {
            // Through the runtime when this attempt's list showed it (or there is no token), else the REST API.
            if (this.restRefused !== null && !this.runtimeIds.has(id)) {
                throw new errors_ArtifactError("unavailable", `${label} is not in this run attempt's artifact list, and the REST API refused the github-token (${this.restRefused}); it needs actions: read to download it`);
            }
            const restFindBy = this.findBy(info.runId ?? this.runId);
            const viaRuntime = this.hasRuntime() && (this.runtimeIds.has(id) || !restFindBy);
            const findBy = viaRuntime ? null : restFindBy;
            if (!viaRuntime && !findBy) {
                throw new errors_ArtifactError("unavailable", `${label} is not in this run attempt's artifact list; a github-token with actions: read is needed to download it`);
            }
            let digestMismatch = false;
            try {
                const res = await client.downloadArtifact(id, {
                    path: staging,
                    skipDecompress: true,
                    ...(info.digest ? { expectedHash: info.digest } : {}),
                    ...(findBy ? { findBy } : {}),
                });
                digestMismatch = res.digestMismatch === true;
            }
            catch (error) {
                if (isNotFound(error))
                    throw new errors_ArtifactError("not-found", `${label} not found: ${(0,errors/* errorMessage */.gJ)(error)}`);
                throw new errors_ArtifactError("unavailable", `downloading ${label} failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
            }
            if (digestMismatch)
                throw new errors_ArtifactError("corrupt", `${label} is corrupt: its content does not match digest ${info.digest}`);
            const downloaded = await (0,promises_.readdir)(staging);
            if (downloaded.length !== 1)
                throw new errors_ArtifactError("corrupt", `${label}: expected one archive, got ${downloaded.length} files`);
            try {
                await extractZip(external_node_path_default().join(staging, downloaded[0]), destDir);
            }
            catch (error) {
                if (error instanceof ZipError) {
                    const unsafe = /unsafe path|symbolic link|not a regular file|inside file|overwrite/.test(error.message);
                    throw new errors_ArtifactError(unsafe ? "unsafe" : "corrupt", `${label} cannot be restored: ${error.message}`);
                }
                throw error;
            }
            await files_verifyTree(destDir);
            return destDir;
        }
        catch (error) {
            await clearDirectory(destDir, created);
            throw error;
        }
        finally {
            await (0,promises_.rm)(staging, { recursive: true, force: true });
        }
    }
    async delete(info) {
        const client = await this.getClient();
        const id = Number(info.id);
        const restFindBy = this.findBy(info.runId ?? this.runId);
        const findBy = this.hasRuntime() && (this.runtimeIds.has(id) || !restFindBy) ? null : restFindBy;
        try {
            await client.deleteArtifact(info.name, findBy ? { findBy } : undefined);
        }
        catch (error) {
            if (isNotFound(error))
                throw new errors_ArtifactError("not-found", `artifact ${info.name} not found: ${(0,errors/* errorMessage */.gJ)(error)}`);
            throw new errors_ArtifactError("unavailable", `deleting artifact ${info.name} failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
}

;// CONCATENATED MODULE: ./src/artifacts/latest.ts
/**
 * Finding the state artifacts of one lane and wave: every artifact whose name parses to that
 * prefix, lane and wave, newest first by what the artifact service assigned (id, then creation
 * time). The run attempt in a name is the uploader's claim and never decides the order.
 */

/**
 * Newest first by server facts: the numeric artifact id (the service assigns ids in upload order),
 * then createdAt, then the name (local artifacts have no numeric id). Pure.
 */
function compareNewestFirst(a, b) {
    const id = (x) => (typeof x.id === "number" ? x.id : 0);
    const created = (x) => (x.createdAt ? Date.parse(x.createdAt) || 0 : 0);
    return id(b) - id(a) || created(b) - created(a) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);
}
/** Orders artifacts newest first (see compareNewestFirst). Pure. */
function newestFirst(artifacts) {
    return [...artifacts].sort(compareNewestFirst);
}
/** Artifacts of this lane and wave among `artifacts`. Pure. */
function selectWaveStates(artifacts, query) {
    return artifacts.filter((a) => {
        const parts = parseArtifactName(a.name);
        return parts !== null && parts.prefix === query.prefix && parts.lane === query.lane && parts.wave === query.wave;
    });
}
/** The state artifacts of a lane and wave in `store`, newest first (empty when there are none). */
async function findLatestWaveState(store, query) {
    const listed = await store.list({ prefix: artifactNamePrefix(query.prefix, query.lane) });
    return newestFirst(selectWaveStates(listed, query));
}

;// CONCATENATED MODULE: ./src/artifacts/index.ts
/**
 * Artifact stores for wave state: GithubArtifactStore (workflow artifacts; the Actions artifact
 * client is only loaded when first used) and LocalArtifactStore (a directory).
 */










/***/ }),

/***/ 77593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $J: () => (/* binding */ parseNumber),
/* harmony export */   E4: () => (/* binding */ HELP_OPTION),
/* harmony export */   w3: () => (/* binding */ parseWaveNumber),
/* harmony export */   yG: () => (/* binding */ parseBoolean)
/* harmony export */ });
/* unused harmony exports GLOBAL_OPTIONS, toParseArgsOptions, wantsHelp, editDistance, closestFlag, unknownFlagMessage, parseFlags, parseCommandArgs, stringFlag, listFlag, boolFlag, formatFlags, outputFormat */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/**
 * Argument parsing for the `wave` CLI: global flags, per-command flags, and value checks with
 * messages that name the flag. Parsing never throws anything but UserError.
 *
 * Each command declares its flags once, in a flag table (`FlagTable`): the parser reads the type
 * of each flag from it and `wave <command> --help` prints its description and default from it, so
 * what help says and what is parsed cannot drift apart. An unknown flag is a usage error that
 * names the closest known flag of the command when one is close.
 */


const GLOBAL_OPTIONS = {
    root: { type: "string", value: "DIR", description: "repository root", defaultText: "the current directory" },
    config: {
        type: "string",
        value: "FILE",
        description: "wave.config.json",
        defaultText: "<root>/wave.config.json when it exists",
    },
    lane: { type: "string", value: "NAME", description: "lane", defaultText: "the config's defaultLane, else main" },
    "state-dir": { type: "string", value: "DIR", description: "state directory", defaultText: "<root>/.wave" },
    help: { type: "boolean", short: "h", description: "print this help and exit" },
};
/** Only `--help`: for commands that take no global options (the agents' commands). */
const HELP_OPTION = { help: GLOBAL_OPTIONS.help };
/** The parser's view of a flag table. */
function toParseArgsOptions(table) {
    const out = {};
    for (const [name, f] of Object.entries(table)) {
        out[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
    }
    return out;
}
/** True when argv asks for help (`--help` or `-h` anywhere before a `--` terminator). */
function wantsHelp(argv) {
    for (const a of argv) {
        if (a === "--")
            return false;
        if (a === "--help" || a === "-h")
            return true;
    }
    return false;
}
/** Edit distance (insertions, deletions, substitutions, adjacent transpositions). */
function editDistance(a, b) {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                v = Math.min(v, d[i - 2][j - 2] + 1);
            d[i][j] = v;
        }
    }
    return d[a.length][b.length];
}
/** The known flag closest to `flag` (with or without dashes), or undefined when none is close. */
function closestFlag(flag, known) {
    const name = flag.replace(/^-+/, "").toLowerCase();
    if (name.length < 2)
        return undefined;
    const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
    let best;
    for (const k of known) {
        const distance = editDistance(name, k);
        if (distance <= limit && (!best || distance < best.distance))
            best = { name: k, distance };
    }
    return best ? `--${best.name}` : undefined;
}
/** `unknown flag --jsn; did you mean --json?` (the suggestion only when a known flag is close). */
function unknownFlagMessage(flag, known) {
    const suggestion = closestFlag(flag, known);
    return `unknown flag ${flag}${suggestion ? `; did you mean ${suggestion}?` : ""}`;
}
/**
 * Parses argv strictly against a flag table. Errors become UserErrors (exit 2) without a prefix:
 * the caller names the command.
 */
function parseFlags(argv, table, allowPositionals) {
    try {
        const { values, positionals } = parseArgs({ args: argv, options: toParseArgsOptions(table), allowPositionals, strict: true });
        return { values: values, positionals };
    }
    catch (error) {
        const code = error.code;
        const message = error instanceof Error ? error.message : String(error);
        if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
            const flag = /Unknown option '([^']+)'/.exec(message)?.[1] ?? "";
            throw new UserError(unknownFlagMessage(flag, Object.keys(table)), 2);
        }
        if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
            const arg = /Unexpected argument '([^']+)'/.exec(message)?.[1];
            throw new UserError(arg ? `unexpected argument "${arg}"` : message.replace(/\. This command does not take.*$/s, ""), 2);
        }
        throw new UserError(message.replace(/\. To specify a positional.*$/s, "").replace(/\s*\n\s*/g, " "), 2);
    }
}
/** Parses argv against the global options plus a command's own flag table. */
function parseCommandArgs(_command, argv, options) {
    return parseFlags(argv, { ...GLOBAL_OPTIONS, ...options }, true);
}
function stringFlag(p, name) {
    const v = p.values[name];
    if (Array.isArray(v))
        return v[v.length - 1];
    return typeof v === "string" ? v : undefined;
}
function listFlag(p, name) {
    const v = p.values[name];
    if (Array.isArray(v))
        return v;
    return typeof v === "string" ? [v] : [];
}
function boolFlag(p, name) {
    return p.values[name] === true;
}
/** `--format F` and `--json` (the short form of `--format json`) for a command with these formats. */
function formatFlags(formats) {
    return {
        format: { type: "string", value: formats.join("|"), description: "output format", defaultText: formats[0] },
        json: { type: "boolean", description: "the same as --format json" },
    };
}
/**
 * The output format from `--format` and `--json`. `--json` with another `--format` is a usage
 * error naming both.
 */
function outputFormat(p, allowed, fallback) {
    const raw = stringFlag(p, "format");
    if (raw !== undefined && !allowed.includes(raw)) {
        throw new UserError(`--format must be one of ${allowed.join(", ")} (got "${raw}")`, 2);
    }
    if (boolFlag(p, "json")) {
        if (raw !== undefined && raw !== "json")
            throw new UserError(`--json conflicts with --format ${raw}: give one of them`, 2);
        return "json";
    }
    return raw ?? fallback;
}
/** A non-negative decimal number (durations accept decimals: 0.05 minutes is three seconds). */
function parseNumber(raw, name, options = {}) {
    if (raw === undefined || raw.trim() === "")
        return undefined;
    const text = raw.trim();
    const value = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const min = options.min ?? 0;
    if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
        const kind = options.integer ? "a whole number" : "a number";
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be ${kind} of at least ${min} (got "${raw}")`);
    }
    if (options.allowZero === false && value === 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be greater than 0 (got "${raw}")`);
    return value;
}
/** A wave number: a non-negative integer. */
function parseWaveNumber(raw, name) {
    return parseNumber(raw, name, { integer: true });
}
/** `true/false/1/0/yes/no/on/off` (empty → fallback). */
function parseBoolean(raw, name, fallback) {
    if (raw === undefined || raw.trim() === "")
        return fallback;
    const t = raw.trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(t))
        return true;
    if (["false", "0", "no", "off"].includes(t))
        return false;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be true or false (got "${raw}")`);
}


/***/ }),

/***/ 10928:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WE: () => (/* binding */ wasInterrupted),
/* harmony export */   jY: () => (/* binding */ sessionDirOf),
/* harmony export */   nS: () => (/* binding */ interruptionOf),
/* harmony export */   pn: () => (/* binding */ SESSION_DIR),
/* harmony export */   wk: () => (/* binding */ planSession)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _sessions_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(85945);
/**
 * Continuing an interrupted agent's own CLI session when it runs again (in-job retry or a later
 * run resuming from the state): which earlier run it continues and why it was stopped (pure), and
 * the session request its launch gets.
 */


/** Where an agent's saved session lives in its run directory. */
const SESSION_DIR = "session";
function sessionDirOf(agentDir) {
    return node_path__WEBPACK_IMPORTED_MODULE_0___default().join(agentDir, SESSION_DIR);
}
/** Whether a run ended by an interruption its next run may continue (see interruptionOf). */
function wasInterrupted(run) {
    return INTERRUPTED.has(run.status) || run.statusCode === "rate-limited";
}
const INTERRUPTED = new Set(["timed-out", "idle-timeout", "budget-exceeded"]);
/**
 * Why the earlier run was interrupted — a deadline, no output, a rate limit, a budget — or null
 * when it ended otherwise (a failure is not continued: the next run starts over).
 */
function interruptionOf(run, limits) {
    if (!wasInterrupted(run))
        return null;
    if (run.status === "timed-out")
        return { kind: "timeout", minutes: limits.timeoutMinutes };
    if (run.status === "idle-timeout")
        return { kind: "idle-timeout", minutes: limits.idleMinutes ?? 0 };
    if (run.status === "budget-exceeded")
        return { kind: "budget", usd: limits.budgetUsd };
    return { kind: "rate-limit" };
}
/** The session request of one launch (the caller restores `continueFrom` and sets `resumeId`). */
function planSession(input) {
    const support = (0,_sessions_index_js__WEBPACK_IMPORTED_MODULE_1__/* .sessionSupport */ .Kt)({ ...input.executor, id: input.executorId });
    if (!support.resumable)
        return null;
    const persist = input.resumeSessions;
    // No preset id (claude --session-id): the runtime starts the same argv again after a rate limit,
    // and a second process may not take an id that is in use. The id comes from the CLI's first
    // event instead (claude stream-json `system`/`init`, codex `thread.started`).
    const request = { persist, resumeId: null, newId: null };
    const sameCli = input.earlier !== null && input.earlier.executor === input.executorId;
    const continueFrom = persist && sameCli && input.reason && input.earlier ? { savedDir: sessionDirOf(input.earlier.agentDir), reason: input.reason } : null;
    return { request, continueFrom };
}


/***/ }),

/***/ 83916:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   iU: () => (/* binding */ isUserError),
/* harmony export */   yo: () => (/* binding */ UserError)
/* harmony export */ });
/**
 * Typed errors. A UserError is bad input or environment (exit 2, message only, no stack trace).
 */
class UserError extends Error {
    exitCode;
    constructor(message, exitCode = 2) {
        super(message);
        this.name = "UserError";
        this.exitCode = exitCode;
    }
}
function isUserError(error) {
    return error instanceof UserError;
}
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 95025:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gA: () => (/* binding */ ORIGIN_FILE),
/* harmony export */   nw: () => (/* binding */ StateOriginSchema),
/* harmony export */   xd: () => (/* binding */ writeStateOrigin),
/* harmony export */   yv: () => (/* binding */ originOf)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(38816);
/**
 * origin.json: what the job that uploaded a state artifact knew about itself — the artifact's
 * name, lane, wave, workflow run and run attempt. The uploader writes it into the staged copy
 * (never into the run directory agents work next to), so a restored state whose origin disagrees
 * with the artifact's name or this run is a copy of some other upload, not the state of that name.
 */



const ORIGIN_FILE = "origin.json";
const StateOriginSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    schemaVersion: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz(1),
    kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz("wave-state-origin"),
    /** The artifact name the state was uploaded under. */
    artifact: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1),
    lane: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    /** GITHUB_RUN_ID of the uploading job; null outside Actions. */
    runId: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive().nullable(),
    /** GITHUB_RUN_ATTEMPT of the uploading job (1 outside Actions). */
    runAttempt: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(),
    /** GITHUB_JOB of the uploading job, null outside Actions. */
    job: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});
function positiveInt(value) {
    if (!value)
        return null;
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
}
/** The origin of an upload made now by this job. */
function originOf(input) {
    return {
        schemaVersion: 1,
        kind: "wave-state-origin",
        artifact: input.artifact,
        lane: input.lane,
        wave: input.wave,
        runId: positiveInt(input.env["GITHUB_RUN_ID"]),
        runAttempt: input.runAttempt,
        job: input.env["GITHUB_JOB"] || null,
    };
}
/** Writes origin.json into a staged copy (replacing any file of that name the copy brought along). */
async function writeStateOrigin(stageDir, origin) {
    const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(stageDir, ORIGIN_FILE);
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.rm(file, { recursive: true, force: true });
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(file, `${JSON.stringify(origin, null, 2)}\n`, { flag: "wx" });
}


/***/ }),

/***/ 21318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ki: () => (/* binding */ killAgentTree),
/* harmony export */   uh: () => (/* binding */ DEFAULT_GRACE_MS)
/* harmony export */ });
/* unused harmony exports sharedSnapshot, findAgentProcesses */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(58500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _proc_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(47622);
/**
 * Killing an agent's whole process tree: SIGTERM to the process group and to every process found
 * through /proc (token, group, session, descendants — see proc.ts; through `ps`, group and
 * descendants, where /proc cannot be read), a grace period, then SIGKILL, repeated until nothing
 * of the agent is left alive.
 */


/** Default SIGTERM → SIGKILL grace period: enough for CLIs to flush their logs, short enough for CI. */
const DEFAULT_GRACE_MS = 2000;
/** How often survivors are checked during the grace period. */
const GRACE_POLL_MS = 25;
/** SIGKILL rounds before giving up (each round re-scans, catching processes forked meanwhile). */
const KILL_ROUNDS = 20;
let pending = null;
/**
 * A /proc snapshot shared by every caller in the same turn of the event loop: when many agents
 * exit together, the system is scanned once instead of once per agent. Environments are read for
 * processes at least as young as the oldest requester needs (null: all).
 */
function sharedSnapshot(minStartTime = null) {
    if (pending) {
        if (minStartTime === null || (pending.minStartTime !== null && minStartTime < pending.minStartTime)) {
            pending.minStartTime = minStartTime;
        }
        return pending.promise;
    }
    const request = {
        minStartTime,
        promise: new Promise((resolve) => {
            setImmediate(() => {
                pending = null;
                resolve((0,_proc_js__WEBPACK_IMPORTED_MODULE_1__/* .snapshotProcesses */ .Qs)({ minStartTime: request.minStartTime }));
            });
        }),
    };
    pending = request;
    return request.promise;
}
/** Live processes of the agent (shared scan; its own scan of `procRoot` when one is given). */
async function findAgentProcesses(selector, procRoot) {
    const snapshot = procRoot ? (0,_proc_js__WEBPACK_IMPORTED_MODULE_1__/* .snapshotProcesses */ .Qs)({ minStartTime: selector.minStartTime ?? null, procRoot }) : await sharedSnapshot(selector.minStartTime ?? null);
    return (0,_proc_js__WEBPACK_IMPORTED_MODULE_1__/* .selectAgentProcesses */ .Rv)(snapshot, selector);
}
function send(pid, signal) {
    try {
        process.kill(pid, signal);
        return true;
    }
    catch {
        return false; // ESRCH: already gone; EPERM: not ours
    }
}
/**
 * Terminates every process of the agent. `graceMs` 0 sends SIGKILL at once. The group signal is
 * only sent while the scan still shows a member of that group, so a reused group id is never hit.
 */
async function killAgentTree(selector, options = {}) {
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    const terminated = [];
    const killed = [];
    const find = () => findAgentProcesses(selector, options.procRoot);
    let alive = await find();
    const groupAlive = () => selector.pgid != null && alive.some((p) => p.pgid === selector.pgid);
    if (graceMs > 0) {
        if (groupAlive())
            send(-selector.pgid, "SIGTERM");
        for (const p of alive)
            if (send(p.pid, "SIGTERM"))
                terminated.push(p.pid);
        const until = Date.now() + graceMs;
        while (alive.length > 0 && Date.now() < until) {
            await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(Math.min(GRACE_POLL_MS, Math.max(1, until - Date.now())));
            alive = await find();
            // Processes forked after the first signal get SIGTERM too.
            for (const p of alive) {
                if (!terminated.includes(p.pid) && send(p.pid, "SIGTERM"))
                    terminated.push(p.pid);
            }
        }
    }
    for (let round = 0; round < KILL_ROUNDS && alive.length > 0; round++) {
        if (groupAlive())
            send(-selector.pgid, "SIGKILL");
        for (const p of alive) {
            if (send(p.pid, "SIGKILL") && !killed.includes(p.pid))
                killed.push(p.pid);
        }
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(round === 0 ? 5 : 20);
        alive = await find();
    }
    return { terminated, killed, survivors: alive.map((p) => p.pid) };
}


/***/ }),

/***/ 79524:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ findLeftoverAgents),
/* harmony export */   W: () => (/* binding */ stopLeftoverAgents)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _kill_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(21318);
/* harmony import */ var _proc_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(47622);
/**
 * Agents left running by an orchestrator that ended without cleaning up (SIGKILL, out of memory, a
 * lost runner). They are found by the run directory in their environment (`WAVE_RUN_DIR`, which
 * every descendant inherits, `setsid` escapees included) and stopped with their whole tree.
 */




const TOKEN_RE = new RegExp(`(?:^|\\0)${_proc_js__WEBPACK_IMPORTED_MODULE_3__/* .RUN_TOKEN_VAR */ .GL}=([0-9a-f]+)`);
/** Live processes (other than this one) whose WAVE_RUN_DIR lies under `dir`. */
async function findLeftoverAgents(dir) {
    const found = [];
    const needle = Buffer.from(`WAVE_RUN_DIR=${node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(dir)}${(node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)}`);
    for (const name of await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readdir("/proc").catch(() => [])) {
        if (!/^\d+$/.test(name) || Number(name) === process.pid)
            continue;
        try {
            const environ = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(`/proc/${name}/environ`);
            if (!environ.includes(needle))
                continue;
            found.push({ pid: Number(name), token: TOKEN_RE.exec(environ.toString("latin1"))?.[1] ?? null });
        }
        catch {
            // gone, or not ours to read
        }
    }
    return found;
}
/** Stops every leftover agent under `dir` (tree by token, then the process itself); returns their pids. */
async function stopLeftoverAgents(dir, options = {}) {
    const leftovers = await findLeftoverAgents(dir);
    const tokens = [...new Set(leftovers.map((l) => l.token).filter((t) => t !== null))];
    await Promise.all(tokens.map((token) => (0,_kill_js__WEBPACK_IMPORTED_MODULE_2__/* .killAgentTree */ .ki)({ token }, { graceMs: options.graceMs ?? 1000 }).catch(() => undefined)));
    for (const { pid } of leftovers) {
        try {
            process.kill(pid, "SIGKILL");
        }
        catch {
            // already gone
        }
    }
    return leftovers.map((l) => l.pid);
}


/***/ }),

/***/ 47622:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $E: () => (/* binding */ withRunToken),
/* harmony export */   GL: () => (/* binding */ RUN_TOKEN_VAR),
/* harmony export */   ME: () => (/* binding */ readStartTime),
/* harmony export */   Qs: () => (/* binding */ snapshotProcesses),
/* harmony export */   Rv: () => (/* binding */ selectAgentProcesses),
/* harmony export */   ky: () => (/* binding */ parseStat)
/* harmony export */ });
/* unused harmony exports OUTER_TOKENS_VAR, tokensFromEnviron, parsePsTable, snapshotFromPs, listAgentProcesses */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Finding an agent's processes through /proc (Linux), or through `ps` where /proc cannot be read
 * (macOS and the BSDs have none; a container may hide it).
 *
 * Every run gets a random token in its environment (RUN_TOKEN_VAR). A process belongs to the agent
 * when it carries that token (environment is inherited, so `setsid` escapees keep it), is in the
 * run's process group or session, or descends (by parent pid) from such a process — the last rule
 * catches children that cleared their environment while their parent is still alive.
 * Nested runtimes keep outer tokens in OUTER_TOKENS_VAR, so an outer kill also finds inner agents.
 *
 * Without /proc the snapshot comes from `ps -A -o pid=,ppid=,pgid=,stat=`: no environments and no
 * sessions, so an agent is its process group and everything descending from it. A process that
 * left the group (`setsid`) is still found while its parent lives; one whose parent already exited
 * is found only on Linux with /proc (by its token).
 */


const RUN_TOKEN_VAR = "WAVE_RUN_TOKEN";
const OUTER_TOKENS_VAR = "WAVE_OUTER_RUN_TOKENS";
/** Parses /proc/<pid>/stat. The command name may contain spaces and parentheses. */
function parseStat(text) {
    const open = text.indexOf("(");
    const close = text.lastIndexOf(")");
    if (open < 0 || close < open)
        return null;
    const pid = Number.parseInt(text.slice(0, open).trim(), 10);
    const fields = text
        .slice(close + 1)
        .trim()
        .split(/\s+/);
    const [state, ppid, pgid, sid] = fields;
    const startTime = Number(fields[19]);
    if (!state || ppid === undefined || pgid === undefined || sid === undefined)
        return null;
    const numbers = [pid, Number(ppid), Number(pgid), Number(sid), startTime];
    if (numbers.some((n) => !Number.isInteger(n)))
        return null;
    return {
        pid,
        comm: text.slice(open + 1, close),
        state,
        ppid: Number(ppid),
        pgid: Number(pgid),
        sid: Number(sid),
        startTime,
    };
}
/** Run tokens in a NUL-separated environment block. */
function tokensFromEnviron(environ) {
    const tokens = [];
    const own = Buffer.from(`${RUN_TOKEN_VAR}=`);
    const outer = Buffer.from(`${OUTER_TOKENS_VAR}=`);
    let start = 0;
    while (start < environ.length) {
        let end = environ.indexOf(0, start);
        if (end < 0)
            end = environ.length;
        if (environ.subarray(start, start + own.length).equals(own)) {
            const value = environ.toString("latin1", start + own.length, end);
            if (value)
                tokens.push(value);
        }
        else if (environ.subarray(start, start + outer.length).equals(outer)) {
            for (const value of environ.toString("latin1", start + outer.length, end).split(":")) {
                if (value)
                    tokens.push(value);
            }
        }
        start = end + 1;
    }
    return tokens;
}
/** The environment for a run: `env` plus this run's token (an inherited token becomes an outer one). */
function withRunToken(env, token) {
    const next = { ...env, [RUN_TOKEN_VAR]: token };
    const inherited = env[RUN_TOKEN_VAR];
    if (inherited) {
        const outer = env[OUTER_TOKENS_VAR];
        next[OUTER_TOKENS_VAR] = outer ? `${outer}:${inherited}` : inherited;
    }
    return next;
}
const statBuffer = Buffer.allocUnsafe(4096);
/** Reads a whole /proc file (open/read/close, no stat call), or throws. */
function readProcFile(file, buffer = statBuffer) {
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(file, "r");
    try {
        let length = 0;
        let buf = buffer;
        for (;;) {
            const n = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readSync)(fd, buf, length, buf.length - length, null);
            if (n === 0)
                break;
            length += n;
            if (length === buf.length) {
                const bigger = Buffer.allocUnsafe(buf.length * 4);
                buf.copy(bigger, 0, 0, length);
                buf = bigger;
            }
        }
        return buf.subarray(0, length);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
}
/** Start time (clock ticks since boot) of a process, or null when it is gone. */
function readStartTime(pid, procRoot = "/proc") {
    try {
        return parseStat(readProcFile(`${procRoot}/${pid}/stat`).toString("latin1"))?.startTime ?? null;
    }
    catch {
        return null;
    }
}
/** Parses `ps -o pid=,ppid=,pgid=,stat=` lines (sessions, start times and tokens are unknown). */
function parsePsTable(text) {
    const list = [];
    for (const line of text.split("\n")) {
        const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
        const numbers = [Number(pid), Number(ppid), Number(pgid)];
        if (!stat || numbers.some((n) => !Number.isInteger(n) || n < 0))
            continue;
        list.push({ pid: numbers[0], ppid: numbers[1], pgid: numbers[2], sid: -1, state: stat[0], comm: "", startTime: 0, tokens: [] });
    }
    return list;
}
/** The process table from `ps`, or null when `ps` cannot be run. Synchronous. */
function snapshotFromPs() {
    const r = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawnSync)("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], {
        encoding: "utf8",
        timeout: 10_000,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" },
        stdio: ["ignore", "pipe", "ignore"],
    });
    if (r.status !== 0 || typeof r.stdout !== "string")
        return null;
    return parsePsTable(r.stdout);
}
/**
 * A snapshot of the live processes readable by this user. Environments (for tokens) are read only
 * for processes started at or after `minStartTime` (all when it is not given). When `procRoot`
 * cannot be read, or does not show this very process (an empty or foreign directory), the
 * snapshot comes from `ps` instead. Synchronous.
 */
function snapshotProcesses(options = {}) {
    const fromProc = snapshotFromProc(options);
    if (fromProc?.some((p) => p.pid === process.pid))
        return fromProc;
    return snapshotFromPs() ?? fromProc ?? [];
}
function snapshotFromProc(options) {
    const procRoot = options.procRoot ?? "/proc";
    const minStartTime = options.minStartTime ?? null;
    let names;
    try {
        names = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(procRoot);
    }
    catch {
        return null;
    }
    const environBuffer = Buffer.allocUnsafe(16 * 1024);
    const list = [];
    for (const name of names) {
        const c = name.charCodeAt(0);
        if (c < 48 || c > 57)
            continue;
        let stat;
        try {
            stat = parseStat(readProcFile(`${procRoot}/${name}/stat`).toString("latin1"));
        }
        catch {
            continue; // exited meanwhile, or not ours to read
        }
        if (!stat)
            continue;
        let tokens = [];
        const young = minStartTime === null || stat.startTime >= minStartTime;
        if (young && stat.state !== "Z" && stat.state !== "X") {
            try {
                tokens = tokensFromEnviron(readProcFile(`${procRoot}/${name}/environ`, environBuffer));
            }
            catch {
                tokens = [];
            }
        }
        list.push({ ...stat, tokens });
    }
    return list;
}
/**
 * The live (non-zombie) processes of an agent within a snapshot: token, group or session members,
 * then everything descending from them. This process, its ancestors and pid 1 are never selected
 * and never followed (their other children are not the agent's).
 */
function selectAgentProcesses(snapshot, selector, selfPid = process.pid) {
    const byPid = new Map(snapshot.map((p) => [p.pid, p]));
    const excluded = new Set([1, selfPid]);
    for (let p = byPid.get(selfPid); p && p.ppid > 1 && !excluded.has(p.ppid); p = byPid.get(p.ppid)) {
        excluded.add(p.ppid);
    }
    const chosen = new Set();
    for (const p of snapshot) {
        if (excluded.has(p.pid))
            continue;
        if (p.tokens.includes(selector.token) ||
            (selector.pgid != null && p.pgid === selector.pgid) ||
            (selector.sid != null && p.sid === selector.sid)) {
            chosen.add(p.pid);
        }
    }
    const children = new Map();
    for (const p of snapshot) {
        const list = children.get(p.ppid);
        if (list)
            list.push(p.pid);
        else
            children.set(p.ppid, [p.pid]);
    }
    const queue = [...chosen];
    while (queue.length > 0) {
        const pid = queue.pop();
        for (const child of children.get(pid) ?? []) {
            if (!chosen.has(child) && !excluded.has(child)) {
                chosen.add(child);
                queue.push(child);
            }
        }
    }
    return snapshot.filter((p) => chosen.has(p.pid) && p.state !== "Z" && p.state !== "X");
}
/** Live processes carrying `token` (plus group/session members and descendants when given). */
function listAgentProcesses(token, extra = {}) {
    const { procRoot, ...selector } = extra;
    return selectAgentProcesses(snapshotProcesses({ minStartTime: extra.minStartTime, ...(procRoot ? { procRoot } : {}) }), { token, ...selector });
}


/***/ }),

/***/ 82043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K$: () => (/* binding */ missingPackages),
/* harmony export */   MF: () => (/* binding */ decideSandbox),
/* harmony export */   f: () => (/* binding */ SANDBOX_MODES)
/* harmony export */ });
/* unused harmony exports INSTALL_FIX, USERNS_FIX, sandboxProblem */
/**
 * Whether agents run in the sandbox: the `sandbox: auto|on|off` request and the facts of this
 * machine (probe.ts gathers them) decide it. Pure.
 *
 *   off  — never.
 *   on   — always; when the sandbox cannot work here the run fails before any agent starts, with
 *          what is missing and how to fix it.
 *   auto — on where it works; elsewhere off with a loud warning naming the missing piece and the
 *          fix (never silently).
 *
 * On Ubuntu 24.04 (`kernel.apparmor_restrict_unprivileged_userns = 1`) bubblewrap cannot make its
 * namespaces until AppArmor lets it: when this process may change that (it is root, or it has
 * passwordless sudo) the answer is `fix-userns` — the caller sets it up, says what it changed, and
 * asks again with `usernsFixTried`.
 */
const SANDBOX_MODES = ["auto", "on", "off"];
const INSTALL_FIX = "install them: sudo apt-get install -y bubblewrap socat ripgrep";
const USERNS_FIX = "let bubblewrap create user namespaces: install an AppArmor profile for bwrap with the `userns` rule (/etc/apparmor.d/bwrap), or run sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0";
/** The Debian packages of the programs that are missing (what apt-get installs on a runner). */
function missingPackages(facts) {
    return [facts.bwrap ? null : "bubblewrap", facts.socat ? null : "socat", facts.rg ? null : "ripgrep"].filter((p) => p !== null);
}
/** What keeps the sandbox from working here, with the fix; null when nothing does. */
function sandboxProblem(facts) {
    if (facts.platform !== "linux")
        return `the sandbox runs agents with bubblewrap, which needs Linux (this is ${facts.platform})`;
    if (facts.arch !== "x64" && facts.arch !== "arm64")
        return `the sandbox supports x64 and arm64 machines (this is ${facts.arch})`;
    const missing = [
        facts.bwrap ? null : "bubblewrap (bwrap)",
        facts.socat ? null : "socat",
        facts.rg ? null : "ripgrep (rg)",
    ].filter((m) => m !== null);
    if (missing.length > 0)
        return `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed; ${INSTALL_FIX}`;
    if (facts.probeError) {
        const userns = facts.apparmorRestrictsUserns === true ? `; AppArmor restricts unprivileged user namespaces here: ${USERNS_FIX}` : "";
        return `bubblewrap does not start here (${facts.probeError})${userns}`;
    }
    return null;
}
function decideSandbox(request, facts) {
    if (request === "off")
        return { kind: "off", warning: null };
    const problem = sandboxProblem(facts);
    if (!problem)
        return { kind: "on" };
    if (facts.probeError && facts.apparmorRestrictsUserns === true && facts.canBeRoot && !facts.usernsFixTried)
        return { kind: "fix-userns" };
    if (request === "on")
        return { kind: "error", message: `sandbox is on, but it cannot work here: ${problem}` };
    return { kind: "off", warning: `sandbox: agents run WITHOUT the sandbox (no network allow-list, no file rules): ${problem}` };
}


/***/ }),

/***/ 91186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $F: () => (/* binding */ allowSettingFor),
/* harmony export */   Qt: () => (/* binding */ allowedEntryProblem),
/* harmony export */   nm: () => (/* binding */ expandAllowed),
/* harmony export */   wh: () => (/* binding */ PROVIDER_HOSTS)
/* harmony export */ });
/* unused harmony exports ECOSYSTEMS, isEcosystem */
/**
 * The one table of `network.allowed` ecosystems (the hosts each name stands for) and of the model
 * API hosts each executor reaches when the model proxy does not carry it. An entry of
 * `network.allowed` that is not an ecosystem name is a domain (`example.com`, `*.example.com`,
 * optionally with `:port`).
 */
const ECOSYSTEMS = {
    /** npm and its registry mirrors' usual hosts. */
    node: ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com", "nodejs.org"],
    /** PyPI: the index and the file host. */
    python: ["pypi.org", "files.pythonhosted.org", "pypi.python.org"],
    /** GitHub: the site, its API, archives, raw and release files, and its container registry. */
    github: [
        "github.com",
        "api.github.com",
        "codeload.github.com",
        "objects.githubusercontent.com",
        "raw.githubusercontent.com",
        "release-assets.githubusercontent.com",
        "ghcr.io",
        "pkg-containers.githubusercontent.com",
    ],
};
function isEcosystem(name) {
    return Object.hasOwn(ECOSYSTEMS, name);
}
/**
 * The model API hosts of each executor's providers, allowed to an agent the model proxy does not
 * carry (with the proxy on, the agent reaches only the proxy). A base URL in the agent's
 * environment adds its own host.
 */
const PROVIDER_HOSTS = {
    claude: ["api.anthropic.com"],
    codex: ["api.openai.com", "chatgpt.com", "auth.openai.com"],
    opencode: ["api.anthropic.com", "api.openai.com", "openrouter.ai", "generativelanguage.googleapis.com", "models.dev"],
};
/** A domain pattern as the sandbox's allow-list takes it: a host or `*.host`, an optional `:port`. */
const DOMAIN = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;
/** Why `entry` is not a valid `network.allowed` entry, or null. */
function allowedEntryProblem(entry) {
    const e = entry.trim().toLowerCase();
    if (e === "")
        return "is empty";
    if (isEcosystem(e))
        return null;
    if (e === "*" || e.startsWith("*:"))
        return "would allow every host (list the hosts instead)";
    if (!DOMAIN.test(e))
        return `is neither an ecosystem (${Object.keys(ECOSYSTEMS).join(", ")}) nor a domain name`;
    return null;
}
/** The domain patterns `entries` stand for (ecosystems expanded, duplicates dropped, order kept). */
function expandAllowed(entries) {
    const out = new Set();
    for (const raw of entries) {
        const e = raw.trim().toLowerCase();
        if (e === "")
            continue;
        if (isEcosystem(e))
            for (const h of ECOSYSTEMS[e])
                out.add(h);
        else
            out.add(e);
    }
    return [...out];
}
/** The setting that would allow `host`: its ecosystem when one lists it, else the host itself. */
function allowSettingFor(host) {
    const h = host.toLowerCase();
    for (const [name, hosts] of Object.entries(ECOSYSTEMS)) {
        if (hosts.includes(h))
            return `network.allowed: [${name}]`;
    }
    return `network.allowed: [${h}]`;
}


/***/ }),

/***/ 85770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ isInside),
/* harmony export */   X$: () => (/* binding */ openInside),
/* harmony export */   yK: () => (/* binding */ safeRelativeEntries)
/* harmony export */ });
/* unused harmony exports resolveReal, resolveInside, assertNoGitDirWrite, readRefusal */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/**
 * Path confinement: user- and agent-supplied paths must stay inside the repository (or run
 * directory) they are relative to, must not write into `.git/`, and archive/patch entry names must
 * not escape the directory they are extracted into (zip-slip). Files named in a wave file that the
 * orchestrator reads after the agents ran (deliverables, proof artifacts, reports) are opened only
 * through `openInside`, which refuses symbolic links that lead out of the repository.
 */




/** True when `abs` is `root` or lies beneath it (lexically; no symlink resolution). */
function isInside(root, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_2___default().relative(node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(root), node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(abs));
    if (rel === "")
        return true;
    return !node_path__WEBPACK_IMPORTED_MODULE_2___default().isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${(node_path__WEBPACK_IMPORTED_MODULE_2___default().sep)}`);
}
function isAbsoluteAnywhere(p) {
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().posix.isAbsolute(p) || node_path__WEBPACK_IMPORTED_MODULE_2___default().win32.isAbsolute(p) || /^[A-Za-z]:/.test(p);
}
/**
 * Where `abs` really points: existing components are resolved through their symbolic links
 * (dangling links included), missing trailing components are appended as they are.
 */
function resolveReal(abs, hops = 0) {
    if (hops > 40)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`too many levels of symbolic links at ${JSON.stringify(abs)}`);
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(abs);
    }
    catch (error) {
        const code = error.code;
        if (code === "ELOOP")
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`too many levels of symbolic links at ${JSON.stringify(abs)}`);
        if (code !== "ENOENT" && code !== "ENOTDIR")
            throw error;
    }
    const parent = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(abs);
    if (parent === abs)
        return abs;
    const realParent = resolveReal(parent, hops);
    let isLink = false;
    try {
        isLink = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(abs).isSymbolicLink();
    }
    catch {
        isLink = false;
    }
    if (isLink)
        return resolveReal(node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(realParent, (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readlinkSync)(abs)), hops + 1);
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().join(realParent, node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(abs));
}
/**
 * Resolves `relPath` against `root` and returns the absolute path, or throws a UserError naming
 * `label` and the value when it is absolute, contains NUL, climbs out with `..`, or passes through a
 * symbolic link (an existing component) that points outside `root`. The check is made at call time;
 * a link created afterwards is not seen.
 */
function resolveInside(root, relPath, label) {
    const shown = JSON.stringify(relPath);
    if (relPath.includes("\0"))
        throw new UserError(`${label}: ${shown} contains a NUL byte`);
    if (relPath.trim() === "")
        throw new UserError(`${label}: path is empty`);
    if (isAbsoluteAnywhere(relPath)) {
        throw new UserError(`${label}: ${shown} must be relative to the repository root, not absolute`);
    }
    const absRoot = path.resolve(root);
    const abs = path.resolve(absRoot, relPath);
    if (!isInside(absRoot, abs))
        throw new UserError(`${label}: ${shown} points outside the repository root`);
    if (!isInside(resolveReal(absRoot), resolveReal(abs))) {
        throw new UserError(`${label}: ${shown} passes through a symbolic link that points outside the repository root`);
    }
    return abs;
}
/** Throws a UserError when `abs` is inside a `.git` directory (any level) or is one. */
function assertNoGitDirWrite(root, abs, label = "path") {
    const rel = path.relative(path.resolve(root), path.resolve(abs));
    const parts = rel.split(/[\\/]+/);
    if (parts.some((part) => part.toLowerCase() === ".git")) {
        throw new UserError(`${label}: ${JSON.stringify(rel)} is inside .git/; writing there is not allowed`);
    }
}
/**
 * Validates archive or patch entry names and returns them normalised (forward slashes, no `./`,
 * no empty segments). Throws a UserError naming the first bad entry: empty, NUL or control
 * characters, absolute paths, drive letters, backslashes, `..` segments or `.git` segments.
 */
function safeRelativeEntries(entries, label = "archive entry") {
    return entries.map((entry) => {
        const shown = JSON.stringify(entry);
        const bad = (why) => new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${label} ${shown}: ${why}`);
        if (entry.length === 0)
            throw bad("empty name");
        if (/[\u0000-\u001f\u007f]/.test(entry))
            throw bad("contains control characters");
        if (entry.includes("\\"))
            throw bad("contains a backslash");
        if (entry.startsWith("/"))
            throw bad("is an absolute path");
        if (/^[A-Za-z]:/.test(entry))
            throw bad("starts with a drive letter");
        const parts = entry.split("/").filter((part) => part !== "" && part !== ".");
        if (parts.length === 0)
            throw bad("names no file");
        if (parts.includes(".."))
            throw bad("contains a '..' segment");
        if (parts.some((part) => part.toLowerCase() === ".git"))
            throw bad("is inside .git/");
        return parts.join("/");
    });
}
/**
 * Why the file `relPath` (relative to `root`) may not be read, or null when it may. Refused: NUL
 * bytes, empty or absolute paths, the root itself, `..` that climbs out, and any symbolic link on
 * the way (the file itself or a directory above it) whose target lies outside the real location of
 * `root`. Links that stay inside are fine. The text completes a sentence that starts with the path.
 */
function readRefusal(root, relPath) {
    if (relPath.includes("\0"))
        return "contains a NUL byte";
    if (relPath.trim() === "")
        return "is an empty path";
    if (isAbsoluteAnywhere(relPath))
        return "is an absolute path, not one relative to the repository";
    const absRoot = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(root);
    const abs = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(absRoot, relPath);
    if (abs === absRoot)
        return "names the repository root, not a file in it";
    if (!isInside(absRoot, abs))
        return "points outside the repository";
    try {
        const realRoot = resolveReal(absRoot);
        if (isInside(realRoot, resolveReal(abs)))
            return null;
        // Name the link that leads out: the file itself, or a directory above it.
        const parts = node_path__WEBPACK_IMPORTED_MODULE_2___default().relative(absRoot, abs).split((node_path__WEBPACK_IMPORTED_MODULE_2___default().sep));
        let current = absRoot;
        for (let i = 0; i < parts.length; i++) {
            current = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(current, parts[i]);
            let isLink;
            try {
                isLink = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(current).isSymbolicLink();
            }
            catch {
                break;
            }
            if (isLink && !isInside(realRoot, resolveReal(current))) {
                if (i === parts.length - 1)
                    return "is a symbolic link that resolves outside the repository";
                return `lies under the symbolic link ${parts.slice(0, i + 1).join("/")}, which resolves outside the repository`;
            }
        }
        return "resolves outside the repository through a symbolic link";
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo)
            return "has too many levels of symbolic links";
        throw error;
    }
}
function errnoOf(error) {
    return error?.code;
}
/**
 * Opens `relPath` under `root` for reading when `readRefusal` allows it. The check and the open are
 * tied together: the resolved path is opened without following a final link (and without blocking
 * on a FIFO), and the opened file must still be the file that path resolves to afterwards, so a
 * link swapped in between is refused instead of read. The caller closes the handle.
 */
async function openInside(root, relPath) {
    const refusal = readRefusal(root, relPath);
    if (refusal !== null)
        return { status: "refused", reason: refusal };
    const abs = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(root, relPath);
    const changed = { status: "refused", reason: "changed while it was being read (a symbolic link was swapped in)" };
    let real;
    let realRoot;
    try {
        real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(abs);
        realRoot = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(root));
    }
    catch (error) {
        if (errnoOf(error) === "ELOOP")
            return { status: "refused", reason: "has too many levels of symbolic links" };
        return { status: "missing" };
    }
    if (!isInside(realRoot, real))
        return changed;
    let handle;
    try {
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(real, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    }
    catch (error) {
        const code = errnoOf(error);
        if (code === "ELOOP" || code === "EMLINK")
            return changed;
        return { status: "missing" };
    }
    try {
        const opened = await handle.stat();
        const again = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(abs);
        const now = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(again);
        if (again !== real || now.dev !== opened.dev || now.ino !== opened.ino) {
            await handle.close();
            return changed;
        }
        return { status: "open", handle, isFile: opened.isFile() };
    }
    catch {
        await handle.close();
        return changed;
    }
}


/***/ }),

/***/ 26767:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  P0: () => (/* reexport */ collectSecretValues),
  lY: () => (/* binding */ createRedactor),
  us: () => (/* reexport */ redactTree),
  FI: () => (/* reexport */ redactValue),
  dg: () => (/* binding */ registerSecrets),
  I$: () => (/* reexport */ scanForSecrets)
});

// UNUSED EXPORTS: REDACTED, REDACTED_NAME, RedactStream, allVariants, redactFileInPlace, splitRedactInput

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: ./src/security/variants.ts
var variants = __webpack_require__(24290);
;// CONCATENATED MODULE: ./src/security/patterns.ts
/**
 * The languages a secret is matched in, as one non-deterministic byte automaton (NFA) for all
 * secrets. Each secret contributes small groups of states:
 *
 * - text: one step per character of the value, where each character may independently appear raw
 *   or encoded: percent-encoded (every byte, either hex case, `+` for a space), a JSON / JavaScript
 *   escape (`\uXXXX` in either hex case, surrogate pairs for astral characters, `\n`, `\"`, …), a
 *   backslash-escaped ASCII punctuation character (markdown, shells), or an HTML character
 *   reference (named, decimal `&#38;`, hex `&#x26;`, with up to three leading zeros). A line feed
 *   may also appear as CRLF. The group is a chain of small alternations: its size grows linearly
 *   with the value, never with the number of combinations it accepts.
 * - base64: the value's base64 forms (standard and URL-safe alphabet, whole or embedded in a larger
 *   blob at any of the three byte alignments), where a line break (`\n` or `\r\n`) may sit between
 *   any two characters: base64 wrapped at any width, as `base64` (76) and PEM (64) write it.
 * - line: each line of a multi-line value on its own, raw.
 *
 * State 0 is the start state; the matcher treats it as looping on every byte.
 */

/** How many leading zeros a numeric character reference may carry (`&#039;`, `&#x0027;`). */
const MAX_REFERENCE_ZEROS = 3;
/** HTML named references for the characters that have common ones (HTML5 names, ASCII mostly). */
const NAMED_REFERENCES = {
    "\t": ["Tab"],
    "\n": ["NewLine"],
    "!": ["excl"],
    '"': ["quot", "QUOT"],
    "#": ["num"],
    $: ["dollar"],
    "%": ["percnt"],
    "&": ["amp", "AMP"],
    "'": ["apos"],
    "(": ["lpar"],
    ")": ["rpar"],
    "*": ["ast", "midast"],
    "+": ["plus"],
    ",": ["comma"],
    ".": ["period"],
    "/": ["sol"],
    ":": ["colon"],
    ";": ["semi"],
    "<": ["lt", "LT"],
    "=": ["equals"],
    ">": ["gt", "GT"],
    "?": ["quest"],
    "@": ["commat"],
    "[": ["lsqb", "lbrack"],
    "\\": ["bsol"],
    "]": ["rsqb", "rbrack"],
    "^": ["Hat"],
    _: ["lowbar", "UnderBar"],
    "`": ["grave", "DiacriticalGrave"],
    "{": ["lcub", "lbrace"],
    "|": ["verbar", "vert", "VerticalLine"],
    "}": ["rcub", "rbrace"],
    "\u00a0": ["nbsp", "NonBreakingSpace"],
};
/** JSON's two-character escapes (besides `\uXXXX`). */
const JSON_SHORT_ESCAPES = {
    "\b": "b",
    "\f": "f",
    "\n": "n",
    "\r": "r",
    "\t": "t",
};
const BASE64_CHARS = /^[A-Za-z0-9+/=_-]+$/;
function byteOf(ch) {
    return ch.charCodeAt(0);
}
/** Both cases of a hex digit character ('7' → [0x37], 'a' → [0x61, 0x41]). */
function hexDigitBytes(digit) {
    const lower = digit.toLowerCase();
    const upper = digit.toUpperCase();
    return lower === upper ? [byteOf(lower)] : [byteOf(lower), byteOf(upper)];
}
function isAsciiPunctuation(cp) {
    return (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60) || (cp >= 0x7b && cp <= 0x7e);
}
/** A growable list of int32 values. */
class IntList {
    data = new Int32Array(1024);
    length = 0;
    push(value) {
        if (this.length === this.data.length) {
            const grown = new Int32Array(this.data.length * 2);
            grown.set(this.data);
            this.data = grown;
        }
        this.data[this.length++] = value;
    }
}
class NfaBuilder {
    from = new IntList();
    bytes = new IntList();
    to = new IntList();
    /** Per state: 1 when final. */
    final = new IntList();
    /** Per state: its group (-1 for the start state). */
    group = new IntList();
    /** Per state: the longest path from the start (edges are added in path order). */
    depth = new IntList();
    groups = [];
    current = -1;
    constructor() {
        this.final.push(0);
        this.group.push(-1);
        this.depth.push(0);
    }
    get size() {
        return this.final.length;
    }
    beginGroup(kind, secret) {
        this.groups.push({ kind, secret });
        this.current = this.groups.length - 1;
    }
    state() {
        this.final.push(0);
        this.group.push(this.current);
        this.depth.push(0);
        return this.final.length - 1;
    }
    setFinal(s) {
        this.final.data[s] = 1;
    }
    edge(a, byte, b) {
        this.from.push(a);
        this.bytes.push(byte);
        this.to.push(b);
        const depth = this.depth.data;
        if (depth[a] + 1 > depth[b])
            depth[b] = depth[a] + 1;
    }
    edges(a, bytes, b) {
        for (const byte of bytes)
            this.edge(a, byte, b);
    }
    /** A path a → … → b reading `bytes` (at least one). */
    path(a, bytes, b) {
        let s = a;
        for (let i = 0; i < bytes.length - 1; i++) {
            const next = this.state();
            this.edge(s, bytes[i], next);
            s = next;
        }
        this.edge(s, bytes[bytes.length - 1], b);
    }
    /** A path reading `width` hex digits of `value` (zero-padded), each digit in either case. */
    hexPath(a, value, width, b) {
        const digits = value.toString(16).padStart(width, "0");
        let s = a;
        for (let i = 0; i < digits.length; i++) {
            const next = i === digits.length - 1 ? b : this.state();
            this.edges(s, hexDigitBytes(digits[i]), next);
            s = next;
        }
    }
    /**
     * `&#<digits>;` or `&#x<hex>;` from `hash` (the state after `&#`) to `b`: the digits with up to
     * MAX_REFERENCE_ZEROS leading zeros, hex in either case, `x` or `X`.
     */
    numericReference(hash, cp, b) {
        const decimal = String(cp);
        const hex = cp.toString(16);
        this.zeroPadded(hash, Array.from(decimal, (d) => [byteOf(d)]), b);
        const x = this.state();
        this.edges(hash, [byteOf("x"), byteOf("X")], x);
        this.zeroPadded(x, Array.from(hex, hexDigitBytes), b);
    }
    /** Digits (each a set of accepted bytes) after 0..MAX_REFERENCE_ZEROS zeros, then `;` into b. */
    zeroPadded(a, digits, b) {
        const entries = [a];
        for (let z = 0; z < MAX_REFERENCE_ZEROS; z++) {
            const next = this.state();
            this.edge(entries[entries.length - 1], byteOf("0"), next);
            entries.push(next);
        }
        let s = this.state();
        for (const entry of entries)
            this.edges(entry, digits[0], s);
        for (let i = 1; i < digits.length; i++) {
            const next = this.state();
            this.edges(s, digits[i], next);
            s = next;
        }
        this.edge(s, byteOf(";"), b);
    }
    /**
     * One character of a text group, from state a to state b, in every per-character encoding.
     * `crlf` adds the CRLF form of a line feed (the `\r` then itself in every encoding).
     */
    character(a, ch, b, crlf = true) {
        const cp = ch.codePointAt(0);
        const utf8 = Buffer.from(ch, "utf8");
        // Raw and percent-encoded, byte by byte (each byte raw or %XX, either hex case).
        let s = a;
        for (let i = 0; i < utf8.length; i++) {
            const next = i === utf8.length - 1 ? b : this.state();
            this.edge(s, utf8[i], next);
            const pct = this.state();
            this.edge(s, byteOf("%"), pct);
            this.hexPath(pct, utf8[i], 2, next);
            s = next;
        }
        if (ch === " ")
            this.edge(a, byteOf("+"), b);
        // Backslash escapes: \uXXXX (a surrogate pair for astral characters), JSON's short escapes,
        // and any ASCII punctuation character (markdown, JSON's \" \\ \/).
        const backslash = this.state();
        this.edge(a, byteOf("\\"), backslash);
        const units = cp > 0xffff ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [cp];
        let u = backslash;
        for (let i = 0; i < units.length; i++) {
            if (i > 0) {
                const again = this.state();
                this.edge(u, byteOf("\\"), again);
                u = again;
            }
            const afterU = this.state();
            this.edge(u, byteOf("u"), afterU);
            const next = i === units.length - 1 ? b : this.state();
            this.hexPath(afterU, units[i], 4, next);
            u = next;
        }
        const short = JSON_SHORT_ESCAPES[ch];
        if (short)
            this.edge(backslash, byteOf(short), b);
        if (isAsciiPunctuation(cp))
            this.edge(backslash, cp, b);
        // HTML character references.
        const amp = this.state();
        this.edge(a, byteOf("&"), amp);
        for (const name of NAMED_REFERENCES[ch] ?? [])
            this.path(amp, Buffer.from(`${name};`, "latin1"), b);
        const hash = this.state();
        this.edge(amp, byteOf("#"), hash);
        this.numericReference(hash, cp, b);
        if (ch === "\n" && crlf) {
            const mid = this.state();
            this.character(a, "\r", mid, false);
            this.character(mid, "\n", b, false);
        }
    }
}
/** Adds a text group for `value` (every character in every per-character encoding). */
function addTextGroup(builder, value, secret) {
    builder.beginGroup("text", secret);
    const chars = Array.from(value);
    let s = 0;
    for (let i = 0; i < chars.length; i++) {
        const next = builder.state();
        builder.character(s, chars[i], next);
        s = next;
    }
    builder.setFinal(s);
}
/**
 * Adds the base64 strings as one trie in which a line break (`\n` or `\r\n`) may follow any
 * character that is followed by another one.
 */
function addWrappedGroup(builder, strings, secret) {
    builder.beginGroup("base64", secret);
    const children = new Map();
    const breakState = new Map();
    const lf = byteOf("\n");
    for (const text of strings) {
        let s = 0;
        for (const ch of text) {
            const c = byteOf(ch);
            let kids = children.get(s);
            if (!kids)
                children.set(s, (kids = new Map()));
            let next = kids.get(c);
            if (next === undefined) {
                next = builder.state();
                kids.set(c, next);
                builder.edge(s, c, next);
                if (s !== 0) {
                    let brk = breakState.get(s);
                    if (brk === undefined) {
                        brk = builder.state();
                        const cr = builder.state();
                        breakState.set(s, brk);
                        builder.edge(s, lf, brk);
                        builder.edge(s, byteOf("\r"), cr);
                        builder.edge(cr, lf, brk);
                    }
                    builder.edge(brk, c, next);
                }
            }
            s = next;
        }
        builder.setFinal(s);
    }
}
function addLineGroup(builder, line, secret) {
    builder.beginGroup("line", secret);
    const end = builder.state();
    builder.path(0, Buffer.from(line, "utf8"), end);
    builder.setFinal(end);
}
/** The base64 forms of a value: whole (both alphabets) and embedded at each byte alignment. */
function base64Forms(bytes) {
    const out = new Set();
    const b64 = Buffer.from(bytes).toString("base64");
    const url = (text) => text.replace(/\+/g, "-").replace(/\//g, "_");
    out.add(b64);
    out.add(url(b64).replace(/=+$/, ""));
    for (let offset = 0; offset < 3; offset++) {
        const fragment = (0,variants/* base64Fragment */.Ys)(bytes, offset);
        out.add(fragment);
        out.add(url(fragment));
    }
    return [...out].filter((s) => s.length >= variants/* MIN_VARIANT_LENGTH */.gA && BASE64_CHARS.test(s));
}
/**
 * Edges grouped by `keys` (a stable counting sort); the start state's group (key 0) is also sorted
 * by byte, since the matcher looks its edges up by byte.
 */
function compress(size, count, keys, bytes, values) {
    const start = new Int32Array(size + 1);
    for (let e = 0; e < count; e++) {
        const group = keys[e] + 1;
        start[group] = start[group] + 1;
    }
    for (let s = 0; s < size; s++)
        start[s + 1] += start[s];
    const fill = start.slice(0, size);
    const byte = new Uint8Array(count);
    const other = new Int32Array(count);
    for (let e = 0; e < count; e++) {
        const key = keys[e];
        const at = fill[key];
        fill[key] = at + 1;
        byte[at] = bytes[e];
        other[at] = values[e];
    }
    const n0 = start[1];
    if (n0 > 1) {
        const order = Array.from({ length: n0 }, (_, i) => i).sort((x, y) => byte[x] - byte[y] || x - y);
        const b0 = byte.slice(0, n0);
        const o0 = other.slice(0, n0);
        order.forEach((from, to) => {
            byte[to] = b0[from];
            other[to] = o0[from];
        });
    }
    return { start, byte, other };
}
/** Longest path from the start to a final state. */
function longestMatch(size, depth, final) {
    let longest = 0;
    for (let s = 0; s < size; s++)
        if (final[s] && depth[s] > longest)
            longest = depth[s];
    return longest;
}
/** The NFA of all secret values (empty values and values too short to match are skipped). */
function buildSecretNfa(values) {
    const builder = new NfaBuilder();
    values.forEach((value, secret) => {
        if (value.length === 0)
            return;
        const bytes = Buffer.from(value, "utf8");
        if (bytes.length >= variants/* MIN_VARIANT_LENGTH */.gA)
            addTextGroup(builder, value, secret);
        const forms = base64Forms(bytes);
        if (forms.length > 0)
            addWrappedGroup(builder, forms, secret);
        if (/\r?\n/.test(value)) {
            const lines = new Set(value.split(/\r?\n/).map((line) => line.trim()));
            for (const line of lines)
                if (line.length >= variants/* MIN_LINE_LENGTH */.Tm && line !== value)
                    addLineGroup(builder, line, secret);
        }
    });
    const size = builder.size;
    const count = builder.from.length;
    const fwd = compress(size, count, builder.from.data, builder.bytes.data, builder.to.data);
    const rev = compress(size, count, builder.to.data, builder.bytes.data, builder.from.data);
    const final = Uint8Array.from(builder.final.data.subarray(0, size));
    return {
        size,
        fwdStart: fwd.start,
        fwdByte: fwd.byte,
        fwdTo: fwd.other,
        revStart: rev.start,
        revByte: rev.byte,
        revFrom: rev.other,
        final,
        group: builder.group.data.slice(0, size),
        groups: builder.groups,
        maxLength: longestMatch(size, builder.depth.data, final),
    };
}

;// CONCATENATED MODULE: ./src/security/matcher.ts
/**
 * Multi-secret byte matcher: the NFA of patterns.ts run as a lazily built DFA over byte classes.
 *
 * The hot loop is one table read and one sign test per byte, as in Aho-Corasick: a DFA state is the
 * set of NFA states active after the input read so far, and its row of transitions is filled the
 * first time each (state, byte class) pair is seen, so only the states the input actually visits are
 * ever built. Transitions into a state that ends a match are stored bitwise-negated; entries not yet
 * computed hold UNKNOWN. The table is capped (MAX_TABLE_ENTRIES): when full it is dropped and
 * rebuilt on demand, and scanners that hold a state from before re-enter it from its NFA states.
 *
 * A DFA state says that a match ends at this byte, not where it starts (encoded forms vary in
 * length). The start is found by walking the NFA backwards from the match's final states over the
 * bytes just read (at most maxLength of them); matches are rare, so this costs nothing measurable.
 * Matching works on raw bytes: input that is not valid UTF-8 is fine.
 */

/**
 * Marks a transition that has not been computed yet: below every negated row offset (the table is
 * far smaller than 2^30 entries) and still a small integer for the engine (no deoptimisation).
 */
const UNKNOWN = -0x40000000;
/** Upper bound of the transition table (entries of 4 bytes). */
const MAX_TABLE_ENTRIES = 4 * 1024 * 1024;
class ByteMatcher {
    /** Byte → class id. */
    classes;
    /** Number of classes (row width). */
    width;
    /** Longest match, in bytes (0: nothing to match). */
    maxLength;
    /** Transition table, indexed by row offset + class (see the module comment). */
    delta;
    /** Changes each time the table is dropped; rows from another epoch are invalid. */
    epoch = 0;
    /** Group of the match found by the last matchStart call. */
    lastGroup = -1;
    /** The last backward walk stopped at its lower bound with a match still possibly going on. */
    walkCut = false;
    nfa;
    /** Class → one byte of that class (-1 when no byte of the class occurs in any pattern). */
    representative;
    /** Edges of the start state by byte: startFirst[b] .. startFirst[b + 1] - 1 index fwd arrays. */
    startFirst;
    maxStates;
    count = 0;
    sets = [];
    accepting = [];
    /** Hash of a state's NFA set → DFA states with that hash. */
    index = new Map();
    mark;
    scratch;
    backA;
    backB;
    stamp = 0;
    /** `maxStates` bounds the DFA states kept at once (default from MAX_TABLE_ENTRIES). */
    constructor(nfa, options = {}) {
        this.nfa = nfa;
        this.maxLength = nfa.maxLength;
        // One class per byte that labels some edge; every other byte shares class 0.
        const classes = new Uint16Array(256);
        const representative = [-1];
        for (const b of nfa.fwdByte) {
            if (classes[b] !== 0)
                continue;
            classes[b] = representative.length;
            representative.push(b);
        }
        this.classes = classes;
        this.width = representative.length;
        this.representative = Int16Array.from(representative);
        const startFirst = new Int32Array(257);
        const end0 = nfa.fwdStart[1] ?? 0;
        let e = 0;
        for (let b = 0; b <= 256; b++) {
            while (e < end0 && nfa.fwdByte[e] < b)
                e++;
            startFirst[b] = e;
        }
        this.startFirst = startFirst;
        this.maxStates = Math.max(2, options.maxStates ?? Math.max(1024, Math.floor(MAX_TABLE_ENTRIES / this.width)));
        this.mark = new Int32Array(Math.max(1, nfa.size));
        this.scratch = new Int32Array(Math.max(1, nfa.size));
        this.backA = new Int32Array(Math.max(1, nfa.size));
        this.backB = new Int32Array(Math.max(1, nfa.size));
        this.delta = new Int32Array(this.width * 256);
        this.scratch[0] = 0;
        this.intern(this.scratch, 1);
    }
    /** Kind of a pattern group. */
    groupKind(group) {
        return this.nfa.groups[group]?.kind ?? null;
    }
    /** Number of DFA states built so far (in this epoch). */
    get states() {
        return this.count;
    }
    /** The NFA states of a DFA row. */
    membersOf(row) {
        return this.sets[row / this.width];
    }
    /**
     * The row of the DFA state for the NFA states members[0..n-1] (sorted, starting with 0),
     * creating the state if needed.
     */
    intern(members, n = members.length) {
        let hash = 0x811c9dc5;
        for (let i = 0; i < n; i++)
            hash = Math.imul(hash ^ members[i], 0x01000193);
        hash &= 0x3fffffff; // a small integer key: no heap number per lookup
        const bucket = this.index.get(hash);
        if (bucket !== undefined) {
            for (const state of bucket) {
                const set = this.sets[state];
                if (set.length !== n)
                    continue;
                let same = true;
                for (let i = 0; i < n && same; i++)
                    same = set[i] === members[i];
                if (same)
                    return state * this.width;
            }
        }
        if (this.count >= this.maxStates) {
            this.flush();
            return this.intern(members, n);
        }
        const state = this.count++;
        const need = (state + 1) * this.width;
        if (need > this.delta.length) {
            const grown = new Int32Array(Math.max(need, this.delta.length * 2));
            grown.set(this.delta);
            this.delta = grown;
        }
        this.delta.fill(UNKNOWN, state * this.width, need);
        const set = [];
        let accepts = false;
        for (let i = 0; i < n; i++) {
            const member = members[i];
            set.push(member);
            if (this.nfa.final[member])
                accepts = true;
        }
        this.sets[state] = set;
        this.accepting[state] = accepts;
        if (bucket)
            bucket.push(state);
        else
            this.index.set(hash, [state]);
        return state * this.width;
    }
    flush() {
        this.epoch++;
        this.index = new Map();
        this.sets = [];
        this.accepting = [];
        this.count = 0;
        this.intern([0], 1);
    }
    nextStamp() {
        if (this.stamp >= 0x7ffffff0) {
            this.mark.fill(0);
            this.stamp = 0;
        }
        return ++this.stamp;
    }
    /** Computes (and stores) the transition of `row` on class `cls`; returns the table entry. */
    fill(row, cls) {
        const { nfa, mark, scratch } = this;
        const members = this.sets[row / this.width];
        const byte = this.representative[cls];
        const stamp = this.nextStamp();
        scratch[0] = 0;
        mark[0] = stamp;
        let n = 1;
        if (byte >= 0) {
            for (let k = 0; k < members.length; k++) {
                const u = members[k];
                let e = u === 0 ? this.startFirst[byte] : nfa.fwdStart[u];
                const stop = u === 0 ? this.startFirst[byte + 1] : nfa.fwdStart[u + 1];
                for (; e < stop; e++) {
                    if (nfa.fwdByte[e] !== byte)
                        continue;
                    const t = nfa.fwdTo[e];
                    if (mark[t] !== stamp) {
                        mark[t] = stamp;
                        // Insertion into the sorted prefix (sets are small).
                        let i = n++;
                        while (i > 1 && scratch[i - 1] > t) {
                            scratch[i] = scratch[i - 1];
                            i--;
                        }
                        scratch[i] = t;
                    }
                }
            }
        }
        const epoch = this.epoch;
        const target = this.intern(scratch, n);
        const entry = this.accepting[target / this.width] ? ~target : target;
        if (this.epoch === epoch)
            this.delta[row + cls] = entry;
        return entry;
    }
    /**
     * Where the longest match ending at `end` starts, given the accepting row reached after `end`:
     * a backward walk over the NFA, reading bytes end, end-1, … down to `low`. Sets lastGroup.
     */
    matchStart(row, end, byteAt, low) {
        const finals = [];
        for (const s of this.membersOf(row))
            if (this.nfa.final[s])
                finals.push(s);
        return this.walkBack(finals, end, byteAt, low);
    }
    /**
     * Where the longest suffix of the input that could begin a match starts (-1: none), given the
     * row reached after `end`: for text cut at `end`, this is the part of a secret that was cut.
     */
    partialStart(row, end, byteAt, low) {
        const active = [];
        for (const s of this.membersOf(row))
            if (s !== 0)
                active.push(s);
        return this.walkBack(active, end, byteAt, low);
    }
    walkBack(from, end, byteAt, low) {
        const { nfa, mark } = this;
        let current = this.backA;
        let next = this.backB;
        let count = from.length;
        for (let k = 0; k < count; k++)
            current[k] = from[k];
        let best = -1;
        this.lastGroup = -1;
        for (let p = end; p >= low && count > 0; p--) {
            const byte = byteAt(p);
            const stamp = this.nextStamp();
            let size = 0;
            for (let k = 0; k < count; k++) {
                const v = current[k];
                for (let e = nfa.revStart[v]; e < nfa.revStart[v + 1]; e++) {
                    if (nfa.revByte[e] !== byte)
                        continue;
                    const u = nfa.revFrom[e];
                    if (u === 0) {
                        best = p;
                        this.lastGroup = nfa.group[v];
                    }
                    else if (mark[u] !== stamp) {
                        mark[u] = stamp;
                        next[size++] = u;
                    }
                }
            }
            const swap = current;
            current = next;
            next = swap;
            count = size;
        }
        this.walkCut = count > 0;
        return best;
    }
}
/** Compiles the matcher for a list of secret values. */
function compileMatcher(values) {
    return new ByteMatcher(buildSecretNfa(values));
}
/** Row reached by the last `runKnown` call (a module slot: no allocation per call). */
const reached = new Int32Array(1);
/**
 * The hot loop: follows known transitions into non-accepting states from `buf[i]` on and returns
 * the index of the first byte that needs more (a match or a transition not computed yet), or `n`.
 * Kept tiny and free of calls so the engine optimises it at once and never has to undo that.
 */
function runKnown(delta, classes, buf, i, n, row) {
    let r = row;
    for (; i < n; i++) {
        const next = delta[r + classes[buf[i]]];
        if (next < 0)
            break;
        r = next;
    }
    reached[0] = r;
    return i;
}
/**
 * Runs the automaton over `buf` starting at row offset `row` (0 = start state) and returns the row
 * offset after the last byte, so a caller can continue across chunks. `onMatch` may not scan.
 */
function scanBytes(m, buf, row, onMatch) {
    const classes = m.classes;
    const n = buf.length;
    let r = row;
    let i = 0;
    while (i < n) {
        i = runKnown(m.delta, classes, buf, i, n, r);
        r = reached[0];
        if (i >= n)
            break;
        const c = classes[buf[i]];
        let next = m.delta[r + c];
        if (next === UNKNOWN)
            next = m.fill(r, c);
        if (next >= 0) {
            r = next;
        }
        else {
            r = ~next;
            onMatch(i, r);
        }
        i++;
    }
    return r;
}

;// CONCATENATED MODULE: ./src/security/scanner.ts
/**
 * Streaming redaction over bytes. The automaton state is carried across chunks, so a secret split
 * over any number of chunks is found, in any of its forms; at most maxLength-1 unsettled bytes (the
 * longest encoded form of any secret) are held back between chunks. Overlapping matches are merged
 * and each merged span becomes one replacement.
 */


const EMPTY = Buffer.alloc(0);
class RedactionScanner {
    matcher;
    replacement;
    row = 0;
    epoch;
    /** NFA states of `row`, to re-enter the state if the matcher dropped its table meanwhile. */
    members;
    /** Absolute offset of the next input byte. */
    pos = 0;
    /** Absolute offset of the first byte not yet written out. */
    settled = 0;
    /** Bytes [settled, chunkStart) kept from earlier chunks. */
    tail = EMPTY;
    /** The chunk being scanned and its absolute offset (empty between pushes). */
    chunk = EMPTY;
    chunkStart = 0;
    spans = [];
    onMatch;
    byteAt = (offset) => offset >= this.chunkStart ? this.chunk[offset - this.chunkStart] : this.tail[offset - this.settled];
    /** Number of replacements written so far. */
    redactions = 0;
    /** Encoding families seen (with `trackFamilies`). */
    matchedFamilies = new Set();
    constructor(matcher, replacement, options = {}) {
        this.matcher = matcher;
        this.replacement = replacement;
        this.epoch = matcher.epoch;
        this.members = matcher.membersOf(0);
        const track = options.trackFamilies === true;
        this.onMatch = (endIndex, row) => {
            const end = this.chunkStart + endIndex;
            const low = Math.max(this.settled, end - this.matcher.maxLength + 1);
            // The walk back is cut short only where the beginning was already written out (flushHeld):
            // then everything from there on is replaced.
            const found = this.matcher.matchStart(row, end, this.byteAt, low);
            const start = found < 0 || this.matcher.walkCut ? low : found;
            if (track)
                this.matchedFamilies.add(this.family(start, end));
            this.addSpan(start, end);
        };
    }
    family(start, end) {
        const kind = this.matcher.groupKind(this.matcher.lastGroup);
        const bytes = Buffer.alloc(end - start + 1);
        for (let i = start; i <= end; i++)
            bytes[i - start] = this.byteAt(i);
        return (0,variants/* classifyMatch */.Ss)(kind ?? "text", bytes);
    }
    addSpan(from, end) {
        let start = from;
        let written = false;
        const spans = this.spans;
        while (spans.length > 0 && spans[spans.length - 1].end >= start) {
            const last = spans.pop();
            if (last.start < start)
                start = last.start;
            if (last.end > end)
                end = last.end;
            written ||= last.written;
        }
        spans.push({ start, end, written });
    }
    /** Feeds a chunk; returns the output that is final so far (possibly empty). */
    push(chunk) {
        const m = this.matcher;
        if (m.maxLength === 0)
            return chunk.length > 0 ? [Buffer.from(chunk)] : [];
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
        if (this.epoch !== m.epoch)
            this.row = m.intern(this.members);
        this.chunk = buf;
        this.chunkStart = this.pos;
        this.row = scanBytes(m, buf, this.row, this.onMatch);
        this.epoch = m.epoch;
        this.members = m.membersOf(this.row);
        this.pos += buf.length;
        const settle = Math.max(this.settled, this.pos - (m.maxLength - 1));
        const out = this.emit(settle, buf, this.chunkStart);
        this.chunk = EMPTY;
        this.chunkStart = this.pos;
        return out;
    }
    /**
     * For input that was cut right after what has been pushed: treats a trailing part of at least
     * `minLength` bytes that could begin a secret (in any form) as a match. Call before end().
     */
    markCutTail(minLength) {
        const m = this.matcher;
        if (m.maxLength === 0 || this.pos === 0)
            return;
        if (this.epoch !== m.epoch) {
            this.row = m.intern(this.members);
            this.epoch = m.epoch;
        }
        const end = this.pos - 1;
        const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
        if (start >= 0 && end - start + 1 >= minLength)
            this.addSpan(start, end);
    }
    /**
     * For live output: writes out the bytes held back so far, except a trailing part of at least
     * `minLength` bytes that could begin a secret (that part stays until more input decides). A
     * shorter beginning is written as it is; should the secret complete later, the rest of it is
     * still replaced.
     */
    flushHeld(minLength) {
        const m = this.matcher;
        if (m.maxLength === 0 || this.settled >= this.pos)
            return [];
        if (this.epoch !== m.epoch) {
            this.row = m.intern(this.members);
            this.epoch = m.epoch;
        }
        let settle = this.pos;
        if (this.row !== 0) {
            const end = this.pos - 1;
            const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
            // A beginning that was already written out still goes on: hold everything after it.
            if (m.walkCut)
                return [];
            if (start >= 0 && end - start + 1 >= minLength)
                settle = start;
        }
        if (settle <= this.settled)
            return [];
        return this.emit(settle, EMPTY, this.pos);
    }
    /** Flushes everything held back. */
    end() {
        if (this.matcher.maxLength === 0)
            return [];
        const out = this.emit(this.pos, EMPTY, this.pos);
        this.spans = [];
        return out;
    }
    /** Bytes [a, b) from the tail and the current chunk (which starts at `chunkStart`). */
    slice(a, b, chunk, chunkStart, out) {
        if (a >= b)
            return;
        const tailStart = this.settled;
        if (a < chunkStart) {
            const stop = Math.min(b, chunkStart);
            out.push(this.tail.subarray(a - tailStart, stop - tailStart));
            a = stop;
        }
        if (a < b)
            out.push(chunk.subarray(a - chunkStart, b - chunkStart));
    }
    emit(settle, chunk, chunkStart) {
        const out = [];
        let cursor = this.settled;
        let kept = 0;
        for (const span of this.spans) {
            if (span.start >= settle) {
                this.spans[kept++] = span;
                continue;
            }
            if (span.start > cursor)
                this.slice(cursor, span.start, chunk, chunkStart, out);
            if (!span.written) {
                out.push(this.replacement);
                this.redactions++;
            }
            if (span.end < settle) {
                cursor = Math.max(cursor, span.end + 1);
            }
            else {
                span.written = true;
                cursor = settle;
                this.spans[kept++] = span;
            }
        }
        this.spans.length = kept;
        if (cursor < settle)
            this.slice(cursor, settle, chunk, chunkStart, out);
        // Keep the unsettled bytes [settle, pos) as a private copy (never pin a large chunk).
        const parts = [];
        this.slice(settle, this.pos, chunk, chunkStart, parts);
        this.tail = parts.length === 1 ? Buffer.from(parts[0]) : Buffer.concat(parts);
        this.settled = settle;
        return out;
    }
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
;// CONCATENATED MODULE: ./src/security/redact-files.ts
/**
 * Redaction of files on disk before they are uploaded (logs, prompts, summaries, workspace changes).
 * Files are streamed (bounded memory at any size); a file is rewritten only when it holds a secret,
 * through a temporary file in the same directory renamed over the original. A tree's file and
 * directory names are redacted too: a name holding a secret is renamed, since names become the
 * entry names of an artifact.
 */





const CHUNK = 256 * 1024;
/** Reads a file through a fresh scanner without writing; returns the kinds of variants seen. */
async function scanFile(file, redactor) {
    const scanner = redactor.createScanner({ trackFamilies: true });
    const stream = (0,external_node_fs_.createReadStream)(file, { highWaterMark: CHUNK });
    for await (const chunk of stream)
        scanner.push(chunk);
    scanner.end();
    return { matches: scanner.redactions, kinds: new Set(scanner.matchedFamilies) };
}
/**
 * Redacts a file in place. Returns the number of replacements (0 = the file was not touched).
 * Symbolic links are not followed (0 is returned).
 */
async function redactFileInPlace(file, redactor) {
    if (redactor.maxMatchLength === 0)
        return 0;
    const info = await (0,promises_.lstat)(file);
    if (!info.isFile())
        return 0;
    const { matches } = await scanFile(file, redactor);
    if (matches === 0)
        return 0;
    const temp = external_node_path_default().join(external_node_path_default().dirname(file), `.${external_node_path_default().basename(file)}.${(0,external_node_crypto_.randomBytes)(6).toString("hex")}.redact`);
    const transform = redactor.createStream();
    try {
        await (0,external_node_stream_promises_.pipeline)((0,external_node_fs_.createReadStream)(file, { highWaterMark: CHUNK }), transform, (0,external_node_fs_.createWriteStream)(temp, { flags: "wx", mode: info.mode & 0o777 }));
        await (0,promises_.chmod)(temp, info.mode & 0o7777);
        await (0,promises_.rename)(temp, file);
    }
    catch (error) {
        await (0,promises_.rm)(temp, { force: true });
        throw error;
    }
    return transform.redactions;
}
/** A name in `dir` for `wanted` that does not exist yet (`wanted`, `wanted.2`, `wanted.3`, …). */
async function freeName(dir, wanted) {
    for (let n = 1;; n++) {
        const candidate = n === 1 ? wanted : `${wanted}.${n}`;
        try {
            await (0,promises_.lstat)(external_node_path_default().join(dir, candidate));
        }
        catch (error) {
            if (error.code === "ENOENT")
                return candidate;
            throw error;
        }
    }
}
async function* walk(dir, redactor, renamed) {
    let entries;
    try {
        entries = await (0,promises_.readdir)(dir, { withFileTypes: true });
    }
    catch (error) {
        if (error.code === "ENOENT")
            return;
        throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
        let name = entry.name;
        const safe = redactor.redactName(name);
        if (safe !== name) {
            const target = await freeName(dir, safe);
            await (0,promises_.rename)(external_node_path_default().join(dir, name), external_node_path_default().join(dir, target));
            renamed.count++;
            name = target;
        }
        const abs = external_node_path_default().join(dir, name);
        if (entry.isSymbolicLink())
            yield { abs, kind: "symlink" };
        else if (entry.isDirectory())
            yield* walk(abs, redactor, renamed);
        else if (entry.isFile())
            yield { abs, kind: "file" };
    }
}
/**
 * Redacts every regular file under `dir` (recursively, symlinks not followed) and renames every
 * entry whose name holds a secret (the secret becomes `REDACTED`; `.2`, `.3`… avoid clashes).
 */
async function redactTree(dir, redactor) {
    const result = { files: 0, redacted: [], symlinks: [], renamed: 0 };
    const renamed = { count: 0 };
    for await (const entry of walk(dir, redactor, renamed)) {
        const rel = external_node_path_default().relative(dir, entry.abs);
        if (entry.kind === "symlink") {
            result.symlinks.push(rel);
            continue;
        }
        result.files++;
        const redactions = await redactFileInPlace(entry.abs, redactor);
        if (redactions > 0)
            result.redacted.push({ file: rel, redactions });
    }
    result.renamed = renamed.count;
    return result;
}
/**
 * Which files contain a secret (in which encodings). Used on workspace changes before upload so the
 * run can warn, naming the file; missing files and non-regular files are skipped.
 */
async function scanForSecrets(files, redactor) {
    const findings = [];
    if (redactor.maxMatchLength === 0)
        return findings;
    for (const file of files) {
        let regular = false;
        try {
            regular = (await (0,promises_.stat)(file)).isFile() && !(await (0,promises_.lstat)(file)).isSymbolicLink();
        }
        catch {
            continue;
        }
        if (!regular)
            continue;
        const { matches, kinds } = await scanFile(file, redactor);
        if (matches === 0)
            continue;
        for (const variant of [...kinds].sort())
            findings.push({ file, variant, occurrences: matches });
    }
    return findings;
}

;// CONCATENATED MODULE: ./src/security/redact-values.ts
/** Redacts every string in a JSON-like value; returns a copy (the input is left as it is). */
function redactValue(value, redactor) {
    if (redactor.maxMatchLength === 0)
        return value;
    const seen = new Map();
    const visit = (v) => {
        if (typeof v === "string")
            return redactor.redact(v);
        if (v === null || typeof v !== "object")
            return v;
        const done = seen.get(v);
        if (done !== undefined)
            return done;
        if (Array.isArray(v)) {
            const out = [];
            seen.set(v, out);
            for (const item of v)
                out.push(visit(item));
            return out;
        }
        if (v instanceof Map) {
            const out = new Map();
            seen.set(v, out);
            for (const [k, item] of v)
                out.set(visit(k), visit(item));
            return out;
        }
        const proto = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null)
            return v;
        const out = {};
        seen.set(v, out);
        for (const [k, item] of Object.entries(v))
            out[redactor.redact(k)] = visit(item);
        return out;
    };
    return visit(value);
}

;// CONCATENATED MODULE: ./src/security/secrets.ts
/**
 * Which values count as secrets: values of environment variables whose names look secret, plus the
 * values a user lists explicitly (the action's `redact` input, one per line).
 */
/** Environment variable names that always hold secrets. */
const SECRET_ENV_NAMES = [
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "CODEX_API_KEY",
    "OPENROUTER_API_KEY",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "GH_ENTERPRISE_TOKEN",
    "ACTIONS_RUNTIME_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "NPM_TOKEN",
    "NODE_AUTH_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
];
/** Name patterns (tested case-insensitively) of variables whose values are treated as secrets. */
const DEFAULT_SECRET_NAME_PATTERNS = [
    /(^|_)(API_?)?KEY$/i,
    /(^|_)TOKEN$/i,
    /(^|_)SECRETS?$/i,
    /PASSWORD|PASSWD|PASSPHRASE/i,
    /(^|_)PAT$/i,
    /(^|_)CREDENTIALS?$/i,
    /(^|_)CONNECTION_STRING$/i,
    /(^|_)(AUTH|AUTHORIZATION|COOKIE|DSN)$/i,
];
/** Values that are never secrets even under a secret-looking name. */
const NON_SECRET_VALUES = new Set([
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "null",
    "none",
    "undefined",
    "enabled",
    "disabled",
    "default",
    "empty",
    "unset",
]);
/** Environment values shorter than this are ignored (redacting them would shred logs). */
const MIN_ENV_SECRET_LENGTH = 6;
/** Explicitly listed values shorter than this are ignored. */
const MIN_EXTRA_SECRET_LENGTH = 4;
function isSecretEnvName(name, patterns = DEFAULT_SECRET_NAME_PATTERNS, names = SECRET_ENV_NAMES) {
    if (names.includes(name.toUpperCase()))
        return true;
    return patterns.some((p) => {
        p.lastIndex = 0;
        return p.test(name);
    });
}
function plausibleSecret(value, minLength) {
    if (value.length < minLength)
        return false;
    return !NON_SECRET_VALUES.has(value.toLowerCase());
}
/** Distinct secret values, longest first. */
function collectSecretValues(options) {
    const found = new Set();
    for (const [name, raw] of Object.entries(options.env)) {
        if (raw === undefined)
            continue;
        if (!isSecretEnvName(name, options.namePatterns, options.names))
            continue;
        const value = raw.trim();
        if (plausibleSecret(value, MIN_ENV_SECRET_LENGTH))
            found.add(value);
    }
    for (const line of options.extra ?? []) {
        const value = line.trim();
        if (plausibleSecret(value, MIN_EXTRA_SECRET_LENGTH))
            found.add(value);
    }
    return [...found].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}
/** Splits the action's multi-line `redact` input into values. */
function splitRedactInput(input) {
    return input
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.length > 0);
}

;// CONCATENATED MODULE: ./src/security/redact.ts
/**
 * Secret redaction for everything the product prints or uploads: strings, buffers and byte streams.
 * Each secret is matched raw, in base64 (wrapped or not), and with any of its characters
 * percent-encoded, JSON-escaped or written as an HTML reference (see patterns.ts); every match
 * becomes `***`.
 *
 * Redaction is the last step before text leaves the process: redact the raw values first, then
 * escape, truncate or format them. Escaping first can turn a secret into a form nobody looks for,
 * and truncating first can leave part of a secret that no longer matches.
 */







const REDACTED = "***";
/** What a secret in a file or directory name becomes (`*` is not allowed in artifact paths). */
const REDACTED_NAME = "REDACTED";
const REPLACEMENT = Buffer.from(REDACTED, "utf8");
const NAME_REPLACEMENT = Buffer.from(REDACTED_NAME, "utf8");
/** A Transform that redacts bytes; `redactions` counts replacements written so far. */
class RedactStream extends external_node_stream_.Transform {
    scanner;
    constructor(matcher) {
        super();
        this.scanner = new RedactionScanner(matcher, REPLACEMENT);
    }
    get redactions() {
        return this.scanner.redactions;
    }
    _transform(chunk, encoding, callback) {
        const buf = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
        for (const part of this.scanner.push(buf))
            this.push(part);
        callback();
    }
    _flush(callback) {
        for (const part of this.scanner.end())
            this.push(part);
        callback();
    }
}
/** All variants of all values (deduplicated). */
function allVariants(values) {
    const seen = new Set();
    const out = [];
    for (const value of values) {
        if (value.length === 0)
            continue;
        for (const v of (0,variants/* secretVariants */.J5)(value)) {
            if (seen.has(v.text))
                continue;
            seen.add(v.text);
            out.push(v);
        }
    }
    return out;
}
function redactText(matcher, text, replacement, cutAtEnd) {
    if (matcher.maxLength === 0 || text.length === 0)
        return text;
    const scanner = new RedactionScanner(matcher, replacement);
    const parts = scanner.push(Buffer.from(text, "utf8"));
    if (cutAtEnd)
        scanner.markCutTail(variants/* MIN_VARIANT_LENGTH */.gA);
    parts.push(...scanner.end());
    return scanner.redactions === 0 ? text : Buffer.concat(parts).toString("utf8");
}
function createRedactor(values) {
    const variants = allVariants(values);
    const matcher = compileMatcher([...new Set(values.filter((v) => v.length > 0))]);
    const createScanner = (options) => new RedactionScanner(matcher, REPLACEMENT, options);
    const redactBuffer = (buf) => {
        const scanner = createScanner();
        const parts = [...scanner.push(buf), ...scanner.end()];
        if (scanner.redactions === 0)
            return Buffer.isBuffer(buf) ? buf : Buffer.from(buf);
        return Buffer.concat(parts);
    };
    return {
        redact: (text) => redactText(matcher, text, REPLACEMENT, false),
        redactCut: (text) => redactText(matcher, text, REPLACEMENT, true),
        redactName: (name) => redactText(matcher, name, NAME_REPLACEMENT, false),
        redactBuffer,
        createStream: () => new RedactStream(matcher),
        createScanner,
        variants: variants.map((v) => v.text),
        variantKinds: variants.map((v) => v.kind),
        maxVariantLength: variants.reduce((n, v) => Math.max(n, Buffer.byteLength(v.text, "utf8")), 0),
        maxMatchLength: matcher.maxLength,
    };
}
/**
 * Registers every variant of every value with the runner's log masking (pass `core.setSecret`).
 * Returns how many strings were registered.
 */
function registerSecrets(values, setSecret) {
    const variants = allVariants(values);
    for (const v of variants)
        setSecret(v.text);
    return variants.length;
}


/***/ }),

/***/ 24290:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J5: () => (/* binding */ secretVariants),
/* harmony export */   Ss: () => (/* binding */ classifyMatch),
/* harmony export */   Tm: () => (/* binding */ MIN_LINE_LENGTH),
/* harmony export */   Ys: () => (/* binding */ base64Fragment),
/* harmony export */   gA: () => (/* binding */ MIN_VARIANT_LENGTH)
/* harmony export */ });
/* unused harmony export variantFamily */
/**
 * The encodings under which a secret value commonly shows up in logs and files, as concrete strings:
 * what is registered with the runner's log masking. The redactor itself matches far more than these
 * (every mix of raw and encoded characters, wrapped base64; see patterns.ts).
 */
/** Variants shorter than this are dropped (too likely to occur by chance). */
const MIN_VARIANT_LENGTH = 4;
/** A line of a multi-line secret is matched on its own when at least this long. */
const MIN_LINE_LENGTH = 8;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function toUrlAlphabet(text) {
    return text.replace(/\+/g, "-").replace(/\//g, "_");
}
/**
 * The base64 characters that depend only on `bytes` when they are encoded after `offset` (0, 1, 2)
 * unknown bytes of a larger blob: what a secret embedded in a base64 blob always looks like.
 */
function base64Fragment(bytes, offset) {
    const startBit = 8 * offset;
    const endBit = startBit + 8 * bytes.length;
    let out = "";
    for (let i = Math.ceil(startBit / 6); 6 * i + 6 <= endBit; i++) {
        let sextet = 0;
        for (let bit = 6 * i; bit < 6 * i + 6; bit++) {
            const rel = bit - startBit;
            const byte = bytes[rel >> 3];
            sextet = (sextet << 1) | ((byte >> (7 - (rel & 7))) & 1);
        }
        out += B64[sextet];
    }
    return out;
}
/** All variants of one secret value, deduplicated, the raw value first. */
function secretVariants(value) {
    const out = [];
    const seen = new Set();
    const add = (kind, text) => {
        if (text.length < MIN_VARIANT_LENGTH || seen.has(text))
            return;
        seen.add(text);
        out.push({ kind, text });
    };
    const bytes = Buffer.from(value, "utf8");
    add("raw", value);
    const b64 = bytes.toString("base64");
    add("base64", b64);
    add("base64url", toUrlAlphabet(b64).replace(/=+$/, ""));
    for (let offset = 0; offset < 3; offset++) {
        const fragment = base64Fragment(bytes, offset);
        add("base64-fragment", fragment);
        add("base64-fragment", toUrlAlphabet(fragment));
    }
    const url = encodeURIComponent(value);
    add("url", url);
    add("url", url.replace(/%[0-9A-F]{2}/g, (s) => s.toLowerCase()));
    // RFC 3986 quoting (`*` → %2A, also `!'()`), and every byte encoded (upper and lower hex).
    add("url", url.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
    const everyByte = [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
    add("url", everyByte);
    add("url", everyByte.toLowerCase());
    const json = JSON.stringify(value).slice(1, -1);
    add("json", json);
    // Encoders that escape every non-ASCII character (Python's default) or the solidus (PHP's).
    add("json", json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
    add("json", json.replace(/\//g, "\\/"));
    // Go's encoding/json (HTML-safe escapes).
    add("json", json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
    // HTML escaping (`&amp;` `&lt;` `&gt;` `&quot;` `&#39;`), and the same plus markdown's backslash
    // escapes as a job summary writes literal text.
    const html = value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
    add("html", html);
    add("html", html.replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`).replace(/\$/g, "&#36;"));
    if (/\r?\n/.test(value)) {
        const crlf = value.replace(/\r?\n/g, "\r\n");
        add("crlf", crlf);
        add("json", JSON.stringify(crlf).slice(1, -1));
        for (const line of value.split(/\r?\n/)) {
            const trimmed = line.trim();
            if (trimmed.length >= MIN_LINE_LENGTH)
                add("line", trimmed);
        }
    }
    return out;
}
function variantFamily(kind) {
    return kind === "base64url" || kind === "base64-fragment" ? "base64" : kind;
}
const PERCENT_UNIT = /%[0-9A-Fa-f]{2}/;
const BACKSLASH_UNIT = /\\(?:u[0-9A-Fa-f]{4}|[!-/:-@[-`{-~bfnrt])/;
const HTML_UNIT = /&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z]+);/;
/**
 * The family of a matched span: base64 and line matches by their group, a text match by the first
 * encoding found in it (percent, then backslash escapes, then HTML references, then CRLF).
 */
function classifyMatch(group, bytes) {
    if (group !== "text")
        return group;
    const text = bytes.toString("latin1");
    if (PERCENT_UNIT.test(text))
        return "url";
    if (BACKSLASH_UNIT.test(text))
        return "json";
    if (HTML_UNIT.test(text))
        return "html";
    if (text.includes("\r\n"))
        return "crlf";
    return "raw";
}


/***/ }),

/***/ 38915:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sd: () => (/* binding */ isSessionId),
/* harmony export */   a0: () => (/* binding */ uuidV7Time),
/* harmony export */   jJ: () => (/* binding */ sessionRequestOf)
/* harmony export */ });
/* unused harmony export newSessionId */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Session ids of the agent CLIs. A run reads them from the CLI's events with the usage figures
 * (src/usage/extract.ts).
 *
 * Claude Code: a fresh `-p` run takes the id we choose (`--session-id <uuid>`; a second launch
 * with an id already on disk fails with "Session ID … is already in use", so every fresh launch
 * needs a new one). Its output also names it: `stream-json` in the first event
 * (`{"type":"system","subtype":"init","session_id":…}`), `json` only in the final `result` event,
 * `text` nowhere.
 *
 * Codex: the id cannot be chosen. `exec --json` prints it as the very first event,
 * `{"type":"thread.started","thread_id":"<uuid>"}` (before any model request, so a run killed at its
 * deadline has printed it too); a resumed run prints the same id again. Codex ids are UUIDv7, whose
 * first 48 bits are the creation time in milliseconds (used to find the session file quickly).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (any version), the only session ids the launches accept. */
function isSessionId(value) {
    return typeof value === "string" && UUID.test(value);
}
/** A new random session id (for Claude Code's `--session-id`). */
function newSessionId() {
    return randomUUID();
}
/** The creation time a UUIDv7 carries, or null for other ids. */
function uuidV7Time(id) {
    if (!isSessionId(id) || id[14] !== "7")
        return null;
    const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    return Number.isFinite(ms) ? new Date(ms) : null;
}
/** The session request of a launch with its defaults (absent: persist, fresh, no chosen id). */
function sessionRequestOf(session) {
    const request = { persist: session?.persist ?? true, resumeId: session?.resumeId ?? null, newId: session?.newId ?? null };
    for (const [name, id] of [
        ["resumeId", request.resumeId],
        ["newId", request.newId],
    ]) {
        // Ids reach argv: never let a flag-like or free-form value through.
        if (id !== null && !isSessionId(id))
            throw new Error(`session.${name} must be a UUID, got ${JSON.stringify(id)}`);
    }
    return request;
}


/***/ }),

/***/ 85945:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AT: () => (/* reexport */ SESSION_COPY_FILE),
  eZ: () => (/* reexport */ continuePrompt),
  PI: () => (/* reexport */ resealRedactedSession),
  NR: () => (/* reexport */ restoreSession),
  E1: () => (/* reexport */ saveSession),
  Kt: () => (/* reexport */ sessionSupport)
});

// UNUSED EXPORTS: DEFAULT_MAX_SESSION_BYTES, SESSION_EXECUTORS, SESSION_RECORD_FILE, SessionRecordSchema, claudeProjectDirName, cliHome, interruptionText, isSessionExecutor, isSessionId, newSessionId, sessionRequestOf, uuidV7Time

;// CONCATENATED MODULE: ./src/sessions/continue-prompt.ts
/**
 * The short prompt a resumed session gets instead of the full one: the conversation already holds
 * the task, so the agent only learns why it stopped, that its work is kept, and how to end.
 */
function duration(minutes) {
    if (!Number.isFinite(minutes) || minutes <= 0)
        return "its limit";
    if (Number.isInteger(minutes))
        return `${minutes} minute${minutes === 1 ? "" : "s"}`;
    const seconds = Math.max(1, Math.round(minutes * 60));
    return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
function oneLine(text) {
    return text.replace(/\s+/g, " ").trim().replace(/[.\s]+$/, "");
}
/** The reason as a clause that completes "You were interrupted because …". */
function interruptionText(reason) {
    switch (reason.kind) {
        case "timeout":
            return Number.isFinite(reason.minutes) && reason.minutes > 0
                ? `the deadline of ${duration(reason.minutes)} was reached`
                : "the deadline was reached";
        case "idle-timeout":
            return `there was no output for ${duration(reason.minutes)}`;
        case "rate-limit":
            return "the API rate limit persisted";
        case "budget":
            return typeof reason.usd === "number" && Number.isFinite(reason.usd) && reason.usd >= 0
                ? `your budget of $${reason.usd.toFixed(2)} was spent`
                : "your budget was spent";
        case "other":
            return oneLine(reason.text) || "the run was stopped";
    }
}
/** The prompt that continues an interrupted session (pure). */
function continuePrompt(input) {
    const markers = input.markerInstructions.trim();
    const lines = [
        `You are agent ${input.agentId}, continuing your own session. Your previous run was interrupted because ${interruptionText(input.reason)}.`,
        "",
        "Your earlier work is kept: everything in this session so far and every change you made in the working tree. " +
            "Do not start over. Check where you stopped, continue from there and finish the task you were given.",
        "",
    ];
    if (markers === "") {
        lines.push("When you are done, end your final message with the marker lines your task requires, exactly as your instructions describe.");
    }
    else {
        lines.push("When you are done, end your final message with the marker lines your task requires:", "", markers);
    }
    return `${lines.join("\n")}\n`;
}

// EXTERNAL MODULE: ./src/sessions/ids.ts
var ids = __webpack_require__(38915);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/sessions/nofollow.ts
/**
 * Walking, reading and writing below a trusted directory without following symbolic links.
 *
 * Session files live in an agent's home, which the agent (possibly another OS user) controls: it
 * could replace a directory or the file with a link to somewhere the orchestrator may read or
 * write and the agent may not. Every step below the anchor is therefore opened with O_NOFOLLOW
 * (directories also with O_DIRECTORY), and on Linux each next step is opened through the previous
 * directory's descriptor (`/proc/self/fd/<fd>/<name>`, the equivalent of openat), so swapping a
 * link in between the checks changes nothing. Where /proc is not available each step is opened by
 * its full path with the same flags and checked again afterwards.
 *
 * The anchor itself is trusted as given (it is the home directory the orchestrator set up, or a
 * directory named in the configuration) and may be reached through links.
 */



const PROC_FD = "/proc/self/fd";
let procChecked = null;
function procAvailable() {
    if (procChecked === null)
        procChecked = process.platform === "linux" && (0,external_node_fs_.existsSync)(PROC_FD);
    return procChecked;
}
/**
 * Tests only: walk by full paths (as where /proc is missing) with false, back to detection with
 * null. Returns whether descriptor paths are used now.
 */
function useProcFdForTests(use) {
    procChecked = use;
    return procAvailable();
}
function codeOf(error) {
    return error?.code;
}
/** A path segment that names one entry of a directory. */
function isPlainName(name) {
    return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\0");
}
/** A directory opened without following links below its anchor. Close it when done. */
class SafeDir {
    handle;
    shown;
    constructor(handle, 
    /** The path as walked (for messages, and the way in when /proc is not available). */
    shown) {
        this.handle = handle;
        this.shown = shown;
    }
    static async open(abs, shown, follow) {
        const flags = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_DIRECTORY | (follow ? 0 : external_node_fs_.constants.O_NOFOLLOW);
        const handle = await (0,promises_.open)(abs, flags);
        return new SafeDir(handle, shown);
    }
    /** The path through which the entry `name` of this directory is reached. */
    entry(name) {
        if (!isPlainName(name))
            throw new Error(`not a plain name: ${JSON.stringify(name)}`);
        return procAvailable() ? `${PROC_FD}/${this.handle.fd}/${name}` : external_node_path_default().join(this.shown, name);
    }
    /** This directory itself, for readdir. */
    get self() {
        return procAvailable() ? `${PROC_FD}/${this.handle.fd}` : this.shown;
    }
    async stat() {
        return this.handle.stat();
    }
    async chown(identity) {
        await this.handle.chown(identity.uid, identity.gid);
    }
    async chmod(mode) {
        await this.handle.chmod(mode);
    }
    async names() {
        return (0,promises_.readdir)(this.self);
    }
    async close() {
        await this.handle.close().catch(() => undefined);
    }
}
async function whyNot(abs, shown) {
    try {
        const st = await (0,promises_.lstat)(abs);
        if (st.isSymbolicLink())
            return `${shown} is a symbolic link (not followed)`;
        if (!st.isDirectory())
            return `${shown} is not a directory`;
        return `${shown} changed while it was opened`;
    }
    catch {
        return `${shown} could not be opened`;
    }
}
/** Fallback without /proc: the opened directory must still be what its full path names. */
async function sameAsPath(dir, abs) {
    try {
        const [opened, now] = await Promise.all([dir.stat(), (0,promises_.lstat)(abs)]);
        return !now.isSymbolicLink() && now.isDirectory() && now.dev === opened.dev && now.ino === opened.ino;
    }
    catch {
        return false;
    }
}
/**
 * Opens `anchor/segments…` as a directory, following no link below `anchor`. Missing steps are
 * created when `options.create` says so (each one owned by the identity, if given).
 */
async function walkDirs(anchor, segments, options = {}) {
    for (const segment of segments) {
        if (!isPlainName(segment))
            return { ok: false, missing: false, reason: `${JSON.stringify(segment)} is not a plain directory name` };
    }
    let dir;
    try {
        dir = await SafeDir.open(anchor, anchor, true);
    }
    catch (error) {
        const code = codeOf(error);
        return { ok: false, missing: code === "ENOENT", reason: `${anchor} ${code === "ENOENT" ? "does not exist" : `cannot be opened (${code})`}` };
    }
    let shown = anchor;
    for (const segment of segments) {
        const next = external_node_path_default().join(shown, segment);
        const entry = dir.entry(segment);
        let created = false;
        if (options.create) {
            try {
                await (0,promises_.mkdir)(entry, { mode: options.create.mode });
                created = true;
            }
            catch (error) {
                if (codeOf(error) !== "EEXIST") {
                    await dir.close();
                    return { ok: false, missing: false, reason: `${next} cannot be created (${codeOf(error)})` };
                }
            }
        }
        let child;
        try {
            child = await SafeDir.open(entry, next, false);
        }
        catch (error) {
            const missing = codeOf(error) === "ENOENT";
            const reason = missing ? `${next} does not exist` : await whyNot(entry, next);
            await dir.close();
            return { ok: false, missing, reason };
        }
        await dir.close();
        dir = child;
        shown = next;
        if (!procAvailable() && !(await sameAsPath(dir, next))) {
            await dir.close();
            return { ok: false, missing: false, reason: `${next} changed while it was opened (a symbolic link was swapped in)` };
        }
        if (created) {
            await dir.chmod(options.create.mode);
            if (options.create.identity)
                await dir.chown(options.create.identity);
        }
    }
    return { ok: true, dir };
}
/**
 * Opens the regular file `name` of `dir` for reading without following a link. Refused: links,
 * anything but a regular file, a file with more than one hard link (it could be another file's
 * name), and a file not owned by `owner` when one is given. The caller closes the handle.
 */
async function openFileIn(dir, name, owner) {
    const shown = external_node_path_default().join(dir.shown, name);
    let handle;
    try {
        handle = await (0,promises_.open)(dir.entry(name), external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
    }
    catch (error) {
        const code = codeOf(error);
        if (code === "ENOENT")
            return { status: "missing" };
        if (code === "ELOOP" || code === "EMLINK")
            return { status: "refused", reason: `${shown} is a symbolic link (not followed)` };
        return { status: "refused", reason: `${shown} cannot be opened (${code})` };
    }
    const refuse = async (reason) => {
        await handle.close().catch(() => undefined);
        return { status: "refused", reason };
    };
    const st = await handle.stat();
    if (!st.isFile())
        return refuse(`${shown} is not a regular file`);
    if (st.nlink !== 1)
        return refuse(`${shown} has ${st.nlink} hard links`);
    if (owner !== undefined && st.uid !== owner)
        return refuse(`${shown} is owned by uid ${st.uid}, not the agent's uid ${owner}`);
    if (!procAvailable()) {
        try {
            const now = await (0,promises_.lstat)(shown);
            if (now.isSymbolicLink() || now.dev !== st.dev || now.ino !== st.ino)
                return refuse(`${shown} changed while it was opened`);
        }
        catch {
            return refuse(`${shown} changed while it was opened`);
        }
    }
    return { status: "open", handle, size: st.size };
}
/**
 * Writes `data` as the file `name` of `dir`: a new temporary file (never following a link, never
 * reusing an existing name), owned by `identity` when given, renamed over `name` (a link there is
 * replaced, not followed).
 */
async function writeFileIn(dir, name, data, mode, identity) {
    const temp = `.${name}.${process.pid}.${Date.now().toString(36)}.tmp`;
    const flags = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW;
    const handle = await (0,promises_.open)(dir.entry(temp), flags, mode);
    try {
        await handle.writeFile(data);
        await handle.chmod(mode);
        if (identity)
            await handle.chown(identity.uid, identity.gid);
        await handle.sync();
    }
    catch (error) {
        await handle.close().catch(() => undefined);
        await (0,promises_.rm)(dir.entry(temp), { force: true }).catch(() => undefined);
        throw error;
    }
    await handle.close();
    try {
        await (0,promises_.rename)(dir.entry(temp), dir.entry(name));
    }
    catch (error) {
        await (0,promises_.rm)(dir.entry(temp), { force: true }).catch(() => undefined);
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/sessions/locate.ts
/**
 * Where each CLI keeps a session file, given the environment it runs with and its working
 * directory (checked against Claude Code 2.1.197 and codex-cli 0.171).
 *
 * Claude Code: `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<dir>/<session id>.jsonl`, where
 * `<dir>` is the real path of the working directory (symbolic links resolved) with every UTF-16
 * code unit other than A-Z, a-z, 0-9 replaced by `-`; a name longer than 200 characters is cut to
 * 200 and followed by `-` and the absolute value of the path's 32-bit string hash
 * (`h = h * 31 + code unit`, as a signed 32-bit integer) in base 36. On `--resume` Claude Code looks
 * in the directory of its current working directory (for long names also in every directory with
 * the same first 200 characters), so a session recorded in one working directory is put back under
 * the name of the new one.
 *
 * Codex: `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<id>.jsonl`;
 * `exec resume <id>` finds the file by its name anywhere under `sessions/`, from any working
 * directory.
 */




const SESSION_EXECUTORS = ["claude", "codex"];
function isSessionExecutor(id) {
    return SESSION_EXECUTORS.includes(id);
}
function absoluteOrNull(value) {
    return value && external_node_path_default().isAbsolute(value) ? external_node_path_default().resolve(value) : null;
}
/** The CLI's home for `env`, or a reason it cannot be known. */
function cliHome(executor, env) {
    const home = absoluteOrNull(env.HOME);
    const variable = executor === "claude" ? "CLAUDE_CONFIG_DIR" : "CODEX_HOME";
    const configured = env[variable];
    let dir;
    if (configured !== undefined && configured !== "") {
        const abs = absoluteOrNull(configured);
        if (!abs)
            return { error: `${variable} is not an absolute path (${JSON.stringify(configured)})` };
        dir = abs;
    }
    else {
        if (!home)
            return { error: `HOME is not set to an absolute path, and ${variable} is not set` };
        dir = external_node_path_default().join(home, executor === "claude" ? ".claude" : ".codex");
    }
    if (home && dir !== home && dir.startsWith(`${home}${(external_node_path_default()).sep}`)) {
        return { dir, anchor: home, steps: external_node_path_default().relative(home, dir).split((external_node_path_default()).sep) };
    }
    return { dir, anchor: dir, steps: [] };
}
/** The 32-bit string hash Claude Code uses for long project names. */
function stringHash32(text) {
    let h = 0;
    for (let i = 0; i < text.length; i++)
        h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    return h;
}
const CLAUDE_DIR_NAME_MAX = 200;
/** Claude Code's project directory name for a (real, absolute) working directory. */
function claudeProjectDirName(realCwd) {
    const name = realCwd.replace(/[^a-zA-Z0-9]/g, "-");
    if (name.length <= CLAUDE_DIR_NAME_MAX)
        return name;
    return `${name.slice(0, CLAUDE_DIR_NAME_MAX)}-${Math.abs(stringHash32(realCwd)).toString(36)}`;
}
/** The working directory as Claude Code sees it (symbolic links resolved; as given if that fails). */
async function realCwd(cwd) {
    try {
        return await (0,promises_.realpath)(cwd);
    }
    catch {
        return external_node_path_default().resolve(cwd);
    }
}
/** Steps below the CLI's home to Claude Code's session file for `cwd`. */
async function claudeSessionSteps(cwd, sessionId) {
    return ["projects", claudeProjectDirName(await realCwd(cwd)), `${sessionId}.jsonl`];
}
const CODEX_DATE_DIR = /^\d{2,4}$/;
/** Whether `name` is codex's rollout file name for `sessionId`. */
function isCodexRolloutName(name, sessionId) {
    return /^rollout-[0-9A-Za-z:.-]+\.jsonl$/.test(name) && name.toLowerCase().endsWith(`-${sessionId.toLowerCase()}.jsonl`);
}
/** A stored codex path below CODEX_HOME: `sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`, else null. */
function codexSessionSteps(homePath, sessionId) {
    const steps = homePath.split("/");
    if (steps.length !== 5 || steps[0] !== "sessions")
        return null;
    const [, y, m, d, name] = steps;
    if (!/^\d{4}$/.test(y) || !/^\d{2}$/.test(m) || !/^\d{2}$/.test(d))
        return null;
    return isCodexRolloutName(name, sessionId) ? steps : null;
}
function pad(n) {
    return String(n).padStart(2, "0");
}
/** Date directories (`YYYY/MM/DD`) to look in first: around the UUIDv7 time, local and UTC. */
function likelyDays(sessionId) {
    const time = (0,ids/* uuidV7Time */.a0)(sessionId);
    if (!time)
        return [];
    const out = [];
    for (const offset of [0, -1, 1]) {
        const t = new Date(time.getTime() + offset * 86_400_000);
        for (const day of [
            [String(t.getFullYear()), pad(t.getMonth() + 1), pad(t.getDate())],
            [String(t.getUTCFullYear()), pad(t.getUTCMonth() + 1), pad(t.getUTCDate())],
        ]) {
            if (!out.some((d) => d.join("/") === day.join("/")))
                out.push(day);
        }
    }
    return out;
}
async function namesOf(dir) {
    try {
        return await dir.names();
    }
    catch {
        return [];
    }
}
/**
 * Finds a session file of the CLI below its home, walking without following links; returns the
 * steps below the CLI's home, or null when there is none. Claude: the working directory's project
 * first, then every other project directory. Codex: the days around the id's time, then all days.
 */
async function findSessionSteps(executor, home, sessionId, cwd, exists) {
    if (executor === "claude") {
        const computed = await claudeSessionSteps(cwd, sessionId);
        if (await exists(computed))
            return computed;
        const projects = await walkDirs(home.anchor, [...home.steps, "projects"]);
        if (!projects.ok)
            return null;
        try {
            for (const name of (await namesOf(projects.dir)).sort()) {
                if (name === computed[1])
                    continue;
                const steps = ["projects", name, `${sessionId}.jsonl`];
                if (await exists(steps))
                    return steps;
            }
        }
        finally {
            await projects.dir.close();
        }
        return null;
    }
    const tried = new Set();
    const inDay = async (day) => {
        const key = day.join("/");
        if (tried.has(key))
            return null;
        tried.add(key);
        const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...day]);
        if (!walked.ok)
            return null;
        try {
            const name = (await namesOf(walked.dir)).find((n) => isCodexRolloutName(n, sessionId));
            return name ? ["sessions", ...day, name] : null;
        }
        finally {
            await walked.dir.close();
        }
    };
    for (const day of likelyDays(sessionId)) {
        const found = await inDay(day);
        if (found && (await exists(found)))
            return found;
    }
    // Every day, newest first.
    const list = async (steps) => {
        const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...steps]);
        if (!walked.ok)
            return [];
        try {
            return (await namesOf(walked.dir)).filter((n) => CODEX_DATE_DIR.test(n)).sort().reverse();
        }
        finally {
            await walked.dir.close();
        }
    };
    for (const y of await list([])) {
        for (const m of await list([y])) {
            for (const d of await list([y, m])) {
                const found = await inDay([y, m, d]);
                if (found && (await exists(found)))
                    return found;
            }
        }
    }
    return null;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
;// CONCATENATED MODULE: ./src/sessions/store.ts
/**
 * Saving a CLI's session file into the run state, and putting it back where the CLI will look for
 * it in a later attempt or job.
 *
 *   <destDir>/session.jsonl   a copy of the CLI's file
 *   <destDir>/session.json    the record (SessionRecordSchema): executor, id, where the file was
 *                             below the CLI's home, its size and sha256
 *
 * The CLI's file was written by the agent's process, possibly as another OS user who controls its
 * home: it is read without following any link below the home directory, only when it is a regular
 * file with a single link (owned by the agent's user when one is given) and not larger than the
 * cap. Putting it back writes below the (new) home the same way: directories are created or opened
 * without following links, and the file is written through a new temporary file renamed into place.
 * Neither function throws: what cannot be done is told to `onSkip` and the result is null.
 */







const SESSION_RECORD_FILE = "session.json";
const SESSION_COPY_FILE = "session.jsonl";
/** Session files larger than this are not saved. */
const DEFAULT_MAX_SESSION_BYTES = 64 * 1024 * 1024;
const MAX_RECORD_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;
const SessionRecordSchema = schemas/* object */.Ikc({
    version: schemas/* literal */.euz(1),
    executor: schemas/* enum */.k5n(SESSION_EXECUTORS),
    sessionId: schemas/* string */.YjP().refine(ids/* isSessionId */.Sd, "a UUID"),
    /** Where the file was, relative to the CLI's home (forward slashes). */
    homePath: schemas/* string */.YjP()
        .min(1)
        .max(4096)
        .refine((p) => !p.startsWith("/") && !p.split("/").some((s) => s === "" || s === "." || s === ".." || s.includes("\0")), "a plain relative path"),
    /** The working directory the session was recorded in (Claude Code keys its files by it). */
    cwd: schemas/* string */.YjP().max(4096),
    bytes: schemas/* number */.aig().int().nonnegative(),
    sha256: schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/),
    savedAt: schemas/* string */.YjP(),
    /** Secrets in the copy were replaced (an uploaded state); bytes and sha256 are the redacted copy's. */
    redacted: schemas/* boolean */.zMY().optional(),
})
    .strict();
function message(error) {
    return error instanceof Error ? error.message : String(error);
}
function sha256(data) {
    return (0,external_node_crypto_.createHash)("sha256").update(data).digest("hex");
}
/** Reads the regular file `steps` below the CLI's home without following links; null if missing. */
async function readBelow(home, steps, options) {
    const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)]);
    if (!walked.ok)
        return walked.missing ? { missing: true } : { refused: walked.reason };
    try {
        const opened = await openFileIn(walked.dir, steps[steps.length - 1], options.owner);
        if (opened.status === "missing")
            return { missing: true };
        if (opened.status === "refused")
            return { refused: opened.reason };
        try {
            if (opened.size > options.maxBytes) {
                return { refused: `the session file has ${opened.size} bytes, more than the ${options.maxBytes} kept` };
            }
            // Read at most one byte past the cap: a file still growing is refused, never read unbounded.
            const chunks = [];
            let total = 0;
            for (;;) {
                const buffer = Buffer.alloc(Math.min(READ_CHUNK, options.maxBytes + 1 - total));
                const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, total);
                if (bytesRead === 0)
                    break;
                chunks.push(buffer.subarray(0, bytesRead));
                total += bytesRead;
                if (total > options.maxBytes)
                    return { refused: `the session file grew past the ${options.maxBytes} bytes kept` };
            }
            return { data: Buffer.concat(chunks) };
        }
        finally {
            await opened.handle.close();
        }
    }
    finally {
        await walked.dir.close();
    }
}
async function writeAtomic(file, data) {
    const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
    try {
        await external_node_fs_.promises.writeFile(temp, data, { flag: "wx", mode: 0o600 });
        await external_node_fs_.promises.rename(temp, file);
    }
    catch (error) {
        await external_node_fs_.promises.rm(temp, { force: true });
        throw error;
    }
}
/**
 * Copies the CLI's session file `sessionId` into `destDir` with its record. Returns null (and tells
 * `onSkip` why) when the executor keeps no session file, the file is missing, refused or too large.
 */
async function saveSession(input) {
    const skip = (reason) => {
        input.onSkip?.(reason);
        return null;
    };
    try {
        const executor = input.executorId;
        if (!isSessionExecutor(executor))
            return skip(`the ${executor} executor keeps no session file`);
        if (!(0,ids/* isSessionId */.Sd)(input.sessionId))
            return skip(`${JSON.stringify(input.sessionId)} is not a session id`);
        const home = cliHome(executor, input.env);
        if ("error" in home)
            return skip(home.error);
        const maxBytes = input.maxBytes ?? DEFAULT_MAX_SESSION_BYTES;
        const owner = input.identity?.uid;
        // The first file found ends the search, whether it can be read or is refused.
        const found = { data: null, refusal: null };
        const exists = async (steps) => {
            const read = await readBelow(home, steps, { owner, maxBytes });
            if ("missing" in read)
                return false;
            if ("refused" in read)
                found.refusal = `${steps.join("/")}: ${read.refused}`;
            else
                found.data = read.data;
            return true;
        };
        const steps = await findSessionSteps(executor, home, input.sessionId, input.cwd, exists);
        if (steps === null)
            return skip(`no session file for ${input.sessionId} below ${home.dir}`);
        const content = found.data;
        if (content === null)
            return skip(found.refusal ?? `the session file ${steps.join("/")} could not be read`);
        const record = {
            version: 1,
            executor,
            sessionId: input.sessionId.toLowerCase(),
            homePath: steps.join("/"),
            cwd: input.cwd,
            bytes: content.length,
            sha256: sha256(content),
            savedAt: (input.now ?? (() => new Date()))().toISOString(),
        };
        await external_node_fs_.promises.mkdir(input.destDir, { recursive: true, mode: 0o700 });
        const file = external_node_path_default().join(input.destDir, SESSION_COPY_FILE);
        await writeAtomic(file, content);
        await writeAtomic(external_node_path_default().join(input.destDir, SESSION_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
        return { record, dir: input.destDir, file };
    }
    catch (error) {
        return skip(`saving the session failed: ${message(error)}`);
    }
}
/** Reads a regular, unlinked file of the saved directory up to `max` bytes; a reason otherwise. */
async function readSaved(file, max) {
    let st;
    try {
        st = await external_node_fs_.promises.lstat(file);
    }
    catch {
        return `${external_node_path_default().basename(file)} is missing`;
    }
    if (!st.isFile())
        return `${external_node_path_default().basename(file)} is not a regular file`;
    if (st.size > max)
        return `${external_node_path_default().basename(file)} has ${st.size} bytes, more than ${max}`;
    const handle = await external_node_fs_.promises.open(file, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    try {
        return await handle.readFile();
    }
    finally {
        await handle.close();
    }
}
/** Creates `dir` and its missing parents, giving the ones created to `identity`. */
async function ensureAnchor(dir, identity) {
    const created = await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    if (created === undefined || !identity)
        return;
    for (let d = dir;; d = external_node_path_default().dirname(d)) {
        await external_node_fs_.promises.chown(d, identity.uid, identity.gid);
        if (d === created || external_node_path_default().dirname(d) === d)
            break;
    }
}
/**
 * Puts a saved session back where the CLI looks for it given `env` and `cwd`, and returns its id;
 * null (with the reason told to `onSkip`) for a missing, malformed or altered record or copy, or
 * when the target cannot be written without following a link. An identical file already in place
 * is left as it is.
 */
async function restoreSession(input) {
    const skip = (reason) => {
        input.onSkip?.(reason);
        return null;
    };
    try {
        const recordText = await readSaved(external_node_path_default().join(input.savedDir, SESSION_RECORD_FILE), MAX_RECORD_BYTES);
        if (typeof recordText === "string")
            return skip(recordText);
        let raw;
        try {
            raw = JSON.parse(recordText.toString("utf8"));
        }
        catch {
            return skip(`${SESSION_RECORD_FILE} is not JSON`);
        }
        const parsed = SessionRecordSchema.safeParse(raw);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return skip(`${SESSION_RECORD_FILE} is not a session record (${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid"})`);
        }
        const record = parsed.data;
        const maxBytes = input.maxBytes ?? DEFAULT_MAX_SESSION_BYTES;
        if (record.bytes > maxBytes)
            return skip(`the saved session has ${record.bytes} bytes, more than the ${maxBytes} allowed`);
        const data = await readSaved(external_node_path_default().join(input.savedDir, SESSION_COPY_FILE), maxBytes);
        if (typeof data === "string")
            return skip(data);
        if (data.length !== record.bytes || sha256(data) !== record.sha256) {
            return skip(`${SESSION_COPY_FILE} does not match its record (size or sha256 differs): it was changed after it was saved`);
        }
        const steps = record.executor === "claude"
            ? await claudeSessionSteps(input.cwd, record.sessionId)
            : codexSessionSteps(record.homePath, record.sessionId);
        if (steps === null)
            return skip(`the recorded path ${JSON.stringify(record.homePath)} is not a ${record.executor} session file`);
        const home = cliHome(record.executor, input.env);
        if ("error" in home)
            return skip(home.error);
        await ensureAnchor(home.anchor, input.identity);
        const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)], {
            create: { mode: 0o700, identity: input.identity },
        });
        if (!walked.ok)
            return skip(`the session cannot be put back: ${walked.reason}`);
        const name = steps[steps.length - 1];
        const file = external_node_path_default().join(home.dir, ...steps);
        try {
            const existing = await openFileIn(walked.dir, name);
            if (existing.status === "open") {
                let same = false;
                try {
                    same = existing.size === data.length && sha256(await existing.handle.readFile()) === record.sha256;
                }
                finally {
                    await existing.handle.close();
                }
                if (same)
                    return { executor: record.executor, sessionId: record.sessionId, file, written: false };
            }
            await writeFileIn(walked.dir, name, data, 0o600, input.identity);
        }
        finally {
            await walked.dir.close();
        }
        return { executor: record.executor, sessionId: record.sessionId, file, written: true };
    }
    catch (error) {
        return skip(`restoring the session failed: ${message(error)}`);
    }
}
/**
 * Re-seals a saved session whose copy was redacted (the uploaded state): its record then describes
 * the redacted copy, which is what a later run puts back. False when the directory holds no valid
 * record (nothing is changed then).
 */
async function resealRedactedSession(savedDir) {
    try {
        const record = SessionRecordSchema.safeParse(JSON.parse(await external_node_fs_.promises.readFile(external_node_path_default().join(savedDir, SESSION_RECORD_FILE), "utf8")));
        if (!record.success)
            return false;
        const data = await readSaved(external_node_path_default().join(savedDir, SESSION_COPY_FILE), Number.MAX_SAFE_INTEGER);
        if (typeof data === "string")
            return false;
        const sealed = { ...record.data, bytes: data.length, sha256: sha256(data), redacted: true };
        await external_node_fs_.promises.writeFile(external_node_path_default().join(savedDir, SESSION_RECORD_FILE), `${JSON.stringify(sealed, null, 2)}\n`);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/sessions/support.ts
function sessionSupport(executor) {
    switch (executor.id) {
        case "claude":
            return {
                resumable: true,
                presetId: true,
                reason: "Claude Code continues a session with --resume <id>; it is one file under its projects directory.",
            };
        case "codex":
            if (executor.codex.ephemeral === true) {
                return {
                    resumable: false,
                    presetId: false,
                    reason: "codex.ephemeral is set: codex keeps no session file, so there is nothing to resume.",
                };
            }
            return {
                resumable: true,
                presetId: false,
                reason: "codex continues a session with `exec … resume <id>`; it is one rollout file under its sessions directory.",
            };
        case "opencode":
            return {
                resumable: false,
                presetId: false,
                reason: "OpenCode keeps every session in one SQLite database in its data directory (opencode.db), not in a file per session, so a session cannot be saved with the run state and put back.",
            };
        case "local":
            return { resumable: false, presetId: false, reason: "The built-in local executor has no model session; it simply runs again." };
        case "command":
            return { resumable: false, presetId: false, reason: "A command executor has no session the harness knows of; it runs again." };
    }
}

;// CONCATENATED MODULE: ./src/sessions/index.ts
/**
 * Continuing a CLI's own session after an interruption: which executors can (support.ts), their
 * session ids (ids.ts), where the session files live (locate.ts), saving them into the run state
 * and putting them back (store.ts), and the short prompt a resumed session gets
 * (continue-prompt.ts). The launch argv for a resume is built by the executors from
 * `ExecutorContext.session`.
 */







/***/ }),

/***/ 59112:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Kg: () => (/* binding */ ChangesMetaSchema),
  fg: () => (/* binding */ META_FILE),
  mO: () => (/* binding */ PATCH_FILE),
  YF: () => (/* binding */ applyChanges),
  A0: () => (/* binding */ captureChanges)
});

// UNUSED EXPORTS: PREIMAGE_DIR, readChanges, unsafePatchPath

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/state/files.ts
var state_files = __webpack_require__(60766);
// EXTERNAL MODULE: ./src/state/git.ts
var git = __webpack_require__(20633);
;// CONCATENATED MODULE: ./src/state/patch-headers.ts
/**
 * Reads the file names a git patch names in its headers, the way `git apply` reads them, so that a
 * patch can be refused before git ever sees it. `git apply --numstat` lists only where a change
 * lands, not where a copy or rename takes its content from, and a hand-made patch can say
 * `copy from ../../secret` or `rename from ../../file`. Every name of every header is checked:
 * `diff --git a/… b/…`, `--- `/`+++ `, `copy from/to`, `rename from/to` and the older
 * `rename old/new`. Names git wrote in C-style quotes ("…" with backslash and octal escapes) are
 * unquoted first. Hunk bodies are skipped by their line counts, as git does, so a removed line that
 * reads `-- x` (shown as `--- x`) is not taken for a header.
 */
/**
 * Why `name` may not appear in a patch applied to a repository, or null. A name must be a plain
 * relative path: no control characters (NUL included), no backslash, not absolute, no empty, `..`
 * or `.git` segment (any case, at any depth, so `sub/.git` of a submodule too).
 */
function patchNameProblem(name) {
    if (name.includes("\0"))
        return "contains a NUL byte";
    if (/[\u0001-\u001f\u007f]/.test(name))
        return "contains a control character";
    if (name.includes("\\"))
        return "contains a backslash";
    if (name.length === 0)
        return "is empty";
    if (name.startsWith("/") || /^[A-Za-z]:/.test(name))
        return "is an absolute path";
    const segments = name.split("/");
    if (segments.some((s) => s === ".."))
        return "leaves the repository (a '..' segment)";
    if (segments.some((s) => s.toLowerCase() === ".git"))
        return "touches .git";
    if (segments.some((s) => s === ""))
        return "has an empty path segment";
    return null;
}
const SIMPLE_ESCAPES = { a: "\x07", b: "\b", t: "\t", n: "\n", v: "\v", f: "\f", r: "\r", '"': '"', "\\": "\\" };
/**
 * Unquotes a C-style quoted name starting at `text[start]` (which must be `"`). `text` holds one
 * character per byte (latin1), and so does the result. Null when the quoting is malformed.
 */
function unquoteCStyle(text, start) {
    if (text[start] !== '"')
        return null;
    let value = "";
    for (let i = start + 1; i < text.length; i++) {
        const c = text[i];
        if (c === '"')
            return { value, end: i + 1 };
        if (c !== "\\") {
            value += c;
            continue;
        }
        const next = text[i + 1];
        if (next === undefined)
            return null;
        if (next in SIMPLE_ESCAPES) {
            value += SIMPLE_ESCAPES[next];
            i += 1;
            continue;
        }
        const octal = text.slice(i + 1, i + 4);
        if (!/^[0-3][0-7]{2}$/.test(octal))
            return null;
        value += String.fromCharCode(Number.parseInt(octal, 8));
        i += 3;
    }
    return null;
}
/** The part of a `diff --git` name after its first path component (git's default `-p1`). */
function withoutPrefix(name) {
    const slash = name.indexOf("/");
    return slash === -1 ? null : name.slice(slash + 1);
}
/**
 * The names on a `diff --git` line. When neither is quoted git takes a name from this line only if
 * both halves are the same after their prefix; halves split at a conventional ` b/` and the whole
 * rest are checked as well, so nothing hidden in a rename's halves is missed.
 */
function diffGitNames(rest) {
    if (rest.startsWith('"')) {
        const first = unquoteCStyle(rest, 0);
        if (!first || rest[first.end] !== " ")
            return { malformed: "its first name is not properly quoted" };
        const tail = rest.slice(first.end + 1);
        if (!tail.startsWith('"'))
            return { names: [first.value, tail] };
        const second = unquoteCStyle(tail, 0);
        if (!second || second.end !== tail.length)
            return { malformed: "its second name is not properly quoted" };
        return { names: [first.value, second.value] };
    }
    const quote = rest.indexOf('"');
    if (quote !== -1) {
        const second = unquoteCStyle(rest, quote);
        if (quote === 0 || rest[quote - 1] !== " " || !second || second.end !== rest.length) {
            return { malformed: "its second name is not properly quoted" };
        }
        return { names: [rest.slice(0, quote - 1), second.value] };
    }
    const same = [];
    const conventional = [];
    for (let i = 0; i < rest.length; i++) {
        if (rest[i] !== " " && rest[i] !== "\t")
            continue;
        const a = rest.slice(0, i);
        const b = rest.slice(i + 1);
        const stripped = withoutPrefix(a);
        if (stripped !== null && stripped === withoutPrefix(b))
            same.push(a, b);
        else if (b.startsWith("b/"))
            conventional.push(a, b);
    }
    return { names: [...same, ...conventional, rest] };
}
/**
 * The names on a `--- ` or `+++ ` line: a quoted name, or every reading git might make of an
 * unquoted one (up to a tab, or up to a space before a timestamp). `/dev/null` is no name.
 */
function oldNewNames(rest) {
    if (rest.startsWith('"')) {
        const quoted = unquoteCStyle(rest, 0);
        if (!quoted || (quoted.end < rest.length && !/^[ \t]/.test(rest.slice(quoted.end)))) {
            return { malformed: "its name is not properly quoted" };
        }
        return { names: [quoted.value] };
    }
    const tab = rest.indexOf("\t");
    const name = tab === -1 ? rest : rest.slice(0, tab);
    if (name === "/dev/null" || name.startsWith("/dev/null "))
        return { names: [] };
    const names = [name];
    for (let i = 0; i < name.length; i++)
        if (name[i] === " ")
            names.push(name.slice(0, i));
    return { names };
}
/** Copy/rename headers: the whole rest of the line is the name (quoted or not), with no prefix. */
function wholeName(rest) {
    if (!rest.startsWith('"'))
        return { names: [rest, rest.trimEnd()] };
    const quoted = unquoteCStyle(rest, 0);
    if (!quoted || rest.slice(quoted.end).trim() !== "")
        return { malformed: "its name is not properly quoted" };
    return { names: [quoted.value] };
}
const HEADERS = [
    ["diff --git ", diffGitNames],
    ["--- ", oldNewNames],
    ["+++ ", oldNewNames],
    ["copy from ", wholeName],
    ["copy to ", wholeName],
    ["rename from ", wholeName],
    ["rename to ", wholeName],
    ["rename old ", wholeName],
    ["rename new ", wholeName],
];
const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
const SHOWN_LINE_CHARS = 200;
function utf8(latin1) {
    return Buffer.from(latin1, "latin1").toString("utf8");
}
function shown(line) {
    const text = utf8(line);
    return text.length > SHOWN_LINE_CHARS ? `${text.slice(0, SHOWN_LINE_CHARS)}…` : text;
}
/** The first header name of `patch` that may not be applied, or null when every name is safe. */
function findUnsafePatchHeader(patch) {
    const lines = patch.toString("latin1").split("\n");
    if (lines.at(-1) === "")
        lines.pop();
    let oldLeft = 0;
    let newLeft = 0;
    for (let index = 0; index < lines.length; index++) {
        const line = lines[index];
        if (oldLeft > 0 || newLeft > 0) {
            const c = line[0];
            if (line === "" || c === " ") {
                oldLeft--;
                newLeft--;
                continue;
            }
            if (c === "-") {
                oldLeft--;
                continue;
            }
            if (c === "+") {
                newLeft--;
                continue;
            }
            if (c === "\\")
                continue;
            // Not a hunk line: git refuses the whole patch as corrupt; read it as a header anyway.
            oldLeft = 0;
            newLeft = 0;
        }
        const hunk = HUNK.exec(line);
        if (hunk) {
            oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
            newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
            continue;
        }
        for (const [prefix, read] of HEADERS) {
            if (!line.startsWith(prefix))
                continue;
            const found = read(line.slice(prefix.length));
            if ("malformed" in found) {
                return { line: index + 1, text: shown(line), name: utf8(line.slice(prefix.length)), reason: `is not a valid name: ${found.malformed}` };
            }
            for (const name of found.names) {
                const reason = patchNameProblem(name);
                if (reason !== null)
                    return { line: index + 1, text: shown(line), name: utf8(name), reason };
            }
            break;
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/state/changes.ts
/**
 * Workspace changes: everything the agents changed relative to the commit the wave started from
 * (modified, added, deleted and binary files), stored as a binary git patch in the run directory
 * (`changes/changes.patch` + `changes/meta.json`). The whole repository is recorded (its git top
 * level), not just the directory the waves live in. Files ignored by .gitignore and the state
 * directory itself are not part of it, wherever the state directory is. Agents are told not to
 * commit; commits they make anyway are recorded like uncommitted work (the patch is relative to the
 * base commit) and undone afterwards: HEAD goes back to the base commit, the committed changes stay
 * in the work tree. The changes carry the base commit's version (the preimage blob) of every file
 * they modify or delete (`changes/preimages/<blob id>`), so that a 3-way apply onto another commit
 * works in a shallow (depth 1) clone that lacks the base commit's objects: carrying them costs
 * the size of the touched files, where fetching the base commit instead would need a token and the
 * network in every job that applies changes. Applying a patch never touches `.git/` or anything outside the repository:
 * every name in the patch's headers (copy and rename sources included, which
 * `git apply --numstat` does not list) is checked before git reads the patch.
 */










const ChangesMetaSchema = schemas/* object */.Ikc({
    schemaVersion: schemas/* literal */.euz(1),
    kind: schemas/* literal */.euz("wave-changes"),
    baseCommit: schemas/* string */.YjP(),
    files: schemas/* array */.YOg(schemas/* object */.Ikc({ path: schemas/* string */.YjP(), status: schemas/* string */.YjP() })),
    patchSha256: schemas/* string */.YjP(),
    bytes: schemas/* number */.aig().int().nonnegative(),
    createdAt: schemas/* string */.YjP(),
    /** Blob ids of the base commit's versions of the modified and deleted files, in `preimages/`. */
    preimages: schemas/* array */.YOg(schemas/* string */.YjP().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)).optional(),
});
const PATCH_FILE = "changes.patch";
const META_FILE = "meta.json";
const PREIMAGE_DIR = "preimages";
/** Runs git with its standard output written to `file` (binary-safe, any size). */
function gitToFile(cwd, args, file, what) {
    return new Promise((resolve, reject) => {
        const out = (0,external_node_fs_.createWriteStream)(file);
        const child = (0,external_node_child_process_.spawn)("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (d) => {
            if (stderr.length < 4096)
                stderr += d.toString("utf8");
        });
        // Done when git has exited and the file is closed, in whichever order those happen.
        let code;
        let closed = false;
        const settle = () => {
            if (code === undefined || !closed)
                return;
            if (code === 0)
                resolve();
            else
                reject(new errors/* UserError */.yo(`${what} failed: git ${args[0]}: ${stderr.trim() || `exit ${code}`}`));
        };
        out.on("close", () => {
            closed = true;
            settle();
        });
        out.on("error", (error) => reject(new errors/* UserError */.yo(`${what} failed: ${file}: ${error.message}`)));
        child.stdout.pipe(out);
        child.on("error", (error) => reject(new errors/* UserError */.yo(`${what} failed: git could not be run (${error.message})`)));
        child.on("close", (exit) => {
            code = exit;
            settle();
        });
    });
}
/**
 * Writes the base commit's blob of every file the staged changes modify or delete (not files they
 * add, nor submodule commits) into `dir`, named by blob id; returns the ids.
 */
async function savePreimages(top, baseCommit, dir, env) {
    const raw = await (0,git/* gitOrThrow */.QE)(top, ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", baseCommit], "recording workspace changes", env);
    const ids = new Set();
    // Records: ":<old mode> <new mode> <old id> <new id> <status>" NUL "<path>" NUL.
    for (const record of raw.split("\0")) {
        const m = /^:(\d{6}) \d{6} ([0-9a-f]+) [0-9a-f]+ [A-Z]/.exec(record);
        if (!m || m[1] === "000000" || m[1] === "160000" || /^0+$/.test(m[2]))
            continue;
        ids.add(m[2]);
    }
    if (ids.size === 0)
        return [];
    await external_node_fs_.promises.mkdir(dir, { recursive: true });
    for (const id of ids)
        await gitToFile(top, ["cat-file", "blob", id], external_node_path_default().join(dir, id), "recording workspace changes");
    return [...ids].sort();
}
/**
 * Puts the preimage blobs the changes carry into the object store of the repository at `root`
 * when it lacks them (a shallow clone of another commit), each checked against its id. Returns the
 * ids that could not be supplied (missing, or altered: the uploaded copy is redacted, so a base
 * file that held a secret does not come back as it was).
 */
async function loadPreimages(root, dir, meta, label) {
    const unusable = [];
    for (const id of meta.preimages ?? []) {
        const present = await (0,git/* git */.$Y)(root, ["cat-file", "-e", `${id}^{blob}`]);
        if (present.code === 0)
            continue;
        const file = external_node_path_default().join(dir, PREIMAGE_DIR, id);
        const stat = await external_node_fs_.promises.lstat(file).catch(() => null);
        if (!stat?.isFile()) {
            unusable.push(id);
            continue;
        }
        // The id is the hash of the content: a blob stored under any other id is never looked up.
        const written = await (0,git/* gitOrThrow */.QE)(root, ["hash-object", "-w", "--no-filters", "--", file], `${label}: storing the preimage ${id}`);
        if (written.trim() !== id)
            unusable.push(id);
    }
    return unusable;
}
/**
 * The directories in `dirs` that lie inside the repository at `top`, as top-relative names with
 * forward slashes. Symbolic links are resolved first: git reports `top` that way.
 */
async function insideRepository(top, dirs) {
    const out = [];
    for (const dir of dirs) {
        const real = await external_node_fs_.promises.realpath(dir).catch(() => external_node_path_default().resolve(dir));
        const rel = external_node_path_default().relative(top, real);
        if (rel.startsWith("..") || external_node_path_default().isAbsolute(rel))
            continue;
        // The state directory holding the whole repository would leave nothing to record.
        if (rel === "")
            throw new errors/* UserError */.yo(`the state directory ${dir} is the repository itself: workspace changes cannot be told apart from it`);
        out.push(rel.split((external_node_path_default()).sep).join("/"));
    }
    return out;
}
function isUnder(name, dirs) {
    return dirs.some((d) => name === d || name.startsWith(`${d}/`));
}
/**
 * Files the agents committed that `git add -A` leaves out because .gitignore matches them (they
 * were added with `git add -f`): still part of the work, so they are recorded too.
 */
async function committedNames(top, baseCommit, head, excluded) {
    const listed = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--name-only", "-z", "--no-renames", "--diff-filter=AM", baseCommit, head], "recording workspace changes");
    const names = [];
    for (const name of listed.split("\0").filter(Boolean)) {
        if (isUnder(name, excluded))
            continue;
        const present = await external_node_fs_.promises.lstat(external_node_path_default().join(top, name)).then(() => true, () => false);
        if (present)
            names.push(name);
    }
    return names;
}
/**
 * Records the changes of the work tree of the repository holding `root` (all of it, from its top
 * level) relative to `baseCommit` into `outDir`, leaving out `excludeDirs` (the state directory).
 * Uses a private index so the user's own index is left alone. When the agents committed on top of
 * (or instead of) `baseCommit`, HEAD is moved back to it afterwards with the work tree untouched,
 * so the recorded changes are exactly what the work tree holds and no agent commit remains.
 */
async function captureChanges(root, baseCommit, outDir, excludeDirs) {
    const top = await (0,git/* gitTopLevel */.oB)(root);
    const head = await (0,git/* headCommit */.Qo)(top);
    const moved = head !== null && head !== baseCommit;
    let meta;
    try {
        meta = await record(top, baseCommit, moved ? head : null, outDir, await insideRepository(top, excludeDirs));
    }
    catch (error) {
        if (moved)
            await (0,git/* git */.$Y)(top, ["reset", "-q", baseCommit]);
        throw error;
    }
    if (moved) {
        const reset = await (0,git/* git */.$Y)(top, ["reset", "-q", baseCommit]);
        if (reset.code !== 0) {
            throw new errors/* UserError */.yo(`the workspace changes were recorded in ${outDir}, but HEAD could not be moved back from the agents' commit ${head.slice(0, 12)} to the base commit ${baseCommit.slice(0, 12)}: ${reset.stderr.trim() || `exit ${reset.code}`}`);
        }
    }
    return meta;
}
async function record(top, baseCommit, head, outDir, excluded) {
    const tmp = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-index-"));
    const env = { GIT_INDEX_FILE: external_node_path_default().join(tmp, "index") };
    try {
        await (0,git/* gitOrThrow */.QE)(top, ["read-tree", baseCommit], "recording workspace changes", env);
        // An excluded directory that .gitignore already ignores is left out of the pathspec: naming an
        // ignored path there makes `git add` fail ("paths are ignored by one of your .gitignore files").
        const pathspec = ["."];
        for (const rel of excluded) {
            const ignored = await (0,git/* git */.$Y)(top, ["check-ignore", "-q", "--no-index", "--", rel], env);
            if (ignored.code !== 0)
                pathspec.push(`:(exclude,top,literal)${rel}`);
        }
        await (0,git/* gitOrThrow */.QE)(top, ["add", "-A", "--", ...pathspec], "recording workspace changes", env);
        const forced = head ? await committedNames(top, baseCommit, head, excluded) : [];
        if (forced.length > 0) {
            const list = external_node_path_default().join(tmp, "committed");
            await external_node_fs_.promises.writeFile(list, `${forced.join("\0")}\0`);
            await (0,git/* gitOrThrow */.QE)(top, ["add", "-A", "-f", `--pathspec-from-file=${list}`, "--pathspec-file-nul"], "recording workspace changes", { ...env, GIT_LITERAL_PATHSPECS: "1" });
        }
        const patch = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--cached", "--binary", "--no-color", "--no-ext-diff", "--no-renames", baseCommit], "recording workspace changes", env);
        const names = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--cached", "--name-status", "-z", "--no-renames", baseCommit], "recording workspace changes", env);
        const parts = names.split("\0").filter(Boolean);
        const files = [];
        for (let i = 0; i + 1 < parts.length; i += 2)
            files.push({ status: parts[i], path: parts[i + 1] });
        await external_node_fs_.promises.mkdir(outDir, { recursive: true });
        await external_node_fs_.promises.rm(external_node_path_default().join(outDir, PREIMAGE_DIR), { recursive: true, force: true });
        const preimages = await savePreimages(top, baseCommit, external_node_path_default().join(outDir, PREIMAGE_DIR), env);
        await external_node_fs_.promises.writeFile(external_node_path_default().join(outDir, PATCH_FILE), patch);
        const meta = {
            schemaVersion: 1,
            kind: "wave-changes",
            baseCommit,
            files,
            patchSha256: (0,external_node_crypto_.createHash)("sha256").update(patch).digest("hex"),
            bytes: Buffer.byteLength(patch),
            createdAt: new Date().toISOString(),
            preimages,
        };
        await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(outDir, META_FILE), meta);
        return meta;
    }
    finally {
        await external_node_fs_.promises.rm(tmp, { recursive: true, force: true });
    }
}
async function readChanges(dir) {
    const r = await (0,state_files/* readJsonChecked */.m8)(external_node_path_default().join(dir, META_FILE), ChangesMetaSchema, "workspace changes");
    if (!r.ok)
        throw new errors/* UserError */.yo(r.message);
    const patch = await external_node_fs_.promises.readFile(external_node_path_default().join(dir, PATCH_FILE)).catch(() => {
        throw new errors/* UserError */.yo(`workspace changes ${external_node_path_default().join(dir, PATCH_FILE)} are missing`);
    });
    const sha = (0,external_node_crypto_.createHash)("sha256").update(patch).digest("hex");
    if (sha !== r.value.patchSha256) {
        throw new errors/* UserError */.yo(`workspace changes ${external_node_path_default().join(dir, PATCH_FILE)} are corrupt (checksum mismatch)`);
    }
    return { meta: r.value, patch };
}
/** A path from a patch must be a plain relative path inside the repository and not under .git. */
function unsafePatchPath(p) {
    return patchNameProblem(p);
}
/**
 * Refuses a patch any of whose headers names a file outside the repository or in .git (see
 * patch-headers.ts), before git reads it: `git apply` itself would copy or rename from there.
 */
function assertSafeHeaders(patch, patchPath, label) {
    const problem = findUnsafePatchHeader(patch);
    if (problem === null)
        return;
    throw new errors/* UserError */.yo(`${label}: refusing to apply ${patchPath}: line ${problem.line} ${JSON.stringify(problem.text)}: path ${JSON.stringify(problem.name)} ${problem.reason}`);
}
function firstLine(text) {
    return text.trim().split("\n")[0] ?? "";
}
/**
 * A 3-way apply into a private copy of the index: `git apply --3way --check` only tells that a
 * merge can be tried, and a real 3-way apply that conflicts leaves conflict markers behind.
 */
async function threeWayTrial(root, args, patchFile, tmp) {
    const env = { GIT_INDEX_FILE: external_node_path_default().join(tmp, "trial-index") };
    const index = await (0,git/* git */.$Y)(root, ["rev-parse", "--git-path", "index"]);
    const copied = index.code === 0 &&
        (await external_node_fs_.promises.copyFile(external_node_path_default().resolve(root, index.stdout.trim()), env.GIT_INDEX_FILE).then(() => true, () => false));
    if (!copied) {
        const read = await (0,git/* git */.$Y)(root, ["read-tree", "HEAD"], env);
        if (read.code !== 0)
            return read;
    }
    return (0,git/* git */.$Y)(root, [...args, "--cached", patchFile], env);
}
/**
 * The names `git apply --numstat -z` lists: one `added<TAB>deleted<TAB>name` record per file, named
 * by where the change lands (a copy or rename source is not listed; the headers are checked for it).
 */
function numstatNames(listed) {
    return listed
        .split("\0")
        .filter(Boolean)
        .map((record) => record.split("\t").slice(2).join("\t"));
}
/**
 * Applies recorded changes on top of the checkout holding `at` (from its top level). When the
 * checkout is not the base commit, the patch must still apply cleanly (3-way) or the call fails
 * with a clear message.
 */
async function applyChanges(at, dir, label) {
    const { meta, patch } = await readChanges(dir);
    if (patch.length === 0)
        return meta;
    for (const f of meta.files) {
        const why = unsafePatchPath(f.path);
        if (why)
            throw new errors/* UserError */.yo(`${label}: refusing to apply changes: path ${JSON.stringify(f.path)} ${why}`);
    }
    // Every name in every header, copy and rename sources included, before any `git apply` runs.
    assertSafeHeaders(patch, external_node_path_default().join(dir, PATCH_FILE), label);
    // The patch names files from the repository's top level; `git apply` run in a subdirectory would
    // skip every file outside it without a word.
    const top = await (0,git/* git */.$Y)(at, ["rev-parse", "--show-toplevel"]);
    const root = top.code === 0 ? top.stdout.trim() : at;
    const tmp = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-patch-"));
    const patchFile = external_node_path_default().join(tmp, PATCH_FILE);
    try {
        await external_node_fs_.promises.writeFile(patchFile, patch);
        // Paths git itself reads from the patch must agree with the recorded list.
        const listed = await (0,git/* gitOrThrow */.QE)(root, ["apply", "--numstat", "-z", patchFile], `${label}: reading the changes`);
        for (const name of numstatNames(listed)) {
            const why = unsafePatchPath(name);
            if (why)
                throw new errors/* UserError */.yo(`${label}: refusing to apply changes: path ${JSON.stringify(name)} ${why}`);
        }
        const head = await (0,git/* git */.$Y)(root, ["rev-parse", "--verify", "-q", "HEAD"]);
        const sameBase = head.code === 0 && head.stdout.trim() === meta.baseCommit;
        const args = ["apply", "--binary", "--whitespace=nowarn"];
        // Check before touching anything, so a refusal leaves the checkout as it was.
        const plain = await (0,git/* git */.$Y)(root, [...args, "--check", patchFile]);
        if (plain.code === 0) {
            await (0,git/* gitOrThrow */.QE)(root, [...args, patchFile], `${label}: applying the changes`);
            return meta;
        }
        if (!sameBase) {
            // A shallow clone of another commit lacks the base commit's blobs the 3-way merge starts from.
            const unusable = await loadPreimages(root, dir, meta, label);
            const threeWay = await threeWayTrial(root, [...args, "--3way"], patchFile, tmp);
            if (threeWay.code === 0) {
                await (0,git/* gitOrThrow */.QE)(root, [...args, "--3way", patchFile], `${label}: applying the changes`);
                return meta;
            }
            const conflicts = threeWay.stderr
                .split("\n")
                .filter((l) => l.startsWith("U "))
                .map((l) => l.slice(2).trim());
            throw new errors/* UserError */.yo(`${label}: the changes were recorded on commit ${meta.baseCommit.slice(0, 12)} but this checkout is ${head.code === 0 ? head.stdout.trim().slice(0, 12) : "not a commit"}, and they do not apply: ${conflicts.length > 0 ? `they conflict with it in ${conflicts.join(", ")}` : firstLine(threeWay.stderr || plain.stderr)}${unusable.length > 0 ? ` (the base versions ${unusable.map((id) => id.slice(0, 12)).join(", ")} the 3-way merge needs are missing from the changes or altered)` : ""}`);
        }
        throw new errors/* UserError */.yo(`${label}: the changes do not apply: ${firstLine(plain.stderr)}`);
    }
    finally {
        await external_node_fs_.promises.rm(tmp, { recursive: true, force: true });
    }
}


/***/ }),

/***/ 60766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ writeTextAtomic),
/* harmony export */   ZJ: () => (/* binding */ writeJsonAtomic),
/* harmony export */   m8: () => (/* binding */ readJsonChecked)
/* harmony export */ });
/* unused harmony export readJsonOrThrow */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _mkdir_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(78922);
/**
 * Reading and writing state files: atomic JSON writes, schema-checked reads with clear messages.
 * Directories are made with bounded tries (state/mkdir.ts): a path that cannot be made fails with
 * a message naming it instead of retrying forever.
 */





/** Writes JSON (2-space, trailing newline) to a temp file in the same directory, then renames. */
async function writeJsonAtomic(file, value) {
    await writeTextAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}
async function writeTextAtomic(file, text) {
    const tmp = `${file}.tmp.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString("hex")}`;
    try {
        await (0,_mkdir_js__WEBPACK_IMPORTED_MODULE_4__/* .makeDirectory */ .Oh)(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file));
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.writeFile(tmp, text);
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rename(tmp, file);
    }
    catch (error) {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(tmp, { force: true });
        const code = error.code;
        // A full or read-only disk is the environment's problem: say which file, without a stack.
        if (code && STORAGE_ERRORS.has(code))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`cannot write ${file}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error)}`, 2);
        throw error;
    }
}
const STORAGE_ERRORS = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "EFBIG"]);
/**
 * Reads a JSON file and checks it against a schema. Never throws: a missing, unreadable,
 * truncated or foreign file comes back as a message naming the file and the problem.
 */
async function readJsonChecked(file, schema, label) {
    let text;
    try {
        text = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(file, "utf8");
    }
    catch (error) {
        const code = error.code;
        return { ok: false, missing: code === "ENOENT", message: `${label} ${file} cannot be read (${code ?? "error"})` };
    }
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { ok: false, missing: false, message: `${label} ${file} is not valid JSON (${why})` };
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
        return {
            ok: false,
            missing: false,
            message: `${label} ${file} does not match its schema${where}: ${issue?.message ?? "invalid"}`,
        };
    }
    return { ok: true, value: parsed.data };
}
/** Like readJsonChecked but a problem is a UserError. */
async function readJsonOrThrow(file, schema, label) {
    const r = await readJsonChecked(file, schema, label);
    if (!r.ok)
        throw new UserError(r.message);
    return r.value;
}


/***/ }),

/***/ 20633:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ git),
/* harmony export */   QE: () => (/* binding */ gitOrThrow),
/* harmony export */   Qo: () => (/* binding */ headCommit),
/* harmony export */   oB: () => (/* binding */ gitTopLevel),
/* harmony export */   q4: () => (/* binding */ repositoryId)
/* harmony export */ });
/* harmony import */ var _actions_exec__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(81260);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/**
 * Short git invocations (argv only, through @actions/exec, output captured, never echoed).
 */


async function git(cwd, args, env) {
    try {
        const r = await (0,_actions_exec__WEBPACK_IMPORTED_MODULE_0__/* .getExecOutput */ .H)("git", args, {
            cwd,
            silent: true,
            ignoreReturnCode: true,
            env: env ? { ...process.env, ...env } : undefined,
        });
        return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`git could not be run (${error instanceof Error ? error.message : String(error)})`);
    }
}
async function gitOrThrow(cwd, args, what, env) {
    const r = await git(cwd, args, env);
    if (r.code !== 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${what} failed: git ${args[0]}: ${r.stderr.trim() || `exit ${r.code}`}`);
    return r.stdout;
}
/** The commit checked out in `root`, or null when it is not a git work tree (or has no commit). */
async function headCommit(root) {
    const r = await git(root, ["rev-parse", "--verify", "-q", "HEAD"]);
    return r.code === 0 ? r.stdout.trim() : null;
}
/** `owner/name` from GITHUB_REPOSITORY, else the origin URL's last two segments, else null. */
async function repositoryId(root, env) {
    if (env.GITHUB_REPOSITORY)
        return env.GITHUB_REPOSITORY;
    const r = await git(root, ["config", "--get", "remote.origin.url"]);
    if (r.code !== 0)
        return null;
    const m = /([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(r.stdout.trim());
    return m?.[1] ?? null;
}
/**
 * The top level of the git work tree that holds `dir` (with symbolic links resolved, as git
 * reports it). Workspace changes are recorded and applied there, whatever subdirectory the waves
 * live in: git commands run in a subdirectory only see (or apply) the paths under it.
 */
async function gitTopLevel(dir) {
    return (await gitOrThrow(dir, ["rev-parse", "--show-toplevel"], "finding the repository's top level")).trim();
}


/***/ }),

/***/ 88114:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  I: () => (/* binding */ acquireLock),
  F: () => (/* binding */ processAlive)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/state/interrupt.ts
/**
 * Process-wide interruption: the CLI records SIGINT/SIGTERM here as soon as one arrives, whoever
 * else handles the signal. Waits in the state layer (the wave lock's wait for a lock file being
 * written) end early through `pauseUnlessInterrupted` with a UserError whose exit code is the
 * signal's (130 for SIGINT, 143 for SIGTERM), so a signal ends a command blocked in such a wait.
 * Nothing here installs a signal handler: a library caller (tests, the action) that never records
 * an interruption sees plain timed waits.
 */

let received = null;
const wakers = new Set();
/** The exit code of a command ended by `signal`. */
function exitCodeOfSignal(signal) {
    return signal === "SIGINT" ? 130 : 143;
}
/** Records an interruption (the first one counts) and wakes every pending wait. */
function noteInterrupt(signal) {
    received ??= signal;
    for (const wake of [...wakers])
        wake();
}
/** The first signal recorded, or null. */
function interruptedBy() {
    return received;
}
function interruptedError(what, signal) {
    return new errors/* UserError */.yo(`interrupted by ${signal} ${what}`, exitCodeOfSignal(signal));
}
/** Waits `ms`; rejects with a UserError (exit 130/143) once an interruption is recorded. */
function pauseUnlessInterrupted(ms, what) {
    if (received)
        return Promise.reject(interruptedError(what, received));
    return new Promise((resolve, reject) => {
        const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            if (received)
                reject(interruptedError(what, received));
            else
                resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
    });
}

// EXTERNAL MODULE: ./src/state/mkdir.ts
var mkdir = __webpack_require__(78922);
;// CONCATENATED MODULE: ./src/state/lock.ts
/**
 * One `wave run` per lane+wave at a time: an exclusive lock file with stale-lock recovery.
 * A stale lock (its process is gone) is moved aside with an atomic rename before retrying, so two
 * processes recovering the same stale lock cannot both win.
 *
 * Every loop here is bounded: the lock directory is made with bounded tries (state/mkdir.ts), a
 * lock file being written is waited for at most LOCK_ROUNDS short pauses, and a SIGINT/SIGTERM
 * recorded by the CLI ends the wait at once (exit 130/143, state/interrupt.ts).
 */








/** How many times the lock is tried (a pause of LOCK_PAUSE_MS between tries that wait). */
const LOCK_ROUNDS = 100;
const LOCK_PAUSE_MS = 100;
const LockInfoSchema = schemas/* object */.Ikc({
    pid: schemas/* number */.aig().int(),
    hostname: schemas/* string */.YjP(),
    startedAt: schemas/* string */.YjP(),
    command: schemas/* string */.YjP().optional(),
});
/** Whether a process with this pid exists (EPERM: it does, and belongs to someone else). */
function processAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === "EPERM";
    }
}
async function readLock(file) {
    try {
        const parsed = LockInfoSchema.safeParse(JSON.parse(await external_node_fs_.promises.readFile(file, "utf8")));
        return parsed.success ? parsed.data : null;
    }
    catch {
        return null;
    }
}
async function ageMs(file) {
    try {
        return Date.now() - (await external_node_fs_.promises.stat(file)).mtimeMs;
    }
    catch {
        return Number.POSITIVE_INFINITY;
    }
}
async function acquireLock(dir, command) {
    await (0,mkdir/* makeDirectory */.Oh)(dir);
    const file = external_node_path_default().join(dir, "run.lock");
    const info = { pid: process.pid, hostname: external_node_os_default().hostname(), startedAt: new Date().toISOString(), command };
    for (let round = 0; round < LOCK_ROUNDS; round++) {
        try {
            const handle = await external_node_fs_.promises.open(file, "wx");
            try {
                await handle.writeFile(`${JSON.stringify(info)}\n`);
            }
            finally {
                await handle.close();
            }
            return {
                file,
                async release() {
                    const current = await readLock(file);
                    if (current && current.pid === info.pid && current.startedAt === info.startedAt)
                        await external_node_fs_.promises.rm(file, { force: true });
                },
            };
        }
        catch (error) {
            if (error.code !== "EEXIST")
                throw error;
        }
        const holder = await readLock(file);
        if (holder && holder.hostname === info.hostname && processAlive(holder.pid)) {
            throw new errors/* UserError */.yo(`another wave run is active on this wave (pid ${holder.pid}, started ${holder.startedAt}); lock: ${file}`, 2);
        }
        if (holder && holder.hostname !== info.hostname) {
            throw new errors/* UserError */.yo(`the wave is locked by a run on host ${holder.hostname} (pid ${holder.pid}); lock: ${file}`, 2);
        }
        if (!holder && (await ageMs(file)) < 5000) {
            // Possibly being written right now by another process: give it a moment.
            await pauseUnlessInterrupted(LOCK_PAUSE_MS, `while waiting for the wave lock ${file}`);
            continue;
        }
        // Stale (dead pid) or unreadable for a while (a crash mid-write): move it aside atomically.
        const aside = `${file}.stale.${(0,external_node_crypto_.randomBytes)(4).toString("hex")}`;
        try {
            await external_node_fs_.promises.rename(file, aside);
            await external_node_fs_.promises.rm(aside, { force: true });
        }
        catch (error) {
            if (error.code !== "ENOENT")
                throw error;
        }
    }
    throw new errors/* UserError */.yo(`could not acquire the wave lock ${file} (${LOCK_ROUNDS} tries)`, 2);
}


/***/ }),

/***/ 78922:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oh: () => (/* binding */ makeDirectory)
/* harmony export */ });
/* unused harmony exports MKDIR_TRIES, checkCreatableDirectory */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/**
 * Creating directories with a bounded number of tries. Node's recursive mkdir retries without end
 * when the system keeps answering "no such directory" for a parent that exists (a path under
 * /proc does), which spins the CPU forever; a path under a regular file fails at once. Here the
 * missing directories are made one level at a time, each failure says which path and why, and a
 * directory that keeps vanishing while it is made (ENOENT) is given up on after MKDIR_TRIES tries.
 * Every failure is a UserError (exit 2) naming the path.
 */



const MKDIR_TRIES = 5;
function codeOf(error) {
    return error.code ?? "error";
}
function cannotCreate(dir, why) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot create the directory ${dir}: ${why}`, 2);
}
/**
 * The directories from the nearest existing ancestor of `dir` (exclusive) down to `dir`, top
 * first; empty when `dir` exists. Throws when `dir` or an ancestor exists but is not a directory.
 */
async function missingDirs(dir) {
    const missing = [];
    let current = dir;
    for (;;) {
        try {
            const st = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(current);
            if (!st.isDirectory()) {
                throw cannotCreate(dir, current === dir ? "it exists and is not a directory" : `${current} is not a directory`);
            }
            return missing.reverse();
        }
        catch (error) {
            if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo)
                throw error;
            const code = codeOf(error);
            // ENOTDIR: a component above is a file; walking up finds it and says so.
            if (code !== "ENOENT" && code !== "ENOTDIR")
                throw cannotCreate(dir, `${current}: ${code}`);
        }
        missing.push(current);
        const parent = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(current);
        if (parent === current)
            throw cannotCreate(dir, "no ancestor of it exists");
        current = parent;
    }
}
/**
 * `mkdir -p dir` with bounded tries. Resolves with the first directory it made (undefined when
 * `dir` already existed), like `fs.mkdir(dir, { recursive: true })`.
 */
async function makeDirectory(dir, mode) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(dir);
    let first;
    for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
        const missing = await missingDirs(target);
        if (missing.length === 0)
            return first;
        let vanished = false;
        for (const d of missing) {
            try {
                await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdir(d, mode === undefined ? {} : { mode });
                first ??= d;
            }
            catch (error) {
                const code = codeOf(error);
                if (code === "EEXIST")
                    continue; // made meanwhile by someone else (missingDirs checks its kind)
                if (code === "ENOENT") {
                    vanished = true;
                    break;
                }
                throw cannotCreate(target, d === target ? code : `${d}: ${code}`);
            }
        }
        if (!vanished) {
            // Made everything (or someone else did): check once more what is there now.
            if ((await missingDirs(target)).length === 0)
                return first;
        }
    }
    throw cannotCreate(target, `making it keeps failing with ENOENT although its parent exists (${MKDIR_TRIES} tries)`);
}
/**
 * Checks, without leaving anything behind, that `dir` is a directory or can be made: the nearest
 * existing ancestor must be a directory in which a directory can be created (a uniquely named
 * probe, removed at once). Throws the same UserError as makeDirectory.
 */
async function checkCreatableDirectory(dir) {
    const target = path.resolve(dir);
    const missing = await missingDirs(target);
    if (missing.length === 0)
        return;
    const parent = path.dirname(missing[0]);
    for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
        let probe;
        try {
            probe = await fs.mkdtemp(path.join(parent, ".wave-probe-"));
        }
        catch (error) {
            const code = codeOf(error);
            if (code === "EEXIST")
                continue;
            if (code === "ENOENT" && attempt < MKDIR_TRIES)
                continue;
            throw cannotCreate(target, code === "ENOENT" ? `no directory can be made in ${parent} (ENOENT, ${MKDIR_TRIES} tries)` : `${parent}: ${code}`);
        }
        await fs.rmdir(probe).catch(() => undefined);
        return;
    }
    throw cannotCreate(target, `no directory could be made in ${parent} (${MKDIR_TRIES} tries)`);
}


/***/ }),

/***/ 65013:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M2: () => (/* binding */ agentDirName),
/* harmony export */   Ot: () => (/* binding */ runPaths),
/* harmony export */   SR: () => (/* binding */ agentPaths),
/* harmony export */   X$: () => (/* binding */ relativeToRun),
/* harmony export */   ej: () => (/* binding */ waveDirOf),
/* harmony export */   pf: () => (/* binding */ runPathsOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Where a run's files live. One directory per lane/wave/attempt:
 *   <stateDir>/<lane>/wave-<n>/attempt-<a>/
 */

function waveDirOf(stateDir, lane, wave) {
    return node_path__WEBPACK_IMPORTED_MODULE_0___default().join(stateDir, lane, `wave-${wave}`);
}
function runPaths(stateDir, lane, wave, attempt) {
    const waveDir = waveDirOf(stateDir, lane, wave);
    return runPathsOf(node_path__WEBPACK_IMPORTED_MODULE_0___default().join(waveDir, `attempt-${attempt}`), attempt, waveDir);
}
/** Paths inside an existing run directory (e.g. one restored from an artifact). */
function runPathsOf(runDir, attempt, waveDir = node_path__WEBPACK_IMPORTED_MODULE_0___default().dirname(runDir)) {
    return {
        waveDir,
        runDir,
        attempt,
        result: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "result.json"),
        progress: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "progress.json"),
        gates: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "gates.json"),
        coordination: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "coordination.jsonl"),
        messageBoard: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "messageboard.md"),
        feedbackDir: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "feedback"),
        changesDir: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "changes"),
        agentsDir: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runDir, "agents"),
    };
}
/** Agent ids are used as directory names: keep them to a safe alphabet. */
function agentDirName(agentId) {
    return agentId.replace(/[^A-Za-z0-9._-]/g, "_");
}
function agentPaths(run, agentId) {
    const dir = node_path__WEBPACK_IMPORTED_MODULE_0___default().join(run.agentsDir, agentDirName(agentId));
    return {
        dir,
        prompt: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "prompt.md"),
        log: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "agent.log"),
        status: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "status.json"),
        summary: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "summary.json"),
        launch: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "launch.json"),
        overlay: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "overlay"),
        sandbox: node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, "sandbox.json"),
    };
}
function relativeToRun(run, file) {
    return node_path__WEBPACK_IMPORTED_MODULE_0___default().relative(run.runDir, file).split((node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)).join("/");
}


/***/ }),

/***/ 6498:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $L: () => (/* binding */ ProgressSchema)
/* harmony export */ });
/* unused harmony exports PHASES, AgentProgressSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(38816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77336);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76858);
/**
 * The progress journal (progress.json): written atomically after every agent and gate, so a run
 * killed at any moment (even with SIGKILL) can be resumed from what it had recorded.
 */



const PHASES = ["starting", "design", "implementation", "closure", "finished"];
const AgentProgressSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    status: _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .AgentStatusSchema */ .jG,
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    executor: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    exitCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nullable(),
    statusCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    attempts: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    runs: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    completedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    /** The run directory (relative to the state dir's wave dir) whose files hold this success. */
    source: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable().optional(),
    /** What the agent used so far in this run. */
    usage: _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .AgentUsageSchema */ .AY.nullable().optional(),
});
const ProgressSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    schemaVersion: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz(1),
    kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz("wave-progress"),
    lane: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    attempt: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(),
    waveFile: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    waveFingerprint: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    repository: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    baseCommit: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    phase: zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(PHASES),
    stage: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    /** Closure stages that passed, in order. */
    passedStages: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    agents: zod__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), AgentProgressSchema),
    gates: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GateResultSchema */ .ui),
    status: _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .WaveStatusSchema */ .$H.nullable(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    updatedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    resumedFrom: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});


/***/ }),

/***/ 76858:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $H: () => (/* binding */ WaveStatusSchema),
/* harmony export */   Sn: () => (/* binding */ WaveResultSchema),
/* harmony export */   jG: () => (/* binding */ AgentStatusSchema),
/* harmony export */   tS: () => (/* binding */ RESULT_SCHEMA_VERSION),
/* harmony export */   ui: () => (/* binding */ GateResultSchema),
/* harmony export */   x7: () => (/* binding */ WAVE_STATUSES)
/* harmony export */ });
/* unused harmony exports AGENT_STATUSES, GATE_STAGES, GateStageSchema, ExecutorRunSchema, AgentResultSchema, FailureSchema, FeedbackSchema, StageTimingSchema, AgentUserInfoSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(38816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77336);
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(68486);
/**
 * result.json and the per-agent status record: the public result of a wave run.
 *
 * schemaVersion 2 added per-agent `usage` and the wave's `usage` totals (src/usage/schema.ts).
 * Readers accept version 1 too and see it as version 2 with no usage (null).
 */


/** The version this code writes. */
const RESULT_SCHEMA_VERSION = 2;

const WAVE_STATUSES = ["passed", "failed", "blocked", "cancelled", "dry-run"];
const WaveStatusSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(WAVE_STATUSES);
const AGENT_STATUSES = [
    "succeeded",
    "failed",
    "timed-out",
    "idle-timeout",
    "budget-exceeded",
    "cancelled",
    "skipped",
    "reused",
    "not-run",
];
const AgentStatusSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(AGENT_STATUSES);
const GATE_STAGES = [
    "design",
    "implementation",
    "component",
    "cont-eval",
    "security",
    "integration",
    "documentation",
    "component-matrix",
    "cont-qa",
    "infra",
    "clarification",
];
const GateStageSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(GATE_STAGES);
const GateResultSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    stage: GateStageSchema,
    agentId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    ok: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    statusCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    detail: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    logPath: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable().optional(),
    componentId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    /** Set when a stage was skipped (auto-closure, bootstrap mode, not required). */
    skipped: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY().optional(),
});
const ExecutorRunSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    executor: _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ExecutorIdSchema */ .QA,
    reason: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
});
const AgentResultSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    title: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    role: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    executor: _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ExecutorIdSchema */ .QA,
    status: AgentStatusSchema,
    exitCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nullable(),
    signal: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable().optional(),
    statusCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    /** In-job attempts (retries of the wave attempt loop) in which this agent ran. */
    attempts: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    /** Process starts in this attempt (rate-limit retries included). */
    runs: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    completedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    durationMs: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().nonnegative().nullable(),
    /** Log path relative to the run directory. */
    log: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    executorHistory: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(ExecutorRunSchema).optional(),
    reusedFrom: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable().optional(),
    /** Resumed runs: whether the agent ran in the run this one resumes (absent: not a resume, or older results). */
    ranBefore: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY().optional(),
    /** Fingerprint of what the agent was asked to do (reuse on retry/resume needs it unchanged). */
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    /** design, implementation, or the closure stage the agent belongs to. */
    phase: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    /** 1-based line of the agent's `## Agent` heading in the wave file. */
    line: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative().optional(),
    /** What the agent used in this run, as its CLI reported it (null: it did not run here, or version 1). */
    usage: _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .AgentUsageSchema */ .AY.nullable().default(null),
});
const FailureSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    stage: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    statusCode: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    detail: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    log: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});
const FeedbackSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    agentId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    question: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    askedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    answer: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});
const StageTimingSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    stage: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    completedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});
/** Who the agents ran as: another OS user (the boundary holds) or the orchestrator's own. */
const AgentUserInfoSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    mode: zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(["separate", "same"]),
    user: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    detail: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
});
const WaveResultSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    /** 1 or 2 when read; what is read is version 2 (a version 1 result has no usage). */
    schemaVersion: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz([1, 2]).transform(() => RESULT_SCHEMA_VERSION),
    lane: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    attempt: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(),
    status: WaveStatusSchema,
    startedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    completedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    durationMs: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().nonnegative(),
    resumedFrom: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    agents: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(AgentResultSchema),
    gates: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(GateResultSchema),
    failure: FailureSchema.nullable(),
    feedback: FeedbackSchema.nullable(),
    stages: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(StageTimingSchema).optional(),
    waveFile: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    runDir: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    agentUser: AgentUserInfoSchema.optional(),
    /** The run's totals over its agents (null in a version 1 result). */
    usage: _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .WaveUsageSchema */ .wD.nullable().default(null),
});


/***/ }),

/***/ 34438:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ UsageMeter),
/* harmony export */   t: () => (/* binding */ roundUsd)
/* harmony export */ });
/* harmony import */ var _pricing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(40625);

const noFigures = () => ({ tokens: { input: null, cached: null, output: null, reasoning: null }, costUsd: null });
const newSlot = () => ({ lastKey: null, last: null, sum: noFigures(), turns: 0, total: null, sessionId: null, sessionTotal: null });
function plus(a, b, sign) {
    return b === null ? a : (a ?? 0) + sign * b;
}
function addInto(into, f, sign) {
    const t = into.tokens;
    t.input = plus(t.input, f.tokens.input, sign);
    t.cached = plus(t.cached, f.tokens.cached, sign);
    t.output = plus(t.output, f.tokens.output, sign);
    t.reasoning = plus(t.reasoning, f.tokens.reasoning, sign);
    into.costUsd = plus(into.costUsd, f.costUsd, sign);
}
function minus(a, b) {
    return a === null ? null : Math.max(0, a - (b ?? 0));
}
function sum(a, b) {
    return a === null ? b : b === null ? a : a + b;
}
function sumFigures(list) {
    const out = { tokens: { input: null, cached: null, output: null, reasoning: null }, costUsd: null };
    for (const f of list) {
        out.tokens.input = sum(out.tokens.input, f.tokens.input);
        out.tokens.cached = sum(out.tokens.cached, f.tokens.cached);
        out.tokens.output = sum(out.tokens.output, f.tokens.output);
        out.tokens.reasoning = sum(out.tokens.reasoning, f.tokens.reasoning);
        out.costUsd = sum(out.costUsd, f.costUsd);
    }
    return out;
}
function hasTokens(t) {
    return (t.input ?? 0) + (t.output ?? 0) > 0;
}
class UsageMeter {
    pricing;
    configuredModel;
    slots = [];
    sessionId = null;
    reportedModel = null;
    /** The CLI said it stopped at its own budget flag. */
    budgetStopped = false;
    constructor(pricing, 
    /** The model the agent was configured with (the CLIs do not all name it in their events). */
    configuredModel) {
        this.pricing = pricing;
        this.configuredModel = configuredModel;
    }
    /** A new process of the agent starts (its CLI counts from zero). */
    startProcess() {
        this.slots.push(newSlot());
    }
    /** Applies one fact; true when a token or cost figure changed. */
    apply(fact) {
        if (this.slots.length === 0)
            this.startProcess();
        const slot = this.slots[this.slots.length - 1];
        switch (fact.kind) {
            case "session":
                if (fact.sessionId) {
                    this.sessionId = fact.sessionId;
                    slot.sessionId = fact.sessionId;
                }
                if (fact.model)
                    this.reportedModel = fact.model;
                return false;
            case "call": {
                // The fact itself holds the figures (no copy per event).
                const figures = fact;
                if (fact.key !== null && fact.key === slot.lastKey && slot.last) {
                    // The same message again: its latest figures replace the earlier.
                    addInto(slot.sum, slot.last, -1);
                }
                else if (fact.turn)
                    slot.turns++;
                slot.lastKey = fact.key;
                slot.last = figures;
                addInto(slot.sum, figures, 1);
                return true;
            }
            case "session-total":
                slot.sessionTotal = fact.tokens;
                if (fact.turn)
                    slot.turns++;
                return true;
            case "total":
                slot.total = { tokens: fact.tokens, costUsd: fact.costUsd, turns: fact.turns };
                if (fact.sessionId)
                    this.sessionId = fact.sessionId;
                if (fact.model)
                    this.reportedModel = fact.model;
                if (fact.budgetStop)
                    this.budgetStopped = true;
                return true;
        }
    }
    get model() {
        return this.reportedModel ?? this.configuredModel;
    }
    priced = null;
    /** The model's price (looked up once per model name). */
    price() {
        const model = this.model;
        if (this.priced?.model !== model)
            this.priced = { model, price: (0,_pricing_js__WEBPACK_IMPORTED_MODULE_0__/* .priceOf */ .x)(this.pricing, model) };
        return this.priced.price;
    }
    /**
     * What a process added to its session's totals: its last report less what an earlier process of
     * the same session reported (a resumed thread counts from where it was).
     */
    sessionPart(slot, seen) {
        if (!slot.sessionTotal)
            return [];
        const before = slot.sessionId ? seen.get(slot.sessionId) : undefined;
        if (slot.sessionId)
            seen.set(slot.sessionId, slot.sessionTotal);
        const t = slot.sessionTotal;
        const tokens = before
            ? {
                input: minus(t.input, before.input),
                cached: minus(t.cached, before.cached),
                output: minus(t.output, before.output),
                reasoning: minus(t.reasoning, before.reasoning),
            }
            : t;
        return [{ tokens, costUsd: null }];
    }
    /** What the agent used so far in this run. */
    snapshot() {
        const price = this.price();
        let tokens = { input: null, cached: null, output: null, reasoning: null };
        let cost = null;
        let costKnown = true;
        let estimated = false;
        let turns = null;
        const sessionSeen = new Map();
        for (const slot of this.slots) {
            const figures = slot.total ?? sumFigures([slot.sum, ...this.sessionPart(slot, sessionSeen)]);
            const slotTurns = slot.total ? slot.total.turns : slot.turns > 0 ? slot.turns : null;
            turns = sum(turns, slotTurns);
            tokens = {
                input: sum(tokens.input, figures.tokens.input),
                cached: sum(tokens.cached, figures.tokens.cached),
                output: sum(tokens.output, figures.tokens.output),
                reasoning: sum(tokens.reasoning, figures.tokens.reasoning),
            };
            // The CLI's own figure when it gave a positive one; else the pricing table's estimate. A CLI
            // says 0 for a model it has no price for (OpenCode with a custom provider): tokens at a cost
            // of 0 are an unknown cost, never a free one.
            let slotCost = null;
            if (figures.costUsd !== null && figures.costUsd > 0)
                slotCost = figures.costUsd;
            else if (price && hasTokens(figures.tokens)) {
                slotCost = (0,_pricing_js__WEBPACK_IMPORTED_MODULE_0__/* .estimateCost */ .a)(figures.tokens, price);
                estimated = true;
            }
            else if (!hasTokens(figures.tokens))
                slotCost = 0;
            if (slotCost === null)
                costKnown = false;
            else
                cost = (cost ?? 0) + slotCost;
        }
        return {
            model: this.model,
            inputTokens: tokens.input,
            cachedInputTokens: tokens.cached,
            outputTokens: tokens.output,
            reasoningTokens: tokens.reasoning,
            costUsd: costKnown && this.slots.length > 0 && (tokens.input !== null || tokens.output !== null) ? roundUsd(cost ?? 0) : null,
            costEstimated: estimated,
            turns,
            sessionId: this.sessionId,
        };
    }
}
/** Costs are kept to a millionth of a dollar. */
function roundUsd(v) {
    return Math.round(v * 1e6) / 1e6;
}


/***/ }),

/***/ 40625:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ estimateCost),
/* harmony export */   x: () => (/* binding */ priceOf)
/* harmony export */ });
/**
 * The price of `model`: its own entry, else the entry of its name without a `[…]` suffix
 * (`claude-opus-4-8[1m]`), else without a `provider/` prefix (`openai/gpt-5`).
 */
function priceOf(pricing, model) {
    if (!model)
        return null;
    const bare = model.replace(/\[[^\]]*\]$/, "");
    const names = [model, bare, bare.slice(bare.lastIndexOf("/") + 1)];
    for (const name of names) {
        const price = Object.hasOwn(pricing, name) ? pricing[name] : undefined;
        if (price)
            return price;
    }
    return null;
}
function estimateCost(tokens, price) {
    const input = tokens.input ?? 0;
    const cached = Math.min(tokens.cached ?? 0, input);
    const cachedPrice = price.cachedInputPerMTok ?? price.inputPerMTok;
    return ((input - cached) * price.inputPerMTok + cached * cachedPrice + (tokens.output ?? 0) * price.outputPerMTok) / 1_000_000;
}


/***/ }),

/***/ 77336:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AY: () => (/* binding */ AgentUsageSchema),
/* harmony export */   RP: () => (/* binding */ totalTokens),
/* harmony export */   SD: () => (/* binding */ PricingSchema),
/* harmony export */   wD: () => (/* binding */ WaveUsageSchema)
/* harmony export */ });
/* unused harmony exports ModelPriceSchema, emptyUsage */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38816);
/**
 * What an agent's model use cost: the figures each CLI reports about itself, in one vocabulary.
 *
 * - `inputTokens` counts ALL input tokens of the model calls (those read from the prompt cache
 *   included); `cachedInputTokens` is the part read from the cache.
 * - `outputTokens` counts ALL output tokens; `reasoningTokens` is the part spent on reasoning.
 * - `costUsd` is what the CLI reported, or an estimate from the config's `pricing` table
 *   (`costEstimated: true`) when the CLI reports tokens but no cost; null when neither is known.
 * - `turns`: what the CLI counts as turns (Claude `num_turns`, codex completed turns, OpenCode
 *   steps — model requests).
 * - A field the CLI does not report is null, never 0.
 */

const Count = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative();
const AgentUsageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    model: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    inputTokens: Count.nullable(),
    cachedInputTokens: Count.nullable(),
    outputTokens: Count.nullable(),
    reasoningTokens: Count.nullable(),
    costUsd: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().nullable(),
    costEstimated: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    turns: Count.nullable(),
    sessionId: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    /** True when this run continued the CLI's own session of an earlier, interrupted run. */
    continuedSession: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
});
/** The wave's totals over the agents that ran in this run (reused agents spent nothing here). */
const WaveUsageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    inputTokens: Count,
    cachedInputTokens: Count,
    outputTokens: Count,
    reasoningTokens: Count,
    /** inputTokens + outputTokens. */
    totalTokens: Count,
    /** Sum of the agents' costs; null when no agent's cost is known. */
    costUsd: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().nullable(),
    /** Some of the cost is an estimate from the pricing table. */
    costEstimated: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** Agents that used tokens but whose cost is unknown (not in costUsd). */
    costUnknown: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
});
/** `pricing` in wave.config.json: USD per million tokens, per model name as the CLI is given it. */
const ModelPriceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    inputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(),
    outputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(),
    /** Price of cached input; defaults to inputPerMTok. */
    cachedInputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().optional(),
});
const PricingSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), ModelPriceSchema);
const emptyUsage = () => ({
    model: null,
    inputTokens: null,
    cachedInputTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    costUsd: null,
    costEstimated: false,
    turns: null,
    sessionId: null,
});
/** inputTokens + outputTokens, or null when neither is known. */
function totalTokens(u) {
    return u.inputTokens === null && u.outputTokens === null ? null : (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
}


/***/ }),

/***/ 87288:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ addWaveUsage),
/* harmony export */   R: () => (/* binding */ sumUsage)
/* harmony export */ });
/* harmony import */ var _meter_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34438);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77336);
/**
 * Totals (pure): a wave's over its agents, and several waves' over their totals (the report job).
 */


const emptyTotals = () => ({
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    totalTokens: 0,
    costUsd: null,
    costEstimated: false,
    costUnknown: [],
});
function addCost(into, costUsd, estimated) {
    if (costUsd === null)
        return;
    into.costUsd = (0,_meter_js__WEBPACK_IMPORTED_MODULE_1__/* .roundUsd */ .t)((into.costUsd ?? 0) + costUsd);
    if (estimated)
        into.costEstimated = true;
}
/** The wave's totals over the given agents' usage. */
function sumUsage(agents) {
    const out = emptyTotals();
    for (const { id, usage } of agents) {
        if (!usage)
            continue;
        out.inputTokens += usage.inputTokens ?? 0;
        out.cachedInputTokens += usage.cachedInputTokens ?? 0;
        out.outputTokens += usage.outputTokens ?? 0;
        out.reasoningTokens += usage.reasoningTokens ?? 0;
        addCost(out, usage.costUsd, usage.costEstimated);
        if (usage.costUsd === null && ((0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .totalTokens */ .RP)(usage) ?? 0) > 0)
            out.costUnknown.push(id);
    }
    out.totalTokens = out.inputTokens + out.outputTokens;
    return out;
}
/** Several waves' totals added up; null when none has any. */
function addWaveUsage(list) {
    let out = null;
    for (const u of list) {
        if (!u)
            continue;
        out ??= emptyTotals();
        out.inputTokens += u.inputTokens;
        out.cachedInputTokens += u.cachedInputTokens;
        out.outputTokens += u.outputTokens;
        out.reasoningTokens += u.reasoningTokens;
        out.totalTokens += u.totalTokens;
        addCost(out, u.costUsd, u.costEstimated);
        out.costUnknown.push(...u.costUnknown);
    }
    return out;
}


/***/ }),

/***/ 58349:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  au: () => (/* binding */ CONFIG_FILE_NAME),
  vx: () => (/* binding */ normalizeLaneName),
  RG: () => (/* binding */ readConfigFile),
  gT: () => (/* binding */ resolveLaneSettings)
});

// UNUSED EXPORTS: DEFAULT_LANE, DEFAULT_PROJECT, DEFAULT_REQUIRED_PROMPT_REFERENCES, parseConfigText

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/usage/schema.ts
var schema = __webpack_require__(77336);
// EXTERNAL MODULE: ./src/wave/paths.ts
var paths = __webpack_require__(33345);
// EXTERNAL MODULE: ./src/sandbox/ecosystems.ts
var ecosystems = __webpack_require__(91186);
// EXTERNAL MODULE: ./src/wave/schema.ts
var wave_schema = __webpack_require__(68486);
;// CONCATENATED MODULE: ./src/wave/config-schema.ts
/**
 * zod schema of wave.config.json as written on disk (every key optional). Normalization into
 * LaneSettings (defaults, merging of project and lane levels) lives in config.ts.
 *
 * Objects are strict: unknown keys are found by the loader and reported as warnings (they are
 * ignored, as the reference ignores them), everything else that does not fit is an error that
 * names the JSON path.
 */





const noNul = (v) => !v.includes("\u0000");
const Str = schemas/* string */.YjP().refine(noNul, { message: "must not contain NUL characters" });
/** A repository-relative path: no leading `/`, no `..`. */
const RepoPathSchema = schemas/* string */.YjP().superRefine((v, ctx) => {
    const problem = (0,paths/* repoPathProblem */.Js)(v);
    if (problem)
        ctx.addIssue({ code: "custom", message: `path "${v.length > 80 ? `${v.slice(0, 79)}…` : v}" ${problem}` });
});
const LaneNameSchema = schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9_-]*$/, {
    message: "must be lowercase letters, digits, '_' or '-' (starting with a letter or digit)",
});
const AgentIdSchema = schemas/* string */.YjP().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: "is not a valid agent id" });
const ThresholdSchema = schemas/* number */.aig().int().nonnegative().nullable();
const ModeThresholds = schemas/* strictObject */.rej({
    bootstrap: schemas/* number */.aig().int().nonnegative().optional(),
    standard: schemas/* number */.aig().int().nonnegative().optional(),
    strict: schemas/* number */.aig().int().nonnegative().optional(),
});
/** A command as one string (split into words like a shell would, never run by one) or an argv array. */
const CommandSchema = schemas/* union */.KCZ([Str, schemas/* array */.YOg(Str).min(1)]);
const StrOrList = schemas/* union */.KCZ([Str, schemas/* array */.YOg(Str)]);
const JsonObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
const EnvName = schemas/* string */.YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: "is not an environment variable name" });
const RolesConfigSchema = schemas/* strictObject */.rej({
    rolePromptDir: RepoPathSchema.optional(),
    contQaAgentId: AgentIdSchema.optional(),
    contEvalAgentId: AgentIdSchema.optional(),
    integrationAgentId: AgentIdSchema.optional(),
    documentationAgentId: AgentIdSchema.optional(),
    contQaRolePromptPath: RepoPathSchema.optional(),
    contEvalRolePromptPath: RepoPathSchema.optional(),
    integrationRolePromptPath: RepoPathSchema.optional(),
    documentationRolePromptPath: RepoPathSchema.optional(),
    securityRolePromptPath: RepoPathSchema.optional(),
    designRolePromptPath: RepoPathSchema.optional(),
});
const ValidationConfigSchema = schemas/* strictObject */.rej({
    requiredPromptReferences: schemas/* array */.YOg(Str).optional(),
    requireDocumentationStewardFromWave: ThresholdSchema.optional(),
    requireContext7DeclarationsFromWave: ThresholdSchema.optional(),
    requireExitContractsFromWave: ThresholdSchema.optional(),
    requireIntegrationStewardFromWave: ThresholdSchema.optional(),
    requireComponentPromotionsFromWave: ThresholdSchema.optional(),
    requireAgentComponentsFromWave: ThresholdSchema.optional(),
    gateModeThresholds: ModeThresholds.optional(),
    closureModeThresholds: ModeThresholds.optional(),
    autoClosure: schemas/* strictObject */.rej({
        allowInferredIntegration: schemas/* boolean */.zMY().optional(),
        allowAutoDocNoChange: schemas/* boolean */.zMY().optional(),
        allowAutoDocProjection: schemas/* boolean */.zMY().optional(),
        allowSkipContQaInBootstrap: schemas/* boolean */.zMY().optional(),
    })
        .optional(),
    /** Accepted for compatibility; unused (dead in the reference too). */
    bootstrapPassConditions: JsonObject.optional(),
    testCommand: Str.optional(),
    testCommandTimeout: schemas/* number */.aig().optional(),
});
const CodexConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    profileName: Str.optional(),
    config: StrOrList.optional(),
    search: schemas/* boolean */.zMY().optional(),
    images: StrOrList.optional(),
    addDirs: StrOrList.optional(),
    json: schemas/* boolean */.zMY().optional(),
    ephemeral: schemas/* boolean */.zMY().optional(),
    sandbox: schemas/* enum */.k5n(["read-only", "workspace-write", "danger-full-access"]).optional(),
});
const ClaudeConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    agent: Str.optional(),
    appendSystemPromptMode: schemas/* enum */.k5n(["append", "replace"]).optional(),
    permissionMode: Str.optional(),
    permissionPromptTool: Str.optional(),
    effort: schemas/* enum */.k5n(["low", "medium", "high", "max"]).optional(),
    maxTurns: schemas/* number */.aig().int().positive().optional(),
    mcpConfig: StrOrList.optional(),
    strictMcpConfig: schemas/* boolean */.zMY().optional(),
    settings: Str.optional(),
    settingsJson: JsonObject.optional(),
    hooksJson: JsonObject.optional(),
    allowedHttpHookUrls: StrOrList.optional(),
    outputFormat: schemas/* enum */.k5n(["text", "json", "stream-json"]).optional(),
    allowedTools: schemas/* array */.YOg(Str).optional(),
    disallowedTools: schemas/* array */.YOg(Str).optional(),
});
const OpenCodeConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    agent: Str.optional(),
    attach: Str.optional(),
    files: StrOrList.optional(),
    format: schemas/* enum */.k5n(["default", "json"]).optional(),
    steps: schemas/* number */.aig().int().positive().optional(),
    instructions: schemas/* array */.YOg(Str).optional(),
    permission: schemas/* unknown */.L5J().optional(),
    configJson: JsonObject.optional(),
    envKeys: schemas/* array */.YOg(EnvName).optional(),
});
const CommandConfig = schemas/* strictObject */.rej({
    /** argv of the `command` executor (a string is split into words; never run through a shell). */
    argv: CommandSchema.optional(),
});
const ExecutorProfileConfigSchema = schemas/* strictObject */.rej({
    id: wave_schema/* ExecutorIdSchema */.QA.optional(),
    model: Str.optional(),
    fallbacks: schemas/* array */.YOg(wave_schema/* ExecutorIdSchema */.QA).optional(),
    tags: schemas/* array */.YOg(Str).optional(),
    budget: wave_schema/* BudgetInputSchema */.h9.optional(),
    retryPolicy: schemas/* enum */.k5n(["sticky", "fallback-allowed"]).optional(),
    allowFallbackOnRetry: schemas/* boolean */.zMY().optional(),
    env: schemas/* array */.YOg(EnvName).optional(),
    codex: CodexConfig.optional(),
    claude: ClaudeConfig.optional(),
    opencode: OpenCodeConfig.optional(),
    command: CommandConfig.optional(),
});
const ExecutorsConfigSchema = schemas/* strictObject */.rej({
    default: wave_schema/* ExecutorIdSchema */.QA.optional(),
    profiles: schemas/* record */.g1P(schemas/* string */.YjP().min(1), ExecutorProfileConfigSchema).optional(),
    codex: CodexConfig.optional(),
    claude: ClaudeConfig.optional(),
    opencode: OpenCodeConfig.optional(),
    command: CommandConfig.optional(),
});
const SkillMap = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(Str));
const SkillsConfigSchema = schemas/* strictObject */.rej({
    dir: RepoPathSchema.optional(),
    base: schemas/* array */.YOg(Str).optional(),
    byRole: SkillMap.optional(),
    byRuntime: SkillMap.optional(),
    byDeployKind: SkillMap.optional(),
});
const RuntimeMixTargets = schemas/* partialRecord */.jgl(wave_schema/* ExecutorIdSchema */.QA, schemas/* number */.aig().int().nonnegative());
/** Role keys are checked by the loader (unknown roles are a warning, `evaluator` an error). */
const DefaultExecutorByRole = schemas/* record */.g1P(schemas/* string */.YjP(), wave_schema/* ExecutorIdSchema */.QA);
const FallbackOrder = schemas/* array */.YOg(wave_schema/* ExecutorIdSchema */.QA);
const RuntimePolicyConfigSchema = schemas/* strictObject */.rej({
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    /** Closure gate markers count only with the run's nonce (same as the `require-marker-nonce` input). */
    requireMarkerNonce: schemas/* boolean */.zMY().optional(),
});
const CapabilityRouting = schemas/* strictObject */.rej({ preferredAgents: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(Str)).optional() });
const PathsConfig = schemas/* strictObject */.rej({
    docsDir: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    terminalsPath: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
});
/** The sandbox around every agent process (src/sandbox/): `auto|on|off`; the input/flag wins. */
const SandboxSetting = schemas/* enum */.k5n(["auto", "on", "off"]);
/** `network.allowed`: ecosystems (node, python, github) or domains every agent may reach in the sandbox. */
const NetworkConfigSchema = schemas/* strictObject */.rej({
    allowed: schemas/* array */.YOg(Str)
        .superRefine((entries, ctx) => {
        for (const e of entries) {
            const problem = (0,ecosystems/* allowedEntryProblem */.Qt)(e);
            if (problem)
                ctx.addIssue({ code: "custom", message: `network.allowed entry "${e}" ${problem}` });
        }
    })
        .optional(),
});
/** Sections we accept but do not use (planner, remote telemetry, external providers). */
const Ignored = schemas/* unknown */.L5J();
const LaneConfigSchema = schemas/* strictObject */.rej({
    docsDir: RepoPathSchema.optional(),
    plansDir: RepoPathSchema.optional(),
    wavesDir: RepoPathSchema.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    terminalsPath: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
    sandbox: SandboxSetting.optional(),
    network: NetworkConfigSchema.optional(),
});
const ProjectConfigSchema = schemas/* strictObject */.rej({
    projectName: Str.optional(),
    rootDir: RepoPathSchema.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    paths: PathsConfig.optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    planner: Ignored.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    lanes: schemas/* record */.g1P(schemas/* string */.YjP(), LaneConfigSchema).optional(),
    sandbox: SandboxSetting.optional(),
    network: NetworkConfigSchema.optional(),
});
const WaveConfigFileSchema = schemas/* strictObject */.rej({
    $schema: Str.optional(),
    version: schemas/* number */.aig().int().positive().optional(),
    projectName: Str.optional(),
    repoMode: schemas/* enum */.k5n(["single-repo", "multi-lane"]).optional(),
    defaultLane: LaneNameSchema.optional(),
    defaultProject: LaneNameSchema.optional(),
    paths: PathsConfig.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    /** USD per million tokens per model: estimates the cost of CLIs that report tokens only. */
    pricing: schema/* PricingSchema */.SD.optional(),
    /** The sandbox around every agent process: auto|on|off (the `sandbox` input/flag wins). */
    sandbox: SandboxSetting.optional(),
    /** What agents may reach in the sandbox besides their model: `allowed` ecosystems or domains. */
    network: NetworkConfigSchema.optional(),
    planner: Ignored.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    projects: schemas/* record */.g1P(schemas/* string */.YjP(), ProjectConfigSchema).optional(),
    lanes: schemas/* record */.g1P(schemas/* string */.YjP(), LaneConfigSchema).optional(),
});
const KNOWN_ROLE_KEYS = (/* unused pure expression or super */ null && (AGENT_ROLES));

// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var diagnostics = __webpack_require__(2521);
;// CONCATENATED MODULE: ./src/wave/json-locate.ts
/**
 * Line/column positions for JSON text: where a syntax error is, and where the value at a given
 * path (e.g. `executors.profiles.fast.id`) starts, so config errors can point at a line.
 */
/** 1-based line/column of a character offset. */
function positionOfOffset(text, offset) {
    let line = 1;
    let lineStart = 0;
    const end = Math.min(Math.max(offset, 0), text.length);
    for (let i = 0; i < end; i++) {
        if (text.charCodeAt(i) === 10) {
            line++;
            lineStart = i + 1;
        }
    }
    return { line, column: end - lineStart + 1 };
}
/** Position of a JSON.parse error, from the "position N" in V8's message (end of text otherwise). */
function jsonErrorPosition(text, message) {
    const m = /position (\d+)/.exec(message);
    if (m)
        return positionOfOffset(text, Number(m[1]));
    const lc = /line (\d+) column (\d+)/.exec(message);
    if (lc)
        return { line: Number(lc[1]), column: Number(lc[2]) };
    return positionOfOffset(text, text.length);
}
/** `a.b[2].c` (keys that are not plain identifiers are quoted: `profiles["deep review"]`). */
function formatJsonPath(path) {
    let out = "";
    for (const seg of path) {
        if (typeof seg === "number")
            out += `[${seg}]`;
        else if (/^[A-Za-z_$][\w$-]*$/.test(seg))
            out += out === "" ? seg : `.${seg}`;
        else
            out += `[${JSON.stringify(seg)}]`;
    }
    return out || "(top level)";
}
/**
 * Maps every value path of a (syntactically valid) JSON text to the position where its value
 * starts. Keys are `JSON.stringify(path)`.
 */
function locateJsonValues(text) {
    const offsets = new Map();
    let i = 0;
    const ws = () => {
        while (i < text.length && " \t\r\n".includes(text[i]))
            i++;
    };
    const str = () => {
        const start = i;
        i++;
        while (i < text.length && text[i] !== '"')
            i += text[i] === "\\" ? 2 : 1;
        i++;
        return JSON.parse(text.slice(start, i));
    };
    const value = (path) => {
        ws();
        offsets.set(JSON.stringify(path), i);
        const c = text[i];
        if (c === "{") {
            i++;
            ws();
            if (text[i] === "}") {
                i++;
                return;
            }
            while (i < text.length) {
                ws();
                const key = str();
                ws();
                i++; // colon
                value([...path, key]);
                ws();
                if (text[i] === ",") {
                    i++;
                    continue;
                }
                i++; // closing brace
                return;
            }
        }
        else if (c === "[") {
            i++;
            ws();
            if (text[i] === "]") {
                i++;
                return;
            }
            let index = 0;
            while (i < text.length) {
                value([...path, index++]);
                ws();
                if (text[i] === ",") {
                    i++;
                    continue;
                }
                i++;
                return;
            }
        }
        else if (c === '"') {
            str();
        }
        else {
            while (i < text.length && !",}] \t\r\n".includes(text[i]))
                i++;
        }
    };
    try {
        value([]);
    }
    catch {
        // positions are best effort
    }
    const out = new Map();
    // Convert offsets to positions in one pass.
    const sorted = [...offsets.entries()].sort((a, b) => a[1] - b[1]);
    let line = 1;
    let lineStart = 0;
    let k = 0;
    for (const [key, off] of sorted) {
        for (; k < off; k++) {
            if (text.charCodeAt(k) === 10) {
                line++;
                lineStart = k + 1;
            }
        }
        out.set(key, { line, column: off - lineStart + 1 });
    }
    return out;
}
/** Position of the deepest existing prefix of `path`. */
function positionOfPath(index, path) {
    for (let n = path.length; n >= 0; n--) {
        const p = index.get(JSON.stringify(path.slice(0, n)));
        if (p)
            return p;
    }
    return null;
}

// EXTERNAL MODULE: ./src/wave/roles.ts
var roles = __webpack_require__(85620);
// EXTERNAL MODULE: ./src/wave/text.ts
var wave_text = __webpack_require__(32858);
// EXTERNAL MODULE: ./src/wave/words.ts
var words = __webpack_require__(8628);
;// CONCATENATED MODULE: ./src/wave/config.ts
/**
 * wave.config.json: reading (strict JSON, zod schema, renamed legacy keys) and resolving the
 * settings of one lane: top level → projects.<id> → lanes.<lane> (per-key merge, as the
 * reference does). A malformed config is an error naming the file and the JSON path; it is never
 * silently replaced by defaults.
 */










const CONFIG_FILE_NAME = "wave.config.json";
const DEFAULT_LANE = "main";
const DEFAULT_PROJECT = "default";
const DEFAULT_REQUIRED_PROMPT_REFERENCES = ["docs/reference/repository-guidance.md", "docs/research/agent-context-sources.md"];
const LEGACY_RENAMES = [
    { parent: "roles", key: "evaluatorAgentId", replacement: "contQaAgentId" },
    { parent: "roles", key: "evaluatorRolePromptPath", replacement: "contQaRolePromptPath" },
    { parent: "defaultExecutorByRole", key: "evaluator", replacement: "cont-qa" },
    { parent: "byRole", key: "evaluator", replacement: "cont-qa" },
];
function isPlainObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
}
function findLegacyKeys(value, at, out) {
    if (Array.isArray(value)) {
        for (const [i, v] of value.entries())
            findLegacyKeys(v, [...at, i], out);
        return;
    }
    if (!isPlainObject(value))
        return;
    const parent = at[at.length - 1];
    for (const [k, v] of Object.entries(value)) {
        const rename = LEGACY_RENAMES.find((r) => r.parent === parent && r.key === k);
        if (rename) {
            out.push({ path: [...at, k], message: `${formatJsonPath([...at, k])} was renamed to ${formatJsonPath([...at, rename.replacement])}` });
        }
        findLegacyKeys(v, [...at, k], out);
    }
}
function findUnknownRoleKeys(value, at, out) {
    if (Array.isArray(value)) {
        for (const [i, v] of value.entries())
            findUnknownRoleKeys(v, [...at, i], out);
        return;
    }
    if (!isPlainObject(value))
        return;
    for (const [k, v] of Object.entries(value)) {
        if ((k === "defaultExecutorByRole" || k === "byRole") && isPlainObject(v)) {
            for (const role of Object.keys(v)) {
                if (!wave_schema/* AGENT_ROLES */.s$.includes(role) && role !== "evaluator") {
                    out.push({ path: [...at, k, role], message: `${formatJsonPath([...at, k, role])}: unknown role "${role}" is ignored (roles: ${wave_schema/* AGENT_ROLES */.s$.join(", ")})` });
                }
            }
        }
        findUnknownRoleKeys(v, [...at, k], out);
    }
}
function deleteAt(root, p, key) {
    let cur = root;
    for (const seg of p) {
        if (cur === null || typeof cur !== "object")
            return;
        cur = cur[seg];
    }
    if (isPlainObject(cur))
        delete cur[key];
}
function issueMessage(issue) {
    const where = formatJsonPath(issue.path);
    if (issue.code === "invalid_union")
        return `${where}: has the wrong type or shape`;
    return `${where}: ${issue.message}`;
}
/** Reads and checks a config file. Throws WaveInputError (exit 2) when it is unusable. */
function readConfigFile(absPath, root) {
    const file = (0,paths/* toRepoRel */.Vf)(root, absPath);
    const sink = new diagnostics/* DiagnosticSink */.b9(file);
    let bytes;
    try {
        bytes = external_node_fs_default().readFileSync(absPath);
    }
    catch (e) {
        sink.error(0, `cannot read ${file}: ${e.code ?? e.message}`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const decoded = (0,wave_text/* decodeTextFile */.k4)(bytes, file);
    if (!decoded.ok) {
        sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return parseConfigText(decoded.text, file);
}
/** Checks the text of a config file (`file` names it in diagnostics). Throws WaveInputError. */
function parseConfigText(text, file) {
    const sink = new diagnostics/* DiagnosticSink */.b9(file);
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (e) {
        const message = e.message;
        const pos = jsonErrorPosition(text, message);
        sink.error(pos.line, `${file} is not valid JSON: ${message}`, { column: pos.column });
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const positions = locateJsonValues(text);
    const at = (p) => positionOfPath(positions, p) ?? { line: 0, column: 0 };
    if (!isPlainObject(raw)) {
        sink.error(1, `${file} must contain a JSON object`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const legacy = [];
    findLegacyKeys(raw, [], legacy);
    for (const l of legacy)
        sink.error(at(l.path).line, l.message, { column: at(l.path).column });
    const roleWarnings = [];
    findUnknownRoleKeys(raw, [], roleWarnings);
    for (const w of roleWarnings)
        sink.warning(at(w.path).line, w.message, { column: at(w.path).column });
    const first = WaveConfigFileSchema.safeParse(raw);
    let config = first.success ? first.data : null;
    if (!first.success) {
        const clone = structuredClone(raw);
        let realErrors = 0;
        for (const issue of first.error.issues) {
            const p = issue.path;
            if (issue.code === "unrecognized_keys") {
                for (const key of issue.keys) {
                    const pos = at([...p, key]);
                    sink.warning(pos.line, `${formatJsonPath([...p, key])}: unknown key is ignored`, { column: pos.column });
                    deleteAt(clone, p, key);
                }
                continue;
            }
            realErrors++;
            const pos = at(p);
            sink.error(pos.line, issueMessage(issue), { column: pos.column });
        }
        if (realErrors === 0) {
            const second = WaveConfigFileSchema.safeParse(clone);
            if (second.success)
                config = second.data;
            else
                for (const issue of second.error.issues)
                    sink.error(at(issue.path).line, issueMessage(issue));
        }
    }
    if (!config || sink.items.some((d) => d.severity === "error")) {
        throw new diagnostics/* WaveInputError */.Cv(sink.items, `${file} is not a valid wave configuration:`);
    }
    return { config, file, warnings: sink.items };
}
const joinRel = (a, b) => {
    const base = (0,paths/* normalizeRelPath */.Km)(a).replace(/\/+$/, "");
    const child = (0,paths/* normalizeRelPath */.Km)(b).replace(/\/+$/, "");
    if (!base || base === ".")
        return child;
    if (!child)
        return base;
    return `${base}/${child}`;
};
const cleanDir = (p) => (0,paths/* normalizeRelPath */.Km)(p).replace(/\/+$/, "");
/** Checks and normalizes a lane or project name (lowercased). Throws WaveInputError. */
function normalizeLaneName(value, what, file = "(command line)") {
    const v = value.trim().toLowerCase();
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(v)) {
        const sink = new diagnostics/* DiagnosticSink */.b9(file);
        sink.error(0, `invalid ${what} name "${value}": use lowercase letters, digits, "_" or "-"`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return v;
}
function commandArgv(value, where, errors) {
    if (value === undefined)
        return undefined;
    if (Array.isArray(value))
        return value;
    const split = (0,words/* splitShellWords */.CQ)(value);
    if (!split.ok) {
        errors.push(`${where}: ${split.error}`);
        return undefined;
    }
    if (split.items.length === 0) {
        errors.push(`${where}: is empty`);
        return undefined;
    }
    return split.items;
}
const asList = (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
function defined(o) {
    return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
function normalizeSections(ex, where, errors) {
    const codex = defined({
        command: commandArgv(ex.codex?.command, `${where}.codex.command`, errors),
        model: ex.codex?.model,
        sandbox: ex.codex?.sandbox,
        profileName: ex.codex?.profileName,
        config: asList(ex.codex?.config),
        search: ex.codex?.search,
        images: asList(ex.codex?.images),
        addDirs: asList(ex.codex?.addDirs),
        json: ex.codex?.json,
        ephemeral: ex.codex?.ephemeral,
    });
    const c = ex.claude;
    const claude = defined({
        command: commandArgv(c?.command, `${where}.claude.command`, errors),
        model: c?.model,
        agent: c?.agent,
        permissionMode: c?.permissionMode,
        permissionPromptTool: c?.permissionPromptTool,
        effort: c?.effort,
        maxTurns: c?.maxTurns,
        mcpConfig: asList(c?.mcpConfig),
        strictMcpConfig: c?.strictMcpConfig,
        settings: c?.settings,
        settingsJson: c?.settingsJson,
        hooksJson: c?.hooksJson,
        allowedHttpHookUrls: asList(c?.allowedHttpHookUrls),
        outputFormat: c?.outputFormat,
        allowedTools: c?.allowedTools,
        disallowedTools: c?.disallowedTools,
        appendSystemPromptMode: c?.appendSystemPromptMode,
    });
    const o = ex.opencode;
    const opencode = defined({
        command: commandArgv(o?.command, `${where}.opencode.command`, errors),
        model: o?.model,
        agent: o?.agent,
        attach: o?.attach,
        files: asList(o?.files),
        format: o?.format,
        steps: o?.steps,
        instructions: o?.instructions,
        permission: o?.permission,
        configJson: o?.configJson,
        envKeys: o?.envKeys,
    });
    const command = defined({ argv: commandArgv(ex.command?.argv, `${where}.command.argv`, errors) });
    return { codex, claude, opencode, command };
}
function normalizeProfile(name, p, errors) {
    const where = `executors.profiles.${name}`;
    const sections = normalizeSections(p, where, errors);
    const { model: _cm, ...codex } = sections.codex;
    const { model: _lm, ...claude } = sections.claude;
    const { model: _om, ...opencode } = sections.opencode;
    return {
        name,
        id: p.id ?? null,
        model: p.model ?? null,
        fallbacks: p.fallbacks ?? [],
        tags: p.tags ?? [],
        budget: (0,wave_schema/* resolveBudget */.ky)(p.budget, undefined),
        retryPolicy: p.retryPolicy ?? null,
        allowFallbackOnRetry: p.allowFallbackOnRetry ?? null,
        env: p.env ?? [],
        codex,
        claude,
        opencode,
        command: sections.command,
    };
}
function mergeExecutors(...layers) {
    const out = {};
    for (const l of layers) {
        if (!l)
            continue;
        if (l.default !== undefined)
            out.default = l.default;
        if (l.profiles)
            out.profiles = { ...out.profiles, ...l.profiles };
        for (const k of ["codex", "claude", "opencode", "command"]) {
            if (l[k])
                out[k] = { ...(out[k] ?? {}), ...l[k] };
        }
    }
    return out;
}
function normalizeExecutors(ex, errors) {
    const profiles = {};
    for (const [name, p] of Object.entries(ex.profiles ?? {})) {
        const key = name.trim().toLowerCase();
        profiles[key] = normalizeProfile(key, p, errors);
    }
    return {
        default: ex.default ?? "codex",
        defaultFromConfig: ex.default !== undefined,
        profiles,
        ...normalizeSections(ex, "executors", errors),
    };
}
function mergeSkills(...layers) {
    const out = { dir: "skills", base: [], byRole: {}, byRuntime: {}, byDeployKind: {} };
    const union = (a, b) => [...new Set([...a, ...b].map((x) => x.trim().toLowerCase()).filter(Boolean))];
    for (const l of layers) {
        if (!l)
            continue;
        if (l.dir)
            out.dir = cleanDir(l.dir);
        out.base = union(out.base, l.base ?? []);
        for (const k of ["byRole", "byRuntime", "byDeployKind"]) {
            for (const [key, list] of Object.entries(l[k] ?? {}))
                out[k][key.toLowerCase()] = union(out[k][key.toLowerCase()] ?? [], list);
        }
    }
    return out;
}
function threshold(v, fallback) {
    return v === undefined ? fallback : v;
}
function normalizeValidation(v) {
    const modes = (m) => ({
        bootstrap: m?.bootstrap ?? 0,
        standard: m?.standard ?? 4,
        strict: m?.strict ?? 10,
    });
    return {
        requiredPromptReferences: v.requiredPromptReferences ?? DEFAULT_REQUIRED_PROMPT_REFERENCES,
        requireDocumentationStewardFromWave: threshold(v.requireDocumentationStewardFromWave, 0),
        requireContext7DeclarationsFromWave: threshold(v.requireContext7DeclarationsFromWave, 6),
        requireExitContractsFromWave: threshold(v.requireExitContractsFromWave, 6),
        requireIntegrationStewardFromWave: threshold(v.requireIntegrationStewardFromWave, null),
        requireComponentPromotionsFromWave: threshold(v.requireComponentPromotionsFromWave, 0),
        requireAgentComponentsFromWave: threshold(v.requireAgentComponentsFromWave, 0),
        gateModeThresholds: modes(v.gateModeThresholds),
        closureModeThresholds: modes(v.closureModeThresholds),
        autoClosure: {
            allowInferredIntegration: v.autoClosure?.allowInferredIntegration ?? false,
            allowAutoDocNoChange: v.autoClosure?.allowAutoDocNoChange ?? false,
            allowAutoDocProjection: v.autoClosure?.allowAutoDocProjection ?? false,
            allowSkipContQaInBootstrap: v.autoClosure?.allowSkipContQaInBootstrap ?? false,
        },
    };
}
function normalizeRoles(r) {
    const d = roles/* DEFAULT_ROLE_BINDINGS */.wg;
    const p = (v, fallback) => (v === undefined ? fallback : cleanDir(v));
    return {
        rolePromptDir: p(r.rolePromptDir, d.rolePromptDir),
        contQaAgentId: r.contQaAgentId ?? d.contQaAgentId,
        contEvalAgentId: r.contEvalAgentId ?? d.contEvalAgentId,
        integrationAgentId: r.integrationAgentId ?? d.integrationAgentId,
        documentationAgentId: r.documentationAgentId ?? d.documentationAgentId,
        contQaRolePromptPath: p(r.contQaRolePromptPath, d.contQaRolePromptPath),
        contEvalRolePromptPath: p(r.contEvalRolePromptPath, d.contEvalRolePromptPath),
        integrationRolePromptPath: p(r.integrationRolePromptPath, d.integrationRolePromptPath),
        documentationRolePromptPath: p(r.documentationRolePromptPath, d.documentationRolePromptPath),
        securityRolePromptPath: p(r.securityRolePromptPath, d.securityRolePromptPath),
        designRolePromptPath: p(r.designRolePromptPath, d.designRolePromptPath),
    };
}
function normalizeRuntimePolicy(layers) {
    const merged = {};
    for (const l of layers)
        if (l)
            Object.assign(merged, defined(l));
    const byRole = {};
    for (const [role, id] of Object.entries(merged.defaultExecutorByRole ?? {})) {
        const r = role.trim().toLowerCase();
        if (wave_schema/* AGENT_ROLES */.s$.includes(r))
            byRole[r] = id;
    }
    return {
        runtimeMixTargets: { ...(merged.runtimeMixTargets ?? {}) },
        defaultExecutorByRole: byRole,
        fallbackExecutorOrder: merged.fallbackExecutorOrder ?? [],
        requireMarkerNonce: merged.requireMarkerNonce ?? false,
    };
}
function laneWavesDir(root, preferred, docsDir) {
    if (!root)
        return preferred;
    const legacy = joinRel(docsDir, "waves");
    if (external_node_fs_default().existsSync(external_node_path_default().join(root, preferred)) || !external_node_fs_default().existsSync(external_node_path_default().join(root, legacy)))
        return preferred;
    return legacy;
}
/**
 * Normalized settings of (project, lane). `config` null means "no wave.config.json": built-in
 * defaults and `hasConfig: false` (lenient validation). Throws WaveInputError for an unknown
 * project or an invalid lane name.
 */
function resolveLaneSettings(config, options = {}) {
    const c = config ?? {};
    const file = options.configFile ?? CONFIG_FILE_NAME;
    const defaultLane = c.defaultLane ?? DEFAULT_LANE;
    const lane = normalizeLaneName(options.lane ?? defaultLane, "lane", file);
    const projectId = normalizeLaneName(options.project ?? c.defaultProject ?? DEFAULT_PROJECT, "project", file);
    let project;
    if (c.projects) {
        const found = Object.entries(c.projects).find(([id]) => id.trim().toLowerCase() === projectId);
        if (!found) {
            const sink = new diagnostics/* DiagnosticSink */.b9(file);
            sink.error(0, `unknown project "${projectId}" (projects in ${file}: ${Object.keys(c.projects).join(", ") || "none"})`);
            throw new diagnostics/* WaveInputError */.Cv(sink.items);
        }
        project = found[1];
    }
    else {
        project = { lanes: c.lanes ?? {} };
    }
    const laneEntry = (lanes) => Object.entries(lanes ?? {}).find(([name]) => name.trim().toLowerCase() === lane)?.[1];
    const laneConfig = laneEntry(project.lanes) ?? laneEntry(c.lanes) ?? {};
    const rootDir = project.rootDir ?? ".";
    const projectDocsDir = cleanDir(project.paths?.docsDir ?? joinRel(rootDir, c.paths?.docsDir ?? "docs"));
    const repoMode = c.repoMode ?? "single-repo";
    const docsDir = cleanDir(laneConfig.docsDir ?? (repoMode === "single-repo" && lane === defaultLane ? projectDocsDir : joinRel(projectDocsDir, lane)));
    const plansDir = cleanDir(laneConfig.plansDir ?? joinRel(docsDir, "plans"));
    const preferredWaves = cleanDir(laneConfig.wavesDir ?? joinRel(plansDir, "waves"));
    const projectPlans = joinRel(projectDocsDir, "plans");
    const pathOf = (key, fallback) => cleanDir(laneConfig[key] ?? project.paths?.[key] ?? c.paths?.[key] ?? fallback);
    const errors = [];
    const executors = normalizeExecutors(mergeExecutors(c.executors, project.executors, laneConfig.executors), errors);
    if (errors.length > 0) {
        const sink = new diagnostics/* DiagnosticSink */.b9(file);
        for (const e of errors)
            sink.error(0, e);
        throw new diagnostics/* WaveInputError */.Cv(sink.items, `${file} is not a valid wave configuration:`);
    }
    const runtimePolicy = normalizeRuntimePolicy([
        c.runtimePolicy,
        project.runtimePolicy,
        laneConfig.runtimePolicy,
        defined({
            runtimeMixTargets: laneConfig.runtimeMixTargets,
            defaultExecutorByRole: laneConfig.defaultExecutorByRole,
            fallbackExecutorOrder: laneConfig.fallbackExecutorOrder,
        }),
    ]);
    return {
        lane,
        project: projectId,
        hasConfig: config !== null,
        configFile: config !== null ? file : null,
        docsDir,
        plansDir,
        wavesDir: laneWavesDir(options.root, preferredWaves, docsDir),
        sharedPlanDocs: (laneConfig.sharedPlanDocs ?? project.sharedPlanDocs ?? c.sharedPlanDocs ?? ["current-state.md", "master-plan.md", "migration.md"].map((f) => `${plansDir}/${f}`)).map(cleanDir),
        roles: normalizeRoles({ ...c.roles, ...project.roles, ...laneConfig.roles }),
        validation: normalizeValidation({ ...c.validation, ...project.validation, ...laneConfig.validation }),
        executors,
        runtimePolicy,
        skills: mergeSkills(c.skills, project.skills, laneConfig.skills),
        pricing: { ...c.pricing },
        sandbox: laneConfig.sandbox ?? project.sandbox ?? c.sandbox ?? null,
        networkAllowed: [...new Set([...(c.network?.allowed ?? []), ...(project.network?.allowed ?? []), ...(laneConfig.network?.allowed ?? [])])],
        capabilityRouting: {
            preferredAgents: {
                ...c.capabilityRouting?.preferredAgents,
                ...project.capabilityRouting?.preferredAgents,
                ...laneConfig.capabilityRouting?.preferredAgents,
            },
        },
        paths: {
            stateRoot: pathOf("stateRoot", ".tmp"),
            context7BundleIndexPath: pathOf("context7BundleIndexPath", "docs/context7/bundles.json"),
            benchmarkCatalogPath: pathOf("benchmarkCatalogPath", "docs/evals/benchmark-catalog.json"),
            componentCutoverMatrixDocPath: pathOf("componentCutoverMatrixDocPath", `${projectPlans}/component-cutover-matrix.md`),
            componentCutoverMatrixJsonPath: pathOf("componentCutoverMatrixJsonPath", `${projectPlans}/component-cutover-matrix.json`),
        },
    };
}


/***/ }),

/***/ 2521:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cv: () => (/* binding */ WaveInputError),
/* harmony export */   Ds: () => (/* binding */ sortDiagnostics),
/* harmony export */   GN: () => (/* binding */ isWaveInputError),
/* harmony export */   Kv: () => (/* binding */ formatDiagnosticText),
/* harmony export */   b9: () => (/* binding */ DiagnosticSink),
/* harmony export */   bJ: () => (/* binding */ isError),
/* harmony export */   le: () => (/* binding */ diagnosticPlace),
/* harmony export */   uF: () => (/* binding */ formatDiagnosticGithub)
/* harmony export */ });
/* unused harmony exports MAX_MESSAGE, hasErrors, escapeGithubData, escapeGithubProperty */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/**
 * Diagnostics: how every problem found in wave files and wave.config.json is reported.
 */

/** Longest message kept (input quoted in messages is cut well before this). */
const MAX_MESSAGE = 1000;
/** A collector that fills in the file (and optionally wave/agent) for each diagnostic. */
class DiagnosticSink {
    file;
    wave;
    items = [];
    constructor(file, wave) {
        this.file = file;
        this.wave = wave;
    }
    error(line, message, extra = {}) {
        this.push("error", line, message, extra);
    }
    warning(line, message, extra = {}) {
        this.push("warning", line, message, extra);
    }
    push(severity, line, message, extra) {
        const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
        const d = { file: this.file, line: Math.max(0, line), message: text, severity };
        if (extra.column !== undefined && extra.column > 0)
            d.column = extra.column;
        if (this.wave !== undefined)
            d.wave = this.wave;
        if (extra.agentId !== undefined)
            d.agentId = extra.agentId;
        this.items.push(d);
    }
}
function isError(d) {
    return d.severity !== "warning";
}
function hasErrors(diagnostics) {
    return diagnostics.some(isError);
}
/** Sorts by file, line, column (stable for equal positions). */
function sortDiagnostics(diagnostics) {
    return diagnostics
        .map((d, i) => ({ d, i }))
        .sort((a, b) => (a.d.file < b.d.file ? -1 : a.d.file > b.d.file ? 1 : 0) ||
        a.d.line - b.d.line ||
        (a.d.column ?? 0) - (b.d.column ?? 0) ||
        a.i - b.i)
        .map((x) => x.d);
}
/**
 * A configuration or environment problem that stops loading (exit code 2): malformed
 * wave.config.json, missing waves directory, unknown lane. Carries the diagnostics so that
 * formatters can still show file and line.
 */
class WaveInputError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo {
    diagnostics;
    constructor(diagnostics, summary) {
        const lines = diagnostics.filter(isError).map((d) => formatDiagnosticText(d));
        super(summary ? [summary, ...lines].join("\n") : lines.join("\n") || "invalid input", 2);
        this.name = "WaveInputError";
        this.diagnostics = diagnostics;
    }
}
function isWaveInputError(e) {
    return e instanceof WaveInputError;
}
/** `path:line: error: message` (the line is left out when unknown). */
function formatDiagnosticText(d, displayPath = d.file) {
    return `${diagnosticPlace(d, displayPath)}: ${d.severity === "warning" ? "warning" : "error"}: ${d.message}`;
}
/** `file:line` (or just the file) of a diagnostic. */
function diagnosticPlace(d, displayPath = d.file) {
    return d.line > 0 ? `${displayPath}:${d.line}` : displayPath;
}
/** Escapes the message part of a GitHub workflow command. */
function escapeGithubData(value) {
    return value.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}
/** Escapes a property value of a GitHub workflow command (also `:` and `,`). */
function escapeGithubProperty(value) {
    return escapeGithubData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
/** `::error file=…,line=…,col=…,title=…::message` */
function formatDiagnosticGithub(d, displayPath, title) {
    const props = [`file=${escapeGithubProperty(displayPath)}`];
    if (d.line > 0)
        props.push(`line=${d.line}`);
    if (d.line > 0 && d.column !== undefined)
        props.push(`col=${d.column}`);
    props.push(`title=${escapeGithubProperty(title)}`);
    return `::${d.severity === "warning" ? "warning" : "error"} ${props.join(",")}::${escapeGithubData(d.message)}`;
}


/***/ }),

/***/ 33345:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ET: () => (/* binding */ existingOwnedDirectories),
/* harmony export */   ID: () => (/* binding */ isCoveredBy),
/* harmony export */   Js: () => (/* binding */ repoPathProblem),
/* harmony export */   Km: () => (/* binding */ normalizeRelPath),
/* harmony export */   UG: () => (/* binding */ realpathInside),
/* harmony export */   Vf: () => (/* binding */ toRepoRel)
/* harmony export */ });
/* unused harmony export isDirectoryPath */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Repository-relative paths as written in wave files and wave.config.json.
 */


/** Backslashes to `/`, leading `./` removed, repeated slashes collapsed. Keeps a trailing `/`. */
function normalizeRelPath(value) {
    if (!value.includes("\\") && !value.startsWith("./") && !value.includes("//") && value.trim() === value)
        return value;
    let p = value.trim().replaceAll("\\", "/");
    while (p.startsWith("./"))
        p = p.slice(2);
    return p.replace(/\/{2,}/g, "/");
}
/**
 * Why a path is not a safe repository-relative path, or null when it is fine.
 * Rejected: empty, NUL, absolute (`/x`, `C:/x`, `//server`), any `..` segment.
 */
function repoPathProblem(value) {
    if (value.includes("\u0000"))
        return "contains a NUL byte";
    const p = normalizeRelPath(value);
    if (p === "" || p === ".")
        return "is empty";
    if (p.startsWith("/") || /^[A-Za-z]:/.test(p))
        return "is absolute (paths must be relative to the repository root)";
    if (p.split("/").includes(".."))
        return 'contains ".." (paths must stay inside the repository)';
    return null;
}
/** True when `p` names a directory prefix (ends with `/`). */
function isDirectoryPath(p) {
    return normalizeRelPath(p).endsWith("/");
}
/**
 * True when `file` is covered by `owned`: the same path, or inside `owned` when `owned` ends with
 * `/` or is listed in `ownedDirs` (owned paths that exist as directories in the repository).
 */
function isCoveredBy(file, owned, ownedDirs) {
    const f = normalizeRelPath(file);
    const o = normalizeRelPath(owned);
    if (!f || !o)
        return false;
    if (o.endsWith("/"))
        return f.startsWith(o);
    if (f === o)
        return true;
    return ownedDirs?.has(o) === true && f.startsWith(`${o}/`);
}
/** Owned paths (without trailing `/`) that exist as directories under `root`. */
function existingOwnedDirectories(root, owned) {
    const out = new Set();
    for (const o of owned) {
        const p = normalizeRelPath(o);
        if (!p || p.endsWith("/") || repoPathProblem(p))
            continue;
        // Missing (not created yet) means an exact file path.
        if (node_fs__WEBPACK_IMPORTED_MODULE_0___default().statSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, p), { throwIfNoEntry: false })?.isDirectory())
            out.add(p);
    }
    return out;
}
/** Path of `abs` relative to `root` with forward slashes (or the absolute path when outside). */
function toRepoRel(root, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs);
    if (rel === "")
        return ".";
    if (rel.startsWith("..") || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel))
        return abs.split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join("/");
    return rel.split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join("/");
}
/** True when the real location of `abs` is inside the real location of `root`. */
function realpathInside(root, abs) {
    try {
        const r = node_fs__WEBPACK_IMPORTED_MODULE_0___default().realpathSync(root);
        const a = node_fs__WEBPACK_IMPORTED_MODULE_0___default().realpathSync(abs);
        const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(r, a);
        return rel === "" || (!rel.startsWith("..") && !node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel));
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 85620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CX: () => (/* binding */ isSecurityRolePromptPath),
/* harmony export */   Cl: () => (/* binding */ contQaReportPath),
/* harmony export */   ES: () => (/* binding */ isContEvalReportPath),
/* harmony export */   Lb: () => (/* binding */ isContEvalImplementationOwning),
/* harmony export */   PD: () => (/* binding */ closureStageOf),
/* harmony export */   Ut: () => (/* binding */ closureStagesOf),
/* harmony export */   WY: () => (/* binding */ isContQaAgent),
/* harmony export */   XA: () => (/* binding */ isDocsOnlyDesignAgent),
/* harmony export */   XU: () => (/* binding */ isDocumentationSteward),
/* harmony export */   Yg: () => (/* binding */ contEvalReportPath),
/* harmony export */   aB: () => (/* binding */ isImplementationOwningDesignAgent),
/* harmony export */   cR: () => (/* binding */ isDesignPacketPath),
/* harmony export */   g3: () => (/* binding */ isSecurityReviewer),
/* harmony export */   hL: () => (/* binding */ isImplementationOwning),
/* harmony export */   iY: () => (/* binding */ inferAgentRole),
/* harmony export */   l5: () => (/* binding */ isIntegrationSteward),
/* harmony export */   ob: () => (/* binding */ designPacketPath),
/* harmony export */   qH: () => (/* binding */ isDesignRolePromptPath),
/* harmony export */   v_: () => (/* binding */ isContEvalReportOnly),
/* harmony export */   wg: () => (/* binding */ DEFAULT_ROLE_BINDINGS),
/* harmony export */   xJ: () => (/* binding */ reportPathFor),
/* harmony export */   yM: () => (/* binding */ isDesignAgent),
/* harmony export */   yh: () => (/* binding */ securityReportPath)
/* harmony export */ });
/* unused harmony exports DEFAULT_ROLE_PROMPT_DIR, isContQaReportPath, isSecurityReportPath, isContEvalAgent */
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33345);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(68486);
/**
 * Role recognition: which agent holds which closure role, its runtime role, and its report paths.
 *
 * One rule for validation and run time (the reference validated stewards by role-prompt import but
 * ran them by agent id): an agent holds a named closure role (cont-QA, cont-EVAL, integration,
 * documentation) when its id is the lane's id for that role OR it imports that role's prompt.
 * A security reviewer imports the security role prompt or declares the `security-review`
 * capability. Report paths come only from owned paths that look like reports; there is no
 * "first owned path" fallback.
 */


const DEFAULT_ROLE_PROMPT_DIR = "docs/agents";
const DEFAULT_ROLE_BINDINGS = {
    rolePromptDir: DEFAULT_ROLE_PROMPT_DIR,
    contQaAgentId: "A0",
    contEvalAgentId: "E0",
    integrationAgentId: "A8",
    documentationAgentId: "A9",
    contQaRolePromptPath: "docs/agents/wave-cont-qa-role.md",
    contEvalRolePromptPath: "docs/agents/wave-cont-eval-role.md",
    integrationRolePromptPath: "docs/agents/wave-integration-role.md",
    documentationRolePromptPath: "docs/agents/wave-documentation-role.md",
    securityRolePromptPath: "docs/agents/wave-security-role.md",
    designRolePromptPath: "docs/agents/wave-design-role.md",
};
const norm = (p) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_0__/* .normalizeRelPath */ .Km)(p);
function imports(agent, rolePromptPath) {
    const wanted = norm(rolePromptPath);
    return agent.rolePromptPaths.some((p) => norm(p) === wanted);
}
function hasCapability(agent, capability) {
    return agent.capabilities.some((c) => c.trim().toLowerCase() === capability);
}
function isSecurityRolePromptPath(p, roles) {
    const n = norm(p);
    return (n === norm(roles.securityRolePromptPath) ||
        n === DEFAULT_ROLE_BINDINGS.securityRolePromptPath ||
        n.endsWith("/wave-security-role.md"));
}
function isDesignRolePromptPath(p, roles) {
    const n = norm(p);
    return (n === norm(roles.designRolePromptPath) ||
        n === DEFAULT_ROLE_BINDINGS.designRolePromptPath ||
        n.endsWith("/wave-design-role.md"));
}
/* ------------------------------------------------------------------ report path patterns */
function isContQaReportPath(p) {
    return /(?:^|\/)(?:reviews?|.*cont[-_]?qa).*\.(?:md|txt)$/i.test(norm(p));
}
function isContEvalReportPath(p) {
    return /(?:^|\/)(?:reviews?|.*cont[-_]?eval|.*eval).*\.(?:md|txt)$/i.test(norm(p));
}
function isSecurityReportPath(p) {
    return /security.*\.(?:md|txt)$/i.test(norm(p));
}
function isDesignPacketPath(p) {
    return /(?:design|handoff|decision-lineage).*\.(?:md|txt)$/i.test(norm(p));
}
const firstMatching = (agent, test) => agent.ownedPaths.map(norm).find((p) => !p.endsWith("/") && test(p)) ?? null;
/** First owned path that looks like a cont-QA report, or null (no fallback). */
function contQaReportPath(agent) {
    return firstMatching(agent, isContQaReportPath);
}
/** First owned path that looks like a cont-EVAL report, or null (no fallback). */
function contEvalReportPath(agent) {
    return firstMatching(agent, isContEvalReportPath);
}
/** First owned path that looks like a security review report, or null. */
function securityReportPath(agent) {
    return firstMatching(agent, isSecurityReportPath);
}
/** First owned path that looks like a design packet, or null. */
function designPacketPath(agent) {
    return firstMatching(agent, isDesignPacketPath);
}
/* ------------------------------------------------------------------ role predicates */
function isSecurityReviewer(agent, roles) {
    return agent.rolePromptPaths.some((p) => isSecurityRolePromptPath(p, roles)) || hasCapability(agent, "security-review");
}
function isDesignAgent(agent, roles) {
    return agent.rolePromptPaths.some((p) => isDesignRolePromptPath(p, roles)) || hasCapability(agent, "design");
}
/** A design agent that also owns files other than its design packet(s). */
function isImplementationOwningDesignAgent(agent, roles) {
    return isDesignAgent(agent, roles) && agent.ownedPaths.some((p) => !isDesignPacketPath(p));
}
function isDocsOnlyDesignAgent(agent, roles) {
    return isDesignAgent(agent, roles) && !isImplementationOwningDesignAgent(agent, roles);
}
function isContQaAgent(agent, roles) {
    return agent.agentId === roles.contQaAgentId || imports(agent, roles.contQaRolePromptPath);
}
function isContEvalAgent(agent, roles) {
    return agent.agentId === roles.contEvalAgentId || imports(agent, roles.contEvalRolePromptPath);
}
function isIntegrationSteward(agent, roles) {
    return agent.agentId === roles.integrationAgentId || imports(agent, roles.integrationRolePromptPath);
}
function isDocumentationSteward(agent, roles) {
    return agent.agentId === roles.documentationAgentId || imports(agent, roles.documentationRolePromptPath);
}
/** A cont-EVAL agent that owns something other than eval reports (it also tunes code). */
function isContEvalImplementationOwning(agent, roles) {
    return isContEvalAgent(agent, roles) && agent.ownedPaths.some((p) => !isContEvalReportPath(p));
}
function isContEvalReportOnly(agent, roles) {
    return isContEvalAgent(agent, roles) && !isContEvalImplementationOwning(agent, roles);
}
/** Every closure stage this agent matches, in sweep order (more than one is a validation error). */
function closureStagesOf(agent, roles) {
    const out = [];
    for (const stage of _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .CLOSURE_STAGES */ .Et) {
        const match = stage === "cont-eval"
            ? isContEvalAgent(agent, roles)
            : stage === "security"
                ? isSecurityReviewer(agent, roles)
                : stage === "integration"
                    ? isIntegrationSteward(agent, roles)
                    : stage === "documentation"
                        ? isDocumentationSteward(agent, roles)
                        : isContQaAgent(agent, roles);
        if (match)
            out.push(stage);
    }
    return out;
}
/**
 * The closure stage this agent runs in, or null for agents that run with the implementation
 * agents. When an agent matches several (a validation error), a match by agent id wins, then
 * the sweep order.
 */
function closureStageOf(agent, roles) {
    const stages = closureStagesOf(agent, roles);
    if (stages.length <= 1)
        return stages[0] ?? null;
    const byId = {
        "cont-qa": roles.contQaAgentId,
        "cont-eval": roles.contEvalAgentId,
        integration: roles.integrationAgentId,
        documentation: roles.documentationAgentId,
    };
    return stages.find((s) => byId[s] === agent.agentId) ?? stages[0];
}
function titleHasWord(title, word) {
    return new RegExp(`\\b${word}\\b`, "i").test(title);
}
/**
 * The runtime role (used for executor defaults by role, skills, `WAVE_ROLE`): the closure role
 * (cont-QA, cont-EVAL, integration, documentation), then design, security, then infra / deploy /
 * research by capability prefix or a word in the title, else implementation.
 */
function inferAgentRole(agent, roles) {
    const stage = closureStageOf(agent, roles);
    if (stage && stage !== "security")
        return stage;
    if (isDesignAgent(agent, roles))
        return "design";
    if (stage === "security")
        return "security";
    const caps = agent.capabilities.map((c) => c.trim().toLowerCase());
    for (const role of ["infra", "deploy", "research"]) {
        if (caps.some((c) => c.startsWith(role)) || titleHasWord(agent.title, role))
            return role;
    }
    return "implementation";
}
/**
 * True for agents whose work is implementation (they must carry exit contracts, may own
 * components): not cont-QA, integration or documentation, not a report-only cont-EVAL, not a
 * docs-only design agent, not a security reviewer.
 */
function isImplementationOwning(agent, roles) {
    if (isContQaAgent(agent, roles) || isIntegrationSteward(agent, roles) || isDocumentationSteward(agent, roles))
        return false;
    if (isContEvalReportOnly(agent, roles))
        return false;
    if (isDocsOnlyDesignAgent(agent, roles))
        return false;
    if (isSecurityReviewer(agent, roles))
        return false;
    return true;
}
/** The report an agent of this closure stage writes (cont-QA, cont-EVAL, security), or null. */
function reportPathFor(agent, roles) {
    switch (closureStageOf(agent, roles)) {
        case "cont-qa":
            return contQaReportPath(agent);
        case "cont-eval":
            return contEvalReportPath(agent);
        case "security":
            return securityReportPath(agent);
        default:
            return isDesignAgent(agent, roles) ? designPacketPath(agent) : null;
    }
}


/***/ }),

/***/ 68486:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Au: () => (/* binding */ COMPLETION_LEVELS),
/* harmony export */   Dn: () => (/* binding */ AgentRoleSchema),
/* harmony export */   Et: () => (/* binding */ CLOSURE_STAGES),
/* harmony export */   KS: () => (/* binding */ ExitContractSchema),
/* harmony export */   QA: () => (/* binding */ ExecutorIdSchema),
/* harmony export */   ce: () => (/* binding */ DOC_IMPACT_LEVELS),
/* harmony export */   h9: () => (/* binding */ BudgetInputSchema),
/* harmony export */   iy: () => (/* binding */ DURABILITY_LEVELS),
/* harmony export */   ky: () => (/* binding */ resolveBudget),
/* harmony export */   l8: () => (/* binding */ MATURITY_LEVELS),
/* harmony export */   rI: () => (/* binding */ PROOF_CENTRIC_LEVEL),
/* harmony export */   rz: () => (/* binding */ EXECUTOR_IDS),
/* harmony export */   s$: () => (/* binding */ AGENT_ROLES),
/* harmony export */   te: () => (/* binding */ PROOF_LEVELS)
/* harmony export */ });
/* unused harmony exports ProofArtifactSchema, EvalTargetSchema, DeployEnvironmentSchema, ComponentPromotionSchema, Context7SelectionSchema, CodexSettingsSchema, ClaudeSettingsSchema, OpenCodeSettingsSchema, CommandSettingsSchema, BUDGET_KEYS, BudgetSchema, AgentExecutorConfigSchema, ResolvedExecutorSchema, AgentDefinitionSchema, WaveDefinitionSchema, DiagnosticSchema, RoleBindingsSchema, ClosurePolicySchema, ThresholdSchema, ModeThresholdsSchema, AutoClosureSchema, ValidationSettingsSchema, ExecutorProfileSchema, LaneExecutorsSchema, RuntimePolicySchema, LaneSkillsSchema, LaneSettingsSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(38816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77336);
/**
 * The wave model: zod schemas for everything parsed from wave files and wave.config.json.
 * These schemas are the single source of truth for the types used across the engine.
 */


const EXECUTOR_IDS = ["codex", "claude", "opencode", "local", "command"];
const ExecutorIdSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(EXECUTOR_IDS);
const AGENT_ROLES = [
    "implementation",
    "design",
    "security",
    "infra",
    "deploy",
    "research",
    "cont-eval",
    "integration",
    "documentation",
    "cont-qa",
];
const AgentRoleSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(AGENT_ROLES);
/** Closure stages in the order the sweep runs them. */
const CLOSURE_STAGES = ["cont-eval", "security", "integration", "documentation", "cont-qa"];
const COMPLETION_LEVELS = ["contract", "integrated", "authoritative", "live"];
const DURABILITY_LEVELS = ["none", "ephemeral", "durable"];
const PROOF_LEVELS = ["unit", "integration", "live"];
const DOC_IMPACT_LEVELS = ["none", "owned", "shared-plan"];
const MATURITY_LEVELS = [
    "inventoried",
    "contract-frozen",
    "repo-landed",
    "baseline-proved",
    "pilot-live",
    "qa-proved",
    "fleet-ready",
    "cutover-ready",
    "deprecation-ready",
];
const PROOF_CENTRIC_LEVEL = "pilot-live";
const ExitContractSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    completion: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    durability: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    proof: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    docImpact: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
const ProofArtifactSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    requiredFor: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
const EvalTargetSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    selection: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["pinned", "delegated"]),
    benchmarkFamily: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    benchmarks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    objective: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    threshold: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
const DeployEnvironmentSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    isDefault: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    notes: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
const ComponentPromotionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    componentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    targetLevel: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
const Context7SelectionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    bundle: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    query: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
/* ------------------------------------------------------------------ executor settings */
const CodexSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    sandbox: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["read-only", "workspace-write", "danger-full-access"]).optional(),
    profileName: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    config: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    search: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    images: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    addDirs: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    json: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    ephemeral: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
});
const ClaudeSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    agent: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    permissionMode: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    permissionPromptTool: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    effort: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["low", "medium", "high", "max"]).optional(),
    maxTurns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    mcpConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    strictMcpConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    settings: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    settingsJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    hooksJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    allowedHttpHookUrls: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    outputFormat: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["text", "json", "stream-json"]).optional(),
    allowedTools: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    disallowedTools: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    appendSystemPromptMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["append", "replace"]).optional(),
});
const OpenCodeSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    agent: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    attach: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    files: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    format: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["default", "json"]).optional(),
    steps: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    instructions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    permission: zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J().optional(),
    configJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    /** Environment variable names this agent's opencode provider needs (e.g. OPENROUTER_API_KEY). */
    envKeys: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
});
const CommandSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    /** argv of the program; the prompt is given on stdin and in WAVE_PROMPT_FILE. */
    argv: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).min(1).optional(),
});
/**
 * An agent's budget as written (wave file `budget.*` keys, config profiles): turns (advisory),
 * minutes (a deadline per attempt), usd and tokens (stopped when spent; see src/usage/budget.ts).
 */
const BudgetInputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    turns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    minutes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().optional(),
    usd: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().optional(),
    tokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
});
const BUDGET_KEYS = ["turns", "minutes", "usd", "tokens"];
/** The resolved budget: the agent's own keys over its profile's, null where neither sets one. */
const BudgetSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    turns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().nullable(),
    minutes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().nullable(),
    usd: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().nullable(),
    tokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().nullable(),
});
/** The `### Executor` section of one agent, as written (all keys optional). */
const AgentExecutorConfigSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: ExecutorIdSchema.optional(),
    profile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema).optional(),
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]).optional(),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    budget: BudgetInputSchema.optional(),
    /** Extra environment variable names this agent may receive (allow-list). */
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    /** Hosts or ecosystems this agent may reach in the sandbox, besides the run's `network.allowed`. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    codex: CodexSettingsSchema.optional(),
    claude: ClaudeSettingsSchema.optional(),
    opencode: OpenCodeSettingsSchema.optional(),
    command: CommandSettingsSchema.optional(),
});
/* ------------------------------------------------------------------ resolved executor */
const ResolvedExecutorSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: ExecutorIdSchema,
    selectedBy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["agent-id", "agent-profile", "lane-role-default", "cli", "config-default", "builtin-default"]),
    role: AgentRoleSchema,
    profile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    /** Executors to try, in order, when this one fails for a transport reason. */
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    budget: BudgetSchema,
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /** Extra environment variable names passed through to the agent. */
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /** Hosts or ecosystems the agent may reach in the sandbox, besides the run's `network.allowed`. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    codex: CodexSettingsSchema.required({ command: true, sandbox: true }),
    claude: ClaudeSettingsSchema.required({ command: true, outputFormat: true }),
    opencode: OpenCodeSettingsSchema.required({ command: true, format: true }),
    command: CommandSettingsSchema,
});
/* ------------------------------------------------------------------ wave definition */
const AgentDefinitionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    agentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    title: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** `slugify(`${wave}-${agentId}`)`, used in per-agent file names. */
    slug: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** 1-based line of the `## Agent` heading in the wave file. */
    line: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive(),
    /** 1-based line of the first line inside the prompt fence (0 when missing). */
    promptLine: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    /** The agent's own prompt text (inside the `### Prompt` fence). */
    promptOverlay: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** Standing prompts of the role prompt files + the overlay, joined by a blank line. */
    prompt: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    rolePromptPaths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    context7: Context7SelectionSchema.nullable(),
    exitContract: ExitContractSchema.nullable(),
    executor: AgentExecutorConfigSchema,
    components: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    componentTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable()),
    capabilities: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    skills: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    deliverables: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    proofArtifacts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ProofArtifactSchema),
    /** Paths from the `File ownership` list in the prompt; a trailing `/` means a directory prefix. */
    ownedPaths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /**
     * Which `### ` sub-sections were present, by name, with their 1-based heading line; also
     * "File ownership": the line of the ownership label inside the prompt.
     */
    sectionLines: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive()),
    /** Runtime role, set by `loadProject` (see `inferAgentRole` in src/wave/roles.ts). */
    role: AgentRoleSchema.optional(),
    /** Closure stage this agent holds, or null for implementation-style agents; set by `loadProject`. */
    closureStage: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(CLOSURE_STAGES).nullable().optional(),
    /** Executor resolved for this lane and CLI selection; set by `loadProject` when resolution succeeded. */
    resolvedExecutor: ResolvedExecutorSchema.optional(),
});
const WaveDefinitionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    wave: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    /** Repository-relative path of the wave file (forward slashes). */
    file: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    title: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    commitMessage: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    deployEnvironments: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(DeployEnvironmentSchema),
    evalTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(EvalTargetSchema),
    context7Defaults: Context7SelectionSchema.nullable(),
    componentPromotions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ComponentPromotionSchema),
    agents: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(AgentDefinitionSchema),
    /** sha256 of the file's bytes: used to check that a resumed state belongs to the same wave file. */
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** 1-based heading lines of the wave-level sections present (plus "Title" and "Commit message"). */
    sectionLines: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive()).optional(),
});
/* ------------------------------------------------------------------ diagnostics */
const DiagnosticSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    file: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    line: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    column: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    message: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().optional(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    severity: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["error", "warning"]).default("error"),
});
/* ------------------------------------------------------------------ lane context used by the engine */
/** Which agent ids and role-prompt paths hold the closure roles in a lane. */
const RoleBindingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    rolePromptDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contQaAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contEvalAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    integrationAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    documentationAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contQaRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contEvalRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    integrationRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    documentationRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    securityRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    designRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
/**
 * What the closure sweep requires. Without a wave.config.json, `requiredStages` is empty (no
 * closure stage is required; declared closure agents still run and gate). With a config, the
 * reference's rules decide (cont-QA always required, integration/documentation from thresholds).
 */
const ClosurePolicySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    hasConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    requiredStages: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(CLOSURE_STAGES)),
    /** "bootstrap" | "standard" | "strict", from gateModeThresholds for this wave. */
    gateMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["bootstrap", "standard", "strict"]),
    closureMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["bootstrap", "standard", "strict"]),
    autoClosure: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        allowInferredIntegration: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowAutoDocNoChange: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowAutoDocProjection: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowSkipContQaInBootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    }),
    requireComponentPromotions: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
/* ------------------------------------------------------------------ lane settings (normalized config) */
/** A wave-number threshold: the rule applies from this wave on; `null` disables the rule. */
const ThresholdSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().nullable();
const ModeThresholdsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    bootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    standard: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    strict: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
});
const AutoClosureSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    allowInferredIntegration: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowAutoDocNoChange: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowAutoDocProjection: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowSkipContQaInBootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
const ValidationSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    requiredPromptReferences: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    requireDocumentationStewardFromWave: ThresholdSchema,
    requireContext7DeclarationsFromWave: ThresholdSchema,
    requireExitContractsFromWave: ThresholdSchema,
    requireIntegrationStewardFromWave: ThresholdSchema,
    requireComponentPromotionsFromWave: ThresholdSchema,
    requireAgentComponentsFromWave: ThresholdSchema,
    gateModeThresholds: ModeThresholdsSchema,
    closureModeThresholds: ModeThresholdsSchema,
    autoClosure: AutoClosureSchema,
});
/** An executor profile from `executors.profiles.<name>`, normalized. */
const ExecutorProfileSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    id: ExecutorIdSchema.nullable(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    budget: BudgetSchema,
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]).nullable(),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().nullable(),
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    codex: CodexSettingsSchema,
    claude: ClaudeSettingsSchema,
    opencode: OpenCodeSettingsSchema,
    command: CommandSettingsSchema,
});
/** Lane-level executor settings (`executors.*`), normalized; values absent from the config stay absent. */
const LaneExecutorsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    default: ExecutorIdSchema,
    /** True when `executors.default` was written in the config (selectedBy "config-default"). */
    defaultFromConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    profiles: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), ExecutorProfileSchema),
    codex: CodexSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    claude: ClaudeSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    opencode: OpenCodeSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    command: CommandSettingsSchema,
});
const RuntimePolicySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    runtimeMixTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .partialRecord */ .jgl(ExecutorIdSchema, zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative()),
    defaultExecutorByRole: zod__WEBPACK_IMPORTED_MODULE_1__/* .partialRecord */ .jgl(AgentRoleSchema, ExecutorIdSchema),
    fallbackExecutorOrder: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    requireMarkerNonce: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
const LaneSkillsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    dir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    base: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    byRole: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
    byRuntime: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
    byDeployKind: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
});
/**
 * Everything the engine needs to know about one lane: the config resolved for (project, lane),
 * or the built-in defaults when there is no wave.config.json (`hasConfig: false`).
 * All paths are repository-relative with forward slashes.
 */
const LaneSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    lane: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    project: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    hasConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    /** Repository-relative path of the config file that was read, or null. */
    configFile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    docsDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    plansDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** The waves directory actually used (the legacy `<docsDir>/waves` when only that one exists). */
    wavesDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    sharedPlanDocs: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    roles: RoleBindingsSchema,
    validation: ValidationSettingsSchema,
    executors: LaneExecutorsSchema,
    runtimePolicy: RuntimePolicySchema,
    skills: LaneSkillsSchema,
    pricing: _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .PricingSchema */ .SD,
    /** The config's `sandbox` (auto|on|off), or null: the input/flag decides (default off). */
    sandbox: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["auto", "on", "off"]).nullable().optional(),
    /** The config's `network.allowed` (top level, project and lane together): ecosystems or domains. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    capabilityRouting: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ preferredAgents: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())) }),
    paths: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        stateRoot: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        context7BundleIndexPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        benchmarkCatalogPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        componentCutoverMatrixDocPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        componentCutoverMatrixJsonPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    }),
});
/** The agent's budget keys over its profile's. */
function resolveBudget(own, profile) {
    const out = {};
    for (const key of BUDGET_KEYS)
        out[key] = own?.[key] ?? profile?.[key] ?? null;
    return out;
}


/***/ }),

/***/ 32858:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HU: () => (/* binding */ findNulLine),
/* harmony export */   k4: () => (/* binding */ decodeTextFile),
/* harmony export */   sc: () => (/* binding */ sha256)
/* harmony export */ });
/* unused harmony exports positionOfByte, firstInvalidUtf8 */
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Turning file bytes into text we are willing to parse: strict UTF-8, no NUL bytes, line numbers
 * for whatever is wrong.
 */


/** sha256 hex of the bytes (strings are hashed as their UTF-8 encoding). */
function sha256(data) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)("sha256").update(data).digest("hex");
}
/** 1-based line and column of a byte offset (columns count bytes). */
function positionOfByte(bytes, offset) {
    let line = 1;
    let lineStart = 0;
    const end = Math.min(offset, bytes.length);
    for (let i = 0; i < end; i++) {
        if (bytes[i] === 0x0a) {
            line++;
            lineStart = i + 1;
        }
    }
    return { line, column: offset - lineStart + 1 };
}
/** Byte offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes) {
    let i = 0;
    const n = bytes.length;
    while (i < n) {
        const b = bytes[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        let need;
        let min;
        if (b >= 0xc2 && b <= 0xdf) {
            need = 1;
            min = 0x80;
        }
        else if (b >= 0xe0 && b <= 0xef) {
            need = 2;
            min = 0x800;
        }
        else if (b >= 0xf0 && b <= 0xf4) {
            need = 3;
            min = 0x10000;
        }
        else {
            return i;
        }
        let cp = b & (0x3f >> need);
        for (let k = 1; k <= need; k++) {
            const c = bytes[i + k];
            if (c === undefined || (c & 0xc0) !== 0x80)
                return i;
            cp = (cp << 6) | (c & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += need + 1;
    }
    return -1;
}
/**
 * Decodes a text file: rejects bytes that are not UTF-8 and NUL bytes (binary data), strips a BOM.
 * `what` names the file kind in messages ("wave file", "role prompt").
 */
function decodeTextFile(bytes, what) {
    if (!(0,node_buffer__WEBPACK_IMPORTED_MODULE_0__.isUtf8)(bytes)) {
        const offset = firstInvalidUtf8(bytes);
        const at = positionOfByte(bytes, Math.max(offset, 0));
        const value = offset >= 0 ? bytes[offset].toString(16).padStart(2, "0") : "??";
        return {
            ok: false,
            problem: { ...at, message: `${what} is not valid UTF-8 (byte 0x${value} at line ${at.line}, byte ${at.column})` },
        };
    }
    const nul = bytes.indexOf(0);
    if (nul >= 0) {
        const at = positionOfByte(bytes, nul);
        return {
            ok: false,
            problem: { ...at, message: `${what} contains a NUL byte at line ${at.line} (binary data is not a wave file)` },
        };
    }
    let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
    if (text.charCodeAt(0) === 0xfeff)
        text = text.slice(1);
    return { ok: true, text };
}
/** Checks text that did not come from bytes (already a JS string) for NUL characters. */
function findNulLine(text) {
    const i = text.indexOf("\u0000");
    if (i < 0)
        return 0;
    let line = 1;
    for (let k = 0; k < i; k++)
        if (text.charCodeAt(k) === 10)
            line++;
    return line;
}


/***/ }),

/***/ 8628:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CQ: () => (/* binding */ splitShellWords),
/* harmony export */   H: () => (/* binding */ stripMatchingQuotes),
/* harmony export */   PF: () => (/* binding */ stripOuterQuoteChars),
/* harmony export */   gH: () => (/* binding */ compactSingleLine),
/* harmony export */   gJ: () => (/* binding */ stripBackticks),
/* harmony export */   mv: () => (/* binding */ splitCommaList)
/* harmony export */ });
/**
 * Splitting setting values into lists and argv arrays. Nothing here ever runs a shell: these
 * functions only cut strings the way a POSIX shell would cut words, and refuse what a shell would
 * interpret (pipes, redirections, substitutions) instead of passing it on silently.
 */
const SHELL_OPERATORS = new Set(["|", "&", ";", "<", ">", "(", ")", "`", "$"]);
/**
 * Splits a command line into argv words like a POSIX shell: blanks separate words; `'…'` is
 * literal; inside `"…"` a backslash escapes `"`, `\`, `$` and `` ` ``; outside quotes a backslash
 * escapes the next character. Unbalanced quotes, a dangling backslash, and unquoted shell
 * operators (`| & ; < > ( ) $` and backticks, or `#` starting a word) are errors, because the words
 * are never given to a shell.
 */
function splitShellWords(input) {
    const words = [];
    let cur = "";
    let inWord = false;
    let i = 0;
    const s = input;
    while (i < s.length) {
        const c = s[i];
        if (c === " " || c === "\t" || c === "\n" || c === "\r") {
            if (inWord) {
                words.push(cur);
                cur = "";
                inWord = false;
            }
            i++;
            continue;
        }
        if (c === "'") {
            const end = s.indexOf("'", i + 1);
            if (end < 0)
                return { ok: false, error: `unbalanced single quote at character ${i + 1}` };
            cur += s.slice(i + 1, end);
            inWord = true;
            i = end + 1;
            continue;
        }
        if (c === '"') {
            let j = i + 1;
            let closed = false;
            while (j < s.length) {
                const d = s[j];
                if (d === '"') {
                    closed = true;
                    break;
                }
                if (d === "\\" && j + 1 < s.length && '"\\$`\n'.includes(s[j + 1])) {
                    if (s[j + 1] !== "\n")
                        cur += s[j + 1];
                    j += 2;
                    continue;
                }
                cur += d;
                j++;
            }
            if (!closed)
                return { ok: false, error: `unbalanced double quote at character ${i + 1}` };
            inWord = true;
            i = j + 1;
            continue;
        }
        if (c === "\\") {
            if (i + 1 >= s.length)
                return { ok: false, error: "dangling backslash at the end" };
            if (s[i + 1] !== "\n") {
                cur += s[i + 1];
                inWord = true;
            }
            i += 2;
            continue;
        }
        if (SHELL_OPERATORS.has(c) || (c === "#" && !inWord)) {
            return {
                ok: false,
                error: `unquoted "${c}" at character ${i + 1}: the command is not run through a shell (quote it to pass it literally)`,
            };
        }
        cur += c;
        inWord = true;
        i++;
    }
    if (inWord)
        words.push(cur);
    return { ok: true, items: words };
}
/**
 * Splits a comma-separated list. Items may be wrapped in `"…"` (where `\"` and `\\` are escapes)
 * or `'…'` (literal) to contain commas, and a backslash escapes a comma outside quotes. Surrounding whitespace is trimmed; empty items dropped.
 */
function splitCommaList(input) {
    const items = [];
    let cur = "";
    let quoted = false;
    let i = 0;
    const push = () => {
        const v = quoted ? cur : cur.trim();
        if (v !== "" || quoted)
            items.push(v);
        cur = "";
        quoted = false;
    };
    while (i < input.length) {
        const c = input[i];
        if (c === ",") {
            push();
            i++;
            continue;
        }
        if (c === "\\" && input[i + 1] === ",") {
            cur += ",";
            i += 2;
            continue;
        }
        if ((c === '"' || c === "'") && cur.trim() === "" && !quoted) {
            let j = i + 1;
            let text = "";
            let closed = false;
            while (j < input.length) {
                const d = input[j];
                if (d === c) {
                    closed = true;
                    break;
                }
                if (c === '"' && d === "\\" && (input[j + 1] === '"' || input[j + 1] === "\\")) {
                    text += input[j + 1];
                    j += 2;
                    continue;
                }
                text += d;
                j++;
            }
            if (!closed)
                return { ok: false, error: `unbalanced ${c === '"' ? "double" : "single"} quote at character ${i + 1}` };
            cur = text;
            quoted = true;
            i = j + 1;
            while (i < input.length && (input[i] === " " || input[i] === "\t"))
                i++;
            if (i < input.length && input[i] !== ",") {
                return { ok: false, error: `unexpected text after the quoted item at character ${i + 1}` };
            }
            continue;
        }
        cur += c;
        i++;
    }
    push();
    return { ok: true, items: items.filter((x) => x !== "") };
}
/** Removes one leading and one trailing quote character (`"`, `'` or a backtick), as the reference does. */
function stripOuterQuoteChars(value) {
    let v = value.trim();
    if (v.length > 0 && '"\'`'.includes(v[0]))
        v = v.slice(1);
    if (v.length > 0 && '"\'`'.includes(v[v.length - 1]))
        v = v.slice(0, -1);
    return v;
}
/** Removes a matching pair of surrounding quotes (`"…"` or `'…'`), if present. */
function stripMatchingQuotes(value) {
    const v = value.trim();
    if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0])
        return v.slice(1, -1);
    return v;
}
/** Removes surrounding backticks (a markdown code span), if present on both ends. */
function stripBackticks(value) {
    const v = value.trim();
    if (v.length >= 2 && v.startsWith("`") && v.endsWith("`"))
        return v.slice(1, -1).trim();
    return v;
}
/** Collapses whitespace to single spaces and cuts to `max` characters (with an ellipsis). */
function compactSingleLine(value, max) {
    const t = value.replace(/\s+/g, " ").trim();
    return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}


/***/ })

};

//# sourceMappingURL=13.index.js.map