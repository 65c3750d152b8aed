export const id = 701;
export const ids = [701];
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


/***/ })

};

//# sourceMappingURL=701.index.js.map