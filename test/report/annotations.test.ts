import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import fc from "fast-check";
import {
  type Annotation,
  capAnnotations,
  formatWorkflowCommand,
  gateFailureAnnotation,
  markerAnnotations,
} from "../../src/report/annotations.js";
import { escapeCommandData, escapeCommandProperty } from "../../src/report/runner-channel.js";
import { blockedResult, cancelledResult, failedResult, passedResult } from "./fixtures.js";

/** Reads a workflow command line back the way the runner does. */
function parseCommand(line: string): { command: string; props: Record<string, string>; message: string } {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  assert.ok(m, `not a workflow command: ${line}`);
  const decode = (s: string) =>
    s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
  const props: Record<string, string> = {};
  for (const kv of (m[2] ?? "").split(",").filter(Boolean)) {
    const i = kv.indexOf("=");
    props[kv.slice(0, i)] = decode(kv.slice(i + 1));
  }
  return { command: m[1]!, props, message: decode(m[3]!) };
}

test("escaping follows the runner's rules for data and properties", () => {
  assert.equal(escapeCommandData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b");
  assert.equal(escapeCommandProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
  assert.equal(
    formatWorkflowCommand({
      level: "error",
      file: "docs/plans/waves/wave-3.md",
      line: 12,
      title: "Wave 3: failed, at cont-qa",
      message: "line 1\nline 2 :: 50%",
    }),
    "::error file=docs/plans/waves/wave-3.md,line=12,title=Wave 3%3A failed%2C at cont-qa::line 1%0Aline 2 :: 50%25",
  );
  assert.equal(formatWorkflowCommand({ level: "notice", message: "plain" }), "::notice::plain");
});

test("property: a formatted command is one line and reads back to the same annotation", () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), fc.nat(10_000), (message, title, file, line) => {
      const a: Annotation = { level: "warning", message, title, file, line };
      const text = formatWorkflowCommand(a);
      assert.ok(!/[\r\n]/.test(text));
      const back = parseCommand(text);
      assert.equal(back.command, "warning");
      assert.equal(back.message, message);
      if (title) assert.equal(back.props.title, title);
      if (file) assert.equal(back.props.file, file);
      if (line > 0) assert.equal(back.props.line, String(line));
    }),
  );
});

test("our commands carry the same data as @actions/core's own for the same annotation", () => {
  const cases: Annotation[] = [
    {
      level: "error",
      message: "Verdict: BLOCKED\nsee log, 100%",
      file: "docs/plans/waves/wave-3.md",
      line: 40,
      title: "Wave 3: failed, cont-qa",
    },
    { level: "warning", message: "a\r\nb", file: "a,b:c.md", title: "t" },
    { level: "notice", message: "just text" },
  ];
  const code = [
    'import * as core from "@actions/core";',
    "for (const a of JSON.parse(process.env.ANNOTATIONS)) {",
    "  const props = {};",
    "  if (a.title) props.title = a.title;",
    "  if (a.file) props.file = a.file;",
    "  if (a.line) props.startLine = a.line;",
    "  core[a.level](a.message, props);",
    "}",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    env: { ...process.env, ANNOTATIONS: JSON.stringify(cases), GITHUB_ACTIONS: "" },
    encoding: "utf8",
  });
  assert.equal(child.status, 0, child.stderr);
  const theirs = child.stdout.split("\n").filter(Boolean).map(parseCommand);
  const ours = cases.map((a) => parseCommand(formatWorkflowCommand(a)));
  assert.deepEqual(ours, theirs);
});

test("what stopped a wave is annotated on the failing agent's heading", () => {
  const lines = { A0: 88, A2: 30 };
  const [failed] = gateFailureAnnotation(failedResult(), undefined, lines);
  assert.deepEqual(failed, {
    level: "error",
    title: "Wave 3 (lane main) failed at cont-qa (A0)",
    message:
      "cont-qa-verdict-blocked: Verdict: BLOCKED — the parser drops the last line\nLog: agents/A0/agent.log (in the wave's artifact).",
    file: "docs/plans/waves/wave-3.md",
    line: 88,
  });
  const [blocked] = gateFailureAnnotation(blockedResult(), "docs/plans/waves/wave-3.md", new Map([["A2", 30]]));
  assert.equal(blocked!.level, "warning");
  assert.equal(blocked!.line, 30);
  assert.ok(blocked!.message.startsWith("A2 asks: Which database should the runtime use?"));
  const [cancelled] = gateFailureAnnotation(cancelledResult(), "w.md", lines);
  assert.equal(cancelled!.level, "warning");
  assert.equal(cancelled!.line, undefined, "no agent, no line");
  assert.equal(cancelled!.title, "Wave 3 (lane main) cancelled during implementation");
  assert.deepEqual(gateFailureAnnotation(passedResult(), "w.md", lines), []);
});

test("rejected markers give one warning per agent at its heading", () => {
  const out = markerAnnotations(
    [
      { agentId: "A1", kind: "proof", line: 40, text: "[wave-proof] completion=done", reason: "unknown completion" },
      { agentId: "A1", kind: "gate", line: 12, text: "[wave-gate] x", reason: "missing dimensions" },
      { agentId: "A2", kind: "eval", line: 3, text: "[wave-eval] y", reason: "bad state" },
    ],
    "docs/plans/waves/wave-3.md",
    { A1: 20 },
  );
  assert.equal(out.length, 2);
  assert.deepEqual(out[0], {
    level: "warning",
    title: "A1: 2 marker lines not accepted",
    message:
      "log line 12 [gate]: missing dimensions — [wave-gate] x\nlog line 40 [proof]: unknown completion — [wave-proof] completion=done",
    file: "docs/plans/waves/wave-3.md",
    line: 20,
  });
  assert.equal(out[1]!.line, undefined);
});

test("annotations are capped per level with a closing remark", () => {
  const many: Annotation[] = Array.from({ length: 15 }, (_, i) => ({ level: "error", message: `e${i}` }));
  many.push({ level: "warning", message: "w" });
  const capped = capAnnotations(many, 10);
  assert.equal(capped.filter((a) => a.level === "error").length, 10);
  assert.equal(
    capped.filter((a) => a.level === "error")[9]!.message,
    "6 more error annotations were left out; see the job log and summary.",
  );
  assert.equal(capped.filter((a) => a.level === "warning").length, 1);
  assert.equal(capAnnotations(many.slice(0, 10), 10).length, 10);
});
