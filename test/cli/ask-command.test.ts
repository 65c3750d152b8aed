import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { materialize } from "../../src/coordination/state.js";
import { coordinationLogPath, readCoordinationLog } from "../../src/coordination/store.js";
import { feedbackAskCommand } from "../../src/cli/ask-command.js";
import { answerFeedbackRequest, readFeedbackRequests } from "../../src/feedback/requests.js";
import { capture, withRun } from "../coordination/control-run.js";

test("feedback ask writes the request atomically, appends a blocking record, tells the agent to stop", async () => {
  await withRun(async (runDir, env) => {
    const c = capture(env);
    const code = await feedbackAskCommand(["--question", "Which database should I target?", "--context", "Both exist."], c.io);
    assert.equal(code, 0, c.err());
    const id = c.err().split("\n")[0];
    const message = c.out();
    assert.match(id!, /^feedback-\d{17}-A1-[0-9a-f]{6}$/, "the request id: the first line of stderr");
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
