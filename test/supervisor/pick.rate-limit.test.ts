/**
 * A re-run's pick step (its first look lists the whole run through the REST API) when the
 * repository's REST budget is spent: the step waits until the limit resets and picks, where it
 * used to fail after three quick tries. Through the Actions harness and the real artifact client;
 * the clock and the waits are the test's.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { GithubArtifactStore } from "../../src/artifacts/github-store.js";
import { pickOutputs, pickUnit, type SupervisorIo } from "../../src/supervisor/pick.js";
import { type JobFacts, statusArtifactName, unitsOf } from "../../src/supervisor/units.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "../harness/index.js";
import { type Muted, muteStdoutText } from "../harness/quiet.js";

let h: ActionsHarness;
let restore: (() => void) | null = null;
let muted: Muted | null = null;
const dirs: string[] = [];

before(async () => {
  muted = muteStdoutText();
  h = await startActionsHarness();
});
after(async () => {
  restore?.();
  muted?.restore();
  await h?.stop();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const PLAN = unitsOf(JSON.stringify({ include: [{ wave: 1 }, { wave: 2 }] }), "matrix");
const REPOSITORY = "octo-org/pick-budget";

test("a re-run's pick waits for the REST rate limit to reset, then runs the wave that did not pass", async () => {
  let now = Date.UTC(2026, 0, 5, 12, 0, 0);
  h.service.rateLimit({ limit: 1, now: () => now });
  try {
    // Attempt 1: wave 1 passed, wave 2 failed (their status records).
    const first = h.jobEnv({ runId: 6101, runAttempt: 1, repository: REPOSITORY });
    restore = applyEnv(first.env);
    const firstStore = new GithubArtifactStore({ token: first.githubToken });
    for (const [key, status] of [
      ["wave-1", "passed"],
      ["wave-2", "failed"],
    ] as const) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "wave-pick-rl-"));
      dirs.push(dir);
      const name = statusArtifactName("main", key, 1, 0);
      const state = status === "passed" ? `wave_main_${key}_attempt-1_j1` : "";
      const fields = { name, unit: key, wave: key.slice(5), attempt: "1", round: "0", status, state };
      await writeFile(
        path.join(dir, "status"),
        Object.entries(fields)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(""),
      );
      await firstStore.upload(name, dir, [path.join(dir, "status")]);
    }
    // Another workflow of the repository spends the budget.
    const spender: JobContext = h.jobEnv({ runId: 6102, repository: REPOSITORY });
    await fetch(`${h.service.apiUrl}/repos/${REPOSITORY}/actions/runs/6102/artifacts`, {
      headers: { authorization: `Bearer ${spender.githubToken}` },
    });
    assert.equal(h.service.restUsed(REPOSITORY), 1);

    // Attempt 2 ("Re-run failed jobs"): the pick's first look needs attempt 1's records.
    const second = h.jobEnv({ runId: 6101, runAttempt: 2, repository: REPOSITORY });
    restore();
    restore = applyEnv(second.env);
    const waits: number[] = [];
    const logged: string[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      now += ms;
    };
    const tempDir = await mkdtemp(path.join(os.tmpdir(), "wave-pick-rl-"));
    dirs.push(tempDir);
    const io: SupervisorIo = {
      store: new GithubArtifactStore({
        token: second.githubToken,
        sleep,
        now: () => now,
        info: (m) => logged.push(m),
        rateLimitPatienceMs: 65 * 60_000,
      }),
      tempDir,
      sleep,
      info: (m) => logged.push(m),
      notice: (m) => logged.push(m),
      warning: (m) => logged.push(m),
      pollMs: 15_000,
      jobLabel: "wave (attempt 2)",
    };
    const facts: JobFacts = { laneKey: "main", runAttempt: 2, round: 0 };
    const outcome = await pickUnit(io, { planned: PLAN, round: PLAN, facts, entry: null });
    assert.deepEqual(pickOutputs(outcome).unit, "wave-2");
    assert.equal(waits.length, 1, "one wait, until the reset");
    assert.ok(waits[0]! > 59 * 60_000 && waits[0]! <= 3601_000, String(waits[0]));
    assert.match(logged.join("\n"), /rate limit is spent .*waiting until/);
    assert.match(logged.join("\n"), /run attempt 2 runs wave 2 again: it ended failed in run attempt 1/);
  } finally {
    h.service.rateLimit({ limit: 1000, now: Date.now });
  }
});
