/**
 * Live progress in the job log: with stream-logs every agent's output line prefixed with its id;
 * otherwise one line per event plus a compact status line every 30 s, which doubles as a
 * heartbeat so a quiet job never looks hung.
 */
import { StringDecoder } from "node:string_decoder";
import * as core from "@actions/core";
import type { EngineEvent } from "../engine/types.js";
import {
  applyProgressEvent,
  createProgressModel,
  flushPrefixed,
  type ProgressModel,
  prefixLines,
  progressEventFromEngine,
  renderPlainLine,
  renderStatusLine,
} from "../report/index.js";
import type { Redactor } from "../security/redact.js";

export const STATUS_INTERVAL_MS = 30_000;

export function createJobLogProgress(options: {
  streamLogs: boolean;
  redactor: Redactor;
  write?: (line: string) => void;
  intervalMs?: number;
}): { onEvent(e: EngineEvent): void; close(): void } {
  const write = options.write ?? ((line: string) => core.info(line));
  let model: ProgressModel = createProgressModel();
  const carries = new Map<string, string>();
  const decoders = new Map<string, StringDecoder>();
  const timer = setInterval(() => {
    model = applyProgressEvent(model, { type: "tick", at: Date.now() });
    write(options.redactor.redact(renderStatusLine(model, Date.now())));
  }, options.intervalMs ?? STATUS_INTERVAL_MS);
  timer.unref();
  return {
    onEvent(e) {
      if (e.type === "agent-output") {
        if (!options.streamLogs) return;
        let decoder = decoders.get(e.agentId);
        if (!decoder) decoders.set(e.agentId, (decoder = new StringDecoder("utf8")));
        const { text, carry } = prefixLines(e.agentId, decoder.write(e.chunk), carries.get(e.agentId) ?? "");
        carries.set(e.agentId, carry);
        if (text) write(options.redactor.redact(text.replace(/\n$/, "")));
        return;
      }
      if (e.type === "agent-end" && options.streamLogs) {
        const rest = flushPrefixed(e.agentId, carries.get(e.agentId) ?? "");
        carries.delete(e.agentId);
        if (rest) write(options.redactor.redact(rest.replace(/\n$/, "")));
      }
      if (e.type === "warning") core.warning(options.redactor.redact(e.message));
      const pe = progressEventFromEngine(e, Date.now());
      if (!pe) return;
      model = applyProgressEvent(model, pe);
      const line = renderPlainLine(pe);
      if (line) write(options.redactor.redact(line));
    },
    close() {
      clearInterval(timer);
    },
  };
}
