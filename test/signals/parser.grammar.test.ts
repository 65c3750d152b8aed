/**
 * The marker grammar at its edges: where a key starts, what a value may hold, quoting, list values,
 * positional values, whole numbers, missing keys, nonces, and which lines are marker candidates at
 * all (list prefixes, backticks, terminal escapes).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { extractNonce, formatMarker, markerSpec, markerSyntax, parseMarkerBody, splitPairs } from "../../src/signals/grammar.js";
import { turnLimitIn } from "../../src/executors/claude/transcript.js";
import { cleanLine, markerCandidate } from "../../src/signals/lines.js";

const valuesOf = (r: ReturnType<typeof parseMarkerBody>): Record<string, unknown> => {
  if (!r.ok) throw new Error(r.reason);
  return r.values;
};
const parse = (kind: Parameters<typeof markerSpec>[0], body: string, nonce: string | null = null) =>
  parseMarkerBody(markerSpec(kind), body, nonce);

test("splitPairs: a key starts after whitespace with a letter, runs over letters, digits, _ and -, and needs =", () => {
  assert.deepEqual(splitPairs("a=1 b_c-2=two words detail=x y=z"), {
    positional: "",
    pairs: [
      ["a", "1"],
      ["b_c-2", "two words"],
      ["detail", "x y=z"],
    ],
  });
  assert.deepEqual(splitPairs("pass\tdetail=ok"), { positional: "pass", pairs: [["detail", "ok"]] });
  assert.deepEqual(splitPairs("url=http://x?a=1 Next=2"), {
    positional: "",
    pairs: [
      ["url", "http://x?a=1"],
      ["next", "2"],
    ],
  });
  assert.deepEqual(splitPairs("1a=2 _b=3 c"), { positional: "1a=2 _b=3 c", pairs: [] });
  assert.deepEqual(splitPairs("k="), { positional: "", pairs: [["k", ""]] });
  assert.deepEqual(splitPairs("key"), { positional: "key", pairs: [] });
  assert.deepEqual(splitPairs('a="quoted value" b=\'x\' c=`y` d="open e=f'), {
    positional: "",
    pairs: [
      ["a", "quoted value"],
      ["b", "x"],
      ["c", "y"],
      ["d", '"open'],
      ["e", "f"],
    ],
  });
  assert.deepEqual(splitPairs('a=" "').pairs, [["a", ""]]);
  assert.deepEqual(splitPairs('a="').pairs, [["a", '"']]);
  assert.deepEqual(splitPairs("a=\"x'").pairs, [["a", "\"x'"]]);
});

test("nonce: removed from anywhere, the last one counts, an empty one is missing", () => {
  assert.deepEqual(extractNonce("state=met nonce=abc detail=x nonce=def"), { body: "state=met  detail=x ", nonce: "def" });
  assert.deepEqual(extractNonce("nonce=abc state=met"), { body: " state=met", nonce: "abc" });
  assert.deepEqual(extractNonce("state=met"), { body: "state=met", nonce: null });
  assert.deepEqual(extractNonce("xnonce=abc"), { body: "xnonce=abc", nonce: null });
  const gate = "architecture=pass integration=pass durability=pass live=pass docs=pass";
  assert.deepEqual(parse("gate", `${gate} nonce=`, "abc"), { ok: false, reason: "missing nonce", componentId: undefined });
  assert.deepEqual(parse("gate", gate, "abc"), { ok: false, reason: "missing nonce", componentId: undefined });
  assert.deepEqual(parse("gate", `${gate} NONCE=xyz`, "abc"), { ok: false, reason: "wrong nonce", componentId: undefined });
  assert.equal(parse("gate", `${gate} nonce=abc`, "abc").ok, true);
  assert.equal(parse("gate", gate, null).ok, true, "no nonce expected");
  assert.equal(
    parse("proof", "completion=live durability=durable proof=live state=met", "abc").ok,
    true,
    "implementation markers need none",
  );
});

test("values: enums case-insensitive with aliases, whole numbers of up to nine digits, tokens by pattern", () => {
  const proof = parse("proof", "completion=LIVE durability=Durable proof=unit state=complete");
  assert.deepEqual(proof, {
    ok: true,
    values: { completion: "live", durability: "durable", proof: "unit", state: "met", detail: null },
    warnings: [],
  });
  assert.deepEqual(parse("proof", "completion=done durability=durable proof=unit state=met"), {
    ok: false,
    reason: "invalid value completion=done (expected contract|integrated|authoritative|live)",
    componentId: undefined,
  });
  const integration = (claims: string) => parse("integration", `state=ready-for-doc-closure claims=${claims} conflicts=0 blockers=0`);
  assert.deepEqual(integration("123456789"), {
    ok: true,
    values: { state: "ready-for-doc-closure", claims: 123456789, conflicts: 0, blockers: 0, detail: null },
    warnings: [],
  });
  for (const bad of ["1234567890", "-1", "1.5", "3x"]) {
    assert.deepEqual(
      integration(bad),
      { ok: false, reason: `invalid value claims=${bad} (expected a whole number)`, componentId: undefined },
      bad,
    );
  }
  const long = "x".repeat(80);
  assert.equal(
    (parse("gap", `kind=${long}`) as { reason: string }).reason,
    `invalid value kind=${"x".repeat(60)} (expected architecture|integration|durability|ops|docs)`,
  );
  assert.deepEqual(parse("component", "component=-bad level=repo-landed state=met"), {
    ok: false,
    reason: "invalid value component=-bad",
    componentId: "-bad",
  });
  assert.deepEqual(parse("infra-status", "kind=db target=pg state=up detail=ok").ok, true);
  assert.deepEqual(parse("deploy-status", "service=api state=rolled-back"), {
    ok: true,
    values: { service: "api", state: "rolledover", detail: null },
    warnings: [],
  });
});

test("missing keys are listed together; a component's id is kept on rejection", () => {
  assert.deepEqual(parse("proof", "state=met"), { ok: false, reason: "missing keys completion,durability,proof", componentId: undefined });
  assert.deepEqual(parse("proof", "completion=live durability=durable state=met"), {
    ok: false,
    reason: "missing key proof",
    componentId: undefined,
  });
  assert.deepEqual(parse("proof", "completion= durability=durable proof=unit state=met"), {
    ok: false,
    reason: "missing key completion",
    componentId: undefined,
  });
  assert.deepEqual(parse("component", "component=auth state=met"), { ok: false, reason: "missing key level", componentId: "auth" });
  assert.deepEqual(parse("component", "component= level=x state=met"), {
    ok: false,
    reason: "missing key component",
    componentId: undefined,
  });
});

test("positional values, unexpected text and unknown keys warn without rejecting", () => {
  assert.deepEqual(parse("verdict", "PASS detail=fine"), { ok: true, values: { verdict: "pass", detail: "fine" }, warnings: [] });
  assert.deepEqual(parse("verdict", "'fail'"), { ok: true, values: { verdict: "blocked", detail: null }, warnings: [] });
  assert.deepEqual(parse("verdict", "hold verdict=pass"), {
    ok: true,
    values: { verdict: "pass", detail: null },
    warnings: ['unexpected text "hold"'],
  });
  const long = "w".repeat(50);
  assert.deepEqual(parse("gap", `${long} kind=ops extra=1 more=2`), {
    ok: true,
    values: { kind: "ops", detail: null },
    warnings: [`unexpected text "${"w".repeat(40)}"`, "unknown keys extra,more"],
  });
  assert.deepEqual(parse("doc-delta", "state=owned paths= a.md , ,B.md,a.md"), {
    ok: true,
    values: { state: "owned", paths: ["a.md", "B.md"], detail: null },
    warnings: [],
  });
  assert.deepEqual(valuesOf(parse("eval", "state=satisfied targets=1 benchmarks=1 regressions=0 target_ids=A,a,B")).targetIds, ["a", "b"]);
  assert.deepEqual(valuesOf(parse("eval", "state=satisfied targets=1 benchmarks=1 regressions=0")).benchmarkIds, []);
  assert.deepEqual(valuesOf(parse("gap", "kind=ops detail=")).detail, null);
});

test("canonical form and syntax template", () => {
  assert.equal(
    formatMarker("doc-delta", { state: "owned", paths: ["a.md", "b.md"], detail: null }),
    "[wave-doc-delta] state=owned paths=a.md,b.md",
  );
  assert.equal(formatMarker("doc-delta", { state: "none", paths: [], detail: "" }), "[wave-doc-delta] state=none");
  assert.equal(formatMarker("verdict", { verdict: "pass", detail: "ok" }), "[wave-verdict] pass detail=ok");
  assert.equal(markerSyntax("gap"), "[wave-gap] kind=architecture|integration|durability|ops|docs detail=<text>");
  assert.equal(markerSyntax("verdict", { nonce: "N" }), "[wave-verdict] pass|concerns|blocked|hold nonce=N detail=<text>");
  assert.equal(markerSyntax("phase", { nonce: "N" }), "[wave-phase] <phase>");
  assert.equal(
    markerSyntax("integration"),
    "[wave-integration] state=ready-for-doc-closure|needs-more-work claims=<n> conflicts=<n> blockers=<n> detail=<text>",
  );
  assert.equal(markerSyntax("doc-closure"), "[wave-doc-closure] state=closed|no-change|delta paths=<a,b> detail=<text>");
  assert.throws(() => markerSpec("nope" as never), /no marker spec for nope/);
});

test("marker candidates: one list prefix, one pair of wrapping backticks, then the tag", () => {
  assert.deepEqual(markerCandidate("[wave-proof] state=met"), { tag: "wave-proof", body: "state=met", malformedTag: false });
  assert.deepEqual(markerCandidate("- [WAVE-Gap] kind=ops"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
  assert.deepEqual(markerCandidate("*\t[wave-gap] kind=ops"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
  assert.deepEqual(markerCandidate("+   [wave-gap]"), { tag: "wave-gap", body: "", malformedTag: false });
  assert.deepEqual(markerCandidate("12. [deploy-status] service=a"), { tag: "deploy-status", body: "service=a", malformedTag: false });
  assert.deepEqual(markerCandidate("3) `[infra-status] kind=db`"), { tag: "infra-status", body: "kind=db", malformedTag: false });
  assert.deepEqual(markerCandidate("[wave-proof state=met"), { tag: "wave-proof", body: "state=met", malformedTag: true });
  assert.deepEqual(markerCandidate("[wave-proof=x"), { tag: "wave-proof", body: "=x", malformedTag: true });
  assert.deepEqual(markerCandidate("[wave-proof"), { tag: "wave-proof", body: "", malformedTag: true });
  for (const line of [
    "-[wave-gap] kind=ops",
    "1234. [wave-gap] kind=ops",
    "1.[wave-gap] kind=ops",
    "``[wave-gap] kind=ops``",
    "`[wave-gap] kind=ops",
    "``",
    "- - [wave-gap] kind=ops",
    "say [wave-gap] kind=ops",
    "[wave-]x",
    "[waves-gap] kind=ops",
    "[deploy-statusx] a",
    "(wave-gap) kind=ops",
  ]) {
    assert.equal(markerCandidate(line), null, line);
  }
});

test("cleanLine: CRLF, carriage-return overwrites and terminal escapes", () => {
  assert.equal(cleanLine("text\r"), "text");
  assert.equal(cleanLine("old\rnew"), "new");
  assert.equal(cleanLine("a\rb\rc\r"), "c");
  assert.equal(cleanLine("\x1b[1;32m[wave-gap]\x1b[0m kind=ops"), "[wave-gap] kind=ops");
  assert.equal(cleanLine("\x1b]0;title\x07[wave-gap] kind=ops"), "[wave-gap] kind=ops");
  assert.equal(cleanLine("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\"), "link");
  assert.equal(cleanLine("\x1bMx"), "x");
  assert.equal(cleanLine(""), "");
  assert.equal(cleanLine("plain"), "plain");
});

test("turnLimitIn: the number in either wording, nothing otherwise", () => {
  assert.equal(turnLimitIn("Error: Reached max turns (30)"), 30);
  assert.equal(turnLimitIn("Reached maximum number of turns (7)"), 7);
  assert.equal(turnLimitIn("Reached max turns limit (12)"), 12);
  assert.equal(turnLimitIn("Reached max turns"), null);
  assert.equal(turnLimitIn("max turns (30)"), null);
});
