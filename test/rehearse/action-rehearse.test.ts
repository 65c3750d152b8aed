/**
 * The action's `mode: rehearse` on the local Actions runtime (from source): the real CLIs against
 * the scripted model server, the state uploaded as in mode run, the rehearsal in the job summary.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { cloneJob, explain, Lab, runArtifacts, runMain } from "../action/fixtures.js";
import { type ActionsHarness, runNodeAction, startActionsHarness } from "../harness/index.js";
import { REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
const missing = ["codex", "claude"].filter((c) => !existsSync(path.join(BIN_DIR, c)));

function agent(id: string, file: string, executor: string[]): string {
  return [
    `## Agent ${id}: Rehearsed ${id}`,
    "",
    "### Executor",
    "",
    ...executor.map((l) => `- ${l}`),
    "",
    "### Exit contract",
    "",
    "- completion: contract",
    "- durability: none",
    "- proof: unit",
    "- doc-impact: none",
    "",
    "### Deliverables",
    "",
    `- ${file}`,
    "",
    "### Prompt",
    "",
    "```text",
    `Write ${file}.`,
    "",
    "File ownership (only touch these paths):",
    `- ${file}`,
    "```",
    "",
  ].join("\n");
}

describe("action mode rehearse", { skip: missing.length > 0 ? `not installed: ${missing.join(", ")}` : false }, () => {
  let h: ActionsHarness;
  const lab = new Lab("rehearse");
  before(async () => {
    h = await startActionsHarness();
  });
  after(async () => {
    await h?.stop();
    lab.cleanup();
  });

  const cases = [
    { label: "from source, agents as the job's user", bundle: false, agentUser: "none" },
    { label: "the committed bundle, agents behind the agent user when the job is root", bundle: true, agentUser: "auto" },
  ];
  for (const [i, c] of cases.entries()) {
    test(`a codex and a claude agent pass offline; the report is in the job summary and the uploaded state (${c.label})`, async () => {
      const wave = [
        "# Wave 1 - rehearsal\n",
        agent("A1", "src/a1.js", ["id: codex", "codex.sandbox: danger-full-access"]),
        agent("A2", "src/a2.js", ["id: claude", "claude.permission_mode: acceptEdits"]),
      ].join("\n");
      const origin = lab.origin(`rehearse-${i}`, { "docs/plans/waves/wave-1.md": wave, ".gitignore": ".wave/\n" });
      const runId = 7101 + i;
      const job = cloneJob(h, origin, { runId, inputs: { mode: "rehearse", wave: "1", "agent-user": c.agentUser, "max-attempts": "1" } });
      const stepEnv = { PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ""}` };
      const main = c.bundle
        ? await runNodeAction({ entry: path.join(REPO_ROOT, "dist", "index.js"), env: { ...job.env, ...stepEnv }, timeoutMs: 600_000 })
        : await runMain(job, { stepEnv, timeoutMs: 600_000 });
      assert.equal(main.conclusion, "success", explain(main));
      assert.equal(main.outputs["status"], "passed");
      assert.match(main.summary, /## Rehearsal/);
      assert.match(main.summary, /A1 \(codex\): succeeded/);
      assert.match(main.summary, /A2 \(claude\): succeeded/);
      if (c.agentUser === "auto" && process.getuid?.() === 0) assert.match(main.summary, /Agents ran as the OS user <code>wave-agent/);
      assert.ok(existsSync(path.join(job.workspace, "src/a1.js")) && existsSync(path.join(job.workspace, "src/a2.js")));
      const artifacts = runArtifacts(h, runId);
      assert.equal(artifacts.length, 1, "the state is uploaded as in mode run");
      assert.match(artifacts[0]!.name, /^wave-rehearsal/, "under a prefix of its own: a real run never resumes from it");
    });
  }
});
