export const id = 431;
export const ids = [431];
export const modules = {

/***/ 7431:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LOCAL_AGENT_USAGE: () => (/* binding */ LOCAL_AGENT_USAGE),
/* harmony export */   runLocalAgent: () => (/* binding */ runLocalAgent)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1897);
/* harmony import */ var _markers_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1317);
/* harmony import */ var _task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(517);
/**
 * `wave __local-agent --task <file>`: the built-in, deterministic, LLM-free agent. It reads its task
 * file, creates its missing deliverables (never overwriting a file), then prints the markers its
 * role requires. Used for demos, dry runs and tests.
 *
 * Test knobs (read from the environment, both optional):
 *   WAVE_LOCAL_SLEEP_MS=<n>   wait n milliseconds before doing anything (n ≤ 3 600 000);
 *   WAVE_LOCAL_FAIL=<ids>     "1"/"true"/"all", or a comma list of agent ids: exit 1 without
 *                             creating files or printing markers.
 * Exit codes: 0 done; 1 failed on request or could not create a deliverable; 2 bad usage or task.
 */






const LOCAL_AGENT_USAGE = "usage: wave __local-agent --task <local-task.json>\n";
const MAX_SLEEP_MS = 3_600_000;
function taskPathFrom(argv) {
    const args = argv[0] === "__local-agent" ? argv.slice(1) : [...argv];
    let taskPath = null;
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === "--task" && i + 1 < args.length)
            taskPath = args[++i];
        else if (arg.startsWith("--task="))
            taskPath = arg.slice("--task=".length);
        else
            return null;
    }
    return taskPath && taskPath !== "" ? taskPath : null;
}
async function loadTask(taskPath) {
    const text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(taskPath, "utf8");
    const parsed = _task_js__WEBPACK_IMPORTED_MODULE_4__/* .LocalTaskSchema */ .Kz.safeParse(JSON.parse(text));
    if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.length ? first.path.join(".") : "(root)";
        throw new Error(`${taskPath}: invalid task at ${where}: ${first?.message ?? "unknown problem"}`);
    }
    return parsed.data;
}
function failRequested(env, agentId) {
    const raw = env.WAVE_LOCAL_FAIL?.trim();
    if (!raw)
        return false;
    if (["1", "true", "yes", "all"].includes(raw.toLowerCase()))
        return true;
    return raw.split(",").some((id) => id.trim() === agentId);
}
function sleepMs(env) {
    const raw = env.WAVE_LOCAL_SLEEP_MS?.trim();
    if (!raw || !/^\d+$/.test(raw))
        return 0;
    return Math.min(Number(raw), MAX_SLEEP_MS);
}
async function runLocalAgent(argv, io) {
    const taskPath = taskPathFrom(argv);
    if (taskPath === null) {
        io.stderr.write(LOCAL_AGENT_USAGE);
        return 2;
    }
    let task;
    try {
        task = await loadTask(taskPath);
    }
    catch (error) {
        io.stderr.write(`wave local agent: error: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}\n`);
        return 2;
    }
    const delay = sleepMs(io.env);
    if (delay > 0)
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_1__.setTimeout)(delay);
    if (failRequested(io.env, task.agentId)) {
        io.stderr.write(`wave local agent: ${task.agentId} fails on request (WAVE_LOCAL_FAIL)\n`);
        return 1;
    }
    io.stdout.write(`wave local agent: ${task.agentId} (${task.role}), wave ${task.wave}, lane ${task.lane}\n`);
    let refused = 0;
    try {
        for (const outcome of await (0,_files_js__WEBPACK_IMPORTED_MODULE_3__/* .ensureDeliverables */ .zT)(task)) {
            if (outcome.action === "refused") {
                refused++;
                io.stderr.write(`wave local agent: refused ${outcome.path}: ${outcome.reason}\n`);
            }
            else {
                io.stdout.write(`wave local agent: ${outcome.action} ${outcome.path}\n`);
            }
        }
    }
    catch (error) {
        io.stderr.write(`wave local agent: error: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}\n`);
        return 1;
    }
    if (refused > 0)
        return 1;
    for (const line of (0,_markers_js__WEBPACK_IMPORTED_MODULE_5__/* .markersFor */ .j)(task))
        io.stdout.write(`${line}\n`);
    return 0;
}


/***/ }),

/***/ 1897:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ plannedFiles),
/* harmony export */   tz: () => (/* binding */ placeholderContent),
/* harmony export */   zT: () => (/* binding */ ensureDeliverables)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Deliverables of the built-in local agent: which files it creates and what goes in them. Existing
 * files are never touched (created with O_EXCL), and every path must stay inside the repository,
 * symlinked parents included.
 */


const SCRIPT_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const MARKDOWN_EXTENSIONS = new Set([".md", ".markdown"]);
/** Files the agent makes sure exist: deliverables, proof artifacts and its report, in that order. */
function plannedFiles(task) {
    const all = [...task.deliverables, ...task.proofArtifacts, ...(task.reportPath ? [task.reportPath] : [])];
    return all.filter((p, i) => p !== "" && !p.endsWith("/") && all.indexOf(p) === i);
}
/** Placeholder content for one file (pure). */
function placeholderContent(task, relPath) {
    const ext = node_path__WEBPACK_IMPORTED_MODULE_1___default().extname(relPath).toLowerCase();
    const by = `the Wave local agent (agent ${task.agentId}, wave ${task.wave})`;
    const isReport = relPath === task.reportPath;
    if (isReport && task.role === "cont-qa" && (MARKDOWN_EXTENSIONS.has(ext) || ext === ".txt")) {
        return `# cont-QA review: wave ${task.wave}\n\nWritten by ${by}, which reviews nothing: a dry-run placeholder.\n\nVerdict: PASS\n`;
    }
    if (MARKDOWN_EXTENSIONS.has(ext)) {
        return `# ${node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(relPath)}\n\nPlaceholder written by ${by}.\n`;
    }
    if (ext === ".txt")
        return `Placeholder written by ${by}.\n`;
    if (SCRIPT_EXTENSIONS.has(ext))
        return "export {};\n";
    if (ext === ".json" || ext === ".yml" || ext === ".yaml")
        return "{}\n";
    return "";
}
function inside(root, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs);
    return rel !== "" && !rel.startsWith("..") && !node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel);
}
function withinRoot(realRoot, realDir) {
    return realDir === realRoot || inside(realRoot, realDir);
}
/** realpath of the closest ancestor of `dir` (itself included) that exists. */
async function realExistingAncestor(dir) {
    let current = dir;
    for (;;) {
        try {
            return await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.realpath(current);
        }
        catch (error) {
            const up = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(current);
            if (error.code !== "ENOENT" || up === current)
                throw error;
            current = up;
        }
    }
}
async function ensureOne(task, realRoot, relPath) {
    if (node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(relPath))
        return { path: relPath, action: "refused", reason: "absolute path" };
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(task.root, relPath);
    if (!inside(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(task.root), abs))
        return { path: relPath, action: "refused", reason: "outside the repository" };
    const parent = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(abs);
    const escaped = { path: relPath, action: "refused", reason: "its directory resolves outside the repository" };
    if (!withinRoot(realRoot, await realExistingAncestor(parent)))
        return escaped;
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdir(parent, { recursive: true });
    if (!withinRoot(realRoot, await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.realpath(parent)))
        return escaped;
    let handle;
    try {
        handle = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.open(abs, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_EXCL, 0o644);
    }
    catch (error) {
        if (error.code === "EEXIST")
            return { path: relPath, action: "kept" };
        throw error;
    }
    try {
        await handle.writeFile(placeholderContent(task, relPath), "utf8");
    }
    finally {
        await handle.close();
    }
    return { path: relPath, action: "created" };
}
/** Creates the missing planned files, one after the other (deterministic order). */
async function ensureDeliverables(task) {
    const realRoot = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.realpath(task.root);
    const outcomes = [];
    for (const relPath of plannedFiles(task))
        outcomes.push(await ensureOne(task, realRoot, relPath));
    return outcomes;
}


/***/ }),

/***/ 1317:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ markersFor)
/* harmony export */ });
/* unused harmony export implementationMarkers */
function withNonce(line, task) {
    return task.markerNonce ? `${line} nonce=${task.markerNonce}` : line;
}
function csv(values) {
    return values.join(",");
}
function uniqueOrdered(values) {
    return values.filter((v, i) => v !== "" && values.indexOf(v) === i);
}
/** `[wave-proof]`, `[wave-doc-delta]` and one `[wave-component]` per owned component. */
function implementationMarkers(task) {
    const contract = task.exitContract;
    const completion = contract?.completion ?? "contract";
    const durability = contract?.durability ?? "none";
    const proof = contract?.proof ?? "unit";
    const docImpact = contract?.docImpact ?? "none";
    const lines = [
        `[wave-proof] completion=${completion} durability=${durability} proof=${proof} state=met`,
        `[wave-doc-delta] state=${docImpact}`,
    ];
    for (const component of task.components) {
        lines.push(`[wave-component] component=${component.id} level=${component.level} state=met`);
    }
    return lines;
}
function evalMarker(task) {
    const targetIds = uniqueOrdered(task.evalTargets.map((t) => t.id));
    const benchmarkIds = uniqueOrdered(task.evalTargets.flatMap((t) => t.benchmarks));
    const parts = [
        "[wave-eval] state=satisfied",
        `targets=${targetIds.length}`,
        `benchmarks=${benchmarkIds.length}`,
        "regressions=0",
    ];
    if (targetIds.length > 0)
        parts.push(`target_ids=${csv(targetIds)}`);
    if (benchmarkIds.length > 0)
        parts.push(`benchmark_ids=${csv(benchmarkIds)}`);
    return parts.join(" ");
}
function markersFor(task) {
    const closure = (line) => withNonce(line, task);
    const implementation = task.implementationOwning ? implementationMarkers(task) : [];
    switch (task.role) {
        case "cont-qa":
            return [
                closure("[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass"),
                closure("[wave-verdict] pass"),
            ];
        case "cont-eval":
            return [...implementation, closure(evalMarker(task))];
        case "integration":
            return [closure("[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0")];
        case "documentation":
            return [closure("[wave-doc-closure] state=no-change")];
        case "security":
            return [closure("[wave-security] state=clear findings=0 approvals=0")];
        case "design":
            return [
                ...implementation,
                closure("[wave-design] state=ready-for-implementation decisions=0 assumptions=0 open_questions=0"),
            ];
        default:
            return implementationMarkers(task);
    }
}


/***/ }),

/***/ 517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BJ: () => (/* binding */ LOCAL_TASK_FILE),
/* harmony export */   Kz: () => (/* binding */ LocalTaskSchema),
/* harmony export */   dN: () => (/* binding */ buildLocalTask)
/* harmony export */ });
/* unused harmony export DEFAULT_COMPONENT_LEVEL */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8816);
/* harmony import */ var _wave_roles_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5620);
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
/**
 * The task file of the built-in `local` agent (`<overlay>/local-task.json`): everything it needs to
 * create its deliverables and print its role's markers, so it never parses a prompt.
 */



const LOCAL_TASK_FILE = "local-task.json";
/** Level printed for a component whose wave target is unknown. */
const DEFAULT_COMPONENT_LEVEL = "repo-landed";
const LocalTaskSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz(1),
    lane: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1),
    title: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    role: _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .AgentRoleSchema */ .Dn,
    /** Absolute repository root; every path below is relative to it. */
    root: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1),
    deliverables: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    proofArtifacts: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    ownedPaths: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    components: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1), level: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1) })),
    exitContract: _wave_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ExitContractSchema */ .KS.nullable(),
    /** Whether the agent also owns implementation work (prints proof / doc-delta / component markers). */
    implementationOwning: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    /** The report (or design packet) its role writes, or null. */
    reportPath: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
    evalTargets: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1), benchmarks: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()) })),
    markerNonce: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().nullable(),
});
const IMPLEMENTATION_ROLES = ["implementation", "infra", "deploy", "research"];
function derivedReportPath(ctx) {
    switch (ctx.role) {
        case "cont-qa":
            return (0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .contQaReportPath */ .Cl)(ctx.agent);
        case "cont-eval":
            return (0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .contEvalReportPath */ .Yg)(ctx.agent);
        case "security":
            return (0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .securityReportPath */ .yh)(ctx.agent);
        case "design":
            return (0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .designPacketPath */ .ob)(ctx.agent);
        default:
            return null;
    }
}
function implementationOwning(ctx) {
    if (IMPLEMENTATION_ROLES.includes(ctx.role))
        return true;
    if (ctx.role === "cont-eval")
        return ctx.agent.ownedPaths.some((p) => !(0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .isContEvalReportPath */ .ES)(p));
    if (ctx.role === "design")
        return ctx.agent.ownedPaths.some((p) => !(0,_wave_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .isDesignPacketPath */ .cR)(p));
    return false;
}
function buildLocalTask(ctx) {
    const { agent } = ctx;
    return {
        version: 1,
        lane: ctx.lane,
        wave: ctx.wave,
        agentId: agent.agentId,
        title: agent.title,
        role: ctx.role,
        root: ctx.root,
        deliverables: [...agent.deliverables],
        proofArtifacts: agent.proofArtifacts.map((a) => a.path),
        ownedPaths: [...agent.ownedPaths],
        components: agent.components.map((id) => ({ id, level: agent.componentTargets[id] ?? DEFAULT_COMPONENT_LEVEL })),
        exitContract: agent.exitContract,
        implementationOwning: implementationOwning(ctx),
        reportPath: ctx.reportPath !== undefined ? ctx.reportPath : derivedReportPath(ctx),
        evalTargets: (ctx.evalTargets ?? []).map((t) => ({ id: t.id, benchmarks: [...t.benchmarks] })),
        markerNonce: ctx.markerNonce,
    };
}


/***/ }),

/***/ 3345:
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
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
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

/***/ 5620:
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
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3345);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
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


/***/ })

};

//# sourceMappingURL=431.index.js.map