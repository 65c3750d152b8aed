import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { coordPostCommand } from "../../src/cli/post-command.js";
import { materialize } from "../../src/coordination/state.js";
import { coordinationLogPath, readCoordinationLog } from "../../src/coordination/store.js";
import { capture, withRun } from "../coordination/control-run.js";

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
