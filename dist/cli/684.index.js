export const id = 684;
export const ids = [684,701];
export const modules = {

/***/ 5984:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Uu: () => (/* binding */ parseAgentUser),
/* harmony export */   ky: () => (/* binding */ SAME_USER_CONSEQUENCES),
/* harmony export */   vd: () => (/* binding */ decideAgentUser),
/* harmony export */   wq: () => (/* binding */ autoUserName),
/* harmony export */   xJ: () => (/* binding */ AUTO_USER_POOL)
/* harmony export */ });
/* unused harmony export AUTO_USER_BASE */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
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
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(481);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_readline__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8816);
/* harmony import */ var _choice_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5984);
/* harmony import */ var _worktree_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6890);
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

/***/ 6890:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MZ: () => (/* binding */ takeBackWorktree),
/* harmony export */   Oj: () => (/* binding */ reassignOwned),
/* harmony export */   eQ: () => (/* binding */ grantWorktree)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
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

/***/ 9684:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CM: () => (/* binding */ readPriorRun),
/* harmony export */   NN: () => (/* binding */ listAttempts),
/* harmony export */   UQ: () => (/* binding */ findLatestRun),
/* harmony export */   nj: () => (/* binding */ nextAttempt),
/* harmony export */   xn: () => (/* binding */ trailingDryRun)
/* harmony export */ });
/* unused harmony export trustedOwners */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7701);
/* harmony import */ var _feedback_requests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6869);
/* harmony import */ var _signals_schema_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2390);
/* harmony import */ var _state_files_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(766);
/* harmony import */ var _state_paths_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5013);
/* harmony import */ var _state_progress_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6498);
/* harmony import */ var _state_schema_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(6858);
/**
 * Finding and reading an earlier run directory of the same lane and wave, and turning what it
 * recorded into the planner's prior state. A foreign or corrupt state is refused with a message.
 * `resume auto` picks only attempt directories this orchestrator wrote: real directories of its
 * own user whose journals agree with their name, so a directory planted in the state directory
 * (by an agent running as another user, or by a link) is never taken for an earlier run.
 */










/** Attempt numbers of the run directories under a wave directory, ascending. */
async function listAttempts(waveDir) {
    let names;
    try {
        names = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readdir(waveDir);
    }
    catch {
        return [];
    }
    return names
        .map((n) => /^attempt-(\d+)$/.exec(n)?.[1])
        .filter((n) => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
}
async function nextAttempt(waveDir, floor = 0) {
    const attempts = await listAttempts(waveDir);
    return Math.max(floor, attempts.at(-1) ?? 0) + 1;
}
/**
 * The latest attempt of `waveDir` when it was a dry run (its progress journal says so), else null.
 * A dry run is a preview: the next run takes its number and its directory, so previews do not use
 * up attempt numbers.
 */
async function trailingDryRun(waveDir) {
    const latest = (await listAttempts(waveDir)).at(-1);
    if (latest === undefined)
        return null;
    const r = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(waveDir, `attempt-${latest}`, "progress.json"), _state_progress_js__WEBPACK_IMPORTED_MODULE_8__/* .ProgressSchema */ .$L, "progress journal");
    return r.ok && r.value.status === "dry-run" ? latest : null;
}
/** Reads a run directory as a prior state; throws UserError when it is foreign or corrupt. */
async function readPriorRun(runDir, options) {
    const paths = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .runPathsOf */ .pf)(runDir, 1);
    const r = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)(paths.progress, _state_progress_js__WEBPACK_IMPORTED_MODULE_8__/* .ProgressSchema */ .$L, "progress journal");
    if (!r.ok)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot resume from ${runDir}: ${r.message}`);
    const progress = r.value;
    if (progress.lane !== options.lane || progress.wave !== options.wave) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot resume from ${runDir}: it holds lane ${progress.lane} wave ${progress.wave}, not lane ${options.lane} wave ${options.wave}`);
    }
    if (options.repository && progress.repository && options.repository !== progress.repository) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot resume from ${runDir}: it belongs to repository ${progress.repository}, not ${options.repository}`);
    }
    if (!options.force && progress.waveFingerprint !== options.waveFingerprint) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot resume from ${runDir}: ${progress.waveFile} changed since that run (pass --force-resume to resume anyway)`);
    }
    const summaries = {};
    const agents = {};
    const notes = [];
    for (const [id, a] of Object.entries(progress.agents)) {
        agents[id] = { status: a.status, fingerprint: a.fingerprint };
        if (a.status !== "succeeded" && a.status !== "reused")
            continue;
        const s = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)((0,_state_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .agentPaths */ .SR)(paths, id).summary, _signals_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .ExecutionSummarySchema */ .s3, "execution summary");
        if (s.ok)
            summaries[id] = s.value;
        else {
            agents[id] = { status: "failed", fingerprint: a.fingerprint };
            notes.push(`agent ${id} runs again: ${s.message}`);
        }
    }
    const implicated = [...new Set(progress.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId))];
    const pending = await feedbackAgent(runDir, progress.status === "blocked");
    return {
        runDir,
        progress,
        summaries,
        notes,
        prior: { agents, passedStages: progress.passedStages, implicated, feedbackAgentId: pending },
    };
}
/**
 * The agent that must run again with a human's answer: the one whose question is still pending,
 * or, for a run that ended blocked, the one whose question was answered since (`wave feedback
 * answer` after the run ended): its earlier result was given without the answer.
 */
async function feedbackAgent(runDir, blocked) {
    const pending = await (0,_feedback_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .readFeedbackRequests */ .s3)(runDir);
    if (pending[0])
        return pending[0].agentId;
    if (!blocked)
        return null;
    return (await (0,_feedback_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .readFeedbackRequests */ .s3)(runDir, { includeAnswered: true })).at(-1)?.agentId ?? null;
}
/** Users whose attempt directories may be resumed: this process's, and the one it was elevated from. */
function trustedOwners() {
    const own = process.getuid?.();
    if (own === undefined)
        return [];
    const from = (0,_agent_user_elevate_js__WEBPACK_IMPORTED_MODULE_3__.elevatedFromUser)()?.uid;
    return from === undefined || from === own ? [own] : [own, from];
}
/** A journal file of an attempt directory: absent, a regular file of a trusted owner, or refused. */
async function journalEntry(file, owners) {
    let st;
    try {
        st = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.lstat(file);
    }
    catch {
        return { kind: "missing" };
    }
    if (!st.isFile())
        return { kind: "bad", message: `${node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(file)} is not a regular file` };
    if (owners.length > 0 && !owners.includes(st.uid)) {
        return { kind: "bad", message: `${node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(file)} belongs to uid ${st.uid}, not to the user running waves` };
    }
    return { kind: "file" };
}
/**
 * Whether an attempt directory is one this orchestrator wrote for `expect` and attempt `a`: a real
 * directory (not a symbolic link) owned by a trusted user, whose progress.json and result.json
 * (when present; a killed run has none) are regular files of a trusted owner that record the same
 * lane, wave and attempt (a result.json that cannot be read records nothing). Returns the reason
 * it is not, or null; `missing` when it holds no journal (nothing worth a warning).
 */
async function attemptProblem(dir, a, owners, expect) {
    const st = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.lstat(dir).catch(() => null);
    if (!st)
        return { message: "it disappeared", missing: true };
    if (st.isSymbolicLink())
        return { message: "it is a symbolic link, not a directory this orchestrator made", missing: false };
    if (!st.isDirectory())
        return { message: "it is not a directory", missing: false };
    if (owners.length > 0 && !owners.includes(st.uid)) {
        return { message: `it belongs to uid ${st.uid}, not to the user running waves`, missing: false };
    }
    const records = [];
    const progressFile = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, "progress.json");
    const progressEntry = await journalEntry(progressFile, owners);
    if (progressEntry.kind === "missing")
        return { message: "it has no progress journal", missing: true };
    if (progressEntry.kind === "bad")
        return { message: progressEntry.message, missing: false };
    const progress = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)(progressFile, _state_progress_js__WEBPACK_IMPORTED_MODULE_8__/* .ProgressSchema */ .$L, "progress journal");
    if (!progress.ok)
        return { message: progress.message, missing: progress.missing };
    records.push({ label: "progress.json", ...progress.value });
    const resultFile = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, "result.json");
    const resultEntry = await journalEntry(resultFile, owners);
    if (resultEntry.kind === "bad")
        return { message: resultEntry.message, missing: false };
    if (resultEntry.kind === "file") {
        // An unreadable result.json says nothing (the journal is what resume relies on); a readable
        // one must say the same as the journal and the directory's name.
        const result = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)(resultFile, _state_schema_js__WEBPACK_IMPORTED_MODULE_9__/* .WaveResultSchema */ .Sn, "result");
        if (result.ok)
            records.push({ label: "result.json", ...result.value });
    }
    for (const r of records) {
        if (r.attempt !== a || r.lane !== expect.lane || r.wave !== expect.wave) {
            return {
                message: `its ${r.label} records lane ${r.lane} wave ${r.wave} attempt ${r.attempt}, not lane ${expect.lane} wave ${expect.wave} attempt ${a}`,
                missing: false,
            };
        }
    }
    return null;
}
/**
 * The newest earlier run directory of this wave that this orchestrator wrote (see attemptProblem)
 * and whose progress journal records at least one agent (dry runs and runs stopped before launch
 * are passed over). Newer directories that exist but are refused — planted, symbolic links, owned
 * by another user, disagreeing with their name, or with a journal that cannot be read — are
 * reported through `onSkip`.
 */
async function findLatestRun(waveDir, before, onSkip, options = {}) {
    const owners = options.owners ?? trustedOwners();
    const expect = options.expect ?? {
        lane: node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(waveDir)),
        wave: Number(/^wave-(\d+)$/.exec(node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(waveDir))?.[1] ?? Number.NaN),
    };
    const attempts = (await listAttempts(waveDir)).filter((a) => a < before).reverse();
    for (const a of attempts) {
        const dir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(waveDir, `attempt-${a}`);
        const problem = await attemptProblem(dir, a, owners, expect);
        if (problem) {
            if (!problem.missing)
                onSkip?.(dir, problem.message);
            continue;
        }
        const r = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readJsonChecked */ .m8)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, "progress.json"), _state_progress_js__WEBPACK_IMPORTED_MODULE_8__/* .ProgressSchema */ .$L, "progress journal");
        // A dry run, or a run that stopped before any agent ran (e.g. a missing executor), holds
        // nothing to carry over: resume from the run before it, or an earlier success is lost.
        if (r.ok && (r.value.status === "dry-run" || Object.keys(r.value.agents).length === 0))
            continue;
        if (r.ok)
            return dir;
        if (!r.missing)
            onSkip?.(dir, r.message);
    }
    return null;
}


/***/ }),

/***/ 766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ writeTextAtomic),
/* harmony export */   ZJ: () => (/* binding */ writeJsonAtomic),
/* harmony export */   m8: () => (/* binding */ readJsonChecked)
/* harmony export */ });
/* unused harmony export readJsonOrThrow */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3916);
/* harmony import */ var _mkdir_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8922);
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

/***/ 5013:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M2: () => (/* binding */ agentDirName),
/* harmony export */   Ot: () => (/* binding */ runPaths),
/* harmony export */   SR: () => (/* binding */ agentPaths),
/* harmony export */   X$: () => (/* binding */ relativeToRun),
/* harmony export */   ej: () => (/* binding */ waveDirOf),
/* harmony export */   pf: () => (/* binding */ runPathsOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
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
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7336);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6858);
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

/***/ 6858:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $H: () => (/* binding */ WaveStatusSchema),
/* harmony export */   Sn: () => (/* binding */ WaveResultSchema),
/* harmony export */   jG: () => (/* binding */ AgentStatusSchema),
/* harmony export */   tS: () => (/* binding */ RESULT_SCHEMA_VERSION),
/* harmony export */   ui: () => (/* binding */ GateResultSchema)
/* harmony export */ });
/* unused harmony exports WAVE_STATUSES, AGENT_STATUSES, GATE_STAGES, GateStageSchema, ExecutorRunSchema, AgentResultSchema, FailureSchema, FeedbackSchema, StageTimingSchema, AgentUserInfoSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7336);
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
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


/***/ })

};

//# sourceMappingURL=684.index.js.map