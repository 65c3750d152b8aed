import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { WaveResult } from "../../src/state/schema.js";
import { byteLength } from "../../src/report/text.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { agent, blockedResult, cancelledResult, failedResult, gate, passedResult, resumedResult } from "./fixtures.js";

/** Table rows under a `### heading`, split into cells on unescaped pipes. */
function tableRows(md: string, heading: string): string[][] {
  const start = md.indexOf(`### ${heading}\n`);
  assert.ok(start >= 0, `no section ${heading}`);
  const lines = md.slice(start).split("\n").slice(1);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines) {
    if (line.startsWith("|")) {
      inTable = true;
      rows.push(
        line
          .slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((c) => c.trim()),
      );
    } else if (inTable) break;
  }
  return rows.slice(2); // header and delimiter row
}

test("a passed wave: status line, facts, agents and gates tables, no failure", () => {
  const md = renderWaveSummary({
    result: passedResult(),
    artifact: { name: "wave-main-3-attempt-1" },
  });
  assert.ok(md.startsWith("## Wave 3 (lane main): passed — attempt 1, 4m 12s\n"));
  assert.ok(md.includes("- Artifact: wave-main-3-attempt-1"));
  assert.ok(md.includes("- Wave file: <code>docs/plans/waves/wave-3.md</code>"));
  assert.ok(md.includes("- Agents: 6 succeeded"));
  const agents = tableRows(md, "Agents");
  assert.equal(agents.length, 6);
  assert.deepEqual(agents[1], ["A2", "Runtime supervisor", "implementation", "claude", "succeeded", "1 / 1", "1m 30s", "—"]);
  const gates = tableRows(md, "Gates");
  assert.equal(gates.length, 5);
  assert.deepEqual(gates[4], ["cont-qa", "A0", "pass", "<code>pass</code>", "Verdict pass."]);
  assert.ok(!md.includes("### Failure"));
  assert.ok(!md.includes("Note:"));
  assert.ok(!/[\u{1F300}-\u{1FAFF}\u2705\u274C]/u.test(md), "no emoji");
});

test("a failed wave: failure section, the failing agent's last lines, rejected markers", () => {
  const tail = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n") + "\n```\n</details>\n[wave-verdict] blocked\n";
  const md = renderWaveSummary(
    {
      result: failedResult(),
      logTails: { A0: tail, A1: "should not be shown: A1 succeeded\n" },
      markerDiagnostics: [
        { agentId: "A0", kind: "gate", line: 88, text: "[wave-gate] architecture=pass|live=maybe", reason: "live: unknown value `maybe`" },
        { agentId: "A1", kind: "proof", line: 12, text: "[wave-proof] completion=done", reason: "unknown completion level" },
      ],
    },
    { tailLines: 20 },
  );
  assert.ok(md.startsWith("## Wave 3 (lane main): failed at cont-qa (A0) — attempt 2, 4m 12s\n"));
  assert.ok(md.includes("### Failure\n\n- Stage: cont-qa\n- Agent: A0 — cont-QA\n- Status code: <code>cont-qa-verdict-blocked</code>"));
  assert.ok(md.includes("- Log: <code>agents/A0/agent.log</code>"));
  // The tail: collapsible, the last 20 lines, a fence longer than the log's own fence.
  assert.ok(md.includes("<details>\n<summary>A0: last 20 of 103 log lines (agents/A0/agent.log)</summary>\n\n````text\n"));
  assert.ok(md.includes("\n```\n</details>\n[wave-verdict] blocked\n````\n\n</details>"));
  assert.ok(!md.includes("line 83\n"));
  assert.ok(md.includes("line 84\n"));
  assert.ok(!md.includes("should not be shown"));
  const agents = tableRows(md, "Agents");
  assert.deepEqual(agents[5]!.slice(4, 6), ["failed (exit 1)", "2 / 2"]);
  const gates = tableRows(md, "Gates");
  assert.equal(gates[4]![2], "fail");
  assert.equal(gates[4]![4], "Verdict: BLOCKED — the parser drops the last line \\| see report");
  const diags = tableRows(md, "Marker lines that were not accepted");
  assert.equal(diags.length, 2);
  assert.deepEqual(diags[0]!.slice(0, 4), ["A0", "88", "gate", "live: unknown value \\`maybe\\`"]);
  assert.ok(diags[0]![4]!.startsWith("<code>&#91;wave-gate&#93; architecture=pass&#124;live=maybe</code>"));
});

test("a resumed wave: source, reused agents, and the human answer", () => {
  const md = renderWaveSummary({ result: resumedResult(), resume: { source: "wave-main-3-attempt-1" } });
  assert.ok(md.includes("- Resumed from <code>wave-main-3-attempt-1</code>; reused A1, A2"));
  const agents = tableRows(md, "Agents");
  assert.deepEqual(agents[0]!.slice(4), ["reused", "0 / 0", "2m", "reused from attempt-1"]);
  assert.equal(agents[2]![7], "ran again");
  assert.ok(md.includes("### Human feedback\n\nA2 asked at"));
  assert.ok(md.includes("> Should the parser accept tabs?"));
  assert.ok(md.includes("Answer given to this run:\n\n> Yes, treat a tab as four spaces."));
  assert.ok(md.includes("Not on the timeline (did not run in this attempt): A1 (reused), A2 (reused)."));
});

test("a cancelled wave: cancellation section, signal in the status, agents that never ran", () => {
  const md = renderWaveSummary({ result: cancelledResult() });
  assert.ok(md.startsWith("## Wave 3 (lane main): cancelled during implementation — attempt 1, 50s\n"));
  assert.ok(
    md.includes("### Cancellation\n\n- Stage: implementation\n- Status code: <code>cancelled</code>\n- Detail: Cancelled by SIGTERM"),
  );
  const agents = tableRows(md, "Agents");
  assert.equal(agents[0]![4], "cancelled (SIGTERM)");
  assert.equal(agents[2]![4], "not-run");
  assert.equal(agents[2]![6], "—");
  assert.ok(md.includes("- Agents: 2 cancelled, 4 not-run"));
});

test("a blocked wave: the question, escaped, and how to answer it", () => {
  const md = renderWaveSummary({ result: blockedResult(), logTails: { A2: "asking a question now\n" } });
  assert.ok(md.startsWith("## Wave 3 (lane main): blocked: A2 is waiting for a human answer — attempt 1, 4m 12s\n"));
  assert.ok(
    md.includes(
      "### Waiting for a human answer\n\nA2 asked at 2025-03-04 10:01:20 UTC:\n\n> Which database should the runtime use?\n> \\# Option A: SQLite\n> \\- Option B: Postgres &lt;b&gt;bold&lt;/b&gt;\n",
    ),
  );
  assert.ok(md.includes("`feedback` input"));
  assert.ok(md.includes("wave run --wave 3 --feedback"));
  assert.ok(md.includes("<summary>A2: last 1 log line (agents/A2/agent.log)</summary>"), "the asking agent's tail is shown");
});

test("a dry run says nothing was executed", () => {
  const r = passedResult();
  r.status = "dry-run";
  const md = renderWaveSummary({ result: r });
  assert.ok(md.startsWith("## Wave 3 (lane main): dry run of 6 agents, nothing executed — attempt 1, 4m 12s\n"));
});

test("hostile agent titles cannot break the table or inject HTML", () => {
  const r = passedResult();
  r.agents[0]!.title = "Evil | title <script>alert(1)</script> `tick` **bold** [x](javascript:y)\nsecond line";
  r.agents[1]!.id = "A|2";
  r.gates[0]!.detail = "detail with | pipes | and <img src=x onerror=alert(1)>";
  const md = renderWaveSummary({ result: r, agentLines: { A1: 10 }, sourceUrl: "https://github.com/o/r/blob/abc" });
  assert.ok(!md.includes("<script>"));
  assert.ok(!md.includes("<img"));
  const agents = tableRows(md, "Agents");
  for (const row of agents) assert.equal(row.length, 8);
  assert.ok(agents[0]![0]!.startsWith("[A1](https://github.com/o/r/blob/abc/docs/plans/waves/wave-3.md#L10)"));
  assert.ok(agents[0]![1]!.includes("\\`tick\\`"));
  assert.ok(agents[0]![1]!.includes("\\*\\*bold\\*\\*"));
  assert.ok(agents[0]![1]!.includes("&lt;script&gt;"));
  assert.equal(agents[1]![0], "A\\|2");
  for (const row of tableRows(md, "Gates")) assert.equal(row.length, 5);
});

function bigFailedResult(agents: number, detailChars: number): WaveResult {
  const r = failedResult();
  const many = Array.from({ length: agents }, (_, i) =>
    agent(`A${i + 10}`, i % 7 === 0 ? "cont-qa" : "implementation", {
      title: `Implementation agent number ${i} with a descriptive title`,
      start: 1000 + i * 10,
      ms: 60_000 + i * 100,
      status: i % 50 === 0 ? "failed" : "succeeded",
      exitCode: i % 50 === 0 ? 2 : 0,
    }),
  );
  r.agents = [...r.agents, ...many];
  r.gates = [
    ...r.gates,
    ...many.map((a) =>
      gate("implementation", a.id, a.status === "succeeded", a.status === "succeeded" ? "pass" : "exit-2", "d".repeat(detailChars)),
    ),
  ];
  return r;
}

test("1 MiB bound with 500 agents and huge log tails: tails shrink first, keeping the last lines", () => {
  const r = bigFailedResult(500, 40);
  const hugeTail = (id: string) =>
    `${Array.from({ length: 400 }, (_, i) => `${id} ${"x".repeat(3000)} ${i}`).join("\n")}\nLAST LINE OF ${id}\n`;
  const logTails: Record<string, string> = {};
  for (const a of r.agents) if (a.status === "failed") logTails[a.id] = hugeTail(a.id);
  const md = renderWaveSummary({ result: r, logTails }, { tailLines: 400 });
  const size = byteLength(md);
  assert.ok(size <= 1_048_576, `size ${size}`);
  assert.ok(size > 900_000, "the budget is used, not thrown away");
  assert.ok(md.includes("> **Note:** shortened to fit GitHub's 1 MiB job summary limit: log excerpts shortened"));
  assert.ok(md.includes("LAST LINE OF A0\n"));
  assert.ok(md.includes("LAST LINE OF A10\n"));
  assert.equal(tableRows(md, "Agents").length, 506, "tables intact: only tails were shortened");
  assert.ok(!md.includes("long texts cut"));
  assert.equal((md.match(/<details>/g) ?? []).length, (md.match(/<\/details>/g) ?? []).length);
  assert.ok(md.includes("```mermaid\n"));
});

test("when tables alone exceed the limit, detail columns and then rows are cut, with a note", () => {
  const r = bigFailedResult(500, 5000);
  const md = renderWaveSummary({ result: r, logTails: { A0: "tail\n" } });
  assert.ok(byteLength(md) <= 1_048_576);
  assert.ok(md.includes("long texts cut to 300 characters"));
  assert.ok(md.includes("<summary>A0: last 1 log line (agents/A0/agent.log)</summary>"), "the tail gets the room the cut details freed");
  assert.equal(tableRows(md, "Agents").length, 506);

  const small = renderWaveSummary({ result: r }, { maxBytes: 60_000 });
  assert.ok(byteLength(small) <= 60_000);
  assert.ok(small.includes("not shown (see result.json in the artifact)"));
  const agents = tableRows(small, "Agents");
  assert.ok(
    agents.some((row) => row[0] === "A0"),
    "the failing agent survives row limits",
  );
  assert.ok(small.startsWith("## Wave 3 (lane main): failed at cont-qa (A0)"));
});

test("property: the summary never exceeds maxBytes, whatever the input", () => {
  const text = fc.string({ unit: "grapheme", maxLength: 300 });
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 40 }),
      text,
      fc.integer({ min: 0, max: 200_000 }),
      fc.integer({ min: 0, max: 120_000 }),
      fc.integer({ min: 1, max: 200 }),
      (n, title, tailBytes, maxBytes, tailLines) => {
        const r = failedResult();
        r.agents = [
          ...r.agents,
          ...Array.from({ length: n }, (_, i) =>
            agent(`X${i}`, "implementation", { title: `${title}${i}`, status: "failed", exitCode: 1 }),
          ),
        ];
        r.failure!.detail = title.repeat(20);
        r.gates[0]!.detail = title.repeat(50);
        const logTails: Record<string, string> = { A0: `${title}\n`.repeat(Math.ceil(tailBytes / (title.length + 1))) };
        for (let i = 0; i < n; i++) logTails[`X${i}`] = "y".repeat(tailBytes);
        const md = renderWaveSummary({ result: r, logTails }, { maxBytes, tailLines });
        assert.ok(byteLength(md) <= maxBytes, `${byteLength(md)} > ${maxBytes}`);
        if (maxBytes >= 20_000) assert.ok(md.startsWith("## Wave 3 (lane main): failed at cont-qa"));
      },
    ),
    { numRuns: 40 },
  );
});
