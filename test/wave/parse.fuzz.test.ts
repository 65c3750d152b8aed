/**
 * Property tests: thousands of random documents (wave files and configs). Whatever comes in, the
 * result is diagnostics — never an exception, never a diagnostic with a bogus position.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseConfigText, resolveLaneSettings } from "../../src/wave/config.js";
import { isWaveInputError } from "../../src/wave/diagnostics.js";
import { EXECUTOR_KEYS } from "../../src/wave/executor-settings.js";
import { AGENT_SECTIONS, parseWaveFile, WAVE_SECTIONS } from "../../src/wave/parse.js";
import { DiagnosticSchema } from "../../src/wave/schema.js";
import { splitCommaList, splitShellWords } from "../../src/wave/words.js";

const word = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/);
const junk = fc.string({ maxLength: 40, unit: "binary" });
const sectionName = fc.oneof(fc.constantFrom(...WAVE_SECTIONS, ...AGENT_SECTIONS), word, fc.constant("prompt"));
const executorKey = fc.oneof(fc.constantFrom(...Object.keys(EXECUTOR_KEYS)), word);

const line: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("#", "##", "###", "####", " ###", "##\t"), sectionName, fc.constantFrom("", " ", "  \t"))
      .map(([h, n, t]) => `${h} ${n}${t}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("## Agent ", "## Agent", "## Agent: "), word, fc.constantFrom(": ", ":", " "), junk)
      .map((p) => p.join("")),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("```", "~~~", "````", "   ```", "    ```", "``"), fc.constantFrom("", "text", "md", "`x`"))
      .map(([f, i]) => f + i),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(executorKey, fc.oneof(junk, word, fc.constantFrom('"a b', "--x", "'q'", "a,b", "{}", "[1]", "-", "a|b")))
      .map(([k, v]) => `- ${k}: ${v}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom("- ", "-", "* ", "  - ", "- `"),
        fc.oneof(word, junk, fc.constantFrom("../x", "/etc/x", "src/", "a b.md", "path: x | kind: y | required-for: pilot-live")),
      )
      .map((p) => p.join("")),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom("File ownership (only touch these paths):", "Verification:", "**Commit message**: `x`", "", " ", "\t", "\r"),
  },
  { weight: 2, arbitrary: junk },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("a", " ", "-", "`", "#"), fc.integer({ min: 1000, max: 60_000 })).map(([c, n]) => c.repeat(n)),
  },
);

const document = fc.tuple(fc.array(line, { maxLength: 60 }), fc.constantFrom("\n", "\r\n")).map(([ls, eol]) => ls.join(eol));

function checkResult(result: ReturnType<typeof parseWaveFile>, lineCount: number) {
  for (const d of result.diagnostics) {
    const parsed = DiagnosticSchema.safeParse(d);
    assert.ok(parsed.success, JSON.stringify(d));
    assert.ok(d.line >= 0 && d.line <= lineCount + 1, `line ${d.line} out of range (${lineCount})`);
    assert.ok(d.message.length > 0 && d.message.length <= 1000);
  }
  if (result.wave) {
    for (const a of result.wave.agents) {
      assert.ok(a.line >= 1 && a.line <= lineCount);
      assert.ok(Array.isArray(a.ownedPaths) && Array.isArray(a.deliverables));
    }
  }
}

test("random wave documents produce diagnostics, never exceptions", () => {
  fc.assert(
    fc.property(document, fc.integer({ min: 0, max: 1000 }), (text, n) => {
      const r = parseWaveFile(text, `docs/plans/waves/wave-${n}.md`, n);
      checkResult(r, text.split("\n").length);
    }),
    { numRuns: 1500 },
  );
});

test("random bytes (invalid UTF-8, NUL, garbage) produce diagnostics, never exceptions", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
      const r = parseWaveFile(bytes, "docs/plans/waves/wave-1.md", 1);
      checkResult(r, Buffer.from(bytes).toString("latin1").split("\n").length);
    }),
    { numRuns: 1000 },
  );
});

const configValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      4,
      1.5,
      "",
      "codex",
      "claude",
      "local",
      "command",
      "../x",
      "/abs",
      "docs/agents",
      "main",
      "Main",
      "sticky",
      "a b 'c",
      "\u0000",
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        "version",
        "defaultLane",
        "defaultProject",
        "repoMode",
        "paths",
        "docsDir",
        "roles",
        "validation",
        "executors",
        "profiles",
        "default",
        "codex",
        "claude",
        "opencode",
        "command",
        "argv",
        "id",
        "model",
        "fallbacks",
        "budget",
        "minutes",
        "turns",
        "retryPolicy",
        "runtimePolicy",
        "runtimeMixTargets",
        "defaultExecutorByRole",
        "fallbackExecutorOrder",
        "lanes",
        "projects",
        "main",
        "skills",
        "byRole",
        "evaluator",
        "evaluatorAgentId",
        "requireExitContractsFromWave",
        "gateModeThresholds",
        "sandbox",
        "wavesDir",
        "sharedPlanDocs",
        "contQaAgentId",
        "autoClosure",
        "junk",
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

test("random configs are accepted or rejected with diagnostics, never with another exception", () => {
  const texts = fc.oneof(
    { weight: 4, arbitrary: configValue.map((v) => JSON.stringify(v, null, 2) ?? "null") },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: configValue.map((v) => (JSON.stringify(v) ?? "").slice(0, -1)) },
  );
  fc.assert(
    fc.property(texts, fc.constantFrom(undefined, "main", "other"), (text, lane) => {
      try {
        const loaded = parseConfigText(text, "wave.config.json");
        const settings = resolveLaneSettings(loaded.config, { lane });
        assert.equal(typeof settings.wavesDir, "string");
        for (const d of loaded.warnings) assert.ok(DiagnosticSchema.safeParse(d).success);
      } catch (e) {
        assert.ok(isWaveInputError(e), `unexpected ${String(e)}`);
        assert.ok(e.diagnostics.length > 0);
        for (const d of e.diagnostics) assert.ok(DiagnosticSchema.safeParse(d).success, JSON.stringify(d));
      }
    }),
    { numRuns: 1500 },
  );
});

test("word splitting never throws and round-trips simple quoting", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), (s) => {
      splitShellWords(s);
      splitCommaList(s);
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(
      fc.array(
        fc.string({ maxLength: 12 }).filter((w) => !w.includes("'")),
        { minLength: 1, maxLength: 6 },
      ),
      (words) => {
        const r = splitShellWords(words.map((w) => `'${w}'`).join(" "));
        assert.ok(r.ok);
        assert.deepEqual(r.items, words);
      },
    ),
    { numRuns: 500 },
  );
});
