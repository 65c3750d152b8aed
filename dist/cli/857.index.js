export const id = 857;
export const ids = [857];
export const modules = {

/***/ 2926:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HZ: () => (/* binding */ sendControlRequest),
/* harmony export */   JH: () => (/* binding */ requestAccepted),
/* harmony export */   z2: () => (/* binding */ requestId)
/* harmony export */ });
/* unused harmony export DEFAULT_CLIENT_TIMEOUT_MS */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _protocol_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1517);
/**
 * The agent side of the control channel: sends one request line to the run's control socket and
 * reads the one response line.
 */



/** How long a command waits for the orchestrator's answer (it queues writes; a loaded runner is slow). */
const DEFAULT_CLIENT_TIMEOUT_MS = 120_000;
function unreachable(socketPath, error) {
    const code = error.code ?? "error";
    if (code === "ENOENT" || code === "ECONNREFUSED") {
        return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`cannot reach the control socket ${JSON.stringify(socketPath)} (${code}): the wave run that started this agent has ended, ` +
            "or this process was not started by a wave run");
    }
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`control socket ${JSON.stringify(socketPath)}: ${error.message}`);
}
/** Sends `request`, returns the server's (validated) response. Transport problems are UserErrors. */
function sendControlRequest(socketPath, request, options = {}) {
    const line = (0,_protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .encodeLine */ .Nu)(request);
    const size = Buffer.byteLength(line, "utf8");
    if (size > _protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_REQUEST_BYTES */ .rO) {
        return Promise.reject(new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the request is ${size} bytes once encoded; the limit is ${_protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_REQUEST_BYTES */ .rO} (shorten the text you send)`));
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
        const socket = node_net__WEBPACK_IMPORTED_MODULE_0___default().createConnection({ path: socketPath, allowHalfOpen: true });
        const chunks = [];
        let bytes = 0;
        let settled = false;
        const finish = (outcome) => {
            if (settled)
                return;
            settled = true;
            socket.destroy();
            if ("response" in outcome)
                resolve(outcome.response);
            else
                reject(outcome.error);
        };
        const parse = () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const newline = text.indexOf("\n");
            const body = newline >= 0 ? text.slice(0, newline) : text;
            if (body.trim() === "") {
                finish({ error: new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the control socket ${JSON.stringify(socketPath)} closed without an answer`) });
                return;
            }
            let value;
            try {
                value = JSON.parse(body);
            }
            catch {
                finish({ error: new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo("the control server's answer is not JSON") });
                return;
            }
            const parsed = _protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .ControlResponseSchema */ .WP.safeParse(value);
            if (!parsed.success) {
                finish({ error: new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the control server's answer is not valid (${(0,_protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .firstIssue */ .OE)(parsed.error)})`) });
                return;
            }
            finish({ response: parsed.data });
        };
        socket.setTimeout(timeoutMs, () => {
            finish({ error: new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`no answer from the control socket within ${Math.round(timeoutMs / 1000)} s`) });
        });
        socket.on("connect", () => {
            socket.end(line);
        });
        socket.on("data", (chunk) => {
            bytes += chunk.length;
            if (bytes > _protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_RESPONSE_BYTES */ .nB) {
                finish({ error: new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the control server's answer is longer than ${_protocol_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_RESPONSE_BYTES */ .nB} bytes`) });
                return;
            }
            chunks.push(chunk);
            if (chunk.includes(10))
                parse();
        });
        socket.on("end", () => parse());
        socket.on("error", (error) => {
            // A response that already arrived wins over a late write error (EPIPE after the server answered).
            if (chunks.length > 0)
                parse();
            else
                finish({ error: unreachable(socketPath, error) });
        });
    });
}
/** Sends `request` and returns the id of what the server recorded; a refusal or error becomes a UserError. */
async function requestId(socketPath, request, options = {}) {
    return (await requestAccepted(socketPath, request, options)).id;
}
/** The accepted request's id, and the answer when the question was already answered. */
async function requestAccepted(socketPath, request, options = {}) {
    const response = await sendControlRequest(socketPath, request, options);
    if (response.ok)
        return response.answer !== undefined ? { id: response.id, answer: response.answer } : { id: response.id };
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(response.message, response.code === "internal" ? 1 : 2);
}


/***/ }),

/***/ 1517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ds: () => (/* binding */ PROTOCOL_VERSION),
/* harmony export */   LG: () => (/* binding */ TOKEN_PATTERN),
/* harmony export */   M4: () => (/* binding */ TOKEN_BYTES),
/* harmony export */   Nu: () => (/* binding */ encodeLine),
/* harmony export */   OE: () => (/* binding */ firstIssue),
/* harmony export */   VS: () => (/* binding */ TokenEnvelopeSchema),
/* harmony export */   WP: () => (/* binding */ ControlResponseSchema),
/* harmony export */   nB: () => (/* binding */ MAX_RESPONSE_BYTES),
/* harmony export */   rO: () => (/* binding */ MAX_REQUEST_BYTES),
/* harmony export */   yg: () => (/* binding */ ControlRequestSchema)
/* harmony export */ });
/* unused harmony exports CoordPostFieldsSchema, CoordPostRequestSchema, FeedbackAskRequestSchema, CoordInboxRequestSchema, ERROR_CODES */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
/**
 * The control protocol between agent commands (`wave coord post`, `wave feedback ask`) and the
 * orchestrator's control server: one JSON request line, one JSON response line, per connection.
 * Both ends validate with these schemas.
 *
 * A request names no agent: the server attributes it to the agent its token was issued for. Keys
 * a request carries beyond these schemas (an `agentId`, a `lane`…) are dropped unread.
 */

const PROTOCOL_VERSION = 1;
/** Largest request line the server reads (the client refuses to send a larger one). */
const MAX_REQUEST_BYTES = 64 * 1024;
/** Largest response line the client reads. */
const MAX_RESPONSE_BYTES = 16 * 1024;
/** Tokens are 32 random bytes, hex-encoded. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const TokenField = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(1024);
/** The fields of `wave coord post` as given on its command line (validated by the coordination module). */
const CoordPostFieldsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    kind: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    summary: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    targets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    priority: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    blocking: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    severity: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    confidence: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    artifacts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    dependsOn: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    /** Optional claims (`--lane/--wave/--agent`): checked against the token's agent, never trusted. */
    lane: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    wave: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    agent: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const CoordPostRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    v: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(PROTOCOL_VERSION),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("coord-post"),
    token: TokenField,
    fields: CoordPostFieldsSchema,
});
const FeedbackAskRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    v: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(PROTOCOL_VERSION),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("feedback-ask"),
    token: TokenField,
    question: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    context: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable().optional(),
    /** `wave feedback ask --wait`: hold the request open until a human answers, at most this long. */
    waitSeconds: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().max(24 * 60 * 60).optional(),
});
/** `wave coord inbox`: the current inbox of the token's agent (answered in `text`). */
const CoordInboxRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    v: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(PROTOCOL_VERSION),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz("coord-inbox"),
    token: TokenField,
});
const ControlRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .discriminatedUnion */ .gMt("type", [
    CoordPostRequestSchema,
    FeedbackAskRequestSchema,
    CoordInboxRequestSchema,
]);
/** Read before anything else: the server authenticates a request before it looks at the rest. */
const TokenEnvelopeSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ token: TokenField });
const ERROR_CODES = ["refused", "invalid", "malformed", "too-large", "timeout", "internal"];
const ControlResponseSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .discriminatedUnion */ .gMt("ok", [
    /** `answer`: a question this agent already had answered gets its answer at once. */
    /** `text`: the answer to a read request (`coord-inbox`), within MAX_RESPONSE_BYTES. */
    zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ ok: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true), id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), answer: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(), text: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional() }),
    zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ ok: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(false), code: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(ERROR_CODES), message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() }),
]);
/** One line of the protocol (JSON never contains a raw newline). */
function encodeLine(value) {
    return `${JSON.stringify(value)}\n`;
}
/** The first issue of a zod error as `path: message`. */
function firstIssue(error) {
    const issue = error.issues[0];
    if (!issue)
        return "invalid";
    return issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}


/***/ }),

/***/ 432:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ readAgentChannel),
/* harmony export */   Q: () => (/* binding */ runAgentCommand)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/**
 * What an agent-facing command (`wave coord post`, `wave feedback ask`) learns from the environment
 * its orchestrator set: where the run's control socket is and the agent's token. Nothing else: who
 * the agent is, is known only to the orchestrator (by the token), and the run directory is not the
 * agent's to touch.
 */

const FOR_AGENTS = "this command is only for agents started by a wave run";
/** Reads WAVE_CONTROL_SOCKET and WAVE_AGENT_TOKEN (no format check: the server judges the token). */
function readAgentChannel(env) {
    const socketPath = env.WAVE_CONTROL_SOCKET?.trim() ?? "";
    if (socketPath === "") {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`WAVE_CONTROL_SOCKET is not set: ${FOR_AGENTS}, which gives each agent a control socket and a token`);
    }
    const token = env.WAVE_AGENT_TOKEN?.trim() ?? "";
    if (token === "")
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`WAVE_AGENT_TOKEN is not set: ${FOR_AGENTS}, which gives each agent its token`);
    return { socketPath, token };
}
/** Runs a command body; UserErrors become `<name>: error: <message>` on stderr and exit 2. */
async function runAgentCommand(name, io, body) {
    try {
        return await body();
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo) {
            io.stderr.write(`${name}: error: ${error.message}\n`);
            return error.exitCode;
        }
        io.stderr.write(`${name}: error: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
    }
}


/***/ }),

/***/ 8857:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   COORD_POST_HELP: () => (/* binding */ COORD_POST_HELP),
/* harmony export */   COORD_POST_OPTIONS: () => (/* binding */ COORD_POST_OPTIONS),
/* harmony export */   COORD_POST_USAGE: () => (/* reexport safe */ _post_fields_js__WEBPACK_IMPORTED_MODULE_5__.Ju),
/* harmony export */   coordPostCommand: () => (/* binding */ coordPostCommand),
/* harmony export */   parseCommandArgs: () => (/* binding */ parseCommandArgs)
/* harmony export */ });
/* harmony import */ var _cli_args_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7593);
/* harmony import */ var _cli_help_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7911);
/* harmony import */ var _control_client_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2926);
/* harmony import */ var _control_protocol_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1517);
/* harmony import */ var _agent_context_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(432);
/* harmony import */ var _post_fields_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7115);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9412);
/**
 * `wave coord post`: an agent posts a coordination record to its wave run.
 *
 *   wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
 *     [--blocking true|false] [--status S] [--severity S] [--confidence C] [--artifact PATH]...
 *     [--depends-on ID]... [--id ID]
 *
 * A thin client: it checks the fields, sends them to the orchestrator's control socket with the
 * agent's token, and prints the record id the orchestrator answers with. The orchestrator decides
 * who posted (by the token) and appends the record; `--lane/--wave/--agent` are accepted for
 * compatibility but must agree with it. `--id` updates an earlier record, only one this agent
 * posted itself.
 */








/** Parses argv strictly against a flag table (no positionals); its errors become UserErrors. */
function parseCommandArgs(argv, options) {
    return (0,_cli_args_js__WEBPACK_IMPORTED_MODULE_0__/* .parseFlags */ .bQ)(argv, options, false).values;
}
const oneOfText = (values) => values.join("|");
const COORD_POST_OPTIONS = {
    kind: { type: "string", value: "K", description: `record kind (required): ${_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .AGENT_POSTABLE_KINDS */ .NY.join(", ")}` },
    summary: { type: "string", value: "S", description: "one line (required)" },
    detail: { type: "string", value: "D", description: "more text" },
    target: { type: "string", multiple: true, value: "ID", description: "addressee: an agent id, agent:<id> or capability:<name>" },
    priority: { type: "string", value: oneOfText(_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .PRIORITIES */ .BE), description: "priority" },
    blocking: { type: "string", value: "true|false", description: "whether the record blocks the wave until resolved" },
    status: { type: "string", value: "S", description: `status: ${_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .COORDINATION_STATUSES */ .ZI.join(", ")}` },
    severity: { type: "string", value: "S", description: `blocker severity: ${_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .BLOCKER_SEVERITIES */ .Rg.join(", ")}` },
    confidence: { type: "string", value: oneOfText(_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .CONFIDENCES */ .ix), description: "confidence" },
    artifact: { type: "string", multiple: true, value: "PATH", description: "a repository-relative file the record refers to" },
    "depends-on": { type: "string", multiple: true, value: "ID", description: "a record this one depends on" },
    id: { type: "string", value: "ID", description: "update this earlier record of yours instead of posting a new one" },
    lane: { type: "string", value: "NAME", description: "must be this agent's lane (accepted for compatibility)" },
    wave: { type: "string", value: "N", description: "must be this agent's wave (accepted for compatibility)" },
    agent: { type: "string", value: "ID", description: "must be this agent's id (accepted for compatibility)" },
    ..._cli_args_js__WEBPACK_IMPORTED_MODULE_0__/* .HELP_OPTION */ .E4,
};
const COORD_POST_HELP = {
    name: "coord post",
    summary: "(agents) post a record to the wave's coordination log",
    usage: "--kind K --summary S [options]",
    about: "For agents started by a wave run: sends the record to the orchestrator (through the control\n" +
        "socket and token the run gives each agent) and prints the record id. Outside a run it fails.",
    options: COORD_POST_OPTIONS,
    globals: false,
    examples: [
        'wave coord post --kind claim --summary "I take src/session.ts"',
        'wave coord post --kind request --summary "need the schema" --target A2 --blocking true',
    ],
    exitCodes: ["0  posted (the record id is printed)", "1  the orchestrator could not be reached", "2  usage error, a bad field, or not started by a wave run"],
};
function list(value) {
    if (value === undefined || typeof value === "boolean")
        return undefined;
    return Array.isArray(value) ? value : [value];
}
function str(value) {
    return typeof value === "string" ? value : undefined;
}
async function coordPostCommand(argv, io) {
    return (0,_agent_context_js__WEBPACK_IMPORTED_MODULE_4__/* .runAgentCommand */ .Q)("wave coord post", io, async () => {
        const v = parseCommandArgs(argv, COORD_POST_OPTIONS);
        if (v.help) {
            io.stdout.write((0,_cli_help_js__WEBPACK_IMPORTED_MODULE_1__/* .renderCommandHelp */ .fd)(COORD_POST_HELP));
            return 0;
        }
        const channel = (0,_agent_context_js__WEBPACK_IMPORTED_MODULE_4__/* .readAgentChannel */ .N)(io.env);
        const fields = {
            kind: str(v.kind),
            summary: str(v.summary),
            detail: str(v.detail),
            targets: list(v.target),
            priority: str(v.priority),
            blocking: str(v.blocking),
            status: str(v.status),
            severity: str(v.severity),
            confidence: str(v.confidence),
            artifacts: list(v.artifact),
            dependsOn: list(v["depends-on"]),
            id: str(v.id),
            lane: str(v.lane),
            wave: str(v.wave),
            agent: str(v.agent),
        };
        // Checked here for a quick answer; the orchestrator checks again and decides.
        (0,_post_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .validateCoordPost */ .MK)(fields);
        const id = await (0,_control_client_js__WEBPACK_IMPORTED_MODULE_2__/* .requestId */ .z2)(channel.socketPath, { v: _control_protocol_js__WEBPACK_IMPORTED_MODULE_3__/* .PROTOCOL_VERSION */ .Ds, type: "coord-post", token: channel.token, fields });
        io.stdout.write(`${id}\n`);
        return 0;
    });
}


/***/ }),

/***/ 7115:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ju: () => (/* binding */ COORD_POST_USAGE),
/* harmony export */   MK: () => (/* binding */ validateCoordPost),
/* harmony export */   Ug: () => (/* binding */ checkUpdate),
/* harmony export */   iD: () => (/* binding */ checkClaimedIdentity),
/* harmony export */   vf: () => (/* binding */ agentRecordInput)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _security_paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5770);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9412);



const COORD_POST_USAGE = `usage: wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
       [--blocking true|false] [--status S] [--severity S] [--confidence C]
       [--artifact PATH]... [--depends-on ID]... [--id ID]
kinds: ${_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .AGENT_POSTABLE_KINDS */ .NY.join(", ")}
`;
const TARGET_PATTERN = /^(agent:|capability:)?[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
function oneOf(flag, value, allowed) {
    if (value === undefined)
        return undefined;
    if (!allowed.includes(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--${flag} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
    }
    return value;
}
/** Checks every field; throws a UserError naming the flag and the value. */
function validateCoordPost(f) {
    if (f.kind === undefined)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--kind is required\n${COORD_POST_USAGE}`);
    const kind = oneOf("kind", f.kind, _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .AGENT_POSTABLE_KINDS */ .NY);
    const summary = (f.summary ?? "").trim();
    if (summary === "")
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo("--summary is required and must not be empty");
    if (summary.length > _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_SUMMARY_CHARS */ .Wm) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--summary is ${summary.length} characters; the limit is ${_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_SUMMARY_CHARS */ .Wm}`);
    }
    const detail = f.detail ?? "";
    if (detail.length > _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DETAIL_CHARS */ .H3) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--detail is ${detail.length} characters; the limit is ${_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DETAIL_CHARS */ .H3}`);
    }
    const blockingText = oneOf("blocking", f.blocking, ["true", "false"]);
    const targets = (f.targets ?? []).map((t) => t.trim());
    for (const t of targets) {
        if (!TARGET_PATTERN.test(t)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--target ${JSON.stringify(t)} must be an agent id, agent:<id> or capability:<name>`);
        }
    }
    const dependsOn = (f.dependsOn ?? []).map((d) => d.trim());
    for (const d of dependsOn) {
        if (!_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .ID_PATTERN */ .pw.test(d))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--depends-on ${JSON.stringify(d)} is not a record id`);
    }
    const artifactRefs = (0,_security_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .safeRelativeEntries */ .yK)(f.artifacts ?? [], "--artifact");
    if (f.id !== undefined && !_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .ID_PATTERN */ .pw.test(f.id)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--id ${JSON.stringify(f.id)} is not a valid id (letters, digits, . _ : @ -)`);
    }
    return {
        kind,
        summary,
        detail,
        targets,
        dependsOn,
        artifactRefs,
        id: f.id,
        status: oneOf("status", f.status, _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .COORDINATION_STATUSES */ .ZI),
        priority: oneOf("priority", f.priority, _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .PRIORITIES */ .BE),
        confidence: oneOf("confidence", f.confidence, _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .CONFIDENCES */ .ix),
        blockerSeverity: oneOf("severity", f.severity, _schema_js__WEBPACK_IMPORTED_MODULE_2__/* .BLOCKER_SEVERITIES */ .Rg),
        blocking: blockingText === undefined ? undefined : blockingText === "true",
    };
}
/** `--lane/--wave/--agent`, when given, must name the agent the request is attributed to. */
function checkClaimedIdentity(f, who) {
    for (const [flag, given, actual] of [
        ["lane", f.lane, who.lane],
        ["wave", f.wave, String(who.wave)],
        ["agent", f.agent, who.agentId],
    ]) {
        if (given !== undefined && given !== actual) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`--${flag} ${JSON.stringify(given)} does not match this agent (${actual})`);
        }
    }
}
/** An update (`--id` of an existing record) must be of the poster's own agent record, same kind. */
function checkUpdate(existing, post, who) {
    if (!existing)
        return;
    if (existing.source !== "agent" || existing.agentId !== who.agentId) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`record ${existing.id} was posted by ${existing.source} ${existing.agentId}; you can only update your own`);
    }
    if (existing.kind !== post.kind) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`record ${existing.id} is a ${existing.kind}; an update must keep --kind ${existing.kind}`);
    }
}
/** The record input for a validated post by `who`. */
function agentRecordInput(post, who) {
    return {
        id: post.id,
        kind: post.kind,
        lane: who.lane,
        wave: who.wave,
        attempt: who.attempt,
        agentId: who.agentId,
        source: "agent",
        status: post.status,
        priority: post.priority,
        confidence: post.confidence,
        blockerSeverity: post.blockerSeverity,
        blocking: post.blocking,
        targets: post.targets,
        dependsOn: post.dependsOn,
        artifactRefs: post.artifactRefs,
        summary: post.summary,
        detail: post.detail,
    };
}


/***/ }),

/***/ 5770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ isInside),
/* harmony export */   X$: () => (/* binding */ openInside),
/* harmony export */   yK: () => (/* binding */ safeRelativeEntries)
/* harmony export */ });
/* unused harmony exports resolveReal, resolveInside, assertNoGitDirWrite, readRefusal */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3916);
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


/***/ })

};

//# sourceMappingURL=857.index.js.map