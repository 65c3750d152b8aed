/**
 * `wave rehearse` after a rehearsal: its hints name the rehearsal's own state and `wave rehearse`
 * (never the real state or a billed `wave run`), and a second rehearsal rehearses every agent
 * again unless `--resume auto` asks to reuse.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { after, test } from "node:test";
import {
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  resetStarts,
  starts,
  type TestRepo,
  wave,
  writeWave,
} from "../engine/fixture.js";

const repos: TestRepo[] = [];
after(async () => {
  for (const r of repos) await r.cleanup();
});

const AGENTS = ["A1", "A8", "A9", "A0"];

test("hints after a failed rehearsal point at the rehearsal's state and at wave rehearse; status reads it there", async () => {
  const repo = await makeRepo("rehearse-hints");
  repos.push(repo);
  await writeWave(repo, 1, [implAgent("A1"), integrationAgent(1), documentationAgent(), contQaAgent(1, "blocked")]);
  const r = await wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none"]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const stateDir = path.join(repo.root, ".wave", "rehearsal");
  assert.match(
    r.stdout,
    new RegExp(`^See why: wave logs --wave 1 --agent A0 --state-dir ${stateDir.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`, "m"),
  );
  assert.match(
    r.stdout,
    /^Run again: wave rehearse --wave 1 \(every agent runs again; add --resume auto to reuse the agents that succeeded\)$/m,
  );
  assert.doesNotMatch(r.stdout, /wave run --wave/, "no hint names a billed run");
  const logs = await wave(repo, ["logs", "--wave", "1", "--agent", "A0", "--state-dir", stateDir]);
  assert.equal(logs.code, 0, logs.stderr);
  const real = await wave(repo, ["status", "--wave", "1"]);
  assert.match(real.stderr, /no run of wave 1/, "the real state has no run of wave 1: the hint must not send the user there");
  const status = await wave(repo, ["status", "--wave", "1", "--state-dir", stateDir]);
  assert.match(status.stdout, /Wave 1 \(lane main\): failed/, status.stderr);
});

test("a second rehearsal runs every agent again; --resume auto reuses what passed", async () => {
  const repo = await makeRepo("rehearse-again");
  repos.push(repo);
  await writeWave(repo, 1, [implAgent("A1"), integrationAgent(1), documentationAgent(), contQaAgent(1)]);
  const first = await wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none"]);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  assert.deepEqual([...starts(repo)].sort(), [...AGENTS].sort());
  await resetStarts(repo);
  const second = await wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none"]);
  assert.equal(second.code, 0, second.stdout + second.stderr);
  assert.deepEqual([...starts(repo)].sort(), [...AGENTS].sort(), "every agent was rehearsed again");
  await resetStarts(repo);
  const reused = await wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none", "--resume", "auto"]);
  assert.equal(reused.code, 0, reused.stdout + reused.stderr);
  assert.deepEqual(starts(repo), [], "--resume auto reused the passed rehearsal");
});
