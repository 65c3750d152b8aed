import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { test } from "node:test";
import { DIAGNOSTIC_TEXT_CHARS, diagnosticText } from "../../src/action/summary.js";
import { ByteMatcher } from "../../src/security/matcher.js";
import { buildSecretNfa } from "../../src/security/patterns.js";
import { collectSecretValues, createRedactor, REDACTED, REDACTED_NAME, redactValue, registerSecrets } from "../../src/security/redact.js";
import { RedactionScanner } from "../../src/security/scanner.js";
import { base64Fragment, secretVariants } from "../../src/security/variants.js";

const SECRET = "sk-test-9f8e7d6c5b4a3210";

async function streamThrough(chunks: Buffer[], redactor = createRedactor([SECRET])): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), redactor.createStream(), async (source: AsyncIterable<Buffer>) => {
    for await (const c of source) out.push(c);
  });
  return Buffer.concat(out);
}

test("collectSecretValues picks secret-looking names, skips short and obvious values, adds extras", () => {
  const values = collectSecretValues({
    env: {
      OPENAI_API_KEY: "sk-openai-abcdef123456",
      GITHUB_TOKEN: "ghs_0123456789abcdef",
      MY_SERVICE_PAT: "pat-value-xyz",
      DB_PASSWORD_FILE: "hunter22-pass",
      HOME: "/home/runner",
      PATH: "/usr/bin",
      SHORT_TOKEN: "abc",
      FEATURE_SECRET: "true",
      MONKEY: "not-a-secret-at-all",
      SPACED_KEY: "  padded-secret-value \n",
    },
    extra: ["explicit-one", "", "  ", "xy"],
  });
  assert.deepEqual(
    new Set(values),
    new Set(["sk-openai-abcdef123456", "ghs_0123456789abcdef", "pat-value-xyz", "hunter22-pass", "padded-secret-value", "explicit-one"]),
  );
  const custom = collectSecretValues({
    env: { WEIRD_NAME: "value-123456", OPENAI_API_KEY: "zzzzzzzz" },
    namePatterns: [/^WEIRD_/],
    names: [],
  });
  assert.deepEqual(custom, ["value-123456"]);
});

test("raw, base64 (all alignments, standard and URL-safe), URL and JSON variants are redacted", () => {
  const secret = "p@ss/w+rd?~é-0123456789";
  const r = createRedactor([secret]);
  const bytes = Buffer.from(secret);
  const cases = [
    `raw ${secret} end`,
    `b64 ${bytes.toString("base64")} end`,
    `b64url ${bytes.toString("base64url")} end`,
    `url ?q=${encodeURIComponent(secret)}&x=1`,
    `json ${JSON.stringify({ token: secret })}`,
    `python json {"token": "${JSON.stringify(secret)
      .slice(1, -1)
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"}`,
    `php json {"token":"${secret.replace(/\//g, "\\/")}"}`,
  ];
  for (const text of cases) {
    const out = r.redact(text);
    assert.ok(out.includes(REDACTED), `no redaction in ${text}`);
    assert.ok(!out.includes(secret) && !out.includes("0123456789") && !out.includes(bytes.toString("base64").slice(0, 20)), out);
  }
  // Embedded in a larger base64 blob at each of the three byte alignments.
  for (const prefix of ["", "a", "ab", "abc", "abcd"]) {
    for (const suffix of ["", "z", "zz"]) {
      const blob = Buffer.from(`${prefix}${secret}${suffix}`).toString("base64");
      for (const encoded of [blob, Buffer.from(`${prefix}${secret}${suffix}`).toString("base64url")]) {
        const out = r.redact(`data:${encoded};`);
        assert.ok(out.includes(REDACTED), `blob with prefix ${JSON.stringify(prefix)} not redacted: ${encoded}`);
        // No run of 8 or more characters of the secret's own encoding survives.
        const fragment = base64Fragment(bytes, prefix.length % 3);
        assert.ok(!out.includes(fragment.slice(2, 10)), out);
      }
    }
  }
  assert.equal(r.redact("nothing secret here"), "nothing secret here");
});

test("multi-line secrets: each line, CRLF and JSON forms", () => {
  const key = "-----BEGIN KEY-----\nQUJDREVGR0hJSktMTU5PUFFSU1RVVldY\nWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2\n-----END KEY-----";
  const r = createRedactor([key]);
  const lines = key.split("\n");
  assert.equal(r.redact(`x ${lines[1]} y`), `x ${REDACTED} y`);
  assert.equal(r.redact(`x ${lines[2]} y`), `x ${REDACTED} y`);
  assert.equal(r.redact(key.replace(/\n/g, "\r\n")), REDACTED);
  assert.equal(r.redact(JSON.stringify(key)), `"${REDACTED}"`);
  assert.ok(secretVariants(key).some((v) => v.kind === "line"));
});

test("overlapping secrets merge into one replacement; longer wins", () => {
  const r = createRedactor(["abcdef-123456", "123456-zyxwvu"]);
  assert.equal(r.redact("[abcdef-123456-zyxwvu]"), `[${REDACTED}]`);
  assert.equal(r.redact("abcdef-123456 and 123456-zyxwvu"), `${REDACTED} and ${REDACTED}`);
});

test("stream: a secret split across 2 chunks and across many 1-byte chunks", async () => {
  const text = Buffer.from(`before ${SECRET} middle ${SECRET} after`);
  const expected = `before ${REDACTED} middle ${REDACTED} after`;
  for (let cut = 1; cut < text.length; cut++) {
    const out = await streamThrough([text.subarray(0, cut), text.subarray(cut)]);
    assert.equal(out.toString(), expected, `cut at ${cut}`);
  }
  const bytes = [...text].map((b) => Buffer.from([b]));
  assert.equal((await streamThrough(bytes)).toString(), expected);
  // The longest form split at every point (the held-back tail must be long enough): every
  // character as a zero-padded hex character reference, `&#x0002d;`.
  const r = createRedactor([SECRET]);
  const longest = [...SECRET].map((c) => `&#x000${c.charCodeAt(0).toString(16)};`).join("");
  assert.equal(Buffer.byteLength(longest), r.maxMatchLength);
  const longestVariant = r.variants.reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a));
  assert.equal(Buffer.byteLength(longestVariant), r.maxVariantLength);
  for (const form of [longest, longestVariant]) {
    const framed = Buffer.from(`<${form}>`);
    for (let cut = 1; cut < framed.length; cut++) {
      const out = await streamThrough([framed.subarray(0, cut), framed.subarray(cut)], r);
      assert.equal(out.toString(), `<${REDACTED}>`, `${form} cut at ${cut}`);
    }
  }
  // Random chunking of a larger input.
  const big = Buffer.from(`${"lorem ipsum ".repeat(500)}${SECRET}${"dolor ".repeat(300)}${Buffer.from(SECRET).toString("base64")}\n`);
  const chunks: Buffer[] = [];
  let seed = 7;
  for (let i = 0; i < big.length; ) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const n = 1 + (seed % 13);
    chunks.push(big.subarray(i, i + n));
    i += n;
  }
  const out = (await streamThrough(chunks)).toString();
  assert.equal(out, createRedactor([SECRET]).redact(big.toString()));
  assert.equal(out.split(REDACTED).length - 1, 2);
});

test("invalid UTF-8 bytes around and between secrets are preserved exactly", async () => {
  const junk = Buffer.from([0xff, 0xfe, 0x80, 0xc3, 0x28, 0x00, 0xed, 0xa0, 0x80]);
  const input = Buffer.concat([junk, Buffer.from(SECRET), junk, Buffer.from("tail"), junk]);
  const expected = Buffer.concat([junk, Buffer.from(REDACTED), junk, Buffer.from("tail"), junk]);
  const r = createRedactor([SECRET]);
  assert.deepEqual(r.redactBuffer(input), expected);
  const chunks = [...input].map((b) => Buffer.from([b]));
  assert.deepEqual(await streamThrough(chunks, r), expected);
  // A buffer without secrets comes back unchanged, byte for byte.
  assert.deepEqual(r.redactBuffer(junk), junk);
});

test("no secrets: redactor passes everything through", async () => {
  const r = createRedactor([]);
  assert.equal(r.maxVariantLength, 0);
  assert.equal(r.maxMatchLength, 0);
  assert.equal(r.redactCut("abc"), "abc");
  assert.equal(r.redactName("abc"), "abc");
  assert.equal(r.redact("abc"), "abc");
  assert.deepEqual(await streamThrough([Buffer.from("a"), Buffer.from("b")], r), Buffer.from("ab"));
});

test("registerSecrets registers every variant once", () => {
  const seen: string[] = [];
  const n = registerSecrets([SECRET, SECRET], (v) => seen.push(v));
  assert.equal(n, seen.length);
  assert.equal(new Set(seen).size, seen.length);
  assert.ok(seen.includes(SECRET));
  assert.ok(seen.includes(Buffer.from(SECRET).toString("base64")));
  assert.ok(seen.includes(encodeURIComponent(SECRET)) || encodeURIComponent(SECRET) === SECRET);
  assert.deepEqual(seen, createRedactor([SECRET]).variants);
});

/*
 * Independent oracle: the languages of patterns.ts written out as explicit strings per character,
 * matched by a position-set walk from every start offset, overlaps merged. Slow and simple.
 */
const NAMED: Record<string, string[]> = { "&": ["amp", "AMP"], "<": ["lt", "LT"], ">": ["gt", "GT"], '"': ["quot", "QUOT"], "'": ["apos"] };
const SHORT: Record<string, string> = { "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" };

/** Every casing of the hex letters in `hex`. */
function casings(hex: string): string[] {
  let out = [""];
  for (const c of hex)
    out = out.flatMap((p) => (c.toLowerCase() === c.toUpperCase() ? [p + c] : [p + c.toLowerCase(), p + c.toUpperCase()]));
  return out;
}

function charForms(ch: string, crlf = true): string[] {
  const cp = ch.codePointAt(0)!;
  const forms = new Set<string>([ch]);
  let pct = [""];
  for (const b of Buffer.from(ch, "utf8")) {
    const raw = Buffer.from([b]).toString("latin1");
    pct = pct.flatMap((p) => [p + raw, ...casings(b.toString(16).padStart(2, "0")).map((h) => `${p}%${h}`)]);
  }
  for (const f of pct) forms.add(Buffer.from(f, "latin1").toString("latin1"));
  if (ch === " ") forms.add("+");
  if (cp <= 0xffff) for (const h of casings(cp.toString(16).padStart(4, "0"))) forms.add(`\\u${h}`);
  if (SHORT[ch]) forms.add(`\\${SHORT[ch]}`);
  if (/[!-/:-@[-`{-~]/.test(ch)) forms.add(`\\${ch}`);
  for (const name of NAMED[ch] ?? []) forms.add(`&${name};`);
  for (let zeros = 0; zeros <= 3; zeros++) {
    forms.add(`&#${"0".repeat(zeros)}${cp};`);
    for (const h of casings(cp.toString(16))) for (const x of ["x", "X"]) forms.add(`&#${x}${"0".repeat(zeros)}${h};`);
  }
  if (ch === "\n" && crlf) for (const a of charForms("\r", false)) for (const b of charForms("\n", false)) forms.add(a + b);
  return [...forms];
}

/** End offsets (exclusive) of every match of `secret` starting at `start` in `hay` (latin1). */
function matchEnds(hay: string, start: number, secret: string): number[] {
  const ends: number[] = [];
  if (Buffer.byteLength(secret) >= 4) {
    let at = new Set([start]);
    for (const ch of secret) {
      const next = new Set<number>();
      for (const p of at) for (const f of charForms(ch)) if (hay.startsWith(f, p)) next.add(p + f.length);
      at = next;
    }
    ends.push(...at);
  }
  const bytes = Buffer.from(secret);
  const b64 = bytes.toString("base64");
  const url = (t: string) => t.replace(/\+/g, "-").replace(/\//g, "_");
  const forms = new Set([b64, url(b64).replace(/=+$/, "")]);
  for (let o = 0; o < 3; o++) forms.add(base64Fragment(bytes, o)).add(url(base64Fragment(bytes, o)));
  for (const form of forms) {
    if (form.length < 4) continue;
    let at = new Set([start]);
    [...form].forEach((c, k) => {
      const next = new Set<number>();
      for (const p of at) if (hay[p] === c) next.add(p + 1);
      if (k < form.length - 1) {
        for (const p of [...next]) {
          if (hay[p] === "\n") next.add(p + 1);
          if (hay.startsWith("\r\n", p)) next.add(p + 2);
        }
      }
      at = next;
    });
    ends.push(...at);
  }
  if (/\n/.test(secret)) {
    for (const line of secret.split(/\r?\n/).map((l) => l.trim())) {
      if (line.length >= 8 && line !== secret && hay.startsWith(line, start)) ends.push(start + line.length);
    }
  }
  return ends;
}

function oracleRedact(input: Buffer, secrets: string[]): Buffer {
  const hay = input.toString("latin1");
  const spans: [number, number][] = [];
  for (let i = 0; i < hay.length; i++) {
    for (const secret of secrets) for (const end of matchEnds(hay, i, secret)) spans.push([i, end]);
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  const parts: Buffer[] = [];
  let cursor = 0;
  for (const [a, b] of merged) {
    parts.push(input.subarray(cursor, a), Buffer.from(REDACTED));
    cursor = b;
  }
  parts.push(input.subarray(cursor));
  return Buffer.concat(parts);
}

test("property: buffer and stream with random chunking equal the oracle (raw, encoded, mixed, wrapped)", async () => {
  const fc = (await import("fast-check")).default;
  const secrets = ["aabaab", "abab-abab", "zzzzzz"];
  const r = createRedactor(secrets);
  // A matcher that keeps at most 3 DFA states, so its table is dropped again and again mid-stream.
  const tiny = new ByteMatcher(buildSecretNfa(secrets), { maxStates: 3 });
  const tinyRedact = async (chunks: Buffer[]) => {
    const scanner = new RedactionScanner(tiny, Buffer.from(REDACTED));
    const out: Buffer[] = [];
    for (const c of chunks) out.push(...scanner.push(c));
    out.push(...scanner.end());
    return Buffer.concat(out);
  };
  const units = [...new Set([..."abz-"].flatMap((c) => charForms(c)))];
  const base64Bits = secrets.flatMap(
    (s) =>
      Buffer.from(s)
        .toString("base64")
        .match(/.{1,5}/g) ?? [],
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          fc.constantFrom(...r.variants),
          fc.constantFrom(...units),
          fc.constantFrom(...base64Bits, "\n", "\r\n", "%", "&#", "\\u00", "&amp;"),
          fc.stringMatching(/^[abz\-\xff]{0,8}$/),
        ),
        { maxLength: 24 },
      ),
      fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
      async (pieces, sizes) => {
        const input = Buffer.from(pieces.join(""), "latin1");
        const chunks: Buffer[] = [];
        for (let i = 0, k = 0; i < input.length; k++) {
          const n = sizes[k % sizes.length]!;
          chunks.push(input.subarray(i, i + n));
          i += n;
        }
        const expected = oracleRedact(input, secrets);
        assert.deepEqual(r.redactBuffer(input), expected);
        assert.deepEqual(await streamThrough(chunks, r), expected);
        assert.deepEqual(await tinyRedact(chunks), expected);
      },
    ),
    { numRuns: 300 },
  );
});

test("the oracle agrees on the fixed examples too", () => {
  const text = Buffer.from("x %61%61b\\u0061a&#x62; aabaab YWFi\nYWFi z", "latin1");
  assert.deepEqual(createRedactor(["aabaab"]).redactBuffer(text), oracleRedact(text, ["aabaab"]));
  assert.equal(oracleRedact(text, ["aabaab"]).toString("latin1"), "x *** *** *** z");
});

test("redactCut also replaces a trailing part that could begin a secret", () => {
  const secret = "sk-live-0123456789abcdef";
  const r = createRedactor([secret]);
  const cut = `line with ${secret.slice(0, 10)}`;
  assert.equal(r.redact(cut), cut, "plain redaction cannot know the rest was cut");
  assert.equal(r.redactCut(cut), `line with ${REDACTED}`);
  // Cut inside an encoded character: `1` is `%31`.
  assert.equal(r.redactCut(`x ${secret.slice(0, 9)}%3`), `x ${REDACTED}`);
  // Fewer than 4 bytes, or text that cannot begin a secret, stays.
  assert.equal(r.redactCut("ends with sk-"), "ends with sk-");
  assert.equal(r.redactCut("nothing to see here"), "nothing to see here");
  assert.equal(r.redactCut(`${secret} and more`), `${REDACTED} and more`);
});

test("redactName writes REDACTED (no character artifact paths refuse)", () => {
  const r = createRedactor(["hunter2-token-xyz"]);
  assert.equal(r.redactName("notes-hunter2-token-xyz.txt"), `notes-${REDACTED_NAME}.txt`);
  assert.equal(r.redactName("a%68unter2-token-xyz"), `a${REDACTED_NAME}`);
  assert.equal(r.redactName("plain.txt"), "plain.txt");
});

test("redactValue redacts every string of plain data, keys too, and leaves the input alone", () => {
  const secret = "tok-1234567890";
  const r = createRedactor([secret]);
  const input = { a: `x ${secret}`, list: [1, null, { [secret]: `${secret}!` }], n: 5, ok: true, buf: Buffer.from(secret) };
  const out = redactValue(input, r);
  assert.deepEqual(out, { a: `x ${REDACTED}`, list: [1, null, { [REDACTED]: `${REDACTED}!` }], n: 5, ok: true, buf: input.buf });
  assert.equal(input.a, `x ${secret}`);
});

test("diagnosticText: the whole sample is redacted, then cut for display; a secret cut by the parser is masked", () => {
  const secret = "sk-live-0123456789abcdef";
  const r = createRedactor([secret]);
  // The secret straddles the display cut: redacted first, so nothing of it is left.
  const long = `${"x".repeat(DIAGNOSTIC_TEXT_CHARS - 10)}${secret} and more`;
  const shown = diagnosticText(long, r);
  assert.ok(shown.length <= DIAGNOSTIC_TEXT_CHARS);
  assert.ok(shown.includes(REDACTED) && !shown.includes("sk-live"), shown);
  // The parser cut its sample (`…`) inside the secret: the part that was kept is masked too.
  assert.equal(diagnosticText(`[wave-proof] note=${secret.slice(0, 12)}…`, r), `[wave-proof] note=${REDACTED}…`);
  assert.equal(diagnosticText("[wave-proof] note=plain…", r), "[wave-proof] note=plain…");
});

test("flushHeld: live output is written at once unless a secret may be starting; a split secret is still replaced", async () => {
  const fc = (await import("fast-check")).default;
  const secret = "sk-live-0123456789";
  const r = createRedactor([secret]);
  const live = (chunks: string[]) => {
    const scanner = r.createScanner();
    const writes = chunks.map((c) => Buffer.concat([...scanner.push(Buffer.from(c)), ...scanner.flushHeld(4)]).toString());
    writes.push(Buffer.concat(scanner.end()).toString());
    return writes;
  };
  assert.deepEqual(live(["line one\n", "line two\n"]), ["line one\n", "line two\n", ""]);
  // A beginning of 4 bytes or more waits for the next chunk; a shorter one is written.
  assert.deepEqual(live(["hello\nsk-li", `ve-0123456789 tail\n`]), ["hello\n", `${REDACTED} tail\n`, ""]);
  assert.deepEqual(live(["hello\nsk", `-live-0123456789 tail\n`]), ["hello\nsk", `${REDACTED} tail\n`, ""]);
  assert.deepEqual(live(["x %73%6", "B-live-0123456789\n"]), ["x ", `${REDACTED}\n`, ""]);
  // Whatever the chunking, no form of the secret gets through, and at most its first 3 bytes do.
  await fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(...r.variants), fc.constantFrom("\n", " ", "sk-", "%73", "x")), { maxLength: 12 }),
      fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 8 }),
      (pieces, sizes) => {
        const input = pieces.join("");
        const chunks: string[] = [];
        for (let i = 0, k = 0; i < input.length; k++) {
          chunks.push(input.slice(i, i + sizes[k % sizes.length]!));
          i += sizes[k % sizes.length]!;
        }
        const out = live(chunks).join("");
        for (const v of r.variants) assert.ok(!out.includes(v), `${v} in ${out}`);
        for (let i = 0; i + 4 <= secret.length; i++) {
          if (!input.replaceAll(secret, "").includes(secret.slice(i, i + 4))) assert.ok(!out.includes(secret.slice(i, i + 4)), out);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test("a secret holding byte 0x01 is redacted; the same text with 0x02 (a byte no secret holds) is kept", () => {
  const r = createRedactor(["ab\u0001cdef"]);
  assert.equal(r.redact("x ab\u0002cdef y ab\u0001cdef z"), `x ab\u0002cdef y ${REDACTED} z`);
  assert.deepEqual(r.redactBuffer(Buffer.from("ab\u0002cdef")), Buffer.from("ab\u0002cdef"));
});
