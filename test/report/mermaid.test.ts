import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { renderAggregateSummary } from "../../src/report/aggregate-summary.js";
import { type GanttChart, renderGantt, sanitizeGanttText } from "../../src/report/mermaid.js";
import { waveTimeline } from "../../src/report/timeline.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { T0, agent, blockedResult, cancelledResult, failedResult, iso, passedResult, resumedResult } from "./fixtures.js";
import { mermaidBlocks, parseGantt } from "./mermaid-real.js";

test("the timeline of a failed wave parses with mermaid and keeps every bar, section and date", async () => {
  const result = failedResult();
  const md = renderWaveSummary({ result });
  const blocks = mermaidBlocks(md);
  assert.equal(blocks.length, 1);
  const g = await parseGantt(blocks[0]!);
  assert.equal(g.dateFormat, "x");
  assert.equal(g.title, "Wave 3 (lane main) attempt 2");
  // 5 stage bars + 6 agents.
  assert.equal(g.tasks.length, 11);
  assert.deepEqual([...new Set(g.tasks.map((t) => t.section))], ["Implementation", "cont-EVAL", "Integration", "Documentation", "cont-QA"]);
  const a0 = g.tasks.find((t) => t.name.startsWith("A0"))!;
  assert.equal(a0.name, "A0 cont-QA - failed");
  assert.equal(a0.crit, true);
  assert.equal(a0.start, Date.parse(result.agents.find((a) => a.id === "A0")!.startedAt!));
  assert.equal(a0.end, Date.parse(result.agents.find((a) => a.id === "A0")!.completedAt!));
  const a1 = g.tasks.find((t) => t.name.startsWith("A1"))!;
  assert.equal(a1.done, true);
  assert.equal(a1.section, "Implementation");
});

test("every outcome's summary has a timeline mermaid accepts (or none when nothing ran)", async () => {
  for (const result of [passedResult(), failedResult(), resumedResult(), cancelledResult(), blockedResult()]) {
    const blocks = mermaidBlocks(renderWaveSummary({ result }));
    assert.equal(blocks.length, 1, result.status);
    const g = await parseGantt(blocks[0]!);
    const ran = result.agents.filter((a) => a.startedAt && !["reused", "not-run", "skipped"].includes(a.status)).length;
    assert.equal(g.tasks.length, ran + (result.stages?.length ?? 0), result.status);
  }
  const nothing = passedResult();
  nothing.agents = nothing.agents.map((a) => ({ ...a, status: "not-run", startedAt: null, completedAt: null, durationMs: null }));
  nothing.stages = [];
  assert.equal(waveTimeline(nothing), null);
  assert.equal(mermaidBlocks(renderWaveSummary({ result: nothing })).length, 0);
});

test("hostile names (colons, hashes, semicolons, percent, keywords, newlines) stay one intact bar each", async () => {
  const names = [
    "A1: build; the #parser",
    "A2 5% done",
    "click here",
    "section 3: closure",
    "gantt chart",
    "title: x",
    "2024-01-01 release",
    "%%{init: {}}%%",
    "multi\nline\rname",
    "<script>alert(1)</script>",
    "accTitle: hi",
    "   ",
  ];
  const chart: GanttChart = {
    title: "Title: with # and ; and %",
    sections: [{ name: "sec: tion # 1", tasks: names.map((name, i) => ({ name, start: T0 + i * 1000, end: T0 + i * 1000 + 5000 })) }],
  };
  const r = renderGantt(chart);
  const g = await parseGantt(r.text);
  assert.equal(g.tasks.length, names.length);
  g.tasks.forEach((t, i) => {
    assert.equal(t.name, sanitizeGanttText(names[i]!));
    assert.equal(t.start, T0 + i * 1000);
  });
  assert.equal(g.tasks[0]!.section, sanitizeGanttText("sec: tion # 1"));
});

test("property: any names and times render to a diagram mermaid parses with the same bars", async () => {
  const task = fc.record({
    name: fc.string({ unit: "grapheme", maxLength: 40 }),
    start: fc.integer({ min: T0 - 86_400_000, max: T0 + 86_400_000 }),
    len: fc.integer({ min: 0, max: 3_600_000 }),
  });
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 20 }), fc.array(task, { minLength: 1, maxLength: 8 }), async (section, tasks) => {
      const chart: GanttChart = {
        sections: [{ name: section, tasks: tasks.map((t) => ({ name: t.name, start: t.start, end: t.start + t.len })) }],
      };
      const g = await parseGantt(renderGantt(chart).text);
      assert.equal(g.tasks.length, tasks.length);
      g.tasks.forEach((t, i) => {
        assert.equal(t.name, sanitizeGanttText(tasks[i]!.name));
        assert.equal(t.start, tasks[i]!.start);
        assert.equal(t.end, tasks[i]!.start + Math.max(tasks[i]!.len, 1));
      });
    }),
    { numRuns: 60 },
  );
});

test("large charts are cut under the size limit and still parse", async () => {
  const tasks = Array.from({ length: 3000 }, (_, i) => ({
    name: `A${i} agent with a fairly long title ${i}`,
    start: T0 + i,
    end: T0 + i + 60_000,
  }));
  const r = renderGantt({ sections: [{ name: "Implementation", tasks }] }, 20_000);
  assert.ok(r.text.length <= 20_000);
  assert.ok(r.omittedTasks > 0);
  assert.equal(r.tasks + r.omittedTasks, 3000);
  const g = await parseGantt(r.text);
  assert.equal(g.tasks.length, r.tasks);
});

test("the aggregate timeline has one section per wave and parses", async () => {
  const w1 = passedResult();
  w1.wave = 1;
  const w2 = failedResult();
  w2.wave = 2;
  w2.startedAt = iso(5 * 60_000);
  w2.completedAt = iso(9 * 60_000);
  w2.stages = undefined;
  w2.agents = [agent("A1", "implementation", { start: 5 * 60_000 + 1000, ms: 30_000 })];
  const md = renderAggregateSummary([w2, w1]);
  const blocks = mermaidBlocks(md);
  assert.equal(blocks.length, 1);
  const g = await parseGantt(blocks[0]!);
  assert.deepEqual([...new Set(g.tasks.map((t) => t.section))], ["Wave 1", "Wave 2"]);
  assert.equal(g.tasks.filter((t) => t.section === "Wave 1").length, 1 + 5);
  assert.deepEqual(
    g.tasks.filter((t) => t.section === "Wave 2").map((t) => t.name),
    ["wave 2 - failed", "A1 Agent A1 - succeeded"],
  );
});

test("a 43 ms task is drawn 43 ms long, and a task of no measurable time 1 ms long", async () => {
  const chart: GanttChart = {
    sections: [
      {
        name: "Implementation",
        tasks: [
          { name: "A1", start: T0, end: T0 + 43 },
          { name: "A2", start: T0, end: T0 },
          { name: "A3", start: T0, end: T0 + 120_000 },
        ],
      },
    ],
  };
  const g = await parseGantt(renderGantt(chart).text);
  assert.deepEqual(
    g.tasks.map((t) => [t.name, t.end - t.start]),
    [
      ["A1", 43],
      ["A2", 1],
      ["A3", 120_000],
    ],
  );
});
