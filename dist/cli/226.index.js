export const id = 226;
export const ids = [226,508];
export const modules = {

/***/ 8226:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  FO: () => (/* binding */ exitCodeOf),
  FG: () => (/* binding */ runAndReport)
});

// UNUSED EXPORTS: createProgressView

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/agent-user/elevate.ts
var elevate = __webpack_require__(7701);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/closure/index.ts + 11 modules
var closure = __webpack_require__(818);
// EXTERNAL MODULE: ./src/coordination/agent-context.ts
var agent_context = __webpack_require__(432);
// EXTERNAL MODULE: ./src/coordination/board.ts
var coordination_board = __webpack_require__(7931);
// EXTERNAL MODULE: ./src/coordination/fs.ts
var coordination_fs = __webpack_require__(7556);
// EXTERNAL MODULE: ./src/coordination/inbox-command.ts
var inbox_command = __webpack_require__(3931);
// EXTERNAL MODULE: ./src/coordination/schema.ts
var schema = __webpack_require__(9412);
;// CONCATENATED MODULE: ./src/coordination/state.ts
/**
 * Materialized coordination state: the latest version of each record plus buckets by kind.
 * "Later" means later in the log (append order), which is the order the writes happened in; a later
 * record with the same id replaces the earlier one but keeps the first `createdAt`.
 */

const BUCKET = {
    request: "requests",
    ack: "acks",
    claim: "claims",
    evidence: "evidence",
    decision: "decisions",
    blocker: "blockers",
    handoff: "handoffs",
    "clarification-request": "clarifications",
    "orchestrator-guidance": "orchestratorGuidance",
    "resolved-by-policy": "resolvedByPolicy",
    "human-escalation": "humanEscalations",
    "human-feedback": "humanFeedback",
    "integration-summary": "integrationSummaries",
    lifecycle: "lifecycle",
};
/** `agent:A1` → `A1`; `capability:x` stays as is. */
function targetKey(target) {
    return target.startsWith("agent:") ? target.slice("agent:".length) : target;
}
function push(map, key, record) {
    const list = map.get(key);
    if (list)
        list.push(record);
    else
        map.set(key, [record]);
}
function materialize(records) {
    const byId = new Map();
    for (const record of records) {
        const previous = byId.get(record.id);
        byId.set(record.id, previous ? { ...previous, ...record, createdAt: previous.createdAt } : record);
    }
    const state = {
        records: [...byId.values()],
        activity: [...records],
        byId,
        requests: [],
        acks: [],
        blockers: [],
        claims: [],
        evidence: [],
        decisions: [],
        handoffs: [],
        clarifications: [],
        orchestratorGuidance: [],
        resolvedByPolicy: [],
        humanEscalations: [],
        humanFeedback: [],
        integrationSummaries: [],
        lifecycle: [],
        openRecords: [],
        recordsByAgentId: new Map(),
        recordsByTarget: new Map(),
    };
    for (const record of state.records) {
        state[BUCKET[record.kind]].push(record);
        if ((0,schema/* isOpenStatus */.vA)(record.status))
            state.openRecords.push(record);
        push(state.recordsByAgentId, record.agentId, record);
        for (const target of new Set(record.targets.map(targetKey)))
            push(state.recordsByTarget, target, record);
    }
    return state;
}
/** Records that still block the wave (for the integration gate's `integration-contradiction-open`). */
function openBlockingRecords(state, options = {}) {
    return state.records.filter((record) => (options.hardOnly ? (0,schema/* isHardBlocker */.O$)(record) : (0,schema/* blocksWave */.O9)(record)) &&
        !(options.excludeKinds ?? []).includes(record.kind));
}

;// CONCATENATED MODULE: ./src/coordination/inbox.ts
/**
 * What each agent reads about the coordination log besides its task: its inbox (the records
 * addressed to it, to one of its components or to one of its capabilities) and a short shared
 * summary of the wave's open requests, blockers and decisions. Both are compiled from the
 * materialized log at launch (into the prompt) and on demand (`wave coord inbox`), flattened to
 * one line per record and capped, since record text is agent-written.
 *
 * Addressing: a target `A1` or `agent:A1` reaches agent A1, `component:<id>` reaches the agents
 * owning that component, `capability:<name>` the agents declaring that capability (and the agents
 * `capabilityRouting.preferredAgents` names for it).
 *
 * Which open requests follow up a clarification (the clarification barrier's
 * `clarification-follow-up-open`) is decided here too, from the whole log.
 */



const INBOX_MAX_CHARS = 8000;
const SHARED_SUMMARY_MAX_CHARS = 4000;
const SUMMARY_CHARS = 200;
const SUMMARY_ENTRIES = 12;
/** The address keys a record reaches this agent through. */
function addressesOf(owner, routing) {
    const keys = new Set([owner.agentId]);
    for (const c of owner.components ?? [])
        keys.add(`component:${c}`);
    for (const c of owner.capabilities ?? [])
        keys.add(`capability:${c}`);
    for (const [capability, agents] of Object.entries(routing)) {
        if (agents.includes(owner.agentId))
            keys.add(`capability:${capability}`);
    }
    return keys;
}
/** Records addressed to the owner (never its own, never lifecycle records), in log order. */
function inboxRecords(state, owner, routing = {}) {
    const keys = addressesOf(owner, routing);
    return state.records.filter((r) => r.kind !== "lifecycle" && r.agentId !== owner.agentId && r.targets.some((t) => keys.has(targetKey(t))));
}
function recordLine(record, now) {
    const flags = [`age=${(0,coordination_board/* formatAge */.nV)(now.getTime() - Date.parse(record.createdAt))}`];
    if ((0,schema/* blocksWave */.O9)(record))
        flags.push("blocking");
    const detail = record.detail.trim() === "" ? "" : ` — ${(0,coordination_board/* oneLine */.TN)(record.detail, 400)}`;
    return (`- [${record.priority}] ${record.kind}/${record.status} from ${(0,coordination_board/* oneLine */.TN)(record.agentId, 60)} ` +
        `[${flags.join(", ")}] id=${record.id}: ${(0,coordination_board/* oneLine */.TN)(record.summary, 240)}${detail}`);
}
/** Keeps whole lines until `maxChars` (the newest last lines win), noting what was left out. */
function capped(head, lines, maxChars) {
    const top = `${head.join("\n")}\n`;
    const kept = [];
    let used = top.length + 48;
    for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i];
        if (used + line.length + 1 > maxChars)
            break;
        kept.unshift(line);
        used += line.length + 1;
    }
    const omitted = lines.length - kept.length;
    const note = omitted > 0 ? [`- … ${omitted} older entries omitted`] : [];
    return `${top}${[...note, ...kept].map((l) => `${l}\n`).join("")}`.slice(0, maxChars);
}
/**
 * The owner's inbox as markdown: open records first, then the rest (resolved, closed), each part
 * in log order; at most `maxChars` characters, dropping the oldest closed entries first.
 */
function renderInbox(state, owner, options) {
    const maxChars = options.maxChars ?? INBOX_MAX_CHARS;
    const records = inboxRecords(state, owner, options.routing ?? {});
    const open = records.filter((r) => (0,schema/* isOpenStatus */.vA)(r.status));
    const done = records.filter((r) => !(0,schema/* isOpenStatus */.vA)(r.status));
    const head = [
        `# Inbox of ${(0,coordination_board/* oneLine */.TN)(owner.agentId, 60)}`,
        "",
        `${records.length} record(s) addressed to you (${open.length} open). Answer a request with ` +
            "`wave coord post --kind handoff|evidence|decision --depends-on <id> --target <sender> --summary …` " +
            "(an answer settles a helper assignment or clarification follow-up addressed to you).",
        "",
    ];
    if (records.length === 0)
        return `${head.join("\n")}\n_Nothing addressed to you._\n`.slice(0, maxChars);
    // Open records are kept before closed ones: the closed are dropped first when space runs out.
    const lines = [...done.map((r) => recordLine(r, options.now)), ...open.map((r) => recordLine(r, options.now))];
    return capped(head, lines, maxChars);
}
function shortLine(record) {
    const to = record.targets.length > 0 ? ` -> ${(0,coordination_board/* oneLine */.TN)(record.targets.join(", "), 80)}` : "";
    return `- ${record.kind}/${record.status} ${(0,coordination_board/* oneLine */.TN)(record.agentId, 40)}${to} id=${record.id}: ${(0,coordination_board/* oneLine */.TN)(record.summary, SUMMARY_CHARS)}`;
}
function part(title, records) {
    if (records.length === 0)
        return [];
    const omitted = Math.max(0, records.length - SUMMARY_ENTRIES);
    return [
        `## ${title} (${records.length})`,
        ...(omitted > 0 ? [`- … ${omitted} older omitted`] : []),
        ...records.slice(omitted).map(shortLine),
        "",
    ];
}
/** The wave's open requests, open blockers and decisions, at most `maxChars` characters. */
function renderSharedSummary(state, options) {
    const maxChars = options.maxChars ?? SHARED_SUMMARY_MAX_CHARS;
    const open = (r) => (0,schema/* isOpenStatus */.vA)(r.status);
    const requests = state.records.filter((r) => open(r) && (r.kind === "request" || r.kind === "clarification-request" || r.kind === "human-feedback" || r.kind === "human-escalation"));
    const blockers = state.records.filter((r) => open(r) && r.kind === "blocker");
    const decisions = state.decisions;
    const lines = [
        `# Wave ${options.wave} coordination summary`,
        "",
        `${requests.length} open request(s), ${blockers.length} open blocker(s), ${decisions.length} decision(s).`,
        "",
        ...part("Open requests", requests),
        ...part("Open blockers", blockers),
        ...part("Decisions", decisions),
    ];
    const text = `${lines.join("\n").trimEnd()}\n`;
    return text.length <= maxChars ? text : `${text.slice(0, maxChars - 20)}\n… (summary cut)\n`;
}
/**
 * The clarification an open request follows up (`closureCondition: clarification:<id>`, or a
 * `dependsOn` naming a clarification-request record), or null.
 */
function clarificationFollowedUp(record, state) {
    if (record.kind !== "request")
        return null;
    const condition = record.closureCondition ?? "";
    if (condition.startsWith("clarification:") && condition.length > "clarification:".length) {
        return condition.slice("clarification:".length);
    }
    const linked = record.dependsOn.find((id) => state.byId.get(id)?.kind === "clarification-request");
    return linked ?? null;
}
/** Kinds of record that answer a request they `--depends-on`. */
const ANSWER_KINDS = ["handoff", "evidence", "decision"];
/** Agents that answered `record` (a handoff, evidence or decision depending on it, not cancelled). */
function answeredBy(record, state) {
    const who = state.records
        .filter((r) => ANSWER_KINDS.includes(r.kind) && r.status !== "cancelled" && r.status !== "superseded" && r.dependsOn.includes(record.id))
        .map((r) => r.agentId);
    return [...new Set(who)];
}

// EXTERNAL MODULE: ./src/coordination/post-command.ts
var post_command = __webpack_require__(8857);
// EXTERNAL MODULE: ./src/coordination/record.ts
var coordination_record = __webpack_require__(6174);
// EXTERNAL MODULE: ./src/coordination/store.ts
var store = __webpack_require__(4906);
;// CONCATENATED MODULE: ./src/coordination/index.ts
/** Public surface of the coordination log (records, store, state, board, agent commands). */











// EXTERNAL MODULE: ./src/closure/barriers.ts
var barriers = __webpack_require__(6461);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/state/files.ts
var state_files = __webpack_require__(766);
;// CONCATENATED MODULE: ./src/context7/index.ts
/**
 * Context7 documentation context for agents' prompts.
 *
 * Selection: an agent's `### Context7` (bundle, query) over the wave's `## Context7 defaults`. A
 * bundle names libraries in the lane's bundle index (`paths.context7BundleIndexPath`, default
 * `docs/context7/bundles.json`):
 *
 *   { "bundles": { "none": { "libraries": [] },
 *                  "web": { "libraries": [ { "libraryId": "/vercel/next.js", "queryHint": "routing" },
 *                                          { "libraryName": "react" } ] } } }
 *
 * Bundle `none` (or no bundle) fetches nothing. A library given by name is first resolved to an id
 * (`GET <base>/v2/libs/search?libraryName=…&query=…`, the first result); its documentation comes from
 * `GET <base>/v2/context?libraryId=…&query=…` (plain text), the query being the selection's query,
 * else the library's `queryHint`, else the library itself. Every request carries
 * `Authorization: Bearer $CONTEXT7_API_KEY`; `WAVE_CONTEXT7_URL` replaces the base URL
 * (default https://context7.com/api).
 *
 * Without CONTEXT7_API_KEY nothing is fetched and the run says so once. A failed fetch is a
 * warning, never a failed run. What is fetched is redacted (the run's secret values), cut to
 * `maxChars` in all (12 000 by default, shared between the bundle's libraries), and cached in the
 * state directory (`context7-cache/<sha256>.json`, 24 hours) so that attempts and resumes reuse it.
 */





const CONTEXT7_API_KEY_ENV = "CONTEXT7_API_KEY";
const CONTEXT7_URL_ENV = "WAVE_CONTEXT7_URL";
const DEFAULT_CONTEXT7_URL = "https://context7.com/api";
const CONTEXT7_MAX_CHARS = 12_000;
const CONTEXT7_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CONTEXT7_CACHE_DIR = "context7-cache";
/** Largest response body read from the service (bytes). */
const MAX_RESPONSE_BYTES = 512 * 1024;
const REQUEST_TIMEOUT_MS = 20_000;
const LibrarySchema = schemas/* object */.Ikc({
    libraryId: schemas/* string */.YjP().min(1).optional(),
    libraryName: schemas/* string */.YjP().min(1).optional(),
    queryHint: schemas/* string */.YjP().optional(),
})
    .refine((l) => l.libraryId !== undefined || l.libraryName !== undefined, "a library needs libraryId or libraryName");
const BundleIndexSchema = schemas/* object */.Ikc({
    bundles: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({ libraries: schemas/* array */.YOg(LibrarySchema).default([]) }).passthrough()),
});
/** The agent's own selection over the wave's defaults, field by field. */
function effectiveSelection(own, defaults) {
    const bundle = own?.bundle ?? defaults?.bundle ?? null;
    const query = own?.query ?? defaults?.query ?? null;
    return bundle === null && query === null ? null : { bundle, query };
}
/** Cuts text to `max` characters at a line end where one is near. */
function cut(text, max) {
    if (text.length <= max)
        return text;
    const head = text.slice(0, Math.max(0, max - 14));
    const nl = head.lastIndexOf("\n");
    return `${nl > max / 2 ? head.slice(0, nl) : head}\n… (cut)`;
}
async function readBody(response) {
    const reader = response.body?.getReader();
    if (!reader)
        return "";
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        chunks.push(value);
        size += value.length;
        if (size > MAX_RESPONSE_BYTES) {
            await reader.cancel();
            break;
        }
    }
    return Buffer.concat(chunks).toString("utf8").slice(0, MAX_RESPONSE_BYTES);
}
function createContext7Provider(options) {
    const apiKey = options.env[CONTEXT7_API_KEY_ENV]?.trim() ?? "";
    const base = (options.env[CONTEXT7_URL_ENV]?.trim() || DEFAULT_CONTEXT7_URL).replace(/\/+$/, "");
    const maxChars = options.maxChars ?? CONTEXT7_MAX_CHARS;
    const doFetch = options.fetch ?? fetch;
    const cacheDir = external_node_path_default().join(options.stateDir, CONTEXT7_CACHE_DIR);
    let warnedNoKey = false;
    let index = null;
    const memo = new Map();
    const readIndex = async () => {
        const file = external_node_path_default().join(options.root, options.bundleIndexPath);
        let raw;
        try {
            raw = await external_node_fs_.promises.readFile(file, "utf8");
        }
        catch {
            options.onWarning(`Context7: the bundle index ${options.bundleIndexPath} cannot be read; no documentation is fetched`);
            return null;
        }
        try {
            const parsed = BundleIndexSchema.parse(JSON.parse(raw));
            return Object.fromEntries(Object.entries(parsed.bundles).map(([id, b]) => [id, b.libraries]));
        }
        catch (error) {
            options.onWarning(`Context7: the bundle index ${options.bundleIndexPath} is not valid (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); no documentation is fetched`);
            return null;
        }
    };
    const get = async (pathAndQuery) => {
        const response = await doFetch(`${base}${pathAndQuery}`, {
            headers: { Authorization: `Bearer ${apiKey}`, Accept: "text/plain, application/json" },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = await readBody(response);
        if (!response.ok)
            throw new Error(`HTTP ${response.status} from ${pathAndQuery.split("?")[0]}`);
        return body;
    };
    const resolveId = async (library, query) => {
        if (library.libraryId)
            return library.libraryId;
        const params = new URLSearchParams({ libraryName: library.libraryName ?? "", query });
        const parsed = JSON.parse(await get(`/v2/libs/search?${params}`));
        const list = Array.isArray(parsed) ? parsed : (parsed?.results ?? []);
        const first = list.find((r) => typeof r?.id === "string");
        return first?.id ?? null;
    };
    /** One library's documentation for a query: from the cache when fresh, else fetched and cached. */
    const libraryText = async (library, query, budget) => {
        const key = (0,external_node_crypto_.createHash)("sha256")
            .update(JSON.stringify({ base, id: library.libraryId ?? null, name: library.libraryName ?? null, query, budget }))
            .digest("hex");
        const file = external_node_path_default().join(cacheDir, `${key}.json`);
        try {
            const cached = JSON.parse(await external_node_fs_.promises.readFile(file, "utf8"));
            const age = options.now().getTime() - Date.parse(cached.fetchedAt ?? "");
            if (typeof cached.text === "string" && age >= 0 && age < CONTEXT7_CACHE_TTL_MS)
                return cached.text;
        }
        catch {
            // Not cached (or unreadable): fetch it.
        }
        const id = await resolveId(library, query);
        if (id === null) {
            options.onWarning(`Context7: no library found for "${library.libraryName}"`);
            return null;
        }
        const params = new URLSearchParams({ libraryId: id, query });
        const text = cut(options.redact((await get(`/v2/context?${params}`)).trim()), budget);
        const labelled = `### ${id}${query ? ` — ${query}` : ""}\n\n${text}`;
        await (0,state_files/* writeJsonAtomic */.ZJ)(file, { fetchedAt: options.now().toISOString(), libraryId: id, query, text: labelled }).catch(() => undefined);
        return labelled;
    };
    const fetchSelection = async (selection) => {
        index ??= readIndex();
        const bundles = await index;
        if (bundles === null || selection.bundle === null)
            return null;
        const libraries = bundles[selection.bundle];
        if (!libraries) {
            options.onWarning(`Context7: bundle "${selection.bundle}" is not in ${options.bundleIndexPath}; no documentation is fetched for it`);
            return null;
        }
        if (libraries.length === 0)
            return null;
        const budget = Math.max(200, Math.floor(maxChars / libraries.length) - 2);
        const parts = [];
        for (const library of libraries) {
            const query = selection.query ?? library.queryHint ?? library.libraryName ?? library.libraryId ?? "";
            try {
                const text = await libraryText(library, query, budget);
                if (text)
                    parts.push(text);
            }
            catch (error) {
                const what = library.libraryId ?? library.libraryName;
                options.onWarning(`Context7: fetching ${what} failed (${options.redact(error instanceof Error ? error.message : String(error))}); the agents run without it`);
            }
        }
        return parts.length > 0 ? cut(parts.join("\n\n"), maxChars) : null;
    };
    return {
        async forAgent(agent, waveDefaults) {
            const selection = effectiveSelection(agent.context7, waveDefaults);
            if (selection === null || selection.bundle === null || selection.bundle === "none")
                return null;
            if (apiKey === "") {
                if (!warnedNoKey) {
                    warnedNoKey = true;
                    options.onWarning(`Context7: ${CONTEXT7_API_KEY_ENV} is not set, so the wave's Context7 selections are not fetched; the agents run without that documentation`);
                }
                return null;
            }
            const key = JSON.stringify(selection);
            let pending = memo.get(key);
            if (!pending) {
                pending = fetchSelection(selection);
                memo.set(key, pending);
            }
            return pending;
        },
    };
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ./src/security/variants.ts
/**
 * The encodings under which a secret value commonly shows up in logs and files, as concrete strings:
 * what is registered with the runner's log masking. The redactor itself matches far more than these
 * (every mix of raw and encoded characters, wrapped base64; see patterns.ts).
 */
/** Variants shorter than this are dropped (too likely to occur by chance). */
const MIN_VARIANT_LENGTH = 4;
/** A line of a multi-line secret is matched on its own when at least this long. */
const MIN_LINE_LENGTH = 8;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function toUrlAlphabet(text) {
    return text.replace(/\+/g, "-").replace(/\//g, "_");
}
/**
 * The base64 characters that depend only on `bytes` when they are encoded after `offset` (0, 1, 2)
 * unknown bytes of a larger blob: what a secret embedded in a base64 blob always looks like.
 */
function base64Fragment(bytes, offset) {
    const startBit = 8 * offset;
    const endBit = startBit + 8 * bytes.length;
    let out = "";
    for (let i = Math.ceil(startBit / 6); 6 * i + 6 <= endBit; i++) {
        let sextet = 0;
        for (let bit = 6 * i; bit < 6 * i + 6; bit++) {
            const rel = bit - startBit;
            const byte = bytes[rel >> 3];
            sextet = (sextet << 1) | ((byte >> (7 - (rel & 7))) & 1);
        }
        out += B64[sextet];
    }
    return out;
}
/** All variants of one secret value, deduplicated, the raw value first. */
function secretVariants(value) {
    const out = [];
    const seen = new Set();
    const add = (kind, text) => {
        if (text.length < MIN_VARIANT_LENGTH || seen.has(text))
            return;
        seen.add(text);
        out.push({ kind, text });
    };
    const bytes = Buffer.from(value, "utf8");
    add("raw", value);
    const b64 = bytes.toString("base64");
    add("base64", b64);
    add("base64url", toUrlAlphabet(b64).replace(/=+$/, ""));
    for (let offset = 0; offset < 3; offset++) {
        const fragment = base64Fragment(bytes, offset);
        add("base64-fragment", fragment);
        add("base64-fragment", toUrlAlphabet(fragment));
    }
    const url = encodeURIComponent(value);
    add("url", url);
    add("url", url.replace(/%[0-9A-F]{2}/g, (s) => s.toLowerCase()));
    // RFC 3986 quoting (`*` → %2A, also `!'()`), and every byte encoded (upper and lower hex).
    add("url", url.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
    const everyByte = [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
    add("url", everyByte);
    add("url", everyByte.toLowerCase());
    const json = JSON.stringify(value).slice(1, -1);
    add("json", json);
    // Encoders that escape every non-ASCII character (Python's default) or the solidus (PHP's).
    add("json", json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
    add("json", json.replace(/\//g, "\\/"));
    // Go's encoding/json (HTML-safe escapes).
    add("json", json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
    // HTML escaping (`&amp;` `&lt;` `&gt;` `&quot;` `&#39;`), and the same plus markdown's backslash
    // escapes as a job summary writes literal text.
    const html = value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
    add("html", html);
    add("html", html.replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`).replace(/\$/g, "&#36;"));
    if (/\r?\n/.test(value)) {
        const crlf = value.replace(/\r?\n/g, "\r\n");
        add("crlf", crlf);
        add("json", JSON.stringify(crlf).slice(1, -1));
        for (const line of value.split(/\r?\n/)) {
            const trimmed = line.trim();
            if (trimmed.length >= MIN_LINE_LENGTH)
                add("line", trimmed);
        }
    }
    return out;
}
function variantFamily(kind) {
    return kind === "base64url" || kind === "base64-fragment" ? "base64" : kind;
}
const PERCENT_UNIT = /%[0-9A-Fa-f]{2}/;
const BACKSLASH_UNIT = /\\(?:u[0-9A-Fa-f]{4}|[!-/:-@[-`{-~bfnrt])/;
const HTML_UNIT = /&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z]+);/;
/**
 * The family of a matched span: base64 and line matches by their group, a text match by the first
 * encoding found in it (percent, then backslash escapes, then HTML references, then CRLF).
 */
function classifyMatch(group, bytes) {
    if (group !== "text")
        return group;
    const text = bytes.toString("latin1");
    if (PERCENT_UNIT.test(text))
        return "url";
    if (BACKSLASH_UNIT.test(text))
        return "json";
    if (HTML_UNIT.test(text))
        return "html";
    if (text.includes("\r\n"))
        return "crlf";
    return "raw";
}

;// CONCATENATED MODULE: ./src/security/patterns.ts
/**
 * The languages a secret is matched in, as one non-deterministic byte automaton (NFA) for all
 * secrets. Each secret contributes small groups of states:
 *
 * - text: one step per character of the value, where each character may independently appear raw
 *   or encoded: percent-encoded (every byte, either hex case, `+` for a space), a JSON / JavaScript
 *   escape (`\uXXXX` in either hex case, surrogate pairs for astral characters, `\n`, `\"`, …), a
 *   backslash-escaped ASCII punctuation character (markdown, shells), or an HTML character
 *   reference (named, decimal `&#38;`, hex `&#x26;`, with up to three leading zeros). A line feed
 *   may also appear as CRLF. The group is a chain of small alternations: its size grows linearly
 *   with the value, never with the number of combinations it accepts.
 * - base64: the value's base64 forms (standard and URL-safe alphabet, whole or embedded in a larger
 *   blob at any of the three byte alignments), where a line break (`\n` or `\r\n`) may sit between
 *   any two characters: base64 wrapped at any width, as `base64` (76) and PEM (64) write it.
 * - line: each line of a multi-line value on its own, raw.
 *
 * State 0 is the start state; the matcher treats it as looping on every byte.
 */

/** How many leading zeros a numeric character reference may carry (`&#039;`, `&#x0027;`). */
const MAX_REFERENCE_ZEROS = 3;
/** HTML named references for the characters that have common ones (HTML5 names, ASCII mostly). */
const NAMED_REFERENCES = {
    "\t": ["Tab"],
    "\n": ["NewLine"],
    "!": ["excl"],
    '"': ["quot", "QUOT"],
    "#": ["num"],
    $: ["dollar"],
    "%": ["percnt"],
    "&": ["amp", "AMP"],
    "'": ["apos"],
    "(": ["lpar"],
    ")": ["rpar"],
    "*": ["ast", "midast"],
    "+": ["plus"],
    ",": ["comma"],
    ".": ["period"],
    "/": ["sol"],
    ":": ["colon"],
    ";": ["semi"],
    "<": ["lt", "LT"],
    "=": ["equals"],
    ">": ["gt", "GT"],
    "?": ["quest"],
    "@": ["commat"],
    "[": ["lsqb", "lbrack"],
    "\\": ["bsol"],
    "]": ["rsqb", "rbrack"],
    "^": ["Hat"],
    _: ["lowbar", "UnderBar"],
    "`": ["grave", "DiacriticalGrave"],
    "{": ["lcub", "lbrace"],
    "|": ["verbar", "vert", "VerticalLine"],
    "}": ["rcub", "rbrace"],
    "\u00a0": ["nbsp", "NonBreakingSpace"],
};
/** JSON's two-character escapes (besides `\uXXXX`). */
const JSON_SHORT_ESCAPES = {
    "\b": "b",
    "\f": "f",
    "\n": "n",
    "\r": "r",
    "\t": "t",
};
const BASE64_CHARS = /^[A-Za-z0-9+/=_-]+$/;
function byteOf(ch) {
    return ch.charCodeAt(0);
}
/** Both cases of a hex digit character ('7' → [0x37], 'a' → [0x61, 0x41]). */
function hexDigitBytes(digit) {
    const lower = digit.toLowerCase();
    const upper = digit.toUpperCase();
    return lower === upper ? [byteOf(lower)] : [byteOf(lower), byteOf(upper)];
}
function isAsciiPunctuation(cp) {
    return (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60) || (cp >= 0x7b && cp <= 0x7e);
}
/** A growable list of int32 values. */
class IntList {
    data = new Int32Array(1024);
    length = 0;
    push(value) {
        if (this.length === this.data.length) {
            const grown = new Int32Array(this.data.length * 2);
            grown.set(this.data);
            this.data = grown;
        }
        this.data[this.length++] = value;
    }
}
class NfaBuilder {
    from = new IntList();
    bytes = new IntList();
    to = new IntList();
    /** Per state: 1 when final. */
    final = new IntList();
    /** Per state: its group (-1 for the start state). */
    group = new IntList();
    /** Per state: the longest path from the start (edges are added in path order). */
    depth = new IntList();
    groups = [];
    current = -1;
    constructor() {
        this.final.push(0);
        this.group.push(-1);
        this.depth.push(0);
    }
    get size() {
        return this.final.length;
    }
    beginGroup(kind, secret) {
        this.groups.push({ kind, secret });
        this.current = this.groups.length - 1;
    }
    state() {
        this.final.push(0);
        this.group.push(this.current);
        this.depth.push(0);
        return this.final.length - 1;
    }
    setFinal(s) {
        this.final.data[s] = 1;
    }
    edge(a, byte, b) {
        this.from.push(a);
        this.bytes.push(byte);
        this.to.push(b);
        const depth = this.depth.data;
        if (depth[a] + 1 > depth[b])
            depth[b] = depth[a] + 1;
    }
    edges(a, bytes, b) {
        for (const byte of bytes)
            this.edge(a, byte, b);
    }
    /** A path a → … → b reading `bytes` (at least one). */
    path(a, bytes, b) {
        let s = a;
        for (let i = 0; i < bytes.length - 1; i++) {
            const next = this.state();
            this.edge(s, bytes[i], next);
            s = next;
        }
        this.edge(s, bytes[bytes.length - 1], b);
    }
    /** A path reading `width` hex digits of `value` (zero-padded), each digit in either case. */
    hexPath(a, value, width, b) {
        const digits = value.toString(16).padStart(width, "0");
        let s = a;
        for (let i = 0; i < digits.length; i++) {
            const next = i === digits.length - 1 ? b : this.state();
            this.edges(s, hexDigitBytes(digits[i]), next);
            s = next;
        }
    }
    /**
     * `&#<digits>;` or `&#x<hex>;` from `hash` (the state after `&#`) to `b`: the digits with up to
     * MAX_REFERENCE_ZEROS leading zeros, hex in either case, `x` or `X`.
     */
    numericReference(hash, cp, b) {
        const decimal = String(cp);
        const hex = cp.toString(16);
        this.zeroPadded(hash, Array.from(decimal, (d) => [byteOf(d)]), b);
        const x = this.state();
        this.edges(hash, [byteOf("x"), byteOf("X")], x);
        this.zeroPadded(x, Array.from(hex, hexDigitBytes), b);
    }
    /** Digits (each a set of accepted bytes) after 0..MAX_REFERENCE_ZEROS zeros, then `;` into b. */
    zeroPadded(a, digits, b) {
        const entries = [a];
        for (let z = 0; z < MAX_REFERENCE_ZEROS; z++) {
            const next = this.state();
            this.edge(entries[entries.length - 1], byteOf("0"), next);
            entries.push(next);
        }
        let s = this.state();
        for (const entry of entries)
            this.edges(entry, digits[0], s);
        for (let i = 1; i < digits.length; i++) {
            const next = this.state();
            this.edges(s, digits[i], next);
            s = next;
        }
        this.edge(s, byteOf(";"), b);
    }
    /**
     * One character of a text group, from state a to state b, in every per-character encoding.
     * `crlf` adds the CRLF form of a line feed (the `\r` then itself in every encoding).
     */
    character(a, ch, b, crlf = true) {
        const cp = ch.codePointAt(0);
        const utf8 = Buffer.from(ch, "utf8");
        // Raw and percent-encoded, byte by byte (each byte raw or %XX, either hex case).
        let s = a;
        for (let i = 0; i < utf8.length; i++) {
            const next = i === utf8.length - 1 ? b : this.state();
            this.edge(s, utf8[i], next);
            const pct = this.state();
            this.edge(s, byteOf("%"), pct);
            this.hexPath(pct, utf8[i], 2, next);
            s = next;
        }
        if (ch === " ")
            this.edge(a, byteOf("+"), b);
        // Backslash escapes: \uXXXX (a surrogate pair for astral characters), JSON's short escapes,
        // and any ASCII punctuation character (markdown, JSON's \" \\ \/).
        const backslash = this.state();
        this.edge(a, byteOf("\\"), backslash);
        const units = cp > 0xffff ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [cp];
        let u = backslash;
        for (let i = 0; i < units.length; i++) {
            if (i > 0) {
                const again = this.state();
                this.edge(u, byteOf("\\"), again);
                u = again;
            }
            const afterU = this.state();
            this.edge(u, byteOf("u"), afterU);
            const next = i === units.length - 1 ? b : this.state();
            this.hexPath(afterU, units[i], 4, next);
            u = next;
        }
        const short = JSON_SHORT_ESCAPES[ch];
        if (short)
            this.edge(backslash, byteOf(short), b);
        if (isAsciiPunctuation(cp))
            this.edge(backslash, cp, b);
        // HTML character references.
        const amp = this.state();
        this.edge(a, byteOf("&"), amp);
        for (const name of NAMED_REFERENCES[ch] ?? [])
            this.path(amp, Buffer.from(`${name};`, "latin1"), b);
        const hash = this.state();
        this.edge(amp, byteOf("#"), hash);
        this.numericReference(hash, cp, b);
        if (ch === "\n" && crlf) {
            const mid = this.state();
            this.character(a, "\r", mid, false);
            this.character(mid, "\n", b, false);
        }
    }
}
/** Adds a text group for `value` (every character in every per-character encoding). */
function addTextGroup(builder, value, secret) {
    builder.beginGroup("text", secret);
    const chars = Array.from(value);
    let s = 0;
    for (let i = 0; i < chars.length; i++) {
        const next = builder.state();
        builder.character(s, chars[i], next);
        s = next;
    }
    builder.setFinal(s);
}
/**
 * Adds the base64 strings as one trie in which a line break (`\n` or `\r\n`) may follow any
 * character that is followed by another one.
 */
function addWrappedGroup(builder, strings, secret) {
    builder.beginGroup("base64", secret);
    const children = new Map();
    const breakState = new Map();
    const lf = byteOf("\n");
    for (const text of strings) {
        let s = 0;
        for (const ch of text) {
            const c = byteOf(ch);
            let kids = children.get(s);
            if (!kids)
                children.set(s, (kids = new Map()));
            let next = kids.get(c);
            if (next === undefined) {
                next = builder.state();
                kids.set(c, next);
                builder.edge(s, c, next);
                if (s !== 0) {
                    let brk = breakState.get(s);
                    if (brk === undefined) {
                        brk = builder.state();
                        const cr = builder.state();
                        breakState.set(s, brk);
                        builder.edge(s, lf, brk);
                        builder.edge(s, byteOf("\r"), cr);
                        builder.edge(cr, lf, brk);
                    }
                    builder.edge(brk, c, next);
                }
            }
            s = next;
        }
        builder.setFinal(s);
    }
}
function addLineGroup(builder, line, secret) {
    builder.beginGroup("line", secret);
    const end = builder.state();
    builder.path(0, Buffer.from(line, "utf8"), end);
    builder.setFinal(end);
}
/** The base64 forms of a value: whole (both alphabets) and embedded at each byte alignment. */
function base64Forms(bytes) {
    const out = new Set();
    const b64 = Buffer.from(bytes).toString("base64");
    const url = (text) => text.replace(/\+/g, "-").replace(/\//g, "_");
    out.add(b64);
    out.add(url(b64).replace(/=+$/, ""));
    for (let offset = 0; offset < 3; offset++) {
        const fragment = base64Fragment(bytes, offset);
        out.add(fragment);
        out.add(url(fragment));
    }
    return [...out].filter((s) => s.length >= MIN_VARIANT_LENGTH && BASE64_CHARS.test(s));
}
/**
 * Edges grouped by `keys` (a stable counting sort); the start state's group (key 0) is also sorted
 * by byte, since the matcher looks its edges up by byte.
 */
function compress(size, count, keys, bytes, values) {
    const start = new Int32Array(size + 1);
    for (let e = 0; e < count; e++) {
        const group = keys[e] + 1;
        start[group] = start[group] + 1;
    }
    for (let s = 0; s < size; s++)
        start[s + 1] += start[s];
    const fill = start.slice(0, size);
    const byte = new Uint8Array(count);
    const other = new Int32Array(count);
    for (let e = 0; e < count; e++) {
        const key = keys[e];
        const at = fill[key];
        fill[key] = at + 1;
        byte[at] = bytes[e];
        other[at] = values[e];
    }
    const n0 = start[1];
    if (n0 > 1) {
        const order = Array.from({ length: n0 }, (_, i) => i).sort((x, y) => byte[x] - byte[y] || x - y);
        const b0 = byte.slice(0, n0);
        const o0 = other.slice(0, n0);
        order.forEach((from, to) => {
            byte[to] = b0[from];
            other[to] = o0[from];
        });
    }
    return { start, byte, other };
}
/** Longest path from the start to a final state. */
function longestMatch(size, depth, final) {
    let longest = 0;
    for (let s = 0; s < size; s++)
        if (final[s] && depth[s] > longest)
            longest = depth[s];
    return longest;
}
/** The NFA of all secret values (empty values and values too short to match are skipped). */
function buildSecretNfa(values) {
    const builder = new NfaBuilder();
    values.forEach((value, secret) => {
        if (value.length === 0)
            return;
        const bytes = Buffer.from(value, "utf8");
        if (bytes.length >= MIN_VARIANT_LENGTH)
            addTextGroup(builder, value, secret);
        const forms = base64Forms(bytes);
        if (forms.length > 0)
            addWrappedGroup(builder, forms, secret);
        if (/\r?\n/.test(value)) {
            const lines = new Set(value.split(/\r?\n/).map((line) => line.trim()));
            for (const line of lines)
                if (line.length >= MIN_LINE_LENGTH && line !== value)
                    addLineGroup(builder, line, secret);
        }
    });
    const size = builder.size;
    const count = builder.from.length;
    const fwd = compress(size, count, builder.from.data, builder.bytes.data, builder.to.data);
    const rev = compress(size, count, builder.to.data, builder.bytes.data, builder.from.data);
    const final = Uint8Array.from(builder.final.data.subarray(0, size));
    return {
        size,
        fwdStart: fwd.start,
        fwdByte: fwd.byte,
        fwdTo: fwd.other,
        revStart: rev.start,
        revByte: rev.byte,
        revFrom: rev.other,
        final,
        group: builder.group.data.slice(0, size),
        groups: builder.groups,
        maxLength: longestMatch(size, builder.depth.data, final),
    };
}

;// CONCATENATED MODULE: ./src/security/matcher.ts
/**
 * Multi-secret byte matcher: the NFA of patterns.ts run as a lazily built DFA over byte classes.
 *
 * The hot loop is one table read and one sign test per byte, as in Aho-Corasick: a DFA state is the
 * set of NFA states active after the input read so far, and its row of transitions is filled the
 * first time each (state, byte class) pair is seen, so only the states the input actually visits are
 * ever built. Transitions into a state that ends a match are stored bitwise-negated; entries not yet
 * computed hold UNKNOWN. The table is capped (MAX_TABLE_ENTRIES): when full it is dropped and
 * rebuilt on demand, and scanners that hold a state from before re-enter it from its NFA states.
 *
 * A DFA state says that a match ends at this byte, not where it starts (encoded forms vary in
 * length). The start is found by walking the NFA backwards from the match's final states over the
 * bytes just read (at most maxLength of them); matches are rare, so this costs nothing measurable.
 * Matching works on raw bytes: input that is not valid UTF-8 is fine.
 */

/**
 * Marks a transition that has not been computed yet: below every negated row offset (the table is
 * far smaller than 2^30 entries) and still a small integer for the engine (no deoptimisation).
 */
const UNKNOWN = -0x40000000;
/** Upper bound of the transition table (entries of 4 bytes). */
const MAX_TABLE_ENTRIES = 4 * 1024 * 1024;
class ByteMatcher {
    /** Byte → class id. */
    classes;
    /** Number of classes (row width). */
    width;
    /** Longest match, in bytes (0: nothing to match). */
    maxLength;
    /** Transition table, indexed by row offset + class (see the module comment). */
    delta;
    /** Changes each time the table is dropped; rows from another epoch are invalid. */
    epoch = 0;
    /** Group of the match found by the last matchStart call. */
    lastGroup = -1;
    /** The last backward walk stopped at its lower bound with a match still possibly going on. */
    walkCut = false;
    nfa;
    /** Class → one byte of that class (-1 when no byte of the class occurs in any pattern). */
    representative;
    /** Edges of the start state by byte: startFirst[b] .. startFirst[b + 1] - 1 index fwd arrays. */
    startFirst;
    maxStates;
    count = 0;
    sets = [];
    accepting = [];
    /** Hash of a state's NFA set → DFA states with that hash. */
    index = new Map();
    mark;
    scratch;
    backA;
    backB;
    stamp = 0;
    /** `maxStates` bounds the DFA states kept at once (default from MAX_TABLE_ENTRIES). */
    constructor(nfa, options = {}) {
        this.nfa = nfa;
        this.maxLength = nfa.maxLength;
        // One class per byte that labels some edge; every other byte shares class 0.
        const classes = new Uint16Array(256);
        const representative = [-1];
        for (const b of nfa.fwdByte) {
            if (classes[b] !== 0)
                continue;
            classes[b] = representative.length;
            representative.push(b);
        }
        this.classes = classes;
        this.width = representative.length;
        this.representative = Int16Array.from(representative);
        const startFirst = new Int32Array(257);
        const end0 = nfa.fwdStart[1] ?? 0;
        let e = 0;
        for (let b = 0; b <= 256; b++) {
            while (e < end0 && nfa.fwdByte[e] < b)
                e++;
            startFirst[b] = e;
        }
        this.startFirst = startFirst;
        this.maxStates = Math.max(2, options.maxStates ?? Math.max(1024, Math.floor(MAX_TABLE_ENTRIES / this.width)));
        this.mark = new Int32Array(Math.max(1, nfa.size));
        this.scratch = new Int32Array(Math.max(1, nfa.size));
        this.backA = new Int32Array(Math.max(1, nfa.size));
        this.backB = new Int32Array(Math.max(1, nfa.size));
        this.delta = new Int32Array(this.width * 256);
        this.scratch[0] = 0;
        this.intern(this.scratch, 1);
    }
    /** Kind of a pattern group. */
    groupKind(group) {
        return this.nfa.groups[group]?.kind ?? null;
    }
    /** Number of DFA states built so far (in this epoch). */
    get states() {
        return this.count;
    }
    /** The NFA states of a DFA row. */
    membersOf(row) {
        return this.sets[row / this.width];
    }
    /**
     * The row of the DFA state for the NFA states members[0..n-1] (sorted, starting with 0),
     * creating the state if needed.
     */
    intern(members, n = members.length) {
        let hash = 0x811c9dc5;
        for (let i = 0; i < n; i++)
            hash = Math.imul(hash ^ members[i], 0x01000193);
        hash &= 0x3fffffff; // a small integer key: no heap number per lookup
        const bucket = this.index.get(hash);
        if (bucket !== undefined) {
            for (const state of bucket) {
                const set = this.sets[state];
                if (set.length !== n)
                    continue;
                let same = true;
                for (let i = 0; i < n && same; i++)
                    same = set[i] === members[i];
                if (same)
                    return state * this.width;
            }
        }
        if (this.count >= this.maxStates) {
            this.flush();
            return this.intern(members, n);
        }
        const state = this.count++;
        const need = (state + 1) * this.width;
        if (need > this.delta.length) {
            const grown = new Int32Array(Math.max(need, this.delta.length * 2));
            grown.set(this.delta);
            this.delta = grown;
        }
        this.delta.fill(UNKNOWN, state * this.width, need);
        const set = [];
        let accepts = false;
        for (let i = 0; i < n; i++) {
            const member = members[i];
            set.push(member);
            if (this.nfa.final[member])
                accepts = true;
        }
        this.sets[state] = set;
        this.accepting[state] = accepts;
        if (bucket)
            bucket.push(state);
        else
            this.index.set(hash, [state]);
        return state * this.width;
    }
    flush() {
        this.epoch++;
        this.index = new Map();
        this.sets = [];
        this.accepting = [];
        this.count = 0;
        this.intern([0], 1);
    }
    nextStamp() {
        if (this.stamp >= 0x7ffffff0) {
            this.mark.fill(0);
            this.stamp = 0;
        }
        return ++this.stamp;
    }
    /** Computes (and stores) the transition of `row` on class `cls`; returns the table entry. */
    fill(row, cls) {
        const { nfa, mark, scratch } = this;
        const members = this.sets[row / this.width];
        const byte = this.representative[cls];
        const stamp = this.nextStamp();
        scratch[0] = 0;
        mark[0] = stamp;
        let n = 1;
        if (byte >= 0) {
            for (let k = 0; k < members.length; k++) {
                const u = members[k];
                let e = u === 0 ? this.startFirst[byte] : nfa.fwdStart[u];
                const stop = u === 0 ? this.startFirst[byte + 1] : nfa.fwdStart[u + 1];
                for (; e < stop; e++) {
                    if (nfa.fwdByte[e] !== byte)
                        continue;
                    const t = nfa.fwdTo[e];
                    if (mark[t] !== stamp) {
                        mark[t] = stamp;
                        // Insertion into the sorted prefix (sets are small).
                        let i = n++;
                        while (i > 1 && scratch[i - 1] > t) {
                            scratch[i] = scratch[i - 1];
                            i--;
                        }
                        scratch[i] = t;
                    }
                }
            }
        }
        const epoch = this.epoch;
        const target = this.intern(scratch, n);
        const entry = this.accepting[target / this.width] ? ~target : target;
        if (this.epoch === epoch)
            this.delta[row + cls] = entry;
        return entry;
    }
    /**
     * Where the longest match ending at `end` starts, given the accepting row reached after `end`:
     * a backward walk over the NFA, reading bytes end, end-1, … down to `low`. Sets lastGroup.
     */
    matchStart(row, end, byteAt, low) {
        const finals = [];
        for (const s of this.membersOf(row))
            if (this.nfa.final[s])
                finals.push(s);
        return this.walkBack(finals, end, byteAt, low);
    }
    /**
     * Where the longest suffix of the input that could begin a match starts (-1: none), given the
     * row reached after `end`: for text cut at `end`, this is the part of a secret that was cut.
     */
    partialStart(row, end, byteAt, low) {
        const active = [];
        for (const s of this.membersOf(row))
            if (s !== 0)
                active.push(s);
        return this.walkBack(active, end, byteAt, low);
    }
    walkBack(from, end, byteAt, low) {
        const { nfa, mark } = this;
        let current = this.backA;
        let next = this.backB;
        let count = from.length;
        for (let k = 0; k < count; k++)
            current[k] = from[k];
        let best = -1;
        this.lastGroup = -1;
        for (let p = end; p >= low && count > 0; p--) {
            const byte = byteAt(p);
            const stamp = this.nextStamp();
            let size = 0;
            for (let k = 0; k < count; k++) {
                const v = current[k];
                for (let e = nfa.revStart[v]; e < nfa.revStart[v + 1]; e++) {
                    if (nfa.revByte[e] !== byte)
                        continue;
                    const u = nfa.revFrom[e];
                    if (u === 0) {
                        best = p;
                        this.lastGroup = nfa.group[v];
                    }
                    else if (mark[u] !== stamp) {
                        mark[u] = stamp;
                        next[size++] = u;
                    }
                }
            }
            const swap = current;
            current = next;
            next = swap;
            count = size;
        }
        this.walkCut = count > 0;
        return best;
    }
}
/** Compiles the matcher for a list of secret values. */
function compileMatcher(values) {
    return new ByteMatcher(buildSecretNfa(values));
}
/** Row reached by the last `runKnown` call (a module slot: no allocation per call). */
const reached = new Int32Array(1);
/**
 * The hot loop: follows known transitions into non-accepting states from `buf[i]` on and returns
 * the index of the first byte that needs more (a match or a transition not computed yet), or `n`.
 * Kept tiny and free of calls so the engine optimises it at once and never has to undo that.
 */
function runKnown(delta, classes, buf, i, n, row) {
    let r = row;
    for (; i < n; i++) {
        const next = delta[r + classes[buf[i]]];
        if (next < 0)
            break;
        r = next;
    }
    reached[0] = r;
    return i;
}
/**
 * Runs the automaton over `buf` starting at row offset `row` (0 = start state) and returns the row
 * offset after the last byte, so a caller can continue across chunks. `onMatch` may not scan.
 */
function scanBytes(m, buf, row, onMatch) {
    const classes = m.classes;
    const n = buf.length;
    let r = row;
    let i = 0;
    while (i < n) {
        i = runKnown(m.delta, classes, buf, i, n, r);
        r = reached[0];
        if (i >= n)
            break;
        const c = classes[buf[i]];
        let next = m.delta[r + c];
        if (next === UNKNOWN)
            next = m.fill(r, c);
        if (next >= 0) {
            r = next;
        }
        else {
            r = ~next;
            onMatch(i, r);
        }
        i++;
    }
    return r;
}

;// CONCATENATED MODULE: ./src/security/scanner.ts
/**
 * Streaming redaction over bytes. The automaton state is carried across chunks, so a secret split
 * over any number of chunks is found, in any of its forms; at most maxLength-1 unsettled bytes (the
 * longest encoded form of any secret) are held back between chunks. Overlapping matches are merged
 * and each merged span becomes one replacement.
 */


const EMPTY = Buffer.alloc(0);
class RedactionScanner {
    matcher;
    replacement;
    row = 0;
    epoch;
    /** NFA states of `row`, to re-enter the state if the matcher dropped its table meanwhile. */
    members;
    /** Absolute offset of the next input byte. */
    pos = 0;
    /** Absolute offset of the first byte not yet written out. */
    settled = 0;
    /** Bytes [settled, chunkStart) kept from earlier chunks. */
    tail = EMPTY;
    /** The chunk being scanned and its absolute offset (empty between pushes). */
    chunk = EMPTY;
    chunkStart = 0;
    spans = [];
    onMatch;
    byteAt = (offset) => offset >= this.chunkStart ? this.chunk[offset - this.chunkStart] : this.tail[offset - this.settled];
    /** Number of replacements written so far. */
    redactions = 0;
    /** Encoding families seen (with `trackFamilies`). */
    matchedFamilies = new Set();
    constructor(matcher, replacement, options = {}) {
        this.matcher = matcher;
        this.replacement = replacement;
        this.epoch = matcher.epoch;
        this.members = matcher.membersOf(0);
        const track = options.trackFamilies === true;
        this.onMatch = (endIndex, row) => {
            const end = this.chunkStart + endIndex;
            const low = Math.max(this.settled, end - this.matcher.maxLength + 1);
            // The walk back is cut short only where the beginning was already written out (flushHeld):
            // then everything from there on is replaced.
            const found = this.matcher.matchStart(row, end, this.byteAt, low);
            const start = found < 0 || this.matcher.walkCut ? low : found;
            if (track)
                this.matchedFamilies.add(this.family(start, end));
            this.addSpan(start, end);
        };
    }
    family(start, end) {
        const kind = this.matcher.groupKind(this.matcher.lastGroup);
        const bytes = Buffer.alloc(end - start + 1);
        for (let i = start; i <= end; i++)
            bytes[i - start] = this.byteAt(i);
        return classifyMatch(kind ?? "text", bytes);
    }
    addSpan(from, end) {
        let start = from;
        let written = false;
        const spans = this.spans;
        while (spans.length > 0 && spans[spans.length - 1].end >= start) {
            const last = spans.pop();
            if (last.start < start)
                start = last.start;
            if (last.end > end)
                end = last.end;
            written ||= last.written;
        }
        spans.push({ start, end, written });
    }
    /** Feeds a chunk; returns the output that is final so far (possibly empty). */
    push(chunk) {
        const m = this.matcher;
        if (m.maxLength === 0)
            return chunk.length > 0 ? [Buffer.from(chunk)] : [];
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
        if (this.epoch !== m.epoch)
            this.row = m.intern(this.members);
        this.chunk = buf;
        this.chunkStart = this.pos;
        this.row = scanBytes(m, buf, this.row, this.onMatch);
        this.epoch = m.epoch;
        this.members = m.membersOf(this.row);
        this.pos += buf.length;
        const settle = Math.max(this.settled, this.pos - (m.maxLength - 1));
        const out = this.emit(settle, buf, this.chunkStart);
        this.chunk = EMPTY;
        this.chunkStart = this.pos;
        return out;
    }
    /**
     * For input that was cut right after what has been pushed: treats a trailing part of at least
     * `minLength` bytes that could begin a secret (in any form) as a match. Call before end().
     */
    markCutTail(minLength) {
        const m = this.matcher;
        if (m.maxLength === 0 || this.pos === 0)
            return;
        if (this.epoch !== m.epoch) {
            this.row = m.intern(this.members);
            this.epoch = m.epoch;
        }
        const end = this.pos - 1;
        const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
        if (start >= 0 && end - start + 1 >= minLength)
            this.addSpan(start, end);
    }
    /**
     * For live output: writes out the bytes held back so far, except a trailing part of at least
     * `minLength` bytes that could begin a secret (that part stays until more input decides). A
     * shorter beginning is written as it is; should the secret complete later, the rest of it is
     * still replaced.
     */
    flushHeld(minLength) {
        const m = this.matcher;
        if (m.maxLength === 0 || this.settled >= this.pos)
            return [];
        if (this.epoch !== m.epoch) {
            this.row = m.intern(this.members);
            this.epoch = m.epoch;
        }
        let settle = this.pos;
        if (this.row !== 0) {
            const end = this.pos - 1;
            const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
            // A beginning that was already written out still goes on: hold everything after it.
            if (m.walkCut)
                return [];
            if (start >= 0 && end - start + 1 >= minLength)
                settle = start;
        }
        if (settle <= this.settled)
            return [];
        return this.emit(settle, EMPTY, this.pos);
    }
    /** Flushes everything held back. */
    end() {
        if (this.matcher.maxLength === 0)
            return [];
        const out = this.emit(this.pos, EMPTY, this.pos);
        this.spans = [];
        return out;
    }
    /** Bytes [a, b) from the tail and the current chunk (which starts at `chunkStart`). */
    slice(a, b, chunk, chunkStart, out) {
        if (a >= b)
            return;
        const tailStart = this.settled;
        if (a < chunkStart) {
            const stop = Math.min(b, chunkStart);
            out.push(this.tail.subarray(a - tailStart, stop - tailStart));
            a = stop;
        }
        if (a < b)
            out.push(chunk.subarray(a - chunkStart, b - chunkStart));
    }
    emit(settle, chunk, chunkStart) {
        const out = [];
        let cursor = this.settled;
        let kept = 0;
        for (const span of this.spans) {
            if (span.start >= settle) {
                this.spans[kept++] = span;
                continue;
            }
            if (span.start > cursor)
                this.slice(cursor, span.start, chunk, chunkStart, out);
            if (!span.written) {
                out.push(this.replacement);
                this.redactions++;
            }
            if (span.end < settle) {
                cursor = Math.max(cursor, span.end + 1);
            }
            else {
                span.written = true;
                cursor = settle;
                this.spans[kept++] = span;
            }
        }
        this.spans.length = kept;
        if (cursor < settle)
            this.slice(cursor, settle, chunk, chunkStart, out);
        // Keep the unsettled bytes [settle, pos) as a private copy (never pin a large chunk).
        const parts = [];
        this.slice(settle, this.pos, chunk, chunkStart, parts);
        this.tail = parts.length === 1 ? Buffer.from(parts[0]) : Buffer.concat(parts);
        this.settled = settle;
        return out;
    }
}

// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
;// CONCATENATED MODULE: ./src/security/redact-files.ts
/**
 * Redaction of files on disk before they are uploaded (logs, prompts, summaries, workspace changes).
 * Files are streamed (bounded memory at any size); a file is rewritten only when it holds a secret,
 * through a temporary file in the same directory renamed over the original. A tree's file and
 * directory names are redacted too: a name holding a secret is renamed, since names become the
 * entry names of an artifact.
 */





const CHUNK = (/* unused pure expression or super */ null && (256 * 1024));
/** Reads a file through a fresh scanner without writing; returns the kinds of variants seen. */
async function scanFile(file, redactor) {
    const scanner = redactor.createScanner({ trackFamilies: true });
    const stream = createReadStream(file, { highWaterMark: CHUNK });
    for await (const chunk of stream)
        scanner.push(chunk);
    scanner.end();
    return { matches: scanner.redactions, kinds: new Set(scanner.matchedFamilies) };
}
/**
 * Redacts a file in place. Returns the number of replacements (0 = the file was not touched).
 * Symbolic links are not followed (0 is returned).
 */
async function redactFileInPlace(file, redactor) {
    if (redactor.maxMatchLength === 0)
        return 0;
    const info = await lstat(file);
    if (!info.isFile())
        return 0;
    const { matches } = await scanFile(file, redactor);
    if (matches === 0)
        return 0;
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.redact`);
    const transform = redactor.createStream();
    try {
        await pipeline(createReadStream(file, { highWaterMark: CHUNK }), transform, createWriteStream(temp, { flags: "wx", mode: info.mode & 0o777 }));
        await chmod(temp, info.mode & 0o7777);
        await rename(temp, file);
    }
    catch (error) {
        await rm(temp, { force: true });
        throw error;
    }
    return transform.redactions;
}
/** A name in `dir` for `wanted` that does not exist yet (`wanted`, `wanted.2`, `wanted.3`, …). */
async function freeName(dir, wanted) {
    for (let n = 1;; n++) {
        const candidate = n === 1 ? wanted : `${wanted}.${n}`;
        try {
            await lstat(path.join(dir, candidate));
        }
        catch (error) {
            if (error.code === "ENOENT")
                return candidate;
            throw error;
        }
    }
}
async function* walk(dir, redactor, renamed) {
    let entries;
    try {
        entries = await readdir(dir, { withFileTypes: true });
    }
    catch (error) {
        if (error.code === "ENOENT")
            return;
        throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
        let name = entry.name;
        const safe = redactor.redactName(name);
        if (safe !== name) {
            const target = await freeName(dir, safe);
            await rename(path.join(dir, name), path.join(dir, target));
            renamed.count++;
            name = target;
        }
        const abs = path.join(dir, name);
        if (entry.isSymbolicLink())
            yield { abs, kind: "symlink" };
        else if (entry.isDirectory())
            yield* walk(abs, redactor, renamed);
        else if (entry.isFile())
            yield { abs, kind: "file" };
    }
}
/**
 * Redacts every regular file under `dir` (recursively, symlinks not followed) and renames every
 * entry whose name holds a secret (the secret becomes `REDACTED`; `.2`, `.3`… avoid clashes).
 */
async function redactTree(dir, redactor) {
    const result = { files: 0, redacted: [], symlinks: [], renamed: 0 };
    const renamed = { count: 0 };
    for await (const entry of walk(dir, redactor, renamed)) {
        const rel = path.relative(dir, entry.abs);
        if (entry.kind === "symlink") {
            result.symlinks.push(rel);
            continue;
        }
        result.files++;
        const redactions = await redactFileInPlace(entry.abs, redactor);
        if (redactions > 0)
            result.redacted.push({ file: rel, redactions });
    }
    result.renamed = renamed.count;
    return result;
}
/**
 * Which files contain a secret (in which encodings). Used on workspace changes before upload so the
 * run can warn, naming the file; missing files and non-regular files are skipped.
 */
async function scanForSecrets(files, redactor) {
    const findings = [];
    if (redactor.maxMatchLength === 0)
        return findings;
    for (const file of files) {
        let regular = false;
        try {
            regular = (await stat(file)).isFile() && !(await lstat(file)).isSymbolicLink();
        }
        catch {
            continue;
        }
        if (!regular)
            continue;
        const { matches, kinds } = await scanFile(file, redactor);
        if (matches === 0)
            continue;
        for (const variant of [...kinds].sort())
            findings.push({ file, variant, occurrences: matches });
    }
    return findings;
}

;// CONCATENATED MODULE: ./src/security/secrets.ts
/**
 * Which values count as secrets: values of environment variables whose names look secret, plus the
 * values a user lists explicitly (the action's `redact` input, one per line).
 */
/** Environment variable names that always hold secrets. */
const SECRET_ENV_NAMES = [
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "CODEX_API_KEY",
    "OPENROUTER_API_KEY",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "GH_ENTERPRISE_TOKEN",
    "ACTIONS_RUNTIME_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "NPM_TOKEN",
    "NODE_AUTH_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
];
/** Name patterns (tested case-insensitively) of variables whose values are treated as secrets. */
const DEFAULT_SECRET_NAME_PATTERNS = [
    /(^|_)(API_?)?KEY$/i,
    /(^|_)TOKEN$/i,
    /(^|_)SECRETS?$/i,
    /PASSWORD|PASSWD|PASSPHRASE/i,
    /(^|_)PAT$/i,
    /(^|_)CREDENTIALS?$/i,
    /(^|_)CONNECTION_STRING$/i,
    /(^|_)(AUTH|AUTHORIZATION|COOKIE|DSN)$/i,
];
/** Values that are never secrets even under a secret-looking name. */
const NON_SECRET_VALUES = new Set([
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "null",
    "none",
    "undefined",
    "enabled",
    "disabled",
    "default",
    "empty",
    "unset",
]);
/** Environment values shorter than this are ignored (redacting them would shred logs). */
const MIN_ENV_SECRET_LENGTH = 6;
/** Explicitly listed values shorter than this are ignored. */
const MIN_EXTRA_SECRET_LENGTH = 4;
function isSecretEnvName(name, patterns = DEFAULT_SECRET_NAME_PATTERNS, names = SECRET_ENV_NAMES) {
    if (names.includes(name.toUpperCase()))
        return true;
    return patterns.some((p) => {
        p.lastIndex = 0;
        return p.test(name);
    });
}
function plausibleSecret(value, minLength) {
    if (value.length < minLength)
        return false;
    return !NON_SECRET_VALUES.has(value.toLowerCase());
}
/** Distinct secret values, longest first. */
function collectSecretValues(options) {
    const found = new Set();
    for (const [name, raw] of Object.entries(options.env)) {
        if (raw === undefined)
            continue;
        if (!isSecretEnvName(name, options.namePatterns, options.names))
            continue;
        const value = raw.trim();
        if (plausibleSecret(value, MIN_ENV_SECRET_LENGTH))
            found.add(value);
    }
    for (const line of options.extra ?? []) {
        const value = line.trim();
        if (plausibleSecret(value, MIN_EXTRA_SECRET_LENGTH))
            found.add(value);
    }
    return [...found].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}
/** Splits the action's multi-line `redact` input into values. */
function splitRedactInput(input) {
    return input
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.length > 0);
}

;// CONCATENATED MODULE: ./src/security/redact.ts
/**
 * Secret redaction for everything the product prints or uploads: strings, buffers and byte streams.
 * Each secret is matched raw, in base64 (wrapped or not), and with any of its characters
 * percent-encoded, JSON-escaped or written as an HTML reference (see patterns.ts); every match
 * becomes `***`.
 *
 * Redaction is the last step before text leaves the process: redact the raw values first, then
 * escape, truncate or format them. Escaping first can turn a secret into a form nobody looks for,
 * and truncating first can leave part of a secret that no longer matches.
 */







const REDACTED = "***";
/** What a secret in a file or directory name becomes (`*` is not allowed in artifact paths). */
const REDACTED_NAME = "REDACTED";
const REPLACEMENT = Buffer.from(REDACTED, "utf8");
const NAME_REPLACEMENT = Buffer.from(REDACTED_NAME, "utf8");
/** A Transform that redacts bytes; `redactions` counts replacements written so far. */
class RedactStream extends external_node_stream_.Transform {
    scanner;
    constructor(matcher) {
        super();
        this.scanner = new RedactionScanner(matcher, REPLACEMENT);
    }
    get redactions() {
        return this.scanner.redactions;
    }
    _transform(chunk, encoding, callback) {
        const buf = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
        for (const part of this.scanner.push(buf))
            this.push(part);
        callback();
    }
    _flush(callback) {
        for (const part of this.scanner.end())
            this.push(part);
        callback();
    }
}
/** All variants of all values (deduplicated). */
function allVariants(values) {
    const seen = new Set();
    const out = [];
    for (const value of values) {
        if (value.length === 0)
            continue;
        for (const v of secretVariants(value)) {
            if (seen.has(v.text))
                continue;
            seen.add(v.text);
            out.push(v);
        }
    }
    return out;
}
function redactText(matcher, text, replacement, cutAtEnd) {
    if (matcher.maxLength === 0 || text.length === 0)
        return text;
    const scanner = new RedactionScanner(matcher, replacement);
    const parts = scanner.push(Buffer.from(text, "utf8"));
    if (cutAtEnd)
        scanner.markCutTail(MIN_VARIANT_LENGTH);
    parts.push(...scanner.end());
    return scanner.redactions === 0 ? text : Buffer.concat(parts).toString("utf8");
}
function createRedactor(values) {
    const variants = allVariants(values);
    const matcher = compileMatcher([...new Set(values.filter((v) => v.length > 0))]);
    const createScanner = (options) => new RedactionScanner(matcher, REPLACEMENT, options);
    const redactBuffer = (buf) => {
        const scanner = createScanner();
        const parts = [...scanner.push(buf), ...scanner.end()];
        if (scanner.redactions === 0)
            return Buffer.isBuffer(buf) ? buf : Buffer.from(buf);
        return Buffer.concat(parts);
    };
    return {
        redact: (text) => redactText(matcher, text, REPLACEMENT, false),
        redactCut: (text) => redactText(matcher, text, REPLACEMENT, true),
        redactName: (name) => redactText(matcher, name, NAME_REPLACEMENT, false),
        redactBuffer,
        createStream: () => new RedactStream(matcher),
        createScanner,
        variants: variants.map((v) => v.text),
        variantKinds: variants.map((v) => v.kind),
        maxVariantLength: variants.reduce((n, v) => Math.max(n, Buffer.byteLength(v.text, "utf8")), 0),
        maxMatchLength: matcher.maxLength,
    };
}
/**
 * Registers every variant of every value with the runner's log masking (pass `core.setSecret`).
 * Returns how many strings were registered.
 */
function registerSecrets(values, setSecret) {
    const variants = allVariants(values);
    for (const v of variants)
        setSecret(v.text);
    return variants.length;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./src/security/paths.ts
var security_paths = __webpack_require__(5770);
// EXTERNAL MODULE: ./src/state/paths.ts
var state_paths = __webpack_require__(5013);
;// CONCATENATED MODULE: ./src/agent-user/access.ts
/**
 * Whether the agent user can reach a path: asked of the kernel by running `test` as that user, so
 * modes, groups and ACLs all count exactly as they will for the agent.
 */


const FLAG = { read: "-r", write: "-w", execute: "-x", traverse: "-x" };
/** Runs `program args` as `identity` (no input, no output kept); true when it exits 0. */
function succeedsAs(identity, program, args) {
    const result = (0,external_node_child_process_.spawnSync)(program, args, {
        uid: identity.uid,
        gid: identity.gid,
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
        stdio: "ignore",
        timeout: 30_000,
    });
    return !result.error && result.status === 0;
}
function canAccessAs(identity, target, kind) {
    return succeedsAs(identity, "test", [FLAG[kind], target]);
}
/** The ancestors of `target` (outermost first, `/` excluded) the agent cannot traverse. */
function blockedAncestors(identity, target) {
    const blocked = [];
    let dir = external_node_path_default().resolve(target);
    const chain = [];
    while (external_node_path_default().dirname(dir) !== dir) {
        chain.unshift(dir);
        dir = external_node_path_default().dirname(dir);
    }
    for (const d of chain)
        if (!canAccessAs(identity, d, "traverse"))
            blocked.push(d);
    return blocked;
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/state/lock.ts
var state_lock = __webpack_require__(2118);
// EXTERNAL MODULE: ./src/agent-user/choice.ts
var choice = __webpack_require__(5984);
;// CONCATENATED MODULE: ./src/agent-user/account.ts
/**
 * The agent user's account: looked up in the user database, created when `auto` needs it, checked
 * to have no sudo, and reserved for one run at a time (an exclusive lock per user name, so that
 * clearing "every process of the agent user" never touches another run's agents).
 */









const run = (0,external_node_util_.promisify)(external_node_child_process_.execFile);
/** Parses one passwd line (`name:x:uid:gid:gecos:home:shell`). */
function parsePasswdLine(line) {
    const parts = line.trim().split(":");
    if (parts.length < 7)
        return null;
    const uid = Number(parts[2]);
    const gid = Number(parts[3]);
    if (!parts[0] || !Number.isInteger(uid) || !Number.isInteger(gid))
        return null;
    return { name: parts[0], uid, gid };
}
async function lookupAccount(name) {
    try {
        const { stdout } = await run("getent", ["passwd", name]);
        return parsePasswdLine(stdout.split("\n")[0] ?? "");
    }
    catch (error) {
        const code = error.code;
        if (code !== "ENOENT")
            return null; // getent: exit 2 = no such user
    }
    const text = await external_node_fs_.promises.readFile("/etc/passwd", "utf8").catch(() => "");
    for (const line of text.split("\n")) {
        const account = parsePasswdLine(line);
        if (account?.name === name)
            return account;
    }
    return null;
}
/** Creates an unprivileged system user with its own group, no home and no password. */
async function createAccount(name) {
    const attempts = [
        ["useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/bin/sh", name]],
        ["adduser", ["-S", "-D", "-H", "-h", "/nonexistent", "-s", "/bin/sh", name]],
    ];
    const errors = [];
    for (const [program, args] of attempts) {
        try {
            await run(program, args);
            break;
        }
        catch (error) {
            const e = error;
            // A concurrent run may have created it a moment ago.
            if (await lookupAccount(name))
                break;
            errors.push(`${program}: ${e.code === "ENOENT" ? "not installed" : (e.stderr ?? e.message).trim()}`);
        }
    }
    const account = await lookupAccount(name);
    if (!account)
        throw new src_errors/* UserError */.yo(`could not create the agent user ${name} (${errors.join("; ")})`, 2);
    return account;
}
/** True when `account` can run `sudo -n true` (passwordless sudo): such a user is no boundary. */
function accountHasSudo(account) {
    return succeedsAs(account, "sudo", ["-n", "true"]);
}
/**
 * Where the per-user run locks live: private to root, and one place for the whole machine. Not
 * under TMPDIR: two runs with different temporary directories would each see the agent user free,
 * share it, and end each other's agents when they clear the user's processes. `/run` is cleared at
 * boot (stale locks go with it); where it is missing, `/tmp`.
 */
function agentUserLockDir(exists = isDirectory) {
    return external_node_path_default().join(exists("/run") ? "/run" : "/tmp", "wave-agent-users");
}
function isDirectory(dir) {
    try {
        return (0,external_node_fs_.statSync)(dir).isDirectory();
    }
    catch {
        return false;
    }
}
/** Takes the lock of `name` for this process; null when a live process holds it. */
async function tryLock(name) {
    const dir = agentUserLockDir();
    await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const stat = await external_node_fs_.promises.lstat(dir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
        throw new src_errors/* UserError */.yo(`the agent user lock directory ${dir} is not a private directory owned by root`, 2);
    }
    const file = external_node_path_default().join(dir, `${name}.lock`);
    for (let i = 0; i < 3; i++) {
        try {
            await external_node_fs_.promises.writeFile(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
            return async () => {
                await external_node_fs_.promises.rm(file, { force: true });
            };
        }
        catch (error) {
            if (error.code !== "EEXIST")
                throw error;
            const holder = Number((await external_node_fs_.promises.readFile(file, "utf8").catch(() => "")).trim());
            if (Number.isInteger(holder) && holder > 0 && (0,state_lock/* processAlive */.F)(holder))
                return null;
            // Stale: move it aside atomically, so only one of two recovering processes wins.
            const aside = `${file}.stale-${(0,external_node_crypto_.randomBytes)(4).toString("hex")}`;
            await external_node_fs_.promises.rename(file, aside).catch(() => undefined);
            await external_node_fs_.promises.rm(aside, { force: true }).catch(() => undefined);
        }
    }
    return null;
}
/**
 * Reserves the agent user for this run. Pooled (`auto`): the first free name of wave-agent,
 * wave-agent-2, ..., created when missing. Named: that user, which must exist and be free.
 */
async function leaseAccount(name, pooled) {
    const names = pooled ? Array.from({ length: choice/* AUTO_USER_POOL */.xJ }, (_, i) => (0,choice/* autoUserName */.wq)(i)) : [name];
    for (const candidate of names) {
        const release = await tryLock(candidate);
        if (!release)
            continue;
        try {
            let account = await lookupAccount(candidate);
            if (!account) {
                if (!pooled)
                    throw new src_errors/* UserError */.yo(`agent-user ${candidate}: no such user (create it, or use auto)`, 2);
                account = await createAccount(candidate);
            }
            if (account.uid === 0)
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} has uid 0: agents may not run as root`, 2);
            if (account.uid === process.getuid?.()) {
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} is the orchestrator's own user: use agent-user none for that`, 2);
            }
            if (accountHasSudo(account)) {
                throw new src_errors/* UserError */.yo(`agent-user ${candidate} can use sudo without a password: it would be no boundary`, 2);
            }
            return { account, release };
        }
        catch (error) {
            await release();
            throw error;
        }
    }
    throw new src_errors/* UserError */.yo(pooled
        ? `all ${choice/* AUTO_USER_POOL */.xJ} agent users (wave-agent…) are in use by other runs on this machine`
        : `agent-user ${name} is in use by another run on this machine`, 2);
}

// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
;// CONCATENATED MODULE: ./src/agent-user/processes.ts
/**
 * Processes of one OS user, found through /proc and ended with SIGKILL. Used to clear the agent
 * user between stages: whatever an agent left behind (a background helper, a `setsid` escapee with
 * an empty environment) runs as the agent user and cannot hide from a scan by uid.
 */


/** Live processes whose real or effective uid is `uid`. */
function processesOfUid(uid) {
    const found = [];
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)("/proc");
    }
    catch {
        return found;
    }
    for (const name of names) {
        if (!/^\d+$/.test(name))
            continue;
        let status;
        try {
            status = (0,external_node_fs_.readFileSync)(`/proc/${name}/status`, "latin1");
        }
        catch {
            continue; // gone
        }
        const uids = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(status);
        if (!uids || (Number(uids[1]) !== uid && Number(uids[2]) !== uid && Number(uids[3]) !== uid))
            continue;
        const state = /^State:\s+(\S)/m.exec(status)?.[1] ?? "?";
        found.push({ pid: Number(name), state });
    }
    return found;
}
/**
 * Stops every process of `uid`: each round freezes them all (SIGSTOP, so a forking process cannot
 * outrun the scan), then kills them (SIGKILL), then waits a little for them to be gone. Rounds
 * repeat until none is left or about `maxWaitMs` has passed. Returns the pids signalled and
 * whether the user is clear now (zombies count as gone: they run nothing).
 */
async function killProcessesOfUid(uid, maxWaitMs = 10_000) {
    if (uid === 0 || uid === process.getuid?.())
        throw new Error(`refusing to kill every process of uid ${uid}`);
    const killed = new Set();
    const started = Date.now();
    for (let round = 0;; round++) {
        const live = processesOfUid(uid).filter((p) => p.state !== "Z");
        if (live.length === 0)
            return { killed: [...killed], clear: true };
        if (Date.now() - started > maxWaitMs)
            return { killed: [...killed], clear: false };
        for (const p of live)
            signal(p.pid, "SIGSTOP");
        for (const p of processesOfUid(uid)) {
            if (p.state === "Z")
                continue;
            signal(p.pid, "SIGKILL");
            killed.add(p.pid);
        }
        await (0,external_node_timers_promises_.setTimeout)(Math.min(100, 2 ** round));
    }
}
function signal(pid, name) {
    try {
        process.kill(pid, name);
    }
    catch {
        // already gone
    }
}

// EXTERNAL MODULE: ./src/agent-user/worktree.ts
var worktree = __webpack_require__(6890);
;// CONCATENATED MODULE: ./src/agent-user/boundary.ts
/**
 * The OS boundary between the orchestrator and the agents of one wave run.
 *
 * Separate user (the orchestrator is root): agents run as an unprivileged agent user that owns the
 * work tree (but not `.git`, the state directory or the action's own files) and a private home of
 * its own, and can reach nothing of the orchestrator's — not its environment (/proc of another
 * user), not its state directory (mode 0700), not its temporary files. Between stages every process
 * of the agent user is killed, so nothing an earlier agent left behind runs while a later agent's
 * output is read.
 *
 * Same user: everything as before, and the log and summary say plainly what that allows.
 *
 * The per-run agent area (outside the work tree, mode 0711) holds what agents must read or use:
 *   <area>/bin/         the `wave` shim (and, when needed, a readable copy of the CLI)
 *   <area>/ctl/         the orchestrator's control socket directory
 *   <area>/in/<agent>/  the agent's prompt copy and executor overlay files (group-readable by the agent)
 *   <area>/home/<agent> the agent's HOME (owned by the agent user)
 *   <area>/work         the work tree, bind-mounted, when the agent user cannot reach the real path
 */












/** A boundary that changes nothing: agents share the orchestrator's user. */
function sameUserBoundary(root, reason, controlDir) {
    return {
        mode: "same",
        description: `agents run as the orchestrator's own user (${reason}); ${choice/* SAME_USER_CONSEQUENCES */.ky}`,
        account: null,
        agentRoot: root,
        controlDir,
        identity: undefined,
        binDir: null,
        inputsDir: async () => null,
        adjustEnv: async (_id, env) => env,
        clear: async () => 0,
        close: async () => {
            await external_node_fs_.promises.rm(controlDir, { recursive: true, force: true });
        },
    };
}
const AGENT_ENV_DROP = ["RUNNER_TEMP", "WAVE_RUN_DIR", "XDG_RUNTIME_DIR", "MAIL", "OLDPWD", "PWD"];
async function openBoundary(options) {
    const { decision } = options;
    if (decision.kind !== "separate" || options.dryRun) {
        const controlDir = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-ctl-"));
        await external_node_fs_.promises.chmod(controlDir, 0o700);
        const reason = decision.kind === "same" ? decision.reason : decision.kind === "separate" ? `dry run; a real run uses ${decision.name}` : "not elevated";
        return sameUserBoundary(options.root, reason, controlDir);
    }
    const lease = await leaseAccount(decision.name, decision.pooled);
    const cleanups = [() => lease.release()];
    const runCleanups = async () => {
        for (const fn of cleanups.reverse()) {
            try {
                await fn();
            }
            catch (error) {
                options.onWarning(`agent boundary clean-up: ${error instanceof Error ? error.message : String(error)}`);
            }
        }
    };
    try {
        return await openSeparate(options, lease, cleanups, runCleanups);
    }
    catch (error) {
        await runCleanups();
        throw error;
    }
}
async function openSeparate(options, lease, cleanups, runCleanups) {
    const { account } = lease;
    const agent = { uid: account.uid, gid: account.gid };
    const me = { uid: process.getuid(), gid: process.getgid() };
    const notes = [];
    // Whatever a crashed earlier run of this user left behind goes first.
    const stale = await killProcessesOfUid(account.uid);
    if (stale.killed.length > 0)
        options.onWarning(`stopped ${stale.killed.length} process(es) of ${account.name} left by an earlier run`);
    // The state directory: the orchestrator's alone.
    await external_node_fs_.promises.mkdir(options.stateDir, { recursive: true });
    const stateStat = await external_node_fs_.promises.lstat(options.stateDir);
    if (!stateStat.isDirectory())
        throw new Error(`the state directory ${options.stateDir} is not a directory`);
    await external_node_fs_.promises.chown(options.stateDir, me.uid, me.gid);
    await external_node_fs_.promises.chmod(options.stateDir, 0o700);
    // The agent area.
    const area = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-agents-"));
    cleanups.push(() => removeArea(area));
    await external_node_fs_.promises.chmod(area, 0o711);
    for (const [name, mode] of [["bin", 0o755], ["ctl", 0o711], ["in", 0o711], ["home", 0o711]]) {
        await external_node_fs_.promises.mkdir(external_node_path_default().join(area, name), { mode });
        await external_node_fs_.promises.chmod(external_node_path_default().join(area, name), mode);
    }
    // The work tree, where the agent user can reach it.
    let agentRoot = options.root;
    const record = {
        user: account.name,
        uid: account.uid,
        gid: account.gid,
        root: options.root,
        rootOwner: { uid: 0, gid: 0 },
        rootMode: 0,
        area,
        mountPoint: null,
        traversal: [],
        locked: [],
    };
    const blocked = blockedAncestors(agent, external_node_path_default().dirname(options.root));
    if (blocked.length > 0) {
        const mountPoint = external_node_path_default().join(area, "work");
        await external_node_fs_.promises.mkdir(mountPoint, { mode: 0o755 });
        const mounted = (0,external_node_child_process_.spawnSync)("mount", ["--bind", options.root, mountPoint], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
        if (!mounted.error && mounted.status === 0) {
            agentRoot = mountPoint;
            record.mountPoint = mountPoint;
            cleanups.push(() => unmount(mountPoint));
            notes.push(`work tree bind-mounted at ${mountPoint} (the agent user cannot traverse ${blocked.join(", ")})`);
        }
        else {
            // No mount here (an unprivileged container): open the path for traversal only, and say so.
            const restore = [];
            for (const dir of blocked) {
                const mode = (0,external_node_fs_.statSync)(dir).mode & 0o7777;
                restore.push([dir, mode]);
                (0,external_node_fs_.chmodSync)(dir, mode | 0o001);
            }
            record.traversal = restore;
            cleanups.push(() => {
                for (const [dir, mode] of restore.reverse())
                    (0,external_node_fs_.chmodSync)(dir, mode);
            });
            options.onWarning(`the agent user cannot reach the work tree and no bind mount was possible (${(mounted.stderr || mounted.error?.message || "").trim()}); ` +
                `made ${blocked.join(", ")} traversable (not readable) for the run`);
        }
    }
    // The runner's temporary directory holds the file-command files and, in the action, the state:
    // closed to every other user while agents run (unless the agent area itself lives inside it).
    const runnerTemp = options.runnerTemp && external_node_path_default().isAbsolute(options.runnerTemp) ? external_node_path_default().resolve(options.runnerTemp) : null;
    const toLock = runnerTemp && !(0,security_paths/* isInside */.FK)(runnerTemp, area) ? [runnerTemp] : [];
    const protectedPaths = [external_node_path_default().resolve(options.stateDir), ...options.protectedPaths.map((p) => external_node_path_default().resolve(p))];
    // Written before anything is handed over: a run that dies leaves the way back on disk.
    const top = (0,external_node_fs_.statSync)(options.root);
    record.rootOwner = { uid: top.uid, gid: top.gid };
    record.rootMode = top.mode & 0o7777;
    const recordFile = boundaryRecordFile(options.stateDir, account.name);
    cleanups.push(() => external_node_fs_.promises.rm(recordFile, { force: true }));
    // The action's own files inside the work tree: neither writable nor readable for the run (the
    // agents' `wave` command then runs from a copy in the agent area).
    for (const dir of [...toLock, ...options.protectedPaths]) {
        try {
            const st = await external_node_fs_.promises.lstat(dir);
            if (!st.isDirectory() || (st.mode & 0o077) === 0)
                continue;
            record.locked.push([dir, st.mode & 0o7777]);
        }
        catch {
            // not there
        }
    }
    await external_node_fs_.promises.writeFile(recordFile, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    for (const [dir, mode] of record.locked)
        (0,external_node_fs_.chmodSync)(dir, mode & 0o7700);
    cleanups.push(() => {
        for (const [dir, mode] of record.locked)
            (0,external_node_fs_.chmodSync)(dir, mode);
    });
    const grant = (0,worktree/* grantWorktree */.eQ)(options.root, agent, protectedPaths);
    cleanups.push(() => {
        (0,worktree/* takeBackWorktree */.MZ)(grant, account.uid);
    });
    if (!canAccessAs(agent, agentRoot, "write")) {
        throw new Error(`the agent user ${account.name} cannot write the work tree ${agentRoot} after it was handed over`);
    }
    const homes = new Map();
    const inputs = new Map();
    let closed = false;
    const boundary = {
        mode: "separate",
        description: `agents run as the OS user ${account.name} (uid ${account.uid}); they cannot read the orchestrator's environment, ` +
            `state directory or temporary files${notes.length > 0 ? `; ${notes.join("; ")}` : ""}`,
        account,
        agentRoot,
        controlDir: external_node_path_default().join(area, "ctl"),
        identity: agent,
        binDir: external_node_path_default().join(area, "bin"),
        async inputsDir(agentId) {
            const existing = inputs.get(agentId);
            if (existing)
                return existing;
            const dir = external_node_path_default().join(area, "in", (0,state_paths/* agentDirName */.M2)(agentId));
            await external_node_fs_.promises.mkdir(dir, { recursive: true });
            await external_node_fs_.promises.chown(dir, me.uid, account.gid);
            await external_node_fs_.promises.chmod(dir, 0o750);
            inputs.set(agentId, dir);
            return dir;
        },
        async adjustEnv(agentId, env) {
            let home = homes.get(agentId);
            if (!home) {
                home = external_node_path_default().join(area, "home", (0,state_paths/* agentDirName */.M2)(agentId));
                for (const dir of [home, external_node_path_default().join(home, "tmp")]) {
                    await external_node_fs_.promises.mkdir(dir, { recursive: true });
                    await external_node_fs_.promises.chown(dir, account.uid, account.gid);
                    await external_node_fs_.promises.chmod(dir, 0o700);
                }
                homes.set(agentId, home);
            }
            const out = {};
            for (const [k, v] of Object.entries(env))
                if (!AGENT_ENV_DROP.includes(k))
                    out[k] = v;
            Object.assign(out, {
                HOME: home,
                USER: account.name,
                LOGNAME: account.name,
                TMPDIR: external_node_path_default().join(home, "tmp"),
                TMP: external_node_path_default().join(home, "tmp"),
                TEMP: external_node_path_default().join(home, "tmp"),
                XDG_CONFIG_HOME: external_node_path_default().join(home, ".config"),
                XDG_CACHE_HOME: external_node_path_default().join(home, ".cache"),
                XDG_DATA_HOME: external_node_path_default().join(home, ".local", "share"),
                XDG_STATE_HOME: external_node_path_default().join(home, ".local", "state"),
                WAVE_ROOT: agentRoot,
            });
            // git refuses a repository owned by another user unless told it is safe (command scope).
            const count = Number(out.GIT_CONFIG_COUNT ?? "0");
            const base = Number.isInteger(count) && count >= 0 ? count : 0;
            out[`GIT_CONFIG_KEY_${base}`] = "safe.directory";
            out[`GIT_CONFIG_VALUE_${base}`] = agentRoot;
            out.GIT_CONFIG_COUNT = String(base + 1);
            return out;
        },
        async clear() {
            const { killed, clear } = await killProcessesOfUid(account.uid);
            if (!clear)
                options.onWarning(`processes of ${account.name} survived SIGKILL (uninterruptible); continuing`);
            return killed.length;
        },
        async close() {
            if (closed)
                return;
            closed = true;
            await boundary.clear();
            await runCleanups();
        },
    };
    return boundary;
}
/**
 * Removes the agent area. The bind mount point is removed only with rmdir (never recursively): if
 * unmounting failed, the work tree behind it must not be deleted.
 */
async function removeArea(area) {
    for (const name of ["bin", "ctl", "in", "home"])
        await external_node_fs_.promises.rm(external_node_path_default().join(area, name), { recursive: true, force: true });
    await external_node_fs_.promises.rmdir(external_node_path_default().join(area, "work")).catch(() => undefined);
    await external_node_fs_.promises.rmdir(area);
}
function unmount(mountPoint) {
    const plain = (0,external_node_child_process_.spawnSync)("umount", [mountPoint], { stdio: "ignore" });
    if (plain.status !== 0)
        (0,external_node_child_process_.spawnSync)("umount", ["-l", mountPoint], { stdio: "ignore" });
}
const BoundaryRecordSchema = schemas/* object */.Ikc({
    user: schemas/* string */.YjP(),
    uid: schemas/* number */.aig().int().positive(),
    gid: schemas/* number */.aig().int().nonnegative(),
    root: schemas/* string */.YjP(),
    rootOwner: schemas/* object */.Ikc({ uid: schemas/* number */.aig().int().nonnegative(), gid: schemas/* number */.aig().int().nonnegative() }),
    rootMode: schemas/* number */.aig().int().nonnegative(),
    area: schemas/* string */.YjP(),
    mountPoint: schemas/* string */.YjP().nullable(),
    traversal: schemas/* array */.YOg(schemas/* tuple */.PVZ([schemas/* string */.YjP(), schemas/* number */.aig().int().nonnegative()])),
    locked: schemas/* array */.YOg(schemas/* tuple */.PVZ([schemas/* string */.YjP(), schemas/* number */.aig().int().nonnegative()])).default([]),
});
function boundaryRecordFile(stateDir, user) {
    return external_node_path_default().join(stateDir, `agent-boundary-${user}.json`);
}
/**
 * Undoes what a run that died (SIGKILL, a lost runner) left of its boundary: the agent user's
 * processes, the work tree's ownership, the bind mount, the opened traversal, the agent area.
 * The record lives in the private state directory, so only the orchestrator can have written it.
 * Returns a description of what was undone, or null when there was nothing to undo.
 */
async function recoverBoundaries(stateDir) {
    if (process.getuid?.() !== 0)
        return [];
    const names = await external_node_fs_.promises.readdir(stateDir).catch(() => []);
    const done = [];
    for (const name of names) {
        const m = /^agent-boundary-([a-z_][a-z0-9_-]{0,31})\.json$/.exec(name);
        if (!m)
            continue;
        // A live run holds its user's lock: its boundary is not ours to undo.
        const release = await tryLock(m[1]);
        if (!release)
            continue;
        try {
            const note = await recoverBoundary(external_node_path_default().join(stateDir, name));
            if (note)
                done.push(note);
        }
        finally {
            await release();
        }
    }
    return done;
}
async function recoverBoundary(file) {
    let text;
    try {
        const st = await external_node_fs_.promises.lstat(file);
        if (!st.isFile() || st.uid !== process.getuid?.())
            return null;
        text = await external_node_fs_.promises.readFile(file, "utf8");
    }
    catch {
        return null;
    }
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch {
        return null;
    }
    const parsed = BoundaryRecordSchema.safeParse(raw);
    if (!parsed.success)
        return null;
    const r = parsed.data;
    const { killed } = await killProcessesOfUid(r.uid);
    const given = (0,worktree/* takeBackWorktree */.MZ)({ root: r.root, rootOwner: r.rootOwner, rootMode: r.rootMode, entries: 0 }, r.uid);
    if (r.mountPoint)
        unmount(r.mountPoint);
    for (const [dir, mode] of [...r.traversal].reverse())
        (0,external_node_fs_.chmodSync)(dir, mode);
    for (const [dir, mode] of r.locked) {
        try {
            (0,external_node_fs_.chmodSync)(dir, mode);
        }
        catch {
            // gone
        }
    }
    await removeArea(r.area).catch(() => undefined);
    await external_node_fs_.promises.rm(file, { force: true });
    return `recovered the agent boundary of an interrupted run: stopped ${killed.length} process(es) of ${r.user}, took back ${given} work-tree entries`;
}

;// CONCATENATED MODULE: ./src/agent-user/cli-argv.ts
/**
 * The argv agents use to start the `wave` CLI (their `wave` shim, the local executor): the
 * orchestrator's own, unless the agent user cannot reach its Node binary or its entry file (an
 * action checked out under the runner's home). Then a readable copy of the CLI bundle's directory
 * goes to the agent area, and `node` is looked up on the agent's PATH.
 */



const SCRIPT = /\.(?:c|m)?[jt]s$/;
async function cliArgvForAgent(cliArgv, identity, binDir) {
    const out = [...cliArgv];
    if (out[0] && external_node_path_default().isAbsolute(out[0]) && !canAccessAs(identity, out[0], "execute"))
        out[0] = "node";
    const index = out.findIndex((a, i) => i > 0 && external_node_path_default().isAbsolute(a) && SCRIPT.test(a));
    if (index > 0 && !canAccessAs(identity, out[index], "read")) {
        const from = external_node_path_default().dirname(out[index]);
        const to = external_node_path_default().join(binDir, "cli");
        await external_node_fs_.promises.cp(from, to, { recursive: true, dereference: true });
        await makeReadable(to);
        out[index] = external_node_path_default().join(to, external_node_path_default().basename(out[index]));
    }
    return out;
}
async function makeReadable(dir) {
    await external_node_fs_.promises.chmod(dir, 0o755);
    for (const entry of await external_node_fs_.promises.readdir(dir, { withFileTypes: true })) {
        const p = external_node_path_default().join(dir, entry.name);
        if (entry.isDirectory())
            await makeReadable(p);
        else
            await external_node_fs_.promises.chmod(p, 0o644);
    }
}

// EXTERNAL MODULE: ./src/executors/common.ts + 1 modules
var common = __webpack_require__(8361);
// EXTERNAL MODULE: ./src/executors/json-merge.ts
var json_merge = __webpack_require__(3411);
;// CONCATENATED MODULE: ./src/executors/claude-settings.ts
/**
 * Claude Code `--settings`: the configured settings file as-is, or, when inline settings, hooks or
 * allowed hook URLs are given, one merged file `<overlay>/claude-settings.json`:
 *   base file (claude.settings) ⊕ claude.settings_json ⊕ {hooks: claude.hooks_json}
 *   ⊕ {allowedHttpHookUrls: base ∪ claude.allowed_http_hook_urls}
 * The merged file is marked sensitive: inline JSON may hold credentials.
 */





const CLAUDE_SETTINGS_FILE = "claude-settings.json";
function readBaseSettings(ctx, settingsPath) {
    const abs = external_node_path_default().resolve(ctx.root, settingsPath);
    const read = ctx.readFile ?? ((p) => (0,external_node_fs_.readFileSync)(p, "utf8"));
    let parsed;
    try {
        parsed = JSON.parse(read(abs));
    }
    catch (error) {
        throw new src_errors/* UserError */.yo(`agent ${ctx.agent.agentId}: claude.settings file ${settingsPath} cannot be merged: ${(0,src_errors/* errorMessage */.gJ)(error)}`);
    }
    if (!(0,json_merge/* isJsonObject */.O)(parsed)) {
        throw new src_errors/* UserError */.yo(`agent ${ctx.agent.agentId}: claude.settings file ${settingsPath} must hold a JSON object`);
    }
    return parsed;
}
function claudeSettingsPlan(ctx) {
    const claude = ctx.executor.claude;
    const urls = (0,common/* unique */.Am)(claude.allowedHttpHookUrls ?? []);
    const inline = claude.settingsJson !== undefined || claude.hooksJson !== undefined || urls.length > 0;
    if (!inline)
        return { argv: claude.settings ? ["--settings", claude.settings] : [], file: null };
    const base = claude.settings ? readBaseSettings(ctx, claude.settings) : {};
    const baseUrls = Array.isArray(base.allowedHttpHookUrls)
        ? base.allowedHttpHookUrls.filter((u) => typeof u === "string")
        : [];
    const merged = (0,json_merge/* deepMerge */.$)(base, claude.settingsJson, claude.hooksJson !== undefined ? { hooks: claude.hooksJson } : null, urls.length > 0 ? { allowedHttpHookUrls: (0,common/* unique */.Am)([...baseUrls, ...urls]) } : null);
    const file = {
        path: (0,common/* overlayPath */.i_)(ctx, CLAUDE_SETTINGS_FILE),
        content: `${JSON.stringify(merged, null, 2)}\n`,
        sensitive: true,
    };
    return { argv: ["--settings", file.path], file };
}

;// CONCATENATED MODULE: ./src/sessions/ids.ts
/**
 * Session ids of the agent CLIs. A run reads them from the CLI's events with the usage figures
 * (src/usage/extract.ts).
 *
 * Claude Code: a fresh `-p` run takes the id we choose (`--session-id <uuid>`; a second launch
 * with an id already on disk fails with "Session ID … is already in use", so every fresh launch
 * needs a new one). Its output also names it: `stream-json` in the first event
 * (`{"type":"system","subtype":"init","session_id":…}`), `json` only in the final `result` event,
 * `text` nowhere.
 *
 * Codex: the id cannot be chosen. `exec --json` prints it as the very first event,
 * `{"type":"thread.started","thread_id":"<uuid>"}` (before any model request, so a run killed at its
 * deadline has printed it too); a resumed run prints the same id again. Codex ids are UUIDv7, whose
 * first 48 bits are the creation time in milliseconds (used to find the session file quickly).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (any version), the only session ids the launches accept. */
function isSessionId(value) {
    return typeof value === "string" && UUID.test(value);
}
/** A new random session id (for Claude Code's `--session-id`). */
function newSessionId() {
    return randomUUID();
}
/** The creation time a UUIDv7 carries, or null for other ids. */
function uuidV7Time(id) {
    if (!isSessionId(id) || id[14] !== "7")
        return null;
    const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    return Number.isFinite(ms) ? new Date(ms) : null;
}
/** The session request of a launch with its defaults (absent: persist, fresh, no chosen id). */
function sessionRequestOf(session) {
    const request = { persist: session?.persist ?? true, resumeId: session?.resumeId ?? null, newId: session?.newId ?? null };
    for (const [name, id] of [
        ["resumeId", request.resumeId],
        ["newId", request.newId],
    ]) {
        // Ids reach argv: never let a flag-like or free-form value through.
        if (id !== null && !isSessionId(id))
            throw new Error(`session.${name} must be a UUID, got ${JSON.stringify(id)}`);
    }
    return request;
}

;// CONCATENATED MODULE: ./src/executors/claude.ts
/**
 * Claude Code: `claude -p …` with the prompt on stdin (never one huge argv string) and the harness
 * system prompt in `<overlay>/claude-system-prompt.txt`, passed with `--append-system-prompt-file`
 * (or `--system-prompt-file` when appendSystemPromptMode is "replace"). The agent's skills follow
 * the harness text in that file (and are written to `<overlay>/skills/<id>/SKILL.md`).
 *
 * Checked against Claude Code 2.1: `--output-format stream-json` with `-p` requires `--verbose`;
 * `--max-turns`, `--permission-prompt-tool` and the `*-system-prompt-file` flags are accepted though
 * not listed in `--help`. Claude Code refuses `bypassPermissions` (the default permission mode)
 * when running as root unless IS_SANDBOX=1 is set; GitHub-hosted runners do not run as root.
 *
 * Sessions (checked against Claude Code 2.1.197): with persistence on (`session.persist`, the
 * default) a `-p` run keeps its conversation in
 * `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<cwd as a dir name>/<session id>.jsonl` (see
 * src/sessions/locate.ts for the dir-name rule); `--no-session-persistence` is passed only when
 * `session.persist` is false. A fresh run is given the id we chose (`--session-id <uuid>`,
 * `session.newId`): the `text` format never prints the id and `json` prints it only at the end, so
 * a run killed at its deadline would otherwise leave no way to name its session. `--resume <id>`
 * (`session.resumeId`) continues that session in the same file and keeps its id; the prompt on
 * stdin is then the next user message. A missing session fails with "No conversation found with
 * session ID: <id>" (exit 1); a chosen id already on disk with "Session ID <id> is already in use".
 *
 * Output formats and where markers are read from: `text` prints only the final assistant message
 * (tool calls and their output are not printed, on stdout or stderr), so every line counts;
 * `json` prints one `result` event holding that message; `stream-json` prints every message, and
 * only the main agent's assistant text blocks count (never tool results).
 */



const CLAUDE_SYSTEM_PROMPT_FILE = "claude-system-prompt.txt";
const CLAUDE_SECRET_ENV_KEYS = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"];
const CLAUDE_PASS_ENV_KEYS = [
    "ANTHROPIC_BASE_URL",
    "CLAUDE_CONFIG_DIR",
    "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
    "DISABLE_TELEMETRY",
    "IS_SANDBOX",
];
/** The transcript each `--output-format` writes (see src/signals/transcript.ts). */
const CLAUDE_TRANSCRIPT = {
    text: "text",
    json: "claude-json",
    "stream-json": "claude-stream-json",
};
function buildClaudeLaunchSpec(ctx) {
    const claude = ctx.executor.claude;
    const systemPrompt = {
        path: (0,common/* overlayPath */.i_)(ctx, CLAUDE_SYSTEM_PROMPT_FILE),
        content: [(0,common/* harnessSystemPrompt */.eI)(ctx), (0,common/* skillsPromptText */.Mo)(ctx)].filter((t) => t !== "").join("\n"),
    };
    const settings = claudeSettingsPlan(ctx);
    const session = sessionRequestOf(ctx.session);
    const argv = [
        ...(0,common/* programArgv */.DN)(claude.command, "claude"),
        "-p",
        "--output-format",
        claude.outputFormat,
        ...(claude.outputFormat === "stream-json" ? ["--verbose"] : []),
        ...(0,common/* optional */.lq)("--model", ctx.executor.model),
        ...(0,common/* optional */.lq)("--agent", claude.agent),
        ...(0,common/* optional */.lq)("--permission-mode", claude.permissionMode),
        ...(0,common/* optional */.lq)("--permission-prompt-tool", claude.permissionPromptTool),
        ...(0,common/* optional */.lq)("--effort", claude.effort),
        ...(0,common/* optional */.lq)("--max-turns", claude.maxTurns),
        // The agent's own budget.usd: Claude Code stops itself there too (the orchestrator watches either way).
        ...(0,common/* optional */.lq)("--max-budget-usd", ctx.executor.budget.usd),
        ...(0,common/* repeated */.ZD)("--mcp-config", claude.mcpConfig),
        ...(claude.strictMcpConfig === true ? ["--strict-mcp-config"] : []),
        ...settings.argv,
        ...(0,common/* repeated */.ZD)("--allowedTools", claude.allowedTools),
        ...(0,common/* repeated */.ZD)("--disallowedTools", claude.disallowedTools),
        claude.appendSystemPromptMode === "replace" ? "--system-prompt-file" : "--append-system-prompt-file",
        systemPrompt.path,
        ...(session.persist ? [] : ["--no-session-persistence"]),
        ...(session.resumeId !== null ? ["--resume", session.resumeId] : (0,common/* optional */.lq)("--session-id", session.newId)),
    ];
    return {
        ...(0,common/* baseSpec */.TI)(ctx),
        argv,
        stdin: ctx.prompt,
        env: { DISABLE_AUTOUPDATER: "1" },
        secretEnvKeys: [...CLAUDE_SECRET_ENV_KEYS],
        passEnvKeys: [...CLAUDE_PASS_ENV_KEYS],
        files: [systemPrompt, ...(settings.file ? [settings.file] : []), ...(0,common/* skillFiles */.te)(ctx)],
        rateLimitRetries: true,
        lastMessagePath: null,
        transcript: CLAUDE_TRANSCRIPT[claude.outputFormat],
    };
}

;// CONCATENATED MODULE: ./src/executors/codex.ts
/**
 * Codex CLI: `codex exec … -` with the prompt on stdin.
 *
 * Checked against codex-cli 0.171:
 * - `exec` always runs with approval "never", so `--sandbox <mode>` alone decides isolation;
 *   `danger-full-access` needs no bypass flag and `--dangerously-bypass-approvals-and-sandbox` is
 *   never emitted (it would defeat read-only / workspace-write sandboxes).
 * - `--search` exists only on the top-level command and does not reach `exec`; live web search in
 *   `exec` is the config override `web_search="live"`, which `codex.search: true` emits.
 * - The final message is written to `<overlay>/last-message.md` (`--output-last-message`).
 * - The agent's skills are written to `<overlay>/skills/<id>/SKILL.md` and that directory is given
 *   with `--add-dir` (after `codex.addDirs`), as well as being inlined in the prompt.
 * - `exec` refuses prompts over 1 048 576 characters (`input_too_large`); a longer prompt gets a
 *   note in the launch limits.
 * - Without `--json`, `exec` prints every command it runs and that command's output on stderr
 *   (only the final message goes to stdout), and the runtime captures both streams as one: a
 *   command that prints marker lines would put them in the agent's output. So `--json` is always
 *   given (`codex.json` no longer changes that) and markers are read only from the JSONL
 *   `agent_message` items; the agent log holds the raw JSONL.
 *
 * Sessions (checked against codex-cli 0.171): unless `--ephemeral` (`codex.ephemeral`, or
 * `session.persist` false), exec keeps its conversation in
 * `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<thread id>.jsonl`;
 * the thread id is the `thread_id` of the first JSONL event (`thread.started`). Continuing one is
 * `codex exec <options> resume <id> -` (`session.resumeId`):
 * - `exec resume` itself refuses `--sandbox`, `--profile` and `--add-dir` ("unexpected argument"),
 *   but every option of `exec` may stand before the `resume` sub-command, and there each one takes
 *   effect on the resumed turn (the rollout's new `turn_context` shows the sandbox, model, profile,
 *   `-c` values and extra writable roots given; `--json` and `--output-last-message` work as in a
 *   fresh run). So a resume keeps the fresh argv and only ends in `resume <id> -`.
 * - `--image` is left out on resume: the images went with the first prompt and are in the session.
 * - The resumed turn is appended to the same rollout file and `thread.started` names the same id.
 *   The session is found by its file alone (the state databases in CODEX_HOME are not needed), also
 *   in another CODEX_HOME and from another working directory, which the resumed turn then uses.
 * - A missing session fails with "thread/resume failed: no rollout found for thread id <id>".
 * - With `codex.ephemeral: true` there is no session file, so nothing can be resumed: the launch
 *   starts fresh and says so in its notes.
 */


const CODEX_LAST_MESSAGE_FILE = "last-message.md";
const CODEX_LIVE_SEARCH_CONFIG = 'web_search="live"';
const CODEX_SECRET_ENV_KEYS = ["OPENAI_API_KEY", "CODEX_API_KEY", "CODEX_ACCESS_TOKEN"];
/** The largest prompt (in characters) codex exec accepts. */
const CODEX_MAX_PROMPT_CHARS = 1_048_576;
const CODEX_PASS_ENV_KEYS = ["OPENAI_BASE_URL", "OPENAI_ORGANIZATION", "OPENAI_PROJECT", "CODEX_HOME"];
function buildCodexLaunchSpec(ctx) {
    const codex = ctx.executor.codex;
    const lastMessagePath = (0,common/* overlayPath */.i_)(ctx, CODEX_LAST_MESSAGE_FILE);
    const config = (0,common/* unique */.Am)(codex.config ?? []);
    if (codex.search === true)
        config.push(CODEX_LIVE_SEARCH_CONFIG);
    const session = sessionRequestOf(ctx.session);
    const notes = [];
    let resumeId = session.resumeId;
    if (resumeId !== null && codex.ephemeral === true) {
        notes.push(`codex.ephemeral keeps no session file, so session ${resumeId} cannot be resumed: a fresh session was started.`);
        resumeId = null;
    }
    if (resumeId !== null && (codex.images?.length ?? 0) > 0) {
        notes.push("codex.images went with the session's first prompt; they are not attached again on resume.");
    }
    const argv = [
        ...(0,common/* programArgv */.DN)(codex.command, "codex"),
        "exec",
        "--skip-git-repo-check",
        "--sandbox",
        codex.sandbox,
        ...(0,common/* optional */.lq)("--model", ctx.executor.model),
        ...(0,common/* optional */.lq)("--profile", codex.profileName),
        ...config.flatMap((kv) => ["-c", kv]),
        ...(resumeId === null ? (0,common/* repeated */.ZD)("--image", codex.images) : []),
        ...(0,common/* repeated */.ZD)("--add-dir", [...(codex.addDirs ?? []), ...((0,common/* skillsDir */.OJ)(ctx) ? [(0,common/* skillsDir */.OJ)(ctx)] : [])]),
        "--json",
        "--output-last-message",
        lastMessagePath,
        ...(codex.ephemeral === true || !session.persist ? ["--ephemeral"] : []),
        ...(resumeId === null ? [] : ["resume", resumeId]),
        "-",
    ];
    const base = (0,common/* baseSpec */.TI)(ctx);
    base.limits.notes.push(...notes);
    if (ctx.prompt.length > CODEX_MAX_PROMPT_CHARS) {
        base.limits.notes.push(`The prompt has ${ctx.prompt.length} characters; codex exec refuses more than ${CODEX_MAX_PROMPT_CHARS}.`);
    }
    return {
        ...base,
        argv,
        stdin: ctx.prompt,
        env: {},
        secretEnvKeys: [...CODEX_SECRET_ENV_KEYS],
        passEnvKeys: [...CODEX_PASS_ENV_KEYS],
        files: (0,common/* skillFiles */.te)(ctx),
        rateLimitRetries: true,
        lastMessagePath,
        transcript: "codex-json",
    };
}

;// CONCATENATED MODULE: ./src/executors/command.ts
/**
 * The `command` executor: any program. argv comes from the wave file or config; the prompt is
 * given on stdin (and, for every agent, in WAVE_PROMPT_FILE, set by the engine).
 */


function buildCommandLaunchSpec(ctx) {
    const argv = ctx.executor.command.argv;
    if (!argv || argv.length === 0 || argv[0] === "") {
        throw new src_errors/* UserError */.yo(`agent ${ctx.agent.agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`);
    }
    return {
        ...(0,common/* baseSpec */.TI)(ctx),
        argv: [...argv],
        stdin: ctx.prompt,
        env: {},
        secretEnvKeys: [],
        files: [],
        rateLimitRetries: false,
        lastMessagePath: null,
    };
}

// EXTERNAL MODULE: ./src/executors/local/task.ts
var local_task = __webpack_require__(517);
;// CONCATENATED MODULE: ./src/executors/local.ts
/**
 * The built-in `local` executor: runs `wave __local-agent --task <overlay>/local-task.json` through
 * the same CLI that runs the wave (`ctx.cliArgv`). No prompt on stdin: the task file says it all.
 */


const LOCAL_AGENT_SUBCOMMAND = "__local-agent";
const LOCAL_KNOB_ENV_KEYS = ["WAVE_LOCAL_FAIL", "WAVE_LOCAL_SLEEP_MS"];
function buildLocalLaunchSpec(ctx) {
    if (ctx.cliArgv.length === 0)
        throw new Error("local executor: cliArgv (the argv that runs the wave CLI) is empty");
    const taskPath = (0,common/* overlayPath */.i_)(ctx, local_task/* LOCAL_TASK_FILE */.BJ);
    const task = (0,local_task/* buildLocalTask */.dN)(ctx);
    return {
        ...(0,common/* baseSpec */.TI)(ctx),
        argv: [...ctx.cliArgv, LOCAL_AGENT_SUBCOMMAND, "--task", taskPath],
        stdin: null,
        env: {},
        secretEnvKeys: [],
        passEnvKeys: [...LOCAL_KNOB_ENV_KEYS],
        files: [{ path: taskPath, content: `${JSON.stringify(task, null, 2)}\n` }],
        rateLimitRetries: false,
        lastMessagePath: null,
    };
}

// EXTERNAL MODULE: ./src/executors/opencode.ts
var opencode = __webpack_require__(4105);
// EXTERNAL MODULE: ./src/executors/local/agent.ts
var agent = __webpack_require__(7431);
;// CONCATENATED MODULE: ./src/executors/preflight.ts
/**
 * Preflight: before a live run, check that the program of every executor an agent may use (its
 * executor and its fallbacks) can be started, resolving argv[0] the way execvp does: a name with a
 * slash is a path (relative to the agent's cwd), any other name is searched on PATH (an empty PATH
 * entry is the cwd; no PATH means "/bin:/usr/bin"). All problems are reported in one message.
 */


/** argv[0] of an executor as the builders would launch it, or null when it has none. */
function executorProgram(executor, id, cliArgv) {
    const first = (argv) => (argv && argv.length > 0 && argv[0] !== "" ? argv[0] : null);
    switch (id) {
        case "codex":
            return first(executor.codex.command) ?? "codex";
        case "claude":
            return first(executor.claude.command) ?? "claude";
        case "opencode":
            return first(executor.opencode.command) ?? "opencode";
        case "local":
            return first(cliArgv);
        case "command":
            return first(executor.command.argv);
    }
}
function isExecutableFile(candidate) {
    try {
        if (!(0,external_node_fs_.statSync)(candidate).isFile())
            return "absent";
    }
    catch {
        return "absent";
    }
    try {
        (0,external_node_fs_.accessSync)(candidate, external_node_fs_.constants.X_OK);
        return "ok";
    }
    catch {
        return "not-executable";
    }
}
/** Where execvp would find `program`, or why it would fail. */
function resolveProgram(program, env, cwd) {
    if (program.includes("/")) {
        const abs = external_node_path_default().resolve(cwd, program);
        const state = isExecutableFile(abs);
        return state === "ok" ? { path: abs } : { reason: state === "absent" ? "not-found" : "not-executable" };
    }
    const searchPath = env.PATH ?? "/bin:/usr/bin";
    let sawNonExecutable = false;
    for (const dir of searchPath.split(":")) {
        const candidate = external_node_path_default().resolve(cwd, dir === "" ? "." : dir, program);
        const state = isExecutableFile(candidate);
        if (state === "ok")
            return { path: candidate };
        if (state === "not-executable")
            sawNonExecutable = true;
    }
    return { reason: sawNonExecutable ? "not-executable" : "not-found" };
}
function chainOf(executor) {
    return [executor.id, ...executor.fallbacks].filter((id, i, all) => all.indexOf(id) === i);
}
function preflight(agents, options) {
    const missing = new Map();
    const usable = new Map();
    const blockedAgents = [];
    const firstAvailable = {};
    for (const { agentId, executor } of agents) {
        const chain = chainOf(executor);
        let available = null;
        for (const id of chain) {
            const program = executorProgram(executor, id, options.cliArgv);
            const key = `${id}\u0000${program ?? ""}`;
            let ok = usable.get(key);
            let reason = null;
            if (ok === undefined) {
                if (program === null)
                    reason = "no-argv";
                else {
                    const found = resolveProgram(program, options.env, options.cwd);
                    if ("reason" in found)
                        reason = found.reason;
                }
                ok = reason === null;
                usable.set(key, ok);
                if (!ok)
                    missing.set(key, { executorId: id, program: program ?? "", reason: reason, agents: [] });
            }
            if (!ok)
                missing.get(key).agents.push({ agentId, asFallback: id !== executor.id });
            else
                available ??= id;
        }
        firstAvailable[agentId] = available;
        if (available === null)
            blockedAgents.push({ agentId, chain });
    }
    return { missing: [...missing.values()], blockedAgents, firstAvailable };
}
const REASON_TEXT = {
    "not-found": "not found",
    "not-executable": "found but not executable",
    "no-argv": "no command configured",
};
/** One message naming every missing executor program and the agents that need it. */
function formatMissingExecutors(missing, blockedAgents = []) {
    const lines = [];
    if (blockedAgents.length > 0) {
        lines.push(`${blockedAgents.length} agent(s) have no executor that can start: ${blockedAgents
            .map((b) => `${b.agentId} (${b.chain.join(" -> ")})`)
            .join(", ")}`);
    }
    lines.push(`missing executor program(s): ${missing.length}`);
    for (const m of missing) {
        const who = m.agents.map((a) => (a.asFallback ? `${a.agentId} (fallback)` : a.agentId)).join(", ");
        const program = m.program === "" ? "" : ` "${m.program}"`;
        lines.push(`  - ${m.executorId}${program}: ${REASON_TEXT[m.reason]}; needed by ${who}`);
    }
    lines.push("Install the missing programs (or put them on PATH), or choose other executors (--executor, or the agents' ### Executor sections).");
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./src/executors/preview.ts
/**
 * The launch preview written to `launch.json` (dry run and live): what would be started, without a
 * single environment value, file content or prompt text — only names, paths, sizes and a hash.
 */

function launchPreview(spec, options = {}) {
    const stdin = spec.stdin === null
        ? null
        : { bytes: Buffer.byteLength(spec.stdin, "utf8"), sha256: (0,external_node_crypto_.createHash)("sha256").update(spec.stdin, "utf8").digest("hex") };
    return {
        executorId: spec.executorId,
        argv: [...spec.argv],
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        env: Object.keys(spec.env).sort(),
        secretEnvKeys: [...spec.secretEnvKeys],
        passEnvKeys: [...(spec.passEnvKeys ?? [])],
        files: spec.files.map((f) => ({ path: f.path, bytes: Buffer.byteLength(f.content, "utf8"), sensitive: f.sensitive === true })),
        stdin,
        rateLimitRetries: spec.rateLimitRetries,
        limits: { ...spec.limits, notes: [...spec.limits.notes] },
        lastMessagePath: spec.lastMessagePath,
        transcript: spec.transcript ?? "text",
    };
}

// EXTERNAL MODULE: ./src/executors/system-prompt.ts
var system_prompt = __webpack_require__(560);
;// CONCATENATED MODULE: ./src/executors/index.ts
/**
 * Executors: pure builders from an agent's resolved executor to a LaunchSpec (argv, env names,
 * stdin, overlay files). Nothing here spawns a process.
 */





const EXECUTOR_BUILDERS = {
    codex: buildCodexLaunchSpec,
    claude: buildClaudeLaunchSpec,
    opencode: opencode/* buildOpenCodeLaunchSpec */.YI,
    local: buildLocalLaunchSpec,
    command: buildCommandLaunchSpec,
};
function buildLaunchSpec(ctx) {
    return EXECUTOR_BUILDERS[ctx.executor.id](ctx);
}












// EXTERNAL MODULE: ./src/feedback/answers.ts
var answers = __webpack_require__(6332);
// EXTERNAL MODULE: ./src/feedback/requests.ts
var requests = __webpack_require__(6869);
;// CONCATENATED MODULE: ./src/prompt/markers.ts
function withNonce(line, nonce) {
    return nonce ? `${line} nonce=${nonce}` : line;
}
function implementationMarkers(agent) {
    const c = agent.exitContract;
    const lines = [
        `[wave-proof] completion=<contract|integrated|authoritative|live> durability=<none|ephemeral|durable> proof=<unit|integration|live> state=<met|gap> detail=<one line>`,
        `[wave-doc-delta] state=<none|owned|shared-plan> paths=<comma-separated paths> detail=<one line>`,
    ];
    for (const component of agent.components) {
        const level = agent.componentTargets[component] ?? "<level>";
        lines.push(`[wave-component] component=${component} level=${level} state=<met|gap> detail=<one line>`);
    }
    const notes = [];
    if (c) {
        notes.push(`Your exit contract requires at least completion=${c.completion ?? "any"}, durability=${c.durability ?? "any"}, proof=${c.proof ?? "any"}, doc impact=${c.docImpact ?? "any"}; report state=met only when that is true.`);
    }
    return [...lines, ...notes];
}
/** The marker section of an agent's prompt. */
function markerInstructions(ctx) {
    const { agent, role, wave, nonce, reportPath } = ctx;
    const out = [];
    const gate = (line) => withNonce(line, nonce);
    switch (role) {
        case "cont-qa":
            out.push(gate("[wave-gate] architecture=<pass|concerns|blocked|gap> integration=<…> durability=<…> live=<…> docs=<…> detail=<one line>"), gate("[wave-verdict] <pass|concerns|blocked|hold|fail> detail=<one line>"));
            if (reportPath)
                out.push(`Write your review to ${reportPath}; its last "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line must agree with your [wave-verdict].`);
            out.push("The wave passes only when every [wave-gate] dimension is pass (gap is a conditional pass) and the verdict is pass.");
            break;
        case "cont-eval": {
            const ids = wave.evalTargets.map((t) => t.id).join(",");
            out.push(gate(`[wave-eval] state=<satisfied|needs-more-work|blocked> targets=<count> benchmarks=<count> regressions=<count> target_ids=${ids || "<ids>"} benchmark_ids=<ids> detail=<one line>`));
            if (reportPath)
                out.push(`Write your evaluation report to ${reportPath}.`);
            break;
        }
        case "security":
            out.push(gate("[wave-security] state=<clear|concerns|blocked> findings=<count> approvals=<count> detail=<one line>"));
            if (reportPath)
                out.push(`Write your security review to ${reportPath}.`);
            break;
        case "integration":
            out.push(gate("[wave-integration] state=<ready-for-doc-closure|needs-more-work> claims=<count> conflicts=<count> blockers=<count> detail=<one line>"));
            break;
        case "documentation":
            out.push(gate("[wave-doc-closure] state=<closed|no-change|delta> paths=<comma-separated paths> detail=<one line>"));
            break;
        case "design":
            out.push(gate("[wave-design] state=<ready-for-implementation|needs-clarification|blocked> decisions=<count> assumptions=<count> open_questions=<count> detail=<one line>"));
            if (reportPath)
                out.push(`Write the design packet to ${reportPath} before you print the marker.`);
            break;
        default:
            out.push(...implementationMarkers(agent));
    }
    out.push("Optional progress and status lines: [wave-phase] <coding|validating|deploying|finalizing>, [infra-status] kind=<k> target=<t> state=<s> detail=<…>, [deploy-status] service=<s> state=<deploying|healthy|failed|rolledover> detail=<…>, [wave-gap] kind=<architecture|integration|durability|ops|docs> detail=<…>.");
    if (nonce)
        out.push(`Gate markers count only with nonce=${nonce} on the same line; it is also in WAVE_MARKER_NONCE.`);
    out.push("Print each marker on a line of its own, outside code blocks; when you print a kind twice, the last one counts.");
    return out.join("\n");
}

;// CONCATENATED MODULE: ./src/prompt/compose.ts
/**
 * Composes the prompt an agent receives: who it is, the wave around it, what it must deliver and
 * prove, the markers its role must print, how to coordinate, skills, and its own assignment.
 * The text depends only on stable inputs (no attempt numbers, no run-directory paths, no nonce
 * values) so that an unchanged agent keeps its fingerprint across attempts and resumes; those
 * values reach the agent through its WAVE_* environment instead. What changes from launch to
 * launch — the agent's inbox, the wave's coordination summary, Context7 snippets — is context, not
 * assignment: it is never part of the fingerprint.
 */


function fence(text) {
    let ticks = "```";
    while (text.includes(ticks))
        ticks += "`";
    return `${ticks}\n${text}\n${ticks}`;
}
function list(items, empty = "none") {
    return items.length === 0 ? `- ${empty}` : items.map((i) => `- ${i}`).join("\n");
}
function section(title, body) {
    return `## ${title}\n\n${body.trim()}\n`;
}
function composePrompt(input) {
    const { wave, agent, role, roles, lane } = input;
    const parts = [];
    parts.push(`# Wave ${wave.wave} / Agent ${agent.agentId}: ${agent.title}\n\n` +
        `You are agent ${agent.agentId} ("${agent.title}") in wave ${wave.wave} of lane ${lane}, role: ${role}, executor: ${input.executorId}.\n` +
        "Work in the repository in your current directory. Other agents work in parallel on files they own; change only the files you own.\n" +
        "Do not commit, and do not switch branches: leave your changes uncommitted in the work tree, where the orchestrator records them.\n");
    parts.push(section("Wave roles", [
        `- cont-QA agent: ${roles.contQaAgentId}`,
        `- cont-EVAL agent: ${roles.contEvalAgentId}`,
        `- integration steward: ${roles.integrationAgentId}`,
        `- documentation steward: ${roles.documentationAgentId}`,
        `- agents in this wave: ${wave.agents.map((a) => `${a.agentId} (${a.title})`).join(", ")}`,
    ].join("\n")));
    const contract = agent.exitContract;
    const owned = agent.ownedPaths;
    const details = [];
    if (wave.commitMessage)
        details.push(`Commit message of this wave: ${wave.commitMessage}`);
    if (contract) {
        details.push(`Exit contract: completion=${contract.completion ?? "-"}, durability=${contract.durability ?? "-"}, proof=${contract.proof ?? "-"}, doc-impact=${contract.docImpact ?? "-"}`);
    }
    details.push(`Files you own:\n${list(owned)}`);
    details.push(`Deliverables you must leave on disk:\n${list(agent.deliverables)}`);
    if (agent.proofArtifacts.length > 0) {
        details.push(`Proof artifacts:\n${list(agent.proofArtifacts.map((p) => `${p.path}${p.kind ? ` (${p.kind})` : ""}${p.requiredFor.length ? ` required for ${p.requiredFor.join(", ")}` : ""}`))}`);
    }
    if (agent.components.length > 0) {
        details.push(`Components you own:\n${list(agent.components.map((c) => `${c} → ${agent.componentTargets[c] ?? "no target"}`))}`);
    }
    if (wave.componentPromotions.length > 0) {
        details.push(`Component promotions of this wave:\n${list(wave.componentPromotions.map((p) => `${p.componentId}: ${p.targetLevel}`))}`);
    }
    if (wave.evalTargets.length > 0 && (role === "cont-eval" || role === "cont-qa")) {
        details.push(`Eval targets:\n${list(wave.evalTargets.map((t) => `${t.id} (${t.selection}${t.benchmarks.length ? `: ${t.benchmarks.join(", ")}` : t.benchmarkFamily ? `: family ${t.benchmarkFamily}` : ""}) — ${t.objective}; threshold ${t.threshold}`))}`);
    }
    if (wave.deployEnvironments.length > 0) {
        details.push(`Deploy environments:\n${list(wave.deployEnvironments.map((d) => `${d.id}: ${d.kind}${d.isDefault ? " (default)" : ""}`))}`);
    }
    if (input.reportPath)
        details.push(`Your report file: ${input.reportPath}`);
    parts.push(section("Your assignment in this wave", details.join("\n\n")));
    parts.push(section("Markers you must print", `The orchestrator decides whether the wave passes from structured marker lines in your own output. Print these at the end of your work:\n\n${markerInstructions({ agent, role, wave, nonce: input.nonceRequired ? "$WAVE_MARKER_NONCE" : null, reportPath: input.reportPath })}`));
    parts.push(section("Coordinating with other agents and humans", [
        "Post to the wave's coordination log (read by the closure agents) with:",
        '`wave coord post --kind <request|ack|claim|evidence|decision|blocker|handoff> --summary "<one line>" [--detail "<text>"] [--target <agent id>]`',
        "Address a request to whoever owns a component with `--target component:<id>`, or to whoever has a capability with `--target capability:<name>` (a helper assignment).",
        "Read what other agents addressed to you, as it is now, with `wave coord inbox` (your inbox at launch is below); answer open requests before you finish.",
        'If you cannot continue without a human decision, run `wave feedback ask --question "<question>"`, then stop: the wave ends blocked and your question reaches a human; the answer comes back in your prompt when the wave is resumed.',
        "Your environment tells you where you are: WAVE_LANE, WAVE_WAVE, WAVE_AGENT_ID, WAVE_ROLE, WAVE_ATTEMPT, WAVE_PROMPT_FILE, WAVE_ROOT. Use only these `wave` commands to reach the orchestrator (they carry your WAVE_AGENT_TOKEN to it); the run's state directory is the orchestrator's, not yours to read or write.",
    ].join("\n")));
    if (input.closureContext) {
        parts.push(section("Implementation summaries", input.closureContext.implementationSummaries || "none"));
        parts.push(section("Message board", fence(input.closureContext.messageBoard || "(empty)")));
    }
    if (input.coordinationContext) {
        if (input.coordinationContext.sharedSummary) {
            parts.push(section("Wave coordination summary at launch", fence(input.coordinationContext.sharedSummary)));
        }
        parts.push(section("Your inbox at launch", fence(input.coordinationContext.inbox || "(empty)")));
    }
    for (const skill of input.skills) {
        parts.push(section(`Skill: ${skill.title}`, fence(skill.text)));
    }
    if (input.context7) {
        parts.push(section("Library documentation (Context7)", `Fetched for this wave's Context7 selection. Non-canonical reference material: the repository and your assignment win where they differ.\n\n${fence(input.context7)}`));
    }
    if (input.feedback) {
        parts.push(section("Answer from a human", `You asked: ${input.feedback.question}\n\nThe answer:\n${fence(input.feedback.answer)}`));
    }
    if (input.retryNote)
        parts.push(section("What failed in the previous attempt", input.retryNote));
    parts.push(section("Your assignment", fence(agent.prompt)));
    return parts.join("\n");
}
/**
 * Fingerprint of what the agent was asked to do: its composed task, contract, deliverables,
 * components, skills and configured executor. Equal fingerprints mean an earlier success can be
 * reused instead of running the agent again.
 */
function agentFingerprint(input) {
    const { agent } = input;
    const source = {
        prompt: agent.prompt,
        exitContract: agent.exitContract,
        deliverables: agent.deliverables,
        proofArtifacts: agent.proofArtifacts,
        components: agent.components,
        componentTargets: agent.componentTargets,
        ownedPaths: agent.ownedPaths,
        executor: input.executorId,
        model: input.model,
        skills: input.skills.map((s) => ({ id: s.id, sha: (0,external_node_crypto_.createHash)("sha256").update(s.text).digest("hex") })),
    };
    return (0,external_node_crypto_.createHash)("sha256").update(JSON.stringify(source)).digest("hex");
}

// EXTERNAL MODULE: ./src/resume/local.ts
var local = __webpack_require__(9684);
;// CONCATENATED MODULE: ./src/runtime/concurrency.ts
/**
 * Runs `fn` over `items` with at most `limit` in flight (0 = all at once), starting each as soon as
 * a slot frees up (no stagger). Results keep the order of `items`. If `fn` rejects, no further items
 * are started; the first error is thrown once the ones already running have settled.
 */
async function runWithConcurrency(items, limit, fn) {
    if (!Number.isInteger(limit) || limit < 0)
        throw new Error(`runWithConcurrency: invalid limit ${limit}`);
    const results = new Array(items.length);
    const width = limit === 0 ? items.length : Math.min(limit, items.length);
    let next = 0;
    let failed = false;
    let firstError;
    const worker = async () => {
        while (!failed && next < items.length) {
            const index = next++;
            try {
                results[index] = await fn(items[index], index);
            }
            catch (error) {
                if (!failed)
                    firstError = error;
                failed = true;
            }
        }
    };
    await Promise.all(Array.from({ length: width }, worker));
    if (failed)
        throw firstError;
    return results;
}

// EXTERNAL MODULE: ./src/runtime/follow-log.ts
var follow_log = __webpack_require__(2944);
;// CONCATENATED MODULE: ./src/runtime/proc.ts
/**
 * Finding an agent's processes through /proc (Linux), or through `ps` where /proc cannot be read
 * (macOS and the BSDs have none; a container may hide it).
 *
 * Every run gets a random token in its environment (RUN_TOKEN_VAR). A process belongs to the agent
 * when it carries that token (environment is inherited, so `setsid` escapees keep it), is in the
 * run's process group or session, or descends (by parent pid) from such a process — the last rule
 * catches children that cleared their environment while their parent is still alive.
 * Nested runtimes keep outer tokens in OUTER_TOKENS_VAR, so an outer kill also finds inner agents.
 *
 * Without /proc the snapshot comes from `ps -A -o pid=,ppid=,pgid=,stat=`: no environments and no
 * sessions, so an agent is its process group and everything descending from it. A process that
 * left the group (`setsid`) is still found while its parent lives; one whose parent already exited
 * is found only on Linux with /proc (by its token).
 */


const RUN_TOKEN_VAR = "WAVE_RUN_TOKEN";
const OUTER_TOKENS_VAR = "WAVE_OUTER_RUN_TOKENS";
/** Parses /proc/<pid>/stat. The command name may contain spaces and parentheses. */
function parseStat(text) {
    const open = text.indexOf("(");
    const close = text.lastIndexOf(")");
    if (open < 0 || close < open)
        return null;
    const pid = Number.parseInt(text.slice(0, open).trim(), 10);
    const fields = text
        .slice(close + 1)
        .trim()
        .split(/\s+/);
    const [state, ppid, pgid, sid] = fields;
    const startTime = Number(fields[19]);
    if (!state || ppid === undefined || pgid === undefined || sid === undefined)
        return null;
    const numbers = [pid, Number(ppid), Number(pgid), Number(sid), startTime];
    if (numbers.some((n) => !Number.isInteger(n)))
        return null;
    return {
        pid,
        comm: text.slice(open + 1, close),
        state,
        ppid: Number(ppid),
        pgid: Number(pgid),
        sid: Number(sid),
        startTime,
    };
}
/** Run tokens in a NUL-separated environment block. */
function tokensFromEnviron(environ) {
    const tokens = [];
    const own = Buffer.from(`${RUN_TOKEN_VAR}=`);
    const outer = Buffer.from(`${OUTER_TOKENS_VAR}=`);
    let start = 0;
    while (start < environ.length) {
        let end = environ.indexOf(0, start);
        if (end < 0)
            end = environ.length;
        if (environ.subarray(start, start + own.length).equals(own)) {
            const value = environ.toString("latin1", start + own.length, end);
            if (value)
                tokens.push(value);
        }
        else if (environ.subarray(start, start + outer.length).equals(outer)) {
            for (const value of environ.toString("latin1", start + outer.length, end).split(":")) {
                if (value)
                    tokens.push(value);
            }
        }
        start = end + 1;
    }
    return tokens;
}
/** The environment for a run: `env` plus this run's token (an inherited token becomes an outer one). */
function withRunToken(env, token) {
    const next = { ...env, [RUN_TOKEN_VAR]: token };
    const inherited = env[RUN_TOKEN_VAR];
    if (inherited) {
        const outer = env[OUTER_TOKENS_VAR];
        next[OUTER_TOKENS_VAR] = outer ? `${outer}:${inherited}` : inherited;
    }
    return next;
}
const statBuffer = Buffer.allocUnsafe(4096);
/** Reads a whole /proc file (open/read/close, no stat call), or throws. */
function readProcFile(file, buffer = statBuffer) {
    const fd = (0,external_node_fs_.openSync)(file, "r");
    try {
        let length = 0;
        let buf = buffer;
        for (;;) {
            const n = (0,external_node_fs_.readSync)(fd, buf, length, buf.length - length, null);
            if (n === 0)
                break;
            length += n;
            if (length === buf.length) {
                const bigger = Buffer.allocUnsafe(buf.length * 4);
                buf.copy(bigger, 0, 0, length);
                buf = bigger;
            }
        }
        return buf.subarray(0, length);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** Start time (clock ticks since boot) of a process, or null when it is gone. */
function readStartTime(pid, procRoot = "/proc") {
    try {
        return parseStat(readProcFile(`${procRoot}/${pid}/stat`).toString("latin1"))?.startTime ?? null;
    }
    catch {
        return null;
    }
}
/** Parses `ps -o pid=,ppid=,pgid=,stat=` lines (sessions, start times and tokens are unknown). */
function parsePsTable(text) {
    const list = [];
    for (const line of text.split("\n")) {
        const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
        const numbers = [Number(pid), Number(ppid), Number(pgid)];
        if (!stat || numbers.some((n) => !Number.isInteger(n) || n < 0))
            continue;
        list.push({ pid: numbers[0], ppid: numbers[1], pgid: numbers[2], sid: -1, state: stat[0], comm: "", startTime: 0, tokens: [] });
    }
    return list;
}
/** The process table from `ps`, or null when `ps` cannot be run. Synchronous. */
function snapshotFromPs() {
    const r = (0,external_node_child_process_.spawnSync)("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], {
        encoding: "utf8",
        timeout: 10_000,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" },
        stdio: ["ignore", "pipe", "ignore"],
    });
    if (r.status !== 0 || typeof r.stdout !== "string")
        return null;
    return parsePsTable(r.stdout);
}
/**
 * A snapshot of the live processes readable by this user. Environments (for tokens) are read only
 * for processes started at or after `minStartTime` (all when it is not given). When `procRoot`
 * cannot be read, or does not show this very process (an empty or foreign directory), the
 * snapshot comes from `ps` instead. Synchronous.
 */
function snapshotProcesses(options = {}) {
    const fromProc = snapshotFromProc(options);
    if (fromProc?.some((p) => p.pid === process.pid))
        return fromProc;
    return snapshotFromPs() ?? fromProc ?? [];
}
function snapshotFromProc(options) {
    const procRoot = options.procRoot ?? "/proc";
    const minStartTime = options.minStartTime ?? null;
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)(procRoot);
    }
    catch {
        return null;
    }
    const environBuffer = Buffer.allocUnsafe(16 * 1024);
    const list = [];
    for (const name of names) {
        const c = name.charCodeAt(0);
        if (c < 48 || c > 57)
            continue;
        let stat;
        try {
            stat = parseStat(readProcFile(`${procRoot}/${name}/stat`).toString("latin1"));
        }
        catch {
            continue; // exited meanwhile, or not ours to read
        }
        if (!stat)
            continue;
        let tokens = [];
        const young = minStartTime === null || stat.startTime >= minStartTime;
        if (young && stat.state !== "Z" && stat.state !== "X") {
            try {
                tokens = tokensFromEnviron(readProcFile(`${procRoot}/${name}/environ`, environBuffer));
            }
            catch {
                tokens = [];
            }
        }
        list.push({ ...stat, tokens });
    }
    return list;
}
/**
 * The live (non-zombie) processes of an agent within a snapshot: token, group or session members,
 * then everything descending from them. This process, its ancestors and pid 1 are never selected
 * and never followed (their other children are not the agent's).
 */
function selectAgentProcesses(snapshot, selector, selfPid = process.pid) {
    const byPid = new Map(snapshot.map((p) => [p.pid, p]));
    const excluded = new Set([1, selfPid]);
    for (let p = byPid.get(selfPid); p && p.ppid > 1 && !excluded.has(p.ppid); p = byPid.get(p.ppid)) {
        excluded.add(p.ppid);
    }
    const chosen = new Set();
    for (const p of snapshot) {
        if (excluded.has(p.pid))
            continue;
        if (p.tokens.includes(selector.token) ||
            (selector.pgid != null && p.pgid === selector.pgid) ||
            (selector.sid != null && p.sid === selector.sid)) {
            chosen.add(p.pid);
        }
    }
    const children = new Map();
    for (const p of snapshot) {
        const list = children.get(p.ppid);
        if (list)
            list.push(p.pid);
        else
            children.set(p.ppid, [p.pid]);
    }
    const queue = [...chosen];
    while (queue.length > 0) {
        const pid = queue.pop();
        for (const child of children.get(pid) ?? []) {
            if (!chosen.has(child) && !excluded.has(child)) {
                chosen.add(child);
                queue.push(child);
            }
        }
    }
    return snapshot.filter((p) => chosen.has(p.pid) && p.state !== "Z" && p.state !== "X");
}
/** Live processes carrying `token` (plus group/session members and descendants when given). */
function listAgentProcesses(token, extra = {}) {
    const { procRoot, ...selector } = extra;
    return selectAgentProcesses(snapshotProcesses({ minStartTime: extra.minStartTime, ...(procRoot ? { procRoot } : {}) }), { token, ...selector });
}

;// CONCATENATED MODULE: ./src/runtime/kill.ts
/**
 * Killing an agent's whole process tree: SIGTERM to the process group and to every process found
 * through /proc (token, group, session, descendants — see proc.ts; through `ps`, group and
 * descendants, where /proc cannot be read), a grace period, then SIGKILL, repeated until nothing
 * of the agent is left alive.
 */


/** Default SIGTERM → SIGKILL grace period: enough for CLIs to flush their logs, short enough for CI. */
const DEFAULT_GRACE_MS = 2000;
/** How often survivors are checked during the grace period. */
const GRACE_POLL_MS = 25;
/** SIGKILL rounds before giving up (each round re-scans, catching processes forked meanwhile). */
const KILL_ROUNDS = 20;
let pending = null;
/**
 * A /proc snapshot shared by every caller in the same turn of the event loop: when many agents
 * exit together, the system is scanned once instead of once per agent. Environments are read for
 * processes at least as young as the oldest requester needs (null: all).
 */
function sharedSnapshot(minStartTime = null) {
    if (pending) {
        if (minStartTime === null || (pending.minStartTime !== null && minStartTime < pending.minStartTime)) {
            pending.minStartTime = minStartTime;
        }
        return pending.promise;
    }
    const request = {
        minStartTime,
        promise: new Promise((resolve) => {
            setImmediate(() => {
                pending = null;
                resolve(snapshotProcesses({ minStartTime: request.minStartTime }));
            });
        }),
    };
    pending = request;
    return request.promise;
}
/** Live processes of the agent (shared scan; its own scan of `procRoot` when one is given). */
async function findAgentProcesses(selector, procRoot) {
    const snapshot = procRoot ? snapshotProcesses({ minStartTime: selector.minStartTime ?? null, procRoot }) : await sharedSnapshot(selector.minStartTime ?? null);
    return selectAgentProcesses(snapshot, selector);
}
function send(pid, signal) {
    try {
        process.kill(pid, signal);
        return true;
    }
    catch {
        return false; // ESRCH: already gone; EPERM: not ours
    }
}
/**
 * Terminates every process of the agent. `graceMs` 0 sends SIGKILL at once. The group signal is
 * only sent while the scan still shows a member of that group, so a reused group id is never hit.
 */
async function killAgentTree(selector, options = {}) {
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    const terminated = [];
    const killed = [];
    const find = () => findAgentProcesses(selector, options.procRoot);
    let alive = await find();
    const groupAlive = () => selector.pgid != null && alive.some((p) => p.pgid === selector.pgid);
    if (graceMs > 0) {
        if (groupAlive())
            send(-selector.pgid, "SIGTERM");
        for (const p of alive)
            if (send(p.pid, "SIGTERM"))
                terminated.push(p.pid);
        const until = Date.now() + graceMs;
        while (alive.length > 0 && Date.now() < until) {
            await (0,external_node_timers_promises_.setTimeout)(Math.min(GRACE_POLL_MS, Math.max(1, until - Date.now())));
            alive = await find();
            // Processes forked after the first signal get SIGTERM too.
            for (const p of alive) {
                if (!terminated.includes(p.pid) && send(p.pid, "SIGTERM"))
                    terminated.push(p.pid);
            }
        }
    }
    for (let round = 0; round < KILL_ROUNDS && alive.length > 0; round++) {
        if (groupAlive())
            send(-selector.pgid, "SIGKILL");
        for (const p of alive) {
            if (send(p.pid, "SIGKILL") && !killed.includes(p.pid))
                killed.push(p.pid);
        }
        await (0,external_node_timers_promises_.setTimeout)(round === 0 ? 5 : 20);
        alive = await find();
    }
    return { terminated, killed, survivors: alive.map((p) => p.pid) };
}

;// CONCATENATED MODULE: ./src/runtime/log-sink.ts
/**
 * Append-only writer for an agent log with backpressure: `write` returns false when the caller
 * should pause its source until `onDrain`. A write error (disk full, ...) is recorded once and
 * later data is discarded, so a child never blocks on a broken log.
 */


class LogSink {
    logPath;
    stream;
    failure = null;
    closed = null;
    /** Last byte written (to start separator lines on a fresh line), or null before any write. */
    lastByte = null;
    constructor(logPath) {
        this.logPath = logPath;
        (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(logPath), { recursive: true });
        this.stream = (0,external_node_fs_.createWriteStream)(logPath, { flags: "a", highWaterMark: 1 << 20 });
        this.stream.on("error", (error) => {
            this.failure ??= error;
        });
    }
    get error() {
        return this.failure;
    }
    /** Queues a chunk; false means "pause until onDrain". */
    write(chunk) {
        if (chunk.length === 0)
            return true;
        this.lastByte = chunk[chunk.length - 1];
        if (this.failure || this.stream.destroyed)
            return true;
        return this.stream.write(chunk);
    }
    /** Calls back once the queue has drained (at once when it is not behind). */
    onDrain(callback) {
        if (this.failure || this.stream.destroyed || !this.stream.writableNeedDrain) {
            setImmediate(callback);
            return;
        }
        // A write error ends the wait too: a failed stream never drains, and a paused child would hang.
        const done = () => {
            this.stream.off("drain", done);
            this.stream.off("error", done);
            this.stream.off("close", done);
            callback();
        };
        this.stream.once("drain", done);
        this.stream.once("error", done);
        this.stream.once("close", done);
    }
    /** Appends text on a line of its own and resolves once it has reached the file. */
    appendLine(text) {
        const prefix = this.lastByte !== null && this.lastByte !== 0x0a ? "\n" : "";
        const data = Buffer.from(prefix + (text.endsWith("\n") ? text : `${text}\n`));
        this.lastByte = 0x0a;
        return this.flushWith(data);
    }
    /** Resolves once everything queued so far has reached the file. */
    flush() {
        return this.flushWith(Buffer.alloc(0));
    }
    flushWith(data) {
        if (this.failure || this.stream.destroyed)
            return Promise.resolve();
        return new Promise((resolve) => {
            this.stream.write(data, () => resolve());
        });
    }
    close() {
        this.closed ??= new Promise((resolve) => {
            if (this.stream.destroyed) {
                resolve();
                return;
            }
            this.stream.end(() => resolve());
            this.stream.once("error", () => resolve());
        });
        return this.closed;
    }
}

;// CONCATENATED MODULE: ./src/runtime/rate-limit.ts
/**
 * Rate-limit recognition and back-off (pure functions plus a bounded output tail).
 *
 * Only a run that exited non-zero is examined, and only the tail of that run's own output. The
 * patterns are the error texts the supported CLIs and their APIs actually print — not a loose
 * "rate limit" search, so an agent that merely writes about rate limiting is not rerun.
 */
const DEFAULT_RATE_LIMIT_PATTERNS = [
    /\b429 Too Many Requests\b/i,
    /\bexceeded retry limit\b/i,
    /\blast status: 429\b/i,
    /\brate_limit_error\b/,
    /\boverloaded_error\b/,
    /\bRate limit reached\b/i,
    /\brate limit exceeded\b/i,
    /\bToo many requests\b/i,
];
/** How much of a run's output is kept for rate-limit recognition. */
const RATE_LIMIT_TAIL_BYTES = 64 * 1024;
/** Share of the delay added at most as random jitter. */
const JITTER_RATIO = 0.2;
/** The first pattern matching `text`, as its source, or null. */
function matchRateLimit(text, patterns = DEFAULT_RATE_LIMIT_PATTERNS) {
    for (const pattern of patterns) {
        pattern.lastIndex = 0;
        const match = pattern.exec(text);
        if (match)
            return match[0];
    }
    return null;
}
/**
 * Delay before retry `n` (1-based): min(base·2^(n−1), max) plus jitter in [0, 20 %) of that.
 * `random` returns a number in [0, 1).
 */
function retryDelayMs(n, baseDelayMs, maxDelayMs, random) {
    const base = Math.max(0, baseDelayMs);
    const capped = Math.min(base * 2 ** Math.max(0, n - 1), Math.max(0, maxDelayMs));
    const r = Math.min(Math.max(random(), 0), 1);
    return Math.round(capped + capped * JITTER_RATIO * r);
}
/** The separator line written to the log before a retry. */
function retrySeparator(retry, retries, delayMs, matched) {
    return `--- wave: rate limit detected (${JSON.stringify(matched)}); retry ${retry}/${retries} in ${(delayMs / 1000).toFixed(1)}s ---\n`;
}
/** Keeps the last `capacity` bytes written to it, in a fixed buffer. */
class TailBuffer {
    capacity;
    buffer;
    position = 0;
    full = false;
    constructor(capacity = RATE_LIMIT_TAIL_BYTES) {
        this.capacity = capacity;
        this.buffer = Buffer.alloc(capacity);
    }
    push(chunk) {
        const cap = this.capacity;
        if (cap === 0)
            return;
        let data = chunk;
        if (data.length >= cap) {
            data.copy(this.buffer, 0, data.length - cap);
            this.position = 0;
            this.full = true;
            return;
        }
        const first = Math.min(data.length, cap - this.position);
        data.copy(this.buffer, this.position, 0, first);
        if (first < data.length) {
            data = data.subarray(first);
            data.copy(this.buffer, 0);
            this.position = data.length;
            this.full = true;
        }
        else {
            this.position += first;
            if (this.position === cap) {
                this.position = 0;
                this.full = true;
            }
        }
    }
    /** The kept bytes in order. */
    bytes() {
        if (!this.full)
            return Buffer.from(this.buffer.subarray(0, this.position));
        return Buffer.concat([this.buffer.subarray(this.position), this.buffer.subarray(0, this.position)]);
    }
    text() {
        return this.bytes().toString("utf8");
    }
}

;// CONCATENATED MODULE: ./src/runtime/run-context.ts
/** What one run (one process start) of an agent gets from the agent loop, for either backend. */

/** A readable reason why spawning failed. */
function describeSpawnError(error, program, cwd) {
    const code = error.code ?? "ERROR";
    if (code === "ENOENT") {
        if (!(0,external_node_fs_.existsSync)(cwd))
            return `ENOENT: working directory not found: ${cwd}`;
        return `ENOENT: program not found: ${program}`;
    }
    if (code === "EACCES")
        return `EACCES: permission denied: ${program}`;
    return `${code}: ${error.message}`;
}

;// CONCATENATED MODULE: ./src/runtime/spawn-run.ts
/**
 * One run of an agent as a direct child: its own process group and session (`detached`), stdin
 * written then closed, stdout+stderr streamed to the sink with backpressure. Completion comes from
 * the child's 'exit'/'close' events.
 *
 * When the group leader exits, whatever it left behind (background children, `setsid` escapees)
 * is terminated too — an agent run is over when its main process is — and the run finishes once
 * the output pipes close. If an unfindable process keeps the pipes open, they are abandoned after
 * PIPE_LINGER_MS.
 */




const PIPE_LINGER_MS = 2000;
function runDirect(ctx, sink) {
    return new Promise((resolve) => {
        const program = ctx.argv[0];
        let child;
        try {
            child = (0,external_node_child_process_.spawn)(program, ctx.argv.slice(1), {
                detached: true,
                cwd: ctx.cwd,
                env: ctx.env,
                stdio: [ctx.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
                ...(ctx.identity ? { uid: ctx.identity.uid, gid: ctx.identity.gid } : {}),
            });
        }
        catch (error) {
            resolve({
                exitCode: null,
                signal: null,
                spawnError: describeSpawnError(error, program, ctx.cwd),
                stoppedBy: null,
                pid: null,
            });
            return;
        }
        const pid = child.pid ?? null;
        // Read before the event loop can reap the child, so it always succeeds.
        const minStartTime = pid === null ? null : readStartTime(pid);
        let exitCode = null;
        let exitSignal = null;
        let exited = false;
        let closed = false;
        let pendingKills = 0;
        let stoppedBy = null;
        let spawnError = null;
        let done = false;
        let lingerTimer = null;
        const finish = () => {
            if (done)
                return;
            if (spawnError === null && !(exited && closed && pendingKills === 0))
                return;
            done = true;
            if (lingerTimer)
                clearTimeout(lingerTimer);
            ctx.stop.signal.removeEventListener("abort", onStop);
            resolve({ exitCode, signal: exitSignal, spawnError, stoppedBy, pid });
        };
        const kill = () => {
            if (pid === null)
                return;
            pendingKills++;
            killAgentTree({ token: ctx.token, pgid: pid, sid: pid, minStartTime }, { graceMs: ctx.graceMs })
                .catch(() => undefined)
                .finally(() => {
                pendingKills--;
                if (exited && !closed && pendingKills === 0)
                    lingerTimer ??= setTimeout(abandonPipes, PIPE_LINGER_MS);
                finish();
            });
        };
        const abandonPipes = () => {
            child.stdout?.destroy();
            child.stderr?.destroy();
            closed = true;
            finish();
        };
        function onStop() {
            if (exited || stoppedBy)
                return;
            stoppedBy = ctx.stop.reason;
            kill();
        }
        child.on("error", (error) => {
            if (child.pid === undefined && !done) {
                spawnError = describeSpawnError(error, program, ctx.cwd);
                finish();
            }
        });
        if (pid === null)
            return; // the 'error' event follows
        if (child.stdin) {
            child.stdin.on("error", () => undefined); // EPIPE: the child did not read its input
            child.stdin.end(ctx.stdin ?? "");
        }
        const streams = [child.stdout, child.stderr].filter((s) => s !== null);
        let paused = false;
        const onData = (chunk, source) => {
            ctx.output(chunk, source);
            if (!sink.write(chunk) && !paused) {
                paused = true;
                for (const s of streams)
                    s.pause();
                sink.onDrain(() => {
                    paused = false;
                    for (const s of streams)
                        s.resume();
                });
            }
        };
        child.stdout?.on("data", (chunk) => onData(chunk, "stdout"));
        child.stderr?.on("data", (chunk) => onData(chunk, "stderr"));
        child.on("exit", (code, signal) => {
            exited = true;
            exitCode = code;
            exitSignal = signal;
            if (pendingKills === 0)
                kill(); // clean up what the leader left behind (usually nothing)
        });
        child.on("close", () => {
            closed = true;
            finish();
        });
        ctx.stop.signal.addEventListener("abort", onStop, { once: true });
        ctx.onStart({ pid, run: ctx.run });
        if (ctx.stop.signal.aborted)
            onStop();
    });
}

;// CONCATENATED MODULE: ./src/runtime/stop.ts
/** Longest delay a Node timer accepts; longer limits are treated as this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
class StopController {
    controller = new AbortController();
    stopReason = null;
    get signal() {
        return this.controller.signal;
    }
    get reason() {
        return this.stopReason;
    }
    stop(reason) {
        if (this.stopReason)
            return;
        this.stopReason = reason;
        this.controller.abort();
    }
}
/**
 * Calls `onIdle` once nothing was `touch`ed for `idleMs`. One timer, re-armed lazily, so touching
 * on every output chunk costs only a clock read.
 */
class IdleWatchdog {
    idleMs;
    onIdle;
    last = 0;
    timer = null;
    active = false;
    constructor(idleMs, onIdle) {
        this.idleMs = idleMs;
        this.onIdle = onIdle;
    }
    start() {
        if (this.idleMs === null || this.active)
            return;
        this.active = true;
        this.last = performance.now();
        this.arm(this.idleMs);
    }
    touch() {
        this.last = performance.now();
    }
    stop() {
        this.active = false;
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
    }
    arm(ms) {
        this.timer = setTimeout(() => {
            if (!this.active || this.idleMs === null)
                return;
            const quiet = performance.now() - this.last;
            if (quiet >= this.idleMs) {
                this.stop();
                this.onIdle();
            }
            else {
                this.arm(this.idleMs - quiet);
            }
        }, Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(ms))));
    }
}

;// CONCATENATED MODULE: ./src/runtime/tmux.ts
/**
 * Short tmux client commands on a private socket (`tmux -L <socket> -f /dev/null ...`). The user's
 * ~/.tmux.conf is not read, so options like remain-on-exit cannot change how runs end. Commands are
 * argv arrays; nothing is passed through a shell.
 *
 * Every tmux client gets a minimal environment (minimalTmuxEnv): the first client of a socket forks
 * the server, which keeps that environment for its lifetime and hands it to every pane, and later
 * clients send theirs to the server too. API keys, runner tokens and WAVE_* values never reach it.
 */

const COMMAND_TIMEOUT_MS = 15_000;
/** Exact names a tmux client (and so the tmux server and its panes) may inherit. */
const TMUX_ENV_NAMES = new Set(["PATH", "HOME", "TERM", "LANG", "TMUX_TMPDIR"]);
/**
 * The environment for tmux clients and the server: PATH, HOME, TERM, LANG, LC_* and TMUX_TMPDIR
 * (where the socket lives) when set; nothing else. TMUX/TMUX_PANE are never passed, so a wave
 * started inside tmux does not look nested to it.
 */
function minimalTmuxEnv(source = process.env) {
    const env = {};
    for (const [name, value] of Object.entries(source)) {
        if (value === undefined)
            continue;
        if (TMUX_ENV_NAMES.has(name) || name.startsWith("LC_"))
            env[name] = value;
    }
    return env;
}
function runTmux(program, args, options = {}) {
    const full = options.socket === undefined ? args : ["-L", options.socket, "-f", "/dev/null", ...args];
    return new Promise((resolve) => {
        let stdout = "";
        let stderr = "";
        let spawnError = null;
        const child = (0,external_node_child_process_.spawn)(program, full, {
            cwd: options.cwd,
            env: minimalTmuxEnv(),
            stdio: ["ignore", "pipe", "pipe"],
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
        child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
        child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
        child.on("error", (error) => {
            spawnError = error;
        });
        child.on("close", (code) => {
            clearTimeout(timer);
            resolve({ code: spawnError ? null : code, stdout, stderr, spawnError });
        });
    });
}
const availability = new Map();
/** Forgets what tmuxAvailable learnt (after tmux was installed). */
function forgetTmuxAvailability() {
    availability.clear();
}
/** Whether the tmux program can be run (`tmux -V` succeeds). Cached per program name. */
function tmuxAvailable(program = "tmux") {
    let known = availability.get(program);
    if (!known) {
        known = runTmux(program, ["-V"]).then((r) => r.spawnError === null && r.code === 0);
        availability.set(program, known);
    }
    return known;
}
/**
 * Starts a detached session whose pane runs argv directly (no shell) in `cwd`; resolves with the
 * pane's pid.
 */
async function newSession(program, socket, session, argv, cwd) {
    const r = await runTmux(program, ["new-session", "-d", "-s", session, "-c", cwd, "-P", "-F", "#{pane_pid}", "--", ...argv], { socket });
    if (r.spawnError)
        return { error: `${r.spawnError.code ?? "ERROR"}: cannot run ${program}` };
    const pid = Number.parseInt(r.stdout.trim(), 10);
    if (r.code !== 0 || !Number.isInteger(pid)) {
        return { error: `tmux new-session failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}` };
    }
    return { pid };
}
async function hasSession(program, socket, session) {
    const r = await runTmux(program, ["has-session", "-t", `=${session}`], { socket });
    return r.code === 0;
}
async function killSession(program, socket, session) {
    await runTmux(program, ["kill-session", "-t", `=${session}`], { socket });
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
var external_node_net_default = /*#__PURE__*/__webpack_require__.n(external_node_net_);
;// CONCATENATED MODULE: ./src/runtime/tmux-run.ts
/**
 * The tmux backend. The agent runs exactly as in the direct backend (runDirect: a child of this
 * process, its output through pipes this process owns, the log written here); tmux only shows it.
 *
 * Per run: a private directory (mode 0700) holding a FIFO, and a detached session on the private
 * socket whose pane runs the viewer (`wave __tmux-view <fifo>`, see tmux-view.ts) with a minimal
 * environment. A ViewerFeed copies the agent's output into the FIFO without ever blocking: a slow,
 * absent or closed viewer loses display output, never agent output, and once the session exists
 * nothing about the run depends on tmux. When the viewer goes away mid-run a line in the log says
 * so. The session is killed when the run ends; the log has the whole history.
 */










/** Display output held for the viewer (before it connects, or while it lags); the rest is skipped. */
const VIEW_BUFFER_BYTES = 1 << 20;
/** Delays between attempts to open the FIFO while the viewer has not opened its end yet. */
const CONNECT_RETRY_MS = 50;
const CONNECT_RETRY_MAX_MS = 2000;
const VIEWER_GONE_LINE = "--- wave: the tmux viewer is gone; the agent keeps running, its output is in this log ---";
/** Start time of a live (non-zombie) process, or null. */
function liveStartTime(pid) {
    try {
        const stat = parseStat((0,external_node_fs_.readFileSync)(`/proc/${pid}/stat`, "latin1"));
        return stat && stat.state !== "Z" && stat.state !== "X" ? stat.startTime : null;
    }
    catch {
        return null;
    }
}
/**
 * Writes display output into the viewer's FIFO, never blocking and never failing the caller. Until
 * the viewer has opened its end, and whenever it lags, up to VIEW_BUFFER_BYTES are held; beyond
 * that output is skipped (the viewer is told how much). The FIFO is opened non-blocking, without
 * following links, and only if it is still the FIFO this process created.
 */
class ViewerFeed {
    fifo;
    onGone;
    state = "waiting";
    socket = null;
    backlog = [];
    backlogBytes = 0;
    skipped = 0;
    timer = null;
    retryMs = CONNECT_RETRY_MS;
    viewer = null;
    constructor(fifo, onGone) {
        this.fifo = fifo;
        this.onGone = onGone;
    }
    /** The viewer process (the pane's pid) has started: connect to it as soon as it opens the FIFO. */
    attach(pid) {
        this.viewer = { pid, startTime: liveStartTime(pid) };
        this.connect();
    }
    write(chunk) {
        if (chunk.length === 0)
            return;
        if (this.state === "waiting") {
            if (this.backlogBytes + chunk.length <= VIEW_BUFFER_BYTES) {
                this.backlog.push(chunk);
                this.backlogBytes += chunk.length;
            }
            else {
                this.skipped += chunk.length;
            }
            return;
        }
        const socket = this.socket;
        if (this.state !== "open" || !socket)
            return;
        if (socket.writableLength >= VIEW_BUFFER_BYTES) {
            this.skipped += chunk.length;
            return;
        }
        this.sendSkipped(socket);
        socket.write(chunk);
    }
    /**
     * Stops feeding (the viewer sees the end of its input). A viewer found dead now is reported
     * through onGone like one noticed earlier (each feed reports at most once).
     */
    close() {
        if ((this.state === "waiting" || this.state === "open") && this.viewer && !this.viewerAlive())
            this.markGone();
        this.state = "closed";
        this.release();
    }
    viewerAlive() {
        const v = this.viewer;
        return v !== null && v.startTime !== null && liveStartTime(v.pid) === v.startTime;
    }
    sendSkipped(socket) {
        if (this.skipped === 0)
            return;
        socket.write(`\n[wave: ${this.skipped} bytes not shown here; the agent log has them]\n`);
        this.skipped = 0;
    }
    connect() {
        this.timer = null;
        if (this.state !== "waiting")
            return;
        if (!this.viewerAlive()) {
            this.markGone();
            return;
        }
        let fd;
        try {
            fd = (0,external_node_fs_.openSync)(this.fifo.path, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_NONBLOCK | external_node_fs_.constants.O_NOFOLLOW);
        }
        catch (error) {
            if (error.code === "ENXIO") {
                // No reader yet: the viewer is still starting.
                this.timer = setTimeout(() => this.connect(), this.retryMs);
                this.timer.unref();
                this.retryMs = Math.min(CONNECT_RETRY_MAX_MS, this.retryMs * 2);
            }
            else {
                this.markGone();
            }
            return;
        }
        try {
            const info = (0,external_node_fs_.fstatSync)(fd);
            if (!info.isFIFO() || info.dev !== this.fifo.dev || info.ino !== this.fifo.ino)
                throw new Error("not our FIFO");
            const socket = new (external_node_net_default()).Socket({ fd, readable: false, writable: true });
            socket.on("error", () => this.markGone()); // EPIPE: the viewer closed its end
            this.socket = socket;
        }
        catch {
            (0,external_node_fs_.closeSync)(fd);
            this.markGone();
            return;
        }
        this.state = "open";
        for (const chunk of this.backlog)
            this.socket.write(chunk);
        this.backlog = [];
        this.backlogBytes = 0;
        this.sendSkipped(this.socket);
    }
    markGone() {
        if (this.state === "gone" || this.state === "closed")
            return;
        this.state = "gone";
        this.release();
        this.onGone();
    }
    release() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
        this.socket?.destroy();
        this.socket = null;
        this.backlog = [];
        this.backlogBytes = 0;
    }
}
/** The agent log, plus a copy of each chunk for the viewer (which never slows the agent down). */
class ViewedLogSink {
    log;
    /** A line for the log, written at the next line boundary of the agent's output (or at the end). */
    pendingLine = null;
    feed = null;
    constructor(log) {
        this.log = log;
    }
    write(chunk) {
        this.feed?.write(chunk);
        this.writePendingAtLineStart();
        return this.log.write(chunk);
    }
    onDrain(callback) {
        this.log.onDrain(callback);
    }
    writePendingAtLineStart() {
        if (this.pendingLine === null || (this.log.lastByte !== null && this.log.lastByte !== 0x0a))
            return;
        this.log.write(Buffer.from(`${this.pendingLine}\n`));
        this.pendingLine = null;
    }
}
function runMkfifo(fifoPath) {
    return new Promise((resolve) => {
        (0,external_node_child_process_.execFile)("mkfifo", ["-m", "600", "--", fifoPath], { env: minimalTmuxEnv(), timeout: 15_000 }, (error, _stdout, stderr) => {
            resolve(error ? `mkfifo failed: ${String(stderr).trim() || (0,src_errors/* errorMessage */.gJ)(error)}` : null);
        });
    });
}
/** Creates the private directory (mode 0700) and the FIFO in it, then the session; never throws. */
async function startViewer(program, tmux) {
    let dir;
    try {
        dir = await (0,promises_.mkdtemp)(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-view-"));
    }
    catch (error) {
        return { dir: null, problem: `cannot create a private directory: ${(0,src_errors/* errorMessage */.gJ)(error)}` };
    }
    const fifoPath = external_node_path_default().join(dir, "view");
    const failed = await runMkfifo(fifoPath);
    if (failed)
        return { dir, problem: failed };
    let fifo;
    try {
        const info = (0,external_node_fs_.lstatSync)(fifoPath);
        if (!info.isFIFO())
            return { dir, problem: `${fifoPath} is not a FIFO` };
        fifo = { path: fifoPath, dev: info.dev, ino: info.ino };
    }
    catch (error) {
        return { dir, problem: (0,src_errors/* errorMessage */.gJ)(error) };
    }
    const started = await newSession(program, tmux.socket, tmux.session, [...tmux.viewerArgv, fifoPath], dir);
    if ("error" in started)
        return { dir, problem: started.error };
    return { dir, fifo, panePid: started.pid };
}
/**
 * One run of the agent with a tmux viewer: the same run, result and log as runDirect, plus the
 * live view. Problems with tmux only ever cost the view (and leave a line in the log).
 */
async function runWithTmuxViewer(ctx, tmux, log) {
    const program = tmux.program ?? "tmux";
    const viewer = await startViewer(program, tmux);
    const sink = new ViewedLogSink(log);
    let feed = null;
    try {
        if ("problem" in viewer) {
            await log.appendLine(`--- wave: tmux viewer not started (${viewer.problem}); the agent runs without it ---`);
        }
        else {
            feed = new ViewerFeed(viewer.fifo, () => {
                sink.pendingLine = VIEWER_GONE_LINE;
            });
            sink.feed = feed;
            feed.write(Buffer.from(`--- wave: read-only view of ${tmux.session}; the agent log is ${log.logPath} ---\n`));
            feed.attach(viewer.panePid);
        }
        const result = await runDirect(ctx, sink);
        feed?.close();
        if (sink.pendingLine !== null)
            await log.appendLine(sink.pendingLine);
        return result;
    }
    finally {
        feed?.close();
        if (!("problem" in viewer))
            await killSession(program, tmux.socket, tmux.session);
        if (viewer.dir !== null)
            await (0,promises_.rm)(viewer.dir, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/runtime/run-agent.ts
/**
 * runAgentProcess: runs one agent to completion — one or more process starts (rate-limit retries),
 * under a wall-clock deadline counted from this call, an idle watchdog per run, and cancellation.
 * Output is appended to the agent log; the runtime writes only a few kinds of lines of its own there:
 * a retry separator before each rate-limit retry, a line when the program could not be started,
 * and (with a tmux viewer) a line when the viewer could not be started or went away.
 */











const TMUX_MISSING_MESSAGE = "tmux is not installed; remove --tmux or install tmux";
const defaultSleep = (ms, signal) => (0,external_node_timers_promises_.setTimeout)(Math.min(MAX_TIMER_MS, Math.max(0, ms)), undefined, { signal }).catch(() => undefined);
/** A fresh random run token (hex), put in the agent's environment to find its processes later. */
function newRunToken() {
    return (0,external_node_crypto_.randomBytes)(16).toString("hex");
}
async function runAgentProcess(options) {
    if (options.argv.length === 0 || !options.argv[0])
        throw new Error("runAgentProcess: argv must not be empty");
    if (options.tmux && !(await tmuxAvailable(options.tmux.program)))
        throw new src_errors/* UserError */.yo(TMUX_MISSING_MESSAGE);
    const startedAtMs = Date.now();
    const startedClock = performance.now();
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const patterns = options.rateLimit?.patterns;
    const stop = new StopController();
    const sink = new LogSink(options.logPath);
    // Deadline and cancellation apply to the whole agent, retries and waits included.
    const deadline = options.timeoutMs !== null
        ? setTimeout(() => stop.stop("timed-out"), Math.min(MAX_TIMER_MS, Math.max(0, options.timeoutMs)))
        : null;
    const onAbort = () => stop.stop("cancelled");
    if (options.signal?.aborted)
        onAbort();
    else
        options.signal?.addEventListener("abort", onAbort, { once: true });
    // The agent's or the wave's budget was spent (the engine watches the usage as it streams).
    const onBudget = () => stop.stop("budget-exceeded");
    if (options.budgetSignal?.aborted)
        onBudget();
    else
        options.budgetSignal?.addEventListener("abort", onBudget, { once: true });
    let callbackError = null;
    let runs = 0;
    let rateLimited = 0;
    let rateLimitExhausted = false;
    let rateLimitMatch = null;
    const retryDelaysMs = [];
    let last = { exitCode: null, signal: null, spawnError: null, stoppedBy: null, pid: null };
    let status = "failed";
    let timedOutPhase;
    let logError = null;
    try {
        for (;;) {
            if (stop.reason) {
                status = stop.reason;
                if (stop.reason === "timed-out")
                    timedOutPhase = runs === 0 ? "run" : "rate-limit-wait";
                break;
            }
            runs++;
            const tail = new TailBuffer(RATE_LIMIT_TAIL_BYTES);
            const watchdog = new IdleWatchdog(options.idleTimeoutMs, () => stop.stop("idle-timeout"));
            const token = newRunToken();
            const ctx = {
                run: runs,
                argv: options.argv,
                cwd: options.cwd,
                env: withRunToken(options.env, token),
                token,
                stdin: options.stdin,
                graceMs,
                stop,
                ...(options.identity ? { identity: options.identity } : {}),
                output: (chunk, source) => {
                    watchdog.touch();
                    tail.push(chunk);
                    if (options.onOutput && callbackError === null) {
                        try {
                            options.onOutput(chunk, source);
                        }
                        catch (error) {
                            callbackError = error;
                        }
                    }
                },
                onStart: (info) => {
                    watchdog.start();
                    try {
                        options.onStart?.(info);
                    }
                    catch (error) {
                        callbackError ??= error;
                    }
                },
            };
            if (options.tmux) {
                // Same run as below; tmux only shows the output (see tmux-run.ts).
                last = await runWithTmuxViewer(ctx, options.tmux, sink);
            }
            else {
                last = await runDirect(ctx, sink);
            }
            watchdog.stop();
            if (last.stoppedBy) {
                status = last.stoppedBy;
                if (status === "timed-out")
                    timedOutPhase = "run";
                break;
            }
            if (last.spawnError !== null) {
                await sink.appendLine(`--- wave: could not start the agent: ${last.spawnError} ---`);
                status = "failed";
                break;
            }
            if (last.exitCode === 0) {
                status = "succeeded";
                break;
            }
            status = "failed";
            const policy = options.rateLimit;
            if (!policy)
                break;
            const matched = matchRateLimit(tail.text(), patterns);
            if (matched === null)
                break;
            rateLimited++;
            rateLimitMatch = matched;
            const retry = runs; // the n-th retry follows the n-th run
            if (retry > Math.max(0, policy.retries)) {
                rateLimitExhausted = true;
                break;
            }
            const wait = retryDelayMs(retry, policy.baseDelayMs, policy.maxDelayMs, random);
            retryDelaysMs.push(wait);
            await sink.appendLine(retrySeparator(retry, policy.retries, wait, matched));
            if (!stop.reason)
                await sleep(wait, stop.signal);
        }
    }
    finally {
        if (deadline)
            clearTimeout(deadline);
        options.signal?.removeEventListener("abort", onAbort);
        options.budgetSignal?.removeEventListener("abort", onBudget);
        await sink.close();
    }
    if (callbackError !== null)
        throw callbackError;
    if (sink.error)
        logError ??= (0,src_errors/* errorMessage */.gJ)(sink.error);
    const durationMs = Math.round(performance.now() - startedClock);
    return {
        status,
        exitCode: last.exitCode,
        signal: last.signal,
        runs,
        rateLimited,
        rateLimitExhausted,
        rateLimitMatch,
        retryDelaysMs,
        spawnError: last.spawnError,
        logError,
        startedAt: new Date(startedAtMs).toISOString(),
        completedAt: new Date(startedAtMs + durationMs).toISOString(),
        durationMs,
        ...(timedOutPhase ? { timedOutPhase } : {}),
    };
}

// EXTERNAL MODULE: ./src/runtime/tmux-view.ts
var tmux_view = __webpack_require__(7508);
;// CONCATENATED MODULE: ./src/runtime/index.ts
/** The agent process runtime: spawn, stream logs, deadlines, rate limits, kill trees, cancel, tmux. */









;// CONCATENATED MODULE: ./src/runtime/leftovers.ts
/**
 * Agents left running by an orchestrator that ended without cleaning up (SIGKILL, out of memory, a
 * lost runner). They are found by the run directory in their environment (`WAVE_RUN_DIR`, which
 * every descendant inherits, `setsid` escapees included) and stopped with their whole tree.
 */




const TOKEN_RE = new RegExp(`(?:^|\\0)${RUN_TOKEN_VAR}=([0-9a-f]+)`);
/** Live processes (other than this one) whose WAVE_RUN_DIR lies under `dir`. */
async function findLeftoverAgents(dir) {
    const found = [];
    const needle = Buffer.from(`WAVE_RUN_DIR=${external_node_path_default().resolve(dir)}${(external_node_path_default()).sep}`);
    for (const name of await external_node_fs_.promises.readdir("/proc").catch(() => [])) {
        if (!/^\d+$/.test(name) || Number(name) === process.pid)
            continue;
        try {
            const environ = await external_node_fs_.promises.readFile(`/proc/${name}/environ`);
            if (!environ.includes(needle))
                continue;
            found.push({ pid: Number(name), token: TOKEN_RE.exec(environ.toString("latin1"))?.[1] ?? null });
        }
        catch {
            // gone, or not ours to read
        }
    }
    return found;
}
/** Stops every leftover agent under `dir` (tree by token, then the process itself); returns their pids. */
async function stopLeftoverAgents(dir, options = {}) {
    const leftovers = await findLeftoverAgents(dir);
    const tokens = [...new Set(leftovers.map((l) => l.token).filter((t) => t !== null))];
    await Promise.all(tokens.map((token) => killAgentTree({ token }, { graceMs: options.graceMs ?? 1000 }).catch(() => undefined)));
    for (const { pid } of leftovers) {
        try {
            process.kill(pid, "SIGKILL");
        }
        catch {
            // already gone
        }
    }
    return leftovers.map((l) => l.pid);
}

;// CONCATENATED MODULE: ./src/runtime/apt-install.ts
/**
 * Installing Debian packages a run needs (tmux, the sandbox's bubblewrap, socat and ripgrep) on a
 * GitHub-hosted runner, whose image may lack them: `apt-get install` as root or through
 * passwordless sudo, with one refresh of the package lists when the first try fails (a fresh
 * runner's lists may be stale). Used only in GitHub Actions; elsewhere the caller names the fix.
 */

const APT_ENV = ["env", "DEBIAN_FRONTEND=noninteractive"];
function defaultAptDeps() {
    return {
        run: (argv) => {
            const r = (0,external_node_child_process_.spawnSync)(argv[0], argv.slice(1), { encoding: "utf8", timeout: 600_000, stdio: ["ignore", "pipe", "pipe"] });
            return { status: r.error ? null : r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
        },
        isRoot: process.geteuid?.() === 0,
    };
}
/** Installs `packages`; returns null when apt-get succeeded, else the last line it printed. */
function aptInstall(packages, deps) {
    const prefix = deps.isRoot ? [] : ["sudo", "-n"];
    const install = () => deps.run([...prefix, ...APT_ENV, "apt-get", "install", "-y", "--no-install-recommends", ...packages]);
    let result = install();
    if (result.status !== 0) {
        const update = deps.run([...prefix, ...APT_ENV, "apt-get", "update"]);
        result = update.status === 0 ? install() : update;
    }
    if (result.status === 0)
        return null;
    return (result.output.trim().split("\n").filter(Boolean).at(-1) ?? "no output").slice(0, 300);
}

;// CONCATENATED MODULE: ./src/runtime/tmux-install.ts
/**
 * `tmux: true` on a machine without tmux (GitHub's ubuntu-24.04 image has none): in GitHub Actions
 * the run installs it with apt (as root, or through passwordless sudo) and says so; anywhere else,
 * or when that fails, it stops before any agent starts with the one line that fixes it.
 */



/** What a workflow adds to get tmux, and what a local user runs. */
const TMUX_FIX_WORKFLOW = "add a step `run: sudo apt-get install -y tmux` before this one, or set tmux: false";
const TMUX_FIX_LOCAL = "install tmux (e.g. `sudo apt-get install -y tmux` or `brew install tmux`) or leave out --tmux";
function defaultTmuxInstallDeps(env, onNotice) {
    return { ...defaultAptDeps(), available: () => tmuxAvailable(), githubActions: env.GITHUB_ACTIONS === "true", onNotice };
}
/** Makes sure tmux can run, installing it in GitHub Actions; throws a UserError with the fix otherwise. */
async function ensureTmux(deps) {
    if (await deps.available())
        return;
    if (!deps.githubActions)
        throw new src_errors/* UserError */.yo(`tmux is not installed: ${TMUX_FIX_LOCAL}`);
    deps.onNotice("tmux is not installed on this runner: installing it with apt-get (tmux: true)");
    const failed = aptInstall(["tmux"], deps);
    forgetTmuxAvailability();
    if (await deps.available())
        return;
    throw new src_errors/* UserError */.yo(`tmux is not installed and could not be installed (${failed ?? "it is still missing"}): ${TMUX_FIX_WORKFLOW}`);
}

// EXTERNAL MODULE: ./src/state/git.ts
var git = __webpack_require__(633);
;// CONCATENATED MODULE: ./src/state/patch-headers.ts
/**
 * Reads the file names a git patch names in its headers, the way `git apply` reads them, so that a
 * patch can be refused before git ever sees it. `git apply --numstat` lists only where a change
 * lands, not where a copy or rename takes its content from, and a hand-made patch can say
 * `copy from ../../secret` or `rename from ../../file`. Every name of every header is checked:
 * `diff --git a/… b/…`, `--- `/`+++ `, `copy from/to`, `rename from/to` and the older
 * `rename old/new`. Names git wrote in C-style quotes ("…" with backslash and octal escapes) are
 * unquoted first. Hunk bodies are skipped by their line counts, as git does, so a removed line that
 * reads `-- x` (shown as `--- x`) is not taken for a header.
 */
/**
 * Why `name` may not appear in a patch applied to a repository, or null. A name must be a plain
 * relative path: no control characters (NUL included), no backslash, not absolute, no empty, `..`
 * or `.git` segment (any case, at any depth, so `sub/.git` of a submodule too).
 */
function patchNameProblem(name) {
    if (name.includes("\0"))
        return "contains a NUL byte";
    if (/[\u0001-\u001f\u007f]/.test(name))
        return "contains a control character";
    if (name.includes("\\"))
        return "contains a backslash";
    if (name.length === 0)
        return "is empty";
    if (name.startsWith("/") || /^[A-Za-z]:/.test(name))
        return "is an absolute path";
    const segments = name.split("/");
    if (segments.some((s) => s === ".."))
        return "leaves the repository (a '..' segment)";
    if (segments.some((s) => s.toLowerCase() === ".git"))
        return "touches .git";
    if (segments.some((s) => s === ""))
        return "has an empty path segment";
    return null;
}
const SIMPLE_ESCAPES = { a: "\x07", b: "\b", t: "\t", n: "\n", v: "\v", f: "\f", r: "\r", '"': '"', "\\": "\\" };
/**
 * Unquotes a C-style quoted name starting at `text[start]` (which must be `"`). `text` holds one
 * character per byte (latin1), and so does the result. Null when the quoting is malformed.
 */
function unquoteCStyle(text, start) {
    if (text[start] !== '"')
        return null;
    let value = "";
    for (let i = start + 1; i < text.length; i++) {
        const c = text[i];
        if (c === '"')
            return { value, end: i + 1 };
        if (c !== "\\") {
            value += c;
            continue;
        }
        const next = text[i + 1];
        if (next === undefined)
            return null;
        if (next in SIMPLE_ESCAPES) {
            value += SIMPLE_ESCAPES[next];
            i += 1;
            continue;
        }
        const octal = text.slice(i + 1, i + 4);
        if (!/^[0-3][0-7]{2}$/.test(octal))
            return null;
        value += String.fromCharCode(Number.parseInt(octal, 8));
        i += 3;
    }
    return null;
}
/** The part of a `diff --git` name after its first path component (git's default `-p1`). */
function withoutPrefix(name) {
    const slash = name.indexOf("/");
    return slash === -1 ? null : name.slice(slash + 1);
}
/**
 * The names on a `diff --git` line. When neither is quoted git takes a name from this line only if
 * both halves are the same after their prefix; halves split at a conventional ` b/` and the whole
 * rest are checked as well, so nothing hidden in a rename's halves is missed.
 */
function diffGitNames(rest) {
    if (rest.startsWith('"')) {
        const first = unquoteCStyle(rest, 0);
        if (!first || rest[first.end] !== " ")
            return { malformed: "its first name is not properly quoted" };
        const tail = rest.slice(first.end + 1);
        if (!tail.startsWith('"'))
            return { names: [first.value, tail] };
        const second = unquoteCStyle(tail, 0);
        if (!second || second.end !== tail.length)
            return { malformed: "its second name is not properly quoted" };
        return { names: [first.value, second.value] };
    }
    const quote = rest.indexOf('"');
    if (quote !== -1) {
        const second = unquoteCStyle(rest, quote);
        if (quote === 0 || rest[quote - 1] !== " " || !second || second.end !== rest.length) {
            return { malformed: "its second name is not properly quoted" };
        }
        return { names: [rest.slice(0, quote - 1), second.value] };
    }
    const same = [];
    const conventional = [];
    for (let i = 0; i < rest.length; i++) {
        if (rest[i] !== " " && rest[i] !== "\t")
            continue;
        const a = rest.slice(0, i);
        const b = rest.slice(i + 1);
        const stripped = withoutPrefix(a);
        if (stripped !== null && stripped === withoutPrefix(b))
            same.push(a, b);
        else if (b.startsWith("b/"))
            conventional.push(a, b);
    }
    return { names: [...same, ...conventional, rest] };
}
/**
 * The names on a `--- ` or `+++ ` line: a quoted name, or every reading git might make of an
 * unquoted one (up to a tab, or up to a space before a timestamp). `/dev/null` is no name.
 */
function oldNewNames(rest) {
    if (rest.startsWith('"')) {
        const quoted = unquoteCStyle(rest, 0);
        if (!quoted || (quoted.end < rest.length && !/^[ \t]/.test(rest.slice(quoted.end)))) {
            return { malformed: "its name is not properly quoted" };
        }
        return { names: [quoted.value] };
    }
    const tab = rest.indexOf("\t");
    const name = tab === -1 ? rest : rest.slice(0, tab);
    if (name === "/dev/null" || name.startsWith("/dev/null "))
        return { names: [] };
    const names = [name];
    for (let i = 0; i < name.length; i++)
        if (name[i] === " ")
            names.push(name.slice(0, i));
    return { names };
}
/** Copy/rename headers: the whole rest of the line is the name (quoted or not), with no prefix. */
function wholeName(rest) {
    if (!rest.startsWith('"'))
        return { names: [rest, rest.trimEnd()] };
    const quoted = unquoteCStyle(rest, 0);
    if (!quoted || rest.slice(quoted.end).trim() !== "")
        return { malformed: "its name is not properly quoted" };
    return { names: [quoted.value] };
}
const HEADERS = [
    ["diff --git ", diffGitNames],
    ["--- ", oldNewNames],
    ["+++ ", oldNewNames],
    ["copy from ", wholeName],
    ["copy to ", wholeName],
    ["rename from ", wholeName],
    ["rename to ", wholeName],
    ["rename old ", wholeName],
    ["rename new ", wholeName],
];
const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
const SHOWN_LINE_CHARS = 200;
function utf8(latin1) {
    return Buffer.from(latin1, "latin1").toString("utf8");
}
function shown(line) {
    const text = utf8(line);
    return text.length > SHOWN_LINE_CHARS ? `${text.slice(0, SHOWN_LINE_CHARS)}…` : text;
}
/** The first header name of `patch` that may not be applied, or null when every name is safe. */
function findUnsafePatchHeader(patch) {
    const lines = patch.toString("latin1").split("\n");
    if (lines.at(-1) === "")
        lines.pop();
    let oldLeft = 0;
    let newLeft = 0;
    for (let index = 0; index < lines.length; index++) {
        const line = lines[index];
        if (oldLeft > 0 || newLeft > 0) {
            const c = line[0];
            if (line === "" || c === " ") {
                oldLeft--;
                newLeft--;
                continue;
            }
            if (c === "-") {
                oldLeft--;
                continue;
            }
            if (c === "+") {
                newLeft--;
                continue;
            }
            if (c === "\\")
                continue;
            // Not a hunk line: git refuses the whole patch as corrupt; read it as a header anyway.
            oldLeft = 0;
            newLeft = 0;
        }
        const hunk = HUNK.exec(line);
        if (hunk) {
            oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
            newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
            continue;
        }
        for (const [prefix, read] of HEADERS) {
            if (!line.startsWith(prefix))
                continue;
            const found = read(line.slice(prefix.length));
            if ("malformed" in found) {
                return { line: index + 1, text: shown(line), name: utf8(line.slice(prefix.length)), reason: `is not a valid name: ${found.malformed}` };
            }
            for (const name of found.names) {
                const reason = patchNameProblem(name);
                if (reason !== null)
                    return { line: index + 1, text: shown(line), name: utf8(name), reason };
            }
            break;
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/state/changes.ts
/**
 * Workspace changes: everything the agents changed relative to the commit the wave started from
 * (modified, added, deleted and binary files), stored as a binary git patch in the run directory
 * (`changes/changes.patch` + `changes/meta.json`). The whole repository is recorded (its git top
 * level), not just the directory the waves live in. Files ignored by .gitignore and the state
 * directory itself are not part of it, wherever the state directory is. Agents are told not to
 * commit; commits they make anyway are recorded like uncommitted work (the patch is relative to the
 * base commit) and undone afterwards: HEAD goes back to the base commit, the committed changes stay
 * in the work tree. The changes carry the base commit's version (the preimage blob) of every file
 * they modify or delete (`changes/preimages/<blob id>`), so that a 3-way apply onto another commit
 * works in a shallow (depth 1) clone that lacks the base commit's objects: carrying them costs
 * the size of the touched files, where fetching the base commit instead would need a token and the
 * network in every job that applies changes. Applying a patch never touches `.git/` or anything outside the repository:
 * every name in the patch's headers (copy and rename sources included, which
 * `git apply --numstat` does not list) is checked before git reads the patch.
 */










const ChangesMetaSchema = schemas/* object */.Ikc({
    schemaVersion: schemas/* literal */.euz(1),
    kind: schemas/* literal */.euz("wave-changes"),
    baseCommit: schemas/* string */.YjP(),
    files: schemas/* array */.YOg(schemas/* object */.Ikc({ path: schemas/* string */.YjP(), status: schemas/* string */.YjP() })),
    patchSha256: schemas/* string */.YjP(),
    bytes: schemas/* number */.aig().int().nonnegative(),
    createdAt: schemas/* string */.YjP(),
    /** Blob ids of the base commit's versions of the modified and deleted files, in `preimages/`. */
    preimages: schemas/* array */.YOg(schemas/* string */.YjP().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)).optional(),
});
const PATCH_FILE = "changes.patch";
const META_FILE = "meta.json";
const PREIMAGE_DIR = "preimages";
/** Runs git with its standard output written to `file` (binary-safe, any size). */
function gitToFile(cwd, args, file, what) {
    return new Promise((resolve, reject) => {
        const out = (0,external_node_fs_.createWriteStream)(file);
        const child = (0,external_node_child_process_.spawn)("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (d) => {
            if (stderr.length < 4096)
                stderr += d.toString("utf8");
        });
        // Done when git has exited and the file is closed, in whichever order those happen.
        let code;
        let closed = false;
        const settle = () => {
            if (code === undefined || !closed)
                return;
            if (code === 0)
                resolve();
            else
                reject(new src_errors/* UserError */.yo(`${what} failed: git ${args[0]}: ${stderr.trim() || `exit ${code}`}`));
        };
        out.on("close", () => {
            closed = true;
            settle();
        });
        out.on("error", (error) => reject(new src_errors/* UserError */.yo(`${what} failed: ${file}: ${error.message}`)));
        child.stdout.pipe(out);
        child.on("error", (error) => reject(new src_errors/* UserError */.yo(`${what} failed: git could not be run (${error.message})`)));
        child.on("close", (exit) => {
            code = exit;
            settle();
        });
    });
}
/**
 * Writes the base commit's blob of every file the staged changes modify or delete (not files they
 * add, nor submodule commits) into `dir`, named by blob id; returns the ids.
 */
async function savePreimages(top, baseCommit, dir, env) {
    const raw = await (0,git/* gitOrThrow */.QE)(top, ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", baseCommit], "recording workspace changes", env);
    const ids = new Set();
    // Records: ":<old mode> <new mode> <old id> <new id> <status>" NUL "<path>" NUL.
    for (const record of raw.split("\0")) {
        const m = /^:(\d{6}) \d{6} ([0-9a-f]+) [0-9a-f]+ [A-Z]/.exec(record);
        if (!m || m[1] === "000000" || m[1] === "160000" || /^0+$/.test(m[2]))
            continue;
        ids.add(m[2]);
    }
    if (ids.size === 0)
        return [];
    await external_node_fs_.promises.mkdir(dir, { recursive: true });
    for (const id of ids)
        await gitToFile(top, ["cat-file", "blob", id], external_node_path_default().join(dir, id), "recording workspace changes");
    return [...ids].sort();
}
/**
 * Puts the preimage blobs the changes carry into the object store of the repository at `root`
 * when it lacks them (a shallow clone of another commit), each checked against its id. Returns the
 * ids that could not be supplied (missing, or altered: the uploaded copy is redacted, so a base
 * file that held a secret does not come back as it was).
 */
async function loadPreimages(root, dir, meta, label) {
    const unusable = [];
    for (const id of meta.preimages ?? []) {
        const present = await (0,git/* git */.$Y)(root, ["cat-file", "-e", `${id}^{blob}`]);
        if (present.code === 0)
            continue;
        const file = external_node_path_default().join(dir, PREIMAGE_DIR, id);
        const stat = await external_node_fs_.promises.lstat(file).catch(() => null);
        if (!stat?.isFile()) {
            unusable.push(id);
            continue;
        }
        // The id is the hash of the content: a blob stored under any other id is never looked up.
        const written = await (0,git/* gitOrThrow */.QE)(root, ["hash-object", "-w", "--no-filters", "--", file], `${label}: storing the preimage ${id}`);
        if (written.trim() !== id)
            unusable.push(id);
    }
    return unusable;
}
/**
 * The directories in `dirs` that lie inside the repository at `top`, as top-relative names with
 * forward slashes. Symbolic links are resolved first: git reports `top` that way.
 */
async function insideRepository(top, dirs) {
    const out = [];
    for (const dir of dirs) {
        const real = await external_node_fs_.promises.realpath(dir).catch(() => external_node_path_default().resolve(dir));
        const rel = external_node_path_default().relative(top, real);
        if (rel.startsWith("..") || external_node_path_default().isAbsolute(rel))
            continue;
        // The state directory holding the whole repository would leave nothing to record.
        if (rel === "")
            throw new src_errors/* UserError */.yo(`the state directory ${dir} is the repository itself: workspace changes cannot be told apart from it`);
        out.push(rel.split((external_node_path_default()).sep).join("/"));
    }
    return out;
}
function isUnder(name, dirs) {
    return dirs.some((d) => name === d || name.startsWith(`${d}/`));
}
/**
 * Files the agents committed that `git add -A` leaves out because .gitignore matches them (they
 * were added with `git add -f`): still part of the work, so they are recorded too.
 */
async function committedNames(top, baseCommit, head, excluded) {
    const listed = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--name-only", "-z", "--no-renames", "--diff-filter=AM", baseCommit, head], "recording workspace changes");
    const names = [];
    for (const name of listed.split("\0").filter(Boolean)) {
        if (isUnder(name, excluded))
            continue;
        const present = await external_node_fs_.promises.lstat(external_node_path_default().join(top, name)).then(() => true, () => false);
        if (present)
            names.push(name);
    }
    return names;
}
/**
 * Records the changes of the work tree of the repository holding `root` (all of it, from its top
 * level) relative to `baseCommit` into `outDir`, leaving out `excludeDirs` (the state directory).
 * Uses a private index so the user's own index is left alone. When the agents committed on top of
 * (or instead of) `baseCommit`, HEAD is moved back to it afterwards with the work tree untouched,
 * so the recorded changes are exactly what the work tree holds and no agent commit remains.
 */
async function captureChanges(root, baseCommit, outDir, excludeDirs) {
    const top = await (0,git/* gitTopLevel */.oB)(root);
    const head = await (0,git/* headCommit */.Qo)(top);
    const moved = head !== null && head !== baseCommit;
    let meta;
    try {
        meta = await record(top, baseCommit, moved ? head : null, outDir, await insideRepository(top, excludeDirs));
    }
    catch (error) {
        if (moved)
            await (0,git/* git */.$Y)(top, ["reset", "-q", baseCommit]);
        throw error;
    }
    if (moved) {
        const reset = await (0,git/* git */.$Y)(top, ["reset", "-q", baseCommit]);
        if (reset.code !== 0) {
            throw new src_errors/* UserError */.yo(`the workspace changes were recorded in ${outDir}, but HEAD could not be moved back from the agents' commit ${head.slice(0, 12)} to the base commit ${baseCommit.slice(0, 12)}: ${reset.stderr.trim() || `exit ${reset.code}`}`);
        }
    }
    return meta;
}
async function record(top, baseCommit, head, outDir, excluded) {
    const tmp = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-index-"));
    const env = { GIT_INDEX_FILE: external_node_path_default().join(tmp, "index") };
    try {
        await (0,git/* gitOrThrow */.QE)(top, ["read-tree", baseCommit], "recording workspace changes", env);
        // An excluded directory that .gitignore already ignores is left out of the pathspec: naming an
        // ignored path there makes `git add` fail ("paths are ignored by one of your .gitignore files").
        const pathspec = ["."];
        for (const rel of excluded) {
            const ignored = await (0,git/* git */.$Y)(top, ["check-ignore", "-q", "--no-index", "--", rel], env);
            if (ignored.code !== 0)
                pathspec.push(`:(exclude,top,literal)${rel}`);
        }
        await (0,git/* gitOrThrow */.QE)(top, ["add", "-A", "--", ...pathspec], "recording workspace changes", env);
        const forced = head ? await committedNames(top, baseCommit, head, excluded) : [];
        if (forced.length > 0) {
            const list = external_node_path_default().join(tmp, "committed");
            await external_node_fs_.promises.writeFile(list, `${forced.join("\0")}\0`);
            await (0,git/* gitOrThrow */.QE)(top, ["add", "-A", "-f", `--pathspec-from-file=${list}`, "--pathspec-file-nul"], "recording workspace changes", { ...env, GIT_LITERAL_PATHSPECS: "1" });
        }
        const patch = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--cached", "--binary", "--no-color", "--no-ext-diff", "--no-renames", baseCommit], "recording workspace changes", env);
        const names = await (0,git/* gitOrThrow */.QE)(top, ["-c", "core.quotePath=false", "diff", "--cached", "--name-status", "-z", "--no-renames", baseCommit], "recording workspace changes", env);
        const parts = names.split("\0").filter(Boolean);
        const files = [];
        for (let i = 0; i + 1 < parts.length; i += 2)
            files.push({ status: parts[i], path: parts[i + 1] });
        await external_node_fs_.promises.mkdir(outDir, { recursive: true });
        await external_node_fs_.promises.rm(external_node_path_default().join(outDir, PREIMAGE_DIR), { recursive: true, force: true });
        const preimages = await savePreimages(top, baseCommit, external_node_path_default().join(outDir, PREIMAGE_DIR), env);
        await external_node_fs_.promises.writeFile(external_node_path_default().join(outDir, PATCH_FILE), patch);
        const meta = {
            schemaVersion: 1,
            kind: "wave-changes",
            baseCommit,
            files,
            patchSha256: (0,external_node_crypto_.createHash)("sha256").update(patch).digest("hex"),
            bytes: Buffer.byteLength(patch),
            createdAt: new Date().toISOString(),
            preimages,
        };
        await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(outDir, META_FILE), meta);
        return meta;
    }
    finally {
        await external_node_fs_.promises.rm(tmp, { recursive: true, force: true });
    }
}
async function readChanges(dir) {
    const r = await (0,state_files/* readJsonChecked */.m8)(external_node_path_default().join(dir, META_FILE), ChangesMetaSchema, "workspace changes");
    if (!r.ok)
        throw new src_errors/* UserError */.yo(r.message);
    const patch = await external_node_fs_.promises.readFile(external_node_path_default().join(dir, PATCH_FILE)).catch(() => {
        throw new src_errors/* UserError */.yo(`workspace changes ${external_node_path_default().join(dir, PATCH_FILE)} are missing`);
    });
    const sha = (0,external_node_crypto_.createHash)("sha256").update(patch).digest("hex");
    if (sha !== r.value.patchSha256) {
        throw new src_errors/* UserError */.yo(`workspace changes ${external_node_path_default().join(dir, PATCH_FILE)} are corrupt (checksum mismatch)`);
    }
    return { meta: r.value, patch };
}
/** A path from a patch must be a plain relative path inside the repository and not under .git. */
function unsafePatchPath(p) {
    return patchNameProblem(p);
}
/**
 * Refuses a patch any of whose headers names a file outside the repository or in .git (see
 * patch-headers.ts), before git reads it: `git apply` itself would copy or rename from there.
 */
function assertSafeHeaders(patch, patchPath, label) {
    const problem = findUnsafePatchHeader(patch);
    if (problem === null)
        return;
    throw new src_errors/* UserError */.yo(`${label}: refusing to apply ${patchPath}: line ${problem.line} ${JSON.stringify(problem.text)}: path ${JSON.stringify(problem.name)} ${problem.reason}`);
}
function firstLine(text) {
    return text.trim().split("\n")[0] ?? "";
}
/**
 * A 3-way apply into a private copy of the index: `git apply --3way --check` only tells that a
 * merge can be tried, and a real 3-way apply that conflicts leaves conflict markers behind.
 */
async function threeWayTrial(root, args, patchFile, tmp) {
    const env = { GIT_INDEX_FILE: external_node_path_default().join(tmp, "trial-index") };
    const index = await (0,git/* git */.$Y)(root, ["rev-parse", "--git-path", "index"]);
    const copied = index.code === 0 &&
        (await external_node_fs_.promises.copyFile(external_node_path_default().resolve(root, index.stdout.trim()), env.GIT_INDEX_FILE).then(() => true, () => false));
    if (!copied) {
        const read = await (0,git/* git */.$Y)(root, ["read-tree", "HEAD"], env);
        if (read.code !== 0)
            return read;
    }
    return (0,git/* git */.$Y)(root, [...args, "--cached", patchFile], env);
}
/**
 * The names `git apply --numstat -z` lists: one `added<TAB>deleted<TAB>name` record per file, named
 * by where the change lands (a copy or rename source is not listed; the headers are checked for it).
 */
function numstatNames(listed) {
    return listed
        .split("\0")
        .filter(Boolean)
        .map((record) => record.split("\t").slice(2).join("\t"));
}
/**
 * Applies recorded changes on top of the checkout holding `at` (from its top level). When the
 * checkout is not the base commit, the patch must still apply cleanly (3-way) or the call fails
 * with a clear message.
 */
async function applyChanges(at, dir, label) {
    const { meta, patch } = await readChanges(dir);
    if (patch.length === 0)
        return meta;
    for (const f of meta.files) {
        const why = unsafePatchPath(f.path);
        if (why)
            throw new src_errors/* UserError */.yo(`${label}: refusing to apply changes: path ${JSON.stringify(f.path)} ${why}`);
    }
    // Every name in every header, copy and rename sources included, before any `git apply` runs.
    assertSafeHeaders(patch, external_node_path_default().join(dir, PATCH_FILE), label);
    // The patch names files from the repository's top level; `git apply` run in a subdirectory would
    // skip every file outside it without a word.
    const top = await (0,git/* git */.$Y)(at, ["rev-parse", "--show-toplevel"]);
    const root = top.code === 0 ? top.stdout.trim() : at;
    const tmp = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-patch-"));
    const patchFile = external_node_path_default().join(tmp, PATCH_FILE);
    try {
        await external_node_fs_.promises.writeFile(patchFile, patch);
        // Paths git itself reads from the patch must agree with the recorded list.
        const listed = await (0,git/* gitOrThrow */.QE)(root, ["apply", "--numstat", "-z", patchFile], `${label}: reading the changes`);
        for (const name of numstatNames(listed)) {
            const why = unsafePatchPath(name);
            if (why)
                throw new src_errors/* UserError */.yo(`${label}: refusing to apply changes: path ${JSON.stringify(name)} ${why}`);
        }
        const head = await (0,git/* git */.$Y)(root, ["rev-parse", "--verify", "-q", "HEAD"]);
        const sameBase = head.code === 0 && head.stdout.trim() === meta.baseCommit;
        const args = ["apply", "--binary", "--whitespace=nowarn"];
        // Check before touching anything, so a refusal leaves the checkout as it was.
        const plain = await (0,git/* git */.$Y)(root, [...args, "--check", patchFile]);
        if (plain.code === 0) {
            await (0,git/* gitOrThrow */.QE)(root, [...args, patchFile], `${label}: applying the changes`);
            return meta;
        }
        if (!sameBase) {
            // A shallow clone of another commit lacks the base commit's blobs the 3-way merge starts from.
            const unusable = await loadPreimages(root, dir, meta, label);
            const threeWay = await threeWayTrial(root, [...args, "--3way"], patchFile, tmp);
            if (threeWay.code === 0) {
                await (0,git/* gitOrThrow */.QE)(root, [...args, "--3way", patchFile], `${label}: applying the changes`);
                return meta;
            }
            const conflicts = threeWay.stderr
                .split("\n")
                .filter((l) => l.startsWith("U "))
                .map((l) => l.slice(2).trim());
            throw new src_errors/* UserError */.yo(`${label}: the changes were recorded on commit ${meta.baseCommit.slice(0, 12)} but this checkout is ${head.code === 0 ? head.stdout.trim().slice(0, 12) : "not a commit"}, and they do not apply: ${conflicts.length > 0 ? `they conflict with it in ${conflicts.join(", ")}` : firstLine(threeWay.stderr || plain.stderr)}${unusable.length > 0 ? ` (the base versions ${unusable.map((id) => id.slice(0, 12)).join(", ")} the 3-way merge needs are missing from the changes or altered)` : ""}`);
        }
        throw new src_errors/* UserError */.yo(`${label}: the changes do not apply: ${firstLine(plain.stderr)}`);
    }
    finally {
        await external_node_fs_.promises.rm(tmp, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/state/state-dir.ts
/**
 * The state directory keeps itself out of git without the user doing anything: when a run creates
 * it, a `.gitignore` holding `*` goes in it, so `git status` stays clean and no `git add -A` (the
 * user's or an agent's) stages run files, wherever the directory is (inside the repository, nested
 * under a directory of the project with `--state-dir`, or outside it, where the file is harmless).
 * A directory that already existed and holds files git tracks, or that holds the repository
 * itself, belongs to the project: it is left as it is. An existing `.gitignore` is never replaced.
 */



const STATE_GITIGNORE = ".gitignore";
/** Creates `stateDir` (and its `.gitignore`, see above) when needed. */
async function ensureStateDir(stateDir, root) {
    const created = await external_node_fs_.promises.mkdir(stateDir, { recursive: true });
    const file = external_node_path_default().join(stateDir, STATE_GITIGNORE);
    const present = await external_node_fs_.promises.lstat(file).then(() => true, () => false);
    if (present)
        return;
    const real = (p) => external_node_fs_.promises.realpath(p).catch(() => external_node_path_default().resolve(p));
    const rel = external_node_path_default().relative(await real(stateDir), await real(root));
    if (!rel.startsWith("..") && !external_node_path_default().isAbsolute(rel))
        return;
    if (created === undefined) {
        const tracked = await (0,git/* git */.$Y)(stateDir, ["ls-files", "-z", "--", "."]);
        if (tracked.code === 0 && tracked.stdout !== "")
            return;
    }
    try {
        await external_node_fs_.promises.writeFile(file, "*\n", { flag: "wx" });
    }
    catch (error) {
        if (error.code !== "EEXIST")
            throw error;
    }
}

// EXTERNAL MODULE: ./src/wave/catalogs.ts
var catalogs = __webpack_require__(9929);
// EXTERNAL MODULE: ./src/wave/schema.ts
var wave_schema = __webpack_require__(8486);
// EXTERNAL MODULE: ./src/wave/validate.ts
var validate = __webpack_require__(3355);
// EXTERNAL MODULE: ./src/executors/endpoint.ts
var executors_endpoint = __webpack_require__(5621);
// EXTERNAL MODULE: ./src/executors/provider-keys.ts
var provider_keys = __webpack_require__(2650);
;// CONCATENATED MODULE: ./src/proxy/hook.ts


/** The variable codex reads its (proxy) key from. */
const PROXY_TOKEN_ENV = "WAVE_MODEL_PROXY_TOKEN";
const PROXY_PROVIDER_ID = "wave-proxy";
const OPENCODE_PROXY_CONFIG_FILE = "opencode-proxy.json";
const ANTHROPIC_URL = "https://api.anthropic.com";
const OPENAI_URL = "https://api.openai.com";
function nonEmpty(v) {
    return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}
function anthropicUpstream(env) {
    for (const name of ["CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX"]) {
        const v = nonEmpty(env[name]);
        if (v && v !== "0" && v.toLowerCase() !== "false")
            return { skip: `Claude on a cloud platform (${name}) cannot be proxied` };
    }
    const baseUrl = (nonEmpty(env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_URL).replace(/\/+$/, "");
    const key = nonEmpty(env.ANTHROPIC_API_KEY);
    if (key)
        return { upstream: { provider: "anthropic", baseUrl, key, auth: "x-api-key" } };
    const bearer = nonEmpty(env.ANTHROPIC_AUTH_TOKEN);
    if (bearer)
        return { upstream: { provider: "anthropic", baseUrl, key: bearer, auth: "bearer" } };
    if (nonEmpty(env.CLAUDE_CODE_OAUTH_TOKEN))
        return { skip: "a Claude subscription login (CLAUDE_CODE_OAUTH_TOKEN) cannot be proxied; set ANTHROPIC_API_KEY" };
    return { skip: "no ANTHROPIC_API_KEY in the environment" };
}
function openAiUpstream(env) {
    const baseUrl = (nonEmpty(env.OPENAI_BASE_URL) ?? OPENAI_URL).replace(/\/+$/, "").replace(/\/v1$/, "");
    const key = nonEmpty(env.CODEX_API_KEY) ?? nonEmpty(env.OPENAI_API_KEY);
    if (key)
        return { upstream: { provider: "openai", baseUrl, key, auth: "bearer" } };
    return { skip: "no OPENAI_API_KEY in the environment (a ChatGPT login of codex cannot be proxied)" };
}
/** The upstream of `launch` from the orchestrator's environment (see the module comment). */
function defaultUpstream(launch, env) {
    return upstreamOf(launch.spec.executorId, launch.context.executor.model, env);
}
/** The upstream of an agent of `executor` with `model`, from the orchestrator's environment. */
function upstreamOf(executor, model, env) {
    if (executor === "claude")
        return anthropicUpstream(env);
    if (executor === "codex")
        return openAiUpstream(env);
    if (executor === "opencode") {
        const provider = (0,provider_keys/* providerOf */.l)(model);
        if (provider === "anthropic")
            return anthropicUpstream(env);
        if (provider === "openai")
            return openAiUpstream(env);
        return { skip: `OpenCode's provider ${provider ? `"${provider}"` : "(no provider/model set)"} is not one the model proxy carries (anthropic, openai)` };
    }
    return { skip: `the ${executor} executor has no model API the proxy can carry` };
}
/** The engine hook (EngineDeps.rehearsal shape) for one proxy. */
function proxyHook(options) {
    const env = options.env ?? process.env;
    return async (launch) => {
        if (!(0,executors_endpoint/* isEndpointExecutor */.FU)(launch.spec.executorId)) {
            options.onSkip?.(launch, `the ${launch.spec.executorId} executor has no model API the proxy can carry`);
            return launch.env;
        }
        const choice = options.upstreamFor ? options.upstreamFor(launch) : defaultUpstream(launch, env);
        if ("skip" in choice) {
            options.onSkip?.(launch, choice.skip);
            return launch.env;
        }
        const { executor } = launch.context;
        const limits = options.limitsOf?.(launch) ?? { usd: executor.budget.usd, tokens: executor.budget.tokens };
        const registered = options.proxy.register(launch.context.agent.agentId, { upstream: choice.upstream, limits, model: executor.model });
        const endpoint = {
            baseUrl: registered.baseUrl,
            key: registered.token,
            providerId: PROXY_PROVIDER_ID,
            providerName: "Wave model proxy",
            keyEnv: PROXY_TOKEN_ENV,
        };
        return (0,executors_endpoint/* pointCliAt */.cj)(launch, endpoint, {
            homesDir: options.homesDir,
            isolateHome: options.isolateHome ?? false,
            offline: options.offline ?? false,
            noCliRetries: false,
            openCodeConfigFile: OPENCODE_PROXY_CONFIG_FILE,
            defaultOpenCodeModel: executor.model ?? "default",
            keepOpenCodeSdk: true,
            forbiddenValues: [choice.upstream.key],
        });
    };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
// EXTERNAL MODULE: ./src/usage/budget.ts
var budget = __webpack_require__(7750);
// EXTERNAL MODULE: ./src/usage/meter.ts
var usage_meter = __webpack_require__(4438);
// EXTERNAL MODULE: ./src/usage/pricing.ts
var usage_pricing = __webpack_require__(625);
// EXTERNAL MODULE: ./src/usage/totals.ts
var usage_totals = __webpack_require__(7288);
;// CONCATENATED MODULE: ./src/proxy/pacer.ts
/**
 * One upstream provider's shared pace: every agent's requests to the provider pass here, so
 * parallel agents back off together instead of each meeting its own 429.
 *
 * - Concurrency: at most `limit` requests in flight (a streamed answer counts until it ended).
 *   The limit starts at `maxConcurrency`; a 429 lowers it to what the provider accepted at that
 *   moment (the requests in flight besides the refused one, at least 1), and each run of `limit`
 *   answers without a 429 raises it by one again, up to `maxConcurrency`.
 * - Time: a 429's `retry-after-ms` / `retry-after` (seconds or an HTTP date; 1 s when absent)
 *   holds every request until then; so does a remaining count of 0 in the rate-limit headers
 *   (`anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-remaining` with the
 *   matching `-reset` time, `x-ratelimit-remaining-{requests,tokens}` with the matching
 *   `x-ratelimit-reset-*` duration such as `6m0s` or `20ms`). Every hold is at most `maxDelayMs`.
 * - Each waiting request's time is counted by what held it: `concurrency` (the limit was
 *   reached), `rate-limit` (a remaining count of 0) or `retry-after` (a 429).
 */
function header(headers, name) {
    const v = headers[name];
    const s = Array.isArray(v) ? v[0] : v;
    return typeof s === "string" && s.trim() !== "" ? s.trim() : null;
}
/** `1s`, `6m0s`, `20ms`, `1h2m3.5s` → milliseconds; null when unreadable. */
function parseDuration(text) {
    const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
    let total = 0;
    let matched = "";
    for (let m = re.exec(text); m; m = re.exec(text)) {
        const n = Number(m[1]);
        total += m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : m[2] === "m" ? n * 60_000 : n * 3_600_000;
        matched += m[0];
    }
    return matched.length > 0 && matched === text.replace(/\s+/g, "") ? total : null;
}
/** What a response's `retry-after-ms` / `retry-after` asks for, in ms from `now`; null when absent. */
function retryAfterMs(headers, now) {
    const ms = header(headers, "retry-after-ms");
    if (ms !== null && /^\d+(?:\.\d+)?$/.test(ms))
        return Number(ms);
    const ra = header(headers, "retry-after");
    if (ra === null)
        return null;
    if (/^\d+(?:\.\d+)?$/.test(ra))
        return Number(ra) * 1000;
    const date = Date.parse(ra);
    return Number.isNaN(date) ? null : Math.max(0, date - now);
}
/** The latest time a rate-limit header with a remaining count of 0 asks to wait for, or null. */
function exhaustedUntil(headers, now) {
    let until = null;
    const later = (t) => {
        if (t !== null && (until === null || t > until))
            until = t;
    };
    for (const kind of ["requests", "tokens", "input-tokens", "output-tokens"]) {
        if (header(headers, `anthropic-ratelimit-${kind}-remaining`) === "0") {
            const reset = header(headers, `anthropic-ratelimit-${kind}-reset`);
            const t = reset ? Date.parse(reset) : Number.NaN;
            later(Number.isNaN(t) ? now + 1000 : t);
        }
        if (header(headers, `x-ratelimit-remaining-${kind}`) === "0") {
            const reset = header(headers, `x-ratelimit-reset-${kind}`);
            const d = reset ? parseDuration(reset) : null;
            later(now + (d ?? 1000));
        }
    }
    return until;
}
class Pacer {
    options;
    limitNow;
    inFlight = 0;
    heldUntil = 0;
    heldFor = "rate-limit";
    quiet = 0;
    queue = [];
    timer = null;
    now;
    /** 429s seen from the provider. */
    rateLimited = 0;
    constructor(options) {
        this.options = options;
        this.limitNow = Math.max(1, Math.floor(options.maxConcurrency));
        this.now = options.now ?? Date.now;
    }
    get limit() {
        return this.limitNow;
    }
    get active() {
        return this.inFlight;
    }
    get waiting() {
        return this.queue.length;
    }
    /** Resolves when the request may go. */
    acquire() {
        const now = this.now();
        if (this.queue.length === 0 && this.inFlight < this.limitNow && now >= this.heldUntil)
            return Promise.resolve(this.grant({}));
        return new Promise((resolve) => {
            this.queue.push({ resolve, waits: {}, reason: this.blocker(now), since: now });
            this.pump();
        });
    }
    /** Reads a response's status and headers (before its slot is released). */
    observe(status, headers) {
        const now = this.now();
        if (status === 429) {
            this.rateLimited++;
            this.quiet = 0;
            // The provider accepted the others in flight, not this one.
            this.limitNow = Math.max(1, Math.min(this.limitNow, this.inFlight - 1));
            this.hold(now + (retryAfterMs(headers, now) ?? 1000), "retry-after", now);
            return;
        }
        const until = exhaustedUntil(headers, now);
        if (until !== null)
            this.hold(until, "rate-limit", now);
        if (status < 400 && this.limitNow < this.options.maxConcurrency && ++this.quiet >= this.limitNow) {
            this.limitNow++;
            this.quiet = 0;
        }
        this.pump();
    }
    hold(until, reason, now) {
        const bounded = Math.min(until, now + this.options.maxDelayMs);
        if (bounded <= this.heldUntil)
            return;
        this.heldUntil = bounded;
        this.heldFor = reason;
        this.pump();
    }
    blocker(now) {
        return now < this.heldUntil ? this.heldFor : "concurrency";
    }
    grant(waits) {
        this.inFlight++;
        let released = false;
        return {
            waits,
            release: () => {
                if (released)
                    return;
                released = true;
                this.inFlight--;
                this.pump();
            },
        };
    }
    /** Counts the waiters' time so far under the reason that held them, then lets go whoever may go. */
    pump() {
        const now = this.now();
        const reason = this.blocker(now);
        for (const w of this.queue) {
            w.waits[w.reason] = (w.waits[w.reason] ?? 0) + (now - w.since);
            w.since = now;
            w.reason = reason;
        }
        while (this.queue.length > 0 && now >= this.heldUntil && this.inFlight < this.limitNow) {
            const w = this.queue.shift();
            w.resolve(this.grant(w.waits));
        }
        if (this.queue.length > 0 && now < this.heldUntil && !this.timer) {
            this.timer = setTimeout(() => {
                this.timer = null;
                this.pump();
            }, this.heldUntil - now);
        }
    }
    /** Stops the hold timer (the proxy closes). */
    close() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
    }
}

// EXTERNAL MODULE: ./src/executors/request-key.ts
var request_key = __webpack_require__(1293);
;// CONCATENATED MODULE: ./src/proxy/wire-usage.ts
/** The format of a request path (`…/v1/messages`, `…/v1/responses`, `…/v1/chat/completions`), or null. */
function formatOfPath(pathname) {
    if (/\/messages$/.test(pathname))
        return "messages";
    if (/\/responses$/.test(pathname))
        return "responses";
    if (/\/chat\/completions$/.test(pathname))
        return "chat";
    return null;
}
function isRecord(v) {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}
function count(v) {
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
}
function sum(...values) {
    return values.every((v) => v === null) ? null : values.reduce((a, v) => a + (v ?? 0), 0);
}
function str(v) {
    return typeof v === "string" && v !== "" ? v : null;
}
function sub(o, key) {
    const v = o[key];
    return isRecord(v) ? v : {};
}
/** Anthropic figures; `base` are the figures a later event updates (fields it lacks stay). */
function anthropicTokens(u, base = {}) {
    const raw = { ...base, ...Object.fromEntries(Object.entries(u).filter(([, v]) => typeof v === "number")) };
    const read = count(raw.cache_read_input_tokens);
    return {
        raw,
        tokens: {
            input: sum(count(raw.input_tokens), read, count(raw.cache_creation_input_tokens)),
            cached: read,
            output: count(raw.output_tokens),
            reasoning: null,
        },
    };
}
function responsesTokens(u) {
    return {
        input: count(u.input_tokens),
        cached: count(sub(u, "input_tokens_details").cached_tokens),
        output: count(u.output_tokens),
        reasoning: count(sub(u, "output_tokens_details").reasoning_tokens),
    };
}
function chatTokens(u) {
    return {
        input: count(u.prompt_tokens),
        cached: count(sub(u, "prompt_tokens_details").cached_tokens),
        output: count(u.completion_tokens),
        reasoning: count(sub(u, "completion_tokens_details").reasoning_tokens),
    };
}
/** Largest JSON (non-stream) body kept for reading its usage. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** Largest SSE line kept while waiting for its end (a longer one is skipped). */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
/**
 * Reads the usage of one response from a copy of its bytes: `push` each chunk as it passes,
 * `end()` once the response ended; null when it carried no usage.
 */
class UsageReader {
    format;
    sse;
    parts = [];
    size = 0;
    overflow = false;
    line = [];
    lineSize = 0;
    model = null;
    tokens = null;
    anthropicRaw = {};
    constructor(format, contentType) {
        this.format = format;
        this.sse = /text\/event-stream/i.test(contentType);
    }
    push(chunk) {
        if (!this.sse) {
            if (this.overflow)
                return;
            this.size += chunk.length;
            if (this.size > MAX_JSON_BYTES) {
                this.overflow = true;
                this.parts.length = 0;
                return;
            }
            this.parts.push(chunk);
            return;
        }
        let start = 0;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
            this.addLinePart(chunk.subarray(start, i));
            this.lineDone();
            start = i + 1;
        }
        if (start < chunk.length)
            this.addLinePart(chunk.subarray(start));
    }
    end() {
        if (this.sse) {
            if (this.lineSize > 0)
                this.lineDone();
        }
        else if (!this.overflow && this.size > 0) {
            try {
                this.event(JSON.parse(Buffer.concat(this.parts).toString("utf8")), true);
            }
            catch {
                // not JSON (an error page): no usage
            }
        }
        return this.tokens ? { model: this.model, tokens: this.tokens } : null;
    }
    addLinePart(part) {
        if (this.lineSize + part.length > MAX_LINE_BYTES) {
            this.lineSize = MAX_LINE_BYTES + 1;
            this.line = [];
            return;
        }
        if (part.length > 0)
            this.line.push(part);
        this.lineSize += part.length;
    }
    lineDone() {
        const tooLong = this.lineSize > MAX_LINE_BYTES;
        const parts = this.line;
        this.line = [];
        this.lineSize = 0;
        if (tooLong || parts.length === 0)
            return;
        const text = (parts.length === 1 ? parts[0] : Buffer.concat(parts)).toString("utf8");
        if (!text.startsWith("data:"))
            return;
        // Only the events that can carry usage or a model are parsed.
        if (!text.includes('"usage"') && !text.includes('"model"'))
            return;
        try {
            this.event(JSON.parse(text.slice(5).trim()), false);
        }
        catch {
            // `[DONE]` or a partial event: nothing to read
        }
    }
    event(data, whole) {
        if (!isRecord(data))
            return;
        if (this.format === "messages") {
            if (whole || data.type === "message") {
                this.model = str(data.model) ?? this.model;
                if (isRecord(data.usage))
                    this.tokens = anthropicTokens(data.usage).tokens;
                return;
            }
            if (data.type === "message_start" && isRecord(data.message)) {
                this.model = str(data.message.model) ?? this.model;
                if (isRecord(data.message.usage)) {
                    const t = anthropicTokens(data.message.usage);
                    this.anthropicRaw = t.raw;
                    this.tokens = t.tokens;
                }
            }
            else if (data.type === "message_delta" && isRecord(data.usage)) {
                const t = anthropicTokens(data.usage, this.anthropicRaw);
                this.anthropicRaw = t.raw;
                this.tokens = t.tokens;
            }
            return;
        }
        if (this.format === "responses") {
            const response = whole ? data : isRecord(data.response) ? data.response : null;
            if (!response)
                return;
            this.model = str(response.model) ?? this.model;
            if (isRecord(response.usage))
                this.tokens = responsesTokens(response.usage);
            return;
        }
        this.model = str(data.model) ?? this.model;
        if (isRecord(data.usage))
            this.tokens = chatTokens(data.usage);
    }
}

;// CONCATENATED MODULE: ./src/proxy/server.ts
/**
 * The model proxy: a loopback HTTP server in the orchestrator between the agents' CLIs and the
 * model providers, so that the real API keys never reach an agent.
 *
 * - Each agent gets its own base URL (`http://127.0.0.1:<port>/agents/<id>`) and a random token
 *   (see hook.ts for how a CLI is pointed at it). A request whose token (`x-api-key` or
 *   `authorization: Bearer`) is missing or not the agent's gets 401 in the provider's error format
 *   and is recorded; tokens are compared in constant time.
 * - An accepted request is forwarded to the agent's upstream (`<baseUrl><rest of the path>`; https,
 *   or http to a loopback host) with the real key instead of the token (`x-api-key` or
 *   `authorization: Bearer`, as the upstream wants it). Hop-by-hop headers and anything carrying the
 *   token are dropped; `accept-encoding: identity` is asked for, so the usage can be read from the
 *   bytes. The answer is piped back as it comes (no buffering, backpressure kept); a copy of its
 *   bytes feeds the usage reader (wire-usage.ts).
 * - Usage at the wire: the figures of every answer (streamed or not, finished or cut short) add up
 *   per agent in the vocabulary of src/usage/schema.ts, priced with the config's pricing table.
 *   After each answer the budgets are checked (src/usage/budget.ts): past its own limit an agent,
 *   past the wave's every agent, is refused from its next request on (400 with the provider's error
 *   body, so the CLI prints it) and `onBudgetStop` tells the engine to stop it.
 * - Rate limits: requests to one provider share a Pacer (pacer.ts). A 429 from the provider is not
 *   passed on: the proxy waits as the provider asked and sends the request again (at most
 *   `maxRetries` times; after that the 429 goes to the CLI). What each agent waited, and why, is
 *   kept in its activity.
 */










const DEFAULT_CONCURRENCY = 64;
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const HOP_BY_HOP = new Set([
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "trailers",
    "transfer-encoding",
    "upgrade",
]);
/** Headers without the hop-by-hop ones (and those the `connection` header names). */
function endToEnd(headers, drop = []) {
    const named = new Set(drop);
    const connection = headers.connection;
    if (typeof connection === "string")
        for (const n of connection.split(","))
            named.add(n.trim().toLowerCase());
    const out = {};
    for (const [k, v] of Object.entries(headers)) {
        if (v === undefined || HOP_BY_HOP.has(k) || named.has(k))
            continue;
        out[k] = v;
    }
    return out;
}
function isLoopback(hostname) {
    return hostname === "localhost" || hostname === "[::1]" || hostname === "::1" || /^127\./.test(hostname);
}
/** An error body in the provider's own format. */
function errorBody(format, upstream, status, message, code) {
    const anthropic = format === "messages" || (format === null && upstream?.auth === "x-api-key");
    if (anthropic) {
        const type = status === 401 ? "authentication_error" : status === 502 ? "api_error" : "invalid_request_error";
        return JSON.stringify({ type: "error", error: { type, message } });
    }
    return JSON.stringify({ error: { type: status === 401 ? "invalid_api_key" : "invalid_request_error", code, message, param: null } });
}
function sendError(res, req, status, body) {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
}
function server_readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        req.on("data", (c) => {
            size += c.length;
            if (size > MAX_BODY_BYTES) {
                resolve(null);
                req.resume();
                return;
            }
            chunks.push(c);
        });
        req.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
        req.on("error", reject);
    });
}
/** Running figures of one agent: sums of what its answers reported. */
class WireTally {
    pricing;
    configuredModel;
    input = null;
    cached = null;
    output = null;
    reasoning = null;
    cost = 0;
    costUnknown = false;
    answers = 0;
    modelTokens = new Map();
    constructor(pricing, configuredModel) {
        this.pricing = pricing;
        this.configuredModel = configuredModel;
    }
    add(u) {
        const t = u.tokens;
        const plus = (a, b) => (b === null ? a : (a ?? 0) + b);
        this.input = plus(this.input, t.input);
        this.cached = plus(this.cached, t.cached);
        this.output = plus(this.output, t.output);
        this.reasoning = plus(this.reasoning, t.reasoning);
        this.answers++;
        const model = u.model ?? this.configuredModel;
        const tokens = (t.input ?? 0) + (t.output ?? 0);
        if (model)
            this.modelTokens.set(model, (this.modelTokens.get(model) ?? 0) + tokens);
        if (tokens === 0)
            return;
        const price = (0,usage_pricing/* priceOf */.x)(this.pricing, model);
        if (price)
            this.cost += (0,usage_pricing/* estimateCost */.a)({ input: t.input, cached: t.cached, output: t.output }, price);
        else
            this.costUnknown = true;
    }
    usage() {
        let model = this.configuredModel;
        let best = -1;
        // The model that used the most tokens is the agent's (side requests use a smaller one).
        for (const [name, n] of this.modelTokens) {
            if (n > best) {
                best = n;
                model = name;
            }
        }
        const anyTokens = this.input !== null || this.output !== null;
        return {
            model,
            inputTokens: this.input,
            cachedInputTokens: this.cached,
            outputTokens: this.output,
            reasoningTokens: this.reasoning,
            costUsd: anyTokens && !this.costUnknown ? (0,usage_meter/* roundUsd */.t)(this.cost) : null,
            costEstimated: anyTokens && !this.costUnknown && this.cost > 0,
            turns: this.answers > 0 ? this.answers : null,
            sessionId: null,
        };
    }
}
async function startModelProxy(options = {}) {
    const pricing = options.pricing ?? {};
    const waveLimits = options.waveLimits ?? { usd: null, tokens: null };
    const maxRetries = options.maxRetries ?? 4;
    const maxDelayMs = options.maxDelayMs ?? 60_000;
    const agents = new Map();
    const pacers = new Map();
    const unauthorized = [];
    const httpAgent = new (external_node_http_default()).Agent({ keepAlive: true });
    const httpsAgent = new (external_node_https_default()).Agent({ keepAlive: true });
    let waveStop = null;
    const pacerOf = (provider) => {
        let p = pacers.get(provider);
        if (!p) {
            const c = options.concurrency;
            const max = typeof c === "number" ? c : (c?.[provider] ?? DEFAULT_CONCURRENCY);
            p = new Pacer({ maxConcurrency: max, maxDelayMs });
            pacers.set(provider, p);
        }
        return p;
    };
    const snapshot = (s) => ({ ...s.activity, waits: { ...s.activity.waits }, usage: s.tally.usage() });
    const totals = () => (0,usage_totals/* sumUsage */.R)([...agents.values()].map((s) => ({ id: s.agentId, usage: s.tally.usage() })));
    const stopAgent = (s, breach, detail) => {
        if (s.activity.budgetStop)
            return;
        const stop = { agentId: s.agentId, breach, detail };
        s.activity.budgetStop = stop;
        options.onBudgetStop?.(stop);
    };
    const checkBudgets = (s) => {
        const own = (0,budget/* agentBreach */.Fj)(s.tally.usage(), s.limits);
        if (own) {
            stopAgent(s, own, (0,budget/* describeBreach */.DR)(own, s.agentId));
            return;
        }
        if (waveStop)
            return;
        const t = totals();
        let wave = (0,budget/* waveBreach */.By)(t, waveLimits.usd);
        if (!wave && waveLimits.tokens !== null && t.totalTokens > waveLimits.tokens) {
            wave = { scope: "wave", measure: "tokens", spent: t.totalTokens, limit: waveLimits.tokens, estimated: false };
        }
        if (!wave)
            return;
        const amount = (v) => (wave.measure === "usd" ? (0,budget/* formatUsd */.UK)(v) : `${v} tokens`);
        const detail = `the wave spent ${amount(wave.spent)} of its ${amount(wave.limit)} budget at the model proxy`;
        waveStop = { agentId: s.agentId, breach: wave, detail };
        // The agent whose answer went over first (the engine names it as the one that spent the budget).
        for (const other of [s, ...agents.values()])
            stopAgent(other, wave, `${detail}; ${other.agentId} was stopped`);
    };
    const refuseUnauthorized = (req, res, pathname, agentId, reason) => {
        req.resume();
        const entry = { at: new Date().toISOString(), agentId, method: req.method ?? "", path: pathname, reason };
        unauthorized.push(entry);
        options.onUnauthorized?.(entry);
        const state = agentId ? agents.get(agentId) : undefined;
        sendError(res, req, 401, errorBody(formatOfPath(pathname), state?.upstream ?? null, 401, `wave model proxy: ${reason}`, "invalid_api_key"));
    };
    /** One attempt upstream; resolves with the upstream's answer (headers read) or rejects. */
    const sendUpstream = (s, req, rest, search, body) => {
        const target = new URL(`${s.upstream.baseUrl.replace(/\/+$/, "")}${rest}${search}`);
        const secure = target.protocol === "https:";
        if (!secure && !(target.protocol === "http:" && isLoopback(target.hostname))) {
            return Promise.reject(new Error(`upstream ${target.origin} is neither https nor a loopback http address`));
        }
        const token = s.tokenText ?? "";
        const headers = endToEnd(req.headers, ["host", "x-api-key", "authorization", "content-length", "accept-encoding", "expect"]);
        for (const [k, v] of Object.entries(headers)) {
            if (token && (Array.isArray(v) ? v.some((x) => x.includes(token)) : v.includes(token)))
                delete headers[k];
        }
        headers["accept-encoding"] = "identity";
        headers["content-length"] = String(body.length);
        if (s.upstream.auth === "x-api-key")
            headers["x-api-key"] = s.upstream.key;
        else
            headers.authorization = `Bearer ${s.upstream.key}`;
        return new Promise((resolve, reject) => {
            const upstreamReq = (secure ? (external_node_https_default()) : (external_node_http_default())).request(target, { method: req.method, headers, agent: secure ? httpsAgent : httpAgent }, (upstreamRes) => resolve({ upstreamReq, upstreamRes }));
            upstreamReq.on("error", reject);
            upstreamReq.end(body);
        });
    };
    const forward = async (s, req, res, rest, search, format) => {
        const body = await server_readBody(req);
        if (body === null) {
            sendError(res, req, 413, errorBody(format, s.upstream, 413, `wave model proxy: request body larger than ${MAX_BODY_BYTES} bytes`, "request_too_large"));
            return;
        }
        const pacer = pacerOf(s.upstream.provider);
        let clientGone = false;
        res.on("close", () => {
            clientGone = !res.writableFinished;
        });
        for (let attempt = 0;; attempt++) {
            const slot = await pacer.acquire();
            let waited = false;
            for (const [reason, ms] of Object.entries(slot.waits)) {
                if (ms <= 0)
                    continue;
                waited = true;
                s.activity.waits[reason] = (s.activity.waits[reason] ?? 0) + ms;
            }
            if (waited)
                s.activity.waitedRequests++;
            if (clientGone) {
                slot.release();
                return;
            }
            let upstream;
            try {
                upstream = await sendUpstream(s, req, rest, search, body);
            }
            catch (error) {
                slot.release();
                s.activity.upstreamErrors++;
                if (!res.headersSent) {
                    const message = `wave model proxy: the upstream could not be reached (${error instanceof Error ? error.message : String(error)})`;
                    sendError(res, req, 502, errorBody(format, s.upstream, 502, message, "upstream_unreachable"));
                }
                else
                    res.destroy();
                return;
            }
            const { upstreamReq, upstreamRes } = upstream;
            const status = upstreamRes.statusCode ?? 502;
            pacer.observe(status, upstreamRes.headers);
            if (status === 429 && attempt < maxRetries && !clientGone) {
                s.activity.retried++;
                upstreamRes.resume();
                await new Promise((resolve) => {
                    upstreamRes.once("close", resolve);
                    upstreamRes.once("end", resolve);
                });
                slot.release();
                continue;
            }
            s.activity.forwarded++;
            const reader = format ? new UsageReader(format, String(upstreamRes.headers["content-type"] ?? "")) : null;
            let settled = false;
            const settle = () => {
                if (settled)
                    return;
                settled = true;
                slot.release();
                const usage = reader?.end() ?? null;
                if (usage) {
                    s.tally.add(usage);
                    checkBudgets(s);
                }
            };
            res.once("close", () => {
                // The client went away before the answer ended: the upstream request is abandoned.
                if (!upstreamRes.complete)
                    upstreamReq.destroy();
            });
            upstreamRes.once("end", settle);
            upstreamRes.once("close", settle);
            upstreamRes.once("error", () => res.destroy());
            res.writeHead(status, endToEnd(upstreamRes.headers));
            if (reader)
                upstreamRes.on("data", (chunk) => reader.push(chunk));
            upstreamRes.pipe(res);
            return;
        }
    };
    const handle = async (req, res) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const m = /^\/agents\/([^/]+)(\/.*)?$/.exec(url.pathname);
        let agentId = null;
        if (m) {
            try {
                agentId = decodeURIComponent(m[1]);
            }
            catch {
                agentId = null;
            }
        }
        const state = agentId ? agents.get(agentId) : undefined;
        if (!state?.token) {
            refuseUnauthorized(req, res, url.pathname, agentId, "unknown agent");
            return;
        }
        const given = (0,request_key/* requestKey */.lq)(req.headers);
        if (given === null) {
            refuseUnauthorized(req, res, url.pathname, agentId, "no token");
            return;
        }
        if (!(0,request_key/* matchesKey */.vV)(state.token, given)) {
            refuseUnauthorized(req, res, url.pathname, agentId, "wrong token");
            return;
        }
        const rest = m?.[2] ?? "/";
        const format = formatOfPath(rest);
        state.activity.requests++;
        const stop = state.activity.budgetStop;
        if (stop) {
            req.resume();
            state.activity.refused++;
            sendError(res, req, 400, errorBody(format, state.upstream, 400, `wave model proxy: budget spent, request refused: ${stop.detail}`, "budget_exceeded"));
            return;
        }
        await forward(state, req, res, rest, url.search, format);
    };
    const server = external_node_http_default().createServer((req, res) => {
        handle(req, res).catch(() => {
            if (!res.headersSent)
                res.writeHead(500, { "content-type": "text/plain" });
            res.end();
        });
    });
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve());
    });
    const url = `http://127.0.0.1:${server.address().port}`;
    return {
        url,
        register(agentId, opts) {
            const token = `wave-proxy-${(0,external_node_crypto_.randomBytes)(24).toString("hex")}`;
            const previous = agents.get(agentId);
            const state = previous ?? {
                agentId,
                token: null,
                tokenText: null,
                upstream: opts.upstream,
                limits: opts.limits ?? { usd: null, tokens: null },
                tally: new WireTally(pricing, opts.model ?? null),
                activity: {
                    agentId,
                    provider: opts.upstream.provider,
                    requests: 0,
                    forwarded: 0,
                    refused: 0,
                    retried: 0,
                    upstreamErrors: 0,
                    waitedRequests: 0,
                    waits: {},
                    budgetStop: null,
                },
            };
            state.token = (0,request_key/* keyDigest */.g5)(token);
            state.tokenText = token;
            state.upstream = opts.upstream;
            state.activity.provider = opts.upstream.provider;
            if (opts.limits)
                state.limits = opts.limits;
            agents.set(agentId, state);
            // A wave already over its budget refuses a newcomer too.
            if (waveStop && !state.activity.budgetStop)
                stopAgent(state, waveStop.breach, `${waveStop.detail}; ${agentId} was stopped`);
            return { token, baseUrl: `${url}/agents/${encodeURIComponent(agentId)}` };
        },
        revoke(agentId) {
            const s = agents.get(agentId);
            if (s) {
                s.token = null;
                s.tokenText = null;
            }
        },
        activity: (agentId) => {
            const s = agents.get(agentId);
            return s ? snapshot(s) : null;
        },
        activities: () => [...agents.values()].map(snapshot),
        usageOf: (agentId) => agents.get(agentId)?.tally.usage() ?? null,
        totals,
        unauthorized: () => [...unauthorized],
        close: () => new Promise((resolve) => {
            for (const p of pacers.values())
                p.close();
            server.close(() => resolve());
            server.closeAllConnections();
            httpAgent.destroy();
            httpsAgent.destroy();
        }),
    };
}

;// CONCATENATED MODULE: ./src/proxy/wiring.ts
/**
 * The model proxy in a wave run (`model-proxy: auto|on`): one proxy per run of a wave, started by
 * the engine before the first agent and closed when the wave ends (also on failure or cancel).
 *
 * - Each codex, Claude Code and OpenCode launch goes through `launch()` after the OS boundary and
 *   the rehearsal hook adjusted its environment: the CLI is pointed at the proxy with a token of
 *   its own (hook.ts), the real key stays here. Upstreams: the orchestrator's environment
 *   (`upstreamOf`), or in a rehearsal the scripted model server the rehearsal pointed the CLI at
 *   (`upstreamOfPointedEnv`: its base URL and key are read back from the launch's environment and
 *   config files, then removed from the agent's reach).
 * - A launch the proxy cannot carry (a subscription login, no key, a provider it does not speak)
 *   runs as before with one notice per agent under `auto`; under `on` it is an error, and
 *   `preflightSkips` names every such agent before anything starts. `local` and `command` agents
 *   have no model API of their own to carry: they run as before, without a notice.
 * - What the proxy read at the wire is the agent's usage (`usageOf`); its budget stops reach the
 *   engine through `onBudgetStop`. After each process the agent's token is revoked; a retry gets a
 *   new one.
 * - `report()` is what the run keeps in `model-proxy.json`: per agent its requests, waits (and
 *   why), 429s waited out and requests refused for a spent budget, plus the requests refused for
 *   a missing or wrong token. A credential-less `HEAD` (Claude Code checks the base URL that way
 *   when it starts) is counted apart as a probe, not listed as a refused request.
 */









const stripVersion = (url) => url.replace(/\/+$/, "").replace(/\/v1$/, "");
function tomlValue(toml, key) {
    const m = new RegExp(`^${key} = ("(?:[^"\\\\]|\\\\.)*")\\s*$`, "m").exec(toml);
    if (!m)
        return null;
    try {
        return JSON.parse(m[1]);
    }
    catch {
        return null;
    }
}
function readJson(file) {
    try {
        const v = JSON.parse((0,external_node_fs_.readFileSync)(file, "utf8"));
        return typeof v === "object" && v !== null ? v : null;
    }
    catch {
        return null;
    }
}
const REHEARSAL_PROVIDER = "rehearsal";
/**
 * The model endpoint `env` (a launch environment already pointed at one, as the rehearsal hook
 * leaves it) sends the CLI to: its base URL and key, read from where each CLI reads them.
 */
function upstreamOfPointedEnv(launch, env) {
    const executor = launch.spec.executorId;
    const none = { skip: `the ${executor} launch names no model endpoint to carry` };
    if (executor === "claude") {
        const baseUrl = env.ANTHROPIC_BASE_URL;
        const key = env.ANTHROPIC_API_KEY;
        if (!baseUrl || !key)
            return none;
        return { upstream: { provider: REHEARSAL_PROVIDER, baseUrl: stripVersion(baseUrl), key, auth: "x-api-key" } };
    }
    if (executor === "codex") {
        const file = env.CODEX_HOME ? external_node_path_default().join(env.CODEX_HOME, "config.toml") : null;
        const toml = file && (0,external_node_fs_.existsSync)(file) ? (0,external_node_fs_.readFileSync)(file, "utf8") : "";
        const baseUrl = tomlValue(toml, "base_url");
        const keyEnv = tomlValue(toml, "env_key");
        const key = keyEnv ? env[keyEnv] : undefined;
        if (!baseUrl || !key)
            return none;
        return { upstream: { provider: REHEARSAL_PROVIDER, baseUrl: stripVersion(baseUrl), key, auth: "bearer" } };
    }
    if (executor === "opencode") {
        const config = env.OPENCODE_CONFIG ? readJson(env.OPENCODE_CONFIG) : null;
        const model = typeof config?.model === "string" ? config.model : "";
        const providerId = model.includes("/") ? model.slice(0, model.indexOf("/")) : "";
        const providers = (config?.provider ?? {});
        const entry = providers[providerId];
        const baseUrl = entry?.options?.baseURL;
        const key = entry?.options?.apiKey;
        if (typeof baseUrl !== "string" || typeof key !== "string")
            return none;
        const npm = typeof entry?.npm === "string" ? entry.npm : null;
        const anthropic = npm ? npm.includes("anthropic") : providerId === "anthropic";
        return { upstream: { provider: REHEARSAL_PROVIDER, baseUrl: stripVersion(baseUrl), key, auth: anthropic ? "x-api-key" : "bearer" } };
    }
    return none;
}
/** The launch as the rehearsal left it: OpenCode's config is the rehearsal's copy. */
function asPointed(launch, env) {
    const file = env.OPENCODE_CONFIG;
    if (launch.spec.executorId !== "opencode" || !file || !(0,external_node_fs_.existsSync)(file))
        return { ...launch, env };
    const content = (0,external_node_fs_.readFileSync)(file, "utf8");
    return {
        ...launch,
        env,
        spec: { ...launch.spec, env: { ...launch.spec.env, OPENCODE_CONFIG: file }, files: [...launch.spec.files.filter((f) => f.path !== file), { path: file, content }] },
    };
}
/** The agents whose launches the proxy could not carry, and why (codex, claude, opencode only). */
function preflightSkips(agents, env, rehearsal) {
    const out = [];
    for (const a of agents) {
        // In a rehearsal every such CLI talks to the scripted server, which the proxy can always carry.
        if (!(0,executors_endpoint/* isEndpointExecutor */.FU)(a.executor) || rehearsal)
            continue;
        const choice = upstreamOf(a.executor, a.model, env);
        if ("skip" in choice)
            out.push({ agentId: a.agentId, executor: a.executor, reason: choice.skip });
    }
    return out;
}
/** "model-proxy is on, but ... cannot go through it: ..." for the agents `preflightSkips` named. */
function describeOnFailure(skips) {
    const lines = skips.map((s) => `  ${s.agentId} (${s.executor}): ${s.reason}`);
    return `model-proxy is on, but ${skips.length === 1 ? "this agent" : "these agents"} cannot go through the model proxy:\n${lines.join("\n")}\nGive the proxy an API key to hold, or set model-proxy to auto (such agents then run without it) or off.`;
}
async function openWaveProxy(options) {
    const proxy = await startModelProxy({
        pricing: options.pricing,
        waveLimits: { usd: options.maxBudgetUsd, tokens: null },
        onBudgetStop: (stop) => options.onBudgetStop(stop),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    });
    // Per-agent CODEX_HOMEs (agents sharing the orchestrator's user): private, outside the run directory.
    const homesDir = await (0,promises_.mkdtemp)(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-proxy-homes-"));
    const carried = new Set();
    const noticed = new Set();
    const skipped = new Map();
    const onSkip = (launch, reason) => {
        const agentId = launch.context.agent.agentId;
        const executor = launch.spec.executorId;
        carried.delete(agentId);
        if (!(0,executors_endpoint/* isEndpointExecutor */.FU)(executor))
            return;
        if (options.mode === "on")
            throw new src_errors/* UserError */.yo(describeOnFailure([{ agentId, executor, reason }]), 2);
        skipped.set(agentId, { agentId, executor, reason });
        if (noticed.has(agentId))
            return;
        noticed.add(agentId);
        options.onNotice(`model proxy: agent ${agentId} (${executor}) runs without it: ${reason}`);
    };
    return {
        mode: options.mode,
        url: proxy.url,
        async launch(launch) {
            const id = launch.context.agent.agentId;
            let current = launch;
            let upstreamFor = options.upstreamFor;
            let pointedConfig = null;
            if (!upstreamFor && options.rehearsal && (0,executors_endpoint/* isEndpointExecutor */.FU)(launch.spec.executorId)) {
                const choice = upstreamOfPointedEnv(launch, launch.env);
                current = asPointed(launch, launch.env);
                upstreamFor = () => choice;
                if (launch.spec.executorId === "opencode")
                    pointedConfig = launch.env.OPENCODE_CONFIG ?? null;
            }
            let skippedNow = false;
            const hook = proxyHook({
                proxy,
                homesDir,
                env: options.env,
                ...(upstreamFor ? { upstreamFor } : {}),
                // A rehearsal's CLIs stay off the network, as without the proxy.
                offline: options.rehearsal,
                onSkip: (l, reason) => {
                    skippedNow = true;
                    onSkip(l, reason);
                },
            });
            const env = await hook(current);
            if (!skippedNow) {
                carried.add(id);
                skipped.delete(id);
                // The rehearsal's own OpenCode config holds the upstream's key: the proxy's copy replaces it.
                if (pointedConfig && env.OPENCODE_CONFIG !== pointedConfig)
                    (0,external_node_fs_.rmSync)(pointedConfig, { force: true });
            }
            return env;
        },
        carries: (agentId) => carried.has(agentId),
        usageOf: (agentId) => (proxy.activity(agentId) ? proxy.usageOf(agentId) : null),
        revoke: (agentId) => proxy.revoke(agentId),
        report() {
            const all = proxy.unauthorized();
            const probe = (u) => u.method === "HEAD" && u.reason === "no token";
            return {
                schemaVersion: 1,
                kind: "wave-model-proxy",
                mode: options.mode,
                agents: proxy.activities(),
                skipped: [...skipped.values()],
                unauthorized: all.filter((u) => !probe(u)),
                probes: all.filter(probe).length,
            };
        },
        async close() {
            await proxy.close();
            await (0,promises_.rm)(homesDir, { recursive: true, force: true });
        },
    };
}
/** Whether the proxy will carry an agent of `executor` with `model` (its budget is then watched at the wire). */
function proxyWillCarry(mode, executor, model, env, rehearsal) {
    if (!mode || mode === "off" || !(0,executors_endpoint/* isEndpointExecutor */.FU)(executor))
        return false;
    return rehearsal || mode === "on" || !("skip" in upstreamOf(executor, model, env));
}

;// CONCATENATED MODULE: ./src/sessions/continue-prompt.ts
/**
 * The short prompt a resumed session gets instead of the full one: the conversation already holds
 * the task, so the agent only learns why it stopped, that its work is kept, and how to end.
 */
function duration(minutes) {
    if (!Number.isFinite(minutes) || minutes <= 0)
        return "its limit";
    if (Number.isInteger(minutes))
        return `${minutes} minute${minutes === 1 ? "" : "s"}`;
    const seconds = Math.max(1, Math.round(minutes * 60));
    return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
function oneLine(text) {
    return text.replace(/\s+/g, " ").trim().replace(/[.\s]+$/, "");
}
/** The reason as a clause that completes "You were interrupted because …". */
function interruptionText(reason) {
    switch (reason.kind) {
        case "timeout":
            return Number.isFinite(reason.minutes) && reason.minutes > 0
                ? `the deadline of ${duration(reason.minutes)} was reached`
                : "the deadline was reached";
        case "idle-timeout":
            return `there was no output for ${duration(reason.minutes)}`;
        case "rate-limit":
            return "the API rate limit persisted";
        case "budget":
            return typeof reason.usd === "number" && Number.isFinite(reason.usd) && reason.usd >= 0
                ? `your budget of $${reason.usd.toFixed(2)} was spent`
                : "your budget was spent";
        case "other":
            return oneLine(reason.text) || "the run was stopped";
    }
}
/** The prompt that continues an interrupted session (pure). */
function continuePrompt(input) {
    const markers = input.markerInstructions.trim();
    const lines = [
        `You are agent ${input.agentId}, continuing your own session. Your previous run was interrupted because ${interruptionText(input.reason)}.`,
        "",
        "Your earlier work is kept: everything in this session so far and every change you made in the working tree. " +
            "Do not start over. Check where you stopped, continue from there and finish the task you were given.",
        "",
    ];
    if (markers === "") {
        lines.push("When you are done, end your final message with the marker lines your task requires, exactly as your instructions describe.");
    }
    else {
        lines.push("When you are done, end your final message with the marker lines your task requires:", "", markers);
    }
    return `${lines.join("\n")}\n`;
}

;// CONCATENATED MODULE: ./src/sessions/nofollow.ts
/**
 * Walking, reading and writing below a trusted directory without following symbolic links.
 *
 * Session files live in an agent's home, which the agent (possibly another OS user) controls: it
 * could replace a directory or the file with a link to somewhere the orchestrator may read or
 * write and the agent may not. Every step below the anchor is therefore opened with O_NOFOLLOW
 * (directories also with O_DIRECTORY), and on Linux each next step is opened through the previous
 * directory's descriptor (`/proc/self/fd/<fd>/<name>`, the equivalent of openat), so swapping a
 * link in between the checks changes nothing. Where /proc is not available each step is opened by
 * its full path with the same flags and checked again afterwards.
 *
 * The anchor itself is trusted as given (it is the home directory the orchestrator set up, or a
 * directory named in the configuration) and may be reached through links.
 */



const PROC_FD = "/proc/self/fd";
let procChecked = null;
function procAvailable() {
    if (procChecked === null)
        procChecked = process.platform === "linux" && (0,external_node_fs_.existsSync)(PROC_FD);
    return procChecked;
}
/**
 * Tests only: walk by full paths (as where /proc is missing) with false, back to detection with
 * null. Returns whether descriptor paths are used now.
 */
function useProcFdForTests(use) {
    procChecked = use;
    return procAvailable();
}
function codeOf(error) {
    return error?.code;
}
/** A path segment that names one entry of a directory. */
function isPlainName(name) {
    return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\0");
}
/** A directory opened without following links below its anchor. Close it when done. */
class SafeDir {
    handle;
    shown;
    constructor(handle, 
    /** The path as walked (for messages, and the way in when /proc is not available). */
    shown) {
        this.handle = handle;
        this.shown = shown;
    }
    static async open(abs, shown, follow) {
        const flags = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_DIRECTORY | (follow ? 0 : external_node_fs_.constants.O_NOFOLLOW);
        const handle = await (0,promises_.open)(abs, flags);
        return new SafeDir(handle, shown);
    }
    /** The path through which the entry `name` of this directory is reached. */
    entry(name) {
        if (!isPlainName(name))
            throw new Error(`not a plain name: ${JSON.stringify(name)}`);
        return procAvailable() ? `${PROC_FD}/${this.handle.fd}/${name}` : external_node_path_default().join(this.shown, name);
    }
    /** This directory itself, for readdir. */
    get self() {
        return procAvailable() ? `${PROC_FD}/${this.handle.fd}` : this.shown;
    }
    async stat() {
        return this.handle.stat();
    }
    async chown(identity) {
        await this.handle.chown(identity.uid, identity.gid);
    }
    async chmod(mode) {
        await this.handle.chmod(mode);
    }
    async names() {
        return (0,promises_.readdir)(this.self);
    }
    async close() {
        await this.handle.close().catch(() => undefined);
    }
}
async function whyNot(abs, shown) {
    try {
        const st = await (0,promises_.lstat)(abs);
        if (st.isSymbolicLink())
            return `${shown} is a symbolic link (not followed)`;
        if (!st.isDirectory())
            return `${shown} is not a directory`;
        return `${shown} changed while it was opened`;
    }
    catch {
        return `${shown} could not be opened`;
    }
}
/** Fallback without /proc: the opened directory must still be what its full path names. */
async function sameAsPath(dir, abs) {
    try {
        const [opened, now] = await Promise.all([dir.stat(), (0,promises_.lstat)(abs)]);
        return !now.isSymbolicLink() && now.isDirectory() && now.dev === opened.dev && now.ino === opened.ino;
    }
    catch {
        return false;
    }
}
/**
 * Opens `anchor/segments…` as a directory, following no link below `anchor`. Missing steps are
 * created when `options.create` says so (each one owned by the identity, if given).
 */
async function walkDirs(anchor, segments, options = {}) {
    for (const segment of segments) {
        if (!isPlainName(segment))
            return { ok: false, missing: false, reason: `${JSON.stringify(segment)} is not a plain directory name` };
    }
    let dir;
    try {
        dir = await SafeDir.open(anchor, anchor, true);
    }
    catch (error) {
        const code = codeOf(error);
        return { ok: false, missing: code === "ENOENT", reason: `${anchor} ${code === "ENOENT" ? "does not exist" : `cannot be opened (${code})`}` };
    }
    let shown = anchor;
    for (const segment of segments) {
        const next = external_node_path_default().join(shown, segment);
        const entry = dir.entry(segment);
        let created = false;
        if (options.create) {
            try {
                await (0,promises_.mkdir)(entry, { mode: options.create.mode });
                created = true;
            }
            catch (error) {
                if (codeOf(error) !== "EEXIST") {
                    await dir.close();
                    return { ok: false, missing: false, reason: `${next} cannot be created (${codeOf(error)})` };
                }
            }
        }
        let child;
        try {
            child = await SafeDir.open(entry, next, false);
        }
        catch (error) {
            const missing = codeOf(error) === "ENOENT";
            const reason = missing ? `${next} does not exist` : await whyNot(entry, next);
            await dir.close();
            return { ok: false, missing, reason };
        }
        await dir.close();
        dir = child;
        shown = next;
        if (!procAvailable() && !(await sameAsPath(dir, next))) {
            await dir.close();
            return { ok: false, missing: false, reason: `${next} changed while it was opened (a symbolic link was swapped in)` };
        }
        if (created) {
            await dir.chmod(options.create.mode);
            if (options.create.identity)
                await dir.chown(options.create.identity);
        }
    }
    return { ok: true, dir };
}
/**
 * Opens the regular file `name` of `dir` for reading without following a link. Refused: links,
 * anything but a regular file, a file with more than one hard link (it could be another file's
 * name), and a file not owned by `owner` when one is given. The caller closes the handle.
 */
async function openFileIn(dir, name, owner) {
    const shown = external_node_path_default().join(dir.shown, name);
    let handle;
    try {
        handle = await (0,promises_.open)(dir.entry(name), external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
    }
    catch (error) {
        const code = codeOf(error);
        if (code === "ENOENT")
            return { status: "missing" };
        if (code === "ELOOP" || code === "EMLINK")
            return { status: "refused", reason: `${shown} is a symbolic link (not followed)` };
        return { status: "refused", reason: `${shown} cannot be opened (${code})` };
    }
    const refuse = async (reason) => {
        await handle.close().catch(() => undefined);
        return { status: "refused", reason };
    };
    const st = await handle.stat();
    if (!st.isFile())
        return refuse(`${shown} is not a regular file`);
    if (st.nlink !== 1)
        return refuse(`${shown} has ${st.nlink} hard links`);
    if (owner !== undefined && st.uid !== owner)
        return refuse(`${shown} is owned by uid ${st.uid}, not the agent's uid ${owner}`);
    if (!procAvailable()) {
        try {
            const now = await (0,promises_.lstat)(shown);
            if (now.isSymbolicLink() || now.dev !== st.dev || now.ino !== st.ino)
                return refuse(`${shown} changed while it was opened`);
        }
        catch {
            return refuse(`${shown} changed while it was opened`);
        }
    }
    return { status: "open", handle, size: st.size };
}
/**
 * Writes `data` as the file `name` of `dir`: a new temporary file (never following a link, never
 * reusing an existing name), owned by `identity` when given, renamed over `name` (a link there is
 * replaced, not followed).
 */
async function writeFileIn(dir, name, data, mode, identity) {
    const temp = `.${name}.${process.pid}.${Date.now().toString(36)}.tmp`;
    const flags = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW;
    const handle = await (0,promises_.open)(dir.entry(temp), flags, mode);
    try {
        await handle.writeFile(data);
        await handle.chmod(mode);
        if (identity)
            await handle.chown(identity.uid, identity.gid);
        await handle.sync();
    }
    catch (error) {
        await handle.close().catch(() => undefined);
        await (0,promises_.rm)(dir.entry(temp), { force: true }).catch(() => undefined);
        throw error;
    }
    await handle.close();
    try {
        await (0,promises_.rename)(dir.entry(temp), dir.entry(name));
    }
    catch (error) {
        await (0,promises_.rm)(dir.entry(temp), { force: true }).catch(() => undefined);
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/sessions/locate.ts
/**
 * Where each CLI keeps a session file, given the environment it runs with and its working
 * directory (checked against Claude Code 2.1.197 and codex-cli 0.171).
 *
 * Claude Code: `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<dir>/<session id>.jsonl`, where
 * `<dir>` is the real path of the working directory (symbolic links resolved) with every UTF-16
 * code unit other than A-Z, a-z, 0-9 replaced by `-`; a name longer than 200 characters is cut to
 * 200 and followed by `-` and the absolute value of the path's 32-bit string hash
 * (`h = h * 31 + code unit`, as a signed 32-bit integer) in base 36. On `--resume` Claude Code looks
 * in the directory of its current working directory (for long names also in every directory with
 * the same first 200 characters), so a session recorded in one working directory is put back under
 * the name of the new one.
 *
 * Codex: `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<id>.jsonl`;
 * `exec resume <id>` finds the file by its name anywhere under `sessions/`, from any working
 * directory.
 */




const SESSION_EXECUTORS = ["claude", "codex"];
function isSessionExecutor(id) {
    return SESSION_EXECUTORS.includes(id);
}
function absoluteOrNull(value) {
    return value && external_node_path_default().isAbsolute(value) ? external_node_path_default().resolve(value) : null;
}
/** The CLI's home for `env`, or a reason it cannot be known. */
function cliHome(executor, env) {
    const home = absoluteOrNull(env.HOME);
    const variable = executor === "claude" ? "CLAUDE_CONFIG_DIR" : "CODEX_HOME";
    const configured = env[variable];
    let dir;
    if (configured !== undefined && configured !== "") {
        const abs = absoluteOrNull(configured);
        if (!abs)
            return { error: `${variable} is not an absolute path (${JSON.stringify(configured)})` };
        dir = abs;
    }
    else {
        if (!home)
            return { error: `HOME is not set to an absolute path, and ${variable} is not set` };
        dir = external_node_path_default().join(home, executor === "claude" ? ".claude" : ".codex");
    }
    if (home && dir !== home && dir.startsWith(`${home}${(external_node_path_default()).sep}`)) {
        return { dir, anchor: home, steps: external_node_path_default().relative(home, dir).split((external_node_path_default()).sep) };
    }
    return { dir, anchor: dir, steps: [] };
}
/** The 32-bit string hash Claude Code uses for long project names. */
function stringHash32(text) {
    let h = 0;
    for (let i = 0; i < text.length; i++)
        h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    return h;
}
const CLAUDE_DIR_NAME_MAX = 200;
/** Claude Code's project directory name for a (real, absolute) working directory. */
function claudeProjectDirName(realCwd) {
    const name = realCwd.replace(/[^a-zA-Z0-9]/g, "-");
    if (name.length <= CLAUDE_DIR_NAME_MAX)
        return name;
    return `${name.slice(0, CLAUDE_DIR_NAME_MAX)}-${Math.abs(stringHash32(realCwd)).toString(36)}`;
}
/** The working directory as Claude Code sees it (symbolic links resolved; as given if that fails). */
async function realCwd(cwd) {
    try {
        return await (0,promises_.realpath)(cwd);
    }
    catch {
        return external_node_path_default().resolve(cwd);
    }
}
/** Steps below the CLI's home to Claude Code's session file for `cwd`. */
async function claudeSessionSteps(cwd, sessionId) {
    return ["projects", claudeProjectDirName(await realCwd(cwd)), `${sessionId}.jsonl`];
}
const CODEX_DATE_DIR = /^\d{2,4}$/;
/** Whether `name` is codex's rollout file name for `sessionId`. */
function isCodexRolloutName(name, sessionId) {
    return /^rollout-[0-9A-Za-z:.-]+\.jsonl$/.test(name) && name.toLowerCase().endsWith(`-${sessionId.toLowerCase()}.jsonl`);
}
/** A stored codex path below CODEX_HOME: `sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`, else null. */
function codexSessionSteps(homePath, sessionId) {
    const steps = homePath.split("/");
    if (steps.length !== 5 || steps[0] !== "sessions")
        return null;
    const [, y, m, d, name] = steps;
    if (!/^\d{4}$/.test(y) || !/^\d{2}$/.test(m) || !/^\d{2}$/.test(d))
        return null;
    return isCodexRolloutName(name, sessionId) ? steps : null;
}
function pad(n) {
    return String(n).padStart(2, "0");
}
/** Date directories (`YYYY/MM/DD`) to look in first: around the UUIDv7 time, local and UTC. */
function likelyDays(sessionId) {
    const time = uuidV7Time(sessionId);
    if (!time)
        return [];
    const out = [];
    for (const offset of [0, -1, 1]) {
        const t = new Date(time.getTime() + offset * 86_400_000);
        for (const day of [
            [String(t.getFullYear()), pad(t.getMonth() + 1), pad(t.getDate())],
            [String(t.getUTCFullYear()), pad(t.getUTCMonth() + 1), pad(t.getUTCDate())],
        ]) {
            if (!out.some((d) => d.join("/") === day.join("/")))
                out.push(day);
        }
    }
    return out;
}
async function namesOf(dir) {
    try {
        return await dir.names();
    }
    catch {
        return [];
    }
}
/**
 * Finds a session file of the CLI below its home, walking without following links; returns the
 * steps below the CLI's home, or null when there is none. Claude: the working directory's project
 * first, then every other project directory. Codex: the days around the id's time, then all days.
 */
async function findSessionSteps(executor, home, sessionId, cwd, exists) {
    if (executor === "claude") {
        const computed = await claudeSessionSteps(cwd, sessionId);
        if (await exists(computed))
            return computed;
        const projects = await walkDirs(home.anchor, [...home.steps, "projects"]);
        if (!projects.ok)
            return null;
        try {
            for (const name of (await namesOf(projects.dir)).sort()) {
                if (name === computed[1])
                    continue;
                const steps = ["projects", name, `${sessionId}.jsonl`];
                if (await exists(steps))
                    return steps;
            }
        }
        finally {
            await projects.dir.close();
        }
        return null;
    }
    const tried = new Set();
    const inDay = async (day) => {
        const key = day.join("/");
        if (tried.has(key))
            return null;
        tried.add(key);
        const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...day]);
        if (!walked.ok)
            return null;
        try {
            const name = (await namesOf(walked.dir)).find((n) => isCodexRolloutName(n, sessionId));
            return name ? ["sessions", ...day, name] : null;
        }
        finally {
            await walked.dir.close();
        }
    };
    for (const day of likelyDays(sessionId)) {
        const found = await inDay(day);
        if (found && (await exists(found)))
            return found;
    }
    // Every day, newest first.
    const list = async (steps) => {
        const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...steps]);
        if (!walked.ok)
            return [];
        try {
            return (await namesOf(walked.dir)).filter((n) => CODEX_DATE_DIR.test(n)).sort().reverse();
        }
        finally {
            await walked.dir.close();
        }
    };
    for (const y of await list([])) {
        for (const m of await list([y])) {
            for (const d of await list([y, m])) {
                const found = await inDay([y, m, d]);
                if (found && (await exists(found)))
                    return found;
            }
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/sessions/store.ts
/**
 * Saving a CLI's session file into the run state, and putting it back where the CLI will look for
 * it in a later attempt or job.
 *
 *   <destDir>/session.jsonl   a copy of the CLI's file
 *   <destDir>/session.json    the record (SessionRecordSchema): executor, id, where the file was
 *                             below the CLI's home, its size and sha256
 *
 * The CLI's file was written by the agent's process, possibly as another OS user who controls its
 * home: it is read without following any link below the home directory, only when it is a regular
 * file with a single link (owned by the agent's user when one is given) and not larger than the
 * cap. Putting it back writes below the (new) home the same way: directories are created or opened
 * without following links, and the file is written through a new temporary file renamed into place.
 * Neither function throws: what cannot be done is told to `onSkip` and the result is null.
 */







const SESSION_RECORD_FILE = "session.json";
const SESSION_COPY_FILE = "session.jsonl";
/** Session files larger than this are not saved. */
const DEFAULT_MAX_SESSION_BYTES = 64 * 1024 * 1024;
const MAX_RECORD_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;
const SessionRecordSchema = schemas/* object */.Ikc({
    version: schemas/* literal */.euz(1),
    executor: schemas/* enum */.k5n(SESSION_EXECUTORS),
    sessionId: schemas/* string */.YjP().refine(isSessionId, "a UUID"),
    /** Where the file was, relative to the CLI's home (forward slashes). */
    homePath: schemas/* string */.YjP()
        .min(1)
        .max(4096)
        .refine((p) => !p.startsWith("/") && !p.split("/").some((s) => s === "" || s === "." || s === ".." || s.includes("\0")), "a plain relative path"),
    /** The working directory the session was recorded in (Claude Code keys its files by it). */
    cwd: schemas/* string */.YjP().max(4096),
    bytes: schemas/* number */.aig().int().nonnegative(),
    sha256: schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/),
    savedAt: schemas/* string */.YjP(),
    /** Secrets in the copy were replaced (an uploaded state); bytes and sha256 are the redacted copy's. */
    redacted: schemas/* boolean */.zMY().optional(),
})
    .strict();
function message(error) {
    return error instanceof Error ? error.message : String(error);
}
function sha256(data) {
    return (0,external_node_crypto_.createHash)("sha256").update(data).digest("hex");
}
/** Reads the regular file `steps` below the CLI's home without following links; null if missing. */
async function readBelow(home, steps, options) {
    const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)]);
    if (!walked.ok)
        return walked.missing ? { missing: true } : { refused: walked.reason };
    try {
        const opened = await openFileIn(walked.dir, steps[steps.length - 1], options.owner);
        if (opened.status === "missing")
            return { missing: true };
        if (opened.status === "refused")
            return { refused: opened.reason };
        try {
            if (opened.size > options.maxBytes) {
                return { refused: `the session file has ${opened.size} bytes, more than the ${options.maxBytes} kept` };
            }
            // Read at most one byte past the cap: a file still growing is refused, never read unbounded.
            const chunks = [];
            let total = 0;
            for (;;) {
                const buffer = Buffer.alloc(Math.min(READ_CHUNK, options.maxBytes + 1 - total));
                const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, total);
                if (bytesRead === 0)
                    break;
                chunks.push(buffer.subarray(0, bytesRead));
                total += bytesRead;
                if (total > options.maxBytes)
                    return { refused: `the session file grew past the ${options.maxBytes} bytes kept` };
            }
            return { data: Buffer.concat(chunks) };
        }
        finally {
            await opened.handle.close();
        }
    }
    finally {
        await walked.dir.close();
    }
}
async function writeAtomic(file, data) {
    const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
    try {
        await external_node_fs_.promises.writeFile(temp, data, { flag: "wx", mode: 0o600 });
        await external_node_fs_.promises.rename(temp, file);
    }
    catch (error) {
        await external_node_fs_.promises.rm(temp, { force: true });
        throw error;
    }
}
/**
 * Copies the CLI's session file `sessionId` into `destDir` with its record. Returns null (and tells
 * `onSkip` why) when the executor keeps no session file, the file is missing, refused or too large.
 */
async function saveSession(input) {
    const skip = (reason) => {
        input.onSkip?.(reason);
        return null;
    };
    try {
        const executor = input.executorId;
        if (!isSessionExecutor(executor))
            return skip(`the ${executor} executor keeps no session file`);
        if (!isSessionId(input.sessionId))
            return skip(`${JSON.stringify(input.sessionId)} is not a session id`);
        const home = cliHome(executor, input.env);
        if ("error" in home)
            return skip(home.error);
        const maxBytes = input.maxBytes ?? DEFAULT_MAX_SESSION_BYTES;
        const owner = input.identity?.uid;
        // The first file found ends the search, whether it can be read or is refused.
        const found = { data: null, refusal: null };
        const exists = async (steps) => {
            const read = await readBelow(home, steps, { owner, maxBytes });
            if ("missing" in read)
                return false;
            if ("refused" in read)
                found.refusal = `${steps.join("/")}: ${read.refused}`;
            else
                found.data = read.data;
            return true;
        };
        const steps = await findSessionSteps(executor, home, input.sessionId, input.cwd, exists);
        if (steps === null)
            return skip(`no session file for ${input.sessionId} below ${home.dir}`);
        const content = found.data;
        if (content === null)
            return skip(found.refusal ?? `the session file ${steps.join("/")} could not be read`);
        const record = {
            version: 1,
            executor,
            sessionId: input.sessionId.toLowerCase(),
            homePath: steps.join("/"),
            cwd: input.cwd,
            bytes: content.length,
            sha256: sha256(content),
            savedAt: (input.now ?? (() => new Date()))().toISOString(),
        };
        await external_node_fs_.promises.mkdir(input.destDir, { recursive: true, mode: 0o700 });
        const file = external_node_path_default().join(input.destDir, SESSION_COPY_FILE);
        await writeAtomic(file, content);
        await writeAtomic(external_node_path_default().join(input.destDir, SESSION_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
        return { record, dir: input.destDir, file };
    }
    catch (error) {
        return skip(`saving the session failed: ${message(error)}`);
    }
}
/** Reads a regular, unlinked file of the saved directory up to `max` bytes; a reason otherwise. */
async function readSaved(file, max) {
    let st;
    try {
        st = await external_node_fs_.promises.lstat(file);
    }
    catch {
        return `${external_node_path_default().basename(file)} is missing`;
    }
    if (!st.isFile())
        return `${external_node_path_default().basename(file)} is not a regular file`;
    if (st.size > max)
        return `${external_node_path_default().basename(file)} has ${st.size} bytes, more than ${max}`;
    const handle = await external_node_fs_.promises.open(file, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    try {
        return await handle.readFile();
    }
    finally {
        await handle.close();
    }
}
/** Creates `dir` and its missing parents, giving the ones created to `identity`. */
async function ensureAnchor(dir, identity) {
    const created = await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    if (created === undefined || !identity)
        return;
    for (let d = dir;; d = external_node_path_default().dirname(d)) {
        await external_node_fs_.promises.chown(d, identity.uid, identity.gid);
        if (d === created || external_node_path_default().dirname(d) === d)
            break;
    }
}
/**
 * Puts a saved session back where the CLI looks for it given `env` and `cwd`, and returns its id;
 * null (with the reason told to `onSkip`) for a missing, malformed or altered record or copy, or
 * when the target cannot be written without following a link. An identical file already in place
 * is left as it is.
 */
async function restoreSession(input) {
    const skip = (reason) => {
        input.onSkip?.(reason);
        return null;
    };
    try {
        const recordText = await readSaved(external_node_path_default().join(input.savedDir, SESSION_RECORD_FILE), MAX_RECORD_BYTES);
        if (typeof recordText === "string")
            return skip(recordText);
        let raw;
        try {
            raw = JSON.parse(recordText.toString("utf8"));
        }
        catch {
            return skip(`${SESSION_RECORD_FILE} is not JSON`);
        }
        const parsed = SessionRecordSchema.safeParse(raw);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return skip(`${SESSION_RECORD_FILE} is not a session record (${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid"})`);
        }
        const record = parsed.data;
        const maxBytes = input.maxBytes ?? DEFAULT_MAX_SESSION_BYTES;
        if (record.bytes > maxBytes)
            return skip(`the saved session has ${record.bytes} bytes, more than the ${maxBytes} allowed`);
        const data = await readSaved(external_node_path_default().join(input.savedDir, SESSION_COPY_FILE), maxBytes);
        if (typeof data === "string")
            return skip(data);
        if (data.length !== record.bytes || sha256(data) !== record.sha256) {
            return skip(`${SESSION_COPY_FILE} does not match its record (size or sha256 differs): it was changed after it was saved`);
        }
        const steps = record.executor === "claude"
            ? await claudeSessionSteps(input.cwd, record.sessionId)
            : codexSessionSteps(record.homePath, record.sessionId);
        if (steps === null)
            return skip(`the recorded path ${JSON.stringify(record.homePath)} is not a ${record.executor} session file`);
        const home = cliHome(record.executor, input.env);
        if ("error" in home)
            return skip(home.error);
        await ensureAnchor(home.anchor, input.identity);
        const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)], {
            create: { mode: 0o700, identity: input.identity },
        });
        if (!walked.ok)
            return skip(`the session cannot be put back: ${walked.reason}`);
        const name = steps[steps.length - 1];
        const file = external_node_path_default().join(home.dir, ...steps);
        try {
            const existing = await openFileIn(walked.dir, name);
            if (existing.status === "open") {
                let same = false;
                try {
                    same = existing.size === data.length && sha256(await existing.handle.readFile()) === record.sha256;
                }
                finally {
                    await existing.handle.close();
                }
                if (same)
                    return { executor: record.executor, sessionId: record.sessionId, file, written: false };
            }
            await writeFileIn(walked.dir, name, data, 0o600, input.identity);
        }
        finally {
            await walked.dir.close();
        }
        return { executor: record.executor, sessionId: record.sessionId, file, written: true };
    }
    catch (error) {
        return skip(`restoring the session failed: ${message(error)}`);
    }
}
/**
 * Re-seals a saved session whose copy was redacted (the uploaded state): its record then describes
 * the redacted copy, which is what a later run puts back. False when the directory holds no valid
 * record (nothing is changed then).
 */
async function resealRedactedSession(savedDir) {
    try {
        const record = SessionRecordSchema.safeParse(JSON.parse(await fs.readFile(path.join(savedDir, SESSION_RECORD_FILE), "utf8")));
        if (!record.success)
            return false;
        const data = await readSaved(path.join(savedDir, SESSION_COPY_FILE), Number.MAX_SAFE_INTEGER);
        if (typeof data === "string")
            return false;
        const sealed = { ...record.data, bytes: data.length, sha256: sha256(data), redacted: true };
        await fs.writeFile(path.join(savedDir, SESSION_RECORD_FILE), `${JSON.stringify(sealed, null, 2)}\n`);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/sessions/support.ts
function sessionSupport(executor) {
    switch (executor.id) {
        case "claude":
            return {
                resumable: true,
                presetId: true,
                reason: "Claude Code continues a session with --resume <id>; it is one file under its projects directory.",
            };
        case "codex":
            if (executor.codex.ephemeral === true) {
                return {
                    resumable: false,
                    presetId: false,
                    reason: "codex.ephemeral is set: codex keeps no session file, so there is nothing to resume.",
                };
            }
            return {
                resumable: true,
                presetId: false,
                reason: "codex continues a session with `exec … resume <id>`; it is one rollout file under its sessions directory.",
            };
        case "opencode":
            return {
                resumable: false,
                presetId: false,
                reason: "OpenCode keeps every session in one SQLite database in its data directory (opencode.db), not in a file per session, so a session cannot be saved with the run state and put back.",
            };
        case "local":
            return { resumable: false, presetId: false, reason: "The built-in local executor has no model session; it simply runs again." };
        case "command":
            return { resumable: false, presetId: false, reason: "A command executor has no session the harness knows of; it runs again." };
    }
}

;// CONCATENATED MODULE: ./src/sessions/index.ts
/**
 * Continuing a CLI's own session after an interruption: which executors can (support.ts), their
 * session ids (ids.ts), where the session files live (locate.ts), saving them into the run state
 * and putting them back (store.ts), and the short prompt a resumed session gets
 * (continue-prompt.ts). The launch argv for a resume is built by the executors from
 * `ExecutorContext.session`.
 */






;// CONCATENATED MODULE: ./src/engine/session-resume.ts
/**
 * Continuing an interrupted agent's own CLI session when it runs again (in-job retry or a later
 * run resuming from the state): which earlier run it continues and why it was stopped (pure), and
 * the session request its launch gets.
 */


/** Where an agent's saved session lives in its run directory. */
const SESSION_DIR = "session";
function sessionDirOf(agentDir) {
    return external_node_path_default().join(agentDir, SESSION_DIR);
}
/** Whether a run ended by an interruption its next run may continue (see interruptionOf). */
function wasInterrupted(run) {
    return INTERRUPTED.has(run.status) || run.statusCode === "rate-limited";
}
const INTERRUPTED = new Set(["timed-out", "idle-timeout", "budget-exceeded"]);
/**
 * Why the earlier run was interrupted — a deadline, no output, a rate limit, a budget — or null
 * when it ended otherwise (a failure is not continued: the next run starts over).
 */
function interruptionOf(run, limits) {
    if (!wasInterrupted(run))
        return null;
    if (run.status === "timed-out")
        return { kind: "timeout", minutes: limits.timeoutMinutes };
    if (run.status === "idle-timeout")
        return { kind: "idle-timeout", minutes: limits.idleMinutes ?? 0 };
    if (run.status === "budget-exceeded")
        return { kind: "budget", usd: limits.budgetUsd };
    return { kind: "rate-limit" };
}
/** The session request of one launch (the caller restores `continueFrom` and sets `resumeId`). */
function planSession(input) {
    const support = sessionSupport({ ...input.executor, id: input.executorId });
    if (!support.resumable)
        return null;
    const persist = input.resumeSessions;
    // No preset id (claude --session-id): the runtime starts the same argv again after a rate limit,
    // and a second process may not take an id that is in use. The id comes from the CLI's first
    // event instead (claude stream-json `system`/`init`, codex `thread.started`).
    const request = { persist, resumeId: null, newId: null };
    const sameCli = input.earlier !== null && input.earlier.executor === input.executorId;
    const continueFrom = persist && sameCli && input.reason && input.earlier ? { savedDir: sessionDirOf(input.earlier.agentDir), reason: input.reason } : null;
    return { request, continueFrom };
}

;// CONCATENATED MODULE: ./src/security/env.ts
/**
 * The environment an agent process gets: never the runner's whole environment, only
 *   1. a base allow-list of harmless variables (PATH, HOME, locale, CI/GitHub context, proxies),
 *   2. the secret variables its executor declares (API keys),
 *   3. the names the config or wave file allow-lists (`env`, exact names or `PREFIX_*`),
 *   4. the variables its executor sets (non-secret settings),
 *   5. the WAVE_* variables (last, so nothing can override them).
 * Runner credentials, runner file-command channels and action inputs are never passed, whatever is
 * asked; GITHUB_TOKEN / GH_TOKEN only with `allowGithubToken`.
 */

/** Harmless variables passed through when set in the parent. NODE_OPTIONS is deliberately absent. */
const BASE_ENV_NAMES = [
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "SHELL",
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TMPDIR",
    "TMP",
    "TEMP",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "CI",
    "GITHUB_ACTIONS",
    "GITHUB_WORKSPACE",
    "GITHUB_REPOSITORY",
    "GITHUB_REPOSITORY_OWNER",
    "GITHUB_SHA",
    "GITHUB_REF",
    "GITHUB_REF_NAME",
    "GITHUB_HEAD_REF",
    "GITHUB_BASE_REF",
    "GITHUB_RUN_ID",
    "GITHUB_RUN_NUMBER",
    "GITHUB_RUN_ATTEMPT",
    "GITHUB_JOB",
    "GITHUB_WORKFLOW",
    "GITHUB_EVENT_NAME",
    "GITHUB_ACTOR",
    "GITHUB_SERVER_URL",
    "GITHUB_API_URL",
    "GITHUB_GRAPHQL_URL",
    "RUNNER_OS",
    "RUNNER_ARCH",
    "RUNNER_TEMP",
    "RUNNER_TOOL_CACHE",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "NO_PROXY",
    "NODE_EXTRA_CA_CERTS",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
];
/** Prefixes of harmless variables (locale categories). */
const BASE_ENV_PREFIXES = ["LC_"];
/** The runner's own credentials and service endpoints: never given to an agent. */
const RUNNER_CREDENTIAL_NAMES = [
    "ACTIONS_RUNTIME_TOKEN",
    "ACTIONS_RUNTIME_URL",
    "ACTIONS_RESULTS_URL",
    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_URL",
    "ACTIONS_CACHE_URL",
    "ACTIONS_CACHE_SERVICE_V2",
];
/**
 * Name prefixes that are never given to an agent: runner credential families, action inputs
 * (`INPUT_GITHUB-TOKEN` holds the token, `INPUT_REDACT` the secret list) and post-step state.
 */
const DENIED_ENV_PREFIXES = [
    "ACTIONS_RUNTIME_",
    "ACTIONS_RESULTS_",
    "ACTIONS_ID_TOKEN_",
    "ACTIONS_CACHE_",
    "INPUT_",
    "STATE_",
];
/**
 * The runner's file-command channels: a process that can write to them sets environment variables,
 * outputs or PATH entries for the later steps of the job. Never given to an agent.
 */
const RUNNER_FILE_COMMAND_NAMES = [
    "GITHUB_ENV",
    "GITHUB_OUTPUT",
    "GITHUB_PATH",
    "GITHUB_STATE",
    "GITHUB_STEP_SUMMARY",
];
/** Passed only when the run opts in (`allowGithubToken`). */
const GITHUB_TOKEN_NAMES = ["GITHUB_TOKEN", "GH_TOKEN"];
/** Why `name` may never reach an agent (null = it may, if selected). */
function deniedReason(name, allowGithubToken) {
    const upper = name.toUpperCase();
    if (RUNNER_CREDENTIAL_NAMES.includes(upper))
        return "runner-credential";
    if (DENIED_ENV_PREFIXES.some((p) => upper.startsWith(p)))
        return "runner-credential";
    if (RUNNER_FILE_COMMAND_NAMES.includes(upper))
        return "runner-file-command";
    if (!allowGithubToken && GITHUB_TOKEN_NAMES.includes(upper))
        return "github-token-not-allowed";
    return null;
}
const ALLOW_ENTRY = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;
/** Checks allow-list entries: exact names or `PREFIX*` (a bare `*` is refused). */
function parseAllowList(entries, label = "env") {
    const names = new Set();
    const prefixes = [];
    for (const raw of entries) {
        const entry = raw.trim();
        if (!ALLOW_ENTRY.test(entry)) {
            throw new src_errors/* UserError */.yo(`${label}: "${raw}" is not an environment variable name (letters, digits, _; optionally ending in * for a prefix)`);
        }
        if (entry.endsWith("*"))
            prefixes.push(entry.slice(0, -1));
        else
            names.add(entry);
    }
    return { names, prefixes };
}
/** Builds the minimal agent environment (see the module comment). */
function buildAgentEnv(options) {
    const allowGithubToken = options.allowGithubToken ?? false;
    const parent = options.parentEnv;
    const env = {};
    const refused = new Set();
    const admit = (name, value, explicit) => {
        if (value === undefined)
            return;
        const reason = deniedReason(name, allowGithubToken);
        if (reason) {
            if (explicit && !refused.has(name)) {
                refused.add(name);
                options.onDenied?.(name, reason);
            }
            return;
        }
        env[name] = value;
    };
    for (const [name, value] of Object.entries(parent)) {
        if (BASE_ENV_NAMES.includes(name) || BASE_ENV_PREFIXES.some((p) => name.startsWith(p))) {
            admit(name, value, false);
        }
    }
    for (const name of options.secretEnvKeys ?? [])
        admit(name, parent[name], true);
    const allow = parseAllowList(options.allowList ?? [], options.allowListLabel);
    for (const name of allow.names)
        admit(name, parent[name], true);
    if (allow.prefixes.length > 0) {
        for (const [name, value] of Object.entries(parent)) {
            if (allow.prefixes.some((p) => name.startsWith(p)))
                admit(name, value, true);
        }
    }
    if (allowGithubToken) {
        for (const name of GITHUB_TOKEN_NAMES)
            admit(name, parent[name], false);
    }
    for (const [name, value] of Object.entries(options.executorEnv ?? {}))
        admit(name, value, true);
    for (const [name, value] of Object.entries(options.waveVars ?? {}))
        admit(name, value, true);
    return env;
}

// EXTERNAL MODULE: ./src/signals/grammar.ts
var grammar = __webpack_require__(8404);
// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(6193);
// EXTERNAL MODULE: ./src/signals/lines.ts
var lines = __webpack_require__(1446);
// EXTERNAL MODULE: ./src/signals/transcript.ts + 1 modules
var transcript = __webpack_require__(6769);
;// CONCATENATED MODULE: ./src/signals/parser.ts
/**
 * Streaming marker parser. Feed an agent's output as it is written (`push`), then `end()`; the
 * result holds the last accepted marker of each kind, the last per component id, every gap, and
 * diagnostics for rejected marker lines. Memory is bounded: a line longer than `maxLineLength`
 * characters is ignored (counted, one diagnostic), fence buffers are capped, only a few
 * diagnostic samples per kind are kept, and at most 1000 gaps / component ids (the newest). The
 * log is never re-read.
 *
 * Fences (```` ``` ```` / `~~~`): a fence that holds only marker lines (and blank lines) counts — the
 * agent printed its markers in a code block. A marker inside a fence that also holds any other
 * text does not count ("inside mixed fence"). A fence still open at the end of the output (or at
 * the end of one JSON text blob) does not count either ("inside unterminated fence"); the
 * reference accepted those lines, which let quoted text leak in.
 *
 * Where markers are read from depends on the stream's transcript format (see transcript.ts): for a
 * JSON transcript (`codex-json`, `claude-stream-json`, `claude-json`, `opencode-json`) only the
 * agent's own assistant messages count and every other line — tool output, stderr noise, lines
 * that are not JSON — is ignored. In `text` format (plain-text agents) every line outside a fence
 * can be a marker, except a line that is an event of a known JSON transcript: that line is read
 * by its transcript's rules (assistant messages only) and never as plain text. Each assistant text
 * is scanned as its own markdown document, with the JSON line's number as line number.
 */




const DEFAULT_MAX_LINE_LENGTH = 256 * 1024;
const MAX_MARKER_LENGTH = 16 * 1024;
const MAX_FENCE_CANDIDATES = 256;
const MAX_GAPS = 1000;
const MAX_COMPONENTS = 1000;
const SAMPLE_TEXT_CHARS = 4096;
/**
 * What a transcript event must contain to be worth parsing: a marker tag, a termination fact, a
 * claude assistant message (it decides whether a later `result` counts in `text` format), or usage
 * figures and session ids (claude `system`/`result`, codex `thread.started`/`turn.completed`,
 * opencode `step_finish`). Tool calls and their output — most of a transcript — are none of these.
 */
const JSON_INTEREST_RE = /\[(?:wave-|deploy-status|infra-status)|Reached max|error_max_turns|turn\.failed|"type":\s*"(?:error|assistant|result|system|thread\.started|turn\.completed|step_finish)"/i;
const SINGLE_FIELD = {
    proof: "proof",
    "doc-delta": "docDelta",
    "doc-closure": "docClosure",
    integration: "integration",
    eval: "eval",
    security: "security",
    design: "design",
    gate: "gate",
    verdict: "logVerdict",
    phase: "phase",
    "deploy-status": "deployStatus",
    "infra-status": "infraStatus",
};
const newDoc = () => ({ fence: null, pending: [], mixed: false });
function maskNonce(text) {
    return text.replace(/(^|\s)nonce=\S*/gi, "$1nonce=***");
}
class StreamingSignalParser {
    nonce;
    maxLine;
    maxSamples;
    // Stryker disable next-line StringLiteral: an empty encoding is utf8 too (the default)
    decoder = new external_node_string_decoder_.StringDecoder("utf8");
    // line assembly
    parts = [];
    partLength = 0;
    skipping = false;
    // Stryker disable next-line StringLiteral: set whenever skipping starts, read only while skipping
    skippedHead = "";
    lineNo = 0;
    bytes = 0;
    oversized = 0;
    ended = false;
    // documents
    top = newDoc();
    transcript;
    onUsage;
    transcriptState = (0,transcript/* newTranscriptState */.uc)();
    // results
    single = {};
    components = new Map();
    gaps = [];
    counts = new Map();
    samples = new Map();
    turnLimitReached = false;
    observedTurnLimit = null;
    lastError = null;
    constructor(options) {
        this.nonce = options.nonce ? options.nonce : null;
        this.maxLine = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
        this.maxSamples = options.maxSamplesPerKind ?? 5;
        this.transcript = options.transcript ?? "text";
        this.onUsage = options.onUsage ?? null;
    }
    push(chunk) {
        if (this.ended)
            return;
        let text;
        if (typeof chunk === "string") {
            text = this.decoder.end() + chunk;
            this.bytes += Buffer.byteLength(chunk);
        }
        else {
            text = this.decoder.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
            this.bytes += chunk.byteLength;
        }
        let start = 0;
        for (;;) {
            const nl = text.indexOf("\n", start);
            if (nl === -1) {
                this.appendPartial(text, start);
                return;
            }
            this.completeLine(text, start, nl);
            start = nl + 1;
        }
    }
    end() {
        // Stryker disable next-line ConditionalExpression: a second end() finds nothing left (the decoder is empty, no partial line, the document closed) and pushes after end() are ignored
        if (this.ended)
            return;
        const rest = this.decoder.end();
        // Stryker disable next-line ConditionalExpression: appendPartial ignores an empty text
        if (rest)
            this.appendPartial(rest, 0);
        // Stryker disable next-line StringLiteral: an empty slice of the text is read either way (from = to = 0)
        if (this.skipping || this.partLength > 0)
            this.completeLine("", 0, 0);
        this.closeDoc(this.top);
        this.ended = true;
    }
    result() {
        const counts = {};
        for (const [kind, count] of this.counts)
            counts[kind] = { ...count };
        const diagnostics = [...this.samples.values()].flat().sort((a, b) => a.line - b.line);
        const single = this.single;
        const get = (field) => single[field] ?? null;
        return {
            proof: get("proof"),
            docDelta: get("docDelta"),
            docClosure: get("docClosure"),
            integration: get("integration"),
            eval: get("eval"),
            security: get("security"),
            design: get("design"),
            gate: get("gate"),
            components: [...this.components.values()].map((c) => ({ ...c })),
            gaps: this.gaps.map((g) => ({ ...g })),
            logVerdict: get("logVerdict"),
            phase: get("phase"),
            deployStatus: get("deployStatus"),
            infraStatus: get("infraStatus"),
            counts,
            diagnostics: diagnostics.map((d) => ({ ...d })),
            termination: {
                turnLimitReached: this.turnLimitReached,
                observedTurnLimit: this.observedTurnLimit,
                lastError: this.lastError,
            },
            stats: { lines: this.lineNo, bytes: this.bytes, oversizedLines: this.oversized },
        };
    }
    /* ---------------------------------------------------------------- line assembly */
    appendPartial(text, from) {
        const length = text.length - from;
        if (length === 0 || this.skipping)
            return;
        // Stryker disable next-line ArithmeticOperator,BlockStatement,ConditionalExpression: bounds memory only; completeLine drops the same line with the same head
        if (this.partLength + length > this.maxLine) {
            this.skippedHead = this.headOf(text, from);
            this.parts = [];
            this.partLength = 0;
            this.skipping = true;
            return;
        }
        // Stryker disable next-line ConditionalExpression: text.slice(0) is text (the test only saves a copy)
        this.parts.push(from === 0 ? text : text.slice(from));
        this.partLength += length;
    }
    completeLine(text, from, to) {
        this.lineNo++;
        if (this.skipping) {
            this.skipping = false;
            this.noteOversized(this.skippedHead);
            return;
        }
        let line;
        // Stryker disable next-line ConditionalExpression,EqualityOperator: with nothing pending both branches drop the same over-long line with the same head and read the same text
        if (this.partLength > 0) {
            // Stryker disable next-line ArithmeticOperator: from is 0 whenever a partial line is pending (the first line of a push)
            if (this.partLength + (to - from) > this.maxLine) {
                const head = this.headOf(text, from);
                this.parts = [];
                this.partLength = 0;
                this.noteOversized(head);
                return;
            }
            this.parts.push(text.slice(from, to));
            line = this.parts.join("");
            this.parts = [];
            this.partLength = 0;
        }
        else {
            if (to - from > this.maxLine) {
                this.noteOversized(this.headOf(text, from));
                return;
            }
            line = text.slice(from, to);
        }
        this.topLine(line);
    }
    /** The first characters of an oversized line (same whatever the chunking: the line has > maxLine). */
    headOf(text, from) {
        const n = Math.min(SAMPLE_TEXT_CHARS, this.maxLine);
        return (this.parts.join("") + text.slice(from, from + n)).slice(0, n);
    }
    noteOversized(head) {
        this.oversized++;
        this.diagnose("log", (0,lines/* cleanLine */.Ow)(head), `line longer than ${this.maxLine} characters ignored`, "error");
    }
    /* ---------------------------------------------------------------- documents */
    topLine(raw) {
        const line = (0,lines/* cleanLine */.Ow)(raw);
        const trimmed = line.trim();
        if (this.transcript !== "text") {
            // A JSON transcript: only its own events count; any other line is not the agent's message.
            // A line without a marker tag or a termination fact changes nothing, so it is not parsed.
            // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: such a line is no JSON event, or one that yields no marker, termination fact or usage
            if (trimmed.charCodeAt(0) !== 123 || !JSON_INTEREST_RE.test(trimmed))
                return;
            const event = (0,transcript/* parseJsonLine */.wz)(trimmed);
            if (event)
                this.handleEvent(event);
            return;
        }
        if (this.top.fence === null && trimmed.charCodeAt(0) === 123) {
            // Outside a fence, a `{…}` line without anything of interest changes nothing whether or not
            // it is JSON; skipping JSON.parse for it keeps transcripts cheap.
            // Stryker disable next-line ConditionalExpression: a fast path: outside a fence a `{` line without a marker tag or termination fact is neither a marker nor a fence
            if (!JSON_INTEREST_RE.test(trimmed))
                return;
            const event = (0,transcript/* parseJsonLine */.wz)(trimmed);
            if (event && this.handleEvent(event))
                return;
        }
        this.noteTermination(line);
        this.docLine(this.top, trimmed);
    }
    /** Reads a transcript event; false when it is none the stream's format accepts. */
    handleEvent(event) {
        // Stryker disable next-line ConditionalExpression: usage facts nobody listens for are computed and dropped (the listener check below)
        const facts = (0,transcript/* readTranscriptEvent */.Pt)(event, this.transcript, this.transcriptState, this.onUsage !== null);
        if (facts === null)
            return false;
        if (facts.maxTurns) {
            this.turnLimitReached = true;
            if (facts.turnLimit !== null)
                this.observedTurnLimit = facts.turnLimit;
        }
        if (facts.error !== null)
            this.lastError = facts.error.slice(0, 500);
        // Stryker disable next-line ConditionalExpression: without a listener no usage facts are read (the flag above)
        if (this.onUsage)
            for (const fact of facts.usage)
                this.onUsage(fact);
        for (const text of facts.texts)
            this.scanText(text);
        return true;
    }
    /** Scans one assistant message text as a markdown document of its own (fences end with it). */
    scanText(text) {
        const doc = newDoc();
        let start = 0;
        // Stryker disable next-line EqualityOperator: the extra turn reads an empty last line, which changes nothing
        while (start <= text.length) {
            let nl = text.indexOf("\n", start);
            if (nl === -1)
                nl = text.length;
            const line = (0,lines/* cleanLine */.Ow)(text.slice(start, nl));
            start = nl + 1;
            this.docLine(doc, line.trim());
        }
        this.closeDoc(doc);
    }
    docLine(doc, trimmed) {
        if (trimmed.length === 0)
            return;
        const first = trimmed.charCodeAt(0);
        // Stryker disable next-line ConditionalExpression: a fast path: fenceInfo finds no fence in a line that starts with neither ` nor ~
        if (first === 96 || first === 126) {
            const fence = (0,lines/* fenceInfo */.s4)(trimmed);
            if (fence) {
                if (doc.fence === null) {
                    doc.fence = fence;
                    return;
                }
                if (fence.bare && fence.char === doc.fence.char && fence.length >= doc.fence.length) {
                    this.commitFence(doc);
                    return;
                }
                doc.mixed = true;
                return;
            }
        }
        const cand = (0,lines/* markerCandidate */.o$)(trimmed);
        if (doc.fence !== null) {
            if (cand === null) {
                doc.mixed = true;
            }
            else if (doc.pending.length >= MAX_FENCE_CANDIDATES) {
                doc.mixed = true;
                this.rejectCandidate(cand, trimmed, "inside mixed fence");
            }
            else {
                // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: the cut bounds memory only; a line over the cap is rejected and sampled the same either way
                doc.pending.push({ cand, line: this.lineNo, text: trimmed.length > MAX_MARKER_LENGTH ? trimmed.slice(0, MAX_MARKER_LENGTH + 1) : trimmed });
            }
            return;
        }
        if (cand !== null)
            this.acceptCandidate(cand, trimmed, this.lineNo);
    }
    commitFence(doc) {
        const pending = doc.pending;
        const mixed = doc.mixed;
        doc.fence = null;
        doc.pending = [];
        doc.mixed = false;
        for (const p of pending) {
            if (mixed)
                this.rejectCandidate(p.cand, p.text, "inside mixed fence", p.line);
            else
                this.acceptCandidate(p.cand, p.text, p.line);
        }
    }
    closeDoc(doc) {
        // Stryker disable next-line ConditionalExpression: outside a fence nothing is pending and the reset below changes nothing
        if (doc.fence === null)
            return;
        for (const p of doc.pending)
            this.rejectCandidate(p.cand, p.text, "inside unterminated fence", p.line);
        doc.fence = null;
        // Stryker disable next-line ArrayDeclaration: a closed document reads no more lines (the end of the stream or of a message)
        doc.pending = [];
        // Stryker disable next-line BooleanLiteral: a closed document reads no more lines (the end of the stream or of a message)
        doc.mixed = false;
    }
    noteTermination(line) {
        const limit = (0,lines/* turnLimitIn */.Oz)(line);
        if (limit !== null) {
            this.turnLimitReached = true;
            this.observedTurnLimit = limit;
        }
    }
    /* ---------------------------------------------------------------- markers */
    kindOf(cand) {
        return grammar/* SPEC_BY_TAG */.dq.get(cand.tag) ?? null;
    }
    rejectCandidate(cand, text, reason, line = this.lineNo) {
        const spec = this.kindOf(cand);
        if (!spec) {
            this.diagnose("unknown", text, `unknown marker [${cand.tag}]`, "warning", line);
            return;
        }
        const count = this.count(spec.kind);
        count.seen++;
        count.rejected++;
        this.diagnose(spec.kind, text, reason, "error", line);
    }
    acceptCandidate(cand, text, line) {
        const spec = this.kindOf(cand);
        if (!spec) {
            this.diagnose("unknown", text, `unknown marker [${cand.tag}]`, "warning", line);
            return;
        }
        const count = this.count(spec.kind);
        count.seen++;
        if (cand.malformedTag) {
            count.rejected++;
            this.diagnose(spec.kind, text, `malformed tag (write [${spec.tag}] followed by a space)`, "error", line);
            return;
        }
        if (text.length > MAX_MARKER_LENGTH) {
            count.rejected++;
            this.diagnose(spec.kind, text, `marker line longer than ${MAX_MARKER_LENGTH} characters`, "error", line);
            return;
        }
        const parsed = (0,grammar/* parseMarkerBody */.e$)(spec, cand.body, this.nonce);
        if (!parsed.ok) {
            count.rejected++;
            this.diagnose(spec.kind, text, parsed.reason, "error", line, parsed.componentId);
            return;
        }
        count.accepted++;
        if (parsed.warnings.length > 0) {
            count.warnings++;
            this.diagnose(spec.kind, text, parsed.warnings.join("; "), "warning", line);
        }
        parsed.values.line = line;
        this.store(spec.kind, parsed.values);
    }
    store(kind, marker) {
        if (kind === "component") {
            const component = marker;
            this.components.delete(component.componentId);
            this.components.set(component.componentId, component);
            if (this.components.size > MAX_COMPONENTS)
                this.components.delete(this.components.keys().next().value);
            return;
        }
        if (kind === "gap") {
            this.gaps.push(marker);
            if (this.gaps.length > MAX_GAPS)
                this.gaps.shift();
            return;
        }
        const field = SINGLE_FIELD[kind];
        // Stryker disable next-line ConditionalExpression: every kind that reaches this line has a field (multi-valued kinds returned above)
        if (field)
            this.single[field] = marker;
    }
    count(kind) {
        let count = this.counts.get(kind);
        if (!count) {
            count = { seen: 0, accepted: 0, rejected: 0, warnings: 0 };
            this.counts.set(kind, count);
        }
        return count;
    }
    diagnose(kind, text, reason, severity, line = this.lineNo, componentId) {
        let list = this.samples.get(kind);
        if (!list) {
            list = [];
            this.samples.set(kind, list);
        }
        const shown = maskNonce(text.length > SAMPLE_TEXT_CHARS ? `${text.slice(0, SAMPLE_TEXT_CHARS)}…` : text);
        const diagnostic = { kind, line, text: shown, reason, severity };
        if (componentId !== undefined)
            diagnostic.componentId = componentId;
        list.push(diagnostic);
        if (list.length > this.maxSamples)
            list.shift();
    }
}
/** Creates a streaming marker parser (one per agent output). */
function createSignalParser(options = {}) {
    return new StreamingSignalParser(options);
}
/** Parses a whole text or buffer at once. */
function parseSignals(input, options = {}) {
    const parser = createSignalParser(options);
    parser.push(input);
    parser.end();
    return parser.result();
}

// EXTERNAL MODULE: ./src/signals/schema.ts
var signals_schema = __webpack_require__(2390);
;// CONCATENATED MODULE: ./src/signals/files.ts
/**
 * File facts for execution summaries: existence and a streamed sha256 of files named in the wave
 * file, read only when they stay inside the repository (`openInside`: no symbolic link that leads
 * out, checked and opened without a gap); and bounded tail reads for reports and logs.
 */



const files_CHUNK = 64 * 1024;
async function sha256Handle(handle) {
    const hash = (0,external_node_crypto_.createHash)("sha256");
    const buffer = Buffer.alloc(files_CHUNK);
    let position = 0;
    for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, files_CHUNK, position);
        if (bytesRead === 0)
            break;
        hash.update(buffer.subarray(0, bytesRead));
        position += bytesRead;
    }
    return hash.digest("hex");
}
/** sha256 hex of a file, read as a stream. */
async function sha256File(absPath) {
    const handle = await open(absPath, "r");
    try {
        return await sha256Handle(handle);
    }
    finally {
        await handle.close();
    }
}
/**
 * Whether `relPath` exists under `root`, with the sha256 of regular files, and (with `tailBytes`)
 * the end of its text. A path that is refused (outside the repository, or a symbolic link leading
 * out) is never opened: it counts as missing and `problem` says why.
 */
async function inspectFile(root, relPath, options = {}) {
    const opened = await (0,security_paths/* openInside */.X$)(root, relPath);
    if (opened.status === "refused")
        return { fact: { path: relPath, exists: false, sha256: null, problem: opened.reason }, text: null };
    if (opened.status === "missing")
        return { fact: { path: relPath, exists: false, sha256: null }, text: null };
    const { handle } = opened;
    try {
        if (!opened.isFile)
            return { fact: { path: relPath, exists: true, sha256: null }, text: null };
        const sha256 = await sha256Handle(handle);
        const text = options.tailBytes === undefined ? null : await tailOf(handle, options.tailBytes);
        return { fact: { path: relPath, exists: true, sha256 }, text };
    }
    catch {
        return { fact: { path: relPath, exists: false, sha256: null }, text: null };
    }
    finally {
        await handle.close().catch(() => undefined);
    }
}
/** Whether `relPath` exists under `root`, with the sha256 of regular files (see `inspectFile`). */
async function fileFact(root, relPath) {
    return (await inspectFile(root, relPath)).fact;
}
async function tailOf(handle, maxBytes) {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, size - length + read);
        if (bytesRead === 0)
            break;
        read += bytesRead;
    }
    let text = buffer.subarray(0, read).toString("utf8");
    if (size > length) {
        const nl = text.indexOf("\n");
        text = nl === -1 ? "" : text.slice(nl + 1);
    }
    return text;
}
/**
 * The last `maxBytes` of a file as UTF-8 text; when the file is longer, the first (partial) line
 * of the tail is dropped. Null when the file cannot be read.
 */
async function readTextTail(absPath, maxBytes = 256 * 1024) {
    let handle = null;
    try {
        handle = await open(absPath, "r");
        return await tailOf(handle, maxBytes);
    }
    catch {
        return null;
    }
    finally {
        await handle?.close();
    }
}

;// CONCATENATED MODULE: ./src/signals/verdict.ts
const REPORT_VERDICT_RE = /^[ \t]*(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:\*\*|__)?Verdict(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(PASS|CONCERNS|BLOCKED|HOLD|FAIL)\b(?:\*\*|__)?([^\n]*)$/gim;
function normalizeVerdict(word) {
    const v = word.toLowerCase();
    if (v === "fail")
        return "blocked";
    return v === "pass" || v === "concerns" || v === "blocked" || v === "hold" ? v : null;
}
/** The last `Verdict:` line of a report, or null when there is none. */
function readReportVerdict(text) {
    let last = null;
    for (const m of text.matchAll(REPORT_VERDICT_RE)) {
        const verdict = normalizeVerdict(m[1]);
        // Stryker disable next-line ConditionalExpression: the pattern only matches words normalizeVerdict maps to a verdict
        if (!verdict)
            continue;
        // Stryker disable next-line StringLiteral: group 2 always takes part in a match (it may be empty), so the default is never used
        const detail = (m[2] ?? "")
            .replace(/\r$/, "")
            .replace(/^[\s\-–—:.]+/, "")
            .trim();
        last = { verdict, detail: detail.length > 0 ? detail : null };
    }
    return last;
}

;// CONCATENATED MODULE: ./src/signals/summary.ts




/** Hashes the agent's files and reads its report, then assembles the summary. */
async function buildExecutionSummary(input) {
    const { agent, root } = input;
    const reportPath = input.reportPath ?? null;
    const [deliverables, proofArtifacts, report] = await Promise.all([
        Promise.all(agent.deliverables.map((p) => fileFact(root, p))),
        Promise.all(agent.proofArtifacts.map(async (a) => ({ ...(await fileFact(root, a.path)), kind: a.kind, requiredFor: [...a.requiredFor] }))),
        reportPath === null ? Promise.resolve(null) : readReport(root, reportPath),
    ]);
    return assembleExecutionSummary({ ...input, deliverables, proofArtifacts, report });
}
/** The pure part: merges parser output, file facts and the report into a summary. */
function assembleExecutionSummary(input) {
    const { signals, report } = input;
    let verdict = null;
    if (signals.logVerdict) {
        verdict = { verdict: signals.logVerdict.verdict, detail: signals.logVerdict.detail, source: "log" };
    }
    else if (report?.verdict) {
        verdict = { ...report.verdict, source: "report" };
    }
    const { counts, diagnostics, termination: _termination, stats, ...markers } = signals;
    return signals_schema/* ExecutionSummarySchema */.s3.parse({
        schemaVersion: 1,
        agentId: input.agent.agentId,
        exitCode: input.exitCode,
        logPath: input.logPath ?? null,
        reportPath: input.reportPath ?? null,
        ...markers,
        verdict,
        deliverables: input.deliverables,
        proofArtifacts: input.proofArtifacts,
        report,
        diagnostics: { counts, samples: diagnostics },
        termination: terminationOf(signals, input.exitCode, input.timedOut === true),
        stats: { lines: stats.lines, bytes: stats.bytes },
    });
}
const REPORT_TAIL_BYTES = 256 * 1024;
async function readReport(root, reportPath) {
    const { fact, text } = await inspectFile(root, reportPath, { tailBytes: REPORT_TAIL_BYTES });
    return { ...fact, verdict: text === null ? null : readReportVerdict(text) };
}
function terminationOf(signals, exitCode, timedOut) {
    const facts = signals.termination;
    if (facts.turnLimitReached) {
        const n = facts.observedTurnLimit;
        return {
            reason: "max-turns",
            hint: n === null ? "Reached max turns" : `Reached max turns (${n})`,
            observedTurnLimit: n,
        };
    }
    if (timedOut)
        return { reason: "timeout", hint: "timed out before it finished", observedTurnLimit: null };
    if (exitCode !== null && exitCode !== 0) {
        const error = facts.lastError ? `: ${facts.lastError}` : "";
        return { reason: "exit-code", hint: `exited with code ${exitCode}${error}`, observedTurnLimit: null };
    }
    return { reason: null, hint: null, observedTurnLimit: null };
}

;// CONCATENATED MODULE: ./src/signals/index.ts
/** Structured markers: streaming parser, report verdicts, execution summaries. */







;// CONCATENATED MODULE: ./src/engine/agent-run.ts
/**
 * Runs one agent once: writes its prompt and launch preview, builds its environment, starts it
 * through the runtime while a streaming parser reads its output, then records its status file and
 * execution summary. Returns what the engine needs to know.
 *
 * With the model proxy on (src/proxy/wiring.ts), each launch's environment passes through it last
 * (after the OS boundary and a rehearsal's hook, before the control token is added): the CLI gets
 * a per-agent token and the proxy's base URL, the agent's usage is what the proxy read at the
 * wire, and its token is revoked when the process ends.
 */













const CLOSURE_PHASES = new Set(["cont-eval", "security", "integration", "documentation", "cont-qa"]);
/** Closure-stage agents get the run's marker nonce; design and implementation agents run before them and never do. */
function usesNonce(pa) {
    return CLOSURE_PHASES.has(pa.phase);
}
function executorContext(ctx, pa, executorId, prompt, paths, session) {
    const base = {
        agent: pa.agent,
        role: pa.role,
        executor: { ...pa.executor, id: executorId },
        lane: ctx.prepared.laneName,
        wave: ctx.prepared.wave.wave,
        root: ctx.boundary.agentRoot,
        promptPath: paths.prompt,
        prompt,
        overlayDir: paths.overlay,
        cliArgv: ctx.deps.cliArgv,
        markerNonce: usesNonce(pa) ? ctx.nonce : null,
        reportPath: pa.reportPath,
        evalTargets: ctx.prepared.wave.evalTargets,
        skills: pa.skills,
        ...(session ? { session } : {}),
    };
    return { ...base, systemPrompt: (0,system_prompt/* systemPromptText */.p)(base) };
}
function waveVars(ctx, pa, paths) {
    const vars = {
        WAVE_LANE: ctx.prepared.laneName,
        WAVE_WAVE: String(ctx.prepared.wave.wave),
        WAVE_AGENT_ID: pa.agent.agentId,
        WAVE_ROLE: pa.role,
        WAVE_ATTEMPT: String(ctx.run.attempt),
        WAVE_PROMPT_FILE: paths.prompt,
        WAVE_ROOT: ctx.boundary.agentRoot,
    };
    // Only an agent that shares the orchestrator's user can read the run directory at all.
    if (ctx.boundary.mode === "same")
        vars.WAVE_RUN_DIR = ctx.run.runDir;
    if (usesNonce(pa) && ctx.nonce)
        vars.WAVE_MARKER_NONCE = ctx.nonce;
    // The control channel's socket; WAVE_AGENT_TOKEN is added per process start (runStagedAgent).
    if (ctx.control)
        vars.WAVE_CONTROL_SOCKET = ctx.control.socketPath;
    return vars;
}
/**
 * Writes the prompt, overlay files and launch preview; returns the launch spec (no spawn). With a
 * session to continue, the saved session is put where the CLI looks for it and the prompt is the
 * short continue prompt; when it cannot be put back, the launch starts over with `prompt`.
 */
async function stageAgent(ctx, pa, executorId, prompt, plan = null) {
    const paths = (0,state_paths/* agentPaths */.SR)(ctx.run, pa.agent.agentId);
    await external_node_fs_.promises.mkdir(paths.dir, { recursive: true });
    await (0,state_files/* writeTextAtomic */.Q)(paths.prompt, prompt);
    // What the agent itself reads (its prompt, executor overlay files) lives where its user can read
    // it: the run directory is private to the orchestrator when agents run as another user.
    const inputs = await ctx.boundary.inputsDir(pa.agent.agentId);
    const visible = inputs
        ? { ...paths, prompt: external_node_path_default().join(inputs, "prompt.md"), overlay: external_node_path_default().join(inputs, "overlay") }
        : paths;
    await external_node_fs_.promises.mkdir(visible.overlay, { recursive: true });
    // The agent's CLI writes into its overlay too (codex's last message): behind another user, the
    // overlay directory is that user's; the files the orchestrator puts there stay its own.
    if (inputs && ctx.boundary.identity)
        await external_node_fs_.promises.chown(visible.overlay, ctx.boundary.identity.uid, ctx.boundary.identity.gid);
    if (inputs)
        await (0,state_files/* writeTextAtomic */.Q)(visible.prompt, prompt);
    let session = plan?.request ?? null;
    let context = executorContext(ctx, pa, executorId, prompt, visible, session ?? undefined);
    let spec = buildLaunchSpec(context);
    for (const file of spec.files)
        await (0,state_files/* writeTextAtomic */.Q)(file.path, file.content);
    const denied = [];
    const baseEnv = buildAgentEnv({
        parentEnv: ctx.deps.env,
        secretEnvKeys: spec.secretEnvKeys,
        allowList: [...pa.executor.env, ...(spec.passEnvKeys ?? [])],
        waveVars: waveVars(ctx, pa, visible),
        executorEnv: spec.env,
        allowGithubToken: ctx.options.allowGithubToken,
        allowListLabel: `agent ${pa.agent.agentId} env`,
        onDenied: (name, reason) => denied.push(`${name} (${reason})`),
    });
    let env = await ctx.boundary.adjustEnv(pa.agent.agentId, baseEnv);
    const home = ctx.boundary.mode === "separate" && env.HOME ? env.HOME : null;
    if (ctx.deps.rehearsal) {
        // `wave rehearse`: the CLI talks to the scripted model server, with its config in a home of its own.
        env = await ctx.deps.rehearsal({ context, spec, env, home, identity: ctx.boundary.identity ?? null });
    }
    if (ctx.modelProxy) {
        // Last: the CLI talks to the model proxy with a token of its own (in a rehearsal, the proxy's
        // upstream is the scripted server the rehearsal pointed it at).
        env = await ctx.modelProxy.launch({ context, spec, env, home, identity: ctx.boundary.identity ?? null });
    }
    // Where the CLI now sends its model requests: the one model endpoint its sandbox lets it reach.
    const pointed = upstreamOfPointedEnv({ context, spec, env, home, identity: ctx.boundary.identity ?? null }, env);
    const endpoint = "upstream" in pointed ? pointed.upstream.baseUrl : null;
    // Generated files that may hold credentials never leave the job: list them for the uploader
    // (the proxy's OpenCode config holds the agent's token).
    const credentialFiles = spec.files.filter((f) => f.sensitive).map((f) => f.path);
    if (env.OPENCODE_CONFIG && external_node_path_default().basename(env.OPENCODE_CONFIG) === OPENCODE_PROXY_CONFIG_FILE)
        credentialFiles.push(env.OPENCODE_CONFIG);
    const sensitive = credentialFiles.filter((f) => (0,security_paths/* isInside */.FK)(ctx.run.runDir, f)).map((f) => external_node_path_default().relative(ctx.run.runDir, f));
    if (sensitive.length > 0)
        await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(paths.dir, "sensitive.json"), sensitive);
    env.PATH = [ctx.shimDir, env.PATH ?? ""].filter(Boolean).join((external_node_path_default()).delimiter);
    let continued = false;
    if (session && plan?.continueFrom && !ctx.options.dryRun) {
        const warn = (reason) => ctx.deps.onEvent?.({ type: "warning", message: `agent ${pa.agent.agentId}: its interrupted session is not continued (${reason}); it starts over` });
        const restored = await restoreSession({
            savedDir: plan.continueFrom.savedDir,
            env,
            cwd: ctx.boundary.agentRoot,
            identity: ctx.boundary.identity ?? undefined,
            onSkip: warn,
        });
        if (restored) {
            continued = true;
            session = { ...session, resumeId: restored.sessionId, newId: null };
            const nonce = usesNonce(pa) && ctx.nonce ? "$WAVE_MARKER_NONCE" : null;
            const markers = markerInstructions({ agent: pa.agent, role: pa.role, wave: ctx.prepared.wave, nonce, reportPath: pa.reportPath });
            const short = continuePrompt({ agentId: pa.agent.agentId, reason: plan.continueFrom.reason, markerInstructions: markers });
            await (0,state_files/* writeTextAtomic */.Q)(paths.prompt, short);
            if (inputs)
                await (0,state_files/* writeTextAtomic */.Q)(visible.prompt, short);
            context = executorContext(ctx, pa, executorId, short, visible, session);
            spec = buildLaunchSpec(context);
            for (const file of spec.files)
                await (0,state_files/* writeTextAtomic */.Q)(file.path, file.content);
        }
    }
    await (0,state_files/* writeJsonAtomic */.ZJ)(paths.launch, {
        agentId: pa.agent.agentId,
        executor: executorId,
        cwd: ctx.boundary.agentRoot,
        agentUser: ctx.boundary.account?.name ?? null,
        timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
        idleTimeoutMinutes: ctx.options.idleTimeoutMinutes,
        envNames: Object.keys(env).sort(),
        deniedEnv: denied,
        session: session ? { persist: session.persist, continues: session.resumeId, newId: session.newId ?? null } : null,
        ...launchPreview(spec),
    });
    return { spec, paths, env, session, continued, endpoint, visible };
}
/** The CLI's own figures, or the proxy's when it carried the agent (the CLI's session id kept). */
function usageOf(cli, atWire, continuedSession) {
    return atWire ? { ...atWire, sessionId: cli.sessionId, continuedSession } : { ...cli, continuedSession };
}
function effectiveTimeoutMinutes(options, pa) {
    const budget = pa.executor.budget.minutes;
    return budget !== null && budget > 0 ? Math.min(options.timeoutMinutes, budget) : options.timeoutMinutes;
}
const MARKER_LINE = /^[ \t]*(?:[-*+] )?`?(\[(?:wave-[a-z0-9-]+|deploy-status|infra-status)\][^\n`]*)/gm;
function statusCodeOf(status, exitCode, signal, extra) {
    if (extra)
        return extra;
    if (status === "timed-out")
        return "timeout";
    if (status === "idle-timeout")
        return "idle-timeout";
    if (status === "cancelled")
        return "cancelled";
    if (exitCode !== null)
        return String(exitCode);
    return signal ?? "unknown";
}
/** Runs the agent (already staged) and records its status and summary. */
async function runStagedAgent(ctx, pa, executorId, staged, previous) {
    const { spec, paths, env } = staged;
    const { options, deps } = ctx;
    const id = pa.agent.agentId;
    const transcript = spec.transcript ?? "text";
    const jsonTranscript = transcript !== "text";
    // Usage as it streams: the agent's meter (its attempts in this run add up) and its budgets.
    const meter = ctx.budget.meter(id, pa.executor.model);
    // Behind the model proxy the agent is metered at the wire, whatever its CLI prints.
    const wire = ctx.modelProxy?.carries(id) ? ctx.modelProxy : null;
    if (wire)
        ctx.budget.meterAtWire(id, () => wire.usageOf(id));
    const limits = { usd: pa.executor.budget.usd, tokens: pa.executor.budget.tokens };
    const parser = createSignalParser({
        nonce: usesNonce(pa) ? ctx.nonce : null,
        transcript,
        onUsage: (fact) => {
            if (meter.apply(fact))
                ctx.budget.check(id, limits);
        },
    });
    // In the sandbox (sandbox auto|on): the same argv, run inside it; its denials are recorded when it ends.
    const sandboxed = ctx.sandbox
        ? await ctx.sandbox.wrap({
            agentId: id,
            executor: executorId,
            argv: spec.argv,
            env,
            endpoint: staged.endpoint ?? null,
            carried: Boolean(wire),
            // The agent's own `network.allowed` (wave file), added to the run's (config) list.
            allowed: pa.executor.networkAllowed,
            readable: [
                staged.visible?.prompt ?? paths.prompt,
                staged.visible?.overlay ?? paths.overlay,
                ctx.shimDir,
                ...(ctx.control ? [external_node_path_default().dirname(ctx.control.socketPath)] : []),
            ],
            writable: [staged.visible?.overlay ?? paths.overlay],
            recordPath: paths.sandbox,
        })
        : null;
    const budgetSignal = ctx.budget.start(id);
    const separator = `\n--- wave: ${id} attempt ${ctx.attemptNo} (${executorId}) started ${deps.now().toISOString()} ---\n`;
    await external_node_fs_.promises.appendFile(paths.log, separator);
    const timeoutMs = effectiveTimeoutMinutes(options, pa) * 60_000;
    // The agent's identity on the control socket: a token valid only while this process runs.
    const token = ctx.control ? ctx.control.issueToken(id, ctx.run.attempt) : null;
    const outcome = await deps.runProcess({
        argv: sandboxed?.argv ?? spec.argv,
        cwd: ctx.boundary.agentRoot,
        ...(ctx.boundary.identity ? { identity: ctx.boundary.identity } : {}),
        env: token ? { ...env, WAVE_AGENT_TOKEN: token } : env,
        stdin: spec.stdin,
        logPath: paths.log,
        timeoutMs,
        idleTimeoutMs: options.idleTimeoutMinutes ? options.idleTimeoutMinutes * 60_000 : null,
        rateLimit: spec.rateLimitRetries
            ? {
                retries: options.rateLimitRetries,
                baseDelayMs: options.rateLimitBaseDelaySeconds * 1000,
                maxDelayMs: options.rateLimitMaxDelaySeconds * 1000,
            }
            : null,
        signal: ctx.signal,
        budgetSignal,
        onStart: (info) => {
            meter.startProcess();
            deps.onEvent?.({ type: "agent-start", agentId: id, executor: executorId, run: info.run });
        },
        onOutput: (chunk, source) => {
            // A JSON-transcript CLI writes its events to stdout; its stderr is diagnostics, and a process
            // that inherited it (a tool, a server) must not be able to add a whole event line there.
            if (source === "stdout" || !jsonTranscript)
                parser.push(chunk);
            if (deps.onEvent) {
                deps.onEvent({ type: "agent-output", agentId: id, chunk });
                const text = chunk.toString("utf8");
                if (text.includes("[")) {
                    for (const m of text.matchAll(MARKER_LINE))
                        deps.onEvent({ type: "agent-marker", agentId: id, text: m[1] });
                }
            }
        },
        ...(options.tmux
            ? {
                tmux: {
                    socket: `wave-${process.pid}`,
                    session: `w${ctx.prepared.wave.wave}-${id}-${ctx.attemptNo}`.replace(/[^A-Za-z0-9_-]/g, "_"),
                    viewerArgv: [...deps.cliArgv, "__tmux-view"],
                },
            }
            : {}),
    }).finally(() => {
        if (token)
            ctx.control?.revokeToken(token);
        // A retry registers again and gets a new token.
        if (wire)
            wire.revoke(id);
        ctx.budget.finish(id);
    });
    if (sandboxed) {
        await sandboxed.done().catch((error) => deps.onEvent?.({ type: "warning", message: `agent ${id}: its sandbox record was not written (${error instanceof Error ? error.message : String(error)})` }));
    }
    parser.end();
    // The last usage events (codex reports its usage only when its turn ends) are in: an agent that
    // went over its budget by the end counts as stopped by it, unless the run was cancelled.
    ctx.budget.check(id, limits);
    const budgetStop = outcome.status === "cancelled" ? null : ctx.budget.stopOf(id);
    const status = budgetStop ? "budget-exceeded" : outcome.status;
    let extra = null;
    let detail = null;
    if (outcome.spawnError) {
        extra = "executor-missing";
        detail = outcome.spawnError;
    }
    else if (outcome.rateLimitExhausted) {
        extra = "rate-limited";
        detail = `rate limit persisted after ${outcome.runs} run(s)${outcome.rateLimitMatch ? ` (${outcome.rateLimitMatch})` : ""}`;
    }
    else if (outcome.logError) {
        // Output (markers included) after the failure was lost: the run cannot count as a success.
        extra = "log-write-failed";
        detail = `log write failed: ${outcome.logError}`;
    }
    else if (budgetStop) {
        extra = "budget-exceeded";
        detail = budgetStop.detail;
    }
    else if (status === "timed-out") {
        detail = `deadline of ${effectiveTimeoutMinutes(options, pa)} minute(s) reached`;
    }
    else if (status === "idle-timeout") {
        detail = `no output for ${options.idleTimeoutMinutes} minute(s)`;
    }
    const finalStatus = status === "succeeded" && (outcome.spawnError || outcome.logError) ? "failed" : status;
    const summary = await buildExecutionSummary({
        agent: pa.agent,
        signals: parser.result(),
        root: options.root,
        exitCode: outcome.exitCode,
        logPath: (0,state_paths/* relativeToRun */.X$)(ctx.run, paths.log),
        reportPath: pa.reportPath,
        timedOut: status === "timed-out",
    });
    const history = [...(previous?.executorHistory ?? [])];
    history.push({ executor: executorId, reason: previous ? (previous.executor !== executorId ? "fallback" : "retry") : "initial" });
    const record = {
        id,
        status: finalStatus,
        exitCode: outcome.exitCode,
        signal: outcome.signal,
        statusCode: statusCodeOf(finalStatus, outcome.exitCode, outcome.signal, extra),
        attempts: (previous?.attempts ?? 0) + 1,
        runs: (previous?.runs ?? 0) + outcome.runs,
        startedAt: previous?.startedAt ?? outcome.startedAt,
        completedAt: outcome.completedAt,
        executor: executorId,
        executorHistory: history,
        transportFailure: Boolean(outcome.spawnError) || outcome.rateLimitExhausted || status === "idle-timeout",
        detail,
        reusedFrom: null,
        usage: usageOf(meter.snapshot(), wire?.usageOf(id) ?? null, staged.continued),
    };
    // An interrupted session is kept with the run state, so that the agent's next run continues it.
    if (staged.session?.persist && wasInterrupted(record)) {
        const sessionId = record.usage?.sessionId ?? staged.session.resumeId ?? staged.session.newId ?? null;
        if (sessionId) {
            await saveSession({
                executorId,
                sessionId,
                env,
                cwd: ctx.boundary.agentRoot,
                destDir: sessionDirOf(paths.dir),
                identity: ctx.boundary.identity ?? undefined,
                onSkip: (reason) => deps.onEvent?.({ type: "notice", message: `agent ${id}: its session was not kept (${reason})` }),
            });
        }
    }
    await (0,state_files/* writeJsonAtomic */.ZJ)(paths.summary, summary);
    await (0,state_files/* writeJsonAtomic */.ZJ)(paths.status, {
        schemaVersion: 1,
        kind: "wave-agent-status",
        agentId: id,
        status: record.status,
        statusCode: record.statusCode,
        exitCode: outcome.exitCode,
        signal: outcome.signal,
        executor: executorId,
        attempt: ctx.attemptNo,
        runs: outcome.runs,
        rateLimited: outcome.rateLimited,
        retryDelaysMs: outcome.retryDelaysMs,
        deadlineHit: status === "timed-out",
        idleTimeoutHit: status === "idle-timeout",
        startedAt: outcome.startedAt,
        completedAt: outcome.completedAt,
        durationMs: outcome.durationMs,
        detail,
        fingerprint: pa.fingerprint,
        usage: record.usage,
    });
    return { record, summary };
}

// EXTERNAL MODULE: ./src/engine/plan.ts
var engine_plan = __webpack_require__(955);
;// CONCATENATED MODULE: ./src/usage/capability.ts

function usageReporting(executor) {
    switch (executor.id) {
        case "claude":
            // `--output-format text` prints the final message only.
            return executor.claude.outputFormat === "text" ? "none" : "cost";
        case "codex":
            return "tokens";
        case "opencode":
            return "cost";
        default:
            return "none";
    }
}
/**
 * Why a USD or token budget that applies to this agent cannot be watched, or null when it can.
 * `waveUsd`: the run's `max-budget-usd` (the agent's spending counts toward it).
 */
function budgetWatchProblem(executor, pricing, waveUsd) {
    const usd = executor.budget.usd !== null || waveUsd !== null;
    const tokens = executor.budget.tokens !== null;
    if (!usd && !tokens)
        return null;
    const reporting = usageReporting(executor);
    const what = executor.budget.usd !== null ? "budget.usd" : waveUsd !== null ? "max-budget-usd" : "budget.tokens";
    if (reporting === "none") {
        const why = executor.id === "claude"
            ? "claude.output_format text reports no usage (use stream-json, the default)"
            : executor.id === "command"
                ? "a command agent reports usage only when its program prints the JSON events of a known CLI"
                : `the ${executor.id} executor reports no usage`;
        return `${what} cannot be watched for this agent: ${why}`;
    }
    if (usd && reporting === "tokens" && !(0,usage_pricing/* priceOf */.x)(pricing, executor.model)) {
        const model = executor.model ? `model "${executor.model}"` : "its model (none is set: add `model`)";
        return `${what} cannot be watched for this agent: ${executor.id} reports tokens but no cost, and the config's pricing has no entry for ${model}`;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/prompt/skills.ts
/**
 * Skills: reusable instruction packs under `<skillsDir>/<id>/` (`skill.json` + `SKILL.md`).
 * An agent gets the config's base skills, those for its role, executor and default deploy kind
 * (each filtered by the skill's own activation rules), plus the ids its `### Skills` names.
 */



const EMPTY_SKILLS_CONFIG = { dir: "skills", base: [], byRole: {}, byRuntime: {}, byDeployKind: {} };
const SkillManifestSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP().optional(),
    title: schemas/* string */.YjP().optional(),
    activation: schemas/* object */.Ikc({
        roles: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
        runtimes: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
        deployKinds: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    })
        .partial()
        .optional(),
})
    .passthrough();
function activates(list, value) {
    if (!list || list.length === 0)
        return true;
    return value !== null && list.includes(value);
}
/** Reads the skills an agent gets. Missing explicit skills are reported in `problems`. */
async function resolveSkills(root, config, selection) {
    const implicit = [
        ...config.base,
        ...(config.byRole[selection.role] ?? []),
        ...(config.byRuntime[selection.runtime] ?? []),
        ...(selection.deployKind ? (config.byDeployKind[selection.deployKind] ?? []) : []),
    ];
    const ids = [...new Set([...implicit, ...selection.explicit])];
    const skills = [];
    const problems = [];
    for (const id of ids) {
        const explicit = selection.explicit.includes(id);
        const dir = external_node_path_default().join(root, config.dir, id);
        let manifest = {};
        try {
            const parsed = SkillManifestSchema.safeParse(JSON.parse(await external_node_fs_.promises.readFile(external_node_path_default().join(dir, "skill.json"), "utf8")));
            if (parsed.success)
                manifest = parsed.data;
            else
                problems.push(`skill ${id}: ${external_node_path_default().join(config.dir, id, "skill.json")} is not a valid skill manifest`);
        }
        catch {
            // A skill without a manifest is just its SKILL.md.
        }
        const act = manifest.activation;
        if (!explicit && act) {
            const on = activates(act.roles, selection.role) &&
                activates(act.runtimes, selection.runtime) &&
                activates(act.deployKinds, selection.deployKind);
            if (!on)
                continue;
        }
        let text = "";
        let file = null;
        try {
            text = (await external_node_fs_.promises.readFile(external_node_path_default().join(dir, "SKILL.md"), "utf8")).trim();
            file = [config.dir, id, "SKILL.md"].join("/");
        }
        catch {
            if (explicit)
                problems.push(`skill ${id} has no ${[config.dir, id, "SKILL.md"].join("/")}`);
            continue;
        }
        skills.push({ id, title: manifest.title ?? id, file, text, explicit });
    }
    return { skills, problems };
}

// EXTERNAL MODULE: ./src/wave/index.ts
var src_wave = __webpack_require__(4961);
// EXTERNAL MODULE: ./src/wave/roles.ts
var wave_roles = __webpack_require__(5620);
// EXTERNAL MODULE: ./src/wave/closure-policy.ts
var closure_policy = __webpack_require__(8279);
// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var diagnostics = __webpack_require__(2521);
;// CONCATENATED MODULE: ./src/engine/prepare.ts
/**
 * Prepares a wave for running: loads and validates the project, picks the wave, and resolves for
 * each agent its role, phase, executor, skills, report path and fingerprint.
 */









async function prepareWave(options, prepare = {}) {
    const project = (0,src_wave/* loadProject */.gi)({
        root: options.root,
        configPath: options.configPath,
        lane: options.lane,
        project: options.project,
        cliExecutor: options.executor,
    });
    const wave = project.waves.find((w) => w.wave === options.wave);
    const relevant = project.diagnostics.filter((d) => d.wave === undefined || d.wave === options.wave);
    const errors = relevant.filter(diagnostics/* isError */.bJ);
    if (errors.length > 0) {
        // Exit 1, as `wave validate` exits for the same errors: the wave files are wrong, not the call.
        throw new src_errors/* UserError */.yo(`wave ${options.wave} is not valid:\n${errors.map((d) => `  ${(0,diagnostics/* formatDiagnosticText */.Kv)(d)}`).join("\n")}`, 1);
    }
    if (!wave) {
        const known = project.waves.map((w) => w.wave).join(", ") || "none";
        throw new src_errors/* UserError */.yo(`wave ${options.wave} not found in ${project.lane.wavesDir} (waves: ${known})`, 2);
    }
    const lane = project.lane;
    const roles = lane.roles;
    // Shown as warnings already ("warning: <place>: <message>"): no second "warning:" inside.
    const warnings = relevant.filter((d) => !(0,diagnostics/* isError */.bJ)(d)).map((d) => `${(0,diagnostics/* diagnosticPlace */.le)(d)}: ${d.message}`);
    const agents = [];
    for (const agent of wave.agents) {
        const role = agent.role ?? (0,wave_roles/* inferAgentRole */.iY)(agent, roles);
        const stage = agent.closureStage ?? (0,wave_roles/* closureStageOf */.PD)(agent, roles);
        const executor = agent.resolvedExecutor;
        if (!executor)
            throw new src_errors/* UserError */.yo(`agent ${agent.agentId} of wave ${wave.wave} has no resolved executor`, 2);
        const phase = stage ?? ((0,wave_roles/* isDesignAgent */.yM)(agent, roles) ? "design" : "implementation");
        const deployKind = wave.deployEnvironments.find((d) => d.isDefault)?.kind ?? null;
        const { skills, problems } = await resolveSkills(options.root, lane.skills, {
            role,
            runtime: executor.id,
            deployKind,
            explicit: agent.skills,
        });
        warnings.push(...problems.map((p) => `${wave.file}:${agent.line}: agent ${agent.agentId}: ${p}`));
        const unwatched = prepare.proxied?.(executor) ? null : budgetWatchProblem(executor, lane.pricing, options.maxBudgetUsd);
        if (unwatched)
            warnings.push(`${wave.file}:${agent.line}: agent ${agent.agentId}: ${unwatched}`);
        agents.push({
            agent,
            role,
            phase,
            executor,
            skills,
            fingerprint: agentFingerprint({ agent, executorId: executor.id, model: executor.model, skills }),
            reportPath: phase === "design" ? (0,wave_roles/* designPacketPath */.ob)(agent) : (0,wave_roles/* reportPathFor */.xJ)(agent, roles),
        });
    }
    // The same role derivation validation checks the gates with (validate agrees with run).
    const waveRoles = (0,validate/* waveRolesFor */.Kw)(wave, roles);
    return {
        project,
        lane,
        laneName: project.laneName,
        wave,
        agents,
        roles: waveRoles,
        policy: (0,closure_policy/* closurePolicyFor */.l)(wave, lane.hasConfig ? lane : null),
        warnings,
    };
}

;// CONCATENATED MODULE: ./src/engine/budget-guard.ts
/**
 * Watches what the run's agents spend while they run: each agent's usage meter is fed from its
 * output stream; when an agent goes over its own budget it is stopped (like a deadline), when the
 * run as a whole goes over `max-budget-usd` every running agent is stopped; either way no further
 * agent of the wave starts. The decisions themselves are pure (src/usage/budget.ts).
 *
 * With the model proxy on, an agent it carries is metered at the wire (`meterAtWire`): its usage
 * is what the proxy read, whatever its CLI prints, and the proxy's own budget stops come in
 * through `stopFor`, on the same path as those found here.
 */



class BudgetGuard {
    pricing;
    maxWaveUsd;
    onStop;
    meters = new Map();
    running = new Map();
    stops = new Map();
    wire = new Map();
    first = null;
    constructor(pricing, maxWaveUsd, onStop) {
        this.pricing = pricing;
        this.maxWaveUsd = maxWaveUsd;
        this.onStop = onStop;
    }
    /** The agent's meter for this run (its in-job attempts add up). */
    meter(agentId, configuredModel) {
        let meter = this.meters.get(agentId);
        if (!meter) {
            meter = new usage_meter/* UsageMeter */.H(this.pricing, configuredModel);
            this.meters.set(agentId, meter);
        }
        return meter;
    }
    /** The agent's usage is what `source` (the model proxy) read at the wire, not what its CLI printed. */
    meterAtWire(agentId, source) {
        this.wire.set(agentId, source);
    }
    /**
     * A budget was spent at the model proxy: the agent is stopped (a wave budget stops every running
     * agent), as when the breach is found here.
     */
    stopFor(agentId, breach) {
        if (breach.scope === "wave") {
            // The proxy stops every agent it knows; only the one that went over and those still running count.
            if (this.first && !this.running.has(agentId))
                return;
            for (const id of new Set([agentId, ...this.running.keys()]))
                this.stop(id, breach);
            return;
        }
        this.stop(agentId, breach);
    }
    /** True once a budget was spent: no further agent starts. */
    get exhausted() {
        return this.first !== null;
    }
    /** The first budget that stopped the run, if any. */
    get firstStop() {
        return this.first;
    }
    /** An agent process starts: aborting the returned signal stops it for its budget. */
    start(agentId) {
        const controller = new AbortController();
        this.running.set(agentId, controller);
        if (this.first?.breach.scope === "wave")
            this.stop(agentId, this.first.breach);
        return controller.signal;
    }
    finish(agentId) {
        this.running.delete(agentId);
    }
    /** Why the agent was stopped for a budget (or went over one by the time it ended), if it was. */
    stopOf(agentId) {
        return this.stops.get(agentId) ?? null;
    }
    /** Re-checks the budgets after the agent's usage changed. */
    check(agentId, limits) {
        const meter = this.meters.get(agentId);
        if (!meter)
            return;
        // Nothing to watch: the usage is only recorded (most runs).
        if (limits.usd === null && limits.tokens === null && this.maxWaveUsd === null && !meter.budgetStopped)
            return;
        const usage = this.usageOf(agentId) ?? meter.snapshot();
        const own = meter.budgetStopped
            ? { scope: "agent", measure: "usd", spent: usage.costUsd ?? limits.usd ?? 0, limit: limits.usd ?? 0, estimated: false }
            : (0,budget/* agentBreach */.Fj)(usage, limits);
        if (own) {
            this.stop(agentId, own);
            return;
        }
        const wave = (0,budget/* waveBreach */.By)(this.totals(), this.maxWaveUsd);
        if (wave)
            for (const id of new Set([agentId, ...this.running.keys()]))
                this.stop(id, wave);
    }
    /** USD the run may still spend (null: no wave budget). */
    remainingUsd() {
        if (this.maxWaveUsd === null)
            return null;
        return Math.max(0, this.maxWaveUsd - (this.totals().costUsd ?? 0));
    }
    usageOf(agentId) {
        return this.wire.get(agentId)?.() ?? this.meters.get(agentId)?.snapshot() ?? null;
    }
    totals() {
        const ids = new Set([...this.meters.keys(), ...this.wire.keys()]);
        return (0,usage_totals/* sumUsage */.R)([...ids].flatMap((id) => {
            const usage = this.usageOf(id);
            return usage ? [{ id, usage }] : [];
        }));
    }
    stop(agentId, breach) {
        if (this.stops.has(agentId))
            return;
        const stop = { agentId, breach, detail: (0,budget/* describeBreach */.DR)(breach, agentId) };
        this.stops.set(agentId, stop);
        this.first ??= stop;
        this.running.get(agentId)?.abort();
        this.onStop?.(stop);
    }
}

// EXTERNAL MODULE: ./src/state/schema.ts
var state_schema = __webpack_require__(6858);
;// CONCATENATED MODULE: ./src/engine/result.ts
/**
 * Builds result.json (PRODUCT §3.3) from what the engine recorded. Pure.
 */


function result_duration(a, b) {
    if (!a || !b)
        return null;
    return Math.max(0, Date.parse(b) - Date.parse(a));
}
function buildResult(input) {
    const agents = input.agents.map((pa) => {
        const r = input.records.get(pa.agent.agentId);
        return {
            id: pa.agent.agentId,
            title: pa.agent.title,
            role: pa.role,
            executor: r?.executor ?? pa.executor.id,
            status: r?.status ?? "not-run",
            exitCode: r?.exitCode ?? null,
            signal: r?.signal ?? null,
            statusCode: r?.statusCode ?? "not-run",
            attempts: r?.attempts ?? 0,
            runs: r?.runs ?? 0,
            startedAt: r?.startedAt ?? null,
            completedAt: r?.completedAt ?? null,
            durationMs: result_duration(r?.startedAt ?? null, r?.completedAt ?? null),
            log: r && r.status !== "not-run" ? input.logOf(pa.agent.agentId) : null,
            executorHistory: r?.executorHistory ?? [],
            reusedFrom: r?.reusedFrom ?? null,
            fingerprint: pa.fingerprint,
            phase: pa.phase,
            line: pa.agent.line,
            usage: r?.usage ?? null,
            ...(input.ranBefore ? { ranBefore: input.ranBefore.has(pa.agent.agentId) } : {}),
        };
    });
    return {
        schemaVersion: state_schema/* RESULT_SCHEMA_VERSION */.tS,
        lane: input.lane,
        wave: input.wave,
        attempt: input.attempt,
        status: input.status,
        startedAt: input.startedAt.toISOString(),
        completedAt: input.completedAt.toISOString(),
        durationMs: Math.max(0, input.completedAt.getTime() - input.startedAt.getTime()),
        resumedFrom: input.resumedFrom,
        agents,
        gates: input.gates,
        failure: input.failure,
        feedback: input.feedback,
        stages: input.stages,
        ...(input.agentUser ? { agentUser: input.agentUser } : {}),
        waveFile: input.waveFile,
        runDir: input.runDir,
        usage: (0,usage_totals/* sumUsage */.R)(agents.filter((a) => a.status !== "reused").map((a) => ({ id: a.id, usage: a.usage }))),
    };
}

;// CONCATENATED MODULE: ./src/engine/shim.ts
/**
 * The `wave` command agents call (`wave coord post`, `wave feedback ask`): a small Node script put
 * first on each agent's PATH that runs this very CLI with the given arguments. The CLI's argv is
 * embedded as JSON data, never as shell text. Those commands write nothing themselves: they pass
 * the request to the orchestrator's control socket (WAVE_CONTROL_SOCKET) with the agent's token
 * (WAVE_AGENT_TOKEN), both inherited from the agent's environment.
 */


async function writeWaveShim(dir, cliArgv) {
    await external_node_fs_.promises.mkdir(dir, { recursive: true });
    const file = external_node_path_default().join(dir, "wave");
    const script = [
        "#!/usr/bin/env node",
        "// Runs the wave CLI of the orchestrator that started this agent.",
        'const { spawnSync } = require("node:child_process");',
        `const argv = ${JSON.stringify(cliArgv)};`,
        'const r = spawnSync(argv[0], [...argv.slice(1), ...process.argv.slice(2)], { stdio: "inherit" });',
        "if (r.error) { console.error(`wave: ${r.error.message}`); process.exit(2); }",
        "process.exit(r.status ?? 1);",
        "",
    ].join("\n");
    // .cjs semantics regardless of any package.json "type" above the run directory.
    await external_node_fs_.promises.writeFile(`${file}.cjs`, script);
    await external_node_fs_.promises.writeFile(file, ["#!/bin/sh", `exec node "$(dirname "$0")/wave.cjs" "$@"`, ""].join("\n"), { mode: 0o755 });
    await external_node_fs_.promises.chmod(file, 0o755);
    return dir;
}

// EXTERNAL MODULE: ./src/coordination/post-fields.ts
var post_fields = __webpack_require__(7115);
// EXTERNAL MODULE: ./src/feedback/wait.ts
var wait = __webpack_require__(7342);
// EXTERNAL MODULE: ./src/control/protocol.ts
var protocol = __webpack_require__(1517);
;// CONCATENATED MODULE: ./src/control/server.ts
/**
 * The orchestrator's control server: a Unix domain socket through which agents post coordination
 * records and ask humans for feedback, for the duration of one wave run.
 *
 * Authentication: the engine issues each agent process a random token (32 bytes) before it starts
 * and revokes it when the process ends. Every request is attributed to the agent its token was
 * issued for: the identity never comes from the request or from the caller's environment. Tokens
 * are compared in constant time. The socket file is mode 0666: the token, not the file mode, is
 * what admits a caller (the directory holding the socket is the engine's business).
 *
 * Protocol (protocol.ts): one JSON request line per connection, one JSON response line, then the
 * server closes. Requests are bounded in size, idle connections time out, malformed input gets an
 * error response. Writes to the run directory are serialised: an `--id` update's ownership check
 * and its append happen with no other write in between.
 *
 * Feedback: a question the asking agent already had answered (same agent, same text up to
 * whitespace; the answer store in the run directory, feedback/answers.ts) is recorded answered at
 * once and does not block the wave; any other question is recorded pending.
 */













const SOCKET_NAME = "control.sock";
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS); stay under both. */
const MAX_SOCKET_PATH_BYTES = 100;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** Error messages are cut to this length (a response must fit MAX_RESPONSE_BYTES). */
const MAX_MESSAGE_CHARS = 2000;
/** Text cut (at a line end where possible) so that its response stays within MAX_RESPONSE_BYTES. */
function fitResponse(text) {
    const limit = protocol/* MAX_RESPONSE_BYTES */.nB - 512;
    if (Buffer.byteLength(JSON.stringify(text), "utf8") <= limit)
        return text;
    let cut = text;
    while (cut.length > 0 && Buffer.byteLength(JSON.stringify(cut), "utf8") > limit - 40) {
        cut = cut.slice(0, Math.floor(cut.length * 0.9));
    }
    const end = cut.lastIndexOf("\n");
    return `${end > 0 ? cut.slice(0, end + 1) : cut}… (cut to fit the control channel)\n`;
}
class RequestError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}
const REFUSED = "refused: the agent token is unknown or no longer valid (a token admits only the agent process the wave run started with it, while it runs)";
async function startControlServer(options) {
    const socketPath = external_node_path_default().join(external_node_path_default().resolve(options.dir), SOCKET_NAME);
    const pathBytes = Buffer.byteLength(socketPath, "utf8");
    if (pathBytes > MAX_SOCKET_PATH_BYTES) {
        throw new src_errors/* UserError */.yo(`the control socket path ${JSON.stringify(socketPath)} is ${pathBytes} bytes; Unix sockets allow at most ${MAX_SOCKET_PATH_BYTES} here (use a shorter temporary directory)`);
    }
    const now = options.now ?? (() => new Date());
    const maxBytes = options.maxRequestBytes ?? protocol/* MAX_REQUEST_BYTES */.rO;
    const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const warn = (message) => options.onWarning?.(`control server: ${message}`);
    const logPath = (0,store/* coordinationLogPath */.NT)(options.runDir);
    const grants = new Map();
    const sockets = new Set();
    let queue = Promise.resolve();
    let closing = false;
    const stopWaits = new AbortController();
    /** Runs `fn` after every write queued before it. */
    const serial = (fn) => {
        const run = queue.then(fn);
        queue = run.catch(() => undefined);
        return run;
    };
    const authenticate = (token) => {
        if (!protocol/* TOKEN_PATTERN */.LG.test(token))
            throw new RequestError("refused", REFUSED);
        const given = Buffer.from(token, "hex");
        let found = null;
        // Every live grant is compared, in constant time each, whichever matches.
        for (const grant of grants.values()) {
            if ((0,external_node_crypto_.timingSafeEqual)(given, grant.key))
                found = grant.identity;
        }
        if (!found)
            throw new RequestError("refused", REFUSED);
        return found;
    };
    const coordPost = (request, who) => {
        const post = (0,post_fields/* validateCoordPost */.MK)(request.fields);
        (0,post_fields/* checkClaimedIdentity */.iD)(request.fields, who);
        return serial(async () => {
            if (post.id !== undefined) {
                const existing = materialize((await (0,store/* readCoordinationLog */.qO)(logPath)).records).byId.get(post.id);
                try {
                    (0,post_fields/* checkUpdate */.Ug)(existing, post, who);
                }
                catch (error) {
                    throw new RequestError("refused", `refused: ${error.message}`);
                }
            }
            const record = (0,coordination_record/* createCoordinationRecord */.Bh)((0,post_fields/* agentRecordInput */.vf)(post, who), now());
            await (0,store/* appendCoordinationRecord */.Tw)(logPath, record);
            return record.id;
        });
    };
    const feedbackAsk = async (request, who) => {
        const { question, context } = (0,requests/* validateFeedbackAsk */.TP)(request.question, request.context);
        const made = await serial(async () => {
            // A question this agent already had answered (the run directory's answer store) is
            // recorded answered at once: it does not block the wave again.
            const known = (0,answers/* findAnswer */.uO)(await (0,answers/* readAnswers */.Mr)([options.runDir], (file, message) => warn(`answer store ${file}: ${message}`)), who.agentId, question);
            const made = await (0,requests/* createFeedbackRequest */.V5)({
                known: known ?? null,
                runDir: options.runDir,
                lane: who.lane,
                wave: who.wave,
                attempt: who.attempt,
                agentId: who.agentId,
                question,
                context,
                now: now(),
            });
            return known ? { id: made.id, answer: known.answer } : { id: made.id };
        });
        if (made.answer !== undefined || request.waitSeconds === undefined)
            return made;
        // `--wait`: held open (outside the write queue) until a human answers, the wait ends or the run does.
        const answered = await (0,wait/* waitForFeedbackAnswer */.cW)(options.runDir, made.id, { timeoutMs: request.waitSeconds * 1000, signal: stopWaits.signal });
        return answered?.answer != null ? { id: made.id, answer: answered.answer } : made;
    };
    const handle = async (line) => {
        let value;
        try {
            value = JSON.parse(line);
        }
        catch (error) {
            throw new RequestError("malformed", `the request is not valid JSON (${error.message})`);
        }
        const envelope = protocol/* TokenEnvelopeSchema */.VS.safeParse(value);
        if (!envelope.success)
            throw new RequestError("refused", `${REFUSED}; the request carries no token`);
        const who = authenticate(envelope.data.token);
        const parsed = protocol/* ControlRequestSchema */.yg.safeParse(value);
        if (!parsed.success)
            throw new RequestError("invalid", `the request is not valid (${(0,protocol/* firstIssue */.OE)(parsed.error)})`);
        const request = parsed.data;
        if (request.type === "coord-post")
            return { ok: true, id: await coordPost(request, who) };
        if (request.type === "coord-inbox") {
            if (!options.inbox)
                throw new RequestError("invalid", "this run serves no inbox");
            return { ok: true, id: who.agentId, text: fitResponse(await options.inbox(who.agentId)) };
        }
        return { ok: true, ...(await feedbackAsk(request, who)) };
    };
    const respond = (socket, response, then) => {
        if (socket.destroyed || socket.writableEnded)
            return;
        // Messages may quote the caller's input: keep the answer well inside what a client reads.
        const clipped = response.ok || response.message.length <= MAX_MESSAGE_CHARS ? response : { ...response, message: `${response.message.slice(0, MAX_MESSAGE_CHARS)}…` };
        socket.end((0,protocol/* encodeLine */.Nu)(clipped), then);
    };
    const errorResponse = (error) => {
        if (error instanceof RequestError)
            return { ok: false, code: error.code, message: error.message };
        if (error instanceof src_errors/* UserError */.yo)
            return { ok: false, code: "invalid", message: error.message };
        const message = error instanceof Error ? error.message : String(error);
        warn(`a request failed: ${message}`);
        return { ok: false, code: "internal", message: `the orchestrator could not record the request: ${message}` };
    };
    const onConnection = (socket) => {
        if (closing) {
            socket.destroy();
            return;
        }
        sockets.add(socket);
        const chunks = [];
        let size = 0;
        let discarded = 0;
        // reading: the request line is arriving; working: it is being handled; done: answered.
        let phase = "reading";
        const answer = (line) => {
            phase = "working";
            handle(line)
                .catch((error) => errorResponse(error))
                .then((response) => {
                phase = "done";
                respond(socket, response);
            });
        };
        const fail = (code, message, then) => {
            phase = "done";
            respond(socket, { ok: false, code, message }, then);
        };
        // Inactivity: a half-sent request gets an error; a connection kept open after its answer is closed.
        socket.setTimeout(idleMs, () => {
            if (phase === "reading") {
                fail("timeout", `no complete request within ${idleMs} ms of inactivity`, () => socket.destroy());
            }
            else if (phase === "done") {
                socket.destroy();
            }
        });
        socket.on("data", (chunk) => {
            if (phase !== "reading") {
                // Whatever follows the request (or the rest of an oversize one) is dropped, within reason.
                discarded += chunk.length;
                if (discarded > 4 * maxBytes)
                    socket.destroy();
                return;
            }
            const newline = chunk.indexOf(10);
            const take = newline >= 0 ? chunk.subarray(0, newline) : chunk;
            if (size + take.length > maxBytes) {
                fail("too-large", `the request is larger than ${maxBytes} bytes`);
                return;
            }
            chunks.push(take);
            size += take.length;
            if (newline >= 0)
                answer(Buffer.concat(chunks).toString("utf8"));
        });
        socket.on("end", () => {
            // The caller finished sending: a last line without its newline is still a request.
            if (phase !== "reading")
                return;
            if (size > 0)
                answer(Buffer.concat(chunks).toString("utf8"));
            else
                fail("malformed", "the connection ended without a request");
        });
        socket.on("error", () => socket.destroy());
        socket.on("close", () => sockets.delete(socket));
    };
    const server = external_node_net_default().createServer({ allowHalfOpen: true }, onConnection);
    server.on("error", (error) => warn(error.message));
    await external_node_fs_.promises.rm(socketPath, { force: true });
    await new Promise((resolve, reject) => {
        const onError = (error) => reject(new src_errors/* UserError */.yo(`cannot create the control socket ${JSON.stringify(socketPath)}: ${error.message}`));
        server.once("error", onError);
        server.listen(socketPath, () => {
            server.off("error", onError);
            resolve();
        });
    });
    await external_node_fs_.promises.chmod(socketPath, 0o666);
    let closed = null;
    return {
        socketPath,
        issueToken(agentId, attempt) {
            const key = (0,external_node_crypto_.randomBytes)(protocol/* TOKEN_BYTES */.M4);
            const token = key.toString("hex");
            grants.set(token, { key, identity: { lane: options.lane, wave: options.wave, agentId, attempt } });
            return token;
        },
        revokeToken(token) {
            grants.delete(token);
        },
        close() {
            closed ??= (async () => {
                closing = true;
                stopWaits.abort();
                grants.clear();
                const stopped = new Promise((resolve) => server.close(() => resolve()));
                for (const socket of sockets)
                    socket.destroy();
                await stopped;
                await queue;
                await external_node_fs_.promises.rm(socketPath, { force: true });
            })();
            return closed;
        },
    };
}

// EXTERNAL MODULE: ./src/proxy/report.ts
var proxy_report = __webpack_require__(1284);
// EXTERNAL MODULE: ./src/sandbox/decide.ts
var decide = __webpack_require__(2043);
;// CONCATENATED MODULE: ./src/sandbox/probe.ts
/**
 * The facts `decideSandbox` needs, read from this machine: the programs on PATH, one run of
 * bubblewrap, AppArmor's user-namespace switch and whether this process can act as root — and the
 * one change it may make: letting bubblewrap create user namespaces under AppArmor (Ubuntu 24.04).
 */



const APPARMOR_USERNS = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";
const BWRAP_PROFILE_PATH = "/etc/apparmor.d/bwrap";
/** `program` on `envPath`, or null. */
function findProgram(program, envPath) {
    for (const dir of (envPath ?? "").split((external_node_path_default()).delimiter)) {
        if (!dir)
            continue;
        const file = external_node_path_default().join(dir, program);
        try {
            (0,external_node_fs_.accessSync)(file, external_node_fs_.constants.X_OK);
            return file;
        }
        catch {
            // not here
        }
    }
    return null;
}
function probe_run(argv, options = {}) {
    return new Promise((resolve) => {
        const child = (0,external_node_child_process_.execFile)(argv[0], argv.slice(1), { timeout: 30_000, ...(options.identity ? { uid: options.identity.uid, gid: options.identity.gid } : {}) }, (error, _stdout, stderr) => {
            if (!error)
                return resolve(null);
            const text = `${stderr}`.trim().split("\n").pop() || error.message;
            resolve(text);
        });
        if (options.input !== undefined)
            child.stdin?.end(options.input);
    });
}
/** Runs bwrap around `true` with the namespaces the sandbox uses; null when it worked, else why not. */
function probeBwrap(bwrap, identity = null) {
    return probe_run([bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--unshare-pid", "--unshare-user", "--", "true"], {
        identity,
    });
}
function readRestrict() {
    try {
        return (0,external_node_fs_.readFileSync)(APPARMOR_USERNS, "utf8").trim() === "1";
    }
    catch {
        return null;
    }
}
async function gatherSandboxFacts(env, identity = null, usernsFixTried = false) {
    const bwrap = findProgram("bwrap", env.PATH);
    const socat = findProgram("socat", env.PATH);
    const rg = findProgram("rg", env.PATH);
    const probeError = bwrap ? await probeBwrap(bwrap, identity) : null;
    const root = process.getuid?.() === 0;
    const apparmorRestrictsUserns = readRestrict();
    // Only asked when it matters: sudo may log or be slow.
    const canBeRoot = root || (probeError !== null && apparmorRestrictsUserns === true && (await probe_run(["sudo", "-n", "true"])) === null);
    return { platform: process.platform, arch: process.arch, bwrap, socat, rg, probeError, apparmorRestrictsUserns, canBeRoot, usernsFixTried };
}
/** The AppArmor profile that lets `bwrap` create user namespaces (and confines nothing else). */
function bwrapProfile(bwrap) {
    return [
        "abi <abi/4.0>,",
        "include <tunables/global>",
        "",
        `profile bwrap ${bwrap} flags=(unconfined) {`,
        "  userns,",
        "  include if exists <local/bwrap>",
        "}",
        "",
    ].join("\n");
}
/** The commands that set it up: the profile when AppArmor's parser is there, else the sysctl. */
function usernsFixPlan(bwrap, parser, asRoot) {
    const sudo = asRoot ? [] : ["sudo", "-n"];
    if (parser) {
        return [
            { argv: [...sudo, "tee", BWRAP_PROFILE_PATH], input: bwrapProfile(bwrap), what: `wrote the AppArmor profile ${BWRAP_PROFILE_PATH} (bwrap may create user namespaces)` },
            { argv: [...sudo, parser, "-r", BWRAP_PROFILE_PATH], what: `loaded it with ${external_node_path_default().basename(parser)} -r` },
        ];
    }
    return [
        {
            argv: [...sudo, "sysctl", "-w", "kernel.apparmor_restrict_unprivileged_userns=0"],
            what: "set kernel.apparmor_restrict_unprivileged_userns=0 (every program may create user namespaces until the next boot)",
        },
    ];
}
/** Makes the change; returns what was changed (for a notice), or throws with what failed. */
async function fixUserns(bwrap, env) {
    const parser = findProgram("apparmor_parser", `${env.PATH ?? ""}${(external_node_path_default()).delimiter}/sbin${(external_node_path_default()).delimiter}/usr/sbin`);
    const done = [];
    for (const step of usernsFixPlan(bwrap, parser, process.getuid?.() === 0)) {
        const error = await probe_run(step.argv, step.input !== undefined ? { input: step.input } : {});
        if (error)
            throw new Error(`${step.argv.join(" ")} failed: ${error}`);
        done.push(step.what);
    }
    return done;
}

// EXTERNAL MODULE: ./src/sandbox/ecosystems.ts
var ecosystems = __webpack_require__(1186);
;// CONCATENATED MODULE: ./src/sandbox/policy.ts
/**
 * What one agent's sandbox allows (pure): the filesystem rules and the network lists, from the
 * paths and settings of its launch.
 *
 * Filesystem (bubblewrap: the whole machine read-only, then these rules):
 * - write: the work tree (never its `.git/hooks` nor `.git/config`, listed here; the library also
 *   keeps shell start-up files and editor settings read-only), the agent's overlay directory, its own
 *   temporary directory and its home: the whole home when it is its own (a separate agent user, a
 *   rehearsal), else only the CLIs' state directories in it; directories the launch's environment
 *   names for the CLI's state (CODEX_HOME, CLAUDE_CONFIG_DIR, XDG_*).
 * - no read: the orchestrator's state directory (but the agent's own prompt, overlay, the `wave`
 *   shim and the control socket's directory when they live there), the runner's temporary
 *   directory and its file-command files (GITHUB_ENV, GITHUB_OUTPUT, GITHUB_STATE, GITHUB_PATH,
 *   GITHUB_STEP_SUMMARY), and in every home involved: ~/.ssh, cloud and registry credentials
 *   (CREDENTIAL_PATHS). Hidden directories are empty inside the sandbox; hidden files are absent.
 *
 * Network: everything goes through the library's proxy, which lets a connection through only to
 * - the model endpoint the CLI is pointed at (the model proxy, or in a rehearsal the scripted
 *   server): a loopback address is listed as an address literal for the whole run (the proxy's
 *   loopback deny exempts only literals listed for the run), any other host for the agent;
 * - the executor's provider API hosts (PROVIDER_HOSTS) when the model proxy does not carry it;
 * - `network.allowed` (ecosystems or domains).
 */



/** Files and directories of a home that hold keys: never readable by an agent. */
const CREDENTIAL_PATHS = [
    ".ssh",
    ".aws",
    ".config/gcloud",
    ".azure",
    ".docker/config.json",
    ".kube",
    ".netrc",
    ".git-credentials",
    ".config/gh",
    ".npmrc",
    ".pypirc",
];
/** The GitHub runner's file-command files (their paths are in these variables). */
const RUNNER_FILE_VARS = ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"];
/** The CLIs' own state under a home shared with the orchestrator (writable for the agent). */
const CLI_STATE_DIRS = [".claude", ".codex", ".config/opencode", ".local/share/opencode", ".local/state/opencode", ".cache/opencode", ".cache/claude", ".npm"];
/** Variables that name a directory a CLI keeps its state in. */
const STATE_DIR_VARS = ["CODEX_HOME", "CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"];
const inside = (parent, child) => {
    const rel = external_node_path_default().relative(parent, child);
    return rel === "" || (!rel.startsWith("..") && !external_node_path_default().isAbsolute(rel));
};
const uniq = (items) => [...new Set(items)];
/** A directory the agent may be given for writing: absolute, and not one holding what it must not touch. */
function grantable(dir, guarded) {
    if (!external_node_path_default().isAbsolute(dir))
        return false;
    const d = external_node_path_default().resolve(dir);
    if (d === external_node_path_default().parse(d).root)
        return false;
    return !guarded.some((g) => inside(d, g));
}
function filesystemRules(input) {
    const stateDir = external_node_path_default().resolve(input.stateDir);
    const orchestratorHome = input.orchestratorHome ? external_node_path_default().resolve(input.orchestratorHome) : null;
    const agentHome = input.env.HOME ? external_node_path_default().resolve(input.env.HOME) : null;
    const runnerTemp = input.orchestratorEnv.RUNNER_TEMP && external_node_path_default().isAbsolute(input.orchestratorEnv.RUNNER_TEMP) ? external_node_path_default().resolve(input.orchestratorEnv.RUNNER_TEMP) : null;
    const fileCommands = RUNNER_FILE_VARS.map((v) => input.orchestratorEnv[v]).filter((f) => Boolean(f && external_node_path_default().isAbsolute(f)));
    const homes = uniq([orchestratorHome, agentHome].filter((h) => h !== null));
    const credentials = homes.flatMap((h) => CREDENTIAL_PATHS.map((c) => external_node_path_default().join(h, c)));
    // Never given for writing, nor any directory holding one of them.
    // (The agent's own home may hold key files of its own: they stay hidden, the home is still its.)
    const ownKeys = orchestratorHome ? CREDENTIAL_PATHS.map((c) => external_node_path_default().join(orchestratorHome, c)) : [];
    const guarded = uniq([stateDir, runnerTemp, ...ownKeys, orchestratorHome].filter((p) => p !== null));
    const write = [external_node_path_default().resolve(input.workTree), ...input.writable.map((w) => external_node_path_default().resolve(w))];
    if (agentHome && agentHome !== orchestratorHome) {
        if (grantable(agentHome, guarded))
            write.push(agentHome);
    }
    else if (agentHome) {
        write.push(...CLI_STATE_DIRS.map((d) => external_node_path_default().join(agentHome, d)));
    }
    for (const v of STATE_DIR_VARS) {
        const dir = input.env[v];
        if (dir && grantable(dir, guarded))
            write.push(external_node_path_default().resolve(dir));
    }
    // An agent with a home of its own (another OS user) reads nothing of the orchestrator's home
    // but what is bound back below (the work tree when it lies there). This also keeps the library
    // from binding the orchestrator's home directories for the agent, which that user cannot reach.
    const processHome = input.processHome ? external_node_path_default().resolve(input.processHome) : null;
    const otherHome = agentHome ? uniq([orchestratorHome, processHome].filter((h) => h !== null && h !== agentHome)) : [];
    const denyRead = uniq([stateDir, ...(runnerTemp ? [runnerTemp] : []), ...fileCommands, ...otherHome, ...credentials]);
    // What the agent must read or write inside a hidden directory is bound back (its own files only).
    const allowRead = uniq([...input.readable.map((r) => external_node_path_default().resolve(r)), ...write].filter((r) => denyRead.some((d) => inside(d, r)) && !credentials.some((c) => inside(c, r))));
    // The library protects hooks and config only of repositories below the orchestrator's own
    // working directory: the work tree's are listed here, wherever it is.
    const gitPath = external_node_path_default().join(external_node_path_default().resolve(input.workTree), ".git");
    const denyWrite = input.git === "dir" ? [external_node_path_default().join(gitPath, "hooks"), external_node_path_default().join(gitPath, "config")] : input.git === "file" ? [gitPath] : [];
    return { denyRead, allowRead, allowWrite: uniq(write), denyWrite };
}
/** `host:port` of a URL, the port filled in from the scheme; null when it is not one. */
function hostPortOf(url) {
    try {
        const u = new URL(url);
        if (u.protocol !== "http:" && u.protocol !== "https:")
            return null;
        const host = u.hostname.replace(/^\[|\]$/g, "");
        const port = u.port ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
        return { host, port };
    }
    catch {
        return null;
    }
}
function networkLists(input) {
    const run = [];
    const agent = [];
    const ep = input.endpoint ? hostPortOf(input.endpoint) : null;
    if (ep) {
        const ip = (0,external_node_net_.isIP)(ep.host);
        if (ip === 4)
            run.push(`${ep.host}:${ep.port}`);
        else if (ip === 6)
            run.push(`[${ep.host}]:${ep.port}`);
        else
            agent.push(`${ep.host.toLowerCase()}:${ep.port}`);
    }
    if (!input.carried)
        agent.push(...(ecosystems/* PROVIDER_HOSTS */.wh[input.executor] ?? []));
    agent.push(...(0,ecosystems/* expandAllowed */.nm)(input.allowed));
    return { run: uniq(run), agent: uniq(agent) };
}
/**
 * NO_PROXY inside the sandbox: as the library sets it, but without 127.0.0.1, so that a CLI
 * pointed at a loopback address (the model proxy) goes through the sandbox's proxy to the host;
 * `localhost` stays direct (the sandbox's own loopback, for servers the agent starts itself).
 */
const SANDBOX_NO_PROXY = "localhost,::1,169.254.0.0/16,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16";

// EXTERNAL MODULE: ./src/sandbox/report.ts
var sandbox_report = __webpack_require__(6805);
;// CONCATENATED MODULE: ./src/sandbox/wave-sandbox.ts
/**
 * The sandbox in a wave run (`sandbox: auto|on`), built on `@anthropic-ai/sandbox-runtime`
 * (bubblewrap, its network proxy and filesystem rules), loaded only when the sandbox is on.
 *
 * `openWaveSandbox` decides (decide.ts, with the facts probe.ts reads; under `auto` a machine
 * without bubblewrap runs agents without it and a warning says why and how to fix it) and starts
 * the library once per run. `wrap` turns one agent launch's argv into the argv that runs it inside
 * the sandbox (policy.ts: what it may write, read and reach): the agent's argv is quoted by the
 * library's own quoting into the single shell command the library wraps — nothing of ours is
 * concatenated into a shell string — and run as `<shell> -c <wrapped>` spawned from an argv. Each
 * launch gets a 128-bit random id: its network allow-list is registered under it and the
 * library's denials are recorded under it. When the process ends, `done()` adds them to the
 * agent's `sandbox.json`; `close()` writes the run's `sandbox.json` and stops the library.
 */












/** The library in this process: one start for every open run, stopped when the last closes. */
let shared = null;
async function loadLibrary() {
    const lib = await Promise.all(/* import() */[__webpack_require__.e(532), __webpack_require__.e(2)]).then(__webpack_require__.bind(__webpack_require__, 4532));
    const { quote } = (await __webpack_require__.e(/* import() */ 803).then(__webpack_require__.bind(__webpack_require__, 5803)));
    return { lib, quote };
}
function askReason(host) {
    return { allow: false, reason: `${host} is not on the wave's network allow-list; the setting network.allowed: [${host}] would allow it` };
}
function baseConfig(runEntries) {
    return {
        network: {
            allowedDomains: [...runEntries],
            deniedDomains: [],
            // The agents' `wave` command reaches the orchestrator over its control socket (a Unix socket).
            allowAllUnixSockets: true,
        },
        filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    };
}
async function gitKind(workTree) {
    const st = await external_node_fs_.promises.lstat(external_node_path_default().join(workTree, ".git")).catch(() => null);
    return st?.isDirectory() ? "dir" : st?.isFile() ? "file" : null;
}
/** Decides and, when the sandbox is on, starts it; null when it is off. */
async function openWaveSandbox(options) {
    if (options.mode === "off")
        return null;
    let facts = await gatherSandboxFacts(options.env, options.identity);
    const packages = facts.platform === "linux" ? (0,decide/* missingPackages */.K$)(facts) : [];
    if (packages.length > 0 && options.env.GITHUB_ACTIONS === "true") {
        // A hosted runner's image may lack them: installed as for tmux (root or passwordless sudo).
        options.onNotice(`sandbox: ${packages.join(", ")} not installed on this runner: installing with apt-get`);
        const failed = aptInstall(packages, defaultAptDeps());
        if (failed)
            options.onWarning(`sandbox: apt-get could not install ${packages.join(", ")} (${failed})`);
        facts = await gatherSandboxFacts(options.env, options.identity);
    }
    let decision = (0,decide/* decideSandbox */.MF)(options.mode, facts);
    if (decision.kind === "fix-userns") {
        try {
            const changed = await fixUserns(facts.bwrap, options.env);
            options.onNotice(`sandbox: AppArmor kept bubblewrap from creating user namespaces; changed: ${changed.join("; ")}`);
        }
        catch (error) {
            options.onWarning(`sandbox: could not let bubblewrap create user namespaces: ${error instanceof Error ? error.message : String(error)}`);
        }
        facts = await gatherSandboxFacts(options.env, options.identity, true);
        decision = (0,decide/* decideSandbox */.MF)(options.mode, facts);
    }
    if (decision.kind === "error")
        throw new src_errors/* UserError */.yo(decision.message, 2);
    if (decision.kind === "off") {
        if (decision.warning)
            options.onWarning(decision.warning);
        return null;
    }
    if (decision.kind !== "on")
        return null;
    const mode = options.mode;
    if (!shared) {
        const { lib, quote } = await loadLibrary();
        const runEntries = new Set();
        await lib.SandboxManager.initialize(baseConfig(runEntries), async ({ host }) => askReason(host));
        shared = { lib, quote, users: 0, runEntries, running: 0 };
    }
    const sh = shared;
    sh.users++;
    const manager = sh.lib.SandboxManager;
    if (options.identity) {
        // The library's proxy socket is this process's: the agent user must be able to connect to it
        // (the proxy still asks every connection for its per-run credentials).
        for (const socket of new Set([manager.getLinuxHttpSocketPath(), manager.getLinuxSocksSocketPath()])) {
            if (socket)
                await external_node_fs_.promises.chmod(socket, 0o666).catch(() => undefined);
        }
    }
    const envProgram = findProgram("env", options.env.PATH) ?? "/usr/bin/env";
    const area = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(external_node_os_default().tmpdir(), "wave-sandbox-"));
    await external_node_fs_.promises.chmod(area, 0o711);
    const records = new Map();
    // What `.git` is in the work tree does not change during a run: looked at once.
    const git = await gitKind(options.workTree);
    let closed = false;
    const recordOf = (agentId) => {
        let r = records.get(agentId);
        if (!r) {
            r = { schemaVersion: 1, kind: "wave-agent-sandbox", agentId, blocked: [], other: [], filesystem: { writable: [], hidden: [] }, network: { allowed: [] }, notRecorded: sandbox_report/* NOT_RECORDED */.D0 };
            records.set(agentId, r);
        }
        return r;
    };
    async function agentTmp(agentId) {
        const dir = external_node_path_default().join(area, (0,state_paths/* agentDirName */.M2)(agentId));
        await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        if (options.identity)
            await external_node_fs_.promises.chown(dir, options.identity.uid, options.identity.gid);
        return dir;
    }
    const report = () => ({ schemaVersion: 1, kind: "wave-sandbox", mode, agents: [...records.values()] });
    return {
        mode,
        async wrap(launch) {
            if (closed)
                throw new Error("the sandbox of this run is closed");
            const tmp = await agentTmp(launch.agentId);
            const rules = filesystemRules({
                workTree: options.workTree,
                stateDir: options.stateDir,
                orchestratorHome: options.env.HOME ?? external_node_os_default().homedir(),
                processHome: external_node_os_default().homedir(),
                env: launch.env,
                orchestratorEnv: options.env,
                readable: launch.readable,
                writable: [...launch.writable, tmp],
                git,
            });
            const net = networkLists({ executor: launch.executor, endpoint: launch.endpoint, carried: launch.carried, allowed: [...options.allowed, ...launch.allowed] });
            let grew = false;
            for (const entry of net.run) {
                if (!sh.runEntries.has(entry)) {
                    sh.runEntries.add(entry);
                    grew = true;
                }
            }
            if (grew)
                manager.updateConfig(baseConfig(sh.runEntries));
            const commandId = (0,external_node_crypto_.randomBytes)(16).toString("base64url");
            // Inside the sandbox: its own temporary directory, and loopback addresses through the proxy.
            const inner = [envProgram, `TMPDIR=${tmp}`, `NO_PROXY=${SANDBOX_NO_PROXY}`, `no_proxy=${SANDBOX_NO_PROXY}`, ...launch.argv];
            const wrapped = await manager.wrapWithSandboxArgv(sh.quote(inner), undefined, { filesystem: rules }, undefined, launch.env.PWD ?? options.workTree, { commandId, commandText: `agent ${launch.agentId}` });
            manager.registerCommandNetworkLists(commandId, { allowedDomains: net.agent });
            sh.running++;
            const record = recordOf(launch.agentId);
            record.filesystem = { writable: rules.allowWrite, hidden: rules.denyRead };
            record.network = { allowed: [...net.run, ...net.agent] };
            let finished = false;
            return {
                argv: wrapped.argv,
                async done() {
                    if (finished)
                        return;
                    finished = true;
                    manager.unregisterCommandNetworkLists(commandId);
                    const lines = manager
                        .getSandboxViolationStore()
                        .getViolationsForCommand(commandId)
                        .map((v) => v.line);
                    (0,sandbox_report/* addViolations */.eK)(record, lines);
                    sh.running--;
                    // The library's clean-up removes the mount points of every sandbox: only when none runs.
                    if (sh.running === 0)
                        manager.cleanupAfterCommand();
                    await (0,state_files/* writeJsonAtomic */.ZJ)(launch.recordPath, record);
                },
            };
        },
        report,
        async close() {
            if (closed)
                return;
            closed = true;
            try {
                await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(options.runDir, sandbox_report/* SANDBOX_REPORT_FILE */.yV), report());
            }
            finally {
                await external_node_fs_.promises.rm(area, { recursive: true, force: true });
                sh.users--;
                if (sh.users === 0 && shared === sh) {
                    shared = null;
                    await manager.reset();
                }
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/engine/run-wave.ts
/**
 * runWave: the one engine behind `wave run` and the action's run mode.
 *
 * Order of a wave: design agents (when declared) → design gate → implementation agents in
 * parallel → implementation gates → closure sweep (cont-EVAL → security → integration →
 * documentation → cont-QA; each stage's agents run, then its gate) → infra and clarification
 * gates. The first failing gate stops the attempt; the next in-job attempt reruns only what failed,
 * and there is none when no attempt can change the failure (it names no agent to run again, or it
 * is readable from the wave files alone). Gates see the component matrix and benchmark catalog as
 * they are on disk when evaluated.
 * result.json and the progress journal are always written, whatever happens.
 */











































/** The agents that ran (or were reused) in the run this one resumes. */
function ranInPrior(prior) {
    return new Set(Object.entries(prior.agents).filter(([, a]) => a.status !== "not-run").map(([id]) => id));
}
function gateFailure(gate, state) {
    return {
        stage: gate.stage,
        agentId: gate.agentId,
        statusCode: gate.statusCode,
        detail: gate.detail,
        log: gate.agentId && state.records.has(gate.agentId) ? logRel(state, gate.agentId) : (gate.logPath ?? null),
    };
}
/** Reads the failure through a call so flow analysis does not narrow it. */
function failureOf(state) {
    return state.failure;
}
function logRel(state, agentId) {
    return (0,state_paths/* relativeToRun */.X$)(state.run, (0,state_paths/* agentPaths */.SR)(state.run, agentId).log);
}
async function saveProgress(state, deps, patch = {}) {
    const agents = {};
    for (const pa of state.prepared.agents) {
        const r = state.records.get(pa.agent.agentId);
        if (!r)
            continue;
        agents[pa.agent.agentId] = {
            status: r.status,
            fingerprint: pa.fingerprint,
            executor: r.executor,
            exitCode: r.exitCode,
            statusCode: r.statusCode,
            attempts: r.attempts,
            runs: r.runs,
            startedAt: r.startedAt,
            completedAt: r.completedAt,
            source: r.reusedFrom,
            usage: r.usage,
        };
    }
    state.progress = {
        ...state.progress,
        ...patch,
        agents,
        gates: state.gates,
        passedStages: state.passedStages,
        updatedAt: deps.now().toISOString(),
    };
    await (0,state_files/* writeJsonAtomic */.ZJ)(state.run.progress, state.progress);
}
function executorChain(pa) {
    const chain = [pa.executor.id];
    if (pa.executor.allowFallbackOnRetry)
        for (const f of pa.executor.fallbacks)
            if (!chain.includes(f))
                chain.push(f);
    return chain;
}
/**
 * Everything the gate functions take, read when a gate is about to be evaluated: the component
 * matrix is read from the work tree each time (so the documentation stage's edits count) and the
 * benchmark catalog gives the delegated families of the cont-EVAL gate.
 */
function gateInputs(ctx, state, coordination) {
    const { lane } = state.prepared;
    const { root } = ctx.options;
    const { matrix, problem } = (0,catalogs/* matrixForGates */.v3)(root, lane.paths.componentCutoverMatrixJsonPath, lane.hasConfig);
    const inputs = {
        wave: state.prepared.wave,
        roles: state.prepared.roles,
        summaries: state.summaries,
        policy: state.prepared.policy,
        coordination: { ...coordination, forwardedGaps: [...state.forwardedGaps] },
        componentMatrix: matrix,
        componentMatrixProblem: problem,
        capabilityRouting: lane.capabilityRouting.preferredAgents,
        benchmarkFamilies: (0,catalogs/* benchmarkFamiliesForGates */.F2)(root, lane.paths.benchmarkCatalogPath),
        attempt: ctx.attemptNo,
    };
    ctx.deps.onGateInputs?.(inputs);
    return inputs;
}
/**
 * A failure no next attempt can change: one that names no agent (nothing would run again, so the
 * same gate gives the same answer), or one readable from the files alone (validation reports
 * those, so this is the guard behind it).
 */
function cannotChange(failure, state, root) {
    if (failure.agentId === null)
        return true;
    const { wave, lane } = state.prepared;
    return (0,closure/* isStaticFailure */.n_)(failure, (0,closure/* staticGateFailures */.nq)((0,validate/* staticGateInputsFor */.qM)(wave, lane, root)));
}
async function coordinationState(state) {
    const log = await (0,store/* readCoordinationLog */.qO)(state.run.coordination);
    return materialize(log.records);
}
async function openBlockers(state) {
    const coord = await coordinationState(state);
    return openBlockingRecords(coord).map((r) => ({
        id: r.id,
        kind: r.kind,
        agentId: r.agentId,
        summary: r.summary,
        severity: r.blockerSeverity,
        targets: r.targets,
        followUpOf: clarificationFollowedUp(r, coord),
        answeredBy: answeredBy(r, coord),
    }));
}
async function lifecycle(state, deps, event, agentId, detail) {
    try {
        await (0,store/* appendCoordinationRecord */.Tw)(state.run.coordination, (0,coordination_record/* lifecycleRecord */.at)({
            event,
            wave: state.prepared.wave.wave,
            lane: state.prepared.laneName,
            attempt: state.run.attempt,
            now: deps.now(),
            ...(agentId ? { agentId } : {}),
            ...(detail ? { detail } : {}),
        }));
    }
    catch (error) {
        deps.onEvent?.({ type: "warning", message: `could not append to the coordination log: ${String(error)}` });
    }
}
function implementationSummaries(state) {
    const lines = [];
    for (const pa of state.prepared.agents) {
        if (pa.phase !== "implementation" && pa.phase !== "design")
            continue;
        const r = state.records.get(pa.agent.agentId);
        const s = state.summaries[pa.agent.agentId];
        const parts = [`${pa.agent.agentId} (${pa.agent.title}): ${r?.status ?? "not-run"}`];
        if (s?.proof)
            parts.push(`proof ${s.proof.completion}/${s.proof.durability}/${s.proof.proof} ${s.proof.state}`);
        if (s?.docDelta)
            parts.push(`doc-delta ${s.docDelta.state}`);
        const missing = s?.deliverables.filter((d) => !d.exists).map((d) => d.path) ?? [];
        if (missing.length)
            parts.push(`missing deliverables: ${missing.join(", ")}`);
        lines.push(`- ${parts.join("; ")}`);
    }
    return lines.join("\n");
}
function agentInboxOwner(pa) {
    return { agentId: pa.agent.agentId, components: pa.agent.components, capabilities: pa.agent.capabilities };
}
/** The current inbox of an agent of the wave (`wave coord inbox`). */
async function currentInbox(state, agentId) {
    const pa = state.prepared.agents.find((a) => a.agent.agentId === agentId);
    const owner = pa ? agentInboxOwner(pa) : { agentId };
    return renderInbox(await coordinationState(state), owner, { now: new Date(), routing: state.prepared.lane.capabilityRouting.preferredAgents });
}
async function promptFor(state, pa, options, retryNote) {
    let closureContext = null;
    if (pa.phase !== "implementation" && pa.phase !== "design") {
        const coord = await coordinationState(state);
        const board = (0,coordination_board/* renderMessageBoard */.C4)(coord, {
            wave: state.prepared.wave.wave,
            lane: state.prepared.laneName,
            agents: state.prepared.agents.map((a) => a.agent.agentId),
            now: new Date(),
        });
        await (0,state_files/* writeTextAtomic */.Q)(state.run.messageBoard, board);
        closureContext = { messageBoard: board, implementationSummaries: implementationSummaries(state) };
    }
    // Every agent gets its inbox; those without the message board also the wave's shared summary.
    const coord = await coordinationState(state);
    const coordinationContext = {
        inbox: renderInbox(coord, agentInboxOwner(pa), { now: new Date(), routing: state.prepared.lane.capabilityRouting.preferredAgents }),
        sharedSummary: closureContext ? null : renderSharedSummary(coord, { wave: state.prepared.wave.wave }),
    };
    const context7 = state.context7 ? await state.context7.forAgent(pa.agent, state.prepared.wave.context7Defaults) : null;
    const kept = (0,answers/* latestAnswerFor */.Nj)(state.answers ?? [], pa.agent.agentId);
    const feedback = state.feedback && state.feedback.agentId === pa.agent.agentId && state.feedback.answer
        ? { question: state.feedback.question, answer: state.feedback.answer }
        : kept
            ? { question: kept.question, answer: kept.answer }
            : null;
    return composePrompt({
        lane: state.prepared.laneName,
        wave: state.prepared.wave,
        agent: pa.agent,
        role: pa.role,
        executorId: pa.executor.id,
        roles: state.prepared.lane.roles,
        skills: pa.skills,
        reportPath: pa.reportPath,
        nonceRequired: usesNonce(pa) && (options.requireMarkerNonce || state.prepared.lane.runtimePolicy.requireMarkerNonce),
        closureContext,
        coordinationContext,
        context7,
        feedback,
        retryNote,
    });
}
/** Carries an earlier success over: copies its files into this run and marks it reused. */
async function reuseAgent(state, prior, id, deps) {
    const from = (0,state_paths/* agentPaths */.SR)({ ...state.run, runDir: prior.runDir, agentsDir: external_node_path_default().join(prior.runDir, "agents") }, id).dir;
    const to = (0,state_paths/* agentPaths */.SR)(state.run, id).dir;
    if (external_node_path_default().resolve(from) !== external_node_path_default().resolve(to)) {
        await external_node_fs_.promises.cp(from, to, { recursive: true, force: true }).catch(() => undefined);
    }
    const p = prior.progress.agents[id];
    state.summaries[id] = prior.summaries[id];
    state.records.set(id, {
        id,
        status: "reused",
        exitCode: p?.exitCode ?? 0,
        signal: null,
        statusCode: p?.statusCode ?? "0",
        attempts: 0,
        runs: 0,
        startedAt: p?.startedAt ?? null,
        completedAt: p?.completedAt ?? null,
        executor: p?.executor ?? "local",
        executorHistory: [],
        transportFailure: false,
        detail: null,
        reusedFrom: p?.source ?? external_node_path_default().basename(prior.runDir),
        usage: null,
    });
    deps.onEvent?.({ type: "agent-reused", agentId: id, from: external_node_path_default().basename(prior.runDir) });
}
async function runWave(options, deps) {
    const prepared = await prepareWave(options, {
        proxied: (executor) => proxyWillCarry(options.modelProxy, executor.id, executor.model, deps.env, Boolean(deps.rehearsal)),
    });
    for (const w of prepared.warnings)
        deps.onEvent?.({ type: "warning", message: w });
    const lane = prepared.laneName;
    const waveDir = (0,state_paths/* waveDirOf */.ej)(options.stateDir, lane, options.wave);
    let lock;
    try {
        await ensureStateDir(options.stateDir, options.root);
        lock = await (0,state_lock/* acquireLock */.I)(waveDir, `wave run --wave ${options.wave}`);
    }
    catch (error) {
        if (error instanceof src_errors/* UserError */.yo)
            throw error;
        throw new src_errors/* UserError */.yo(`the state directory ${options.stateDir} is not writable (${String(error)})`, 2);
    }
    try {
        // Holding the lock, any agent of this wave still running was left by a run that died
        // (e.g. SIGKILL): stop it before its work is redone.
        for (const note of await recoverBoundaries(options.stateDir))
            deps.onEvent?.({ type: "warning", message: note });
        const orphans = await stopLeftoverAgents(waveDir);
        if (orphans.length > 0) {
            deps.onEvent?.({
                type: "warning",
                message: `stopped ${orphans.length} agent process(es) left running by an earlier run of this wave (pid ${orphans.join(", ")})`,
            });
        }
        return await runLocked(options, deps, prepared, waveDir);
    }
    finally {
        await lock.release();
        // A run elevated through sudo gives what it wrote as root back to the user who started it.
        const from = (0,elevate.elevatedFromUser)();
        if (from)
            (0,elevate.giveBackToUser)([options.root, options.stateDir], from);
    }
}
async function resolvePrior(options, deps, prepared, waveDir, attempt, repository) {
    if (options.resume === "never")
        return null;
    const readOpts = {
        lane: prepared.laneName,
        wave: prepared.wave.wave,
        waveFingerprint: prepared.wave.fingerprint,
        repository,
        force: options.forceResume,
    };
    if (options.resume === "auto") {
        const dir = await (0,local/* findLatestRun */.UQ)(waveDir, attempt, (skipped, message) => deps.onEvent?.({ type: "warning", message: `not resuming from ${external_node_path_default().basename(skipped)}: ${message}` }));
        if (!dir)
            return null;
        try {
            return await (0,local/* readPriorRun */.CM)(dir, readOpts);
        }
        catch (error) {
            deps.onEvent?.({ type: "warning", message: `not resuming: ${error instanceof Error ? error.message : String(error)}` });
            return null;
        }
    }
    try {
        return await (0,local/* readPriorRun */.CM)(options.resume.dir, readOpts);
    }
    catch (error) {
        if (options.resume.explicit)
            throw error;
        deps.onEvent?.({ type: "warning", message: `not resuming: ${error instanceof Error ? error.message : String(error)}` });
        return null;
    }
}
async function runLocked(options, deps, prepared, waveDir) {
    const startedAt = deps.now();
    // A dry run left last is a preview: this run takes its place (and its attempt number).
    const preview = await (0,local/* trailingDryRun */.xn)(waveDir);
    if (preview !== null)
        await external_node_fs_.promises.rm(external_node_path_default().join(waveDir, `attempt-${preview}`), { recursive: true, force: true });
    const localNext = await (0,local/* nextAttempt */.nj)(waveDir);
    const repository = await (0,git/* repositoryId */.q4)(options.root, deps.env);
    const baseCommit = options.captureChanges && !options.dryRun ? await (0,git/* headCommit */.Qo)(options.root) : null;
    if (options.captureChanges && !options.dryRun && !baseCommit) {
        deps.onEvent?.({ type: "warning", message: `${options.root} is not a git repository with a commit: the agents' workspace changes are not recorded (git init, then commit)` });
    }
    const prior = options.dryRun ? null : await resolvePrior(options, deps, prepared, waveDir, localNext, repository);
    // Attempt numbers keep counting across resumes, also when the earlier state came from elsewhere.
    const attempt = Math.max(localNext, prior ? prior.progress.attempt + 1 : 1);
    const run = (0,state_paths/* runPaths */.Ot)(options.stateDir, prepared.laneName, options.wave, attempt);
    await external_node_fs_.promises.mkdir(run.agentsDir, { recursive: true });
    const resumedFrom = prior ? (options.resume === "auto" ? external_node_path_default().relative(options.stateDir, prior.runDir) : prior.runDir) : null;
    const state = {
        prepared,
        run,
        records: new Map(),
        summaries: {},
        gates: [],
        passedStages: [],
        stages: [],
        executorIndex: new Map(),
        failure: null,
        feedback: null,
        forwardedGaps: [],
        context7: options.dryRun
            ? null
            : createContext7Provider({
                root: options.root,
                bundleIndexPath: prepared.lane.paths.context7BundleIndexPath,
                stateDir: options.stateDir,
                env: deps.env,
                redact: createRedactor(collectSecretValues({ env: deps.env, extra: options.redact })).redact,
                now: deps.now,
                onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
            }),
        progress: {
            schemaVersion: 1,
            kind: "wave-progress",
            lane: prepared.laneName,
            wave: prepared.wave.wave,
            attempt,
            waveFile: prepared.wave.file,
            waveFingerprint: prepared.wave.fingerprint,
            repository,
            baseCommit,
            phase: "starting",
            stage: null,
            passedStages: [],
            agents: {},
            gates: [],
            status: null,
            startedAt: startedAt.toISOString(),
            updatedAt: startedAt.toISOString(),
            resumedFrom,
        },
    };
    await saveProgress(state, deps);
    const controller = new AbortController();
    let boundary = null;
    let control = null;
    // Every running agent listens on it: no "possible memory leak" warning for waves of > 10 agents.
    (0,external_node_events_.setMaxListeners)(0, controller.signal);
    const onAbort = () => controller.abort();
    deps.signal?.addEventListener("abort", onAbort, { once: true });
    if (deps.signal?.aborted)
        controller.abort();
    let status = "failed";
    let thrown = null;
    try {
        // Earlier changes go into the work tree before it is handed to the agent user, so that the
        // agents own what they restore and git's index is consistent with the files it compares.
        if (prior && !options.dryRun)
            await restoreChangesIfNeeded(options, deps, prior);
        boundary = await openAgentBoundary(options, deps, state);
        // Agents reach the orchestrator only through this socket, authenticated by a token each.
        control = options.dryRun ? null : await openControl(boundary.controlDir, state, deps);
        status = await execute(options, deps, state, prior, controller.signal, boundary, control);
    }
    catch (error) {
        thrown = { error };
    }
    finally {
        deps.signal?.removeEventListener("abort", onAbort);
        await control?.close();
        await closeModelProxy(state, deps);
        await closeSandbox(state, deps);
        // Nothing of the agents runs, and the work tree is the orchestrator's again, before the
        // changes are captured and the result is written.
        if (boundary) {
            try {
                await boundary.close();
            }
            catch (error) {
                deps.onEvent?.({ type: "warning", message: `agent boundary: ${error instanceof Error ? error.message : String(error)}` });
            }
        }
    }
    if (thrown) {
        const { error } = thrown;
        if (error instanceof src_errors/* UserError */.yo) {
            state.failure ??= { stage: "preflight", agentId: null, statusCode: "error", detail: error.message, log: null };
            await finish(options, deps, state, startedAt, "failed", resumedFrom, baseCommit);
            throw error;
        }
        state.failure ??= {
            stage: "orchestrator",
            agentId: null,
            statusCode: "internal-error",
            detail: error instanceof Error ? error.message : String(error),
            log: null,
        };
        await finish(options, deps, state, startedAt, "failed", resumedFrom, baseCommit);
        throw error;
    }
    const result = await finish(options, deps, state, startedAt, status, resumedFrom, baseCommit);
    return { result, runDir: run.runDir, resultFile: run.result };
}
async function finish(options, deps, state, startedAt, status, resumedFrom, baseCommit) {
    if (baseCommit && status !== "dry-run") {
        try {
            await captureChanges(options.root, baseCommit, state.run.changesDir, [options.stateDir]);
        }
        catch (error) {
            deps.onEvent?.({ type: "warning", message: `workspace changes were not recorded: ${error instanceof Error ? error.message : String(error)}` });
        }
    }
    const result = buildResult({
        lane: state.prepared.laneName,
        wave: state.prepared.wave.wave,
        attempt: state.run.attempt,
        status,
        startedAt,
        completedAt: deps.now(),
        resumedFrom,
        agents: state.prepared.agents,
        records: state.records,
        gates: state.gates,
        failure: status === "passed" || status === "dry-run" ? null : state.failure,
        feedback: state.feedback,
        stages: state.stages,
        waveFile: state.prepared.wave.file,
        runDir: state.run.runDir,
        ...(state.agentUser ? { agentUser: state.agentUser } : {}),
        ...(state.prior ? { ranBefore: ranInPrior(state.prior.prior) } : {}),
        logOf: (id) => logRel(state, id),
    });
    await (0,state_files/* writeJsonAtomic */.ZJ)(state.run.gates, state.gates);
    await (0,state_files/* writeJsonAtomic */.ZJ)(state.run.result, result);
    await saveProgress(state, deps, { phase: "finished", status, stage: null });
    await lifecycle(state, deps, status === "passed" ? "wave_complete" : `wave_${status.replace("-", "_")}`);
    deps.onEvent?.({ type: "wave-end", result });
    return result;
}
function recordGate(state, deps, gate) {
    state.gates.push(gate);
    deps.onEvent?.({ type: "gate", gate });
}
/** Starts the run's model proxy (null with model-proxy off); under `on`, fails when an agent cannot be carried. */
async function openModelProxy(options, deps, state, budget) {
    const mode = options.modelProxy ?? "off";
    if (mode === "off")
        return null;
    const rehearsal = Boolean(deps.rehearsal);
    if (mode === "on") {
        const skips = preflightSkips(state.prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor.id, model: pa.executor.model })), deps.env, rehearsal);
        if (skips.length > 0) {
            const message = describeOnFailure(skips);
            state.failure = { stage: "preflight", agentId: skips[0].agentId, statusCode: "model-proxy-unavailable", detail: message, log: null };
            throw new src_errors/* UserError */.yo(message, 2);
        }
    }
    return openWaveProxy({
        mode,
        pricing: state.prepared.lane.pricing,
        maxBudgetUsd: options.maxBudgetUsd,
        env: deps.env,
        rehearsal,
        onBudgetStop: (stop) => budget.stopFor(stop.agentId, stop.breach),
        onNotice: (message) => deps.onEvent?.({ type: "notice", message }),
    });
}
/** Starts the run's sandbox (null when off, or under auto where it cannot work: a warning says why). */
async function openSandbox(options, deps, state, boundary) {
    const lane = state.prepared.lane;
    return openWaveSandbox({
        mode: options.sandbox ?? lane.sandbox ?? "off",
        env: deps.env,
        workTree: boundary.agentRoot,
        stateDir: options.stateDir,
        runDir: state.run.runDir,
        identity: boundary.identity ?? null,
        allowed: [...(lane.networkAllowed ?? []), ...(options.networkAllowed ?? [])],
        onNotice: (message) => deps.onEvent?.({ type: "notice", message }),
        onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
    }).catch((error) => {
        // `sandbox: on` where it cannot work: nothing starts, and the result says why.
        if (error instanceof src_errors/* UserError */.yo)
            state.failure = { stage: "preflight", agentId: null, statusCode: "sandbox-unavailable", detail: error.message, log: null };
        throw error;
    });
}
/** Keeps what the sandbox recorded (sandbox.json in the run directory) and stops it. */
async function closeSandbox(state, deps) {
    const sandbox = state.sandbox;
    if (!sandbox)
        return;
    state.sandbox = null;
    try {
        await sandbox.close();
        const report = sandbox.report();
        const blocked = report.agents.reduce((n, a) => n + a.blocked.reduce((m, b) => m + b.count, 0), 0);
        deps.onEvent?.({ type: "notice", message: `sandbox: ${report.agents.length} agent(s) ran in it; ${blocked} request(s) blocked (sandbox.json)` });
    }
    catch (error) {
        deps.onEvent?.({ type: "warning", message: `sandbox: its report was not written (${error instanceof Error ? error.message : String(error)})` });
    }
}
/** Keeps what the proxy saw (model-proxy.json in the run directory) and closes it. */
async function closeModelProxy(state, deps) {
    const proxy = state.modelProxy;
    if (!proxy)
        return;
    state.modelProxy = null;
    try {
        const report = proxy.report();
        await (0,state_files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(state.run.runDir, proxy_report/* MODEL_PROXY_REPORT_FILE */.$_), report);
        const waited = report.agents.reduce((n, a) => n + a.waitedRequests, 0);
        const retried = report.agents.reduce((n, a) => n + a.retried, 0);
        const parts = [`${report.agents.length} agent(s) reached their model through it`];
        if (waited > 0)
            parts.push(`${waited} request(s) waited for their turn`);
        if (retried > 0)
            parts.push(`${retried} 429(s) waited out`);
        if (report.unauthorized.length > 0)
            parts.push(`${report.unauthorized.length} request(s) without a valid token refused`);
        deps.onEvent?.({ type: "notice", message: `model proxy: ${parts.join("; ")} (${proxy_report/* MODEL_PROXY_REPORT_FILE */.$_})` });
    }
    catch (error) {
        deps.onEvent?.({ type: "warning", message: `model proxy: its report was not written (${error instanceof Error ? error.message : String(error)})` });
    }
    finally {
        await proxy.close();
    }
}
async function execute(options, deps, state, prior, signal, boundary, control) {
    const { prepared, run } = state;
    const nonceOn = options.requireMarkerNonce || prepared.lane.runtimePolicy.requireMarkerNonce;
    const nonce = nonceOn ? (0,external_node_crypto_.randomBytes)(12).toString("hex") : null;
    const agentCliArgv = boundary.identity && boundary.binDir ? await cliArgvForAgent(deps.cliArgv, boundary.identity, boundary.binDir) : deps.cliArgv;
    const shimDir = await writeWaveShim(boundary.binDir ?? external_node_path_default().join(run.runDir, "bin"), agentCliArgv);
    const agentDeps = agentCliArgv === deps.cliArgv ? deps : { ...deps, cliArgv: agentCliArgv };
    const budget = new BudgetGuard(prepared.lane.pricing, options.maxBudgetUsd, (stop) => deps.onEvent?.({ type: "warning", message: `budget: ${stop.detail}; no further agent of this wave starts` }));
    const ctxBase = { options, deps: agentDeps, prepared, run, nonce, shimDir, signal, boundary, control, budget };
    const byId = new Map(prepared.agents.map((a) => [a.agent.agentId, a]));
    deps.onEvent?.({
        type: "wave-start",
        lane: prepared.laneName,
        wave: prepared.wave.wave,
        attempt: run.attempt,
        agents: prepared.agents.map((a) => ({
            id: a.agent.agentId,
            title: a.agent.title,
            role: a.role,
            executor: a.executor.id,
            phase: a.phase,
        })),
        resumedFrom: state.progress.resumedFrom,
    });
    await lifecycle(state, deps, "wave_start");
    if (options.dryRun) {
        for (const pa of prepared.agents) {
            const prompt = await promptFor(state, pa, options, null);
            await stageAgent({ ...ctxBase, attemptNo: 1 }, pa, pa.executor.id, prompt);
        }
        return "dry-run";
    }
    // `tmux: true`: tmux is there (installed in GitHub Actions), or nothing starts.
    if (options.tmux)
        await ensureTmux(defaultTmuxInstallDeps(deps.env, (message) => deps.onEvent?.({ type: "notice", message })));
    // Preflight: every agent has an executor that can start (a fallback may stand in for a
    // missing primary, with a warning); otherwise one message lists everything missing (exit 2).
    const chains = new Map(prepared.agents.map((pa) => [pa.agent.agentId, executorChain(pa)]));
    const report = preflight(prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor })), { env: deps.env, cwd: options.root, cliArgv: deps.cliArgv });
    if (report.blockedAgents.length > 0) {
        const message = formatMissingExecutors(report.missing, report.blockedAgents);
        state.failure = { stage: "preflight", agentId: report.blockedAgents[0]?.agentId ?? null, statusCode: "executor-missing", detail: message, log: null };
        throw new src_errors/* UserError */.yo(message, 2);
    }
    if (report.missing.length > 0)
        deps.onEvent?.({ type: "warning", message: formatMissingExecutors(report.missing) });
    // The model proxy: under `on` every codex / Claude Code / OpenCode agent must be carried, or nothing starts.
    ctxBase.modelProxy = state.modelProxy = await openModelProxy(options, deps, state, budget);
    ctxBase.sandbox = state.sandbox = await openSandbox(options, deps, state, boundary);
    for (const pa of prepared.agents) {
        const first = report.firstAvailable[pa.agent.agentId];
        const chain = chains.get(pa.agent.agentId);
        if (first && first !== chain[0]) {
            if (!chain.includes(first))
                chain.push(first);
            state.executorIndex.set(pa.agent.agentId, chain.indexOf(first));
        }
    }
    // Resume: carry the prior run's coordination log and feedback over, answer the question.
    let priorState = prior?.prior ?? null;
    state.prior = prior;
    if (prior) {
        for (const name of ["coordination.jsonl", "feedback"]) {
            await external_node_fs_.promises.cp(external_node_path_default().join(prior.runDir, name), external_node_path_default().join(run.runDir, name), { recursive: true, force: true }).catch(() => undefined);
        }
        for (const note of prior.notes)
            deps.onEvent?.({ type: "warning", message: `resuming from ${external_node_path_default().basename(prior.runDir)}: ${note}` });
        const carriedLog = await (0,store/* readCoordinationLog */.qO)(run.coordination);
        if (carriedLog.diagnostics.length > 0) {
            const first = carriedLog.diagnostics[0];
            deps.onEvent?.({
                type: "warning",
                message: `coordination log ${run.coordination}: ${carriedLog.diagnostics.length} unreadable line(s) skipped (line ${first.line}: ${first.message})`,
            });
        }
        const pending = await (0,requests/* readFeedbackRequests */.s3)(run.runDir);
        const ask = pending[0];
        if (ask && options.feedback) {
            await (0,requests/* answerFeedbackRequest */.Hb)({ runDir: run.runDir, id: ask.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
            state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: options.feedback };
        }
        else if (ask) {
            state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: null };
        }
    }
    // Answers are kept per question, also across a refused resume (the wave file changed): the
    // question the offered run left open is answered here, and every kept answer is gathered.
    const offered = prior
        ? null
        : typeof options.resume === "object"
            ? options.resume.dir
            : options.resume === "auto"
                ? await (0,local/* findLatestRun */.UQ)(run.waveDir, run.attempt)
                : null;
    const openAsk = offered && options.feedback ? (await (0,requests/* readFeedbackRequests */.s3)(offered))[0] : undefined;
    if (openAsk && options.feedback) {
        await (0,requests/* carryFeedbackRequest */.CA)(run.runDir, openAsk);
        await (0,requests/* answerFeedbackRequest */.Hb)({ runDir: run.runDir, id: openAsk.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
        state.feedback = { agentId: openAsk.agentId, question: openAsk.question, askedAt: openAsk.askedAt, answer: options.feedback };
    }
    state.answers = await (0,answers/* gatherAnswers */.jn)({
        waveDir: run.waveDir,
        runDir: run.runDir,
        sources: [prior?.runDir ?? offered],
        onInvalid: (file, message) => deps.onEvent?.({ type: "warning", message: `answer store ${file}: ${message}` }),
    });
    for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
        const ctx = { ...ctxBase, attemptNo };
        const planned = prepared.agents.map((pa) => ({ id: pa.agent.agentId, phase: pa.phase, fingerprint: pa.fingerprint }));
        // The operator's --rerun forces the first attempt only; later attempts rerun what failed.
        const plan = (0,engine_plan/* planRun */.nY)(planned, priorState, attemptNo === 1 ? { rerun: options.rerun ?? [] } : {});
        if (attemptNo === 1 && prior) {
            for (const id of plan.reuse)
                await reuseAgent(state, prior, id, deps);
        }
        state.failure = null;
        const carried = carriedGateStages(plan.carriedStages);
        state.gates = state.gates.filter((g) => carried.has(g.stage));
        state.passedStages = state.passedStages.filter((s) => plan.carriedStages.includes(s));
        if (attemptNo === 1 && prior) {
            for (const stage of plan.carriedStages)
                if (!state.passedStages.includes(stage))
                    state.passedStages.push(stage);
            for (const g of prior.progress.gates.filter((g) => carried.has(g.stage)))
                recordGate(state, deps, g);
        }
        const retryNote = attemptNo > 1 ? "An earlier attempt of this wave failed; see the gate results in the run directory." : null;
        const outcome = await runAttempt(ctx, state, plan, byId, chains, retryNote);
        if (outcome === "passed" || outcome === "blocked" || outcome === "cancelled")
            return outcome;
        if (signal.aborted)
            return "cancelled";
        // A spent budget ends the run: no retry starts.
        if (budget.exhausted)
            break;
        if (attemptNo === options.maxAttempts)
            break;
        const failed = failureOf(state);
        if (failed && cannotChange(failed, state, options.root)) {
            deps.onEvent?.({
                type: "notice",
                message: `not retrying: ${failed.statusCode}${failed.agentId ? ` (${failed.agentId})` : ""} cannot change in another attempt; fix the wave files and run again`,
            });
            await lifecycle(state, deps, "wave_retry_skipped", failed.agentId ?? undefined, `${failed.statusCode} cannot change in another attempt`);
            break;
        }
        // Plan the next attempt from this one: rerun only what failed.
        const implicated = state.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId);
        const failedAgent = failureOf(state)?.agentId;
        if (failedAgent)
            implicated.push(failedAgent);
        priorState = {
            agents: Object.fromEntries(prepared.agents.map((pa) => [pa.agent.agentId, { status: state.records.get(pa.agent.agentId)?.status ?? "not-run", fingerprint: pa.fingerprint }])),
            passedStages: [...state.passedStages],
            implicated: [...new Set(implicated)],
            feedbackAgentId: null,
        };
        for (const pa of prepared.agents) {
            const r = state.records.get(pa.agent.agentId);
            if (r?.transportFailure) {
                const chain = chains.get(pa.agent.agentId);
                const idx = state.executorIndex.get(pa.agent.agentId) ?? 0;
                if (idx + 1 < chain.length)
                    state.executorIndex.set(pa.agent.agentId, idx + 1);
            }
        }
        await lifecycle(state, deps, "wave_retry", undefined, `attempt ${attemptNo + 1} of ${options.maxAttempts}`);
    }
    return signal.aborted ? "cancelled" : "failed";
}
/**
 * Gate stages whose results carry over with the carried closure stages: those stages, the
 * implementation-stage gates (no design or implementation agent reruns then) and the component
 * matrix the documentation stage checks.
 */
async function clearAgents(boundary, deps, when) {
    const killed = await boundary.clear();
    if (killed > 0) {
        deps.onEvent?.({ type: "warning", message: `stopped ${killed} leftover process(es) of the agent user ${when}` });
    }
}
/** Decides who agents run as and sets it up (dry runs only decide and describe). */
async function openAgentBoundary(options, deps, state) {
    const decision = (0,choice/* decideAgentUser */.vd)(options.agentUser, {
        euid: process.geteuid?.() ?? -1,
        sudo: false, // elevation through sudo is the entry point's business: here we are root or not
        githubActions: deps.env.GITHUB_ACTIONS === "true",
    });
    const onWarning = (message) => deps.onEvent?.({ type: "warning", message });
    const boundary = await openBoundary({
        decision,
        dryRun: options.dryRun,
        root: options.root,
        stateDir: options.stateDir,
        protectedPaths: ownFilesInside(options.root, deps.cliArgv),
        runnerTemp: deps.env.RUNNER_TEMP,
        onWarning,
    });
    state.agentUser = { mode: boundary.mode, user: boundary.account?.name ?? null, detail: boundary.description };
    if (boundary.mode === "same" && !options.dryRun)
        onWarning(boundary.description);
    else
        deps.onEvent?.({ type: "notice", message: boundary.description });
    return boundary;
}
/** Starts the run's control server in `dir` (the boundary's control directory). */
function openControl(dir, state, deps) {
    return startControlServer({
        dir,
        runDir: state.run.runDir,
        lane: state.prepared.laneName,
        wave: state.prepared.wave.wave,
        now: deps.now,
        onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
        inbox: (agentId) => currentInbox(state, agentId),
    });
}
/** The action's or CLI's own files, when they sit inside the work tree (`uses: ./.wave-action`). */
function ownFilesInside(root, cliArgv) {
    const script = cliArgv.slice(1).find((a) => external_node_path_default().isAbsolute(a) && /\.(?:c|m)?[jt]s$/.test(a));
    if (!script)
        return [];
    let dir = external_node_path_default().dirname(script);
    for (let i = 0; i < 4 && external_node_path_default().dirname(dir) !== dir; i++) {
        if ((0,external_node_fs_.existsSync)(external_node_path_default().join(dir, "package.json")) || (0,external_node_fs_.existsSync)(external_node_path_default().join(dir, "action.yml")))
            break;
        dir = external_node_path_default().dirname(dir);
    }
    const rel = external_node_path_default().relative(root, dir);
    return rel !== "" && !rel.startsWith("..") && !external_node_path_default().isAbsolute(rel) ? [dir] : [];
}
function carriedGateStages(carriedStages) {
    const stages = new Set(carriedStages);
    if (carriedStages.length > 0)
        for (const s of ["design", "implementation", "component"])
            stages.add(s);
    if (carriedStages.includes("documentation"))
        stages.add("component-matrix");
    return stages;
}
async function restoreChangesIfNeeded(options, deps, prior) {
    const changesDir = external_node_path_default().join(prior.runDir, "changes");
    const inOwnState = external_node_path_default().resolve(prior.runDir).startsWith(external_node_path_default().resolve(options.stateDir) + (external_node_path_default()).sep);
    if (inOwnState)
        return; // the workspace already holds them
    try {
        await external_node_fs_.promises.access(external_node_path_default().join(changesDir, "meta.json"));
    }
    catch {
        return;
    }
    await applyChanges(options.root, changesDir, `resuming from ${prior.runDir}`);
    deps.onEvent?.({ type: "warning", message: `applied the workspace changes recorded in ${prior.runDir}` });
}
/**
 * The CLI session of the agent's next launch: continue the one its last run in this job (or, on
 * its first run here, in the run this one resumes) left when that run was interrupted.
 */
function sessionPlanFor(ctx, state, pa, executorId) {
    const id = pa.agent.agentId;
    const own = state.records.get(id);
    const before = own ? null : state.prior?.progress.agents[id];
    const earlier = own
        ? { status: own.status, statusCode: own.statusCode, executor: own.executor, agentDir: (0,state_paths/* agentPaths */.SR)(state.run, id).dir }
        : before && state.prior
            ? { status: before.status, statusCode: before.statusCode, executor: before.executor, agentDir: external_node_path_default().join(state.prior.runDir, "agents", id) }
            : null;
    const reason = earlier
        ? interruptionOf(earlier, {
            timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
            idleMinutes: ctx.options.idleTimeoutMinutes,
            budgetUsd: pa.executor.budget.usd ?? ctx.options.maxBudgetUsd,
        })
        : null;
    return planSession({ executor: pa.executor, executorId, resumeSessions: ctx.options.resumeSessions, earlier, reason });
}
async function runAttempt(ctx, state, plan, byId, chains, retryNote) {
    const { deps, options, signal } = ctx;
    const runGroup = async (stage, ids, parallel) => {
        const startedAt = deps.now().toISOString();
        const timing = { stage, startedAt, completedAt: null };
        state.stages.push(timing);
        deps.onEvent?.({ type: "stage-start", stage, agentIds: ids });
        // Nothing an earlier stage's agents left behind runs while this stage's output is read.
        await clearAgents(ctx.boundary, deps, `before ${stage}`);
        await saveProgress(state, deps, { phase: stage === "design" || stage === "implementation" ? stage : "closure", stage });
        const results = await runWithConcurrency(ids, parallel, async (id) => {
            if (signal.aborted)
                return "cancelled";
            // A budget was spent: no further agent of the wave starts.
            if (ctx.budget.exhausted)
                return "not-run";
            const pa = byId.get(id);
            const chain = chains.get(id);
            const executorId = chain[state.executorIndex.get(id) ?? 0] ?? pa.executor.id;
            const prompt = await promptFor(state, pa, options, retryNote && state.records.has(id) ? retryNote : null);
            const staged = await stageAgent(ctx, pa, executorId, prompt, sessionPlanFor(ctx, state, pa, executorId));
            await lifecycle(state, deps, "agent_started", id);
            const { record, summary } = await runStagedAgent(ctx, pa, executorId, staged, state.records.get(id));
            state.records.set(id, record);
            state.summaries[id] = summary;
            await saveProgress(state, deps);
            await lifecycle(state, deps, "agent_finished", id, `${record.status} (${record.statusCode})`);
            deps.onEvent?.({
                type: "agent-end",
                agentId: id,
                status: record.status,
                exitCode: record.exitCode,
                durationMs: record.startedAt && record.completedAt ? Date.parse(record.completedAt) - Date.parse(record.startedAt) : null,
            });
            return record.status;
        });
        await clearAgents(ctx.boundary, deps, `after ${stage}`);
        timing.completedAt = deps.now().toISOString();
        const ok = results.every((s) => s === "succeeded");
        deps.onEvent?.({ type: "stage-end", stage, ok });
        return ok;
    };
    const processFailure = (stage, ids) => {
        const spent = ctx.budget.firstStop;
        if (spent) {
            state.failure = { stage, agentId: spent.agentId, statusCode: "budget-exceeded", detail: spent.detail, log: logRel(state, spent.agentId) };
            return true;
        }
        for (const id of ids) {
            const r = state.records.get(id);
            if (r && r.status !== "succeeded" && r.status !== "reused") {
                state.failure = {
                    stage,
                    agentId: id,
                    statusCode: r.statusCode,
                    detail: r.detail ?? `agent ${id} ${r.status} (exit ${r.exitCode ?? r.signal ?? "none"})`,
                    log: logRel(state, id),
                };
                return true;
            }
        }
        return false;
    };
    const blockedByFeedback = async () => {
        const pending = await (0,requests/* readFeedbackRequests */.s3)(state.run.runDir);
        const ask = pending[0];
        if (!ask)
            return false;
        state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: null };
        state.failure = { stage: "clarification", agentId: ask.agentId, statusCode: "human-feedback-open", detail: ask.question, log: logRel(state, ask.agentId) };
        return true;
    };
    const stop = async (gate) => {
        state.failure = gateFailure(gate, state);
        await lifecycle(state, deps, "wave_gate_blocked", gate.agentId ?? undefined, `reason=${gate.statusCode}; ${gate.detail}`);
        return "failed";
    };
    const cancelled = () => {
        state.failure ??= { stage: "cancelled", agentId: null, statusCode: "cancelled", detail: "the run was cancelled", log: null };
        return "cancelled";
    };
    const parallel = options.maxParallelAgents;
    // Design agents first; implementation starts only when the design gate passes.
    if (plan.design.length > 0) {
        await runGroup("design", plan.design, parallel);
        if (signal.aborted)
            return cancelled();
        if (await blockedByFeedback())
            return "blocked";
        if (processFailure("design", plan.design))
            return "failed";
        const inputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
        for (const g of (0,closure/* designGates */.LT)(inputs)) {
            recordGate(state, deps, g);
            if (!g.ok)
                return stop(g);
        }
    }
    if (plan.implementation.length > 0) {
        await runGroup("implementation", plan.implementation, parallel);
        if (signal.aborted)
            return cancelled();
        if (await blockedByFeedback())
            return "blocked";
        if (processFailure("implementation", plan.implementation)) {
            await lifecycle(state, deps, "wave_gate_blocked", failureOf(state)?.agentId ?? undefined, `agent run failed: ${failureOf(state)?.statusCode}`);
            return "failed";
        }
    }
    if (plan.carriedStages.length === 0) {
        const inputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
        for (const g of (0,closure/* implementationStageGates */.P5)(inputs)) {
            if (state.gates.some((x) => x.stage === g.stage && x.agentId === g.agentId && x.statusCode === g.statusCode))
                continue;
            recordGate(state, deps, g);
            if (!g.ok)
                return stop(g);
        }
        // Helper assignments are answered by implementation agents: settled before the closure sweep.
        const helper = (0,barriers/* helperAssignmentGate */.fS)(inputs);
        recordGate(state, deps, helper);
        if (!helper.ok)
            return stop(helper);
    }
    await saveProgress(state, deps);
    // The closure sweep.
    const stagePlan = (0,closure/* planClosureStages */.At)(state.prepared.wave, state.prepared.roles, state.prepared.policy);
    for (const stage of wave_schema/* CLOSURE_STAGES */.Et) {
        if (plan.carriedStages.includes(stage))
            continue;
        const inputs = () => openBlockers(state).then((b) => gateInputs(ctx, state, { openBlockers: b }));
        const decision = (0,closure/* stageLaunchDecision */.Ip)(stage, await inputs(), stagePlan);
        let evaluation = decision.settled;
        if (!evaluation) {
            await runGroup(stage, decision.launch, parallel);
            if (signal.aborted)
                return cancelled();
            if (await blockedByFeedback())
                return "blocked";
            if (processFailure(stage, decision.launch)) {
                await lifecycle(state, deps, "wave_gate_blocked", failureOf(state)?.agentId ?? undefined, `closure run failed: ${failureOf(state)?.statusCode}`);
                return "failed";
            }
            evaluation = (0,closure/* gateForStage */.Df)(stage, await inputs(), stagePlan);
        }
        for (const g of evaluation.gates)
            recordGate(state, deps, g);
        for (const f of evaluation.forwarded) {
            await (0,store/* appendCoordinationRecord */.Tw)(state.run.coordination, (0,coordination_record/* createCoordinationRecord */.Bh)({
                id: f.id,
                kind: "blocker",
                lane: state.prepared.laneName,
                wave: state.prepared.wave.wave,
                attempt: state.run.attempt,
                agentId: f.agentId,
                source: "orchestrator",
                targets: f.targets,
                status: "open",
                priority: f.priority,
                blocking: true,
                blockerSeverity: f.blockerSeverity,
                summary: f.summary,
                detail: f.detail,
            }, deps.now()));
            state.forwardedGaps.push(f.id);
            await lifecycle(state, deps, "closure_gap_forwarded", f.agentId, f.summary);
        }
        if (evaluation.failure)
            return stop(evaluation.failure);
        state.passedStages.push(stage);
        await saveProgress(state, deps);
    }
    // A forwarded proof gap let the later stages run and see it; the wave still fails on it.
    const forwardedGap = state.gates.find((g) => !g.ok && g.statusCode === "wave-proof-gap");
    if (forwardedGap)
        return stop(forwardedGap);
    const finalInputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
    const helper = (0,barriers/* helperAssignmentGate */.fS)(finalInputs);
    if (!helper.ok || helper.statusCode !== "pass")
        recordGate(state, deps, helper);
    if (!helper.ok)
        return stop(helper);
    const infra = (0,closure/* infraGate */.Y6)(finalInputs);
    recordGate(state, deps, infra);
    if (!infra.ok)
        return stop(infra);
    const clarification = (0,closure/* clarificationGate */.K6)(finalInputs);
    recordGate(state, deps, clarification);
    if (!clarification.ok) {
        state.failure = gateFailure(clarification, state);
        return "blocked";
    }
    await saveProgress(state, deps);
    return "passed";
}

// EXTERNAL MODULE: ./src/feedback/open.ts
var feedback_open = __webpack_require__(3539);
// EXTERNAL MODULE: ./src/report/index.ts + 12 modules
var report = __webpack_require__(2166);
;// CONCATENATED MODULE: ./src/cli/run-and-report.ts
/**
 * One wave run from the command line (`wave run`, each wave of `wave run --waves`, `wave demo`,
 * `wave rehearse`): the engine with the live view on a terminal or plain lines otherwise, SIGINT/
 * SIGTERM cancelling the wave (a second one exits at once), summary.md next to result.json, then
 * the status table and next steps (or the result as JSON), and the exit code of the result.
 */










function exitCodeOf(result, cancelSignal) {
    switch (result.status) {
        case "passed":
        case "dry-run":
            return 0;
        case "cancelled":
            return cancelSignal === "SIGINT" ? 130 : 143;
        default:
            return 1;
    }
}
/** Live progress for a terminal, or one plain line per event. */
function createProgressView(io, toStderr) {
    let model = (0,report/* createProgressModel */.Fl)();
    const write = toStderr ? io.stderr : io.stdout;
    if (io.isTty && !toStderr) {
        const tty = new report/* TtyRenderer */.jy({ write, columns: io.columns }, { color: !io.env.NO_COLOR });
        const tick = setInterval(() => {
            model = (0,report/* applyProgressEvent */.e)(model, { type: "tick", at: Date.now() });
            tty.update(model);
        }, 1000);
        tick.unref();
        let closed = false;
        return {
            onEvent(e) {
                if (e.type === "warning")
                    tty.log(`warning: ${e.message}\n`);
                if (e.type === "notice")
                    tty.log(`note: ${e.message}\n`);
                const pe = (0,report/* progressEventFromEngine */.eK)(e, Date.now());
                if (!pe)
                    return;
                model = (0,report/* applyProgressEvent */.e)(model, pe);
                tty.update(model);
            },
            close() {
                if (closed)
                    return;
                closed = true;
                clearInterval(tick);
                tty.close(model);
            },
        };
    }
    return {
        onEvent(e) {
            const pe = (0,report/* progressEventFromEngine */.eK)(e, Date.now());
            if (!pe)
                return;
            const line = (0,report/* renderPlainLine */.rb)(pe);
            if (line)
                write(`${line}\n`);
        },
        close() { },
    };
}
async function runAndReport(options, io, extra) {
    const view = createProgressView(io, extra.json);
    const controller = new AbortController();
    let cancelSignal = null;
    const onSignal = (sig) => () => {
        if (cancelSignal)
            process.exit(sig === "SIGINT" ? 130 : 143);
        cancelSignal = sig;
        controller.abort();
    };
    // The live view also shows questions waiting for a human, with the command that answers each.
    let stopQuestions = () => { };
    const answerFlags = options.project ? ["--project", options.project] : [];
    const onEvent = (e) => {
        if (e.type === "wave-start" && !options.dryRun) {
            stopQuestions();
            stopQuestions = (0,feedback_open/* watchOpenQuestions */.rb)((0,state_paths/* runPaths */.Ot)(options.stateDir, e.lane, e.wave, e.attempt).runDir, (r) => view.onEvent({ type: "notice", message: `${r.agentId} asks a human (${r.id}): ${r.question} — answer: ${(0,feedback_open/* answerCommand */.k3)(r.id, answerFlags)}` }));
        }
        view.onEvent(e);
    };
    const onInt = onSignal("SIGINT");
    const onTerm = onSignal("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    try {
        const { result, resultFile } = await runWave(options, {
            env: io.env,
            cliArgv: extra.cliArgv,
            now: () => new Date(),
            runProcess: runAgentProcess,
            onEvent,
            signal: controller.signal,
            cancelSignal: () => cancelSignal,
            ...(extra.rehearsal ? { rehearsal: extra.rehearsal } : {}),
        });
        view.close();
        const runDir = external_node_path_default().dirname(resultFile);
        const [modelProxy, sandbox] = await Promise.all([(0,proxy_report/* readModelProxyReport */.WA)(runDir), (0,sandbox_report/* readSandboxReport */.EM)(runDir)]);
        await (0,promises_.writeFile)(external_node_path_default().join(runDir, "summary.md"), (0,report/* renderWaveSummary */.WI)({ result, waveFile: result.waveFile, modelProxy, sandbox }));
        const elevatedFrom = (0,elevate.elevatedFromUser)();
        if (extra.onResult)
            await extra.onResult(result, resultFile);
        if (elevatedFrom)
            (0,elevate.giveBackToUser)([external_node_path_default().dirname(resultFile)], elevatedFrom);
        if (extra.json) {
            io.stdout(extra.jsonLines ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
        }
        else {
            io.stdout(`\n${(0,report/* renderStatusTable */.dK)(result)}\n`);
            const next = (0,report/* renderNextSteps */.tP)(result, { resultFile });
            if (next)
                io.stdout(`${next}\n`);
            if (extra.after)
                io.stdout(extra.after(result, resultFile));
        }
        return exitCodeOf(result, cancelSignal);
    }
    finally {
        stopQuestions();
        view.close();
        process.off("SIGINT", onInt);
        process.off("SIGTERM", onTerm);
    }
}


/***/ }),

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

/***/ 955:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lI: () => (/* binding */ unknownRerunIds),
/* harmony export */   nY: () => (/* binding */ planRun)
/* harmony export */ });
/* unused harmony export isReusable */
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8486);
/**
 * Pure planning of what a run (or an in-job retry, or a resume) must execute, given what earlier
 * attempts recorded. Nothing an agent achieved is paid for twice: an agent whose earlier success
 * has the same fingerprint is reused, and the closure sweep restarts at the first stage that did
 * not pass — unless an implementation agent runs again, which invalidates every closure stage.
 *
 * The operator can force agents to run again (`wave run --rerun A3,A5`): a forced agent is never
 * reused, so the closure stages from the first one it touches on run again too.
 */

const REUSABLE = new Set(["succeeded", "reused"]);
function isReusable(agent, prior, overrides = {}) {
    if (!prior)
        return false;
    if (overrides.rerun?.includes(agent.id))
        return false;
    const p = prior.agents[agent.id];
    if (!p || !REUSABLE.has(p.status) || p.fingerprint !== agent.fingerprint)
        return false;
    if (prior.implicated.includes(agent.id) || prior.feedbackAgentId === agent.id)
        return false;
    return true;
}
/** The ids of `rerun` that name none of `agents` (an operator's typo), in the order given. */
function unknownRerunIds(agents, rerun) {
    const known = new Set(agents.map((a) => a.id));
    return [...new Set(rerun.filter((id) => !known.has(id)))];
}
function planRun(agents, prior, overrides = {}) {
    const byPhase = (phase) => agents.filter((a) => a.phase === phase);
    const reuse = [];
    const pick = (list) => {
        const run = [];
        for (const a of list)
            (isReusable(a, prior, overrides) ? reuse : run).push(a.id);
        return run;
    };
    const design = pick(byPhase("design"));
    const implementation = pick(byPhase("implementation"));
    const carriedStages = [];
    const closure = [];
    // Any change before the closure sweep invalidates every closure stage.
    let carry = design.length === 0 && implementation.length === 0 && prior !== null;
    for (const stage of _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .CLOSURE_STAGES */ .Et) {
        const stageAgents = byPhase(stage);
        // Stryker disable next-line BooleanLiteral: the default applies only without a prior state, when carry is already false
        const passedBefore = prior?.passedStages.includes(stage) ?? false;
        if (carry && passedBefore && stageAgents.every((a) => isReusable(a, prior, overrides))) {
            carriedStages.push(stage);
            reuse.push(...stageAgents.map((a) => a.id));
            continue;
        }
        carry = false;
        closure.push(...stageAgents.map((a) => a.id));
    }
    return { reuse, design, implementation, carriedStages, closure };
}


/***/ }),

/***/ 8361:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TI: () => (/* binding */ baseSpec),
  eI: () => (/* binding */ harnessSystemPrompt),
  lq: () => (/* binding */ optional),
  i_: () => (/* binding */ overlayPath),
  DN: () => (/* binding */ programArgv),
  ZD: () => (/* binding */ repeated),
  te: () => (/* binding */ skillFiles),
  OJ: () => (/* binding */ skillsDir),
  Mo: () => (/* binding */ skillsPromptText),
  Am: () => (/* binding */ unique)
});

// UNUSED EXPORTS: SKILLS_DIR

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/executors/limits.ts
function buildLimits(ctx) {
    const { executor } = ctx;
    const notes = [];
    let knownTurnLimit = null;
    let turnLimitSource;
    switch (executor.id) {
        case "claude":
            knownTurnLimit = executor.claude.maxTurns ?? null;
            turnLimitSource = knownTurnLimit === null ? "not-set-by-wave" : "claude.max_turns";
            if (knownTurnLimit === null)
                notes.push("No claude.max_turns set: Claude Code runs without --max-turns.");
            break;
        case "opencode":
            knownTurnLimit = executor.opencode.steps ?? null;
            turnLimitSource = knownTurnLimit === null ? "not-set-by-wave" : "opencode.steps";
            if (knownTurnLimit !== null) {
                notes.push("opencode.steps caps agentic iterations; after it the model must answer in text.");
            }
            break;
        case "codex":
            turnLimitSource = "not-set-by-wave";
            notes.push("Codex exec has no turn-limit flag; only the attempt deadline bounds the run.");
            break;
        default:
            turnLimitSource = "not-applicable";
            break;
    }
    const turns = executor.budget.turns;
    if (turns !== null && executor.id !== "local" && executor.id !== "command") {
        notes.push(`budget.turns=${turns} is advisory: no ${executor.id} flag was emitted for it.`);
    }
    const minutes = executor.budget.minutes;
    if (minutes !== null)
        notes.push(`budget.minutes=${minutes} bounds each attempt (with the run's own timeout).`);
    return { attemptTimeoutMinutes: minutes, knownTurnLimit, turnLimitSource, notes };
}

// EXTERNAL MODULE: ./src/executors/system-prompt.ts
var system_prompt = __webpack_require__(560);
;// CONCATENATED MODULE: ./src/executors/common.ts
/**
 * Small helpers shared by the executor builders: overlay paths, list handling, the system prompt
 * each builder uses, the skill files of the overlay, and the empty launch skeleton.
 */



/** Directory of the overlay the agent's skills are written to (`<overlay>/skills/<id>/SKILL.md`). */
const SKILLS_DIR = "skills";
/** A skill id as a single path segment (ids are lowercase `[a-z0-9._-]`; anything else is replaced). */
function skillSegment(id) {
    const safe = id.replace(/[^A-Za-z0-9._-]/g, "-").replace(/^\.+/, "");
    return safe === "" ? "skill" : safe;
}
/** The overlay files of the agent's skills (none without skills). */
function skillFiles(ctx) {
    return (ctx.skills ?? []).map((skill) => ({
        path: external_node_path_default().join(ctx.overlayDir, SKILLS_DIR, skillSegment(skill.id), "SKILL.md"),
        content: `# Skill: ${skill.title}\n\n${skill.text.trim()}\n`,
    }));
}
/** `<overlay>/skills` when the agent has skills, else null. */
function skillsDir(ctx) {
    return (ctx.skills ?? []).length > 0 ? external_node_path_default().join(ctx.overlayDir, SKILLS_DIR) : null;
}
/** The skills as system-prompt text (after the harness text), or "" without skills. */
function skillsPromptText(ctx) {
    const skills = ctx.skills ?? [];
    if (skills.length === 0)
        return "";
    return skills.map((s) => `## Skill: ${s.title}\n\n${s.text.trim()}\n`).join("\n");
}
/** Absolute path of a generated file inside the agent's overlay directory. */
function overlayPath(ctx, name) {
    return external_node_path_default().join(ctx.overlayDir, name);
}
/** Order-preserving de-duplication; empty strings are dropped. */
function unique(values) {
    const out = [];
    for (const value of values) {
        if (value === null || value === undefined || value === "")
            continue;
        if (!out.includes(value))
            out.push(value);
    }
    return out;
}
/** `[flag, v1, flag, v2, …]` for a repeated option. */
function repeated(flag, values) {
    return unique(values ?? []).flatMap((value) => [flag, value]);
}
/** `[flag, value]` when the value is set, else nothing. */
function optional(flag, value) {
    return value === null || value === undefined || value === "" ? [] : [flag, String(value)];
}
/** The harness system prompt: the one the caller composed, else our default text. */
function harnessSystemPrompt(ctx) {
    const text = ctx.systemPrompt.trim() === "" ? (0,system_prompt/* systemPromptText */.p)(ctx) : ctx.systemPrompt;
    return text.endsWith("\n") ? text : `${text}\n`;
}
/** The fields every builder fills the same way. */
function baseSpec(ctx) {
    return { executorId: ctx.executor.id, limits: buildLimits(ctx) };
}
/** argv prefix of a vendor CLI (`codex.command` etc.), never empty. */
function programArgv(command, fallback) {
    return command && command.length > 0 && command[0] !== "" ? [...command] : [fallback];
}


/***/ }),

/***/ 5621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FU: () => (/* binding */ isEndpointExecutor),
/* harmony export */   cj: () => (/* binding */ pointCliAt)
/* harmony export */ });
/* unused harmony exports ALWAYS_REMOVED_ENV, ENDPOINT_EXECUTORS, makeDirs, codexEndpointToml, openCodeModelOf, openCodeEndpointConfig */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _state_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5013);
/* harmony import */ var _opencode_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4105);
/**
 * Points one agent's real CLI at a model endpoint of our own (a base URL and a key): the code
 * shared by `wave rehearse` (the scripted model server) and the model proxy (src/proxy/). Only the
 * launch environment changes (and the config files it names); argv, stdin, sandbox, permission
 * mode, tools and model flags stay those of the wave:
 *
 *   every executor  the variables that would reach another service or a real account (API keys,
 *                   base URLs, provider switches, the executor's own secret and pass-through
 *                   variables) are removed, and so is any variable whose value is one of the
 *                   `forbiddenValues` (the real keys, wherever they hide).
 *   isolateHome     HOME and XDG_* point into a per-agent directory (behind an agent user: its
 *                   own private HOME; else a directory under `homesDir`), so no user config is
 *                   read or changed. Without it HOME stays, and only codex gets a CODEX_HOME of
 *                   its own under `homesDir` (its provider lives in config.toml).
 *   codex           CODEX_HOME with a config.toml naming a custom provider on the endpoint
 *                   (Responses API), its key read from `endpoint.keyEnv`.
 *   claude          ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY (and CLAUDE_CONFIG_DIR when isolated).
 *   opencode        a copy of the generated config (written next to the original, so its
 *                   relative `{file:...}` references still resolve) whose provider talks to the
 *                   endpoint: an OpenAI-compatible (chat completions) provider declaring the
 *                   model itself; with `keepOpenCodeSdk`, `anthropic` and `openai` keep their own
 *                   SDK (Messages, Responses) with only `baseURL` and `apiKey` replaced.
 *   offline         no traffic besides the model API: updates, telemetry, plugins, model lists,
 *                   sharing and LSP downloads are switched off.
 *   noCliRetries    the CLI does not retry on its own (a 429 reaches the runtime).
 */




/** Variables that would reach another service or make the CLI read a real account, removed always. */
const ALWAYS_REMOVED_ENV = [
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "CODEX_API_KEY",
    "CODEX_ACCESS_TOKEN",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX",
];
/** The executors that can be pointed at an endpoint. */
const ENDPOINT_EXECUTORS = ["codex", "claude", "opencode"];
function isEndpointExecutor(id) {
    return ENDPOINT_EXECUTORS.includes(id);
}
/** Creates each directory (parents first, each one given to `identity`); existing ones are kept. */
async function makeDirs(dirs, identity) {
    for (const dir of dirs) {
        const created = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        if (!identity || created === undefined)
            continue;
        // Every directory mkdir created, from the first one down to `dir`.
        for (let d = dir;; d = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(d)) {
            await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.chown(d, identity.uid, identity.gid);
            if (d === created || node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(d) === d)
                break;
        }
    }
}
async function writeOwned(file, content, identity) {
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(file, content, { mode: 0o600 });
    if (identity)
        await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.chown(file, identity.uid, identity.gid);
}
function tomlString(s) {
    return JSON.stringify(s);
}
function codexEndpointToml(endpoint, options) {
    return [
        `model_provider = ${tomlString(endpoint.providerId)}`,
        `approval_policy = "never"`,
        "",
        `[model_providers.${endpoint.providerId}]`,
        `name = ${tomlString(endpoint.providerName)}`,
        `base_url = ${tomlString(`${endpoint.baseUrl}/v1`)}`,
        `env_key = ${tomlString(endpoint.keyEnv)}`,
        `wire_api = "responses"`,
        ...(options.noCliRetries ? ["request_max_retries = 0", "stream_max_retries = 0"] : []),
        "",
        ...(options.offline
            ? ["[analytics]", "enabled = false", "", "[features]", "plugins = false", "remote_plugin = false", "apps = false", ""]
            : []),
    ].join("\n");
}
/** `provider/model` of the agent's OpenCode run (argv --model, else the config's model). */
function openCodeModelOf(launch, config, fallback) {
    const raw = launch.context.executor.model ?? (typeof config.model === "string" ? config.model : null);
    const slash = raw ? raw.indexOf("/") : -1;
    if (raw && slash > 0 && slash < raw.length - 1)
        return { provider: raw.slice(0, slash), model: raw.slice(slash + 1) };
    return { provider: fallback.provider, model: raw && slash < 0 ? raw : fallback.model };
}
/** OpenCode providers whose own SDK is kept (only its base URL and key change). */
const OPENCODE_NATIVE = new Set(["anthropic", "openai"]);
function openCodeEndpointConfig(launch, original, endpoint, options) {
    const { provider, model } = openCodeModelOf(launch, original, { provider: endpoint.providerId, model: options.defaultModel });
    const providers = typeof original.provider === "object" && original.provider !== null ? original.provider : {};
    const existing = providers[provider];
    const entry = typeof existing === "object" && existing !== null ? existing : {};
    const existingOptions = typeof entry.options === "object" && entry.options !== null ? entry.options : {};
    const endpointOptions = { baseURL: `${endpoint.baseUrl}/v1`, apiKey: endpoint.key };
    const providerEntry = options.keepSdk && OPENCODE_NATIVE.has(provider)
        ? { ...entry, options: { ...existingOptions, ...endpointOptions } }
        : {
            npm: "@ai-sdk/openai-compatible",
            name: endpoint.providerName,
            options: endpointOptions,
            models: { [model]: { name: model, tool_call: true, limit: { context: 200_000, output: 32_000 } } },
        };
    return {
        ...original,
        model: `${provider}/${model}`,
        // Plugins, sharing and updates would reach the network.
        ...(options.offline ? { autoupdate: false, share: "disabled" } : {}),
        provider: { ...providers, [provider]: providerEntry },
    };
}
/** The environment of `launch` with its CLI pointed at `endpoint` (see the module comment). */
async function pointCliAt(launch, endpoint, options) {
    const executor = launch.spec.executorId;
    if (!isEndpointExecutor(executor))
        return launch.env;
    const env = {};
    const drop = new Set([...ALWAYS_REMOVED_ENV, ...launch.spec.secretEnvKeys, ...(launch.spec.passEnvKeys ?? [])]);
    const forbidden = new Set((options.forbiddenValues ?? []).filter((v) => v !== ""));
    for (const [k, v] of Object.entries(launch.env)) {
        if (drop.has(k) || forbidden.has(v))
            continue;
        env[k] = v;
    }
    const home = launch.home ?? node_path__WEBPACK_IMPORTED_MODULE_1___default().join(options.homesDir, (0,_state_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .agentDirName */ .M2)(launch.context.agent.agentId));
    if (options.isolateHome) {
        const xdg = {
            XDG_CONFIG_HOME: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".config"),
            XDG_CACHE_HOME: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".cache"),
            XDG_DATA_HOME: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".local", "share"),
            XDG_STATE_HOME: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".local", "state"),
        };
        await makeDirs([home, ...Object.values(xdg)], launch.identity);
        Object.assign(env, { HOME: home, ...xdg });
    }
    if (executor === "codex") {
        const codexHome = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".codex");
        await makeDirs([codexHome], launch.identity);
        await writeOwned(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(codexHome, "config.toml"), codexEndpointToml(endpoint, options), launch.identity);
        Object.assign(env, { CODEX_HOME: codexHome, [endpoint.keyEnv]: endpoint.key });
    }
    else if (executor === "claude") {
        Object.assign(env, { ANTHROPIC_BASE_URL: endpoint.baseUrl, ANTHROPIC_API_KEY: endpoint.key });
        if (options.isolateHome) {
            const configDir = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(home, ".claude");
            await makeDirs([configDir], launch.identity);
            env.CLAUDE_CONFIG_DIR = configDir;
        }
        if (options.noCliRetries)
            env.CLAUDE_CODE_MAX_RETRIES = "0";
        if (options.offline) {
            Object.assign(env, {
                CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
                DISABLE_AUTOUPDATER: "1",
                DISABLE_TELEMETRY: "1",
                DISABLE_ERROR_REPORTING: "1",
            });
        }
    }
    else {
        const originalPath = launch.spec.env.OPENCODE_CONFIG ?? node_path__WEBPACK_IMPORTED_MODULE_1___default().join(launch.context.overlayDir, _opencode_js__WEBPACK_IMPORTED_MODULE_3__/* .OPENCODE_CONFIG_FILE */ .K1);
        const original = launch.spec.files.find((f) => f.path === originalPath);
        const parsed = original ? JSON.parse(original.content) : {};
        const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(originalPath), options.openCodeConfigFile);
        const config = openCodeEndpointConfig(launch, parsed, endpoint, {
            offline: options.offline,
            defaultModel: options.defaultOpenCodeModel,
            keepSdk: options.keepOpenCodeSdk,
        });
        await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
        // Behind an agent user: readable by its group, like the other files of its inputs directory.
        if (launch.identity) {
            await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.chown(file, process.getuid?.() ?? 0, launch.identity.gid);
            await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.chmod(file, 0o640);
        }
        env.OPENCODE_CONFIG = file;
        if (options.offline) {
            Object.assign(env, {
                OPENCODE_DISABLE_AUTOUPDATE: "1",
                OPENCODE_DISABLE_MODELS_FETCH: "1",
                OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
                OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
                OPENCODE_DISABLE_SHARE: "1",
            });
        }
    }
    return env;
}


/***/ }),

/***/ 3411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ deepMerge),
/* harmony export */   O: () => (/* binding */ isJsonObject)
/* harmony export */ });
function isJsonObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
function setOwn(target, key, value) {
    // defineProperty keeps a "__proto__" key an ordinary property instead of a prototype change.
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
function deepMerge(...layers) {
    const out = {};
    for (const layer of layers) {
        if (!layer)
            continue;
        for (const [key, value] of Object.entries(layer)) {
            if (value === undefined)
                continue;
            const current = Object.hasOwn(out, key) ? out[key] : undefined;
            if (isJsonObject(current) && isJsonObject(value))
                setOwn(out, key, deepMerge(current, value));
            else if (isJsonObject(value))
                setOwn(out, key, deepMerge(value));
            else
                setOwn(out, key, value);
        }
    }
    return out;
}


/***/ }),

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

/***/ 4105:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K1: () => (/* binding */ OPENCODE_CONFIG_FILE),
/* harmony export */   YI: () => (/* binding */ buildOpenCodeLaunchSpec)
/* harmony export */ });
/* unused harmony exports OPENCODE_AGENT_PROMPT_FILE, openCodeAgentName, openCodeConfig */
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8361);
/* harmony import */ var _json_merge_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3411);
/* harmony import */ var _provider_keys_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2650);
/**
 * OpenCode: `opencode run --agent <name> … --title wave-<id>` with the prompt on stdin (checked
 * against opencode 1.18: `run` reads stdin whenever it is not a terminal, so no positional message
 * is needed and a prompt of any size works) and a generated `<overlay>/opencode.json` given through
 * OPENCODE_CONFIG:
 *
 *   opencode.config_json ⊕ { $schema, instructions: config ∪ opencode.instructions,
 *     agent: { <name>: { description, mode: "primary", prompt: "{file:./opencode-agent-prompt.txt}",
 *                        model?, steps?, permission? } } }
 *
 * The agent's skills are written to `<overlay>/skills/<id>/SKILL.md` and listed in `instructions`
 * (after the user's), as well as being inlined in the prompt.
 *
 * The agent is `wave-<agentId>` unless `opencode.agent` names one of the user's own agents; then
 * only model/steps/permission are set on it and the harness prompt goes into `instructions`, so the
 * user's agent prompt is kept.
 *
 * `--format json` is always given: with the default format `run` prints each tool call and the
 * tool's output on stderr, which the runtime captures together with stdout, so a command that
 * prints marker lines would put them in the agent's output. In JSON, markers are read only from
 * the assistant's `text` parts (`opencode.format` no longer changes the stream).
 */



const OPENCODE_CONFIG_FILE = "opencode.json";
const OPENCODE_AGENT_PROMPT_FILE = "opencode-agent-prompt.txt";
const CONFIG_SCHEMA_URL = "https://opencode.ai/config.json";
/** The agent name OpenCode runs: `opencode.agent` or `wave-<agentId>`, lowercased and sanitized. */
function openCodeAgentName(ctx) {
    const raw = ctx.executor.opencode.agent ?? `wave-${ctx.agent.agentId}`;
    return raw.toLowerCase().replace(/[^a-z0-9_-]/g, "-");
}
function stringList(value) {
    return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
}
function openCodeConfig(ctx, promptFilePath) {
    const opencode = ctx.executor.opencode;
    const userConfig = opencode.configJson ?? {};
    const ownAgent = opencode.agent === undefined;
    const agentEntry = (0,_json_merge_js__WEBPACK_IMPORTED_MODULE_2__/* .deepMerge */ .$)(ownAgent
        ? {
            description: `Wave agent ${ctx.agent.agentId}: ${ctx.agent.title}`,
            mode: "primary",
            prompt: `{file:./${OPENCODE_AGENT_PROMPT_FILE}}`,
        }
        : null, ctx.executor.model ? { model: ctx.executor.model } : null, opencode.steps !== undefined ? { steps: opencode.steps } : null, opencode.permission !== undefined ? { permission: opencode.permission } : null);
    const instructions = (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .unique */ .Am)([
        ...stringList(userConfig.instructions),
        ...(opencode.instructions ?? []),
        ...(ownAgent ? [] : [promptFilePath]),
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .skillFiles */ .te)(ctx).map((f) => f.path),
    ]);
    return (0,_json_merge_js__WEBPACK_IMPORTED_MODULE_2__/* .deepMerge */ .$)(userConfig, {
        $schema: CONFIG_SCHEMA_URL,
        ...(instructions.length > 0 ? { instructions } : {}),
        agent: { [openCodeAgentName(ctx)]: agentEntry },
    });
}
function buildOpenCodeLaunchSpec(ctx) {
    const opencode = ctx.executor.opencode;
    const promptFile = {
        path: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .overlayPath */ .i_)(ctx, OPENCODE_AGENT_PROMPT_FILE),
        content: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .harnessSystemPrompt */ .eI)(ctx),
    };
    const configPath = (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .overlayPath */ .i_)(ctx, OPENCODE_CONFIG_FILE);
    const config = openCodeConfig(ctx, promptFile.path);
    const configFile = {
        path: configPath,
        content: `${JSON.stringify(config, null, 2)}\n`,
        ...(opencode.configJson !== undefined ? { sensitive: true } : {}),
    };
    const configModel = typeof opencode.configJson?.model === "string" ? opencode.configJson.model : null;
    const provider = (0,_provider_keys_js__WEBPACK_IMPORTED_MODULE_1__/* .providerEnvKeys */ .z)(ctx.executor.model ?? configModel);
    const argv = [
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .programArgv */ .DN)(opencode.command, "opencode"),
        "run",
        "--agent",
        openCodeAgentName(ctx),
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .optional */ .lq)("--model", ctx.executor.model),
        "--format",
        "json",
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .optional */ .lq)("--attach", opencode.attach),
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .repeated */ .ZD)("--file", opencode.files),
        "--title",
        `wave-${ctx.agent.agentId}`,
    ];
    return {
        ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .baseSpec */ .TI)(ctx),
        argv,
        stdin: ctx.prompt,
        env: { OPENCODE_CONFIG: configPath, OPENCODE_DISABLE_AUTOUPDATE: "1" },
        secretEnvKeys: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .unique */ .Am)([...(opencode.envKeys ?? []), ...provider.secret]),
        passEnvKeys: provider.plain,
        files: [promptFile, configFile, ...(0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .skillFiles */ .te)(ctx)],
        rateLimitRetries: true,
        lastMessagePath: null,
        transcript: "opencode-json",
    };
}


/***/ }),

/***/ 2650:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ providerOf),
/* harmony export */   z: () => (/* binding */ providerEnvKeys)
/* harmony export */ });
const PROVIDERS = {
    anthropic: { secret: ["ANTHROPIC_API_KEY"], plain: ["ANTHROPIC_BASE_URL"] },
    openai: { secret: ["OPENAI_API_KEY"], plain: ["OPENAI_BASE_URL"] },
    google: { secret: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"] },
    openrouter: { secret: ["OPENROUTER_API_KEY"] },
    groq: { secret: ["GROQ_API_KEY"] },
    mistral: { secret: ["MISTRAL_API_KEY"] },
    xai: { secret: ["XAI_API_KEY"] },
    deepseek: { secret: ["DEEPSEEK_API_KEY"] },
    "fireworks-ai": { secret: ["FIREWORKS_API_KEY"] },
    cerebras: { secret: ["CEREBRAS_API_KEY"] },
    togetherai: { secret: ["TOGETHER_AI_API_KEY", "TOGETHER_API_KEY"] },
    opencode: { secret: ["OPENCODE_API_KEY"] },
    azure: { secret: ["AZURE_API_KEY"], plain: ["AZURE_RESOURCE_NAME"] },
    "amazon-bedrock": {
        secret: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK"],
        plain: ["AWS_REGION", "AWS_PROFILE"],
    },
};
/** The provider prefix of `provider/model` (lowercased), or null. */
function providerOf(model) {
    if (!model)
        return null;
    const slash = model.indexOf("/");
    return slash > 0 ? model.slice(0, slash).toLowerCase() : null;
}
function providerEnvKeys(model) {
    const provider = providerOf(model);
    const known = provider ? PROVIDERS[provider] : undefined;
    return { secret: [...(known?.secret ?? [])], plain: [...(known?.plain ?? [])] };
}


/***/ }),

/***/ 1293:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g5: () => (/* binding */ keyDigest),
/* harmony export */   lq: () => (/* binding */ requestKey),
/* harmony export */   vV: () => (/* binding */ matchesKey)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * How a model API request carries its key: `x-api-key` (Anthropic) or `Authorization: Bearer`
 * (OpenAI and OpenAI-compatible APIs). The model proxy reads agents' tokens this way and the
 * rehearsal server reads its per-agent keys this way; both compare them in constant time through
 * a sha256 digest (equal length, so neither the key nor its length leaks through timing).
 */

/** The key a request carries, or null. */
function requestKey(headers) {
    const x = headers["x-api-key"];
    if (typeof x === "string" && x !== "")
        return x;
    const auth = headers.authorization;
    if (typeof auth === "string" && /^Bearer /i.test(auth))
        return auth.slice(7).trim();
    return null;
}
/** What is kept of a key to check it later (never the key itself). */
function keyDigest(key) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256").update(key).digest();
}
/** Whether `given` is the key whose digest is `expected`. */
function matchesKey(expected, given) {
    return given !== null && (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.timingSafeEqual)(keyDigest(given), expected);
}


/***/ }),

/***/ 560:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ systemPromptText)
/* harmony export */ });
function systemPromptText(ctx) {
    const model = ctx.executor.model ? ` (model ${ctx.executor.model})` : "";
    const lines = [
        `You are one agent of a Wave Action run: lane ${ctx.lane}, wave ${ctx.wave}.`,
        `Agent ${ctx.agent.agentId} "${ctx.agent.title}", role ${ctx.role}, executor ${ctx.executor.id}${model}.`,
        "The task prompt you are given is your assignment: it names the files you own, what you must deliver and how you report back.",
        "Print each structured marker line the task asks for (lines starting with [wave-) exactly as specified, on a line of its own and outside code fences; the wave's gates read only those lines.",
        "Change only files you own. Never drop or reword the task's ownership rules, exit contract, coordination or message-board instructions.",
        "Write plain text; keep your final summary short.",
    ];
    if (ctx.markerNonce) {
        lines.push("Closure markers must end with nonce=<value>, the value of the WAVE_MARKER_NONCE environment variable.");
    }
    return `${lines.join("\n")}\n`;
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


/***/ }),

/***/ 2944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ followLog)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * `tail -F` for agent logs: streams a file's content from an offset and keeps following it as it
 * grows, waits for it to appear, starts over when it is truncated or replaced, and stops when the
 * signal aborts (after one last read, so nothing written before the abort is missed).
 * Change detection uses fs.watch on the directory with a slow poll as backstop.
 */



const CHUNK_BYTES = 64 * 1024;
async function followLog(filePath, options) {
    const { signal, onData } = options;
    const pollMs = options.pollMs ?? 500;
    const base = node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(filePath);
    let offset = Math.max(0, options.fromOffset ?? 0);
    let bytes = 0;
    let handle = null;
    let inode = null;
    let wake = null;
    let dirty = true;
    const poke = () => {
        dirty = true;
        const w = wake;
        wake = null;
        w?.();
    };
    signal.addEventListener("abort", poke, { once: true });
    let watcher = null;
    const startWatcher = () => {
        if (watcher)
            return;
        try {
            watcher = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.watch)(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(filePath), (_event, name) => {
                if (name === null || String(name) === base)
                    poke();
            });
            watcher.on("error", () => {
                watcher?.close();
                watcher = null;
            });
        }
        catch {
            watcher = null; // directory missing or no watch slots: the poll still works
        }
    };
    const reopen = async () => {
        if (handle)
            return;
        try {
            handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(filePath, "r");
            const info = await handle.stat();
            if (inode !== null && info.ino !== inode)
                offset = 0; // replaced: start at its beginning
            inode = info.ino;
        }
        catch {
            handle = null;
        }
    };
    /** Reads everything available; returns when at the end of the current file. */
    const drain = async () => {
        await reopen();
        if (!handle)
            return;
        const info = await handle.stat();
        if (info.size < offset)
            offset = 0; // truncated
        const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
        for (;;) {
            const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, offset);
            if (bytesRead === 0)
                break;
            offset += bytesRead;
            bytes += bytesRead;
            await onData(Buffer.from(buffer.subarray(0, bytesRead)));
        }
        // Replaced by a new file (rotation): finish the old one (done above), then switch.
        try {
            const current = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(filePath);
            if (current.ino !== inode) {
                await handle.close();
                handle = null;
                offset = 0;
                inode = current.ino;
                dirty = true;
            }
        }
        catch {
            // Deleted: keep the open handle; a new file will be noticed on a later pass.
        }
    };
    try {
        startWatcher();
        while (!signal.aborted) {
            if (dirty) {
                dirty = false;
                await drain();
                if (!watcher)
                    startWatcher();
                continue;
            }
            await new Promise((resolve) => {
                const timer = setTimeout(() => {
                    wake = null;
                    dirty = true;
                    resolve();
                }, pollMs);
                wake = () => {
                    clearTimeout(timer);
                    resolve();
                };
            });
        }
        await drain();
        return { offset, bytes };
    }
    finally {
        signal.removeEventListener("abort", poke);
        watcher?.close();
        await handle?.close();
    }
}


/***/ }),

/***/ 7508:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TerminalFilter: () => (/* binding */ TerminalFilter),
/* harmony export */   runTmuxView: () => (/* binding */ runTmuxView)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6193);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_string_decoder__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3916);
/* harmony import */ var _signals_render_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2613);
/**
 * The read-only viewer that runs in a tmux pane (`wave __tmux-view <fifo>`). It copies what the
 * orchestrator writes into the FIFO to the terminal until the orchestrator closes its end, then
 * exits. It has no part in the agent's run: it does not start the agent, does not see its
 * environment, does not write the log, and nothing it does is read back. Closing the pane only
 * ends the view.
 *
 * Agent output is untrusted, so before it reaches the terminal every escape sequence except plain
 * colour/style changes (CSI ... m) is dropped, as are control characters other than tab, newline,
 * carriage return and backspace: the output cannot retitle the pane, write the clipboard of a
 * human who attaches (OSC 52), reset the terminal or send queries that make it "type" replies.
 *
 * The events of an agent CLI's JSON transcript show rendered, as `wave logs` shows them (see
 * src/signals/render.ts): the viewer is not told the format, so each line that parses as an event
 * of a known transcript is rendered (`auto`) and every other line shows as it arrives.
 */






const ESC = 0x1b;
/** Longest CSI sequence kept (parameters and intermediates); longer ones are dropped. */
const MAX_CSI_BYTES = 64;
/** OSC/DCS/APC/PM/SOS strings are skipped up to this many bytes, then output shows again. */
const MAX_STRING_BYTES = 4096;
/** Streaming filter that makes untrusted output safe to show on a terminal (see the file header). */
class TerminalFilter {
    state = "ground";
    csi = [];
    csiTooLong = false;
    stringBytes = 0;
    push(chunk) {
        // Each byte yields at most one byte, except a CSI final byte, which also releases the held
        // sequence (at most MAX_CSI_BYTES + 2, possibly begun in an earlier chunk).
        const out = Buffer.allocUnsafe(chunk.length + MAX_CSI_BYTES + 3);
        let n = 0;
        for (const byte of chunk) {
            switch (this.state) {
                case "ground":
                    if (byte === ESC)
                        this.state = "esc";
                    else if (byte >= 0x20 ? byte !== 0x7f : byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x08) {
                        out[n++] = byte;
                    }
                    break;
                case "esc":
                    if (byte === 0x5b) {
                        this.state = "csi";
                        this.csi = [];
                        this.csiTooLong = false;
                    }
                    else if (byte === 0x5d || byte === 0x50 || byte === 0x5f || byte === 0x5e || byte === 0x58) {
                        this.state = "string";
                        this.stringBytes = 0;
                    }
                    else if (byte !== ESC) {
                        this.state = "ground"; // any other escape (reset, charset, keypad, ...) is dropped
                    }
                    break;
                case "csi":
                    if (byte >= 0x20 && byte <= 0x3f) {
                        if (this.csi.length < MAX_CSI_BYTES)
                            this.csi.push(byte);
                        else
                            this.csiTooLong = true;
                    }
                    else {
                        if (byte === 0x6d && !this.csiTooLong && this.csi.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x3b)) {
                            out[n++] = ESC;
                            out[n++] = 0x5b;
                            for (const b of this.csi)
                                out[n++] = b;
                            out[n++] = byte;
                        }
                        // A final byte ends the sequence; anything else (a control, ESC) aborts it.
                        this.state = byte === ESC ? "esc" : "ground";
                        this.csi = [];
                    }
                    break;
                case "string":
                case "string-esc":
                    if (byte === 0x07 || (this.state === "string-esc" && byte === 0x5c))
                        this.state = "ground";
                    else if (++this.stringBytes > MAX_STRING_BYTES)
                        this.state = "ground";
                    else
                        this.state = byte === ESC ? "string-esc" : "string";
                    break;
            }
        }
        return out.subarray(0, n);
    }
}
/**
 * Shows the FIFO's content until the writer closes it. Exit codes: 0 at the end of the stream (or
 * when the terminal went away), 1 when the FIFO could not be read, 2 for bad usage.
 */
async function runTmuxView(argv, io) {
    const fifo = argv[0];
    if (!fifo || argv.length !== 1) {
        io.stderr.write("usage: wave __tmux-view <fifo>\n");
        return 2;
    }
    try {
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(fifo).isFIFO()) {
            io.stderr.write(`wave __tmux-view: ${fifo} is not a FIFO\n`);
            return 2;
        }
    }
    catch (error) {
        io.stderr.write(`wave __tmux-view: cannot use ${fifo}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error)}\n`);
        return 2;
    }
    let fd;
    try {
        // Blocks (in the thread pool) until the orchestrator opens its end.
        fd = await (0,node_util__WEBPACK_IMPORTED_MODULE_3__.promisify)(node_fs__WEBPACK_IMPORTED_MODULE_0__.open)(fifo, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW);
    }
    catch (error) {
        io.stderr.write(`wave __tmux-view: cannot open ${fifo}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error)}\n`);
        return 1;
    }
    const input = new (node_net__WEBPACK_IMPORTED_MODULE_1___default().Socket)({ fd, readable: true, writable: false });
    const filter = new TerminalFilter();
    const decoder = new node_string_decoder__WEBPACK_IMPORTED_MODULE_2__.StringDecoder("utf8");
    const renderer = new _signals_render_js__WEBPACK_IMPORTED_MODULE_5__/* .TranscriptRenderer */ .yE("auto");
    return await new Promise((resolve) => {
        let done = false;
        const finish = (code) => {
            if (done)
                return;
            done = true;
            input.destroy();
            resolve(code);
        };
        /** Shows text; false when the terminal wants a pause (or is gone). */
        const show = (text) => {
            const shown = text === "" ? text : filter.push(Buffer.from(text, "utf8"));
            if (shown.length === 0)
                return true;
            try {
                return io.stdout.write(shown);
            }
            catch {
                finish(0);
                return false;
            }
        };
        io.stdout.on("error", () => finish(0)); // the pane is gone: nothing left to show
        input.on("data", (chunk) => {
            if (!show(renderer.push(decoder.write(chunk))) && !done) {
                input.pause();
                io.stdout.once("drain", () => input.resume());
            }
        });
        input.on("end", () => {
            show(renderer.push(decoder.end()) + renderer.end());
            finish(0);
        });
        input.on("error", (error) => {
            io.stderr.write(`wave __tmux-view: reading ${fifo} failed: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error)}\n`);
            finish(1);
        });
    });
}


/***/ }),

/***/ 633:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ git),
/* harmony export */   QE: () => (/* binding */ gitOrThrow),
/* harmony export */   Qo: () => (/* binding */ headCommit),
/* harmony export */   oB: () => (/* binding */ gitTopLevel),
/* harmony export */   q4: () => (/* binding */ repositoryId)
/* harmony export */ });
/* harmony import */ var _actions_exec__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1260);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/**
 * Short git invocations (argv only, through @actions/exec, output captured, never echoed).
 */


async function git(cwd, args, env) {
    try {
        const r = await (0,_actions_exec__WEBPACK_IMPORTED_MODULE_0__/* .getExecOutput */ .H)("git", args, {
            cwd,
            silent: true,
            ignoreReturnCode: true,
            env: env ? { ...process.env, ...env } : undefined,
        });
        return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`git could not be run (${error instanceof Error ? error.message : String(error)})`);
    }
}
async function gitOrThrow(cwd, args, what, env) {
    const r = await git(cwd, args, env);
    if (r.code !== 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${what} failed: git ${args[0]}: ${r.stderr.trim() || `exit ${r.code}`}`);
    return r.stdout;
}
/** The commit checked out in `root`, or null when it is not a git work tree (or has no commit). */
async function headCommit(root) {
    const r = await git(root, ["rev-parse", "--verify", "-q", "HEAD"]);
    return r.code === 0 ? r.stdout.trim() : null;
}
/** `owner/name` from GITHUB_REPOSITORY, else the origin URL's last two segments, else null. */
async function repositoryId(root, env) {
    if (env.GITHUB_REPOSITORY)
        return env.GITHUB_REPOSITORY;
    const r = await git(root, ["config", "--get", "remote.origin.url"]);
    if (r.code !== 0)
        return null;
    const m = /([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(r.stdout.trim());
    return m?.[1] ?? null;
}
/**
 * The top level of the git work tree that holds `dir` (with symbolic links resolved, as git
 * reports it). Workspace changes are recorded and applied there, whatever subdirectory the waves
 * live in: git commands run in a subdirectory only see (or apply) the paths under it.
 */
async function gitTopLevel(dir) {
    return (await gitOrThrow(dir, ["rev-parse", "--show-toplevel"], "finding the repository's top level")).trim();
}


/***/ })

};

//# sourceMappingURL=226.index.js.map