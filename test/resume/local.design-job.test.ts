/**
 * A sharded wave with design agents (resume/local.ts `choosePrior` for a shard job, the rule
 * resume/prior.ts `designRunProblem`), end to end with real agent
 * processes and real git, each job in a clone of its own: the design job (shard 0) runs the design
 * agents and the design gate; every shard job builds on its run (its implementation agents read the
 * design packet from their work tree, the design agents are reused, never run again); the closure
 * job merges the shards, whose design changes are one change. A shard given no design run, another
 * job's run, a design run that did not pass, of another split or of another commit is refused with
 * a message naming it; so is the design run given to the closure job.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { designRunProblem } from "../../src/resume/prior.js";
import {
  contQaAgent,
  designAgent,
  engineRun,
  git,
  implAgent,
  makeRepo,
  setBehaviour,
  starts,
  type TestRepo,
  writeWave,
} from "../engine/fixture.js";

const PACKET = "docs/design/wave-1-d1.md";

/** A clone of the repository as another machine would have it. */
function cloneOf(repo: TestRepo, name: string): TestRepo {
  const root = path.join(repo.base, name);
  git(repo.base, ["clone", "-q", repo.root, root]);
  return { ...repo, root };
}

const runDir = (clone: TestRepo, i: number, n: number, attempt = 1) =>
  path.join(clone.root, ".wave", "main", `wave-1-shard-${i}-of-${n}`, `attempt-${attempt}`);

/** D1 (design), B1..B4 each printing the design packet (they fail when it is not in their tree), A0. */
async function designWave(repo: TestRepo): Promise<void> {
  const impl = ["B1", "B2", "B3", "B4"].map((id) => implAgent(id, { cat: PACKET }));
  await writeWave(repo, 1, [designAgent(1), ...impl, contQaAgent(1)]);
}

test("design job + 2 shard jobs + closure job: the design agent runs once, every shard reads its packet, the closure merges it once", async () => {
  const repo = await makeRepo("sharded-design");
  try {
    await designWave(repo);
    const design = cloneOf(repo, "design");
    const first = (await engineRun(design, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result;
    assert.equal(first.status, "passed", JSON.stringify(first.failure));
    assert.deepEqual(first.shard, { kind: "shard", index: 0, count: 2 });
    assert.deepEqual(
      first.agents.map((a) => [a.id, a.shard, a.status]),
      [["D1", 0, "succeeded"]],
    );
    assert.deepEqual([...new Set(first.gates.map((g) => g.stage))], ["design"]);
    const shards = [1, 2].map((i) => cloneOf(repo, `shard-${i}`));
    for (const [k, clone] of shards.entries()) {
      const i = k + 1;
      const { result } = await engineRun(clone, 1, { shard: { kind: "shard", index: i, count: 2 }, shardFrom: [runDir(design, 0, 2)] });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.equal(result.attempt, 1, "a shard's attempts count from 1");
      assert.deepEqual(
        result.agents.map((a) => [a.id, a.shard, a.status]),
        [["D1", 0, "reused"], ...["B1", "B2", "B3", "B4"].filter((_, n) => n % 2 === k).map((id) => [id, i, "succeeded"])],
      );
      assert.equal(readFileSync(path.join(clone.root, PACKET), "utf8"), "# Design of wave 1 by D1\n");
    }
    assert.deepEqual(starts(repo).sort(), ["B1", "B2", "B3", "B4", "D1"], "D1 ran once, in the design job");
    const closure = cloneOf(repo, "closure");
    const { result } = await engineRun(closure, 1, {
      shard: { kind: "closure" },
      shardFrom: [runDir(shards[1]!, 2, 2), runDir(shards[0]!, 1, 2)],
    });
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    const byId = new Map(result.agents.map((a) => [a.id, a]));
    assert.equal(byId.get("D1")?.status, "reused");
    assert.equal(byId.get("D1")?.shard, 0);
    assert.deepEqual(
      ["B1", "B2", "B3", "B4"].map((id) => [byId.get(id)?.status, byId.get(id)?.shard]),
      [
        ["reused", 1],
        ["reused", 2],
        ["reused", 1],
        ["reused", 2],
      ],
    );
    assert.equal(readFileSync(path.join(closure.root, PACKET), "utf8"), "# Design of wave 1 by D1\n");
    assert.equal(starts(repo).filter((s) => s === "D1").length, 1);
    assert.deepEqual(
      starts(repo).filter((s) => s === "A0"),
      ["A0"],
    );
  } finally {
    await repo.cleanup();
  }
});

test("a shard job refuses what is not its passed design run: none, another shard's run, a failed one, another split; the closure job refuses the design run", async () => {
  const repo = await makeRepo("sharded-design-refusals");
  try {
    await designWave(repo);
    const shard = cloneOf(repo, "shard-1");
    const role = { kind: "shard", index: 1, count: 2 } as const;
    await assert.rejects(
      engineRun(shard, 1, { shard: role }),
      /wave 1 has design agents: shard 1\/2 builds on its design job's run \(--from DIR, the run of --shard 0\/2\)/,
    );
    // D1 is not ready: the design job fails at the design gate; no shard builds on it.
    await setBehaviour(repo, 1, "D1", {
      write: { [PACKET]: "draft\n" },
      print: ["[wave-design] state=needs-clarification decisions=0 assumptions=0 open_questions=2 detail=which store?"],
    });
    const failedDesign = cloneOf(repo, "design-failed");
    const failed = (await engineRun(failedDesign, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result;
    assert.notEqual(failed.status, "passed");
    assert.equal(failed.failure?.agentId, "D1");
    await assert.rejects(
      engineRun(shard, 1, { shard: role, shardFrom: [runDir(failedDesign, 0, 2)] }),
      /shard 1\/2 cannot build on .*design-failed.*: it did not pass \(status (failed|blocked)\); run the design job again first/,
    );
    assert.equal(starts(repo).filter((s) => s.startsWith("B")).length, 0, "no implementation agent started on a failed design");
    // Ready again: a design run of 3 shards is not this split's.
    await setBehaviour(repo, 1, "D1", designAgent(1).behaviour);
    const otherSplit = cloneOf(repo, "design-3");
    assert.equal((await engineRun(otherSplit, 1, { shard: { kind: "shard", index: 0, count: 3 } })).result.status, "passed");
    await assert.rejects(
      engineRun(shard, 1, { shard: role, shardFrom: [runDir(otherSplit, 0, 3)] }),
      /it is the design job of a wave split in 3 shards, not 2/,
    );
    // The right design run: shard 1 passes; shard 2 given shard 1's run instead is refused.
    const design = cloneOf(repo, "design");
    assert.equal((await engineRun(design, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result.status, "passed");
    assert.equal((await engineRun(shard, 1, { shard: role, shardFrom: [runDir(design, 0, 2)] })).result.status, "passed");
    const two = cloneOf(repo, "shard-2");
    await assert.rejects(
      engineRun(two, 1, { shard: { kind: "shard", index: 2, count: 2 }, shardFrom: [runDir(shard, 1, 2)] }),
      /it is not a design job's run \(it ran shard 1\/2; the design job is --shard 0\/2\)/,
    );
    const closure = cloneOf(repo, "closure");
    await assert.rejects(
      engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: [runDir(design, 0, 2), runDir(shard, 1, 2)] }),
      /is the design job's run \(shard 0\/2\): the closure job merges shards 1\.\.2, which hold it/,
    );
  } finally {
    await repo.cleanup();
  }
});

test("a shard job run again resumes its own run: the design agent stays reused, only the failed agent runs", async () => {
  const repo = await makeRepo("sharded-design-rerun");
  try {
    await designWave(repo);
    const design = cloneOf(repo, "design");
    assert.equal((await engineRun(design, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result.status, "passed");
    // B2 (shard 2 with B4) crashes on its first two starts: shard 2 fails (two in-job attempts).
    await setBehaviour(repo, 1, "B2", { ...implAgent("B2", { cat: PACKET }).behaviour, failRuns: 2 });
    const two = cloneOf(repo, "shard-2");
    const role = { kind: "shard", index: 2, count: 2 } as const;
    const failed = (await engineRun(two, 1, { shard: role, shardFrom: [runDir(design, 0, 2)] })).result;
    assert.equal(failed.status, "failed");
    const before = starts(repo).length;
    // Run again without --from: its own run holds the design agent it reused.
    const again = (await engineRun(two, 1, { shard: role })).result;
    assert.equal(again.status, "passed", JSON.stringify(again.failure));
    assert.deepEqual(starts(repo).slice(before), ["B2"]);
    assert.equal(again.agents.find((a) => a.id === "D1")?.status, "reused");
    assert.equal(again.agents.find((a) => a.id === "B4")?.status, "reused");
  } finally {
    await repo.cleanup();
  }
});

test("a wave without design agents has no design job; --from with a shard of it is refused", async () => {
  const repo = await makeRepo("sharded-no-design");
  try {
    await writeWave(repo, 1, [implAgent("B1"), implAgent("B2"), contQaAgent(1)]);
    await assert.rejects(
      engineRun(repo, 1, { shard: { kind: "shard", index: 0, count: 2 } }),
      /wave 1 declares no design agents, so it has no design job \(shard 0\); its shards are 1\.\.n/,
    );
    await assert.rejects(
      engineRun(repo, 1, { shard: { kind: "shard", index: 1, count: 2 }, shardFrom: [path.join(repo.root, "x")] }),
      /wave 1 has no design agents, so no design job to build on: drop --from/,
    );
  } finally {
    await repo.cleanup();
  }
});

test("designRunProblem: only a passed design run of this split and commit (unless forced)", () => {
  const expect = { count: 2, baseCommit: "a".repeat(40), force: false };
  const ok = { shard: { index: 0, count: 2 }, status: "passed" as const, baseCommit: "a".repeat(40) };
  assert.equal(designRunProblem(ok, expect), null);
  assert.equal(designRunProblem({ ...ok, baseCommit: null }, expect), null, "an unrecorded commit is not a mismatch");
  assert.match(designRunProblem({ ...ok, shard: undefined }, expect) ?? "", /ran without --shard/);
  assert.match(designRunProblem({ ...ok, shard: { index: 2, count: 2 } }, expect) ?? "", /ran shard 2\/2/);
  assert.match(designRunProblem({ ...ok, shard: { index: 0, count: 4 } }, expect) ?? "", /split in 4 shards, not 2/);
  assert.match(designRunProblem({ ...ok, status: "failed" }, expect) ?? "", /did not pass \(status failed\)/);
  assert.match(designRunProblem({ ...ok, status: null }, expect) ?? "", /status none: it did not finish/);
  assert.match(
    designRunProblem({ ...ok, baseCommit: "b".repeat(40) }, expect) ?? "",
    /started from commit bbbbbbbbbbbb, this job from aaaaaaaaaaaa/,
  );
  assert.equal(designRunProblem({ ...ok, baseCommit: "b".repeat(40) }, { ...expect, force: true }), null);
});

test("a design run planted with another commit is refused by the shard job", async () => {
  const repo = await makeRepo("sharded-design-commit");
  try {
    await designWave(repo);
    const design = cloneOf(repo, "design");
    assert.equal((await engineRun(design, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result.status, "passed");
    const journal = path.join(runDir(design, 0, 2), "progress.json");
    const progress = JSON.parse(await fs.readFile(journal, "utf8")) as { baseCommit: string };
    progress.baseCommit = "0".repeat(40);
    await fs.writeFile(journal, JSON.stringify(progress));
    await assert.rejects(
      engineRun(cloneOf(repo, "shard-1"), 1, { shard: { kind: "shard", index: 1, count: 2 }, shardFrom: [runDir(design, 0, 2)] }),
      /started from commit 000000000000, this job from [0-9a-f]{12}/,
    );
  } finally {
    await repo.cleanup();
  }
});

test("a shard job never runs a design agent: --rerun of it, a design run whose packet cannot be reused, or an own run without it", async () => {
  const repo = await makeRepo("sharded-design-never-rerun");
  try {
    await designWave(repo);
    const design = cloneOf(repo, "design");
    assert.equal((await engineRun(design, 1, { shard: { kind: "shard", index: 0, count: 2 } })).result.status, "passed");
    const shard = cloneOf(repo, "shard-1");
    const role = { kind: "shard", index: 1, count: 2 } as const;
    await assert.rejects(
      engineRun(shard, 1, { shard: role, shardFrom: [runDir(design, 0, 2)], rerun: ["D1"] }),
      /shard 1\/2 cannot build on .*: --rerun names D1, but a design agent runs only in its design job/,
    );
    // The design run's summary of D1 is unreadable: D1 could not be reused, so the shard does not start.
    const copy = cloneOf(repo, "design-copy");
    await fs.cp(runDir(design, 0, 2), runDir(copy, 0, 2), { recursive: true });
    await fs.writeFile(path.join(runDir(copy, 0, 2), "agents", "D1", "summary.json"), "{not json");
    await assert.rejects(
      engineRun(shard, 1, { shard: role, shardFrom: [runDir(copy, 0, 2)] }),
      /shard 1\/2 cannot build on .*design-copy.*: D1 did not pass there \(failed\)/,
    );
    // The shard's own run lost D1 (stopped before it recorded the reuse): it builds on the design run again.
    assert.equal((await engineRun(shard, 1, { shard: role, shardFrom: [runDir(design, 0, 2)] })).result.status, "passed");
    const journal = path.join(runDir(shard, 1, 2), "progress.json");
    const progress = JSON.parse(await fs.readFile(journal, "utf8")) as { agents: Record<string, unknown>; status: string | null };
    delete progress.agents.D1;
    progress.status = "failed";
    await fs.writeFile(journal, JSON.stringify(progress));
    await assert.rejects(engineRun(shard, 1, { shard: role }), /shard 1\/2 builds on its design job's run \(--from DIR/);
    // On another machine (a fresh checkout holding that state), as a re-run job restores it.
    const again = cloneOf(repo, "shard-1-again");
    await fs.cp(path.dirname(runDir(shard, 1, 2)), path.dirname(runDir(again, 1, 2)), { recursive: true });
    const events: EngineEvent[] = [];
    const { result } = await engineRun(again, 1, { shard: role, shardFrom: [runDir(design, 0, 2)] }, events);
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.ok(
      events.some(
        (e) => e.type === "warning" && /shard 1\/2 does not resume .*: D1 is not in it; it builds on the design job's run/.test(e.message),
      ),
      JSON.stringify(events.filter((e) => e.type === "warning")),
    );
    assert.equal(starts(repo).filter((s) => s === "D1").length, 1, "D1 ran only in the design job");
  } finally {
    await repo.cleanup();
  }
});
