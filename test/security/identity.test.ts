/**
 * Agent identity on the control channel: agents post coordination records and ask questions only
 * through the orchestrator's control socket, and every request is attributed to the agent whose
 * token it carries — never to what the request body or the caller's environment claims.
 *
 * The first two tests run the real engine with scripted `command` agents
 * (fixtures/identity-agent.mjs); the last ones talk to a control server directly.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { sendControlRequest } from "../../src/control/client.js";
import { MAX_REQUEST_BYTES } from "../../src/control/protocol.js";
import { startControlServer } from "../../src/control/server.js";
import { materialize } from "../../src/coordination/state.js";
import { coordinationLogPath, readCoordinationLog } from "../../src/coordination/store.js";
import type { CoordinationRecord } from "../../src/coordination/schema.js";
import {
  type AgentSpec,
  contQaAgent,
  documentationAgent,
  engineRun,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  readResult,
  runDirOf,
  type TestRepo,
  wave,
  writeWave,
} from "../engine/fixture.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "identity-agent.mjs");

interface Step {
  name: string;
  wave?: string[];
  env?: Record<string, string | null>;
  raw?: string;
}

interface ScriptSpec {
  steps?: Step[];
  save?: Record<string, string>;
  burst?: { count: number };
}

/** `base` (its deliverables, contract, files and markers) run by the identity agent script. */
function scripted(repo: TestRepo, base: AgentSpec, spec: ScriptSpec = {}): AgentSpec {
  const file = path.join(repo.ext, `identity-${base.id}.json`);
  const results = path.join(repo.ext, `results-${base.id}.json`);
  writeFileSync(file, JSON.stringify({ write: base.behaviour.write, print: base.behaviour.print, results, ...spec }, null, 2));
  return { ...base, executorLines: ["- id: command", `- command: ${process.execPath} ${SCRIPT} ${file}`] };
}

function resultsOf(repo: TestRepo, id: string): Json {
  return JSON.parse(readFileSync(path.join(repo.ext, `results-${id}.json`), "utf8"));
}

const post = (kind: string, summary: string, ...extra: string[]) => ["coord", "post", "--kind", kind, "--summary", summary, ...extra];
const rawPost = (token: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ v: 1, type: "coord-post", token, fields, ...extra });

async function logOf(runDir: string): Promise<CoordinationRecord[]> {
  const { records, diagnostics } = await readCoordinationLog(coordinationLogPath(runDir));
  assert.deepEqual(diagnostics, []);
  return records;
}

test("through the engine: an agent cannot post as another, steal a finished agent's token or update another's record", async () => {
  const repo = await makeRepo("identity");
  try {
    const tokenA1 = path.join(repo.ext, "token-A1");
    const recordA1 = path.join(repo.ext, "record-A1");
    const a1 = scripted(repo, implAgent("A1"), {
      steps: [
        // The old way to impersonate: claim another agent's id in the environment.
        { name: "impersonate", wave: post("evidence", "A1 says it is A0"), env: { WAVE_AGENT_ID: "A0", WAVE_ROLE: "cont-qa" } },
        { name: "claimFlag", wave: post("claim", "claiming A0", "--agent", "A0"), env: { WAVE_AGENT_ID: "A0" } },
        { name: "forgedCli", wave: post("evidence", "forged"), env: { WAVE_AGENT_TOKEN: "{forged}" } },
        { name: "noSocket", wave: post("evidence", "no socket"), env: { WAVE_CONTROL_SOCKET: null } },
        {
          name: "bodyAgent",
          raw: rawPost("{token}", { kind: "evidence", summary: "body says A0", agentId: "A0" }, { agentId: "A0", lane: "x" }),
        },
        { name: "forgedRaw", raw: rawPost("{forged}", { kind: "evidence", summary: "forged raw" }) },
        { name: "absentRaw", raw: JSON.stringify({ v: 1, type: "coord-post", fields: { kind: "evidence", summary: "no token" } }) },
        { name: "oversize", raw: rawPost("{token}", { kind: "evidence", summary: "big", detail: `{pad:${MAX_REQUEST_BYTES + 10}}` }) },
        { name: "malformed", raw: '{"v":1,"type":"coord-post",' },
        { name: "after", raw: rawPost("{token}", { kind: "evidence", summary: "still served" }) },
      ],
      save: { [tokenA1]: "token", [recordA1]: "out:impersonate" },
    });
    // A8 runs in the closure sweep, after A1's process has ended.
    const a8 = scripted(repo, integrationAgent(1), {
      steps: [
        { name: "stolenCli", wave: post("evidence", "stolen token"), env: { WAVE_AGENT_TOKEN: `{file:${tokenA1}}` } },
        { name: "stolenRaw", raw: rawPost(`{file:${tokenA1}}`, { kind: "evidence", summary: "stolen raw" }) },
        {
          name: "hijackCli",
          wave: post("evidence", "hijacked", "--id", `{file:${recordA1}}`, "--status", "resolved"),
          env: { WAVE_AGENT_ID: "A1" },
        },
        {
          name: "hijackRaw",
          raw: rawPost("{token}", { id: `{file:${recordA1}}`, kind: "evidence", summary: "hijacked raw" }, { agentId: "A1" }),
        },
        { name: "own", wave: post("evidence", "A8 integrated") },
      ],
    });
    const agents = [a1, scripted(repo, implAgent("A2")), a8, scripted(repo, documentationAgent()), scripted(repo, contQaAgent(1))];
    await writeWave(repo, 1, agents);
    // The CLI (not the engine in this process): the agents' `wave` command then runs the same CLI.
    const run = await wave(repo, ["run", "--wave", "1", "--max-attempts", "1"], { timeoutMs: 300_000 });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(readResult(repo, 1, 1).status, "passed");
    const records = await logOf(runDirOf(repo, 1, 1));
    const claimed = records.filter((r) => r.summary === "A1 says it is A0");
    assert.deepEqual(
      claimed.map((r) => [r.agentId, r.source]),
      [["A1", "agent"]],
      "a record posted by A1 claiming WAVE_AGENT_ID=A0 is attributed to A1",
    );

    const r1 = resultsOf(repo, "A1");
    const r8 = resultsOf(repo, "A8");
    assert.equal(r1.tokenShape, true, "the agent got a 32-byte hex token");
    const steps1 = r1.steps;
    const steps8 = r8.steps;
    assert.equal(steps1.impersonate.code, 0, steps1.impersonate.stderr);
    const impersonatedId = steps1.impersonate.stdout.trim();
    assert.equal(steps1.claimFlag.code, 2);
    assert.match(steps1.claimFlag.stderr, /--agent "A0" does not match this agent \(A1\)/);
    for (const name of ["forgedCli"]) {
      assert.equal(steps1[name].code, 2, name);
      assert.match(steps1[name].stderr, /^wave coord post: error: refused: the agent token is unknown or no longer valid/);
    }
    assert.equal(steps1.noSocket.code, 2);
    assert.match(steps1.noSocket.stderr, /WAVE_CONTROL_SOCKET is not set: this command is only for agents started by a wave run/);
    assert.equal(steps1.bodyAgent.response.ok, true, JSON.stringify(steps1.bodyAgent));
    assert.equal(steps1.forgedRaw.response.code, "refused");
    assert.equal(steps1.absentRaw.response.code, "refused");
    assert.equal(steps1.oversize.response.code, "too-large");
    assert.match(steps1.oversize.response.message, new RegExp(`larger than ${MAX_REQUEST_BYTES} bytes`));
    assert.equal(steps1.malformed.response.code, "malformed");
    assert.equal(steps1.after.response.ok, true, "the server keeps serving after bad requests");

    // A1's token died with A1's process; A8 cannot touch A1's record, even claiming to be A1.
    assert.equal(steps8.stolenCli.code, 2);
    assert.match(steps8.stolenCli.stderr, /refused: the agent token is unknown or no longer valid/);
    assert.equal(steps8.stolenRaw.response.code, "refused");
    assert.equal(steps8.hijackCli.code, 2);
    assert.match(steps8.hijackCli.stderr, /refused: record .* was posted by agent A1; you can only update your own/);
    assert.equal(steps8.hijackRaw.response.code, "refused");
    assert.equal(steps8.own.code, 0, steps8.own.stderr);

    const posted = records.filter((r) => r.source === "agent");
    assert.deepEqual(
      posted.map((r) => [r.agentId, r.summary]),
      [
        ["A1", "A1 says it is A0"],
        ["A1", "body says A0"],
        ["A1", "still served"],
        ["A8", "A8 integrated"],
      ],
    );
    const impersonated = posted.find((r) => r.id === impersonatedId)!;
    assert.deepEqual([impersonated.agentId, impersonated.lane, impersonated.wave, impersonated.attempt], ["A1", "main", 1, 1]);
    assert.equal(posted.find((r) => r.summary === "body says A0")!.lane, "main", "the body's lane is ignored too");
    assert.equal(materialize(records).byId.get(impersonatedId)!.status, "open", "A8 did not resolve A1's record");
    assert.ok(!records.some((r) => r.source === "agent" && r.agentId === "A0"), "nothing is attributed to A0 that A0 did not post");
  } finally {
    await repo.cleanup();
  }
});

test("through the engine: 20 agents posting 100 records each at once end with all 2000 records, each attributed to its poster", async () => {
  const repo = await makeRepo("identity-load");
  try {
    const ids = Array.from({ length: 20 }, (_, i) => `B${i + 1}`);
    const agents = ids.map((id) => scripted(repo, implAgent(id), { burst: { count: 100 } }));
    await writeWave(repo, 2, agents);
    // Only implementation agents: the wave stops at the closure gates, which is fine here.
    await engineRun(repo, 2, { maxAttempts: 1 });
    for (const id of ids) assert.deepEqual(resultsOf(repo, id).burstFailures, [], id);
    const posted = (await logOf(runDirOf(repo, 2, 1))).filter((r) => r.source === "agent");
    assert.equal(posted.length, 2000);
    const seen = new Map<string, Set<number>>();
    for (const r of posted) {
      const [author, number] = r.summary.split(" #") as [string, string];
      assert.equal(r.agentId, author, `record ${r.id} is attributed to the agent that posted it`);
      if (!seen.has(author)) seen.set(author, new Set());
      seen.get(author)!.add(Number(number));
    }
    assert.deepEqual([...seen.keys()].sort(), [...ids].sort());
    for (const id of ids) assert.equal(seen.get(id)!.size, 100, id);
  } finally {
    await repo.cleanup();
  }
});

async function withServer(
  fn: (server: Awaited<ReturnType<typeof startControlServer>>, runDir: string) => Promise<void>,
  options: { idleTimeoutMs?: number } = {},
): Promise<void> {
  const base = await mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
  const server = await startControlServer({ dir: base, runDir: path.join(base, "run"), lane: "main", wave: 3, ...options });
  try {
    await fn(server, path.join(base, "run"));
  } finally {
    await server.close();
    await rm(base, { recursive: true, force: true });
  }
}

/**
 * Sends raw bytes (ending the connection after them unless `end` is false) and returns the
 * response line once the server has ended its side of the connection.
 */
function rawExchange(socketPath: string, text: string, options: { end?: boolean } = {}): Promise<{ response: Json; serverEnded: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ path: socketPath, allowHalfOpen: true });
    let data = "";
    socket.on("connect", () => (options.end === false ? socket.write(text) : socket.end(text)));
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      socket.destroy();
      try {
        resolve({ response: JSON.parse(data.split("\n")[0]!), serverEnded: true });
      } catch (error) {
        reject(new Error(`no response line in ${JSON.stringify(data)}: ${String(error)}`));
      }
    });
  });
}

test("control server: bad requests get error responses and the server keeps serving", async () => {
  await withServer(async (server, runDir) => {
    const token = server.issueToken("A1", 1);
    const mode = (await stat(server.socketPath)).mode & 0o777;
    assert.equal(mode, 0o666, "the socket admits anyone to connect; the token decides");

    const cases: [string, string][] = [
      ["x".repeat(MAX_REQUEST_BYTES + 1), "too-large"],
      [`${"x".repeat(MAX_REQUEST_BYTES + 1)}\n`, "too-large"],
      ["not json\n", "malformed"],
      ["\n", "malformed"],
      ["", "malformed"],
      ['{"v":1,"type":"coord-post","token"', "malformed"],
      ["[]\n", "refused"],
      ['"just a string"\n', "refused"],
      [`${JSON.stringify({ v: 1, type: "coord-post", token: 42 })}\n`, "refused"],
      [`${JSON.stringify({ v: 1, type: "delete-everything", token })}\n`, "invalid"],
      [`${JSON.stringify({ v: 2, type: "coord-post", token, fields: {} })}\n`, "invalid"],
      [`${JSON.stringify({ v: 1, type: "coord-post", token, fields: { kind: "lifecycle", summary: "s" } })}\n`, "invalid"],
      [`${JSON.stringify({ v: 1, type: "coord-post", token, fields: { kind: "claim", summary: "s", agent: "A0" } })}\n`, "invalid"],
      [`${JSON.stringify({ v: 1, type: "feedback-ask", token, question: "  " })}\n`, "invalid"],
    ];
    for (const [text, code] of cases) {
      const { response } = await rawExchange(server.socketPath, text);
      assert.equal(response.ok, false, text.slice(0, 80));
      assert.equal(response.code, code, `${text.slice(0, 80)}: ${response.message}`);
      assert.ok(!/\n\s+at /.test(response.message), "no stack trace");
    }
    // An error quoting a long input still fits the client's answer limit.
    const quoted = await sendControlRequest(server.socketPath, {
      v: 1,
      type: "coord-post",
      token,
      fields: { kind: "claim", summary: "s", targets: ["\u0001".repeat(9000)] },
    });
    assert.deepEqual([quoted.ok, !quoted.ok && quoted.code], [false, "invalid"]);
    // A request without its newline at the end of the connection still counts.
    const last = await rawExchange(
      server.socketPath,
      JSON.stringify({ v: 1, type: "coord-post", token, fields: { kind: "claim", summary: "no newline" } }),
    );
    assert.equal(last.response.ok, true, JSON.stringify(last.response));
    const ok = await sendControlRequest(server.socketPath, {
      v: 1,
      type: "coord-post",
      token,
      fields: { kind: "claim", summary: "after all that" },
    });
    assert.equal(ok.ok, true);
    const records = await logOf(runDir);
    assert.deepEqual(
      records.map((r) => [r.agentId, r.summary]),
      [
        ["A1", "no newline"],
        ["A1", "after all that"],
      ],
    );
  });
});

test("control server: a connection that goes quiet mid-request gets a timeout error and is closed", async () => {
  await withServer(
    async (server) => {
      const { response, serverEnded } = await rawExchange(server.socketPath, '{"v":1,', { end: false });
      assert.equal(response.code, "timeout");
      assert.equal(serverEnded, true);
      const token = server.issueToken("A2", 1);
      const ok = await sendControlRequest(server.socketPath, {
        v: 1,
        type: "coord-post",
        token,
        fields: { kind: "claim", summary: "fine" },
      });
      assert.equal(ok.ok, true, "still serving");
    },
    { idleTimeoutMs: 200 },
  );
});

test("control server: tokens are per agent run, revocable, and die with the server", async () => {
  await withServer(async (server, runDir) => {
    const first = server.issueToken("A1", 1);
    const second = server.issueToken("A1", 2);
    const other = server.issueToken("A2", 1);
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.equal(new Set([first, second, other]).size, 3);
    const postWith = (token: string, summary: string, extra: Record<string, unknown> = {}) =>
      sendControlRequest(server.socketPath, { v: 1, type: "coord-post", token, fields: { kind: "claim", summary, ...extra } });
    const a1 = await postWith(first, "A1 first run");
    assert.ok(a1.ok);
    assert.ok((await postWith(second, "A1 second run")).ok);
    // Another agent's --id on A1's record is refused; A1 itself (any of its runs) may update it.
    const hijack = await postWith(other, "A2 takes over", { id: a1.ok ? a1.id : "", status: "resolved" });
    assert.deepEqual([hijack.ok, !hijack.ok && hijack.code], [false, "refused"]);
    assert.ok((await postWith(second, "A1 updates", { id: a1.ok ? a1.id : "", status: "resolved" })).ok);
    server.revokeToken(first);
    const revoked = await postWith(first, "after revoke");
    assert.deepEqual([revoked.ok, !revoked.ok && revoked.code], [false, "refused"]);
    // A token of the right shape that was never issued.
    const forged = await postWith(randomBytes(32).toString("hex"), "forged");
    assert.deepEqual([forged.ok, !forged.ok && forged.code], [false, "refused"]);
    const asked = await sendControlRequest(server.socketPath, {
      v: 1,
      type: "feedback-ask",
      token: other,
      question: "Which way?",
      context: null,
    });
    assert.ok(asked.ok);

    const records = await logOf(runDir);
    assert.deepEqual(
      records.map((r) => [r.agentId, r.attempt, r.source, r.summary]),
      [
        ["A1", 1, "agent", "A1 first run"],
        ["A1", 2, "agent", "A1 second run"],
        ["A1", 2, "agent", "A1 updates"],
        ["A2", 1, "feedback", "Which way?"],
      ],
    );
    const socketPath = server.socketPath;
    await server.close();
    await assert.rejects(postWith(second, "after close"), /cannot reach the control socket/);
    await assert.rejects(stat(socketPath), { code: "ENOENT" });
  });
});

test("control server: a socket path too long for a Unix socket is a clear error", async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
  try {
    const deep = path.join(base, "d".repeat(120));
    await assert.rejects(
      startControlServer({ dir: deep, runDir: base, lane: "main", wave: 1 }),
      /the control socket path .* is \d+ bytes; Unix sockets allow at most 100/,
    );
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
