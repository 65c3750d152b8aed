/**
 * The sudo re-run, decided once (src/agent-user/elevate.ts `elevationNeeded`, pure): only a
 * process that is not root and starts agents (not a dry run) that should be another user, or the
 * post step of an elevated main step; `auto` only in GitHub Actions; sudo asked last. And the
 * mark: a process started without it keeps its argv (and its environment).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AgentUserRequest } from "../../src/agent-user/choice.js";
import { type ElevationFacts, elevationNeeded, enterElevated } from "../../src/agent-user/elevate.js";

const auto: AgentUserRequest = { kind: "auto" };
const named: AgentUserRequest = { kind: "named", name: "builder" };

/** Facts with a sudo probe that counts how often it was asked. */
function facts(over: Partial<Omit<ElevationFacts, "sudo">> & { sudo?: boolean } = {}): ElevationFacts & { asked: number } {
  const f = {
    euid: over.euid ?? 1001,
    githubActions: over.githubActions ?? true,
    asked: 0,
    sudo() {
      f.asked++;
      return over.sudo ?? true;
    },
  };
  return f;
}

test("an ordinary user in GitHub Actions with passwordless sudo runs a wave again as root (auto or a named user)", () => {
  assert.equal(elevationNeeded({ kind: "agents", agentUser: auto, dryRun: false }, facts()), true);
  assert.equal(elevationNeeded({ kind: "agents", agentUser: named, dryRun: false }, facts({ githubActions: false })), true);
});

test("never for root, a dry run, agent-user none, or another command; and sudo is not even asked", () => {
  const cases = [
    [{ kind: "agents", agentUser: auto, dryRun: false }, facts({ euid: 0 })],
    [{ kind: "agents", agentUser: auto, dryRun: true }, facts()],
    [{ kind: "agents", agentUser: { kind: "none" }, dryRun: false }, facts()],
    [{ kind: "agents", agentUser: auto, dryRun: false }, facts({ githubActions: false })],
    [{ kind: "other" }, facts()],
    [{ kind: "post", mainStepElevated: false }, facts()],
    [{ kind: "post", mainStepElevated: true }, facts({ euid: 0 })],
  ] as const;
  for (const [request, f] of cases) {
    assert.equal(elevationNeeded(request, f), false, JSON.stringify(request));
    assert.equal(f.asked, 0, `sudo asked for ${JSON.stringify(request)}`);
  }
});

test("without passwordless sudo: auto goes on as the job's user, a named user is an error, the post step goes on", () => {
  assert.equal(elevationNeeded({ kind: "agents", agentUser: auto, dryRun: false }, facts({ sudo: false })), false);
  assert.throws(
    () => elevationNeeded({ kind: "agents", agentUser: named, dryRun: false }, facts({ sudo: false })),
    /agent-user builder: running agents as another user needs root or passwordless sudo/,
  );
  assert.equal(elevationNeeded({ kind: "post", mainStepElevated: true }, facts({ sudo: false })), false);
  assert.equal(elevationNeeded({ kind: "post", mainStepElevated: true }, facts()), true);
});

test("a process started without the mark keeps its argv and its environment", async () => {
  const before = { ...process.env };
  for (const argv of [[], ["run", "--wave", "1"], ["--elevated"], ["_elevated", "x"]]) {
    assert.deepEqual(await enterElevated([...argv]), argv);
  }
  assert.deepEqual({ ...process.env }, before);
});

test("a process started with the mark but not as root refuses to go on", { skip: process.getuid?.() === 0 && "runs as root" }, async () => {
  await assert.rejects(enterElevated(["__elevated", "run"]), /not running as root/);
});
