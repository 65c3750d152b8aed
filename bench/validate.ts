/**
 * Benchmark: loading and validating a large lane (100 wave files × 20 agents; 10 × 20 with
 * `quick`). Reports wall time of `loadProject` and the growth of the peak resident set size.
 * Run directly with `node --import tsx bench/validate.ts [--quick]`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pinDefinitions } from "../src/wave/definitions.js";
import { loadProject } from "../src/wave/project.js";

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

const ROLE_PROMPT = (role: string) =>
  `# ${role}\n\n## Standing prompt\n\n\`\`\`text\nYou are the ${role} of this wave. ${"Check everything twice. ".repeat(20)}\n\`\`\`\n`;

function agentBlock(wave: number, i: number): string {
  const id = i === 0 ? "A0" : i === 1 ? "A8" : i === 2 ? "A9" : `A${i + 10}`;
  const role = i === 0 ? "wave-cont-qa-role.md" : i === 1 ? "wave-integration-role.md" : i === 2 ? "wave-documentation-role.md" : null;
  const owned = i === 0 ? `docs/plans/waves/reviews/wave-${wave}-cont-qa.md` : `src/w${wave}/agent-${i}.ts`;
  const lines = [`## Agent ${id}: Agent ${i} of wave ${wave}`, ""];
  if (role) lines.push("### Role prompts", "", `- docs/agents/${role}`, "");
  lines.push(
    "### Executor",
    "",
    `- id: ${["codex", "claude", "opencode", "local"][i % 4]}`,
    i % 4 === 0 ? "- codex.config: model_reasoning_effort=high, 'x=[1,2]'" : "- tags: bench, generated",
    "- budget.minutes: 30",
    "",
  );
  if (!role)
    lines.push("### Exit contract", "", "- completion: contract", "- durability: none", "- proof: unit", "- doc-impact: owned", "");
  lines.push("### Deliverables", "", `- ${owned}`, "", "### Prompt", "", "```text");
  for (let k = 0; k < 30; k++) lines.push(`Step ${k}: implement part ${k} of the feature and keep the tests green.`);
  lines.push("", "File ownership (only touch these paths):", `- ${owned}`, "```", "");
  return lines.join("\n");
}

function generateRepo(waves: number, agents: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wave-bench-"));
  const dir = path.join(root, "docs", "plans", "waves");
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(path.join(root, "docs", "agents"), { recursive: true });
  for (const f of ["wave-cont-qa-role.md", "wave-integration-role.md", "wave-documentation-role.md"]) {
    fs.writeFileSync(path.join(root, "docs", "agents", f), ROLE_PROMPT(f));
  }
  for (let w = 0; w < waves; w++) {
    const parts = [
      `# Wave ${w} - generated`,
      "",
      `**Commit message**: \`Wave ${w}\``,
      "",
      "## Deploy environments",
      "",
      "- dev: compose default",
      "",
    ];
    for (let i = 0; i < agents; i++) parts.push(agentBlock(w, i));
    fs.writeFileSync(path.join(dir, `wave-${w}.md`), parts.join("\n"));
  }
  return root;
}

export async function benchValidate({ quick }: { quick: boolean }): Promise<BenchFigure[]> {
  const waves = quick ? 10 : 100;
  const agents = 20;
  const root = generateRepo(waves, agents);
  try {
    const rssBefore = process.resourceUsage().maxRSS;
    const start = process.hrtime.bigint();
    const project = loadProject({ root });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const rssAfter = process.resourceUsage().maxRSS;
    const errors = project.diagnostics.filter((d) => d.severity !== "warning");
    if (errors.length > 0 || project.waves.length !== waves) {
      throw new Error(`benchmark repository did not validate: ${errors[0]?.message ?? `${project.waves.length} waves`}`);
    }
    const label = `${waves}x${agents}`;
    // Reading every definition once at the start of a run (`--waves all`): hashes and bytes of the
    // wave files, config, role prompts, skills and catalogs, kept to judge with (src/wave/definitions.ts).
    const pinStart = process.hrtime.bigint();
    const pins = pinDefinitions(root, project);
    const pinMs = Number(process.hrtime.bigint() - pinStart) / 1e6;
    return [
      {
        name: `pin the definitions of ${label} wave files (${pins.files.size} files) at run start`,
        value: Math.round(pinMs * 10) / 10,
        unit: "ms",
      },
      { name: `validate ${label} wave files: wall time`, value: Math.round(ms * 10) / 10, unit: "ms" },
      { name: `validate ${label} wave files: per agent`, value: Math.round((ms / (waves * agents)) * 1000) / 1000, unit: "ms" },
      { name: `validate ${label} wave files: peak RSS growth`, value: Math.round(((rssAfter - rssBefore) / 1024) * 10) / 10, unit: "MB" },
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const figures = await benchValidate({ quick: process.argv.includes("--quick") });
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit}`);
}
