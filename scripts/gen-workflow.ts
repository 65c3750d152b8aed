/**
 * Writes the resume rounds of .github/workflows/wave.yml from its round-0 jobs: `resume-1` and
 * `resume-2` from the `wave` job, `triage-2` from `triage-1`, between the BEGIN/END GENERATED
 * ROUNDS lines. One definition of a wave job for every round; test/workflow/workflow-structure.test.ts fails
 * when the file differs from what this writes.
 *
 *   npx tsx scripts/gen-workflow.ts          rewrite the file
 *   npx tsx scripts/gen-workflow.ts --check  exit 1 when it is not up to date
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const WORKFLOW = ".github/workflows/wave.yml";
const BEGIN = "  # BEGIN GENERATED ROUNDS";
const END = "  # END GENERATED ROUNDS";

/** The lines of the job `id` (its `  id:` line up to the next top-level job line or comment). */
function jobLines(lines: string[], id: string): string[] {
  const start = lines.indexOf(`  ${id}:`);
  if (start < 0) throw new Error(`${WORKFLOW}: no job ${id}`);
  let end = start + 1;
  while (end < lines.length && !/^ {2}\S/.test(lines[end]!)) end++;
  while (lines[end - 1] === "") end--;
  return lines.slice(start, end);
}

/** Applies each [from, to] once to the one line equal to `from` (or holding it, for partial ones); fails when one does not match. */
function substitute(job: string[], pairs: [string | RegExp, string][], what: string): string[] {
  const out = [...job];
  for (const [from, to] of pairs) {
    const hits = out.flatMap((line, i) => ((typeof from === "string" ? line.includes(from) : from.test(line)) ? [i] : []));
    if (hits.length === 0) throw new Error(`${WORKFLOW}: ${what}: nothing matches ${String(from)}`);
    for (const i of hits) out[i] = typeof from === "string" ? out[i]!.replace(from, to) : out[i]!.replace(from, to);
  }
  return out;
}

/** The job without its full-line comments (they are the round-0 job's to say). */
const uncommented = (job: string[]) => job.filter((line) => !/^\s*#/.test(line));

export function resumeJob(wave: string[], round: number): string[] {
  const job = substitute(
    uncommented(wave),
    [
      [/^ {2}wave:$/, `  resume-${round}:`],
      [/^( {4}name: .*)$/, `$1 (resume ${round})`],
      [/^ {4}needs: plan$/, `    needs: [plan, triage-${round}]`],
      [
        /^ {4}if: .*$/,
        `    if: always() && !cancelled() && needs.triage-${round}.result == 'success' && needs.triage-${round}.outputs.count != '0'`,
      ],
      ["inputs.max-resumes > 0", `inputs.max-resumes > ${round}`],
      ["matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}", `matrix: \${{ fromJSON(needs.triage-${round}.outputs.matrix) }}`],
      // A resume round runs the units its triage found (round 0: the plan's, the default).
      [
        /^( +)matrix: \$\{\{ needs\.plan\.outputs\.matrix \}\}$/,
        `$1matrix: \${{ needs.plan.outputs.matrix }}\n$1round-matrix: \${{ needs.triage-${round}.outputs.matrix }}`,
      ],
      ['round: "0"', `round: "${round}"`],
    ],
    `resume-${round}`,
  );
  return [`  # Round ${round}: the wave job again, for what triage-${round} found did not pass.`, ...job];
}

export function triageJob(triage1: string[], round: number): string[] {
  return substitute(
    uncommented(triage1),
    [
      [/^ {2}triage-1:$/, `  triage-${round}:`],
      ["Plan resume round 1", `Plan resume round ${round}`],
      ["needs: [plan, wave]", `needs: [plan, resume-${round - 1}]`],
      ["inputs.max-resumes >= 1", `needs.resume-${round - 1}.result != 'skipped' && inputs.max-resumes >= ${round}`],
      ['round: "0"', `round: "${round - 1}"`],
    ],
    `triage-${round}`,
  );
}

/** `text` with its generated rounds written anew. */
export function withRounds(text: string): string {
  const lines = text.split("\n");
  const begin = lines.indexOf(BEGIN);
  const end = lines.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${WORKFLOW}: the lines "${BEGIN.trim()}" and "${END.trim()}" are missing`);
  const wave = jobLines(lines, "wave");
  const triage1 = jobLines(lines, "triage-1");
  const rounds = [...resumeJob(wave, 1), "", ...triageJob(triage1, 2), "", ...resumeJob(wave, 2)].join("\n").split("\n");
  return [...lines.slice(0, begin + 1), ...rounds, ...lines.slice(end)].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const file = path.join(root, WORKFLOW);
  const text = readFileSync(file, "utf8");
  const next = withRounds(text);
  if (process.argv.includes("--check")) {
    if (next !== text) {
      console.error(`${WORKFLOW} is not up to date: run npx tsx scripts/gen-workflow.ts`);
      process.exit(1);
    }
  } else if (next !== text) {
    writeFileSync(file, next);
    console.log(`wrote ${WORKFLOW}`);
  }
}
