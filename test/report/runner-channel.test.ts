/**
 * The job log channel against hostile text: whatever an agent wrote, the runner (as the harness's
 * parser reads it, after actions/runner) finds no command in what the channel writes, except the
 * ones the channel was asked to write.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import * as core from "@actions/core";
import {
  createRunnerChannel,
  escapeCommandData,
  escapeCommandProperty,
  escapeLogLine,
  neutraliseLegacyCommands,
  escapeLogText,
  formatCommand,
  newStopToken,
  runnerLines,
  safeCommandLine,
  verbatimBlock,
} from "../../src/report/runner-channel.js";
import { parseStdoutCommands, runnerLines as harnessLines } from "../harness/workflow-commands.js";

/** The attack lines of the report that found the hole, and friends. */
const ATTACKS = [
  "[wave-proof] kind=test detail=##[set-output name=verdict]passed",
  "##[save-state name=wave-uploaded]forged",
  "##[add-mask]wave",
  "##[notice title=Wave 1 passed]all gates passed",
  "##[stop-commands]tok",
  "x\r::set-output name=verdict::passed",
  "x\r\n::save-state name=wave-uploaded::forged",
  "::add-mask::wave",
  "  ::error::planted",
  "\u00a0\u2003::warning file=a.md,line=1::planted",
  "\t\r\u3000::notice::planted",
  "###[set-output name=verdict]passed",
  "##[##[set-output name=verdict]passed",
  "ok ##[ debug]x ##[debug]y",
  "##[SET-OUTPUT name=verdict]passed",
  "::stop-commands::tok\n::error::x",
  "progress 10%\r progress 20%\r::set-output name=a::b\r",
  "\r\r\r::group::g",
];

function commandsIn(stdout: string) {
  return parseStdoutCommands(stdout).commands;
}

function capture() {
  let out = "";
  return { write: (t: string) => (out += t), text: () => out };
}

test("runnerLines ends lines where the runner does", () => {
  for (const text of ["a\rb\r\nc\nd", "a\r\r\n", "\r", "\n\n", "x", ""])
    assert.deepEqual(runnerLines(text), harnessLines(text), JSON.stringify(text));
});

test("escapeLogText: no command in any attack line, alone or behind a prefix", () => {
  for (const attack of ATTACKS) {
    for (const text of [attack, `[A1] ${attack}`, `A1: ${attack}`, `${attack}\n${attack}`]) {
      const escaped = escapeLogText(text);
      assert.deepEqual(commandsIn(`${escaped}\n`), [], JSON.stringify(text));
      assert.ok(!escaped.includes("\r"), "no bare carriage return is left");
      assert.ok(!escaped.includes("##[set-output"), escaped);
    }
  }
});

test("escapeLogText keeps text readable: `##[` becomes `##[\\`, a line start `::` becomes `\\::`", () => {
  assert.equal(escapeLogText("A1: detail=##[set-output name=verdict]passed"), "A1: detail=##[\\set-output name=verdict]passed");
  assert.equal(escapeLogText("a\r::set-output name=x::y"), "a\n\\::set-output name=x::y");
  assert.equal(escapeLogText("  ::error::x"), "  \\::error::x");
  assert.equal(escapeLogText("plain: text :: with colons\r\nnext"), "plain: text :: with colons\nnext");
  assert.equal(escapeLogLine("a ::b"), "a ::b");
  assert.equal(escapeLogText("trailing\n"), "trailing");
  // Invisible characters before `::` are skipped as well (more than the runner's TrimStart does).
  assert.equal(escapeLogLine("\u200b\ufeff::x::y"), "\u200b\ufeff\\::x::y");
});

test("`##[` at every offset of a line is neutralised", () => {
  const base = "abc ##[set-output name=v]p ::x:: \r";
  for (let i = 0; i <= 40; i++) {
    const text = `${"#".repeat(i % 3)}${"a".repeat(i)}##[add-mask]m${i}${"[".repeat(i % 2)}${base.slice(0, i % base.length)}`;
    const escaped = escapeLogText(text);
    assert.deepEqual(commandsIn(`${escaped}\n`), [], JSON.stringify(text));
    assert.equal(escaped.split("##[").length, escaped.split("##[\\").length, escaped);
  }
});

test("random hostile text never yields a command (seeded, every channel path)", () => {
  const pieces = [
    "#",
    "##[",
    "[",
    "]",
    ":",
    "::",
    "\r",
    "\n",
    "\r\n",
    " ",
    "\u00a0",
    "%",
    "%0A",
    ",",
    ";",
    "set-output name=verdict",
    "save-state name=wave-uploaded",
    "stop-commands",
    "add-mask",
    "error",
    "notice title=x",
    "a",
  ];
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let n = 0; n < 3000; n++) {
    let text = "";
    const length = next() % 14;
    for (let i = 0; i < length; i++) text += pieces[next() % pieces.length];
    const out = capture();
    const channel = createRunnerChannel({ write: out.write });
    channel.info(text);
    channel.info(`[A1] ${text}`);
    channel.verbatim(text);
    channel.warning(text, { title: text, file: text });
    channel.startGroup(text);
    channel.endGroup();
    channel.commandLine(`::error::${escapeCommandData(text)}`);
    const parsed = parseStdoutCommands(out.text());
    const names = parsed.commands.map((c) => c.command);
    assert.equal(names.length, 6, `${JSON.stringify(text)}: ${JSON.stringify(names)}`);
    assert.equal(names[0], "stop-commands");
    assert.equal(names.slice(2).join(","), "warning,group,endgroup,error");
    // The data comes back as given: the annotation carries the agent's text, `##[` made harmless.
    const warning = parsed.annotations.find((a) => a.level === "warning");
    assert.equal(warning?.message, text.replaceAll("##[", "##[\\"));
    assert.equal(warning?.title, text.replaceAll("##[", "##[\\") || undefined);
  }
});

test("a command's data and properties are escaped as the toolkit does (core.warning is the oracle)", () => {
  const messages = ["plain", "100% done\r\nnext", "a:b,c", "%0A literal", "multi\nline\rmessage"];
  for (const message of messages) {
    const props = { title: `t: ${message}, x`, file: `dir/${message}.md` };
    const written: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      core.warning(message, props);
    } finally {
      process.stdout.write = original;
    }
    assert.equal(`${formatCommand("warning", props, message)}\n`, written.join(""), JSON.stringify(message));
  }
  assert.equal(escapeCommandProperty("a:b,c%\r\n"), "a%3Ab%2Cc%25%0D%0A");
  // `##[` is neutralised before escaping, in data and properties alike.
  assert.equal(escapeCommandData("x ##[add-mask]y"), "x ##[\\add-mask]y");
  assert.equal(
    formatCommand("error", { title: "##[notice]t" }, "##[set-output name=v]p"),
    "::error title=##[\\notice]t::##[\\set-output name=v]p",
  );
  assert.throws(() => formatCommand("set-output name=x", {}, "y"), /not a workflow command name/);
});

test("safeCommandLine neutralises `##[` in a formatted annotation and keeps one line", () => {
  assert.equal(safeCommandLine("::error file=w.md::a %0A ##[add-mask]b"), "::error file=w.md::a %0A ##[\\add-mask]b");
  assert.equal(safeCommandLine("::error::a\r::set-output name=x::y"), "::error::a");
  const parsed = parseStdoutCommands(`${safeCommandLine("::error title=t::x ##[stop-commands]tok")}\n::error::after\n`);
  assert.deepEqual(
    parsed.annotations.map((a) => a.message),
    ["x ##[\\stop-commands]tok", "after"],
  );
});

test("verbatim text sits between stop-commands and a fresh token; commands after it are honoured", () => {
  const out = capture();
  const channel = createRunnerChannel({ write: out.write });
  const hostile = ATTACKS.join("\n");
  channel.verbatim(hostile);
  channel.error("the orchestrator's own error");
  const parsed = parseStdoutCommands(out.text());
  assert.deepEqual(
    parsed.commands.map((c) => c.command).filter((c) => !/^[0-9a-f]{32}$/.test(c)),
    ["stop-commands", "error"],
  );
  assert.deepEqual(
    parsed.annotations.map((a) => a.message),
    ["the orchestrator's own error"],
  );
  // The agent's text is shown as written.
  assert.ok(out.text().includes(hostile));
});

test("the stop token is random per block, 128 bits, and never one the text contains (in any case)", () => {
  const tokens = new Set(Array.from({ length: 50 }, () => newStopToken()));
  assert.equal(tokens.size, 50);
  for (const t of tokens) assert.match(t, /^[0-9a-f]{32}$/);

  // A token the agent guessed (or saw) is not used: the text ends no block early.
  const guessed = "0123456789abcdef0123456789abcdef";
  const other = "fedcba9876543210fedcba9876543210";
  const queue = [guessed, other];
  const text = `::${guessed.toUpperCase()}::\n##[add-mask]secret\n##[${guessed}]\n::error::forged`;
  const block = verbatimBlock(text, () => queue.shift() ?? newStopToken());
  assert.ok(block.startsWith(`::stop-commands::${other}\n`), block);
  const parsed = parseStdoutCommands(`${block}::warning::ours\n`);
  assert.deepEqual(parsed.masks, []);
  assert.deepEqual(
    parsed.annotations.map((a) => a.message),
    ["ours"],
  );
  // Without the check the guessed token would have ended the block: the test can fail.
  const unchecked = `::stop-commands::${guessed}\n${text}\n::${guessed}::\n`;
  assert.deepEqual(parseStdoutCommands(unchecked).masks, ["secret"]);

  // Tokens that are not long random words are refused; a source that gives no usable one fails.
  assert.throws(() => verbatimBlock("x", () => "error"), /no usable stop-commands token/);
  assert.throws(() => verbatimBlock(guessed, () => guessed), /no usable stop-commands token/);
});

test("the channel redacts after escaping, and the verbatim block's own lines are never redacted", () => {
  const out = capture();
  const secret = "s3cr3t-##[x";
  const redact = (t: string) => t.split(secret).join("***").split("s3cr3t-##[\\x").join("***");
  const channel = createRunnerChannel({ write: out.write, redact, token: () => "a".repeat(32) });
  channel.info(`value ${secret} end`);
  channel.verbatim(`tail ${secret}`);
  assert.equal(out.text(), `value *** end\n::stop-commands::${"a".repeat(32)}\ntail ***\n::${"a".repeat(32)}::\n`);
});

test("neutralising is idempotent: an annotation's escaped data neutralised again as a line gains nothing", () => {
  const once = neutraliseLegacyCommands("a ##[set-output name=x]y ##[ ##[\\ok]");
  assert.equal(once, "a ##[\\set-output name=x]y ##[\\ ##[\\ok]");
  assert.equal(neutraliseLegacyCommands(once), once);
  assert.equal(safeCommandLine(`::error::${escapeCommandData("v ##[add-mask]s")}`), "::error::v ##[\\add-mask]s");
  assert.equal(neutraliseLegacyCommands("###[x]"), "###[\\x]");
});
