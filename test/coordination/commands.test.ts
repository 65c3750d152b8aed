import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { type ControlServer, startControlServer } from "../../src/control/server.js";
import type { AgentIo } from "../../src/command-io.js";
import { coordPostCommand } from "../../src/coordination/post-command.js";
import { materialize } from "../../src/coordination/state.js";
import { coordinationLogPath, readCoordinationLog } from "../../src/coordination/store.js";
import { feedbackAskCommand } from "../../src/feedback/ask-command.js";
import { answerFeedbackRequest, readFeedbackRequests } from "../../src/feedback/requests.js";

interface Captured {
  io: AgentIo;
  out: () => string;
  err: () => string;
}

function capture(env: Record<string, string | undefined>): Captured {
  let out = "";
  let err = "";
  return {
    io: { stdout: (s) => (out += s), stderr: (s) => (err += s), env },
    out: () => out,
    err: () => err,
  };
}

/**
 * A run directory with its control server (lane main, wave 4); `env` is agent A1's (attempt 2),
 * `envOf` gives another agent's.
 */
async function withRun(
  fn: (
    runDir: string,
    env: Record<string, string>,
    envOf: (agentId: string) => Record<string, string>,
    server: ControlServer,
  ) => Promise<void>,
): Promise<void> {
  const runDir = await mkdtemp(path.join(os.tmpdir(), "wave-run-"));
  const ctlDir = await mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
  const server = await startControlServer({ dir: ctlDir, runDir, lane: "main", wave: 4 });
  const envOf = (agentId: string) => ({
    WAVE_CONTROL_SOCKET: server.socketPath,
    WAVE_AGENT_TOKEN: server.issueToken(agentId, 2),
    // What the agent's environment claims is not what counts:
    WAVE_AGENT_ID: "A0",
    WAVE_RUN_DIR: path.join(runDir, "elsewhere"),
  });
  try {
    await fn(runDir, envOf("A1"), envOf, server);
  } finally {
    await server.close();
    await rm(runDir, { recursive: true, force: true });
    await rm(ctlDir, { recursive: true, force: true });
  }
}

test("coord post sends the record to the control server, which attributes it to the token's agent", async () => {
  await withRun(async (runDir, env, envOf) => {
    const c = capture(env);
    const code = await coordPostCommand(
      [
        "--kind",
        "blocker",
        "--summary",
        "API contract broken",
        "--detail",
        "see log",
        "--target",
        "agent:A2",
        "--target",
        "A3",
        "--priority",
        "high",
        "--artifact",
        "./out/report.md",
        "--depends-on",
        "req-1",
        "--lane",
        "main",
        "--wave",
        "4",
      ],
      c.io,
    );
    assert.equal(code, 0, c.err());
    const id = c.out().trim();
    const { records, diagnostics } = await readCoordinationLog(coordinationLogPath(runDir));
    assert.deepEqual(diagnostics, []);
    assert.equal(records.length, 1);
    const r = records[0]!;
    assert.equal(r.id, id);
    assert.equal(r.source, "agent");
    assert.deepEqual([r.lane, r.wave, r.agentId, r.attempt], ["main", 4, "A1", 2]);
    assert.deepEqual(r.targets, ["agent:A2", "A3"]);
    assert.deepEqual(r.artifactRefs, ["out/report.md"]);
    assert.deepEqual(r.dependsOn, ["req-1"]);
    assert.equal(r.blocking, true);
    assert.equal(r.blockerSeverity, "hard");

    // Resolve it with --id (own record), then the blocker no longer blocks.
    const c2 = capture(env);
    assert.equal(
      await coordPostCommand(["--id", id, "--kind", "blocker", "--summary", "fixed", "--status", "resolved"], c2.io),
      0,
      c2.err(),
    );
    const state = materialize((await readCoordinationLog(coordinationLogPath(runDir))).records);
    assert.equal(state.byId.get(id)!.status, "resolved");
    assert.equal(state.byId.get(id)!.createdAt, r.createdAt);

    // Another agent cannot update it.
    const c3 = capture(envOf("A2"));
    assert.equal(await coordPostCommand(["--id", id, "--kind", "blocker", "--summary", "x", "--status", "open"], c3.io), 2);
    assert.match(c3.err(), /only update your own/);
  });
});

test("coord post: clear errors and exit 2 for a missing channel, a refused token and invalid values", async () => {
  await withRun(async (runDir, env, _envOf, server) => {
    const revoked = server.issueToken("A3", 2);
    server.revokeToken(revoked);
    const cases: [Record<string, string | undefined>, string[], RegExp][] = [
      [{}, ["--kind", "claim", "--summary", "s"], /WAVE_CONTROL_SOCKET is not set: this command is only for agents started by a wave run/],
      [{ ...env, WAVE_AGENT_TOKEN: undefined }, ["--kind", "claim", "--summary", "s"], /WAVE_AGENT_TOKEN is not set/],
      [
        { ...env, WAVE_AGENT_TOKEN: "f".repeat(64) },
        ["--kind", "claim", "--summary", "s"],
        /refused: the agent token is unknown or no longer valid/,
      ],
      [
        { ...env, WAVE_AGENT_TOKEN: revoked },
        ["--kind", "claim", "--summary", "s"],
        /refused: the agent token is unknown or no longer valid/,
      ],
      [{ ...env, WAVE_AGENT_TOKEN: "not hex" }, ["--kind", "claim", "--summary", "s"], /refused/],
      [
        { ...env, WAVE_CONTROL_SOCKET: path.join(runDir, "no.sock") },
        ["--kind", "claim", "--summary", "s"],
        /cannot reach the control socket .*ENOENT/,
      ],
      [env, ["--summary", "s"], /--kind is required/],
      [env, ["--kind", "gossip", "--summary", "s"], /--kind must be one of request, ack/],
      [env, ["--kind", "human-feedback", "--summary", "s"], /--kind must be one of/],
      [env, ["--kind", "claim"], /--summary is required/],
      [env, ["--kind", "claim", "--summary", "x".repeat(1001)], /limit is 1000/],
      [env, ["--kind", "claim", "--summary", "s", "--priority", "max"], /--priority must be one of low, normal, high, urgent/],
      [env, ["--kind", "claim", "--summary", "s", "--blocking", "yes"], /--blocking must be one of true, false/],
      [env, ["--kind", "claim", "--summary", "s", "--target", "A 2"], /--target "A 2"/],
      [env, ["--kind", "claim", "--summary", "s", "--artifact", "../etc/passwd"], /--artifact "..\/etc\/passwd"/],
      [env, ["--kind", "claim", "--summary", "s", "--bogus"], /unknown flag --bogus/],
      [env, ["--kind", "claim", "--summary", "s", "--agent", "A9"], /--agent "A9" does not match this agent \(A1\)/],
      [env, ["--kind", "claim", "--summary", "s", "--agent", "A0"], /--agent "A0" does not match this agent \(A1\)/],
      [env, ["--kind", "claim", "--summary", "s", "--wave", "5"], /--wave "5" does not match this agent \(4\)/],
    ];
    for (const [e, argv, pattern] of cases) {
      const c = capture(e);
      assert.equal(await coordPostCommand(argv, c.io), 2, argv.join(" "));
      assert.match(c.err(), pattern);
      assert.match(c.err(), /^wave coord post: error: /);
      assert.equal(c.out(), "");
    }
    assert.deepEqual((await readCoordinationLog(coordinationLogPath(runDir))).records, []);
  });
});

test("feedback ask writes the request atomically, appends a blocking record, tells the agent to stop", async () => {
  await withRun(async (runDir, env) => {
    const c = capture(env);
    const code = await feedbackAskCommand(["--question", "Which database should I target?", "--context", "Both exist."], c.io);
    assert.equal(code, 0, c.err());
    const [id, message] = c.out().split("\n");
    assert.match(id!, /^feedback-\d{17}-A1-[0-9a-f]{6}$/);
    assert.match(message!, /Stop now: end your turn/);
    assert.match(message!, /blocked/);
    const files = await readdir(path.join(runDir, "feedback"));
    assert.deepEqual(files, [`${id}.json`], "no temp files left behind");
    const stored = JSON.parse(await readFile(path.join(runDir, "feedback", `${id}.json`), "utf8"));
    assert.equal(stored.status, "pending");
    assert.equal(stored.answer, null);
    assert.equal(stored.agentId, "A1");
    assert.equal(stored.question, "Which database should I target?");
    assert.equal(stored.context, "Both exist.");
    assert.ok(!Number.isNaN(Date.parse(stored.askedAt)));

    const pending = await readFeedbackRequests(runDir);
    assert.deepEqual(
      pending.map((p) => p.id),
      [id],
    );
    const state = materialize((await readCoordinationLog(coordinationLogPath(runDir))).records);
    const record = state.byId.get(id!)!;
    assert.equal(record.kind, "human-feedback");
    assert.equal(record.source, "feedback");
    assert.equal(record.blocking, true);
    assert.equal(record.blockerSeverity, "hard");
    assert.equal(record.status, "open");

    // The engine records the answer: no longer pending, the record is resolved.
    await answerFeedbackRequest({ runDir, id: id!, answer: "Postgres", answeredBy: "maintainer" });
    assert.deepEqual(await readFeedbackRequests(runDir), []);
    const all = await readFeedbackRequests(runDir, { includeAnswered: true });
    assert.equal(all[0]!.answer, "Postgres");
    const after = materialize((await readCoordinationLog(coordinationLogPath(runDir))).records);
    assert.equal(after.byId.get(id!)!.status, "resolved");
  });
});

test("feedback ask: errors exit 2; invalid request files are skipped when reading", async () => {
  await withRun(async (runDir, env) => {
    const missing = capture({});
    assert.equal(await feedbackAskCommand(["--question", "q"], missing.io), 2);
    assert.match(missing.err(), /^wave feedback ask: error: WAVE_CONTROL_SOCKET is not set: this command is only for agents/);
    const forged = capture({ ...env, WAVE_AGENT_TOKEN: "0".repeat(64) });
    assert.equal(await feedbackAskCommand(["--question", "q"], forged.io), 2);
    assert.match(forged.err(), /^wave feedback ask: error: refused/);
    const empty = capture(env);
    assert.equal(await feedbackAskCommand(["--question", "   "], empty.io), 2);
    assert.match(empty.err(), /--question is required/);
    const long = capture(env);
    assert.equal(await feedbackAskCommand(["--question", "q".repeat(4001)], long.io), 2);
    assert.match(long.err(), /limit is 4000/);
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(path.join(runDir, "feedback"), { recursive: true });
    await writeFile(path.join(runDir, "feedback", "broken.json"), "{");
    const invalid: string[] = [];
    assert.deepEqual(await readFeedbackRequests(runDir, { onInvalid: (f) => invalid.push(path.basename(f)) }), []);
    assert.deepEqual(invalid, ["broken.json"]);
  });
});
