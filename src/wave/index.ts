/**
 * The wave model's public surface: load a project, look at roles and closure policy.
 */
export { closurePolicyFor, modeForWave } from "./closure-policy.js";
export { readConfigFile, resolveLaneSettings } from "./config.js";
export {
  type Diagnostic,
  formatDiagnosticGithub,
  formatDiagnosticText,
  hasErrors,
  isError,
  isWaveInputError,
  WaveInputError,
} from "./diagnostics.js";
export { discoverWaveFiles } from "./discover.js";
export { type ParseOptions, type ParseResult, parseWaveFile, slugify } from "./parse.js";
export { type LoadedProject, type LoadProjectOptions, diagnosticsForWave, loadProject, waveIsValid } from "./project.js";
export {
  agentRequiresProofCentricValidation,
  resolveExecutor,
  waveRequiresProofCentricValidation,
} from "./resolve-executor.js";
export {
  closureStageOf,
  closureStagesOf,
  contEvalReportPath,
  contQaReportPath,
  DEFAULT_ROLE_BINDINGS,
  designPacketPath,
  inferAgentRole,
  isDesignAgent,
  isImplementationOwning,
  isSecurityReviewer,
  reportPathFor,
  securityReportPath,
} from "./roles.js";
export { splitShellWords } from "./words.js";
