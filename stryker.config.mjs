// Mutation testing (Stryker, tap runner) of the modules that decide outcomes, one group at a time:
// each group's source files are mutated and run against that group's own fast tests only.
// `scripts/mutation.mjs` runs every group (or the ones named), checks each group's threshold and
// regenerates the scores in docs/testing.md; `MUTATION_GROUP=<name> npx stryker run` runs one.
//
// Incremental mode: each group keeps the results of its last run in
// `.stryker/incremental/<group>.json` (committed), so a run after a change re-tests only the
// mutants in changed source files and the mutants covered by changed tests.

/** @type {Record<string, { mutate: string[]; testFiles: string[]; threshold: number; timeoutMS?: number }>} */
export const GROUPS = {
  closure: {
    mutate: ["src/closure/**/*.ts", "!src/closure/types.ts"],
    testFiles: ["test/closure/**/*.test.ts"],
    threshold: 95,
  },
  signals: {
    mutate: ["src/signals/verdict.ts", "src/signals/parser.ts", "src/signals/lines.ts", "src/signals/grammar.ts", "src/signals/vocabulary.ts"],
    testFiles: [
      "test/signals/parser*.test.ts",
      "test/signals/verdict.report.test.ts",
      "test/signals/parser.chunking.test.ts",
      "test/signals/parser.golden.test.ts",
      "test/signals/execution-summary.test.ts",
      "test/signals/markers-doc.test.ts",
      "test/signals/lines.test.ts",
      "test/signals/grammar.keys.test.ts",
      "test/signals/vocabulary.test.ts",
      "test/prompt/markers.test.ts",
    ],
    threshold: 95,
  },
  plan: {
    mutate: ["src/engine/rerun-plan.ts", "src/engine/session-resume.ts"],
    testFiles: ["test/engine/rerun-plan.test.ts", "test/engine/session-resume.test.ts"],
    threshold: 90,
  },
  security: {
    mutate: ["src/security/matcher.ts", "src/security/patterns.ts", "src/security/scanner.ts", "src/security/redact.ts"],
    // Unit tests of the NFA builder, the DFA and the streaming scanner (small inputs, chosen
    // offsets), and the redactor's API. redact.leaks.test.ts and redact-files.test.ts stay in the
    // normal suite only: they cut long inputs at every offset and write megabytes, and every
    // mutant runs every test file that covers it.
    testFiles: [
      "test/security/patterns.test.ts",
      "test/security/scanner.test.ts",
      "test/security/scanner.settle.test.ts",
      "test/security/matcher.test.ts",
      "test/security/redact.test.ts",
    ],
    threshold: 90,
    // Many of the matcher's mutants never end (a loop's step or bound mutated): each costs
    // the whole timeout. Its test files take about 4 s together (the unit tests well under 1 s
    // each), so 5 s above 1.5x their time still tells a mutant that loops from one that is merely
    // slower.
    timeoutMS: 5000,
  },
  "wave-validate": {
    mutate: ["src/wave/validate.ts"],
    testFiles: [
      "test/wave/validate.config-rules.test.ts",
      "test/wave/config.test.ts",
      "test/wave/project.fixtures.test.ts",
      "test/wave/roles.test.ts",
      "test/wave/parse.reference-fragility.test.ts",
      "test/wave/validate.rules.test.ts",
      "test/wave/validate.config-messages.test.ts",
      "test/wave/validate.gate-inputs.test.ts",
      "test/wave/validate.steward-ids.test.ts",
    ],
    threshold: 90,
  },
};

const name = process.env.MUTATION_GROUP ?? "closure";
const group = GROUPS[name];
if (!group) throw new Error(`unknown MUTATION_GROUP "${name}" (groups: ${Object.keys(GROUPS).join(", ")})`);

export default {
  $schema: "./node_modules/@stryker-mutator/core/schema/stryker-schema.json",
  plugins: ["@stryker-mutator/tap-runner"],
  testRunner: "tap",
  tap: {
    testFiles: group.testFiles,
    // Each test file runs as a plain node process (node:test runs its tests in-process) with tsx.
    nodeArgs: ["--import", "tsx", "--test-reporter=tap", "-r", "{{hookFile}}", "{{testFile}}"],
  },
  mutate: group.mutate,
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: group.timeoutMS ?? 10000,
  incremental: true,
  incrementalFile: `.stryker/incremental/${name}.json`,
  tempDirName: `.stryker/tmp/${name}`,
  cleanTempDir: true,
  ignorePatterns: ["dist", "dist.*", "coverage", ".wave", "bench/.work", ".stryker", ".test-build"],
  reporters: ["clear-text", "progress"],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: group.threshold, low: group.threshold - 10, break: null },
};
