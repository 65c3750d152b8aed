export const id = 9;
export const ids = [9];
export const modules = {

/***/ 9009:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _runModeForTests: () => (/* binding */ runMode),
  runAction: () => (/* binding */ runAction),
  setOutputs: () => (/* binding */ setOutputs)
});

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: ./src/artifacts/index.ts + 11 modules
var src_artifacts = __webpack_require__(98795);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
;// CONCATENATED MODULE: ./src/action/cli-path.ts
/**
 * The action bundle (dist/index.js, dist/post/index.js) starts agents' `wave` commands, the local
 * agent and the tmux viewer through the CLI bundle that sits next to it (dist/cli/index.js).
 */


function selfActionCliArgv(entry = process.argv[1] ?? "") {
    let dir = external_node_path_default().dirname(external_node_path_default().resolve(entry));
    for (let i = 0; i < 3; i++) {
        const bundled = external_node_path_default().join(dir, "cli", "index.js");
        if ((0,external_node_fs_.existsSync)(bundled))
            return [process.execPath, bundled];
        const source = external_node_path_default().join(dir, "cli.ts");
        if ((0,external_node_fs_.existsSync)(source))
            return [process.execPath, ...process.execArgv, source];
        dir = external_node_path_default().dirname(dir);
    }
    return [process.execPath, external_node_path_default().join(external_node_path_default().dirname(external_node_path_default().resolve(entry)), "cli", "index.js")];
}

// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var wave_diagnostics = __webpack_require__(2521);
// EXTERNAL MODULE: ./src/wave/config.ts + 2 modules
var config = __webpack_require__(58349);
;// CONCATENATED MODULE: ./src/wave/discover.ts
/**
 * Finding the wave files of a lane: `wave-<n>.md` in the lane's waves directory, numeric order.
 */



const WAVE_FILE_PATTERN = /^wave-(\d+)\.md$/;
/**
 * Lists the wave files in `wavesDir` (repository-relative). Throws WaveInputError (exit 2) when
 * the directory is missing or holds no wave file at all. Misnamed files (`wave-1a.md`,
 * `Wave-2.md`), duplicate numbers (`wave-1.md` + `wave-01.md`) and non-files are errors; other
 * `wave-*.md` names are ignored with a warning; gaps in the numbering are warnings.
 */
function discoverWaveFiles(root, wavesDir) {
    const dirAbs = external_node_path_default().join(root, wavesDir);
    const sink = new wave_diagnostics/* DiagnosticSink */.b9(wavesDir);
    let entries;
    try {
        entries = external_node_fs_default().readdirSync(dirAbs, { withFileTypes: true });
    }
    catch (e) {
        const code = e.code;
        sink.error(0, code === "ENOENT" ? `waves directory not found: ${wavesDir}` : code === "ENOTDIR" ? `${wavesDir} is not a directory` : `cannot read waves directory ${wavesDir}: ${code}`);
        throw new wave_diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const files = [];
    const byNumber = new Map();
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const name = entry.name;
        const rel = `${wavesDir}/${name}`;
        const fileSink = new wave_diagnostics/* DiagnosticSink */.b9(rel);
        const m = WAVE_FILE_PATTERN.exec(name);
        if (!m) {
            if (/^wave-\d.*\.md$/i.test(name)) {
                fileSink.error(0, `invalid wave file name "${name}": wave files are named wave-<number>.md (e.g. wave-3.md)`);
            }
            else if (/^wave-.*\.md$/i.test(name)) {
                fileSink.warning(0, `"${name}" is not a wave file (wave files are named wave-<number>.md) and is ignored`);
            }
            sink.items.push(...fileSink.items);
            continue;
        }
        const wave = Number(m[1]);
        if (!Number.isSafeInteger(wave)) {
            fileSink.error(0, `wave number in "${name}" is too large`);
            sink.items.push(...fileSink.items);
            continue;
        }
        const abs = external_node_path_default().join(dirAbs, name);
        let isFile = false;
        try {
            isFile = external_node_fs_default().statSync(abs).isFile();
        }
        catch {
            isFile = false;
        }
        if (!isFile) {
            fileSink.error(0, `${rel} is not a regular file`);
            sink.items.push(...fileSink.items);
            continue;
        }
        const other = byNumber.get(wave);
        if (other !== undefined) {
            fileSink.error(0, `wave ${wave} is defined twice (${other} and ${name})`);
            sink.items.push(...fileSink.items);
            continue;
        }
        byNumber.set(wave, name);
        files.push({ wave, file: rel, abs });
    }
    files.sort((a, b) => a.wave - b.wave);
    if (files.length === 0) {
        sink.error(0, `no wave files found in ${wavesDir} (expected files named wave-<number>.md)`);
        throw new wave_diagnostics/* WaveInputError */.Cv(sink.items);
    }
    for (let i = 1; i < files.length; i++) {
        const prev = files[i - 1].wave;
        const cur = files[i].wave;
        if (cur > prev + 1) {
            const missing = cur - prev === 2 ? `${prev + 1}` : `${prev + 1}-${cur - 1}`;
            sink.warning(0, `wave numbers skip ${missing} (between ${files[i - 1].file} and ${files[i].file})`);
        }
    }
    return { files, diagnostics: sink.items };
}

;// CONCATENATED MODULE: ./src/wave/preview.ts
/** Cuts long user input for messages: diagnostics quote input, they never repeat megabytes of it. */
function preview(text, max = 80) {
    const t = text.length > max * 4 ? text.slice(0, max * 4).trim() : text.trim();
    return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

;// CONCATENATED MODULE: ./src/wave/bullets.ts

function extra(ctx, column) {
    return { ...(ctx.agentId !== undefined ? { agentId: ctx.agentId } : {}), ...(column !== undefined ? { column } : {}) };
}
/** `- value` lines of a section; any other non-blank line is reported as malformed. */
function bulletsOf(section, ctx, what) {
    const out = [];
    for (const line of section.body) {
        const t = line.text;
        const trimmed = t.trim();
        if (trimmed === "")
            continue;
        const lead = t.length - t.trimStart().length;
        const ok = trimmed.startsWith("-") && (trimmed[1] === " " || trimmed[1] === "\t");
        const value = ok ? trimmed.slice(1).trim() : "";
        if (!ok || value === "") {
            ctx.sink.error(line.n, `${ctx.who}: malformed ${what} "${preview(trimmed)}" in "${"#".repeat(section.level)} ${section.name}" (expected "- …"; no prose in list sections)`, extra(ctx, lead + 1));
            continue;
        }
        const column = t.indexOf(value, lead + 1) + 1;
        out.push({ n: line.n, value, column: column > 0 ? column : lead + 3 });
    }
    return out;
}
const KEY = /^[A-Za-z0-9._-]+$/;
/** `- key: value` lines. Malformed lines are reported; `allowDots` permits `a.b` keys. */
function keyValuesOf(section, ctx, what, allowDots = true) {
    const out = [];
    for (const b of bulletsOf(section, ctx, what)) {
        const colon = b.value.indexOf(":");
        const key = colon > 0 ? b.value.slice(0, colon).trim() : "";
        if (!key || !KEY.test(key) || (!allowDots && key.includes("."))) {
            ctx.sink.error(b.n, `${ctx.who}: malformed ${what} "${preview(b.value)}" (expected "- <key>: <value>")`, extra(ctx, b.column));
            continue;
        }
        const rawValue = b.value.slice(colon + 1);
        const value = rawValue.trim();
        if (value === "") {
            ctx.sink.error(b.n, `${ctx.who}: empty ${what} "${key}"`, extra(ctx, b.column));
            continue;
        }
        const valueColumn = b.column + colon + 1 + (rawValue.length - rawValue.trimStart().length);
        out.push({ n: b.n, column: b.column, key, value, valueColumn });
    }
    return out;
}
function errorAt(ctx, line, message, column) {
    ctx.sink.error(line, `${ctx.who}: ${message}`, extra(ctx, column));
}
function warnAt(ctx, line, message, column) {
    ctx.sink.warning(line, `${ctx.who}: ${message}`, extra(ctx, column));
}

;// CONCATENATED MODULE: ./src/wave/markdown.ts
/**
 * A line-based markdown scanner: just enough markdown to find the structure of a wave file.
 *
 * - Headings are ATX headings at the start of a line (`#`..`######`, then a space or the end of the
 *   line); trailing spaces are ignored; `####` is level 4, never level 3.
 * - Fenced blocks open with three or more backticks or tildes (up to three spaces of indentation)
 *   and close with a line of the same character at least as long. Everything inside a fence is
 *   plain content, so a `## Agent` or `### ` line in a prompt is prompt text, not structure.
 * - Everything is linear in the size of the input (no backtracking regular expressions), so a
 *   10 MB file or a single huge line is fine.
 */
/** Splits text into lines on LF or CRLF (a lone CR stays inside its line). */
function splitLines(text) {
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
        const l = lines[i];
        if (l.endsWith("\r"))
            lines[i] = l.slice(0, -1);
    }
    return lines;
}
function leadingSpaces(text) {
    let i = 0;
    while (i < text.length && text[i] === " ")
        i++;
    return i;
}
/** Parses a fence opener: returns char, run length and info string, or null. */
function fenceOpener(text) {
    const indent = leadingSpaces(text);
    if (indent > 3)
        return null;
    const c = text[indent];
    if (c !== "`" && c !== "~")
        return null;
    let j = indent;
    while (j < text.length && text[j] === c)
        j++;
    const length = j - indent;
    if (length < 3)
        return null;
    const info = text.slice(j).trim();
    if (c === "`" && info.includes("`"))
        return null;
    return { char: c, length, info };
}
function isFenceCloser(text, fence) {
    const indent = leadingSpaces(text);
    if (indent > 3)
        return false;
    let j = indent;
    while (j < text.length && text[j] === fence.char)
        j++;
    if (j - indent < fence.length)
        return false;
    return text.slice(j).trim() === "";
}
/** An ATX heading at column 0: level and trimmed text, or null. */
function parseHeading(text) {
    if (text[0] !== "#")
        return null;
    let level = 0;
    while (level < text.length && text[level] === "#")
        level++;
    if (level > 6)
        return null;
    if (level < text.length && text[level] !== " " && text[level] !== "\t")
        return null;
    return { level, text: text.slice(level).trim() };
}
/** Scans text into lines, marking fences and headings. */
function scanMarkdown(text) {
    const raw = splitLines(text);
    const lines = new Array(raw.length);
    const fences = [];
    let open = null;
    for (let i = 0; i < raw.length; i++) {
        const n = i + 1;
        const t = raw[i];
        if (open) {
            if (isFenceCloser(t, open)) {
                open.close = n;
                open.last = n - 1;
                lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
                open = null;
            }
            else {
                lines[i] = { n, text: t, fenced: true };
            }
            continue;
        }
        const opener = fenceOpener(t);
        if (opener) {
            open = { open: n, close: null, char: opener.char, length: opener.length, info: opener.info, first: n + 1, last: raw.length };
            fences.push(open);
            lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
            continue;
        }
        const heading = parseHeading(t);
        lines[i] = heading ? { n, text: t, fenced: false, heading } : { n, text: t, fenced: false };
    }
    return { lines, fences };
}
/** The content of a fence as text (lines joined by LF). */
function fenceContent(scanned, fence) {
    if (fence.last < fence.first)
        return "";
    const out = [];
    for (let n = fence.first; n <= fence.last; n++)
        out.push(scanned.lines[n - 1].text);
    return out.join("\n");
}

// EXTERNAL MODULE: ./src/wave/paths.ts
var wave_paths = __webpack_require__(33345);
// EXTERNAL MODULE: ./src/wave/schema.ts
var schema = __webpack_require__(68486);
// EXTERNAL MODULE: ./src/wave/words.ts
var words = __webpack_require__(8628);
;// CONCATENATED MODULE: ./src/wave/wave-sections.ts
/**
 * Wave-level sections: `## Component promotions`, `## Context7 defaults`, `## Eval targets`,
 * `## Deploy environments`.
 */



/** Component ids, capability ids, skill ids, eval target ids. */
const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
const LOOSE_ID = /^[a-z0-9._-]+$/i;
function parseComponentPromotions(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "component promotion")) {
        const colon = b.value.indexOf(":");
        const id = colon > 0 ? b.value.slice(0, colon).trim() : "";
        const level = colon > 0 ? b.value.slice(colon + 1).trim() : "";
        if (!LOOSE_ID.test(id) || !LOOSE_ID.test(level)) {
            errorAt(ctx, b.n, `malformed component promotion "${preview(b.value)}" (expected "- <component-id>: <level>")`, b.column);
            continue;
        }
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid component id "${id}" (lowercase letters, digits, ".", "_", "-")`, b.column);
            continue;
        }
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate component promotion "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({ componentId: id, targetLevel: level });
    }
    return out;
}
/** `- bundle: <id>` / `- query: "<text>"`; null when neither is set. */
function parseContext7(section, ctx) {
    let bundle = null;
    let query = null;
    for (const kv of keyValuesOf(section, ctx, "Context7 setting", false)) {
        const key = kv.key.toLowerCase();
        const value = (0,words/* stripMatchingQuotes */.H)(kv.value);
        if (key === "bundle")
            bundle = value.trim() || null;
        else if (key === "query")
            query = (0,words/* compactSingleLine */.gH)(value, 280) || null;
        else
            warnAt(ctx, kv.n, `unknown Context7 setting "${kv.key}" is ignored (known: bundle, query)`, kv.column);
    }
    return bundle === null && query === null ? null : { bundle, query };
}
function parseEvalTargets(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "eval target")) {
        const index = out.length;
        const fields = {};
        let bad = false;
        for (const part of b.value.split("|")) {
            const pair = part.trim();
            if (!pair)
                continue;
            const colon = pair.indexOf(":");
            const key = colon > 0 ? pair.slice(0, colon).trim().toLowerCase() : "";
            const value = colon > 0 ? (0,words/* stripMatchingQuotes */.H)(pair.slice(colon + 1)) : "";
            if (!key || !value) {
                errorAt(ctx, b.n, `malformed eval target field "${preview(pair)}" (expected "key: value")`, b.column);
                bad = true;
                break;
            }
            fields[key] = value;
        }
        if (bad)
            continue;
        const problems = [];
        const id = (fields.id ?? "").trim().toLowerCase();
        if (!ID_PATTERN.test(id))
            problems.push(`id must match ${ID_PATTERN} (got "${preview(fields.id ?? "", 40)}")`);
        const selection = (fields.selection ?? "").trim().toLowerCase();
        if (selection !== "pinned" && selection !== "delegated")
            problems.push("selection must be one of: pinned, delegated");
        const familyRaw = (fields["benchmark-family"] ?? "").trim().toLowerCase();
        if (familyRaw && !ID_PATTERN.test(familyRaw))
            problems.push(`benchmark-family must match ${ID_PATTERN}`);
        const benchmarks = (fields.benchmarks ?? "")
            .split(",")
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean);
        for (const bm of benchmarks)
            if (!ID_PATTERN.test(bm))
                problems.push(`benchmark "${preview(bm, 40)}" must match ${ID_PATTERN}`);
        const objective = (fields.objective ?? "").trim();
        const threshold = (fields.threshold ?? "").trim();
        if (!objective)
            problems.push("objective is required");
        if (!threshold)
            problems.push("threshold is required");
        if (selection === "delegated" && !familyRaw)
            problems.push("must declare benchmark-family when selection=delegated");
        if (selection === "pinned" && benchmarks.length === 0)
            problems.push("must declare benchmarks when selection=pinned");
        if (problems.length > 0) {
            errorAt(ctx, b.n, `eval target ${index + 1}: ${problems.join("; ")}`, b.column);
            continue;
        }
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate eval target "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({
            id,
            selection: selection,
            benchmarkFamily: familyRaw || null,
            benchmarks,
            objective,
            threshold,
        });
    }
    return out;
}
const DEPLOY_LINE = /^`?([a-z0-9][a-z0-9._-]*)`?\s*:\s*`?([a-z0-9][a-z0-9._-]*)`?\s*(default)?(?:\s+\((.*)\))?$/i;
function parseDeployEnvironments(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "deploy environment")) {
        const m = b.value.length <= 2000 ? DEPLOY_LINE.exec(b.value) : null;
        if (!m) {
            errorAt(ctx, b.n, `malformed deploy environment "${preview(b.value)}" (expected "- <id>: <kind> [default] [(notes)]")`, b.column);
            continue;
        }
        const id = m[1].toLowerCase();
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate deploy environment "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({ id, kind: m[2].toLowerCase(), isDefault: m[3] !== undefined, notes: m[4]?.trim() || null });
    }
    if (out.length > 0 && !out.some((e) => e.isDefault))
        out[0].isDefault = true;
    return out;
}

;// CONCATENATED MODULE: ./src/wave/agent-sections.ts
/**
 * Agent sub-sections (`### Role prompts`, `### Capabilities`, `### Components`, `### Exit contract`,
 * `### Deliverables`, `### Proof artifacts`, `### Skills`, `### Prompt`) and the `File ownership`
 * list inside the prompt.
 */







const stripAllQuotes = (v) => v.replace(/[`"']/g, "").trim();
/** `- <path>` lists (deliverables): repository-relative file paths, unique. */
function parsePathList(section, ctx, what) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, what)) {
        const p = (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value));
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, b.n, `${what} "${preview(b.value)}" ${problem}`, b.column);
            continue;
        }
        if (seen.has(p)) {
            errorAt(ctx, b.n, `duplicate ${what} "${preview(p)}"`, b.column);
            continue;
        }
        seen.add(p);
        out.push({ path: p, line: b.n, column: b.column });
    }
    return out;
}
/** `- <path>` role prompt list: `.md` files inside the repository (and inside `requiredDir` when given). */
function parseRolePrompts(section, ctx, requiredDir) {
    const out = [];
    const seen = new Set();
    const bullets = bulletsOf(section, ctx, "role prompt entry");
    if (bullets.length === 0 && !section.body.some((l) => l.text.trim() !== "")) {
        errorAt(ctx, section.line, `"### Role prompts" lists no role prompt paths`);
    }
    for (const b of bullets) {
        const p = (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value));
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, b.n, `role prompt path "${preview(b.value)}" ${problem}`, b.column);
            continue;
        }
        if (!/\.md$/i.test(p)) {
            errorAt(ctx, b.n, `role prompt path "${preview(p)}" must be a .md file`, b.column);
            continue;
        }
        const dir = requiredDir === null ? null : (0,wave_paths/* normalizeRelPath */.Km)(requiredDir).replace(/\/+$/, "");
        if (dir !== null && !p.startsWith(`${dir}/`)) {
            errorAt(ctx, b.n, `role prompt path "${preview(p)}" must stay within ${dir}/*.md`, b.column);
            continue;
        }
        if (seen.has(p))
            continue;
        seen.add(p);
        out.push({ path: p, line: b.n, column: b.column });
    }
    return out;
}
/** `- <id>` lists (capabilities, components): lowercase ids, unique. */
function parseIdList(section, ctx, what) {
    const out = [];
    for (const b of bulletsOf(section, ctx, what)) {
        const id = b.value.trim();
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid ${what} "${preview(id, 60)}" (lowercase letters, digits, ".", "_", "-")`, b.column);
            continue;
        }
        if (out.includes(id)) {
            errorAt(ctx, b.n, `duplicate ${what} "${id}"`, b.column);
            continue;
        }
        out.push(id);
    }
    return out;
}
/** `- <skill-id>` (quotes removed, lowercased), unique. */
function parseSkills(section, ctx) {
    const out = [];
    for (const b of bulletsOf(section, ctx, "skill entry")) {
        const id = stripAllQuotes(b.value).toLowerCase();
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid skill id "${preview(b.value, 60)}" (must match ${ID_PATTERN})`, b.column);
            continue;
        }
        if (out.includes(id)) {
            errorAt(ctx, b.n, `duplicate skill "${id}"`, b.column);
            continue;
        }
        out.push(id);
    }
    return out;
}
const EXIT_KEYS = {
    completion: "completion",
    durability: "durability",
    proof: "proof",
    "doc-impact": "docImpact",
    docimpact: "docImpact",
};
/** `- completion: …`, `- durability: …`, `- proof: …`, `- doc-impact: …`; null when all empty. */
function parseExitContract(section, ctx) {
    const c = { completion: null, durability: null, proof: null, docImpact: null };
    for (const kv of keyValuesOf(section, ctx, "Exit contract setting", false)) {
        const field = EXIT_KEYS[kv.key.toLowerCase()];
        if (!field) {
            warnAt(ctx, kv.n, `unknown Exit contract setting "${kv.key}" is ignored (known: completion, durability, proof, doc-impact)`, kv.column);
            continue;
        }
        c[field] = (0,words/* stripMatchingQuotes */.H)(kv.value);
    }
    return c.completion || c.durability || c.proof || c.docImpact ? c : null;
}
const MATURITY = new Set(schema/* MATURITY_LEVELS */.l8);
/** `- <path>` or `- path: <p> | kind: <k> | required-for: <level>[,<level>]`. */
function parseProofArtifacts(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "proof artifact entry")) {
        let artifact;
        if (!b.value.includes("|") && !/^(?:path|kind|required-for)\s*:/i.test(b.value)) {
            artifact = { path: (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value)), kind: null, requiredFor: [] };
        }
        else {
            const fields = {};
            let bad = false;
            for (const part of b.value.split("|")) {
                const pair = part.trim();
                if (!pair)
                    continue;
                const colon = pair.indexOf(":");
                const key = colon > 0 ? pair.slice(0, colon).trim().toLowerCase() : "";
                const value = colon > 0 ? pair.slice(colon + 1).trim().replace(/^["'`]|["'`]$/g, "") : "";
                if (!key || !value) {
                    errorAt(ctx, b.n, `malformed proof artifact field "${preview(pair)}"`, b.column);
                    bad = true;
                    break;
                }
                fields[key] = value;
            }
            if (bad)
                continue;
            if (!fields.path) {
                errorAt(ctx, b.n, `proof artifact entry must include path`, b.column);
                continue;
            }
            const levels = (fields["required-for"] ?? "")
                .split(",")
                .map((x) => x.trim())
                .filter(Boolean);
            const unknown = levels.filter((l) => !MATURITY.has(l));
            if (unknown.length > 0) {
                errorAt(ctx, b.n, `invalid maturity level "${preview(unknown[0], 40)}" (one of: ${schema/* MATURITY_LEVELS */.l8.join(", ")})`, b.column);
                continue;
            }
            artifact = { path: (0,wave_paths/* normalizeRelPath */.Km)(fields.path), kind: fields.kind?.trim() || null, requiredFor: levels };
        }
        const problem = (0,wave_paths/* repoPathProblem */.Js)(artifact.path);
        if (problem) {
            errorAt(ctx, b.n, `proof artifact "${preview(artifact.path)}" ${problem}`, b.column);
            continue;
        }
        if (artifact.path.endsWith("/")) {
            errorAt(ctx, b.n, `proof artifact "${preview(artifact.path)}" must be a file path, not a directory path`, b.column);
            continue;
        }
        if (seen.has(artifact.path)) {
            errorAt(ctx, b.n, `duplicate proof artifact "${preview(artifact.path)}"`, b.column);
            continue;
        }
        seen.add(artifact.path);
        out.push({ ...artifact, line: b.n, column: b.column });
    }
    return out;
}
/** The first fenced block inside `### Prompt`, or null (reported). */
function parsePrompt(section, ctx, scanned) {
    const first = section.body[0]?.n ?? section.line + 1;
    const last = section.body[section.body.length - 1]?.n ?? section.line;
    const fence = scanned.fences.find((f) => f.open >= first && f.open <= last);
    if (!fence) {
        errorAt(ctx, section.line, `"### Prompt" has no fenced prompt block (put the prompt between \`\`\` lines)`);
        return null;
    }
    const lines = [];
    for (let n = fence.first; n <= fence.last; n++)
        lines.push({ n, text: scanned.lines[n - 1].text });
    return { text: fenceContent(scanned, fence).trim(), line: fence.first, lines };
}
const OWNERSHIP_START = /^\s*File ownership\b/i;
const LABEL_LINE = /^\s*[A-Za-z][A-Za-z0-9 _/-]*:\s*$/;
/**
 * The `File ownership` list in the prompt: starts at a line beginning `File ownership`, collects
 * `- <path>` bullets (quotes/backticks removed, deduplicated) and ends at the next `Label:` line.
 * Paths that escape the repository are reported.
 */
function extractOwnedPaths(prompt, ctx) {
    const paths = [];
    const seen = new Set();
    let inList = false;
    let labelLine = 0;
    for (const l of prompt.lines) {
        if (OWNERSHIP_START.test(l.text)) {
            inList = true;
            if (!labelLine)
                labelLine = l.n;
            continue;
        }
        if (inList && l.text.length < 200 && LABEL_LINE.test(l.text))
            inList = false;
        if (!inList)
            continue;
        const t = l.text.trimStart();
        if (!(t.startsWith("-") && (t[1] === " " || t[1] === "\t")))
            continue;
        const cleaned = stripAllQuotes(t.slice(1));
        if (!cleaned)
            continue;
        const p = (0,wave_paths/* normalizeRelPath */.Km)(cleaned);
        const column = l.text.length - t.length + 3;
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, l.n, `owned path "${preview(cleaned)}" ${problem}`, column);
            continue;
        }
        if (seen.has(p))
            continue;
        seen.add(p);
        paths.push({ path: p, line: l.n, column });
    }
    return { paths, labelLine };
}

// EXTERNAL MODULE: ./src/sandbox/ecosystems.ts
var ecosystems = __webpack_require__(91186);
;// CONCATENATED MODULE: ./src/wave/executor-settings.ts




const S = (noDash = true) => ({ t: "string", noDash });
const L = (noDash = true) => ({ t: "list", noDash });
const EXECUTOR_KEYS = {
    id: { kind: { t: "executor" }, target: "id" },
    profile: { kind: { t: "string", lower: true }, target: "profile" },
    model: { kind: S(), target: "model" },
    fallbacks: { kind: { t: "executors" }, target: "fallbacks" },
    tags: { kind: L(false), target: "tags" },
    "retry-policy": { kind: { t: "enum", values: ["sticky", "fallback-allowed"] }, target: "retryPolicy" },
    "allow-fallback-on-retry": { kind: { t: "bool" }, target: "allowFallbackOnRetry" },
    "budget.turns": { kind: { t: "posInt" }, target: "budget.turns" },
    "budget.minutes": { kind: { t: "posNumber" }, target: "budget.minutes" },
    "budget.usd": { kind: { t: "posNumber" }, target: "budget.usd" },
    "budget.tokens": { kind: { t: "posInt" }, target: "budget.tokens" },
    env: { kind: { t: "envNames" }, target: "env" },
    "network.allowed": { kind: { t: "hosts" }, target: "networkAllowed" },
    command: { kind: { t: "argv" }, target: ["command", "argv"] },
    "command.argv": { kind: { t: "argv" }, target: ["command", "argv"] },
    "codex.command": { kind: { t: "argv" }, target: ["codex", "command"] },
    "codex.sandbox": { kind: { t: "enum", values: ["read-only", "workspace-write", "danger-full-access"] }, target: ["codex", "sandbox"] },
    "codex.profile_name": { kind: S(), target: ["codex", "profileName"] },
    "codex.config": { kind: L(), target: ["codex", "config"] },
    "codex.search": { kind: { t: "bool" }, target: ["codex", "search"] },
    "codex.images": { kind: L(), target: ["codex", "images"] },
    "codex.add_dirs": { kind: L(), target: ["codex", "addDirs"] },
    "codex.json": { kind: { t: "bool" }, target: ["codex", "json"] },
    "codex.ephemeral": { kind: { t: "bool" }, target: ["codex", "ephemeral"] },
    "claude.command": { kind: { t: "argv" }, target: ["claude", "command"] },
    "claude.agent": { kind: S(), target: ["claude", "agent"] },
    "claude.permission_mode": { kind: S(), target: ["claude", "permissionMode"] },
    "claude.permission_prompt_tool": { kind: S(), target: ["claude", "permissionPromptTool"] },
    "claude.effort": { kind: { t: "enum", values: ["low", "medium", "high", "max"] }, target: ["claude", "effort"] },
    "claude.max_turns": { kind: { t: "posInt" }, target: ["claude", "maxTurns"] },
    "claude.mcp_config": { kind: L(), target: ["claude", "mcpConfig"] },
    "claude.settings": { kind: S(), target: ["claude", "settings"] },
    "claude.settings_json": { kind: { t: "json", object: true }, target: ["claude", "settingsJson"] },
    "claude.hooks_json": { kind: { t: "json", object: true }, target: ["claude", "hooksJson"] },
    "claude.allowed_http_hook_urls": { kind: L(false), target: ["claude", "allowedHttpHookUrls"] },
    "claude.output_format": { kind: { t: "enum", values: ["text", "json", "stream-json"] }, target: ["claude", "outputFormat"] },
    "claude.allowed_tools": { kind: L(), target: ["claude", "allowedTools"] },
    "claude.disallowed_tools": { kind: L(), target: ["claude", "disallowedTools"] },
    "opencode.command": { kind: { t: "argv" }, target: ["opencode", "command"] },
    "opencode.agent": { kind: S(), target: ["opencode", "agent"] },
    "opencode.attach": { kind: S(), target: ["opencode", "attach"] },
    "opencode.files": { kind: L(), target: ["opencode", "files"] },
    "opencode.format": { kind: { t: "enum", values: ["default", "json"] }, target: ["opencode", "format"] },
    "opencode.steps": { kind: { t: "posInt" }, target: ["opencode", "steps"] },
    "opencode.instructions": { kind: L(false), target: ["opencode", "instructions"] },
    "opencode.permission": { kind: { t: "json", object: false }, target: ["opencode", "permission"] },
    "opencode.config_json": { kind: { t: "json", object: true }, target: ["opencode", "configJson"] },
    "opencode.env_keys": { kind: { t: "envNames" }, target: ["opencode", "envKeys"] },
};
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function isExecutorId(v) {
    return schema/* EXECUTOR_IDS */.rz.includes(v);
}
const BOOL_TRUE = new Set(["true", "1", "yes", "on"]);
const BOOL_FALSE = new Set(["false", "0", "no", "off"]);
function dashProblem(key, v) {
    return v.startsWith("-")
        ? `Executor setting "${key}" must not start with "-" (got "${preview(v, 60)}"): it would be read as a command-line option`
        : null;
}
function parseValue(key, raw, kind) {
    if (raw.includes("\u0000"))
        return { ok: false, error: `Executor setting "${key}" contains a NUL byte` };
    switch (kind.t) {
        case "argv": {
            const split = (0,words/* splitShellWords */.CQ)((0,words/* stripBackticks */.gJ)(raw));
            if (!split.ok)
                return { ok: false, error: `Executor setting "${key}": ${split.error}` };
            if (split.items.length === 0)
                return { ok: false, error: `Executor setting "${key}" is empty` };
            const first = split.items[0];
            if (first.startsWith("-"))
                return { ok: false, error: `Executor setting "${key}": the program name must not start with "-" (got "${preview(first, 60)}")` };
            return { ok: true, value: split.items };
        }
        case "list":
        case "executors":
        case "envNames":
        case "hosts": {
            const split = (0,words/* splitCommaList */.mv)((0,words/* stripBackticks */.gJ)(raw));
            if (!split.ok)
                return { ok: false, error: `Executor setting "${key}": ${split.error}` };
            const items = split.items;
            if (items.length === 0)
                return { ok: false, error: `Empty Executor setting "${key}"` };
            for (const item of items) {
                if (kind.t === "executors") {
                    const id = item.toLowerCase();
                    if (!isExecutorId(id))
                        return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" is not an executor (one of: ${schema/* EXECUTOR_IDS */.rz.join(", ")})` };
                }
                else if (kind.t === "envNames") {
                    if (!ENV_NAME.test(item))
                        return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" is not an environment variable name` };
                }
                else if (kind.t === "hosts") {
                    const problem = (0,ecosystems/* allowedEntryProblem */.Qt)(item);
                    if (problem)
                        return { ok: false, error: `Executor setting "${key}": "${preview(item, 60)}" ${problem}` };
                }
                else if (kind.noDash) {
                    const p = dashProblem(key, item);
                    if (p)
                        return { ok: false, error: p };
                }
            }
            return { ok: true, value: kind.t === "executors" || kind.t === "hosts" ? items.map((i) => i.toLowerCase()) : items };
        }
        default:
            break;
    }
    const v = (0,words/* stripOuterQuoteChars */.PF)(raw);
    if (v === "")
        return { ok: false, error: `Empty Executor setting "${key}"` };
    switch (kind.t) {
        case "executor": {
            const id = v.toLowerCase();
            return isExecutorId(id) ? { ok: true, value: id } : { ok: false, error: `Executor "${preview(v, 60)}" is not one of: ${schema/* EXECUTOR_IDS */.rz.join(", ")}` };
        }
        case "string": {
            const p = kind.noDash ? dashProblem(key, v) : null;
            if (p)
                return { ok: false, error: p };
            return { ok: true, value: kind.lower ? v.toLowerCase() : v };
        }
        case "enum": {
            const e = v.toLowerCase();
            return kind.values.includes(e) ? { ok: true, value: e } : { ok: false, error: `Executor setting "${key}" must be one of: ${kind.values.join(", ")} (got "${preview(v, 60)}")` };
        }
        case "bool": {
            const b = v.toLowerCase();
            if (BOOL_TRUE.has(b))
                return { ok: true, value: true };
            if (BOOL_FALSE.has(b))
                return { ok: true, value: false };
            return { ok: false, error: `Executor setting "${key}" must be true or false (got "${preview(v, 60)}")` };
        }
        case "posInt":
        case "posNumber": {
            const num = Number(v);
            const good = /^\d+(\.\d+)?$/.test(v) && Number.isFinite(num) && num > 0 && (kind.t === "posNumber" || Number.isInteger(num));
            return good ? { ok: true, value: num } : { ok: false, error: `Executor setting "${key}" must be a positive ${kind.t === "posInt" ? "integer" : "number"} (got "${preview(v, 60)}")` };
        }
        case "json": {
            // JSON values keep their own quotes: only surrounding backticks are removed.
            const text = (0,words/* stripBackticks */.gJ)(raw);
            let parsed;
            try {
                parsed = JSON.parse(text);
            }
            catch (e) {
                return { ok: false, error: `Executor setting "${key}" is not valid JSON: ${e.message}` };
            }
            if (kind.object && (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))) {
                return { ok: false, error: `Executor setting "${key}" must be a JSON object` };
            }
            return { ok: true, value: parsed };
        }
        default:
            return { ok: false, error: `Executor setting "${key}" cannot be parsed` };
    }
}
/** Parses the executor lines of one agent. Problems go to `sink`; good values are kept. */
function parseExecutorSettings(lines, agentId, sink) {
    const out = {};
    const sections = { codex: {}, claude: {}, opencode: {}, command: {} };
    const seen = new Map();
    for (const l of lines) {
        const spec = EXECUTOR_KEYS[l.key];
        if (!spec) {
            const hint = EXECUTOR_KEYS[l.key.toLowerCase()] ? ` (did you mean "${l.key.toLowerCase()}"?)` : "";
            sink.error(l.line, `Agent ${agentId}: unsupported Executor setting "${preview(l.key, 60)}"${hint}`, { agentId, column: 3 });
            continue;
        }
        const targetName = typeof spec.target === "string" ? spec.target : spec.target.join(".");
        const previous = seen.get(targetName);
        if (previous !== undefined) {
            sink.warning(l.line, `Agent ${agentId}: Executor setting "${l.key}" repeats line ${previous}; the last value is used`, { agentId });
        }
        seen.set(targetName, l.line);
        const parsed = parseValue(l.key, l.value, spec.kind);
        if (!parsed.ok) {
            sink.error(l.line, `Agent ${agentId}: ${parsed.error}`, { agentId, column: l.column });
            continue;
        }
        if (typeof spec.target === "string") {
            if (spec.target.startsWith("budget.")) {
                const budget = out.budget ?? {};
                budget[spec.target.slice("budget.".length)] = parsed.value;
                out.budget = budget;
            }
            else {
                out[spec.target] = parsed.value;
            }
        }
        else {
            sections[spec.target[0]][spec.target[1]] = parsed.value;
        }
    }
    for (const name of Object.keys(sections)) {
        if (Object.keys(sections[name]).length > 0)
            out[name] = sections[name];
    }
    return out;
}
/** Which vendor sections an executor config sets (for the id/override consistency rule). */
function overrideSections(config) {
    return ["codex", "claude", "opencode", "command"].filter((s) => config[s] !== undefined);
}

// EXTERNAL MODULE: ./src/wave/text.ts
var wave_text = __webpack_require__(32858);
;// CONCATENATED MODULE: ./src/wave/role-prompts.ts
/**
 * Role prompt files (`docs/agents/wave-*-role.md`): the fenced block after `## Standing prompt`.
 */






/** Extracts the standing prompt from a role prompt document's text. */
function extractStandingPrompt(text, relPath) {
    const scanned = scanMarkdown(text);
    const heading = scanned.lines.find((l) => l.heading?.level === 2 && l.heading.text === "Standing prompt");
    if (!heading)
        return { ok: false, error: `role prompt ${relPath} has no "## Standing prompt" section` };
    const fence = scanned.fences.find((f) => f.open > heading.n);
    if (!fence)
        return { ok: false, error: `role prompt ${relPath} has no fenced block after "## Standing prompt"` };
    if (fence.close === null)
        return { ok: false, error: `role prompt ${relPath}: the fenced block opened at line ${fence.open} is never closed` };
    return { ok: true, text: fenceContent(scanned, fence).trim() };
}
/** Loads (and caches) the standing prompt of `relPath` under `root`. */
function loadStandingPrompt(root, relPath, cache) {
    const cached = cache.get(relPath);
    if (cached)
        return cached;
    const result = readStandingPrompt(root, relPath);
    cache.set(relPath, result);
    return result;
}
function readStandingPrompt(root, relPath) {
    const abs = external_node_path_default().join(root, relPath);
    let stat;
    try {
        stat = external_node_fs_default().statSync(abs);
    }
    catch {
        return { ok: false, error: `role prompt ${preview(relPath)} does not exist` };
    }
    if (!stat.isFile())
        return { ok: false, error: `role prompt ${relPath} is not a file` };
    if (!(0,wave_paths/* realpathInside */.UG)(root, abs))
        return { ok: false, error: `role prompt ${relPath} resolves outside the repository` };
    const decoded = (0,wave_text/* decodeTextFile */.k4)(external_node_fs_default().readFileSync(abs), `role prompt ${relPath}`);
    if (!decoded.ok)
        return { ok: false, error: decoded.problem.message };
    return extractStandingPrompt(decoded.text, relPath);
}

// EXTERNAL MODULE: ./src/wave/roles.ts
var wave_roles = __webpack_require__(85620);
;// CONCATENATED MODULE: ./src/wave/structure.ts


const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const COMMIT_LABEL = "**Commit message**:";
function commitMessageOf(line) {
    const at = line.text.indexOf(COMMIT_LABEL);
    if (at < 0)
        return null;
    const rest = line.text.slice(at + COMMIT_LABEL.length).trimStart();
    if (!rest.startsWith("`"))
        return null;
    const end = rest.indexOf("`", 1);
    if (end <= 1)
        return null;
    return rest.slice(1, end);
}
/** Builds the outline. Structural problems (bad agent headings, unclosed fences) go to `sink`. */
function outlineWaveFile(text, sink) {
    const scanned = scanMarkdown(text);
    const outline = { scanned, title: null, sections: [], agents: [], commitMessage: null };
    let currentTop = null;
    let currentAgent = null;
    let currentSub = null;
    for (const line of scanned.lines) {
        const h = line.fenced ? undefined : line.heading;
        if (h && h.level === 1) {
            if (!outline.title)
                outline.title = { text: h.text, line: line.n };
            currentTop = null;
            currentAgent = null;
            currentSub = null;
            continue;
        }
        if (h && h.level === 2) {
            currentTop = null;
            currentAgent = null;
            currentSub = null;
            if (/^Agent(?:\s|:|$)/.test(h.text)) {
                const rest = h.text.slice("Agent".length);
                const colon = rest.indexOf(":");
                const agentId = colon >= 0 ? rest.slice(0, colon).trim() : "";
                const title = colon >= 0 ? rest.slice(colon + 1).trim() : "";
                if (!agentId || !title) {
                    sink.error(line.n, `Malformed agent heading "${preview(line.text)}": expected "## Agent <id>: <title>"`);
                    continue;
                }
                if (!AGENT_ID_PATTERN.test(agentId)) {
                    sink.error(line.n, `Agent id "${preview(agentId, 40)}" may only contain letters, digits, ".", "_" and "-" (and must start with a letter or digit)`, { agentId });
                    continue;
                }
                currentAgent = { agentId, title, line: line.n, sections: [] };
                outline.agents.push(currentAgent);
            }
            else {
                currentTop = { name: h.text, level: 2, line: line.n, body: [] };
                outline.sections.push(currentTop);
            }
            continue;
        }
        if (!outline.commitMessage && !line.fenced) {
            const msg = commitMessageOf(line);
            if (msg !== null)
                outline.commitMessage = { text: msg, line: line.n };
        }
        if (currentAgent) {
            if (h && h.level === 3) {
                currentSub = { name: h.text, level: 3, line: line.n, body: [] };
                currentAgent.sections.push(currentSub);
                continue;
            }
            currentSub?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
            continue;
        }
        currentTop?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
    }
    let fenceOpen = 0;
    for (const line of scanned.lines) {
        if (line.fenceIndex !== undefined && scanned.fences[line.fenceIndex].open === line.n)
            fenceOpen = line.n;
        if (line.fenced && line.fenceIndex === undefined && /^## Agent\s+[^:]+:\s*\S/.test(line.text)) {
            sink.warning(line.n, `"${preview(line.text)}" looks like an agent heading but is inside the fenced block opened at line ${fenceOpen}; if it should start a new agent, close that fence first`);
        }
    }
    for (const fence of scanned.fences) {
        if (fence.close === null) {
            sink.error(fence.open, `Fenced block opened here is never closed (everything after it is treated as its content)`);
        }
    }
    return outline;
}

;// CONCATENATED MODULE: ./src/wave/parse.ts
/**
 * parseWaveFile: one wave file (text or bytes) → WaveDefinition + every problem found in it.
 * Never throws for bad input and never stops at the first problem.
 */











const WAVE_SECTIONS = ["Component promotions", "Context7 defaults", "Eval targets", "Deploy environments"];
const AGENT_SECTIONS = [
    "Role prompts",
    "Executor",
    "Context7",
    "Capabilities",
    "Components",
    "Exit contract",
    "Deliverables",
    "Proof artifacts",
    "Skills",
    "Prompt",
];
/** `slugify(`${wave}-${agentId}`)`: lowercase, runs of other characters → `-`, at most 48 chars. */
function slugify(value) {
    return value
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 48);
}
const LOWER_KNOWN = new WeakMap();
/** Picks known sections by exact name; warns about repeats and near-misses (wrong case). */
function indexSections(sections, known, level, warn) {
    const map = new Map();
    let lowerKnown = LOWER_KNOWN.get(known);
    if (!lowerKnown) {
        lowerKnown = new Map(known.map((k) => [k.toLowerCase(), k]));
        LOWER_KNOWN.set(known, lowerKnown);
    }
    for (const s of sections) {
        if (lowerKnown.get(s.name.toLowerCase()) === s.name) {
            const first = map.get(s.name);
            if (first)
                warn(s.line, `"${level} ${s.name}" repeats the section at line ${first.line}; only the first one is used`);
            else
                map.set(s.name, s);
            continue;
        }
        const near = lowerKnown.get(s.name.toLowerCase());
        if (near)
            warn(s.line, `"${level} ${s.name}" is not recognised (section names are case-sensitive: did you mean "${level} ${near}"?)`);
    }
    return map;
}
function parseTitle(outline, waveNumber, sink) {
    if (!outline.title)
        return null;
    const m = /^Wave\s+(\d+)\b\s*(?:[-–—:]\s*)?(.*)$/i.exec(outline.title.text);
    if (!m)
        return outline.title.text || null;
    if (Number(m[1]) !== waveNumber) {
        sink.warning(outline.title.line, `Title says wave ${m[1]} but the file name says wave ${waveNumber}; the file name wins`);
    }
    return m[2].trim() || null;
}
function parseAgent(block, waveNumber, outline, sink, options) {
    const roles = options.roles ?? wave_roles/* DEFAULT_ROLE_BINDINGS */.wg;
    const ctx = { sink, who: `Agent ${block.agentId}`, agentId: block.agentId };
    const sections = indexSections(block.sections, AGENT_SECTIONS, "###", (line, message) => sink.warning(line, `Agent ${block.agentId}: ${message}`, { agentId: block.agentId }));
    const sectionLines = {};
    for (const [name, s] of sections)
        sectionLines[name] = s.line;
    const get = (name) => sections.get(name);
    const rolePromptItems = get("Role prompts")
        ? parseRolePrompts(get("Role prompts"), ctx, options.enforceRolePromptDir ? roles.rolePromptDir : null)
        : [];
    const rolePromptPaths = rolePromptItems.map((r) => r.path);
    let executor = {};
    const execSection = get("Executor");
    if (execSection) {
        const lines = keyValuesOf(execSection, ctx, "Executor setting").map((kv) => ({
            line: kv.n,
            key: kv.key,
            value: kv.value,
            column: kv.valueColumn,
        }));
        executor = parseExecutorSettings(lines, block.agentId, sink);
    }
    const context7Section = get("Context7");
    const context7 = context7Section ? parseContext7(context7Section, ctx) : null;
    const capabilities = get("Capabilities") ? parseIdList(get("Capabilities"), ctx, "capability") : [];
    if (rolePromptPaths.some((p) => (0,wave_roles/* isDesignRolePromptPath */.qH)(p, roles)) && !capabilities.includes("design"))
        capabilities.push("design");
    if (rolePromptPaths.some((p) => (0,wave_roles/* isSecurityRolePromptPath */.CX)(p, roles)) && !capabilities.includes("security-review")) {
        capabilities.push("security-review");
    }
    const components = get("Components") ? parseIdList(get("Components"), ctx, "component") : [];
    const exitContract = get("Exit contract") ? parseExitContract(get("Exit contract"), ctx) : null;
    const deliverableItems = get("Deliverables") ? parsePathList(get("Deliverables"), ctx, "deliverable") : [];
    const proofItems = get("Proof artifacts") ? parseProofArtifacts(get("Proof artifacts"), ctx) : [];
    const skills = get("Skills") ? parseSkills(get("Skills"), ctx) : [];
    const promptSection = get("Prompt");
    const prompt = promptSection ? parsePrompt(promptSection, ctx, outline.scanned) : null;
    if (!promptSection) {
        sink.error(block.line, `Agent ${block.agentId}: missing "### Prompt" section`, { agentId: block.agentId });
    }
    const owned = prompt ? extractOwnedPaths(prompt, ctx) : { paths: [], labelLine: 0 };
    if (owned.labelLine)
        sectionLines["File ownership"] = owned.labelLine;
    const ownedPaths = owned.paths.map((p) => p.path);
    const ownedDirs = options.root ? (0,wave_paths/* existingOwnedDirectories */.ET)(options.root, ownedPaths) : new Set();
    const covered = (p) => ownedPaths.some((o) => (0,wave_paths/* isCoveredBy */.ID)(p, o, ownedDirs));
    for (const d of deliverableItems) {
        if (d.path.endsWith("/")) {
            sink.error(d.line, `Agent ${block.agentId}: deliverable "${preview(d.path)}" must be a file path, not a directory path`, {
                agentId: block.agentId,
                column: d.column,
            });
        }
        else if (!covered(d.path)) {
            sink.error(d.line, `Agent ${block.agentId}: deliverable "${preview(d.path)}" is not covered by the agent's File ownership list`, {
                agentId: block.agentId,
                column: d.column,
            });
        }
    }
    for (const a of proofItems) {
        if (!covered(a.path)) {
            sink.error(a.line, `Agent ${block.agentId}: proof artifact "${preview(a.path)}" is not covered by the agent's File ownership list`, {
                agentId: block.agentId,
                column: a.column,
            });
        }
    }
    const overlay = prompt?.text ?? "";
    const parts = [];
    if (options.root && rolePromptItems.length > 0) {
        const cache = options.rolePromptCache ?? new Map();
        for (const item of rolePromptItems) {
            const standing = loadStandingPrompt(options.root, item.path, cache);
            if (standing.ok)
                parts.push(standing.text);
            else
                sink.error(item.line, `Agent ${block.agentId}: ${standing.error}`, { agentId: block.agentId, column: item.column });
        }
    }
    parts.push(overlay);
    const agent = {
        agentId: block.agentId,
        title: block.title,
        slug: slugify(`${waveNumber}-${block.agentId}`),
        line: block.line,
        promptLine: prompt?.line ?? 0,
        promptOverlay: overlay,
        prompt: parts.filter((p) => p !== "").join("\n\n"),
        rolePromptPaths,
        context7,
        exitContract,
        executor,
        components,
        componentTargets: {},
        capabilities,
        skills,
        deliverables: deliverableItems.map((d) => d.path),
        proofArtifacts: proofItems.map(({ path, kind, requiredFor }) => ({ path, kind, requiredFor })),
        ownedPaths,
        sectionLines,
    };
    return agent;
}
/**
 * Parses one wave file. `fileRel` is the repository-relative path used in diagnostics;
 * `waveNumber` comes from the file name. `input` may be the file's bytes (checked for UTF-8 and
 * NUL bytes, hashed as-is) or already-decoded text.
 */
function parseWaveFile(input, fileRel, waveNumber, options = {}) {
    const sink = new wave_diagnostics/* DiagnosticSink */.b9(fileRel, waveNumber);
    const fingerprint = (0,wave_text/* sha256 */.sc)(input);
    let text;
    if (typeof input === "string") {
        const nulLine = (0,wave_text/* findNulLine */.HU)(input);
        if (nulLine > 0) {
            sink.error(nulLine, `wave file contains a NUL byte at line ${nulLine} (binary data is not a wave file)`);
            return { wave: null, diagnostics: sink.items };
        }
        text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    }
    else {
        const decoded = (0,wave_text/* decodeTextFile */.k4)(input, "wave file");
        if (!decoded.ok) {
            sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
            return { wave: null, diagnostics: sink.items };
        }
        text = decoded.text;
    }
    if (text.trim() === "") {
        sink.error(1, "wave file is empty");
        return { wave: null, diagnostics: sink.items };
    }
    const outline = outlineWaveFile(text, sink);
    const title = parseTitle(outline, waveNumber, sink);
    const top = indexSections(outline.sections, WAVE_SECTIONS, "##", (line, message) => sink.warning(line, message));
    const ctx = { sink, who: `Wave ${waveNumber}` };
    const promotions = top.get("Component promotions") ? parseComponentPromotions(top.get("Component promotions"), ctx) : [];
    const context7Defaults = top.get("Context7 defaults") ? parseContext7(top.get("Context7 defaults"), ctx) : null;
    const evalTargets = top.get("Eval targets") ? parseEvalTargets(top.get("Eval targets"), ctx) : [];
    const deployEnvironments = top.get("Deploy environments") ? parseDeployEnvironments(top.get("Deploy environments"), ctx) : [];
    const sectionLines = {};
    for (const [name, s] of top)
        sectionLines[name] = s.line;
    if (outline.title)
        sectionLines.Title = outline.title.line;
    if (outline.commitMessage)
        sectionLines["Commit message"] = outline.commitMessage.line;
    const targets = new Map(promotions.map((p) => [p.componentId, p.targetLevel]));
    const agents = outline.agents.map((block) => {
        const agent = parseAgent(block, waveNumber, outline, sink, options);
        agent.componentTargets = Object.fromEntries(agent.components.map((c) => [c, targets.get(c) ?? null]));
        return agent;
    });
    const wave = {
        wave: waveNumber,
        file: fileRel,
        title,
        commitMessage: outline.commitMessage?.text ?? null,
        deployEnvironments,
        evalTargets,
        context7Defaults,
        componentPromotions: promotions,
        agents,
        fingerprint,
        sectionLines,
    };
    return { wave, diagnostics: sink.items };
}

;// CONCATENATED MODULE: ./src/wave/resolve-executor.ts
/**
 * Executor resolution: the agent's `### Executor` section + its profile + the lane's settings +
 * the CLI's `--executor` → ResolvedExecutor.
 *
 * Which executor runs an agent, first match wins:
 *   1. the agent's own `id`                    (selectedBy "agent-id")
 *   2. the `id` of the agent's profile         ("agent-profile")
 *   3. `--executor` given on the command line  ("cli")
 *   4. the lane's `defaultExecutorByRole[role]`("lane-role-default")
 *   5. `executors.default` in the config       ("config-default")
 *   6. `codex`                                 ("builtin-default")
 * Unlike the reference, an explicit `--executor` beats lane role defaults, profile-level
 * `retryPolicy`/`allowFallbackOnRetry` are honoured, and a wave whose promotions are proof-centric
 * makes its agents sticky by default.
 */

const levelIndex = (level) => (level ? schema/* MATURITY_LEVELS */.l8.indexOf(level) : -1);
const proofCentric = (level) => levelIndex(level) >= levelIndex(schema/* PROOF_CENTRIC_LEVEL */.rI);
/** An agent is proof-centric when it targets pilot-live or above, or carries proof artifacts that require it. */
function agentRequiresProofCentricValidation(agent) {
    if (agent.components.some((c) => proofCentric(agent.componentTargets[c])))
        return true;
    return agent.proofArtifacts.some((a) => a.requiredFor.length === 0 || a.requiredFor.some(proofCentric));
}
/** A wave is proof-centric when one of its component promotions targets pilot-live or above. */
function waveRequiresProofCentricValidation(wave) {
    return wave.componentPromotions.some((p) => proofCentric(p.targetLevel));
}
function unique(...lists) {
    return [...new Set(lists.flatMap((l) => l ?? []))];
}
/** Later layers win for scalar keys; the listed array keys are merged (unique, in order). */
function mergeLayers(arrayKeys, ...layers) {
    const out = {};
    for (const layer of layers) {
        if (!layer)
            continue;
        for (const [k, v] of Object.entries(layer)) {
            if (v === undefined || v === null)
                continue;
            if (arrayKeys.includes(k))
                out[k] = unique(out[k], v);
            else
                out[k] = v;
        }
    }
    return out;
}
function pickId(input, profile) {
    const { agent, lane, role, cliExecutor } = input;
    if (agent.executor.id)
        return { id: agent.executor.id, selectedBy: "agent-id" };
    if (profile?.id)
        return { id: profile.id, selectedBy: "agent-profile" };
    if (cliExecutor)
        return { id: cliExecutor, selectedBy: "cli" };
    const byRole = lane.runtimePolicy.defaultExecutorByRole[role];
    if (byRole)
        return { id: byRole, selectedBy: "lane-role-default" };
    if (lane.executors.defaultFromConfig)
        return { id: lane.executors.default, selectedBy: "config-default" };
    return { id: "codex", selectedBy: "builtin-default" };
}
function laneModel(ex, id) {
    if (id === "codex")
        return ex.codex.model ?? null;
    if (id === "claude")
        return ex.claude.model ?? null;
    if (id === "opencode")
        return ex.opencode.model ?? null;
    return null;
}
/** Resolves the executor of one agent. Fails for an unknown profile or a `command` executor without argv. */
function resolveExecutor(input) {
    const { agent, lane, wave, role } = input;
    const cfg = agent.executor;
    const ex = lane.executors;
    let profile = null;
    if (cfg.profile) {
        profile = ex.profiles[cfg.profile.toLowerCase()] ?? null;
        if (!profile) {
            const known = Object.keys(ex.profiles);
            return {
                ok: false,
                error: `Agent ${agent.agentId} references unknown executor profile "${cfg.profile}" (${known.length ? `profiles: ${known.join(", ")}` : "no profiles are configured"})`,
            };
        }
    }
    const { id, selectedBy } = pickId(input, profile);
    const model = cfg.model ?? profile?.model ?? laneModel(ex, id);
    const proof = agentRequiresProofCentricValidation(agent) || waveRequiresProofCentricValidation(wave);
    const explicitAllow = cfg.allowFallbackOnRetry ?? profile?.allowFallbackOnRetry ?? null;
    const explicitPolicy = cfg.retryPolicy ?? profile?.retryPolicy ?? null;
    const allowFallbackOnRetry = explicitAllow !== null ? explicitAllow : explicitPolicy !== null ? explicitPolicy !== "sticky" : !proof;
    const retryPolicy = explicitPolicy ?? (allowFallbackOnRetry ? "fallback-allowed" : "sticky");
    const declared = unique(profile?.fallbacks, cfg.fallbacks).filter((f) => f !== id);
    const fallbacks = !allowFallbackOnRetry
        ? []
        : declared.length > 0
            ? declared
            : lane.runtimePolicy.fallbackExecutorOrder.filter((f) => f !== id);
    const codex = mergeLayers(["config", "images", "addDirs"], ex.codex, profile?.codex, cfg.codex);
    const claude = mergeLayers(["mcpConfig", "allowedTools", "disallowedTools", "allowedHttpHookUrls"], ex.claude, profile?.claude, cfg.claude);
    const opencode = mergeLayers(["instructions", "files", "envKeys"], ex.opencode, profile?.opencode, cfg.opencode);
    const commandArgv = cfg.command?.argv ?? profile?.command.argv ?? ex.command.argv;
    if (id === "command" && !commandArgv) {
        return {
            ok: false,
            error: `Agent ${agent.agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`,
        };
    }
    delete codex.model;
    delete claude.model;
    delete opencode.model;
    const executor = {
        id,
        selectedBy,
        role,
        profile: profile?.name ?? null,
        model,
        fallbacks,
        retryPolicy,
        allowFallbackOnRetry,
        budget: (0,schema/* resolveBudget */.ky)(cfg.budget, profile?.budget),
        tags: unique(profile?.tags, cfg.tags),
        env: unique(profile?.env, cfg.env),
        networkAllowed: unique(undefined, cfg.networkAllowed),
        codex: { ...codex, command: codex.command ?? ["codex"], sandbox: codex.sandbox ?? "danger-full-access" },
        claude: {
            ...claude,
            command: claude.command ?? ["claude"],
            outputFormat: claude.outputFormat ?? "stream-json",
            permissionMode: claude.permissionMode ?? "bypassPermissions",
            appendSystemPromptMode: claude.appendSystemPromptMode ?? "append",
        },
        opencode: { ...opencode, command: opencode.command ?? ["opencode"], format: opencode.format ?? "default" },
        command: commandArgv ? { argv: commandArgv } : {},
    };
    return { ok: true, executor };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
;// CONCATENATED MODULE: ./src/signals/schema.ts
/**
 * Zod schemas for structured marker lines, the streaming parser's result, and the per-agent
 * execution summary (`summary.json`). These are the single source of truth for those types.
 */


/** Every marker kind the parser recognizes (tag names without brackets, `wave-` prefix dropped). */
const SIGNAL_KINDS = (/* unused pure expression or super */ null && ([
    "proof",
    "doc-delta",
    "doc-closure",
    "integration",
    "eval",
    "security",
    "design",
    "gate",
    "gap",
    "component",
    "verdict",
    "phase",
    "deploy-status",
    "infra-status",
]));
/**
 * Kinds that count only with `nonce=<value>` when a nonce is set: the gate markers of closure and
 * design agents. Implementation markers (proof, doc-delta, component, gap) and status lines do not
 * need it.
 */
const NONCE_REQUIRED_KINDS = [
    "design",
    "eval",
    "security",
    "integration",
    "doc-closure",
    "gate",
    "verdict",
];
const PROOF_STATES = ["met", "gap"];
const COMPONENT_STATES = ["met", "gap"];
const DOC_CLOSURE_STATES = ["closed", "no-change", "delta"];
const INTEGRATION_STATES = ["ready-for-doc-closure", "needs-more-work"];
const EVAL_STATES = ["satisfied", "needs-more-work", "blocked"];
const SECURITY_STATES = ["clear", "concerns", "blocked"];
const DESIGN_STATES = ["ready-for-implementation", "needs-clarification", "blocked"];
const GATE_VALUES = ["pass", "concerns", "blocked", "gap"];
const GATE_DIMENSIONS = ["architecture", "integration", "durability", "live", "docs"];
const GAP_KINDS = ["architecture", "integration", "durability", "ops", "docs"];
/** `fail` is accepted and recorded as `blocked`. */
const VERDICTS = ["pass", "concerns", "blocked", "hold"];
/** `rolled-back` is accepted and recorded as `rolledover`. */
const DEPLOY_STATES = ["deploying", "healthy", "failed", "rolledover"];
/** `[infra-status]` states that do not block a wave; any other state fails the infra gate. */
const NON_BLOCKING_INFRA_STATES = [
    "conformant",
    "setup-required",
    "setup-in-progress",
    "action-required",
    "action-approved",
    "action-complete",
];
const line = schemas/* number */.aig().int().positive().describe("1-based line of the agent output where the marker stood");
const detail = schemas/* string */.YjP().nullable();
const ProofMarkerSchema = schemas/* object */.Ikc({
    completion: schemas/* enum */.k5n(schema/* COMPLETION_LEVELS */.Au),
    durability: schemas/* enum */.k5n(schema/* DURABILITY_LEVELS */.iy),
    proof: schemas/* enum */.k5n(schema/* PROOF_LEVELS */.te),
    state: schemas/* enum */.k5n(PROOF_STATES),
    detail,
    line,
});
const DocDeltaMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(schema/* DOC_IMPACT_LEVELS */.ce),
    paths: schemas/* array */.YOg(schemas/* string */.YjP()),
    detail,
    line,
});
const DocClosureMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(DOC_CLOSURE_STATES),
    paths: schemas/* array */.YOg(schemas/* string */.YjP()),
    detail,
    line,
});
const IntegrationMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(INTEGRATION_STATES),
    claims: schemas/* number */.aig().int().nonnegative(),
    conflicts: schemas/* number */.aig().int().nonnegative(),
    blockers: schemas/* number */.aig().int().nonnegative(),
    detail,
    line,
});
const EvalMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(EVAL_STATES),
    targets: schemas/* number */.aig().int().nonnegative(),
    benchmarks: schemas/* number */.aig().int().nonnegative(),
    regressions: schemas/* number */.aig().int().nonnegative(),
    targetIds: schemas/* array */.YOg(schemas/* string */.YjP()),
    benchmarkIds: schemas/* array */.YOg(schemas/* string */.YjP()),
    detail,
    line,
});
const SecurityMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(SECURITY_STATES),
    findings: schemas/* number */.aig().int().nonnegative(),
    approvals: schemas/* number */.aig().int().nonnegative(),
    detail,
    line,
});
const DesignMarkerSchema = schemas/* object */.Ikc({
    state: schemas/* enum */.k5n(DESIGN_STATES),
    decisions: schemas/* number */.aig().int().nonnegative(),
    assumptions: schemas/* number */.aig().int().nonnegative(),
    openQuestions: schemas/* number */.aig().int().nonnegative(),
    detail,
    line,
});
const gateValue = schemas/* enum */.k5n(GATE_VALUES);
const GateMarkerSchema = schemas/* object */.Ikc({
    architecture: gateValue,
    integration: gateValue,
    durability: gateValue,
    live: gateValue,
    docs: gateValue,
    detail,
    line,
});
const GapMarkerSchema = schemas/* object */.Ikc({ kind: schemas/* enum */.k5n(GAP_KINDS), detail, line });
const ComponentMarkerSchema = schemas/* object */.Ikc({
    componentId: schemas/* string */.YjP(),
    level: schemas/* string */.YjP(),
    state: schemas/* enum */.k5n(COMPONENT_STATES),
    detail,
    line,
});
const VerdictMarkerSchema = schemas/* object */.Ikc({ verdict: schemas/* enum */.k5n(VERDICTS), detail, line });
const PhaseMarkerSchema = schemas/* object */.Ikc({ phase: schemas/* string */.YjP(), line });
const DeployStatusMarkerSchema = schemas/* object */.Ikc({
    service: schemas/* string */.YjP(),
    state: schemas/* enum */.k5n(DEPLOY_STATES),
    detail,
    line,
});
const InfraStatusMarkerSchema = schemas/* object */.Ikc({
    kind: schemas/* string */.YjP(),
    target: schemas/* string */.YjP(),
    state: schemas/* string */.YjP(),
    detail,
    line,
});
/** A marker-looking line that was not accepted (error) or was accepted with a remark (warning). */
const SignalDiagnosticSchema = schemas/* object */.Ikc({
    /** Marker kind, `unknown` for an unrecognized `[wave-…]` tag, `log` for log-level problems. */
    kind: schemas/* string */.YjP(),
    line: schemas/* number */.aig().int().nonnegative(),
    /** The line as seen (trimmed, truncated, nonce value masked). */
    text: schemas/* string */.YjP(),
    reason: schemas/* string */.YjP(),
    severity: schemas/* enum */.k5n(["error", "warning"]),
    componentId: schemas/* string */.YjP().optional(),
});
const SignalCountSchema = schemas/* object */.Ikc({
    seen: schemas/* number */.aig().int().nonnegative(),
    accepted: schemas/* number */.aig().int().nonnegative(),
    rejected: schemas/* number */.aig().int().nonnegative(),
    warnings: schemas/* number */.aig().int().nonnegative(),
});
const TerminationFactsSchema = schemas/* object */.Ikc({
    /** The CLI reported that it stopped at its turn limit. */
    turnLimitReached: schemas/* boolean */.zMY(),
    /** N from `Reached max turns (N)` when printed. */
    observedTurnLimit: schemas/* number */.aig().int().nonnegative().nullable(),
    /** Last error message of a JSON transcript (`{"type":"error"}` / `turn.failed`). */
    lastError: schemas/* string */.YjP().nullable(),
});
/** The accepted markers: the LAST of each kind, the last per component id, every gap. */
const SignalMarkersShape = {
    proof: ProofMarkerSchema.nullable(),
    docDelta: DocDeltaMarkerSchema.nullable(),
    docClosure: DocClosureMarkerSchema.nullable(),
    integration: IntegrationMarkerSchema.nullable(),
    eval: EvalMarkerSchema.nullable(),
    security: SecurityMarkerSchema.nullable(),
    design: DesignMarkerSchema.nullable(),
    gate: GateMarkerSchema.nullable(),
    components: schemas/* array */.YOg(ComponentMarkerSchema),
    gaps: schemas/* array */.YOg(GapMarkerSchema),
    /** The `[wave-verdict]` marker of the log (not the report). */
    logVerdict: VerdictMarkerSchema.nullable(),
    phase: PhaseMarkerSchema.nullable(),
    deployStatus: DeployStatusMarkerSchema.nullable(),
    infraStatus: InfraStatusMarkerSchema.nullable(),
};
const SignalResultSchema = schemas/* object */.Ikc({
    ...SignalMarkersShape,
    /** Per kind: every marker-looking line seen, accepted, rejected, and accepted-with-warnings. */
    counts: schemas/* record */.g1P(schemas/* string */.YjP(), SignalCountSchema),
    /** Samples (the last few per kind), in line order. */
    diagnostics: schemas/* array */.YOg(SignalDiagnosticSchema),
    termination: TerminationFactsSchema,
    stats: schemas/* object */.Ikc({
        lines: schemas/* number */.aig().int().nonnegative(),
        bytes: schemas/* number */.aig().int().nonnegative(),
        oversizedLines: schemas/* number */.aig().int().nonnegative(),
    }),
});
/* ------------------------------------------------------------------ execution summary */
const FileFactSchema = schemas/* object */.Ikc({
    path: schemas/* string */.YjP(),
    exists: schemas/* boolean */.zMY(),
    /** sha256 hex of the file's bytes; null when missing or not a regular file. */
    sha256: schemas/* string */.YjP().nullable(),
    /** Why the file was not read (e.g. a symbolic link that resolves outside the repository); then `exists` is false. */
    problem: schemas/* string */.YjP().optional(),
});
const SummaryVerdictSchema = schemas/* object */.Ikc({
    verdict: schemas/* enum */.k5n(VERDICTS),
    detail: schemas/* string */.YjP().nullable(),
    /** `log`: a `[wave-verdict]` marker (wins); `report`: the report's last `Verdict:` line. */
    source: schemas/* enum */.k5n(["log", "report"]),
});
const TERMINATION_REASONS = ["max-turns", "timeout", "exit-code"];
const ExecutionSummarySchema = schemas/* object */.Ikc({
    schemaVersion: schemas/* literal */.euz(1),
    agentId: schemas/* string */.YjP(),
    exitCode: schemas/* number */.aig().int().nullable(),
    /** Log and report paths as given to the builder (relative to the run dir / repository root). */
    logPath: schemas/* string */.YjP().nullable(),
    reportPath: schemas/* string */.YjP().nullable(),
    ...SignalMarkersShape,
    verdict: SummaryVerdictSchema.nullable(),
    deliverables: schemas/* array */.YOg(FileFactSchema),
    proofArtifacts: schemas/* array */.YOg(FileFactSchema.extend({ kind: schemas/* string */.YjP().nullable(), requiredFor: schemas/* array */.YOg(schemas/* string */.YjP()) })),
    report: FileFactSchema.extend({
        verdict: schemas/* object */.Ikc({ verdict: schemas/* enum */.k5n(VERDICTS), detail: schemas/* string */.YjP().nullable() }).nullable(),
    }).nullable(),
    diagnostics: schemas/* object */.Ikc({
        counts: schemas/* record */.g1P(schemas/* string */.YjP(), SignalCountSchema),
        samples: schemas/* array */.YOg(SignalDiagnosticSchema),
    }),
    termination: schemas/* object */.Ikc({
        reason: schemas/* enum */.k5n(TERMINATION_REASONS).nullable(),
        hint: schemas/* string */.YjP().nullable(),
        observedTurnLimit: schemas/* number */.aig().int().nonnegative().nullable(),
    }),
    stats: schemas/* object */.Ikc({ lines: schemas/* number */.aig().int().nonnegative(), bytes: schemas/* number */.aig().int().nonnegative() }),
});

;// CONCATENATED MODULE: ./src/signals/grammar.ts
/**
 * The marker grammar: which keys each marker kind takes, how values are validated, how an accepted
 * marker is normalized, and how a normalized marker is printed back (canonical form).
 *
 * Body syntax (after the `[tag]`): `key=value` pairs; a key starts after whitespace and matches
 * `[a-z][a-z0-9_-]*` (case-insensitive); a value runs to the start of the next key, so values may
 * contain spaces; `detail=` swallows the rest of the line. `nonce=<token>` may stand anywhere (even
 * after `detail=`) and is removed before parsing. Text before the first key is positional (the
 * verdict of `[wave-verdict]`, the phase of `[wave-phase]`).
 */


const enumKey = (key, values, aliases, field = key) => ({
    key,
    field,
    type: "enum",
    values,
    aliases,
    required: true,
});
const intKey = (key, field = key) => ({ key, field, type: "int", required: true });
const csvKey = (key, field, lower = false) => ({ key, field, type: "csv", lower });
const tokenKey = (key, pattern, field = key) => ({
    key,
    field,
    type: "token",
    pattern,
    required: true,
});
const DETAIL = { key: "detail", field: "detail", type: "text" };
const LEVEL_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;
const COMPONENT_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;
const SPECS = [
    {
        kind: "proof",
        tag: "wave-proof",
        keys: [
            enumKey("completion", schema/* COMPLETION_LEVELS */.Au),
            enumKey("durability", schema/* DURABILITY_LEVELS */.iy),
            enumKey("proof", schema/* PROOF_LEVELS */.te),
            enumKey("state", PROOF_STATES, { complete: "met" }),
            DETAIL,
        ],
    },
    { kind: "doc-delta", tag: "wave-doc-delta", keys: [enumKey("state", schema/* DOC_IMPACT_LEVELS */.ce), csvKey("paths", "paths"), DETAIL] },
    {
        kind: "doc-closure",
        tag: "wave-doc-closure",
        keys: [enumKey("state", DOC_CLOSURE_STATES), csvKey("paths", "paths"), DETAIL],
    },
    {
        kind: "integration",
        tag: "wave-integration",
        keys: [enumKey("state", INTEGRATION_STATES), intKey("claims"), intKey("conflicts"), intKey("blockers"), DETAIL],
    },
    {
        kind: "eval",
        tag: "wave-eval",
        keys: [
            enumKey("state", EVAL_STATES),
            intKey("targets"),
            intKey("benchmarks"),
            intKey("regressions"),
            csvKey("target_ids", "targetIds", true),
            csvKey("benchmark_ids", "benchmarkIds", true),
            DETAIL,
        ],
    },
    {
        kind: "security",
        tag: "wave-security",
        keys: [enumKey("state", SECURITY_STATES), intKey("findings"), intKey("approvals"), DETAIL],
    },
    {
        kind: "design",
        tag: "wave-design",
        keys: [
            enumKey("state", DESIGN_STATES),
            intKey("decisions"),
            intKey("assumptions"),
            intKey("open_questions", "openQuestions"),
            DETAIL,
        ],
    },
    {
        kind: "gate",
        tag: "wave-gate",
        keys: [
            enumKey("architecture", GATE_VALUES),
            enumKey("integration", GATE_VALUES),
            enumKey("durability", GATE_VALUES),
            enumKey("live", GATE_VALUES),
            enumKey("docs", GATE_VALUES),
            DETAIL,
        ],
    },
    { kind: "gap", tag: "wave-gap", keys: [enumKey("kind", GAP_KINDS), DETAIL] },
    {
        kind: "component",
        tag: "wave-component",
        keys: [
            tokenKey("component", COMPONENT_TOKEN, "componentId"),
            tokenKey("level", LEVEL_TOKEN),
            enumKey("state", COMPONENT_STATES, { complete: "met" }),
            DETAIL,
        ],
    },
    {
        kind: "verdict",
        tag: "wave-verdict",
        positional: "verdict",
        keys: [enumKey("verdict", VERDICTS, { fail: "blocked" }), DETAIL],
    },
    { kind: "phase", tag: "wave-phase", positional: "phase", keys: [tokenKey("phase", /^[a-z0-9][a-z0-9_-]*$/i)] },
    {
        kind: "deploy-status",
        tag: "deploy-status",
        keys: [
            tokenKey("service", /^[a-z0-9_.:-]+$/i),
            enumKey("state", DEPLOY_STATES, { "rolled-back": "rolledover", rollback: "rolledover" }),
            DETAIL,
        ],
    },
    {
        kind: "infra-status",
        tag: "infra-status",
        keys: [
            tokenKey("kind", /^[a-z0-9][a-z0-9_.-]*$/i),
            tokenKey("target", /^[a-z0-9_.:@/-]+$/i),
            tokenKey("state", /^[a-z0-9][a-z0-9_.-]*$/i),
            DETAIL,
        ],
    },
];
const MARKER_SPECS = new Map(SPECS.map((spec) => [spec.kind, { ...spec, needsNonce: NONCE_REQUIRED_KINDS.includes(spec.kind) }]));
const SPEC_BY_TAG = new Map([...MARKER_SPECS.values()].map((spec) => [spec.tag, spec]));
function markerSpec(kind) {
    const spec = MARKER_SPECS.get(kind);
    if (!spec)
        throw new Error(`no marker spec for ${kind}`);
    return spec;
}
const NONCE_RE = /(^|\s)nonce=(\S*)/gi;
/** Removes every `nonce=<token>` from a marker body; returns the last nonce value seen. */
function extractNonce(body) {
    if (!/nonce=/i.test(body))
        return { body, nonce: null };
    let nonce = null;
    // Stryker disable next-line StringLiteral: group 2 (\S*) always takes part in a match, so the default is never used
    for (const m of body.matchAll(NONCE_RE))
        nonce = m[2] ?? "";
    return { body: body.replace(NONCE_RE, "$1"), nonce };
}
function isKeyStartChar(code) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}
function isKeyChar(code) {
    return isKeyStartChar(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
}
function isSpace(code) {
    return code === 32 || code === 9;
}
/** Splits `a=1 b=two words detail=rest` into pairs; see the module comment for the rules. */
function splitPairs(body) {
    const starts = [];
    const n = body.length;
    for (let i = 0; i < n; i++) {
        if (i > 0 && !isSpace(body.charCodeAt(i - 1)))
            continue;
        if (!isKeyStartChar(body.charCodeAt(i)))
            continue;
        let j = i + 1;
        while (j < n && isKeyChar(body.charCodeAt(j)))
            j++;
        if (j >= n || body.charCodeAt(j) !== 61 /* = */)
            continue;
        const key = body.slice(i, j).toLowerCase();
        starts.push({ key, keyAt: i, valueAt: j + 1 });
        if (key === "detail")
            break;
        i = j;
    }
    const positional = (starts.length > 0 ? body.slice(0, starts[0].keyAt) : body).trim();
    const pairs = [];
    for (let k = 0; k < starts.length; k++) {
        const s = starts[k];
        const end = k + 1 < starts.length ? starts[k + 1].keyAt : n;
        pairs.push([s.key, unquote(body.slice(s.valueAt, end).trim())]);
    }
    return { positional, pairs };
}
function unquote(value) {
    if (value.length >= 2) {
        const first = value[0];
        if ((first === '"' || first === "'" || first === "`") && value[value.length - 1] === first) {
            return value.slice(1, -1).trim();
        }
    }
    return value;
}
function csvItems(raw, lower) {
    const items = [];
    if (!raw)
        return items;
    for (const part of raw.split(",")) {
        const item = part.trim();
        if (item.length === 0)
            continue;
        const value = lower ? item.toLowerCase() : item;
        if (!items.includes(value))
            items.push(value);
    }
    return items;
}
/** Validates one key's raw value; returns the normalized value or a rejection reason. */
function keyValue(keySpec, raw) {
    if (keySpec.type === "enum") {
        const lowered = raw.toLowerCase();
        const value = keySpec.aliases?.[lowered] ?? lowered;
        if (keySpec.values.includes(value))
            return { value };
        return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected ${keySpec.values.join("|")})` };
    }
    if (keySpec.type === "int") {
        if (/^\d{1,9}$/.test(raw))
            return { value: Number(raw) };
        return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected a whole number)` };
    }
    if (keySpec.pattern.test(raw))
        return { value: raw };
    return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)}` };
}
/**
 * Validates a marker body against its spec. `expectedNonce` non-null: kinds that need a nonce must
 * carry exactly that value. Accepted values are keyed by field name.
 */
function parseMarkerBody(spec, rawBody, expectedNonce) {
    const { body, nonce } = extractNonce(rawBody);
    const { positional, pairs } = splitPairs(body);
    const given = new Map(pairs);
    const warnings = [];
    if (positional) {
        if (spec.positional && !given.has(spec.positional))
            given.set(spec.positional, unquote(positional));
        else
            warnings.push(`unexpected text "${positional.slice(0, 40)}"`);
    }
    const componentId = spec.kind === "component" ? given.get("component") || undefined : undefined;
    const values = {};
    let missing = null;
    for (const keySpec of spec.keys) {
        const raw = given.get(keySpec.key);
        given.delete(keySpec.key);
        if (keySpec.type === "text") {
            values[keySpec.field] = raw ? raw : null;
        }
        else if (keySpec.type === "csv") {
            values[keySpec.field] = csvItems(raw, keySpec.lower);
        }
        else if (raw === undefined || raw === "") {
            if (keySpec.required)
                (missing ??= []).push(keySpec.key);
        }
        else {
            const checked = keyValue(keySpec, raw);
            if ("reason" in checked)
                return { ok: false, reason: checked.reason, componentId };
            values[keySpec.field] = checked.value;
        }
    }
    if (missing !== null) {
        return { ok: false, reason: `missing ${missing.length === 1 ? "key" : "keys"} ${missing.join(",")}`, componentId };
    }
    if (spec.needsNonce && expectedNonce !== null) {
        if (nonce === null || nonce === "")
            return { ok: false, reason: "missing nonce", componentId };
        if (nonce !== expectedNonce)
            return { ok: false, reason: "wrong nonce", componentId };
    }
    if (given.size > 0)
        warnings.push(`unknown keys ${[...given.keys()].join(",")}`);
    return { ok: true, values, warnings };
}
/** Canonical one-line form of a normalized marker (keys in grammar order, empty values omitted). */
function formatMarker(kind, marker) {
    const spec = markerSpec(kind);
    const parts = [`[${spec.tag}]`];
    for (const keySpec of spec.keys) {
        const value = marker[keySpec.field];
        if (value === null || value === undefined)
            continue;
        // Stryker disable next-line BlockStatement: String() of a list is its comma join and list keys are never positional, so the lines below print the same; an empty list gives "", skipped there
        if (Array.isArray(value)) {
            if (value.length > 0)
                parts.push(`${keySpec.key}=${value.join(",")}`);
            continue;
        }
        const text = String(value);
        if (text === "")
            continue;
        parts.push(keySpec.key === spec.positional ? text : `${keySpec.key}=${text}`);
    }
    return parts.join(" ");
}
/** A template of a marker line, e.g. for gate details telling the agent what to print. */
function markerSyntax(kind, options = {}) {
    const spec = markerSpec(kind);
    const parts = [`[${spec.tag}]`];
    for (const keySpec of spec.keys) {
        let shape;
        if (keySpec.type === "enum")
            shape = keySpec.values.join("|");
        else if (keySpec.type === "int")
            shape = "<n>";
        else if (keySpec.type === "csv")
            shape = "<a,b>";
        else if (keySpec.type === "text")
            shape = "<text>";
        else
            shape = `<${keySpec.key}>`;
        parts.push(keySpec.key === spec.positional ? shape : `${keySpec.key}=${shape}`);
    }
    // Stryker disable next-line OptionalChaining: every marker spec has keys, so the last key is never undefined
    if (spec.needsNonce && options.nonce)
        parts.splice(parts.length - (spec.keys.at(-1)?.type === "text" ? 1 : 0), 0, `nonce=${options.nonce}`);
    return parts.join(" ");
}

;// CONCATENATED MODULE: ./src/closure/util.ts
/**
 * Small shared pieces of the gate functions: result builders, level ordering, and the detail text
 * that explains missing or rejected markers (all of an agent's at once).
 */

function summaryOf(inputs, agentId) {
    if (agentId === null)
        return null;
    return inputs.summaries[agentId] ?? null;
}
function isDeclared(wave, agentId) {
    return agentId !== null && wave.agents.some((a) => a.agentId === agentId);
}
/** The agents of `ids` the wave declares, in wave order (an absent role, null, names none). */
function declaredIds(wave, ids) {
    return wave.agents.filter((a) => ids.includes(a.agentId)).map((a) => a.agentId);
}
function gateResult(stage, agentId, ok, statusCode, detail, summary, extra = {}) {
    const result = { stage, agentId, ok, statusCode, detail };
    if (summary?.logPath)
        result.logPath = summary.logPath;
    return { ...result, ...extra };
}
function skippedGate(stage, detail) {
    return { stage, agentId: null, ok: true, statusCode: "skipped", detail, skipped: true };
}
/** Position of `value` in an ordered level list (-1 when unknown). */
function rank(order, value) {
    return value == null ? -1 : order.indexOf(value);
}
/** `actual` meets or exceeds `required` in `order`; a null requirement is always met. */
function meetsOrExceeds(actual, required, order) {
    if (required === null || required === "")
        return true;
    const need = rank(order, required);
    return need !== -1 && rank(order, actual) >= need;
}
/** " The agent stopped early: Reached max turns (30)." or "". */
function terminationNote(summary) {
    const hint = summary?.termination.hint;
    return hint ? ` The agent stopped early: ${hint}.` : "";
}
function lastRejected(summary, kind, componentId) {
    const samples = summary.diagnostics.samples.filter((d) => d.kind === kind && d.severity === "error" && (componentId === undefined || d.componentId === componentId));
    return samples.at(-1) ?? null;
}
function describeDiagnostic(d) {
    return `line ${d.line}: ${d.reason}: \`${d.text}\``;
}
const NONCE_NOTE = " (with nonce=<WAVE_MARKER_NONCE> when nonces are on)";
const MARKERS_DOC = "See docs/markers.md for every marker.";
function absence(summary, wanted) {
    const spec = markerSpec(wanted.kind);
    const tag = `[${spec.tag}]`;
    const count = summary.diagnostics.counts[wanted.kind];
    const forComponent = wanted.componentId === undefined ? null : lastRejected(summary, wanted.kind, wanted.componentId);
    const invalid = forComponent !== null || (count !== undefined && count.rejected > 0 && count.accepted === 0);
    const sample = invalid ? (forComponent ?? lastRejected(summary, wanted.kind)) : null;
    return {
        label: wanted.componentId === undefined ? tag : `${tag} component=${wanted.componentId}`,
        tag,
        syntax: wanted.syntax ?? markerSyntax(wanted.kind),
        needsNonce: spec.needsNonce,
        invalid,
        times: count && count.rejected > 1 ? `${count.rejected} times` : "once",
        where: sample ? ` Rejected ${describeDiagnostic(sample)}.` : "",
    };
}
/**
 * Why accepted markers are absent, listing every one in `wanted` (the markers the gate still
 * needs from this agent, in the gate's order) so the agent can fix them all in one run. `invalid`
 * follows the first one: marker lines of that kind were seen but all rejected. A single marker gets
 * the detail of `markerProblem`.
 */
function markerProblems(summary, agentId, wanted) {
    if (wanted.length === 0)
        throw new Error("markerProblems needs at least one marker");
    const tags = wanted.map((w) => `[${markerSpec(w.kind).tag}]`);
    if (summary === null) {
        const seen = tags.length === 1 ? `no ${tags[0]} marker was seen` : `none of its markers (${tags.join(", ")}) was seen`;
        return {
            invalid: false,
            detail: `No execution summary for ${agentId}: the agent did not run or its output was not read, so ${seen}.`,
        };
    }
    const all = wanted.map((w) => absence(summary, w));
    const first = all[0];
    if (all.length === 1) {
        const nonceNote = first.needsNonce ? NONCE_NOTE : "";
        if (first.invalid) {
            return {
                invalid: true,
                detail: `${agentId} printed ${first.tag} ${first.times} but it was not accepted.${first.where} Print it on a line of its own, outside code blocks that hold other text, as: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
            };
        }
        return {
            invalid: false,
            detail: `${agentId} did not print a ${first.tag} marker. End its output with a line: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
        };
    }
    const problems = all.map((a) => (a.invalid ? `${a.label}: printed ${a.times} but not accepted.${a.where}` : `${a.label}: not printed.`));
    const nonceNote = all.some((a) => a.needsNonce) ? ` Gate markers need nonce=<WAVE_MARKER_NONCE> when nonces are on.` : "";
    return {
        invalid: first.invalid,
        detail: `${agentId} is missing ${all.length} required markers. ${problems.join(" ")} Print each on a line of its own, outside code blocks that hold other text: ${all.map((a) => a.syntax).join(" | ")}.${nonceNote} ${MARKERS_DOC}${terminationNote(summary)}`,
    };
}
/**
 * Why an accepted marker of `kind` is absent: `invalid` when marker lines of that kind were seen
 * but all rejected (the detail quotes the last rejected line and the reason).
 */
function markerProblem(summary, kind, agentId, options = {}) {
    return markerProblems(summary, agentId, [{ kind, ...options }]);
}
/**
 * " Also missing: …" for a gate that fails for another reason while required markers are still
 * absent, so the next run can print them too; "" when none is.
 */
function alsoMissingNote(summary, wanted) {
    if (summary === null || wanted.length === 0)
        return "";
    const all = wanted.map((w) => absence(summary, w));
    const labels = all.map((a) => (a.invalid ? `${a.label} (printed but not accepted)` : a.label));
    return ` Also missing: ${labels.join(", ")}; print ${all.map((a) => a.syntax).join(" | ")}.`;
}
const CLARIFICATION_KINDS = new Set(["human-feedback", "human-escalation", "clarification-request"]);
/** Open blockers that block the wave (severity not stale/advisory). */
function blockingRecords(inputs) {
    return (inputs.coordination?.openBlockers ?? []).filter((b) => b.severity !== "stale" && b.severity !== "advisory");
}
/**
 * A record that a barrier of its own settles (barriers.ts): human feedback and clarification
 * requests, requests that follow up a clarification, and requests addressed to a capability
 * (helper assignments). The other gates leave such records to their barrier, so one open question
 * fails one gate, with the status code that says what it is.
 */
function isBarrierRecord(record) {
    if (CLARIFICATION_KINDS.has(record.kind))
        return true;
    if (record.kind === "request" && record.followUpOf)
        return true;
    // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
    return (record.targets ?? []).some((t) => t.startsWith("capability:"));
}
function forwardedIds(inputs) {
    return new Set(inputs.coordination?.forwardedGaps ?? []);
}
function listIds(records, max = 3) {
    const shown = records.slice(0, max).map((r) => `${r.id} (${r.summary})`);
    const more = records.length > max ? ` and ${records.length - max} more` : "";
    return shown.join("; ") + more;
}
/** The expected report path of an agent and whether its summary saw it on disk. */
function reportFact(inputs, agentId, summary) {
    const path = inputs.roles.reportPaths[agentId] ?? summary?.reportPath ?? null;
    const exists = path !== null && summary?.report?.path === path && summary.report.exists;
    return { path, exists };
}
/**
 * Why a role agent that owns no report (or packet) path cannot pass, and why a cont-EVAL agent
 * without eval targets cannot: one text for the gate at run time and for validation (static.ts).
 */
const NO_REPORT_PATH = {
    "cont-qa": (id, wave) => `${id} owns no cont-QA report path (an owned file like docs/reviews/wave-${wave}-cont-qa.md).`,
    "cont-eval": (id) => `${id} owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval").`,
    security: (id) => `${id} owns no security report path (an owned .md or .txt file whose name contains "security").`,
    design: (id) => `${id} owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage").`,
};
function noEvalContract(wave, id) {
    return `Wave ${wave} has a cont-EVAL agent (${id}) but no "## Eval targets" section to evaluate against.`;
}

;// CONCATENATED MODULE: ./src/closure/barriers.ts
/**
 * Wave-wide barriers: infra (`[infra-status]` of any agent in a blocking state — enforced, unlike
 * the reference), clarification (open human-feedback or clarification requests, and open requests
 * that follow up a clarification) and helper assignments (open blocking requests addressed to a
 * capability, `--target capability:<name>`).
 *
 * Helper assignments: the assignee of a capability is the first agent of the wave that the lane's
 * `capabilityRouting.preferredAgents` names for it, else the first agent declaring it in
 * `### Capabilities`; the requester never helps itself. An assignment is settled when the request
 * is resolved, or when its assignee answered it (a handoff, evidence or decision record posted with
 * `--depends-on <request id>`). Nobody to assign → `helper-assignment-unresolved`
 * (no agent to run again); an assignee whose request is still open → `helper-assignment-open`
 * naming the assignee, so another attempt runs it with the request in its inbox. In gate mode
 * `bootstrap` an open assignment is advisory (`helper-assignment-open-advisory`, ok).
 * Results use the `clarification` gate stage, the stage of the coordination barriers.
 */


const NON_BLOCKING = new Set(NON_BLOCKING_INFRA_STATES);
function barriers_infraGate(inputs) {
    for (const agent of inputs.wave.agents) {
        const summary = summaryOf(inputs, agent.agentId);
        const infra = summary?.infraStatus;
        if (infra && !NON_BLOCKING.has(infra.state)) {
            return gateResult("infra", agent.agentId, false, `infra-${infra.state}`, `${agent.agentId} reported infra ${infra.kind} ${infra.target} as ${infra.state} (line ${infra.line})${infra.detail ? `: ${infra.detail}` : "."}`, summary);
        }
    }
    return gateResult("infra", null, true, "pass", "No blocking [infra-status] reported.");
}
function barriers_clarificationGate(inputs) {
    const open = blockingRecords(inputs);
    const human = open.filter((r) => r.kind === "human-feedback" || r.kind === "human-escalation");
    if (human.length > 0) {
        return gateResult("clarification", human[0].agentId, false, "human-feedback-open", `Waiting for a human answer: ${listIds(human)}. Answer through the feedback input of the next run.`);
    }
    const clarifications = open.filter((r) => r.kind === "clarification-request");
    if (clarifications.length > 0) {
        return gateResult("clarification", clarifications[0].agentId, false, "clarification-open", `Open clarification request(s): ${listIds(clarifications)}.`);
    }
    // A follow-up is settled when one of its (agent) targets answered it.
    const followUps = open.filter((r) => r.kind === "request" &&
        r.followUpOf &&
        // Stryker disable next-line ArrayDeclaration: default lists are only matched against agent ids (targets, answers), which a placeholder entry (with spaces) never is
        !(r.targets ?? []).map(bareTarget).some((t) => (r.answeredBy ?? []).includes(t)));
    if (followUps.length > 0) {
        const first = followUps[0];
        const target = (first.targets ?? []).map(bareTarget).find((t) => !t.includes(":")) ?? first.agentId;
        return gateResult("clarification", target, false, "clarification-follow-up-open", `Open follow-up request(s) of a clarification: ${followUps
            .slice(0, 3)
            .map((r) => `${r.id} (follows up ${r.followUpOf}: ${r.summary})`)
            .join("; ")}${followUps.length > 3 ? ` and ${followUps.length - 3} more` : ""}.`);
    }
    return gateResult("clarification", null, true, "pass", "No open human feedback, clarification requests or follow-ups.");
}
function bareTarget(target) {
    return target.startsWith("agent:") ? target.slice("agent:".length) : target;
}
/** Capabilities a record is addressed to (`capability:<name>` targets). */
function capabilityTargets(record) {
    // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
    return (record.targets ?? [])
        .filter((t) => t.startsWith("capability:"))
        .map((t) => t.slice("capability:".length))
        .filter((t) => t !== "");
}
/** Who helps with `capability` for `requester` (see the module comment), or null. */
function helperAssignee(capability, requester, inputs) {
    const agents = inputs.wave.agents;
    const inWave = new Set(agents.map((a) => a.agentId));
    // Stryker disable next-line ArrayDeclaration: a default list's entries must be agents of the wave, which a placeholder entry (with spaces) never is
    const preferred = (inputs.capabilityRouting?.[capability] ?? []).find((id) => inWave.has(id) && id !== requester);
    if (preferred)
        return preferred;
    return agents.find((a) => a.agentId !== requester && a.capabilities.includes(capability))?.agentId ?? null;
}
function barriers_helperAssignmentGate(inputs) {
    const unresolved = [];
    const open = [];
    for (const record of blockingRecords(inputs)) {
        for (const capability of capabilityTargets(record)) {
            const assignee = helperAssignee(capability, record.agentId, inputs);
            // Stryker disable next-line ArrayDeclaration: a default list is only searched for an agent id, which a placeholder entry (with spaces) never is
            if (assignee !== null && (record.answeredBy ?? []).includes(assignee))
                continue;
            if (assignee === null)
                unresolved.push(`${record.id} (capability ${capability}, from ${record.agentId}: ${record.summary})`);
            else
                open.push({ record, assignee, capability });
        }
    }
    if (unresolved.length > 0) {
        return gateResult("clarification", null, false, "helper-assignment-unresolved", `No agent of wave ${inputs.wave.wave} has the capability these blocking request(s) are addressed to: ${unresolved.slice(0, 3).join("; ")}${unresolved.length > 3 ? ` and ${unresolved.length - 3} more` : ""}. Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.`);
    }
    if (open.length > 0) {
        const first = open[0];
        const detail = `Open helper assignment(s): ${open
            .slice(0, 3)
            .map((o) => `${o.record.id} (capability ${o.capability} → ${o.assignee}: ${o.record.summary})`)
            .join("; ")}${open.length > 3 ? ` and ${open.length - 3} more` : ""}.`;
        if (inputs.policy.gateMode === "bootstrap") {
            return gateResult("clarification", first.assignee, true, "helper-assignment-open-advisory", `${detail} Advisory in gate mode bootstrap.`);
        }
        return gateResult("clarification", first.assignee, false, "helper-assignment-open", `${detail} The assignee resolves them (wave coord post --id <id> --status resolved).`);
    }
    return gateResult("clarification", null, true, "pass", "No open helper assignments.");
}

;// CONCATENATED MODULE: ./src/closure/components.ts

function ownersOf(inputs, promotion) {
    const implementation = new Set(declaredIds(inputs.wave, inputs.roles.implementationAgentIds));
    return inputs.wave.agents
        .filter((a) => implementation.has(a.agentId) && a.components.includes(promotion.componentId))
        .map((a) => a.agentId);
}
function ownerReport(inputs, ownerId, promotion) {
    const summary = summaryOf(inputs, ownerId);
    if (!summary)
        return { ok: false, text: `${ownerId}: no summary (did not run)` };
    const marker = summary.components.find((c) => c.componentId === promotion.componentId);
    if (!marker)
        return { ok: false, text: `${ownerId}: no [wave-component] marker` };
    const ok = marker.state === "met" && marker.level === promotion.targetLevel;
    return { ok, text: `${ownerId}: level=${marker.level} state=${marker.state}` };
}
/** One gate per promotion (or one `missing-component-promotions` failure). */
function componentPromotionGates(inputs) {
    const { wave, policy } = inputs;
    if (wave.componentPromotions.length === 0) {
        const implementation = declaredIds(wave, inputs.roles.implementationAgentIds);
        if (policy.requireComponentPromotions && implementation.length > 0) {
            return [
                gateResult("component", null, false, "missing-component-promotions", `Wave ${wave.wave} has implementation agents (${implementation.join(", ")}) but no "## Component promotions" section; the config requires one from this wave on.`),
            ];
        }
        return [];
    }
    return wave.componentPromotions.map((promotion) => {
        const { componentId, targetLevel } = promotion;
        const owners = ownersOf(inputs, promotion);
        const extra = { componentId };
        if (owners.length === 0) {
            return gateResult("component", null, false, "component-promotion-gap", `No implementation agent owns component ${componentId} (promoted to ${targetLevel}); list it under an agent's ### Components.`, null, extra);
        }
        const reports = owners.map((id) => ({ id, ...ownerReport(inputs, id, promotion) }));
        const satisfied = reports.filter((r) => r.ok).map((r) => r.id);
        const waiting = reports.filter((r) => !r.ok);
        if (waiting.length === 0) {
            return gateResult("component", null, true, "pass", `Component ${componentId} reached ${targetLevel} (${satisfied.join(", ")}).`, null, extra);
        }
        const agentId = waiting[0].id;
        const summary = summaryOf(inputs, agentId);
        const status = waiting.map((r) => r.text).join("; ");
        if (satisfied.length > 0) {
            return gateResult("component", agentId, false, "shared-component-sibling-pending", `Component ${componentId} is shared: ${satisfied.join(", ")} reached ${targetLevel}, waiting on ${waiting.map((r) => r.id).join(", ")} (${status}).`, summary, extra);
        }
        return gateResult("component", agentId, false, "component-promotion-gap", `Component ${componentId} did not reach ${targetLevel}: ${status}. An owner must print [wave-component] component=${componentId} level=${targetLevel} state=met.`, summary, extra);
    });
}
/** The matrix must list every promoted component with `currentLevel` equal to its new target. */
function componentMatrixGate(inputs) {
    const { wave } = inputs;
    const steward = isDeclared(wave, inputs.roles.documentationAgentId) ? inputs.roles.documentationAgentId : null;
    const summary = summaryOf(inputs, steward);
    if (wave.componentPromotions.length === 0) {
        return gateResult("component-matrix", null, true, "pass", "No component promotions in this wave.");
    }
    const problem = inputs.componentMatrixProblem ?? null;
    if (problem !== null) {
        return gateResult("component-matrix", steward, false, "invalid-component-matrix", `The component matrix cannot be checked: ${problem}. It must stay valid JSON with levels and components.`, summary);
    }
    const matrix = inputs.componentMatrix ?? null;
    if (matrix === null) {
        return gateResult("component-matrix", null, true, "pass", "No component matrix configured; current levels not checked.");
    }
    for (const { componentId, targetLevel } of wave.componentPromotions) {
        const entry = matrix.components[componentId];
        if (!entry) {
            return gateResult("component-matrix", steward, false, "unknown-component", `Component ${componentId} is promoted by wave ${wave.wave} but missing from the component matrix; add it.`, summary, { componentId });
        }
        if ((entry.currentLevel ?? null) !== targetLevel) {
            return gateResult("component-matrix", steward, false, "component-current-level-stale", `The component matrix still shows ${componentId} at ${entry.currentLevel ?? "no level"}; wave ${wave.wave} promotes it to ${targetLevel}. The documentation steward must update currentLevel.`, summary, { componentId });
        }
    }
    return gateResult("component-matrix", steward, true, "pass", "Component matrix is current for every promotion.", summary);
}

;// CONCATENATED MODULE: ./src/closure/cont-eval.ts

const sortedUnique = (ids) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();
function benchmarkMismatch(marker, targets, families) {
    const actual = new Set(sortedUnique(marker.benchmarkIds));
    const allowed = new Set();
    let anyAllowed = false;
    for (const target of targets) {
        if (target.selection === "pinned") {
            for (const b of target.benchmarks)
                allowed.add(b.toLowerCase());
            continue;
        }
        const family = target.benchmarkFamily ? families[target.benchmarkFamily] : undefined;
        if (family === undefined)
            anyAllowed = true;
        else
            for (const b of family)
                allowed.add(b.toLowerCase());
    }
    if (!anyAllowed) {
        const undeclared = [...actual].filter((b) => !allowed.has(b));
        if (undeclared.length > 0)
            return `benchmark_ids lists undeclared benchmark(s) ${undeclared.join(", ")}`;
    }
    for (const target of targets) {
        if (target.selection === "pinned") {
            const missing = target.benchmarks.map((b) => b.toLowerCase()).filter((b) => !actual.has(b));
            if (missing.length > 0)
                return `target ${target.id} pins benchmark(s) ${missing.join(", ")} that were not run`;
        }
        else if (target.benchmarkFamily && families[target.benchmarkFamily]) {
            const family = new Set(families[target.benchmarkFamily].map((b) => b.toLowerCase()));
            if (![...actual].some((b) => family.has(b))) {
                return `target ${target.id} delegates to family ${target.benchmarkFamily}, but no benchmark of that family was run`;
            }
        }
    }
    return null;
}
function contEvalGate(inputs) {
    const { wave, roles } = inputs;
    const agentId = roles.contEvalAgentId;
    if (!isDeclared(wave, agentId))
        return gateResult("cont-eval", null, true, "pass", "No cont-EVAL agent in this wave.");
    const summary = summaryOf(inputs, agentId);
    const fail = (code, detail) => gateResult("cont-eval", agentId, false, code, detail, summary);
    const marker = summary?.eval ?? null;
    if (!marker)
        return fail("missing-wave-eval", markerProblem(summary, "eval", agentId).detail);
    const report = reportFact(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-cont-eval-report", NO_REPORT_PATH["cont-eval"](agentId));
    }
    if (marker.state !== "satisfied") {
        return fail(marker.state === "blocked" ? "cont-eval-blocked" : "cont-eval-needs-more-work", `${agentId} reported ${marker.state}${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    if (!report.exists)
        return fail("missing-cont-eval-report", `${agentId} did not write its cont-EVAL report ${report.path}.`);
    const targets = wave.evalTargets;
    if (targets.length === 0) {
        return fail("missing-cont-eval-contract", noEvalContract(wave.wave, agentId));
    }
    const expected = sortedUnique(targets.map((t) => t.id));
    const targetIds = sortedUnique(marker.targetIds);
    if (targetIds.length === 0) {
        return fail("missing-cont-eval-target-ids", `${agentId}'s [wave-eval] has no target_ids; list ${expected.join(",")}.`);
    }
    if (marker.targets !== targetIds.length) {
        return fail("cont-eval-target-count-mismatch", `${agentId} reported targets=${marker.targets} but target_ids lists ${targetIds.length} (${targetIds.join(",")}).`);
    }
    if (targetIds.join(",") !== expected.join(",")) {
        return fail("cont-eval-target-mismatch", `${agentId}'s target_ids (${targetIds.join(",")}) must match the wave's eval targets (${expected.join(",")}).`);
    }
    const benchmarkIds = sortedUnique(marker.benchmarkIds);
    if (benchmarkIds.length === 0) {
        return fail("missing-cont-eval-benchmarks", `${agentId}'s [wave-eval] has no benchmark_ids; list the benchmarks it ran.`);
    }
    if (marker.benchmarks !== benchmarkIds.length) {
        return fail("cont-eval-benchmark-count-mismatch", `${agentId} reported benchmarks=${marker.benchmarks} but benchmark_ids lists ${benchmarkIds.length} (${benchmarkIds.join(",")}).`);
    }
    if (marker.regressions > 0) {
        return fail("cont-eval-regressions", `${agentId} found ${marker.regressions} unresolved regression(s)${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    const mismatch = benchmarkMismatch(marker, targets, inputs.benchmarkFamilies ?? {});
    if (mismatch)
        return fail("cont-eval-benchmark-mismatch", `${agentId}: ${mismatch}.`);
    return gateResult("cont-eval", agentId, true, "pass", `${agentId} satisfied ${targetIds.length} eval target(s) with ${benchmarkIds.length} benchmark(s).`, summary);
}

;// CONCATENATED MODULE: ./src/closure/cont-qa.ts
/**
 * cont-QA gate (A0): the `[wave-gate]` dimensions, the report, and the verdict (a log
 * `[wave-verdict]` over the report's last `Verdict:` line). A `gap` dimension passes as
 * `conditional-pass`; `concerns`/`blocked` fail as `gate-<dimension>-<value>`.
 */


function contQaGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.contQaAgentId;
    if (!isDeclared(wave, agentId)) {
        if (policy.requiredStages.includes("cont-qa")) {
            return gateResult("cont-qa", null, false, "missing-cont-qa", `Wave ${wave.wave} requires a cont-QA agent (${agentId ?? "A0"}) but declares none.`);
        }
        return gateResult("cont-qa", null, true, "pass", "No cont-QA agent in this wave.");
    }
    const summary = summaryOf(inputs, agentId);
    const fail = (code, detail) => gateResult("cont-qa", agentId, false, code, detail, summary);
    const gate = summary?.gate ?? null;
    if (!gate) {
        // A verdict can also come from the report's `Verdict:` line; list [wave-verdict] only when neither gave one.
        const wanted = summary?.verdict ? [{ kind: "gate" }] : [{ kind: "gate" }, { kind: "verdict" }];
        return fail("missing-wave-gate", markerProblems(summary, agentId, wanted).detail);
    }
    const report = reportFact(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-cont-qa-report", NO_REPORT_PATH["cont-qa"](agentId, wave.wave));
    }
    if (!report.exists)
        return fail("missing-cont-qa-report", `${agentId} did not write its cont-QA report ${report.path}.`);
    // Stryker disable next-line OptionalChaining: summary is non-null here (a null summary has no gate and returned above)
    const verdict = summary?.verdict ?? null;
    if (!verdict) {
        const problem = markerProblem(summary, "verdict", agentId);
        const detail = problem.invalid
            ? problem.detail
            : `${agentId} gave no verdict: neither a [wave-verdict] line in its output nor a "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line in ${report.path}.${terminationNote(summary)}`;
        return fail("missing-cont-qa-verdict", detail);
    }
    const from = verdict.source === "log" ? "[wave-verdict]" : `the Verdict: line of ${report.path}`;
    if (verdict.verdict !== "pass") {
        return fail(`cont-qa-${verdict.verdict}`, `${agentId} gave verdict ${verdict.verdict} (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`);
    }
    for (const dim of GATE_DIMENSIONS) {
        const value = gate[dim];
        if (value !== "pass" && value !== "gap") {
            return fail(`gate-${dim}-${value}`, `${agentId} rated ${dim} as ${value} (line ${gate.line})${gate.detail ? `: ${gate.detail}` : "."}`);
        }
    }
    const gaps = GATE_DIMENSIONS.filter((dim) => gate[dim] === "gap");
    if (gaps.length > 0) {
        return gateResult("cont-qa", agentId, true, "conditional-pass", `${agentId} passed the wave with known gaps in ${gaps.join(", ")}${gate.detail ? `: ${gate.detail}` : "."}`, summary);
    }
    return gateResult("cont-qa", agentId, true, "pass", `${agentId} passed the wave (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`, summary);
}

;// CONCATENATED MODULE: ./src/closure/design.ts

function designAgentGate(inputs, agentId) {
    const summary = summaryOf(inputs, agentId);
    const fail = (code, detail) => gateResult("design", agentId, false, code, detail, summary);
    const design = summary?.design ?? null;
    if (!design)
        return fail("missing-wave-design", markerProblem(summary, "design", agentId).detail);
    const packet = reportFact(inputs, agentId, summary);
    if (packet.path === null) {
        return fail("missing-design-packet", NO_REPORT_PATH.design(agentId));
    }
    if (!packet.exists)
        return fail("missing-design-packet", `${agentId} did not write its design packet ${packet.path}.`);
    if (design.state === "blocked") {
        return fail("design-blocked", `${agentId} reported the design blocked${design.detail ? `: ${design.detail}` : "."}`);
    }
    if (design.state === "needs-clarification") {
        return fail("design-needs-clarification", `${agentId} needs clarification before implementation (${design.openQuestions} open question(s))${design.detail ? `: ${design.detail}` : "."} Answer them in the wave file or via feedback.`);
    }
    return gateResult("design", agentId, true, "pass", `${agentId} is ready for implementation (${design.decisions} decision(s), ${design.assumptions} assumption(s)).`, summary);
}
/** One gate per declared design agent, in wave order. */
function designGates(inputs) {
    return declaredIds(inputs.wave, inputs.roles.designAgentIds).map((id) => designAgentGate(inputs, id));
}

;// CONCATENATED MODULE: ./src/closure/integration.ts

/** Open records and reported gaps that make inferring integration unsafe. */
function integrationSignals(inputs) {
    const signals = blockingRecords(inputs)
        .filter((r) => !isBarrierRecord(r))
        .map((r) => `open ${r.kind} ${r.id}`);
    for (const agent of inputs.wave.agents) {
        // Stryker disable next-line ArrayDeclaration: a placeholder entry has no gap kind, so it adds no signal
        for (const gap of summaryOf(inputs, agent.agentId)?.gaps ?? []) {
            if (gap.kind === "integration" || gap.kind === "architecture")
                signals.push(`${agent.agentId} reported a ${gap.kind} gap`);
        }
    }
    return signals;
}
function integrationGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.integrationAgentId;
    const declared = isDeclared(wave, agentId);
    const summary = declared ? summaryOf(inputs, agentId) : null;
    if (summary === null) {
        if (policy.autoClosure.allowInferredIntegration && integrationSignals(inputs).length === 0) {
            return gateResult("integration", null, true, "integration-inferred", "Integration inferred: no open blockers and no integration or architecture gaps (autoClosure.allowInferredIntegration).");
        }
        if (!declared) {
            if (policy.requiredStages.includes("integration")) {
                return gateResult("integration", null, false, "missing-integration", `Wave ${wave.wave} requires an integration steward (${agentId ?? "A8"}) but declares none.`);
            }
            return gateResult("integration", null, true, "pass", "No integration steward in this wave.");
        }
    }
    const id = agentId;
    const fail = (code, detail) => gateResult("integration", id, false, code, detail, summary);
    const marker = summary?.integration ?? null;
    if (!marker)
        return fail("missing-wave-integration", markerProblem(summary, "integration", id).detail);
    if (marker.state !== "ready-for-doc-closure") {
        return fail("integration-needs-more-work", `${id} reported needs-more-work (claims=${marker.claims} conflicts=${marker.conflicts} blockers=${marker.blockers})${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    const forwarded = forwardedIds(inputs);
    const open = blockingRecords(inputs).filter((r) => !isBarrierRecord(r) && !forwarded.has(r.id));
    if (open.length > 0) {
        return fail("integration-contradiction-open", `${id} reported ready-for-doc-closure, but ${open.length} blocking coordination record(s) are still open: ${listIds(open)}. Resolve them or report needs-more-work.`);
    }
    return gateResult("integration", id, true, "pass", `${id} reported ready-for-doc-closure${marker.detail ? `: ${marker.detail}` : "."}`, summary);
}

;// CONCATENATED MODULE: ./src/closure/documentation.ts



/** Agents whose `[wave-doc-delta]` asks for shared-plan documentation changes. */
function sharedPlanDeltas(inputs) {
    return inputs.wave.agents
        .filter((a) => summaryOf(inputs, a.agentId)?.docDelta?.state === "shared-plan")
        .map((a) => a.agentId);
}
/** The auto-closure result, when documentation may close without its steward. */
function documentationAutoClosure(inputs) {
    const { autoClosure } = inputs.policy;
    const shared = sharedPlanDeltas(inputs);
    if (shared.length > 0)
        return null;
    const promotions = inputs.wave.componentPromotions.length;
    if (promotions === 0 && autoClosure.allowAutoDocNoChange) {
        return gateResult("documentation", null, true, "doc-auto-no-change", "No shared-plan doc deltas and no component promotions: documentation closed as no-change (autoClosure.allowAutoDocNoChange).");
    }
    if (promotions > 0 && autoClosure.allowAutoDocProjection && (inputs.componentMatrix ?? null) !== null && componentMatrixGate(inputs).ok) {
        return gateResult("documentation", null, true, "doc-auto-closed", "Only component-matrix updates were due and the matrix is current: documentation auto-closed (autoClosure.allowAutoDocProjection).");
    }
    return null;
}
function documentationGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.documentationAgentId;
    const declared = isDeclared(wave, agentId);
    const summary = declared ? summaryOf(inputs, agentId) : null;
    if (summary === null) {
        const auto = documentationAutoClosure(inputs);
        if (auto)
            return auto;
        if (!declared) {
            if (policy.requiredStages.includes("documentation")) {
                return gateResult("documentation", null, false, "missing-doc-closure", `Wave ${wave.wave} requires a documentation steward (${agentId ?? "A9"}) but declares none.`);
            }
            return gateResult("documentation", null, true, "pass", "No documentation steward in this wave.");
        }
    }
    const id = agentId;
    const fail = (code, detail) => gateResult("documentation", id, false, code, detail, summary);
    if (summary !== null && summary.stats.bytes === 0) {
        if (integrationGate(inputs).ok) {
            return gateResult("documentation", id, true, "fallback-auto-closed", `${id} produced no output; integration is ready for doc closure, so documentation is closed by fallback.`, summary);
        }
        return fail("missing-doc-closure-empty-run", `${id} produced no output and integration is not ready; rerun the documentation steward.`);
    }
    const marker = summary?.docClosure ?? null;
    if (!marker)
        return fail("missing-doc-closure", markerProblem(summary, "doc-closure", id).detail);
    if (marker.state === "delta") {
        return fail("doc-closure-open", `${id} still reports an open shared-plan delta${marker.detail ? `: ${marker.detail}` : "."} Land the documentation changes, then print state=closed.`);
    }
    return gateResult("documentation", id, true, "pass", marker.state === "closed" ? `${id} closed the shared-plan documentation delta.` : `${id} confirmed no documentation changes were needed.`, summary);
}

;// CONCATENATED MODULE: ./src/closure/implementation.ts


/** Agents the implementation gate checks: everyone but closure agents (an implementation-owning E0 is checked). */
function implementationGateAgents(inputs) {
    const { roles } = inputs;
    const closure = new Set(roles.securityAgentIds);
    for (const id of [roles.contQaAgentId, roles.integrationAgentId, roles.documentationAgentId])
        if (id)
            closure.add(id);
    if (roles.contEvalAgentId && !roles.implementationAgentIds.includes(roles.contEvalAgentId))
        closure.add(roles.contEvalAgentId);
    return inputs.wave.agents.filter((a) => !closure.has(a.agentId));
}
function activeContract(contract) {
    if (!contract)
        return null;
    const { completion, durability, proof, docImpact } = contract;
    return completion || durability || proof || docImpact ? contract : null;
}
/** Proof artifact required for this agent: no `required-for`, no component target, or a target at/above a listed level. */
function proofArtifactRequired(agent, artifact) {
    if (artifact.requiredFor.length === 0)
        return true;
    const targets = Object.values(agent.componentTargets).filter((t) => typeof t === "string");
    if (targets.length === 0)
        return true;
    const highest = Math.max(...targets.map((t) => rank(schema/* MATURITY_LEVELS */.l8, t)));
    return artifact.requiredFor.some((level) => {
        const need = rank(schema/* MATURITY_LEVELS */.l8, level);
        return need !== -1 && highest >= need;
    });
}
function levelGap(agentId, what, actual, required, order) {
    if (meetsOrExceeds(actual, required, order))
        return null;
    if (rank(order, required) === -1) {
        return `${agentId}'s exit contract asks for ${what} "${required}", which is not one of ${order.join(", ")}; fix the exit contract.`;
    }
    return `${agentId} reported ${what} ${actual}; its exit contract requires at least ${required} (${order.join(" < ")}). Reach it, or print the level actually proven.`;
}
/** The implementation gate of one agent. */
function implementationAgentGate(agent, summary) {
    const id = agent.agentId;
    const fail = (code, detail, extra = {}) => gateResult("implementation", id, false, code, detail, summary, extra);
    if (summary === null) {
        return fail("missing-summary", `No execution summary for ${id}: the agent did not run or its output was not read.`);
    }
    const contract = activeContract(agent.exitContract);
    const proof = summary.proof;
    if (contract) {
        // Every required marker still absent, in gate order: a failure lists them all, so the agent
        // can print them all in its next run instead of discovering one per run.
        const absent = absentMarkers(agent, summary);
        const missing = (code, invalidCode, extra = {}) => {
            const problem = markerProblems(summary, id, absent);
            return fail(problem.invalid ? invalidCode : code, problem.detail, extra);
        };
        const failWithRest = (code, detail, extra = {}) => fail(code, `${detail}${alsoMissingNote(summary, absent)}`, extra);
        if (!proof)
            return missing("missing-wave-proof", "invalid-wave-proof-format");
        if (proof.state !== "met")
            return failWithRest("wave-proof-gap", proofGapDetail(id, proof.detail));
        const completion = levelGap(id, "completion", proof.completion, contract.completion, schema/* COMPLETION_LEVELS */.Au);
        if (completion)
            return failWithRest("completion-gap", completion);
        const durability = levelGap(id, "durability", proof.durability, contract.durability, schema/* DURABILITY_LEVELS */.iy);
        if (durability)
            return failWithRest("durability-gap", durability);
        const level = levelGap(id, "proof level", proof.proof, contract.proof, schema/* PROOF_LEVELS */.te);
        if (level)
            return failWithRest("proof-level-gap", level);
        if (!summary.docDelta)
            return missing("missing-doc-delta", "invalid-doc-delta-format");
        const docs = levelGap(id, "doc impact", summary.docDelta.state, contract.docImpact, schema/* DOC_IMPACT_LEVELS */.ce);
        if (docs)
            return failWithRest("doc-impact-gap", docs);
        for (const componentId of agent.components) {
            const marker = summary.components.find((c) => c.componentId === componentId);
            if (!marker) {
                const problem = markerProblems(summary, id, absent);
                const detail = absent.length === 1 && !problem.invalid
                    ? `${id} owns component ${componentId} but printed no [wave-component] marker for it. Print: ${absent[0].syntax}.`
                    : problem.detail;
                return fail(problem.invalid ? "invalid-wave-component-format" : "missing-wave-component", detail, { componentId });
            }
            const target = agent.componentTargets[componentId] ?? null;
            if (target !== null && marker.level !== target) {
                return failWithRest("component-level-mismatch", `${id} reported component ${componentId} at level ${marker.level} (line ${marker.line}); this wave promotes it to ${target}. Report level=${target} once it is reached.`, { componentId });
            }
            if (marker.state !== "met") {
                return failWithRest("component-gap", `${id} reported a gap for component ${componentId}${marker.detail ? `: ${marker.detail}` : "."} Close it before the wave can pass.`, { componentId });
            }
        }
    }
    else if (proof && proof.state !== "met") {
        return fail("wave-proof-gap", proofGapDetail(id, proof.detail));
    }
    const files = filesGate(agent, summary);
    if (files)
        return files;
    return gateResult("implementation", id, true, "pass", contract ? `Exit contract satisfied for ${id}.` : `${id} finished; no exit contract declared.`, summary);
}
/** The markers an agent with an exit contract must print and has not (accepted): proof, doc delta, one per owned component. */
function absentMarkers(agent, summary) {
    const absent = [];
    if (!summary.proof)
        absent.push({ kind: "proof" });
    if (!summary.docDelta)
        absent.push({ kind: "doc-delta" });
    for (const componentId of agent.components) {
        if (summary.components.some((c) => c.componentId === componentId))
            continue;
        const level = agent.componentTargets[componentId] ?? "<level>";
        absent.push({ kind: "component", componentId, syntax: `[wave-component] component=${componentId} level=${level} state=met|gap detail=<text>` });
    }
    return absent;
}
function proofGapDetail(agentId, detail) {
    return `${agentId} reported a proof gap (state=gap)${detail ? `: ${detail}` : "."} Close the gap and print [wave-proof] … state=met.`;
}
/** A named file the summary refused to read (see `readRefusal`): the reason, and what to do. */
function unreadDetail(agentId, what, path, problem) {
    return `${what} ${path} ${problem}, so it was not read. ${agentId} must write it as a file inside the repository.`;
}
function filesGate(agent, summary) {
    const id = agent.agentId;
    for (const path of agent.deliverables) {
        const fact = summary.deliverables.find((d) => d.path === path);
        if (!fact) {
            return gateResult("implementation", id, false, "missing-deliverable-summary", `The summary of ${id} has no record of deliverable ${path}; rebuild it.`, summary);
        }
        if (fact.problem) {
            return gateResult("implementation", id, false, "unsafe-deliverable", unreadDetail(id, "deliverable", path, fact.problem), summary);
        }
        if (!fact.exists) {
            return gateResult("implementation", id, false, "missing-deliverable", `${id} did not create its deliverable ${path} (declared under ### Deliverables).`, summary);
        }
    }
    for (const artifact of agent.proofArtifacts) {
        if (!proofArtifactRequired(agent, artifact))
            continue;
        const fact = summary.proofArtifacts.find((a) => a.path === artifact.path);
        if (!fact) {
            return gateResult("implementation", id, false, "missing-proof-artifact-summary", `The summary of ${id} has no record of proof artifact ${artifact.path}; rebuild it.`, summary);
        }
        if (fact.problem) {
            return gateResult("implementation", id, false, "unsafe-proof-artifact", unreadDetail(id, "proof artifact", artifact.path, fact.problem), summary);
        }
        if (!fact.exists) {
            return gateResult("implementation", id, false, "missing-proof-artifact", `${id} did not write its proof artifact ${artifact.path}${artifact.kind ? ` (${artifact.kind})` : ""} (declared under ### Proof artifacts).`, summary);
        }
    }
    return null;
}
/** The implementation gate of every checked agent, in wave order. */
function implementationGates(inputs) {
    return implementationGateAgents(inputs).map((agent) => implementationAgentGate(agent, summaryOf(inputs, agent.agentId)));
}

;// CONCATENATED MODULE: ./src/closure/plan.ts
/**
 * Closure-stage planning: cont-eval → security → integration → documentation → cont-qa, from the
 * wave definition and the policy only. A closure-only retry or a resume plans the same way (the
 * reference planned from the selected runs and failed earlier stages with `missing-closure-run`,
 * §11.9); whether an agent is relaunched or its summary reused is the engine's choice.
 */


const STAGE_LABELS = {
    "cont-eval": "cont-EVAL",
    security: "Security review",
    integration: "Integration",
    documentation: "Documentation closure",
    "cont-qa": "cont-QA",
};
/** Declared agents holding a closure stage, in wave order. */
function stageAgentIds(wave, roles, stage) {
    switch (stage) {
        case "cont-eval":
            return declaredIds(wave, [roles.contEvalAgentId]);
        case "security":
            return declaredIds(wave, roles.securityAgentIds);
        case "integration":
            return declaredIds(wave, [roles.integrationAgentId]);
        case "documentation":
            return declaredIds(wave, [roles.documentationAgentId]);
        case "cont-qa":
            return declaredIds(wave, [roles.contQaAgentId]);
    }
}
function planClosureStages(wave, roles, policy) {
    const agentsByStage = new Map(schema/* CLOSURE_STAGES */.Et.map((stage) => [stage, stageAgentIds(wave, roles, stage)]));
    // Stryker disable next-line OptionalChaining: the map has an entry for every stage
    const otherStagesHaveAgents = schema/* CLOSURE_STAGES */.Et.some((s) => s !== "cont-qa" && (agentsByStage.get(s)?.length ?? 0) > 0);
    return schema/* CLOSURE_STAGES */.Et.map((stage) => {
        // Stryker disable next-line ArrayDeclaration: the map has an entry for every stage, so the default is never used
        const agentIds = agentsByStage.get(stage) ?? [];
        const required = policy.requiredStages.includes(stage);
        let skipReason = null;
        let missingRun = false;
        if (stage === "cont-qa" &&
            policy.autoClosure.allowSkipContQaInBootstrap &&
            policy.closureMode === "bootstrap" &&
            !otherStagesHaveAgents) {
            skipReason = "cont-qa-bootstrap";
        }
        else if (agentIds.length === 0) {
            if (!required)
                skipReason = "not-declared";
            else if (policy.gateMode === "bootstrap" && stage !== "cont-qa")
                skipReason = "bootstrap";
            else
                missingRun = true;
        }
        return { stage, agentIds, required, skipReason, missingRun };
    });
}

;// CONCATENATED MODULE: ./src/closure/security.ts

function securityAgentGate(inputs, agentId) {
    const summary = summaryOf(inputs, agentId);
    const fail = (code, detail) => gateResult("security", agentId, false, code, detail, summary);
    const security = summary?.security ?? null;
    if (!security)
        return fail("missing-wave-security", markerProblem(summary, "security", agentId).detail);
    const report = reportFact(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-security-report", NO_REPORT_PATH.security(agentId));
    }
    if (!report.exists)
        return fail("missing-security-report", `${agentId} did not write its security report ${report.path}.`);
    if (security.state === "clear" && (security.findings > 0 || security.approvals > 0)) {
        return fail("invalid-security-clear-state", `${agentId} reported state=clear with findings=${security.findings} approvals=${security.approvals}; clear means none remain open — report concerns or blocked instead.`);
    }
    if (security.state === "blocked") {
        return fail("security-blocked", `${agentId} blocked the wave on security grounds${security.detail ? `: ${security.detail}` : "."}`);
    }
    if (security.state === "concerns") {
        return gateResult("security", agentId, true, "security-concerns", `${agentId} reported advisory concerns (${security.findings} finding(s))${security.detail ? `: ${security.detail}` : "."}`, summary);
    }
    return gateResult("security", agentId, true, "pass", `${agentId} reported clear.`, summary);
}
/** One gate per declared security reviewer. */
function securityGates(inputs) {
    return declaredIds(inputs.wave, inputs.roles.securityAgentIds).map((id) => securityAgentGate(inputs, id));
}

;// CONCATENATED MODULE: ./src/closure/stages.ts












/** Status codes of gates satisfied without their agent (the stage need not launch). */
const AUTO_CLOSURE_CODES = ["integration-inferred", "doc-auto-no-change", "doc-auto-closed"];
function isAutoClosure(gate) {
    return gate.ok && gate.agentId === null && AUTO_CLOSURE_CODES.includes(gate.statusCode);
}
/** Gates to check after the implementation agents ran, in order. */
function implementationStageGates(inputs) {
    return [...designGates(inputs), ...implementationGates(inputs), ...componentPromotionGates(inputs)];
}
function planOf(inputs, plan) {
    return plan ?? planClosureStages(inputs.wave, inputs.roles, inputs.policy);
}
function entryOf(plan, stage) {
    const entry = plan.find((p) => p.stage === stage);
    if (!entry)
        throw new Error(`closure plan has no stage ${stage}`);
    return entry;
}
function agentGates(stage, inputs) {
    switch (stage) {
        case "cont-eval":
            return [contEvalGate(inputs)];
        case "security":
            return securityGates(inputs);
        case "integration":
            return [integrationGate(inputs)];
        case "documentation":
            return [documentationGate(inputs)];
        case "cont-qa":
            return [contQaGate(inputs)];
    }
}
/** The stage's own gate when it is an auto-closure (same function, so the final verdict agrees). */
function autoClosureOf(stage, inputs) {
    const gate = stage === "integration" ? integrationGate(inputs) : stage === "documentation" ? documentationGate(inputs) : null;
    return gate && isAutoClosure(gate) ? gate : null;
}
// Stryker disable next-line ArrayDeclaration: a placeholder entry has no agentId, so it matches no gate, like the empty default
function evaluation(stage, gates, forwarded = []) {
    const failure = gates.find((g) => !g.ok && !forwarded.some((f) => f.agentId === g.agentId && g.statusCode === "wave-proof-gap")) ?? null;
    return { stage, gates, ok: failure === null, failure, forwarded };
}
/** Documentation also runs the component-matrix gate once the documentation gate passed. */
function withMatrix(stage, inputs, gates) {
    // Stryker disable next-line MethodExpression: every caller passes the stage's single gate, so every and some agree
    if (stage !== "documentation" || !gates.every((g) => g.ok))
        return gates;
    return [...gates, componentMatrixGate(inputs)];
}
/** Settles a stage that has no agent to run: auto-closure, skip, or `missing-closure-run`. */
function settleWithoutAgents(entry, inputs) {
    const { stage } = entry;
    if (entry.skipReason === "cont-qa-bootstrap") {
        return evaluation(stage, [
            skippedGate(stage, "cont-QA skipped: bootstrap closure mode and no other closure stage has agents (autoClosure.allowSkipContQaInBootstrap)."),
        ]);
    }
    const auto = autoClosureOf(stage, inputs);
    if (auto)
        return evaluation(stage, withMatrix(stage, inputs, [auto]));
    if (entry.skipReason === "bootstrap") {
        return evaluation(stage, withMatrix(stage, inputs, [skippedGate(stage, `${STAGE_LABELS[stage]} skipped: no agent and the wave is in bootstrap gate mode.`)]));
    }
    if (entry.missingRun) {
        return evaluation(stage, [
            gateResult(stage, null, false, "missing-closure-run", `${STAGE_LABELS[stage]} is required for wave ${inputs.wave.wave} but no agent of the wave holds that role; declare one.`),
        ]);
    }
    return evaluation(stage, withMatrix(stage, inputs, [skippedGate(stage, `${STAGE_LABELS[stage]}: no agent in this wave and not required.`)]));
}
/** What to do for a stage before launching: the agents to launch, or the settled result. */
function stageLaunchDecision(stage, inputs, plan) {
    const entry = entryOf(planOf(inputs, plan), stage);
    if (entry.agentIds.length === 0 || entry.skipReason !== null) {
        return { stage, launch: [], settled: settleWithoutAgents(entry, inputs) };
    }
    const auto = autoClosureOf(stage, inputs);
    if (auto)
        return { stage, launch: [], settled: evaluation(stage, withMatrix(stage, inputs, [auto])) };
    return { stage, launch: [...entry.agentIds], settled: null };
}
/** Evaluates a closure stage (after its agents ran, or settled without them). */
function gateForStage(stage, inputs, plan) {
    const stages = planOf(inputs, plan);
    const entry = entryOf(stages, stage);
    if (entry.agentIds.length === 0 || entry.skipReason !== null)
        return settleWithoutAgents(entry, inputs);
    const later = stages
        .slice(stages.indexOf(entry) + 1)
        .filter((p) => p.skipReason === null)
        .flatMap((p) => p.agentIds);
    const forwarded = [];
    const gates = withMatrix(stage, inputs, agentGates(stage, inputs)).map((gate) => {
        if (!gate.ok || gate.agentId === null || gate.stage === "component-matrix")
            return gate;
        // Stryker disable next-line OptionalChaining: a gate passes for an agent only after reading that agent's summary, so it is never null here
        const proof = summaryOf(inputs, gate.agentId)?.proof;
        if (!proof || proof.state === "met")
            return gate;
        const base = `${gate.agentId} (${STAGE_LABELS[stage]}) reported a proof gap${proof.detail ? `: ${proof.detail}` : ""}`;
        if (later.length === 0)
            return { ...gate, ok: false, statusCode: "wave-proof-gap", detail: `${base}.` };
        const record = {
            id: `wave-${inputs.wave.wave}-closure-gap-${stage}-${gate.agentId}-attempt-${inputs.attempt ?? 1}`,
            kind: "blocker",
            stage,
            agentId: gate.agentId,
            targets: later,
            blocking: true,
            blockerSeverity: "closure-critical",
            priority: "high",
            summary: `${STAGE_LABELS[stage]} proof gap from ${gate.agentId}`,
            detail: proof.detail ?? `${gate.agentId} printed [wave-proof] state=gap.`,
        };
        forwarded.push(record);
        return { ...gate, ok: false, statusCode: "wave-proof-gap", detail: `${base}; forwarded to ${later.join(", ")} as blocker ${record.id}.` };
    });
    return evaluation(stage, gates, forwarded);
}
/**
 * The wave's verdict from the same functions the sweep uses. Closure stages are evaluated only
 * when the implementation-stage gates and the helper assignments pass, up to the first stage that
 * stops the sweep.
 */
function evaluateWaveGates(inputs, plan) {
    const stages = planOf(inputs, plan);
    const gates = implementationStageGates(inputs);
    const forwarded = [];
    // Helper assignments are answered by implementation agents: settled before the closure sweep.
    const helper = gates.every((g) => g.ok) ? helperAssignmentGate(inputs) : null;
    if (helper)
        gates.push(helper);
    if (helper?.ok) {
        for (const stage of CLOSURE_STAGES) {
            const result = gateForStage(stage, inputs, stages);
            gates.push(...result.gates);
            forwarded.push(...result.forwarded);
            if (result.failure)
                break;
        }
    }
    const clarification = clarificationGate(inputs);
    gates.push(infraGate(inputs), clarification);
    const failure = gates.find((g) => !g.ok) ?? null;
    return { gates, ok: failure === null, failure, blocked: !clarification.ok, forwarded };
}

;// CONCATENATED MODULE: ./src/closure/static.ts






function withoutAgents(inputs) {
    return {
        wave: inputs.wave,
        roles: inputs.roles,
        policy: inputs.policy,
        summaries: {},
        // Stryker disable next-line ObjectLiteral: gates read coordination?.openBlockers ?? [], so no records and an empty list agree
        coordination: { openBlockers: [] },
        componentMatrix: inputs.componentMatrix ?? null,
        componentMatrixProblem: inputs.componentMatrixProblem ?? null,
        benchmarkFamilies: null,
        attempt: 1,
    };
}
function reportPathFailures(inputs) {
    const { wave, roles } = inputs;
    const out = [];
    const path = (id) => roles.reportPaths[id] ?? null;
    if (isDeclared(wave, roles.contQaAgentId) && path(roles.contQaAgentId) === null) {
        out.push(gateResult("cont-qa", roles.contQaAgentId, false, "missing-cont-qa-report", NO_REPORT_PATH["cont-qa"](roles.contQaAgentId, wave.wave)));
    }
    if (isDeclared(wave, roles.contEvalAgentId)) {
        const id = roles.contEvalAgentId;
        if (path(id) === null) {
            out.push(gateResult("cont-eval", id, false, "missing-cont-eval-report", NO_REPORT_PATH["cont-eval"](id)));
        }
        if (wave.evalTargets.length === 0) {
            out.push(gateResult("cont-eval", id, false, "missing-cont-eval-contract", noEvalContract(wave.wave, id)));
        }
    }
    for (const id of declaredIds(wave, roles.securityAgentIds)) {
        if (path(id) === null) {
            out.push(gateResult("security", id, false, "missing-security-report", NO_REPORT_PATH.security(id)));
        }
    }
    for (const id of declaredIds(wave, roles.designAgentIds)) {
        if (path(id) === null) {
            out.push(gateResult("design", id, false, "missing-design-packet", NO_REPORT_PATH.design(id)));
        }
    }
    return out;
}
const CONTRACT_LEVELS = [
    ["completion", "completion-gap", schema/* COMPLETION_LEVELS */.Au],
    ["durability", "durability-gap", schema/* DURABILITY_LEVELS */.iy],
    ["proof", "proof-level-gap", schema/* PROOF_LEVELS */.te],
    ["docImpact", "doc-impact-gap", schema/* DOC_IMPACT_LEVELS */.ce],
];
/** An exit contract level that no marker can meet (not one of the level names). */
function exitContractFailures(inputs) {
    const out = [];
    for (const agent of implementationGateAgents(inputs)) {
        const contract = agent.exitContract;
        if (!contract)
            continue;
        for (const [key, code, order] of CONTRACT_LEVELS) {
            const value = contract[key];
            if (value === null || value === "" || order.includes(value))
                continue;
            out.push(gateResult("implementation", agent.agentId, false, code, `${agent.agentId}'s exit contract asks for ${key === "docImpact" ? "doc impact" : key} "${value}", which is not one of ${order.join(", ")}.`));
        }
    }
    return out;
}
/** Required closure stages that no agent holds and that cannot close on their own. */
function closureRunFailures(inputs) {
    const plan = planClosureStages(inputs.wave, inputs.roles, inputs.policy);
    const out = [];
    for (const stage of schema/* CLOSURE_STAGES */.Et) {
        const entry = plan.find((p) => p.stage === stage);
        // Stryker disable next-line OptionalChaining: the plan has an entry for every closure stage
        if (!entry?.missingRun)
            continue;
        // Stryker disable next-line OptionalChaining: a stage missing its run has no agent, so the decision is always settled
        const failure = stageLaunchDecision(stage, inputs, plan).settled?.failure;
        if (failure && failure.statusCode === "missing-closure-run")
            out.push(failure);
    }
    return out;
}
/**
 * Every gate failure that happens on every run of this wave, whatever its agents do, in gate
 * order. Empty for a wave that well-behaved agents can pass.
 */
function staticGateFailures(inputs) {
    const base = withoutAgents(inputs);
    const out = [];
    out.push(...reportPathFailures(base).filter((g) => g.stage === "design"));
    out.push(...exitContractFailures(base));
    // Without summaries the promotion gates fail for every promotion; only those naming no agent
    // (no promotions at all, or nobody owns the component) are independent of the agents.
    out.push(...componentPromotionGates(base).filter((g) => !g.ok && g.agentId === null));
    out.push(...reportPathFailures(base).filter((g) => g.stage !== "design"));
    out.push(...closureRunFailures(base));
    if (!inputs.componentMatrixWritable && base.wave.componentPromotions.length > 0) {
        const matrix = componentMatrixGate(base);
        if (!matrix.ok) {
            out.push({
                ...matrix,
                detail: `${matrix.detail} No agent of wave ${base.wave.wave} owns the component matrix, so no run can change it.`,
            });
        }
    }
    return out;
}
/** The same failure (stage, agent, status code) as one of `known`. */
function isStaticFailure(failure, known) {
    return known.some((g) => g.stage === failure.stage && g.agentId === failure.agentId && g.statusCode === failure.statusCode);
}

;// CONCATENATED MODULE: ./src/closure/index.ts
/** Pure gate functions and closure-stage planning. */













;// CONCATENATED MODULE: ./src/wave/catalogs.ts
/**
 * The two JSON files validation consults when a config asks for them: the component cutover
 * matrix (component promotions) and the benchmark catalog (cont-EVAL targets). The engine reads
 * the same files, with the same loaders, for the component-matrix gate (after the documentation
 * stage) and the delegated benchmark families of the cont-EVAL gate.
 */




const MatrixSchema = schemas/* object */.Ikc({
    version: schemas/* unknown */.L5J().optional(),
    levels: schemas/* array */.YOg(schemas/* string */.YjP().min(1)).min(1),
    components: schemas/* record */.g1P(schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), schemas/* object */.Ikc({
        title: schemas/* string */.YjP().optional(),
        currentLevel: schemas/* string */.YjP(),
        promotions: schemas/* array */.YOg(schemas/* object */.Ikc({ wave: schemas/* number */.aig().int().nonnegative(), target: schemas/* string */.YjP() })).optional(),
        canonicalDocs: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
        proofSurfaces: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    })),
});
const CatalogSchema = schemas/* object */.Ikc({
    families: schemas/* record */.g1P(schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), schemas/* object */.Ikc({ benchmarks: schemas/* record */.g1P(schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), schemas/* unknown */.L5J()) })),
});
function readJson(root, rel, what) {
    const abs = external_node_path_default().join(root, rel);
    if (!external_node_fs_default().existsSync(abs))
        return { ok: false, error: `${what} is missing: ${rel}` };
    if (!(0,wave_paths/* realpathInside */.UG)(root, abs))
        return { ok: false, error: `${what} ${rel} resolves outside the repository` };
    let text;
    try {
        text = external_node_fs_default().readFileSync(abs, "utf8");
    }
    catch (e) {
        return { ok: false, error: `cannot read ${what} ${rel}: ${e.code ?? String(e)}` };
    }
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch (e) {
        return { ok: false, error: `${what} ${rel} is not valid JSON: ${e.message}` };
    }
}
function zodProblem(error) {
    const issue = error.issues[0];
    return `${issue.path.join(".") || "(top level)"}: ${issue.message}`;
}
function loadComponentMatrix(root, rel) {
    const json = readJson(root, rel, "component cutover matrix");
    if (!json.ok)
        return json;
    const parsed = MatrixSchema.safeParse(json.value);
    if (!parsed.success)
        return { ok: false, error: `component cutover matrix ${rel} is invalid: ${zodProblem(parsed.error)}` };
    const levels = parsed.data.levels;
    const components = {};
    for (const [id, c] of Object.entries(parsed.data.components)) {
        if (!levels.includes(c.currentLevel))
            return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid currentLevel "${c.currentLevel}"` };
        for (const p of c.promotions ?? []) {
            if (!levels.includes(p.target))
                return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid promotion target "${p.target}"` };
        }
        components[id] = { currentLevel: c.currentLevel, promotions: c.promotions ?? [] };
    }
    return { ok: true, value: { path: rel, levels, components } };
}
function loadBenchmarkCatalog(root, rel) {
    const json = readJson(root, rel, "benchmark catalog");
    if (!json.ok)
        return json;
    const parsed = CatalogSchema.safeParse(json.value);
    if (!parsed.success)
        return { ok: false, error: `benchmark catalog ${rel} is invalid: ${zodProblem(parsed.error)}` };
    const families = new Set();
    const benchmarks = new Map();
    for (const [family, f] of Object.entries(parsed.data.families)) {
        families.add(family);
        const ids = Object.keys(f.benchmarks);
        if (ids.length === 0)
            return { ok: false, error: `benchmark catalog ${rel}: family "${family}" has no benchmarks` };
        for (const id of ids) {
            if (benchmarks.has(id))
                return { ok: false, error: `benchmark catalog ${rel}: benchmark "${id}" appears in several families` };
            benchmarks.set(id, family);
        }
    }
    return { ok: true, value: { path: rel, families, benchmarks } };
}
/**
 * The component matrix as the component-matrix gate reads it at run time (current levels only),
 * or why it cannot be read. A missing file is "no matrix" unless `required` (a config in play).
 */
function matrixForGates(root, rel, required) {
    if (!required && !external_node_fs_default().existsSync(external_node_path_default().join(root, rel)))
        return { matrix: null, problem: null };
    const loaded = loadComponentMatrix(root, rel);
    if (!loaded.ok)
        return { matrix: null, problem: loaded.error };
    return { matrix: { components: loaded.value.components }, problem: null };
}
/** Benchmark ids per family of the benchmark catalog, or null when there is none (or it is invalid). */
function benchmarkFamiliesForGates(root, rel) {
    if (!external_node_fs_default().existsSync(external_node_path_default().join(root, rel)))
        return null;
    const loaded = loadBenchmarkCatalog(root, rel);
    if (!loaded.ok)
        return null;
    const families = Object.fromEntries([...loaded.value.families].map((f) => [f, []]));
    for (const [id, family] of loaded.value.benchmarks)
        families[family]?.push(id);
    return families;
}

;// CONCATENATED MODULE: ./src/wave/closure-policy.ts
/**
 * What the closure sweep of one wave requires, from the lane settings.
 */


/** bootstrap / standard / strict for a wave number (thresholds are made monotonic). */
function modeForWave(wave, t) {
    const standard = Math.max(t.bootstrap, t.standard);
    const strict = Math.max(standard, t.strict);
    if (wave >= strict)
        return "strict";
    if (wave >= standard)
        return "standard";
    return "bootstrap";
}
const active = (threshold, wave) => threshold !== null && wave >= threshold;
/**
 * Without a config: nothing is required, gates run strict, no auto-closure. With a config:
 * cont-QA is always required; integration and documentation from their thresholds; cont-EVAL
 * when the wave has a cont-EVAL agent; security when it has security reviewers; modes from
 * `gateModeThresholds` / `closureModeThresholds`.
 */
function closurePolicyFor(wave, lane) {
    if (!lane?.hasConfig) {
        return {
            hasConfig: false,
            requiredStages: [],
            gateMode: "strict",
            closureMode: "strict",
            autoClosure: {
                allowInferredIntegration: false,
                allowAutoDocNoChange: false,
                allowAutoDocProjection: false,
                allowSkipContQaInBootstrap: false,
            },
            requireComponentPromotions: false,
        };
    }
    const v = lane.validation;
    const present = new Set(wave.agents.map((a) => (0,wave_roles/* closureStageOf */.PD)(a, lane.roles)).filter((s) => s !== null));
    const required = new Set(["cont-qa"]);
    if (active(v.requireIntegrationStewardFromWave, wave.wave))
        required.add("integration");
    if (active(v.requireDocumentationStewardFromWave, wave.wave))
        required.add("documentation");
    if (present.has("cont-eval"))
        required.add("cont-eval");
    if (present.has("security"))
        required.add("security");
    return {
        hasConfig: true,
        requiredStages: schema/* CLOSURE_STAGES */.Et.filter((s) => required.has(s)),
        gateMode: modeForWave(wave.wave, v.gateModeThresholds),
        closureMode: modeForWave(wave.wave, v.closureModeThresholds),
        autoClosure: { ...v.autoClosure },
        requireComponentPromotions: active(v.requireComponentPromotionsFromWave, wave.wave),
    };
}

;// CONCATENATED MODULE: ./src/wave/validate.ts











function newCatalogCache() {
    return { reported: new Set() };
}
const STAGE_LABEL = {
    "cont-eval": "cont-EVAL",
    security: "security review",
    integration: "integration",
    documentation: "documentation",
    "cont-qa": "cont-QA",
};
const waveLine = (wave) => wave.sectionLines?.Title ?? 1;
const sectionLine = (agent, name) => agent.sectionLines[name] ?? agent.line;
/* ------------------------------------------------------------------ rules for every wave */
function commonRules(wave, ctx, sink) {
    const roles = ctx.lane.roles;
    if (wave.agents.length === 0) {
        sink.error(waveLine(wave), `Wave ${wave.wave} declares no agents (add a "## Agent <id>: <title>" section)`);
    }
    const seen = new Map();
    for (const a of wave.agents) {
        const first = seen.get(a.agentId);
        if (first !== undefined)
            sink.error(a.line, `Agent id ${a.agentId} is used twice (first at line ${first})`, { agentId: a.agentId });
        else
            seen.set(a.agentId, a.line);
    }
    for (const a of wave.agents) {
        const id = a.executor.id;
        if (id) {
            const others = overrideSections(a.executor).filter((s) => s !== id);
            if (others.length > 0) {
                sink.error(sectionLine(a, "Executor"), `Agent ${a.agentId} declares executor=${id} but also sets ${others.map((s) => `${s}.*`).join(", ")} settings`, { agentId: a.agentId });
            }
        }
        const stages = (0,wave_roles/* closureStagesOf */.Ut)(a, roles);
        if (stages.length > 1) {
            sink.error(a.line, `Agent ${a.agentId} must not hold more than one closure role (${stages.map((s) => STAGE_LABEL[s]).join(", ")})`, {
                agentId: a.agentId,
            });
        }
    }
    const holders = new Map();
    for (const a of wave.agents) {
        const stage = (0,wave_roles/* closureStageOf */.PD)(a, roles);
        if (stage && stage !== "security")
            holders.set(stage, [...(holders.get(stage) ?? []), a]);
    }
    for (const [stage, agents] of holders) {
        if (agents.length > 1) {
            sink.error(agents[1].line, `Wave ${wave.wave} has more than one ${STAGE_LABEL[stage]} agent (${agents.map((a) => a.agentId).join(", ")}); a closure role is held by one agent`, { agentId: agents[1].agentId });
        }
    }
}
/* ------------------------------------------------------------------ lenient-mode hints */
function lenientHints(wave, ctx, sink) {
    const roles = ctx.lane.roles;
    for (const a of wave.agents) {
        // The lane's cont-QA and cont-EVAL agents are checked as the gates will (gateRules).
        if ((0,wave_roles/* isContQaAgent */.WY)(a, roles) && !(0,wave_roles/* contQaReportPath */.Cl)(a) && (0,wave_roles/* closureStageOf */.PD)(a, roles) === "cont-qa" && a.agentId !== roles.contQaAgentId) {
            sink.warning(a.line, `Agent ${a.agentId} (cont-QA) owns no report file (an owned path like docs/plans/waves/reviews/wave-${wave.wave}-cont-qa.md)`, {
                agentId: a.agentId,
            });
        }
        // The gates run cont-QA and cont-EVAL under the lane's ids only: another holder would never run.
        for (const [stage, laneId] of [
            ["cont-qa", roles.contQaAgentId],
            ["cont-eval", roles.contEvalAgentId],
        ]) {
            if ((0,wave_roles/* closureStageOf */.PD)(a, roles) === stage && a.agentId !== laneId && !wave.agents.some((x) => x.agentId === laneId)) {
                sink.error(a.line, `Agent ${a.agentId} imports the ${STAGE_LABEL[stage]} role prompt, but the lane's ${STAGE_LABEL[stage]} agent is ${laneId}; as it is, ${a.agentId} would never run (rename it, or set roles.${stage === "cont-qa" ? "contQaAgentId" : "contEvalAgentId"} in wave.config.json)`, { agentId: a.agentId });
            }
        }
        if (a.exitContract) {
            for (const problem of exitContractProblems(a))
                sink.error(sectionLine(a, "Exit contract"), `Agent ${a.agentId} has an invalid exit contract: ${problem}`, { agentId: a.agentId });
        }
    }
}
function exitContractProblems(agent) {
    const c = agent.exitContract;
    // Stryker disable next-line ArrayDeclaration: unreachable, every caller passes an agent with an exit contract
    if (!c)
        return [];
    const out = [];
    const check = (name, value, allowed) => {
        if (value === null || !allowed.includes(value))
            out.push(`${name} must be one of ${allowed.join(", ")}${value ? ` (got "${value}")` : ""}`);
    };
    check("completion", c.completion, schema/* COMPLETION_LEVELS */.Au);
    check("durability", c.durability, schema/* DURABILITY_LEVELS */.iy);
    check("proof", c.proof, schema/* PROOF_LEVELS */.te);
    check("doc-impact", c.docImpact, schema/* DOC_IMPACT_LEVELS */.ce);
    return out;
}
/* ------------------------------------------------------------------ rules from wave.config.json */
const validate_active = (threshold, wave) => threshold !== null && wave >= threshold;
function loadMatrix(ctx, sink) {
    ctx.cache.matrix ??= loadComponentMatrix(ctx.root, ctx.lane.paths.componentCutoverMatrixJsonPath);
    const m = ctx.cache.matrix;
    if (m.ok)
        return m.value;
    if (!ctx.cache.reported.has(m.error)) {
        ctx.cache.reported.add(m.error);
        const catalogSink = new wave_diagnostics/* DiagnosticSink */.b9(ctx.lane.paths.componentCutoverMatrixJsonPath);
        catalogSink.error(0, m.error);
        sink.items.push(...catalogSink.items);
    }
    return null;
}
function loadCatalog(ctx, sink) {
    ctx.cache.catalog ??= loadBenchmarkCatalog(ctx.root, ctx.lane.paths.benchmarkCatalogPath);
    const c = ctx.cache.catalog;
    if (c.ok)
        return c.value;
    if (!ctx.cache.reported.has(c.error)) {
        ctx.cache.reported.add(c.error);
        const catalogSink = new wave_diagnostics/* DiagnosticSink */.b9(ctx.lane.paths.benchmarkCatalogPath);
        catalogSink.error(0, c.error);
        sink.items.push(...catalogSink.items);
    }
    return null;
}
function configRules(wave, ctx, sink) {
    const { lane } = ctx;
    const roles = lane.roles;
    const v = lane.validation;
    const n = wave.wave;
    const top = waveLine(wave);
    const promotionsLine = wave.sectionLines?.["Component promotions"] ?? top;
    const componentRule = validate_active(v.requireComponentPromotionsFromWave, n);
    const agentComponentsRule = validate_active(v.requireAgentComponentsFromWave, n);
    const promoted = new Map(wave.componentPromotions.map((p) => [p.componentId, p.targetLevel]));
    const owners = new Map([...promoted.keys()].map((id) => [id, new Set()]));
    const err = (line, message, agentId) => sink.error(line, message, agentId ? { agentId } : {});
    // cont-QA and cont-EVAL run under the lane's ids (the reference recognises them by id only): an
    // agent that imports their role prompt under another id is a mistake, not a second role holder.
    for (const a of wave.agents) {
        const stage = (0,wave_roles/* closureStageOf */.PD)(a, roles);
        if (stage === "cont-qa" && a.agentId !== roles.contQaAgentId) {
            err(a.line, `Agent ${a.agentId} imports the cont-QA role prompt, but the lane's cont-QA agent is ${roles.contQaAgentId} (rename it, or set roles.contQaAgentId)`, a.agentId);
        }
        if (stage === "cont-eval" && a.agentId !== roles.contEvalAgentId) {
            err(a.line, `Agent ${a.agentId} imports the cont-EVAL role prompt, but the lane's cont-EVAL agent is ${roles.contEvalAgentId} (rename it, or set roles.contEvalAgentId)`, a.agentId);
        }
    }
    // Rule 2: the cont-QA agent (by the lane's id) must be present.
    const contQa = wave.agents.find((a) => a.agentId === roles.contQaAgentId) ?? null;
    if (!contQa)
        err(top, `Wave ${n} must include Agent ${roles.contQaAgentId} as its cont-QA closure agent (wave.config.json requires cont-QA)`);
    // Rule 3: component promotions.
    const implementationAgents = wave.agents.filter((a) => (0,wave_roles/* isImplementationOwning */.hL)(a, roles));
    if (componentRule && promoted.size === 0 && implementationAgents.length > 0) {
        err(top, `Wave ${n} must declare a "## Component promotions" section (required from wave ${v.requireComponentPromotionsFromWave})`);
    }
    // Rule 4: promotions against the component cutover matrix.
    const matrix = componentRule || agentComponentsRule || promoted.size > 0 ? loadMatrix(ctx, sink) : null;
    if (matrix) {
        for (const [id, level] of promoted) {
            const component = matrix.components[id];
            if (!component) {
                err(promotionsLine, `Wave ${n} promotes unknown component "${id}" (not in ${matrix.path})`);
                continue;
            }
            if (!matrix.levels.includes(level)) {
                err(promotionsLine, `Wave ${n} promotes ${id} to unknown level "${level}" (levels: ${matrix.levels.join(", ")})`);
                continue;
            }
            const entry = component.promotions.find((p) => p.wave === n);
            if (!entry)
                err(promotionsLine, `Component "${id}" has no wave ${n} promotion entry in ${matrix.path}`);
            else if (entry.target !== level)
                err(promotionsLine, `Wave ${n} promotes ${id} to ${level}, but ${matrix.path} says ${entry.target}`);
            else if (matrix.levels.indexOf(level) < matrix.levels.indexOf(component.currentLevel)) {
                sink.warning(promotionsLine, `Wave ${n} promotes ${id} to ${level}, below its currentLevel ${component.currentLevel} in ${matrix.path} (fine for a wave that already ran)`);
            }
        }
        for (const [id, component] of Object.entries(matrix.components)) {
            for (const p of component.promotions.filter((x) => x.wave === n)) {
                if (promoted.get(id) !== p.target)
                    err(promotionsLine, `Wave ${n} must declare component promotion ${id}: ${p.target} to match ${matrix.path}`);
            }
        }
    }
    for (const a of wave.agents) {
        const id = a.agentId;
        const closureLike = (0,wave_roles/* isContQaAgent */.WY)(a, roles) ||
            (0,wave_roles/* isIntegrationSteward */.l5)(a, roles) ||
            (0,wave_roles/* isDocumentationSteward */.XU)(a, roles) ||
            (0,wave_roles/* isContEvalReportOnly */.v_)(a, roles) ||
            (0,wave_roles/* isDocsOnlyDesignAgent */.XA)(a, roles) ||
            (0,wave_roles/* isSecurityReviewer */.g3)(a, roles);
        // Rule 5.
        if (a.ownedPaths.length === 0)
            err(sectionLine(a, "Prompt"), `Agent ${id} must declare at least one owned path (a "File ownership" list in its prompt)`, id);
        if (validate_active(v.requireContext7DeclarationsFromWave, n) && !a.context7) {
            err(a.line, `Agent ${id} must declare a "### Context7" section (required from wave ${v.requireContext7DeclarationsFromWave})`, id);
        }
        // Rule 6.
        if (closureLike) {
            if (a.components.length > 0)
                err(sectionLine(a, "Components"), `Agent ${id} is a closure or report-only agent and must not declare "### Components"`, id);
        }
        else {
            if (agentComponentsRule && a.components.length === 0) {
                err(a.line, `Agent ${id} must declare a "### Components" section (required from wave ${v.requireAgentComponentsFromWave})`, id);
            }
            for (const c of a.components) {
                if (matrix && !matrix.components[c]) {
                    err(sectionLine(a, "Components"), `Agent ${id} names unknown component "${c}" (not in ${matrix.path})`, id);
                    continue;
                }
                if (!promoted.has(c)) {
                    err(sectionLine(a, "Components"), `Agent ${id} names component "${c}", which wave ${n} does not promote`, id);
                    continue;
                }
                // Stryker disable next-line OptionalChaining: owners has an entry for every promoted component, and c is promoted here
                owners.get(c)?.add(id);
            }
        }
        // Rule 7.
        if (validate_active(v.requireExitContractsFromWave, n) && !closureLike) {
            if (!a.exitContract)
                err(a.line, `Agent ${id} must declare a "### Exit contract" section (required from wave ${v.requireExitContractsFromWave})`, id);
            else {
                const problems = exitContractProblems(a);
                if (problems.length > 0)
                    err(sectionLine(a, "Exit contract"), `Agent ${id} has an invalid exit contract (${problems.join(", ")})`, id);
            }
        }
        else if (a.exitContract && !closureLike) {
            // Not required here, but the implementation gate holds the agent to it: levels must exist.
            const problems = exitContractProblems(a).filter((p) => p.includes("(got "));
            if (problems.length > 0)
                err(sectionLine(a, "Exit contract"), `Agent ${id} has an invalid exit contract (${problems.join(", ")})`, id);
        }
        // Rule 8.
        const proof = agentRequiresProofCentricValidation(a);
        if (proof && !closureLike && a.proofArtifacts.length === 0) {
            err(a.line, `Agent ${id} must declare "### Proof artifacts" because it targets pilot-live or above`, id);
        }
        if (proof && (a.executor.id === "local" || ctx.resolved.get(id)?.id === "local")) {
            err(sectionLine(a, "Executor"), `Agent ${id} carries proof-centric work and must not use the local executor`, id);
        }
        // Rule 9.
        for (const ref of v.requiredPromptReferences) {
            if (!a.prompt.includes(ref))
                err(sectionLine(a, "Prompt"), `Agent ${id} must reference ${ref} in its prompt`, id);
        }
    }
    // Rule 10: cont-QA and cont-EVAL.
    if (contQa) {
        if (!contQa.rolePromptPaths.includes(roles.contQaRolePromptPath)) {
            err(sectionLine(contQa, "Role prompts"), `Agent ${contQa.agentId} must import ${roles.contQaRolePromptPath}`, contQa.agentId);
        }
        if (!(0,wave_roles/* contQaReportPath */.Cl)(contQa)) {
            err(sectionLine(contQa, "File ownership"), `Agent ${contQa.agentId} must own a cont-QA report (e.g. docs/plans/waves/reviews/wave-${n}-cont-qa.md)`, contQa.agentId);
        }
    }
    const contEval = wave.agents.find((a) => (0,wave_roles/* closureStageOf */.PD)(a, roles) === "cont-eval") ?? null;
    const evalLine = wave.sectionLines?.["Eval targets"] ?? top;
    if (contEval) {
        if (!contEval.rolePromptPaths.includes(roles.contEvalRolePromptPath)) {
            err(sectionLine(contEval, "Role prompts"), `Agent ${contEval.agentId} must import ${roles.contEvalRolePromptPath}`, contEval.agentId);
        }
        if (!(0,wave_roles/* contEvalReportPath */.Yg)(contEval))
            err(sectionLine(contEval, "File ownership"), `Agent ${contEval.agentId} must own a cont-EVAL report`, contEval.agentId);
        if (wave.evalTargets.length === 0)
            err(top, `Wave ${n} must declare "## Eval targets" because ${contEval.agentId} (cont-EVAL) is present`);
        else {
            const catalog = loadCatalog(ctx, sink);
            if (catalog) {
                for (const t of wave.evalTargets) {
                    if (t.selection === "delegated") {
                        if (!catalog.families.has(t.benchmarkFamily ?? ""))
                            err(evalLine, `Eval target "${t.id}" names unknown benchmark family "${t.benchmarkFamily}" (not in ${catalog.path})`);
                        continue;
                    }
                    for (const b of t.benchmarks) {
                        const family = catalog.benchmarks.get(b);
                        if (!family)
                            err(evalLine, `Eval target "${t.id}" names unknown benchmark "${b}" (not in ${catalog.path})`);
                        else if (t.benchmarkFamily && t.benchmarkFamily !== family) {
                            err(evalLine, `Eval target "${t.id}" pins benchmark "${b}" from family "${family}", not the declared family "${t.benchmarkFamily}"`);
                        }
                    }
                }
            }
        }
    }
    else if (wave.evalTargets.length > 0) {
        err(evalLine, `Wave ${n} declares "## Eval targets" but has no cont-EVAL agent (${roles.contEvalAgentId})`);
    }
    // Rule 11: security reviewers and design agents.
    for (const a of wave.agents.filter((x) => (0,wave_roles/* isSecurityReviewer */.g3)(x, roles))) {
        if (!a.rolePromptPaths.includes(roles.securityRolePromptPath)) {
            err(sectionLine(a, "Role prompts"), `Security reviewer ${a.agentId} must import ${roles.securityRolePromptPath}`, a.agentId);
        }
        if (!(0,wave_roles/* securityReportPath */.yh)(a))
            err(sectionLine(a, "File ownership"), `Security reviewer ${a.agentId} must own a security review report (a .md path containing "security")`, a.agentId);
    }
    for (const a of wave.agents.filter((x) => (0,wave_roles/* isDesignAgent */.yM)(x, roles))) {
        if (!a.rolePromptPaths.includes(roles.designRolePromptPath)) {
            err(sectionLine(a, "Role prompts"), `Design agent ${a.agentId} must import ${roles.designRolePromptPath}`, a.agentId);
        }
        if (!(0,wave_roles/* designPacketPath */.ob)(a))
            err(sectionLine(a, "File ownership"), `Design agent ${a.agentId} must own a design packet (a .md path containing "design", "handoff" or "decision-lineage")`, a.agentId);
        if (!(0,wave_roles/* isImplementationOwningDesignAgent */.aB)(a, roles) && a.components.length > 0) {
            err(sectionLine(a, "Components"), `Design agent ${a.agentId} owns only design documents and must not declare components`, a.agentId);
        }
    }
    // Rules 13 and 14: stewards (recognised by id or by role-prompt import, as at run time).
    if (validate_active(v.requireIntegrationStewardFromWave, n)) {
        const stewards = wave.agents.filter((a) => (0,wave_roles/* isIntegrationSteward */.l5)(a, roles));
        if (stewards.length !== 1) {
            err(top, `Wave ${n} must include exactly one integration steward (${roles.integrationAgentId}, importing ${roles.integrationRolePromptPath}); found ${stewards.length}`);
        }
        else if (!stewards[0].rolePromptPaths.includes(roles.integrationRolePromptPath)) {
            err(sectionLine(stewards[0], "Role prompts"), `Integration steward ${stewards[0].agentId} must import ${roles.integrationRolePromptPath}`, stewards[0].agentId);
        }
    }
    if (validate_active(v.requireDocumentationStewardFromWave, n)) {
        const stewards = wave.agents.filter((a) => (0,wave_roles/* isDocumentationSteward */.XU)(a, roles));
        if (stewards.length !== 1) {
            err(top, `Wave ${n} must include exactly one documentation steward (${roles.documentationAgentId}, importing ${roles.documentationRolePromptPath}); found ${stewards.length}`);
        }
        else {
            const steward = stewards[0];
            if (!steward.rolePromptPaths.includes(roles.documentationRolePromptPath)) {
                err(sectionLine(steward, "Role prompts"), `Documentation steward ${steward.agentId} must import ${roles.documentationRolePromptPath}`, steward.agentId);
            }
            const required = [...lane.sharedPlanDocs];
            if (componentRule)
                required.push(lane.paths.componentCutoverMatrixDocPath, lane.paths.componentCutoverMatrixJsonPath);
            const docs = [...new Set(required.map(wave_paths/* normalizeRelPath */.Km))];
            const missing = docs.filter((d) => !steward.ownedPaths.some((o) => (0,wave_paths/* isCoveredBy */.ID)(d, o)));
            if (missing.length > 0)
                err(sectionLine(steward, "File ownership"), `Documentation steward ${steward.agentId} must own ${missing.join(", ")}`, steward.agentId);
            const others = wave.agents.filter((a) => a !== steward && a.ownedPaths.some((o) => docs.includes((0,wave_paths/* normalizeRelPath */.Km)(o))));
            if (others.length > 0) {
                err(others[0].line, `Shared plan docs must be owned only by ${steward.agentId} (also owned by ${others.map((a) => a.agentId).join(", ")})`, others[0].agentId);
            }
        }
    }
    if (validate_active(v.requireContext7DeclarationsFromWave, n) && !wave.context7Defaults) {
        err(top, `Wave ${n} must declare a "## Context7 defaults" section (required from wave ${v.requireContext7DeclarationsFromWave})`);
    }
    // Rule 15: runtime mix.
    const targets = lane.runtimePolicy.runtimeMixTargets;
    if (Object.keys(targets).length > 0) {
        const counts = new Map();
        for (const a of wave.agents) {
            const id = ctx.resolved.get(a.agentId)?.id;
            if (id)
                counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        const over = [...counts].filter(([id, count]) => targets[id] !== undefined && count > targets[id]);
        if (over.length > 0)
            err(top, `Wave ${n} exceeds the lane's runtime mix targets (${over.map(([id, c]) => `${id}=${c} exceeds target ${targets[id]}`).join("; ")})`);
    }
    // Rule 16: promoted components need an implementation owner.
    for (const [component, set] of owners) {
        if (set.size === 0) {
            const evalOwns = contEval ? (0,wave_roles/* isContEvalImplementationOwning */.Lb)(contEval, roles) : false;
            const closureIds = [roles.contQaAgentId, ...(evalOwns ? [] : [roles.contEvalAgentId]), roles.documentationAgentId];
            err(promotionsLine, `Wave ${n} must assign promoted component "${component}" to at least one agent other than ${closureIds.join("/")} (via "### Components")`);
        }
    }
}
/* ------------------------------------------------------------------ gates that cannot pass */
/**
 * Who holds which role at run time (the engine's WaveRoles): cont-QA and cont-EVAL by the lane's
 * ids, integration and documentation by the steward's role, the report path each role writes.
 */
function waveRolesFor(wave, roles) {
    const declared = new Set(wave.agents.map((a) => a.agentId));
    const idIf = (id) => (declared.has(id) ? id : null);
    const holder = (stage) => wave.agents.find((a) => (a.closureStage ?? (0,wave_roles/* closureStageOf */.PD)(a, roles)) === stage)?.agentId ?? null;
    return {
        contQaAgentId: idIf(roles.contQaAgentId),
        contEvalAgentId: idIf(roles.contEvalAgentId),
        integrationAgentId: holder("integration") ?? idIf(roles.integrationAgentId),
        documentationAgentId: holder("documentation") ?? idIf(roles.documentationAgentId),
        securityAgentIds: wave.agents.filter((a) => (0,wave_roles/* isSecurityReviewer */.g3)(a, roles)).map((a) => a.agentId),
        designAgentIds: wave.agents.filter((a) => (0,wave_roles/* isDesignAgent */.yM)(a, roles)).map((a) => a.agentId),
        implementationAgentIds: wave.agents.filter((a) => (0,wave_roles/* isImplementationOwning */.hL)(a, roles)).map((a) => a.agentId),
        reportPaths: Object.fromEntries(wave.agents.map((a) => {
            const design = !(a.closureStage ?? (0,wave_roles/* closureStageOf */.PD)(a, roles)) && (0,wave_roles/* isDesignAgent */.yM)(a, roles);
            return [a.agentId, design ? (0,wave_roles/* designPacketPath */.ob)(a) : (0,wave_roles/* reportPathFor */.xJ)(a, roles)];
        })),
    };
}
/**
 * What `staticGateFailures` needs for one wave: roles and policy as the engine derives them, and
 * the component matrix as it is now (`matrix`: as loaded for validation, else read here when the
 * file exists).
 */
function staticGateInputsFor(wave, lane, root, matrix) {
    const rel = lane.paths.componentCutoverMatrixJsonPath;
    let componentMatrix = null;
    let componentMatrixProblem = null;
    if (wave.componentPromotions.length > 0) {
        const loaded = matrix ?? (lane.hasConfig || external_node_fs_default().existsSync(external_node_path_default().join(root, rel)) ? loadComponentMatrix(root, rel) : null);
        if (loaded?.ok)
            componentMatrix = { components: loaded.value.components };
        else if (loaded)
            componentMatrixProblem = loaded.error;
    }
    const target = (0,wave_paths/* normalizeRelPath */.Km)(rel);
    return {
        wave,
        roles: waveRolesFor(wave, lane.roles),
        policy: closurePolicyFor(wave, lane.hasConfig ? lane : null),
        componentMatrix,
        componentMatrixProblem,
        componentMatrixWritable: wave.agents.some((a) => a.ownedPaths.some((o) => (0,wave_paths/* isCoveredBy */.ID)(target, o))),
    };
}
/** Status codes the reference's rules (with a config) already report in their own words. */
const CONFIG_RULE_CODES = new Set([
    "missing-cont-eval-contract",
    "missing-cont-eval-report",
    "missing-cont-qa-report",
    "missing-security-report",
    "missing-design-packet",
    "missing-component-promotions",
    "component-promotion-gap",
    "missing-closure-run",
    "completion-gap",
    "durability-gap",
    "proof-level-gap",
    "doc-impact-gap",
    "unknown-component",
    "invalid-component-matrix",
]);
/** Exit-contract problems are reported by the exit-contract rules in both modes. */
const LENIENT_RULE_CODES = new Set(["completion-gap", "durability-gap", "proof-level-gap", "doc-impact-gap"]);
function gateLine(wave, stage, agentId, code) {
    const agent = agentId ? wave.agents.find((a) => a.agentId === agentId) : undefined;
    if (agent)
        return code.endsWith("-report") || code === "missing-design-packet" ? sectionLine(agent, "File ownership") : agent.line;
    if (stage === "component" || stage === "component-matrix")
        return wave.sectionLines?.["Component promotions"] ?? waveLine(wave);
    return waveLine(wave);
}
function gateRules(wave, ctx, sink) {
    // Stryker disable next-line all: the cached matrix only saves a second read of the same file (staticGateInputsFor reads it when none is passed, and ignores it without promotions)
    const matrix = wave.componentPromotions.length > 0 && ctx.cache.matrix ? ctx.cache.matrix : undefined;
    const failures = staticGateFailures(staticGateInputsFor(wave, ctx.lane, ctx.root, matrix));
    const covered = ctx.lane.hasConfig ? CONFIG_RULE_CODES : LENIENT_RULE_CODES;
    for (const g of failures) {
        if (covered.has(g.statusCode))
            continue;
        // Stryker disable next-line EqualityOperator,StringLiteral: the second operand is always false (with a config the code is skipped above; without one nothing is reported to the cache)
        if (g.statusCode === "invalid-component-matrix" && ctx.cache.reported.has(g.detail))
            continue;
        sink.error(gateLine(wave, g.stage, g.agentId, g.statusCode), `${g.detail} Every run would fail the ${g.stage} gate with ${g.statusCode}.`, g.agentId ? { agentId: g.agentId } : {});
    }
}
/** Validates one parsed wave against the lane settings (lenient rules when there is no config). */
function validateWave(wave, ctx) {
    const sink = new wave_diagnostics/* DiagnosticSink */.b9(wave.file, wave.wave);
    commonRules(wave, ctx, sink);
    if (ctx.lane.hasConfig)
        configRules(wave, ctx, sink);
    else
        lenientHints(wave, ctx, sink);
    gateRules(wave, ctx, sink);
    return sink.items;
}

;// CONCATENATED MODULE: ./src/wave/project.ts
/**
 * loadProject: the one entry point that reads wave.config.json (if any), resolves the lane, finds
 * every wave file of the lane, parses and validates all of them, resolves each agent's role and
 * executor, and returns the waves with every diagnostic.
 *
 * Throws WaveInputError (a UserError, exit code 2) for configuration and environment problems:
 * malformed config, bad lane/project, missing waves directory, no wave files, bad --executor.
 * Problems inside wave files are returned as diagnostics (exit code 1 for `wave validate`).
 */











/** Files larger than this are refused without being read whole into the parser. */
const MAX_WAVE_FILE_BYTES = 16 * 1024 * 1024;
function checkCliExecutor(value) {
    if (value === undefined || value === "")
        return undefined;
    const v = value.trim().toLowerCase();
    if (!schema/* EXECUTOR_IDS */.rz.includes(v)) {
        const sink = new wave_diagnostics/* DiagnosticSink */.b9("(command line)");
        sink.error(0, `--executor must be one of: ${schema/* EXECUTOR_IDS */.rz.join(", ")} (got "${value}")`);
        throw new wave_diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return v;
}
function readConfig(root, configPath) {
    const explicit = configPath !== undefined && configPath !== "";
    const abs = explicit ? external_node_path_default().resolve(root, configPath) : external_node_path_default().join(root, config/* CONFIG_FILE_NAME */.au);
    if (!external_node_fs_default().existsSync(abs)) {
        if (!explicit)
            return null;
        const sink = new wave_diagnostics/* DiagnosticSink */.b9((0,wave_paths/* toRepoRel */.Vf)(root, abs));
        sink.error(0, `config file not found: ${configPath}`);
        throw new wave_diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return (0,config/* readConfigFile */.RG)(abs, root);
}
/** Errors that belong to wave `n` (or to no wave at all: discovery, config, catalogs). */
function diagnosticsForWave(diagnostics, n) {
    return diagnostics.filter((d) => d.wave === undefined || d.wave === n);
}
/** True when wave `n` may run: no error belongs to it or to the project as a whole. */
function waveIsValid(project, n) {
    return !diagnosticsForWave(project.diagnostics, n).some(isError);
}
function loadProject(options) {
    const root = external_node_path_default().resolve(options.root);
    if (!external_node_fs_default().existsSync(root) || !external_node_fs_default().statSync(root).isDirectory()) {
        const sink = new wave_diagnostics/* DiagnosticSink */.b9(options.root);
        sink.error(0, `repository root not found: ${options.root}`);
        throw new wave_diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const cliExecutor = checkCliExecutor(options.cliExecutor);
    const loaded = readConfig(root, options.configPath);
    const lane = (0,config/* resolveLaneSettings */.gT)(loaded?.config ?? null, {
        lane: options.lane,
        project: options.project,
        root,
        ...(loaded ? { configFile: loaded.file } : {}),
    });
    const diagnostics = [...(loaded?.warnings ?? [])];
    const discovery = discoverWaveFiles(root, lane.wavesDir);
    diagnostics.push(...discovery.diagnostics);
    const rolePromptCache = new Map();
    const catalogs = newCatalogCache();
    const waves = [];
    for (const ref of discovery.files) {
        const sink = new wave_diagnostics/* DiagnosticSink */.b9(ref.file, ref.wave);
        if (!(0,wave_paths/* realpathInside */.UG)(root, ref.abs)) {
            sink.error(0, `${ref.file} resolves outside the repository`);
            diagnostics.push(...sink.items);
            continue;
        }
        const size = external_node_fs_default().statSync(ref.abs).size;
        if (size > MAX_WAVE_FILE_BYTES) {
            sink.error(0, `${ref.file} is ${Math.round(size / 1024 / 1024)} MB; wave files larger than ${MAX_WAVE_FILE_BYTES / 1024 / 1024} MB are refused`);
            diagnostics.push(...sink.items);
            continue;
        }
        const parsed = parseWaveFile(external_node_fs_default().readFileSync(ref.abs), ref.file, ref.wave, {
            root,
            roles: lane.roles,
            enforceRolePromptDir: lane.hasConfig,
            rolePromptCache,
        });
        diagnostics.push(...parsed.diagnostics);
        const wave = parsed.wave;
        if (!wave)
            continue;
        const resolved = new Map();
        for (const agent of wave.agents) {
            const role = (0,wave_roles/* inferAgentRole */.iY)(agent, lane.roles);
            agent.role = role;
            agent.closureStage = (0,wave_roles/* closureStageOf */.PD)(agent, lane.roles);
            const r = resolveExecutor({ agent, wave, lane, role, cliExecutor });
            if (r.ok) {
                agent.resolvedExecutor = r.executor;
                resolved.set(agent.agentId, r.executor);
            }
            else {
                sink.error(agent.sectionLines.Executor ?? agent.line, r.error, { agentId: agent.agentId });
            }
        }
        diagnostics.push(...sink.items);
        diagnostics.push(...validateWave(wave, { lane, root, resolved, cache: catalogs }));
        waves.push(wave);
    }
    return { laneName: lane.lane, lane, hasConfig: lane.hasConfig, waves, diagnostics: (0,wave_diagnostics/* sortDiagnostics */.Ds)(diagnostics) };
}

;// CONCATENATED MODULE: ./src/wave/summary.ts
/**
 * Small views of loaded waves and diagnostics for command output (`wave validate`, `wave plan`).
 */

function summarizeWave(wave) {
    return {
        wave: wave.wave,
        file: wave.file,
        title: wave.title,
        agents: wave.agents.map((a) => ({
            id: a.agentId,
            title: a.title,
            role: a.role ?? "implementation",
            closureStage: a.closureStage ?? null,
            executor: a.resolvedExecutor?.id ?? null,
            model: a.resolvedExecutor?.model ?? null,
        })),
    };
}
/** The JSON shape of one diagnostic in command output. */
function diagnosticJson(d, file = d.file) {
    return {
        file,
        line: d.line,
        ...(d.column !== undefined ? { column: d.column } : {}),
        message: d.message,
        ...(d.wave !== undefined ? { wave: d.wave } : {}),
        ...(d.agentId !== undefined ? { agentId: d.agentId } : {}),
    };
}
const isPseudoPath = (file) => file.startsWith("(");
/**
 * A diagnostic's file as seen from `base` (the current directory, or the GitHub workspace):
 * relative when inside `base`, absolute otherwise. Diagnostic files are repository-relative.
 */
function displayPath(root, file, base) {
    if (isPseudoPath(file))
        return file;
    const abs = external_node_path_default().resolve(root, file);
    const rel = external_node_path_default().relative(base, abs);
    if (rel === "")
        return ".";
    if (rel.startsWith("..") || external_node_path_default().isAbsolute(rel))
        return abs.split((external_node_path_default()).sep).join("/");
    return rel.split((external_node_path_default()).sep).join("/");
}
/** `1 error`, `3 errors`. */
function summary_plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
}

;// CONCATENATED MODULE: ./src/commands/plan.ts
/**
 * `wave plan`: the waves of the lane (or a selection) with their agents, and the workflow matrix
 * `{include:[{wave:N},…]}`. Exit 2 for a bad `--waves` spec or a wave that does not exist (and
 * configuration problems), 1 when a selected wave (or the project as a whole) has errors.
 */




/** Parses `all`, `N`, `N-M`, `N,M,...` (items may mix: `0,2-4`). */
function parseWaveSelection(spec) {
    const s = spec.trim();
    if (s === "")
        return { ok: false, error: `--waves is empty (use all, N, N-M or N,M,...)` };
    if (s.toLowerCase() === "all")
        return { ok: true, waves: "all" };
    const out = new Set();
    for (const raw of s.split(",")) {
        const item = raw.trim();
        const m = /^(\d{1,9})(?:\s*-\s*(\d{1,9}))?$/.exec(item);
        if (!m)
            return { ok: false, error: `invalid --waves "${spec}": "${item}" is not a wave number or range (use all, N, N-M or N,M,...)` };
        const from = Number(m[1]);
        const to = m[2] === undefined ? from : Number(m[2]);
        if (to < from)
            return { ok: false, error: `invalid --waves "${spec}": range ${item} runs backwards` };
        if (to - from > 100_000)
            return { ok: false, error: `invalid --waves "${spec}": range ${item} is too large` };
        for (let n = from; n <= to; n++)
            out.add(n);
    }
    return { ok: true, waves: [...out].sort((a, b) => a - b) };
}
function table(rows) {
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  ").trimEnd()).join("\n");
}
function renderText(plan) {
    const lines = [`lane ${plan.lane}: ${plan.waves.length} wave${plan.waves.length === 1 ? "" : "s"}`];
    for (const w of plan.waves) {
        lines.push("", `wave ${w.wave}${w.title ? ` - ${w.title}` : ""} (${w.file})`);
        const rows = [["agent", "role", "executor", "title"]];
        for (const a of w.agents)
            rows.push([a.id, a.closureStage ? `${a.role} (closure)` : a.role, a.executor ?? "?", a.title]);
        lines.push(...table(rows).split("\n").map((l) => `  ${l}`));
    }
    lines.push("", `matrix: ${JSON.stringify(plan.matrix)}`);
    return `${lines.join("\n")}\n`;
}
async function planCommand(opts) {
    const selection = parseWaveSelection(opts.waves);
    if (!selection.ok)
        return { stdout: "", stderr: `${selection.error}\n`, exitCode: 2 };
    let project;
    try {
        project = loadProject({ root: opts.root, configPath: opts.configPath, lane: opts.lane, project: opts.project, cliExecutor: opts.cliExecutor });
    }
    catch (e) {
        if ((0,wave_diagnostics/* isWaveInputError */.GN)(e) || (0,src_errors/* isUserError */.iU)(e))
            return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
        throw e;
    }
    const known = new Set([...project.waves.map((w) => w.wave), ...project.diagnostics.flatMap((d) => (d.wave === undefined ? [] : [d.wave]))]);
    const wanted = selection.waves === "all" ? [...known].sort((a, b) => a - b) : selection.waves;
    const missing = wanted.filter((n) => !known.has(n));
    if (missing.length > 0) {
        return {
            stdout: "",
            stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].sort((a, b) => a - b).join(", ") || "none"})\n`,
            exitCode: 2,
        };
    }
    const errors = project.diagnostics.filter((d) => (0,wave_diagnostics/* isError */.bJ)(d) && (d.wave === undefined || wanted.includes(d.wave)));
    if (errors.length > 0) {
        const cwd = opts.cwd ?? process.cwd();
        const text = errors.map((d) => (0,wave_diagnostics/* formatDiagnosticText */.Kv)(d, displayPath(opts.root, d.file, cwd))).join("\n");
        return { stdout: "", stderr: `${text}\nwave plan: ${errors.length} error${errors.length === 1 ? "" : "s"}; fix them with \`wave validate\`\n`, exitCode: 1 };
    }
    const waves = project.waves.filter((w) => wanted.includes(w.wave)).map(summarizeWave);
    const plan = { lane: project.laneName, waves, matrix: { include: waves.map((w) => ({ wave: w.wave })) } };
    return { stdout: opts.format === "json" ? `${JSON.stringify(plan)}\n` : renderText(plan), stderr: "", exitCode: 0 };
}

;// CONCATENATED MODULE: ./src/commands/validate.ts
/**
 * `wave validate`: parse and validate every wave file of the lane; report in text, JSON or as
 * GitHub workflow commands. Exit 0 valid (warnings allowed), 1 validation errors, 2 configuration
 * or environment problems (malformed wave.config.json, missing waves directory, unknown wave).
 *
 * With `explain` (the CLI's text output) it also says which rules the config turned on, each with
 * the key that turns it off, and which are off — or that there is no config and the lenient
 * defaults apply. The rules themselves live in wave/validate.ts; docs/config.md describes every key.
 */




const TITLE = "wave validate";
function render(opts, diagnostics, waves, lane) {
    const cwd = opts.cwd ?? process.cwd();
    const env = opts.env ?? process.env;
    const errors = diagnostics.filter(wave_diagnostics/* isError */.bJ);
    const warnings = diagnostics.filter((d) => !(0,wave_diagnostics/* isError */.bJ)(d));
    if (opts.format === "json") {
        const payload = {
            ok: errors.length === 0,
            lane,
            waves: waves.map((w) => ({
                wave: w.wave,
                file: w.file,
                title: w.title,
                agents: w.agents.map((a) => ({ id: a.id, title: a.title, role: a.role, closureStage: a.closureStage, executor: a.executor })),
            })),
            errors: errors.map((d) => diagnosticJson(d)),
            warnings: warnings.map((d) => diagnosticJson(d)),
        };
        return { stdout: `${JSON.stringify(payload, null, 2)}\n`, errors: errors.length, warnings: warnings.length };
    }
    const lines = [];
    if (opts.format === "github") {
        const workspace = env.GITHUB_WORKSPACE || opts.root;
        for (const d of diagnostics)
            lines.push((0,wave_diagnostics/* formatDiagnosticGithub */.uF)(d, displayPath(opts.root, d.file, workspace), TITLE));
    }
    else {
        for (const d of diagnostics)
            lines.push((0,wave_diagnostics/* formatDiagnosticText */.Kv)(d, displayPath(opts.root, d.file, cwd)));
    }
    const agents = waves.reduce((n, w) => n + w.agents.length, 0);
    lines.push(errors.length === 0
        ? `${TITLE}: ${summary_plural(waves.length, "wave")}, ${summary_plural(agents, "agent")}: valid${warnings.length ? ` (${summary_plural(warnings.length, "warning")})` : ""}`
        : `${TITLE}: ${summary_plural(errors.length, "error")}${warnings.length ? `, ${summary_plural(warnings.length, "warning")}` : ""} in ${summary_plural(waves.length, "wave")}`);
    return { stdout: `${lines.join("\n")}\n`, errors: errors.length, warnings: warnings.length };
}
const THRESHOLD_RULES = [
    ["requireExitContractsFromWave", "implementation agents declare an exit contract"],
    ["requireDocumentationStewardFromWave", "exactly one documentation steward, owning the shared plan docs"],
    ["requireIntegrationStewardFromWave", "exactly one integration steward"],
    ["requireComponentPromotionsFromWave", 'a "## Component promotions" section that matches the component cutover matrix'],
    ["requireAgentComponentsFromWave", 'implementation agents list their components under "### Components"'],
    ["requireContext7DeclarationsFromWave", '"## Context7 defaults" and "### Context7" sections'],
];
/**
 * The rules a lane's config turned on, each with the key (and value) that turns it off, then the
 * optional rules that are off. Without a config: one line saying the lenient defaults apply.
 */
function explainRules(lane, configFile) {
    if (!lane.hasConfig) {
        return ["Rules: no wave.config.json, so the lenient defaults apply (no closure agent required). `wave init` writes a config; docs/config.md describes every key."];
    }
    const v = lane.validation;
    const on = [
        `cont-QA agent ${lane.roles.contQaAgentId} closes every wave — always with a config (remove ${configFile ?? "wave.config.json"} for the lenient defaults)`,
    ];
    const off = [];
    for (const [key, what] of THRESHOLD_RULES) {
        const from = v[key];
        if (from === null)
            off.push(`validation.${key}`);
        else
            on.push(`${what}, from wave ${from} — validation.${key}: null turns it off`);
    }
    if (v.requiredPromptReferences.length > 0) {
        on.push(`every prompt mentions ${v.requiredPromptReferences.join(", ")} — validation.requiredPromptReferences: [] turns it off`);
    }
    else
        off.push("validation.requiredPromptReferences");
    const mix = Object.entries(lane.runtimePolicy.runtimeMixTargets);
    if (mix.length > 0) {
        on.push(`at most ${mix.map(([id, n]) => `${n} ${id}`).join(", ")} agents per wave — runtimePolicy.runtimeMixTargets: {} turns it off`);
    }
    else
        off.push("runtimePolicy.runtimeMixTargets");
    if (lane.runtimePolicy.requireMarkerNonce)
        on.push("closure markers carry the run's nonce — runtimePolicy.requireMarkerNonce: false turns it off");
    else
        off.push("runtimePolicy.requireMarkerNonce");
    const lines = [`Rules ${configFile ?? "wave.config.json"} turns on (docs/config.md describes every key):`, ...on.map((l) => `  - ${l}`)];
    if (off.length > 0)
        lines.push(`Off: ${off.join(", ")}.`);
    return lines;
}
async function validateCommand(opts) {
    let project;
    try {
        project = loadProject({ root: opts.root, configPath: opts.configPath, lane: opts.lane, project: opts.project });
    }
    catch (e) {
        if ((0,wave_diagnostics/* isWaveInputError */.GN)(e)) {
            const out = render(opts, e.diagnostics, [], null);
            return { stdout: opts.format === "text" ? "" : out.stdout, stderr: `${e.message}\n`, exitCode: 2 };
        }
        if ((0,src_errors/* isUserError */.iU)(e))
            return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
        throw e;
    }
    const selected = opts.waves && opts.waves.length > 0 ? [...new Set(opts.waves)].sort((a, b) => a - b) : null;
    const known = new Set(project.waves.map((w) => w.wave));
    const knownFiles = new Set(project.diagnostics.filter((d) => d.wave !== undefined).map((d) => d.wave));
    if (selected) {
        const missing = selected.filter((n) => !known.has(n) && !knownFiles.has(n));
        if (missing.length > 0) {
            return {
                stdout: "",
                stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].join(", ") || "none"})\n`,
                exitCode: 2,
            };
        }
    }
    const diagnostics = selected
        ? project.diagnostics.filter((d) => d.wave === undefined || selected.includes(d.wave))
        : project.diagnostics;
    const waves = project.waves.filter((w) => !selected || selected.includes(w.wave)).map(summarizeWave);
    const out = render(opts, diagnostics, waves, project.laneName);
    const rules = opts.explain && opts.format === "text" ? `${explainRules(project.lane, project.lane.configFile).join("\n")}\n` : "";
    return { stdout: out.stdout + rules, stderr: "", exitCode: out.errors > 0 ? 1 : 0 };
}

// EXTERNAL MODULE: ./src/agent-user/elevate.ts
var elevate = __webpack_require__(7701);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
;// CONCATENATED MODULE: ./src/coordination/agent-context.ts
/**
 * What an agent-facing command (`wave coord post`, `wave feedback ask`) learns from the environment
 * its orchestrator set: where the run's control socket is and the agent's token. Nothing else: who
 * the agent is, is known only to the orchestrator (by the token), and the run directory is not the
 * agent's to touch.
 */

const FOR_AGENTS = "this command is only for agents started by a wave run";
/** Reads WAVE_CONTROL_SOCKET and WAVE_AGENT_TOKEN (no format check: the server judges the token). */
function agent_context_readAgentChannel(env) {
    const socketPath = env.WAVE_CONTROL_SOCKET?.trim() ?? "";
    if (socketPath === "") {
        throw new UserError(`WAVE_CONTROL_SOCKET is not set: ${FOR_AGENTS}, which gives each agent a control socket and a token`);
    }
    const token = env.WAVE_AGENT_TOKEN?.trim() ?? "";
    if (token === "")
        throw new UserError(`WAVE_AGENT_TOKEN is not set: ${FOR_AGENTS}, which gives each agent its token`);
    return { socketPath, token };
}
/** Runs a command body; UserErrors become `<name>: error: <message>` on stderr and exit 2. */
async function agent_context_runAgentCommand(name, io, body) {
    try {
        return await body();
    }
    catch (error) {
        if (error instanceof UserError) {
            io.stderr.write(`${name}: error: ${error.message}\n`);
            return error.exitCode;
        }
        io.stderr.write(`${name}: error: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
    }
}

;// CONCATENATED MODULE: ./src/coordination/schema.ts
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
const CoordinationKindSchema = schemas/* enum */.k5n(COORDINATION_KINDS);
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
const CoordinationStatusSchema = schemas/* enum */.k5n(COORDINATION_STATUSES);
/** Statuses that count as "still open". */
const OPEN_STATUSES = ["open", "acknowledged", "in_progress"];
const PRIORITIES = ["low", "normal", "high", "urgent"];
const PrioritySchema = schemas/* enum */.k5n(PRIORITIES);
const CONFIDENCES = ["low", "medium", "high"];
const ConfidenceSchema = schemas/* enum */.k5n(CONFIDENCES);
const BLOCKER_SEVERITIES = ["hard", "soft", "stale", "advisory", "proof-critical", "closure-critical"];
const BlockerSeveritySchema = schemas/* enum */.k5n(BLOCKER_SEVERITIES);
const COORDINATION_SOURCES = ["agent", "orchestrator", "feedback"];
const CoordinationSourceSchema = schemas/* enum */.k5n(COORDINATION_SOURCES);
/** Record ids, agent ids in targets and dependency ids. */
const schema_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/;
const IdSchema = schemas/* string */.YjP().regex(schema_ID_PATTERN, "ids use letters, digits and . _ : @ - (at most 200)");
const MAX_SUMMARY_CHARS = 1000;
const MAX_DETAIL_CHARS = 16000;
const CoordinationRecordSchema = schemas/* object */.Ikc({
    recordVersion: schemas/* literal */.euz(1),
    id: IdSchema,
    kind: CoordinationKindSchema,
    lane: schemas/* string */.YjP().min(1),
    wave: schemas/* number */.aig().int().nonnegative(),
    attempt: schemas/* number */.aig().int().positive().nullable(),
    agentId: schemas/* string */.YjP().min(1),
    source: CoordinationSourceSchema,
    status: CoordinationStatusSchema,
    priority: PrioritySchema,
    confidence: ConfidenceSchema,
    blocking: schemas/* boolean */.zMY(),
    blockerSeverity: BlockerSeveritySchema,
    targets: schemas/* array */.YOg(schemas/* string */.YjP()),
    dependsOn: schemas/* array */.YOg(schemas/* string */.YjP()),
    artifactRefs: schemas/* array */.YOg(schemas/* string */.YjP()),
    closureCondition: schemas/* string */.YjP().nullable(),
    summary: schemas/* string */.YjP().max(MAX_SUMMARY_CHARS),
    detail: schemas/* string */.YjP().max(MAX_DETAIL_CHARS),
    createdAt: schemas/* string */.YjP(),
    updatedAt: schemas/* string */.YjP(),
    /** Lifecycle event name (kind `lifecycle`). */
    event: schemas/* string */.YjP().optional(),
});
/** What a caller supplies; everything else gets its default. */
const CoordinationInputSchema = schemas/* object */.Ikc({
    id: IdSchema.optional(),
    kind: CoordinationKindSchema,
    lane: schemas/* string */.YjP().min(1),
    wave: schemas/* number */.aig().int().nonnegative(),
    attempt: schemas/* number */.aig().int().positive().nullable().optional(),
    agentId: schemas/* string */.YjP().min(1),
    source: CoordinationSourceSchema.optional(),
    status: CoordinationStatusSchema.optional(),
    priority: PrioritySchema.optional(),
    confidence: ConfidenceSchema.optional(),
    blocking: schemas/* boolean */.zMY().optional(),
    blockerSeverity: BlockerSeveritySchema.optional(),
    targets: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    dependsOn: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    artifactRefs: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    closureCondition: schemas/* string */.YjP().nullable().optional(),
    summary: schemas/* string */.YjP().max(MAX_SUMMARY_CHARS),
    detail: schemas/* string */.YjP().max(MAX_DETAIL_CHARS).optional(),
    createdAt: schemas/* string */.YjP().optional(),
    updatedAt: schemas/* string */.YjP().optional(),
    event: schemas/* string */.YjP().optional(),
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
function schema_defaultStatus(kind) {
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

;// CONCATENATED MODULE: ./src/coordination/board.ts
/**
 * The message board: a markdown projection of the coordination state that closure agents read.
 * Record text is agent-written, so every field is flattened to one line and capped; the whole board
 * is capped at `maxChars`, dropping the oldest activity first.
 */

const DEFAULT_BOARD_MAX_CHARS = 8000;
const SUMMARY_CHARS = 240;
const SECTION_ENTRIES = 30;
/** One line, no control characters, at most `max` characters. */
function board_oneLine(text, max) {
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
    return record.targets.length > 0 ? ` -> ${board_oneLine(record.targets.join(", "), 120)}` : "";
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
    if (blocksWave(record))
        flags.push("blocking");
    flags.push(`severity=${record.blockerSeverity}`);
    return (`- [${record.priority}] ${record.kind}/${record.status} ${board_oneLine(record.agentId, 60)}${targets(record)} ` +
        `[${flags.join(", ")}] id=${record.id}: ${board_oneLine(record.summary, SUMMARY_CHARS)}`);
}
function plainLine(record) {
    const artifacts = record.artifactRefs.length > 0 ? ` (artifacts: ${board_oneLine(record.artifactRefs.join(", "), 160)})` : "";
    return (`- ${board_oneLine(record.agentId, 60)} ${record.kind}/${record.status}${targets(record)} id=${record.id}: ` +
        `${board_oneLine(record.summary, SUMMARY_CHARS)}${artifacts}`);
}
function feedLine(record) {
    return (`- ${record.updatedAt} | ${board_oneLine(record.agentId, 60)} | ${record.kind}/${record.status}${targets(record)} | ` +
        board_oneLine(record.summary, SUMMARY_CHARS));
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
    const open = state.records.filter((r) => isOpenStatus(r.status) && (REQUEST_KINDS.includes(r.kind) || blocksWave(r)));
    const blocking = state.records.filter(blocksWave).length;
    const head = [
        `# Wave ${options.wave} message board`,
        "",
        `- Lane: ${board_oneLine(options.lane, 80)}`,
        `- Agents: ${options.agents.length > 0 ? board_oneLine(options.agents.join(", "), 400) : "(none)"}`,
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

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/coordination/fs.ts
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
    const dir = external_node_path_default().dirname(file);
    await (0,promises_.mkdir)(dir, { recursive: true });
    const temp = external_node_path_default().join(dir, `.${external_node_path_default().basename(file)}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString("hex")}.tmp`);
    try {
        const handle = await (0,promises_.open)(temp, "wx");
        try {
            await (0,promises_.writeFile)(handle, content);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await (0,promises_.rename)(temp, file);
    }
    catch (error) {
        await (0,promises_.rm)(temp, { force: true });
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
    const handle = await (0,promises_.open)(file, "a");
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

// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
;// CONCATENATED MODULE: ./src/cli/help.ts
/**
 * `--help` for every `wave` command: one `CommandHelp` per command (kept next to the command and
 * its flag table), rendered here. The flags in a command's help are its flag table itself, so help
 * lists exactly what the command parses, with each flag's description and default.
 *
 * The dispatcher prints help before the command does anything else (no config, no waves, no state
 * directory, no agents): see src/cli/main.ts. `wave --help` needs only the command table's names and
 * summaries; a command's own help is loaded with the command.
 */

const WIDTH = 30;
function flagLeft(name, f) {
    const short = f.short ? `-${f.short}, ` : "";
    const value = f.type === "string" ? ` ${f.value ?? "VALUE"}` : "";
    return `${short}--${name}${value}${f.multiple ? "..." : ""}`;
}
function flagRight(f) {
    const repeat = f.multiple ? " (repeatable)" : "";
    const fallback = f.defaultText !== undefined ? ` (default: ${f.defaultText})` : "";
    return `${f.description}${repeat}${fallback}`;
}
function renderFlags(table) {
    const lines = [];
    for (const [name, f] of Object.entries(table)) {
        const left = `  ${flagLeft(name, f)}`;
        const right = flagRight(f);
        if (left.length + 2 <= WIDTH)
            lines.push(`${left.padEnd(WIDTH)}${right}`);
        else
            lines.push(left, `${" ".repeat(WIDTH)}${right}`);
    }
    return lines;
}
/** The help of one command. */
function help_renderCommandHelp(h) {
    const { help, ...globals } = GLOBAL_OPTIONS;
    const lines = [`Usage: wave ${h.name} ${h.usage}`.trimEnd(), ""];
    if (h.about)
        lines.push(h.about.trimEnd(), "");
    const own = Object.entries(h.options).filter(([name]) => name !== "help");
    lines.push("Options:", ...renderFlags(Object.fromEntries(own)), ...renderFlags({ help }));
    if (h.globals)
        lines.push("", "Global options:", ...renderFlags(globals));
    if (h.examples.length > 0)
        lines.push("", "Examples:", ...h.examples.map((e) => `  ${e}`));
    if (h.exitCodes.length > 0)
        lines.push("", "Exit codes:", ...h.exitCodes.map((e) => `  ${e}`));
    return `${lines.join("\n")}\n`;
}
/** `wave --help`: every command with one line each, the global options and the exit codes. */
function renderOverview(commands) {
    const { help, ...globals } = GLOBAL_OPTIONS;
    const width = Math.max(...commands.map((c) => c.name.length)) + 4;
    return [
        "wave — run multi-agent waves of coding agents with closure gates and resume",
        "",
        "Usage: wave <command> [options]",
        "       wave <command> --help   (or: wave help <command>) the command's flags, defaults, examples",
        "",
        "Commands:",
        ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
        "",
        "Global options:",
        ...renderFlags(globals),
        ...renderFlags({ help }),
        ...renderFlags({ version: { type: "boolean", short: "V", description: "print the version and exit" } }),
        "",
        "Exit codes: 0 passed/valid, 1 failed/blocked/invalid, 2 usage or configuration error,",
        "130/143 cancelled by SIGINT/SIGTERM.",
        "",
    ].join("\n");
}
/** Exit code lines shared by the commands that run a wave. */
const RUN_EXIT_CODES = (/* unused pure expression or super */ null && ([
    "0    the wave passed (or --dry-run)",
    "1    the wave failed or is blocked, or its wave file has errors (as in wave validate; nothing started)",
    "2    usage or configuration error (nothing started)",
    "130  cancelled by SIGINT (143: SIGTERM)",
]));

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
var external_node_net_default = /*#__PURE__*/__webpack_require__.n(external_node_net_);
;// CONCATENATED MODULE: ./src/control/protocol.ts
/**
 * The control protocol between agent commands (`wave coord post`, `wave feedback ask`) and the
 * orchestrator's control server: one JSON request line, one JSON response line, per connection.
 * Both ends validate with these schemas.
 *
 * A request names no agent: the server attributes it to the agent its token was issued for. Keys
 * a request carries beyond these schemas (an `agentId`, a `lane`…) are dropped unread.
 */

const protocol_PROTOCOL_VERSION = 1;
/** Largest request line the server reads (the client refuses to send a larger one). */
const protocol_MAX_REQUEST_BYTES = 64 * 1024;
/** Largest response line the client reads. */
const protocol_MAX_RESPONSE_BYTES = 16 * 1024;
/** Tokens are 32 random bytes, hex-encoded. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const TokenField = schemas/* string */.YjP().max(1024);
/** The fields of `wave coord post` as given on its command line (validated by the coordination module). */
const CoordPostFieldsSchema = schemas/* object */.Ikc({
    kind: schemas/* string */.YjP().optional(),
    summary: schemas/* string */.YjP().optional(),
    detail: schemas/* string */.YjP().optional(),
    targets: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    priority: schemas/* string */.YjP().optional(),
    blocking: schemas/* string */.YjP().optional(),
    status: schemas/* string */.YjP().optional(),
    severity: schemas/* string */.YjP().optional(),
    confidence: schemas/* string */.YjP().optional(),
    artifacts: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    dependsOn: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    id: schemas/* string */.YjP().optional(),
    /** Optional claims (`--lane/--wave/--agent`): checked against the token's agent, never trusted. */
    lane: schemas/* string */.YjP().optional(),
    wave: schemas/* string */.YjP().optional(),
    agent: schemas/* string */.YjP().optional(),
});
const CoordPostRequestSchema = schemas/* object */.Ikc({
    v: schemas/* literal */.euz(protocol_PROTOCOL_VERSION),
    type: schemas/* literal */.euz("coord-post"),
    token: TokenField,
    fields: CoordPostFieldsSchema,
});
const FeedbackAskRequestSchema = schemas/* object */.Ikc({
    v: schemas/* literal */.euz(protocol_PROTOCOL_VERSION),
    type: schemas/* literal */.euz("feedback-ask"),
    token: TokenField,
    question: schemas/* string */.YjP(),
    context: schemas/* string */.YjP().nullable().optional(),
    /** `wave feedback ask --wait`: hold the request open until a human answers, at most this long. */
    waitSeconds: schemas/* number */.aig().int().positive().max(24 * 60 * 60).optional(),
});
/** `wave coord inbox`: the current inbox of the token's agent (answered in `text`). */
const CoordInboxRequestSchema = schemas/* object */.Ikc({
    v: schemas/* literal */.euz(protocol_PROTOCOL_VERSION),
    type: schemas/* literal */.euz("coord-inbox"),
    token: TokenField,
});
const ControlRequestSchema = schemas/* discriminatedUnion */.gMt("type", [
    CoordPostRequestSchema,
    FeedbackAskRequestSchema,
    CoordInboxRequestSchema,
]);
/** Read before anything else: the server authenticates a request before it looks at the rest. */
const TokenEnvelopeSchema = schemas/* object */.Ikc({ token: TokenField });
const ERROR_CODES = ["refused", "invalid", "malformed", "too-large", "timeout", "internal"];
const protocol_ControlResponseSchema = schemas/* discriminatedUnion */.gMt("ok", [
    /** `answer`: a question this agent already had answered gets its answer at once. */
    /** `text`: the answer to a read request (`coord-inbox`), within MAX_RESPONSE_BYTES. */
    schemas/* object */.Ikc({ ok: schemas/* literal */.euz(true), id: schemas/* string */.YjP(), answer: schemas/* string */.YjP().optional(), text: schemas/* string */.YjP().optional() }),
    schemas/* object */.Ikc({ ok: schemas/* literal */.euz(false), code: schemas/* enum */.k5n(ERROR_CODES), message: schemas/* string */.YjP() }),
]);
/** One line of the protocol (JSON never contains a raw newline). */
function protocol_encodeLine(value) {
    return `${JSON.stringify(value)}\n`;
}
/** The first issue of a zod error as `path: message`. */
function protocol_firstIssue(error) {
    const issue = error.issues[0];
    if (!issue)
        return "invalid";
    return issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

;// CONCATENATED MODULE: ./src/control/client.ts
/**
 * The agent side of the control channel: sends one request line to the run's control socket and
 * reads the one response line.
 */



/** How long a command waits for the orchestrator's answer (it queues writes; a loaded runner is slow). */
const DEFAULT_CLIENT_TIMEOUT_MS = 120_000;
function unreachable(socketPath, error) {
    const code = error.code ?? "error";
    if (code === "ENOENT" || code === "ECONNREFUSED") {
        return new UserError(`cannot reach the control socket ${JSON.stringify(socketPath)} (${code}): the wave run that started this agent has ended, ` +
            "or this process was not started by a wave run");
    }
    return new UserError(`control socket ${JSON.stringify(socketPath)}: ${error.message}`);
}
/** Sends `request`, returns the server's (validated) response. Transport problems are UserErrors. */
function client_sendControlRequest(socketPath, request, options = {}) {
    const line = encodeLine(request);
    const size = Buffer.byteLength(line, "utf8");
    if (size > MAX_REQUEST_BYTES) {
        return Promise.reject(new UserError(`the request is ${size} bytes once encoded; the limit is ${MAX_REQUEST_BYTES} (shorten the text you send)`));
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
        const socket = net.createConnection({ path: socketPath, allowHalfOpen: true });
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
                finish({ error: new UserError(`the control socket ${JSON.stringify(socketPath)} closed without an answer`) });
                return;
            }
            let value;
            try {
                value = JSON.parse(body);
            }
            catch {
                finish({ error: new UserError("the control server's answer is not JSON") });
                return;
            }
            const parsed = ControlResponseSchema.safeParse(value);
            if (!parsed.success) {
                finish({ error: new UserError(`the control server's answer is not valid (${firstIssue(parsed.error)})`) });
                return;
            }
            finish({ response: parsed.data });
        };
        socket.setTimeout(timeoutMs, () => {
            finish({ error: new UserError(`no answer from the control socket within ${Math.round(timeoutMs / 1000)} s`) });
        });
        socket.on("connect", () => {
            socket.end(line);
        });
        socket.on("data", (chunk) => {
            bytes += chunk.length;
            if (bytes > MAX_RESPONSE_BYTES) {
                finish({ error: new UserError(`the control server's answer is longer than ${MAX_RESPONSE_BYTES} bytes`) });
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
async function client_requestId(socketPath, request, options = {}) {
    return (await requestAccepted(socketPath, request, options)).id;
}
/** The accepted request's id, and the answer when the question was already answered. */
async function requestAccepted(socketPath, request, options = {}) {
    const response = await client_sendControlRequest(socketPath, request, options);
    if (response.ok)
        return response.answer !== undefined ? { id: response.id, answer: response.answer } : { id: response.id };
    throw new UserError(response.message, response.code === "internal" ? 1 : 2);
}

// EXTERNAL MODULE: ./src/security/paths.ts
var security_paths = __webpack_require__(85770);
;// CONCATENATED MODULE: ./src/coordination/post-fields.ts



const COORD_POST_USAGE = `usage: wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
       [--blocking true|false] [--status S] [--severity S] [--confidence C]
       [--artifact PATH]... [--depends-on ID]... [--id ID]
kinds: ${AGENT_POSTABLE_KINDS.join(", ")}
`;
const TARGET_PATTERN = /^(agent:|capability:)?[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
function oneOf(flag, value, allowed) {
    if (value === undefined)
        return undefined;
    if (!allowed.includes(value)) {
        throw new src_errors/* UserError */.yo(`--${flag} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
    }
    return value;
}
/** Checks every field; throws a UserError naming the flag and the value. */
function post_fields_validateCoordPost(f) {
    if (f.kind === undefined)
        throw new src_errors/* UserError */.yo(`--kind is required\n${COORD_POST_USAGE}`);
    const kind = oneOf("kind", f.kind, AGENT_POSTABLE_KINDS);
    const summary = (f.summary ?? "").trim();
    if (summary === "")
        throw new src_errors/* UserError */.yo("--summary is required and must not be empty");
    if (summary.length > MAX_SUMMARY_CHARS) {
        throw new src_errors/* UserError */.yo(`--summary is ${summary.length} characters; the limit is ${MAX_SUMMARY_CHARS}`);
    }
    const detail = f.detail ?? "";
    if (detail.length > MAX_DETAIL_CHARS) {
        throw new src_errors/* UserError */.yo(`--detail is ${detail.length} characters; the limit is ${MAX_DETAIL_CHARS}`);
    }
    const blockingText = oneOf("blocking", f.blocking, ["true", "false"]);
    const targets = (f.targets ?? []).map((t) => t.trim());
    for (const t of targets) {
        if (!TARGET_PATTERN.test(t)) {
            throw new src_errors/* UserError */.yo(`--target ${JSON.stringify(t)} must be an agent id, agent:<id> or capability:<name>`);
        }
    }
    const dependsOn = (f.dependsOn ?? []).map((d) => d.trim());
    for (const d of dependsOn) {
        if (!schema_ID_PATTERN.test(d))
            throw new src_errors/* UserError */.yo(`--depends-on ${JSON.stringify(d)} is not a record id`);
    }
    const artifactRefs = (0,security_paths/* safeRelativeEntries */.yK)(f.artifacts ?? [], "--artifact");
    if (f.id !== undefined && !schema_ID_PATTERN.test(f.id)) {
        throw new src_errors/* UserError */.yo(`--id ${JSON.stringify(f.id)} is not a valid id (letters, digits, . _ : @ -)`);
    }
    return {
        kind,
        summary,
        detail,
        targets,
        dependsOn,
        artifactRefs,
        id: f.id,
        status: oneOf("status", f.status, COORDINATION_STATUSES),
        priority: oneOf("priority", f.priority, PRIORITIES),
        confidence: oneOf("confidence", f.confidence, CONFIDENCES),
        blockerSeverity: oneOf("severity", f.severity, BLOCKER_SEVERITIES),
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
            throw new src_errors/* UserError */.yo(`--${flag} ${JSON.stringify(given)} does not match this agent (${actual})`);
        }
    }
}
/** An update (`--id` of an existing record) must be of the poster's own agent record, same kind. */
function checkUpdate(existing, post, who) {
    if (!existing)
        return;
    if (existing.source !== "agent" || existing.agentId !== who.agentId) {
        throw new src_errors/* UserError */.yo(`record ${existing.id} was posted by ${existing.source} ${existing.agentId}; you can only update your own`);
    }
    if (existing.kind !== post.kind) {
        throw new src_errors/* UserError */.yo(`record ${existing.id} is a ${existing.kind}; an update must keep --kind ${existing.kind}`);
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

;// CONCATENATED MODULE: ./src/coordination/post-command.ts
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
function post_command_parseCommandArgs(argv, options) {
    return parseFlags(argv, options, false).values;
}
const oneOfText = (values) => values.join("|");
const COORD_POST_OPTIONS = {
    kind: { type: "string", value: "K", description: `record kind (required): ${AGENT_POSTABLE_KINDS.join(", ")}` },
    summary: { type: "string", value: "S", description: "one line (required)" },
    detail: { type: "string", value: "D", description: "more text" },
    target: { type: "string", multiple: true, value: "ID", description: "addressee: an agent id, agent:<id> or capability:<name>" },
    priority: { type: "string", value: oneOfText(PRIORITIES), description: "priority" },
    blocking: { type: "string", value: "true|false", description: "whether the record blocks the wave until resolved" },
    status: { type: "string", value: "S", description: `status: ${COORDINATION_STATUSES.join(", ")}` },
    severity: { type: "string", value: "S", description: `blocker severity: ${BLOCKER_SEVERITIES.join(", ")}` },
    confidence: { type: "string", value: oneOfText(CONFIDENCES), description: "confidence" },
    artifact: { type: "string", multiple: true, value: "PATH", description: "a repository-relative file the record refers to" },
    "depends-on": { type: "string", multiple: true, value: "ID", description: "a record this one depends on" },
    id: { type: "string", value: "ID", description: "update this earlier record of yours instead of posting a new one" },
    lane: { type: "string", value: "NAME", description: "must be this agent's lane (accepted for compatibility)" },
    wave: { type: "string", value: "N", description: "must be this agent's wave (accepted for compatibility)" },
    agent: { type: "string", value: "ID", description: "must be this agent's id (accepted for compatibility)" },
    ...args/* HELP_OPTION */.E4,
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
    return runAgentCommand("wave coord post", io, async () => {
        const v = post_command_parseCommandArgs(argv, COORD_POST_OPTIONS);
        if (v.help) {
            io.stdout.write(renderCommandHelp(COORD_POST_HELP));
            return 0;
        }
        const channel = readAgentChannel(io.env);
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
        validateCoordPost(fields);
        const id = await requestId(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-post", token: channel.token, fields });
        io.stdout.write(`${id}\n`);
        return 0;
    });
}

;// CONCATENATED MODULE: ./src/coordination/inbox-command.ts
/**
 * `wave coord inbox`: an agent prints its current inbox — the coordination records addressed to
 * it, to its components or to its capabilities (inbox.ts) — as the orchestrator compiles it now.
 *
 * A thin client like `wave coord post`: it asks the orchestrator's control socket with the agent's
 * token; the orchestrator decides whose inbox it is (by the token) and reads the log itself, so
 * the agent never touches the run directory.
 */







const COORD_INBOX_OPTIONS = { ...args/* HELP_OPTION */.E4 };
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
    return runAgentCommand("wave coord inbox", io, async () => {
        const v = parseCommandArgs(argv, COORD_INBOX_OPTIONS);
        if (v.help) {
            io.stdout.write(renderCommandHelp(COORD_INBOX_HELP));
            return 0;
        }
        const channel = readAgentChannel(io.env);
        const response = await sendControlRequest(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-inbox", token: channel.token });
        if (!response.ok)
            throw new UserError(response.message, response.code === "internal" ? 1 : 2);
        const text = response.text ?? "";
        io.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`);
        return 0;
    });
}

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
        if (isOpenStatus(record.status))
            state.openRecords.push(record);
        push(state.recordsByAgentId, record.agentId, record);
        for (const target of new Set(record.targets.map(targetKey)))
            push(state.recordsByTarget, target, record);
    }
    return state;
}
/** Records that still block the wave (for the integration gate's `integration-contradiction-open`). */
function openBlockingRecords(state, options = {}) {
    return state.records.filter((record) => (options.hardOnly ? isHardBlocker(record) : blocksWave(record)) &&
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
const inbox_SUMMARY_CHARS = 200;
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
    const flags = [`age=${formatAge(now.getTime() - Date.parse(record.createdAt))}`];
    if (blocksWave(record))
        flags.push("blocking");
    const detail = record.detail.trim() === "" ? "" : ` — ${board_oneLine(record.detail, 400)}`;
    return (`- [${record.priority}] ${record.kind}/${record.status} from ${board_oneLine(record.agentId, 60)} ` +
        `[${flags.join(", ")}] id=${record.id}: ${board_oneLine(record.summary, 240)}${detail}`);
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
    const open = records.filter((r) => isOpenStatus(r.status));
    const done = records.filter((r) => !isOpenStatus(r.status));
    const head = [
        `# Inbox of ${board_oneLine(owner.agentId, 60)}`,
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
    const to = record.targets.length > 0 ? ` -> ${board_oneLine(record.targets.join(", "), 80)}` : "";
    return `- ${record.kind}/${record.status} ${board_oneLine(record.agentId, 40)}${to} id=${record.id}: ${board_oneLine(record.summary, inbox_SUMMARY_CHARS)}`;
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
    const open = (r) => isOpenStatus(r.status);
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

;// CONCATENATED MODULE: ./src/coordination/record.ts
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
    return `${prefix}-${compactStamp(now)}-${agent}-${(0,external_node_crypto_.randomBytes)(3).toString("hex")}`;
}
function formatIssues(error) {
    return error.issues
        .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
        .join("; ");
}
/** Validates the input and fills every default. Throws UserError naming the bad field. */
function createCoordinationRecord(input, now = new Date()) {
    const parsed = CoordinationInputSchema.safeParse(input);
    if (!parsed.success)
        throw new src_errors/* UserError */.yo(`invalid coordination record: ${formatIssues(parsed.error)}`);
    const v = parsed.data;
    const blocking = v.blocking ?? defaultBlocking(v.kind);
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
        status: v.status ?? schema_defaultStatus(v.kind),
        priority,
        confidence: v.confidence ?? "medium",
        blocking,
        blockerSeverity: v.blockerSeverity ?? defaultSeverity(v.kind, blocking, priority),
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

;// CONCATENATED MODULE: ./src/coordination/store.ts
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
    return external_node_path_default().join(runDir, COORDINATION_LOG_FILE);
}
/** Validates and appends one record. Throws UserError when the record is invalid or too large. */
async function appendCoordinationRecord(logPath, record) {
    const parsed = CoordinationRecordSchema.safeParse(record);
    if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new src_errors/* UserError */.yo(`invalid coordination record${first ? ` (${first.path.map(String).join(".") || "record"}: ${first.message})` : ""}`);
    }
    const line = JSON.stringify(parsed.data);
    const size = Buffer.byteLength(line, "utf8");
    if (size > MAX_LINE_BYTES) {
        throw new src_errors/* UserError */.yo(`coordination record ${record.id} is ${size} bytes; the limit is ${MAX_LINE_BYTES}`);
    }
    await (0,promises_.mkdir)(external_node_path_default().dirname(logPath), { recursive: true });
    await appendLine(logPath, line);
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
    const parsed = CoordinationRecordSchema.safeParse(value);
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
    const stream = (0,external_node_fs_.createReadStream)(logPath, { highWaterMark: 64 * 1024 });
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

;// CONCATENATED MODULE: ./src/coordination/index.ts
/** Public surface of the coordination log (records, store, state, board, agent commands). */











// EXTERNAL MODULE: ./src/state/files.ts
var files = __webpack_require__(60766);
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
const context7_MAX_RESPONSE_BYTES = 512 * 1024;
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
        if (size > context7_MAX_RESPONSE_BYTES) {
            await reader.cancel();
            break;
        }
    }
    return Buffer.concat(chunks).toString("utf8").slice(0, context7_MAX_RESPONSE_BYTES);
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
        await (0,files/* writeJsonAtomic */.ZJ)(file, { fetchedAt: options.now().toISOString(), libraryId: id, query, text: labelled }).catch(() => undefined);
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

// EXTERNAL MODULE: ./src/security/redact.ts + 6 modules
var redact = __webpack_require__(26767);
// EXTERNAL MODULE: ./src/agent-user/boundary.ts + 2 modules
var agent_user_boundary = __webpack_require__(90300);
// EXTERNAL MODULE: ./src/agent-user/choice.ts
var choice = __webpack_require__(65984);
// EXTERNAL MODULE: ./src/agent-user/access.ts
var access = __webpack_require__(71229);
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
    if (out[0] && external_node_path_default().isAbsolute(out[0]) && !(0,access/* canAccessAs */.JZ)(identity, out[0], "execute"))
        out[0] = "node";
    const index = out.findIndex((a, i) => i > 0 && external_node_path_default().isAbsolute(a) && SCRIPT.test(a));
    if (index > 0 && !(0,access/* canAccessAs */.JZ)(identity, out[index], "read")) {
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

;// CONCATENATED MODULE: ./src/executors/system-prompt.ts
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
function common_unique(values) {
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
    return common_unique(values ?? []).flatMap((value) => [flag, value]);
}
/** `[flag, value]` when the value is set, else nothing. */
function optional(flag, value) {
    return value === null || value === undefined || value === "" ? [] : [flag, String(value)];
}
/** The harness system prompt: the one the caller composed, else our default text. */
function harnessSystemPrompt(ctx) {
    const text = ctx.systemPrompt.trim() === "" ? systemPromptText(ctx) : ctx.systemPrompt;
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

;// CONCATENATED MODULE: ./src/executors/json-merge.ts
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
    if (!isJsonObject(parsed)) {
        throw new src_errors/* UserError */.yo(`agent ${ctx.agent.agentId}: claude.settings file ${settingsPath} must hold a JSON object`);
    }
    return parsed;
}
function claudeSettingsPlan(ctx) {
    const claude = ctx.executor.claude;
    const urls = common_unique(claude.allowedHttpHookUrls ?? []);
    const inline = claude.settingsJson !== undefined || claude.hooksJson !== undefined || urls.length > 0;
    if (!inline)
        return { argv: claude.settings ? ["--settings", claude.settings] : [], file: null };
    const base = claude.settings ? readBaseSettings(ctx, claude.settings) : {};
    const baseUrls = Array.isArray(base.allowedHttpHookUrls)
        ? base.allowedHttpHookUrls.filter((u) => typeof u === "string")
        : [];
    const merged = deepMerge(base, claude.settingsJson, claude.hooksJson !== undefined ? { hooks: claude.hooksJson } : null, urls.length > 0 ? { allowedHttpHookUrls: common_unique([...baseUrls, ...urls]) } : null);
    const file = {
        path: overlayPath(ctx, CLAUDE_SETTINGS_FILE),
        content: `${JSON.stringify(merged, null, 2)}\n`,
        sensitive: true,
    };
    return { argv: ["--settings", file.path], file };
}

// EXTERNAL MODULE: ./src/sessions/ids.ts
var ids = __webpack_require__(38915);
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
        path: overlayPath(ctx, CLAUDE_SYSTEM_PROMPT_FILE),
        content: [harnessSystemPrompt(ctx), skillsPromptText(ctx)].filter((t) => t !== "").join("\n"),
    };
    const settings = claudeSettingsPlan(ctx);
    const session = (0,ids/* sessionRequestOf */.jJ)(ctx.session);
    const argv = [
        ...programArgv(claude.command, "claude"),
        "-p",
        "--output-format",
        claude.outputFormat,
        ...(claude.outputFormat === "stream-json" ? ["--verbose"] : []),
        ...optional("--model", ctx.executor.model),
        ...optional("--agent", claude.agent),
        ...optional("--permission-mode", claude.permissionMode),
        ...optional("--permission-prompt-tool", claude.permissionPromptTool),
        ...optional("--effort", claude.effort),
        ...optional("--max-turns", claude.maxTurns),
        // The agent's own budget.usd: Claude Code stops itself there too (the orchestrator watches either way).
        ...optional("--max-budget-usd", ctx.executor.budget.usd),
        ...repeated("--mcp-config", claude.mcpConfig),
        ...(claude.strictMcpConfig === true ? ["--strict-mcp-config"] : []),
        ...settings.argv,
        ...repeated("--allowedTools", claude.allowedTools),
        ...repeated("--disallowedTools", claude.disallowedTools),
        claude.appendSystemPromptMode === "replace" ? "--system-prompt-file" : "--append-system-prompt-file",
        systemPrompt.path,
        ...(session.persist ? [] : ["--no-session-persistence"]),
        ...(session.resumeId !== null ? ["--resume", session.resumeId] : optional("--session-id", session.newId)),
    ];
    return {
        ...baseSpec(ctx),
        argv,
        stdin: ctx.prompt,
        env: { DISABLE_AUTOUPDATER: "1" },
        secretEnvKeys: [...CLAUDE_SECRET_ENV_KEYS],
        passEnvKeys: [...CLAUDE_PASS_ENV_KEYS],
        files: [systemPrompt, ...(settings.file ? [settings.file] : []), ...skillFiles(ctx)],
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
    const lastMessagePath = overlayPath(ctx, CODEX_LAST_MESSAGE_FILE);
    const config = common_unique(codex.config ?? []);
    if (codex.search === true)
        config.push(CODEX_LIVE_SEARCH_CONFIG);
    const session = (0,ids/* sessionRequestOf */.jJ)(ctx.session);
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
        ...programArgv(codex.command, "codex"),
        "exec",
        "--skip-git-repo-check",
        "--sandbox",
        codex.sandbox,
        ...optional("--model", ctx.executor.model),
        ...optional("--profile", codex.profileName),
        ...config.flatMap((kv) => ["-c", kv]),
        ...(resumeId === null ? repeated("--image", codex.images) : []),
        ...repeated("--add-dir", [...(codex.addDirs ?? []), ...(skillsDir(ctx) ? [skillsDir(ctx)] : [])]),
        "--json",
        "--output-last-message",
        lastMessagePath,
        ...(codex.ephemeral === true || !session.persist ? ["--ephemeral"] : []),
        ...(resumeId === null ? [] : ["resume", resumeId]),
        "-",
    ];
    const base = baseSpec(ctx);
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
        files: skillFiles(ctx),
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
        ...baseSpec(ctx),
        argv: [...argv],
        stdin: ctx.prompt,
        env: {},
        secretEnvKeys: [],
        files: [],
        rateLimitRetries: false,
        lastMessagePath: null,
    };
}

;// CONCATENATED MODULE: ./src/executors/local/task.ts
/**
 * The task file of the built-in `local` agent (`<overlay>/local-task.json`): everything it needs to
 * create its deliverables and print its role's markers, so it never parses a prompt.
 */



const LOCAL_TASK_FILE = "local-task.json";
/** Level printed for a component whose wave target is unknown. */
const DEFAULT_COMPONENT_LEVEL = "repo-landed";
const task_LocalTaskSchema = schemas/* object */.Ikc({
    version: schemas/* literal */.euz(1),
    lane: schemas/* string */.YjP(),
    wave: schemas/* number */.aig().int().nonnegative(),
    agentId: schemas/* string */.YjP().min(1),
    title: schemas/* string */.YjP(),
    role: schema/* AgentRoleSchema */.Dn,
    /** Absolute repository root; every path below is relative to it. */
    root: schemas/* string */.YjP().min(1),
    deliverables: schemas/* array */.YOg(schemas/* string */.YjP()),
    proofArtifacts: schemas/* array */.YOg(schemas/* string */.YjP()),
    ownedPaths: schemas/* array */.YOg(schemas/* string */.YjP()),
    components: schemas/* array */.YOg(schemas/* object */.Ikc({ id: schemas/* string */.YjP().min(1), level: schemas/* string */.YjP().min(1) })),
    exitContract: schema/* ExitContractSchema */.KS.nullable(),
    /** Whether the agent also owns implementation work (prints proof / doc-delta / component markers). */
    implementationOwning: schemas/* boolean */.zMY(),
    /** The report (or design packet) its role writes, or null. */
    reportPath: schemas/* string */.YjP().nullable(),
    evalTargets: schemas/* array */.YOg(schemas/* object */.Ikc({ id: schemas/* string */.YjP().min(1), benchmarks: schemas/* array */.YOg(schemas/* string */.YjP()) })),
    markerNonce: schemas/* string */.YjP().nullable(),
});
const IMPLEMENTATION_ROLES = ["implementation", "infra", "deploy", "research"];
function derivedReportPath(ctx) {
    switch (ctx.role) {
        case "cont-qa":
            return (0,wave_roles/* contQaReportPath */.Cl)(ctx.agent);
        case "cont-eval":
            return (0,wave_roles/* contEvalReportPath */.Yg)(ctx.agent);
        case "security":
            return (0,wave_roles/* securityReportPath */.yh)(ctx.agent);
        case "design":
            return (0,wave_roles/* designPacketPath */.ob)(ctx.agent);
        default:
            return null;
    }
}
function implementationOwning(ctx) {
    if (IMPLEMENTATION_ROLES.includes(ctx.role))
        return true;
    if (ctx.role === "cont-eval")
        return ctx.agent.ownedPaths.some((p) => !(0,wave_roles/* isContEvalReportPath */.ES)(p));
    if (ctx.role === "design")
        return ctx.agent.ownedPaths.some((p) => !(0,wave_roles/* isDesignPacketPath */.cR)(p));
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
    const taskPath = overlayPath(ctx, LOCAL_TASK_FILE);
    const task = buildLocalTask(ctx);
    return {
        ...baseSpec(ctx),
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

;// CONCATENATED MODULE: ./src/executors/provider-keys.ts
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

;// CONCATENATED MODULE: ./src/executors/opencode.ts
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
    const agentEntry = deepMerge(ownAgent
        ? {
            description: `Wave agent ${ctx.agent.agentId}: ${ctx.agent.title}`,
            mode: "primary",
            prompt: `{file:./${OPENCODE_AGENT_PROMPT_FILE}}`,
        }
        : null, ctx.executor.model ? { model: ctx.executor.model } : null, opencode.steps !== undefined ? { steps: opencode.steps } : null, opencode.permission !== undefined ? { permission: opencode.permission } : null);
    const instructions = common_unique([
        ...stringList(userConfig.instructions),
        ...(opencode.instructions ?? []),
        ...(ownAgent ? [] : [promptFilePath]),
        ...skillFiles(ctx).map((f) => f.path),
    ]);
    return deepMerge(userConfig, {
        $schema: CONFIG_SCHEMA_URL,
        ...(instructions.length > 0 ? { instructions } : {}),
        agent: { [openCodeAgentName(ctx)]: agentEntry },
    });
}
function buildOpenCodeLaunchSpec(ctx) {
    const opencode = ctx.executor.opencode;
    const promptFile = {
        path: overlayPath(ctx, OPENCODE_AGENT_PROMPT_FILE),
        content: harnessSystemPrompt(ctx),
    };
    const configPath = overlayPath(ctx, OPENCODE_CONFIG_FILE);
    const config = openCodeConfig(ctx, promptFile.path);
    const configFile = {
        path: configPath,
        content: `${JSON.stringify(config, null, 2)}\n`,
        ...(opencode.configJson !== undefined ? { sensitive: true } : {}),
    };
    const configModel = typeof opencode.configJson?.model === "string" ? opencode.configJson.model : null;
    const provider = providerEnvKeys(ctx.executor.model ?? configModel);
    const argv = [
        ...programArgv(opencode.command, "opencode"),
        "run",
        "--agent",
        openCodeAgentName(ctx),
        ...optional("--model", ctx.executor.model),
        "--format",
        "json",
        ...optional("--attach", opencode.attach),
        ...repeated("--file", opencode.files),
        "--title",
        `wave-${ctx.agent.agentId}`,
    ];
    return {
        ...baseSpec(ctx),
        argv,
        stdin: ctx.prompt,
        env: { OPENCODE_CONFIG: configPath, OPENCODE_DISABLE_AUTOUPDATE: "1" },
        secretEnvKeys: common_unique([...(opencode.envKeys ?? []), ...provider.secret]),
        passEnvKeys: provider.plain,
        files: [promptFile, configFile, ...skillFiles(ctx)],
        rateLimitRetries: true,
        lastMessagePath: null,
        transcript: "opencode-json",
    };
}

// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(58500);
;// CONCATENATED MODULE: ./src/executors/local/files.ts
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
    const ext = external_node_path_default().extname(relPath).toLowerCase();
    const by = `the Wave local agent (agent ${task.agentId}, wave ${task.wave})`;
    const isReport = relPath === task.reportPath;
    if (isReport && task.role === "cont-qa" && (MARKDOWN_EXTENSIONS.has(ext) || ext === ".txt")) {
        return `# cont-QA review: wave ${task.wave}\n\nWritten by ${by}, which reviews nothing: a dry-run placeholder.\n\nVerdict: PASS\n`;
    }
    if (MARKDOWN_EXTENSIONS.has(ext)) {
        return `# ${external_node_path_default().basename(relPath)}\n\nPlaceholder written by ${by}.\n`;
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
    const rel = path.relative(root, abs);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}
function withinRoot(realRoot, realDir) {
    return realDir === realRoot || inside(realRoot, realDir);
}
/** realpath of the closest ancestor of `dir` (itself included) that exists. */
async function realExistingAncestor(dir) {
    let current = dir;
    for (;;) {
        try {
            return await fs.realpath(current);
        }
        catch (error) {
            const up = path.dirname(current);
            if (error.code !== "ENOENT" || up === current)
                throw error;
            current = up;
        }
    }
}
async function ensureOne(task, realRoot, relPath) {
    if (path.isAbsolute(relPath))
        return { path: relPath, action: "refused", reason: "absolute path" };
    const abs = path.resolve(task.root, relPath);
    if (!inside(path.resolve(task.root), abs))
        return { path: relPath, action: "refused", reason: "outside the repository" };
    const parent = path.dirname(abs);
    const escaped = { path: relPath, action: "refused", reason: "its directory resolves outside the repository" };
    if (!withinRoot(realRoot, await realExistingAncestor(parent)))
        return escaped;
    await fs.mkdir(parent, { recursive: true });
    if (!withinRoot(realRoot, await fs.realpath(parent)))
        return escaped;
    let handle;
    try {
        handle = await fs.open(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
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
async function files_ensureDeliverables(task) {
    const realRoot = await fs.realpath(task.root);
    const outcomes = [];
    for (const relPath of plannedFiles(task))
        outcomes.push(await ensureOne(task, realRoot, relPath));
    return outcomes;
}

;// CONCATENATED MODULE: ./src/executors/local/agent.ts
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
    const text = await readFile(taskPath, "utf8");
    const parsed = LocalTaskSchema.safeParse(JSON.parse(text));
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
        io.stderr.write(`wave local agent: error: ${errorMessage(error)}\n`);
        return 2;
    }
    const delay = sleepMs(io.env);
    if (delay > 0)
        await sleep(delay);
    if (failRequested(io.env, task.agentId)) {
        io.stderr.write(`wave local agent: ${task.agentId} fails on request (WAVE_LOCAL_FAIL)\n`);
        return 1;
    }
    io.stdout.write(`wave local agent: ${task.agentId} (${task.role}), wave ${task.wave}, lane ${task.lane}\n`);
    let refused = 0;
    try {
        for (const outcome of await ensureDeliverables(task)) {
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
        io.stderr.write(`wave local agent: error: ${errorMessage(error)}\n`);
        return 1;
    }
    if (refused > 0)
        return 1;
    for (const line of markersFor(task))
        io.stdout.write(`${line}\n`);
    return 0;
}

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

;// CONCATENATED MODULE: ./src/executors/index.ts
/**
 * Executors: pure builders from an agent's resolved executor to a LaunchSpec (argv, env names,
 * stdin, overlay files). Nothing here spawns a process.
 */





const EXECUTOR_BUILDERS = {
    codex: buildCodexLaunchSpec,
    claude: buildClaudeLaunchSpec,
    opencode: buildOpenCodeLaunchSpec,
    local: buildLocalLaunchSpec,
    command: buildCommandLaunchSpec,
};
function buildLaunchSpec(ctx) {
    return EXECUTOR_BUILDERS[ctx.executor.id](ctx);
}












;// CONCATENATED MODULE: ./src/feedback/answers.ts
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
const StoredAnswerSchema = schemas/* object */.Ikc({
    agentId: schemas/* string */.YjP().min(1).max(200),
    question: schemas/* string */.YjP().min(1).max(8000),
    answer: schemas/* string */.YjP().max(MAX_ANSWER_CHARS),
    answeredAt: schemas/* string */.YjP(),
    answeredBy: schemas/* string */.YjP().nullable(),
    /** The feedback request the answer was given to. */
    requestId: schemas/* string */.YjP().nullable(),
});
const AnswersFileSchema = schemas/* object */.Ikc({
    schemaVersion: schemas/* literal */.euz(1),
    kind: schemas/* literal */.euz("feedback-answers"),
    answers: schemas/* array */.YOg(schemas/* unknown */.L5J()),
});
/** The file of the store in a wave or run directory. */
function answersFileOf(dir) {
    return external_node_path_default().join(dir, ANSWERS_FILE);
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
            text = await (0,promises_.readFile)(file, "utf8");
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
        await writeJsonAtomic(answersFileOf(dir), { schemaVersion: 1, kind: "feedback-answers", answers });
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

;// CONCATENATED MODULE: ./src/feedback/requests.ts
/**
 * Human feedback requests: one JSON file per question in `<runDir>/feedback/<id>.json`, written
 * atomically. A pending request makes the wave end `blocked`; the answer arrives with the next
 * (resumed) run. Answers are also kept per question in the answer store (answers.ts): a question
 * the same agent asks again is answered at once from it and does not block the wave.
 */










const MAX_QUESTION_CHARS = 4000;
const FEEDBACK_DIR = "feedback";
const FeedbackRequestSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP().regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/),
    lane: schemas/* string */.YjP().optional(),
    wave: schemas/* number */.aig().int().nonnegative().optional(),
    attempt: schemas/* number */.aig().int().positive().nullable().optional(),
    agentId: schemas/* string */.YjP().min(1),
    question: schemas/* string */.YjP().min(1),
    context: schemas/* string */.YjP().nullable(),
    askedAt: schemas/* string */.YjP(),
    status: schemas/* enum */.k5n(["pending", "answered"]),
    answer: schemas/* string */.YjP().nullable(),
    answeredAt: schemas/* string */.YjP().nullable().optional(),
    answeredBy: schemas/* string */.YjP().nullable().optional(),
});
function feedbackDir(runDir) {
    return external_node_path_default().join(runDir, FEEDBACK_DIR);
}
const FEEDBACK_ASK_USAGE = "usage: wave feedback ask [--question] Q [--context C] [--wait [--timeout-minutes M]]\n";
/**
 * Checks a question and its context (the `wave feedback ask` command before it sends, the control
 * server before it records). Returns the trimmed question and the context (null when blank).
 */
function validateFeedbackAsk(questionText, contextText) {
    const question = (questionText ?? "").trim();
    if (question === "")
        throw new src_errors/* UserError */.yo(`--question is required and must not be empty\n${FEEDBACK_ASK_USAGE}`);
    if (question.length > MAX_QUESTION_CHARS) {
        throw new src_errors/* UserError */.yo(`--question is ${question.length} characters; the limit is ${MAX_QUESTION_CHARS}`);
    }
    const context = contextText?.trim() ? contextText : null;
    if (context !== null && context.length > MAX_DETAIL_CHARS) {
        throw new src_errors/* UserError */.yo(`--context is ${context.length} characters; the limit is ${MAX_DETAIL_CHARS}`);
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
        id: newRecordId("feedback", input.agentId, now),
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
    await writeJsonAtomic(external_node_path_default().join(feedbackDir(input.runDir), `${request.id}.json`), request);
    const record = createCoordinationRecord({
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
        summary: board_oneLine(question, MAX_SUMMARY_CHARS),
        detail: (context ? `${question}\n\n${context}` : question).slice(0, MAX_DETAIL_CHARS),
    }, now);
    await appendCoordinationRecord(coordinationLogPath(input.runDir), record);
    if (known)
        await appendCoordinationRecord(coordinationLogPath(input.runDir), resolvedRecord(request, known.answer, now));
    return request;
}
/** Pending requests of a run directory, oldest first. A missing directory means none. */
async function readFeedbackRequests(runDir, options = {}) {
    const dir = feedbackDir(runDir);
    let names;
    try {
        names = await (0,promises_.readdir)(dir);
    }
    catch (error) {
        if (error.code === "ENOENT")
            return [];
        throw error;
    }
    const out = [];
    for (const name of names.filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort()) {
        const file = external_node_path_default().join(dir, name);
        try {
            const parsed = FeedbackRequestSchema.safeParse(JSON.parse(await (0,promises_.readFile)(file, "utf8")));
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
    return createCoordinationRecord({
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
        summary: board_oneLine(`answered: ${request.question}`, MAX_SUMMARY_CHARS),
        detail: answer.slice(0, MAX_DETAIL_CHARS),
    }, now);
}
/**
 * Copies a request another run directory holds into this run's (e.g. the open question of a run
 * whose resume was refused), so it can be answered here. Returns the copy.
 */
async function carryFeedbackRequest(runDir, request) {
    const copy = FeedbackRequestSchema.parse(request);
    await writeJsonAtomic(external_node_path_default().join(feedbackDir(runDir), `${copy.id}.json`), copy);
    return copy;
}
/**
 * Records a human answer: rewrites the request file (status answered), appends the resolved
 * `human-feedback` record with the same id, and keeps the answer in the answer store of the run
 * directory (and of `storeIn`). Returns the updated request.
 */
async function answerFeedbackRequest(input) {
    const now = input.now ?? new Date();
    const file = external_node_path_default().join(feedbackDir(input.runDir), `${input.id}.json`);
    if (!FeedbackRequestSchema.shape.id.safeParse(input.id).success) {
        throw new src_errors/* UserError */.yo(`feedback id ${JSON.stringify(input.id)} is not valid`);
    }
    let current;
    try {
        current = FeedbackRequestSchema.parse(JSON.parse(await (0,promises_.readFile)(file, "utf8")));
    }
    catch (error) {
        throw new src_errors/* UserError */.yo(`feedback request ${input.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const updated = {
        ...current,
        status: "answered",
        answer: input.answer,
        answeredAt: now.toISOString(),
        answeredBy: input.answeredBy ?? null,
    };
    await writeJsonAtomic(file, updated);
    await appendCoordinationRecord(coordinationLogPath(input.runDir), resolvedRecord(current, input.answer, now));
    // An answer too long to keep is still given to this run; it is just not remembered.
    if (input.answer.length > MAX_ANSWER_CHARS)
        return updated;
    await storeAnswer([input.runDir, ...(input.storeIn ?? [])], {
        agentId: current.agentId,
        question: current.question,
        answer: input.answer,
        answeredAt: updated.answeredAt ?? now.toISOString(),
        answeredBy: updated.answeredBy ?? null,
        requestId: current.id,
    });
    return updated;
}

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
function compose_list(items, empty = "none") {
    return items.length === 0 ? `- ${empty}` : items.map((i) => `- ${i}`).join("\n");
}
function compose_section(title, body) {
    return `## ${title}\n\n${body.trim()}\n`;
}
function composePrompt(input) {
    const { wave, agent, role, roles, lane } = input;
    const parts = [];
    parts.push(`# Wave ${wave.wave} / Agent ${agent.agentId}: ${agent.title}\n\n` +
        `You are agent ${agent.agentId} ("${agent.title}") in wave ${wave.wave} of lane ${lane}, role: ${role}, executor: ${input.executorId}.\n` +
        "Work in the repository in your current directory. Other agents work in parallel on files they own; change only the files you own.\n" +
        "Do not commit, and do not switch branches: leave your changes uncommitted in the work tree, where the orchestrator records them.\n");
    parts.push(compose_section("Wave roles", [
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
    details.push(`Files you own:\n${compose_list(owned)}`);
    details.push(`Deliverables you must leave on disk:\n${compose_list(agent.deliverables)}`);
    if (agent.proofArtifacts.length > 0) {
        details.push(`Proof artifacts:\n${compose_list(agent.proofArtifacts.map((p) => `${p.path}${p.kind ? ` (${p.kind})` : ""}${p.requiredFor.length ? ` required for ${p.requiredFor.join(", ")}` : ""}`))}`);
    }
    if (agent.components.length > 0) {
        details.push(`Components you own:\n${compose_list(agent.components.map((c) => `${c} → ${agent.componentTargets[c] ?? "no target"}`))}`);
    }
    if (wave.componentPromotions.length > 0) {
        details.push(`Component promotions of this wave:\n${compose_list(wave.componentPromotions.map((p) => `${p.componentId}: ${p.targetLevel}`))}`);
    }
    if (wave.evalTargets.length > 0 && (role === "cont-eval" || role === "cont-qa")) {
        details.push(`Eval targets:\n${compose_list(wave.evalTargets.map((t) => `${t.id} (${t.selection}${t.benchmarks.length ? `: ${t.benchmarks.join(", ")}` : t.benchmarkFamily ? `: family ${t.benchmarkFamily}` : ""}) — ${t.objective}; threshold ${t.threshold}`))}`);
    }
    if (wave.deployEnvironments.length > 0) {
        details.push(`Deploy environments:\n${compose_list(wave.deployEnvironments.map((d) => `${d.id}: ${d.kind}${d.isDefault ? " (default)" : ""}`))}`);
    }
    if (input.reportPath)
        details.push(`Your report file: ${input.reportPath}`);
    parts.push(compose_section("Your assignment in this wave", details.join("\n\n")));
    parts.push(compose_section("Markers you must print", `The orchestrator decides whether the wave passes from structured marker lines in your own output. Print these at the end of your work:\n\n${markerInstructions({ agent, role, wave, nonce: input.nonceRequired ? "$WAVE_MARKER_NONCE" : null, reportPath: input.reportPath })}`));
    parts.push(compose_section("Coordinating with other agents and humans", [
        "Post to the wave's coordination log (read by the closure agents) with:",
        '`wave coord post --kind <request|ack|claim|evidence|decision|blocker|handoff> --summary "<one line>" [--detail "<text>"] [--target <agent id>]`',
        "Address a request to whoever owns a component with `--target component:<id>`, or to whoever has a capability with `--target capability:<name>` (a helper assignment).",
        "Read what other agents addressed to you, as it is now, with `wave coord inbox` (your inbox at launch is below); answer open requests before you finish.",
        'If you cannot continue without a human decision, run `wave feedback ask --question "<question>"`, then stop: the wave ends blocked and your question reaches a human; the answer comes back in your prompt when the wave is resumed.',
        "Your environment tells you where you are: WAVE_LANE, WAVE_WAVE, WAVE_AGENT_ID, WAVE_ROLE, WAVE_ATTEMPT, WAVE_PROMPT_FILE, WAVE_ROOT. Use only these `wave` commands to reach the orchestrator (they carry your WAVE_AGENT_TOKEN to it); the run's state directory is the orchestrator's, not yours to read or write.",
    ].join("\n")));
    if (input.closureContext) {
        parts.push(compose_section("Implementation summaries", input.closureContext.implementationSummaries || "none"));
        parts.push(compose_section("Message board", fence(input.closureContext.messageBoard || "(empty)")));
    }
    if (input.coordinationContext) {
        if (input.coordinationContext.sharedSummary) {
            parts.push(compose_section("Wave coordination summary at launch", fence(input.coordinationContext.sharedSummary)));
        }
        parts.push(compose_section("Your inbox at launch", fence(input.coordinationContext.inbox || "(empty)")));
    }
    for (const skill of input.skills) {
        parts.push(compose_section(`Skill: ${skill.title}`, fence(skill.text)));
    }
    if (input.context7) {
        parts.push(compose_section("Library documentation (Context7)", `Fetched for this wave's Context7 selection. Non-canonical reference material: the repository and your assignment win where they differ.\n\n${fence(input.context7)}`));
    }
    if (input.feedback) {
        parts.push(compose_section("Answer from a human", `You asked: ${input.feedback.question}\n\nThe answer:\n${fence(input.feedback.answer)}`));
    }
    if (input.retryNote)
        parts.push(compose_section("What failed in the previous attempt", input.retryNote));
    parts.push(compose_section("Your assignment", fence(agent.prompt)));
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

// EXTERNAL MODULE: ./src/state/paths.ts
var state_paths = __webpack_require__(65013);
// EXTERNAL MODULE: ./src/state/progress.ts
var state_progress = __webpack_require__(6498);
// EXTERNAL MODULE: ./src/state/schema.ts
var state_schema = __webpack_require__(76858);
;// CONCATENATED MODULE: ./src/resume/local.ts
/**
 * Finding and reading an earlier run directory of the same lane and wave, and turning what it
 * recorded into the planner's prior state. A foreign or corrupt state is refused with a message.
 * `resume auto` picks only attempt directories this orchestrator wrote: real directories of its
 * own user whose journals agree with their name, so a directory planted in the state directory
 * (by an agent running as another user, or by a link) is never taken for an earlier run.
 */










/** Attempt numbers of the run directories under a wave directory, ascending. */
async function listAttempts(waveDir) {
    let names;
    try {
        names = await external_node_fs_.promises.readdir(waveDir);
    }
    catch {
        return [];
    }
    return names
        .map((n) => /^attempt-(\d+)$/.exec(n)?.[1])
        .filter((n) => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
}
async function nextAttempt(waveDir, floor = 0) {
    const attempts = await listAttempts(waveDir);
    return Math.max(floor, attempts.at(-1) ?? 0) + 1;
}
/**
 * The latest attempt of `waveDir` when it was a dry run (its progress journal says so), else null.
 * A dry run is a preview: the next run takes its number and its directory, so previews do not use
 * up attempt numbers.
 */
async function trailingDryRun(waveDir) {
    const latest = (await listAttempts(waveDir)).at(-1);
    if (latest === undefined)
        return null;
    const r = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(waveDir, `attempt-${latest}`, "progress.json"), state_progress/* ProgressSchema */.$L, "progress journal");
    return r.ok && r.value.status === "dry-run" ? latest : null;
}
/** Reads a run directory as a prior state; throws UserError when it is foreign or corrupt. */
async function readPriorRun(runDir, options) {
    const paths = (0,state_paths/* runPathsOf */.pf)(runDir, 1);
    const r = await (0,files/* readJsonChecked */.m8)(paths.progress, state_progress/* ProgressSchema */.$L, "progress journal");
    if (!r.ok)
        throw new src_errors/* UserError */.yo(`cannot resume from ${runDir}: ${r.message}`);
    const progress = r.value;
    if (progress.lane !== options.lane || progress.wave !== options.wave) {
        throw new src_errors/* UserError */.yo(`cannot resume from ${runDir}: it holds lane ${progress.lane} wave ${progress.wave}, not lane ${options.lane} wave ${options.wave}`);
    }
    if (options.repository && progress.repository && options.repository !== progress.repository) {
        throw new src_errors/* UserError */.yo(`cannot resume from ${runDir}: it belongs to repository ${progress.repository}, not ${options.repository}`);
    }
    if (!options.force && progress.waveFingerprint !== options.waveFingerprint) {
        throw new src_errors/* UserError */.yo(`cannot resume from ${runDir}: ${progress.waveFile} changed since that run (pass --force-resume to resume anyway)`);
    }
    const summaries = {};
    const agents = {};
    const notes = [];
    for (const [id, a] of Object.entries(progress.agents)) {
        agents[id] = { status: a.status, fingerprint: a.fingerprint };
        if (a.status !== "succeeded" && a.status !== "reused")
            continue;
        const s = await (0,files/* readJsonChecked */.m8)((0,state_paths/* agentPaths */.SR)(paths, id).summary, ExecutionSummarySchema, "execution summary");
        if (s.ok)
            summaries[id] = s.value;
        else {
            agents[id] = { status: "failed", fingerprint: a.fingerprint };
            notes.push(`agent ${id} runs again: ${s.message}`);
        }
    }
    const implicated = [...new Set(progress.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId))];
    const pending = await feedbackAgent(runDir, progress.status === "blocked");
    return {
        runDir,
        progress,
        summaries,
        notes,
        prior: { agents, passedStages: progress.passedStages, implicated, feedbackAgentId: pending },
    };
}
/**
 * The agent that must run again with a human's answer: the one whose question is still pending,
 * or, for a run that ended blocked, the one whose question was answered since (`wave feedback
 * answer` after the run ended): its earlier result was given without the answer.
 */
async function feedbackAgent(runDir, blocked) {
    const pending = await readFeedbackRequests(runDir);
    if (pending[0])
        return pending[0].agentId;
    if (!blocked)
        return null;
    return (await readFeedbackRequests(runDir, { includeAnswered: true })).at(-1)?.agentId ?? null;
}
/** Users whose attempt directories may be resumed: this process's, and the one it was elevated from. */
function trustedOwners() {
    const own = process.getuid?.();
    if (own === undefined)
        return [];
    const from = (0,elevate.elevatedFromUser)()?.uid;
    return from === undefined || from === own ? [own] : [own, from];
}
/** A journal file of an attempt directory: absent, a regular file of a trusted owner, or refused. */
async function journalEntry(file, owners) {
    let st;
    try {
        st = await external_node_fs_.promises.lstat(file);
    }
    catch {
        return { kind: "missing" };
    }
    if (!st.isFile())
        return { kind: "bad", message: `${external_node_path_default().basename(file)} is not a regular file` };
    if (owners.length > 0 && !owners.includes(st.uid)) {
        return { kind: "bad", message: `${external_node_path_default().basename(file)} belongs to uid ${st.uid}, not to the user running waves` };
    }
    return { kind: "file" };
}
/**
 * Whether an attempt directory is one this orchestrator wrote for `expect` and attempt `a`: a real
 * directory (not a symbolic link) owned by a trusted user, whose progress.json and result.json
 * (when present; a killed run has none) are regular files of a trusted owner that record the same
 * lane, wave and attempt (a result.json that cannot be read records nothing). Returns the reason
 * it is not, or null; `missing` when it holds no journal (nothing worth a warning).
 */
async function attemptProblem(dir, a, owners, expect) {
    const st = await external_node_fs_.promises.lstat(dir).catch(() => null);
    if (!st)
        return { message: "it disappeared", missing: true };
    if (st.isSymbolicLink())
        return { message: "it is a symbolic link, not a directory this orchestrator made", missing: false };
    if (!st.isDirectory())
        return { message: "it is not a directory", missing: false };
    if (owners.length > 0 && !owners.includes(st.uid)) {
        return { message: `it belongs to uid ${st.uid}, not to the user running waves`, missing: false };
    }
    const records = [];
    const progressFile = external_node_path_default().join(dir, "progress.json");
    const progressEntry = await journalEntry(progressFile, owners);
    if (progressEntry.kind === "missing")
        return { message: "it has no progress journal", missing: true };
    if (progressEntry.kind === "bad")
        return { message: progressEntry.message, missing: false };
    const progress = await (0,files/* readJsonChecked */.m8)(progressFile, state_progress/* ProgressSchema */.$L, "progress journal");
    if (!progress.ok)
        return { message: progress.message, missing: progress.missing };
    records.push({ label: "progress.json", ...progress.value });
    const resultFile = external_node_path_default().join(dir, "result.json");
    const resultEntry = await journalEntry(resultFile, owners);
    if (resultEntry.kind === "bad")
        return { message: resultEntry.message, missing: false };
    if (resultEntry.kind === "file") {
        // An unreadable result.json says nothing (the journal is what resume relies on); a readable
        // one must say the same as the journal and the directory's name.
        const result = await (0,files/* readJsonChecked */.m8)(resultFile, state_schema/* WaveResultSchema */.Sn, "result");
        if (result.ok)
            records.push({ label: "result.json", ...result.value });
    }
    for (const r of records) {
        if (r.attempt !== a || r.lane !== expect.lane || r.wave !== expect.wave) {
            return {
                message: `its ${r.label} records lane ${r.lane} wave ${r.wave} attempt ${r.attempt}, not lane ${expect.lane} wave ${expect.wave} attempt ${a}`,
                missing: false,
            };
        }
    }
    return null;
}
/**
 * The newest earlier run directory of this wave that this orchestrator wrote (see attemptProblem)
 * and whose progress journal records at least one agent (dry runs and runs stopped before launch
 * are passed over). Newer directories that exist but are refused — planted, symbolic links, owned
 * by another user, disagreeing with their name, or with a journal that cannot be read — are
 * reported through `onSkip`.
 */
async function findLatestRun(waveDir, before, onSkip, options = {}) {
    const owners = options.owners ?? trustedOwners();
    const expect = options.expect ?? {
        lane: external_node_path_default().basename(external_node_path_default().dirname(waveDir)),
        wave: Number(/^wave-(\d+)$/.exec(external_node_path_default().basename(waveDir))?.[1] ?? Number.NaN),
    };
    const attempts = (await listAttempts(waveDir)).filter((a) => a < before).reverse();
    for (const a of attempts) {
        const dir = external_node_path_default().join(waveDir, `attempt-${a}`);
        const problem = await attemptProblem(dir, a, owners, expect);
        if (problem) {
            if (!problem.missing)
                onSkip?.(dir, problem.message);
            continue;
        }
        const r = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(dir, "progress.json"), state_progress/* ProgressSchema */.$L, "progress journal");
        // A dry run, or a run that stopped before any agent ran (e.g. a missing executor), holds
        // nothing to carry over: resume from the run before it, or an earlier success is lost.
        if (r.ok && (r.value.status === "dry-run" || Object.keys(r.value.agents).length === 0))
            continue;
        if (r.ok)
            return dir;
        if (!r.missing)
            onSkip?.(dir, r.message);
    }
    return null;
}

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

;// CONCATENATED MODULE: ./src/runtime/follow-log.ts
/**
 * `tail -F` for agent logs: streams a file's content from an offset and keeps following it as it
 * grows, waits for it to appear, starts over when it is truncated or replaced, and stops when the
 * signal aborts (after one last read, so nothing written before the abort is missed).
 * Change detection uses fs.watch on the directory with a slow poll as backstop.
 */



const CHUNK_BYTES = (/* unused pure expression or super */ null && (64 * 1024));
async function followLog(filePath, options) {
    const { signal, onData } = options;
    const pollMs = options.pollMs ?? 500;
    const base = path.basename(filePath);
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
            watcher = watch(path.dirname(filePath), (_event, name) => {
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
            handle = await open(filePath, "r");
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
            const current = await stat(filePath);
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

// EXTERNAL MODULE: ./src/runtime/kill.ts
var runtime_kill = __webpack_require__(21318);
// EXTERNAL MODULE: ./src/runtime/proc.ts
var proc = __webpack_require__(47622);
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

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
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
        const minStartTime = pid === null ? null : (0,proc/* readStartTime */.ME)(pid);
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
            (0,runtime_kill/* killAgentTree */.ki)({ token: ctx.token, pgid: pid, sid: pid, minStartTime }, { graceMs: ctx.graceMs })
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
        const stat = (0,proc/* parseStat */.ky)((0,external_node_fs_.readFileSync)(`/proc/${pid}/stat`, "latin1"));
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
    const graceMs = options.graceMs ?? runtime_kill/* DEFAULT_GRACE_MS */.uh;
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
                env: (0,proc/* withRunToken */.$E)(options.env, token),
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

// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(46193);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
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
function extract_str(v) {
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
        return [{ kind: "session", sessionId: extract_str(event.session_id), model: extract_str(event.model) }];
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
        return [{ kind: "call", key: extract_str(message.id), tokens, costUsd: null, turn: false }];
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
            sessionId: extract_str(event.session_id),
            model,
            budgetStop: event.subtype === "error_max_budget_usd",
        },
    ];
}
function codexUsage(event) {
    if (event.type === "thread.started")
        return [{ kind: "session", sessionId: extract_str(event.thread_id), model: null }];
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
        facts.push({ kind: "session", sessionId: extract_str(event.sessionID), model: null });
    const part = event.part;
    if (event.type !== "step_finish" || !isRecord(part))
        return facts;
    const t = isRecord(part.tokens) ? part.tokens : {};
    const cache = isRecord(t.cache) ? t.cache : {};
    const read = count(cache.read);
    facts.push({ kind: "session", sessionId: extract_str(event.sessionID), model: null });
    facts.push({
        kind: "call",
        key: extract_str(part.id),
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

;// CONCATENATED MODULE: ./src/signals/lines.ts
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
            const limit = typeof e === "string" ? turnLimitIn(e) : null;
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

;// CONCATENATED MODULE: ./src/signals/render.ts
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
const render_SUMMARY_CHARS = 200;
/** Lines of tool output shown per result. */
const OUTPUT_LINES = 4;
const CALLS_REMEMBERED = 256;
const DIALECT_OF = { text: null, ...DIALECT_OF_FORMAT };
/** Format of a part of the log written by an executor other than launch.json's. */
const EXECUTOR_FORMAT = { codex: "codex-json", opencode: "opencode-json", claude: "auto" };
const SEPARATOR_START = "--- wave: ";
const RUN_SEPARATOR = /^--- wave: .+ attempt \d+ \(([A-Za-z0-9_-]+)\) started .*---$/;
const MAX_SEPARATOR_CHARS = 400;
/** The rendering settings recorded in an agent's launch.json (its text); `auto` without a recorded format. */
function renderSettingsOfLaunch(text) {
    const launch = text === null ? null : parseJsonLine(text.trim());
    if (launch === null)
        return { format: "auto", cwd: null, executor: null };
    const t = launch.transcript;
    const format = typeof t === "string" && TRANSCRIPT_FORMATS.includes(t) ? t : "auto";
    return {
        format,
        cwd: typeof launch.cwd === "string" ? launch.cwd : null,
        executor: typeof launch.executor === "string" && format !== "auto" ? launch.executor : null,
    };
}
/** Renders a whole log (or a tail of one that starts at a line boundary). */
function renderTranscriptText(text, format, options = {}) {
    const r = new render_TranscriptRenderer(format, options);
    return r.push(text) + r.end();
}
/**
 * Renders an agent's output line by line. `line` renders one complete line; `push` takes chunks
 * of a stream and returns the rendered text of the lines they complete. A partial line that may
 * become an event or a run separator (it starts with `{` or `--- wave: `) is held until its
 * newline; any other text is given out at once, unchanged, so plain output (a progress line
 * without newline) shows as it arrives.
 */
class render_TranscriptRenderer {
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
        const event = parseJsonLine(trimmed);
        if (event === null)
            return [raw];
        const dialect = dialectOf(event);
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
        return lines.map(render_cleanLine);
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
                return [`· session ${render_str(event.thread_id) ?? "?"}`];
            case "turn.started":
                return [];
            case "turn.completed": {
                const u = rec(event.usage);
                if (!u)
                    return ["· turn completed"];
                return [`· usage: in ${render_num(u.input_tokens) ?? "?"} (cached ${render_num(u.cached_input_tokens) ?? 0}) · out ${render_num(u.output_tokens) ?? "?"}`];
            }
            case "turn.failed":
                return [`✗ turn failed: ${render_oneLine(render_str(rec(event.error)?.message) ?? "no message")}`];
            case "error": {
                const message = render_oneLine(render_str(event.message) ?? "no message");
                return [/^Reconnecting\b/.test(message) ? `· ${message}` : `✗ error: ${message}`];
            }
            default: {
                const item = rec(event.item);
                return item ? this.codexItem(String(event.type), item) : [];
            }
        }
    }
    codexItem(phase, item) {
        const id = render_str(item.id);
        const type = render_str(item.type) ?? "?";
        const started = phase === "item.started";
        const completed = phase === "item.completed";
        switch (type) {
            case "agent_message":
                return completed ? agentText(item.text) : [];
            case "reasoning":
                return completed ? ["· thinking…"] : [];
            case "command_execution": {
                const command = firstLine(render_str(item.command) ?? "");
                const head = this.callHead(id, command ? `exec_command: ${command}` : "exec_command", started);
                if (!completed)
                    return head;
                const out = [...head, ...outputLines(render_str(item.aggregated_output))];
                const exit = render_num(item.exit_code);
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
                const list = changes.map((c) => `${render_str(c.kind) ?? "change"} ${this.path(render_str(c.path) ?? "?")}`).join(", ");
                const name = changes.length === 1 ? "apply_patch" : `apply_patch (${changes.length} files)`;
                const head = this.callHead(id, `${name}: ${list}`, started);
                if (!completed)
                    return head;
                return item.status === "failed" ? [...head, "  ✗ patch failed"] : head;
            }
            case "mcp_tool_call": {
                const what = `mcp ${render_str(item.server) ?? "?"}.${render_str(item.tool) ?? "?"}`;
                const args = summarizeInput(item.arguments);
                const head = this.callHead(id, args ? `${what}: ${args}` : what, started);
                if (!completed)
                    return head;
                const error = render_str(rec(item.error)?.message);
                if (error !== null || item.status === "failed")
                    return [...head, `  ✗ ${render_oneLine(error ?? "failed")}`];
                return [...head, ...outputLines(blocksText(rec(item.result)?.content))];
            }
            case "collab_tool_call": {
                const prompt = render_str(item.prompt);
                const head = this.callHead(id, `${render_str(item.tool) ?? "collab"}${prompt ? `: ${firstLine(prompt)}` : ""}`, started);
                if (!completed)
                    return head;
                return item.status === "failed" ? [...head, "  ✗ failed"] : head;
            }
            case "web_search": {
                const query = render_str(item.query) ?? render_str(rec(item.action)?.query) ?? "";
                return completed || started ? this.callHead(id, `web_search: ${firstLine(query)}`, started) : [];
            }
            case "todo_list": {
                const items = arr(item.items)
                    .map(rec)
                    .filter((t) => t !== null)
                    .map((t) => `${t.completed === true ? "[x]" : "[ ]"} ${firstLine(render_str(t.text) ?? "")}`);
                return [render_short(`· plan: ${items.join("; ")}`)];
            }
            case "error":
                return completed ? [`✗ ${render_oneLine(render_str(item.message) ?? "error")}`] : [];
            default:
                return completed ? [`· ${render_short(type)}`] : [];
        }
    }
    /**
     * The call line of a codex item: on its start; on its completion only when the start was not
     * the last thing shown (not seen, or other output came between).
     */
    callHead(id, label, started) {
        const line = render_short(`▸ ${label}`);
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
                    return [`✗ ${render_oneLine(text)}`];
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
                        out.push(this.toolCall(render_str(block.id), render_str(block.name) ?? "tool", block.input));
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
                    out.push(...this.toolResult(render_str(block.tool_use_id), blocksText(block.content), block.is_error === true));
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
        const result = render_str(event.result);
        // The stream's last assistant message already showed this text (stream-json).
        const showText = this.format === "claude-json" || (this.format === "auto" && !this.claudeAssistantSeen);
        if (result !== null && !failed && showText)
            out.push(...agentText(result));
        const api = render_num(event.api_error_status);
        const flags = event.is_error === true ? ` (error${api !== null ? `, API status ${api}` : ""})` : "";
        const facts = [`${failed ? "✗" : "·"} done: ${render_str(event.subtype) ?? "?"}${flags}`];
        const turns = render_num(event.num_turns);
        if (turns !== null)
            facts.push(`${turns} ${turns === 1 ? "turn" : "turns"}`);
        const cost = render_num(event.total_cost_usd);
        if (cost !== null)
            facts.push(`$${cost.toFixed(4)}`);
        const u = rec(event.usage);
        if (u) {
            const cached = render_num(u.cache_read_input_tokens);
            facts.push(`in ${render_num(u.input_tokens) ?? "?"}${cached !== null ? ` (cached ${cached})` : ""}`, `out ${render_num(u.output_tokens) ?? "?"}`);
        }
        out.push(facts.join(" · "));
        if (failed && result !== null && result !== "" && result !== this.claudeErrorShown)
            out.push(...outputLines(result, "  ✗ "));
        for (const e of arr(event.errors).slice(0, OUTPUT_LINES)) {
            if (typeof e === "string")
                out.push(`  ✗ ${render_oneLine(e)}`);
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
                const title = render_str(state?.title);
                const call = this.toolCall(render_str(part.callID) ?? render_str(part.id), render_str(part.tool) ?? "tool", input, title);
                const status = render_str(state?.status);
                if (status === "error")
                    return [call, ...outputLines(render_str(state?.error) ?? "failed", "  ✗ ")];
                if (status === "completed")
                    return [call, ...outputLines(render_str(state?.output))];
                return [call];
            }
            case "step_finish": {
                const tokens = rec(part?.tokens);
                const facts = [`· step: in ${render_num(tokens?.input) ?? "?"}`, `out ${render_num(tokens?.output) ?? "?"}`];
                const cost = render_num(part?.cost);
                if (cost !== null)
                    facts.push(`$${cost.toFixed(4)}`);
                return [facts.join(" · ")];
            }
            case "error": {
                const error = event.error;
                const e = rec(error);
                const message = e ? (render_str(rec(e.data)?.message) ?? render_str(e.message)) : render_str(error);
                const name = e ? render_str(e.name) : null;
                return [`✗ ${render_oneLine([name, message].filter((x) => x !== null).join(": ") || "error")}`];
            }
            default:
                return [];
        }
    }
    // --- shared ------------------------------------------------------------------------------
    /** One call line; remembers its label so a result that does not follow it can name it. */
    toolCall(id, name, input, title = null) {
        const i = rec(input);
        const file = i ? (render_str(i.file_path) ?? render_str(i.filePath) ?? render_str(i.notebook_path)) : null;
        const command = i ? render_str(i.command) : null;
        const dir = i ? render_str(i.path) : null;
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
        const line = render_short(`▸ ${clean(label)}`);
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
            const model = render_str(event.model);
            return [`· session ${render_str(event.session_id) ?? "?"}${model ? ` · model ${clean(model)}` : ""}`];
        }
        case "api_retry": {
            const status = render_num(event.error_status);
            const error = render_str(event.error);
            const delay = render_num(event.retry_delay_ms);
            const why = [status !== null ? String(status) : null, error].filter((x) => x !== null).join(" ");
            return [
                render_short(`· API retry ${render_num(event.attempt) ?? "?"}/${render_num(event.max_retries) ?? "?"}${why ? ` (${render_oneLine(why)})` : ""}${delay !== null ? ` in ${Math.round(delay / 100) / 10}s` : ""}`),
            ];
        }
        case "compact_boundary":
            return ["· conversation compacted"];
        case "permission_denied": {
            const message = render_str(event.message);
            return [render_short(`✗ permission denied: ${render_str(event.tool_name) ?? "tool"}${message ? ` — ${render_oneLine(message)}` : ""}`)];
        }
        case "informational":
        case "notification": {
            const text = render_str(event.content) ?? render_str(event.text);
            if (!text)
                return [];
            return [`${event.level === "error" || event.level === "warning" ? "✗" : "·"} ${render_oneLine(text)}`];
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
function render_str(value) {
    return typeof value === "string" ? value : null;
}
function render_num(value) {
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
function render_cleanLine(line) {
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
function render_short(text, max = render_SUMMARY_CHARS) {
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
    const window = text.slice(0, render_SUMMARY_CHARS * 4);
    const body = window.replace(/^\s+/, "");
    const nl = body.indexOf("\n");
    const line = clean(nl < 0 ? body : body.slice(0, nl)).trimEnd();
    const more = window.length < text.length || (nl >= 0 && body.slice(nl).trim() !== "");
    return render_short(more ? `${line} …` : line);
}
/** All of a short message on one line. */
function render_oneLine(text) {
    return render_short(clean(text.slice(0, render_SUMMARY_CHARS * 4)).replace(/\s*\n\s*/g, " ⏎ ").trim());
}
/**
 * The first OUTPUT_LINES non-empty lines of tool output, each cut short, with a count of the
 * rest. Reads only the start of a long output (a count past that start is given as "more").
 */
function outputLines(text, prefix = "  │ ") {
    if (text === null)
        return [];
    const window = text.slice(0, OUTPUT_LINES * render_SUMMARY_CHARS * 8);
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
            lines.push(render_short(`${prefix}${line}`));
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
        const part = block.type === "text" && typeof block.text === "string" ? block.text : `[${render_str(block.type) ?? "content"}]`;
        parts.push(part);
        size += part.length;
        if (size > OUTPUT_LINES * render_SUMMARY_CHARS * 8)
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
        const v = render_str(i[key]);
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
    return render_short(parts.join(", "));
}

;// CONCATENATED MODULE: ./src/runtime/tmux-view.ts
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
        if (!lstatSync(fifo).isFIFO()) {
            io.stderr.write(`wave __tmux-view: ${fifo} is not a FIFO\n`);
            return 2;
        }
    }
    catch (error) {
        io.stderr.write(`wave __tmux-view: cannot use ${fifo}: ${errorMessage(error)}\n`);
        return 2;
    }
    let fd;
    try {
        // Blocks (in the thread pool) until the orchestrator opens its end.
        fd = await promisify(open)(fifo, constants.O_RDONLY | constants.O_NOFOLLOW);
    }
    catch (error) {
        io.stderr.write(`wave __tmux-view: cannot open ${fifo}: ${errorMessage(error)}\n`);
        return 1;
    }
    const input = new net.Socket({ fd, readable: true, writable: false });
    const filter = new TerminalFilter();
    const decoder = new StringDecoder("utf8");
    const renderer = new TranscriptRenderer("auto");
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
            io.stderr.write(`wave __tmux-view: reading ${fifo} failed: ${errorMessage(error)}\n`);
            finish(1);
        });
    });
}

;// CONCATENATED MODULE: ./src/runtime/index.ts
/** The agent process runtime: spawn, stream logs, deadlines, rate limits, kill trees, cancel, tmux. */









// EXTERNAL MODULE: ./src/runtime/leftovers.ts
var leftovers = __webpack_require__(79524);
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

// EXTERNAL MODULE: ./src/state/changes.ts + 1 modules
var changes = __webpack_require__(59112);
// EXTERNAL MODULE: ./src/state/git.ts
var git = __webpack_require__(20633);
// EXTERNAL MODULE: ./src/state/lock.ts + 1 modules
var state_lock = __webpack_require__(88114);
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

;// CONCATENATED MODULE: ./src/executors/endpoint.ts
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
        const created = await external_node_fs_.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        if (!identity || created === undefined)
            continue;
        // Every directory mkdir created, from the first one down to `dir`.
        for (let d = dir;; d = external_node_path_default().dirname(d)) {
            await external_node_fs_.promises.chown(d, identity.uid, identity.gid);
            if (d === created || external_node_path_default().dirname(d) === d)
                break;
        }
    }
}
async function writeOwned(file, content, identity) {
    await external_node_fs_.promises.writeFile(file, content, { mode: 0o600 });
    if (identity)
        await external_node_fs_.promises.chown(file, identity.uid, identity.gid);
}
function tomlString(s) {
    return JSON.stringify(s);
}
function endpoint_codexEndpointToml(endpoint, options) {
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
function endpoint_openCodeEndpointConfig(launch, original, endpoint, options) {
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
    const home = launch.home ?? external_node_path_default().join(options.homesDir, (0,state_paths/* agentDirName */.M2)(launch.context.agent.agentId));
    if (options.isolateHome) {
        const xdg = {
            XDG_CONFIG_HOME: external_node_path_default().join(home, ".config"),
            XDG_CACHE_HOME: external_node_path_default().join(home, ".cache"),
            XDG_DATA_HOME: external_node_path_default().join(home, ".local", "share"),
            XDG_STATE_HOME: external_node_path_default().join(home, ".local", "state"),
        };
        await makeDirs([home, ...Object.values(xdg)], launch.identity);
        Object.assign(env, { HOME: home, ...xdg });
    }
    if (executor === "codex") {
        const codexHome = external_node_path_default().join(home, ".codex");
        await makeDirs([codexHome], launch.identity);
        await writeOwned(external_node_path_default().join(codexHome, "config.toml"), endpoint_codexEndpointToml(endpoint, options), launch.identity);
        Object.assign(env, { CODEX_HOME: codexHome, [endpoint.keyEnv]: endpoint.key });
    }
    else if (executor === "claude") {
        Object.assign(env, { ANTHROPIC_BASE_URL: endpoint.baseUrl, ANTHROPIC_API_KEY: endpoint.key });
        if (options.isolateHome) {
            const configDir = external_node_path_default().join(home, ".claude");
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
        const originalPath = launch.spec.env.OPENCODE_CONFIG ?? external_node_path_default().join(launch.context.overlayDir, OPENCODE_CONFIG_FILE);
        const original = launch.spec.files.find((f) => f.path === originalPath);
        const parsed = original ? JSON.parse(original.content) : {};
        const file = external_node_path_default().join(external_node_path_default().dirname(originalPath), options.openCodeConfigFile);
        const config = endpoint_openCodeEndpointConfig(launch, parsed, endpoint, {
            offline: options.offline,
            defaultModel: options.defaultOpenCodeModel,
            keepSdk: options.keepOpenCodeSdk,
        });
        await external_node_fs_.promises.writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
        // Behind an agent user: readable by its group, like the other files of its inputs directory.
        if (launch.identity) {
            await external_node_fs_.promises.chown(file, process.getuid?.() ?? 0, launch.identity.gid);
            await external_node_fs_.promises.chmod(file, 0o640);
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
        const provider = providerOf(model);
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
        if (!isEndpointExecutor(launch.spec.executorId)) {
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
        return pointCliAt(launch, endpoint, {
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
var external_node_http_ = __webpack_require__(37067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(44708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
// EXTERNAL MODULE: ./src/usage/meter.ts
var usage_meter = __webpack_require__(34438);
// EXTERNAL MODULE: ./src/usage/schema.ts
var usage_schema = __webpack_require__(77336);
;// CONCATENATED MODULE: ./src/usage/budget.ts
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
    const tokens = (0,usage_schema/* totalTokens */.RP)(usage);
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
    const r = (0,usage_meter/* roundUsd */.t)(v);
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

// EXTERNAL MODULE: ./src/usage/pricing.ts
var usage_pricing = __webpack_require__(40625);
// EXTERNAL MODULE: ./src/usage/totals.ts
var usage_totals = __webpack_require__(87288);
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

;// CONCATENATED MODULE: ./src/executors/request-key.ts
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
    return (0,external_node_crypto_.createHash)("sha256").update(key).digest();
}
/** Whether `given` is the key whose digest is `expected`. */
function matchesKey(expected, given) {
    return given !== null && (0,external_node_crypto_.timingSafeEqual)(keyDigest(given), expected);
}

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
function wire_usage_isRecord(v) {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}
function wire_usage_count(v) {
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
}
function sum(...values) {
    return values.every((v) => v === null) ? null : values.reduce((a, v) => a + (v ?? 0), 0);
}
function wire_usage_str(v) {
    return typeof v === "string" && v !== "" ? v : null;
}
function sub(o, key) {
    const v = o[key];
    return wire_usage_isRecord(v) ? v : {};
}
/** Anthropic figures; `base` are the figures a later event updates (fields it lacks stay). */
function wire_usage_anthropicTokens(u, base = {}) {
    const raw = { ...base, ...Object.fromEntries(Object.entries(u).filter(([, v]) => typeof v === "number")) };
    const read = wire_usage_count(raw.cache_read_input_tokens);
    return {
        raw,
        tokens: {
            input: sum(wire_usage_count(raw.input_tokens), read, wire_usage_count(raw.cache_creation_input_tokens)),
            cached: read,
            output: wire_usage_count(raw.output_tokens),
            reasoning: null,
        },
    };
}
function responsesTokens(u) {
    return {
        input: wire_usage_count(u.input_tokens),
        cached: wire_usage_count(sub(u, "input_tokens_details").cached_tokens),
        output: wire_usage_count(u.output_tokens),
        reasoning: wire_usage_count(sub(u, "output_tokens_details").reasoning_tokens),
    };
}
function chatTokens(u) {
    return {
        input: wire_usage_count(u.prompt_tokens),
        cached: wire_usage_count(sub(u, "prompt_tokens_details").cached_tokens),
        output: wire_usage_count(u.completion_tokens),
        reasoning: wire_usage_count(sub(u, "completion_tokens_details").reasoning_tokens),
    };
}
/** Largest JSON (non-stream) body kept for reading its usage. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** Largest SSE line kept while waiting for its end (a longer one is skipped). */
const wire_usage_MAX_LINE_BYTES = 8 * 1024 * 1024;
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
        if (this.lineSize + part.length > wire_usage_MAX_LINE_BYTES) {
            this.lineSize = wire_usage_MAX_LINE_BYTES + 1;
            this.line = [];
            return;
        }
        if (part.length > 0)
            this.line.push(part);
        this.lineSize += part.length;
    }
    lineDone() {
        const tooLong = this.lineSize > wire_usage_MAX_LINE_BYTES;
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
        if (!wire_usage_isRecord(data))
            return;
        if (this.format === "messages") {
            if (whole || data.type === "message") {
                this.model = wire_usage_str(data.model) ?? this.model;
                if (wire_usage_isRecord(data.usage))
                    this.tokens = wire_usage_anthropicTokens(data.usage).tokens;
                return;
            }
            if (data.type === "message_start" && wire_usage_isRecord(data.message)) {
                this.model = wire_usage_str(data.message.model) ?? this.model;
                if (wire_usage_isRecord(data.message.usage)) {
                    const t = wire_usage_anthropicTokens(data.message.usage);
                    this.anthropicRaw = t.raw;
                    this.tokens = t.tokens;
                }
            }
            else if (data.type === "message_delta" && wire_usage_isRecord(data.usage)) {
                const t = wire_usage_anthropicTokens(data.usage, this.anthropicRaw);
                this.anthropicRaw = t.raw;
                this.tokens = t.tokens;
            }
            return;
        }
        if (this.format === "responses") {
            const response = whole ? data : wire_usage_isRecord(data.response) ? data.response : null;
            if (!response)
                return;
            this.model = wire_usage_str(response.model) ?? this.model;
            if (wire_usage_isRecord(response.usage))
                this.tokens = responsesTokens(response.usage);
            return;
        }
        this.model = wire_usage_str(data.model) ?? this.model;
        if (wire_usage_isRecord(data.usage))
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
        const own = agentBreach(s.tally.usage(), s.limits);
        if (own) {
            stopAgent(s, own, describeBreach(own, s.agentId));
            return;
        }
        if (waveStop)
            return;
        const t = totals();
        let wave = waveBreach(t, waveLimits.usd);
        if (!wave && waveLimits.tokens !== null && t.totalTokens > waveLimits.tokens) {
            wave = { scope: "wave", measure: "tokens", spent: t.totalTokens, limit: waveLimits.tokens, estimated: false };
        }
        if (!wave)
            return;
        const amount = (v) => (wave.measure === "usd" ? formatUsd(v) : `${v} tokens`);
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
        const given = requestKey(req.headers);
        if (given === null) {
            refuseUnauthorized(req, res, url.pathname, agentId, "no token");
            return;
        }
        if (!matchesKey(state.token, given)) {
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
            state.token = keyDigest(token);
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
function wiring_readJson(file) {
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
        const config = env.OPENCODE_CONFIG ? wiring_readJson(env.OPENCODE_CONFIG) : null;
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
        if (!isEndpointExecutor(a.executor) || rehearsal)
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
        if (!isEndpointExecutor(executor))
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
            if (!upstreamFor && options.rehearsal && isEndpointExecutor(launch.spec.executorId)) {
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
    if (!mode || mode === "off" || !isEndpointExecutor(executor))
        return false;
    return rehearsal || mode === "on" || !("skip" in upstreamOf(executor, model, env));
}

// EXTERNAL MODULE: ./src/engine/session-resume.ts
var session_resume = __webpack_require__(10928);
// EXTERNAL MODULE: ./src/sessions/index.ts + 5 modules
var sessions = __webpack_require__(85945);
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
    transcriptState = newTranscriptState();
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
        this.diagnose("log", cleanLine(head), `line longer than ${this.maxLine} characters ignored`, "error");
    }
    /* ---------------------------------------------------------------- documents */
    topLine(raw) {
        const line = cleanLine(raw);
        const trimmed = line.trim();
        if (this.transcript !== "text") {
            // A JSON transcript: only its own events count; any other line is not the agent's message.
            // A line without a marker tag or a termination fact changes nothing, so it is not parsed.
            // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: such a line is no JSON event, or one that yields no marker, termination fact or usage
            if (trimmed.charCodeAt(0) !== 123 || !JSON_INTEREST_RE.test(trimmed))
                return;
            const event = parseJsonLine(trimmed);
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
            const event = parseJsonLine(trimmed);
            if (event && this.handleEvent(event))
                return;
        }
        this.noteTermination(line);
        this.docLine(this.top, trimmed);
    }
    /** Reads a transcript event; false when it is none the stream's format accepts. */
    handleEvent(event) {
        // Stryker disable next-line ConditionalExpression: usage facts nobody listens for are computed and dropped (the listener check below)
        const facts = readTranscriptEvent(event, this.transcript, this.transcriptState, this.onUsage !== null);
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
            const line = cleanLine(text.slice(start, nl));
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
            const fence = fenceInfo(trimmed);
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
        const cand = markerCandidate(trimmed);
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
        const limit = turnLimitIn(line);
        if (limit !== null) {
            this.turnLimitReached = true;
            this.observedTurnLimit = limit;
        }
    }
    /* ---------------------------------------------------------------- markers */
    kindOf(cand) {
        return SPEC_BY_TAG.get(cand.tag) ?? null;
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
        const parsed = parseMarkerBody(spec, cand.body, this.nonce);
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

;// CONCATENATED MODULE: ./src/signals/files.ts
/**
 * File facts for execution summaries: existence and a streamed sha256 of files named in the wave
 * file, read only when they stay inside the repository (`openInside`: no symbolic link that leads
 * out, checked and opened without a gap); and bounded tail reads for reports and logs.
 */



const CHUNK = 64 * 1024;
async function sha256Handle(handle) {
    const hash = (0,external_node_crypto_.createHash)("sha256");
    const buffer = Buffer.alloc(CHUNK);
    let position = 0;
    for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
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
        handle = await (0,promises_.open)(absPath, "r");
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
    return ExecutionSummarySchema.parse({
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
    return { ...base, systemPrompt: systemPromptText(base) };
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
    await (0,files/* writeTextAtomic */.Q)(paths.prompt, prompt);
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
        await (0,files/* writeTextAtomic */.Q)(visible.prompt, prompt);
    let session = plan?.request ?? null;
    let context = executorContext(ctx, pa, executorId, prompt, visible, session ?? undefined);
    let spec = buildLaunchSpec(context);
    for (const file of spec.files)
        await (0,files/* writeTextAtomic */.Q)(file.path, file.content);
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
        await (0,files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(paths.dir, "sensitive.json"), sensitive);
    env.PATH = [ctx.shimDir, env.PATH ?? ""].filter(Boolean).join((external_node_path_default()).delimiter);
    let continued = false;
    if (session && plan?.continueFrom && !ctx.options.dryRun) {
        const warn = (reason) => ctx.deps.onEvent?.({ type: "warning", message: `agent ${pa.agent.agentId}: its interrupted session is not continued (${reason}); it starts over` });
        const restored = await (0,sessions/* restoreSession */.NR)({
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
            const short = (0,sessions/* continuePrompt */.eZ)({ agentId: pa.agent.agentId, reason: plan.continueFrom.reason, markerInstructions: markers });
            await (0,files/* writeTextAtomic */.Q)(paths.prompt, short);
            if (inputs)
                await (0,files/* writeTextAtomic */.Q)(visible.prompt, short);
            context = executorContext(ctx, pa, executorId, short, visible, session);
            spec = buildLaunchSpec(context);
            for (const file of spec.files)
                await (0,files/* writeTextAtomic */.Q)(file.path, file.content);
        }
    }
    await (0,files/* writeJsonAtomic */.ZJ)(paths.launch, {
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
    if (staged.session?.persist && (0,session_resume/* wasInterrupted */.WE)(record)) {
        const sessionId = record.usage?.sessionId ?? staged.session.resumeId ?? staged.session.newId ?? null;
        if (sessionId) {
            await (0,sessions/* saveSession */.E1)({
                executorId,
                sessionId,
                env,
                cwd: ctx.boundary.agentRoot,
                destDir: (0,session_resume/* sessionDirOf */.jY)(paths.dir),
                identity: ctx.boundary.identity ?? undefined,
                onSkip: (reason) => deps.onEvent?.({ type: "notice", message: `agent ${id}: its session was not kept (${reason})` }),
            });
        }
    }
    await (0,files/* writeJsonAtomic */.ZJ)(paths.summary, summary);
    await (0,files/* writeJsonAtomic */.ZJ)(paths.status, {
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

;// CONCATENATED MODULE: ./src/engine/plan.ts
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
    for (const stage of schema/* CLOSURE_STAGES */.Et) {
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

;// CONCATENATED MODULE: ./src/wave/index.ts
/**
 * The wave model's public surface: load a project, look at roles and closure policy.
 */










;// CONCATENATED MODULE: ./src/engine/prepare.ts
/**
 * Prepares a wave for running: loads and validates the project, picks the wave, and resolves for
 * each agent its role, phase, executor, skills, report path and fingerprint.
 */









async function prepareWave(options, prepare = {}) {
    const project = loadProject({
        root: options.root,
        configPath: options.configPath,
        lane: options.lane,
        project: options.project,
        cliExecutor: options.executor,
    });
    const wave = project.waves.find((w) => w.wave === options.wave);
    const relevant = project.diagnostics.filter((d) => d.wave === undefined || d.wave === options.wave);
    const errors = relevant.filter(wave_diagnostics/* isError */.bJ);
    if (errors.length > 0) {
        // Exit 1, as `wave validate` exits for the same errors: the wave files are wrong, not the call.
        throw new src_errors/* UserError */.yo(`wave ${options.wave} is not valid:\n${errors.map((d) => `  ${(0,wave_diagnostics/* formatDiagnosticText */.Kv)(d)}`).join("\n")}`, 1);
    }
    if (!wave) {
        const known = project.waves.map((w) => w.wave).join(", ") || "none";
        throw new src_errors/* UserError */.yo(`wave ${options.wave} not found in ${project.lane.wavesDir} (waves: ${known})`, 2);
    }
    const lane = project.lane;
    const roles = lane.roles;
    // Shown as warnings already ("warning: <place>: <message>"): no second "warning:" inside.
    const warnings = relevant.filter((d) => !(0,wave_diagnostics/* isError */.bJ)(d)).map((d) => `${(0,wave_diagnostics/* diagnosticPlace */.le)(d)}: ${d.message}`);
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
    const waveRoles = waveRolesFor(wave, roles);
    return {
        project,
        lane,
        laneName: project.laneName,
        wave,
        agents,
        roles: waveRoles,
        policy: closurePolicyFor(wave, lane.hasConfig ? lane : null),
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
            : agentBreach(usage, limits);
        if (own) {
            this.stop(agentId, own);
            return;
        }
        const wave = waveBreach(this.totals(), this.maxWaveUsd);
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
        const stop = { agentId, breach, detail: describeBreach(breach, agentId) };
        this.stops.set(agentId, stop);
        this.first ??= stop;
        this.running.get(agentId)?.abort();
        this.onStop?.(stop);
    }
}

;// CONCATENATED MODULE: ./src/engine/result.ts
/**
 * Builds result.json (PRODUCT §3.3) from what the engine recorded. Pure.
 */


function duration(a, b) {
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
            durationMs: duration(r?.startedAt ?? null, r?.completedAt ?? null),
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

;// CONCATENATED MODULE: ./src/feedback/wait.ts
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
const MAX_WAIT_MINUTES = (/* unused pure expression or super */ null && (24 * 60));
const DEFAULT_POLL_MS = 1000;
/** The request as its file says now; null when it cannot be read (yet). */
async function readRequest(file) {
    try {
        const parsed = FeedbackRequestSchema.safeParse(JSON.parse(await (0,promises_.readFile)(file, "utf8")));
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
    const dir = feedbackDir(runDir);
    const file = external_node_path_default().join(dir, `${id}.json`);
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
            const watcher = (0,external_node_fs_.watch)(dir, () => check());
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
    const limit = protocol_MAX_RESPONSE_BYTES - 512;
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
    const maxBytes = options.maxRequestBytes ?? protocol_MAX_REQUEST_BYTES;
    const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const warn = (message) => options.onWarning?.(`control server: ${message}`);
    const logPath = coordinationLogPath(options.runDir);
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
        if (!TOKEN_PATTERN.test(token))
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
        const post = post_fields_validateCoordPost(request.fields);
        checkClaimedIdentity(request.fields, who);
        return serial(async () => {
            if (post.id !== undefined) {
                const existing = materialize((await readCoordinationLog(logPath)).records).byId.get(post.id);
                try {
                    checkUpdate(existing, post, who);
                }
                catch (error) {
                    throw new RequestError("refused", `refused: ${error.message}`);
                }
            }
            const record = createCoordinationRecord(agentRecordInput(post, who), now());
            await appendCoordinationRecord(logPath, record);
            return record.id;
        });
    };
    const feedbackAsk = async (request, who) => {
        const { question, context } = validateFeedbackAsk(request.question, request.context);
        const made = await serial(async () => {
            // A question this agent already had answered (the run directory's answer store) is
            // recorded answered at once: it does not block the wave again.
            const known = findAnswer(await readAnswers([options.runDir], (file, message) => warn(`answer store ${file}: ${message}`)), who.agentId, question);
            const made = await createFeedbackRequest({
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
        const answered = await waitForFeedbackAnswer(options.runDir, made.id, { timeoutMs: request.waitSeconds * 1000, signal: stopWaits.signal });
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
        const envelope = TokenEnvelopeSchema.safeParse(value);
        if (!envelope.success)
            throw new RequestError("refused", `${REFUSED}; the request carries no token`);
        const who = authenticate(envelope.data.token);
        const parsed = ControlRequestSchema.safeParse(value);
        if (!parsed.success)
            throw new RequestError("invalid", `the request is not valid (${protocol_firstIssue(parsed.error)})`);
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
        socket.end(protocol_encodeLine(clipped), then);
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
            const key = (0,external_node_crypto_.randomBytes)(TOKEN_BYTES);
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

;// CONCATENATED MODULE: ./src/proxy/report.ts
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
    const text = await (0,promises_.readFile)(external_node_path_default().join(runDir, MODEL_PROXY_REPORT_FILE), "utf8").catch(() => null);
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

// EXTERNAL MODULE: ./src/sandbox/decide.ts
var decide = __webpack_require__(82043);
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
function run(argv, options = {}) {
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
    return run([bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--unshare-pid", "--unshare-user", "--", "true"], {
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
    const canBeRoot = root || (probeError !== null && apparmorRestrictsUserns === true && (await run(["sudo", "-n", "true"])) === null);
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
        const error = await run(step.argv, step.input !== undefined ? { input: step.input } : {});
        if (error)
            throw new Error(`${step.argv.join(" ")} failed: ${error}`);
        done.push(step.what);
    }
    return done;
}

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
const policy_inside = (parent, child) => {
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
    return !guarded.some((g) => policy_inside(d, g));
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
    const allowRead = uniq([...input.readable.map((r) => external_node_path_default().resolve(r)), ...write].filter((r) => denyRead.some((d) => policy_inside(d, r)) && !credentials.some((c) => policy_inside(c, r))));
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

;// CONCATENATED MODULE: ./src/sandbox/report.ts
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
                record.blocked.push({ host: net.host, port: net.port, count: 1, setting: (0,ecosystems/* allowSettingFor */.$F)(net.host) });
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
    const text = await (0,promises_.readFile)(external_node_path_default().join(runDir, SANDBOX_REPORT_FILE), "utf8").catch(() => null);
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
    const lib = await Promise.all(/* import() */[__webpack_require__.e(532), __webpack_require__.e(2)]).then(__webpack_require__.bind(__webpack_require__, 94532));
    const { quote } = (await __webpack_require__.e(/* import() */ 803).then(__webpack_require__.bind(__webpack_require__, 45803)));
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
            r = { schemaVersion: 1, kind: "wave-agent-sandbox", agentId, blocked: [], other: [], filesystem: { writable: [], hidden: [] }, network: { allowed: [] }, notRecorded: NOT_RECORDED };
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
                    addViolations(record, lines);
                    sh.running--;
                    // The library's clean-up removes the mount points of every sandbox: only when none runs.
                    if (sh.running === 0)
                        manager.cleanupAfterCommand();
                    await (0,files/* writeJsonAtomic */.ZJ)(launch.recordPath, record);
                },
            };
        },
        report,
        async close() {
            if (closed)
                return;
            closed = true;
            try {
                await (0,files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(options.runDir, SANDBOX_REPORT_FILE), report());
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
    await (0,files/* writeJsonAtomic */.ZJ)(state.run.progress, state.progress);
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
    const { matrix, problem } = matrixForGates(root, lane.paths.componentCutoverMatrixJsonPath, lane.hasConfig);
    const inputs = {
        wave: state.prepared.wave,
        roles: state.prepared.roles,
        summaries: state.summaries,
        policy: state.prepared.policy,
        coordination: { ...coordination, forwardedGaps: [...state.forwardedGaps] },
        componentMatrix: matrix,
        componentMatrixProblem: problem,
        capabilityRouting: lane.capabilityRouting.preferredAgents,
        benchmarkFamilies: benchmarkFamiliesForGates(root, lane.paths.benchmarkCatalogPath),
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
    return isStaticFailure(failure, staticGateFailures(staticGateInputsFor(wave, lane, root)));
}
async function coordinationState(state) {
    const log = await readCoordinationLog(state.run.coordination);
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
        await appendCoordinationRecord(state.run.coordination, lifecycleRecord({
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
        const board = renderMessageBoard(coord, {
            wave: state.prepared.wave.wave,
            lane: state.prepared.laneName,
            agents: state.prepared.agents.map((a) => a.agent.agentId),
            now: new Date(),
        });
        await (0,files/* writeTextAtomic */.Q)(state.run.messageBoard, board);
        closureContext = { messageBoard: board, implementationSummaries: implementationSummaries(state) };
    }
    // Every agent gets its inbox; those without the message board also the wave's shared summary.
    const coord = await coordinationState(state);
    const coordinationContext = {
        inbox: renderInbox(coord, agentInboxOwner(pa), { now: new Date(), routing: state.prepared.lane.capabilityRouting.preferredAgents }),
        sharedSummary: closureContext ? null : renderSharedSummary(coord, { wave: state.prepared.wave.wave }),
    };
    const context7 = state.context7 ? await state.context7.forAgent(pa.agent, state.prepared.wave.context7Defaults) : null;
    const kept = latestAnswerFor(state.answers ?? [], pa.agent.agentId);
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
        for (const note of await (0,agent_user_boundary/* recoverBoundaries */.Db)(options.stateDir))
            deps.onEvent?.({ type: "warning", message: note });
        const orphans = await (0,leftovers/* stopLeftoverAgents */.W)(waveDir);
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
        const dir = await findLatestRun(waveDir, attempt, (skipped, message) => deps.onEvent?.({ type: "warning", message: `not resuming from ${external_node_path_default().basename(skipped)}: ${message}` }));
        if (!dir)
            return null;
        try {
            return await readPriorRun(dir, readOpts);
        }
        catch (error) {
            deps.onEvent?.({ type: "warning", message: `not resuming: ${error instanceof Error ? error.message : String(error)}` });
            return null;
        }
    }
    try {
        return await readPriorRun(options.resume.dir, readOpts);
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
    const preview = await trailingDryRun(waveDir);
    if (preview !== null)
        await external_node_fs_.promises.rm(external_node_path_default().join(waveDir, `attempt-${preview}`), { recursive: true, force: true });
    const localNext = await nextAttempt(waveDir);
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
                redact: (0,redact/* createRedactor */.lY)((0,redact/* collectSecretValues */.P0)({ env: deps.env, extra: options.redact })).redact,
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
            await (0,changes/* captureChanges */.A0)(options.root, baseCommit, state.run.changesDir, [options.stateDir]);
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
    await (0,files/* writeJsonAtomic */.ZJ)(state.run.gates, state.gates);
    await (0,files/* writeJsonAtomic */.ZJ)(state.run.result, result);
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
        await (0,files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(state.run.runDir, MODEL_PROXY_REPORT_FILE), report);
        const waited = report.agents.reduce((n, a) => n + a.waitedRequests, 0);
        const retried = report.agents.reduce((n, a) => n + a.retried, 0);
        const parts = [`${report.agents.length} agent(s) reached their model through it`];
        if (waited > 0)
            parts.push(`${waited} request(s) waited for their turn`);
        if (retried > 0)
            parts.push(`${retried} 429(s) waited out`);
        if (report.unauthorized.length > 0)
            parts.push(`${report.unauthorized.length} request(s) without a valid token refused`);
        deps.onEvent?.({ type: "notice", message: `model proxy: ${parts.join("; ")} (${MODEL_PROXY_REPORT_FILE})` });
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
        const carriedLog = await readCoordinationLog(run.coordination);
        if (carriedLog.diagnostics.length > 0) {
            const first = carriedLog.diagnostics[0];
            deps.onEvent?.({
                type: "warning",
                message: `coordination log ${run.coordination}: ${carriedLog.diagnostics.length} unreadable line(s) skipped (line ${first.line}: ${first.message})`,
            });
        }
        const pending = await readFeedbackRequests(run.runDir);
        const ask = pending[0];
        if (ask && options.feedback) {
            await answerFeedbackRequest({ runDir: run.runDir, id: ask.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
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
                ? await findLatestRun(run.waveDir, run.attempt)
                : null;
    const openAsk = offered && options.feedback ? (await readFeedbackRequests(offered))[0] : undefined;
    if (openAsk && options.feedback) {
        await carryFeedbackRequest(run.runDir, openAsk);
        await answerFeedbackRequest({ runDir: run.runDir, id: openAsk.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
        state.feedback = { agentId: openAsk.agentId, question: openAsk.question, askedAt: openAsk.askedAt, answer: options.feedback };
    }
    state.answers = await gatherAnswers({
        waveDir: run.waveDir,
        runDir: run.runDir,
        sources: [prior?.runDir ?? offered],
        onInvalid: (file, message) => deps.onEvent?.({ type: "warning", message: `answer store ${file}: ${message}` }),
    });
    for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
        const ctx = { ...ctxBase, attemptNo };
        const planned = prepared.agents.map((pa) => ({ id: pa.agent.agentId, phase: pa.phase, fingerprint: pa.fingerprint }));
        // The operator's --rerun forces the first attempt only; later attempts rerun what failed.
        const plan = planRun(planned, priorState, attemptNo === 1 ? { rerun: options.rerun ?? [] } : {});
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
    const boundary = await (0,agent_user_boundary/* openBoundary */.Rr)({
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
    await (0,changes/* applyChanges */.YF)(options.root, changesDir, `resuming from ${prior.runDir}`);
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
        ? (0,session_resume/* interruptionOf */.nS)(earlier, {
            timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
            idleMinutes: ctx.options.idleTimeoutMinutes,
            budgetUsd: pa.executor.budget.usd ?? ctx.options.maxBudgetUsd,
        })
        : null;
    return (0,session_resume/* planSession */.wk)({ executor: pa.executor, executorId, resumeSessions: ctx.options.resumeSessions, earlier, reason });
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
        const pending = await readFeedbackRequests(state.run.runDir);
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
        for (const g of designGates(inputs)) {
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
        for (const g of implementationStageGates(inputs)) {
            if (state.gates.some((x) => x.stage === g.stage && x.agentId === g.agentId && x.statusCode === g.statusCode))
                continue;
            recordGate(state, deps, g);
            if (!g.ok)
                return stop(g);
        }
        // Helper assignments are answered by implementation agents: settled before the closure sweep.
        const helper = barriers_helperAssignmentGate(inputs);
        recordGate(state, deps, helper);
        if (!helper.ok)
            return stop(helper);
    }
    await saveProgress(state, deps);
    // The closure sweep.
    const stagePlan = planClosureStages(state.prepared.wave, state.prepared.roles, state.prepared.policy);
    for (const stage of schema/* CLOSURE_STAGES */.Et) {
        if (plan.carriedStages.includes(stage))
            continue;
        const inputs = () => openBlockers(state).then((b) => gateInputs(ctx, state, { openBlockers: b }));
        const decision = stageLaunchDecision(stage, await inputs(), stagePlan);
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
            evaluation = gateForStage(stage, await inputs(), stagePlan);
        }
        for (const g of evaluation.gates)
            recordGate(state, deps, g);
        for (const f of evaluation.forwarded) {
            await appendCoordinationRecord(state.run.coordination, createCoordinationRecord({
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
    const helper = barriers_helperAssignmentGate(finalInputs);
    if (!helper.ok || helper.statusCode !== "pass")
        recordGate(state, deps, helper);
    if (!helper.ok)
        return stop(helper);
    const infra = barriers_infraGate(finalInputs);
    recordGate(state, deps, infra);
    if (!infra.ok)
        return stop(infra);
    const clarification = barriers_clarificationGate(finalInputs);
    recordGate(state, deps, clarification);
    if (!clarification.ok) {
        state.failure = gateFailure(clarification, state);
        return "blocked";
    }
    await saveProgress(state, deps);
    return "passed";
}

// EXTERNAL MODULE: ./src/resume/origin.ts
var resume_origin = __webpack_require__(95025);
;// CONCATENATED MODULE: ./src/resume/state-artifacts.ts
/**
 * Choosing earlier wave state among a workflow run's artifacts by facts an agent cannot forge.
 *
 * Anyone holding the job's runtime token can upload an artifact of any name into the run, so a
 * name is only a claim. Candidates are therefore ordered by what the artifact service assigned
 * (id, then created_at), never by the run attempt a name claims; a name claiming a later run
 * attempt than this job's, a name that does not parse, and an artifact the API places in another
 * workflow run are refused; and a downloaded state counts only when its contents (result.json,
 * progress.json, origin.json) agree with its name and this run. Every refusal is reported with
 * the artifact's name.
 */






function positiveInt(value) {
    if (!value)
        return null;
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
}
/** The scope of a job from its environment (GITHUB_RUN_ATTEMPT, default 1; GITHUB_RUN_ID). */
function stateScope(prefix, lane, env) {
    return { prefix, lane, runAttempt: positiveInt(env["GITHUB_RUN_ATTEMPT"]) ?? 1, runId: positiveInt(env["GITHUB_RUN_ID"]) };
}
/** A name as it may appear in a message: quoted, control characters escaped, at most 200 characters. */
function shownName(name) {
    const cut = name.length > 200 ? `${name.slice(0, 200)}…` : name;
    return JSON.stringify(cut);
}
/**
 * The state artifacts of the scope's prefix and lane among `listed` that may be considered at all,
 * newest first by server facts. `warn` receives one message per refused artifact.
 */
function screenStateArtifacts(listed, scope, warn) {
    const start = (0,src_artifacts/* artifactNamePrefix */.wz)(scope.prefix, scope.lane);
    const out = [];
    for (const info of listed) {
        if (!info.name.startsWith(start))
            continue;
        const shown = shownName(info.name);
        const parts = (0,src_artifacts/* parseArtifactName */.TZ)(info.name);
        if (!parts || parts.prefix !== scope.prefix || parts.lane !== scope.lane) {
            warn(`ignoring artifact ${shown}: its name is not a wave state name (<prefix>_<lane>_wave-<n>_attempt-<a>_<job>)`);
            continue;
        }
        if (parts.runAttempt > scope.runAttempt) {
            warn(`ignoring artifact ${shown}: its name claims run attempt ${parts.runAttempt}, but this job is attempt ${scope.runAttempt} of the run`);
            continue;
        }
        if (scope.runId !== null && info.runId !== undefined && info.runId !== scope.runId) {
            warn(`ignoring artifact ${shown}: the API lists it as an artifact of workflow run ${info.runId}, not of this run (${scope.runId})`);
            continue;
        }
        out.push({ info, parts });
    }
    return out.sort((a, b) => (0,src_artifacts/* compareNewestFirst */.a0)(a.info, b.info));
}
function why(r, dir, file) {
    if (r.missing)
        return `it has no ${file}`;
    return `its ${file} is unusable: ${r.message.replaceAll(`${dir}${(external_node_path_default()).sep}`, "")}`;
}
/**
 * Whether a downloaded state (`dir`) is what its name says: result.json (required) and
 * progress.json (when present) for the name's lane and wave and the same engine attempt, and
 * origin.json (required) naming this very artifact, its run attempt, and this workflow run.
 */
async function checkStateContents(dir, candidate, scope) {
    const { info, parts } = candidate;
    const result = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(dir, "result.json"), state_schema/* WaveResultSchema */.Sn, "result");
    if (!result.ok)
        return { ok: false, reason: why(result, dir, "result.json") };
    const r = result.value;
    if (r.lane !== parts.lane || r.wave !== parts.wave) {
        return { ok: false, reason: `its result.json is for lane ${r.lane} wave ${r.wave}, but its name says lane ${parts.lane} wave ${parts.wave}` };
    }
    const progress = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(dir, "progress.json"), state_progress/* ProgressSchema */.$L, "progress journal");
    if (progress.ok) {
        const p = progress.value;
        if (p.lane !== r.lane || p.wave !== r.wave || p.attempt !== r.attempt) {
            return {
                ok: false,
                reason: `its progress.json (lane ${p.lane} wave ${p.wave} attempt ${p.attempt}) and result.json (lane ${r.lane} wave ${r.wave} attempt ${r.attempt}) disagree`,
            };
        }
    }
    const origin = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(dir, resume_origin/* ORIGIN_FILE */.gA), resume_origin/* StateOriginSchema */.nw, "origin");
    if (!origin.ok)
        return { ok: false, reason: why(origin, dir, resume_origin/* ORIGIN_FILE */.gA) };
    const o = origin.value;
    if (o.artifact !== info.name)
        return { ok: false, reason: `its ${resume_origin/* ORIGIN_FILE */.gA} says it was uploaded as ${shownName(o.artifact)}` };
    if (o.lane !== parts.lane || o.wave !== parts.wave) {
        return { ok: false, reason: `its ${resume_origin/* ORIGIN_FILE */.gA} is for lane ${o.lane} wave ${o.wave}, but its name says lane ${parts.lane} wave ${parts.wave}` };
    }
    if (o.runAttempt !== parts.runAttempt) {
        return { ok: false, reason: `its ${resume_origin/* ORIGIN_FILE */.gA} says run attempt ${o.runAttempt}, but its name says ${parts.runAttempt}` };
    }
    if (scope.runId !== null && o.runId !== scope.runId) {
        return { ok: false, reason: `its ${resume_origin/* ORIGIN_FILE */.gA} says workflow run ${o.runId ?? "none"}, not this run (${scope.runId})` };
    }
    return { ok: true, result: r };
}

// EXTERNAL MODULE: ./src/action/state-artifact.ts
var state_artifact = __webpack_require__(36486);
;// CONCATENATED MODULE: ./src/action/handoff.ts
/**
 * Before a wave runs in a job: find earlier state of the same lane and wave in this workflow run
 * (resume), or apply the changes earlier waves of the lane left (hand-off between waves). Earlier
 * state is chosen by what the artifact service assigned and checked against its contents (see
 * resume/state-artifacts.ts); an artifact that fails a check is skipped with a warning naming it.
 */











function laneOf(inputs) {
    return loadProject({ root: inputs.root, configPath: inputs.configPath, lane: inputs.lane, project: inputs.project }).laneName;
}
/** Removes a download made by downloadState (its parent directory is the download's own). */
async function discard(dir) {
    await external_node_fs_.promises.rm(external_node_path_default().dirname(dir), { recursive: true, force: true });
}
/**
 * Downloads a candidate and checks its contents. Anything but "ok" was reported with a warning
 * naming the artifact (and its download removed).
 */
async function restoreCandidate(store, candidate, scope, tempDir, label) {
    const name = candidate.info.name;
    let dir;
    try {
        dir = await (0,state_artifact/* downloadState */.Ag)(store, candidate.info, tempDir);
    }
    catch (error) {
        core.warning(`${label}: artifact ${name} could not be restored (${(0,src_errors/* errorMessage */.gJ)(error)}); skipping it`);
        return { kind: "unreadable" };
    }
    const check = await checkStateContents(dir, candidate, scope);
    if (!check.ok) {
        core.warning(`${label}: ignoring artifact ${name}: ${check.reason}`);
        await discard(dir);
        return { kind: "refused" };
    }
    return { kind: "ok", dir, result: check.result };
}
/** The state artifacts of the lane that may be considered (refusals are warned about), newest first. */
async function laneCandidates(store, scope, label) {
    const listed = await store.list({ prefix: (0,src_artifacts/* artifactNamePrefix */.wz)(scope.prefix, scope.lane) });
    return screenStateArtifacts(listed, scope, (message) => core.warning(`${label}: ${message}`));
}
/**
 * `resume: auto`: the newest state of this lane+wave in this run (earlier attempts included) that
 * passes the checks; none, or a listing that fails, means a fresh run with a warning. An explicit
 * artifact name must exist and be readable.
 */
async function findResumeState(store, inputs, tempDir, env = process.env) {
    // The artifact client is loaded from the action's files on first use: load it now, before any
    // agent runs next to those files, so the upload at the end runs the code the step started with.
    if (store instanceof src_artifacts/* GithubArtifactStore */.vj)
        await store.prepare();
    if (inputs.resume === "never" || inputs.wave === undefined)
        return null;
    if (inputs.resume !== "auto") {
        const all = await store.list();
        const info = all.filter((a) => a.name === inputs.resume).at(-1);
        if (!info)
            throw new src_errors/* UserError */.yo(`input resume: no artifact named "${inputs.resume}" in this workflow run`);
        try {
            return { name: info.name, dir: await (0,state_artifact/* downloadState */.Ag)(store, info, tempDir) };
        }
        catch (error) {
            throw new src_errors/* UserError */.yo(`input resume: artifact "${inputs.resume}" could not be restored: ${(0,src_errors/* errorMessage */.gJ)(error)}`);
        }
    }
    const scope = stateScope(inputs.artifactPrefix, laneOf(inputs), env);
    let candidates;
    try {
        candidates = (await laneCandidates(store, scope, "resume")).filter((c) => c.parts.wave === inputs.wave);
    }
    catch (error) {
        core.warning(`resume: could not list earlier wave state (${(0,src_errors/* errorMessage */.gJ)(error)}); starting fresh`);
        return null;
    }
    for (const candidate of candidates) {
        const restored = await restoreCandidate(store, candidate, scope, tempDir, "resume");
        if (restored.kind !== "ok")
            continue;
        const progress = await (0,files/* readJsonChecked */.m8)(external_node_path_default().join(restored.dir, "progress.json"), state_progress/* ProgressSchema */.$L, "progress journal");
        if (progress.ok && Object.keys(progress.value.agents).length === 0) {
            // A run that stopped before any agent (a refused resume, a missing executor) has nothing
            // to reuse; an older state may.
            core.info(`resume: ${candidate.info.name} recorded no agent; looking at older states`);
            await discard(restored.dir);
            continue;
        }
        core.info(`resume: restoring state from artifact ${candidate.info.name}`);
        return { name: candidate.info.name, dir: restored.dir };
    }
    if (candidates.length > 0)
        core.warning("resume: no earlier state could be restored; starting fresh");
    return null;
}
/**
 * `apply-changes: previous`: the newest passed state of the highest earlier wave of the lane in this
 * run that has a state passing the checks (its changes include everything the waves before it
 * built on); explicit names are applied in the order given. This assumes the waves of a lane run
 * in order, one at a time, as wave.yml runs them (it refuses `max-parallel-waves` above 1): waves
 * running side by side would each hold only their own changes. Changes recorded on another commit
 * than the checkout's are merged 3-way from the preimages they carry (state/changes.ts).
 */
async function applyChangeArtifacts(store, inputs, tempDir, env = process.env) {
    const applied = [];
    if (inputs.applyChanges.length === 1 && inputs.applyChanges[0] === "previous") {
        if (inputs.wave === undefined)
            return applied;
        const wave = inputs.wave;
        const scope = stateScope(inputs.artifactPrefix, laneOf(inputs), env);
        const earlier = (await laneCandidates(store, scope, "apply-changes")).filter((c) => c.parts.wave < wave);
        const waves = [...new Set(earlier.map((c) => c.parts.wave))].sort((a, b) => b - a);
        if (waves.length === 0) {
            core.info("apply-changes: no earlier wave of this lane in this run");
            return applied;
        }
        for (const w of waves) {
            // Whether wave w has state that may be real: only refused (forged) candidates do not count.
            let found = false;
            for (const candidate of earlier.filter((c) => c.parts.wave === w)) {
                const restored = await restoreCandidate(store, candidate, scope, tempDir, "apply-changes");
                if (restored.kind !== "refused")
                    found = true;
                if (restored.kind !== "ok")
                    continue;
                if (restored.result.status !== "passed") {
                    core.warning(`apply-changes: ${candidate.info.name} is not a passed state of wave ${w}; looking further`);
                    continue;
                }
                await (0,changes/* applyChanges */.YF)(inputs.root, external_node_path_default().join(restored.dir, "changes"), `apply-changes ${candidate.info.name}`);
                applied.push(candidate.info.name);
                core.info(`applied the workspace changes of ${candidate.info.name} (wave ${w})`);
                return applied;
            }
            if (found)
                throw new src_errors/* UserError */.yo(`apply-changes: wave ${w} of lane ${scope.lane} has no passed state in this run to build on`);
            core.warning(`apply-changes: no usable state of wave ${w} in this run; looking at the waves before it`);
        }
        core.info("apply-changes: no earlier wave of this lane has usable state in this run");
        return applied;
    }
    const all = await store.list();
    for (const name of inputs.applyChanges) {
        const info = all.filter((a) => a.name === name).at(-1);
        if (!info)
            throw new src_errors/* UserError */.yo(`input apply-changes: no artifact named "${name}" in this workflow run`);
        const dir = await (0,state_artifact/* downloadState */.Ag)(store, info, tempDir);
        await (0,changes/* applyChanges */.YF)(inputs.root, external_node_path_default().join(dir, "changes"), `apply-changes ${info.name}`);
        applied.push(info.name);
        core.info(`applied the workspace changes of ${info.name}`);
    }
    return applied;
}

// EXTERNAL MODULE: ./src/action/inputs.ts + 1 modules
var action_inputs = __webpack_require__(24824);
;// CONCATENATED MODULE: ./src/action/outputs.ts
const OUTPUT_NAMES = [
    "status",
    "result",
    "result-file",
    "failed-agents",
    "failure-stage",
    "artifact-name",
    "artifact-id",
    "resumed-from",
    "matrix",
    "feedback-question",
    "passed-waves",
    "failed-waves",
    "changes-artifact",
    "total-cost-usd",
    "total-tokens",
];
const MAX_RESULT_OUTPUT = 60_000;
function emptyOutputs() {
    return Object.fromEntries(OUTPUT_NAMES.map((n) => [n, ""]));
}
/** result.json as compact JSON, shortened step by step until it fits. */
function compactResult(result, max = MAX_RESULT_OUTPUT) {
    const full = JSON.stringify(result);
    if (full.length <= max)
        return full;
    const cut = (s, n) => (s.length > n ? `${s.slice(0, n)}…` : s);
    const lighter = {
        ...result,
        trimmed: true,
        gates: result.gates.map((g) => ({ ...g, detail: cut(g.detail, 200) })),
        failure: result.failure ? { ...result.failure, detail: cut(result.failure.detail, 1000) } : null,
        agents: result.agents.map(({ executorHistory: _h, fingerprint: _f, ...a }) => a),
    };
    const second = JSON.stringify(lighter);
    if (second.length <= max)
        return second;
    const minimal = {
        schemaVersion: result.schemaVersion,
        lane: result.lane,
        wave: result.wave,
        attempt: result.attempt,
        status: result.status,
        startedAt: result.startedAt,
        completedAt: result.completedAt,
        durationMs: result.durationMs,
        resumedFrom: result.resumedFrom,
        trimmed: true,
        failure: lighter.failure,
        feedback: result.feedback ? { ...result.feedback, question: cut(result.feedback.question, 1000) } : null,
        agents: result.agents.map((a) => ({ id: a.id, status: a.status, statusCode: a.statusCode })),
        gates: result.gates.filter((g) => !g.ok).map((g) => ({ stage: g.stage, agentId: g.agentId, ok: g.ok, statusCode: g.statusCode })),
    };
    const third = JSON.stringify(minimal);
    return third.length <= max ? third : JSON.stringify({ ...minimal, agents: [], trimmed: true }).slice(0, max);
}
function resultOutputs(result, resultFile) {
    const failed = result.agents.filter((a) => !["succeeded", "reused", "skipped", "not-run"].includes(a.status)).map((a) => a.id);
    return {
        status: result.status,
        result: compactResult(result),
        "result-file": resultFile,
        "failed-agents": failed.join(","),
        "failure-stage": result.failure?.stage ?? "",
        "resumed-from": result.resumedFrom ?? "",
        "feedback-question": result.status === "blocked" && result.feedback ? result.feedback.question : "",
        ...usageOutputs(result.usage),
    };
}
/**
 * `total-cost-usd` (a plain number, empty when no cost is known) and `total-tokens` (input +
 * output, empty when no agent reported usage).
 */
function usageOutputs(usage) {
    const known = usage !== null && (usage.totalTokens > 0 || usage.costUsd !== null);
    return {
        "total-cost-usd": known && usage.costUsd !== null ? String(usage.costUsd) : "",
        "total-tokens": known ? String(usage.totalTokens) : "",
    };
}

;// CONCATENATED MODULE: ./src/report/text.ts
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
function text_humanDuration(ms) {
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
function text_formatUtc(value) {
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
function text_spanMs(durationMs, startedAt, completedAt) {
    if (typeof durationMs === "number" && Number.isFinite(durationMs))
        return durationMs;
    const a = parseTime(startedAt);
    const b = parseTime(completedAt);
    return a !== null && b !== null && b >= a ? b - a : null;
}
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and other two-character escapes.
const text_ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;
/** Removes ANSI escape sequences. */
function stripAnsi(text) {
    return text.replace(text_ANSI_RE, "");
}
/**
 * Text safe to show on one line of a terminal or a table: escape sequences removed, every other
 * control character (newlines and tabs included) turned into a space.
 */
function text_oneLine(text) {
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
function text_displayWidth(text) {
    let w = 0;
    for (const ch of text)
        w += codePointWidth(ch.codePointAt(0));
    return w;
}
/** Cuts plain text to at most `width` columns, ending with `…` when something was cut. */
function text_fitWidth(text, width) {
    if (width <= 0)
        return "";
    if (text_displayWidth(text) <= width)
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
function text_padTo(text, width) {
    const fitted = text_fitWidth(text, width);
    return fitted + " ".repeat(Math.max(0, width - text_displayWidth(fitted)));
}
/** Cuts text to at most `max` code points, ending with `…` when something was cut. */
function text_truncateChars(text, max) {
    if (max === null)
        return text;
    if (text.length <= max)
        return text;
    // Code points, not UTF-16 units (a surrogate pair is one character and is never split).
    const pairs = text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0;
    if (text.length - pairs <= max)
        return text;
    return text.slice(0, text_cut(text, Math.max(0, max - 1))) + "…";
}
/** UTF-16 index just after the first `n` code points. */
function text_cut(text, n) {
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
function text_plural(n, word, pluralWord = `${word}s`) {
    return `${n} ${n === 1 ? word : pluralWord}`;
}

;// CONCATENATED MODULE: ./src/report/headline.ts

/**
 * Where a wave stopped: `cont-qa (A0)` — empty for the stage "cancelled" a cancel records when
 * no stage was running, so a cancel never reads "cancelled at cancelled".
 */
function headline_failurePlace(f) {
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
            return headline_failurePlace(f) ? `cancelled during ${headline_failurePlace(f)}` : "cancelled";
        case "dry-run":
            return `dry run of ${text_plural(result.agents.length, "agent")}, nothing executed`;
    }
}
function waveName(result) {
    return `Wave ${result.wave} (lane ${result.lane})`;
}
function headline_waveHeadline(result) {
    return `${waveName(result)}: ${outcomePhrase(result)} — attempt ${result.attempt}, ${text_humanDuration(result.durationMs)}`;
}
/**
 * Whether to say an agent "ran again": it ran in a resumed run and it had run in the run resumed
 * (older results without `ranBefore` count every agent that ran in a resume).
 */
function headline_ranAgain(agent, result) {
    return result.resumedFrom !== null && agent.runs > 0 && agent.ranBefore !== false;
}

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
function formatWorkflowCommand(a) {
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
    return `::${head}::${escapeCommandData(text_truncateChars(a.message, ANNOTATION_MESSAGE_MAX))}`;
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
        const shown = sorted.slice(0, 5).map((d) => `log line ${d.line} [${d.kind}]: ${d.reason} — ${text_truncateChars(d.text, 200)}`);
        if (sorted.length > shown.length)
            shown.push(`… and ${sorted.length - shown.length} more`);
        out.push(at("warning", `${agentId}: ${text_plural(sorted.length, "marker line")} not accepted`, shown.join("\n"), waveFile, lineOf(agentLines, agentId)));
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

;// CONCATENATED MODULE: ./src/report/markdown.ts
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
    return escapeMarkdownPunctuation(escapeHtml(text_oneLine(text)));
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
    const body = escapeHtml(text_oneLine(text)).replace(/[\\`*_[\]~|$]/g, (c) => `&#${c.charCodeAt(0)};`);
    return body === "" ? "—" : `<code>${body}</code>`;
}
/**
 * Multi-line literal text as a block quote: each line escaped, with characters that would start a
 * block construct (heading, list, quote, thematic break) escaped too.
 */
function quoteBlock(text) {
    const lines = cleanLogText(text).split("\n");
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
    return `<details${open ? " open" : ""}>\n<summary>${escapeHtml(text_oneLine(summary))}</summary>\n\n${body}\n\n</details>`;
}
/** A GFM table; cells must already be escaped (use {@link escapeCell}). */
function markdown_table(headers, rows) {
    const line = (cells) => `| ${cells.join(" | ")} |`;
    return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
/** A link when the URL is http(s), plain escaped text otherwise. */
function markdown_link(text, url) {
    const label = escapeInline(text);
    if (url && /^https?:\/\/[^\s<>()]+$/i.test(url))
        return `[${label}](${url})`;
    return label;
}

;// CONCATENATED MODULE: ./src/report/usage-text.ts
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
    return `${estimated ? "≈" : ""}${formatUsd(costUsd)}`;
}
/** Whether any agent reported anything worth a column. */
function usage_text_anyUsage(agents) {
    return agents.some((a) => a.usage && ((0,usage_schema/* totalTokens */.RP)(a.usage) !== null || a.usage.costUsd !== null));
}
/** "39.9k in · 56 out". */
function usage_text_tokensCell(u) {
    if (!u || (0,usage_schema/* totalTokens */.RP)(u) === null)
        return "—";
    return `${formatTokens(u.inputTokens ?? 0)} in · ${formatTokens(u.outputTokens ?? 0)} out`;
}
function usage_text_costCell(u) {
    return u ? costText(u.costUsd, u.costEstimated) : "—";
}
/**
 * "Usage: 41,234 tokens (39.9k in, 5,000 cached · 1,332 out, 14 reasoning) · cost $0.4018" plus
 * what the cost leaves out; null when nothing used any tokens.
 */
function usage_text_usageLine(u) {
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

;// CONCATENATED MODULE: ./src/report/status-table.ts
/**
 * Plain-text views for a terminal: `wave status` (aligned columns, human durations) and the titles
 * of `::group::` blocks in a job log.
 */




/** Aligned columns; the last column is not padded. */
function status_table_formatColumns(headers, rows, options = {}) {
    const gap = " ".repeat(options.gap ?? 2);
    const clean = (s, i) => {
        const t = oneLine(s);
        const max = options.maxWidths?.[i];
        return max ? fitWidth(t, max) : t;
    };
    const all = [headers, ...rows].map((r) => r.map(clean));
    const widths = headers.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ""))));
    return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : padTo(c, widths[i]))).join(gap).trimEnd());
}
function agentNote(a, result) {
    const notes = [];
    if (a.status === "reused")
        notes.push(a.reusedFrom ? `reused from ${a.reusedFrom}` : "reused");
    else if (ranAgain(a, result))
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
    const out = [oneLine(waveHeadline(result))];
    out.push(`Started ${formatUtc(result.startedAt)}, finished ${formatUtc(result.completedAt)}`);
    if (result.waveFile)
        out.push(`Wave file: ${oneLine(result.waveFile)}`);
    if (result.resumedFrom)
        out.push(`Resumed from: ${oneLine(result.resumedFrom)}`);
    if (result.runDir)
        out.push(`Run directory: ${oneLine(result.runDir)}`);
    const usage = usageLine(result.usage);
    if (usage)
        out.push(`Usage: ${usage}`);
    out.push("");
    if (result.agents.length > 0) {
        const withUsage = anyUsage(result.agents);
        const rows = result.agents.map((a) => [
            a.id,
            a.title ?? "",
            a.role,
            a.executor,
            a.status,
            a.exitCode === null ? "-" : String(a.exitCode),
            String(a.attempts),
            String(a.runs),
            humanDuration(spanMs(a.durationMs, a.startedAt, a.completedAt)),
            ...(withUsage ? [tokensCell(a.usage), costCell(a.usage)] : []),
            agentNote(a, result),
        ]);
        const headers = ["AGENT", "TITLE", "ROLE", "EXECUTOR", "STATUS", "EXIT", "ATTEMPTS", "RUNS", "DURATION", ...(withUsage ? ["TOKENS", "COST"] : []), "NOTE"];
        const widths = [12, 32, 16, 10, 15, 5, 8, 5, 9, ...(withUsage ? [22, 11] : []), 60];
        out.push(...status_table_formatColumns(headers, rows, { maxWidths: widths }));
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
        out.push(...status_table_formatColumns(["GATE", "AGENT", "RESULT", "CODE", "DETAIL"], rows, { maxWidths: [24, 8, 7, 36, 80] }));
    }
    const environments = renderEnvironmentsText(extras.deployments ?? []);
    if (environments.length > 0)
        out.push("", ...environments);
    const f = result.failure;
    if (f) {
        out.push("");
        const place = failurePlace(f);
        out.push(`${place ? `Stopped at ${oneLine(place)}` : "Stopped"}: ${oneLine(f.statusCode)} — ${truncateChars(oneLine(f.detail), 400)}`);
        if (f.log)
            out.push(`Log: ${oneLine(f.log)}`);
    }
    const fb = result.feedback;
    if (fb) {
        out.push("");
        out.push(`Question from ${oneLine(fb.agentId)} (asked ${formatUtc(fb.askedAt)}): ${truncateChars(oneLine(fb.question), 1000)}`);
        if (fb.answer !== null)
            out.push(`Answer: ${truncateChars(oneLine(fb.answer), 1000)}`);
        else if (result.status === "blocked")
            out.push(`Answer it with: wave run --wave ${result.wave} --feedback "<answer>"`);
    }
    return `${out.join("\n")}\n`;
}
/** `A1 — Build the parser (implementation, codex): succeeded in 1m 2s`, one line, at most 200 characters. */
function renderLogGroupTitle(agent) {
    let s = text_oneLine(agent.id);
    if (agent.title)
        s += ` — ${text_oneLine(agent.title)}`;
    const facts = [agent.role, agent.executor].filter((x) => !!x).map(text_oneLine);
    if (facts.length > 0)
        s += ` (${facts.join(", ")})`;
    if (agent.status) {
        s += `: ${text_oneLine(agent.status)}`;
        if (typeof agent.durationMs === "number")
            s += ` in ${text_humanDuration(agent.durationMs)}`;
    }
    return text_truncateChars(s, 200);
}
/**
 * What to do next after a local run (`wave run`, `wave demo`): where the result is and the command
 * that follows from the outcome. One suggestion per line.
 */
function renderNextSteps(result, options = {}) {
    const out = [];
    if (options.resultFile)
        out.push(`Result: ${oneLine(options.resultFile)}`);
    const f = result.failure;
    const w = result.wave;
    switch (result.status) {
        case "failed":
            if (f?.agentId)
                out.push(`See why: wave logs --wave ${w} --agent ${oneLine(f.agentId)}`);
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

;// CONCATENATED MODULE: ./src/report/deployments.ts
/**
 * The environments view: the last `[deploy-status] service=<id> state=<state> [detail=…]` each
 * agent printed (its execution summary's `deployStatus`), one row per service — the job summary's
 * "Environments" table and the ENVIRONMENT lines of `wave status`. When several agents report the
 * same service, each report is its own row (they are listed in agent order).
 */






/** The deploy-status of each agent that printed one, read from the run's execution summaries. */
async function readDeployments(result, runDir) {
    const run = (0,state_paths/* runPathsOf */.pf)(runDir, result.attempt);
    const rows = [];
    for (const agent of result.agents) {
        if (agent.status === "not-run")
            continue;
        const summary = await (0,files/* readJsonChecked */.m8)((0,state_paths/* agentPaths */.SR)(run, agent.id).summary, ExecutionSummarySchema, "execution summary");
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
        escapeCell(r.service),
        escapeCell(STATE_MARK[r.state] ?? r.state),
        escapeCell(r.agentId),
        escapeCell(r.detail === null ? null : text_truncateChars(r.detail, detailChars)),
    ]);
    return `### Environments\n\nThe last \`[deploy-status]\` each agent printed.\n\n${markdown_table(["Environment", "State", "Reported by", "Detail"], body)}`;
}
/** Lines of `wave status` for the deployments (none without). */
function deployments_renderEnvironmentsText(rows) {
    if (rows.length === 0)
        return [];
    return formatColumns(["ENVIRONMENT", "STATE", "AGENT", "DETAIL"], rows.map((r) => [r.service, r.state, r.agentId, r.detail ?? ""]), { maxWidths: [32, 11, 12, 80] });
}

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
function renderGantt(chart, maxChars = DEFAULT_GANTT_MAX_CHARS) {
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
    while (lines.length > 0 && cleanLogText(lines[lines.length - 1]).trim() === "") {
        lines.pop();
        blankEnd++;
    }
    if (lines.length === 0)
        return null;
    const totalLines = cut ? countNewlines(raw) + 1 - blankEnd : lines.length;
    const kept = lines.slice(-want).map((l) => text_truncateChars(cleanLogText(headOfLine(l)), MAX_LINE_CHARS));
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
    return details(summary, codeFence(lines.join("\n")));
}
/** The tail block in full. */
function renderTail(src) {
    return { agentId: src.agentId, text: renderLines(src, src.lines, false), shownLines: src.lines.length, shortened: false };
}
/** The tail block in at most `budget` bytes, or null when not even a short excerpt fits. */
function fitTail(src, budget, full = renderTail(src)) {
    if (byteLength(full.text) <= budget)
        return full;
    // Most trailing lines that fit: sizes from the end, then one render to confirm (a shorter
    // excerpt can only need the same or a shorter fence, so stepping down always converges).
    const overhead = byteLength(renderLines(src, [], true)) + 16;
    let k = 0;
    let used = overhead;
    for (let i = src.lines.length - 1; i >= 0; i--) {
        const size = byteLength(src.lines[i]) + 1;
        if (used + size > budget)
            break;
        used += size;
        k++;
    }
    while (k >= 1) {
        const lines = src.lines.slice(-k);
        const text = renderLines(src, lines, true);
        if (byteLength(text) <= budget)
            return { agentId: src.agentId, text, shownLines: k, shortened: true };
        k--;
    }
    // Not even one whole line: keep the end of the last line.
    const last = src.lines[src.lines.length - 1];
    const room = budget - overhead - 8;
    if (room < MIN_CONTENT_BYTES)
        return null;
    const text = renderLines(src, [`…${tailUtf8(last, room)}`], true);
    if (byteLength(text) > budget)
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
        return { rendered, size: byteLength(rendered.text) + separatorBytes };
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
function phaseLabel(stage) {
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
    const start = parseTime(agent.startedAt);
    if (start === null)
        return null;
    let end = parseTime(agent.completedAt);
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
    const waveEnd = parseTime(result.completedAt);
    const byPhase = new Map();
    const push = (phase, task) => {
        const list = byPhase.get(phase) ?? [];
        list.push(task);
        byPhase.set(phase, list);
    };
    const known = new Set(PHASE_ORDER);
    const otherStages = [];
    for (const stage of result.stages ?? []) {
        const start = parseTime(stage.startedAt);
        if (start === null)
            continue;
        const end = parseTime(stage.completedAt) ?? waveEnd ?? start;
        const task = { name: `stage ${phaseLabel(stage.stage)}`, start, end: Math.max(start, end) };
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
        sections.push({ name: phaseLabel(phase), tasks: byPhase.get(phase) });
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
function wavesTimeline(results, maxTasksPerWave = 40) {
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

;// CONCATENATED MODULE: ./src/report/wave-summary.ts
/**
 * The job summary of one wave (markdown for `core.summary.addRaw`): status line, facts, human
 * feedback, the failure with the failing agents' last log lines, agents and gates tables, rejected
 * markers and a Mermaid timeline — always under `maxBytes`, shortening the largest parts first
 * (log tails, then detail columns, then table rows and the timeline) with a visible note.
 */










const DEFAULT_SUMMARY_MAX_BYTES = 1_048_576;
const DEFAULT_TAIL_LINES = 60;
const DETAIL_LEVELS = [
    { detail: null, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
    { detail: 300, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
    { detail: 100, rows: 1000, ganttChars: 20_000 },
    { detail: 60, rows: 200, ganttChars: 8_000 },
    { detail: 40, rows: 50, ganttChars: 3_000 },
    { detail: 20, rows: 10, ganttChars: 0 },
];
const RAN_BAD = new Set(["failed", "timed-out", "idle-timeout", "budget-exceeded", "cancelled"]);
function cap(text, level, factor = 1) {
    return text_truncateChars(text, level.detail === null ? null : level.detail * factor);
}
/** Keeps at most `max` items, preferring those `important` selects, in their original order. */
function limitRows(items, max, important) {
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
        return markdown_link(agent.id, `${base}/${path}#L${line}`);
    }
    return escapeCell(agent.id);
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
    if (headline_ranAgain(agent, result))
        return "ran again";
    return "—";
}
function agentsTable(input, level, notes) {
    const { result } = input;
    if (result.agents.length === 0)
        return "### Agents\n\nNo agents.";
    const { kept, dropped } = limitRows(result.agents, level.rows, (a) => RAN_BAD.has(a.status) || a.id === result.failure?.agentId);
    // Tokens and cost columns once any agent's CLI reported usage.
    const usage = usage_text_anyUsage(result.agents);
    const rows = kept.map((a) => [
        agentCell(a, input),
        escapeCell(a.title ? cap(a.title, level) : null),
        escapeCell(a.role),
        escapeCell(executorText(a)),
        escapeCell(statusText(a)),
        `${a.attempts} / ${a.runs}`,
        escapeCell(text_humanDuration(text_spanMs(a.durationMs, a.startedAt, a.completedAt))),
        ...(usage ? [escapeCell(usage_text_tokensCell(a.usage)), escapeCell(usage_text_costCell(a.usage))] : []),
        escapeCell(reuseText(a, result)),
    ]);
    const headers = ["Agent", "Title", "Role", "Executor", "Status", "Attempts / runs", "Duration", ...(usage ? ["Tokens", "Cost"] : []), "Reuse"];
    let out = `### Agents\n\n${markdown_table(headers, rows)}`;
    if (dropped > 0) {
        out += `\n\n${text_plural(dropped, "more agent")} not shown (see result.json in the artifact).`;
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
    const { kept, dropped } = limitRows(result.gates, level.rows, (g) => !g.ok);
    const rows = kept.map((g) => [
        escapeCell(g.componentId ? `${g.stage} (${g.componentId})` : g.stage),
        escapeCell(g.agentId),
        gateResultText(g),
        inlineCode(g.statusCode),
        escapeCell(cap(g.detail, level)),
    ]);
    let out = `### Gates\n\n${markdown_table(["Stage", "Agent", "Result", "Status code", "Detail"], rows)}`;
    if (dropped > 0) {
        out += `\n\n${text_plural(dropped, "more gate")} not shown.`;
        notes.push(`gates table limited to ${level.rows} rows`);
    }
    return out;
}
function diagnosticsTable(diags, level, notes) {
    if (diags.length === 0)
        return null;
    const sorted = [...diags].sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.line - b.line));
    const { kept, dropped } = limitRows(sorted, level.rows, (d) => d.severity !== "warning");
    const withSeverity = diags.some((d) => d.severity === "warning");
    const rows = kept.map((d) => {
        const cells = [escapeCell(d.agentId), String(d.line), escapeCell(d.kind), escapeCell(cap(d.reason, level)), inlineCode(cap(d.text, level))];
        if (withSeverity)
            cells.splice(2, 0, d.severity === "warning" ? "warning" : "rejected");
        return cells;
    });
    const headers = ["Agent", "Log line", "Kind", "Problem", "Line"];
    if (withSeverity)
        headers.splice(2, 0, "Result");
    let out = "### Marker lines that were not accepted\n\nThese lines looked like structured markers but did not count for any gate.\n\n" +
        markdown_table(headers, rows);
    if (dropped > 0) {
        out += `\n\n${text_plural(dropped, "more marker line")} not shown.`;
        notes.push(`marker table limited to ${level.rows} rows`);
    }
    return out;
}
function factsList(input) {
    const { result } = input;
    const facts = [];
    facts.push(`- Started ${escapeInline(text_formatUtc(result.startedAt))}, finished ${escapeInline(text_formatUtc(result.completedAt))}`);
    const file = input.waveFile ?? result.waveFile;
    if (file)
        facts.push(`- Wave file: ${inlineCode(file)}`);
    const counts = new Map();
    for (const a of result.agents)
        counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    if (counts.size > 0) {
        facts.push(`- Agents: ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
    }
    const resumed = input.resume?.source ?? result.resumedFrom;
    if (resumed) {
        const reused = result.agents.filter((a) => a.status === "reused").map((a) => a.id);
        const src = input.resume?.url ? markdown_link(resumed, input.resume.url) : inlineCode(resumed);
        const what = reused.length > 0 ? `; reused ${escapeInline(text_truncateChars(reused.join(", "), 300))}` : "; nothing reused";
        facts.push(`- Resumed from ${src}${what}`);
    }
    const usage = usage_text_usageLine(result.usage);
    if (usage)
        facts.push(`- Usage: ${escapeInline(usage)}`);
    if (input.artifact) {
        facts.push(`- Artifact: ${markdown_link(input.artifact.name, input.artifact.url)}`);
    }
    const who = result.agentUser;
    if (who) {
        facts.push(who.mode === "separate"
            ? `- Agents ran as the OS user ${inlineCode(who.user ?? "?")}, apart from the orchestrator`
            : `- ⚠️ **Agents shared the orchestrator's OS user**: ${escapeInline(who.detail)}`);
    }
    return facts.join("\n");
}
function feedbackSection(result, level) {
    const fb = result.feedback;
    if (!fb)
        return null;
    const asked = `${escapeInline(fb.agentId)} asked at ${escapeInline(text_formatUtc(fb.askedAt))}:`;
    const question = quoteBlock(cap(fb.question, level, 20));
    if (fb.answer === null) {
        const hint = result.status === "blocked"
            ? `\n\nTo answer, run this wave again with the answer in the action's \`feedback\` input (locally: \`wave run --wave ${result.wave} --feedback "…"\`). The answer reaches ${escapeInline(fb.agentId)}'s prompt and only what is needed runs again.`
            : "";
        return `### Waiting for a human answer\n\n${asked}\n\n${question}${hint}`;
    }
    return `### Human feedback\n\n${asked}\n\n${question}\n\nAnswer given to this run:\n\n${quoteBlock(cap(fb.answer, level, 20))}`;
}
function failureSection(result, level) {
    const f = result.failure;
    if (!f)
        return null;
    const heading = result.status === "cancelled" ? "Cancellation" : result.status === "blocked" ? "Blocked" : "Failure";
    const agent = f.agentId ? result.agents.find((a) => a.id === f.agentId) : undefined;
    const lines = [`- Stage: ${escapeInline(f.stage)}`];
    if (f.agentId) {
        const title = agent?.title ? ` — ${escapeInline(cap(agent.title, level))}` : "";
        lines.push(`- Agent: ${escapeInline(f.agentId)}${title}`);
    }
    lines.push(`- Status code: ${inlineCode(f.statusCode)}`);
    if (f.detail)
        lines.push(`- Detail: ${escapeInline(cap(f.detail, level, 4))}`);
    if (f.log)
        lines.push(`- Log: ${inlineCode(f.log)}`);
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
    const g = renderGantt(chart, level.ganttChars);
    if (g.tasks === 0)
        return null;
    let out = `### Timeline\n\n${codeFence(g.text, "mermaid")}`;
    const off = result.agents.filter((a) => a.status === "reused" || a.status === "not-run" || a.status === "skipped");
    if (off.length > 0) {
        out += `\n\nNot on the timeline (did not run in this attempt): ${escapeInline(text_truncateChars(off.map((a) => `${a.id} (${a.status})`).join(", "), 500))}.`;
    }
    if (g.omittedTasks > 0) {
        out += `\n\n${text_plural(g.omittedTasks, "more bar")} left out of the timeline to keep the diagram small enough to render.`;
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
        const { kept, dropped } = limitRows(rows, level.rows, () => true);
        if (dropped > 0)
            notes.push(`${dropped} sandbox row(s) left out`);
        lines.push("", `**Sandbox blocked ${text_plural(total, "request")}**`, "", markdown_table(["Agent", "Host", "Port", "Count", "Allow with"], kept.map((r) => [escapeCell(r.agentId), escapeCell(r.host), r.port === null ? "—" : String(r.port), String(r.count), inlineCode(r.setting)])));
    }
    const other = report.agents.flatMap((a) => a.other.map((o) => ({ agentId: a.agentId, ...o })));
    if (other.length > 0) {
        const { kept, dropped } = limitRows(other, level.rows, () => true);
        if (dropped > 0)
            notes.push(`${dropped} other sandbox denial(s) left out`);
        lines.push("", "Other denials:", "", ...kept.map((o) => `- ${escapeCell(o.agentId)}: ${inlineCode(o.line)} (${o.count}×)`));
    }
    lines.push("", `Not recorded: ${NOT_RECORDED}.`);
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
    const environments = renderEnvironmentsMarkdown(input.deployments ?? [], level.detail);
    if (environments)
        post.push(environments);
    const diags = diagnosticsTable(input.markerDiagnostics ?? [], level, notes);
    if (diags)
        post.push(diags);
    if (input.modelProxy)
        post.push(renderProxyMarkdown(input.modelProxy).trimEnd());
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
    const limit = maxBytes === DEFAULT_SUMMARY_MAX_BYTES ? "GitHub's 1 MiB job summary limit" : `the ${maxBytes}-byte summary limit`;
    const text = text_truncateChars(notes.join("; "), 600);
    return `> **Note:** shortened to fit ${limit}: ${escapeInline(text)}. The artifact has the full logs and result.json.`;
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
    const maxBytes = Math.max(0, Math.floor(options.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES));
    const headline = `## ${escapeInline(headline_waveHeadline(input.result))}`;
    const sources = tailSources(input, options.tailLines ?? DEFAULT_TAIL_LINES);
    const NOTE_RESERVE = 900;
    for (const level of DETAIL_LEVELS) {
        const r = renderAtLevel(input, level);
        const fixedNotes = r.notes.length > 0 || sources.length > 0 ? noteBlock([...r.notes, "x"], maxBytes) : null;
        const fixed = byteLength(assemble(headline, fixedNotes, r, []));
        if (fixed > maxBytes)
            continue;
        if (sources.length === 0) {
            const doc = assemble(headline, noteBlock(r.notes, maxBytes), r, []);
            if (byteLength(doc) <= maxBytes)
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
            const size = byteLength(doc);
            if (size <= maxBytes)
                return doc;
            budget -= size - maxBytes + 64;
        }
    }
    // Nothing fits (a tiny limit): the status line and the note, cut to the limit.
    const last = `${headline}\n\n${noteBlock(["everything but the status line left out"], maxBytes)}\n`;
    return truncateUtf8(last, maxBytes);
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
const STEP_SUMMARY_MAX_BYTES = DEFAULT_SUMMARY_MAX_BYTES;
const CUT_NOTE = "\n\n> **Note:** the summary was cut here to fit GitHub's 1 MiB job summary limit.\n";
/** Bytes already in the step's summary file (it is the step's own: the runner gives each step one). */
async function bytesInFile(file) {
    if (!file)
        return 0;
    try {
        return (await (0,promises_.stat)(file)).size;
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
    const parts = state_schema/* WAVE_STATUSES */.x7.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`);
    if (missing.length > 0)
        parts.push(`${missing.length} without a result`);
    if (parts.length === 0)
        parts.push("no results");
    return `${waveRange(results)}${laneText}: ${parts.join(", ")} — ${text_humanDuration(wallTime(results))}`;
}
function wavesTable(results, extras, level, notes) {
    const lanes = new Set(results.map((r) => r.lane));
    const multiLane = lanes.size > 1;
    const sorted = [...results].sort((a, b) => a.wave - b.wave || a.lane.localeCompare(b.lane));
    const { kept, dropped } = limitRows(sorted, level.rows, (r) => r.status !== "passed");
    const withCost = results.some((r) => usage_text_usageLine(r.usage) !== null);
    const headers = ["Wave", "Status", "Attempt", "Duration", ...(withCost ? ["Cost"] : []), "Failure stage", "Failed agent", "Resumed from", "Artifact"];
    if (multiLane)
        headers.splice(1, 0, "Lane");
    const rows = kept.map((r) => {
        const art = artifactFor(r, extras);
        const cells = [
            String(r.wave),
            escapeCell(r.status),
            String(r.attempt),
            escapeCell(text_humanDuration(r.durationMs)),
            ...(withCost ? [escapeCell(r.usage ? costText(r.usage.costUsd, r.usage.costEstimated) : "—")] : []),
            escapeCell(r.failure?.stage ?? null),
            escapeCell(r.failure?.agentId ?? (r.status === "blocked" ? r.feedback?.agentId : null) ?? null),
            r.resumedFrom ? inlineCode(text_truncateChars(r.resumedFrom, level.detail ?? 200)) : "—",
            art ? markdown_link(art.name, art.url) : "—",
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
    let out = `### Waves\n\n${markdown_table(headers, rows)}`;
    if (dropped > 0) {
        out += `\n\n${text_plural(dropped, "more wave")} not shown.`;
        notes.push(`waves table limited to ${level.rows} rows`);
    }
    return out;
}
function problemsSection(results, level, notes) {
    const bad = [...results].filter((r) => r.status !== "passed" && r.status !== "dry-run").sort((a, b) => a.wave - b.wave);
    if (bad.length === 0)
        return null;
    const { kept, dropped } = limitRows(bad, level.rows, () => true);
    const cap = (t, factor = 1) => text_truncateChars(t, level.detail === null ? null : level.detail * factor);
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
        out += `\n\n${text_plural(dropped, "more wave")} not listed.`;
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
        out += `\n\n${text_plural(g.omittedTasks, "more bar")} left out of the timeline.`;
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
            blocks.push(`Run: ${markdown_link("workflow run", extras.runUrl)}`);
        const total = usage_text_usageLine((0,usage_totals/* addWaveUsage */.O)(results.map((r) => r.usage)));
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
            const text = text_truncateChars(text_oneLine(event.text), LAST_TEXT_MAX);
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
                    last: event.from ? text_truncateChars(text_oneLine(`reused from ${event.from}`), LAST_TEXT_MAX) : "reused",
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
            return { ...base, warnings: [...model.warnings, text_truncateChars(text_oneLine(event.message), LAST_TEXT_MAX)].slice(-WARNINGS_KEPT) };
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

;// CONCATENATED MODULE: ./src/report/progress/prefix.ts
/**
 * `stream-logs`: every complete line of an agent's output prefixed with `[A1] `, partial lines
 * carried between chunks. The prefix also keeps agent output from starting a line with `::`, so an
 * agent cannot issue workflow commands through the job log.
 */
/** A partial line longer than this is emitted as a line of its own (bounded memory). */
const MAX_CARRY_CHARS = 16 * 1024;
function linePrefix(agentId) {
    return `[${agentId.replace(/[\u0000-\u001f\u007f\]]/g, "")}] `;
}
/** Prefixes the complete lines of `carry + chunk`; `\r\n` endings become `\n`. */
function prefixLines(agentId, chunk, carry = "") {
    const prefix = linePrefix(agentId);
    const data = carry + chunk;
    const parts = data.split("\n");
    let rest = parts.pop();
    let text = "";
    for (const line of parts)
        text += `${prefix}${line.endsWith("\r") ? line.slice(0, -1) : line}\n`;
    while (rest.length > MAX_CARRY_CHARS) {
        text += `${prefix}${rest.slice(0, MAX_CARRY_CHARS)}\n`;
        rest = rest.slice(MAX_CARRY_CHARS);
    }
    return { text, carry: rest };
}
/** The last, unterminated line at the end of a stream (empty when there is none). */
function flushPrefixed(agentId, carry) {
    if (carry === "")
        return "";
    const line = carry.endsWith("\r") ? carry.slice(0, -1) : carry;
    return `${linePrefix(agentId)}${line}\n`;
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
    const lane = model.lane ? ` (lane ${text_oneLine(model.lane)})` : "";
    const attempt = model.attempt ? ` attempt ${model.attempt}` : "";
    return `${wave}${lane}${attempt}`;
}
function outcome(model) {
    if (!model.status)
        return null;
    const f = model.failure;
    if (!f || model.status === "passed" || !headline_failurePlace(f))
        return model.status;
    return `${model.status} at ${text_oneLine(headline_failurePlace(f))}`;
}
function waveElapsed(model, now) {
    if (model.startedAt === null)
        return null;
    return Math.max(0, (model.endedAt ?? now) - model.startedAt);
}
/** Lines of the live table (no trailing newlines). */
function render_renderTtyTable(model, options) {
    const columns = Math.max(20, Math.floor(options.columns ?? 80));
    const width = columns - 1;
    const now = options.now;
    const paint = (state, text) => (options.color && COLORS[state] ? `${COLORS[state]}${text}${RESET}` : text);
    const header = [waveLabel(model), humanDuration(waveElapsed(model, now))];
    const done = outcome(model);
    if (done)
        header.push(done);
    else if (model.stage)
        header.push(`stage ${oneLine(model.stage)}`);
    header.push(counts(model));
    const lines = [fitWidth(header.join(" · "), width)];
    // Column widths: agent, state, elapsed, stage fixed; title and last share the rest.
    const idW = Math.min(10, Math.max(5, ...model.agents.map((a) => oneLine(a.id).length)));
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
            const cells = [padTo(id, idW)];
            if (titleW > 0)
                cells.push(padTo(title, titleW));
            const st = padTo(state, stateW);
            cells.push(colored && paintState ? paint(paintState, st) : st);
            cells.push(padTo(time, timeW));
            if (stageW > 0)
                cells.push(padTo(stage, stageW));
            if (lastW > 0)
                cells.push(fitWidth(last, lastW));
            return cells.join(" ").trimEnd();
        };
        const plain = build(false);
        // A terminal too narrow for the fixed columns: cut the plain row (colors would miscount).
        if (displayWidth(plain) > width)
            return fitWidth(plain, width);
        return options.color ? build(true) : plain;
    };
    lines.push(row("AGENT", "TITLE", "STATE", "ELAPSED", "STAGE", "LAST MARKER / PHASE"));
    const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
    const room = Math.max(0, maxLines - lines.length);
    const agents = model.agents;
    const shown = agents.length > room ? agents.slice(0, Math.max(0, room - 1)) : agents;
    for (const a of shown) {
        lines.push(row(oneLine(a.id), oneLine(a.title ?? ""), a.state, humanDuration(agentElapsed(a, now)).replace("—", ""), oneLine(a.phase ?? ""), a.last ?? "", a.state));
    }
    if (shown.length < agents.length && room > 0) {
        const hidden = agents.slice(shown.length);
        const running = hidden.filter((a) => a.state === "running").length;
        lines.push(fitWidth(`… ${plural(hidden.length, "more agent")} (${running} running)`, width));
    }
    return lines.slice(0, Math.max(1, Math.min(lines.length, maxLines)));
}
function plainText(event) {
    switch (event.type) {
        case "wave-start": {
            const resumed = event.resumedFrom ? `, resumed from ${event.resumedFrom}` : "";
            return `wave ${event.wave} (lane ${event.lane}) attempt ${event.attempt}: ${text_plural(event.agents.length, "agent")}${resumed}`;
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
            const took = typeof event.durationMs === "number" ? ` after ${text_humanDuration(event.durationMs)}` : "";
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
            const where = event.status !== "passed" && headline_failurePlace(f) ? ` at ${headline_failurePlace(f)}` : "";
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
    const line = text_oneLine(text);
    return options.clock ? `[${formatClock(event.at)}] ${line}` : line;
}
const LIST_MAX = 6;
function render_list(agents, item) {
    const shown = agents.slice(0, LIST_MAX).map(item);
    if (agents.length > LIST_MAX)
        shown.push(`+${agents.length - LIST_MAX} more`);
    return shown.join(", ");
}
/** `wave 3 (lane main) attempt 1 · 2m 10s · stage implementation · running: A1 1m 40s · done: A3 succeeded · pending: 2`. */
function renderStatusLine(model, now) {
    const parts = [waveLabel(model), text_humanDuration(waveElapsed(model, now))];
    const done = outcome(model);
    if (done)
        parts.push(done);
    else if (model.stage)
        parts.push(`stage ${text_oneLine(model.stage)}`);
    const running = model.agents.filter((a) => a.state === "running");
    const finished = model.agents.filter((a) => a.state !== "running" && a.state !== "pending");
    const pending = model.agents.filter((a) => a.state === "pending");
    if (running.length > 0)
        parts.push(`running: ${render_list(running, (a) => `${text_oneLine(a.id)} ${text_humanDuration(model_agentElapsed(a, now))}`)}`);
    if (finished.length > 0)
        parts.push(`done: ${render_list(finished, (a) => `${text_oneLine(a.id)} ${a.state}`)}`);
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

;// CONCATENATED MODULE: ./src/report/index.ts
/**
 * What users see: job summaries, annotations, live progress, terminal views. Pure string
 * functions except `adapters.ts`, the `TtyRenderer` and `readDeployments` (which reads the run's
 * execution summaries).
 */





















// EXTERNAL MODULE: ./src/security/variants.ts
var variants = __webpack_require__(24290);
;// CONCATENATED MODULE: ./src/action/progress.ts
/**
 * Live progress in the job log: with stream-logs every agent's output line prefixed with its id;
 * otherwise one line per event plus a compact status line every 30 s, which doubles as a
 * heartbeat so a quiet job never looks hung.
 */





const STATUS_INTERVAL_MS = 30_000;
function createJobLogProgress(options) {
    const write = options.write ?? ((line) => core.info(line));
    let model = createProgressModel();
    const carries = new Map();
    const decoders = new Map();
    // Agent output is redacted as raw bytes, before it is decoded, split into lines and prefixed (a
    // prefix or a line split inside a secret would hide it from redaction).
    const scanners = new Map();
    const emitOutput = (agentId, parts) => {
        let decoder = decoders.get(agentId);
        if (!decoder)
            decoders.set(agentId, (decoder = new external_node_string_decoder_.StringDecoder("utf8")));
        for (const part of parts) {
            const { text, carry } = prefixLines(agentId, decoder.write(part), carries.get(agentId) ?? "");
            carries.set(agentId, carry);
            if (text)
                write(options.redactor.redact(text.replace(/\n$/, "")));
        }
    };
    const timer = setInterval(() => {
        model = applyProgressEvent(model, { type: "tick", at: Date.now() });
        write(options.redactor.redact(renderStatusLine(model, Date.now())));
    }, options.intervalMs ?? STATUS_INTERVAL_MS);
    timer.unref();
    return {
        onEvent(e) {
            if (e.type === "agent-output") {
                if (!options.streamLogs)
                    return;
                let scanner = scanners.get(e.agentId);
                if (!scanner)
                    scanners.set(e.agentId, (scanner = options.redactor.createScanner()));
                // Live output: what the scanner holds back is written at once unless it could be the
                // beginning of a secret.
                emitOutput(e.agentId, [...scanner.push(e.chunk), ...scanner.flushHeld(variants/* MIN_VARIANT_LENGTH */.gA)]);
                return;
            }
            if (e.type === "agent-end" && options.streamLogs) {
                const scanner = scanners.get(e.agentId);
                scanners.delete(e.agentId);
                if (scanner)
                    emitOutput(e.agentId, scanner.end());
                const decoder = decoders.get(e.agentId);
                decoders.delete(e.agentId);
                const last = decoder?.end() ?? "";
                const rest = flushPrefixed(e.agentId, (carries.get(e.agentId) ?? "") + last);
                carries.delete(e.agentId);
                if (rest)
                    write(options.redactor.redact(rest.replace(/\n$/, "")));
            }
            if (e.type === "warning")
                core.warning(options.redactor.redact(e.message));
            if (e.type === "notice")
                core.info(options.redactor.redact(e.message));
            // Events carry agent ids, titles and messages: redacted before the model and the lines see them.
            const raw = progressEventFromEngine(e, Date.now());
            if (!raw)
                return;
            const pe = (0,redact/* redactValue */.FI)(raw, options.redactor);
            model = applyProgressEvent(model, pe);
            const line = renderPlainLine(pe);
            if (line)
                write(options.redactor.redact(line));
        },
        close() {
            clearInterval(timer);
        },
    };
}

;// CONCATENATED MODULE: ./src/action/report-mode.ts
/**
 * mode: report — the reusable workflow's last job. Reads the newest state of every planned wave of
 * the lane from this run's artifacts, writes ONE aggregated job summary, and sets the outputs
 * status, passed-waves, failed-waves and changes-artifact. "Newest" is decided by the artifact
 * service's ids, and a state counts only when its contents agree with its name and this run (see
 * resume/state-artifacts.ts), so an artifact uploaded under a forged name cannot decide a wave.
 */














/**
 * Newest readable result per wave among screened candidates (already newest first); `read` returns
 * null for a candidate that cannot be read or fails its checks, and the next older one is tried.
 */
async function latestResults(candidates, read) {
    const out = new Map();
    for (const candidate of candidates) {
        const wave = candidate.parts.wave;
        if (out.has(wave))
            continue;
        const result = await read(candidate);
        if (result)
            out.set(wave, { wave, artifact: candidate.info, result });
    }
    return out;
}
async function runReport(inputs, outputs, redactor, env) {
    const project = loadProject({ root: inputs.root, configPath: inputs.configPath, lane: inputs.lane, project: inputs.project });
    const lane = laneOf(inputs);
    const selection = parseWaveSelection(inputs.waves);
    if (!selection.ok)
        throw new src_errors/* UserError */.yo(`input waves: ${selection.error}`);
    const planned = selection.waves === "all" ? project.waves.map((w) => w.wave) : selection.waves;
    const store = new src_artifacts/* GithubArtifactStore */.vj({ token: inputs.githubToken || undefined, env });
    const tempDir = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(env.RUNNER_TEMP || external_node_os_default().tmpdir(), "wave-report-"));
    const scope = stateScope(inputs.artifactPrefix, lane, env);
    const listed = await store.list({ prefix: (0,src_artifacts/* artifactNamePrefix */.wz)(inputs.artifactPrefix, lane) });
    const candidates = screenStateArtifacts(listed, scope, (message) => core.warning(`report: ${message}`));
    const entries = await latestResults(candidates, async (candidate) => {
        const restored = await restoreCandidate(store, candidate, scope, tempDir, "report");
        return restored.kind === "ok" ? restored.result : null;
    });
    const results = planned.map((w) => entries.get(w)?.result).filter((r) => r !== undefined);
    const missingWaves = planned.filter((w) => !entries.has(w));
    const passed = planned.filter((w) => entries.get(w)?.result.status === "passed" || entries.get(w)?.result.status === "dry-run");
    const failed = planned.filter((w) => !passed.includes(w));
    const lastPassed = [...passed].sort((a, b) => a - b).at(-1);
    const artifacts = Object.fromEntries([...entries.values()].map((e) => [String(e.wave), { name: e.artifact.name, id: e.artifact.id }]));
    // Redact what is rendered before rendering it (escaping or cutting a secret hides it from redaction).
    const markdown = redactor.redact(renderAggregateSummary((0,redact/* redactValue */.FI)(results, redactor), { artifacts: (0,redact/* redactValue */.FI)(artifacts, redactor), missingWaves }));
    if (env.GITHUB_STEP_SUMMARY)
        await writeJobSummary(markdown, core.summary);
    outputs.status = failed.length === 0 && planned.length > 0 ? "passed" : "failed";
    outputs["passed-waves"] = passed.join(",");
    outputs["failed-waves"] = failed.join(",");
    Object.assign(outputs, usageOutputs((0,usage_totals/* addWaveUsage */.O)(results.map((r) => r.usage))));
    outputs["changes-artifact"] = lastPassed !== undefined && failed.length === 0 ? (entries.get(lastPassed)?.artifact.name ?? "") : "";
    outputs.result = JSON.stringify({
        lane,
        status: outputs.status,
        waves: planned.map((w) => {
            const e = entries.get(w);
            return e ? JSON.parse(compactResult((0,redact/* redactValue */.FI)(e.result, redactor), 4000)) : { wave: w, status: "missing" };
        }),
    }).slice(0, 60_000);
    core.info(`lane ${lane}: passed waves [${passed.join(", ")}], failed or missing waves [${failed.join(", ")}]`);
    if (outputs.status !== "passed") {
        throw new src_errors/* UserError */.yo(`lane ${lane}: ${failed.length} of ${planned.length} wave(s) did not pass (${failed.join(", ") || "none planned"})`);
    }
}

;// CONCATENATED MODULE: ./src/executors/local/markers.ts
function markers_withNonce(line, task) {
    return task.markerNonce ? `${line} nonce=${task.markerNonce}` : line;
}
function csv(values) {
    return values.join(",");
}
function uniqueOrdered(values) {
    return values.filter((v, i) => v !== "" && values.indexOf(v) === i);
}
/** `[wave-proof]`, `[wave-doc-delta]` and one `[wave-component]` per owned component. */
function markers_implementationMarkers(task) {
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
function markers_markersFor(task) {
    const closure = (line) => markers_withNonce(line, task);
    const implementation = task.implementationOwning ? markers_implementationMarkers(task) : [];
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
            return markers_implementationMarkers(task);
    }
}

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
const SCRIPT_VARIANTS = (/* unused pure expression or super */ null && (["normal", "no-markers", "rate-limit", "hang", "interrupt"]));
/** The steps for one agent (pure). */
function scriptFor(ctx, variant = "normal") {
    const task = buildLocalTask(ctx);
    const steps = plannedFiles(task)
        .filter((rel) => !external_node_path_default().isAbsolute(rel))
        .map((rel) => ({
        kind: "write",
        path: rel,
        absPath: external_node_path_default().resolve(ctx.root, rel),
        content: rehearsalContent(placeholderContent(task, rel), rel),
    }));
    const lines = variant === "no-markers" ? [] : markers_markersFor(task);
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
        if (!isEndpointExecutor(launch.spec.executorId))
            return launch.env;
        const script = scriptFor(launch.context, options.variantOf(launch.context.agent.agentId));
        options.onScript?.(script, launch);
        const registered = options.server.register(script);
        return pointCliAt(launch, endpointOf(registered), {
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
function wire_str(v) {
    return typeof v === "string" ? v : "";
}
function stepOfCall(id) {
    const s = wire_str(id);
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
            .map((b) => wire_str(b.text));
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
    const model = wire_str(body.model);
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
            .map((t) => wire_str(t.name));
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
        .map((t) => (isObject(t.function) ? wire_str(t.function.name) : ""));
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
function wire_header(headers, name) {
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
        const fromHeader = ["thread-id", "session-id", "session_id", "conversation_id", "conversation-id"].map((h) => wire_header(headers, h)).find((v) => v !== null);
        if (fromHeader)
            return fromHeader;
        const meta = isObject(b.client_metadata) ? b.client_metadata : {};
        return wire_str(meta.thread_id) || wire_str(meta.session_id) || wire_str(b.prompt_cache_key) || null;
    }
    if (format === "messages") {
        const fromHeader = wire_header(headers, "x-claude-code-session-id");
        if (fromHeader)
            return fromHeader;
        const userId = isObject(b.metadata) ? wire_str(b.metadata.user_id) : "";
        const parsed = jsonObject(userId);
        if (parsed)
            return wire_str(parsed.session_id) || null;
        const m = /_session_([\w-]+)$/.exec(userId);
        return m ? m[1] : null;
    }
    return wire_header(headers, "x-session-id") ?? wire_header(headers, "x-session-affinity");
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
                out.set(t.name, wire_str(t.type));
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
function wire_usageOf(bodyChars, reply, reasoningTokens) {
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
    const usage = wire_usageOf(req.bodyChars, replyText(reply), req.reasoningTokens);
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
const server_MAX_BODY_BYTES = 16 * 1024 * 1024;
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
function rehearse_server_readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        req.on("data", (c) => {
            size += c.length;
            if (size > server_MAX_BODY_BYTES) {
                reject(new Error(`request body larger than ${server_MAX_BODY_BYTES} bytes`));
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
        if (!state || !matchesKey(state.key, requestKey(req.headers))) {
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
            raw = await rehearse_server_readBody(req);
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
                key: keyDigest(key),
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
            await (0,files/* writeJsonAtomic */.ZJ)(external_node_path_default().join(runDir, REHEARSAL_REPORT_FILE), report);
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

;// CONCATENATED MODULE: ./src/action/summary.ts
/**
 * After a wave in a job: the job summary, annotations on the wave file, and one collapsible log
 * group per agent with the tail of its (redacted) log.
 *
 * Everything is redacted before it is rendered (escaped, cut, formatted): the result, the log tails
 * and the marker diagnostics; the rendered text is redacted once more on its way out.
 */













const TAIL_BYTES = 16 * 1024;
/** Bytes of a JSON transcript read to fill TAIL_BYTES of its rendered view. */
const TRANSCRIPT_TAIL_BYTES = 1024 * 1024;
/** Characters of a marker diagnostic's line shown (cut after redaction, never before). */
const DIAGNOSTIC_TEXT_CHARS = 240;
/**
 * A diagnostic sample's text, redacted then cut for display. The parser keeps a longer sample and
 * may have cut it (ending it with `…`), possibly inside a secret: the cut-aware redaction also
 * replaces a trailing part that could be the beginning of one.
 */
function diagnosticText(text, redactor) {
    const cut = text.endsWith("…");
    const body = cut ? text.slice(0, -1) : text;
    return text_truncateChars(`${redactor.redactCut(body)}${cut ? "…" : ""}`, DIAGNOSTIC_TEXT_CHARS);
}
/** Log tails and marker diagnostics of the agents, redacted (keyed by the agents' real ids). */
async function collectReportExtras(result, runDir, redactor) {
    const run = (0,state_paths/* runPathsOf */.pf)(runDir, result.attempt);
    const logTails = {};
    const markerDiagnostics = [];
    for (const agent of result.agents) {
        if (agent.status === "not-run")
            continue;
        const paths = (0,state_paths/* agentPaths */.SR)(run, agent.id);
        // A JSON transcript shows rendered (far shorter than its events); redacted before rendering.
        const settings = renderSettingsOfLaunch(await external_node_fs_.promises.readFile(paths.launch, "utf8").catch(() => null));
        const raw = await readTextTail(paths.log, settings.format === "text" ? TAIL_BYTES : TRANSCRIPT_TAIL_BYTES);
        const tail = raw ? readableLogTail(redactor.redact(raw), settings, TAIL_BYTES) : "";
        if (tail)
            logTails[agent.id] = redactor.redact(tail);
        const summary = await (0,files/* readJsonChecked */.m8)(paths.summary, ExecutionSummarySchema, "execution summary");
        if (summary.ok) {
            for (const d of summary.value.diagnostics.samples) {
                if (d.severity !== "error")
                    continue;
                markerDiagnostics.push({
                    agentId: agent.id,
                    kind: redactor.redact(d.kind),
                    line: d.line,
                    text: diagnosticText(d.text, redactor),
                    reason: redactor.redact(d.reason),
                    severity: d.severity,
                });
            }
        }
    }
    const deployments = (await readDeployments(result, runDir)).map((d) => ({
        ...d,
        service: redactor.redact(d.service),
        agentId: redactor.redact(d.agentId),
        detail: d.detail === null ? null : redactor.redact(d.detail),
    }));
    return { logTails, markerDiagnostics, deployments };
}
async function publishWaveReport(input) {
    const { redactor } = input;
    const write = input.write ?? ((t) => process.stdout.write(t));
    const extras = await collectReportExtras(input.result, input.runDir, redactor);
    // From here on only redacted data: ids, titles, details and paths included.
    const result = (0,redact/* redactValue */.FI)(input.result, redactor);
    const logTails = (0,redact/* redactValue */.FI)(extras.logTails, redactor);
    const markerDiagnostics = (0,redact/* redactValue */.FI)(extras.markerDiagnostics, redactor);
    const deployments = (0,redact/* redactValue */.FI)(extras.deployments, redactor);
    const artifactName = input.artifactName ? redactor.redact(input.artifactName) : null;
    const workspace = input.workspace ?? process.env.GITHUB_WORKSPACE ?? input.root;
    const waveFile = result.waveFile
        ? external_node_path_default().relative(workspace, external_node_path_default().join(input.root, result.waveFile)).split((external_node_path_default()).sep).join("/")
        : undefined;
    const agentLines = Object.fromEntries(result.agents.filter((a) => a.line).map((a) => [a.id, a.line]));
    for (const agent of result.agents) {
        const tail = logTails[agent.id];
        if (!tail)
            continue;
        core.startGroup(renderLogGroupTitle(agent));
        // Agent output must not be read as workflow commands by the runner.
        const token = (0,external_node_crypto_.randomBytes)(16).toString("hex");
        write(`::stop-commands::${token}\n`);
        write(`${tail.endsWith("\n") ? tail : `${tail}\n`}`);
        write(`::${token}::\n`);
        core.endGroup();
    }
    const annotations = (0,redact/* redactValue */.FI)(capAnnotations([...gateFailureAnnotation(result, waveFile, agentLines), ...markerAnnotations(markerDiagnostics, waveFile, agentLines)]), redactor);
    emitAnnotations(annotations, { write });
    const markdown = redactor.redact(renderWaveSummary({
        result,
        logTails,
        markerDiagnostics,
        deployments,
        ...(waveFile ? { waveFile } : {}),
        agentLines,
        artifact: artifactName ? { name: artifactName } : null,
        resume: result.resumedFrom ? { source: result.resumedFrom } : null,
        modelProxy: await readModelProxyReport(input.runDir),
        sandbox: await readSandboxReport(input.runDir),
    }) + (input.appendix ?? ""));
    await external_node_fs_.promises.writeFile(external_node_path_default().join(external_node_path_default().dirname(input.resultFile), "summary.md"), markdown);
    if (process.env.GITHUB_STEP_SUMMARY)
        await writeJobSummary(markdown, core.summary);
    return markdown;
}

// EXTERNAL MODULE: ./src/action/shared.ts
var action_shared = __webpack_require__(30205);
;// CONCATENATED MODULE: ./src/action/main.ts
/**
 * The action's main step: reads inputs, runs the chosen mode, and always sets every output. In run
 * mode the wave's state is uploaded as an artifact whatever the outcome; the post step uploads
 * whatever this step could not.
 */






















function setOutputs(outputs, redactor) {
    for (const [name, value] of Object.entries(outputs))
        core.setOutput(name, redactor.redact(value));
}
/**
 * A run step that should put agents behind another OS user, started as an ordinary user with
 * passwordless sudo (GitHub-hosted runners), runs again as root; this process only waits for it.
 * Returns true when that happened (the elevated step wrote the outputs itself).
 */
async function ranElevated(env) {
    if (process.geteuid?.() === 0 || !process.argv[1])
        return false;
    let request;
    try {
        request = (0,action_inputs/* readInputs */.K)(undefined, env);
    }
    catch {
        return false; // the error is reported by the normal path
    }
    if ((request.mode !== "run" && request.mode !== "rehearse") || request.dryRun)
        return false;
    if (!(0,elevate.mustElevate)(request.agentUser, env))
        return false;
    core.saveState(action_shared/* STATE_KEYS */.L.elevated, "1");
    core.info("agents will run as a separate user: continuing this step as root (passwordless sudo)");
    const code = await (0,elevate.runElevated)([process.execPath, ...process.execArgv, process.argv[1]], [], env);
    if (code !== 0)
        process.exitCode = code;
    return true;
}
async function runAction(env = process.env) {
    if (await ranElevated(env))
        return;
    const outputs = emptyOutputs();
    let redactor = (0,redact/* createRedactor */.lY)([]);
    try {
        const inputs = (0,action_inputs/* readInputs */.K)(undefined, env);
        const secrets = (0,action_shared/* actionSecrets */.s)(inputs, env);
        (0,redact/* registerSecrets */.dg)(secrets, core.setSecret);
        redactor = (0,redact/* createRedactor */.lY)(secrets);
        switch (inputs.mode) {
            case "validate":
                await validateMode(inputs, outputs);
                break;
            case "plan":
                await planMode(inputs, outputs);
                break;
            case "report":
                await runReport(inputs, outputs, redactor, env);
                break;
            default:
                await runMode(inputs, outputs, redactor, secrets, env);
        }
    }
    catch (error) {
        outputs.status ||= "failed";
        core.setFailed(redactor.redact((0,src_errors/* isUserError */.iU)(error) ? error.message : `internal error: ${(0,src_errors/* errorMessage */.gJ)(error)}`));
    }
    finally {
        setOutputs(outputs, redactor);
        // Elevated through sudo: what this step created as root in the runner's directories goes back
        // to the runner's user (later steps and the runner's own clean-up must be able to remove it).
        const from = (0,elevate.elevatedFromUser)();
        if (from)
            (0,elevate.giveBackToUser)([env.RUNNER_TEMP, env.GITHUB_WORKSPACE].filter((d) => Boolean(d)), from);
    }
}
async function validateMode(inputs, outputs) {
    const out = await validateCommand({
        root: inputs.root,
        configPath: inputs.configPath,
        lane: inputs.lane,
        project: inputs.project,
        waves: inputs.wave !== undefined ? [inputs.wave] : [],
        format: "github",
        cwd: inputs.workspace,
        env: process.env,
    });
    if (out.stdout)
        process.stdout.write(out.stdout);
    if (out.stderr)
        process.stderr.write(out.stderr);
    outputs.status = out.exitCode === 0 ? "passed" : "failed";
    if (out.exitCode !== 0)
        throw new src_errors/* UserError */.yo(out.exitCode === 1 ? "the wave files have validation errors (see the annotations)" : "validation could not run");
}
async function planMode(inputs, outputs) {
    const out = await planCommand({
        root: inputs.root,
        configPath: inputs.configPath,
        lane: inputs.lane,
        project: inputs.project,
        waves: inputs.waves,
        format: "json",
        cwd: inputs.workspace,
    });
    if (out.stderr)
        process.stderr.write(out.stderr);
    if (out.exitCode !== 0) {
        outputs.status = "failed";
        throw new src_errors/* UserError */.yo(out.exitCode === 1 ? "the planned waves have validation errors (see the annotations)" : "planning failed");
    }
    const plan = JSON.parse(out.stdout);
    outputs.matrix = JSON.stringify(plan.matrix);
    outputs.status = "passed";
    core.info(`lane ${plan.lane}: ${plan.matrix.include.length} wave(s): ${plan.matrix.include.map((w) => w.wave).join(", ") || "none"}`);
}
async function runMode(inputs, outputs, redactor, secrets, env) {
    if (inputs.wave === undefined)
        throw new src_errors/* UserError */.yo("input wave is required in mode run");
    const tempDir = env.RUNNER_TEMP || external_node_os_default().tmpdir();
    const stateDir = external_node_path_default().join(tempDir, "wave-state");
    core.saveState(action_shared/* STATE_KEYS */.L.stateDir, stateDir);
    core.saveState(action_shared/* STATE_KEYS */.L.root, inputs.root);
    core.saveState(action_shared/* STATE_KEYS */.L.prefix, inputs.artifactPrefix);
    core.saveState(action_shared/* STATE_KEYS */.L.retention, String(inputs.retentionDays ?? 0));
    const store = new src_artifacts/* GithubArtifactStore */.vj({ token: inputs.githubToken || undefined, env });
    const options = (0,action_inputs/* runOptionsFrom */._)(inputs, stateDir);
    options.redact = inputs.redact;
    // Pick up earlier state (resume) or earlier waves' changes (hand-off) before starting.
    const resume = await findResumeState(store, inputs, tempDir);
    if (resume) {
        options.resume = { dir: resume.dir, explicit: inputs.resume !== "auto" };
        if (inputs.feedback)
            options.feedback = inputs.feedback;
    }
    else if (inputs.applyChanges.length > 0) {
        await applyChangeArtifacts(store, inputs, tempDir);
    }
    const controller = new AbortController();
    let cancelSignal = null;
    const onSignal = (sig) => () => {
        if (!cancelSignal)
            core.warning(`received ${sig}: cancelling the wave (agents are stopped, the state is written; the post step uploads it)`);
        cancelSignal ??= sig;
        controller.abort();
    };
    const onInt = onSignal("SIGINT");
    const onTerm = onSignal("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const progress = createJobLogProgress({ streamLogs: inputs.streamLogs, redactor });
    // mode rehearse: the real CLIs against the built-in scripted model server (src/rehearse/).
    const rehearsal = inputs.mode === "rehearse"
        ? await openRehearsal({
            root: inputs.root,
            stateDir,
            wave: inputs.wave,
            variants: new Map(),
            path: env.PATH ?? "",
            onWarning: (m) => core.warning(m),
        })
        : null;
    let rehearsalText = null;
    let outcome;
    try {
        outcome = await runWave(options, {
            ...(rehearsal ? { rehearsal: rehearsal.hook } : {}),
            env,
            cliArgv: selfActionCliArgv(),
            now: () => new Date(),
            runProcess: runAgentProcess,
            signal: controller.signal,
            cancelSignal: () => cancelSignal,
            onEvent: (event) => {
                if (event.type === "wave-start") {
                    core.saveState(action_shared/* STATE_KEYS */.L.lane, event.lane);
                    core.saveState(action_shared/* STATE_KEYS */.L.wave, String(event.wave));
                    core.saveState(action_shared/* STATE_KEYS */.L.attempt, String(event.attempt));
                    core.saveState(action_shared/* STATE_KEYS */.L.runDir, external_node_path_default().join(stateDir, event.lane, `wave-${event.wave}`, `attempt-${event.attempt}`));
                }
                progress.onEvent(event);
            },
        });
        if (rehearsal)
            rehearsalText = (await rehearsal.finish(outcome.result, outcome.resultFile)).text;
    }
    finally {
        await rehearsal?.close();
        progress.close();
        process.off("SIGINT", onInt);
        process.off("SIGTERM", onTerm);
    }
    const { result, runDir, resultFile } = outcome;
    // Redacted before compactResult cuts long texts (a cut secret would no longer be found).
    Object.assign(outputs, resultOutputs((0,redact/* redactValue */.FI)(result, redactor), resultFile));
    if (resume)
        outputs["resumed-from"] = resume.name;
    // Upload the state (redacted copy), then tell the post step it has nothing left to do. After a
    // cancel the step has seconds left (the runner sends SIGTERM 7.5 s after SIGINT, then kills it):
    // an upload cut off part-way would leave its name taken, so the post step uploads instead.
    if (cancelSignal) {
        core.info(`cancelled (${cancelSignal}): the wave state is written; the post step uploads it`);
    }
    else {
        try {
            const uploaded = await (0,state_artifact/* uploadRunState */.Wv)({
                store,
                runDir,
                root: inputs.root,
                prefix: inputs.artifactPrefix,
                lane: result.lane,
                wave: result.wave,
                runAttempt: Number(env.GITHUB_RUN_ATTEMPT || "1") || 1,
                retentionDays: inputs.retentionDays,
                secrets,
                env,
                tempDir,
            });
            core.saveState(action_shared/* STATE_KEYS */.L.uploaded, uploaded.name);
            outputs["artifact-name"] = uploaded.name;
            outputs["artifact-id"] = String(uploaded.id);
            for (const file of uploaded.redactedWorkspaceFiles) {
                core.warning(redactor.redact(`a secret was found in ${file}; it was redacted in the uploaded workspace changes`));
            }
        }
        catch (error) {
            core.warning(`the wave state could not be uploaded now (${(0,src_errors/* errorMessage */.gJ)(error)}); the post step will try again`);
        }
    }
    await publishWaveReport({
        result,
        runDir,
        resultFile,
        redactor,
        artifactName: outputs["artifact-name"] || null,
        root: inputs.root,
        ...(rehearsalText ? { appendix: `\n## Rehearsal\n\n\`\`\`text\n${rehearsalText}\`\`\`\n` } : {}),
    });
    if (rehearsalText)
        core.info(redactor.redact(rehearsalText));
    if (result.status === "failed" || result.status === "blocked" || result.status === "cancelled") {
        const f = result.failure;
        const why = result.status === "blocked" && result.feedback
            ? `blocked: ${result.feedback.agentId} asks: ${result.feedback.question}`
            : f
                ? `${result.status}${headline_failurePlace(f) ? ` at ${headline_failurePlace(f)}` : ""}: ${f.statusCode} — ${f.detail}`
                : result.status;
        throw new src_errors/* UserError */.yo(`wave ${result.wave} ${why}`);
    }
}



/***/ })

};

//# sourceMappingURL=9.index.js.map