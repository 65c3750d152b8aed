/**
 * A sharded wave through the action on the local Actions runtime: two shard jobs (input shard
 * 1/2, 2/2) upload states named for their shard, the closure job (shard closure) merges them —
 * their changes, their agents — and runs the closure sweep once; plan mode gives the matrix; a
 * state whose result.json disagrees with the shard its name claims is refused. The closure job run
 * again after its documentation stage failed resumes its own earlier state: only that stage and
 * the ones after it run.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, startActionsHarness } from "../harness/index.js";
import { cloneJob, explain, Lab, runArtifacts, runJob, runMainOnly } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("shard");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function agents(counter: string) {
  const work = ["W1", "W2", "W3", "W4"].map((id) => ({ id, args: ["--write", `out/${id}.txt=from-${id}`], owns: [`out/${id}.txt`] }));
  const qa = {
    id: "A0",
    title: "cont-QA",
    args: ["--write", "docs/reviews/wave-0-cont-qa.md=Verdict:PASS", "--markers"],
    owns: ["docs/reviews/wave-0-cont-qa.md"],
  };
  return { wave: lab.waveFile(0, [...work, qa], counter), ids: work.map((w) => w.id) };
}

describe("a sharded wave through the action", { concurrency: 1 }, () => {
  test("plan gives shard entries; two shard jobs and the closure job pass; every agent ran once", async () => {
    const runId = 301;
    const counter = lab.newCounter("sharded");
    const { wave } = agents(counter);
    const origin = lab.origin("sharded", { "docs/plans/waves/wave-0.md": wave, "README.md": "sharded\n" });

    const plan = await runMainOnly(
      cloneJob(h, origin, { runId, runAttempt: 1, jobId: "plan", inputs: { mode: "plan", "max-agents-per-job": "2" } }),
    );
    assert.equal(plan.main.conclusion, "success", explain(plan.main));
    assert.deepEqual(JSON.parse(plan.main.outputs["matrix"] ?? "{}").include, [
      { wave: 0, shard: "1/2", shards: 2 },
      { wave: 0, shard: "2/2", shards: 2 },
      { wave: 0, shard: "closure", shards: 2 },
    ]);

    for (const shard of ["1/2", "2/2"]) {
      const job = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: `wave-0-${shard[0]}`, inputs: { wave: "0", shard } }));
      assert.equal(job.main.conclusion, "success", explain(job.main));
      assert.match(job.main.outputs["artifact-name"] ?? "", new RegExp(`^wave_main_wave-0-shard-${shard[0]}-of-2_attempt-1_j[0-9a-f]{8}$`));
      const result = JSON.parse(job.main.outputs["result"] ?? "{}");
      assert.deepEqual(result.shard, { kind: "shard", index: Number(shard[0]), count: 2 });
      assert.equal(result.agents.length, 2);
    }
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, W3: 1, W4: 1 });

    const closure = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-closure", inputs: { wave: "0", shard: "closure" } });
    const merged = await runJob(closure);
    assert.equal(merged.main.conclusion, "success", explain(merged.main));
    const result = JSON.parse(merged.main.outputs["result"] ?? "{}");
    assert.deepEqual(result.shard, { kind: "closure", count: 2 });
    assert.deepEqual(
      result.agents.map((a: { id: string; status: string; shard?: number }) => [a.id, a.status, a.shard ?? null]),
      [
        ["W1", "reused", 1],
        ["W2", "reused", 2],
        ["W3", "reused", 1],
        ["W4", "reused", 2],
        ["A0", "succeeded", null],
      ],
    );
    for (const id of ["W1", "W2", "W3", "W4"])
      assert.equal(readFileSync(path.join(closure.workspace, "out", `${id}.txt`), "utf8"), `from-${id}\n`);
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, W3: 1, W4: 1, A0: 1 });
    assert.match(merged.main.outputs["artifact-name"] ?? "", /^wave_main_wave-0_attempt-1_j[0-9a-f]{8}$/);
    assert.equal(runArtifacts(h, runId).length, 3);
  });

  test("a wave with design agents: the design job runs D1 once; both shard jobs build on its state; the closure job merges", async () => {
    const runId = 304;
    const counter = lab.newCounter("sharded-design");
    const packet = "docs/design/wave-0-d1.md";
    const design = {
      id: "D1",
      title: "Design",
      args: ["--write", `${packet}=packet`, "--markers"],
      owns: [packet],
      capabilities: ["design"],
    };
    // Each implementation agent needs the design packet in its work tree (exit 4 without it).
    const work = ["W1", "W2", "W3", "W4"].map((id) => ({
      id,
      args: ["--need", packet, "--write", `out/${id}.txt=from-${id}`],
      owns: [`out/${id}.txt`],
    }));
    const qa = {
      id: "A0",
      title: "cont-QA",
      args: ["--write", "docs/reviews/wave-0-cont-qa.md=Verdict:PASS", "--markers"],
      owns: ["docs/reviews/wave-0-cont-qa.md"],
    };
    const origin = lab.origin("sharded-design", {
      "docs/plans/waves/wave-0.md": lab.waveFile(0, [design, ...work, qa], counter),
      "README.md": "sharded\n",
    });
    const plan = await runMainOnly(
      cloneJob(h, origin, { runId, runAttempt: 1, jobId: "plan", inputs: { mode: "plan", "max-agents-per-job": "2" } }),
    );
    assert.equal(plan.main.conclusion, "success", explain(plan.main));
    assert.deepEqual(JSON.parse(plan.main.outputs["matrix"] ?? "{}").include, [
      { wave: 0, shard: "0/2", shards: 2 },
      { wave: 0, shard: "1/2", shards: 2 },
      { wave: 0, shard: "2/2", shards: 2 },
      { wave: 0, shard: "closure", shards: 2 },
    ]);
    // A shard job that starts before the design job passed fails, saying what it needs; nothing ran.
    const early = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-early", inputs: { wave: "0", shard: "1/2" } }));
    assert.equal(early.main.conclusion, "failure");
    assert.match(explain(early.main), /wave 0 has design agents: shard 1\/2 builds on its design job's run/);
    assert.deepEqual(lab.countIn(counter).by, {});

    const d = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-0", inputs: { wave: "0", shard: "0/2" } }));
    assert.equal(d.main.conclusion, "success", explain(d.main));
    assert.match(d.main.outputs["artifact-name"] ?? "", /^wave_main_wave-0-shard-0-of-2_attempt-1_j[0-9a-f]{8}$/);
    for (const shard of ["1/2", "2/2"]) {
      const job = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: `wave-0-${shard[0]}`, inputs: { wave: "0", shard } }));
      assert.equal(job.main.conclusion, "success", explain(job.main));
      const result = JSON.parse(job.main.outputs["result"] ?? "{}");
      assert.deepEqual(
        result.agents.map((a: { id: string; status: string; shard?: number }) => [a.id, a.status, a.shard ?? null]),
        [
          ["D1", "reused", 0],
          ...["W1", "W2", "W3", "W4"].filter((_, k) => k % 2 === Number(shard[0]) - 1).map((id) => [id, "succeeded", Number(shard[0])]),
        ],
      );
    }
    assert.deepEqual(lab.countIn(counter).by, { D1: 1, W1: 1, W2: 1, W3: 1, W4: 1 });
    const closure = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-closure", inputs: { wave: "0", shard: "closure" } });
    const merged = await runJob(closure);
    assert.equal(merged.main.conclusion, "success", explain(merged.main));
    const result = JSON.parse(merged.main.outputs["result"] ?? "{}");
    assert.deepEqual(
      result.agents.map((a: { id: string; status: string; shard?: number }) => [a.id, a.status, a.shard ?? null]),
      [
        ["D1", "reused", 0],
        ["W1", "reused", 1],
        ["W2", "reused", 2],
        ["W3", "reused", 1],
        ["W4", "reused", 2],
        ["A0", "succeeded", null],
      ],
    );
    assert.equal(readFileSync(path.join(closure.workspace, packet), "utf8"), "packet\n");
    assert.deepEqual(lab.countIn(counter).by, { D1: 1, W1: 1, W2: 1, W3: 1, W4: 1, A0: 1 });
  });

  test("the closure job run again resumes its sweep at the failed documentation stage; nothing before it starts", async () => {
    const runId = 303;
    const counter = lab.newCounter("closure-rerun");
    const work = ["W1", "W2", "W3", "W4"].map((id) => ({ id, args: ["--write", `out/${id}.txt=from-${id}`], owns: [`out/${id}.txt`] }));
    const closureAgents = [
      { id: "A8", title: "Integration steward", args: ["--markers"] },
      // Crashes on its first start: the first closure job fails at the documentation stage.
      { id: "A9", title: "Documentation steward", args: ["--fail-once", "--markers"] },
      {
        id: "A0",
        title: "cont-QA",
        args: ["--write", "docs/reviews/wave-0-cont-qa.md=Verdict:PASS", "--markers"],
        owns: ["docs/reviews/wave-0-cont-qa.md"],
      },
    ];
    const origin = lab.origin("closure-rerun", { "docs/plans/waves/wave-0.md": lab.waveFile(0, [...work, ...closureAgents], counter) });
    for (const shard of ["1/2", "2/2"]) {
      const job = await runMainOnly(
        cloneJob(h, origin, { runId, runAttempt: 1, jobId: `wave-0-${shard[0]}`, inputs: { wave: "0", shard } }),
      );
      assert.equal(job.main.conclusion, "success", explain(job.main));
    }
    const inputs = { wave: "0", shard: "closure", "max-attempts": "1" };
    const first = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-closure", inputs }));
    assert.equal(first.main.conclusion, "failure", explain(first.main));
    assert.equal(first.main.outputs["failure-stage"], "documentation");
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, W3: 1, W4: 1, A8: 1, A9: 1 });

    // The failed job run again (run attempt 2): it restores its own earlier state and merges the same shard states.
    const again = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave-0-closure", inputs });
    const second = await runMainOnly(again);
    assert.equal(second.main.conclusion, "success", explain(second.main));
    assert.equal(second.main.outputs["resumed-from"], first.main.outputs["artifact-name"]);
    assert.deepEqual(lab.countIn(counter).by, { W1: 1, W2: 1, W3: 1, W4: 1, A8: 1, A9: 2, A0: 1 });
    const result = JSON.parse(second.main.outputs["result"] ?? "{}");
    assert.deepEqual(result.shard, { kind: "closure", count: 2 });
    assert.deepEqual(
      result.agents.map((a: { id: string; status: string }) => [a.id, a.status]),
      [
        ["W1", "reused"],
        ["W2", "reused"],
        ["W3", "reused"],
        ["W4", "reused"],
        ["A8", "reused"],
        ["A9", "succeeded"],
        ["A0", "succeeded"],
      ],
    );
    // The fresh checkout got the earlier closure run's changes: every shard's files, once.
    for (const id of ["W1", "W2", "W3", "W4"]) {
      assert.equal(readFileSync(path.join(again.workspace, "out", `${id}.txt`), "utf8"), `from-${id}\n`);
    }
    assert.match(
      second.main.stdout,
      /resuming the closure sweep from \S+, which merged the same shard runs: its passed stages \(cont-eval, security, integration\)/,
    );
  });

  test("a file changed in two shards fails the closure job naming both agents and the file; nothing of it is applied", async () => {
    const runId = 305;
    const counter = lab.newCounter("sharded-overlap");
    // W1 (shard 1) and W2 (shard 2) both write out/shared.txt, differently: an ownership violation.
    const work = ["W1", "W2", "W3", "W4"].map((id) => ({
      id,
      args: ["--write", `out/${id}.txt=from-${id}`, ...(id === "W1" || id === "W2" ? ["--write", `out/shared.txt=by-${id}`] : [])],
      owns: [`out/${id}.txt`, ...(id === "W1" ? ["out/shared.txt"] : [])],
    }));
    const qa = {
      id: "A0",
      title: "cont-QA",
      args: ["--write", "docs/reviews/wave-0-cont-qa.md=Verdict:PASS", "--markers"],
      owns: ["docs/reviews/wave-0-cont-qa.md"],
    };
    const origin = lab.origin("sharded-overlap", {
      "docs/plans/waves/wave-0.md": lab.waveFile(0, [...work, qa], counter),
      "README.md": "x\n",
    });
    for (const shard of ["1/2", "2/2"]) {
      const job = await runJob(cloneJob(h, origin, { runId, runAttempt: 1, jobId: `wave-0-${shard[0]}`, inputs: { wave: "0", shard } }));
      assert.equal(job.main.conclusion, "success", explain(job.main));
    }
    const closure = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0-closure", inputs: { wave: "0", shard: "closure" } });
    const merged = await runJob(closure);
    assert.equal(merged.main.conclusion, "failure");
    assert.match(
      explain(merged.main),
      /out\/shared\.txt was changed by W1 \(shard 1\/2\) and by one of W2, W4 \(shard 2\/2\), none of which owns it/,
    );
    assert.equal(existsSync(path.join(closure.workspace, "out", "W1.txt")), false, "nothing is applied when the merge is refused");
    assert.equal(lab.countIn(counter).by.A0, undefined, "no closure agent ran");
  });

  test("the closure job with no shard state in the run fails and names the wave", async () => {
    const counter = lab.newCounter("lonely");
    const origin = lab.origin("lonely", { "docs/plans/waves/wave-0.md": agents(counter).wave });
    const r = await runMainOnly(
      cloneJob(h, origin, { runId: 302, runAttempt: 1, jobId: "closure", inputs: { wave: "0", shard: "closure" } }),
    );
    assert.equal(r.main.conclusion, "failure");
    assert.match(explain(r.main), /shard closure: no passed shard state of wave 0 in this run/);
    assert.deepEqual(lab.countIn(counter).by, {});
  });
});
