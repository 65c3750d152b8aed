export const id = 613;
export const ids = [613];
export const modules = {

/***/ 1446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ow: () => (/* binding */ cleanLine),
/* harmony export */   Oz: () => (/* binding */ turnLimitIn),
/* harmony export */   o$: () => (/* binding */ markerCandidate),
/* harmony export */   s4: () => (/* binding */ fenceInfo)
/* harmony export */ });
/**
 * Line-level helpers of the marker parser: cleaning a raw log line (ANSI escapes, carriage
 * returns), recognizing marker candidates, and recognizing code fences.
 */
// CSI sequences, OSC sequences (terminated by BEL or ST), and two-character escapes.
const ANSI_RE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])/g;
/**
 * Strips ANSI escapes and terminal overwrites: a trailing `\r` is dropped (CRLF logs); with an
 * inner `\r` only the text after the last one is kept (what a terminal would show).
 */
function cleanLine(raw) {
    let line = raw;
    if (line.length > 0 && line.charCodeAt(line.length - 1) === 13)
        line = line.slice(0, -1);
    if (line.includes("\x1b"))
        line = line.replace(ANSI_RE, "");
    const cr = line.lastIndexOf("\r");
    if (cr !== -1)
        line = line.slice(cr + 1);
    return line;
}
const CANDIDATE_RE = /^\[((?:wave-[a-z0-9-]+)|deploy-status|infra-status)(\]|\s|=|$)/i;
const ORDERED_PREFIX_RE = /^\d{1,3}[.)]\s+/;
/**
 * A marker candidate is a line that, after trimming, one list prefix (`- `, `* `, `+ `, `1. `)
 * and one pair of wrapping backticks, starts with `[wave-…]`, `[deploy-status]` or
 * `[infra-status]`. `trimmed` must already be trimmed.
 */
function markerCandidate(trimmed) {
    let s = trimmed;
    const first = s.charCodeAt(0);
    if (first === 45 || first === 42 || first === 43) {
        // - * +
        if (s.charCodeAt(1) !== 32 && s.charCodeAt(1) !== 9)
            return null;
        s = s.slice(2).trimStart();
    }
    else if (first >= 48 && first <= 57) {
        const m = ORDERED_PREFIX_RE.exec(s);
        if (!m)
            return null;
        s = s.slice(m[0].length);
    }
    if (s.charCodeAt(0) === 96 /* ` */) {
        if (s.length < 3 || s.charCodeAt(1) === 96 || s.charCodeAt(s.length - 1) !== 96)
            return null;
        s = s.slice(1, -1).trim();
    }
    if (s.charCodeAt(0) !== 91 /* [ */)
        return null;
    const m = CANDIDATE_RE.exec(s);
    if (!m)
        return null;
    const tag = m[1].toLowerCase();
    const closed = m[2] === "]";
    return { tag, body: s.slice(1 + m[1].length + (closed ? 1 : 0)).trim(), malformedTag: !closed };
}
/** Recognizes a fence line (```` ``` ```` or `~~~`, three or more). `trimmed` must be trimmed. */
function fenceInfo(trimmed) {
    const code = trimmed.charCodeAt(0);
    if (code !== 96 && code !== 126)
        return null;
    let n = 1;
    while (n < trimmed.length && trimmed.charCodeAt(n) === code)
        n++;
    if (n < 3)
        return null;
    return { char: code === 96 ? "`" : "~", length: n, bare: n === trimmed.length };
}
const TURN_LIMIT_RE = /Reached max(?:imum number of)? turns(?: limit)? \((\d+)\)/;
/** N from `Reached max turns (N)` (claude text/stream output), or null. */
function turnLimitIn(line) {
    // Stryker disable next-line StringLiteral: a fast path: the pattern below needs the same text, so an empty needle only skips the shortcut
    if (!line.includes("Reached max"))
        return null;
    const m = TURN_LIMIT_RE.exec(line);
    return m ? Number(m[1]) : null;
}


/***/ }),

/***/ 2613:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iH: () => (/* binding */ renderSettingsOfLaunch),
/* harmony export */   yE: () => (/* binding */ TranscriptRenderer)
/* harmony export */ });
/* unused harmony exports MAX_EVENT_CHARS, MAX_PENDING_CHARS, SUMMARY_CHARS, OUTPUT_LINES, renderTranscriptText */
/* harmony import */ var _transcript_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6769);
/**
 * A readable view of an agent's log. The JSON transcripts of the agent CLIs (see transcript.ts)
 * stay the record; what people read — `wave logs`, the log tails of the job summary, the tmux
 * pane — is rendered from their events, one log line at a time:
 *
 * - the agent's own messages: their text, as written (several lines when it has several);
 * - tool calls: one line `▸ Tool: what` (`▸ Bash: npm test`, `▸ Write src/a.js`,
 *   `▸ apply_patch (2 files): …`, `▸ exec_command: …`), first line of the command, cut short;
 * - tool results: a few of their first lines as `  │ …`, failures as `  ✗ …`;
 * - session facts in one line each, `· …` (session and model, token usage, cost, retries);
 * - reasoning as one `· thinking…` line, never its text.
 *
 * Lines that are no event of a known transcript pass through unchanged: the runtime's own
 * `--- wave: … ---` lines, the CLI's stderr, anything else. In `text` format every line does;
 * `auto` (a log whose format was not recorded) renders each line that parses as a known event.
 * A `--- wave: <id> attempt N (<executor>) started … ---` line starts the output of one run: the
 * state is reset, and when that run used another executor than launch.json records (a fallback
 * run of the same agent appends to the same log) its part is read in that executor's format.
 *
 * Pure and total: malformed input never throws, a line costs at most one JSON.parse (lines longer
 * than MAX_EVENT_CHARS are not parsed) and a bounded amount of output per event besides the
 * agent's own text. Strings from events are shown without terminal escapes or control
 * characters (JSON can carry them escaped; the raw log never showed them decoded).
 */

/** Lines longer than this are not parsed: a short note stands for a known event, others pass through. */
const MAX_EVENT_CHARS = 8 * 1024 * 1024;
/** A held partial line longer than this is given out as it is (memory stays bounded). */
const MAX_PENDING_CHARS = 8 * 1024 * 1024;
/** Characters of a one-line summary (tool call, fact, error). */
const SUMMARY_CHARS = 200;
/** Lines of tool output shown per result. */
const OUTPUT_LINES = 4;
const CALLS_REMEMBERED = 256;
const DIALECT_OF = { text: null, ..._transcript_js__WEBPACK_IMPORTED_MODULE_0__/* .DIALECT_OF_FORMAT */ .NZ };
/** Format of a part of the log written by an executor other than launch.json's. */
const EXECUTOR_FORMAT = { codex: "codex-json", opencode: "opencode-json", claude: "auto" };
const SEPARATOR_START = "--- wave: ";
const RUN_SEPARATOR = /^--- wave: .+ attempt \d+ \(([A-Za-z0-9_-]+)\) started .*---$/;
const MAX_SEPARATOR_CHARS = 400;
/** The rendering settings recorded in an agent's launch.json (its text); `auto` without a recorded format. */
function renderSettingsOfLaunch(text) {
    const launch = text === null ? null : (0,_transcript_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJsonLine */ .wz)(text.trim());
    if (launch === null)
        return { format: "auto", cwd: null, executor: null };
    const t = launch.transcript;
    const format = typeof t === "string" && _transcript_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSCRIPT_FORMATS */ .gz.includes(t) ? t : "auto";
    return {
        format,
        cwd: typeof launch.cwd === "string" ? launch.cwd : null,
        executor: typeof launch.executor === "string" && format !== "auto" ? launch.executor : null,
    };
}
/** Renders a whole log (or a tail of one that starts at a line boundary). */
function renderTranscriptText(text, format, options = {}) {
    const r = new TranscriptRenderer(format, options);
    return r.push(text) + r.end();
}
/**
 * Renders an agent's output line by line. `line` renders one complete line; `push` takes chunks
 * of a stream and returns the rendered text of the lines they complete. A partial line that may
 * become an event or a run separator (it starts with `{` or `--- wave: `) is held until its
 * newline; any other text is given out at once, unchanged, so plain output (a progress line
 * without newline) shows as it arrives.
 */
class TranscriptRenderer {
    baseFormat;
    options;
    format;
    claudeAssistantSeen = false;
    /** Text of the last error message the claude CLI made up (its error result repeats it). */
    claudeErrorShown = null;
    /** Labels of tool calls shown, by call id, to head results that do not follow their call. */
    calls = new Map();
    /** The call (id) whose line or result was the last thing shown. */
    lastCall = null;
    /** The event being rendered showed a call or a result. */
    touched = false;
    pending = "";
    /** Inside a line that was given out unchanged as it arrived. */
    passing = false;
    /** The held partial line may be an event or a run separator: it waits for its newline. */
    holding = false;
    constructor(baseFormat, options = {}) {
        this.baseFormat = baseFormat;
        this.options = options;
        this.format = baseFormat;
    }
    /** The readable lines for one line of output (no newline in `line`). */
    line(line) {
        try {
            return this.renderLine(line);
        }
        catch {
            return [line];
        }
    }
    push(chunk) {
        let out = "";
        let rest = chunk;
        while (rest.length > 0) {
            const nl = rest.indexOf("\n");
            if (this.passing) {
                if (nl < 0)
                    return out + rest;
                out += rest.slice(0, nl + 1);
                rest = rest.slice(nl + 1);
                this.passing = false;
                continue;
            }
            if (nl < 0) {
                this.pending += rest;
                if (!this.holding) {
                    const start = lineStart(this.pending);
                    if (start === "hold")
                        this.holding = true;
                    else if (start === "pass")
                        this.passing = true;
                }
                if (this.passing || this.pending.length > MAX_PENDING_CHARS) {
                    out += this.pending;
                    this.pending = "";
                    this.passing = true;
                    this.holding = false;
                }
                return out;
            }
            const line = this.pending + rest.slice(0, nl);
            this.pending = "";
            this.holding = false;
            rest = rest.slice(nl + 1);
            for (const l of this.line(line))
                out += `${l}\n`;
        }
        return out;
    }
    /** The held partial line, rendered (at the end of the stream). */
    end() {
        const line = this.pending;
        this.pending = "";
        this.passing = false;
        this.holding = false;
        return line.length > 0 ? this.line(line).join("\n") : "";
    }
    renderLine(raw) {
        const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
        const separator = line.length <= MAX_SEPARATOR_CHARS && line.startsWith(SEPARATOR_START) ? RUN_SEPARATOR.exec(line) : null;
        if (separator) {
            this.startRun(separator[1]);
            return [raw];
        }
        if (this.format === "text")
            return [raw];
        const trimmed = line.trim();
        if (trimmed.charCodeAt(0) !== 123)
            return [raw];
        if (trimmed.length > MAX_EVENT_CHARS) {
            const type = /^\{\s*"type"\s*:\s*"([A-Za-z_.]{1,40})"/.exec(trimmed)?.[1];
            return type ? [`· ${type} event of ${trimmed.length} characters, too long to show here (the raw log has it)`] : [raw];
        }
        const event = (0,_transcript_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJsonLine */ .wz)(trimmed);
        if (event === null)
            return [raw];
        const dialect = (0,_transcript_js__WEBPACK_IMPORTED_MODULE_0__/* .dialectOf */ .E3)(event);
        if (dialect === null)
            return [raw];
        const own = this.format === "auto" ? null : DIALECT_OF[this.format];
        if (own !== null && own !== dialect)
            return [raw];
        this.touched = false;
        const lines = dialect === "codex" ? this.codex(event) : dialect === "claude" ? this.claude(event) : this.opencode(event);
        // Output between a call and its result: the result names its call again.
        if (lines.length > 0 && !this.touched)
            this.lastCall = null;
        return lines.map(cleanLine);
    }
    startSession() {
        this.claudeAssistantSeen = false;
        this.claudeErrorShown = null;
        this.calls.clear();
        this.lastCall = null;
    }
    startRun(executor) {
        this.startSession();
        const launched = this.options.executor;
        if (launched === null || launched === undefined)
            return;
        this.format = executor === launched ? this.baseFormat : (EXECUTOR_FORMAT[executor] ?? "text");
    }
    // --- codex exec --json -------------------------------------------------------------------
    codex(event) {
        switch (event.type) {
            case "thread.started":
                this.startSession();
                return [`· session ${str(event.thread_id) ?? "?"}`];
            case "turn.started":
                return [];
            case "turn.completed": {
                const u = rec(event.usage);
                if (!u)
                    return ["· turn completed"];
                return [`· usage: in ${num(u.input_tokens) ?? "?"} (cached ${num(u.cached_input_tokens) ?? 0}) · out ${num(u.output_tokens) ?? "?"}`];
            }
            case "turn.failed":
                return [`✗ turn failed: ${oneLine(str(rec(event.error)?.message) ?? "no message")}`];
            case "error": {
                const message = oneLine(str(event.message) ?? "no message");
                return [/^Reconnecting\b/.test(message) ? `· ${message}` : `✗ error: ${message}`];
            }
            default: {
                const item = rec(event.item);
                return item ? this.codexItem(String(event.type), item) : [];
            }
        }
    }
    codexItem(phase, item) {
        const id = str(item.id);
        const type = str(item.type) ?? "?";
        const started = phase === "item.started";
        const completed = phase === "item.completed";
        switch (type) {
            case "agent_message":
                return completed ? agentText(item.text) : [];
            case "reasoning":
                return completed ? ["· thinking…"] : [];
            case "command_execution": {
                const command = firstLine(str(item.command) ?? "");
                const head = this.callHead(id, command ? `exec_command: ${command}` : "exec_command", started);
                if (!completed)
                    return head;
                const out = [...head, ...outputLines(str(item.aggregated_output))];
                const exit = num(item.exit_code);
                if (exit !== null && exit !== 0)
                    out.push(`  ✗ exit ${exit}`);
                else if (item.status === "failed" || item.status === "declined")
                    out.push(`  ✗ ${item.status}`);
                return out;
            }
            case "file_change": {
                const changes = arr(item.changes)
                    .map(rec)
                    .filter((c) => c !== null);
                const list = changes.map((c) => `${str(c.kind) ?? "change"} ${this.path(str(c.path) ?? "?")}`).join(", ");
                const name = changes.length === 1 ? "apply_patch" : `apply_patch (${changes.length} files)`;
                const head = this.callHead(id, `${name}: ${list}`, started);
                if (!completed)
                    return head;
                return item.status === "failed" ? [...head, "  ✗ patch failed"] : head;
            }
            case "mcp_tool_call": {
                const what = `mcp ${str(item.server) ?? "?"}.${str(item.tool) ?? "?"}`;
                const args = summarizeInput(item.arguments);
                const head = this.callHead(id, args ? `${what}: ${args}` : what, started);
                if (!completed)
                    return head;
                const error = str(rec(item.error)?.message);
                if (error !== null || item.status === "failed")
                    return [...head, `  ✗ ${oneLine(error ?? "failed")}`];
                return [...head, ...outputLines(blocksText(rec(item.result)?.content))];
            }
            case "collab_tool_call": {
                const prompt = str(item.prompt);
                const head = this.callHead(id, `${str(item.tool) ?? "collab"}${prompt ? `: ${firstLine(prompt)}` : ""}`, started);
                if (!completed)
                    return head;
                return item.status === "failed" ? [...head, "  ✗ failed"] : head;
            }
            case "web_search": {
                const query = str(item.query) ?? str(rec(item.action)?.query) ?? "";
                return completed || started ? this.callHead(id, `web_search: ${firstLine(query)}`, started) : [];
            }
            case "todo_list": {
                const items = arr(item.items)
                    .map(rec)
                    .filter((t) => t !== null)
                    .map((t) => `${t.completed === true ? "[x]" : "[ ]"} ${firstLine(str(t.text) ?? "")}`);
                return [short(`· plan: ${items.join("; ")}`)];
            }
            case "error":
                return completed ? [`✗ ${oneLine(str(item.message) ?? "error")}`] : [];
            default:
                return completed ? [`· ${short(type)}`] : [];
        }
    }
    /**
     * The call line of a codex item: on its start; on its completion only when the start was not
     * the last thing shown (not seen, or other output came between).
     */
    callHead(id, label, started) {
        const line = short(`▸ ${label}`);
        const shown = !started && id !== null && this.lastCall === id;
        this.remember(id, line);
        return shown ? [] : [line];
    }
    // --- claude --output-format stream-json / json -------------------------------------------
    claude(event) {
        const sub = event.parent_tool_use_id !== null && event.parent_tool_use_id !== undefined;
        const lines = this.claudeEvent(event, sub);
        return sub ? lines.map((l) => `  ↳ ${l}`) : lines;
    }
    claudeEvent(event, sub) {
        switch (event.type) {
            case "system":
                // A new session (the runtime retried the CLI): its result counts by its own messages.
                if (event.subtype === "init" && !sub)
                    this.startSession();
                return claudeSystem(event);
            case "assistant": {
                const message = rec(event.message);
                if (!message)
                    return [];
                if (!sub)
                    this.claudeAssistantSeen = true;
                const content = message.content;
                // A message the CLI made up to report a failed request (`"error": "rate_limit"`, model `<synthetic>`).
                if (typeof event.error === "string") {
                    const text = (typeof content === "string" ? content : blocksText(content)) || event.error;
                    this.claudeErrorShown = text;
                    return [`✗ ${oneLine(text)}`];
                }
                if (typeof content === "string")
                    return agentText(content);
                const out = [];
                for (const b of arr(content)) {
                    const block = rec(b);
                    if (!block)
                        continue;
                    if (block.type === "text")
                        out.push(...agentText(block.text));
                    else if (block.type === "thinking" || block.type === "redacted_thinking")
                        out.push("· thinking…");
                    else if (block.type === "tool_use" || block.type === "server_tool_use" || block.type === "mcp_tool_use") {
                        out.push(this.toolCall(str(block.id), str(block.name) ?? "tool", block.input));
                    }
                }
                return out;
            }
            case "user": {
                const content = rec(event.message)?.content;
                const out = [];
                for (const b of arr(content)) {
                    const block = rec(b);
                    if (block?.type !== "tool_result")
                        continue;
                    out.push(...this.toolResult(str(block.tool_use_id), blocksText(block.content), block.is_error === true));
                }
                return out;
            }
            case "result":
                return this.claudeResult(event);
            default:
                // stream_event: partial deltas of messages that follow whole (--include-partial-messages).
                return [];
        }
    }
    claudeResult(event) {
        const out = [];
        const failed = event.is_error === true || (typeof event.subtype === "string" && event.subtype !== "success");
        const result = str(event.result);
        // The stream's last assistant message already showed this text (stream-json).
        const showText = this.format === "claude-json" || (this.format === "auto" && !this.claudeAssistantSeen);
        if (result !== null && !failed && showText)
            out.push(...agentText(result));
        const api = num(event.api_error_status);
        const flags = event.is_error === true ? ` (error${api !== null ? `, API status ${api}` : ""})` : "";
        const facts = [`${failed ? "✗" : "·"} done: ${str(event.subtype) ?? "?"}${flags}`];
        const turns = num(event.num_turns);
        if (turns !== null)
            facts.push(`${turns} ${turns === 1 ? "turn" : "turns"}`);
        const cost = num(event.total_cost_usd);
        if (cost !== null)
            facts.push(`$${cost.toFixed(4)}`);
        const u = rec(event.usage);
        if (u) {
            const cached = num(u.cache_read_input_tokens);
            facts.push(`in ${num(u.input_tokens) ?? "?"}${cached !== null ? ` (cached ${cached})` : ""}`, `out ${num(u.output_tokens) ?? "?"}`);
        }
        out.push(facts.join(" · "));
        if (failed && result !== null && result !== "" && result !== this.claudeErrorShown)
            out.push(...outputLines(result, "  ✗ "));
        for (const e of arr(event.errors).slice(0, OUTPUT_LINES)) {
            if (typeof e === "string")
                out.push(`  ✗ ${oneLine(e)}`);
        }
        return out;
    }
    // --- opencode run --format json ----------------------------------------------------------
    opencode(event) {
        const part = rec(event.part);
        switch (event.type) {
            case "text":
                if (!part || part.synthetic === true || part.ignored === true)
                    return [];
                return agentText(part.text);
            case "reasoning":
                return ["· thinking…"];
            case "tool_use": {
                if (!part)
                    return [];
                const state = rec(part.state);
                const input = state?.input;
                const title = str(state?.title);
                const call = this.toolCall(str(part.callID) ?? str(part.id), str(part.tool) ?? "tool", input, title);
                const status = str(state?.status);
                if (status === "error")
                    return [call, ...outputLines(str(state?.error) ?? "failed", "  ✗ ")];
                if (status === "completed")
                    return [call, ...outputLines(str(state?.output))];
                return [call];
            }
            case "step_finish": {
                const tokens = rec(part?.tokens);
                const facts = [`· step: in ${num(tokens?.input) ?? "?"}`, `out ${num(tokens?.output) ?? "?"}`];
                const cost = num(part?.cost);
                if (cost !== null)
                    facts.push(`$${cost.toFixed(4)}`);
                return [facts.join(" · ")];
            }
            case "error": {
                const error = event.error;
                const e = rec(error);
                const message = e ? (str(rec(e.data)?.message) ?? str(e.message)) : str(error);
                const name = e ? str(e.name) : null;
                return [`✗ ${oneLine([name, message].filter((x) => x !== null).join(": ") || "error")}`];
            }
            default:
                return [];
        }
    }
    // --- shared ------------------------------------------------------------------------------
    /** One call line; remembers its label so a result that does not follow it can name it. */
    toolCall(id, name, input, title = null) {
        const i = rec(input);
        const file = i ? (str(i.file_path) ?? str(i.filePath) ?? str(i.notebook_path)) : null;
        const command = i ? str(i.command) : null;
        const dir = i ? str(i.path) : null;
        let label;
        if (command !== null)
            label = `${name}: ${firstLine(command)}`;
        else if (file !== null && title !== null && title !== "" && file.endsWith(title))
            label = `${name} ${clean(title)}`;
        else if (title !== null && title !== "")
            label = `${name}: ${firstLine(title)}`;
        else if (file !== null)
            label = `${name} ${this.path(file)}`;
        else {
            const summary = summarizeInput(input, false);
            label = summary ? `${name}: ${summary}` : dir !== null ? `${name} ${this.path(dir)}` : name;
        }
        const line = short(`▸ ${clean(label)}`);
        this.remember(id, line);
        return line;
    }
    toolResult(id, text, isError) {
        const head = id !== null && this.lastCall !== id ? this.calls.get(id) : undefined;
        this.lastCall = id;
        this.touched = true;
        const body = isError ? outputLines(text ?? "error", "  ✗ ") : outputLines(text);
        return head ? [head, ...body] : body;
    }
    remember(id, line) {
        this.lastCall = id;
        this.touched = true;
        if (id === null)
            return;
        this.calls.delete(id);
        this.calls.set(id, line);
        if (this.calls.size > CALLS_REMEMBERED)
            this.calls.delete(this.calls.keys().next().value);
    }
    path(p) {
        const cwd = this.options.cwd;
        if (cwd && p.length > cwd.length + 1 && p.startsWith(cwd) && (p[cwd.length] === "/" || cwd.endsWith("/"))) {
            return p.slice(cwd.endsWith("/") ? cwd.length : cwd.length + 1);
        }
        return p;
    }
}
function claudeSystem(event) {
    switch (event.subtype) {
        case "init": {
            const model = str(event.model);
            return [`· session ${str(event.session_id) ?? "?"}${model ? ` · model ${clean(model)}` : ""}`];
        }
        case "api_retry": {
            const status = num(event.error_status);
            const error = str(event.error);
            const delay = num(event.retry_delay_ms);
            const why = [status !== null ? String(status) : null, error].filter((x) => x !== null).join(" ");
            return [
                short(`· API retry ${num(event.attempt) ?? "?"}/${num(event.max_retries) ?? "?"}${why ? ` (${oneLine(why)})` : ""}${delay !== null ? ` in ${Math.round(delay / 100) / 10}s` : ""}`),
            ];
        }
        case "compact_boundary":
            return ["· conversation compacted"];
        case "permission_denied": {
            const message = str(event.message);
            return [short(`✗ permission denied: ${str(event.tool_name) ?? "tool"}${message ? ` — ${oneLine(message)}` : ""}`)];
        }
        case "informational":
        case "notification": {
            const text = str(event.content) ?? str(event.text);
            if (!text)
                return [];
            return [`${event.level === "error" || event.level === "warning" ? "✗" : "·"} ${oneLine(text)}`];
        }
        default:
            // status, hooks, task progress and the like: not worth a line.
            return [];
    }
}
/**
 * Whether a line that begins with `start` is held until its newline (it may be an event or a run
 * separator), passes as it arrives, or cannot be told yet.
 */
function lineStart(start) {
    if (start.length < SEPARATOR_START.length ? SEPARATOR_START.startsWith(start) : start.startsWith(SEPARATOR_START)) {
        return start.length < SEPARATOR_START.length ? "undecided" : "hold";
    }
    let i = 0;
    while (i < start.length && i < 64 && (start.charCodeAt(i) === 32 || start.charCodeAt(i) === 9))
        i++;
    if (i === start.length)
        return i < 64 ? "undecided" : "pass";
    return start.charCodeAt(i) === 123 ? "hold" : "pass";
}
function rec(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
}
function arr(value) {
    return Array.isArray(value) ? value : [];
}
function str(value) {
    return typeof value === "string" ? value : null;
}
function num(value) {
    return typeof value === "number" && Number.isFinite(value) ? value : null;
}
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Text without terminal escapes or control characters (tab and newline stay; CR ends nothing). */
function clean(text) {
    let t = text;
    if (t.includes("\u001b"))
        t = t.replace(ESCAPES, "");
    if (t.includes("\r"))
        t = t.replace(/\r\n/g, "\n");
    return t.replace(CONTROLS, "");
}
/** One rendered line: clean, and a line (a newline inside a fact would break it). */
function cleanLine(line) {
    const c = clean(line);
    return c.includes("\n") ? c.replace(/\n/g, " ") : c;
}
/** The agent's own text: every line of it, trailing newlines dropped. */
function agentText(value) {
    if (typeof value !== "string")
        return [];
    const text = clean(value).replace(/\n+$/, "");
    return text === "" ? [] : text.split("\n");
}
/** At most SUMMARY_CHARS characters, `…` when cut (never inside a surrogate pair). */
function short(text, max = SUMMARY_CHARS) {
    if (text.length <= max)
        return text;
    let end = max - 1;
    const c = text.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff)
        end--;
    return `${text.slice(0, end)}…`;
}
/** The first line of `text` (leading blank lines skipped), cleaned, cut short; ` …` when more follows. */
function firstLine(text) {
    const window = text.slice(0, SUMMARY_CHARS * 4);
    const body = window.replace(/^\s+/, "");
    const nl = body.indexOf("\n");
    const line = clean(nl < 0 ? body : body.slice(0, nl)).trimEnd();
    const more = window.length < text.length || (nl >= 0 && body.slice(nl).trim() !== "");
    return short(more ? `${line} …` : line);
}
/** All of a short message on one line. */
function oneLine(text) {
    return short(clean(text.slice(0, SUMMARY_CHARS * 4)).replace(/\s*\n\s*/g, " ⏎ ").trim());
}
/**
 * The first OUTPUT_LINES non-empty lines of tool output, each cut short, with a count of the
 * rest. Reads only the start of a long output (a count past that start is given as "more").
 */
function outputLines(text, prefix = "  │ ") {
    if (text === null)
        return [];
    const window = text.slice(0, OUTPUT_LINES * SUMMARY_CHARS * 8);
    const lines = [];
    let pos = 0;
    let rest = 0;
    while (pos < window.length) {
        let nl = window.indexOf("\n", pos);
        if (nl < 0)
            nl = window.length;
        const raw = window.slice(pos, nl);
        pos = nl + 1;
        // A terminal shows what follows the last carriage return of a line.
        const cr = raw.lastIndexOf("\r", raw.length - 2);
        const line = clean(cr >= 0 ? raw.slice(cr + 1) : raw).trimEnd();
        if (line.trim() === "")
            continue;
        if (lines.length < OUTPUT_LINES)
            lines.push(short(`${prefix}${line}`));
        else
            rest++;
    }
    const cut = window.length < text.length;
    if (rest > 0 || cut)
        lines.push(`${prefix}… ${cut ? "more" : `${rest} more ${rest === 1 ? "line" : "lines"}`}`);
    return lines;
}
/** The text of content blocks (MCP results, claude tool results): text blocks joined, others named. */
function blocksText(content) {
    if (typeof content === "string")
        return content;
    if (!Array.isArray(content))
        return null;
    const parts = [];
    let size = 0;
    for (const b of content) {
        const block = rec(b);
        if (!block)
            continue;
        const part = block.type === "text" && typeof block.text === "string" ? block.text : `[${str(block.type) ?? "content"}]`;
        parts.push(part);
        size += part.length;
        if (size > OUTPUT_LINES * SUMMARY_CHARS * 8)
            break;
    }
    return parts.join("\n");
}
/** A short `key=value, …` view of a tool's input (its first few fields). */
function summarizeInput(input, any = true) {
    if (typeof input === "string")
        return firstLine(input);
    const i = rec(input);
    if (!i)
        return "";
    const preferred = ["pattern", "query", "url", "description", "prompt", "subject", "name"];
    for (const key of preferred) {
        const v = str(i[key]);
        if (v !== null && v !== "")
            return firstLine(v);
    }
    if (!any && typeof i.path === "string")
        return "";
    const parts = [];
    for (const key of Object.keys(i).slice(0, 4)) {
        const v = i[key];
        const shown = typeof v === "string" ? firstLine(v) : typeof v === "number" || typeof v === "boolean" ? String(v) : Array.isArray(v) ? `[${v.length}]` : v === null ? "null" : "{…}";
        parts.push(`${clean(key)}=${shown}`);
    }
    return short(parts.join(", "));
}


/***/ }),

/***/ 6769:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  NZ: () => (/* binding */ DIALECT_OF_FORMAT),
  gz: () => (/* binding */ TRANSCRIPT_FORMATS),
  E3: () => (/* binding */ dialectOf),
  uc: () => (/* binding */ newTranscriptState),
  wz: () => (/* binding */ parseJsonLine),
  Pt: () => (/* binding */ readTranscriptEvent)
});

;// CONCATENATED MODULE: ./src/usage/extract.ts
/**
 * Usage figures in the CLIs' own JSON events (pure; one event in, zero or more facts out). The
 * transcript reader (src/signals/transcript.ts) calls it for each event it reads.
 *
 * - Claude Code (`stream-json`, `json`): `system`/`init` names the session and model; each
 *   `assistant` event carries its API message's `usage` (an id per message: a message split over
 *   several events counts once; the output count there is the stream's start value, so it is
 *   provisional); the final `result` event has the process's totals — `modelUsage` per model
 *   (side requests included), `total_cost_usd`, `num_turns`, `session_id` — and its subtype
 *   `error_max_budget_usd` says the CLI stopped at `--max-budget-usd`. Anthropic counts
 *   `input_tokens` without the cache: input here = input + cache reads + cache writes.
 * - codex `exec --json`: `thread.started` names the thread (the session to resume);
 *   `turn.completed.usage` has `input_tokens` (cache included), `cached_input_tokens`,
 *   `output_tokens` (reasoning included), `reasoning_output_tokens` — the thread's totals so far,
 *   so a process that resumes a thread reports what earlier processes of the thread used too.
 *   codex reports no cost.
 * - OpenCode `run --format json`: each `step_finish` part has `tokens` {input, output, reasoning,
 *   cache {read, write}} and `cost` for that model request; every event has `sessionID`.
 */
function isRecord(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
}
/** A non-negative finite number, else null. */
function num(v) {
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}
function count(v) {
    const n = num(v);
    return n === null ? null : Math.round(n);
}
function str(v) {
    return typeof v === "string" && v !== "" ? v : null;
}
function add(a, b, c = null) {
    if (a === null && b === null && c === null)
        return null;
    return (a ?? 0) + (b ?? 0) + (c ?? 0);
}
/** Anthropic usage: input without the cache, cache reads and writes apart. */
function anthropicTokens(u, names) {
    const read = count(u[names.read]);
    return {
        input: add(count(u[names.input]), read, count(u[names.write])),
        cached: read,
        output: count(u[names.output]),
        reasoning: null,
    };
}
function claudeUsage(event) {
    const type = event.type;
    if (type === "system" && event.subtype === "init") {
        return [{ kind: "session", sessionId: str(event.session_id), model: str(event.model) }];
    }
    if (type === "assistant") {
        const message = event.message;
        if (!isRecord(message) || !isRecord(message.usage))
            return [];
        const tokens = anthropicTokens(message.usage, {
            input: "input_tokens",
            read: "cache_read_input_tokens",
            write: "cache_creation_input_tokens",
            output: "output_tokens",
        });
        return [{ kind: "call", key: str(message.id), tokens, costUsd: null, turn: false }];
    }
    if (type !== "result")
        return [];
    let tokens = { input: null, cached: null, output: null, reasoning: null };
    let model = null;
    if (isRecord(event.modelUsage) && Object.keys(event.modelUsage).length > 0) {
        let bestCost = -1;
        for (const [name, m] of Object.entries(event.modelUsage)) {
            if (!isRecord(m))
                continue;
            const t = anthropicTokens(m, {
                input: "inputTokens",
                read: "cacheReadInputTokens",
                write: "cacheCreationInputTokens",
                output: "outputTokens",
            });
            tokens = {
                input: add(tokens.input, t.input),
                cached: add(tokens.cached, t.cached),
                output: add(tokens.output, t.output),
                reasoning: null,
            };
            // The model that cost the most is the agent's (side requests use a smaller one).
            const cost = num(m.costUSD) ?? 0;
            if (cost > bestCost) {
                bestCost = cost;
                model = name;
            }
        }
    }
    else if (isRecord(event.usage)) {
        tokens = anthropicTokens(event.usage, {
            input: "input_tokens",
            read: "cache_read_input_tokens",
            write: "cache_creation_input_tokens",
            output: "output_tokens",
        });
    }
    return [
        {
            kind: "total",
            tokens,
            costUsd: num(event.total_cost_usd),
            turns: count(event.num_turns),
            sessionId: str(event.session_id),
            model,
            budgetStop: event.subtype === "error_max_budget_usd",
        },
    ];
}
function codexUsage(event) {
    if (event.type === "thread.started")
        return [{ kind: "session", sessionId: str(event.thread_id), model: null }];
    if (event.type !== "turn.completed" || !isRecord(event.usage))
        return [];
    const u = event.usage;
    return [
        {
            kind: "session-total",
            tokens: {
                input: count(u.input_tokens),
                cached: count(u.cached_input_tokens),
                output: count(u.output_tokens),
                reasoning: count(u.reasoning_output_tokens),
            },
            turn: true,
        },
    ];
}
function openCodeUsage(event) {
    const facts = [];
    if (event.type === "step_start")
        facts.push({ kind: "session", sessionId: str(event.sessionID), model: null });
    const part = event.part;
    if (event.type !== "step_finish" || !isRecord(part))
        return facts;
    const t = isRecord(part.tokens) ? part.tokens : {};
    const cache = isRecord(t.cache) ? t.cache : {};
    const read = count(cache.read);
    facts.push({ kind: "session", sessionId: str(event.sessionID), model: null });
    facts.push({
        kind: "call",
        key: str(part.id),
        tokens: {
            input: add(count(t.input), read, count(cache.write)),
            cached: read,
            output: add(count(t.output), count(t.reasoning)),
            reasoning: count(t.reasoning),
        },
        costUsd: num(part.cost),
        turn: true,
    });
    return facts;
}

// EXTERNAL MODULE: ./src/signals/lines.ts
var lines = __webpack_require__(1446);
;// CONCATENATED MODULE: ./src/signals/transcript.ts
/**
 * JSON transcripts of the agent CLIs, and which of their text is the agent's own.
 *
 * Markers count only from the agent's own assistant messages. Everything else a transcript holds —
 * command and tool output, tool inputs, results of sub-agents, the user's prompt, reasoning — can
 * carry text the agent did not write (a test script that prints marker lines, a file it read), so
 * none of it is scanned:
 *
 * - codex `exec --json`: only `item.completed` events whose item is an `agent_message` (its
 *   `text`). Not `command_execution` (`aggregated_output`), `mcp_tool_call`, `collab_tool_call`,
 *   `file_change`, `web_search`, `todo_list`, `reasoning` or `error` items, nor the
 *   `item.started` / `item.updated` events.
 * - claude `--output-format stream-json`: only `assistant` messages of the main agent
 *   (`parent_tool_use_id` null), and of those only `text` content blocks — not `thinking` or
 *   `tool_use` blocks, not `user` messages (which carry the `tool_result` blocks), not sub-agent
 *   messages. The final `result` event repeats the last assistant message's text: it is not scanned
 *   (it would only count the same markers twice).
 * - claude `--output-format json`: one `result` event whose `result` is the text of the last
 *   assistant message (the CLI builds it from that message, never from tool output); it is all the
 *   stream holds, so it is scanned — unless it is an error result (`is_error`).
 * - opencode `run --format json`: only `text` events whose part is a non-synthetic `text` part.
 *   Not `tool_use` events (tool input and output), `reasoning`, `step_start` / `step_finish` or
 *   `error`.
 *
 * An event of a known format that is not an assistant message yields nothing, so it can never be
 * read as plain text either. Tool output sits inside an event as a JSON string value; it cannot
 * start a line of its own, so a fake "assistant" event printed by a tool stays a string inside the
 * tool's event.
 */


const TRANSCRIPT_FORMATS = ["text", "codex-json", "claude-stream-json", "claude-json", "opencode-json"];
const newTranscriptState = () => ({ claudeAssistantSeen: false });
const CODEX_TYPES = new Set([
    "thread.started",
    "turn.started",
    "turn.completed",
    "turn.failed",
    "item.started",
    "item.updated",
    "item.completed",
    "error",
]);
const CLAUDE_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);
const OPENCODE_TYPES = new Set(["step_start", "step_finish", "text", "tool_use", "reasoning", "error"]);
/** Parses `trimmed` as a JSON object when it looks like one; null otherwise. */
function parseJsonLine(trimmed) {
    if (trimmed.charCodeAt(0) !== 123 || trimmed.charCodeAt(trimmed.length - 1) !== 125)
        return null;
    try {
        const value = JSON.parse(trimmed);
        return transcript_isRecord(value) ? value : null;
    }
    catch {
        return null;
    }
}
function transcript_isRecord(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
}
/** The dialect whose event this object is, or null when it is no known transcript event. */
function dialectOf(event) {
    const type = event.type;
    if (typeof type !== "string")
        return null;
    // Every `opencode run --format json` event carries the session id as `sessionID`.
    if (OPENCODE_TYPES.has(type) && typeof event.sessionID === "string")
        return "opencode";
    if (CODEX_TYPES.has(type))
        return "codex";
    if (CLAUDE_TYPES.has(type))
        return "claude";
    return null;
}
const DIALECT_OF_FORMAT = {
    "codex-json": "codex",
    "claude-stream-json": "claude",
    "claude-json": "claude",
    "opencode-json": "opencode",
};
/**
 * Reads one JSON object of an agent's output under `format`. Returns null when the object is not
 * an event of a transcript that format accepts (in `text` format the caller then treats the line
 * as plain text; in a JSON format it is ignored).
 */
function readTranscriptEvent(event, format, state, 
/** Read usage figures too (skipped when nobody listens). */
withUsage = true) {
    const dialect = dialectOf(event);
    if (dialect === null)
        return null;
    if (format !== "text" && DIALECT_OF_FORMAT[format] !== dialect)
        return null;
    const facts = { texts: [], maxTurns: false, turnLimit: null, error: null, usage: [] };
    switch (dialect) {
        case "codex":
            readCodex(event, facts);
            if (withUsage)
                facts.usage = codexUsage(event);
            break;
        case "claude":
            readClaude(event, facts, format, state);
            if (withUsage)
                facts.usage = claudeUsage(event);
            break;
        case "opencode":
            readOpenCode(event, facts);
            if (withUsage)
                facts.usage = openCodeUsage(event);
            break;
    }
    return facts;
}
function readCodex(event, facts) {
    const item = event.item;
    if (event.type === "item.completed" && transcript_isRecord(item) && item.type === "agent_message" && typeof item.text === "string") {
        pushText(facts, item.text);
    }
    if (event.type === "error" && typeof event.message === "string")
        facts.error = event.message;
    if (event.type === "turn.failed" && transcript_isRecord(event.error) && typeof event.error.message === "string") {
        facts.error = event.error.message;
    }
}
function readClaude(event, facts, format, state) {
    if (event.type === "assistant") {
        const message = event.message;
        // Messages of sub-agents (Task tool) carry the id of the tool call that started them.
        const mainAgent = event.parent_tool_use_id === null || event.parent_tool_use_id === undefined;
        if (!mainAgent || !transcript_isRecord(message) || (message.role !== undefined && message.role !== "assistant"))
            return;
        state.claudeAssistantSeen = true;
        const content = message.content;
        if (typeof content === "string") {
            pushText(facts, content);
        }
        else if (Array.isArray(content)) {
            for (const block of content) {
                if (transcript_isRecord(block) && block.type === "text" && typeof block.text === "string")
                    pushText(facts, block.text);
            }
        }
        return;
    }
    if (event.type !== "result")
        return;
    if (event.subtype === "error_max_turns")
        facts.maxTurns = true;
    if (Array.isArray(event.errors)) {
        for (const e of event.errors) {
            const limit = typeof e === "string" ? (0,lines/* turnLimitIn */.Oz)(e) : null;
            if (limit !== null) {
                facts.maxTurns = true;
                facts.turnLimit = limit;
            }
        }
    }
    // An error result (`is_error`) holds the CLI's or the API's error text, not the agent's message.
    const resultCounts = format === "claude-json" || (format === "text" && !state.claudeAssistantSeen);
    if (resultCounts && event.is_error !== true && typeof event.result === "string")
        pushText(facts, event.result);
}
function readOpenCode(event, facts) {
    const part = event.part;
    if (event.type === "text" && transcript_isRecord(part) && part.type === "text" && typeof part.text === "string") {
        // Synthetic parts are text opencode adds on the agent's behalf (attached file contents and the like).
        if (part.synthetic !== true && part.ignored !== true)
            pushText(facts, part.text);
        return;
    }
    if (event.type === "error") {
        const error = event.error;
        if (transcript_isRecord(error)) {
            const data = error.data;
            if (transcript_isRecord(data) && typeof data.message === "string")
                facts.error = data.message;
            else if (typeof error.message === "string")
                facts.error = error.message;
            else if (typeof error.name === "string")
                facts.error = error.name;
        }
        else if (typeof error === "string") {
            facts.error = error;
        }
    }
}
function pushText(facts, text) {
    if (text.length > 0)
        facts.texts.push(text);
}


/***/ })

};

//# sourceMappingURL=613.index.js.map