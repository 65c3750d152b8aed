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
 * JSON transcript (an executor adapter's `transcript.formats`) only the agent's own assistant
 * messages count and every other line — tool output, stderr noise, lines that are not JSON — is
 * ignored. In `text` format (plain-text agents) every line outside a fence
 * can be a marker, except a line that is an event of a known JSON transcript: that line is read
 * by its transcript's rules (assistant messages only) and never as plain text. Each assistant text
 * is scanned as its own markdown document, with the JSON line's number as line number.
 */
import { StringDecoder } from "node:string_decoder";
import { acceptedMarker, type MarkerSpec, parseMarkerBody, SPEC_BY_TAG } from "./grammar.js";
import { cleanLine, type FenceInfo, type MarkerCandidate, fenceInfo, markerCandidate } from "./lines.js";
import { turnLimitIn } from "../executors/claude/transcript.js";
import type { ComponentMarker, GapMarker, SignalCount, SignalDiagnostic, SignalResult } from "./schema.js";
import type { UsageFact } from "../usage/extract.js";
import { newTranscriptState, parseJsonLine, readTranscriptEvent, type TranscriptFormat, worthReading } from "./transcript.js";
import { type AcceptedMarker, MARKERS, SIGNAL_KINDS, type SignalKind, type SignalMarkersShapeOf } from "./vocabulary.js";

export interface SignalParserOptions {
  /** When set (the nonce of the agent's own launch), gate markers (see NONCE_REQUIRED_KINDS) count only with exactly `nonce=<this value>`. */
  nonce?: string | null;
  /** Lines longer than this many characters are ignored. Default 256 KiB (JSON events can be long). */
  maxLineLength?: number;
  /** Diagnostic samples kept per kind (all are counted). Default 5. */
  maxSamplesPerKind?: number;
  /**
   * How the stream is written (default `text`). With a JSON transcript format only the agent's
   * own assistant messages count; with `text` every plain line can be a marker.
   */
  transcript?: TranscriptFormat;
  /** Told each usage figure or session id the transcript's events report, as they stream. */
  onUsage?: (fact: UsageFact) => void;
}

export interface SignalParser {
  push(chunk: Buffer | Uint8Array | string): void;
  /** Flushes the last partial line and closes open fences. Further pushes are ignored. */
  end(): void;
  /** A snapshot of what has been accepted so far (call after `end()` for the final result). */
  result(): SignalResult;
}

const DEFAULT_MAX_LINE_LENGTH = 256 * 1024;
const MAX_MARKER_LENGTH = 16 * 1024;
const MAX_FENCE_CANDIDATES = 256;
const MAX_GAPS = 1000;
const MAX_COMPONENTS = 1000;
const SAMPLE_TEXT_CHARS = 4096;
/**
 * A line holding a marker tag is always worth parsing (the tags of src/signals/vocabulary.ts).
 * Which other `{…}` lines are — errors, termination facts, usage figures, session ids, events that
 * change a stream's state — each executor's transcript says (`worthReading`, src/signals/transcript.ts).
 */
const MARKER_TAG_RE = /\[(?:wave-|deploy-status|infra-status)/i;

interface Pending {
  cand: MarkerCandidate;
  line: number;
  text: string;
}

interface DocState {
  fence: FenceInfo | null;
  pending: Pending[];
  mixed: boolean;
}

const newDoc = (): DocState => ({ fence: null, pending: [], mixed: false });

function maskNonce(text: string): string {
  return text.replace(/(^|\s)nonce=\S*/gi, "$1nonce=***");
}

class StreamingSignalParser implements SignalParser {
  private readonly nonce: string | null;
  private readonly maxLine: number;
  private readonly maxSamples: number;
  // Stryker disable next-line StringLiteral: an empty encoding is utf8 too (the default)
  private readonly decoder = new StringDecoder("utf8");

  // line assembly
  private parts: string[] = [];
  private partLength = 0;
  private skipping = false;
  // Stryker disable next-line StringLiteral: set whenever skipping starts, read only while skipping
  private skippedHead = "";
  private lineNo = 0;
  private bytes = 0;
  private oversized = 0;
  private ended = false;

  // documents
  private readonly top: DocState = newDoc();
  private readonly transcript: TranscriptFormat;
  private readonly onUsage: ((fact: UsageFact) => void) | null;
  private readonly transcriptState = newTranscriptState();
  /** Whether a `{…}` line without a marker tag may be an event of this stream's transcripts worth parsing. */
  private readonly worthReading: (line: string) => boolean;

  // results
  /** The last accepted marker of each kind kept as `last` (see vocabulary.ts). */
  private readonly last = new Map<SignalKind, AcceptedMarker["marker"]>();
  private readonly components = new Map<string, ComponentMarker>();
  private readonly gaps: GapMarker[] = [];
  private readonly counts = new Map<string, SignalCount>();
  private readonly samples = new Map<string, SignalDiagnostic[]>();
  private turnLimitReached = false;
  private observedTurnLimit: number | null = null;
  private lastError: string | null = null;

  constructor(options: SignalParserOptions) {
    this.nonce = options.nonce ? options.nonce : null;
    this.maxLine = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
    this.maxSamples = options.maxSamplesPerKind ?? 5;
    this.transcript = options.transcript ?? "text";
    this.worthReading = worthReading(this.transcript);
    this.onUsage = options.onUsage ?? null;
  }

  push(chunk: Buffer | Uint8Array | string): void {
    if (this.ended) return;
    let text: string;
    if (typeof chunk === "string") {
      text = this.decoder.end() + chunk;
      this.bytes += Buffer.byteLength(chunk);
    } else {
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

  end(): void {
    // Stryker disable next-line ConditionalExpression: a second end() finds nothing left (the decoder is empty, no partial line, the document closed) and pushes after end() are ignored
    if (this.ended) return;
    const rest = this.decoder.end();
    // Stryker disable next-line ConditionalExpression: appendPartial ignores an empty text
    if (rest) this.appendPartial(rest, 0);
    // Stryker disable next-line StringLiteral: an empty slice of the text is read either way (from = to = 0)
    if (this.skipping || this.partLength > 0) this.completeLine("", 0, 0);
    this.closeDoc(this.top);
    this.ended = true;
  }

  result(): SignalResult {
    const counts: Record<string, SignalCount> = {};
    for (const [kind, count] of this.counts) counts[kind] = { ...count };
    const diagnostics = [...this.samples.values()].flat().sort((a, b) => a.line - b.line);
    return {
      ...this.markerFields(),
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

  /** The result's marker fields, named and kept as the vocabulary says (lists are copies). */
  private markerFields(): { [F in keyof SignalMarkersShapeOf]: SignalResult[F] } {
    const out: Record<string, unknown> = {};
    for (const kind of SIGNAL_KINDS) {
      const { field, keep } = MARKERS[kind].result;
      if (keep === "last") out[field] = this.last.get(kind) ?? null;
      else if (keep === "per-component") out[field] = [...this.components.values()].map((c) => ({ ...c }));
      else out[field] = this.gaps.map((g) => ({ ...g }));
    }
    return out as { [F in keyof SignalMarkersShapeOf]: SignalResult[F] };
  }

  /* ---------------------------------------------------------------- line assembly */

  private appendPartial(text: string, from: number): void {
    const length = text.length - from;
    if (length === 0 || this.skipping) return;
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

  private completeLine(text: string, from: number, to: number): void {
    this.lineNo++;
    if (this.skipping) {
      this.skipping = false;
      this.noteOversized(this.skippedHead);
      return;
    }
    let line: string;
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
    } else {
      if (to - from > this.maxLine) {
        this.noteOversized(this.headOf(text, from));
        return;
      }
      line = text.slice(from, to);
    }
    this.topLine(line);
  }

  /** The first characters of an oversized line (same whatever the chunking: the line has > maxLine). */
  private headOf(text: string, from: number): string {
    const n = Math.min(SAMPLE_TEXT_CHARS, this.maxLine);
    return (this.parts.join("") + text.slice(from, from + n)).slice(0, n);
  }

  private noteOversized(head: string): void {
    this.oversized++;
    this.diagnose("log", cleanLine(head), `line longer than ${this.maxLine} characters ignored`, "error");
  }

  /* ---------------------------------------------------------------- documents */

  private topLine(raw: string): void {
    const line = cleanLine(raw);
    const trimmed = line.trim();
    if (this.transcript !== "text") {
      // A JSON transcript: only its own events count; any other line is not the agent's message.
      // A line without a marker tag or a termination fact changes nothing, so it is not parsed.
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: such a line is no JSON event, or one that yields no marker, termination fact or usage
      if (trimmed.charCodeAt(0) !== 123 || !this.worthParsing(trimmed)) return;
      const event = parseJsonLine(trimmed);
      if (event) this.handleEvent(event);
      return;
    }
    if (this.top.fence === null && trimmed.charCodeAt(0) === 123) {
      // Outside a fence, a `{…}` line without anything of interest changes nothing whether or not
      // it is JSON; skipping JSON.parse for it keeps transcripts cheap.
      // Stryker disable next-line ConditionalExpression: a fast path: outside a fence a `{` line without a marker tag or termination fact is neither a marker nor a fence
      if (!this.worthParsing(trimmed)) return;
      const event = parseJsonLine(trimmed);
      if (event && this.handleEvent(event)) return;
    }
    this.noteTermination(line);
    this.docLine(this.top, trimmed);
  }

  /** A `{…}` line worth JSON.parse: it holds a marker tag, or its transcript says its event may matter. */
  private worthParsing(trimmed: string): boolean {
    return MARKER_TAG_RE.test(trimmed) || this.worthReading(trimmed);
  }

  /** Reads a transcript event; false when it is none the stream's format accepts. */
  private handleEvent(event: Record<string, unknown>): boolean {
    // Stryker disable next-line ConditionalExpression: usage facts nobody listens for are computed and dropped (the listener check below)
    const facts = readTranscriptEvent(event, this.transcript, this.transcriptState, this.onUsage !== null);
    if (facts === null) return false;
    if (facts.maxTurns) {
      this.turnLimitReached = true;
      if (facts.turnLimit !== null) this.observedTurnLimit = facts.turnLimit;
    }
    if (facts.error !== null) this.lastError = facts.error.slice(0, 500);
    // Stryker disable next-line ConditionalExpression: without a listener no usage facts are read (the flag above)
    if (this.onUsage) for (const fact of facts.usage) this.onUsage(fact);
    for (const text of facts.texts) this.scanText(text);
    return true;
  }

  /** Scans one assistant message text as a markdown document of its own (fences end with it). */
  private scanText(text: string): void {
    const doc = newDoc();
    let start = 0;
    // Stryker disable next-line EqualityOperator: the extra turn reads an empty last line, which changes nothing
    while (start <= text.length) {
      let nl = text.indexOf("\n", start);
      if (nl === -1) nl = text.length;
      const line = cleanLine(text.slice(start, nl));
      start = nl + 1;
      this.docLine(doc, line.trim());
    }
    this.closeDoc(doc);
  }

  private docLine(doc: DocState, trimmed: string): void {
    if (trimmed.length === 0) return;
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
      } else if (doc.pending.length >= MAX_FENCE_CANDIDATES) {
        doc.mixed = true;
        this.rejectCandidate(cand, trimmed, "inside mixed fence");
      } else {
        // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: the cut bounds memory only; a line over the cap is rejected and sampled the same either way
        doc.pending.push({
          cand,
          line: this.lineNo,
          text: trimmed.length > MAX_MARKER_LENGTH ? trimmed.slice(0, MAX_MARKER_LENGTH + 1) : trimmed,
        });
      }
      return;
    }
    if (cand !== null) this.acceptCandidate(cand, trimmed, this.lineNo);
  }

  private commitFence(doc: DocState): void {
    const pending = doc.pending;
    const mixed = doc.mixed;
    doc.fence = null;
    doc.pending = [];
    doc.mixed = false;
    for (const p of pending) {
      if (mixed) this.rejectCandidate(p.cand, p.text, "inside mixed fence", p.line);
      else this.acceptCandidate(p.cand, p.text, p.line);
    }
  }

  private closeDoc(doc: DocState): void {
    // Stryker disable next-line ConditionalExpression: outside a fence nothing is pending and the reset below changes nothing
    if (doc.fence === null) return;
    for (const p of doc.pending) this.rejectCandidate(p.cand, p.text, "inside unterminated fence", p.line);
    doc.fence = null;
    // Stryker disable next-line ArrayDeclaration: a closed document reads no more lines (the end of the stream or of a message)
    doc.pending = [];
    // Stryker disable next-line BooleanLiteral: a closed document reads no more lines (the end of the stream or of a message)
    doc.mixed = false;
  }

  private noteTermination(line: string): void {
    const limit = turnLimitIn(line);
    if (limit !== null) {
      this.turnLimitReached = true;
      this.observedTurnLimit = limit;
    }
  }

  /* ---------------------------------------------------------------- markers */

  /**
   * A candidate's marker kind, its count raised by one seen; null for an unknown tag (a warning,
   * counted under no kind).
   */
  private seeCandidate(cand: MarkerCandidate, text: string, line: number): { spec: MarkerSpec; count: SignalCount } | null {
    const spec = SPEC_BY_TAG.get(cand.tag);
    if (!spec) {
      this.diagnose("unknown", text, `unknown marker [${cand.tag}]`, "warning", line);
      return null;
    }
    const count = this.count(spec.kind);
    count.seen++;
    return { spec, count };
  }

  private rejectCandidate(cand: MarkerCandidate, text: string, reason: string, line = this.lineNo): void {
    const seen = this.seeCandidate(cand, text, line);
    if (!seen) return;
    seen.count.rejected++;
    this.diagnose(seen.spec.kind, text, reason, "error", line);
  }

  private acceptCandidate(cand: MarkerCandidate, text: string, line: number): void {
    const seen = this.seeCandidate(cand, text, line);
    if (!seen) return;
    const { spec, count } = seen;
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
    this.store(acceptedMarker(spec, parsed.values, line));
  }

  private store(accepted: AcceptedMarker): void {
    if (accepted.kind === "component") {
      const component = accepted.marker;
      this.components.delete(component.componentId);
      this.components.set(component.componentId, component);
      if (this.components.size > MAX_COMPONENTS) this.components.delete(this.components.keys().next().value!);
    } else if (accepted.kind === "gap") {
      this.gaps.push(accepted.marker);
      if (this.gaps.length > MAX_GAPS) this.gaps.shift();
    } else {
      this.last.set(accepted.kind, accepted.marker);
    }
  }

  private count(kind: string): SignalCount {
    let count = this.counts.get(kind);
    if (!count) {
      count = { seen: 0, accepted: 0, rejected: 0, warnings: 0 };
      this.counts.set(kind, count);
    }
    return count;
  }

  private diagnose(
    kind: string,
    text: string,
    reason: string,
    severity: SignalDiagnostic["severity"],
    line = this.lineNo,
    componentId?: string,
  ): void {
    let list = this.samples.get(kind);
    if (!list) {
      list = [];
      this.samples.set(kind, list);
    }
    const shown = maskNonce(text.length > SAMPLE_TEXT_CHARS ? `${text.slice(0, SAMPLE_TEXT_CHARS)}…` : text);
    const diagnostic: SignalDiagnostic = { kind, line, text: shown, reason, severity };
    if (componentId !== undefined) diagnostic.componentId = componentId;
    list.push(diagnostic);
    if (list.length > this.maxSamples) list.shift();
  }
}

/** Creates a streaming marker parser (one per agent output). */
export function createSignalParser(options: SignalParserOptions = {}): SignalParser {
  return new StreamingSignalParser(options);
}

/** Parses a whole text or buffer at once. */
export function parseSignals(input: string | Buffer, options: SignalParserOptions = {}): SignalResult {
  const parser = createSignalParser(options);
  parser.push(input);
  parser.end();
  return parser.result();
}
