/**
 * Secrets and agent output in the job log, end to end on the local Actions runtime: a secret given
 * in `redact` never reaches the artifact, the job summary, the outputs or the log (its base64
 * neither); `stream-logs` prefixes agent lines; agent output that looks like a workflow command is
 * never executed by the runner.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { cloneJob, downloadArtifact, explain, Lab, runArtifacts, runJob } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("secrets");
const SECRET = `wave-secret-${randomBytes(12).toString("hex")}`;
const FORMS = [SECRET, Buffer.from(SECRET).toString("base64")];

const COMMAND_LOOKALIKES = [
  "::set-output name=injected::yes",
  "::set-output name=status::hacked",
  "::error::x",
  "::warning file=evil.js,line=1::planted",
  "::add-mask::P1",
  "::save-state name=wave-uploaded::forged",
  "",
].join("\n");

let job: Promise<{ main: NodeActionResult; post: NodeActionResult; workspace: string; runId: number }>;

before(async () => {
  h = await startActionsHarness();
  const secretFile = lab.file("secret.txt", `${SECRET}\n`);
  const commands = lab.file("commands.txt", COMMAND_LOOKALIKES);
  const origin = lab.origin("secrets", {
    "docs/plans/waves/wave-0.md": lab.waveFile(0, [
      { id: "L1", args: ["--leak", secretFile] },
      { id: "P1", args: ["--print-file", commands, "--print", "plain-line-from-P1"] },
    ]),
  });
  const runId = 501;
  const ctx = cloneJob(h, origin, { runId, inputs: { wave: "0", redact: `${SECRET}\n`, "stream-logs": "true" } });
  job = runJob(ctx).then((r) => ({ ...r, workspace: ctx.workspace, runId }));
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
}

/** The log as the runner shows it: `::add-mask::` lines are consumed, not printed. */
function visibleLog(r: NodeActionResult): string {
  return `${r.stdout}\n${r.stderr}`
    .split("\n")
    .filter((l) => !l.startsWith("::add-mask::"))
    .join("\n");
}

describe("secrets and agent output", { concurrency: 2 }, () => {
  test("a secret from `redact` is in no artifact file, summary, output or log line; a warning names the file", async () => {
    const { main, post, workspace, runId } = await job;
    assert.equal(main.conclusion, "success", explain(main));
    assert.equal(post.conclusion, "success", explain(post));
    // The agent really leaked it (in the job's own workspace).
    assert.match(readFileSync(path.join(workspace, "leak", "secret.txt"), "utf8"), new RegExp(SECRET));

    const artifacts = runArtifacts(h, runId);
    assert.equal(artifacts.length, 1);
    const dir = await downloadArtifact(h, artifacts[0]!);
    const files = filesUnder(dir);
    assert.ok(
      files.some((f) => f.endsWith(path.join("changes", "changes.patch"))),
      "the artifact holds the workspace changes",
    );
    assert.ok(files.some((f) => f.endsWith(path.join("agents", "L1", "agent.log"))));
    for (const file of files) {
      const text = readFileSync(file).toString("latin1");
      for (const form of FORMS)
        assert.ok(!text.includes(form), `${path.relative(dir, file)} holds the secret (${form === SECRET ? "plain" : "base64"})`);
    }
    assert.match(readFileSync(path.join(dir, "agents", "L1", "agent.log"), "utf8"), /the secret is \*\*\*/);

    for (const form of FORMS) {
      assert.ok(!main.summary.includes(form), "job summary");
      for (const [name, value] of Object.entries(main.outputs)) assert.ok(!value.includes(form), `output ${name}`);
      assert.ok(!visibleLog(main).includes(form), "main step log");
      assert.ok(!visibleLog(post).includes(form), "post step log");
    }
    assert.ok(main.masks.includes(SECRET), "the value is registered as a mask too");
    const warnings = main.annotations.filter((a) => a.level === "warning").map((a) => a.message);
    assert.ok(
      warnings.some((m) => m.includes("leak/secret.txt")),
      `a warning names the file: ${JSON.stringify(warnings)}`,
    );
  });

  test("stream-logs prefixes agent lines with [id]; command look-alikes in agent output are not executed", async () => {
    const { main } = await job;
    assert.equal(main.conclusion, "success", explain(main));
    assert.match(main.stdout, /^\[P1\] plain-line-from-P1$/m);
    assert.match(main.stdout, /^\[L1\] the secret is \*\*\*$/m);
    assert.match(main.stdout, /^\[P1\] ::set-output name=injected::yes$/m);
    assert.equal(main.outputs["injected"], undefined);
    assert.equal(main.outputs["status"], "passed");
    assert.ok(!main.annotations.some((a) => a.message === "x" || a.message === "planted"), JSON.stringify(main.annotations));
    assert.ok(!main.masks.includes("P1"));
    assert.equal(main.state["wave-uploaded"], main.outputs["artifact-name"]);
  });
});
