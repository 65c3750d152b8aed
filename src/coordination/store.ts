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
import { createReadStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.js";
import { RUN_FILES } from "../state/paths.js";
import { appendLine } from "./fs.js";
import { type CoordinationRecord, CoordinationRecordSchema } from "./schema.js";

/** Largest line we append. */
const MAX_LINE_BYTES = 128 * 1024;
/** Lines longer than this are skipped unread by the reader. */
export const MAX_READ_LINE_BYTES = 256 * 1024;

const COORDINATION_LOG_FILE = RUN_FILES.coordination;

export function coordinationLogPath(runDir: string): string {
  return path.join(runDir, COORDINATION_LOG_FILE);
}

/** Validates and appends one record. Throws UserError when the record is invalid or too large. */
export async function appendCoordinationRecord(logPath: string, record: CoordinationRecord): Promise<void> {
  const parsed = CoordinationRecordSchema.safeParse(record);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UserError(
      `invalid coordination record${first ? ` (${first.path.map(String).join(".") || "record"}: ${first.message})` : ""}`,
    );
  }
  const line = JSON.stringify(parsed.data);
  const size = Buffer.byteLength(line, "utf8");
  if (size > MAX_LINE_BYTES) {
    throw new UserError(`coordination record ${record.id} is ${size} bytes; the limit is ${MAX_LINE_BYTES}`);
  }
  await mkdir(path.dirname(logPath), { recursive: true });
  await appendLine(logPath, line);
}

interface LogDiagnostic {
  /** 1-based line number. */
  line: number;
  message: string;
}

export interface CoordinationLog {
  records: CoordinationRecord[];
  diagnostics: LogDiagnostic[];
}

const decoder = new TextDecoder("utf-8", { fatal: true });

function parseLine(bytes: Buffer, lineNo: number, out: CoordinationLog, last: boolean): void {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    out.diagnostics.push({ line: lineNo, message: "not valid UTF-8 (binary data); line skipped" });
    return;
  }
  if (text.trim() === "") return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const why = last ? "incomplete last line (no newline)" : "not valid JSON";
    out.diagnostics.push({ line: lineNo, message: `${why}: ${(error as Error).message}; line skipped` });
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
export async function readCoordinationLog(logPath: string): Promise<CoordinationLog> {
  const out: CoordinationLog = { records: [], diagnostics: [] };
  const stream = createReadStream(logPath, { highWaterMark: 64 * 1024 });
  let parts: Buffer[] = [];
  let partBytes = 0;
  let overLong = false;
  let lineNo = 1;
  const finishLine = (last: boolean) => {
    if (overLong) {
      out.diagnostics.push({ line: lineNo, message: `line longer than ${MAX_READ_LINE_BYTES} bytes; skipped` });
    } else if (partBytes > 0) {
      parseLine(parts.length === 1 ? parts[0]! : Buffer.concat(parts), lineNo, out, last);
    }
    parts = [];
    partBytes = 0;
    overLong = false;
    lineNo++;
  };
  const keep = (piece: Buffer) => {
    if (overLong || piece.length === 0) return;
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
      const buf = chunk as Buffer;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0) break;
        keep(buf.subarray(start, nl));
        finishLine(false);
        start = nl + 1;
      }
      keep(buf.subarray(start));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return out;
    throw error;
  }
  if (partBytes > 0 || overLong) finishLine(true);
  return out;
}
