/**
 * The read-only viewer that runs in a tmux pane (`wave __tmux-view <fifo>`). It copies what the
 * orchestrator writes into the FIFO to the terminal until the orchestrator closes its end, then
 * exits. It has no part in the agent's run: it does not start the agent, does not see its
 * environment, does not write the log, and nothing it does is read back. Closing the pane only
 * ends the view.
 *
 * Agent output is untrusted, so before it reaches the terminal its control characters are made
 * visible (`TerminalSafeStream`, src/report/text.ts: ESC shows as `^[`, a bare carriage return as
 * `^M`, bidi controls as `<U+202E>`, ...): the output cannot retitle the pane, write the clipboard
 * of a human who attaches (OSC 52), plant links, clear or reset the terminal, send queries that
 * make it "type" replies, or hide what it wrote. Colours show as their visible sequences too.
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
import { TerminalSafeStream } from "./text.js";
import { TranscriptRenderer } from "../signals/render.js";

export interface TmuxViewIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
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
  const safe = new TerminalSafeStream();
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
      const shown = safe.push(text);
      if (shown === "") return true;
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
      show(safe.end());
      finish(0);
    });
    input.on("error", (error) => {
      io.stderr.write(`wave __tmux-view: reading ${fifo} failed: ${errorMessage(error)}\n`);
      finish(1);
    });
  });
}
