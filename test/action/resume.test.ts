/**
 * The action end to end on the local Actions runtime: a failed wave uploads its state, a re-run
 * attempt resumes from that artifact in a fresh clone and runs only what failed (implementation
 * or closure), and parallel resume jobs upload under distinct names.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { cloneJob, declaredOutputs, explain, Lab, runArtifacts, runJob, runMainOnly } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("resume");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function assertAllOutputs(r: NodeActionResult): void {
  for (const name of declaredOutputs()) assert.ok(name in r.outputs, `output ${name} is not set\n${explain(r)}`);
}

function agentStatuses(r: NodeActionResult): Record<string, string> {
  const result = JSON.parse(r.outputs["result"] ?? "{}") as { agents: { id: string; status: string }[] };
  return Object.fromEntries(result.agents.map((a) => [a.id, a.status]));
}

describe("resume from artifacts", { concurrency: 3 }, () => {
  test("a re-run attempt resumes a 10-agent wave from its artifact: only the crashed agent runs again", async () => {
    const runId = 201;
    const counter = lab.newCounter("ten");
    const ids = Array.from({ length: 10 }, (_, i) => `W${i + 1}`);
    const agents = ids.map((id) => ({
      id,
      args: ["--write", `out/${id}.txt=from-${id}`, ...(id === "W5" ? ["--fail-once"] : [])],
    }));
    const origin = lab.origin("ten", { "docs/plans/waves/wave-0.md": lab.waveFile(0, agents, counter), "README.md": "ten agents\n" });
    const inputs = { wave: "0", "max-attempts": "1" };

    // Attempt 1: W5 crashes; the step fails and the state is uploaded anyway.
    const one = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave", inputs });
    const first = await runJob(one);
    assert.equal(first.main.conclusion, "failure", explain(first.main));
    assert.equal(first.main.outputs["status"], "failed");
    assert.equal(first.main.outputs["failed-agents"], "W5");
    assert.equal(first.main.outputs["failure-stage"], "implementation");
    assertAllOutputs(first.main);
    const name1 = first.main.outputs["artifact-name"] ?? "";
    assert.match(name1, /^wave_main_wave-0_attempt-1_j[0-9a-f]{8}$/);
    const stored1 = runArtifacts(h, runId);
    assert.deepEqual(
      stored1.map((a) => [a.name, String(a.id)]),
      [[name1, first.main.outputs["artifact-id"]]],
    );
    assert.match(first.main.summary, /Wave 0 \(lane main\): failed at implementation \(W5\)/);
    assert.ok(first.main.summary.includes(name1.replace(/_/g, "\\_")), "the summary names the artifact");
    assert.ok(first.main.annotations.some((a) => a.level === "error" && a.file === "docs/plans/waves/wave-0.md"));
    assert.equal(first.post.conclusion, "success", explain(first.post));
    assert.match(first.post.stdout, /already uploaded/);
    assert.equal(lab.countIn(counter).total, 10);

    // Attempt 2 (re-run failed jobs): a new job, a fresh clone, resume: auto.
    const two = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave", inputs });
    const second = await runJob(two);
    assert.equal(second.main.conclusion, "success", explain(second.main));
    assert.equal(second.main.outputs["status"], "passed");
    assert.equal(second.main.outputs["resumed-from"], name1);
    assert.equal(second.main.outputs["failed-agents"], "");
    assertAllOutputs(second.main);
    const starts = lab.countIn(counter);
    assert.equal(starts.total, 11, JSON.stringify(starts.by));
    assert.equal(starts.by["W5"], 2);
    const statuses = agentStatuses(second.main);
    for (const id of ids) assert.equal(statuses[id], id === "W5" ? "succeeded" : "reused", id);
    // The nine agents' files from attempt 1 are in this job's workspace (restored from the artifact).
    for (const id of ids) assert.equal(readFileSync(path.join(two.workspace, "out", `${id}.txt`), "utf8"), `from-${id}\n`);
    const name2 = second.main.outputs["artifact-name"] ?? "";
    assert.match(name2, /^wave_main_wave-0_attempt-2_j[0-9a-f]{8}$/);
    assert.deepEqual(
      runArtifacts(h, runId).map((a) => a.name),
      [name1, name2],
    );
    assert.match(second.main.summary, /passed/);
  });

  test("ids that shrink across re-runs (as GitHub's have): attempt 3 builds on attempt 2's passed state, not on attempt 1's failed one", async () => {
    const runId = 207;
    h.service.store.shrinkingIds.add(runId);
    const counter = lab.newCounter("shrink");
    const agents = ["W1", "W2"].map((id) => ({
      id,
      args: ["--write", `out/${id}.txt=from-${id}`, ...(id === "W2" ? ["--fail-once"] : [])],
    }));
    const origin = lab.origin("shrink", { "docs/plans/waves/wave-0.md": lab.waveFile(0, agents, counter), "README.md": "shrink\n" });
    const inputs = { wave: "0", "max-attempts": "1" };
    const first = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave", inputs }));
    assert.equal(first.main.outputs["status"], "failed", explain(first.main));
    const second = await runJob(cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave", inputs }));
    assert.equal(second.main.outputs["status"], "passed", explain(second.main));
    const [one, two] = [first, second].map((r) => runArtifacts(h, runId).find((a) => a.name === r.main.outputs["artifact-name"])!);
    assert.ok(one && two && two.id < one.id, "the re-run's artifact has the lower id");
    assert.equal(lab.countIn(counter).total, 3);
    // Attempt 3 (another re-run of the job): the newest state is attempt 2's, whatever the ids say.
    const third = await runJob(cloneJob(h, origin, { runId, runAttempt: 3, jobId: "wave", inputs }));
    assert.equal(third.main.outputs["status"], "passed", explain(third.main));
    assert.equal(third.main.outputs["resumed-from"], two.name);
    assert.equal(lab.countIn(counter).total, 3, "no agent ran again: attempt 2 had passed them all");
    for (const id of ["W1", "W2"]) assert.equal(agentStatuses(third.main)[id], "reused", id);
  });

  test("a cont-QA failure: the resumed job reruns only cont-QA; implementation and earlier closure agents are reused", async () => {
    const runId = 202;
    const counter = lab.newCounter("qa");
    const agents = [
      { id: "W1", args: ["--write", "src/one.txt=one"] },
      { id: "W2", args: ["--write", "src/two.txt=two"] },
      { id: "A8", title: "Integration steward", args: ["--markers"] },
      { id: "A9", title: "Documentation steward", args: ["--markers"] },
      {
        id: "A0",
        title: "cont-QA",
        args: ["--fail-once", "--write", "docs/reviews/wave-2-cont-qa.md=Verdict:PASS", "--markers"],
        owns: ["docs/reviews/wave-2-cont-qa.md"],
      },
    ];
    const origin = lab.origin("qa", { "docs/plans/waves/wave-2.md": lab.waveFile(2, agents, counter) });
    const inputs = { wave: "2", "max-attempts": "1" };

    const one = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-2", inputs });
    const first = await runMainOnly(one);
    assert.equal(first.main.conclusion, "failure", explain(first.main));
    assert.equal(first.main.outputs["failure-stage"], "cont-qa");
    assert.equal(first.main.outputs["failed-agents"], "A0");
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, A8: 1, A9: 1, A0: 1 });

    const two = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave-2", inputs });
    const second = await runMainOnly(two);
    assert.equal(second.main.conclusion, "success", explain(second.main));
    assert.equal(second.main.outputs["resumed-from"], first.main.outputs["artifact-name"]);
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, A8: 1, A9: 1, A0: 2 });
    assert.deepEqual(agentStatuses(second.main), { W1: "reused", W2: "reused", A8: "reused", A9: "reused", A0: "succeeded" });
    // The carried gates (from attempt 1) and the new cont-QA gate are all in the result.
    const result = JSON.parse(second.main.outputs["result"] ?? "{}") as { gates: { stage: string; agentId: string | null; ok: boolean }[] };
    const passed = result.gates.filter((g) => g.ok).map((g) => `${g.stage}:${g.agentId ?? "-"}`);
    for (const gate of [
      "implementation:W1",
      "implementation:W2",
      "integration:A8",
      "documentation:A9",
      "component-matrix:-",
      "cont-qa:A0",
    ]) {
      assert.ok(passed.includes(gate), `gate ${gate} is in the result: ${passed.join(" ")}`);
    }
    assert.equal(readFileSync(path.join(two.workspace, "src", "two.txt"), "utf8"), "two\n");
  });

  test("two resume jobs of one run attempt upload under distinct names (no conflict)", async () => {
    const runId = 203;
    const counter = lab.newCounter("pair");
    const agents = [
      { id: "W1", args: ["--write", "a.txt=a"] },
      { id: "W2", args: ["--fail-once"] },
    ];
    const origin = lab.origin("pair", { "docs/plans/waves/wave-0.md": lab.waveFile(0, agents, counter) });
    const inputs = { wave: "0", "max-attempts": "1" };
    const first = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave", inputs }));
    assert.equal(first.main.outputs["status"], "failed", explain(first.main));

    // Same job key, same run attempt, different job executions (e.g. a matrix leg started twice).
    const a = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave", inputs });
    const b = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave", inputs });
    const [ra, rb] = await Promise.all([runJob(a), runJob(b)]);
    for (const r of [ra, rb]) {
      assert.equal(r.main.conclusion, "success", explain(r.main));
      assert.equal(r.main.outputs["resumed-from"], first.main.outputs["artifact-name"]);
      assert.equal(r.post.conclusion, "success", explain(r.post));
    }
    const names = [ra.main.outputs["artifact-name"], rb.main.outputs["artifact-name"]];
    assert.notEqual(names[0], names[1]);
    for (const n of names) assert.match(n ?? "", /^wave_main_wave-0_attempt-2_j[0-9a-f]{8}$/);
    assert.deepEqual(
      runArtifacts(h, runId)
        .map((x) => x.name)
        .sort(),
      [first.main.outputs["artifact-name"], ...names].sort(),
    );
    assert.deepEqual(
      h.service.requests.filter((r) => r.status === 409),
      [],
    );
  });
});
