import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { ProgressEvent } from "../../../src/report/progress/events.js";
import { applyProgressEvent, createProgressModel } from "../../../src/report/progress/model.js";
import { MAX_CARRY_CHARS, flushPrefixed, prefixLines } from "../../../src/report/progress/prefix.js";
import { renderPlainLine, renderStatusLine, renderTtyTable } from "../../../src/report/progress/render.js";
import { CLEAR_BELOW, CLEAR_LINE, CURSOR_UP, type Timers, TtyRenderer } from "../../../src/report/progress/tty.js";
import { displayWidth, stripAnsi } from "../../../src/report/text.js";
import { reduceProgress } from "../fixtures.js";
import { replay } from "../vt.js";

const T = Date.parse("2025-03-04T10:00:00.000Z");
const S = 1000;

function events(): ProgressEvent[] {
  return [
    {
      type: "wave-start",
      at: T,
      lane: "main",
      wave: 3,
      attempt: 1,
      agents: [
        { id: "A1", title: "Parser for wave files", role: "implementation", executor: "codex", phase: "implementation" },
        { id: "A2", title: "Runtime", role: "implementation", executor: "claude", phase: "implementation" },
        { id: "A0", title: "cont-QA", role: "cont-qa", executor: "local", phase: "cont-qa" },
      ],
    },
    { type: "stage-start", at: T + 1 * S, stage: "implementation", agentIds: ["A1", "A2"] },
    { type: "agent-start", at: T + 1 * S, agentId: "A1", executor: "codex", run: 1 },
    { type: "agent-start", at: T + 2 * S, agentId: "A2", executor: "claude", run: 1 },
    { type: "agent-output", at: T + 30 * S, agentId: "A1", text: "[wave-phase] validating\x1b[31m\n" },
    { type: "agent-end", at: T + 62 * S, agentId: "A2", status: "failed", exitCode: 1, durationMs: 60 * S },
    { type: "tick", at: T + 70 * S },
  ];
}

test("the model follows events without modifying its input", () => {
  const evs = events();
  let m = createProgressModel();
  for (const e of evs) {
    const frozen = structuredClone(m);
    const next = applyProgressEvent(m, e);
    assert.deepEqual(m, frozen, `event ${e.type} mutated the model`);
    m = next;
  }
  assert.equal(m.stage, "implementation");
  assert.equal(m.now, T + 70 * S);
  const [a1, a2, a0] = m.agents;
  assert.deepEqual([a1!.state, a1!.runs, a1!.last, a1!.startedAt], ["running", 1, "[wave-phase] validating", T + S]);
  assert.deepEqual([a2!.state, a2!.exitCode, a2!.endedAt], ["failed", 1, T + 62 * S]);
  assert.equal(a0!.state, "pending");
  // A retry counts a second run; unknown agents are added; the wave end freezes running clocks.
  const end = reduceProgress(
    [
      { type: "agent-start", at: T + 80 * S, agentId: "A2", run: 2 },
      { type: "agent-reused", at: T + 80 * S, agentId: "A9", from: "attempt-1" },
      { type: "gate", at: T + 90 * S, stage: "implementation", agentId: null, ok: false, statusCode: "agent-failed" },
      { type: "stage-end", at: T + 91 * S, stage: "implementation", ok: false },
      { type: "wave-end", at: T + 92 * S, status: "failed", failure: { stage: "implementation", agentId: "A2" } },
    ],
    m,
  );
  assert.equal(end.agents.find((a) => a.id === "A2")!.runs, 2);
  assert.equal(end.agents.find((a) => a.id === "A9")!.state, "reused");
  assert.equal(end.agents.find((a) => a.id === "A1")!.endedAt, T + 92 * S);
  assert.equal(end.stages[0]!.ok, false);
  assert.equal(end.stage, null);
  assert.equal(end.gates.length, 1);
  assert.equal(end.status, "failed");
});

test("the TTY table shows agent, state, elapsed, stage and last marker", () => {
  const m = reduceProgress(events());
  const lines = renderTtyTable(m, { now: T + 70 * S, columns: 100 });
  assert.equal(lines[0], "wave 3 (lane main) attempt 1 · 1m 10s · stage implementation · 1 running, 1 done, 1 pending");
  assert.ok(lines[1]!.startsWith("AGENT"));
  assert.ok(lines[1]!.includes("LAST MARKER / PHASE"));
  assert.match(lines[2]!, /^A1\s+Parser for wave files\s+running\s+1m 9s\s+implementation\s+\[wave-phase\] validating$/);
  assert.match(lines[3]!, /^A2\s+Runtime\s+failed\s+1m\s+implementation$/);
  assert.match(lines[4]!, /^A0\s+cont-QA\s+pending\s+cont-qa$/);
  assert.ok(
    lines.every((l) => !l.includes("\x1b")),
    "no escape codes without color",
  );
  const colored = renderTtyTable(m, { now: T + 70 * S, columns: 100, color: true });
  assert.ok(colored[2]!.includes("\x1b[33mrunning"));
  assert.ok(colored[3]!.includes("\x1b[31mfailed"));
  assert.deepEqual(colored.map(stripAnsi), lines);
});

test("property: every table line fits the terminal width, with or without color", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 200 }), fc.string({ unit: "grapheme", maxLength: 80 }), fc.boolean(), (columns, title, color) => {
      const evs = events();
      (evs[0] as Extract<ProgressEvent, { type: "wave-start" }>).agents[0]!.title = title;
      const lines = renderTtyTable(reduceProgress(evs), { now: T + 70 * S, columns, color });
      for (const l of lines) assert.ok(displayWidth(stripAnsi(l)) < Math.max(20, columns), `${JSON.stringify(l)} at ${columns}`);
    }),
  );
});

test("a table taller than the terminal summarises the agents that do not fit", () => {
  const many: ProgressEvent = {
    type: "wave-start",
    at: T,
    lane: "main",
    wave: 1,
    attempt: 1,
    agents: Array.from({ length: 50 }, (_, i) => ({ id: `A${i}` })),
  };
  const m = reduceProgress([many, { type: "agent-start", at: T, agentId: "A49" }]);
  const lines = renderTtyTable(m, { now: T, columns: 80, maxLines: 10 });
  assert.equal(lines.length, 10);
  assert.equal(lines[9], "… 43 more agents (1 running)");
});

test("plain lines: one per event, ticks print nothing, control characters removed", () => {
  const got = events().map((e) => renderPlainLine(e));
  assert.deepEqual(got, [
    "wave 3 (lane main) attempt 1: 3 agents",
    "stage implementation started: A1, A2",
    "A1 started (codex)",
    "A2 started (claude)",
    "A1: [wave-phase] validating",
    "A2 failed (exit 1) after 1m",
    null,
  ]);
  assert.equal(
    renderPlainLine({
      type: "gate",
      at: T,
      stage: "cont-qa",
      agentId: "A0",
      ok: false,
      statusCode: "cont-qa-verdict-blocked",
      detail: "blocked\nsee log",
    }),
    "gate cont-qa (A0): FAIL cont-qa-verdict-blocked — blocked see log",
  );
  assert.equal(renderPlainLine({ type: "wave-end", at: T + 5 * S, status: "passed" }, { clock: true }), "[10:00:05] wave passed");
  assert.equal(renderPlainLine({ type: "agent-start", at: T, agentId: "A1", run: 3 }), "A1 started (run 3)");
});

test("the status line says who runs, who finished and for how long", () => {
  const m = reduceProgress(events());
  assert.equal(
    renderStatusLine(m, T + 70 * S),
    "wave 3 (lane main) attempt 1 · 1m 10s · stage implementation · running: A1 1m 9s · done: A2 failed · pending: 1",
  );
  const end = applyProgressEvent(m, {
    type: "wave-end",
    at: T + 80 * S,
    status: "failed",
    failure: { stage: "implementation", agentId: "A2" },
  });
  assert.ok(renderStatusLine(end, T + 999 * S).startsWith("wave 3 (lane main) attempt 1 · 1m 20s · failed at implementation (A2) · "));
});

test("prefixLines prefixes complete lines and carries partial ones", () => {
  let r = prefixLines("A1", "hello wor");
  assert.deepEqual(r, { text: "", carry: "hello wor" });
  r = prefixLines("A1", "ld\r\n::set-output name=x::y\nnext", r.carry);
  assert.deepEqual(r, { text: "[A1] hello world\n[A1] ::set-output name=x::y\n", carry: "next" });
  assert.equal(flushPrefixed("A1", r.carry), "[A1] next\n");
  assert.equal(flushPrefixed("A1", ""), "");
  const long = prefixLines("A1", "x".repeat(MAX_CARRY_CHARS * 2 + 5));
  assert.equal(long.carry.length, 5);
  assert.equal(long.text.split("\n").length - 1, 2);
});

test("prefixLines ends a line at a bare \\r, as the runner does, so `::` after it is still prefixed", () => {
  let r = prefixLines("A1", "10%\r::set-output name=verdict::passed\r");
  assert.deepEqual(r, { text: "[A1] 10%\n", carry: "::set-output name=verdict::passed\r" });
  // The \r was held back: a \n in the next chunk makes one line end of the two.
  r = prefixLines("A1", "\nnext\r\r", r.carry);
  assert.deepEqual(r, { text: "[A1] ::set-output name=verdict::passed\n[A1] next\n", carry: "\r" });
  r = prefixLines("A1", "last", r.carry);
  assert.deepEqual(r, { text: "[A1] \n", carry: "last" });
});

test("property: any chunking of a stream gives the same prefixed output", () => {
  const text = fc.string({ maxLength: 30, unit: fc.constantFrom("a", " ", ":", "#", "[", "\r", "\n", "\r\n") });
  fc.assert(
    fc.property(fc.array(text, { maxLength: 20 }), (chunks) => {
      let carry = "";
      let out = "";
      for (const c of chunks) {
        const r = prefixLines("E0", c, carry);
        out += r.text;
        carry = r.carry;
      }
      out += flushPrefixed("E0", carry);
      const whole = chunks.join("");
      const expected =
        whole === ""
          ? ""
          : `${whole
              .replace(/(\r\n|\r|\n)$/, "")
              .split(/\r\n|\r|\n/)
              .map((l) => `[E0] ${l}`)
              .join("\n")}\n`;
      assert.equal(out, expected);
      for (const line of out.split("\n").filter(Boolean)) assert.ok(line.startsWith("[E0] "));
    }),
  );
});

/** A fake clock and timer queue: time moves only when the test says so. */
function fakeTime() {
  let now = 0;
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      queue.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (h) => {
      const i = queue.findIndex((q) => q.id === h);
      if (i >= 0) queue.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      if (!queue[0] || queue[0].at > now) break;
      queue.shift()!.fn();
    }
  };
  return { timers, now: () => now, advance, pending: () => queue.length };
}

test("TtyRenderer redraws in place, throttled, and draws a final frame on close", () => {
  const clock = fakeTime();
  const writes: string[] = [];
  const stream = { write: (t: string) => writes.push(t), columns: 120 };
  const r = new TtyRenderer(stream, { throttleMs: 100, now: () => T + clock.now(), timers: clock.timers });
  const evs = events();
  let m = applyProgressEvent(createProgressModel(), evs[0]!);
  r.update(m);
  assert.equal(writes.length, 1, "the first frame is drawn at once");
  assert.ok(!/\x1b\[\d+A/.test(writes[0]!), "nothing to move over yet");
  const firstFrameLines = writes[0]!.split("\n").length - 1;
  assert.equal(firstFrameLines, 5);

  for (const e of evs.slice(1, 4)) {
    m = applyProgressEvent(m, e);
    r.update(m);
  }
  assert.equal(writes.length, 1, "updates inside the throttle window wait");
  assert.equal(clock.pending(), 1, "one redraw scheduled, not one per update");
  clock.advance(100);
  assert.equal(writes.length, 2);
  const second = writes[1]!;
  assert.ok(second.startsWith(`${CURSOR_UP(5)}\r`), "moves up over the previous frame");
  assert.equal(second.split(CLEAR_LINE).length - 1, 5, "clears each line it rewrites");
  assert.ok(second.endsWith(CLEAR_BELOW));

  r.log("[A1] a log line\n");
  clock.advance(100);
  m = applyProgressEvent(m, { type: "wave-end", at: T + 300, status: "failed", failure: { stage: "implementation", agentId: "A2" } });
  r.update(m);
  r.close(m);
  r.update(m);
  r.close();
  const drawn = writes.length;
  assert.equal(clock.pending(), 0);
  assert.equal(r.frames, drawn);

  const screen = replay(writes.join(""));
  assert.equal(screen[0], "[A1] a log line", "log text stays above the table");
  assert.equal(screen.length, 1 + 5, "one table on screen: frames replaced each other");
  assert.match(screen[1]!, /^wave 3 \(lane main\) attempt 1 · 300ms · failed at implementation \(A2\) · 2 running, 0 done, 1 pending$/);
  assert.match(screen[2]!, /^AGENT/);
  assert.match(screen[3]!, /^A1\s+Parser for wave files\s+running/);
});

test("a pseudo-terminal run shows one final table and the log line above it", {
  skip: !existsSync("/usr/bin/script") && "util-linux script is not installed",
}, () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  // A constant command line (no data in it); the pty comes from `script`.
  const child = spawnSync("script", ["-qfec", "node --import tsx test/report/tty-driver.ts", "/dev/null"], {
    cwd: root,
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ""}`, TERM: "xterm" },
    encoding: "utf8",
    timeout: 60_000,
    input: "",
  });
  assert.equal(child.status, 0, `${child.stdout}\n${child.stderr}`);
  const out = child.stdout;
  assert.ok(out.includes("\x1b[5A") || out.includes("\x1b[4A"), "cursor-up redraws happened on a real tty");
  const screen = replay(out);
  const done = screen.findIndex((l) => l.startsWith("DRIVER DONE"));
  assert.ok(done > 0, screen.join("\n"));
  assert.equal(screen[0], "[A1] hello from the agent");
  const tableStart = screen.findIndex((l) => l.startsWith("wave 7"));
  assert.equal(screen.filter((l) => l.startsWith("wave 7")).length, 1, "one table, redrawn in place");
  assert.match(screen[tableStart]!, /failed at implementation \(A2\)/);
  assert.match(screen[tableStart + 2]!, /^A1\s+Parser\s+succeeded/);
  assert.match(screen[tableStart + 3]!, /^A2\s+Runtime\s+failed/);
  assert.equal(done, tableStart + 4);
});
