export const id = 958;
export const ids = [958,412];
export const modules = {

/***/ 3931:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   COORD_INBOX_HELP: () => (/* binding */ COORD_INBOX_HELP),
/* harmony export */   COORD_INBOX_OPTIONS: () => (/* binding */ COORD_INBOX_OPTIONS),
/* harmony export */   coordInboxCommand: () => (/* binding */ coordInboxCommand)
/* harmony export */ });
/* harmony import */ var _cli_args_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7593);
/* harmony import */ var _cli_help_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7911);
/* harmony import */ var _control_client_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2926);
/* harmony import */ var _control_protocol_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1517);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3916);
/* harmony import */ var _agent_context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(432);
/* harmony import */ var _post_command_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8857);
/**
 * `wave coord inbox`: an agent prints its current inbox — the coordination records addressed to
 * it, to its components or to its capabilities (inbox.ts) — as the orchestrator compiles it now.
 *
 * A thin client like `wave coord post`: it asks the orchestrator's control socket with the agent's
 * token; the orchestrator decides whose inbox it is (by the token) and reads the log itself, so
 * the agent never touches the run directory.
 */







const COORD_INBOX_OPTIONS = { ..._cli_args_js__WEBPACK_IMPORTED_MODULE_0__/* .HELP_OPTION */ .E4 };
const COORD_INBOX_HELP = {
    name: "coord inbox",
    summary: "(agents) print this agent's coordination inbox",
    usage: "",
    about: "For agents started by a wave run: prints the records addressed to this agent, its components\n" +
        "(component:<id>) or its capabilities (capability:<name>), open ones last, as the orchestrator\n" +
        "compiles them now. Outside a run it fails.",
    options: COORD_INBOX_OPTIONS,
    globals: false,
    examples: ["wave coord inbox"],
    exitCodes: ["0  the inbox was printed", "1  the orchestrator could not be reached", "2  usage error, or not started by a wave run"],
};
async function coordInboxCommand(argv, io) {
    return (0,_agent_context_js__WEBPACK_IMPORTED_MODULE_5__/* .runAgentCommand */ .Q)("wave coord inbox", io, async () => {
        const v = (0,_post_command_js__WEBPACK_IMPORTED_MODULE_6__.parseCommandArgs)(argv, COORD_INBOX_OPTIONS);
        if (v.help) {
            io.stdout.write((0,_cli_help_js__WEBPACK_IMPORTED_MODULE_1__/* .renderCommandHelp */ .fd)(COORD_INBOX_HELP));
            return 0;
        }
        const channel = (0,_agent_context_js__WEBPACK_IMPORTED_MODULE_5__/* .readAgentChannel */ .N)(io.env);
        const response = await (0,_control_client_js__WEBPACK_IMPORTED_MODULE_2__/* .sendControlRequest */ .HZ)(channel.socketPath, { v: _control_protocol_js__WEBPACK_IMPORTED_MODULE_3__/* .PROTOCOL_VERSION */ .Ds, type: "coord-inbox", token: channel.token });
        if (!response.ok)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(response.message, response.code === "internal" ? 1 : 2);
        const text = response.text ?? "";
        io.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`);
        return 0;
    });
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


/***/ })

};

//# sourceMappingURL=958.index.js.map