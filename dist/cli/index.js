#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 5581:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _cli_io_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1604);
/* harmony import */ var _cli_main_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(610);


/** The first argument of a command run again as root (agent-user/elevate.ts), checked against it by type. */
const ELEVATED_MARK = "__elevated";
// First: a closed stdout/stderr, SIGINT/SIGTERM and stray errors are handled from here on (see
// cli/io.ts). Before this line runs only module loading happens; a signal then has its default
// effect (the process ends by it: 130/143 in a shell). This module loads only the dispatcher: each
// command is loaded when it runs (cli/commands.ts), the hand-off of an elevated run only for one.
(0,_cli_io_js__WEBPACK_IMPORTED_MODULE_0__/* .installProcessGuards */ .FD)({ debug: Boolean(process.env.WAVE_DEBUG) });
try {
    const argv = process.argv.slice(2);
    const args = argv[0] === ELEVATED_MARK ? await (await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(701)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7701))).enterElevated(argv) : argv;
    process.exitCode = await (0,_cli_main_js__WEBPACK_IMPORTED_MODULE_1__/* .runCli */ .a)(args);
}
catch (error) {
    (0,_cli_io_js__WEBPACK_IMPORTED_MODULE_0__/* .reportFatal */ .pn)(error, Boolean(process.env.WAVE_DEBUG));
    process.exitCode = 2;
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 7593:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $J: () => (/* binding */ parseNumber),
/* harmony export */   AM: () => (/* binding */ stringFlag),
/* harmony export */   B$: () => (/* binding */ outputFormat),
/* harmony export */   E4: () => (/* binding */ HELP_OPTION),
/* harmony export */   PA: () => (/* binding */ GLOBAL_OPTIONS),
/* harmony export */   Qx: () => (/* binding */ parseCommandArgs),
/* harmony export */   bQ: () => (/* binding */ parseFlags),
/* harmony export */   dg: () => (/* binding */ formatFlags),
/* harmony export */   lB: () => (/* binding */ boolFlag),
/* harmony export */   lx: () => (/* binding */ wantsHelp),
/* harmony export */   v6: () => (/* binding */ listFlag),
/* harmony export */   w3: () => (/* binding */ parseWaveNumber),
/* harmony export */   yG: () => (/* binding */ parseBoolean)
/* harmony export */ });
/* unused harmony exports toParseArgsOptions, editDistance, closestFlag, unknownFlagMessage */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3916);
/**
 * Argument parsing for the `wave` CLI: global flags, per-command flags, and value checks with
 * messages that name the flag. Parsing never throws anything but UserError.
 *
 * Each command declares its flags once, in a flag table (`FlagTable`): the parser reads the type
 * of each flag from it and `wave <command> --help` prints its description and default from it, so
 * what help says and what is parsed cannot drift apart. An unknown flag is a usage error that
 * names the closest known flag of the command when one is close.
 */


const GLOBAL_OPTIONS = {
    root: { type: "string", value: "DIR", description: "repository root", defaultText: "the current directory" },
    config: {
        type: "string",
        value: "FILE",
        description: "wave.config.json",
        defaultText: "<root>/wave.config.json when it exists",
    },
    lane: { type: "string", value: "NAME", description: "lane", defaultText: "the config's defaultLane, else main" },
    "state-dir": { type: "string", value: "DIR", description: "state directory", defaultText: "<root>/.wave" },
    help: { type: "boolean", short: "h", description: "print this help and exit" },
};
/** Only `--help`: for commands that take no global options (the agents' commands). */
const HELP_OPTION = { help: GLOBAL_OPTIONS.help };
/** The parser's view of a flag table. */
function toParseArgsOptions(table) {
    const out = {};
    for (const [name, f] of Object.entries(table)) {
        out[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
    }
    return out;
}
/** True when argv asks for help (`--help` or `-h` anywhere before a `--` terminator). */
function wantsHelp(argv) {
    for (const a of argv) {
        if (a === "--")
            return false;
        if (a === "--help" || a === "-h")
            return true;
    }
    return false;
}
/** Edit distance (insertions, deletions, substitutions, adjacent transpositions). */
function editDistance(a, b) {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                v = Math.min(v, d[i - 2][j - 2] + 1);
            d[i][j] = v;
        }
    }
    return d[a.length][b.length];
}
/** The known flag closest to `flag` (with or without dashes), or undefined when none is close. */
function closestFlag(flag, known) {
    const name = flag.replace(/^-+/, "").toLowerCase();
    if (name.length < 2)
        return undefined;
    const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
    let best;
    for (const k of known) {
        const distance = editDistance(name, k);
        if (distance <= limit && (!best || distance < best.distance))
            best = { name: k, distance };
    }
    return best ? `--${best.name}` : undefined;
}
/** `unknown flag --jsn; did you mean --json?` (the suggestion only when a known flag is close). */
function unknownFlagMessage(flag, known) {
    const suggestion = closestFlag(flag, known);
    return `unknown flag ${flag}${suggestion ? `; did you mean ${suggestion}?` : ""}`;
}
/**
 * Parses argv strictly against a flag table. Errors become UserErrors (exit 2) without a prefix:
 * the caller names the command.
 */
function parseFlags(argv, table, allowPositionals) {
    try {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args: argv, options: toParseArgsOptions(table), allowPositionals, strict: true });
        return { values: values, positionals };
    }
    catch (error) {
        const code = error.code;
        const message = error instanceof Error ? error.message : String(error);
        if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
            const flag = /Unknown option '([^']+)'/.exec(message)?.[1] ?? "";
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(unknownFlagMessage(flag, Object.keys(table)), 2);
        }
        if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
            const arg = /Unexpected argument '([^']+)'/.exec(message)?.[1];
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(arg ? `unexpected argument "${arg}"` : message.replace(/\. This command does not take.*$/s, ""), 2);
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(message.replace(/\. To specify a positional.*$/s, "").replace(/\s*\n\s*/g, " "), 2);
    }
}
/** Parses argv against the global options plus a command's own flag table. */
function parseCommandArgs(_command, argv, options) {
    return parseFlags(argv, { ...GLOBAL_OPTIONS, ...options }, true);
}
function stringFlag(p, name) {
    const v = p.values[name];
    if (Array.isArray(v))
        return v[v.length - 1];
    return typeof v === "string" ? v : undefined;
}
function listFlag(p, name) {
    const v = p.values[name];
    if (Array.isArray(v))
        return v;
    return typeof v === "string" ? [v] : [];
}
function boolFlag(p, name) {
    return p.values[name] === true;
}
/** `--format F` and `--json` (the short form of `--format json`) for a command with these formats. */
function formatFlags(formats) {
    return {
        format: { type: "string", value: formats.join("|"), description: "output format", defaultText: formats[0] },
        json: { type: "boolean", description: "the same as --format json" },
    };
}
/**
 * The output format from `--format` and `--json`. `--json` with another `--format` is a usage
 * error naming both.
 */
function outputFormat(p, allowed, fallback) {
    const raw = stringFlag(p, "format");
    if (raw !== undefined && !allowed.includes(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`--format must be one of ${allowed.join(", ")} (got "${raw}")`, 2);
    }
    if (boolFlag(p, "json")) {
        if (raw !== undefined && raw !== "json")
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`--json conflicts with --format ${raw}: give one of them`, 2);
        return "json";
    }
    return raw ?? fallback;
}
/** A non-negative decimal number (durations accept decimals: 0.05 minutes is three seconds). */
function parseNumber(raw, name, options = {}) {
    if (raw === undefined || raw.trim() === "")
        return undefined;
    const text = raw.trim();
    const value = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const min = options.min ?? 0;
    if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
        const kind = options.integer ? "a whole number" : "a number";
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be ${kind} of at least ${min} (got "${raw}")`);
    }
    if (options.allowZero === false && value === 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be greater than 0 (got "${raw}")`);
    return value;
}
/** A wave number: a non-negative integer. */
function parseWaveNumber(raw, name) {
    return parseNumber(raw, name, { integer: true });
}
/** `true/false/1/0/yes/no/on/off` (empty → fallback). */
function parseBoolean(raw, name, fallback) {
    if (raw === undefined || raw.trim() === "")
        return fallback;
    const t = raw.trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(t))
        return true;
    if (["false", "0", "no", "off"].includes(t))
        return false;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${name} must be true or false (got "${raw}")`);
}


/***/ }),

/***/ 7911:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   ab: () => (/* binding */ RUN_EXIT_CODES),
/* harmony export */   fd: () => (/* binding */ renderCommandHelp),
/* harmony export */   mp: () => (/* binding */ renderOverview)
/* harmony export */ });
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7593);
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
function renderCommandHelp(h) {
    const { help, ...globals } = _args_js__WEBPACK_IMPORTED_MODULE_0__/* .GLOBAL_OPTIONS */ .PA;
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
    const { help, ...globals } = _args_js__WEBPACK_IMPORTED_MODULE_0__/* .GLOBAL_OPTIONS */ .PA;
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
const RUN_EXIT_CODES = [
    "0    the wave passed (or --dry-run)",
    "1    the wave failed or is blocked, or its wave file has errors (as in wave validate; nothing started)",
    "2    usage or configuration error (nothing started)",
    "130  cancelled by SIGINT (143: SIGTERM)",
];


/***/ }),

/***/ 1604:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   FD: () => (/* binding */ installProcessGuards),
/* harmony export */   Wr: () => (/* binding */ processIo),
/* harmony export */   f$: () => (/* binding */ writableIo),
/* harmony export */   pn: () => (/* binding */ reportFatal)
/* harmony export */ });
/* unused harmony exports guardStream, streamClosed, safeWriter */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3916);
/* harmony import */ var _state_interrupt_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(1554);
/**
 * The `wave` process's own plumbing, installed once by the entry point (src/cli.ts) before a
 * command runs; never by library callers (tests run commands in their own process).
 *
 * - Output: a closed stdout or stderr (`wave run | head -4`, a reader that went away) never
 *   crashes the command. A write to a closed pipe fails either at once (a throw) or later (an
 *   'error' event on the stream); both mark the stream closed, and every later write to it is
 *   dropped silently. The command goes on to its end: a wave still finishes, its agents are still
 *   stopped and its result is still written.
 * - Signals: SIGINT and SIGTERM are recorded (state/interrupt.ts) from the start. While a command
 *   handles them itself (`wave run` cancels its wave, and exits at a second signal), that handler
 *   decides; otherwise the process exits at once with 130 (SIGINT) or 143 (SIGTERM).
 * - Errors: nothing escapes as a stack trace. An error no command caught is printed as one line
 *   (the stack only with WAVE_DEBUG set) and the process exits 2; a closed pipe is not an error.
 *
 * Also the one IO type every command gets (`CliIo`): writers that never throw, the environment,
 * the working directory and the terminal's shape. Tests pass their own to run a command in-process.
 */


const closed = new WeakSet();
const guarded = new WeakSet();
/** Errors that mean "the reader went away": never a reason to stop. */
const CLOSED_PIPE_CODES = new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]);
function isClosedPipe(error) {
    return CLOSED_PIPE_CODES.has(error?.code ?? "");
}
/** Makes `stream` survive its reader going away: its errors mark it closed instead of crashing. */
function guardStream(stream) {
    if (guarded.has(stream))
        return;
    guarded.add(stream);
    stream.on("error", () => {
        closed.add(stream);
    });
}
/** Whether writes to `stream` are being dropped (it failed, or was closed). */
function streamClosed(stream) {
    return closed.has(stream) || stream.destroyed === true || stream.writable === false;
}
/** A writer that never throws: once `stream` fails, what follows is dropped. */
function safeWriter(stream) {
    guardStream(stream);
    return (text) => {
        if (streamClosed(stream))
            return;
        try {
            stream.write(text);
        }
        catch {
            closed.add(stream);
        }
    };
}
/** The real process as a `CliIo`. */
function processIo() {
    return {
        stdout: safeWriter(process.stdout),
        stderr: safeWriter(process.stderr),
        env: process.env,
        cwd: process.cwd(),
        isTty: Boolean(process.stdout.isTTY),
        columns: process.stdout.columns ?? 100,
    };
}
/**
 * `io` as `{ stdout: { write }, stderr: { write }, env }`: the shape of the commands whose code
 * lives outside src/cli (the agents' `coord`/`feedback ask` commands and the local agent).
 */
function writableIo(io) {
    return { stdout: { write: (t) => io.stdout(t) }, stderr: { write: (t) => io.stderr(t) }, env: io.env };
}
let installed = false;
/**
 * Installs the process-wide guards described above (once). `debug`: print the stack of an error
 * no command caught.
 */
function installProcessGuards(options = {}) {
    if (installed)
        return;
    installed = true;
    guardStream(process.stdout);
    guardStream(process.stderr);
    const writeErr = safeWriter(process.stderr);
    for (const signal of ["SIGINT", "SIGTERM"]) {
        const onSignal = () => {
            (0,_state_interrupt_js__WEBPACK_IMPORTED_MODULE_1__/* .noteInterrupt */ .oF)(signal);
            // Another handler (a running wave's cancellation) decides what happens.
            if (process.listenerCount(signal) > 1)
                return;
            process.exit((0,_state_interrupt_js__WEBPACK_IMPORTED_MODULE_1__/* .exitCodeOfSignal */ .fH)(signal));
        };
        process.on(signal, onSignal);
    }
    process.on("uncaughtException", (error) => {
        if (isClosedPipe(error))
            return;
        writeErr(`wave: internal error: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}\n`);
        if (options.debug && error instanceof Error && error.stack)
            writeErr(`${error.stack}\n`);
        process.exit(2);
    });
}
/** Prints an error that reached the entry point as one line (no stack unless `debug`). */
function reportFatal(error, debug = false) {
    const writeErr = safeWriter(process.stderr);
    writeErr(`wave: internal error: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}\n`);
    if (debug && error instanceof Error && error.stack)
        writeErr(`${error.stack}\n`);
}


/***/ }),

/***/ 610:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __nccwpck_require__(3916);
// EXTERNAL MODULE: ./src/state/interrupt.ts
var interrupt = __nccwpck_require__(1554);
// EXTERNAL MODULE: ./src/state/mkdir.ts
var mkdir = __nccwpck_require__(8922);
// EXTERNAL MODULE: ./src/cli/args.ts
var cli_args = __nccwpck_require__(7593);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __nccwpck_require__(1604);
;// CONCATENATED MODULE: ./src/cli/commands.ts

/** Every command, public ones in the order `wave --help` lists them. */
const COMMAND_TABLE = [
    {
        name: "validate",
        summary: "parse and validate the wave files",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(656)]).then(__nccwpck_require__.bind(__nccwpck_require__, 6656));
            return { run: m.validateCliCommand, help: m.VALIDATE_HELP };
        },
    },
    {
        name: "plan",
        summary: "list waves and their agents, and the workflow matrix",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(167)]).then(__nccwpck_require__.bind(__nccwpck_require__, 167));
            return { run: m.planCliCommand, help: m.PLAN_HELP };
        },
    },
    {
        name: "run",
        summary: "run a wave (or several in order): start its agents, check the gates, record the result",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(260), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(97), __nccwpck_require__.e(857), __nccwpck_require__.e(226), __nccwpck_require__.e(491)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2491));
            return { run: m.runCommand, help: m.RUN_HELP };
        },
    },
    {
        name: "rehearse",
        summary: "run a wave's real agent CLIs against a scripted local model server: offline, no key, no cost",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(260), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(97), __nccwpck_require__.e(857), __nccwpck_require__.e(226), __nccwpck_require__.e(491), __nccwpck_require__.e(454)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1454));
            return { run: m.rehearseCommand, help: m.REHEARSE_HELP_SPEC };
        },
    },
    {
        name: "status",
        summary: "the latest result of a wave (--watch: follow it live)",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(97), __nccwpck_require__.e(178)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5178));
            return { run: m.statusCommand, help: m.STATUS_HELP };
        },
    },
    {
        name: "wait",
        summary: "wait for a running wave (another process) to finish; exit with its result's code",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(97), __nccwpck_require__.e(89)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2089));
            return { run: m.waitCommand, help: m.WAIT_HELP };
        },
    },
    {
        name: "logs",
        summary: "print or follow an agent's log (JSON transcripts rendered readable)",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(11)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7011));
            return { run: m.logsCommand, help: m.LOGS_HELP };
        },
    },
    {
        name: "coord post",
        summary: "(agents) post a record to the wave's coordination log",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(857), __nccwpck_require__.e(412)]).then(__nccwpck_require__.bind(__nccwpck_require__, 8857));
            return { run: (argv, io) => m.coordPostCommand(argv, (0,cli_io/* writableIo */.f$)(io)), help: m.COORD_POST_HELP };
        },
    },
    {
        name: "coord inbox",
        summary: "(agents) print this agent's coordination inbox",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(857), __nccwpck_require__.e(958)]).then(__nccwpck_require__.bind(__nccwpck_require__, 3931));
            return { run: (argv, io) => m.coordInboxCommand(argv, (0,cli_io/* writableIo */.f$)(io)), help: m.COORD_INBOX_HELP };
        },
    },
    {
        name: "feedback ask",
        summary: "(agents) ask a human a question; the wave ends blocked, or --wait for the answer",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(869), __nccwpck_require__.e(830)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2830));
            return { run: (argv, io) => m.feedbackAskCommand(argv, (0,cli_io/* writableIo */.f$)(io)), help: m.FEEDBACK_ASK_HELP };
        },
    },
    {
        name: "feedback answer",
        summary: "answer an agent's question (the agent waiting for it goes on at once)",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(684), __nccwpck_require__.e(674)]).then(__nccwpck_require__.bind(__nccwpck_require__, 4674));
            return { run: m.feedbackAnswerCommand, help: m.FEEDBACK_ANSWER_HELP };
        },
    },
    {
        name: "init",
        summary: "scaffold wave.config.json, a first wave and role prompts in a repository",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(260), __nccwpck_require__.e(486), __nccwpck_require__.e(646)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7646));
            return { run: m.initCommand, help: m.INIT_HELP };
        },
    },
    {
        name: "demo",
        summary: "run the bundled example wave with the built-in local executor (no API key)",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(260), __nccwpck_require__.e(486), __nccwpck_require__.e(510), __nccwpck_require__.e(869), __nccwpck_require__.e(613), __nccwpck_require__.e(684), __nccwpck_require__.e(97), __nccwpck_require__.e(857), __nccwpck_require__.e(226), __nccwpck_require__.e(155)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1155));
            return { run: m.demoCommand, help: m.DEMO_HELP };
        },
    },
    // Internal (no help; their argv is not the user's): the built-in local agent and the tmux
    // viewer, started by the engine itself. Each loads only its own module.
    {
        name: "__local-agent",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(816), __nccwpck_require__.e(486), __nccwpck_require__.e(431)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7431));
            return { run: (argv, io) => m.runLocalAgent(argv, (0,cli_io/* writableIo */.f$)(io)) };
        },
    },
    {
        name: "__tmux-view",
        load: async () => {
            const m = await Promise.all(/* import() */[__nccwpck_require__.e(613), __nccwpck_require__.e(508)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7508));
            return { run: (argv) => m.runTmuxView(argv, { stdout: process.stdout, stderr: process.stderr }) };
        },
    },
];
/** The command named exactly `name`, if any. */
function findCommand(name) {
    return COMMAND_TABLE.find((c) => c.name === name);
}
/** The public commands (those with a line in `wave --help`), in its order. */
function publicCommands() {
    return COMMAND_TABLE.flatMap((c) => (c.summary === undefined ? [] : [{ name: c.name, summary: c.summary, load: c.load }]));
}
/**
 * The full help of every public command, its summary from this table. Loads every command
 * module: for tests and documentation, never on the way to running a command.
 */
async function loadCommandHelps() {
    const helps = [];
    for (const c of publicCommands()) {
        const { help } = await c.load();
        if (help)
            helps.push({ ...help, summary: c.summary });
    }
    return helps;
}

// EXTERNAL MODULE: ./src/cli/help.ts
var cli_help = __nccwpck_require__(7911);
// EXTERNAL MODULE: ./src/cli/self.ts
var cli_self = __nccwpck_require__(3050);
;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * The `wave` CLI: parses the command line, dispatches to a command, maps errors to exit codes.
 * Exit codes: 0 passed/valid, 1 wave failed/blocked or validation errors, 2 usage/config/environment
 * error (message only, never a stack trace), 130/143 cancelled by SIGINT/SIGTERM.
 *
 * `--help`/`-h` anywhere in a command's arguments prints that command's help and exits 0 before
 * the command runs: nothing is read (config, waves, state) and nothing starts.
 *
 * Output goes through writers that never throw (cli/io.ts): a closed stdout or stderr drops what
 * follows and the command carries on. A command that comes back after a SIGINT/SIGTERM was
 * received exits 130/143 unless it chose another failing code. Commands that create the state
 * directory (`run`, `rehearse`) first check that `--state-dir` is a directory or can be made, so
 * a path that cannot be made is a usage error naming it (exit 2), never an endless retry.
 *
 * Only the command that runs is loaded (cli/commands.ts): `--help`, `--version` and a group's
 * list of sub-commands load none; `wave <command> --help` loads that command for its help.
 */









/** Commands that create the state directory. */
const CREATES_STATE_DIR = new Set(["run", "rehearse"]);
/** The value of the last `--state-dir DIR` / `--state-dir=DIR` before a `--` terminator. */
function stateDirArg(args) {
    let value;
    for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (a === "--")
            break;
        if (a === "--state-dir" && i + 1 < args.length)
            value = args[++i];
        else if (a.startsWith("--state-dir="))
            value = a.slice("--state-dir=".length);
    }
    return value;
}
/** The public commands whose name is `name` or starts with `name ` (`coord` → `coord post`). */
function commandsNamed(name) {
    return publicCommands().filter((c) => c.name === name || c.name.startsWith(`${name} `));
}
/** The full help of a loaded public command, with its summary from the command table. */
async function helpOf(entry) {
    const { help } = await entry.load();
    return help && entry.summary !== undefined ? { ...help, summary: entry.summary } : undefined;
}
/** The help of every command of `entries`, one after the other. */
async function renderHelps(entries) {
    const texts = [];
    for (const e of entries) {
        const help = await helpOf(e);
        if (help)
            texts.push((0,cli_help/* renderCommandHelp */.fd)(help));
    }
    return texts.join("\n");
}
async function runCli(argv, io = (0,cli_io/* processIo */.Wr)()) {
    const [name, ...rest] = argv;
    if (!name || name === "--help" || name === "-h") {
        io.stdout((0,cli_help/* renderOverview */.mp)(publicCommands()));
        return name ? 0 : 2;
    }
    if (name === "help") {
        // `wave help`, `wave help run`, `wave help coord post`.
        if (rest.length === 0) {
            io.stdout((0,cli_help/* renderOverview */.mp)(publicCommands()));
            return 0;
        }
        const named = commandsNamed(rest.join(" "));
        const exact = named.find((c) => c.name === rest.join(" ")) ?? (named.length === 1 ? named[0] : undefined);
        if (named.length === 0) {
            io.stderr(`wave help: unknown command "${rest.join(" ")}". Run \`wave --help\`.\n`);
            return 2;
        }
        io.stdout(await renderHelps(exact ? [exact] : named));
        return 0;
    }
    if (name === "--version" || name === "-V") {
        io.stdout(`${(0,cli_self/* cliVersion */.$g)()}\n`);
        return 0;
    }
    // Two-word commands: `coord post`, `feedback ask`.
    const two = rest[0] && !rest[0].startsWith("-") ? `${name} ${rest[0]}` : "";
    const command = (two ? findCommand(two) : undefined) ?? findCommand(name);
    if (!command) {
        // A group without its sub-command (`wave coord`): its sub-commands' help, or what is missing.
        const group = name.startsWith("__") ? [] : commandsNamed(name);
        if (group.length > 0 && (two === "" || (0,cli_args/* wantsHelp */.lx)(rest))) {
            if ((0,cli_args/* wantsHelp */.lx)(rest)) {
                io.stdout(await renderHelps(group));
                return 0;
            }
            io.stderr(`wave ${name}: missing sub-command (${group.map((c) => `wave ${c.name}`).join(", ")}). Run \`wave ${name} --help\`.\n`);
            return 2;
        }
        io.stderr(`wave: unknown command "${name}${two && !findCommand(name) ? ` ${rest[0]}` : ""}". Run \`wave --help\`.\n`);
        return 2;
    }
    const commandName = command.name;
    const args = command.name === two ? rest.slice(1) : rest;
    try {
        if (command.summary !== undefined && (0,cli_args/* wantsHelp */.lx)(args)) {
            const help = await helpOf(command);
            if (help) {
                io.stdout((0,cli_help/* renderCommandHelp */.fd)(help));
                return 0;
            }
        }
        const stateDir = CREATES_STATE_DIR.has(commandName) ? stateDirArg(args) : undefined;
        if (stateDir)
            await (0,mkdir/* checkCreatableDirectory */.Hy)(external_node_path_default().resolve(io.cwd, stateDir));
        const { run } = await command.load();
        const code = await run(args, io);
        const signal = (0,interrupt/* interruptedBy */.kH)();
        return signal && code === 0 ? (0,interrupt/* exitCodeOfSignal */.fH)(signal) : code;
    }
    catch (error) {
        if ((0,errors/* isUserError */.iU)(error)) {
            io.stderr(`wave ${commandName}: ${error.message}\n`);
            return error.exitCode;
        }
        io.stderr(`wave ${commandName}: internal error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        if (io.env.WAVE_DEBUG && error instanceof Error && error.stack)
            io.stderr(`${error.stack}\n`);
        return 2;
    }
}


/***/ }),

/***/ 3050:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ cliVersion),
/* harmony export */   DL: () => (/* binding */ cliEntryFile),
/* harmony export */   Rk: () => (/* binding */ selfCliArgv),
/* harmony export */   g1: () => (/* binding */ cliCommandLine),
/* harmony export */   r7: () => (/* binding */ shellWord)
/* harmony export */ });
/* unused harmony export PACKAGE_NAME */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * How this process can start the `wave` CLI again (for the local executor, the tmux viewer and
 * the agents' `wave` command): the same Node binary, the same loader flags, the same entry file.
 * Bare loader specifiers (`--import tsx`) are made absolute, because the child may run in a
 * directory from which they do not resolve.
 *
 * Also where the CLI's own package is: the entry file with symlinks resolved (an installed `wave`
 * is a symlink in the prefix's bin/ to dist/cli/index.js inside the package), and the version
 * from the package's package.json (`wave --version`), read at run time so it never differs from
 * the package that is installed. And how to show the user a command line that runs it again.
 */


/** The package name in package.json; the nearest package.json with this name is the CLI's own. */
const PACKAGE_NAME = "wave-action";
/** The CLI's entry file (bundle: dist/cli/index.js; sources: src/cli.ts), symlinks resolved. */
function cliEntryFile(argv1 = process.argv[1]) {
    const entry = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(argv1 ?? ".");
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(entry);
    }
    catch {
        return entry;
    }
}
/**
 * The version in the package.json of the CLI's package: the nearest package.json named
 * `wave-action` above the entry file (dist/cli/package.json and dist/package.json only set the
 * module type and are passed over). `unknown` when there is none, e.g. a copy of dist/ alone.
 */
function cliVersion(entry = cliEntryFile()) {
    let dir = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(entry);
    for (let i = 0; i < 6; i++) {
        try {
            const pkg = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, "package.json"), "utf8"));
            if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string")
                return pkg.version;
        }
        catch {
            // No package.json here, or not JSON: look further up.
        }
        const parent = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    return "unknown";
}
function absoluteSpecifier(spec) {
    if (spec.startsWith(".") || spec.startsWith("/") || /^[a-z]+:/i.test(spec))
        return spec;
    try {
        return import.meta.resolve(spec);
    }
    catch {
        return spec;
    }
}
function selfCliArgv() {
    const entry = process.argv[1] ? node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(process.argv[1]) : "";
    const flags = [];
    const exec = process.execArgv;
    for (let i = 0; i < exec.length; i++) {
        const a = exec[i];
        if (a.startsWith("--test"))
            continue;
        if ((a === "--import" || a === "--loader") && exec[i + 1] !== undefined) {
            flags.push(a, absoluteSpecifier(exec[i + 1]));
            i++;
            continue;
        }
        const m = /^(--import|--loader)=(.*)$/.exec(a);
        flags.push(m ? `${m[1]}=${absoluteSpecifier(m[2])}` : a);
    }
    return [process.execPath, ...flags, entry];
}
/** A path as one shell word (quoted only when it needs to be). */
function shellWord(s) {
    return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}
/**
 * How the user can run this CLI again from `io.cwd`: `wave` when a `wave` on PATH is this CLI
 * (an installed package), the path it was started by when that is an installed `wave` not on
 * PATH, else the Node command line that runs it (`node dist/cli/index.js`).
 */
function cliCommandLine(io) {
    const entry = cliEntryFile();
    for (const dir of (io.env.PATH ?? "").split((node_path__WEBPACK_IMPORTED_MODULE_1___default().delimiter))) {
        if (!dir)
            continue;
        try {
            if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, "wave")) === entry)
                return "wave";
        }
        catch {
            // No `wave` in this directory.
        }
    }
    const invoked = process.argv[1] ? node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(process.argv[1]) : "";
    if (node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(invoked) === "wave")
        return shellWord(invoked);
    const [, ...flags] = selfCliArgv();
    const file = flags.pop() ?? entry;
    const relative = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(io.cwd, file);
    const shown = relative && !relative.startsWith("..") ? relative : file;
    return ["node", ...flags, shown].map(shellWord).join(" ");
}


/***/ }),

/***/ 3916:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   iU: () => (/* binding */ isUserError),
/* harmony export */   yo: () => (/* binding */ UserError)
/* harmony export */ });
/**
 * Typed errors. A UserError is bad input or environment (exit 2, message only, no stack trace).
 */
class UserError extends Error {
    exitCode;
    constructor(message, exitCode = 2) {
        super(message);
        this.name = "UserError";
        this.exitCode = exitCode;
    }
}
function isUserError(error) {
    return error instanceof UserError;
}
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 1554:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   fH: () => (/* binding */ exitCodeOfSignal),
/* harmony export */   kH: () => (/* binding */ interruptedBy),
/* harmony export */   oF: () => (/* binding */ noteInterrupt),
/* harmony export */   tB: () => (/* binding */ pauseUnlessInterrupted)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3916);
/**
 * Process-wide interruption: the CLI records SIGINT/SIGTERM here as soon as one arrives, whoever
 * else handles the signal. Waits in the state layer (the wave lock's wait for a lock file being
 * written) end early through `pauseUnlessInterrupted` with a UserError whose exit code is the
 * signal's (130 for SIGINT, 143 for SIGTERM), so a signal ends a command blocked in such a wait.
 * Nothing here installs a signal handler: a library caller (tests, the action) that never records
 * an interruption sees plain timed waits.
 */

let received = null;
const wakers = new Set();
/** The exit code of a command ended by `signal`. */
function exitCodeOfSignal(signal) {
    return signal === "SIGINT" ? 130 : 143;
}
/** Records an interruption (the first one counts) and wakes every pending wait. */
function noteInterrupt(signal) {
    received ??= signal;
    for (const wake of [...wakers])
        wake();
}
/** The first signal recorded, or null. */
function interruptedBy() {
    return received;
}
function interruptedError(what, signal) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`interrupted by ${signal} ${what}`, exitCodeOfSignal(signal));
}
/** Waits `ms`; rejects with a UserError (exit 130/143) once an interruption is recorded. */
function pauseUnlessInterrupted(ms, what) {
    if (received)
        return Promise.reject(interruptedError(what, received));
    return new Promise((resolve, reject) => {
        const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            if (received)
                reject(interruptedError(what, received));
            else
                resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
    });
}


/***/ }),

/***/ 8922:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hy: () => (/* binding */ checkCreatableDirectory),
/* harmony export */   Oh: () => (/* binding */ makeDirectory)
/* harmony export */ });
/* unused harmony export MKDIR_TRIES */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(3916);
/**
 * Creating directories with a bounded number of tries. Node's recursive mkdir retries without end
 * when the system keeps answering "no such directory" for a parent that exists (a path under
 * /proc does), which spins the CPU forever; a path under a regular file fails at once. Here the
 * missing directories are made one level at a time, each failure says which path and why, and a
 * directory that keeps vanishing while it is made (ENOENT) is given up on after MKDIR_TRIES tries.
 * Every failure is a UserError (exit 2) naming the path.
 */



const MKDIR_TRIES = 5;
function codeOf(error) {
    return error.code ?? "error";
}
function cannotCreate(dir, why) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot create the directory ${dir}: ${why}`, 2);
}
/**
 * The directories from the nearest existing ancestor of `dir` (exclusive) down to `dir`, top
 * first; empty when `dir` exists. Throws when `dir` or an ancestor exists but is not a directory.
 */
async function missingDirs(dir) {
    const missing = [];
    let current = dir;
    for (;;) {
        try {
            const st = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(current);
            if (!st.isDirectory()) {
                throw cannotCreate(dir, current === dir ? "it exists and is not a directory" : `${current} is not a directory`);
            }
            return missing.reverse();
        }
        catch (error) {
            if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo)
                throw error;
            const code = codeOf(error);
            // ENOTDIR: a component above is a file; walking up finds it and says so.
            if (code !== "ENOENT" && code !== "ENOTDIR")
                throw cannotCreate(dir, `${current}: ${code}`);
        }
        missing.push(current);
        const parent = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(current);
        if (parent === current)
            throw cannotCreate(dir, "no ancestor of it exists");
        current = parent;
    }
}
/**
 * `mkdir -p dir` with bounded tries. Resolves with the first directory it made (undefined when
 * `dir` already existed), like `fs.mkdir(dir, { recursive: true })`.
 */
async function makeDirectory(dir, mode) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(dir);
    let first;
    for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
        const missing = await missingDirs(target);
        if (missing.length === 0)
            return first;
        let vanished = false;
        for (const d of missing) {
            try {
                await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdir(d, mode === undefined ? {} : { mode });
                first ??= d;
            }
            catch (error) {
                const code = codeOf(error);
                if (code === "EEXIST")
                    continue; // made meanwhile by someone else (missingDirs checks its kind)
                if (code === "ENOENT") {
                    vanished = true;
                    break;
                }
                throw cannotCreate(target, d === target ? code : `${d}: ${code}`);
            }
        }
        if (!vanished) {
            // Made everything (or someone else did): check once more what is there now.
            if ((await missingDirs(target)).length === 0)
                return first;
        }
    }
    throw cannotCreate(target, `making it keeps failing with ENOENT although its parent exists (${MKDIR_TRIES} tries)`);
}
/**
 * Checks, without leaving anything behind, that `dir` is a directory or can be made: the nearest
 * existing ancestor must be a directory in which a directory can be created (a uniquely named
 * probe, removed at once). Throws the same UserError as makeDirectory.
 */
async function checkCreatableDirectory(dir) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(dir);
    const missing = await missingDirs(target);
    if (missing.length === 0)
        return;
    const parent = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(missing[0]);
    for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
        let probe;
        try {
            probe = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdtemp(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(parent, ".wave-probe-"));
        }
        catch (error) {
            const code = codeOf(error);
            if (code === "EEXIST")
                continue;
            if (code === "ENOENT" && attempt < MKDIR_TRIES)
                continue;
            throw cannotCreate(target, code === "ENOENT" ? `no directory can be made in ${parent} (ENOENT, ${MKDIR_TRIES} tries)` : `${parent}: ${code}`);
        }
        await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.rmdir(probe).catch(() => undefined);
        return;
    }
    throw cannotCreate(target, `no directory could be made in ${parent} (${MKDIR_TRIES} tries)`);
}


/***/ }),

/***/ 4994:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 8229:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 4708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 8995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 8321:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/consumers");

/***/ }),

/***/ 6466:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");

/***/ }),

/***/ 6193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 8500:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(5581);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 

//# sourceMappingURL=index.js.map