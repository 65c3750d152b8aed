/** Structured markers: streaming parser, report verdicts, execution summaries. */
export { formatMarker, markerSpec, markerSyntax, parseMarkerBody } from "./grammar.js";
export { createSignalParser, DEFAULT_MAX_LINE_LENGTH, parseSignals, type SignalParser, type SignalParserOptions } from "./parser.js";
export * from "./schema.js";
export { type AssembleSummaryInput, assembleExecutionSummary, type BuildSummaryInput, buildExecutionSummary } from "./execution-summary.js";
export { TRANSCRIPT_FORMATS, type TranscriptFormat } from "./transcript.js";
export { normalizeVerdict, type ReportVerdict, readReportVerdict } from "./verdict.js";
