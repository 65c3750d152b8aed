export const id = 508;
export const ids = [508];
export const modules = {

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


/***/ })

};

//# sourceMappingURL=508.index.js.map