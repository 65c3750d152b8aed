export const id = 869;
export const ids = [869,412];
export const modules = {

/***/ 7931:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C4: () => (/* binding */ renderMessageBoard),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   nV: () => (/* binding */ formatAge)
/* harmony export */ });
/* unused harmony export DEFAULT_BOARD_MAX_CHARS */
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9412);
/**
 * The message board: a markdown projection of the coordination state that closure agents read.
 * Record text is agent-written, so every field is flattened to one line and capped; the whole board
 * is capped at `maxChars`, dropping the oldest activity first.
 */

const DEFAULT_BOARD_MAX_CHARS = 8000;
const SUMMARY_CHARS = 240;
const SECTION_ENTRIES = 30;
/** One line, no control characters, at most `max` characters. */
function oneLine(text, max) {
    const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
    return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
function formatAge(ms) {
    if (!Number.isFinite(ms) || ms < 0)
        return "0s";
    const s = Math.floor(ms / 1000);
    if (s < 60)
        return `${s}s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m}m`;
    const h = Math.floor(m / 60);
    return `${h}h${m % 60 > 0 ? `${m % 60}m` : ""}`;
}
function targets(record) {
    return record.targets.length > 0 ? ` -> ${oneLine(record.targets.join(", "), 120)}` : "";
}
const REQUEST_KINDS = [
    "request",
    "blocker",
    "clarification-request",
    "human-escalation",
    "human-feedback",
];
function openLine(record, now) {
    const flags = [`age=${formatAge(now.getTime() - Date.parse(record.createdAt))}`];
    if ((0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .blocksWave */ .O9)(record))
        flags.push("blocking");
    flags.push(`severity=${record.blockerSeverity}`);
    return (`- [${record.priority}] ${record.kind}/${record.status} ${oneLine(record.agentId, 60)}${targets(record)} ` +
        `[${flags.join(", ")}] id=${record.id}: ${oneLine(record.summary, SUMMARY_CHARS)}`);
}
function plainLine(record) {
    const artifacts = record.artifactRefs.length > 0 ? ` (artifacts: ${oneLine(record.artifactRefs.join(", "), 160)})` : "";
    return (`- ${oneLine(record.agentId, 60)} ${record.kind}/${record.status}${targets(record)} id=${record.id}: ` +
        `${oneLine(record.summary, SUMMARY_CHARS)}${artifacts}`);
}
function feedLine(record) {
    return (`- ${record.updatedAt} | ${oneLine(record.agentId, 60)} | ${record.kind}/${record.status}${targets(record)} | ` +
        oneLine(record.summary, SUMMARY_CHARS));
}
function section(title, lines, always) {
    if (lines.length === 0)
        return always ? [`## ${title}`, "", "_None._", ""] : [];
    const omitted = Math.max(0, lines.length - SECTION_ENTRIES);
    const kept = lines.slice(omitted);
    return [`## ${title}`, "", ...(omitted > 0 ? [`- … ${omitted} older entries omitted`] : []), ...kept, ""];
}
function renderMessageBoard(state, options) {
    const maxChars = options.maxChars ?? DEFAULT_BOARD_MAX_CHARS;
    const now = options.now;
    const open = state.records.filter((r) => (0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .isOpenStatus */ .vA)(r.status) && (REQUEST_KINDS.includes(r.kind) || (0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .blocksWave */ .O9)(r)));
    const blocking = state.records.filter(_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .blocksWave */ .O9).length;
    const head = [
        `# Wave ${options.wave} message board`,
        "",
        `- Lane: ${oneLine(options.lane, 80)}`,
        `- Agents: ${options.agents.length > 0 ? oneLine(options.agents.join(", "), 400) : "(none)"}`,
        `- Generated: ${now.toISOString()}`,
        `- Records: ${state.records.length} (${state.openRecords.length} open, ${blocking} blocking)`,
        "",
        "This board is generated from the coordination log; do not edit it. Post with `wave coord post`.",
        "",
        ...section("Open requests and blockers", open.map((r) => openLine(r, now)), true),
        ...section("Claims", state.claims.map(plainLine), true),
        ...section("Evidence", state.evidence.map(plainLine), true),
        ...section("Decisions", state.decisions.map(plainLine), true),
        ...section("Handoffs", state.handoffs.map(plainLine), false),
        ...section("Integration summaries", state.integrationSummaries.map(plainLine), false),
    ].join("\n");
    const feedTitle = "## Activity feed\n\n";
    const truncatedNote = "\n… (board truncated)\n";
    let body = `${head}\n${feedTitle}`;
    if (body.length + truncatedNote.length > maxChars) {
        return `${body.slice(0, Math.max(0, maxChars - truncatedNote.length))}${truncatedNote}`.slice(0, maxChars);
    }
    const feed = state.activity.map(feedLine);
    if (feed.length === 0)
        return `${body}_None._\n`.slice(0, maxChars);
    // Keep the newest entries that fit (newest last), reserving room for the omission note.
    const kept = [];
    let used = body.length;
    const reserve = 48;
    for (let i = feed.length - 1; i >= 0; i--) {
        const line = feed[i];
        if (used + line.length + 1 + reserve > maxChars)
            break;
        kept.push(line);
        used += line.length + 1;
    }
    kept.reverse();
    const omitted = feed.length - kept.length;
    if (omitted > 0)
        body += `- … ${omitted} earlier entries omitted\n`;
    return `${body}${kept.map((l) => `${l}\n`).join("")}`.slice(0, maxChars);
}


/***/ }),

/***/ 7556:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xq: () => (/* binding */ appendLine),
/* harmony export */   ZJ: () => (/* binding */ writeJsonAtomic)
/* harmony export */ });
/* unused harmony export writeFileAtomic */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Small generic file helpers: atomic JSON writes and single-write line appends.
 */



/**
 * Writes `value` as pretty JSON (with a final newline) to a temporary file in the same directory,
 * flushes it, and renames it over `file`: readers see the old or the new content, never a mix.
 * Creates the parent directory if needed.
 */
async function writeJsonAtomic(file, value) {
    await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}
/** Atomic replace of a file's content (see writeJsonAtomic). */
async function writeFileAtomic(file, content) {
    const dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(dir, { recursive: true });
    const temp = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, `.${node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(file)}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString("hex")}.tmp`);
    try {
        const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(temp, "wx");
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)(handle, content);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rename)(temp, file);
    }
    catch (error) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(temp, { force: true });
        throw error;
    }
}
/**
 * Appends `line` plus "\n" with a single write() on a descriptor opened with O_APPEND, so lines
 * appended concurrently by several processes never interleave (on local filesystems the kernel
 * serialises each write on a regular file and O_APPEND places it at the end atomically).
 * `line` must not contain a newline. Throws if the kernel wrote only part of the line.
 */
async function appendLine(file, line) {
    if (line.includes("\n"))
        throw new Error("appendLine: the line contains a newline");
    const data = Buffer.from(`${line}\n`, "utf8");
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(file, "a");
    try {
        const { bytesWritten } = await handle.write(data, 0, data.length);
        if (bytesWritten !== data.length) {
            // A short write (disk full, signal): finish the line so the log stays line-delimited; a
            // reader reports the damaged line and skips it.
            await handle.write(data, bytesWritten, data.length - bytesWritten);
            throw new Error(`short write appending to ${file}: ${bytesWritten} of ${data.length} bytes`);
        }
    }
    finally {
        await handle.close();
    }
}


/***/ }),

/***/ 6174:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bh: () => (/* binding */ createCoordinationRecord),
/* harmony export */   Ld: () => (/* binding */ newRecordId),
/* harmony export */   at: () => (/* binding */ lifecycleRecord)
/* harmony export */ });
/* unused harmony exports compactStamp, LIFECYCLE_EVENTS */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9412);
/**
 * Building records: defaults, ids, and orchestrator lifecycle events.
 */



/** `YYYYMMDDHHMMSSmmm` in UTC. */
function compactStamp(now) {
    return now.toISOString().replace(/[-:TZ.]/g, "");
}
/** A new unique id: `<prefix>-<stamp>-<agent>-<6 hex>`. */
function newRecordId(prefix, agentId, now) {
    const agent = agentId.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 40) || "x";
    return `${prefix}-${compactStamp(now)}-${agent}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(3).toString("hex")}`;
}
function formatIssues(error) {
    return error.issues
        .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
        .join("; ");
}
/** Validates the input and fills every default. Throws UserError naming the bad field. */
function createCoordinationRecord(input, now = new Date()) {
    const parsed = _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .CoordinationInputSchema */ .JK.safeParse(input);
    if (!parsed.success)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`invalid coordination record: ${formatIssues(parsed.error)}`);
    const v = parsed.data;
    const blocking = v.blocking ?? (0,_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultBlocking */ .NO)(v.kind);
    const priority = v.priority ?? (v.kind === "human-feedback" ? "high" : "normal");
    const stamp = now.toISOString();
    const record = {
        recordVersion: 1,
        id: v.id ?? newRecordId(v.kind, v.agentId, now),
        kind: v.kind,
        lane: v.lane,
        wave: v.wave,
        attempt: v.attempt ?? null,
        agentId: v.agentId,
        source: v.source ?? "orchestrator",
        status: v.status ?? (0,_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultStatus */ .kj)(v.kind),
        priority,
        confidence: v.confidence ?? "medium",
        blocking,
        blockerSeverity: v.blockerSeverity ?? (0,_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultSeverity */ .NU)(v.kind, blocking, priority),
        targets: v.targets ?? [],
        dependsOn: v.dependsOn ?? [],
        artifactRefs: v.artifactRefs ?? [],
        closureCondition: v.closureCondition ?? null,
        summary: v.summary,
        detail: v.detail ?? "",
        createdAt: v.createdAt ?? stamp,
        updatedAt: v.updatedAt ?? stamp,
    };
    if (v.event !== undefined)
        record.event = v.event;
    return record;
}
const LIFECYCLE_EVENTS = (/* unused pure expression or super */ null && ([
    "wave_start",
    "agent_started",
    "agent_finished",
    "agent_retry",
    "closure_start",
    "wave_gate_blocked",
    "wave_retry",
    "human_feedback_requested",
    "human_feedback_answered",
    "wave_complete",
]));
/** An orchestrator lifecycle event as a (closed, non-blocking) coordination record. */
function lifecycleRecord(input) {
    const now = input.now ?? new Date();
    const agentId = input.agentId ?? "orchestrator";
    const detail = (input.detail ?? "").slice(0, 16000);
    return createCoordinationRecord({
        id: newRecordId(`event-${input.event.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 40)}`, agentId, now),
        kind: "lifecycle",
        event: input.event,
        lane: input.lane,
        wave: input.wave,
        attempt: input.attempt ?? null,
        agentId,
        source: "orchestrator",
        status: "closed",
        blocking: false,
        summary: (input.agentId ? `${input.event} ${input.agentId}` : input.event).slice(0, 1000),
        detail,
    }, now);
}


/***/ }),

/***/ 9412:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BE: () => (/* binding */ PRIORITIES),
/* harmony export */   H3: () => (/* binding */ MAX_DETAIL_CHARS),
/* harmony export */   JK: () => (/* binding */ CoordinationInputSchema),
/* harmony export */   NO: () => (/* binding */ defaultBlocking),
/* harmony export */   NU: () => (/* binding */ defaultSeverity),
/* harmony export */   NY: () => (/* binding */ AGENT_POSTABLE_KINDS),
/* harmony export */   O$: () => (/* binding */ isHardBlocker),
/* harmony export */   O9: () => (/* binding */ blocksWave),
/* harmony export */   Rg: () => (/* binding */ BLOCKER_SEVERITIES),
/* harmony export */   SU: () => (/* binding */ CoordinationRecordSchema),
/* harmony export */   Wm: () => (/* binding */ MAX_SUMMARY_CHARS),
/* harmony export */   ZI: () => (/* binding */ COORDINATION_STATUSES),
/* harmony export */   ix: () => (/* binding */ CONFIDENCES),
/* harmony export */   kj: () => (/* binding */ defaultStatus),
/* harmony export */   pw: () => (/* binding */ ID_PATTERN),
/* harmony export */   vA: () => (/* binding */ isOpenStatus)
/* harmony export */ });
/* unused harmony exports COORDINATION_KINDS, CoordinationKindSchema, CoordinationStatusSchema, OPEN_STATUSES, PrioritySchema, ConfidenceSchema, BlockerSeveritySchema, COORDINATION_SOURCES, CoordinationSourceSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
/**
 * The coordination record: one JSON object per line of `<runDir>/coordination.jsonl`.
 * Kinds, statuses, priorities and the blocking/severity defaults follow the reference format; the
 * `lifecycle` kind (orchestrator events) is ours.
 */

const COORDINATION_KINDS = [
    "request",
    "ack",
    "claim",
    "evidence",
    "decision",
    "blocker",
    "handoff",
    "clarification-request",
    "orchestrator-guidance",
    "resolved-by-policy",
    "human-escalation",
    "human-feedback",
    "integration-summary",
    "lifecycle",
];
const CoordinationKindSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(COORDINATION_KINDS);
/** Kinds an agent may post with `wave coord post` (the others are the orchestrator's). */
const AGENT_POSTABLE_KINDS = [
    "request",
    "ack",
    "claim",
    "evidence",
    "decision",
    "blocker",
    "handoff",
    "clarification-request",
    "integration-summary",
];
const COORDINATION_STATUSES = [
    "open",
    "acknowledged",
    "in_progress",
    "resolved",
    "closed",
    "superseded",
    "cancelled",
];
const CoordinationStatusSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(COORDINATION_STATUSES);
/** Statuses that count as "still open". */
const OPEN_STATUSES = ["open", "acknowledged", "in_progress"];
const PRIORITIES = ["low", "normal", "high", "urgent"];
const PrioritySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(PRIORITIES);
const CONFIDENCES = ["low", "medium", "high"];
const ConfidenceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(CONFIDENCES);
const BLOCKER_SEVERITIES = ["hard", "soft", "stale", "advisory", "proof-critical", "closure-critical"];
const BlockerSeveritySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(BLOCKER_SEVERITIES);
const COORDINATION_SOURCES = ["agent", "orchestrator", "feedback"];
const CoordinationSourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(COORDINATION_SOURCES);
/** Record ids, agent ids in targets and dependency ids. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/;
const IdSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(ID_PATTERN, "ids use letters, digits and . _ : @ - (at most 200)");
const MAX_SUMMARY_CHARS = 1000;
const MAX_DETAIL_CHARS = 16000;
const CoordinationRecordSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    recordVersion: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(1),
    id: IdSchema,
    kind: CoordinationKindSchema,
    lane: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    wave: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    attempt: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().nullable(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    source: CoordinationSourceSchema,
    status: CoordinationStatusSchema,
    priority: PrioritySchema,
    confidence: ConfidenceSchema,
    blocking: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    blockerSeverity: BlockerSeveritySchema,
    targets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
    dependsOn: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
    artifactRefs: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
    closureCondition: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    summary: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(MAX_SUMMARY_CHARS),
    detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(MAX_DETAIL_CHARS),
    createdAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    updatedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** Lifecycle event name (kind `lifecycle`). */
    event: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
/** What a caller supplies; everything else gets its default. */
const CoordinationInputSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    id: IdSchema.optional(),
    kind: CoordinationKindSchema,
    lane: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    wave: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    attempt: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().nullable().optional(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    source: CoordinationSourceSchema.optional(),
    status: CoordinationStatusSchema.optional(),
    priority: PrioritySchema.optional(),
    confidence: ConfidenceSchema.optional(),
    blocking: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
    blockerSeverity: BlockerSeveritySchema.optional(),
    targets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    dependsOn: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    artifactRefs: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    closureCondition: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable().optional(),
    summary: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(MAX_SUMMARY_CHARS),
    detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(MAX_DETAIL_CHARS).optional(),
    createdAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    updatedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    event: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const BLOCKING_BY_DEFAULT = [
    "request",
    "blocker",
    "clarification-request",
    "human-escalation",
    "human-feedback",
];
function defaultBlocking(kind) {
    return BLOCKING_BY_DEFAULT.includes(kind);
}
function defaultStatus(kind) {
    if (kind === "resolved-by-policy")
        return "resolved";
    if (kind === "lifecycle")
        return "closed";
    return "open";
}
function defaultSeverity(kind, blocking, priority) {
    if (!blocking)
        return "advisory";
    if (kind === "human-escalation" || kind === "human-feedback")
        return "hard";
    if (kind === "request" || kind === "clarification-request")
        return "closure-critical";
    if (kind === "blocker")
        return priority === "high" || priority === "urgent" ? "hard" : "soft";
    return "advisory";
}
function isOpenStatus(status) {
    return OPEN_STATUSES.includes(status);
}
/** The record holds the wave: open, blocking, and of a severity other than stale/advisory. */
function blocksWave(record) {
    return (isOpenStatus(record.status) &&
        record.blocking !== false &&
        record.blockerSeverity !== "stale" &&
        record.blockerSeverity !== "advisory");
}
const HARD_SEVERITIES = ["hard", "proof-critical", "closure-critical"];
function isHardBlocker(record) {
    return blocksWave(record) && HARD_SEVERITIES.includes(record.blockerSeverity);
}


/***/ }),

/***/ 4906:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NT: () => (/* binding */ coordinationLogPath),
/* harmony export */   Tw: () => (/* binding */ appendCoordinationRecord),
/* harmony export */   qO: () => (/* binding */ readCoordinationLog)
/* harmony export */ });
/* unused harmony exports MAX_LINE_BYTES, MAX_READ_LINE_BYTES, COORDINATION_LOG_FILE */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3916);
/* harmony import */ var _fs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7556);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9412);
/**
 * The append-only coordination log (JSONL).
 *
 * Concurrency: every record is one line appended with a single write() on an O_APPEND descriptor
 * (fs.ts appendLine). Lines are capped at MAX_LINE_BYTES; within that size, concurrent appends from
 * many agent processes land whole and in some order (measured by the test suite with 20 processes
 * and lines up to ~100 KiB). No lock file is used, so a killed agent can never leave a stale lock.
 * If an exotic filesystem ever splits a write, the reader reports the damaged line and skips it.
 *
 * Reading is streaming (bounded memory per line) and never fatal: a corrupt line (partial JSON,
 * binary, wrong shape, over-long) becomes a diagnostic and is skipped.
 */






/** Largest line we append. */
const MAX_LINE_BYTES = 128 * 1024;
/** Lines longer than this are skipped unread by the reader. */
const MAX_READ_LINE_BYTES = 256 * 1024;
const COORDINATION_LOG_FILE = "coordination.jsonl";
function coordinationLogPath(runDir) {
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().join(runDir, COORDINATION_LOG_FILE);
}
/** Validates and appends one record. Throws UserError when the record is invalid or too large. */
async function appendCoordinationRecord(logPath, record) {
    const parsed = _schema_js__WEBPACK_IMPORTED_MODULE_5__/* .CoordinationRecordSchema */ .SU.safeParse(record);
    if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`invalid coordination record${first ? ` (${first.path.map(String).join(".") || "record"}: ${first.message})` : ""}`);
    }
    const line = JSON.stringify(parsed.data);
    const size = Buffer.byteLength(line, "utf8");
    if (size > MAX_LINE_BYTES) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`coordination record ${record.id} is ${size} bytes; the limit is ${MAX_LINE_BYTES}`);
    }
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(logPath), { recursive: true });
    await (0,_fs_js__WEBPACK_IMPORTED_MODULE_4__/* .appendLine */ .Xq)(logPath, line);
}
const decoder = new TextDecoder("utf-8", { fatal: true });
function parseLine(bytes, lineNo, out, last) {
    let text;
    try {
        text = decoder.decode(bytes);
    }
    catch {
        out.diagnostics.push({ line: lineNo, message: "not valid UTF-8 (binary data); line skipped" });
        return;
    }
    if (text.trim() === "")
        return;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        const why = last ? "incomplete last line (no newline)" : "not valid JSON";
        out.diagnostics.push({ line: lineNo, message: `${why}: ${error.message}; line skipped` });
        return;
    }
    const parsed = _schema_js__WEBPACK_IMPORTED_MODULE_5__/* .CoordinationRecordSchema */ .SU.safeParse(value);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
        out.diagnostics.push({
            line: lineNo,
            message: `not a coordination record (${where}${issue?.message ?? "invalid"}); line skipped`,
        });
        return;
    }
    out.records.push(parsed.data);
}
/** Reads the log; a missing file is an empty log. */
async function readCoordinationLog(logPath) {
    const out = { records: [], diagnostics: [] };
    const stream = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createReadStream)(logPath, { highWaterMark: 64 * 1024 });
    let parts = [];
    let partBytes = 0;
    let overLong = false;
    let lineNo = 1;
    const finishLine = (last) => {
        if (overLong) {
            out.diagnostics.push({ line: lineNo, message: `line longer than ${MAX_READ_LINE_BYTES} bytes; skipped` });
        }
        else if (partBytes > 0) {
            parseLine(parts.length === 1 ? parts[0] : Buffer.concat(parts), lineNo, out, last);
        }
        parts = [];
        partBytes = 0;
        overLong = false;
        lineNo++;
    };
    const keep = (piece) => {
        if (overLong || piece.length === 0)
            return;
        if (partBytes + piece.length > MAX_READ_LINE_BYTES) {
            overLong = true;
            parts = [];
            partBytes = 0;
            return;
        }
        parts.push(Buffer.from(piece));
        partBytes += piece.length;
    };
    try {
        for await (const chunk of stream) {
            const buf = chunk;
            let start = 0;
            for (;;) {
                const nl = buf.indexOf(10, start);
                if (nl < 0)
                    break;
                keep(buf.subarray(start, nl));
                finishLine(false);
                start = nl + 1;
            }
            keep(buf.subarray(start));
        }
    }
    catch (error) {
        if (error.code === "ENOENT")
            return out;
        throw error;
    }
    if (partBytes > 0 || overLong)
        finishLine(true);
    return out;
}


/***/ }),

/***/ 6332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Mr: () => (/* binding */ readAnswers),
/* harmony export */   Nj: () => (/* binding */ latestAnswerFor),
/* harmony export */   YK: () => (/* binding */ MAX_ANSWER_CHARS),
/* harmony export */   i4: () => (/* binding */ storeAnswer),
/* harmony export */   jn: () => (/* binding */ gatherAnswers),
/* harmony export */   uO: () => (/* binding */ findAnswer)
/* harmony export */ });
/* unused harmony exports ANSWERS_FILE, StoredAnswerSchema, answersFileOf, normaliseQuestion, writeAnswers */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8816);
/* harmony import */ var _coordination_fs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7556);
/**
 * The answer store: a human's answer is kept per question, not per run. An answer belongs to the
 * agent that asked and to the question's text (whitespace normalised), in one lane and wave.
 *
 * Where answers live: `feedback-answers.json` in the wave directory (`<stateDir>/<lane>/wave-<n>/`,
 * outside the attempt directories, so a resume that is refused — the wave file changed — does not
 * lose them) and a copy in each run directory (so they travel with an uploaded run state). A run
 * gathers the answers of its wave directory and of the earlier run it resumes or was offered
 * (`gatherAnswers`); an answer given with `--feedback` is written to both places; when an agent asks
 * a question that was already answered, the control server finds the answer in the run's copy and
 * records the question as answered at once, so the wave does not end blocked again.
 */




const ANSWERS_FILE = "feedback-answers.json";
/** Longest answer kept (longer entries in a file are skipped as invalid). */
const MAX_ANSWER_CHARS = 64 * 1024;
const StoredAnswerSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    agentId: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().min(1).max(200),
    question: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().min(1).max(8000),
    answer: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().max(MAX_ANSWER_CHARS),
    answeredAt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    answeredBy: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().nullable(),
    /** The feedback request the answer was given to. */
    requestId: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().nullable(),
});
const AnswersFileSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    schemaVersion: zod__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(1),
    kind: zod__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz("feedback-answers"),
    answers: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .unknown */ .L5J()),
});
/** The file of the store in a wave or run directory. */
function answersFileOf(dir) {
    return node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, ANSWERS_FILE);
}
/** The form questions are compared in: trimmed, every run of whitespace one space. */
function normaliseQuestion(question) {
    return question.trim().replace(/\s+/g, " ");
}
function keyOf(agentId, question) {
    return `${agentId}\u0000${normaliseQuestion(question)}`;
}
/**
 * The answers kept in the stores of `dirs` (wave or run directories), one per agent and question:
 * the latest given wins. A missing file means none; an unreadable file or entry is skipped and
 * reported through `onInvalid`.
 */
async function readAnswers(dirs, onInvalid) {
    const byKey = new Map();
    for (const dir of dirs) {
        const file = answersFileOf(dir);
        let text;
        try {
            text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file, "utf8");
        }
        catch (error) {
            if (error.code !== "ENOENT")
                onInvalid?.(file, error instanceof Error ? error.message : String(error));
            continue;
        }
        let parsed;
        try {
            const r = AnswersFileSchema.safeParse(JSON.parse(text));
            if (!r.success) {
                onInvalid?.(file, r.error.issues[0]?.message ?? "invalid");
                continue;
            }
            parsed = r.data;
        }
        catch (error) {
            onInvalid?.(file, error instanceof Error ? error.message : String(error));
            continue;
        }
        for (const entry of parsed.answers) {
            const r = StoredAnswerSchema.safeParse(entry);
            if (!r.success) {
                onInvalid?.(file, `an entry is not valid (${r.error.issues[0]?.message ?? "invalid"})`);
                continue;
            }
            const key = keyOf(r.data.agentId, r.data.question);
            const known = byKey.get(key);
            if (!known || known.answeredAt < r.data.answeredAt)
                byKey.set(key, r.data);
        }
    }
    return [...byKey.values()].sort((a, b) => (a.answeredAt < b.answeredAt ? -1 : a.answeredAt > b.answeredAt ? 1 : 0));
}
/** Writes `answers` as the store of each of `dirs` (atomically, each file whole). */
async function writeAnswers(dirs, answers) {
    for (const dir of dirs) {
        await (0,_coordination_fs_js__WEBPACK_IMPORTED_MODULE_2__/* .writeJsonAtomic */ .ZJ)(answersFileOf(dir), { schemaVersion: 1, kind: "feedback-answers", answers });
    }
}
/** Adds (or replaces) one answer in the store of each of `dirs`. */
async function storeAnswer(dirs, entry) {
    const key = keyOf(entry.agentId, entry.question);
    for (const dir of dirs) {
        const kept = (await readAnswers([dir])).filter((a) => keyOf(a.agentId, a.question) !== key);
        await writeAnswers([dir], [...kept, entry]);
    }
}
/** The answer kept for this agent's question, if any (same agent, same question text). */
function findAnswer(answers, agentId, question) {
    const key = keyOf(agentId, question);
    return answers.find((a) => keyOf(a.agentId, a.question) === key);
}
/** The latest answer given to one of this agent's questions, if any. */
function latestAnswerFor(answers, agentId) {
    return answers.filter((a) => a.agentId === agentId).at(-1);
}
/**
 * The answers a run starts with: those of its wave directory and of `sources` (an earlier run
 * directory: the one resumed, or the one offered when the resume was refused). Written to the run
 * directory (where the control server looks them up) and to the wave directory.
 */
async function gatherAnswers(input) {
    const sources = input.sources.filter((s) => typeof s === "string" && s !== "");
    const answers = await readAnswers([input.waveDir, ...sources, input.runDir], input.onInvalid);
    if (answers.length > 0)
        await writeAnswers([input.runDir, input.waveDir], answers);
    return answers;
}


/***/ }),

/***/ 6869:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CA: () => (/* binding */ carryFeedbackRequest),
/* harmony export */   Hb: () => (/* binding */ answerFeedbackRequest),
/* harmony export */   Mh: () => (/* binding */ FeedbackRequestSchema),
/* harmony export */   QL: () => (/* binding */ FEEDBACK_ASK_USAGE),
/* harmony export */   TP: () => (/* binding */ validateFeedbackAsk),
/* harmony export */   V5: () => (/* binding */ createFeedbackRequest),
/* harmony export */   s3: () => (/* binding */ readFeedbackRequests),
/* harmony export */   zJ: () => (/* binding */ feedbackDir)
/* harmony export */ });
/* unused harmony exports MAX_QUESTION_CHARS, FEEDBACK_DIR */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8816);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _coordination_fs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7556);
/* harmony import */ var _coordination_record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6174);
/* harmony import */ var _coordination_board_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7931);
/* harmony import */ var _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9412);
/* harmony import */ var _coordination_store_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4906);
/* harmony import */ var _answers_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6332);
/**
 * Human feedback requests: one JSON file per question in `<runDir>/feedback/<id>.json`, written
 * atomically. A pending request makes the wave end `blocked`; the answer arrives with the next
 * (resumed) run. Answers are also kept per question in the answer store (answers.ts): a question
 * the same agent asks again is answered at once from it and does not block the wave.
 */










const MAX_QUESTION_CHARS = 4000;
const FEEDBACK_DIR = "feedback";
const FeedbackRequestSchema = zod__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/),
    lane: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().optional(),
    wave: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig().int().nonnegative().optional(),
    attempt: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig().int().positive().nullable().optional(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().min(1),
    question: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().min(1),
    context: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().nullable(),
    askedAt: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP(),
    status: zod__WEBPACK_IMPORTED_MODULE_9__/* ["enum"] */ .k5n(["pending", "answered"]),
    answer: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().nullable(),
    answeredAt: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().nullable().optional(),
    answeredBy: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().nullable().optional(),
});
function feedbackDir(runDir) {
    return node_path__WEBPACK_IMPORTED_MODULE_1___default().join(runDir, FEEDBACK_DIR);
}
const FEEDBACK_ASK_USAGE = "usage: wave feedback ask [--question] Q [--context C] [--wait [--timeout-minutes M]]\n";
/**
 * Checks a question and its context (the `wave feedback ask` command before it sends, the control
 * server before it records). Returns the trimmed question and the context (null when blank).
 */
function validateFeedbackAsk(questionText, contextText) {
    const question = (questionText ?? "").trim();
    if (question === "")
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`--question is required and must not be empty\n${FEEDBACK_ASK_USAGE}`);
    if (question.length > MAX_QUESTION_CHARS) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`--question is ${question.length} characters; the limit is ${MAX_QUESTION_CHARS}`);
    }
    const context = contextText?.trim() ? contextText : null;
    if (context !== null && context.length > _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_DETAIL_CHARS */ .H3) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`--context is ${context.length} characters; the limit is ${_coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_DETAIL_CHARS */ .H3}`);
    }
    return { question, context };
}
/**
 * Writes the request file and appends a blocking `human-feedback` coordination record. With a
 * `known` answer the request is written answered and the record is resolved at once.
 */
async function createFeedbackRequest(input) {
    const now = input.now ?? new Date();
    const { question, context } = validateFeedbackAsk(input.question, input.context);
    const asked = {
        id: (0,_coordination_record_js__WEBPACK_IMPORTED_MODULE_4__/* .newRecordId */ .Ld)("feedback", input.agentId, now),
        lane: input.lane,
        wave: input.wave,
        attempt: input.attempt,
        agentId: input.agentId,
        question,
        context,
        askedAt: now.toISOString(),
        status: "pending",
        answer: null,
    };
    const known = input.known ?? null;
    const request = known
        ? { ...asked, status: "answered", answer: known.answer, answeredAt: now.toISOString(), answeredBy: known.answeredBy ?? null }
        : asked;
    await (0,_coordination_fs_js__WEBPACK_IMPORTED_MODULE_3__/* .writeJsonAtomic */ .ZJ)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(feedbackDir(input.runDir), `${request.id}.json`), request);
    const record = (0,_coordination_record_js__WEBPACK_IMPORTED_MODULE_4__/* .createCoordinationRecord */ .Bh)({
        id: request.id,
        kind: "human-feedback",
        lane: input.lane,
        wave: input.wave,
        attempt: input.attempt,
        agentId: input.agentId,
        source: "feedback",
        status: "open",
        priority: "high",
        blocking: true,
        summary: (0,_coordination_board_js__WEBPACK_IMPORTED_MODULE_5__/* .oneLine */ .TN)(question, _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_SUMMARY_CHARS */ .Wm),
        detail: (context ? `${question}\n\n${context}` : question).slice(0, _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_DETAIL_CHARS */ .H3),
    }, now);
    await (0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .appendCoordinationRecord */ .Tw)((0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .coordinationLogPath */ .NT)(input.runDir), record);
    if (known)
        await (0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .appendCoordinationRecord */ .Tw)((0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .coordinationLogPath */ .NT)(input.runDir), resolvedRecord(request, known.answer, now));
    return request;
}
/** Pending requests of a run directory, oldest first. A missing directory means none. */
async function readFeedbackRequests(runDir, options = {}) {
    const dir = feedbackDir(runDir);
    let names;
    try {
        names = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(dir);
    }
    catch (error) {
        if (error.code === "ENOENT")
            return [];
        throw error;
    }
    const out = [];
    for (const name of names.filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort()) {
        const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, name);
        try {
            const parsed = FeedbackRequestSchema.safeParse(JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file, "utf8")));
            if (!parsed.success) {
                options.onInvalid?.(file, parsed.error.issues[0]?.message ?? "invalid");
                continue;
            }
            if (parsed.data.status === "pending" || options.includeAnswered)
                out.push(parsed.data);
        }
        catch (error) {
            options.onInvalid?.(file, error instanceof Error ? error.message : String(error));
        }
    }
    return out.sort((a, b) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : a.id < b.id ? -1 : 1));
}
/** The `human-feedback` record that resolves `request` with `answer`. */
function resolvedRecord(request, answer, now) {
    return (0,_coordination_record_js__WEBPACK_IMPORTED_MODULE_4__/* .createCoordinationRecord */ .Bh)({
        id: request.id,
        kind: "human-feedback",
        lane: request.lane ?? "main",
        wave: request.wave ?? 0,
        attempt: request.attempt ?? null,
        agentId: request.agentId,
        source: "feedback",
        status: "resolved",
        priority: "high",
        blocking: true,
        summary: (0,_coordination_board_js__WEBPACK_IMPORTED_MODULE_5__/* .oneLine */ .TN)(`answered: ${request.question}`, _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_SUMMARY_CHARS */ .Wm),
        detail: answer.slice(0, _coordination_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_DETAIL_CHARS */ .H3),
    }, now);
}
/**
 * Copies a request another run directory holds into this run's (e.g. the open question of a run
 * whose resume was refused), so it can be answered here. Returns the copy.
 */
async function carryFeedbackRequest(runDir, request) {
    const copy = FeedbackRequestSchema.parse(request);
    await (0,_coordination_fs_js__WEBPACK_IMPORTED_MODULE_3__/* .writeJsonAtomic */ .ZJ)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(feedbackDir(runDir), `${copy.id}.json`), copy);
    return copy;
}
/**
 * Records a human answer: rewrites the request file (status answered), appends the resolved
 * `human-feedback` record with the same id, and keeps the answer in the answer store of the run
 * directory (and of `storeIn`). Returns the updated request.
 */
async function answerFeedbackRequest(input) {
    const now = input.now ?? new Date();
    const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(feedbackDir(input.runDir), `${input.id}.json`);
    if (!FeedbackRequestSchema.shape.id.safeParse(input.id).success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`feedback id ${JSON.stringify(input.id)} is not valid`);
    }
    let current;
    try {
        current = FeedbackRequestSchema.parse(JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file, "utf8")));
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`feedback request ${input.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const updated = {
        ...current,
        status: "answered",
        answer: input.answer,
        answeredAt: now.toISOString(),
        answeredBy: input.answeredBy ?? null,
    };
    await (0,_coordination_fs_js__WEBPACK_IMPORTED_MODULE_3__/* .writeJsonAtomic */ .ZJ)(file, updated);
    await (0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .appendCoordinationRecord */ .Tw)((0,_coordination_store_js__WEBPACK_IMPORTED_MODULE_7__/* .coordinationLogPath */ .NT)(input.runDir), resolvedRecord(current, input.answer, now));
    // An answer too long to keep is still given to this run; it is just not remembered.
    if (input.answer.length > _answers_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_ANSWER_CHARS */ .YK)
        return updated;
    await (0,_answers_js__WEBPACK_IMPORTED_MODULE_8__/* .storeAnswer */ .i4)([input.runDir, ...(input.storeIn ?? [])], {
        agentId: current.agentId,
        question: current.question,
        answer: input.answer,
        answeredAt: updated.answeredAt ?? now.toISOString(),
        answeredBy: updated.answeredBy ?? null,
        requestId: current.id,
    });
    return updated;
}


/***/ })

};

//# sourceMappingURL=869.index.js.map