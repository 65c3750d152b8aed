/**
 * The operator's side of the agents' questions, as the reference had it: `wave feedback list`
 * (open questions across waves, each with the command that answers it), `wave feedback show <id>`,
 * and the reference's `wave feedback respond --id X --response T` answering as `feedback answer`.
 * What an agent wrote reaches the terminal with its escape sequences made visible.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import { test } from "node:test";
import { createFeedbackRequest, readFeedbackRequests } from "../../src/feedback/requests.js";
import { makeRepo, runDirOf, wave } from "../engine/fixture.js";

test("feedback list shows open questions of every wave, show one in full, respond answers it", async () => {
  const repo = await makeRepo("feedback-list");
  try {
    const run1 = runDirOf(repo, 1, 1);
    const run3 = runDirOf(repo, 3, 2);
    await fs.mkdir(run1, { recursive: true });
    await fs.mkdir(run3, { recursive: true });
    const q1 = await createFeedbackRequest({ runDir: run1, lane: "main", wave: 1, attempt: 1, agentId: "A1", question: "Which colour?" });
    const q3 = await createFeedbackRequest({
      runDir: run3,
      lane: "main",
      wave: 3,
      attempt: 2,
      agentId: "A7",
      question: "Drop the table?\u001b[2J",
      context: "legacy data",
    });

    const none = await wave(repo, ["feedback", "list", "--wave", "2"]);
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /No open questions/);

    const list = await wave(repo, ["feedback", "list"]);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, new RegExp(`${q1.id}  pending  lane main wave 1  A1: Which colour\\?`));
    assert.match(list.stdout, new RegExp(`answer: wave feedback answer ${q1.id} "<answer>"`));
    assert.match(list.stdout, /A7: Drop the table\?\^\[\[2J/);
    assert.doesNotMatch(list.stdout, /\u001b/);

    const json = await wave(repo, ["feedback", "list", "--json", "--agent", "A7"]);
    assert.deepEqual(
      JSON.parse(json.stdout).map((r: { id: string }) => r.id),
      [q3.id],
    );

    const show = await wave(repo, ["feedback", "show", q3.id]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /asked by A7, lane main wave 3 attempt 2/);
    assert.match(show.stdout, /Context:\nlegacy data/);
    assert.match(show.stdout, new RegExp(`Answer it: wave feedback answer ${q3.id}`));

    // The reference's form.
    const respond = await wave(repo, ["feedback", "respond", "--id", q1.id, "--response", "Blue", "--operator", "me"]);
    assert.equal(respond.code, 0, respond.stderr);
    assert.match(respond.stderr, /the reference's `wave feedback respond` is `wave feedback answer/);
    assert.match(respond.stdout, new RegExp(`Answered A1's question ${q1.id}`));
    const [answered] = await readFeedbackRequests(run1, { includeAnswered: true });
    assert.equal(answered?.answer, "Blue");

    const open = await wave(repo, ["feedback", "list"]);
    assert.doesNotMatch(open.stdout, new RegExp(q1.id));
    const all = await wave(repo, ["feedback", "list", "--all"]);
    assert.match(all.stdout, new RegExp(`${q1.id}  answered .*\\n    answered: Blue`));
    const shown = await wave(repo, ["feedback", "show", "--id", q1.id]);
    assert.match(shown.stdout, /Answer by .*\nBlue/);

    const unknown = await wave(repo, ["feedback", "show", "feedback-nope"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no question feedback-nope/);
  } finally {
    await repo.cleanup();
  }
});
