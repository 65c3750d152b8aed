/**
 * Context7 prefetch against a loopback stand-in for the service (WAVE_CONTEXT7_URL): selection,
 * library resolution, the bearer key, bounds, redaction, the state-directory cache, the one
 * warning without a key, failures as warnings, and the documentation in an agent's prompt
 * through runWave.
 */
import assert from "node:assert/strict";
import { mkdtemp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { createContext7Provider, effectiveSelection } from "../../src/context7/provider.js";
import { createRedactor } from "../../src/security/redact.js";
import { engineRun, git, implAgent, makeRepo, writeWave } from "../engine/fixture.js";

const KEY = "ctx7-test-key-0123456789abcdef";
const SECRET = "hunter2-super-secret-value";

interface Hit {
  path: string;
  params: Record<string, string>;
  auth: string | undefined;
}

let server: http.Server;
let base = "";
const hits: Hit[] = [];
let failContext = false;

before(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    hits.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), auth: req.headers.authorization });
    if (url.pathname === "/api/v2/libs/search") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ id: `/org/${url.searchParams.get("libraryName")}`, name: "lib" }]));
      return;
    }
    if (url.pathname === "/api/v2/context") {
      if (failContext) {
        res.statusCode = 503;
        res.end("down");
        return;
      }
      const id = url.searchParams.get("libraryId");
      res.setHeader("content-type", "text/plain");
      res.end(`DOCS for ${id} about ${url.searchParams.get("query")}\nconfig token: ${SECRET}\n${"filler line\n".repeat(3000)}`);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const INDEX = {
  bundles: {
    none: { libraries: [] },
    web: { libraries: [{ libraryId: "/vercel/next.js", queryHint: "routing" }, { libraryName: "react" }] },
  },
};

async function workspace(): Promise<{ root: string; stateDir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ctx7-"));
  await mkdir(path.join(root, "docs", "context7"), { recursive: true });
  await writeFile(path.join(root, "docs", "context7", "bundles.json"), JSON.stringify(INDEX));
  return { root, stateDir: path.join(root, ".wave"), cleanup: () => rm(root, { recursive: true, force: true }) };
}

function provider(root: string, stateDir: string, env: Record<string, string>, warnings: string[], maxChars?: number) {
  return createContext7Provider({
    root,
    bundleIndexPath: "docs/context7/bundles.json",
    stateDir,
    env,
    redact: createRedactor([SECRET, KEY]).redact,
    now: () => new Date(),
    onWarning: (m) => warnings.push(m),
    ...(maxChars ? { maxChars } : {}),
  });
}

describe("Context7 prefetch", { concurrency: false }, () => {
  test("the agent's selection over the wave defaults, field by field", () => {
    assert.deepEqual(effectiveSelection({ bundle: null, query: "hooks" }, { bundle: "web", query: "routing" }), {
      bundle: "web",
      query: "hooks",
    });
    assert.equal(effectiveSelection(null, null), null);
  });

  test("fetches each library of the bundle with the key, bounded, redacted, and caches it", async () => {
    const ws = await workspace();
    try {
      hits.length = 0;
      const warnings: string[] = [];
      const env = { CONTEXT7_API_KEY: KEY, WAVE_CONTEXT7_URL: base };
      const text = await provider(ws.root, ws.stateDir, env, warnings, 4000).forAgent(
        { agentId: "A1", context7: null },
        { bundle: "web", query: null },
      );
      assert.deepEqual(warnings, []);
      assert.ok(text !== null);
      assert.ok(text.length <= 4000, String(text.length));
      assert.match(text, /### \/vercel\/next\.js — routing\n\nDOCS for \/vercel\/next\.js about routing/);
      assert.match(text, /### \/org\/react — react\n\nDOCS for \/org\/react about react/);
      assert.doesNotMatch(text, new RegExp(SECRET));
      assert.match(text, /config token: \*\*\*/);
      assert.deepEqual(
        hits.map((h) => `${h.path} ${h.params.libraryId ?? h.params.libraryName}`),
        ["/api/v2/context /vercel/next.js", "/api/v2/libs/search react", "/api/v2/context /org/react"],
      );
      assert.ok(hits.every((h) => h.auth === `Bearer ${KEY}`));
      const cached = await readdir(path.join(ws.stateDir, "context7-cache"));
      assert.equal(cached.length, 2);
      assert.doesNotMatch(readFileSync(path.join(ws.stateDir, "context7-cache", cached[0]!), "utf8"), new RegExp(SECRET));
      // A new provider (the next run) reads the cache: the service is not asked again.
      hits.length = 0;
      const again = await provider(ws.root, ws.stateDir, env, warnings, 4000).forAgent(
        { agentId: "A2", context7: { bundle: "web", query: null } },
        null,
      );
      assert.equal(again, text);
      assert.deepEqual(hits, []);
    } finally {
      await ws.cleanup();
    }
  });

  test("without a key: one warning for the whole run, nothing fetched", async () => {
    const ws = await workspace();
    try {
      hits.length = 0;
      const warnings: string[] = [];
      const p = provider(ws.root, ws.stateDir, { WAVE_CONTEXT7_URL: base }, warnings);
      assert.equal(await p.forAgent({ agentId: "A1", context7: { bundle: "web", query: "x" } }, null), null);
      assert.equal(await p.forAgent({ agentId: "A2", context7: { bundle: "web", query: "y" } }, null), null);
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /CONTEXT7_API_KEY is not set/);
      assert.deepEqual(hits, []);
    } finally {
      await ws.cleanup();
    }
  });

  test("bundle none, an unknown bundle and a failing service: no text, warnings, no throw", async () => {
    const ws = await workspace();
    try {
      const warnings: string[] = [];
      const env = { CONTEXT7_API_KEY: KEY, WAVE_CONTEXT7_URL: base };
      const p = provider(ws.root, ws.stateDir, env, warnings);
      assert.equal(await p.forAgent({ agentId: "A1", context7: { bundle: "none", query: "x" } }, null), null);
      assert.equal(await p.forAgent({ agentId: "A1", context7: { bundle: "mobile", query: "x" } }, null), null);
      assert.match(warnings.at(-1)!, /bundle "mobile" is not in docs\/context7\/bundles\.json/);
      failContext = true;
      try {
        assert.equal(await p.forAgent({ agentId: "A1", context7: { bundle: "web", query: "fresh query" } }, null), null);
      } finally {
        failContext = false;
      }
      assert.ok(
        warnings.some((w) => /fetching \/vercel\/next\.js failed \(HTTP 503/.test(w)),
        warnings.join("\n"),
      );
    } finally {
      await ws.cleanup();
    }
  });

  test("through runWave: the wave's Context7 defaults reach the agent's prompt", async () => {
    const repo = await makeRepo("context7");
    try {
      const copy = path.join(repo.ext, "a1-prompt.md");
      const file = await writeWave(repo, 1, [implAgent("A1", { copyPrompt: copy })], { commit: false });
      const md = readFileSync(file, "utf8");
      const first = md.indexOf("## Agent ");
      await writeFile(file, `${md.slice(0, first)}## Context7 defaults\n\n- bundle: web\n- query: "data loading"\n\n${md.slice(first)}`);
      await mkdir(path.join(repo.root, "docs", "context7"), { recursive: true });
      await writeFile(path.join(repo.root, "docs", "context7", "bundles.json"), JSON.stringify(INDEX));
      git(repo.root, ["add", "-A"]);
      git(repo.root, ["commit", "-q", "-m", "wave 1"]);
      const { result } = await engineRun(repo, 1, { maxAttempts: 1, redact: [SECRET] }, [], {
        CONTEXT7_API_KEY: KEY,
        WAVE_CONTEXT7_URL: base,
      });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const prompt = readFileSync(copy, "utf8");
      assert.match(prompt, /## Library documentation \(Context7\)/);
      assert.match(prompt, /DOCS for \/vercel\/next\.js about data loading/);
      assert.doesNotMatch(prompt, new RegExp(SECRET));
    } finally {
      await repo.cleanup();
    }
  });
});
