export const id = 97;
export const ids = [97];
export const modules = {

/***/ 3539:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gf: () => (/* binding */ findRequests),
/* harmony export */   k3: () => (/* binding */ answerCommand),
/* harmony export */   mn: () => (/* binding */ renderOpenQuestions),
/* harmony export */   rb: () => (/* binding */ watchOpenQuestions)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _resume_local_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9684);
/* harmony import */ var _requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6869);
/**
 * Finding questions from the state directory's side (a human's terminal): the open questions of a
 * run, the request an id names in any lane, wave and attempt, and the exact command that answers
 * one (`wave status` and the live view print it).
 */




/** Quotes a word for a POSIX shell when it needs it. */
function shellWord(word) {
    return /^[A-Za-z0-9_./:@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
/**
 * The command that answers request `id`. `extra`: global flags the asker's terminal needs to find
 * the same state directory (e.g. `--project api`).
 */
function answerCommand(id, extra = []) {
    return ["wave feedback answer", shellWord(id), ...extra.map(shellWord), '"<answer>"'].join(" ");
}
/** One line per open question, with the command that answers it. */
function renderOpenQuestions(requests, extra = []) {
    if (requests.length === 0)
        return "";
    const lines = [`Open question${requests.length === 1 ? "" : "s"} (waiting for a human):`];
    for (const r of requests) {
        const question = r.question.replace(/\s+/g, " ").trim();
        lines.push(`  ${r.agentId} asks (${r.id}): ${question.length > 300 ? `${question.slice(0, 299)}…` : question}`);
        lines.push(`    answer: ${answerCommand(r.id, extra)}`);
    }
    return `${lines.join("\n")}\n`;
}
async function dirs(parent, pattern) {
    try {
        return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(parent, { withFileTypes: true }))
            .filter((e) => e.isDirectory() && pattern.test(e.name))
            .map((e) => e.name)
            .sort();
    }
    catch {
        return [];
    }
}
/**
 * Every request with this id under the state directory (every lane, wave and attempt), newest
 * attempt first. A request carried into a resumed run keeps its id, so one id may be found in
 * several attempts of a wave.
 */
async function findRequests(stateDir, id) {
    const found = [];
    for (const lane of await dirs(stateDir, /^[A-Za-z0-9][A-Za-z0-9_-]*$/)) {
        for (const wave of await dirs(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(stateDir, lane), /^wave-\d+$/)) {
            const waveDir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(stateDir, lane, wave);
            for (const attempt of (await (0,_resume_local_js__WEBPACK_IMPORTED_MODULE_2__/* .listAttempts */ .NN)(waveDir)).reverse()) {
                const runDir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(waveDir, `attempt-${attempt}`);
                const request = (await (0,_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readFeedbackRequests */ .s3)(runDir, { includeAnswered: true })).find((r) => r.id === id);
                if (request)
                    found.push({ request, runDir, waveDir });
            }
        }
    }
    return found;
}
/**
 * Tells `onOpen` once about each question of the run directory that is waiting for a human, while
 * the run goes on (the live view of `wave run`). Reads the run's feedback directory every `pollMs`;
 * returns the function that stops it.
 */
function watchOpenQuestions(runDir, onOpen, pollMs = 1000) {
    const told = new Set();
    let busy = false;
    const look = () => {
        if (busy)
            return;
        busy = true;
        (0,_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readFeedbackRequests */ .s3)(runDir)
            .then((pending) => {
            for (const r of pending) {
                if (told.has(r.id))
                    continue;
                told.add(r.id);
                onOpen(r);
            }
        })
            .catch(() => undefined)
            .finally(() => {
            busy = false;
        });
    };
    const timer = setInterval(look, pollMs);
    timer.unref();
    return () => clearInterval(timer);
}


/***/ }),

/***/ 1284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $_: () => (/* binding */ MODEL_PROXY_REPORT_FILE),
/* harmony export */   RM: () => (/* binding */ modelProxyText),
/* harmony export */   WA: () => (/* binding */ readModelProxyReport),
/* harmony export */   mn: () => (/* binding */ renderProxyMarkdown)
/* harmony export */ });
/* unused harmony export renderProxyText */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * What the model proxy saw in one run, as the run directory keeps it (model-proxy.json, written by
 * the orchestrator when the wave ends) and as summaries show it: the job summary's section and the
 * terminal lines of `wave status` and `wave run`.
 */


/** The run directory's record of the proxy (written when the wave ends). */
const MODEL_PROXY_REPORT_FILE = "model-proxy.json";
const WAIT_REASONS = ["concurrency", "rate-limit", "retry-after"];
function seconds(ms) {
    return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
function waitsText(a) {
    const parts = WAIT_REASONS.filter((r) => (a.waits[r] ?? 0) > 0).map((r) => `${seconds(a.waits[r])} ${r}`);
    return parts.length > 0 ? parts.join(", ") : "—";
}
/** One row per agent: what the proxy saw. */
function rows(report) {
    return report.agents.map((a) => [
        a.agentId,
        a.provider,
        String(a.requests),
        String(a.waitedRequests),
        waitsText(a),
        String(a.retried),
        String(a.refused),
    ]);
}
const HEADERS = ["Agent", "Provider", "Requests", "Waited", "Wait time (why)", "429s waited out", "Refused (budget)"];
function unauthorizedLine(report) {
    const n = report.unauthorized.length;
    if (n === 0)
        return null;
    const byReason = new Map();
    for (const u of report.unauthorized)
        byReason.set(u.reason, (byReason.get(u.reason) ?? 0) + 1);
    const reasons = [...byReason].map(([r, c]) => `${c} ${r}`).join(", ");
    // The path named them: only plain ids are shown as they are.
    const named = [...new Set(report.unauthorized.map((u) => (u.agentId && /^[A-Za-z0-9._-]{1,64}$/.test(u.agentId) ? u.agentId : "(other)")))];
    const agents = named.length > 10 ? `${named.slice(0, 10).join(", ")}, …` : named.join(", ");
    return `${n} request(s) without a valid token were refused (${reasons}; agents: ${agents})`;
}
const cell = (s) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
/** The job summary's section (Markdown). */
function renderProxyMarkdown(report) {
    const out = ["### Model proxy", ""];
    out.push(`Mode \`${report.mode}\`: ${report.agents.length} agent(s) reached their model through the proxy; no API key was in their environment.`);
    if (report.agents.length > 0) {
        out.push("", `| ${HEADERS.join(" | ")} |`, `| ${HEADERS.map(() => "---").join(" | ")} |`);
        for (const r of rows(report))
            out.push(`| ${r.map(cell).join(" | ")} |`);
    }
    if (report.skipped.length > 0) {
        out.push("", "Ran without the proxy:");
        for (const s of report.skipped)
            out.push(`- ${cell(s.agentId)} (${s.executor}): ${cell(s.reason)}`);
    }
    const bad = unauthorizedLine(report);
    if (bad)
        out.push("", `**${bad}.**`);
    if (report.probes > 0)
        out.push("", `${report.probes} credential-less HEAD request(s) (a CLI checking its base URL at start) were answered 401.`);
    return `${out.join("\n")}\n`;
}
/** The same for a terminal (`wave status`, the end of `wave run`). */
function renderProxyText(report) {
    const out = [`Model proxy (${report.mode}): ${report.agents.length} agent(s) through it`];
    const table = [HEADERS, ...rows(report)];
    if (report.agents.length > 0) {
        const widths = HEADERS.map((_, i) => Math.max(...table.map((r) => r[i].length)));
        for (const r of table)
            out.push(`  ${r.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd()}`);
    }
    for (const s of report.skipped)
        out.push(`  ${s.agentId} (${s.executor}) ran without it: ${s.reason}`);
    const bad = unauthorizedLine(report);
    if (bad)
        out.push(`  ${bad}`);
    if (report.probes > 0)
        out.push(`  ${report.probes} credential-less HEAD probe(s) answered 401`);
    return `${out.join("\n")}\n`;
}
/** The run directory's model-proxy.json, or null (the proxy was off, or the file is not one). */
async function readModelProxyReport(runDir) {
    const text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(runDir, MODEL_PROXY_REPORT_FILE), "utf8").catch(() => null);
    if (!text)
        return null;
    try {
        const report = JSON.parse(text);
        const ok = report?.kind === "wave-model-proxy" && Array.isArray(report.agents) && Array.isArray(report.skipped) && Array.isArray(report.unauthorized);
        return ok ? report : null;
    }
    catch {
        return null;
    }
}
/** `wave status`: the proxy's lines for the run directory, or "" when the proxy was off. */
async function modelProxyText(runDir) {
    const report = await readModelProxyReport(runDir);
    return report ? renderProxyText(report) : "";
}


/***/ }),

/***/ 2238:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CT: () => (/* binding */ renderEnvironmentsMarkdown),
/* harmony export */   Fz: () => (/* binding */ readDeployments),
/* harmony export */   uK: () => (/* binding */ renderEnvironmentsText)
/* harmony export */ });
/* harmony import */ var _signals_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2390);
/* harmony import */ var _state_files_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _state_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5013);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4285);
/* harmony import */ var _status_table_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9187);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5655);
/**
 * The environments view: the last `[deploy-status] service=<id> state=<state> [detail=…]` each
 * agent printed (its execution summary's `deployStatus`), one row per service — the job summary's
 * "Environments" table and the ENVIRONMENT lines of `wave status`. When several agents report the
 * same service, each report is its own row (they are listed in agent order).
 */






/** The deploy-status of each agent that printed one, read from the run's execution summaries. */
async function readDeployments(result, runDir) {
    const run = (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .runPathsOf */ .pf)(runDir, result.attempt);
    const rows = [];
    for (const agent of result.agents) {
        if (agent.status === "not-run")
            continue;
        const summary = await (0,_state_files_js__WEBPACK_IMPORTED_MODULE_1__/* .readJsonChecked */ .m8)((0,_state_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .agentPaths */ .SR)(run, agent.id).summary, _signals_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .ExecutionSummarySchema */ .s3, "execution summary");
        const deploy = summary.ok ? summary.value.deployStatus : null;
        if (deploy)
            rows.push({ service: deploy.service, state: deploy.state, agentId: agent.id, detail: deploy.detail ?? null });
    }
    return rows;
}
const STATE_MARK = { healthy: "✅ healthy", failed: "❌ failed", deploying: "⏳ deploying", rolledover: "↩️ rolledover" };
/** `### Environments` markdown table, or null without deployments. */
function renderEnvironmentsMarkdown(rows, detailChars = null) {
    if (rows.length === 0)
        return null;
    const body = rows.map((r) => [
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(r.service),
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(STATE_MARK[r.state] ?? r.state),
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(r.agentId),
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(r.detail === null ? null : (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .truncateChars */ .UT)(r.detail, detailChars)),
    ]);
    return `### Environments\n\nThe last \`[deploy-status]\` each agent printed.\n\n${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .table */ .tp)(["Environment", "State", "Reported by", "Detail"], body)}`;
}
/** Lines of `wave status` for the deployments (none without). */
function renderEnvironmentsText(rows) {
    if (rows.length === 0)
        return [];
    return (0,_status_table_js__WEBPACK_IMPORTED_MODULE_4__/* .formatColumns */ .jB)(["ENVIRONMENT", "STATE", "AGENT", "DETAIL"], rows.map((r) => [r.service, r.state, r.agentId, r.detail ?? ""]), { maxWidths: [32, 11, 12, 80] });
}


/***/ }),

/***/ 4512:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sw: () => (/* binding */ failurePlace),
/* harmony export */   il: () => (/* binding */ ranAgain),
/* harmony export */   y6: () => (/* binding */ waveHeadline)
/* harmony export */ });
/* unused harmony exports outcomePhrase, waveName */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5655);

/**
 * Where a wave stopped: `cont-qa (A0)` — empty for the stage "cancelled" a cancel records when
 * no stage was running, so a cancel never reads "cancelled at cancelled".
 */
function failurePlace(f) {
    if (!f || f.stage === "cancelled")
        return "";
    return `${f.stage}${f.agentId ? ` (${f.agentId})` : ""}`;
}
/** What happened, without the wave name: `failed at cont-qa (A0)`, `blocked: A2 is waiting…`. */
function outcomePhrase(result) {
    const f = result.failure;
    const who = f?.agentId ? ` (${f.agentId})` : "";
    switch (result.status) {
        case "passed":
            return "passed";
        case "failed":
            return f ? `failed at ${f.stage}${who}` : "failed";
        case "blocked": {
            const asker = result.feedback?.agentId ?? f?.agentId ?? null;
            return asker ? `blocked: ${asker} is waiting for a human answer` : "blocked: waiting for a human answer";
        }
        case "cancelled":
            return failurePlace(f) ? `cancelled during ${failurePlace(f)}` : "cancelled";
        case "dry-run":
            return `dry run of ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(result.agents.length, "agent")}, nothing executed`;
    }
}
function waveName(result) {
    return `Wave ${result.wave} (lane ${result.lane})`;
}
function waveHeadline(result) {
    return `${waveName(result)}: ${outcomePhrase(result)} — attempt ${result.attempt}, ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .humanDuration */ .UU)(result.durationMs)}`;
}
/**
 * Whether to say an agent "ran again": it ran in a resumed run and it had run in the run resumed
 * (older results without `ranBefore` count every agent that ran in a resume).
 */
function ranAgain(agent, result) {
    return result.resumedFrom !== null && agent.runs > 0 && agent.ranBefore !== false;
}


/***/ }),

/***/ 2166:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  jy: () => (/* reexport */ TtyRenderer),
  e: () => (/* reexport */ applyProgressEvent),
  Fl: () => (/* reexport */ createProgressModel),
  eK: () => (/* reexport */ progressEventFromEngine),
  Fz: () => (/* reexport */ deployments/* readDeployments */.Fz),
  tP: () => (/* reexport */ status_table/* renderNextSteps */.tP),
  rb: () => (/* reexport */ renderPlainLine),
  dK: () => (/* reexport */ status_table/* renderStatusTable */.dK),
  WI: () => (/* reexport */ renderWaveSummary),
  y6: () => (/* reexport */ report_headline/* waveHeadline */.y6)
});

// UNUSED EXPORTS: ANNOTATION_MESSAGE_MAX, CLEAR_BELOW, CLEAR_LINE, CURSOR_UP, DEFAULT_GANTT_MAX_CHARS, DEFAULT_SUMMARY_MAX_BYTES, DEFAULT_TAIL_LINES, DETAIL_LEVELS, GANTT_NAME_MAX, MAX_CARRY_CHARS, PHASE_ORDER, STEP_SUMMARY_MAX_BYTES, agentElapsed, agentSpan, aggregateHeadline, byteLength, capAnnotations, cleanLogText, codeFence, codePointWidth, details, displayWidth, emitAnnotations, escapeCell, escapeCommandData, escapeCommandProperty, escapeHtml, escapeInline, failurePlace, fitSummary, fitTail, fitTails, fitWidth, flushPrefixed, formatClock, formatColumns, formatUtc, formatWorkflowCommand, gateFailureAnnotation, humanDuration, inlineCode, limitRows, linePrefix, link, markerAnnotations, oneLine, outcomePhrase, padTo, parseTime, phaseLabel, phaseOfRole, phaseRank, plural, prefixLines, prepareTail, quoteBlock, ranAgain, readableLogTail, reduceProgress, renderAggregateSummary, renderEnvironmentsMarkdown, renderEnvironmentsText, renderGantt, renderLogGroupTitle, renderStatusLine, renderTail, renderTtyTable, sanitizeGanttText, spanMs, stripAnsi, table, tailUtf8, truncateChars, truncateUtf8, validationAnnotations, waveName, waveTimeline, wavesTimeline, writeJobSummary

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/report/headline.ts
var report_headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/text.ts
var report_text = __webpack_require__(5655);
;// CONCATENATED MODULE: ./src/report/annotations.ts


/** Longest message we emit; the runner shows annotations in a small box anyway. */
const ANNOTATION_MESSAGE_MAX = 4000;
/** Escapes a workflow command's message: `%`, CR and LF. */
function escapeCommandData(text) {
    return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
/** Escapes a workflow command's property value: like data, plus `:` and `,`. */
function escapeCommandProperty(text) {
    return escapeCommandData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
/** `::error file=…,line=…,title=…::message` (properties in that order, absent ones left out). */
function annotations_formatWorkflowCommand(a) {
    const props = [];
    if (a.file)
        props.push(`file=${escapeCommandProperty(a.file)}`);
    if (a.line !== undefined && a.line > 0)
        props.push(`line=${Math.floor(a.line)}`);
    if (a.endLine !== undefined && a.endLine > 0)
        props.push(`endLine=${Math.floor(a.endLine)}`);
    if (a.col !== undefined && a.col > 0)
        props.push(`col=${Math.floor(a.col)}`);
    if (a.title)
        props.push(`title=${escapeCommandProperty(a.title)}`);
    const head = props.length > 0 ? `${a.level} ${props.join(",")}` : a.level;
    return `::${head}::${escapeCommandData(truncateChars(a.message, ANNOTATION_MESSAGE_MAX))}`;
}
/** One annotation per validation diagnostic (errors and warnings, with file, line and column). */
function validationAnnotations(diagnostics) {
    return diagnostics.map((d) => {
        const a = {
            level: d.severity === "warning" ? "warning" : "error",
            message: d.message,
            file: d.file,
        };
        if (d.line > 0)
            a.line = d.line;
        if (d.column !== undefined)
            a.col = d.column;
        const where = [d.wave !== undefined ? `wave ${d.wave}` : null, d.agentId ? `agent ${d.agentId}` : null].filter(Boolean);
        a.title = where.length > 0 ? `Wave validation (${where.join(", ")})` : "Wave validation";
        return a;
    });
}
function lineOf(lines, agentId) {
    if (!lines || !agentId)
        return undefined;
    const v = lines instanceof Map ? lines.get(agentId) : lines[agentId];
    return typeof v === "number" && v > 0 ? v : undefined;
}
function at(level, title, message, file, line) {
    const a = { level, title, message };
    if (file)
        a.file = file;
    if (file && line)
        a.line = line;
    return a;
}
/**
 * What stopped the wave, on the failing agent's `## Agent` heading: an error for a failure, a
 * warning for a question waiting for an answer or a cancellation; nothing for a passed wave.
 */
function gateFailureAnnotation(result, waveFile, agentLines) {
    const file = waveFile ?? result.waveFile;
    const f = result.failure;
    const title = `${waveName(result)} ${outcomePhrase(result)}`;
    switch (result.status) {
        case "failed": {
            const parts = [f ? `${f.statusCode}: ${f.detail || "gate failed"}` : "the wave failed"];
            if (f?.log)
                parts.push(`Log: ${f.log} (in the wave's artifact).`);
            return [at("error", title, parts.join("\n"), file, lineOf(agentLines, f?.agentId))];
        }
        case "blocked": {
            const fb = result.feedback;
            const asker = fb?.agentId ?? f?.agentId ?? null;
            const message = fb
                ? `${fb.agentId} asks: ${fb.question}\nAnswer with the feedback input of the next run.`
                : (f?.detail ?? "The wave is waiting for a human answer.");
            return [at("warning", title, message, file, lineOf(agentLines, asker))];
        }
        case "cancelled": {
            const message = f ? `${f.statusCode}: ${f.detail || "cancelled"}` : "The wave was cancelled.";
            return [at("warning", title, message, file, lineOf(agentLines, f?.agentId))];
        }
        default:
            return [];
    }
}
/**
 * One warning per agent with marker lines that were not accepted, on that agent's heading in the
 * wave file (the marker lines themselves live in the agent's log, not in the repository).
 */
function markerAnnotations(diagnostics, waveFile, agentLines) {
    const byAgent = new Map();
    for (const d of diagnostics) {
        const list = byAgent.get(d.agentId) ?? [];
        list.push(d);
        byAgent.set(d.agentId, list);
    }
    const out = [];
    for (const [agentId, list] of byAgent) {
        const sorted = [...list].sort((a, b) => a.line - b.line);
        const shown = sorted.slice(0, 5).map((d) => `log line ${d.line} [${d.kind}]: ${d.reason} — ${truncateChars(d.text, 200)}`);
        if (sorted.length > shown.length)
            shown.push(`… and ${sorted.length - shown.length} more`);
        out.push(at("warning", `${agentId}: ${plural(sorted.length, "marker line")} not accepted`, shown.join("\n"), waveFile, lineOf(agentLines, agentId)));
    }
    return out;
}
/**
 * Keeps at most `perLevel` annotations of each level (GitHub shows only 10 errors and 10 warnings per
 * step); the last kept one of a level that overflowed says how many were left out.
 */
function capAnnotations(annotations, perLevel = 10) {
    const total = new Map();
    for (const a of annotations)
        total.set(a.level, (total.get(a.level) ?? 0) + 1);
    const seen = new Map();
    const out = [];
    for (const a of annotations) {
        const n = (seen.get(a.level) ?? 0) + 1;
        seen.set(a.level, n);
        const all = total.get(a.level);
        if (all <= perLevel || n < perLevel)
            out.push(a);
        else if (n === perLevel) {
            out.push({ level: a.level, title: "More problems", message: `${all - perLevel + 1} more ${a.level} annotations were left out; see the job log and summary.` });
        }
    }
    return out;
}

// EXTERNAL MODULE: ./src/proxy/report.ts
var report = __webpack_require__(1284);
// EXTERNAL MODULE: ./src/sandbox/report.ts
var sandbox_report = __webpack_require__(6805);
// EXTERNAL MODULE: ./src/report/deployments.ts
var deployments = __webpack_require__(2238);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
;// CONCATENATED MODULE: ./src/report/mermaid.ts
/**
 * Mermaid `gantt` text with epoch-millisecond dates (`dateFormat x`). Every name that reaches the
 * diagram is reduced to characters the gantt lexer reads as plain task text: no `:` (starts the task
 * data), `#` and `%` (comments), `;` (statement end), no line breaks, and no leading keyword.
 */
/** Mermaid's default `maxTextSize` is 50 000 characters; stay well below it. */
const DEFAULT_GANTT_MAX_CHARS = 45_000;
const GANTT_NAME_MAX = 64;
/**
 * A bar is never shorter than this: a task that took no measurable time still gets a bar (Mermaid
 * drops zero-length ones) without being drawn longer than it took by more than a millisecond.
 */
const MIN_BAR_MS = 1;
// Words the gantt lexer matches before task text (case-insensitive), and date-looking starts.
const RESERVED_START = /^(gantt|dateformat|inclusiveenddates|topaxis|axisformat|tickinterval|includes|excludes|todaymarker|weekday|weekend|title|acctitle|accdescr|accdescription|section|click|call|href|displaymode|\d{4}-\d{2}-\d{2})/i;
/**
 * Reduces text to a safe gantt name: letters, digits, spaces and `-_.,()/+'` only (everything else
 * becomes a space), collapsed, cut to `max` characters, never empty, never starting with a keyword.
 */
function sanitizeGanttText(text, max = GANTT_NAME_MAX) {
    let s = text
        .normalize("NFC")
        .replace(/[^\p{L}\p{N} _.,()/+'-]/gu, " ")
        .replace(/\s+/g, " ")
        .trim();
    const points = Array.from(s);
    if (points.length > max)
        s = points.slice(0, max).join("").trimEnd();
    if (s === "")
        s = "unnamed";
    if (RESERVED_START.test(s))
        s = `- ${s}`;
    return s;
}
function taskLine(task) {
    const start = Math.round(task.start);
    const end = Math.max(Math.round(task.end), start + MIN_BAR_MS);
    const tags = (task.tags ?? []).filter((t, i, all) => all.indexOf(t) === i);
    const data = [...tags, String(start), String(end)].join(", ");
    return `    ${sanitizeGanttText(task.name)} :${data}`;
}
/** Renders the chart; tasks that would push the text past `maxChars` are left out (counted). */
function mermaid_renderGantt(chart, maxChars = DEFAULT_GANTT_MAX_CHARS) {
    const head = ["gantt"];
    if (chart.title)
        head.push(`    title ${sanitizeGanttText(chart.title, 120)}`);
    head.push("    dateFormat x", `    axisFormat ${chart.axisFormat ?? "%H:%M:%S"}`, "    todayMarker off");
    const lines = [...head];
    let size = head.join("\n").length;
    let tasks = 0;
    let omitted = 0;
    for (const section of chart.sections) {
        const valid = section.tasks.filter((t) => Number.isFinite(t.start) && Number.isFinite(t.end));
        omitted += section.tasks.length - valid.length;
        if (valid.length === 0)
            continue;
        const header = `    section ${sanitizeGanttText(section.name)}`;
        let headerWritten = false;
        for (const task of valid) {
            const line = taskLine(task);
            const extra = line.length + 1 + (headerWritten ? 0 : header.length + 1);
            if (size + extra > maxChars) {
                omitted++;
                continue;
            }
            if (!headerWritten) {
                lines.push(header);
                headerWritten = true;
            }
            lines.push(line);
            size += extra;
            tasks++;
        }
    }
    return { text: lines.join("\n"), tasks, omittedTasks: omitted };
}

// EXTERNAL MODULE: ./src/signals/render.ts
var render = __webpack_require__(2613);
;// CONCATENATED MODULE: ./src/report/tails.ts
/**
 * Log excerpts in the job summary: each agent's last lines in a collapsible code block, shrunk to a
 * byte budget keeping the END of the log (the last lines explain a failure best). An agent whose
 * CLI writes a JSON transcript shows its rendered view (its messages, tool calls and results, see
 * src/signals/render.ts), not the JSON events: `readableLogTail` makes that excerpt.
 */



const MAX_LINE_CHARS = 2000;
const MIN_CONTENT_BYTES = 40;
/**
 * The end of an agent's log as people read it, in at most `maxBytes` bytes (whole lines, the last
 * ones): the log's JSON transcript events rendered under `settings` (from its launch.json), other
 * lines as they are. `raw` is the end of the log starting at a line boundary; read more of a JSON
 * transcript than the excerpt keeps, since its events are much longer than their rendered view.
 */
function readableLogTail(raw, settings, maxBytes) {
    const text = renderTranscriptText(raw, settings.format, settings);
    if (byteLength(text) <= maxBytes)
        return text;
    const end = tailUtf8(text, maxBytes);
    const nl = end.indexOf("\n");
    return nl < 0 ? end : end.slice(nl + 1);
}
function prepareTail(agentId, raw, log, tailLines) {
    const want = Math.max(1, tailLines);
    // Only the end matters: cut a huge excerpt before splitting it (dropping the partial first line).
    const limit = want * (MAX_LINE_CHARS + 1) * 2;
    let text = raw;
    let cut = false;
    if (text.length > limit) {
        text = text.slice(-limit);
        cut = true;
    }
    const lines = text.split("\n");
    if (cut)
        lines.shift();
    let blankEnd = 0;
    while (lines.length > 0 && (0,report_text/* cleanLogText */.nA)(lines[lines.length - 1]).trim() === "") {
        lines.pop();
        blankEnd++;
    }
    if (lines.length === 0)
        return null;
    const totalLines = cut ? countNewlines(raw) + 1 - blankEnd : lines.length;
    const kept = lines.slice(-want).map((l) => (0,report_text/* truncateChars */.UT)((0,report_text/* cleanLogText */.nA)(headOfLine(l)), MAX_LINE_CHARS));
    return { agentId, log, lines: kept, totalLines: Math.max(totalLines, kept.length) };
}
/** A very long line's start, enough for MAX_LINE_CHARS visible characters in most logs. */
function headOfLine(line) {
    const room = MAX_LINE_CHARS * 2;
    if (line.length <= room)
        return line;
    const c = line.charCodeAt(room - 1);
    return line.slice(0, c >= 0xd800 && c <= 0xdbff ? room - 1 : room);
}
function countNewlines(text) {
    let n = 0;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1))
        n++;
    return n;
}
function renderLines(src, lines, shortened) {
    const of = src.totalLines > lines.length ? ` of ${src.totalLines}` : "";
    const where = src.log ? ` (${src.log})` : "";
    const cut = shortened ? ", shortened to fit" : "";
    const summary = `${src.agentId}: last ${lines.length}${of} log ${src.totalLines === 1 ? "line" : "lines"}${where}${cut}`;
    return (0,markdown/* details */.zH)(summary, (0,markdown/* codeFence */.d6)(lines.join("\n")));
}
/** The tail block in full. */
function renderTail(src) {
    return { agentId: src.agentId, text: renderLines(src, src.lines, false), shownLines: src.lines.length, shortened: false };
}
/** The tail block in at most `budget` bytes, or null when not even a short excerpt fits. */
function fitTail(src, budget, full = renderTail(src)) {
    if ((0,report_text/* byteLength */.dp)(full.text) <= budget)
        return full;
    // Most trailing lines that fit: sizes from the end, then one render to confirm (a shorter
    // excerpt can only need the same or a shorter fence, so stepping down always converges).
    const overhead = (0,report_text/* byteLength */.dp)(renderLines(src, [], true)) + 16;
    let k = 0;
    let used = overhead;
    for (let i = src.lines.length - 1; i >= 0; i--) {
        const size = (0,report_text/* byteLength */.dp)(src.lines[i]) + 1;
        if (used + size > budget)
            break;
        used += size;
        k++;
    }
    while (k >= 1) {
        const lines = src.lines.slice(-k);
        const text = renderLines(src, lines, true);
        if ((0,report_text/* byteLength */.dp)(text) <= budget)
            return { agentId: src.agentId, text, shownLines: k, shortened: true };
        k--;
    }
    // Not even one whole line: keep the end of the last line.
    const last = src.lines[src.lines.length - 1];
    const room = budget - overhead - 8;
    if (room < MIN_CONTENT_BYTES)
        return null;
    const text = renderLines(src, [`…${(0,report_text/* tailUtf8 */.K)(last, room)}`], true);
    if ((0,report_text/* byteLength */.dp)(text) > budget)
        return null;
    return { agentId: src.agentId, text, shownLines: 1, shortened: true };
}
/**
 * Shares `budget` bytes among the tails (smallest first, each gets at most an equal share of what is
 * left) and renders them; tails that do not fit are left out.
 */
function fitTails(sources, budget, separatorBytes = 2) {
    const full = sources.map((s) => {
        const rendered = renderTail(s);
        return { rendered, size: (0,report_text/* byteLength */.dp)(rendered.text) + separatorBytes };
    });
    const order = full.map((_, i) => i).sort((a, b) => full[a].size - full[b].size);
    const shares = new Array(sources.length).fill(0);
    let remaining = Math.max(0, budget);
    order.forEach((idx, k) => {
        const share = Math.floor(remaining / (order.length - k));
        const give = Math.min(full[idx].size, share);
        shares[idx] = give;
        remaining -= give;
    });
    const tails = [];
    const omitted = [];
    sources.forEach((s, i) => {
        const t = fitTail(s, shares[i] - separatorBytes, full[i].rendered);
        if (t)
            tails.push(t);
        else
            omitted.push(s.agentId);
    });
    return { tails, omitted };
}

// EXTERNAL MODULE: ./src/wave/schema.ts
var schema = __webpack_require__(8486);
;// CONCATENATED MODULE: ./src/report/phases.ts
/**
 * Phases of a wave as the views group them: design, implementation, then each closure stage in
 * sweep order.
 */

const PHASE_ORDER = ["design", "implementation", ...schema/* CLOSURE_STAGES */.Et];
const LABELS = {
    design: "Design",
    implementation: "Implementation",
    "cont-eval": "cont-EVAL",
    security: "Security review",
    integration: "Integration",
    documentation: "Documentation",
    "cont-qa": "cont-QA",
    infra: "Infra",
    component: "Components",
    "component-matrix": "Component matrix",
    clarification: "Clarification",
};
/** The phase an agent's role runs in (roles that are not design or closure run in implementation). */
function phaseOfRole(role) {
    if (role === "design")
        return "design";
    return schema/* CLOSURE_STAGES */.Et.includes(role) ? role : "implementation";
}
/** Human label of a phase or gate stage. */
function phases_phaseLabel(stage) {
    return LABELS[stage] ?? stage;
}
/** Sort key of a stage name: known phases in order, anything else after them. */
function phaseRank(stage) {
    const i = PHASE_ORDER.indexOf(stage);
    return i >= 0 ? i : PHASE_ORDER.length;
}

;// CONCATENATED MODULE: ./src/report/timeline.ts


const FAILED = new Set(["failed", "timed-out", "idle-timeout", "budget-exceeded"]);
function agentTags(agent) {
    if (agent.status === "succeeded")
        return ["done"];
    if (FAILED.has(agent.status))
        return ["crit"];
    return [];
}
/** Start/end of an agent that ran in this attempt; null for reused or never-started agents. */
function agentSpan(agent, fallbackEnd) {
    if (agent.status === "reused" || agent.status === "not-run" || agent.status === "skipped")
        return null;
    const start = (0,report_text/* parseTime */.pe)(agent.startedAt);
    if (start === null)
        return null;
    let end = (0,report_text/* parseTime */.pe)(agent.completedAt);
    if (end === null && typeof agent.durationMs === "number")
        end = start + agent.durationMs;
    if (end === null)
        end = fallbackEnd;
    if (end === null || end < start)
        end = start;
    return { start, end };
}
function agentTaskName(agent) {
    const title = agent.title ? ` ${agent.title}` : "";
    return `${agent.id}${title} - ${agent.status}`;
}
function axisFor(spanMs) {
    if (spanMs <= 3_600_000)
        return "%H:%M:%S";
    if (spanMs <= 86_400_000)
        return "%H:%M";
    return "%m-%d %H:%M";
}
function chartSpan(sections) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const s of sections) {
        for (const t of s.tasks) {
            lo = Math.min(lo, t.start);
            hi = Math.max(hi, t.end);
        }
    }
    return Number.isFinite(lo) && Number.isFinite(hi) ? hi - lo : 0;
}
/**
 * A wave's timeline: one section per phase (design, implementation, each closure stage) holding the
 * stage's own bar (from `stages` timings) and its agents' bars; other recorded stages go to a
 * `Stages` section. Null when nothing has timestamps.
 */
function waveTimeline(result) {
    const waveEnd = (0,report_text/* parseTime */.pe)(result.completedAt);
    const byPhase = new Map();
    const push = (phase, task) => {
        const list = byPhase.get(phase) ?? [];
        list.push(task);
        byPhase.set(phase, list);
    };
    const known = new Set(PHASE_ORDER);
    const otherStages = [];
    for (const stage of result.stages ?? []) {
        const start = (0,report_text/* parseTime */.pe)(stage.startedAt);
        if (start === null)
            continue;
        const end = (0,report_text/* parseTime */.pe)(stage.completedAt) ?? waveEnd ?? start;
        const task = { name: `stage ${phases_phaseLabel(stage.stage)}`, start, end: Math.max(start, end) };
        if (known.has(stage.stage))
            push(stage.stage, task);
        else
            otherStages.push(task);
    }
    for (const agent of result.agents) {
        const span = agentSpan(agent, waveEnd);
        if (!span)
            continue;
        push(phaseOfRole(agent.role), { name: agentTaskName(agent), ...span, tags: agentTags(agent) });
    }
    const sections = [];
    if (otherStages.length > 0)
        sections.push({ name: "Stages", tasks: otherStages });
    for (const phase of [...byPhase.keys()].sort((a, b) => phaseRank(a) - phaseRank(b))) {
        sections.push({ name: phases_phaseLabel(phase), tasks: byPhase.get(phase) });
    }
    if (sections.length === 0)
        return null;
    return {
        title: `Wave ${result.wave} (lane ${result.lane}) attempt ${result.attempt}`,
        sections,
        axisFormat: axisFor(chartSpan(sections)),
    };
}
/**
 * Several waves on one timeline: one section per wave with the wave's bar, then its stages (or its
 * agents when no stage timings were recorded).
 */
function timeline_wavesTimeline(results, maxTasksPerWave = 40) {
    const sections = [];
    const sorted = [...results].sort((a, b) => a.wave - b.wave || a.lane.localeCompare(b.lane));
    for (const r of sorted) {
        const start = parseTime(r.startedAt);
        const end = parseTime(r.completedAt);
        const tasks = [];
        if (start !== null) {
            const tags = r.status === "passed" ? ["done"] : r.status === "failed" ? ["crit"] : [];
            tasks.push({ name: `wave ${r.wave} - ${r.status}`, start, end: end ?? start, tags });
        }
        const stages = (r.stages ?? [])
            .map((s) => ({ s, start: parseTime(s.startedAt) }))
            .filter((x) => x.start !== null);
        if (stages.length > 0) {
            for (const { s, start: st } of stages) {
                const en = parseTime(s.completedAt) ?? end ?? st;
                tasks.push({ name: `${phaseLabel(s.stage)}`, start: st, end: Math.max(st, en) });
            }
        }
        else {
            for (const agent of r.agents) {
                const span = agentSpan(agent, end);
                if (span)
                    tasks.push({ name: agentTaskName(agent), ...span, tags: agentTags(agent) });
            }
        }
        if (tasks.length === 0)
            continue;
        sections.push({ name: `Wave ${r.wave}${results.some((o) => o.lane !== r.lane) ? ` ${r.lane}` : ""}`, tasks: tasks.slice(0, maxTasksPerWave) });
    }
    if (sections.length === 0)
        return null;
    return { title: "Waves", sections, axisFormat: axisFor(chartSpan(sections)) };
}

// EXTERNAL MODULE: ./src/report/usage-text.ts
var usage_text = __webpack_require__(8985);
;// CONCATENATED MODULE: ./src/report/wave-summary.ts
/**
 * The job summary of one wave (markdown for `core.summary.addRaw`): status line, facts, human
 * feedback, the failure with the failing agents' last log lines, agents and gates tables, rejected
 * markers and a Mermaid timeline — always under `maxBytes`, shortening the largest parts first
 * (log tails, then detail columns, then table rows and the timeline) with a visible note.
 */










const wave_summary_DEFAULT_SUMMARY_MAX_BYTES = 1_048_576;
const DEFAULT_TAIL_LINES = 60;
const wave_summary_DETAIL_LEVELS = [
    { detail: null, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
    { detail: 300, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
    { detail: 100, rows: 1000, ganttChars: 20_000 },
    { detail: 60, rows: 200, ganttChars: 8_000 },
    { detail: 40, rows: 50, ganttChars: 3_000 },
    { detail: 20, rows: 10, ganttChars: 0 },
];
const RAN_BAD = new Set(["failed", "timed-out", "idle-timeout", "budget-exceeded", "cancelled"]);
function cap(text, level, factor = 1) {
    return (0,report_text/* truncateChars */.UT)(text, level.detail === null ? null : level.detail * factor);
}
/** Keeps at most `max` items, preferring those `important` selects, in their original order. */
function wave_summary_limitRows(items, max, important) {
    if (max === null || items.length <= max)
        return { kept: items, dropped: 0 };
    const keep = new Set();
    items.forEach((t, i) => {
        if (keep.size < max && important(t))
            keep.add(i);
    });
    items.forEach((_, i) => {
        if (keep.size < max)
            keep.add(i);
    });
    return { kept: items.filter((_, i) => keep.has(i)), dropped: items.length - keep.size };
}
function agentCell(agent, input) {
    const file = input.waveFile ?? input.result.waveFile;
    const line = input.agentLines?.[agent.id];
    if (input.sourceUrl && file && line) {
        const base = input.sourceUrl.replace(/\/+$/, "");
        const path = file.split("/").map(encodeURIComponent).join("/");
        return (0,markdown/* link */.nf)(agent.id, `${base}/${path}#L${line}`);
    }
    return (0,markdown/* escapeCell */.kq)(agent.id);
}
function statusText(agent) {
    if (agent.status === "succeeded" || agent.status === "reused" || agent.status === "not-run" || agent.status === "skipped") {
        return agent.status;
    }
    if (agent.signal)
        return `${agent.status} (${agent.signal})`;
    if (agent.exitCode !== null)
        return `${agent.status} (exit ${agent.exitCode})`;
    return agent.status;
}
function executorText(agent) {
    const chain = (agent.executorHistory ?? []).map((h) => h.executor);
    if (chain.length === 0 || (chain.length === 1 && chain[0] === agent.executor))
        return agent.executor;
    if (chain[chain.length - 1] !== agent.executor)
        chain.push(agent.executor);
    return chain.join(" → ");
}
function reuseText(agent, result) {
    if (agent.status === "reused")
        return agent.reusedFrom ? `reused from ${agent.reusedFrom}` : "reused";
    if (agent.usage?.continuedSession)
        return "continued its session";
    if ((0,report_headline/* ranAgain */.il)(agent, result))
        return "ran again";
    return "—";
}
function agentsTable(input, level, notes) {
    const { result } = input;
    if (result.agents.length === 0)
        return "### Agents\n\nNo agents.";
    const { kept, dropped } = wave_summary_limitRows(result.agents, level.rows, (a) => RAN_BAD.has(a.status) || a.id === result.failure?.agentId);
    // Tokens and cost columns once any agent's CLI reported usage.
    const usage = (0,usage_text/* anyUsage */.O8)(result.agents);
    const rows = kept.map((a) => [
        agentCell(a, input),
        (0,markdown/* escapeCell */.kq)(a.title ? cap(a.title, level) : null),
        (0,markdown/* escapeCell */.kq)(a.role),
        (0,markdown/* escapeCell */.kq)(executorText(a)),
        (0,markdown/* escapeCell */.kq)(statusText(a)),
        `${a.attempts} / ${a.runs}`,
        (0,markdown/* escapeCell */.kq)((0,report_text/* humanDuration */.UU)((0,report_text/* spanMs */.J6)(a.durationMs, a.startedAt, a.completedAt))),
        ...(usage ? [(0,markdown/* escapeCell */.kq)((0,usage_text/* tokensCell */.$K)(a.usage)), (0,markdown/* escapeCell */.kq)((0,usage_text/* costCell */.ch)(a.usage))] : []),
        (0,markdown/* escapeCell */.kq)(reuseText(a, result)),
    ]);
    const headers = ["Agent", "Title", "Role", "Executor", "Status", "Attempts / runs", "Duration", ...(usage ? ["Tokens", "Cost"] : []), "Reuse"];
    let out = `### Agents\n\n${(0,markdown/* table */.tp)(headers, rows)}`;
    if (dropped > 0) {
        out += `\n\n${(0,report_text/* plural */.LS)(dropped, "more agent")} not shown (see result.json in the artifact).`;
        notes.push(`agents table limited to ${level.rows} rows`);
    }
    return out;
}
function gateResultText(g) {
    if (g.skipped)
        return "skipped";
    return g.ok ? "pass" : "fail";
}
function gatesTable(result, level, notes) {
    if (result.gates.length === 0)
        return null;
    const { kept, dropped } = wave_summary_limitRows(result.gates, level.rows, (g) => !g.ok);
    const rows = kept.map((g) => [
        (0,markdown/* escapeCell */.kq)(g.componentId ? `${g.stage} (${g.componentId})` : g.stage),
        (0,markdown/* escapeCell */.kq)(g.agentId),
        gateResultText(g),
        (0,markdown/* inlineCode */.ti)(g.statusCode),
        (0,markdown/* escapeCell */.kq)(cap(g.detail, level)),
    ]);
    let out = `### Gates\n\n${(0,markdown/* table */.tp)(["Stage", "Agent", "Result", "Status code", "Detail"], rows)}`;
    if (dropped > 0) {
        out += `\n\n${(0,report_text/* plural */.LS)(dropped, "more gate")} not shown.`;
        notes.push(`gates table limited to ${level.rows} rows`);
    }
    return out;
}
function diagnosticsTable(diags, level, notes) {
    if (diags.length === 0)
        return null;
    const sorted = [...diags].sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.line - b.line));
    const { kept, dropped } = wave_summary_limitRows(sorted, level.rows, (d) => d.severity !== "warning");
    const withSeverity = diags.some((d) => d.severity === "warning");
    const rows = kept.map((d) => {
        const cells = [(0,markdown/* escapeCell */.kq)(d.agentId), String(d.line), (0,markdown/* escapeCell */.kq)(d.kind), (0,markdown/* escapeCell */.kq)(cap(d.reason, level)), (0,markdown/* inlineCode */.ti)(cap(d.text, level))];
        if (withSeverity)
            cells.splice(2, 0, d.severity === "warning" ? "warning" : "rejected");
        return cells;
    });
    const headers = ["Agent", "Log line", "Kind", "Problem", "Line"];
    if (withSeverity)
        headers.splice(2, 0, "Result");
    let out = "### Marker lines that were not accepted\n\nThese lines looked like structured markers but did not count for any gate.\n\n" +
        (0,markdown/* table */.tp)(headers, rows);
    if (dropped > 0) {
        out += `\n\n${(0,report_text/* plural */.LS)(dropped, "more marker line")} not shown.`;
        notes.push(`marker table limited to ${level.rows} rows`);
    }
    return out;
}
function factsList(input) {
    const { result } = input;
    const facts = [];
    facts.push(`- Started ${(0,markdown/* escapeInline */.VV)((0,report_text/* formatUtc */.ay)(result.startedAt))}, finished ${(0,markdown/* escapeInline */.VV)((0,report_text/* formatUtc */.ay)(result.completedAt))}`);
    const file = input.waveFile ?? result.waveFile;
    if (file)
        facts.push(`- Wave file: ${(0,markdown/* inlineCode */.ti)(file)}`);
    const counts = new Map();
    for (const a of result.agents)
        counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    if (counts.size > 0) {
        facts.push(`- Agents: ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
    }
    const resumed = input.resume?.source ?? result.resumedFrom;
    if (resumed) {
        const reused = result.agents.filter((a) => a.status === "reused").map((a) => a.id);
        const src = input.resume?.url ? (0,markdown/* link */.nf)(resumed, input.resume.url) : (0,markdown/* inlineCode */.ti)(resumed);
        const what = reused.length > 0 ? `; reused ${(0,markdown/* escapeInline */.VV)((0,report_text/* truncateChars */.UT)(reused.join(", "), 300))}` : "; nothing reused";
        facts.push(`- Resumed from ${src}${what}`);
    }
    const usage = (0,usage_text/* usageLine */.U0)(result.usage);
    if (usage)
        facts.push(`- Usage: ${(0,markdown/* escapeInline */.VV)(usage)}`);
    if (input.artifact) {
        facts.push(`- Artifact: ${(0,markdown/* link */.nf)(input.artifact.name, input.artifact.url)}`);
    }
    const who = result.agentUser;
    if (who) {
        facts.push(who.mode === "separate"
            ? `- Agents ran as the OS user ${(0,markdown/* inlineCode */.ti)(who.user ?? "?")}, apart from the orchestrator`
            : `- ⚠️ **Agents shared the orchestrator's OS user**: ${(0,markdown/* escapeInline */.VV)(who.detail)}`);
    }
    return facts.join("\n");
}
function feedbackSection(result, level) {
    const fb = result.feedback;
    if (!fb)
        return null;
    const asked = `${(0,markdown/* escapeInline */.VV)(fb.agentId)} asked at ${(0,markdown/* escapeInline */.VV)((0,report_text/* formatUtc */.ay)(fb.askedAt))}:`;
    const question = (0,markdown/* quoteBlock */.Af)(cap(fb.question, level, 20));
    if (fb.answer === null) {
        const hint = result.status === "blocked"
            ? `\n\nTo answer, run this wave again with the answer in the action's \`feedback\` input (locally: \`wave run --wave ${result.wave} --feedback "…"\`). The answer reaches ${(0,markdown/* escapeInline */.VV)(fb.agentId)}'s prompt and only what is needed runs again.`
            : "";
        return `### Waiting for a human answer\n\n${asked}\n\n${question}${hint}`;
    }
    return `### Human feedback\n\n${asked}\n\n${question}\n\nAnswer given to this run:\n\n${(0,markdown/* quoteBlock */.Af)(cap(fb.answer, level, 20))}`;
}
function failureSection(result, level) {
    const f = result.failure;
    if (!f)
        return null;
    const heading = result.status === "cancelled" ? "Cancellation" : result.status === "blocked" ? "Blocked" : "Failure";
    const agent = f.agentId ? result.agents.find((a) => a.id === f.agentId) : undefined;
    const lines = [`- Stage: ${(0,markdown/* escapeInline */.VV)(f.stage)}`];
    if (f.agentId) {
        const title = agent?.title ? ` — ${(0,markdown/* escapeInline */.VV)(cap(agent.title, level))}` : "";
        lines.push(`- Agent: ${(0,markdown/* escapeInline */.VV)(f.agentId)}${title}`);
    }
    lines.push(`- Status code: ${(0,markdown/* inlineCode */.ti)(f.statusCode)}`);
    if (f.detail)
        lines.push(`- Detail: ${(0,markdown/* escapeInline */.VV)(cap(f.detail, level, 4))}`);
    if (f.log)
        lines.push(`- Log: ${(0,markdown/* inlineCode */.ti)(f.log)}`);
    return `### ${heading}\n\n${lines.join("\n")}`;
}
function timelineSection(result, level, notes) {
    if (level.ganttChars <= 0) {
        notes.push("timeline left out");
        return null;
    }
    const chart = waveTimeline(result);
    if (!chart)
        return null;
    const g = mermaid_renderGantt(chart, level.ganttChars);
    if (g.tasks === 0)
        return null;
    let out = `### Timeline\n\n${(0,markdown/* codeFence */.d6)(g.text, "mermaid")}`;
    const off = result.agents.filter((a) => a.status === "reused" || a.status === "not-run" || a.status === "skipped");
    if (off.length > 0) {
        out += `\n\nNot on the timeline (did not run in this attempt): ${(0,markdown/* escapeInline */.VV)((0,report_text/* truncateChars */.UT)(off.map((a) => `${a.id} (${a.status})`).join(", "), 500))}.`;
    }
    if (g.omittedTasks > 0) {
        out += `\n\n${(0,report_text/* plural */.LS)(g.omittedTasks, "more bar")} left out of the timeline to keep the diagram small enough to render.`;
        if (level.ganttChars < DEFAULT_GANTT_MAX_CHARS)
            notes.push("timeline shortened");
    }
    return out;
}
/** Agents whose log tails are worth showing: the failing agent first, then other failed ones, the asker. */
function tailSources(input, tailLines) {
    const tails = input.logTails ?? {};
    const { result } = input;
    const ids = [];
    const add = (id) => {
        if (id && !ids.includes(id) && typeof tails[id] === "string")
            ids.push(id);
    };
    add(result.failure?.agentId);
    for (const a of result.agents)
        if (RAN_BAD.has(a.status))
            add(a.id);
    add(result.feedback?.agentId);
    const out = [];
    for (const id of ids) {
        const agent = result.agents.find((a) => a.id === id);
        const src = prepareTail(id, tails[id], agent?.log ?? (result.failure?.agentId === id ? result.failure.log : null), tailLines);
        if (src)
            out.push(src);
    }
    return out;
}
/** What the sandbox blocked: "Sandbox blocked N requests", one row per host with the setting that allows it. */
function sandboxSection(report, level, notes) {
    if (!report)
        return null;
    const rows = report.agents.flatMap((a) => a.blocked.map((b) => ({ agentId: a.agentId, ...b })));
    const total = rows.reduce((n, r) => n + r.count, 0);
    const lines = [`### Sandbox`, "", `${report.agents.length} agent(s) ran in the sandbox (mode \`${report.mode}\`).`];
    if (total === 0)
        lines[2] += " Nothing was blocked.";
    else {
        const { kept, dropped } = wave_summary_limitRows(rows, level.rows, () => true);
        if (dropped > 0)
            notes.push(`${dropped} sandbox row(s) left out`);
        lines.push("", `**Sandbox blocked ${(0,report_text/* plural */.LS)(total, "request")}**`, "", (0,markdown/* table */.tp)(["Agent", "Host", "Port", "Count", "Allow with"], kept.map((r) => [(0,markdown/* escapeCell */.kq)(r.agentId), (0,markdown/* escapeCell */.kq)(r.host), r.port === null ? "—" : String(r.port), String(r.count), (0,markdown/* inlineCode */.ti)(r.setting)])));
    }
    const other = report.agents.flatMap((a) => a.other.map((o) => ({ agentId: a.agentId, ...o })));
    if (other.length > 0) {
        const { kept, dropped } = wave_summary_limitRows(other, level.rows, () => true);
        if (dropped > 0)
            notes.push(`${dropped} other sandbox denial(s) left out`);
        lines.push("", "Other denials:", "", ...kept.map((o) => `- ${(0,markdown/* escapeCell */.kq)(o.agentId)}: ${(0,markdown/* inlineCode */.ti)(o.line)} (${o.count}×)`));
    }
    lines.push("", `Not recorded: ${sandbox_report/* NOT_RECORDED */.D0}.`);
    return lines.join("\n");
}
function renderAtLevel(input, level) {
    const notes = [];
    const { result } = input;
    const pre = [factsList(input)];
    const fb = feedbackSection(result, level);
    if (fb)
        pre.push(fb);
    const failure = failureSection(result, level);
    if (failure)
        pre.push(failure);
    const post = [agentsTable(input, level, notes)];
    const gates = gatesTable(result, level, notes);
    if (gates)
        post.push(gates);
    const environments = (0,deployments/* renderEnvironmentsMarkdown */.CT)(input.deployments ?? [], level.detail);
    if (environments)
        post.push(environments);
    const diags = diagnosticsTable(input.markerDiagnostics ?? [], level, notes);
    if (diags)
        post.push(diags);
    if (input.modelProxy)
        post.push((0,report/* renderProxyMarkdown */.mn)(input.modelProxy).trimEnd());
    const sandbox = sandboxSection(input.sandbox, level, notes);
    if (sandbox)
        post.push(sandbox);
    const timeline = timelineSection(result, level, notes);
    if (timeline)
        post.push(timeline);
    if (level.detail !== null)
        notes.unshift(`long texts cut to ${level.detail} characters`);
    return { pre, post, notes };
}
function noteBlock(notes, maxBytes) {
    if (notes.length === 0)
        return null;
    const limit = maxBytes === wave_summary_DEFAULT_SUMMARY_MAX_BYTES ? "GitHub's 1 MiB job summary limit" : `the ${maxBytes}-byte summary limit`;
    const text = (0,report_text/* truncateChars */.UT)(notes.join("; "), 600);
    return `> **Note:** shortened to fit ${limit}: ${(0,markdown/* escapeInline */.VV)(text)}. The artifact has the full logs and result.json.`;
}
function assemble(headline, note, r, tails) {
    const blocks = [headline];
    if (note)
        blocks.push(note);
    blocks.push(...r.pre);
    if (tails.length > 0)
        blocks.push(tails.join("\n\n"));
    blocks.push(...r.post);
    return `${blocks.join("\n\n")}\n`;
}
/** Markdown job summary of one wave, at most `maxBytes` UTF-8 bytes. */
function renderWaveSummary(input, options = {}) {
    const maxBytes = Math.max(0, Math.floor(options.maxBytes ?? wave_summary_DEFAULT_SUMMARY_MAX_BYTES));
    const headline = `## ${(0,markdown/* escapeInline */.VV)((0,report_headline/* waveHeadline */.y6)(input.result))}`;
    const sources = tailSources(input, options.tailLines ?? DEFAULT_TAIL_LINES);
    const NOTE_RESERVE = 900;
    for (const level of wave_summary_DETAIL_LEVELS) {
        const r = renderAtLevel(input, level);
        const fixedNotes = r.notes.length > 0 || sources.length > 0 ? noteBlock([...r.notes, "x"], maxBytes) : null;
        const fixed = (0,report_text/* byteLength */.dp)(assemble(headline, fixedNotes, r, []));
        if (fixed > maxBytes)
            continue;
        if (sources.length === 0) {
            const doc = assemble(headline, noteBlock(r.notes, maxBytes), r, []);
            if ((0,report_text/* byteLength */.dp)(doc) <= maxBytes)
                return doc;
            continue;
        }
        // Tails get what is left after everything else (they are the first thing to shrink).
        let budget = maxBytes - fixed - NOTE_RESERVE;
        for (let tries = 0; tries < 4; tries++) {
            const { tails, omitted } = fitTails(sources, budget);
            const notes = [...r.notes];
            const shortened = tails.filter((t) => t.shortened).map((t) => t.agentId);
            if (shortened.length > 0)
                notes.unshift(`log excerpts shortened (${shortened.join(", ")})`);
            if (omitted.length > 0)
                notes.unshift(`log excerpts left out (${omitted.join(", ")})`);
            const doc = assemble(headline, noteBlock(notes, maxBytes), r, tails.map((t) => t.text));
            const size = (0,report_text/* byteLength */.dp)(doc);
            if (size <= maxBytes)
                return doc;
            budget -= size - maxBytes + 64;
        }
    }
    // Nothing fits (a tiny limit): the status line and the note, cut to the limit.
    const last = `${headline}\n\n${noteBlock(["everything but the status line left out"], maxBytes)}\n`;
    return (0,report_text/* truncateUtf8 */.Ck)(last, maxBytes);
}

;// CONCATENATED MODULE: ./src/report/adapters.ts
/**
 * The only effects of the report module: writing a summary through `core.summary`-like objects and
 * annotations as workflow commands to a stream. Both take their target as a parameter (the
 * summary also reads the size of the step's summary file, GITHUB_STEP_SUMMARY unless given).
 */




/**
 * The runner drops a step's job summary larger than this many bytes (1 MiB), whole: every byte the
 * step wrote to GITHUB_STEP_SUMMARY counts, and nothing is shown when it is exceeded.
 */
const STEP_SUMMARY_MAX_BYTES = (/* unused pure expression or super */ null && (DEFAULT_SUMMARY_MAX_BYTES));
const CUT_NOTE = "\n\n> **Note:** the summary was cut here to fit GitHub's 1 MiB job summary limit.\n";
/** Bytes already in the step's summary file (it is the step's own: the runner gives each step one). */
async function bytesInFile(file) {
    if (!file)
        return 0;
    try {
        return (await stat(file)).size;
    }
    catch {
        return 0;
    }
}
/**
 * `markdown` ending in a newline, cut (with a note when there is room for one) so that it is at
 * most `maxBytes` UTF-8 bytes. Pure.
 */
function fitSummary(markdown, maxBytes) {
    const text = markdown.endsWith("\n") ? markdown : `${markdown}\n`;
    if (byteLength(text) <= maxBytes)
        return text;
    const room = maxBytes - byteLength(CUT_NOTE);
    if (room <= 0)
        return truncateUtf8(text, maxBytes);
    const cut = truncateUtf8(text, room);
    // At a line end when there is one in the last part, so a line is not cut in the middle.
    const lineEnd = cut.lastIndexOf("\n");
    return `${lineEnd >= cut.length - 4096 && lineEnd > 0 ? cut.slice(0, lineEnd) : cut}${CUT_NOTE}`;
}
/**
 * Appends markdown to the job summary (pass `core.summary`) and returns the bytes written. What
 * the step's summary file already holds and what the writer has buffered count against the
 * limit (default the runner's 1 MiB), and no end-of-line is added beyond the one newline the
 * markdown ends with, so the file never grows past the limit.
 */
async function writeJobSummary(markdown, summary, options = {}) {
    const maxBytes = options.maxBytes ?? STEP_SUMMARY_MAX_BYTES;
    const used = (await bytesInFile(options.file ?? process.env.GITHUB_STEP_SUMMARY)) + byteLength(summary.stringify?.() ?? "");
    const text = fitSummary(markdown, Math.max(0, maxBytes - used));
    if (text)
        summary.addRaw(text, false);
    await summary.write();
    return byteLength(text);
}
/** Writes each annotation as a workflow command line (to stdout in a job). */
function emitAnnotations(annotations, out) {
    for (const a of annotations)
        out.write(`${formatWorkflowCommand(a)}\n`);
}

// EXTERNAL MODULE: ./src/state/schema.ts
var state_schema = __webpack_require__(6858);
// EXTERNAL MODULE: ./src/usage/totals.ts
var totals = __webpack_require__(7288);
;// CONCATENATED MODULE: ./src/report/aggregate-summary.ts
/**
 * One summary for many waves (the reusable workflow's report job): outcome line, waves table,
 * what stopped each wave that did not pass, questions waiting for an answer, and a timeline with
 * one section per wave.
 */









function artifactFor(r, extras) {
    const a = extras.artifacts;
    if (!a)
        return undefined;
    return a[`${r.lane}/${r.wave}`] ?? a[String(r.wave)];
}
/** Wall-clock span from the first start to the last end. */
function wallTime(results) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const r of results) {
        const a = parseTime(r.startedAt);
        const b = parseTime(r.completedAt);
        if (a !== null)
            lo = Math.min(lo, a);
        if (b !== null)
            hi = Math.max(hi, b);
    }
    return Number.isFinite(lo) && Number.isFinite(hi) && hi >= lo ? hi - lo : null;
}
function waveRange(results) {
    const nums = [...new Set(results.map((r) => r.wave))].sort((a, b) => a - b);
    if (nums.length === 0)
        return "Waves";
    if (nums.length === 1)
        return `Wave ${nums[0]}`;
    const contiguous = nums.every((n, i) => i === 0 || n === nums[i - 1] + 1);
    return contiguous ? `Waves ${nums[0]}–${nums[nums.length - 1]}` : `Waves ${nums.join(", ")}`;
}
/** `Waves 1–4 (lane main): 3 passed, 1 failed — 12m 30s`. */
function aggregateHeadline(results, missing = []) {
    const lanes = [...new Set(results.map((r) => r.lane))];
    const laneText = lanes.length === 0 ? "" : lanes.length === 1 ? ` (lane ${lanes[0]})` : ` (lanes ${lanes.join(", ")})`;
    const counts = new Map();
    for (const r of results)
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    const parts = WAVE_STATUSES.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`);
    if (missing.length > 0)
        parts.push(`${missing.length} without a result`);
    if (parts.length === 0)
        parts.push("no results");
    return `${waveRange(results)}${laneText}: ${parts.join(", ")} — ${humanDuration(wallTime(results))}`;
}
function wavesTable(results, extras, level, notes) {
    const lanes = new Set(results.map((r) => r.lane));
    const multiLane = lanes.size > 1;
    const sorted = [...results].sort((a, b) => a.wave - b.wave || a.lane.localeCompare(b.lane));
    const { kept, dropped } = limitRows(sorted, level.rows, (r) => r.status !== "passed");
    const withCost = results.some((r) => usageLine(r.usage) !== null);
    const headers = ["Wave", "Status", "Attempt", "Duration", ...(withCost ? ["Cost"] : []), "Failure stage", "Failed agent", "Resumed from", "Artifact"];
    if (multiLane)
        headers.splice(1, 0, "Lane");
    const rows = kept.map((r) => {
        const art = artifactFor(r, extras);
        const cells = [
            String(r.wave),
            escapeCell(r.status),
            String(r.attempt),
            escapeCell(humanDuration(r.durationMs)),
            ...(withCost ? [escapeCell(r.usage ? costText(r.usage.costUsd, r.usage.costEstimated) : "—")] : []),
            escapeCell(r.failure?.stage ?? null),
            escapeCell(r.failure?.agentId ?? (r.status === "blocked" ? r.feedback?.agentId : null) ?? null),
            r.resumedFrom ? inlineCode(truncateChars(r.resumedFrom, level.detail ?? 200)) : "—",
            art ? link(art.name, art.url) : "—",
        ];
        if (multiLane)
            cells.splice(1, 0, escapeCell(r.lane));
        return cells;
    });
    for (const w of extras.missingWaves ?? []) {
        const cells = [String(w), "no result", "—", "—", ...(withCost ? ["—"] : []), "—", "—", "—", "—"];
        if (multiLane)
            cells.splice(1, 0, "—");
        rows.push(cells);
    }
    let out = `### Waves\n\n${table(headers, rows)}`;
    if (dropped > 0) {
        out += `\n\n${plural(dropped, "more wave")} not shown.`;
        notes.push(`waves table limited to ${level.rows} rows`);
    }
    return out;
}
function problemsSection(results, level, notes) {
    const bad = [...results].filter((r) => r.status !== "passed" && r.status !== "dry-run").sort((a, b) => a.wave - b.wave);
    if (bad.length === 0)
        return null;
    const { kept, dropped } = limitRows(bad, level.rows, () => true);
    const cap = (t, factor = 1) => truncateChars(t, level.detail === null ? null : level.detail * factor);
    const items = kept.map((r) => {
        let item = `- Wave ${r.wave}${results.some((o) => o.lane !== r.lane) ? ` (lane ${escapeInline(r.lane)})` : ""}: ${escapeInline(outcomePhrase(r))}`;
        if (r.failure) {
            item += ` — ${inlineCode(r.failure.statusCode)}`;
            if (r.failure.detail)
                item += `: ${escapeInline(cap(r.failure.detail, 4))}`;
        }
        if (r.feedback && r.feedback.answer === null) {
            const q = quoteBlock(cap(r.feedback.question, 10))
                .split("\n")
                .map((l) => `  ${l}`)
                .join("\n");
            item += `\n\n  ${escapeInline(r.feedback.agentId)} asks:\n\n${q}\n`;
        }
        return item;
    });
    let out = `### What stopped the waves that did not pass\n\n${items.join("\n")}`;
    if (bad.some((r) => r.status === "blocked")) {
        out += "\n\nAnswer a question by running the wave again with the answer in the `feedback` input; the run resumes from its artifact.";
    }
    if (dropped > 0) {
        out += `\n\n${plural(dropped, "more wave")} not listed.`;
        notes.push(`list of problems limited to ${level.rows} waves`);
    }
    return out;
}
function aggregate_summary_timelineSection(results, level, notes) {
    if (level.ganttChars <= 0) {
        notes.push("timeline left out");
        return null;
    }
    const chart = wavesTimeline(results);
    if (!chart)
        return null;
    const g = renderGantt(chart, level.ganttChars);
    if (g.tasks === 0)
        return null;
    let out = `### Timeline\n\n${codeFence(g.text, "mermaid")}`;
    if (g.omittedTasks > 0)
        out += `\n\n${plural(g.omittedTasks, "more bar")} left out of the timeline.`;
    return out;
}
/** Markdown summary of many waves, at most `extras.maxBytes` (default 1 MiB) UTF-8 bytes. */
function renderAggregateSummary(results, extras = {}) {
    const maxBytes = Math.max(0, Math.floor(extras.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES));
    const title = extras.title ? `${extras.title}: ` : "";
    const headline = `## ${escapeInline(title + aggregateHeadline(results, extras.missingWaves))}`;
    for (const level of DETAIL_LEVELS) {
        const notes = [];
        const blocks = [headline];
        if (extras.runUrl)
            blocks.push(`Run: ${link("workflow run", extras.runUrl)}`);
        const total = usageLine(addWaveUsage(results.map((r) => r.usage)));
        if (total)
            blocks.push(`Usage of these runs: ${escapeInline(total)}`);
        blocks.push(wavesTable(results, extras, level, notes));
        const problems = problemsSection(results, level, notes);
        if (problems)
            blocks.push(problems);
        const tl = aggregate_summary_timelineSection(results, level, notes);
        if (tl)
            blocks.push(tl);
        if (level.detail !== null)
            notes.unshift(`long texts cut to ${level.detail} characters`);
        if (notes.length > 0) {
            blocks.splice(1, 0, `> **Note:** shortened to fit the summary limit: ${escapeInline(notes.join("; "))}. Each wave's artifact has its full result.`);
        }
        const doc = `${blocks.join("\n\n")}\n`;
        if (byteLength(doc) <= maxBytes)
            return doc;
    }
    return truncateUtf8(`${headline}\n\n> **Note:** everything but the status line left out to fit the summary limit.\n`, maxBytes);
}

;// CONCATENATED MODULE: ./src/report/progress/engine.ts
function progressEventFromEngine(event, at) {
    switch (event.type) {
        case "wave-start":
            return {
                type: "wave-start",
                at,
                lane: event.lane,
                wave: event.wave,
                attempt: event.attempt,
                resumedFrom: event.resumedFrom,
                agents: event.agents.map((a) => ({ id: a.id, title: a.title, role: a.role, executor: a.executor, phase: a.phase })),
            };
        case "stage-start":
            return { type: "stage-start", at, stage: event.stage, agentIds: event.agentIds };
        case "stage-end":
            return { type: "stage-end", at, stage: event.stage, ok: event.ok };
        case "agent-start":
            return { type: "agent-start", at, agentId: event.agentId, executor: event.executor, run: event.run };
        case "agent-marker":
            return { type: "agent-output", at, agentId: event.agentId, text: event.text };
        case "agent-reused":
            return { type: "agent-reused", at, agentId: event.agentId, from: event.from };
        case "agent-end":
            return { type: "agent-end", at, agentId: event.agentId, status: event.status, exitCode: event.exitCode, durationMs: event.durationMs };
        case "gate":
            return {
                type: "gate",
                at,
                stage: event.gate.stage,
                agentId: event.gate.agentId,
                ok: event.gate.ok,
                statusCode: event.gate.statusCode,
                detail: event.gate.detail,
                skipped: event.gate.skipped ?? false,
            };
        case "warning":
            return { type: "warning", at, message: event.message };
        case "notice":
            return { type: "notice", at, message: event.message };
        case "wave-end":
            return {
                type: "wave-end",
                at,
                status: event.result.status,
                failure: event.result.failure ? { stage: event.result.failure.stage, agentId: event.result.failure.agentId } : null,
            };
        default:
            return null;
    }
}

;// CONCATENATED MODULE: ./src/report/progress/model.ts

const LAST_TEXT_MAX = 200;
const WARNINGS_KEPT = 20;
function createProgressModel() {
    return {
        lane: null,
        wave: null,
        attempt: null,
        resumedFrom: null,
        startedAt: null,
        now: 0,
        stage: null,
        stages: [],
        agents: [],
        gates: [],
        warnings: [],
        status: null,
        failure: null,
        endedAt: null,
    };
}
function newAgent(intro) {
    return {
        id: intro.id,
        title: intro.title ?? null,
        role: intro.role ?? null,
        executor: intro.executor ?? null,
        phase: intro.phase ?? null,
        state: "pending",
        startedAt: null,
        endedAt: null,
        runs: 0,
        last: null,
        exitCode: null,
    };
}
function updateAgent(model, id, change) {
    const i = model.agents.findIndex((a) => a.id === id);
    if (i < 0)
        return [...model.agents, change(newAgent({ id }))];
    const agents = model.agents.slice();
    agents[i] = change(agents[i]);
    return agents;
}
/** Applies one event; returns a new model (the input is not modified). */
function applyProgressEvent(model, event) {
    const now = Math.max(model.now, event.at);
    const base = { ...model, now };
    switch (event.type) {
        case "wave-start":
            return {
                ...base,
                lane: event.lane,
                wave: event.wave,
                attempt: event.attempt,
                resumedFrom: event.resumedFrom ?? null,
                startedAt: model.startedAt ?? event.at,
                agents: event.agents.map((intro) => {
                    const old = model.agents.find((a) => a.id === intro.id);
                    return old ? { ...old, ...stripUndefined(intro) } : newAgent(intro);
                }),
                status: null,
                failure: null,
                endedAt: null,
            };
        case "stage-start": {
            const stages = [...model.stages, { name: event.stage, startedAt: event.at, endedAt: null, ok: null }];
            let agents = base.agents;
            for (const id of event.agentIds ?? []) {
                agents = updateAgent({ ...base, agents }, id, (a) => (a.phase ? a : { ...a, phase: event.stage }));
            }
            return { ...base, stage: event.stage, stages, agents, startedAt: model.startedAt ?? event.at };
        }
        case "stage-end": {
            const stages = model.stages.slice();
            for (let i = stages.length - 1; i >= 0; i--) {
                if (stages[i].name === event.stage && stages[i].endedAt === null) {
                    stages[i] = { ...stages[i], endedAt: event.at, ok: event.ok ?? null };
                    break;
                }
            }
            const open = stages.filter((s) => s.endedAt === null);
            return { ...base, stages, stage: open.length > 0 ? open[open.length - 1].name : null };
        }
        case "agent-start":
            return {
                ...base,
                startedAt: model.startedAt ?? event.at,
                agents: updateAgent(model, event.agentId, (a) => ({
                    ...a,
                    state: "running",
                    startedAt: a.state === "running" && a.startedAt !== null ? a.startedAt : event.at,
                    endedAt: null,
                    exitCode: null,
                    executor: event.executor ?? a.executor,
                    runs: Math.max(a.runs + 1, event.run ?? 0),
                })),
            };
        case "agent-output": {
            const text = (0,report_text/* truncateChars */.UT)((0,report_text/* oneLine */.TN)(event.text), LAST_TEXT_MAX);
            if (text === "")
                return base;
            return { ...base, agents: updateAgent(model, event.agentId, (a) => ({ ...a, last: text })) };
        }
        case "agent-reused":
            return {
                ...base,
                agents: updateAgent(model, event.agentId, (a) => ({
                    ...a,
                    state: "reused",
                    last: event.from ? (0,report_text/* truncateChars */.UT)((0,report_text/* oneLine */.TN)(`reused from ${event.from}`), LAST_TEXT_MAX) : "reused",
                })),
            };
        case "agent-end":
            return {
                ...base,
                agents: updateAgent(model, event.agentId, (a) => {
                    const startedAt = a.startedAt ?? (typeof event.durationMs === "number" ? event.at - event.durationMs : null);
                    return { ...a, state: event.status, endedAt: event.at, startedAt, exitCode: event.exitCode ?? null };
                }),
            };
        case "gate":
            return {
                ...base,
                gates: [
                    ...model.gates,
                    { stage: event.stage, agentId: event.agentId, ok: event.ok, statusCode: event.statusCode, skipped: event.skipped ?? false },
                ],
            };
        case "notice":
            return base;
        case "warning":
            return { ...base, warnings: [...model.warnings, (0,report_text/* truncateChars */.UT)((0,report_text/* oneLine */.TN)(event.message), LAST_TEXT_MAX)].slice(-WARNINGS_KEPT) };
        case "wave-end":
            return {
                ...base,
                status: event.status,
                failure: event.failure ?? null,
                endedAt: event.at,
                stage: null,
                // Whatever still shows as running did not report an end: freeze its clock.
                agents: model.agents.map((a) => (a.state === "running" ? { ...a, endedAt: event.at } : a)),
                stages: model.stages.map((s) => (s.endedAt === null ? { ...s, endedAt: event.at } : s)),
            };
        case "tick":
            return base;
    }
}
function stripUndefined(intro) {
    const out = {};
    if (intro.title !== undefined)
        out.title = intro.title;
    if (intro.role !== undefined)
        out.role = intro.role;
    if (intro.executor !== undefined)
        out.executor = intro.executor;
    if (intro.phase !== undefined)
        out.phase = intro.phase;
    return out;
}
/** Applies events in order. */
function reduceProgress(events, start = createProgressModel()) {
    let m = start;
    for (const e of events)
        m = applyProgressEvent(m, e);
    return m;
}
/** Milliseconds an agent has run (up to `now` when still running). */
function model_agentElapsed(a, now) {
    if (a.startedAt === null)
        return null;
    const end = a.endedAt ?? (a.state === "running" ? now : null);
    return end === null ? null : Math.max(0, end - a.startedAt);
}

;// CONCATENATED MODULE: ./src/report/progress/render.ts
/**
 * Renderers of the live progress: the terminal table, one plain line per event (non-TTY), and the
 * compact status line printed every 30 s in a job log.
 */



const COLORS = {
    running: "\x1b[33m",
    succeeded: "\x1b[32m",
    reused: "\x1b[32m",
    failed: "\x1b[31m",
    "timed-out": "\x1b[31m",
    "idle-timeout": "\x1b[31m",
    cancelled: "\x1b[35m",
    pending: "\x1b[2m",
    "not-run": "\x1b[2m",
    skipped: "\x1b[2m",
};
const RESET = "\x1b[0m";
function counts(model) {
    const running = model.agents.filter((a) => a.state === "running").length;
    const pending = model.agents.filter((a) => a.state === "pending").length;
    const done = model.agents.length - running - pending;
    return `${running} running, ${done} done, ${pending} pending`;
}
function waveLabel(model) {
    const wave = model.wave === null ? "wave" : `wave ${model.wave}`;
    const lane = model.lane ? ` (lane ${(0,report_text/* oneLine */.TN)(model.lane)})` : "";
    const attempt = model.attempt ? ` attempt ${model.attempt}` : "";
    return `${wave}${lane}${attempt}`;
}
function outcome(model) {
    if (!model.status)
        return null;
    const f = model.failure;
    if (!f || model.status === "passed" || !(0,report_headline/* failurePlace */.Sw)(f))
        return model.status;
    return `${model.status} at ${(0,report_text/* oneLine */.TN)((0,report_headline/* failurePlace */.Sw)(f))}`;
}
function waveElapsed(model, now) {
    if (model.startedAt === null)
        return null;
    return Math.max(0, (model.endedAt ?? now) - model.startedAt);
}
/** Lines of the live table (no trailing newlines). */
function renderTtyTable(model, options) {
    const columns = Math.max(20, Math.floor(options.columns ?? 80));
    const width = columns - 1;
    const now = options.now;
    const paint = (state, text) => (options.color && COLORS[state] ? `${COLORS[state]}${text}${RESET}` : text);
    const header = [waveLabel(model), (0,report_text/* humanDuration */.UU)(waveElapsed(model, now))];
    const done = outcome(model);
    if (done)
        header.push(done);
    else if (model.stage)
        header.push(`stage ${(0,report_text/* oneLine */.TN)(model.stage)}`);
    header.push(counts(model));
    const lines = [(0,report_text/* fitWidth */.G0)(header.join(" · "), width)];
    // Column widths: agent, state, elapsed, stage fixed; title and last share the rest.
    const idW = Math.min(10, Math.max(5, ...model.agents.map((a) => (0,report_text/* oneLine */.TN)(a.id).length)));
    const stateW = 12;
    const timeW = 8;
    const wide = width >= 70;
    const stageW = wide ? 14 : 0;
    const fixed = idW + 1 + stateW + 1 + timeW + 1 + (wide ? stageW + 1 : 0);
    const rest = Math.max(0, width - fixed);
    const titleW = wide ? Math.min(24, Math.floor(rest * 0.4)) : 0;
    const lastW = Math.max(0, rest - (titleW > 0 ? titleW + 1 : 0));
    const row = (id, title, state, time, stage, last, paintState) => {
        const build = (colored) => {
            const cells = [(0,report_text/* padTo */.v0)(id, idW)];
            if (titleW > 0)
                cells.push((0,report_text/* padTo */.v0)(title, titleW));
            const st = (0,report_text/* padTo */.v0)(state, stateW);
            cells.push(colored && paintState ? paint(paintState, st) : st);
            cells.push((0,report_text/* padTo */.v0)(time, timeW));
            if (stageW > 0)
                cells.push((0,report_text/* padTo */.v0)(stage, stageW));
            if (lastW > 0)
                cells.push((0,report_text/* fitWidth */.G0)(last, lastW));
            return cells.join(" ").trimEnd();
        };
        const plain = build(false);
        // A terminal too narrow for the fixed columns: cut the plain row (colors would miscount).
        if ((0,report_text/* displayWidth */.F1)(plain) > width)
            return (0,report_text/* fitWidth */.G0)(plain, width);
        return options.color ? build(true) : plain;
    };
    lines.push(row("AGENT", "TITLE", "STATE", "ELAPSED", "STAGE", "LAST MARKER / PHASE"));
    const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
    const room = Math.max(0, maxLines - lines.length);
    const agents = model.agents;
    const shown = agents.length > room ? agents.slice(0, Math.max(0, room - 1)) : agents;
    for (const a of shown) {
        lines.push(row((0,report_text/* oneLine */.TN)(a.id), (0,report_text/* oneLine */.TN)(a.title ?? ""), a.state, (0,report_text/* humanDuration */.UU)(model_agentElapsed(a, now)).replace("—", ""), (0,report_text/* oneLine */.TN)(a.phase ?? ""), a.last ?? "", a.state));
    }
    if (shown.length < agents.length && room > 0) {
        const hidden = agents.slice(shown.length);
        const running = hidden.filter((a) => a.state === "running").length;
        lines.push((0,report_text/* fitWidth */.G0)(`… ${(0,report_text/* plural */.LS)(hidden.length, "more agent")} (${running} running)`, width));
    }
    return lines.slice(0, Math.max(1, Math.min(lines.length, maxLines)));
}
function plainText(event) {
    switch (event.type) {
        case "wave-start": {
            const resumed = event.resumedFrom ? `, resumed from ${event.resumedFrom}` : "";
            return `wave ${event.wave} (lane ${event.lane}) attempt ${event.attempt}: ${(0,report_text/* plural */.LS)(event.agents.length, "agent")}${resumed}`;
        }
        case "stage-start":
            return `stage ${event.stage} started${event.agentIds && event.agentIds.length > 0 ? `: ${event.agentIds.join(", ")}` : ""}`;
        case "stage-end":
            // The stage's agents have ended; its gates are checked (and printed) next, so "passed" here
            // would contradict a failing gate.
            return `stage ${event.stage} ended${event.ok === undefined ? "" : event.ok ? ": its agents succeeded" : ": an agent did not succeed"}`;
        case "agent-start":
            return `${event.agentId} started${event.executor ? ` (${event.executor}${event.run && event.run > 1 ? `, run ${event.run}` : ""})` : event.run && event.run > 1 ? ` (run ${event.run})` : ""}`;
        case "agent-output":
            return `${event.agentId}: ${event.text}`;
        case "agent-reused":
            return `${event.agentId} reused${event.from ? ` from ${event.from}` : ""}`;
        case "agent-end": {
            const exit = event.exitCode !== undefined && event.exitCode !== null && event.status !== "succeeded" ? ` (exit ${event.exitCode})` : "";
            const took = typeof event.durationMs === "number" ? ` after ${(0,report_text/* humanDuration */.UU)(event.durationMs)}` : "";
            return `${event.agentId} ${event.status}${exit}${took}`;
        }
        case "gate": {
            const who = event.agentId ? ` (${event.agentId})` : "";
            const result = event.skipped ? "skipped" : event.ok ? "pass" : "FAIL";
            const detail = !event.ok && event.detail ? ` — ${event.detail}` : "";
            return `gate ${event.stage}${who}: ${result} ${event.statusCode}${detail}`;
        }
        case "warning":
            return `warning: ${event.message}`;
        case "notice":
            return `note: ${event.message}`;
        case "wave-end": {
            const f = event.failure;
            const where = event.status !== "passed" && (0,report_headline/* failurePlace */.Sw)(f) ? ` at ${(0,report_headline/* failurePlace */.Sw)(f)}` : "";
            return `wave ${event.status}${where}`;
        }
        case "tick":
            return null;
    }
}
/** One line for an event (null for events that print nothing, like ticks); control characters removed. */
function renderPlainLine(event, options = {}) {
    const text = plainText(event);
    if (text === null)
        return null;
    const line = (0,report_text/* oneLine */.TN)(text);
    return options.clock ? `[${(0,report_text/* formatClock */.ei)(event.at)}] ${line}` : line;
}
const LIST_MAX = 6;
function list(agents, item) {
    const shown = agents.slice(0, LIST_MAX).map(item);
    if (agents.length > LIST_MAX)
        shown.push(`+${agents.length - LIST_MAX} more`);
    return shown.join(", ");
}
/** `wave 3 (lane main) attempt 1 · 2m 10s · stage implementation · running: A1 1m 40s · done: A3 succeeded · pending: 2`. */
function renderStatusLine(model, now) {
    const parts = [waveLabel(model), humanDuration(waveElapsed(model, now))];
    const done = outcome(model);
    if (done)
        parts.push(done);
    else if (model.stage)
        parts.push(`stage ${oneLine(model.stage)}`);
    const running = model.agents.filter((a) => a.state === "running");
    const finished = model.agents.filter((a) => a.state !== "running" && a.state !== "pending");
    const pending = model.agents.filter((a) => a.state === "pending");
    if (running.length > 0)
        parts.push(`running: ${list(running, (a) => `${oneLine(a.id)} ${humanDuration(agentElapsed(a, now))}`)}`);
    if (finished.length > 0)
        parts.push(`done: ${list(finished, (a) => `${oneLine(a.id)} ${a.state}`)}`);
    if (pending.length > 0)
        parts.push(`pending: ${pending.length}`);
    return parts.join(" · ");
}

;// CONCATENATED MODULE: ./src/report/progress/tty.ts

const CURSOR_UP = (n) => `\x1b[${n}A`;
const CLEAR_LINE = "\x1b[2K";
const CLEAR_BELOW = "\x1b[J";
const defaultTimers = {
    setTimeout: (fn, ms) => {
        const t = setTimeout(fn, ms);
        t.unref?.();
        return t;
    },
    clearTimeout: (h) => clearTimeout(h),
};
class TtyRenderer {
    stream;
    options;
    throttleMs;
    now;
    timers;
    model = null;
    frameLines = 0;
    lastDraw = Number.NEGATIVE_INFINITY;
    timer = null;
    pendingLog = "";
    closed = false;
    /** Frames drawn so far. */
    frames = 0;
    constructor(stream, options = {}) {
        this.stream = stream;
        this.options = options;
        this.throttleMs = options.throttleMs ?? 100;
        this.now = options.now ?? Date.now;
        this.timers = options.timers ?? defaultTimers;
    }
    /** New state to show: drawn now, or at the end of the throttle window. */
    update(model) {
        if (this.closed)
            return;
        this.model = model;
        this.schedule();
    }
    /** Text to print above the table (e.g. prefixed agent log lines); shown at the next redraw. */
    log(text) {
        if (this.closed) {
            this.stream.write(text);
            return;
        }
        this.pendingLog += text;
        this.schedule();
    }
    /** Draws the final frame (with `model` when given) and stops redrawing. */
    close(model) {
        if (this.closed)
            return;
        if (model)
            this.model = model;
        this.cancelTimer();
        this.draw();
        this.closed = true;
    }
    schedule() {
        if (this.timer !== null)
            return;
        const wait = this.lastDraw + this.throttleMs - this.now();
        if (wait <= 0) {
            this.draw();
            return;
        }
        this.timer = this.timers.setTimeout(() => {
            this.timer = null;
            if (!this.closed)
                this.draw();
        }, wait);
    }
    cancelTimer() {
        if (this.timer !== null) {
            this.timers.clearTimeout(this.timer);
            this.timer = null;
        }
    }
    draw() {
        let out = "";
        if (this.frameLines > 0)
            out += `${CURSOR_UP(this.frameLines)}\r`;
        if (this.pendingLog !== "") {
            // The log text replaces the old frame's lines; the new frame follows below it.
            out += CLEAR_BELOW + (this.pendingLog.endsWith("\n") ? this.pendingLog : `${this.pendingLog}\n`);
            this.pendingLog = "";
        }
        let lines = [];
        if (this.model) {
            const columns = this.stream.columns || this.options.columns || 80;
            const maxLines = this.stream.rows ? Math.max(3, this.stream.rows - 1) : undefined;
            lines = renderTtyTable(this.model, { now: this.now(), columns, color: this.options.color ?? false, maxLines });
        }
        for (const line of lines)
            out += `${CLEAR_LINE}${line}\n`;
        out += CLEAR_BELOW;
        this.stream.write(out);
        this.frameLines = lines.length;
        this.lastDraw = this.now();
        this.frames++;
    }
}

// EXTERNAL MODULE: ./src/report/status-table.ts
var status_table = __webpack_require__(9187);
;// CONCATENATED MODULE: ./src/report/index.ts
/**
 * What users see: job summaries, annotations, live progress, terminal views. Pure string
 * functions except `adapters.ts`, the `TtyRenderer` and `readDeployments` (which reads the run's
 * execution summaries).
 */






















/***/ }),

/***/ 4285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Af: () => (/* binding */ quoteBlock),
/* harmony export */   VV: () => (/* binding */ escapeInline),
/* harmony export */   d6: () => (/* binding */ codeFence),
/* harmony export */   kq: () => (/* binding */ escapeCell),
/* harmony export */   nf: () => (/* binding */ link),
/* harmony export */   ti: () => (/* binding */ inlineCode),
/* harmony export */   tp: () => (/* binding */ table),
/* harmony export */   zH: () => (/* binding */ details)
/* harmony export */ });
/* unused harmony export escapeHtml */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5655);
/**
 * GitHub-flavoured markdown building blocks with escaping: text from wave files and agents (titles,
 * details, questions, log lines) must render as text, never as markup, HTML or a broken table.
 */

/** Escapes the characters HTML gives meaning to. */
function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
// Punctuation that inline markdown (GFM tables, strikethrough, links) acts on.
const INLINE_SPECIAL = /[\\`*_[\]~|]/g;
/** Backslash-escapes inline markdown punctuation; `$` becomes an entity so GitHub math never starts. */
function escapeMarkdownPunctuation(html) {
    return html.replace(INLINE_SPECIAL, (c) => `\\${c}`).replace(/\$/g, "&#36;");
}
/**
 * One line of literal inline text: control characters and newlines become spaces, HTML is
 * entity-escaped and markdown punctuation backslash-escaped (`|` too, so it is safe in a table cell).
 */
function escapeInline(text) {
    return escapeMarkdownPunctuation(escapeHtml((0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text)));
}
/** A table cell: like {@link escapeInline}, with a dash for empty values. */
function escapeCell(text) {
    if (text === null || text === undefined)
        return "—";
    const s = escapeInline(String(text));
    return s === "" ? "—" : s;
}
/** Inline code for a short literal (file path, status code), safe in table cells. */
function inlineCode(text) {
    // <code> with entity escaping avoids every backtick-run problem of code spans.
    const body = escapeHtml((0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text)).replace(/[\\`*_[\]~|$]/g, (c) => `&#${c.charCodeAt(0)};`);
    return body === "" ? "—" : `<code>${body}</code>`;
}
/**
 * Multi-line literal text as a block quote: each line escaped, with characters that would start a
 * block construct (heading, list, quote, thematic break) escaped too.
 */
function quoteBlock(text) {
    const lines = (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .cleanLogText */ .nA)(text).split("\n");
    while (lines.length > 1 && lines[lines.length - 1].trim() === "")
        lines.pop();
    return lines
        .map((line) => {
        const escaped = escapeMarkdownPunctuation(escapeHtml(line.replace(/\t/g, "    ").replace(/[\u2028\u2029]/g, " ")));
        const lead = escaped
            .replace(/^(\s*)([#+=-])/, (_m, ws, mark) => `${ws}\\${mark}`)
            .replace(/^(\s*\d+)([.)])/, (_m, num, mark) => `${num}\\${mark}`);
        return lead.trim() === "" ? ">" : `> ${lead}`;
    })
        .join("\n");
}
/** A fenced code block whose fence is longer than any backtick run in the content. */
function codeFence(content, info = "text") {
    let longest = 0;
    for (const m of content.matchAll(/`+/g))
        longest = Math.max(longest, m[0].length);
    const fence = "`".repeat(Math.max(3, longest + 1));
    const body = content.endsWith("\n") ? content : `${content}\n`;
    return `${fence}${info}\n${body}${fence}`;
}
/** A collapsible block; `summary` is plain text (escaped here), `body` is markdown. */
function details(summary, body, open = false) {
    return `<details${open ? " open" : ""}>\n<summary>${escapeHtml((0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(summary))}</summary>\n\n${body}\n\n</details>`;
}
/** A GFM table; cells must already be escaped (use {@link escapeCell}). */
function table(headers, rows) {
    const line = (cells) => `| ${cells.join(" | ")} |`;
    return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
/** A link when the URL is http(s), plain escaped text otherwise. */
function link(text, url) {
    const label = escapeInline(text);
    if (url && /^https?:\/\/[^\s<>()]+$/i.test(url))
        return `[${label}](${url})`;
    return label;
}


/***/ }),

/***/ 9187:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dK: () => (/* binding */ renderStatusTable),
/* harmony export */   jB: () => (/* binding */ formatColumns),
/* harmony export */   tP: () => (/* binding */ renderNextSteps)
/* harmony export */ });
/* unused harmony export renderLogGroupTitle */
/* harmony import */ var _deployments_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2238);
/* harmony import */ var _usage_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8985);
/* harmony import */ var _headline_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4512);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5655);
/**
 * Plain-text views for a terminal: `wave status` (aligned columns, human durations) and the titles
 * of `::group::` blocks in a job log.
 */




/** Aligned columns; the last column is not padded. */
function formatColumns(headers, rows, options = {}) {
    const gap = " ".repeat(options.gap ?? 2);
    const clean = (s, i) => {
        const t = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(s);
        const max = options.maxWidths?.[i];
        return max ? (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .fitWidth */ .G0)(t, max) : t;
    };
    const all = [headers, ...rows].map((r) => r.map(clean));
    const widths = headers.map((_, i) => Math.max(...all.map((r) => (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .displayWidth */ .F1)(r[i] ?? ""))));
    return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .padTo */ .v0)(c, widths[i]))).join(gap).trimEnd());
}
function agentNote(a, result) {
    const notes = [];
    if (a.status === "reused")
        notes.push(a.reusedFrom ? `reused from ${a.reusedFrom}` : "reused");
    else if ((0,_headline_js__WEBPACK_IMPORTED_MODULE_2__/* .ranAgain */ .il)(a, result))
        notes.push("ran again");
    const history = a.executorHistory ?? [];
    if (history.length > 1)
        notes.push(`executors ${history.map((h) => h.executor).join(" → ")}`);
    if (a.signal)
        notes.push(`signal ${a.signal}`);
    if (a.usage?.continuedSession)
        notes.push("continued its session");
    if (result.failure?.agentId === a.id)
        notes.push("stopped the wave");
    return notes.join("; ");
}
/** The text of `wave status`; `deployments` (readDeployments) adds the environments. */
function renderStatusTable(result, extras = {}) {
    const out = [(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)((0,_headline_js__WEBPACK_IMPORTED_MODULE_2__/* .waveHeadline */ .y6)(result))];
    out.push(`Started ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatUtc */ .ay)(result.startedAt)}, finished ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatUtc */ .ay)(result.completedAt)}`);
    if (result.waveFile)
        out.push(`Wave file: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(result.waveFile)}`);
    if (result.resumedFrom)
        out.push(`Resumed from: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(result.resumedFrom)}`);
    if (result.runDir)
        out.push(`Run directory: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(result.runDir)}`);
    const usage = (0,_usage_text_js__WEBPACK_IMPORTED_MODULE_1__/* .usageLine */ .U0)(result.usage);
    if (usage)
        out.push(`Usage: ${usage}`);
    out.push("");
    if (result.agents.length > 0) {
        const withUsage = (0,_usage_text_js__WEBPACK_IMPORTED_MODULE_1__/* .anyUsage */ .O8)(result.agents);
        const rows = result.agents.map((a) => [
            a.id,
            a.title ?? "",
            a.role,
            a.executor,
            a.status,
            a.exitCode === null ? "-" : String(a.exitCode),
            String(a.attempts),
            String(a.runs),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .humanDuration */ .UU)((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .spanMs */ .J6)(a.durationMs, a.startedAt, a.completedAt)),
            ...(withUsage ? [(0,_usage_text_js__WEBPACK_IMPORTED_MODULE_1__/* .tokensCell */ .$K)(a.usage), (0,_usage_text_js__WEBPACK_IMPORTED_MODULE_1__/* .costCell */ .ch)(a.usage)] : []),
            agentNote(a, result),
        ]);
        const headers = ["AGENT", "TITLE", "ROLE", "EXECUTOR", "STATUS", "EXIT", "ATTEMPTS", "RUNS", "DURATION", ...(withUsage ? ["TOKENS", "COST"] : []), "NOTE"];
        const widths = [12, 32, 16, 10, 15, 5, 8, 5, 9, ...(withUsage ? [22, 11] : []), 60];
        out.push(...formatColumns(headers, rows, { maxWidths: widths }));
    }
    else {
        out.push("No agents.");
    }
    if (result.gates.length > 0) {
        out.push("");
        const rows = result.gates.map((g) => [
            g.componentId ? `${g.stage} (${g.componentId})` : g.stage,
            g.agentId ?? "-",
            g.skipped ? "skipped" : g.ok ? "pass" : "FAIL",
            g.statusCode,
            g.detail,
        ]);
        out.push(...formatColumns(["GATE", "AGENT", "RESULT", "CODE", "DETAIL"], rows, { maxWidths: [24, 8, 7, 36, 80] }));
    }
    const environments = (0,_deployments_js__WEBPACK_IMPORTED_MODULE_0__/* .renderEnvironmentsText */ .uK)(extras.deployments ?? []);
    if (environments.length > 0)
        out.push("", ...environments);
    const f = result.failure;
    if (f) {
        out.push("");
        const place = (0,_headline_js__WEBPACK_IMPORTED_MODULE_2__/* .failurePlace */ .Sw)(f);
        out.push(`${place ? `Stopped at ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(place)}` : "Stopped"}: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(f.statusCode)} — ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .truncateChars */ .UT)((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(f.detail), 400)}`);
        if (f.log)
            out.push(`Log: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(f.log)}`);
    }
    const fb = result.feedback;
    if (fb) {
        out.push("");
        out.push(`Question from ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(fb.agentId)} (asked ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatUtc */ .ay)(fb.askedAt)}): ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .truncateChars */ .UT)((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(fb.question), 1000)}`);
        if (fb.answer !== null)
            out.push(`Answer: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .truncateChars */ .UT)((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(fb.answer), 1000)}`);
        else if (result.status === "blocked")
            out.push(`Answer it with: wave run --wave ${result.wave} --feedback "<answer>"`);
    }
    return `${out.join("\n")}\n`;
}
/** `A1 — Build the parser (implementation, codex): succeeded in 1m 2s`, one line, at most 200 characters. */
function renderLogGroupTitle(agent) {
    let s = oneLine(agent.id);
    if (agent.title)
        s += ` — ${oneLine(agent.title)}`;
    const facts = [agent.role, agent.executor].filter((x) => !!x).map(oneLine);
    if (facts.length > 0)
        s += ` (${facts.join(", ")})`;
    if (agent.status) {
        s += `: ${oneLine(agent.status)}`;
        if (typeof agent.durationMs === "number")
            s += ` in ${humanDuration(agent.durationMs)}`;
    }
    return truncateChars(s, 200);
}
/**
 * What to do next after a local run (`wave run`, `wave demo`): where the result is and the command
 * that follows from the outcome. One suggestion per line.
 */
function renderNextSteps(result, options = {}) {
    const out = [];
    if (options.resultFile)
        out.push(`Result: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(options.resultFile)}`);
    const f = result.failure;
    const w = result.wave;
    switch (result.status) {
        case "failed":
            if (f?.agentId)
                out.push(`See why: wave logs --wave ${w} --agent ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(f.agentId)}`);
            out.push(`Run again: wave run --wave ${w} (resumes: agents that succeeded are reused, only what failed runs)`);
            break;
        case "blocked":
            out.push(`Answer the question: wave run --wave ${w} --feedback "<answer>"`);
            break;
        case "cancelled":
            out.push(`Continue: wave run --wave ${w} (resumes from what was recorded)`);
            break;
        case "dry-run":
            out.push(`Run it: wave run --wave ${w}`);
            break;
        case "passed":
            out.push(`Details: wave status --wave ${w}`);
            break;
    }
    return `${out.join("\n")}\n`;
}


/***/ }),

/***/ 5655:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ck: () => (/* binding */ truncateUtf8),
/* harmony export */   F1: () => (/* binding */ displayWidth),
/* harmony export */   G0: () => (/* binding */ fitWidth),
/* harmony export */   J6: () => (/* binding */ spanMs),
/* harmony export */   K: () => (/* binding */ tailUtf8),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   UT: () => (/* binding */ truncateChars),
/* harmony export */   UU: () => (/* binding */ humanDuration),
/* harmony export */   ay: () => (/* binding */ formatUtc),
/* harmony export */   dp: () => (/* binding */ byteLength),
/* harmony export */   ei: () => (/* binding */ formatClock),
/* harmony export */   nA: () => (/* binding */ cleanLogText),
/* harmony export */   pe: () => (/* binding */ parseTime),
/* harmony export */   v0: () => (/* binding */ padTo)
/* harmony export */ });
/* unused harmony exports stripAnsi, codePointWidth */
/**
 * Small text helpers shared by every view: durations, clock times, control-character stripping,
 * terminal display widths, and byte-exact UTF-8 truncation.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * A short human duration: `450ms`, `4.2s`, `42s`, `4m 12s`, `1h 2m`, `2d 3h`. Unknown or invalid
 * values give an em dash.
 */
function humanDuration(ms) {
    if (ms === null || ms === undefined || !Number.isFinite(ms))
        return "—";
    const v = Math.max(0, ms);
    if (v < SECOND)
        return `${Math.round(v)}ms`;
    if (v < 10 * SECOND) {
        const tenths = Math.floor(v / 100) / 10;
        return `${tenths.toFixed(1)}s`;
    }
    if (v < MINUTE)
        return `${Math.floor(v / SECOND)}s`;
    if (v < HOUR) {
        const m = Math.floor(v / MINUTE);
        const s = Math.floor((v % MINUTE) / SECOND);
        return s === 0 ? `${m}m` : `${m}m ${s}s`;
    }
    if (v < DAY) {
        const h = Math.floor(v / HOUR);
        const m = Math.floor((v % HOUR) / MINUTE);
        return m === 0 ? `${h}h` : `${h}h ${m}m`;
    }
    const d = Math.floor(v / DAY);
    const h = Math.floor((v % DAY) / HOUR);
    return h === 0 ? `${d}d` : `${d}d ${h}h`;
}
/** Parses an ISO timestamp to epoch ms; null when absent or invalid. */
function parseTime(iso) {
    if (!iso)
        return null;
    const t = Date.parse(iso);
    return Number.isFinite(t) ? t : null;
}
/** `2024-05-01 10:04:12 UTC` (seconds precision), or an em dash. */
function formatUtc(value) {
    const t = typeof value === "number" ? value : parseTime(value);
    if (t === null || !Number.isFinite(t))
        return "—";
    const iso = new Date(t).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
/** `10:04:12` in UTC. */
function formatClock(ms) {
    if (!Number.isFinite(ms))
        return "--:--:--";
    return new Date(ms).toISOString().slice(11, 19);
}
/** Duration of something with ISO bounds, preferring the recorded duration. */
function spanMs(durationMs, startedAt, completedAt) {
    if (typeof durationMs === "number" && Number.isFinite(durationMs))
        return durationMs;
    const a = parseTime(startedAt);
    const b = parseTime(completedAt);
    return a !== null && b !== null && b >= a ? b - a : null;
}
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and other two-character escapes.
const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;
/** Removes ANSI escape sequences. */
function stripAnsi(text) {
    return text.replace(ANSI_RE, "");
}
/**
 * Text safe to show on one line of a terminal or a table: escape sequences removed, every other
 * control character (newlines and tabs included) turned into a space.
 */
function oneLine(text) {
    return stripAnsi(text)
        .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
        .replace(/ {2,}/g, " ")
        .trim();
}
/**
 * Cleans a log excerpt for display: escape sequences removed; for a line rewritten with carriage
 * returns only what stayed visible (after the last `\r`) is kept; other control characters but tab
 * dropped.
 */
function cleanLogText(text) {
    return stripAnsi(text)
        .split("\n")
        .map((line) => {
        const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
        const cr = trimmed.lastIndexOf("\r");
        const visible = cr >= 0 ? trimmed.slice(cr + 1) : trimmed;
        return visible.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
    })
        .join("\n");
}
/** Terminal column width of one code point (0 for combining marks, 2 for wide East Asian/emoji). */
function codePointWidth(cp) {
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
        return 0;
    if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfe0f)
        return 0;
    if ((cp >= 0x1100 && cp <= 0x115f) ||
        (cp >= 0x2e80 && cp <= 0xa4cf) ||
        (cp >= 0xac00 && cp <= 0xd7a3) ||
        (cp >= 0xf900 && cp <= 0xfaff) ||
        (cp >= 0xfe30 && cp <= 0xfe4f) ||
        (cp >= 0xff00 && cp <= 0xff60) ||
        (cp >= 0xffe0 && cp <= 0xffe6) ||
        (cp >= 0x1f300 && cp <= 0x1f64f) ||
        (cp >= 0x1f900 && cp <= 0x1f9ff) ||
        (cp >= 0x20000 && cp <= 0x3fffd)) {
        return 2;
    }
    return 1;
}
/** Display width of plain (escape-free) text. */
function displayWidth(text) {
    let w = 0;
    for (const ch of text)
        w += codePointWidth(ch.codePointAt(0));
    return w;
}
/** Cuts plain text to at most `width` columns, ending with `…` when something was cut. */
function fitWidth(text, width) {
    if (width <= 0)
        return "";
    if (displayWidth(text) <= width)
        return text;
    let out = "";
    let w = 0;
    for (const ch of text) {
        const cw = codePointWidth(ch.codePointAt(0));
        if (w + cw > width - 1)
            break;
        out += ch;
        w += cw;
    }
    return out + "…";
}
/** Pads plain text with spaces to `width` columns (cutting it first when longer). */
function padTo(text, width) {
    const fitted = fitWidth(text, width);
    return fitted + " ".repeat(Math.max(0, width - displayWidth(fitted)));
}
/** Cuts text to at most `max` code points, ending with `…` when something was cut. */
function truncateChars(text, max) {
    if (max === null)
        return text;
    if (text.length <= max)
        return text;
    // Code points, not UTF-16 units (a surrogate pair is one character and is never split).
    const pairs = text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0;
    if (text.length - pairs <= max)
        return text;
    return text.slice(0, cut(text, Math.max(0, max - 1))) + "…";
}
/** UTF-16 index just after the first `n` code points. */
function cut(text, n) {
    let count = 0;
    let i = 0;
    while (i < text.length && count < n) {
        const c = text.charCodeAt(i);
        i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
        count++;
    }
    return i;
}
/** UTF-8 size in bytes. */
function byteLength(text) {
    return Buffer.byteLength(text, "utf8");
}
/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes` (never splits a code point). */
function truncateUtf8(text, maxBytes) {
    if (maxBytes <= 0)
        return "";
    if (byteLength(text) <= maxBytes)
        return text;
    const buf = Buffer.from(text, "utf8");
    let end = maxBytes;
    while (end > 0 && (buf[end] & 0xc0) === 0x80)
        end--;
    return buf.subarray(0, end).toString("utf8");
}
/** The longest suffix of `text` whose UTF-8 encoding fits in `maxBytes` (never splits a code point). */
function tailUtf8(text, maxBytes) {
    if (maxBytes <= 0)
        return "";
    const buf = Buffer.from(text, "utf8");
    if (buf.length <= maxBytes)
        return text;
    let start = buf.length - maxBytes;
    while (start < buf.length && (buf[start] & 0xc0) === 0x80)
        start++;
    return buf.subarray(start).toString("utf8");
}
/** "1 agent" / "3 agents". */
function plural(n, word, pluralWord = `${word}s`) {
    return `${n} ${n === 1 ? word : pluralWord}`;
}


/***/ }),

/***/ 8985:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $K: () => (/* binding */ tokensCell),
/* harmony export */   O8: () => (/* binding */ anyUsage),
/* harmony export */   U0: () => (/* binding */ usageLine),
/* harmony export */   ch: () => (/* binding */ costCell)
/* harmony export */ });
/* unused harmony exports formatTokens, costText */
/* harmony import */ var _usage_budget_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7750);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7336);
/**
 * Usage and cost in words for the summaries and the terminal: one cell per agent, one line for
 * the wave or for many waves. An estimate (from the pricing table) is marked `≈`; an unknown
 * cost is `—`, never `$0`.
 */


/** 1234 → "1,234"; 39902 → "39.9k"; 2_500_000 → "2.5M". */
function formatTokens(n) {
    if (n < 10_000)
        return n.toLocaleString("en-US");
    if (n < 1_000_000)
        return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
    return `${(n / 1_000_000).toFixed(n < 10_000_000 ? 2 : 1)}M`;
}
function costText(costUsd, estimated) {
    if (costUsd === null)
        return "—";
    return `${estimated ? "≈" : ""}${(0,_usage_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .formatUsd */ .UK)(costUsd)}`;
}
/** Whether any agent reported anything worth a column. */
function anyUsage(agents) {
    return agents.some((a) => a.usage && ((0,_usage_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .totalTokens */ .RP)(a.usage) !== null || a.usage.costUsd !== null));
}
/** "39.9k in · 56 out". */
function tokensCell(u) {
    if (!u || (0,_usage_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .totalTokens */ .RP)(u) === null)
        return "—";
    return `${formatTokens(u.inputTokens ?? 0)} in · ${formatTokens(u.outputTokens ?? 0)} out`;
}
function costCell(u) {
    return u ? costText(u.costUsd, u.costEstimated) : "—";
}
/**
 * "Usage: 41,234 tokens (39.9k in, 5,000 cached · 1,332 out, 14 reasoning) · cost $0.4018" plus
 * what the cost leaves out; null when nothing used any tokens.
 */
function usageLine(u) {
    if (!u || (u.totalTokens === 0 && u.costUsd === null))
        return null;
    const input = `${formatTokens(u.inputTokens)} in${u.cachedInputTokens > 0 ? `, ${formatTokens(u.cachedInputTokens)} cached` : ""}`;
    const output = `${formatTokens(u.outputTokens)} out${u.reasoningTokens > 0 ? `, ${formatTokens(u.reasoningTokens)} reasoning` : ""}`;
    let line = `${formatTokens(u.totalTokens)} tokens (${input} · ${output}) · cost ${costText(u.costUsd, u.costEstimated)}`;
    if (u.costEstimated)
        line += " (≈ partly estimated from the pricing table)";
    if (u.costUnknown.length > 0)
        line += `; cost unknown for ${u.costUnknown.join(", ")}`;
    return line;
}


/***/ }),

/***/ 6805:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D0: () => (/* binding */ NOT_RECORDED),
/* harmony export */   EM: () => (/* binding */ readSandboxReport),
/* harmony export */   eK: () => (/* binding */ addViolations),
/* harmony export */   yV: () => (/* binding */ SANDBOX_REPORT_FILE)
/* harmony export */ });
/* unused harmony exports parseNetworkDenial, blockedTotal */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _ecosystems_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1186);
/**
 * What the sandbox recorded: per agent (`agents/<id>/sandbox.json`) the connections it blocked —
 * host, port, how often, and the setting that would allow each — and its other denials as the
 * library reported them; per run (`sandbox.json`) all agents together, rendered for the job
 * summary as "Sandbox blocked N requests".
 *
 * Not recorded: reads of hidden paths and writes outside the writable ones. bubblewrap has no log
 * for them (a hidden file is simply absent, a read-only one fails with EROFS in the agent's own
 * output); each agent's record lists the rules instead, so a failure in its log can be matched.
 */



const SANDBOX_REPORT_FILE = "sandbox.json";
const NOT_RECORDED = "reads of hidden paths and writes to read-only ones are refused by the kernel without a log (bubblewrap reports none): they show only as errors in the agent's own output";
const NETWORK_LINE = /^deny network-outbound (\[[^\]]+\]|[^\s:]+)(?::(\d+))?/;
/** `{host, port}` of a library line about a blocked connection, or null. */
function parseNetworkDenial(line) {
    const m = NETWORK_LINE.exec(line.trim());
    if (!m)
        return null;
    return { host: m[1].replace(/^\[|\]$/g, "").toLowerCase(), port: m[2] ? Number(m[2]) : null };
}
/** Adds the library's violation lines to `record` (counting repeats). */
function addViolations(record, lines) {
    for (const line of lines) {
        const net = parseNetworkDenial(line);
        if (net) {
            const row = record.blocked.find((b) => b.host === net.host && b.port === net.port);
            if (row)
                row.count++;
            else
                record.blocked.push({ host: net.host, port: net.port, count: 1, setting: (0,_ecosystems_js__WEBPACK_IMPORTED_MODULE_2__/* .allowSettingFor */ .$F)(net.host) });
            continue;
        }
        const text = line.trim().slice(0, 300);
        const row = record.other.find((o) => o.line === text);
        if (row)
            row.count++;
        else
            record.other.push({ line: text, count: 1 });
    }
}
function blockedTotal(report) {
    return report.agents.reduce((n, a) => n + a.blocked.reduce((m, b) => m + b.count, 0), 0);
}
/** The run directory's sandbox.json, or null (the sandbox was off, or the file is not one). */
async function readSandboxReport(runDir) {
    const text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(runDir, SANDBOX_REPORT_FILE), "utf8").catch(() => null);
    if (!text)
        return null;
    try {
        const report = JSON.parse(text);
        return report?.kind === "wave-sandbox" && Array.isArray(report.agents) ? report : null;
    }
    catch {
        return null;
    }
}


/***/ }),

/***/ 2118:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ processAlive),
/* harmony export */   I: () => (/* binding */ acquireLock)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8816);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3916);
/* harmony import */ var _interrupt_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1554);
/* harmony import */ var _mkdir_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8922);
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
const LockInfoSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
    pid: zod__WEBPACK_IMPORTED_MODULE_7__/* .number */ .aig().int(),
    hostname: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(),
    command: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().optional(),
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
        const parsed = LockInfoSchema.safeParse(JSON.parse(await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(file, "utf8")));
        return parsed.success ? parsed.data : null;
    }
    catch {
        return null;
    }
}
async function ageMs(file) {
    try {
        return Date.now() - (await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.stat(file)).mtimeMs;
    }
    catch {
        return Number.POSITIVE_INFINITY;
    }
}
async function acquireLock(dir, command) {
    await (0,_mkdir_js__WEBPACK_IMPORTED_MODULE_6__/* .makeDirectory */ .Oh)(dir);
    const file = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(dir, "run.lock");
    const info = { pid: process.pid, hostname: node_os__WEBPACK_IMPORTED_MODULE_2___default().hostname(), startedAt: new Date().toISOString(), command };
    for (let round = 0; round < LOCK_ROUNDS; round++) {
        try {
            const handle = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.open(file, "wx");
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
                        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(file, { force: true });
                },
            };
        }
        catch (error) {
            if (error.code !== "EEXIST")
                throw error;
        }
        const holder = await readLock(file);
        if (holder && holder.hostname === info.hostname && processAlive(holder.pid)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`another wave run is active on this wave (pid ${holder.pid}, started ${holder.startedAt}); lock: ${file}`, 2);
        }
        if (holder && holder.hostname !== info.hostname) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`the wave is locked by a run on host ${holder.hostname} (pid ${holder.pid}); lock: ${file}`, 2);
        }
        if (!holder && (await ageMs(file)) < 5000) {
            // Possibly being written right now by another process: give it a moment.
            await (0,_interrupt_js__WEBPACK_IMPORTED_MODULE_5__/* .pauseUnlessInterrupted */ .tB)(LOCK_PAUSE_MS, `while waiting for the wave lock ${file}`);
            continue;
        }
        // Stale (dead pid) or unreadable for a while (a crash mid-write): move it aside atomically.
        const aside = `${file}.stale.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString("hex")}`;
        try {
            await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rename(file, aside);
            await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(aside, { force: true });
        }
        catch (error) {
            if (error.code !== "ENOENT")
                throw error;
        }
    }
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`could not acquire the wave lock ${file} (${LOCK_ROUNDS} tries)`, 2);
}


/***/ }),

/***/ 7750:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   By: () => (/* binding */ waveBreach),
/* harmony export */   DR: () => (/* binding */ describeBreach),
/* harmony export */   Fj: () => (/* binding */ agentBreach),
/* harmony export */   UK: () => (/* binding */ formatUsd)
/* harmony export */ });
/* harmony import */ var _meter_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4438);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7336);
/**
 * Budget decisions (pure): whether an agent or the wave has spent more than it may, and the words
 * that say so. An agent's budget is `budget.usd` / `budget.tokens` (wave file or profile); the
 * wave's is `max-budget-usd` (input or flag), over everything this run's agents spent.
 */


/** The agent's own budget, or null while it holds. Spending the whole budget is not over it. */
function agentBreach(usage, limits) {
    if (limits.usd !== null && usage.costUsd !== null && usage.costUsd > limits.usd) {
        return { scope: "agent", measure: "usd", spent: usage.costUsd, limit: limits.usd, estimated: usage.costEstimated };
    }
    const tokens = (0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .totalTokens */ .RP)(usage);
    if (limits.tokens !== null && tokens !== null && tokens > limits.tokens) {
        return { scope: "agent", measure: "tokens", spent: tokens, limit: limits.tokens, estimated: false };
    }
    return null;
}
/** The wave's budget, or null while it holds. */
function waveBreach(totals, maxUsd) {
    if (maxUsd === null || totals.costUsd === null || totals.costUsd <= maxUsd)
        return null;
    return { scope: "wave", measure: "usd", spent: totals.costUsd, limit: maxUsd, estimated: totals.costEstimated };
}
/** Dollars with the precision small sums need: $12.34, $0.2009, $0.000123. */
function formatUsd(v) {
    const r = (0,_meter_js__WEBPACK_IMPORTED_MODULE_1__/* .roundUsd */ .t)(v);
    const digits = r >= 1 || r === 0 ? 2 : r >= 0.01 ? 4 : 6;
    const text = r.toFixed(digits);
    return `$${digits > 2 ? text.replace(/0+$/, "").replace(/\.(\d)$/, ".$10") : text}`;
}
/** "A1 spent $0.0132 of its $0.01 budget (budget.usd)" and the like. */
function describeBreach(breach, agentId) {
    const amount = (v) => (breach.measure === "usd" ? formatUsd(v) : `${v} tokens`);
    const est = breach.estimated ? " (estimated from the pricing table)" : "";
    if (breach.scope === "wave") {
        return `the wave spent ${amount(breach.spent)}${est} of its ${amount(breach.limit)} budget (max-budget-usd); ${agentId} was stopped`;
    }
    return `${agentId} spent ${amount(breach.spent)}${est} of its ${amount(breach.limit)} budget (budget.${breach.measure})`;
}


/***/ }),

/***/ 4438:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ UsageMeter),
/* harmony export */   t: () => (/* binding */ roundUsd)
/* harmony export */ });
/* harmony import */ var _pricing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(625);

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

/***/ 625:
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

/***/ 7288:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ sumUsage)
/* harmony export */ });
/* unused harmony export addWaveUsage */
/* harmony import */ var _meter_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4438);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7336);
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


/***/ })

};

//# sourceMappingURL=97.index.js.map