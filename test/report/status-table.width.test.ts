import assert from "node:assert/strict";
import { test } from "node:test";
import { terminalWidth } from "../../src/command-io.js";
import { formatColumns, shrinkToFit } from "../../src/report/columns.js";
import { renderStatusTable } from "../../src/report/status-table.js";
import { displayWidth } from "../../src/report/text.js";
import { failedResult } from "./fixtures.js";

/** The agent table of a status text: from its header to the blank line after it. */
function agentTable(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("AGENT "));
  return lines.slice(start, lines.indexOf("", start));
}

function gateTable(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("GATE "));
  return lines.slice(start, lines.indexOf("", start));
}

test("a terminal of 80 columns: notes, then titles, then roles give way; ids and statuses stay whole", () => {
  const text = renderStatusTable(failedResult(), { columns: 80 });
  assert.deepEqual(agentTable(text), [
    "AGENT  TITLE  ROLE    EXECUTOR  STATUS     EXIT  ATTEMPTS  RUNS  DURATION  NOTE",
    "A1     Pars…  imple…  codex     succeeded  0     1         1     2m",
    "A2     Runt…  imple…  claude    succeeded  0     1         1     1m 30s",
    "E0     cont…  cont-…  codex     succeeded  0     1         1     30s",
    "A8     Inte…  integ…  codex     succeeded  0     1         1     30s",
    "A9     Docu…  docum…  codex     succeeded  0     1         1     20s",
    "A0     cont…  cont-…  codex     failed     1     2         2     30s       sto…",
  ]);
  assert.deepEqual(gateTable(text), [
    "GATE            AGENT  RESULT  CODE                     DETAIL",
    "implementation  -      pass    pass                     All implementation age…",
    "cont-eval       E0     pass    pass                     Eval targets satisfied.",
    "integration     A8     pass    pass                     Ready for doc closure.",
    "documentation   A9     pass    pass                     Docs closed.",
    "cont-qa         A0     FAIL    cont-qa-verdict-blocked  Verdict: BLOCKED — the…",
  ]);
  for (const line of [...agentTable(text), ...gateTable(text)]) assert.ok(displayWidth(line) < 80, line);
  // The failure line is prose, not a column: it is not cut.
  assert.ok(text.includes("Stopped at cont-qa (A0): cont-qa-verdict-blocked — Verdict: BLOCKED — the parser drops the last line\n"));
});

test("a terminal of 40 columns: the cut columns stop at their headers, ids, statuses and numbers are never cut", () => {
  const text = renderStatusTable(failedResult(), { columns: 40 });
  assert.deepEqual(agentTable(text), [
    "AGENT  TITLE  ROLE  EXECUTOR  STATUS     EXIT  ATTEMPTS  RUNS  DURATION  NOTE",
    "A1     Pars…  imp…  codex     succeeded  0     1         1     2m",
    "A2     Runt…  imp…  claude    succeeded  0     1         1     1m 30s",
    "E0     cont…  con…  codex     succeeded  0     1         1     30s",
    "A8     Inte…  int…  codex     succeeded  0     1         1     30s",
    "A9     Docu…  doc…  codex     succeeded  0     1         1     20s",
    "A0     cont…  con…  codex     failed     1     2         2     30s       sto…",
  ]);
  assert.deepEqual(gateTable(text).at(-1), "cont-qa         A0     FAIL    cont-qa-verdict-blocked  Verdi…");
});

test("a terminal wide enough, or no terminal at all: the table is the full one, byte for byte", () => {
  const full = renderStatusTable(failedResult());
  assert.equal(renderStatusTable(failedResult(), { columns: 200 }), full);
  assert.ok(
    full.includes("A0     cont-QA                cont-qa         codex     failed     1     2         2     30s       stopped the wave\n"),
  );
  assert.ok(full.includes("Verdict: BLOCKED — the parser drops the last line | see report\n"));
  // The exact width the full table needs (its widest line plus one) changes nothing either.
  const widest = Math.max(...[...agentTable(full), ...gateTable(full)].map(displayWidth));
  assert.equal(renderStatusTable(failedResult(), { columns: widest + 1 }), full);
  assert.notEqual(renderStatusTable(failedResult(), { columns: widest }), full);
});

test("CJK and emoji titles count two columns each and are cut on whole characters", () => {
  const r = failedResult();
  r.agents[0]!.title = "解析器：波形文件的解析与校验";
  r.agents[1]!.title = "🚀 Runtime supervisor";
  r.agents[2]!.title = "👩‍💻 pair";
  const full = agentTable(renderStatusTable(r));
  assert.equal(full[1], "A1     解析器：波形文件的解析与校验  implementation  codex     succeeded  0     1         1     2m");
  assert.equal(full[2], "A2     🚀 Runtime supervisor         implementation  claude    succeeded  0     1         1     1m 30s");
  // The title column is 28 wide (the CJK title), the ZWJ sequence is one 2-column character.
  assert.equal(full[3], `E0     👩‍💻 pair${" ".repeat(28 - 7 + 2)}cont-eval       codex     succeeded  0     1         1     30s`);
  const table = agentTable(renderStatusTable(r, { columns: 90 }));
  assert.deepEqual(table, [
    "AGENT  TITLE    ROLE            EXECUTOR  STATUS     EXIT  ATTEMPTS  RUNS  DURATION  NOTE",
    "A1     解析器…  implementation  codex     succeeded  0     1         1     2m",
    "A2     🚀 Run…  implementation  claude    succeeded  0     1         1     1m 30s",
    "E0     👩‍💻 pair  cont-eval       codex     succeeded  0     1         1     30s",
    "A8     Integr…  integration     codex     succeeded  0     1         1     30s",
    "A9     Docume…  documentation   codex     succeeded  0     1         1     20s",
    "A0     cont-QA  cont-qa         codex     failed     1     2         2     30s       sto…",
  ]);
  for (const line of table) assert.ok(displayWidth(line) < 90, `${displayWidth(line)}: ${line}`);
  // A wide character that does not fit whole is left out, not split: of 4 columns, one 漢 and `…`
  // take 3 and the fourth stays blank.
  assert.deepEqual(formatColumns(["T", "X"], [["漢字漢字", "x"]], { columns: 8, shrink: [0] }), ["T     X", "漢…   x"]);
});

test("shrinkToFit takes from the listed columns in order, never below the header", () => {
  assert.deepEqual(shrinkToFit([5, 20, 30], ["ID", "TITLE", "NOTE"], 2, 200, [2, 1]), [5, 20, 30]);
  assert.deepEqual(shrinkToFit([5, 20, 30], ["ID", "TITLE", "NOTE"], 2, 50, [2, 1]), [5, 20, 20]);
  assert.deepEqual(shrinkToFit([5, 20, 30], ["ID", "TITLE", "NOTE"], 2, 30, [2, 1]), [5, 16, 4]);
  assert.deepEqual(shrinkToFit([5, 20, 30], ["ID", "TITLE", "NOTE"], 2, 10, [2, 1]), [5, 5, 4]);
});

test("only a terminal has a width: a pipe gets the full table whatever its columns say", () => {
  assert.deepEqual(terminalWidth({ isTty: true, columns: 72 }), { columns: 72 });
  assert.deepEqual(terminalWidth({ isTty: false, columns: 72 }), {});
  assert.deepEqual(terminalWidth({ isTty: true, columns: 0 }), {});
  assert.deepEqual(terminalWidth({ isTty: true, columns: Number.NaN }), {});
});
