import assert from "node:assert/strict";
import { test } from "node:test";
import { inputEnvName, parseCommandLine, parseFileCommand, parseStdoutCommands } from "./workflow-commands.js";

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

test("inputs are passed as INPUT_<NAME> with spaces replaced and hyphens kept", () => {
  assert.equal(inputEnvName("github-token"), "INPUT_GITHUB-TOKEN");
  assert.equal(inputEnvName("my input"), "INPUT_MY_INPUT");
  assert.equal(inputEnvName("dry-run"), "INPUT_DRY-RUN");
});
