/**
 * The marker grammar's keys and values as users meet them: which characters start and continue a
 * key (so where one value ends and the next key begins), the token patterns of component levels,
 * phases and infra kinds (whole value, not a part of it), quoting, the texts of rejected values,
 * which rejections are blamed on a component, the canonical form and the syntax template that gate
 * details print.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatMarker, markerSpec, markerSyntax, parseMarkerBody, splitPairs } from "../../src/signals/grammar.js";
import { parseSignals } from "../../src/signals/parser.js";

const parse = (kind: Parameters<typeof markerSpec>[0], body: string) => parseMarkerBody(markerSpec(kind), body, null);
const rejections = (log: string) => parseSignals(log).diagnostics.map((d) => ({ ...d }));

test("upper-case keys count, from A to Z", () => {
  const r = parseSignals("[wave-gate] ARCHITECTURE=PASS INTEGRATION=pass DURABILITY=pass LIVE=pass DOCS=pass");
  assert.deepEqual(r.gate, {
    architecture: "pass",
    integration: "pass",
    durability: "pass",
    live: "pass",
    docs: "pass",
    detail: null,
    line: 1,
  });
  assert.deepEqual(r.diagnostics, []);
  // A key starting with Z ends the value before it (it is an unknown key, not part of kind=).
  assert.deepEqual(parse("gap", "kind=ops Zone=eu"), { ok: true, values: { kind: "ops", detail: null }, warnings: ["unknown keys zone"] });
  assert.deepEqual(parse("gap", "kind=ops AZ=1"), { ok: true, values: { kind: "ops", detail: null }, warnings: ["unknown keys az"] });
});

test("digits 0 to 9 continue a key, so such a key ends the value before it", () => {
  assert.deepEqual(splitPairs("x0=1 y9=2 z5=3").pairs, [
    ["x0", "1"],
    ["y9", "2"],
    ["z5", "3"],
  ]);
  assert.deepEqual(parse("gap", "kind=ops x0=1 y9=2"), {
    ok: true,
    values: { kind: "ops", detail: null },
    warnings: ["unknown keys x0,y9"],
  });
});

test("a component level must be one token: a leading dash or a second word rejects the marker", () => {
  assert.deepEqual(rejections("[wave-component] component=auth level=-draft state=met"), [
    {
      kind: "component",
      line: 1,
      text: "[wave-component] component=auth level=-draft state=met",
      reason: "invalid value level=-draft",
      severity: "error",
      componentId: "auth",
    },
  ]);
  assert.deepEqual(rejections("[wave-component] component=auth level=repo landed state=met"), [
    {
      kind: "component",
      line: 1,
      text: "[wave-component] component=auth level=repo landed state=met",
      reason: "invalid value level=repo landed",
      severity: "error",
      componentId: "auth",
    },
  ]);
  assert.deepEqual(parseSignals("[wave-component] component=auth level=repo-landed.v2 state=met").components, [
    { componentId: "auth", level: "repo-landed.v2", state: "met", detail: null, line: 1 },
  ]);
});

test("a phase must be one token: a positional phase of two words or with punctuation is rejected", () => {
  const r = parseSignals(["[wave-phase] build now", "[wave-phase] build!"].join("\n"));
  assert.equal(r.phase, null);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.reason]),
    [
      [1, "invalid value phase=build now"],
      [2, "invalid value phase=build!"],
    ],
  );
  assert.deepEqual(r.counts.phase, { seen: 2, accepted: 0, rejected: 2, warnings: 0 });
  assert.deepEqual(parseSignals("[wave-phase] build_2-final").phase, { phase: "build_2-final", line: 1 });
});

test("an infra-status kind must start with a letter or digit", () => {
  assert.deepEqual(parse("infra-status", "kind=-db target=pg state=up"), {
    ok: false,
    reason: "invalid value kind=-db",
    componentId: undefined,
  });
  assert.deepEqual(parse("infra-status", "kind=.db target=pg state=up"), {
    ok: false,
    reason: "invalid value kind=.db",
    componentId: undefined,
  });
  assert.deepEqual(parse("infra-status", "kind=db.v2 target=pg state=up"), {
    ok: true,
    values: { kind: "db.v2", target: "pg", state: "up", detail: null },
    warnings: [],
  });
});

test("an empty quoted value is empty: a required key is missing, a detail is none", () => {
  assert.deepEqual(parse("gap", "kind='' detail=x"), { ok: false, reason: "missing key kind", componentId: undefined });
  assert.deepEqual(parse("gap", 'kind="" detail=x'), { ok: false, reason: "missing key kind", componentId: undefined });
  assert.deepEqual(parse("gap", 'kind=ops detail=""'), { ok: true, values: { kind: "ops", detail: null }, warnings: [] });
  assert.deepEqual(parse("gap", "kind=ops detail=``"), { ok: true, values: { kind: "ops", detail: null }, warnings: [] });
});

test("a rejected value is quoted in the reason cut to 60 characters, for whole numbers and tokens too", () => {
  const number = "9".repeat(80);
  assert.deepEqual(parse("integration", `state=needs-more-work claims=${number} conflicts=0 blockers=0`), {
    ok: false,
    reason: `invalid value claims=${"9".repeat(60)} (expected a whole number)`,
    componentId: undefined,
  });
  const id = `-${"x".repeat(80)}`;
  assert.deepEqual(parse("component", `component=${id} level=repo-landed state=met`), {
    ok: false,
    reason: `invalid value component=-${"x".repeat(59)}`,
    componentId: id,
  });
  const level = `${"y".repeat(70)}!`;
  assert.deepEqual(parse("component", `component=auth level=${level} state=met`), {
    ok: false,
    reason: `invalid value level=${"y".repeat(60)}`,
    componentId: "auth",
  });
});

test("a rejected marker of another kind that names a component is not blamed on that component", () => {
  const text = "[wave-proof] component=auth state=met";
  assert.deepEqual(rejections(text), [
    { kind: "proof", line: 1, text, reason: "missing keys completion,durability,proof", severity: "error" },
  ]);
  assert.deepEqual(parse("gap", "kind=nope component=auth"), {
    ok: false,
    reason: "invalid value kind=nope (expected architecture|integration|durability|ops|docs)",
    componentId: undefined,
  });
});

test("canonical form: absent fields are left out like empty ones", () => {
  assert.equal(formatMarker("gap", { kind: "ops" }), "[wave-gap] kind=ops");
  assert.equal(
    formatMarker("proof", { completion: "live", durability: "durable", proof: "live", state: "met" }),
    "[wave-proof] completion=live durability=durable proof=live state=met",
  );
  assert.equal(
    formatMarker("eval", { state: "satisfied", targets: 2, targetIds: ["a", "b"] }),
    "[wave-eval] state=satisfied targets=2 target_ids=a,b",
  );
});

test("the syntax template of every gate marker puts the nonce just before detail", () => {
  const nonce = { nonce: "N1" };
  assert.equal(
    markerSyntax("design", nonce),
    "[wave-design] state=ready-for-implementation|needs-clarification|blocked decisions=<n> assumptions=<n> open_questions=<n> nonce=N1 detail=<text>",
  );
  assert.equal(
    markerSyntax("integration", nonce),
    "[wave-integration] state=ready-for-doc-closure|needs-more-work claims=<n> conflicts=<n> blockers=<n> nonce=N1 detail=<text>",
  );
  assert.equal(
    markerSyntax("eval", nonce),
    "[wave-eval] state=satisfied|needs-more-work|blocked targets=<n> benchmarks=<n> regressions=<n> target_ids=<a,b> benchmark_ids=<a,b> nonce=N1 detail=<text>",
  );
  assert.equal(
    markerSyntax("security", nonce),
    "[wave-security] state=clear|concerns|blocked findings=<n> approvals=<n> nonce=N1 detail=<text>",
  );
  assert.equal(markerSyntax("doc-closure", nonce), "[wave-doc-closure] state=closed|no-change|delta paths=<a,b> nonce=N1 detail=<text>");
  assert.equal(
    markerSyntax("gate", nonce),
    "[wave-gate] architecture=pass|concerns|blocked|gap integration=pass|concerns|blocked|gap durability=pass|concerns|blocked|gap live=pass|concerns|blocked|gap docs=pass|concerns|blocked|gap nonce=N1 detail=<text>",
  );
  assert.equal(markerSyntax("verdict", nonce), "[wave-verdict] pass|concerns|blocked|hold nonce=N1 detail=<text>");
  // Without a nonce the template has none; kinds that need none never show one.
  assert.equal(markerSyntax("security"), "[wave-security] state=clear|concerns|blocked findings=<n> approvals=<n> detail=<text>");
  assert.equal(markerSyntax("component", nonce), "[wave-component] component=<component> level=<level> state=met|gap detail=<text>");
});
