export const id = 454;
export const ids = [454];
export const modules = {

/***/ 1454:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  REHEARSAL_STATE_SUBDIR: () => (/* binding */ REHEARSAL_STATE_SUBDIR),
  REHEARSE_HELP: () => (/* binding */ REHEARSE_HELP),
  REHEARSE_HELP_SPEC: () => (/* binding */ REHEARSE_HELP_SPEC),
  REHEARSE_OPTIONS: () => (/* binding */ REHEARSE_OPTIONS),
  parseVariants: () => (/* binding */ parseVariants),
  rehearseCommand: () => (/* binding */ rehearseCommand)
});

// EXTERNAL MODULE: ./src/agent-user/elevate.ts
var elevate = __webpack_require__(7701);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
// EXTERNAL MODULE: ./src/cli/help.ts
var help = __webpack_require__(7911);
// EXTERNAL MODULE: ./src/cli/run.ts + 1 modules
var run = __webpack_require__(2491);
// EXTERNAL MODULE: ./src/cli/run-options.ts
var run_options = __webpack_require__(9952);
// EXTERNAL MODULE: ./src/cli/self.ts
var cli_self = __webpack_require__(3050);
// EXTERNAL MODULE: ./src/engine/options.ts
var engine_options = __webpack_require__(9052);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/executors/local/files.ts
var files = __webpack_require__(1897);
// EXTERNAL MODULE: ./src/executors/local/markers.ts
var markers = __webpack_require__(1317);
// EXTERNAL MODULE: ./src/executors/local/task.ts
var local_task = __webpack_require__(517);
;// CONCATENATED MODULE: ./src/rehearse/script.ts
/**
 * The script the rehearsal server plays for one agent, derived from the wave exactly as the
 * built-in `local` agent derives its work: write every planned file (deliverables, proof
 * artifacts, the role's report) through the CLI's own file tool, then answer with the marker
 * lines the role needs (nonce included when the run uses one) as the final assistant message.
 */




/**
 * How the server plays the script (see server.ts): as written, without markers, one 429 first,
 * never answering, or answering the first model request and leaving the next one unanswered once
 * (the agent is interrupted mid-work; a later process of it is answered normally).
 */
const SCRIPT_VARIANTS = ["normal", "no-markers", "rate-limit", "hang", "interrupt"];
/** The steps for one agent (pure). */
function scriptFor(ctx, variant = "normal") {
    const task = (0,local_task/* buildLocalTask */.dN)(ctx);
    const steps = (0,files/* plannedFiles */.G)(task)
        .filter((rel) => !external_node_path_default().isAbsolute(rel))
        .map((rel) => ({
        kind: "write",
        path: rel,
        absPath: external_node_path_default().resolve(ctx.root, rel),
        content: rehearsalContent((0,files/* placeholderContent */.tz)(task, rel), rel),
    }));
    const lines = variant === "no-markers" ? [] : (0,markers/* markersFor */.j)(task);
    const text = [`Rehearsal of agent ${ctx.agent.agentId}: scripted work done.`, ...lines].join("\n");
    steps.push({ kind: "final", text: `${text}\n` });
    return { agentId: ctx.agent.agentId, variant, steps };
}
/**
 * The local agent's placeholder, or a one-line text for formats it leaves empty (an empty
 * content would make some CLIs' write tools refuse the call).
 */
function rehearsalContent(placeholder, rel) {
    return placeholder !== "" ? placeholder : `rehearsal placeholder for ${rel}\n`;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./src/state/files.ts
var state_files = __webpack_require__(766);
// EXTERNAL MODULE: ./src/executors/endpoint.ts
var endpoint = __webpack_require__(5621);
;// CONCATENATED MODULE: ./src/rehearse/launch.ts


const REHEARSAL_KEY_ENV = "WAVE_REHEARSAL_API_KEY";
const REHEARSAL_PROVIDER_ID = "wave-rehearsal";
const OPENCODE_REHEARSAL_CONFIG_FILE = "opencode-rehearsal.json";
const DEFAULT_OPENCODE_MODEL = "rehearsal";
function endpointOf(registered) {
    return { baseUrl: registered.baseUrl, key: registered.key, providerId: REHEARSAL_PROVIDER_ID, providerName: "Wave rehearsal", keyEnv: REHEARSAL_KEY_ENV };
}
function codexConfigToml(baseUrl) {
    return codexEndpointToml(endpointOf({ baseUrl, key: "" }), { noCliRetries: true, offline: true });
}
function openCodeRehearsalConfig(launch, original, server) {
    return openCodeEndpointConfig(launch, original, endpointOf(server), { offline: true, defaultModel: DEFAULT_OPENCODE_MODEL, keepSdk: false });
}
/** The engine hook (EngineDeps.rehearsal) for one server. */
function rehearsalHook(options) {
    return async (launch) => {
        if (!(0,endpoint/* isEndpointExecutor */.FU)(launch.spec.executorId))
            return launch.env;
        const script = scriptFor(launch.context, options.variantOf(launch.context.agent.agentId));
        options.onScript?.(script, launch);
        const registered = options.server.register(script);
        return (0,endpoint/* pointCliAt */.cj)(launch, endpointOf(registered), {
            homesDir: options.homesDir,
            isolateHome: true,
            offline: true,
            noCliRetries: true,
            openCodeConfigFile: OPENCODE_REHEARSAL_CONFIG_FILE,
            defaultOpenCodeModel: DEFAULT_OPENCODE_MODEL,
            keepOpenCodeSdk: false,
        });
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/rehearse/report.ts
/**
 * The rehearsal report: per agent, which tool calls its CLI made (from the server's view of the
 * conversation), which of them the CLI refused, whether the planned files exist afterwards, which
 * gates failed and — for a refused write — the executor setting that refused it. Also what the
 * server's answers reported as usage, and the CLI sessions it saw (with the first request of each:
 * how much of the script was already in the conversation, the start of its newest user text).
 */


/** The setting that decides whether this executor's file tool may write, named for the user. */
function permissionHint(executor) {
    switch (executor.id) {
        case "codex":
            return `codex ran with sandbox "${executor.codex.sandbox}" (executor setting codex.sandbox): use workspace-write (or danger-full-access) so it can write files`;
        case "claude":
            return `claude ran with permission mode "${executor.claude.permissionMode ?? "default"}" (executor setting claude.permission_mode): use acceptEdits or bypassPermissions, or allow Write in claude.allowed_tools`;
        case "opencode":
            return `opencode's permission settings (executor setting opencode.permission) refused the write: allow "edit"`;
        default:
            return `the ${executor.id} executor refused the write`;
    }
}
function buildRehearsalReport(input) {
    const agents = [];
    const order = (id) => {
        const i = input.result.agents.findIndex((a) => a.id === id);
        return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    const ids = [...input.agents.keys()].sort((a, b) => order(a) - order(b));
    for (const agentId of ids) {
        const { script, executor } = input.agents.get(agentId);
        const resultAgent = input.result.agents.find((a) => a.id === agentId);
        const act = input.activity(agentId);
        const calls = act?.calls ?? [];
        const denied = calls.filter((c) => c.status === "denied").map((c) => c.path);
        const files = script.steps
            .filter((s) => s.kind === "write")
            .map((s) => ({ path: s.path, present: (0,external_node_fs_.existsSync)(external_node_path_default().join(input.root, s.path)) }));
        const failedGates = input.result.gates
            .filter((g) => !g.ok && !g.skipped && g.agentId === agentId)
            .map((g) => ({ stage: g.stage, statusCode: g.statusCode, detail: g.detail }));
        // The wave's failure names this agent without a gate of its own (a deadline, a crash).
        const failure = input.result.failure;
        if (failure && failure.agentId === agentId && !failedGates.some((g) => g.stage === failure.stage)) {
            failedGates.push({ stage: failure.stage, statusCode: failure.statusCode, detail: failure.detail });
        }
        const hints = [];
        if (denied.length > 0)
            hints.push(`write of ${denied.join(", ")} refused: ${permissionHint(executor)}`);
        const failedCalls = calls.filter((c) => c.status === "failed");
        if (failedCalls.length > 0)
            hints.push(`tool call(s) failed: ${failedCalls.map((c) => `${c.tool} ${c.path}`).join(", ")}`);
        const ran = resultAgent !== undefined && resultAgent.status !== "not-run";
        if (!ran)
            hints.push("not run");
        else if (act === null || act.requests === 0)
            hints.push("the CLI never reached the rehearsal server (see the agent log)");
        else if (!act.finalSent && script.variant !== "hang")
            hints.push("the CLI stopped before the script's final message");
        const missing = files.filter((f) => !f.present).map((f) => f.path);
        if (ran && missing.length > 0 && denied.length === 0 && act && act.requests > 0)
            hints.push(`missing after the run: ${missing.join(", ")}`);
        if (script.variant !== "normal")
            hints.push(`script variant "${script.variant}"`);
        agents.push({
            agentId,
            executor: executor.id,
            variant: script.variant,
            status: resultAgent?.status ?? null,
            runs: resultAgent?.runs ?? null,
            requests: act?.requests ?? 0,
            toolCalls: calls.map((c) => ({ tool: c.tool, path: c.path, result: c.status, detail: c.detail })),
            deniedWrites: denied,
            files,
            finalMessageSent: act?.finalSent ?? false,
            rateLimited: act?.rateLimited ?? 0,
            hung: act?.hung ?? 0,
            usage: act ? { ...act.usage } : { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, requests: 0 },
            sessions: act ? [...act.sessions] : [],
            firstRequests: act ? act.firstRequests.map((f) => ({ ...f })) : [],
            failedGates,
            hints,
        });
    }
    return {
        schemaVersion: 1,
        kind: "wave-rehearsal",
        wave: input.result.wave,
        status: input.result.status,
        serverLog: input.serverLog,
        versions: input.versions.map((v) => ({ executor: v.executor, installed: v.installed, verified: v.verified, warning: v.warning })),
        agents,
        otherFailedGates: input.result.gates
            .filter((g) => !g.ok && !g.skipped && (g.agentId === null || !input.agents.has(g.agentId)))
            .map((g) => ({ stage: g.stage, agentId: g.agentId, statusCode: g.statusCode, detail: g.detail })),
    };
}
function renderRehearsalReport(report) {
    const lines = [`Rehearsal of wave ${report.wave}: ${report.status}`];
    for (const v of report.versions)
        if (v.warning)
            lines.push(`  warning: ${v.warning}`);
    for (const a of report.agents) {
        const calls = a.toolCalls.map((c) => `${c.tool} ${c.path} → ${c.result ?? "no result"}`).join("; ") || "none";
        const present = a.files.filter((f) => f.present).length;
        lines.push(`  ${a.agentId} (${a.executor}${a.variant !== "normal" ? `, ${a.variant}` : ""}): ${a.status ?? "not run"}`);
        lines.push(`    requests ${a.requests}; tool calls: ${calls}`);
        lines.push(`    files ${present}/${a.files.length} present${a.finalMessageSent ? "; final message sent" : ""}`);
        if (a.rateLimited > 0)
            lines.push(`    answered 429 ${a.rateLimited} time(s); process starts: ${a.runs ?? "?"} (rate-limit retries in the agent log)`);
        if (a.hung > 0)
            lines.push(`    ${a.hung} model request(s) left unanswered (${a.variant})`);
        if (a.usage.requests > 0) {
            const u = a.usage;
            lines.push(`    usage reported: ${u.requests} answer(s), input ${u.inputTokens} tokens (${u.cachedInputTokens} cached), output ${u.outputTokens} tokens (${u.reasoningTokens} reasoning)`);
        }
        if (a.sessions.length > 1)
            lines.push(`    ${a.sessions.length} CLI sessions seen`);
        for (const g of a.failedGates)
            lines.push(`    gate ${g.stage} failed (${g.statusCode}): ${g.detail}`);
        for (const h of a.hints)
            lines.push(`    ${h}`);
    }
    for (const g of report.otherFailedGates)
        lines.push(`  gate ${g.stage}${g.agentId ? ` (${g.agentId})` : ""} failed (${g.statusCode}): ${g.detail}`);
    lines.push(`  server log: ${report.serverLog}`);
    return `${lines.join("\n")}\n`;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: ./src/executors/request-key.ts
var request_key = __webpack_require__(1293);
;// CONCATENATED MODULE: ./src/rehearse/wire.ts
/** Reasoning tokens reported for every main answer (side answers report none). */
const MAIN_REASONING_TOKENS = 7;
/** How much of the newest user text a request record keeps. */
const LAST_USER_CHARS = 160;
const CALL_PREFIX = "call_wave_";
const DENIAL = /permission|denied|not permitted|read-only file system|EACCES|EROFS|EPERM|rejected|haven't granted|not allowed|operation not permitted|sandbox/i;
function isObject(v) {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}
function asArray(v) {
    return Array.isArray(v) ? v : [];
}
function str(v) {
    return typeof v === "string" ? v : "";
}
function stepOfCall(id) {
    const s = str(id);
    if (!s.startsWith(CALL_PREFIX))
        return null;
    const n = Number(s.slice(CALL_PREFIX.length));
    return Number.isInteger(n) && n >= 0 ? n : null;
}
/** Text of a tool output in any of the shapes the CLIs send (string, blocks, {content}). */
function textOf(v) {
    if (typeof v === "string")
        return v;
    if (Array.isArray(v))
        return v.map(textOf).join("\n");
    if (isObject(v)) {
        if (typeof v.text === "string")
            return v.text;
        if ("content" in v)
            return textOf(v.content);
        if ("output" in v)
            return textOf(v.output);
    }
    return "";
}
function classify(text, isError) {
    if (DENIAL.test(text))
        return "denied";
    if (isError)
        return "failed";
    // codex's exec_command reports the exit code in its output.
    const exit = /exit(?:ed with)? code:? (\d+)/i.exec(text);
    if (exit && exit[1] !== "0")
        return "failed";
    if (/^(?:error|failed)\b|unsupported call|unknown tool|no such tool/i.test(text.trim()))
        return "failed";
    return "ok";
}
function result(step, text, isError) {
    return { step, status: classify(text, isError), text: text.slice(0, 300) };
}
function countCalls(ids) {
    let n = 0;
    for (const id of ids)
        if (stepOfCall(id) !== null)
            n++;
    return n;
}
/** Context a CLI puts into the user's turn on its own: one `<tag>…</tag>` element and nothing else. */
const INJECTED_CONTEXT = /^<([A-Za-z][\w-]*)>[\s\S]*<\/\1>$/;
/** The user-side texts of one message's content (a string, or blocks of type text/input_text). */
function userTexts(content) {
    const texts = typeof content === "string"
        ? [content]
        : asArray(content)
            .filter(isObject)
            .filter((b) => b.type === "text" || b.type === "input_text")
            .map((b) => str(b.text));
    return texts.filter((t) => t.trim() !== "" && !INJECTED_CONTEXT.test(t.trim()));
}
/** The newest user text of a conversation, given its user messages' contents oldest first. */
function newestUserText(contents) {
    for (let i = contents.length - 1; i >= 0; i--) {
        const texts = userTexts(contents[i]);
        if (texts.length > 0)
            return texts[texts.length - 1].slice(0, LAST_USER_CHARS);
    }
    return null;
}
/** Reads a request body of the given format. Throws on a body that is not a JSON object. */
function parseRequest(format, body) {
    if (!isObject(body))
        throw new Error("the request body is not a JSON object");
    const model = str(body.model);
    const stream = body.stream === true;
    if (format === "responses") {
        const items = asArray(body.input).filter(isObject);
        const tools = [...responsesTools(body).keys()];
        const calls = items.filter((i) => i.type === "function_call" || i.type === "custom_tool_call").map((i) => i.call_id);
        const results = [];
        for (const i of items) {
            if (i.type !== "function_call_output" && i.type !== "custom_tool_call_output")
                continue;
            const step = stepOfCall(i.call_id);
            if (step === null)
                continue;
            const out = i.output;
            const success = isObject(out) && typeof out.success === "boolean" ? out.success : true;
            results.push(result(step, textOf(out), !success));
        }
        const lastUser = newestUserText(items.filter((i) => (i.type === "message" || i.type === undefined) && i.role === "user").map((i) => i.content));
        return { main: true, step: countCalls(calls), results, tools, stream, model, lastUser };
    }
    if (format === "messages") {
        const messages = asArray(body.messages).filter(isObject);
        const tools = asArray(body.tools)
            .filter(isObject)
            .map((t) => str(t.name));
        const calls = [];
        const results = [];
        for (const m of messages) {
            for (const block of asArray(m.content).filter(isObject)) {
                if (block.type === "tool_use")
                    calls.push(block.id);
                if (block.type === "tool_result") {
                    const step = stepOfCall(block.tool_use_id);
                    if (step !== null)
                        results.push(result(step, textOf(block.content), block.is_error === true));
                }
            }
        }
        const lastUser = newestUserText(messages.filter((m) => m.role === "user").map((m) => m.content));
        return { main: tools.length > 0, step: countCalls(calls), results, tools, stream, model, lastUser };
    }
    const messages = asArray(body.messages).filter(isObject);
    const tools = asArray(body.tools)
        .filter(isObject)
        .map((t) => (isObject(t.function) ? str(t.function.name) : ""));
    const calls = [];
    const results = [];
    for (const m of messages) {
        if (m.role === "assistant")
            for (const c of asArray(m.tool_calls).filter(isObject))
                calls.push(c.id);
        if (m.role === "tool") {
            const step = stepOfCall(m.tool_call_id);
            if (step !== null)
                results.push(result(step, textOf(m.content), false));
        }
    }
    const lastUser = newestUserText(messages.filter((m) => m.role === "user").map((m) => m.content));
    return { main: tools.length > 0, step: countCalls(calls), results, tools, stream, model, lastUser };
}
function header(headers, name) {
    const v = headers[name];
    const s = Array.isArray(v) ? v[0] : v;
    return typeof s === "string" && s.trim() !== "" ? s.trim() : null;
}
function jsonObject(text) {
    try {
        const v = JSON.parse(text);
        return isObject(v) ? v : null;
    }
    catch {
        return null;
    }
}
/**
 * The CLI's own id of the conversation a request belongs to, or null:
 *
 *   responses  (codex) header `thread-id` (the conversation; `session-id` and `session_id`,
 *              `conversation_id` as sent by other versions), else the body's
 *              `client_metadata.thread_id` / `session_id`, else `prompt_cache_key`
 *   messages   (Claude Code) header `x-claude-code-session-id`, else `metadata.user_id`: a JSON
 *              object with `session_id` (or an older `user_…_session_<id>` string)
 *   chat       (OpenCode) header `x-session-id` (or `x-session-affinity`)
 */
function sessionOf(format, headers, body) {
    const b = isObject(body) ? body : {};
    if (format === "responses") {
        const fromHeader = ["thread-id", "session-id", "session_id", "conversation_id", "conversation-id"].map((h) => header(headers, h)).find((v) => v !== null);
        if (fromHeader)
            return fromHeader;
        const meta = isObject(b.client_metadata) ? b.client_metadata : {};
        return str(meta.thread_id) || str(meta.session_id) || str(b.prompt_cache_key) || null;
    }
    if (format === "messages") {
        const fromHeader = header(headers, "x-claude-code-session-id");
        if (fromHeader)
            return fromHeader;
        const userId = isObject(b.metadata) ? str(b.metadata.user_id) : "";
        const parsed = jsonObject(userId);
        if (parsed)
            return str(parsed.session_id) || null;
        const m = /_session_([\w-]+)$/.exec(userId);
        return m ? m[1] : null;
    }
    return header(headers, "x-session-id") ?? header(headers, "x-session-affinity");
}
function shellQuote(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}
function addFilePatch(step) {
    const lines = step.content.endsWith("\n") ? step.content.slice(0, -1).split("\n") : step.content.split("\n");
    return ["*** Begin Patch", `*** Add File: ${step.path}`, ...lines.map((l) => `+${l}`), "*** End Patch", ""].join("\n");
}
/**
 * The call that writes one file with the CLI's own tool, chosen from the tools the request offers:
 * codex `apply_patch` (custom or function tool) or else `exec_command`/`shell`; Claude Code
 * `Write` (absolute `file_path`); OpenCode `write` (absolute `filePath`).
 */
function writeCall(format, tools, step, customTools) {
    if (format === "messages")
        return { name: "Write", input: JSON.stringify({ file_path: step.absPath, content: step.content }), custom: false };
    if (format === "chat")
        return { name: "write", input: JSON.stringify({ filePath: step.absPath, content: step.content }), custom: false };
    if (tools.includes("apply_patch")) {
        const patch = addFilePatch(step);
        return customTools.has("apply_patch")
            ? { name: "apply_patch", input: patch, custom: true }
            : { name: "apply_patch", input: JSON.stringify({ input: patch }), custom: false };
    }
    if (tools.includes("exec") && customTools.has("exec")) {
        // codex's code-mode tool: JavaScript that calls the nested apply_patch tool.
        const js = `const r = await tools.apply_patch(${JSON.stringify(addFilePatch(step))});\ntext(typeof r === "string" ? r : JSON.stringify(r));\n`;
        return { name: "exec", input: js, custom: true };
    }
    const dir = step.path.includes("/") ? step.path.slice(0, step.path.lastIndexOf("/")) : ".";
    const cmd = `mkdir -p -- ${shellQuote(dir)} && printf '%s' ${shellQuote(step.content)} > ${shellQuote(step.path)}`;
    if (tools.includes("exec_command"))
        return { name: "exec_command", input: JSON.stringify({ cmd }), custom: false };
    return { name: "shell", input: JSON.stringify({ command: ["bash", "-lc", cmd] }), custom: false };
}
/**
 * The tools a Responses request offers, name → type (`function`, `custom`, ...): the top-level
 * `tools` and, as codex sends them for the models it knows, those of `additional_tools` input
 * items, namespaces flattened.
 */
function responsesTools(body) {
    const out = new Map();
    const walk = (list) => {
        for (const t of list.filter(isObject)) {
            if (Array.isArray(t.tools))
                walk(t.tools);
            else if (typeof t.name === "string")
                out.set(t.name, str(t.type));
        }
    };
    if (!isObject(body))
        return out;
    walk(asArray(body.tools));
    for (const item of asArray(body.input).filter(isObject))
        if (item.type === "additional_tools")
            walk(asArray(item.tools));
    return out;
}
/** Names of the request's custom (freeform) tools (Responses API only). */
function customToolNames(body) {
    const out = new Set();
    for (const [name, type] of responsesTools(body))
        if (type === "custom")
            out.add(name);
    return out;
}
const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };
const JSON_HEADERS = { "content-type": "application/json" };
function sse(event, data) {
    return `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}
function tokens(text) {
    return Math.max(1, Math.ceil(text.length / 4));
}
/** The usage figures of one answer (see the module comment). */
function usageOf(bodyChars, reply, reasoningTokens) {
    const inputTokens = Math.max(1, Math.ceil(bodyChars / 4));
    return {
        inputTokens,
        cachedInputTokens: Math.floor(inputTokens / 4),
        outputTokens: tokens(reply) + reasoningTokens,
        reasoningTokens,
    };
}
function replyText(reply) {
    return reply.kind === "text" ? reply.text : reply.call.input;
}
/**
 * The answer to one request; `bodyChars` is the length of the request body and `reasoningTokens`
 * the reasoning the answer reports (both only feed its usage figures).
 */
function answer(format, reply, req) {
    const usage = usageOf(req.bodyChars, replyText(reply), req.reasoningTokens);
    const model = req.model || "rehearsal";
    const a = format === "responses"
        ? responsesAnswer(reply, model, usage, req.id)
        : format === "messages"
            ? messagesAnswer(reply, model, usage, req.id, req.stream)
            : chatAnswer(reply, model, usage, req.id, req.stream);
    return { ...a, usage };
}
function responsesAnswer(reply, model, usage, id) {
    const response = { id: `resp_${id}`, object: "response", created_at: Math.floor(Date.now() / 1000), model, status: "in_progress", output: [] };
    const item = reply.kind === "text"
        ? {
            type: "message",
            id: `msg_${id}`,
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: reply.text, annotations: [] }],
        }
        : reply.call.custom
            ? { type: "custom_tool_call", id: `ctc_${id}`, call_id: `${CALL_PREFIX}${reply.step}`, name: reply.call.name, input: reply.call.input, status: "completed" }
            : { type: "function_call", id: `fc_${id}`, call_id: `${CALL_PREFIX}${reply.step}`, name: reply.call.name, arguments: reply.call.input, status: "completed" };
    const completed = {
        ...response,
        status: "completed",
        output: [item],
        usage: {
            input_tokens: usage.inputTokens,
            input_tokens_details: { cached_tokens: usage.cachedInputTokens },
            output_tokens: usage.outputTokens,
            output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
            total_tokens: usage.inputTokens + usage.outputTokens,
        },
    };
    return {
        status: 200,
        headers: SSE_HEADERS,
        chunks: [
            sse("response.created", { type: "response.created", response }),
            sse("response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } }),
            sse("response.output_item.done", { type: "response.output_item.done", output_index: 0, item }),
            sse("response.completed", { type: "response.completed", response: completed }),
        ],
    };
}
function messagesAnswer(reply, model, usage, id, stream) {
    const stopReason = reply.kind === "call" ? "tool_use" : "end_turn";
    const block = reply.kind === "call"
        ? { type: "tool_use", id: `${CALL_PREFIX}${reply.step}`, name: reply.call.name, input: JSON.parse(reply.call.input) }
        : { type: "text", text: reply.text };
    // Messages counts input without the cache: input_tokens + cache_read + cache_creation = total.
    const input = {
        input_tokens: usage.inputTokens - usage.cachedInputTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: usage.cachedInputTokens,
    };
    const message = {
        id: `msg_${id}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...input, output_tokens: 1 },
    };
    if (!stream) {
        return {
            status: 200,
            headers: JSON_HEADERS,
            chunks: [JSON.stringify({ ...message, content: [block], stop_reason: stopReason, usage: { ...input, output_tokens: usage.outputTokens } })],
        };
    }
    const start = reply.kind === "call" ? { ...block, input: {} } : { type: "text", text: "" };
    const delta = reply.kind === "call" ? { type: "input_json_delta", partial_json: reply.call.input } : { type: "text_delta", text: reply.text };
    return {
        status: 200,
        headers: SSE_HEADERS,
        chunks: [
            sse("message_start", { type: "message_start", message }),
            sse("content_block_start", { type: "content_block_start", index: 0, content_block: start }),
            sse("content_block_delta", { type: "content_block_delta", index: 0, delta }),
            sse("content_block_stop", { type: "content_block_stop", index: 0 }),
            sse("message_delta", {
                type: "message_delta",
                delta: { stop_reason: stopReason, stop_sequence: null },
                // Cumulative for the message, as the API sends it: the final figures of the answer.
                usage: { ...input, output_tokens: usage.outputTokens },
            }),
            sse("message_stop", { type: "message_stop" }),
        ],
    };
}
function chatAnswer(reply, model, usage, id, stream) {
    const created = Math.floor(Date.now() / 1000);
    const finish = reply.kind === "call" ? "tool_calls" : "stop";
    const toolCall = reply.kind === "call"
        ? { id: `${CALL_PREFIX}${reply.step}`, type: "function", function: { name: reply.call.name, arguments: reply.call.input } }
        : null;
    const usageJson = {
        prompt_tokens: usage.inputTokens,
        prompt_tokens_details: { cached_tokens: usage.cachedInputTokens },
        completion_tokens: usage.outputTokens,
        completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
        total_tokens: usage.inputTokens + usage.outputTokens,
    };
    if (!stream) {
        const message = toolCall ? { role: "assistant", content: null, tool_calls: [toolCall] } : { role: "assistant", content: reply.kind === "text" ? reply.text : "" };
        return {
            status: 200,
            headers: JSON_HEADERS,
            chunks: [JSON.stringify({ id: `chatcmpl-${id}`, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }], usage: usageJson })],
        };
    }
    const chunk = (choices, extra = {}) => sse(null, { id: `chatcmpl-${id}`, object: "chat.completion.chunk", created, model, choices, ...extra });
    const delta = toolCall
        ? { role: "assistant", tool_calls: [{ index: 0, ...toolCall }] }
        : { role: "assistant", content: reply.kind === "text" ? reply.text : "" };
    return {
        status: 200,
        headers: SSE_HEADERS,
        chunks: [
            chunk([{ index: 0, delta, finish_reason: null }]),
            chunk([{ index: 0, delta: {}, finish_reason: finish }]),
            chunk([], { usage: usageJson }),
            sse(null, "[DONE]"),
        ],
    };
}
/** A 429 each CLI reports as a rate limit (status, retry-after, the format's error body). */
function rateLimitAnswer(format) {
    const message = "Rate limit reached (rehearsal: the scripted server answers 429 once)";
    const body = format === "messages"
        ? { type: "error", error: { type: "rate_limit_error", message } }
        : { error: { type: "rate_limit_exceeded", code: "rate_limit_exceeded", message, param: null } };
    return {
        status: 429,
        headers: { ...JSON_HEADERS, "retry-after": "1", "x-ratelimit-remaining-requests": "0" },
        chunks: [JSON.stringify(body)],
    };
}
function errorAnswer(format, status, message) {
    const body = format === "messages"
        ? { type: "error", error: { type: status === 401 ? "authentication_error" : "invalid_request_error", message } }
        : { error: { type: status === 401 ? "invalid_api_key" : "invalid_request_error", message } };
    return { status, headers: JSON_HEADERS, chunks: [JSON.stringify(body)] };
}

;// CONCATENATED MODULE: ./src/rehearse/server.ts
/**
 * The rehearsal model server: a loopback-only HTTP server that answers the model API of codex,
 * Claude Code and OpenCode with a script per agent (see script.ts, wire.ts).
 *
 * Each agent gets its own base URL (`/agents/<id>/v1`) and its own throwaway key; a request whose
 * key does not belong to the agent of its path gets 401, so no request is ever attributed by
 * guessing. Every request is logged as one JSON line (method, path, agent, format, step, the tool
 * results it carried, the usage figures of its answer; for a main request also the CLI's session
 * id, the scripted calls already in its conversation and the start of its newest user text). Keys,
 * the other headers and the bodies are never logged.
 *
 * Every answered model request — main and side — reports usage (see wire.ts) and counts in the
 * agent's activity. The activity also lists the sessions seen and the first request of each, so a
 * test can tell whether a later process of an agent continued the conversation of an earlier one.
 *
 * Variants per agent: `no-markers` (the final text has no markers), `rate-limit` (the first model
 * request gets a 429), `hang` (model requests are never answered; the connection stays open until
 * the server closes), `interrupt` (the first main request is answered, the next one hangs like
 * `hang`; once per agent for the life of the server, so a later process is answered normally).
 */





/** Largest request body read (codex sends prompts up to 1 MiB, plus history). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const ROUTES = [
    { suffix: "/v1/responses", format: "responses" },
    { suffix: "/v1/messages", format: "messages" },
    { suffix: "/v1/chat/completions", format: "chat" },
];
function routeOf(pathname) {
    const m = /^\/agents\/([^/]+)(\/.*)$/.exec(pathname);
    if (!m)
        return null;
    const route = ROUTES.find((r) => r.suffix === m[2]);
    if (!route)
        return null;
    let agentId;
    try {
        agentId = decodeURIComponent(m[1]);
    }
    catch {
        return null;
    }
    return { agentId, format: route.format };
}
function readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        req.on("data", (c) => {
            size += c.length;
            if (size > MAX_BODY_BYTES) {
                reject(new Error(`request body larger than ${MAX_BODY_BYTES} bytes`));
                req.destroy();
                return;
            }
            chunks.push(c);
        });
        req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        req.on("error", reject);
    });
}
async function startRehearsalServer(options = {}) {
    const agents = new Map();
    const entries = [];
    const hanging = new Set();
    let counter = 0;
    const record = (entry) => {
        entries.push(entry);
        if (options.logFile)
            (0,external_node_fs_.appendFileSync)(options.logFile, `${JSON.stringify(entry)}\n`);
        options.onLog?.(entry);
    };
    const send = (res, a) => {
        res.writeHead(a.status, a.headers);
        for (const chunk of a.chunks)
            res.write(chunk);
        res.end();
    };
    const handle = async (req, res) => {
        const pathname = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
        const base = {
            at: new Date().toISOString(),
            method: req.method ?? "",
            path: pathname,
            agent: null,
            format: null,
            step: null,
        };
        const route = req.method === "POST" ? routeOf(pathname) : null;
        if (!route) {
            // Claude Code probes `HEAD /`; anything unknown is a plain 404.
            req.resume();
            res.writeHead(404, { "content-type": "text/plain" });
            res.end(req.method === "HEAD" ? undefined : "not found\n");
            record({ ...base, status: 404, reply: "not-found" });
            return;
        }
        const { format } = route;
        const state = agents.get(route.agentId);
        const entry = { ...base, agent: state ? route.agentId : null, format };
        if (!state || !(0,request_key/* matchesKey */.vV)(state.key, (0,request_key/* requestKey */.lq)(req.headers))) {
            req.resume();
            send(res, errorAnswer(format, 401, "rehearsal: unknown agent or wrong key"));
            record({ ...entry, status: 401, reply: "error", error: "unknown agent or wrong key" });
            return;
        }
        const activity = state.activity;
        activity.format = format;
        activity.requests++;
        let raw;
        let body;
        try {
            raw = await readBody(req);
            body = JSON.parse(raw);
        }
        catch (error) {
            send(res, errorAnswer(format, 400, "rehearsal: the request body is not JSON"));
            record({ ...entry, status: 400, reply: "error", error: error instanceof Error ? error.message : String(error) });
            return;
        }
        let parsed;
        try {
            parsed = parseRequest(format, body);
        }
        catch (error) {
            send(res, errorAnswer(format, 400, "rehearsal: unreadable request"));
            record({ ...entry, status: 400, reply: "error", error: error instanceof Error ? error.message : String(error) });
            return;
        }
        const results = parsed.results.map((r) => ({ step: r.step, status: r.status }));
        for (const r of parsed.results) {
            const call = activity.calls.find((c) => c.step === r.step && c.status === null && c.offered);
            if (call) {
                call.status = r.status;
                call.detail = r.text;
            }
        }
        const id = String(++counter);
        const { script } = state;
        if (!parsed.main) {
            const a = answer(format, { kind: "text", text: `Rehearsal ${script.agentId}` }, { model: parsed.model, stream: parsed.stream, id, bodyChars: raw.length, reasoningTokens: 0 });
            addUsage(activity, a);
            send(res, a);
            record({ ...entry, status: 200, step: null, reply: "side", results, ...usageField(a) });
            return;
        }
        const seen = { session: sessionOf(format, req.headers, body), history: parsed.step, lastUser: parsed.lastUser };
        noteSession(activity, seen);
        const main = { ...entry, step: parsed.step, results, ...seen };
        const interrupting = script.variant === "interrupt" && state.interrupt === "pending";
        if (script.variant === "hang" || interrupting) {
            if (interrupting)
                state.interrupt = "done";
            activity.hung++;
            hanging.add(res);
            res.on("close", () => hanging.delete(res));
            record({ ...main, status: "hang", reply: "hang" });
            return;
        }
        if (script.variant === "rate-limit" && !state.rateLimitDone) {
            state.rateLimitDone = true;
            activity.rateLimited++;
            send(res, rateLimitAnswer(format));
            record({ ...main, status: 429, reply: "rate-limit" });
            return;
        }
        if (script.variant === "interrupt" && state.interrupt === "armed")
            state.interrupt = "pending";
        const answerOptions = { model: parsed.model, stream: parsed.stream, id, bodyChars: raw.length, reasoningTokens: MAIN_REASONING_TOKENS };
        const step = script.steps[Math.min(parsed.step, script.steps.length - 1)];
        if (step.kind === "write" && parsed.step < script.steps.length) {
            const call = writeCall(format, parsed.tools, step, customToolNames(body));
            const a = answer(format, { kind: "call", step: parsed.step, call }, answerOptions);
            // A tool the CLI does not offer was taken away by its settings: the call is made anyway (the
            // conversation goes on), but it counts as refused whatever the CLI answers.
            const offered = parsed.tools.includes(call.name);
            const fresh = {
                step: parsed.step,
                tool: call.name,
                path: step.path,
                status: offered ? null : "denied",
                detail: offered ? null : `the CLI did not offer its file tool "${call.name}" (its settings remove it)`,
                offered,
            };
            const index = activity.calls.findIndex((c) => c.step === parsed.step);
            // A new process of the same agent (a retry) starts its conversation again.
            if (index < 0)
                activity.calls.push(fresh);
            else
                activity.calls[index] = fresh;
            addUsage(activity, a);
            send(res, a);
            record({ ...main, status: 200, reply: "call", tool: call.name, offered: parsed.tools, ...usageField(a) });
            return;
        }
        const finalStep = script.steps[script.steps.length - 1];
        const text = finalStep.kind === "final" ? finalStep.text : "";
        const a = answer(format, { kind: "text", text }, answerOptions);
        activity.finalSent = true;
        addUsage(activity, a);
        send(res, a);
        record({ ...main, status: 200, reply: "text", ...usageField(a) });
    };
    const server = external_node_http_default().createServer((req, res) => {
        handle(req, res).catch((error) => {
            if (!res.headersSent)
                res.writeHead(500, { "content-type": "text/plain" });
            res.end();
            record({
                at: new Date().toISOString(),
                method: req.method ?? "",
                path: req.url ?? "",
                agent: null,
                format: null,
                status: 500,
                step: null,
                reply: "error",
                error: error instanceof Error ? error.message : String(error),
            });
        });
    });
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve());
    });
    const port = server.address().port;
    const url = `http://127.0.0.1:${port}`;
    return {
        url,
        register(script) {
            const key = `wave-rehearsal-${(0,external_node_crypto_.randomBytes)(18).toString("hex")}`;
            const previous = agents.get(script.agentId);
            agents.set(script.agentId, {
                script,
                key: (0,request_key/* keyDigest */.g5)(key),
                activity: previous?.activity ?? {
                    agentId: script.agentId,
                    format: null,
                    requests: 0,
                    calls: [],
                    finalSent: false,
                    rateLimited: 0,
                    hung: 0,
                    usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, requests: 0 },
                    sessions: [],
                    firstRequests: [],
                },
                rateLimitDone: previous?.rateLimitDone ?? false,
                interrupt: previous?.interrupt ?? "armed",
            });
            return { key, baseUrl: `${url}/agents/${encodeURIComponent(script.agentId)}` };
        },
        activity: (agentId) => agents.get(agentId)?.activity ?? null,
        activities: () => [...agents.values()].map((s) => s.activity),
        log: () => [...entries],
        close: () => new Promise((resolve) => {
            for (const res of hanging)
                res.destroy();
            server.close(() => resolve());
            server.closeAllConnections();
        }),
    };
}
function addUsage(activity, a) {
    if (!a.usage)
        return;
    const total = activity.usage;
    total.inputTokens += a.usage.inputTokens;
    total.cachedInputTokens += a.usage.cachedInputTokens;
    total.outputTokens += a.usage.outputTokens;
    total.reasoningTokens += a.usage.reasoningTokens;
    total.requests++;
}
/** The `usage` field of a log entry (a copy: entries never share objects with the activity). */
function usageField(a) {
    return a.usage ? { usage: { ...a.usage } } : {};
}
function noteSession(activity, seen) {
    const { session } = seen;
    if (session === null || activity.sessions.includes(session))
        return;
    activity.sessions.push(session);
    activity.firstRequests.push({ ...seen, session });
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/rehearse/versions.ts
/**
 * The agent CLI versions whose model-API traffic the rehearsal server was checked against. Another
 * installed version is still tried; `wave rehearse` only says that its protocol was not verified.
 */




const VERIFIED_CLI_VERSIONS = {
    codex: "0.171.0",
    claude: "2.1.197",
    opencode: "1.18.33",
};
/** The first version number (x.y.z) in a `--version` output, or null. */
function versionIn(text) {
    return /\b(\d+\.\d+\.\d+)\b/.exec(text)?.[1] ?? null;
}
/**
 * Runs `<command> --version` (argv, no shell; ended after 30 s) with a throwaway HOME (some CLIs
 * write logs there even for --version) and compares the version with the pin.
 */
async function checkCliVersion(executor, command, path) {
    const home = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), "wave-rehearsal-version-"));
    try {
        return await runVersion(executor, command, {
            PATH: path,
            HOME: home,
            XDG_CONFIG_HOME: (0,external_node_path_.join)(home, ".config"),
            XDG_DATA_HOME: (0,external_node_path_.join)(home, ".local", "share"),
            XDG_CACHE_HOME: (0,external_node_path_.join)(home, ".cache"),
            XDG_STATE_HOME: (0,external_node_path_.join)(home, ".local", "state"),
            CODEX_HOME: home,
            CLAUDE_CONFIG_DIR: home,
            DISABLE_AUTOUPDATER: "1",
            OPENCODE_DISABLE_AUTOUPDATE: "1",
        });
    }
    finally {
        await (0,promises_.rm)(home, { recursive: true, force: true });
    }
}
function runVersion(executor, command, env) {
    const verified = VERIFIED_CLI_VERSIONS[executor];
    const [program, ...args] = command;
    const label = command.join(" ");
    return new Promise((resolve) => {
        if (!program) {
            resolve({ executor, program: label, installed: null, verified, warning: `${executor}: no command to run` });
            return;
        }
        (0,external_node_child_process_.execFile)(program, [...args, "--version"], { env, timeout: 30_000, encoding: "utf8" }, (error, stdout, stderr) => {
            const installed = versionIn(`${stdout}\n${stderr}`);
            let warning = null;
            if (installed === null) {
                warning = `${executor} (${label}): could not read its version${error ? ` (${error.message.split("\n")[0]})` : ""}; the rehearsal still tries it`;
            }
            else if (installed !== verified) {
                warning = `${executor} ${installed} is installed; the rehearsal server was verified against ${executor} ${verified}, so its protocol may differ (still trying)`;
            }
            resolve({ executor, program: label, installed, verified, warning });
        });
    });
}

;// CONCATENATED MODULE: ./src/rehearse/session.ts
/**
 * One rehearsal: the scripted model server, the engine hook that points each agent's CLI at it,
 * the CLI version checks, and — once the wave ended — the report (`rehearsal.json`, a copy of the
 * request log and a section of `summary.md` in the run directory). Shared by `wave rehearse` and
 * the action's `mode: rehearse`.
 */








const REHEARSAL_REPORT_FILE = "rehearsal.json";
const REHEARSAL_LOG_FILE = "rehearsal-requests.jsonl";
const REHEARSED = new Set(["codex", "claude", "opencode"]);
async function openRehearsal(options) {
    const logDir = external_node_path_default().join(options.stateDir, "rehearsals");
    await (0,promises_.mkdir)(logDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const logFile = external_node_path_default().join(logDir, `wave-${options.wave}-${stamp}.jsonl`);
    const server = await startRehearsalServer({ logFile });
    // CLI homes of agents that share the orchestrator's user: private, outside the run directory
    // (nothing of the CLIs' own state is uploaded with it), removed when the rehearsal ends.
    const homesDir = await (0,promises_.mkdtemp)(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-rehearsal-homes-"));
    const agents = new Map();
    const versionChecks = new Map();
    const variantOf = (id) => options.variants.get(id) ?? options.variants.get("*") ?? "normal";
    const hook = rehearsalHook({
        server,
        homesDir,
        variantOf,
        onScript: (script, launch) => agents.set(script.agentId, { script, executor: launch.context.executor }),
    });
    return {
        async hook(launch) {
            const { executor } = launch.context;
            if (REHEARSED.has(executor.id)) {
                const id = executor.id;
                const command = executor[id].command;
                const key = `${id}\0${command.join("\0")}`;
                if (!versionChecks.has(key)) {
                    const check = checkCliVersion(id, command, options.path);
                    versionChecks.set(key, check);
                    const { warning } = await check;
                    if (warning)
                        options.onWarning(warning);
                }
            }
            return hook(launch);
        },
        async finish(result, resultFile) {
            const runDir = external_node_path_default().dirname(resultFile);
            const copy = external_node_path_default().join(runDir, REHEARSAL_LOG_FILE);
            await (0,promises_.copyFile)(logFile, copy).catch(() => undefined);
            const report = buildRehearsalReport({
                result,
                root: options.root,
                agents,
                activity: (id) => server.activity(id),
                versions: await Promise.all(versionChecks.values()),
                serverLog: external_node_path_default().relative(options.root, copy) || copy,
            });
            await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(runDir, REHEARSAL_REPORT_FILE), report);
            const text = renderRehearsalReport(report);
            await (0,promises_.appendFile)(external_node_path_default().join(runDir, "summary.md"), `\n## Rehearsal\n\n\`\`\`text\n${text}\`\`\`\n`);
            return { report, text };
        },
        async close() {
            await server.close();
            await (0,promises_.rm)(homesDir, { recursive: true, force: true });
        },
    };
}

;// CONCATENATED MODULE: ./src/rehearse/command.ts
/**
 * `wave rehearse --wave N [run options] [--variant V[:ID,ID]]...`: runs the wave exactly as
 * `wave run` would — real agent CLIs, the wave's executor settings, every gate — but each codex,
 * claude and opencode agent talks to the built-in scripted model server on loopback with a
 * throwaway key. No model is paid for and nothing leaves the machine. `local` and `command` agents
 * run as they always do.
 *
 * Writes `rehearsal.json` next to `result.json`, appends the report to `summary.md` and prints it
 * (see session.ts).
 */











/** Where a rehearsal keeps its state, under the state directory (unless --state-dir is given). */
const REHEARSAL_STATE_SUBDIR = "rehearsal";
const REHEARSE_OPTIONS = {
    ...run_options/* RUN_OPTIONS */.p,
    variant: {
        type: "string",
        multiple: true,
        value: "V[:ID,ID]",
        description: `script variant for all agents or the listed ones: ${SCRIPT_VARIANTS.join(", ")}`,
        defaultText: "normal",
    },
};
const REHEARSE_HELP_SPEC = {
    name: "rehearse",
    summary: "run a wave's real agent CLIs against a scripted local model server: offline, no key, no cost",
    usage: "--wave N [options]",
    about: `Runs the wave with the real agent CLIs (codex, claude, opencode) and the wave's own executor
settings, each pointed at a built-in scripted model server on 127.0.0.1 with a throwaway key:
offline, no API key, nothing billed. Each agent's script writes its deliverables, proof artifacts
and report through the CLI's own file tool, then prints exactly the markers its role needs, so
every gate runs for real. With --model-proxy on, the CLIs talk to the model proxy and the proxy
to the scripted server, as they would to a real provider. With --sandbox on, every CLI runs in
the sandbox (network only to the proxy or the scripted server, the work tree writable). The report says per agent which tool calls were made, which the CLI
refused (and the setting that refused them), which files appeared and which gate failed.

The state goes to <state-dir>/rehearsal (so \`wave run\` never resumes rehearsed agents). The
deliverables the scripts write are placeholders: rehearse in a scratch checkout or discard them.

Script variants (--variant V for every agent, V:ID,ID for the listed ones):
  no-markers (final message without markers), rate-limit (one 429 first),
  hang (the model never answers; the deadline ends the agent),
  interrupt (the first model request is answered, the next one never is:
  the agent stops mid-work once; a retry of it is answered normally)`,
    options: REHEARSE_OPTIONS,
    globals: true,
    examples: [
        "wave rehearse --wave 1                          # every gate, no model paid for",
        "wave rehearse --wave 1 --variant no-markers:A1  # A1 ends without its markers",
        "wave rehearse --wave 1 --format json            # result.json on stdout",
    ],
    exitCodes: help/* RUN_EXIT_CODES */.ab,
};
/** `wave rehearse --help`. */
const REHEARSE_HELP = (0,help/* renderCommandHelp */.fd)(REHEARSE_HELP_SPEC);
/** `--variant` values → variant per agent id ("*" = every agent). */
function parseVariants(values) {
    const out = new Map();
    for (const raw of values) {
        const [name, ids] = raw.split(":", 2);
        if (!SCRIPT_VARIANTS.includes(name)) {
            throw new errors/* UserError */.yo(`--variant must be one of ${SCRIPT_VARIANTS.join(", ")}, optionally followed by :ID,ID (got "${raw}")`);
        }
        const targets = ids === undefined ? ["*"] : ids.split(",").map((s) => s.trim()).filter(Boolean);
        if (targets.length === 0)
            throw new errors/* UserError */.yo(`--variant ${raw}: no agent id after ":"`);
        for (const id of targets)
            out.set(id, name);
    }
    return out;
}
async function rehearseCommand(argv, io) {
    if ((0,args/* wantsHelp */.lx)(argv)) {
        io.stdout(REHEARSE_HELP);
        return 0;
    }
    const p = (0,args/* parseCommandArgs */.Qx)("rehearse", argv, REHEARSE_OPTIONS);
    if (p.positionals.length > 0)
        throw new errors/* UserError */.yo(`unexpected argument "${p.positionals[0]}"`);
    const json = (0,args/* outputFormat */.B$)(p, ["text", "json"], "text") === "json";
    const options = (0,run.runOptionsFromFlags)(p, io);
    // --model-proxy on|auto: the CLIs talk to the proxy, the proxy to the scripted server.
    options.modelProxy = (0,engine_options/* parseModelProxyMode */.QT)((0,args/* stringFlag */.AM)(p, "model-proxy"), "--model-proxy", options.modelProxy ?? "off");
    // --sandbox on|auto: every CLI runs in the sandbox, reaching only the proxy or the scripted server.
    const sandbox = (0,engine_options/* parseSandboxMode */.cV)((0,args/* stringFlag */.AM)(p, "sandbox"), "--sandbox");
    if (sandbox)
        options.sandbox = sandbox;
    // A rehearsal keeps its state apart: a real `wave run` must never resume (reuse) rehearsed agents.
    if ((0,args/* stringFlag */.AM)(p, "state-dir") === undefined)
        options.stateDir = external_node_path_default().join(options.stateDir, REHEARSAL_STATE_SUBDIR);
    const variants = parseVariants((0,args/* listFlag */.v6)(p, "variant"));
    if (!options.dryRun && (0,elevate.mustElevate)(options.agentUser, io.env))
        return (0,elevate.runElevated)((0,cli_self/* selfCliArgv */.Rk)(), ["rehearse", ...argv], io.env);
    const session = await openRehearsal({
        root: options.root,
        stateDir: options.stateDir,
        wave: options.wave,
        variants,
        path: io.env.PATH ?? "",
        onWarning: (m) => io.stderr(`warning: ${m}\n`),
    });
    let report = null;
    try {
        return await (0,run.runAndReport)(options, io, {
            json,
            cliArgv: (0,cli_self/* selfCliArgv */.Rk)(),
            rehearsal: session.hook,
            onResult: async (result, resultFile) => {
                report = (await session.finish(result, resultFile)).text;
            },
            after: () => (report ? `\n${report}` : ""),
        });
    }
    finally {
        await session.close();
    }
}


/***/ })

};

//# sourceMappingURL=454.index.js.map