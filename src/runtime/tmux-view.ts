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
import { constants, lstatSync, open } from "node:fs";
import net from "node:net";
import { StringDecoder } from "node:string_decoder";
import { promisify } from "node:util";
import { errorMessage } from "../errors.js";
import { TranscriptRenderer } from "../signals/render.js";

export interface TmuxViewIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const ESC = 0x1b;
/** Longest CSI sequence kept (parameters and intermediates); longer ones are dropped. */
const MAX_CSI_BYTES = 64;
/** OSC/DCS/APC/PM/SOS strings are skipped up to this many bytes, then output shows again. */
const MAX_STRING_BYTES = 4096;

type FilterState = "ground" | "esc" | "csi" | "string" | "string-esc";

/** Streaming filter that makes untrusted output safe to show on a terminal (see the file header). */
export class TerminalFilter {
  private state: FilterState = "ground";
  private csi: number[] = [];
  private csiTooLong = false;
  private stringBytes = 0;

  push(chunk: Buffer): Buffer {
    // Each byte yields at most one byte, except a CSI final byte, which also releases the held
    // sequence (at most MAX_CSI_BYTES + 2, possibly begun in an earlier chunk).
    const out = Buffer.allocUnsafe(chunk.length + MAX_CSI_BYTES + 3);
    let n = 0;
    for (const byte of chunk) {
      switch (this.state) {
        case "ground":
          if (byte === ESC) this.state = "esc";
          else if (byte >= 0x20 ? byte !== 0x7f : byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x08) {
            out[n++] = byte;
          }
          break;
        case "esc":
          if (byte === 0x5b) {
            this.state = "csi";
            this.csi = [];
            this.csiTooLong = false;
          } else if (byte === 0x5d || byte === 0x50 || byte === 0x5f || byte === 0x5e || byte === 0x58) {
            this.state = "string";
            this.stringBytes = 0;
          } else if (byte !== ESC) {
            this.state = "ground"; // any other escape (reset, charset, keypad, ...) is dropped
          }
          break;
        case "csi":
          if (byte >= 0x20 && byte <= 0x3f) {
            if (this.csi.length < MAX_CSI_BYTES) this.csi.push(byte);
            else this.csiTooLong = true;
          } else {
            if (byte === 0x6d && !this.csiTooLong && this.csi.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x3b)) {
              out[n++] = ESC;
              out[n++] = 0x5b;
              for (const b of this.csi) out[n++] = b;
              out[n++] = byte;
            }
            // A final byte ends the sequence; anything else (a control, ESC) aborts it.
            this.state = byte === ESC ? "esc" : "ground";
            this.csi = [];
          }
          break;
        case "string":
        case "string-esc":
          if (byte === 0x07 || (this.state === "string-esc" && byte === 0x5c)) this.state = "ground";
          else if (++this.stringBytes > MAX_STRING_BYTES) this.state = "ground";
          else this.state = byte === ESC ? "string-esc" : "string";
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
export async function runTmuxView(argv: string[], io: TmuxViewIo): Promise<number> {
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
  } catch (error) {
    io.stderr.write(`wave __tmux-view: cannot use ${fifo}: ${errorMessage(error)}\n`);
    return 2;
  }

  let fd: number;
  try {
    // Blocks (in the thread pool) until the orchestrator opens its end.
    fd = await promisify(open)(fifo, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    io.stderr.write(`wave __tmux-view: cannot open ${fifo}: ${errorMessage(error)}\n`);
    return 1;
  }
  const input = new net.Socket({ fd, readable: true, writable: false });
  const filter = new TerminalFilter();
  const decoder = new StringDecoder("utf8");
  const renderer = new TranscriptRenderer("auto");
  return await new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      input.destroy();
      resolve(code);
    };
    /** Shows text; false when the terminal wants a pause (or is gone). */
    const show = (text: string): boolean => {
      const shown = text === "" ? text : filter.push(Buffer.from(text, "utf8"));
      if (shown.length === 0) return true;
      try {
        return io.stdout.write(shown);
      } catch {
        finish(0);
        return false;
      }
    };
    io.stdout.on("error", () => finish(0)); // the pane is gone: nothing left to show
    input.on("data", (chunk: Buffer) => {
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
