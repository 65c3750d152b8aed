/**
 * The coordination barriers at run time (through runWave, real agent processes posting through
 * the control channel): helper assignments (requests addressed to `capability:<name>`) and
 * clarification follow-ups (requests that depend on a clarification), and every agent's inbox in
 * its prompt.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { type AgentSpec, engineRun, git, implAgent, makeRepo, starts, type TestRepo, writeWave } from "./fixture.js";

/** writeWave, then `### Capabilities` for the named agents, committed. */
async function writeCapabilityWave(repo: TestRepo, agents: AgentSpec[], capabilities: Record<string, string[]>): Promise<void> {
  const file = await writeWave(repo, 1, agents, { commit: false });
  let md = await fs.readFile(file, "utf8");
  for (const [id, list] of Object.entries(capabilities)) {
    const heading = md.indexOf(`## Agent ${id}:`);
    const prompt = md.indexOf("### Prompt", heading);
    md = `${md.slice(0, prompt)}### Capabilities\n\n${list.map((c) => `- ${c}`).join("\n")}\n\n${md.slice(prompt)}`;
  }
  await fs.writeFile(file, md);
  git(repo.root, ["add", "-A"]);
  git(repo.root, ["commit", "-q", "--allow-empty", "-m", "wave 1"]);
}

const HELP_REQUEST = ["--kind", "request", "--id", "helper-1", "--summary", "need the schema module", "--target", "capability:schema"];

describe("coordination barriers at run time", { concurrency: true }, () => {
  test("a request to a capability nobody has → helper-assignment-unresolved, not retried", async () => {
    const repo = await makeRepo("helper-unresolved");
    try {
      await writeCapabilityWave(repo, [implAgent("A1", { coord: [HELP_REQUEST] }), implAgent("A2")], {});
      const { result } = await engineRun(repo, 1, { maxAttempts: 2 });
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.statusCode, "helper-assignment-unresolved");
      assert.equal(result.failure?.stage, "helper-assignment");
      assert.equal(result.failure?.agentId, null);
      assert.match(result.failure?.detail ?? "", /helper-1 \(capability schema, from A1: need the schema module\)/);
      // Nobody could take it: no second attempt ran anyone.
      assert.deepEqual(starts(repo).sort(), ["A1", "A2"]);
    } finally {
      await repo.cleanup();
    }
  });

  test("an open helper assignment names its assignee, who is rerun with the request in its inbox", async () => {
    const repo = await makeRepo("helper-open");
    try {
      const copy = path.join(repo.ext, "a2-prompt.md");
      const a2 = implAgent("A2", { copyPrompt: copy });
      await writeCapabilityWave(repo, [implAgent("A1", { coord: [HELP_REQUEST] }), a2], { A2: ["schema"] });
      const { result } = await engineRun(repo, 1, { maxAttempts: 2 });
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.statusCode, "helper-assignment-open");
      assert.equal(result.failure?.agentId, "A2");
      assert.match(result.failure?.detail ?? "", /helper-1 \(capability schema → A2: need the schema module\)/);
      // The second attempt reran the assignee only, and its prompt carried the request.
      assert.deepEqual(starts(repo).sort(), ["A1", "A2", "A2"]);
      const prompt = readFileSync(copy, "utf8");
      assert.match(prompt, /## Your inbox at launch/);
      assert.match(prompt, /request\/open from A1 \[age=\d+\w*, blocking\] id=helper-1: need the schema module/);
      assert.match(prompt, /## Wave coordination summary at launch/);
    } finally {
      await repo.cleanup();
    }
  });

  test("the assignee answers (handoff --depends-on the request): the assignment is settled and the wave passes", async () => {
    const repo = await makeRepo("helper-answered");
    try {
      const answer = ["--kind", "handoff", "--summary", "schema module is in src/a2.js", "--depends-on", "helper-1", "--target", "A1"];
      await writeCapabilityWave(repo, [implAgent("A1", { coord: [HELP_REQUEST] }), implAgent("A2", { coord: [answer] })], {
        A2: ["schema"],
      });
      const { result } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const helper = result.gates.filter((g) => g.statusCode.startsWith("helper-assignment") || g.detail === "No open helper assignments.");
      assert.ok(helper.length >= 1);
      assert.ok(helper.every((g) => g.ok));
      // One row per barrier in the result's gate table: the helper assignments have a stage of their own.
      assert.deepEqual(
        result.gates.filter((g) => g.stage === "clarification" || g.stage === "helper-assignment").map((g) => [g.stage, g.detail]),
        [
          ["helper-assignment", "No open helper assignments."],
          ["clarification", "No open human feedback, clarification requests or follow-ups."],
        ],
      );
    } finally {
      await repo.cleanup();
    }
  });

  const CLARIFY = [
    "--kind",
    "clarification-request",
    "--id",
    "clar-1",
    "--summary",
    "which API version?",
    "--status",
    "resolved",
    "--blocking",
    "true",
  ];
  const FOLLOW_UP = [
    "--kind",
    "request",
    "--id",
    "follow-1",
    "--summary",
    "A2: move to API v2",
    "--target",
    "A2",
    "--depends-on",
    "clar-1",
  ];

  test("an open follow-up of a resolved clarification → clarification-follow-up-open naming its target", async () => {
    const repo = await makeRepo("follow-up-open");
    try {
      await writeCapabilityWave(repo, [implAgent("A1", { coord: [CLARIFY, FOLLOW_UP] }), implAgent("A2")], {});
      const { result } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "blocked");
      assert.equal(result.failure?.statusCode, "clarification-follow-up-open");
      assert.equal(result.failure?.agentId, "A2");
      assert.match(result.failure?.detail ?? "", /follow-1 \(follows up clar-1: A2: move to API v2\)/);
    } finally {
      await repo.cleanup();
    }
  });

  test("the follow-up's target answers it: the clarification barrier passes", async () => {
    const repo = await makeRepo("follow-up-answered");
    try {
      const answer = ["--kind", "evidence", "--summary", "moved to v2", "--depends-on", "follow-1", "--target", "A1"];
      await writeCapabilityWave(repo, [implAgent("A1", { coord: [CLARIFY, FOLLOW_UP] }), implAgent("A2", { coord: [answer] })], {});
      const { result } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const clarification = result.gates.filter((g) => g.stage === "clarification" && g.statusCode === "pass").map((g) => g.detail);
      assert.ok(clarification.includes("No open human feedback, clarification requests or follow-ups."), JSON.stringify(clarification));
    } finally {
      await repo.cleanup();
    }
  });
});
