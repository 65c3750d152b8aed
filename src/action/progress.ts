/**
 * Live progress in the job log: with stream-logs every agent's output line prefixed with its id;
 * otherwise one line per event plus a compact status line every 30 s, which doubles as a
 * heartbeat so a quiet job never looks hung.
 *
 * Every line goes to the runner through the job log channel (src/report/runner-channel.ts): agent
 * output, titles and messages are escaped there, so no workflow command can be formed from them.
 */
import { StringDecoder } from "node:string_decoder";
import type { EngineEvent } from "../engine/types.js";
import { applyProgressEvent, createProgressModel, type ProgressModel } from "../report/progress/model.js";
import { flushPrefixed, prefixLines } from "../report/progress/prefix.js";
import { progressEventFromEngine } from "../report/progress/engine.js";
import { renderPlainLine, renderStatusLine } from "../report/progress/render.js";
import { createRunnerChannel, type RunnerChannel } from "../report/runner-channel.js";
import { type Redactor, redactValue } from "../security/redact.js";
import type { RedactionScanner } from "../security/scanner.js";
import { MIN_VARIANT_LENGTH } from "../security/variants.js";

const STATUS_INTERVAL_MS = 30_000;

export function createJobLogProgress(options: {
  streamLogs: boolean;
  redactor: Redactor;
  /** Where the lines go (default: the job log on stdout, redacted once more after escaping). */
  channel?: RunnerChannel;
  intervalMs?: number;
}): { onEvent(e: EngineEvent): void; close(): void } {
  const channel = options.channel ?? createRunnerChannel({ redact: (text) => options.redactor.redact(text) });
  const write = (line: string) => channel.info(line);
  let model: ProgressModel = createProgressModel();
  const carries = new Map<string, string>();
  const decoders = new Map<string, StringDecoder>();
  // Agent output is redacted as raw bytes, before it is decoded, split into lines and prefixed (a
  // prefix or a line split inside a secret would hide it from redaction).
  const scanners = new Map<string, RedactionScanner>();
  const emitOutput = (agentId: string, parts: Buffer[]) => {
    let decoder = decoders.get(agentId);
    if (!decoder) decoders.set(agentId, (decoder = new StringDecoder("utf8")));
    for (const part of parts) {
      const { text, carry } = prefixLines(agentId, decoder.write(part), carries.get(agentId) ?? "");
      carries.set(agentId, carry);
      if (text) write(options.redactor.redact(text.replace(/\n$/, "")));
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
        if (!options.streamLogs) return;
        let scanner = scanners.get(e.agentId);
        if (!scanner) scanners.set(e.agentId, (scanner = options.redactor.createScanner()));
        // Live output: what the scanner holds back is written at once unless it could be the
        // beginning of a secret.
        emitOutput(e.agentId, [...scanner.push(e.chunk), ...scanner.flushHeld(MIN_VARIANT_LENGTH)]);
        return;
      }
      if (e.type === "agent-end" && options.streamLogs) {
        const scanner = scanners.get(e.agentId);
        scanners.delete(e.agentId);
        if (scanner) emitOutput(e.agentId, scanner.end());
        const decoder = decoders.get(e.agentId);
        decoders.delete(e.agentId);
        const last = decoder?.end() ?? "";
        const rest = flushPrefixed(e.agentId, (carries.get(e.agentId) ?? "") + last);
        carries.delete(e.agentId);
        if (rest) write(options.redactor.redact(rest.replace(/\n$/, "")));
      }
      if (e.type === "warning") channel.warning(options.redactor.redact(e.message));
      if (e.type === "notice") channel.info(options.redactor.redact(e.message));
      // Events carry agent ids, titles and messages: redacted before the model and the lines see them.
      const raw = progressEventFromEngine(e, Date.now());
      if (!raw) return;
      const pe = redactValue(raw, options.redactor);
      model = applyProgressEvent(model, pe);
      const line = renderPlainLine(pe);
      if (line) write(options.redactor.redact(line));
    },
    close() {
      clearInterval(timer);
    },
  };
}
