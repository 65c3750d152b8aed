export const id = 155;
export const ids = [155];
export const modules = {

/***/ 1155:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEMO_HELP: () => (/* binding */ DEMO_HELP),
/* harmony export */   DEMO_OPTIONS: () => (/* binding */ DEMO_OPTIONS),
/* harmony export */   demoCommand: () => (/* binding */ demoCommand),
/* harmony export */   findExamplesDir: () => (/* binding */ findExamplesDir),
/* harmony export */   renderWaveSummary: () => (/* reexport safe */ _report_index_js__WEBPACK_IMPORTED_MODULE_5__.WI),
/* harmony export */   writeSummaryFile: () => (/* binding */ writeSummaryFile)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _engine_options_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9052);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3916);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2166);
/* harmony import */ var _state_git_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(633);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7593);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7911);
/* harmony import */ var _run_and_report_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8226);
/* harmony import */ var _self_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3050);
/**
 * `wave demo`: copies the bundled example repository to a temporary directory, makes it a git
 * repository, and runs its wave 0 with the `local` executor and the live view. No API key needed.
 *
 * The demo repository is kept (its state is what the printed `status` command reads); the last
 * lines say where it is, that it is kept, and how to remove it. The printed commands are
 * complete: `wave` when the `wave` on PATH is this CLI, else the `node …` line that ran it.
 */











/** The examples directory next to the CLI (bundle: dist/cli → ../../examples; source: src → ../examples). */
function findExamplesDir(from) {
    let dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(from);
    for (let i = 0; i < 4; i++) {
        const candidate = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, "examples");
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(candidate, "docs", "plans", "waves")))
            return candidate;
        dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(dir);
    }
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo("the bundled examples directory was not found next to the wave CLI", 2);
}
const DEMO_OPTIONS = {
    dir: { type: "string", value: "DIR", description: "where to put the demo repository", defaultText: "a new temporary directory" },
    ...(0,_args_js__WEBPACK_IMPORTED_MODULE_7__/* .formatFlags */ .dg)(["text", "json"]),
};
const DEMO_HELP = {
    name: "demo",
    usage: "[--dir DIR] [--format text|json]",
    about: "Copies the bundled example repository to a directory, makes it a git repository and runs its\n" +
        "wave 0 with the built-in local executor and the live view. No API key, nothing billed.",
    options: DEMO_OPTIONS,
    globals: false,
    examples: ["wave demo", "wave demo --dir ./wave-demo   # keep the demo repository here"],
    exitCodes: _help_js__WEBPACK_IMPORTED_MODULE_8__/* .RUN_EXIT_CODES */ .ab,
};
async function demoCommand(argv, io) {
    const p = (0,_args_js__WEBPACK_IMPORTED_MODULE_7__/* .parseFlags */ .bQ)(argv, { ...DEMO_OPTIONS, ..._args_js__WEBPACK_IMPORTED_MODULE_7__/* .HELP_OPTION */ .E4 }, false);
    const json = (0,_args_js__WEBPACK_IMPORTED_MODULE_7__/* .outputFormat */ .B$)(p, ["text", "json"], "text") === "json";
    const source = findExamplesDir((0,_self_js__WEBPACK_IMPORTED_MODULE_10__/* .cliEntryFile */ .DL)());
    const target = (0,_args_js__WEBPACK_IMPORTED_MODULE_7__/* .stringFlag */ .AM)(p, "dir")
        ? node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(io.cwd, (0,_args_js__WEBPACK_IMPORTED_MODULE_7__/* .stringFlag */ .AM)(p, "dir"))
        : await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdtemp(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir(), "wave-demo-"));
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.mkdir(target, { recursive: true });
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.cp(source, target, { recursive: true });
    const gitEnv = {
        GIT_AUTHOR_NAME: "wave demo",
        GIT_AUTHOR_EMAIL: "demo@wave.invalid",
        GIT_COMMITTER_NAME: "wave demo",
        GIT_COMMITTER_EMAIL: "demo@wave.invalid",
    };
    await (0,_state_git_js__WEBPACK_IMPORTED_MODULE_6__/* .gitOrThrow */ .QE)(target, ["init", "-q", "-b", "main"], "preparing the demo repository", gitEnv);
    await (0,_state_git_js__WEBPACK_IMPORTED_MODULE_6__/* .gitOrThrow */ .QE)(target, ["add", "-A"], "preparing the demo repository", gitEnv);
    await (0,_state_git_js__WEBPACK_IMPORTED_MODULE_6__/* .gitOrThrow */ .QE)(target, ["commit", "-q", "-m", "demo: initial state"], "preparing the demo repository", gitEnv);
    io.stdout(`Demo repository: ${target}\n`);
    const options = {
        ..._engine_options_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_RUN_OPTIONS */ .pI,
        root: target,
        configPath: undefined,
        lane: undefined,
        stateDir: node_path__WEBPACK_IMPORTED_MODULE_2___default().join(target, ".wave"),
        wave: 0,
        executor: "local",
        idleTimeoutMinutes: null,
        resume: "never",
        feedback: null,
        redact: [],
    };
    return (0,_run_and_report_js__WEBPACK_IMPORTED_MODULE_9__/* .runAndReport */ .FG)(options, io, {
        json,
        cliArgv: (0,_self_js__WEBPACK_IMPORTED_MODULE_10__/* .selfCliArgv */ .Rk)(),
        after: (_result, resultFile) => {
            const wave = (0,_self_js__WEBPACK_IMPORTED_MODULE_10__/* .cliCommandLine */ .g1)(io);
            return [
                "",
                `State directory: ${node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(resultFile)}`,
                `Job summary (as GitHub would show it): ${node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(resultFile), "summary.md")}`,
                `Inspect: ${wave} status --root ${(0,_self_js__WEBPACK_IMPORTED_MODULE_10__/* .shellWord */ .r7)(target)} --wave 0`,
                `The demo repository is kept: ${target} (remove it with: rm -rf ${(0,_self_js__WEBPACK_IMPORTED_MODULE_10__/* .shellWord */ .r7)(target)})`,
                "",
            ].join("\n");
        },
    });
}
/** Writes summary.md next to result.json (the same markdown the action puts in the job summary). */
async function writeSummaryFile(resultFile, markdown) {
    await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(resultFile), "summary.md"), markdown);
}



/***/ })

};

//# sourceMappingURL=155.index.js.map