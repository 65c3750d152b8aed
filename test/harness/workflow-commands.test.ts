import assert from "node:assert/strict";
import { test } from "node:test";
import { inputEnvName, parseCommandLine, parseFileCommand, parseStdoutCommands, runnerLines } from "./workflow-commands.js";

test("file commands: name=value lines and heredocs, later values win", () => {
  const content = [
    "status=passed",
    "result<<ghadelimiter_123",
    '{"a":1}',
    "second line",
    "ghadelimiter_123",
    "",
    "status=failed",
    "eq=a=b",
    "empty<<EOF",
    "EOF",
  ].join("\n");
  assert.deepEqual(parseFileCommand(content), {
    status: "failed",
    result: '{"a":1}\nsecond line',
    eq: "a=b",
    empty: "",
  });
  assert.deepEqual(parseFileCommand("a=1\r\nb<<X\r\nv\r\nX\r\n"), { a: "1", b: "v" });
});

test("file commands: malformed lines and unterminated heredocs are errors", () => {
  assert.throws(() => parseFileCommand("no-separator\n", "GITHUB_OUTPUT"), /GITHUB_OUTPUT: invalid format 'no-separator'/);
  assert.throws(() => parseFileCommand("=value\n"), /invalid format/);
  assert.throws(() => parseFileCommand("x<<END\nvalue\n"), /matching delimiter not found 'END'/);
});

test("workflow commands: annotations with properties and escapes", () => {
  const out = parseStdoutCommands(
    [
      "plain text",
      "::error file=docs/a.md,line=12,endLine=13,col=2,title=Wave%2C 1%3A x::bad%0Athing 100%25",
      "  ::warning::careful",
      "::notice title=fyi::note",
      "::add-mask::s3cret",
      "::set-output name=legacy::v1",
      "::save-state name=phase::main",
      "::debug::dbg",
    ].join("\n"),
  );
  assert.deepEqual(out.annotations, [
    { level: "error", message: "bad\nthing 100%", title: "Wave, 1: x", file: "docs/a.md", line: 12, endLine: 13, col: 2 },
    { level: "warning", message: "careful" },
    { level: "notice", message: "note", title: "fyi" },
  ]);
  assert.deepEqual(out.masks, ["s3cret"]);
  assert.deepEqual(out.outputs, { legacy: "v1" });
  assert.deepEqual(out.state, { phase: "main" });
  assert.deepEqual(out.debug, ["dbg"]);
});

test("workflow commands: nothing is processed between stop-commands and its token", () => {
  const out = parseStdoutCommands(["::stop-commands::tok1", "::error::hidden", "::tok1::", "::error::shown"].join("\n"));
  assert.deepEqual(
    out.annotations.map((a) => a.message),
    ["shown"],
  );
  assert.equal(parseCommandLine("no command"), null);
  assert.equal(parseCommandLine("::unterminated"), null);
});

test("stdout lines end at \\n, \\r\\n and a bare \\r (StreamReader.ReadLine)", () => {
  assert.deepEqual(runnerLines("a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
  assert.deepEqual(runnerLines("a\r\r\nb\n"), ["a", "", "b"]);
  assert.deepEqual(runnerLines("x\r"), ["x"]);
  assert.deepEqual(runnerLines(""), []);
  // A bare \r starts a new line, so `::` after it is at a line start.
  const out = parseStdoutCommands("[A1] progress 10%\r::set-output name=verdict::passed\n");
  assert.deepEqual(out.outputs, { verdict: "passed" });
  assert.equal(out.commands[0]?.line, "::set-output name=verdict::passed");
});

test("`::` commands only at a line start, after .NET white space; anything else before them is text", () => {
  assert.equal(parseCommandLine("\t \u00a0\u2003::warning::w")?.command, "warning");
  assert.equal(parseCommandLine("[A1] ::warning::w"), null);
  assert.equal(parseCommandLine("\\::warning::w"), null);
  // U+FEFF is not white space to .NET (JavaScript's trimStart removes it).
  assert.equal(parseCommandLine("\ufeff::warning::w"), null);
  // Names are matched case-insensitively among the registered ones only.
  assert.equal(parseCommandLine("::WARNING::w")?.command, "WARNING");
  assert.equal(parseCommandLine("::made-up::x"), null);
  assert.equal(parseCommandLine("::\\set-output name=a::b"), null);
});

test("legacy `##[name props]data` is a command anywhere in a line", () => {
  const out = parseStdoutCommands(
    [
      "A1: [wave-proof] detail=##[set-output name=verdict]passed",
      "x ##[save-state name=wave-uploaded]forged",
      "##[add-mask]hide-me",
      "done ##[notice title=Wave 1 passed]all good%3B%5D",
      "text ##[debug]d",
      "##[unknown]x",
      "##[\\set-output name=verdict]escaped",
    ].join("\n"),
  );
  assert.deepEqual(out.outputs, { verdict: "passed" });
  assert.deepEqual(out.state, { "wave-uploaded": "forged" });
  assert.deepEqual(out.masks, ["hide-me"]);
  assert.deepEqual(out.annotations, [{ level: "notice", message: "all good;]", title: "Wave 1 passed" }]);
  assert.deepEqual(out.debug, ["d"]);
  assert.deepEqual(
    out.commands.map((c) => [c.command, c.form]),
    [
      ["set-output", "legacy"],
      ["save-state", "legacy"],
      ["add-mask", "legacy"],
      ["notice", "legacy"],
      ["debug", "legacy"],
    ],
  );
  // A `::` command that parses is processed as such: a `##[` in its data is not looked at.
  const v2 = parseCommandLine("::error::see ##[set-output name=a]b");
  assert.deepEqual([v2?.command, v2?.form, v2?.data], ["error", "v2", "see ##[set-output name=a]b"]);
  // One whose name is not registered falls back to the legacy form.
  assert.equal(parseCommandLine("::nope::##[add-mask]m")?.command, "add-mask");
});

test("stop-commands from agent text (either form) silences later commands until its token, in any case", () => {
  const out = parseStdoutCommands(
    ["[A1] ##[stop-commands]tok", "::error::ignored", "##[add-mask]ignored", "::TOK::", "::error::after"].join("\n"),
  );
  assert.deepEqual(
    out.annotations.map((a) => a.message),
    ["after"],
  );
  assert.deepEqual(out.masks, []);
  assert.deepEqual(
    out.commands.map((c) => c.command),
    ["stop-commands", "tok", "error"],
  );
  const legacyResume = parseStdoutCommands(["::stop-commands::abc", "x ##[ABC]", "::warning::w"].join("\n"));
  assert.deepEqual(
    legacyResume.annotations.map((a) => a.message),
    ["w"],
  );
  for (const token of ["", "error", "pause-logging"]) {
    const bad = parseStdoutCommands(`::stop-commands::${token}\n::error::still\n`);
    assert.equal(bad.errors.length, 1, token);
    assert.deepEqual(
      bad.annotations.map((a) => a.message),
      ["still"],
    );
  }
});

test("inputs are passed as INPUT_<NAME> with spaces replaced and hyphens kept", () => {
  assert.equal(inputEnvName("github-token"), "INPUT_GITHUB-TOKEN");
  assert.equal(inputEnvName("my input"), "INPUT_MY_INPUT");
  assert.equal(inputEnvName("dry-run"), "INPUT_DRY-RUN");
});
