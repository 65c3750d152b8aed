/**
 * The leaks a review of secret redaction found, each replayed through the real code path: the job
 * summary (escaped before it was redacted), base64 wrapped at 60/64/76 columns, a secret in a file
 * name of an uploaded run directory, a marker diagnostic cut inside a secret, and percent, `\uXXXX`
 * and HTML-reference encodings mixed character by character, also split across stream chunks at
 * every offset. And the other side: ordinary text with the same punctuation is left alone.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { test } from "node:test";
import { uploadRunState } from "../../src/action/state-artifact.js";
import { collectReportExtras, publishWaveReport } from "../../src/action/summary.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import { createRedactor, type Redactor, REDACTED } from "../../src/security/redact.js";
import { base64Fragment } from "../../src/security/variants.js";
import { parseSignals } from "../../src/signals/parser.js";
import { assembleExecutionSummary } from "../../src/signals/execution-summary.js";
import { agentPaths, runPathsOf } from "../../src/state/paths.js";
import { failedResult, iso } from "../report/fixtures.js";

/** A random part no text can hold by chance: if any of it shows up, the secret leaked. */
const CORE = randomBytes(10).toString("hex");

async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-leaks-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Asserts that no 8 consecutive characters of the secret's random part are in `text`. */
function assertNoCore(text: string, where: string): void {
  for (let i = 0; i + 8 <= CORE.length; i++) {
    assert.ok(!text.includes(CORE.slice(i, i + 8)), `${where} holds part of the secret: …${CORE.slice(i, i + 8)}…`);
  }
}

async function streamThrough(redactor: Redactor, chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), redactor.createStream(), async (source: AsyncIterable<Buffer>) => {
    for await (const c of source) out.push(c);
  });
  return Buffer.concat(out);
}

/** Redacts `input` cut into two chunks at `cut` (the scanner under the stream, no stream overhead). */
function inTwo(redactor: Redactor, input: Buffer, cut: number): Buffer {
  const scanner = redactor.createScanner();
  return Buffer.concat([...scanner.push(input.subarray(0, cut)), ...scanner.push(input.subarray(cut)), ...scanner.end()]);
}

/** `input` redacted must be `expected`: whole, through a stream, and cut in two at every offset. */
async function assertRedactsTo(redactor: Redactor, input: Buffer, expected: Buffer, what: string): Promise<void> {
  assert.deepEqual(redactor.redactBuffer(input), expected, `${what}: ${JSON.stringify(input.toString("latin1"))}`);
  for (let cut = 1; cut < input.length; cut++) {
    assert.deepEqual(inTwo(redactor, input, cut), expected, `${what} cut at ${cut}`);
  }
  const ones = [...input].map((b) => Buffer.from([b]));
  assert.deepEqual(await streamThrough(redactor, ones), expected, `${what} one byte at a time`);
}

test("job summary: a secret with _ * & < > is redacted in every field before it is escaped", async () => {
  const secret = `p_ss*w&rd<${CORE}>`;
  await withTemp(async (dir) => {
    const runDir = path.join(dir, "state", "main", "wave-3", "attempt-2");
    await mkdir(runDir, { recursive: true });
    const result = failedResult();
    const a0 = result.agents.find((a) => a.id === "A0")!;
    a0.title = `QA steward for ${secret}`;
    result.failure = { ...result.failure!, detail: `the token ${secret} was rejected` };
    result.gates[4] = { ...result.gates[4]!, detail: `Verdict: BLOCKED (${secret})` };
    result.feedback = { agentId: "A0", question: `Is ${secret} still valid?`, askedAt: iso(0), answer: `No, ${secret} was revoked` };
    result.resumedFrom = `wave-main-3-${secret}`;
    const written: string[] = [];
    const saved = process.env.GITHUB_STEP_SUMMARY;
    delete process.env.GITHUB_STEP_SUMMARY;
    let markdown: string;
    try {
      markdown = await publishWaveReport({
        result,
        runDir,
        resultFile: path.join(runDir, "result.json"),
        redactor: createRedactor([secret]),
        artifactName: `wave-main-3-${secret}`,
        root: dir,
        workspace: dir,
        write: (t) => written.push(t),
      });
    } finally {
      if (saved !== undefined) process.env.GITHUB_STEP_SUMMARY = saved;
    }
    assert.match(markdown, /Failure/);
    // Redacted first, then escaped: the replacement shows as `\*\*\*` in markdown.
    assert.ok(markdown.includes("- Detail: the token \\*\\*\\* was rejected"), markdown);
    assertNoCore(markdown, "the job summary");
    assertNoCore(await readFile(path.join(runDir, "summary.md"), "utf8"), "summary.md");
    const annotations = written.join("");
    assert.match(annotations, /::error /);
    assertNoCore(annotations, "the annotations");
  });
});

test("base64 wrapped at 60, 64 and 76 columns (LF and CRLF) is redacted across the line breaks", async () => {
  const secret = `wrapped-secret-${CORE}`;
  const bytes = Buffer.from(secret);
  const redactor = createRedactor([secret]);
  for (const width of [60, 64, 76]) {
    for (const eol of ["\n", "\r\n"]) {
      for (const shift of [0, 1, 2]) {
        // Put the secret so that its encoding starts some columns before the first line break.
        const prefix = Buffer.alloc(Math.floor(((width - 12) * 3) / 4) + shift, "p");
        const blob = Buffer.concat([prefix, bytes, Buffer.from("--suffix data--")]).toString("base64");
        const lines = blob.match(new RegExp(`.{1,${width}}`, "g"))!;
        const wrapped = lines.join(eol);
        const input = Buffer.from(`begin${eol}${wrapped}${eol}end${eol}`);
        // Where the secret's own characters are in the blob (the characters that depend on its bytes
        // only; the unpadded whole encoding may add one more), mapped to the wrapped text.
        const fragment = base64Fragment(bytes, prefix.length % 3);
        const at = blob.indexOf(fragment);
        const whole = bytes.toString("base64url");
        const length = prefix.length % 3 === 0 && blob.startsWith(whole, at) ? whole.length : fragment.length;
        assert.ok(at > 0 && Math.floor(at / width) < Math.floor((at + length - 1) / width), "the secret straddles a line break");
        const toWrapped = (i: number) => i + Math.floor(i / width) * eol.length;
        const start = `begin${eol}`.length + toWrapped(at);
        const end = `begin${eol}`.length + toWrapped(at + length - 1) + 1;
        const expected = Buffer.concat([input.subarray(0, start), Buffer.from(REDACTED), input.subarray(end)]);
        await assertRedactsTo(redactor, input, expected, `width ${width} ${JSON.stringify(eol)} shift ${shift}`);
      }
    }
  }
});

test("a file named after the secret: the artifact's entry names are redacted, content too", async () => {
  const secret = `ghs_${CORE}`;
  await withTemp(async (dir) => {
    const runDir = path.join(dir, "run");
    await mkdir(path.join(runDir, "agents", "A1", `cache-${secret}`), { recursive: true });
    await writeFile(path.join(runDir, "result.json"), "{}\n");
    await writeFile(path.join(runDir, "agents", "A1", "agent.log"), `using ${secret}\n`);
    await writeFile(path.join(runDir, "agents", "A1", `notes-${secret}.txt`), "notes\n");
    await writeFile(
      path.join(
        runDir,
        "agents",
        "A1",
        `url-${encodeURIComponent(secret).replace(/[0-9a-f]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}.txt`,
      ),
      "url\n",
    );
    await writeFile(path.join(runDir, "agents", "A1", `cache-${secret}`, "entry.bin"), "cached\n");
    const store = new LocalArtifactStore(path.join(dir, "store"));
    const uploaded = await uploadRunState({
      store,
      runDir,
      root: dir,
      prefix: "wave",
      lane: "main",
      wave: 1,
      runAttempt: 1,
      retentionDays: undefined,
      secrets: [secret],
      env: {},
      tempDir: dir,
    });
    const artifactDir = path.join(store.dir, uploaded.name);
    const stored = (await readdir(artifactDir, { recursive: true })).map(String);
    const manifest = await readFile(path.join(artifactDir, "artifact.json"), "utf8");
    for (const entry of stored) assertNoCore(entry, `entry name ${entry}`);
    assertNoCore(manifest, "the artifact's manifest");
    assert.ok(
      stored.some((e) => e.endsWith(path.join("A1", "notes-REDACTED.txt"))),
      stored.join("\n"),
    );
    assert.ok(
      stored.some((e) => e.endsWith(path.join("cache-REDACTED", "entry.bin"))),
      stored.join("\n"),
    );
    const log = stored.find((e) => e.endsWith(path.join("A1", "agent.log")))!;
    assert.equal(await readFile(path.join(artifactDir, log), "utf8"), `using ${REDACTED}\n`);
    // The run directory itself is left as it was.
    assert.ok((await readdir(path.join(runDir, "agents", "A1"))).includes(`notes-${secret}.txt`));
  });
});

/** A run directory whose agent A0 logged a rejected marker line with the secret at `column`. */
async function diagnosticRun(dir: string, secret: string, column: number) {
  const head = "[wave-proof] completion=contract durability=none proof=unit note=";
  const line = `${head}${"x".repeat(column - head.length)}${secret} trailing words`;
  const signals = parseSignals(`starting\n${line}\ndone\n`);
  const summary = assembleExecutionSummary({
    agent: { agentId: "A0" },
    signals,
    exitCode: 1,
    deliverables: [],
    proofArtifacts: [],
    report: null,
  });
  assert.ok(
    summary.diagnostics.samples.some((d) => d.severity === "error"),
    "the line is a rejected marker",
  );
  const result = failedResult();
  const runDir = path.join(dir, "attempt-2");
  const paths = agentPaths(runPathsOf(runDir, result.attempt), "A0");
  await mkdir(paths.dir, { recursive: true });
  await writeFile(paths.summary, JSON.stringify(summary));
  return { result, runDir };
}

test("a marker diagnostic whose secret straddles the 240-character cut shows no part of it", async () => {
  const secret = `sk-live-${CORE}`;
  await withTemp(async (dir) => {
    const { result, runDir } = await diagnosticRun(dir, secret, 230);
    const redactor = createRedactor([secret]);
    const { markerDiagnostics } = await collectReportExtras(result, runDir, redactor);
    assert.equal(markerDiagnostics.length, 1);
    const text = markerDiagnostics[0]!.text;
    assert.ok(text.length <= 241, `shown text is cut for display (${text.length})`);
    assert.ok(!text.includes(secret.slice(0, 8)), text);
    assertNoCore(text, "the diagnostic");
    assert.ok(text.includes(REDACTED), text);
    const saved = process.env.GITHUB_STEP_SUMMARY;
    delete process.env.GITHUB_STEP_SUMMARY;
    const written: string[] = [];
    try {
      const markdown = await publishWaveReport({
        result,
        runDir,
        resultFile: path.join(runDir, "result.json"),
        redactor,
        artifactName: null,
        root: dir,
        workspace: dir,
        write: (t) => written.push(t),
      });
      assert.match(markdown, /Marker lines that were not accepted/);
      assertNoCore(markdown, "the job summary");
      assert.ok(!markdown.includes(secret.slice(0, 8)));
      assertNoCore(written.join(""), "the annotations");
    } finally {
      if (saved !== undefined) process.env.GITHUB_STEP_SUMMARY = saved;
    }
  });
});

/** Per-character choices drawn by fast-check: `pick(i, n)` is a number below n for character i. */
type Pick = (i: number, n: number) => number;

function hexCase(hex: string, bits: number): string {
  return [...hex].map((c, i) => ((bits >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");
}

/** Each character raw or each of its bytes %XX (each hex digit in either case); a space maybe `+`. */
function percentForm(value: string, pick: Pick): string {
  let out = "";
  [...value].forEach((ch, i) => {
    const choice = pick(i, 6);
    if (ch === " " && choice === 5) out += "+";
    else if (choice === 0) out += ch;
    else for (const [k, b] of [...Buffer.from(ch)].entries()) out += `%${hexCase(b.toString(16).padStart(2, "0"), choice + k)}`;
  });
  return out;
}

const JSON_SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "/": "\\/", "\n": "\\n", "\t": "\\t" };

/** Each character raw (where JSON allows it), `\uXXXX` (surrogate pairs, either case), or a short escape. */
function jsonForm(value: string, pick: Pick): string {
  let out = "";
  [...value].forEach((ch, i) => {
    const choice = pick(i, 4);
    const units = [...Array(ch.length).keys()].map((k) => ch.charCodeAt(k).toString(16).padStart(4, "0"));
    const escaped = units.map((u, k) => `\\u${hexCase(u, choice + k * 5)}`).join("");
    if (choice === 0 && JSON_SHORT[ch]) out += JSON_SHORT[ch];
    else if (choice === 0 && ch !== '"' && ch !== "\\" && ch >= " ") out += ch;
    else if (choice === 1 && JSON_SHORT[ch]) out += JSON_SHORT[ch];
    else out += escaped;
  });
  return out;
}

const NAMED: Record<string, string[]> = { "&": ["amp", "AMP"], "<": ["lt", "LT"], ">": ["gt"], '"': ["quot"], "'": ["apos"], "-": [] };

/** Each character raw, named (`&amp;`), decimal (`&#38;`, `&#038;`) or hex (`&#x26;`, `&#X0026;`). */
function htmlForm(value: string, pick: Pick): string {
  let out = "";
  [...value].forEach((ch, i) => {
    const cp = ch.codePointAt(0)!;
    const choice = pick(i, 16);
    const names = NAMED[ch] ?? [];
    const zeros = "0".repeat(choice % 3);
    if (choice === 0 && !"&<>\"'".includes(ch)) out += ch;
    else if (choice < 4 && names.length > 0) out += `&${names[choice % names.length]};`;
    else if (choice < 9) out += `&#${zeros}${cp};`;
    else out += `&#${choice % 2 ? "x" : "X"}${zeros}${hexCase(cp.toString(16), choice)};`;
  });
  return out;
}

async function encodedProperty(secret: string, form: (value: string, pick: Pick) => string, frame: [string, string], what: string) {
  const fc = (await import("fast-check")).default;
  const redactor = createRedactor([secret]);
  const n = [...secret].length + Buffer.byteLength(secret);
  await fc.assert(
    fc.asyncProperty(fc.array(fc.nat(1 << 16), { minLength: n, maxLength: n }), async (choices) => {
      const encoded = form(secret, (i, k) => choices[i % n]! % k);
      const input = Buffer.from(`${frame[0]}${encoded}${frame[1]}`);
      const expected = Buffer.from(`${frame[0]}${REDACTED}${frame[1]}`);
      await assertRedactsTo(redactor, input, expected, what);
    }),
    { numRuns: 40 },
  );
  // The forms whole: every character encoded, in one case and the other.
  for (const k of [1, 2, 3]) {
    const encoded = form(secret, (_i, m) => Math.min(k, m - 1));
    assert.equal(redactor.redact(`${frame[0]}${encoded}${frame[1]}`), `${frame[0]}${REDACTED}${frame[1]}`, encoded);
  }
}

test("percent-encoding of any byte, either case, mixed with raw characters, `*` as %2A", async () => {
  const secret = `p@ss w/rd*(x)~é-${CORE}`;
  await encodedProperty(secret, percentForm, ["GET /cb?token=", "&next=1 HTTP/1.1"], "percent");
  const redactor = createRedactor([secret]);
  // The usual encoders' output.
  for (const encoded of [encodeURIComponent(secret), encodeURIComponent(secret).replace(/\*/g, "%2A"), encodeURI(secret)]) {
    assert.equal(redactor.redact(`?t=${encoded}&`), `?t=${REDACTED}&`, encoded);
  }
});

test("\\uXXXX escapes of any character, either case, surrogate pairs, mixed with raw and short escapes", async () => {
  const secret = `q"u\\o/te<&>é😀-${CORE}`;
  await encodedProperty(secret, jsonForm, ['{"token":"', '","n":1}'], "json");
  const redactor = createRedactor([secret]);
  const goStyle = JSON.stringify(secret).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
  assert.equal(redactor.redact(`{"t":${goStyle}}`), `{"t":"${REDACTED}"}`);
});

test("HTML character references (named, decimal, hex, zero-padded) mixed with raw characters", async () => {
  const secret = `a&b<c>"d'e é-${CORE}`;
  await encodedProperty(secret, htmlForm, ['<input value="', '">'], "html");
});

test("ordinary text with %, &amp;, \\u escapes and base64 of other data is left byte for byte", async () => {
  const fc = (await import("fast-check")).default;
  const secret = `sk-${CORE}`;
  const redactor = createRedactor([secret, `a&b<c>-${CORE}`, `q"u\\o/te-${CORE}`]);
  const fixed = [
    "progress 100% done, 50%% off, %zz %4 %",
    "a &amp; b &lt; c &#38; d &#x26; e &nbsp; &unknown; & alone",
    '{"s":"\\u0041\\n\\"quoted\\" \\\\ back\\/slash"}',
    `${randomBytes(300)
      .toString("base64")
      .replace(/(.{76})/g, "$1\n")}\n`,
    `${randomBytes(300)
      .toString("base64")
      .replace(/(.{64})/g, "$1\r\n")}\r\n`,
    "sk- sk-0 sk-%30 &#115;k-",
  ];
  for (const text of fixed) {
    const input = Buffer.from(text);
    assert.equal(redactor.redact(text), text);
    assert.equal(redactor.redactBuffer(input), input, "an untouched buffer is returned as it is");
    assert.deepEqual(
      await streamThrough(
        redactor,
        [...input].map((b) => Buffer.from([b])),
      ),
      input,
    );
  }
  const token = fc.constantFrom(
    "%",
    "%2",
    "%2F",
    "%41",
    "&",
    "&#",
    "&amp;",
    "&#x2F;",
    ";",
    "\\",
    "\\u",
    "\\u00",
    "\\u0041",
    "\n",
    "\r\n",
    "=",
    "+",
    "/",
    "sk-",
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(token, fc.string({ maxLength: 6 }), fc.base64String({ maxLength: 12 })), { maxLength: 40 }),
      async (pieces) => {
        const text = pieces.join("");
        const input = Buffer.from(text);
        assert.equal(redactor.redact(text), text);
        const cut = Math.floor(input.length / 2);
        assert.deepEqual(inTwo(redactor, input, cut), input);
      },
    ),
    { numRuns: 200 },
  );
});
