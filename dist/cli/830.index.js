export const id = 830;
export const ids = [830];
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

/***/ 2830:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FEEDBACK_ASK_HELP: () => (/* binding */ FEEDBACK_ASK_HELP),
/* harmony export */   FEEDBACK_ASK_OPTIONS: () => (/* binding */ FEEDBACK_ASK_OPTIONS),
/* harmony export */   FEEDBACK_ASK_USAGE: () => (/* reexport safe */ _requests_js__WEBPACK_IMPORTED_MODULE_6__.QL),
/* harmony export */   WAIT_IN_ACTIONS_NOTE: () => (/* binding */ WAIT_IN_ACTIONS_NOTE),
/* harmony export */   feedbackAskCommand: () => (/* binding */ feedbackAskCommand)
/* harmony export */ });
/* harmony import */ var _control_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2926);
/* harmony import */ var _control_protocol_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1517);
/* harmony import */ var _coordination_agent_context_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(432);
/* harmony import */ var _cli_args_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7593);
/* harmony import */ var _cli_help_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7911);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3916);
/* harmony import */ var _requests_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6869);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7342);
/**
 * `wave feedback ask [--question] Q [--context C] [--wait [--timeout-minutes M]]`: an agent asks a
 * human. A thin client: the question goes to the orchestrator's control socket with the agent's
 * token; the orchestrator records it for the agent the token belongs to.
 *
 * Without `--wait` the wave will end `blocked`, and the agent is told to stop and end its turn; the
 * answer is in its prompt when the wave is resumed. With `--wait` the request stays open until a
 * human answers from another terminal (`wave feedback answer <id> "text"`, see
 * src/feedback/wait.ts) and the answer is printed on stdout, so the agent goes on in the same
 * turn; at the deadline it is told to stop, and the wave ends `blocked` as without `--wait`. In
 * GitHub Actions nobody can answer from a terminal: `--wait` says so in one line and the command
 * behaves as without it.
 */









const FEEDBACK_ASK_OPTIONS = {
    question: { type: "string", value: "Q", description: "the question for a human (required; or give it as the argument)" },
    context: { type: "string", value: "C", description: "what the human needs to know to answer" },
    wait: { type: "boolean", description: "wait for a human to answer from another terminal (wave feedback answer)" },
    "timeout-minutes": {
        type: "string",
        value: "M",
        description: "with --wait: how long to wait; then the wave ends blocked",
        defaultText: String(_wait_js__WEBPACK_IMPORTED_MODULE_7__/* .DEFAULT_WAIT_MINUTES */ .Si),
    },
    ..._cli_args_js__WEBPACK_IMPORTED_MODULE_3__/* .HELP_OPTION */ .E4,
};
const FEEDBACK_ASK_HELP = {
    name: "feedback ask",
    summary: "(agents) ask a human a question; the wave ends blocked, or --wait for the answer",
    usage: '[--question] Q [--context C] [--wait [--timeout-minutes M]]',
    about: "For agents started by a wave run: records the question, and the wave ends `blocked`. The answer\n" +
        "(wave run --feedback TEXT) is in the agent's prompt when the wave is resumed. Outside a run it fails.\n\n" +
        "--wait: the command blocks until a human answers from another terminal with\n" +
        '`wave feedback answer <id> "text"` (wave status shows the exact command) and prints the answer;\n' +
        "the agent goes on with it. With no answer in time the wave ends blocked as without --wait. Under\n" +
        "GitHub Actions nobody can answer while the job runs: --wait behaves as without it (answer with the\n" +
        "action's `feedback` input on a re-run).",
    options: FEEDBACK_ASK_OPTIONS,
    globals: false,
    examples: [
        'wave feedback ask --question "Which database should the cache use?" --context "Redis or Postgres"',
        'wave feedback ask --wait --timeout-minutes 20 "May I drop the legacy table?"',
    ],
    exitCodes: ["0  recorded (or answered, with --wait)", "1  the orchestrator could not be reached", "2  usage error, or not started by a wave run"],
};
/** The line `--wait` prints under GitHub Actions. */
const WAIT_IN_ACTIONS_NOTE = "wave feedback ask: --wait cannot be answered in GitHub Actions; the question is recorded and the wave ends blocked (answer it with the action's feedback input on a re-run)\n";
const STOP_NOW = "Stop now: end your turn without further changes. The wave will end as blocked; the answer will be in your prompt when the wave is resumed.\n";
async function feedbackAskCommand(argv, io) {
    return (0,_coordination_agent_context_js__WEBPACK_IMPORTED_MODULE_2__/* .runAgentCommand */ .Q)("wave feedback ask", io, async () => {
        const { values: v, positionals } = (0,_cli_args_js__WEBPACK_IMPORTED_MODULE_3__/* .parseFlags */ .bQ)(argv, FEEDBACK_ASK_OPTIONS, true);
        if (v.help) {
            io.stdout.write((0,_cli_help_js__WEBPACK_IMPORTED_MODULE_4__/* .renderCommandHelp */ .fd)(FEEDBACK_ASK_HELP));
            return 0;
        }
        if (positionals.length > 1 || (positionals.length === 1 && typeof v.question === "string")) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UserError */ .yo(`give the question once (--question Q or one argument)\n${_requests_js__WEBPACK_IMPORTED_MODULE_6__/* .FEEDBACK_ASK_USAGE */ .QL}`);
        }
        const channel = (0,_coordination_agent_context_js__WEBPACK_IMPORTED_MODULE_2__/* .readAgentChannel */ .N)(io.env);
        const question = typeof v.question === "string" ? v.question : positionals[0];
        const context = typeof v.context === "string" ? v.context : null;
        const minutes = (0,_cli_args_js__WEBPACK_IMPORTED_MODULE_3__/* .parseNumber */ .$J)(typeof v["timeout-minutes"] === "string" ? v["timeout-minutes"] : undefined, "--timeout-minutes", {
            allowZero: false,
        });
        if (minutes !== undefined && !v.wait)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UserError */ .yo("--timeout-minutes goes with --wait");
        if (minutes !== undefined && minutes > _wait_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_WAIT_MINUTES */ .f5)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UserError */ .yo(`--timeout-minutes must be at most ${_wait_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_WAIT_MINUTES */ .f5}`);
        // Checked here for a quick answer; the orchestrator checks again and decides.
        (0,_requests_js__WEBPACK_IMPORTED_MODULE_6__/* .validateFeedbackAsk */ .TP)(question, context);
        let waitSeconds;
        if (v.wait && io.env.GITHUB_ACTIONS === "true")
            io.stderr.write(WAIT_IN_ACTIONS_NOTE);
        else if (v.wait)
            waitSeconds = Math.round((minutes ?? _wait_js__WEBPACK_IMPORTED_MODULE_7__/* .DEFAULT_WAIT_MINUTES */ .Si) * 60);
        const request = {
            v: _control_protocol_js__WEBPACK_IMPORTED_MODULE_1__/* .PROTOCOL_VERSION */ .Ds,
            type: "feedback-ask",
            token: channel.token,
            question: question ?? "",
            context,
            // The orchestrator holds the request open until the question is answered or this passes.
            ...(waitSeconds !== undefined ? { waitSeconds } : {}),
        };
        const accepted = await (0,_control_client_js__WEBPACK_IMPORTED_MODULE_0__/* .requestAccepted */ .JH)(channel.socketPath, request, waitSeconds !== undefined ? { timeoutMs: waitSeconds * 1000 + 60_000 } : {});
        if (accepted.answer !== undefined) {
            // Answered now (--wait), or asked and answered before: the agent goes on with the answer.
            const said = waitSeconds !== undefined ? "A human answered this question" : "A human already answered this question";
            io.stdout.write(`${accepted.id}\n${said}. Continue your task with this answer:\n\n${accepted.answer}\n`);
            return 0;
        }
        if (waitSeconds !== undefined) {
            io.stdout.write(`${accepted.id}\nNo answer within ${minutes ?? _wait_js__WEBPACK_IMPORTED_MODULE_7__/* .DEFAULT_WAIT_MINUTES */ .Si} minute(s). ${STOP_NOW}`);
            return 0;
        }
        io.stdout.write(`${accepted.id}\nYour question was recorded for a human. ${STOP_NOW}`);
        return 0;
    });
}


/***/ }),

/***/ 7342:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Si: () => (/* binding */ DEFAULT_WAIT_MINUTES),
/* harmony export */   cW: () => (/* binding */ waitForFeedbackAnswer),
/* harmony export */   f5: () => (/* binding */ MAX_WAIT_MINUTES)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6869);
/**
 * Waiting for a human, live: the orchestrator's side of `wave feedback ask --wait`. The asking
 * agent's request stays open while the question's file (`<runDir>/feedback/<id>.json`) is watched;
 * `wave feedback answer <id> "text"` from another terminal rewrites it answered, and the wait ends
 * with the answer. The wave is then not blocked: the request is answered, the answer is kept in
 * the answer store, and the agent goes on with it in the same turn.
 *
 * Watching: fs.watch on the feedback directory wakes the check at once; a poll every `pollMs`
 * covers file systems where watching does not work (network mounts, some containers). A wait ends
 * with the answered request, or null at its deadline or when `signal` aborts (the run ends).
 */




/** The default of `wave feedback ask --wait --timeout-minutes`. */
const DEFAULT_WAIT_MINUTES = 30;
/** The longest wait accepted (a request line from an agent may ask for no more). */
const MAX_WAIT_MINUTES = 24 * 60;
const DEFAULT_POLL_MS = 1000;
/** The request as its file says now; null when it cannot be read (yet). */
async function readRequest(file) {
    try {
        const parsed = _requests_js__WEBPACK_IMPORTED_MODULE_3__/* .FeedbackRequestSchema */ .Mh.safeParse(JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(file, "utf8")));
        return parsed.success ? parsed.data : null;
    }
    catch {
        return null;
    }
}
/**
 * Waits until request `id` of the run directory is answered; returns it answered, or null when
 * `timeoutMs` passed or `signal` aborted first.
 */
async function waitForFeedbackAnswer(runDir, id, options) {
    const dir = (0,_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .feedbackDir */ .zJ)(runDir);
    const file = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, `${id}.json`);
    const first = await readRequest(file);
    if (first?.status === "answered")
        return first;
    if (options.signal?.aborted)
        return null;
    return new Promise((resolve) => {
        let settled = false;
        let checking = false;
        let again = false;
        const cleanup = [];
        const finish = (value) => {
            if (settled)
                return;
            settled = true;
            for (const undo of cleanup)
                undo();
            resolve(value);
        };
        const check = () => {
            if (settled)
                return;
            if (checking) {
                again = true;
                return;
            }
            checking = true;
            readRequest(file).then((r) => {
                checking = false;
                if (r?.status === "answered")
                    finish(r);
                else if (again) {
                    again = false;
                    check();
                }
            });
        };
        try {
            const watcher = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.watch)(dir, () => check());
            watcher.on("error", () => undefined);
            cleanup.push(() => watcher.close());
        }
        catch {
            // No watching here: the poll below still sees the answer.
        }
        const poll = setInterval(check, options.pollMs ?? DEFAULT_POLL_MS);
        cleanup.push(() => clearInterval(poll));
        const deadline = setTimeout(() => finish(null), options.timeoutMs);
        cleanup.push(() => clearTimeout(deadline));
        if (options.signal) {
            const onAbort = () => finish(null);
            options.signal.addEventListener("abort", onAbort, { once: true });
            cleanup.push(() => options.signal?.removeEventListener("abort", onAbort));
        }
        // An answer written between the first read and the watcher's start.
        check();
    });
}


/***/ })

};

//# sourceMappingURL=830.index.js.map