/**
 * The marker vocabulary is the one declaration the grammar, the zod schemas and the parser's result
 * derive from. Property: for every kind, any values its keys allow, printed in canonical form and
 * parsed from an agent's output, come back as exactly those values, in the result field the
 * vocabulary names, and the whole result passes the derived schema (strictly: no field the
 * vocabulary does not declare).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { formatMarker, MARKER_SPECS } from "../../src/signals/grammar.js";
import { parseSignals } from "../../src/signals/parser.js";
import { SignalResultSchema } from "../../src/signals/schema.js";
import { isRequired, type KeyDecl, MARKER_SCHEMAS, MARKERS, SIGNAL_KINDS, type SignalKind } from "../../src/signals/vocabulary.js";

/** Values a key accepts, as the parser keeps them. */
function keyValues(key: KeyDecl): fc.Arbitrary<unknown> {
  switch (key.type) {
    case "enum":
      return fc.constantFrom(...key.values);
    case "int":
      return fc.nat(999_999_999);
    case "csv":
      return fc.uniqueArray(fc.stringMatching(key.lower ? /^[a-z0-9][a-z0-9._-]{0,8}$/ : /^[A-Za-z0-9][A-Za-z0-9._-]{0,8}$/), {
        maxLength: 4,
      });
    case "token":
      // Any case (the patterns ignore it); fast-check generates from the pattern without its flag.
      return fc.mixedCase(fc.stringMatching(new RegExp(key.pattern.source)).filter((v) => v.length <= 40 && !/\s/.test(v)));
    case "text":
      return fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,;()-]{0,30}[A-Za-z0-9.)]$/), { nil: null });
  }
}

function markerOf(kind: SignalKind): fc.Arbitrary<Record<string, unknown>> {
  const keys: Readonly<Record<string, KeyDecl>> = MARKERS[kind].keys;
  return fc.record(Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, keyValues(key)])));
}

for (const kind of SIGNAL_KINDS) {
  test(`[${MARKERS[kind].tag}]: any values its keys allow round-trip through the canonical line into ${MARKERS[kind].result.field}`, () => {
    fc.assert(
      fc.property(markerOf(kind), (values) => {
        const line = formatMarker(kind, values);
        const result = parseSignals(`some output\n${line}\n`);
        assert.deepEqual(result.diagnostics, [], line);
        const { field, keep } = MARKERS[kind].result;
        const kept = (result as unknown as Record<string, unknown>)[field];
        const expected = { ...values, line: 2 };
        assert.deepEqual(keep === "last" ? kept : (kept as unknown[])[0], expected, line);
        assert.deepEqual(MARKER_SCHEMAS[kind].strict().parse(expected), expected);
        SignalResultSchema.strict().parse(result);
      }),
      { numRuns: 60, seed: 20261201 },
    );
  });
}

test("tags, result fields and the keys of a marker are each declared once; a required key left out rejects the marker", () => {
  const tags = SIGNAL_KINDS.map((kind) => MARKERS[kind].tag);
  assert.equal(new Set(tags).size, tags.length);
  const fields = SIGNAL_KINDS.map((kind) => MARKERS[kind].result.field);
  assert.equal(new Set(fields).size, fields.length);
  for (const kind of SIGNAL_KINDS) {
    const spec = MARKER_SPECS.get(kind)!;
    const names = spec.keys.map((k) => k.key);
    assert.equal(new Set(names).size, names.length, kind);
    assert.deepEqual(Object.keys(MARKER_SCHEMAS[kind].shape).sort(), [...spec.keys.map((k) => k.field), "line"].sort(), kind);
    for (const key of spec.keys.filter(isRequired)) {
      const others = spec.keys
        .filter((k) => k !== key && isRequired(k))
        .map((k) => `${k.key}=${k.type === "enum" ? k.values[0] : k.type === "int" ? "1" : "x"}`);
      const r = parseSignals(`[${spec.tag}] ${others.join(" ")}`);
      assert.deepEqual(
        r.diagnostics.map((d) => d.reason),
        [`missing key ${key.key}`],
        `[${spec.tag}] without ${key.key}`,
      );
    }
  }
});
