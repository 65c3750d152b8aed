/**
 * A wave sharded across machines, end to end with real agent processes and real git: each shard
 * runs in a clone of its own (its own state directory), the closure job runs in another clone
 * from the shard run directories alone. It merges their changes, reuses every implementation
 * agent (none runs twice), runs the closure sweep once, and its result.json names each agent's
 * shard. A failing shard is the only one run again; a file changed in two shards, a missing shard
 * and a shard that did not pass fail the closure job with messages naming them.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  contQaAgent,
  engineRun,
  git,
  implAgent,
  makeRepo,
  PROOF,
  DOC_DELTA,
  setBehaviour,
  starts,
  type TestRepo,
  writeWave,
} from "../engine/fixture.js";

/** Implementation agents B1..Bn (A8 and A9 would be the integration and documentation stewards). */
const ids = (n: number) => Array.from({ length: n }, (_, i) => `B${i + 1}`);

/** A clone of the repository as another machine would have it. */
function cloneOf(repo: TestRepo, name: string): TestRepo {
  const root = path.join(repo.base, name);
  git(repo.base, ["clone", "-q", repo.root, root]);
  return { ...repo, root };
}

const shardRunDir = (clone: TestRepo, i: number, n: number, attempt = 1) =>
  path.join(clone.root, ".wave", "main", `wave-1-shard-${i}-of-${n}`, `attempt-${attempt}`);

test("12 agents as 3 shard jobs + 1 closure job: passes, every agent ran once, result.json names the shards", async () => {
  const repo = await makeRepo("sharded");
  try {
    await writeWave(repo, 1, [...ids(12).map((id) => implAgent(id)), contQaAgent(1)]);
    const clones = [1, 2, 3].map((i) => cloneOf(repo, `shard-${i}`));
    for (const [i, clone] of clones.entries()) {
      const { result } = await engineRun(clone, 1, { shard: { kind: "shard", index: i + 1, count: 3 } });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(result.shard, { kind: "shard", index: i + 1, count: 3 });
      assert.deepEqual(
        result.agents.map((a) => [a.id, a.shard, a.status]),
        ids(12)
          .filter((_, k) => k % 3 === i)
          .map((id) => [id, i + 1, "succeeded"]),
      );
      // A shard runs no closure agent and records only its own agents' implementation gates.
      assert.deepEqual([...new Set(result.gates.map((g) => g.stage))], ["implementation"]);
    }
    assert.deepEqual(starts(repo).sort(), ids(12).sort(), "each implementation agent started once, in its shard");
    const closure = cloneOf(repo, "closure");
    const { result } = await engineRun(closure, 1, {
      shard: { kind: "closure" },
      shardFrom: [3, 1, 2].map((i) => shardRunDir(clones[i - 1]!, i, 3)),
    });
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.deepEqual(result.shard, { kind: "closure", count: 3 });
    const byId = new Map(result.agents.map((a) => [a.id, a]));
    for (const [k, id] of ids(12).entries()) {
      assert.equal(byId.get(id)?.status, "reused", id);
      assert.equal(byId.get(id)?.shard, (k % 3) + 1, id);
      // The merged work tree holds every shard's deliverable.
      assert.equal(
        readFileSync(path.join(closure.root, "src", `${id.toLowerCase()}.js`), "utf8"),
        `export const ${id.toLowerCase()} = 1;\n`,
      );
    }
    assert.equal(byId.get("A0")?.status, "succeeded");
    assert.equal(byId.get("A0")?.shard, undefined);
    // Closure ran once, after the implementation gates over all twelve agents.
    assert.deepEqual(
      starts(repo).filter((s) => s.startsWith("A0")),
      ["A0"],
    );
    assert.equal(result.gates.filter((g) => g.stage === "implementation").length, 12);
    assert.ok(result.gates.some((g) => g.stage === "cont-qa" && g.ok));
    assert.equal(starts(repo).length, 13, "no agent ran twice");
  } finally {
    await repo.cleanup();
  }
});

test("a shard that fails is the only one run again, and only its failed agent; the closure job refuses until it passed", async () => {
  const repo = await makeRepo("sharded-rerun");
  try {
    await writeWave(repo, 1, [...ids(4).map((id) => implAgent(id)), contQaAgent(1)]);
    const [one, two] = [1, 2].map((i) => cloneOf(repo, `shard-${i}`));
    // B2 (shard 2 of 2: B2, B4) prints no proof marker: its implementation gate fails, twice.
    await setBehaviour(repo, 1, "B2", { write: { "src/b2.js": "export const b2 = 1;\n" }, print: [DOC_DELTA] });
    assert.equal((await engineRun(one!, 1, { shard: { kind: "shard", index: 1, count: 2 } })).result.status, "passed");
    const failed = (await engineRun(two!, 1, { shard: { kind: "shard", index: 2, count: 2 } })).result;
    assert.equal(failed.status, "failed");
    assert.equal(failed.failure?.agentId, "B2");
    const closure = cloneOf(repo, "closure");
    const from = [shardRunDir(one!, 1, 2), shardRunDir(two!, 2, 2)];
    await assert.rejects(engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: from }), (e: Error) => {
      assert.match(
        e.message,
        /cannot merge its shards:\n {2}shard 2\/2 \(.*shard-2-of-2\/attempt-1\) did not pass \(status failed\); run it again first/,
      );
      return true;
    });
    // Fixed, shard 2 runs again: only B2 starts (B4 is reused from its first run), shard 1 not at all.
    await setBehaviour(repo, 1, "B2", { write: { "src/b2.js": "export const b2 = 1;\n" }, print: [PROOF, DOC_DELTA] });
    const before = starts(repo).length;
    const again = (await engineRun(two!, 1, { shard: { kind: "shard", index: 2, count: 2 } })).result;
    assert.equal(again.status, "passed", JSON.stringify(again.failure));
    const rerun = starts(repo).slice(before);
    assert.equal(rerun.length, 1, `only B2 ran again: ${rerun.join(", ")}`);
    assert.equal(rerun[0], "B2");
    assert.equal(again.agents.find((a) => a.id === "B4")?.status, "reused");
    const merged = (
      await engineRun(closure, 1, {
        shard: { kind: "closure" },
        shardFrom: [shardRunDir(one!, 1, 2), shardRunDir(two!, 2, 2, again.attempt)],
      })
    ).result;
    assert.equal(merged.status, "passed", JSON.stringify(merged.failure));
  } finally {
    await repo.cleanup();
  }
});

test("a file changed in two shards fails the closure job naming both agents and the file; a missing shard is named", async () => {
  const repo = await makeRepo("sharded-overlap");
  try {
    // B3 (shard 1 of 2: B1, B3) also writes B2's file (shard 2): an ownership violation across jobs.
    const b3 = implAgent("B3", { write: { "src/b3.js": "export const b3 = 1;\n", "src/b2.js": "export const b2 = 3;\n" } });
    await writeWave(repo, 1, [implAgent("B1"), implAgent("B2"), b3, implAgent("B4"), contQaAgent(1)]);
    const [one, two] = [1, 2].map((i) => cloneOf(repo, `shard-${i}`));
    assert.equal((await engineRun(one!, 1, { shard: { kind: "shard", index: 1, count: 2 } })).result.status, "passed");
    assert.equal((await engineRun(two!, 1, { shard: { kind: "shard", index: 2, count: 2 } })).result.status, "passed");
    const closure = cloneOf(repo, "closure");
    await assert.rejects(
      engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: [shardRunDir(one!, 1, 2), shardRunDir(two!, 2, 2)] }),
      (e: Error) => {
        assert.match(e.message, /src\/b2\.js was changed by one of B1, B3 \(shard 1\/2\), none of which owns it and by B2 \(shard 2\/2\)/);
        return true;
      },
    );
    // Nothing was applied: the closure clone is as it was checked out.
    assert.equal(existsSync(path.join(closure.root, "src", "b1.js")), false);
    await assert.rejects(
      engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: [shardRunDir(one!, 1, 2)] }),
      /shard 2\/2 is missing/,
    );
  } finally {
    await repo.cleanup();
  }
});

test("changes every shard started from (earlier waves') merge as one; the closure job applies them once", async () => {
  const repo = await makeRepo("sharded-earlier");
  try {
    await writeWave(repo, 1, [...ids(4).map((id) => implAgent(id)), contQaAgent(1)]);
    const [one, two] = [1, 2].map((i) => cloneOf(repo, `shard-${i}`));
    // As the earlier waves' changes are applied in every shard job: the same uncommitted edit in both.
    for (const clone of [one!, two!]) {
      await fs.writeFile(path.join(clone.root, "README.md"), "# test repository\n\nbuilt by wave 0\n");
      await fs.mkdir(path.join(clone.root, "docs"), { recursive: true });
      await fs.writeFile(path.join(clone.root, "docs", "wave-0.md"), "wave 0 was here\n");
    }
    for (const [i, clone] of [one!, two!].entries()) {
      assert.equal((await engineRun(clone, 1, { shard: { kind: "shard", index: i + 1, count: 2 } })).result.status, "passed");
    }
    const closure = cloneOf(repo, "closure");
    const { result } = await engineRun(closure, 1, {
      shard: { kind: "closure" },
      shardFrom: [shardRunDir(one!, 1, 2), shardRunDir(two!, 2, 2)],
    });
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.equal(readFileSync(path.join(closure.root, "README.md"), "utf8"), "# test repository\n\nbuilt by wave 0\n");
    assert.equal(readFileSync(path.join(closure.root, "docs", "wave-0.md"), "utf8"), "wave 0 was here\n");
    for (const id of ids(4)) assert.ok(existsSync(path.join(closure.root, "src", `${id.toLowerCase()}.js`)), id);
  } finally {
    await repo.cleanup();
  }
});

test("a wave run without --shard is one job as before: no shard in its result", async () => {
  const repo = await makeRepo("sharded-small");
  try {
    await writeWave(repo, 1, [...ids(3).map((id) => implAgent(id)), contQaAgent(1)]);
    const { result } = await engineRun(repo, 1);
    assert.equal(result.status, "passed");
    assert.equal(result.shard, undefined);
    assert.equal(
      result.agents.some((a) => a.shard !== undefined),
      false,
    );
  } finally {
    await repo.cleanup();
  }
});
