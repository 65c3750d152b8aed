/**
 * What users see: job summaries, annotations, live progress, terminal views. Pure string
 * functions except `adapters.ts`, the `TtyRenderer` and `readDeployments` (which reads the run's
 * execution summaries).
 */
export * from "./adapters.js";
export * from "./aggregate-summary.js";
export * from "./annotations.js";
export * from "./deployments.js";
export * from "./headline.js";
export * from "./inputs.js";
export * from "./markdown.js";
export * from "./mermaid.js";
export * from "./phases.js";
export * from "./progress/engine.js";
export * from "./progress/events.js";
export * from "./progress/model.js";
export * from "./progress/prefix.js";
export * from "./progress/render.js";
export * from "./progress/tty.js";
export * from "./status-table.js";
export * from "./tails.js";
export * from "./text.js";
export * from "./timeline.js";
export * from "./wave-summary.js";
