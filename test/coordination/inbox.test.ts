/**
 * Inboxes: which records reach an agent (by id, component, capability, routing), the shared
 * summary, their bounds, and `wave coord inbox` through a real control server and socket.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { startControlServer } from "../../src/control/server.js";
import { coordInboxCommand } from "../../src/cli/inbox-command.js";
import { answeredBy, clarificationFollowedUp, renderInbox, renderSharedSummary } from "../../src/coordination/inbox.js";
import type { CoordinationInput } from "../../src/coordination/schema.js";
import { createCoordinationRecord } from "../../src/coordination/record.js";
import { materialize } from "../../src/coordination/state.js";

const NOW = new Date("2026-01-02T03:04:05.000Z");
const rec = (input: Partial<CoordinationInput> & { kind: CoordinationInput["kind"]; summary: string; agentId: string }) =>
  createCoordinationRecord({ lane: "main", wave: 1, ...input }, new Date(NOW.getTime() - 60_000));

function io(env: Record<string, string | undefined>) {
  let stdout = "";
  let stderr = "";
  return {
    io: { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), env },
    out: () => stdout,
    err: () => stderr,
  };
}

describe("inbox", () => {
  const records = [
    rec({ id: "r-direct", kind: "request", summary: "review my API", agentId: "A2", targets: ["A1"] }),
    rec({ id: "r-prefixed", kind: "request", summary: "prefixed address", agentId: "A3", targets: ["agent:A1"] }),
    rec({ id: "r-component", kind: "blocker", summary: "core is broken", agentId: "A3", targets: ["component:core"] }),
    rec({ id: "r-capability", kind: "request", summary: "need a schema", agentId: "A2", targets: ["capability:schema"] }),
    rec({ id: "r-routed", kind: "request", summary: "routed to A1", agentId: "A2", targets: ["capability:docs"] }),
    rec({ id: "r-other", kind: "request", summary: "not for A1", agentId: "A2", targets: ["A3"] }),
    rec({ id: "r-own", kind: "request", summary: "A1's own", agentId: "A1", targets: ["A1"] }),
    rec({ id: "r-done", kind: "request", summary: "old and resolved", agentId: "A2", targets: ["A1"], status: "resolved" }),
    rec({ id: "d-1", kind: "decision", summary: "use JSON lines", agentId: "A2" }),
  ];
  const state = materialize(records);
  const owner = { agentId: "A1", components: ["core"], capabilities: ["schema"] };

  test("reaches the agent by id, agent:id, component, capability and routing; never its own or others'", () => {
    const text = renderInbox(state, owner, { now: NOW, routing: { docs: ["A1"] } });
    for (const id of ["r-direct", "r-prefixed", "r-component", "r-capability", "r-routed", "r-done"])
      assert.match(text, new RegExp(`id=${id}:`));
    assert.doesNotMatch(text, /r-other|r-own|d-1/);
    assert.match(text, /6 record\(s\) addressed to you \(5 open\)/);
    assert.match(text, /- \[normal\] request\/open from A2 \[age=1m, blocking\] id=r-direct: review my API/);
    // Closed records come before the open ones (the open are kept when space runs out).
    assert.ok(text.indexOf("r-done") < text.indexOf("r-direct"));
    const unrouted = renderInbox(state, owner, { now: NOW });
    assert.doesNotMatch(unrouted, /r-routed/);
  });

  test("bounded: the oldest entries go first and the cut is said", () => {
    const many = materialize(
      Array.from({ length: 200 }, (_, i) =>
        rec({ id: `r-${i}`, kind: "request", summary: `request number ${i} ${"x".repeat(80)}`, agentId: "A2", targets: ["A1"] }),
      ),
    );
    const text = renderInbox(many, { agentId: "A1" }, { now: NOW, maxChars: 3000 });
    assert.ok(text.length <= 3000, String(text.length));
    assert.match(text, /- … \d+ older entries omitted/);
    assert.match(text, /id=r-199:/);
    assert.doesNotMatch(text, /id=r-0:/);
    assert.equal(renderInbox(materialize([]), { agentId: "A1" }, { now: NOW }).includes("_Nothing addressed to you._"), true);
  });

  test("shared summary: open requests, blockers and decisions, bounded", () => {
    const text = renderSharedSummary(state, { wave: 1 });
    assert.match(text, /^# Wave 1 coordination summary/);
    assert.match(text, /6 open request\(s\), 1 open blocker\(s\), 1 decision\(s\)\./);
    assert.match(text, /## Decisions \(1\)\n- decision\/open A2 id=d-1: use JSON lines/);
    assert.doesNotMatch(text, /r-done/);
    const small = renderSharedSummary(state, { wave: 1, maxChars: 300 });
    assert.ok(small.length <= 300);
    assert.match(small, /summary cut/);
  });

  test("follow-ups of a clarification and the answers to a request", () => {
    const s = materialize([
      rec({ id: "c-1", kind: "clarification-request", summary: "which?", agentId: "A2", status: "resolved" }),
      rec({ id: "f-1", kind: "request", summary: "follow", agentId: "A2", targets: ["A1"], dependsOn: ["c-1"] }),
      rec({ id: "f-2", kind: "request", summary: "by condition", agentId: "A2", closureCondition: "clarification:c-9" }),
      rec({ id: "n-1", kind: "request", summary: "plain", agentId: "A2", dependsOn: ["f-1"] }),
      rec({ id: "a-1", kind: "handoff", summary: "done", agentId: "A1", dependsOn: ["f-1"] }),
      rec({ id: "a-2", kind: "ack", summary: "seen", agentId: "A3", dependsOn: ["f-1"] }),
    ]);
    assert.equal(clarificationFollowedUp(s.byId.get("f-1")!, s), "c-1");
    assert.equal(clarificationFollowedUp(s.byId.get("f-2")!, s), "c-9");
    assert.equal(clarificationFollowedUp(s.byId.get("n-1")!, s), null);
    assert.deepEqual(answeredBy(s.byId.get("f-1")!, s), ["A1"]);
    assert.deepEqual(answeredBy(s.byId.get("n-1")!, s), []);
  });
});

describe("wave coord inbox", () => {
  test("prints the inbox the orchestrator compiles for the token's agent", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "inbox-"));
    const asked: string[] = [];
    const server = await startControlServer({
      dir,
      runDir: dir,
      lane: "main",
      wave: 1,
      inbox: async (agentId) => {
        asked.push(agentId);
        return renderInbox(
          materialize([rec({ id: "r-1", kind: "request", summary: "please review", agentId: "A2", targets: [agentId] })]),
          { agentId },
          { now: NOW },
        );
      },
    });
    try {
      const token = server.issueToken("A1", 1);
      const run = io({ WAVE_CONTROL_SOCKET: server.socketPath, WAVE_AGENT_TOKEN: token });
      assert.equal(await coordInboxCommand([], run.io), 0, run.err());
      assert.deepEqual(asked, ["A1"]);
      assert.match(run.out(), /^# Inbox of A1\n/);
      assert.match(run.out(), /id=r-1: please review\n/);
      // A revoked token is refused; outside a run the command says what it is for.
      server.revokeToken(token);
      const refused = io({ WAVE_CONTROL_SOCKET: server.socketPath, WAVE_AGENT_TOKEN: token });
      assert.equal(await coordInboxCommand([], refused.io), 2);
      assert.match(refused.err(), /wave coord inbox: error: refused/);
      const outside = io({});
      assert.equal(await coordInboxCommand([], outside.io), 2);
      assert.match(outside.err(), /WAVE_CONTROL_SOCKET is not set/);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a large inbox is cut to fit the control channel", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "inbox-"));
    const server = await startControlServer({
      dir,
      runDir: dir,
      lane: "main",
      wave: 1,
      inbox: async () => `${'é"'.repeat(20_000)}\nlast\n`,
    });
    try {
      const run = io({ WAVE_CONTROL_SOCKET: server.socketPath, WAVE_AGENT_TOKEN: server.issueToken("A1", 1) });
      assert.equal(await coordInboxCommand([], run.io), 0, run.err());
      assert.match(run.out(), /… \(cut to fit the control channel\)\n$/);
      assert.ok(run.out().length < 20_000 * 2);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
