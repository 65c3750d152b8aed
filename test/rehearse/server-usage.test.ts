/**
 * The rehearsal server's usage figures (each wire format's own fields, side answers included), the
 * `interrupt` variant (one main request left unanswered, once per agent), and what it records of
 * the CLIs' sessions (session id, scripted calls already in the conversation, newest user text),
 * through a real HTTP client.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { AgentScript } from "../../src/rehearse/script.js";
import { type LogEntry, type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { MAIN_REASONING_TOKENS } from "../../src/rehearse/wire.js";

// biome-ignore lint/suspicious/noExplicitAny: wire JSON is read loosely in assertions
type Json = any;

const ROOT = "/work-tree";
const FINAL = "Rehearsal done.\n[wave-proof] completion=contract durability=none proof=unit state=met\n";

function script(agentId: string, variant: AgentScript["variant"] = "normal", writes = 2): AgentScript {
  const steps: AgentScript["steps"] = [];
  for (let i = 0; i < writes; i++) {
    steps.push({ kind: "write", path: `src/f${i}.js`, absPath: path.join(ROOT, `src/f${i}.js`), content: `export const f${i} = ${i};\n` });
  }
  steps.push({ kind: "final", text: FINAL });
  return { agentId, variant, steps };
}

/** What the server must report for a request body of `bodyChars` and a reply of `replyChars`. */
function expected(bodyChars: number, replyChars: number, main: boolean) {
  const reasoning = main ? MAIN_REASONING_TOKENS : 0;
  const input = Math.ceil(bodyChars / 4);
  return { input, cached: Math.floor(input / 4), output: Math.max(1, Math.ceil(replyChars / 4)) + reasoning, reasoning };
}

async function readSse(res: Response): Promise<{ event: string | null; data: string }[]> {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((b) => b !== "")
    .map((block) => {
      let event: string | null = null;
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        if (line.startsWith("data: ")) data += line.slice(6);
      }
      return { event, data };
    });
}

type Auth = "bearer" | "x-api-key";

/** Posts `body` (exactly this text is sent, so its length is known) with extra headers. */
function post(base: string, route: string, key: string, body: string, auth: Auth, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(auth === "bearer" ? { authorization: `Bearer ${key}` } : { "x-api-key": key }),
      ...headers,
    },
    body,
  });
}

const WRITE_TOOLS = {
  responses: [{ type: "function", name: "exec_command" }],
  messages: [{ name: "Write" }],
  chat: [{ type: "function", function: { name: "write" } }],
};

let server: RehearsalServer;
let tmp = "";
let logFile = "";

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-rehearse-usage-"));
  logFile = path.join(tmp, "requests.jsonl");
  server = await startRehearsalServer({ logFile });
});

after(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

function entriesOf(agentId: string): LogEntry[] {
  return server.log().filter((e) => e.agent === agentId);
}

describe("rehearsal server: usage figures", () => {
  test("Responses API: total input with cached part, output with reasoning, total_tokens; sums in the activity and the log", async () => {
    const { key, baseUrl } = server.register(script("U1"));
    const body = JSON.stringify({
      model: "m",
      stream: true,
      tools: WRITE_TOOLS.responses,
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }],
    });
    const events = await readSse(await post(baseUrl, "/v1/responses", key, body, "bearer"));
    const item = JSON.parse(events.find((e) => e.event === "response.output_item.done")!.data).item as Json;
    const usage = JSON.parse(events.find((e) => e.event === "response.completed")!.data).response.usage as Json;
    const want = expected(body.length, item.arguments.length, true);
    assert.deepEqual(usage, {
      input_tokens: want.input,
      input_tokens_details: { cached_tokens: want.cached },
      output_tokens: want.output,
      output_tokens_details: { reasoning_tokens: MAIN_REASONING_TOKENS },
      total_tokens: want.input + want.output,
    });
    assert.ok(want.cached > 0, "a body of this size has a cached part");

    const body2 = JSON.stringify({
      model: "m",
      stream: true,
      tools: WRITE_TOOLS.responses,
      input: [
        { type: "function_call", call_id: "call_wave_0", name: "exec_command", arguments: "{}" },
        { type: "function_call_output", call_id: "call_wave_0", output: "Process exited with code 0\n" },
      ],
    });
    const events2 = await readSse(await post(baseUrl, "/v1/responses", key, body2, "bearer"));
    const usage2 = JSON.parse(events2.find((e) => e.event === "response.completed")!.data).response.usage as Json;
    assert.equal(usage2.input_tokens, Math.ceil(body2.length / 4));
    const act = server.activity("U1")!;
    assert.deepEqual(act.usage, {
      inputTokens: usage.input_tokens + usage2.input_tokens,
      cachedInputTokens: usage.input_tokens_details.cached_tokens + usage2.input_tokens_details.cached_tokens,
      outputTokens: usage.output_tokens + usage2.output_tokens,
      reasoningTokens: 2 * MAIN_REASONING_TOKENS,
      requests: 2,
    });
    const logged = entriesOf("U1").map((e) => e.usage);
    assert.deepEqual(logged, [
      { inputTokens: want.input, cachedInputTokens: want.cached, outputTokens: want.output, reasoningTokens: MAIN_REASONING_TOKENS },
      {
        inputTokens: usage2.input_tokens,
        cachedInputTokens: usage2.input_tokens_details.cached_tokens,
        outputTokens: usage2.output_tokens,
        reasoningTokens: MAIN_REASONING_TOKENS,
      },
    ]);
    const fromFile = readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json)
      .filter((e) => e.agent === "U1");
    assert.deepEqual(
      fromFile.map((e) => e.usage),
      logged,
    );
  });

  test("Messages API: input_tokens without the cache, cache_read the cached part, output_tokens in message_delta and in a non-streamed message", async () => {
    const { key, baseUrl } = server.register(script("U2"));
    const body = JSON.stringify({ model: "c", stream: true, tools: WRITE_TOOLS.messages, messages: [{ role: "user", content: "go" }] });
    const events = await readSse(await post(baseUrl, "/v1/messages", key, body, "x-api-key"));
    const start = JSON.parse(events.find((e) => e.event === "message_start")!.data).message.usage as Json;
    const delta = JSON.parse(events.find((e) => e.event === "message_delta")!.data).usage as Json;
    const partial = JSON.parse(events.find((e) => e.event === "content_block_delta")!.data).delta.partial_json as string;
    const want = expected(body.length, partial.length, true);
    assert.equal(start.input_tokens, want.input - want.cached);
    assert.equal(start.cache_read_input_tokens, want.cached);
    assert.equal(start.cache_creation_input_tokens, 0);
    assert.deepEqual(delta, {
      input_tokens: want.input - want.cached,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: want.cached,
      output_tokens: want.output,
    });

    const body2 = JSON.stringify({
      model: "c",
      stream: false,
      tools: WRITE_TOOLS.messages,
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: [{ type: "tool_use", id: "call_wave_0", name: "Write", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_wave_0", content: "File created successfully" }] },
      ],
    });
    const res = await post(baseUrl, "/v1/messages", key, body2, "x-api-key");
    assert.equal(res.headers.get("content-type"), "application/json");
    const message = (await res.json()) as Json;
    assert.equal(message.content[0].type, "tool_use");
    const want2 = expected(body2.length, JSON.stringify(message.content[0].input).length, true);
    assert.deepEqual(message.usage, {
      input_tokens: want2.input - want2.cached,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: want2.cached,
      output_tokens: want2.output,
    });
    assert.deepEqual(server.activity("U2")!.usage, {
      inputTokens: want.input + want2.input,
      cachedInputTokens: want.cached + want2.cached,
      outputTokens: want.output + want2.output,
      reasoningTokens: 2 * MAIN_REASONING_TOKENS,
      requests: 2,
    });
  });

  test("chat completions: prompt/completion totals with cached and reasoning details, streamed (final chunk) and not", async () => {
    const { key, baseUrl } = server.register(script("U3", "normal", 0));
    const body = JSON.stringify({
      model: "o",
      stream: true,
      stream_options: { include_usage: true },
      tools: WRITE_TOOLS.chat,
      messages: [{ role: "user", content: "go" }],
    });
    const events = await readSse(await post(baseUrl, "/v1/chat/completions", key, body, "bearer"));
    assert.equal(events.at(-1)!.data, "[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Json);
    const last = chunks.at(-1)!;
    assert.deepEqual(last.choices, []);
    assert.equal(chunks[0].choices[0].delta.content, FINAL);
    const want = expected(body.length, FINAL.length, true);
    assert.deepEqual(last.usage, {
      prompt_tokens: want.input,
      prompt_tokens_details: { cached_tokens: want.cached },
      completion_tokens: want.output,
      completion_tokens_details: { reasoning_tokens: MAIN_REASONING_TOKENS },
      total_tokens: want.input + want.output,
    });

    const body2 = JSON.stringify({ model: "o", stream: false, tools: WRITE_TOOLS.chat, messages: [{ role: "user", content: "again" }] });
    const res = await post(baseUrl, "/v1/chat/completions", key, body2, "bearer");
    const completion = (await res.json()) as Json;
    const want2 = expected(body2.length, FINAL.length, true);
    assert.deepEqual(completion.usage, {
      prompt_tokens: want2.input,
      prompt_tokens_details: { cached_tokens: want2.cached },
      completion_tokens: want2.output,
      completion_tokens_details: { reasoning_tokens: MAIN_REASONING_TOKENS },
      total_tokens: want2.input + want2.output,
    });
    assert.equal(server.activity("U3")!.usage.requests, 2);
  });

  test("side requests (titles, quota checks) report usage without reasoning and count in the activity", async () => {
    const { key, baseUrl } = server.register(script("U4"));
    const side = JSON.stringify({
      model: "o",
      stream: true,
      messages: [{ role: "user", content: "Generate a title for this conversation" }],
    });
    const events = await readSse(await post(baseUrl, "/v1/chat/completions", key, side, "bearer"));
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Json);
    const text = chunks[0].choices[0].delta.content as string;
    assert.equal(text, "Rehearsal U4");
    const want = expected(side.length, text.length, false);
    assert.deepEqual(chunks.at(-1)!.usage, {
      prompt_tokens: want.input,
      prompt_tokens_details: { cached_tokens: want.cached },
      completion_tokens: want.output,
      completion_tokens_details: { reasoning_tokens: 0 },
      total_tokens: want.input + want.output,
    });
    const quota = JSON.stringify({ model: "c", stream: false, max_tokens: 1, messages: [{ role: "user", content: "quota" }] });
    const message = (await (await post(baseUrl, "/v1/messages", key, quota, "x-api-key")).json()) as Json;
    const wantQuota = expected(quota.length, "Rehearsal U4".length, false);
    assert.equal(message.usage.output_tokens, wantQuota.output);
    assert.equal(message.usage.input_tokens + message.usage.cache_read_input_tokens, wantQuota.input);

    const act = server.activity("U4")!;
    assert.deepEqual(act.usage, {
      inputTokens: want.input + wantQuota.input,
      cachedInputTokens: want.cached + wantQuota.cached,
      outputTokens: want.output + wantQuota.output,
      reasoningTokens: 0,
      requests: 2,
    });
    assert.equal(act.finalSent, false);
    assert.deepEqual(act.calls, []);
    assert.deepEqual(act.sessions, [], "side requests are no conversation");
    assert.deepEqual(
      entriesOf("U4").map((e) => [e.reply, e.usage?.reasoningTokens, e.session]),
      [
        ["side", 0, undefined],
        ["side", 0, undefined],
      ],
    );
  });

  test("refused and rate-limited requests report no usage and count no answer", async () => {
    const { key, baseUrl } = server.register(script("U5", "rate-limit"));
    const body = JSON.stringify({ stream: true, tools: WRITE_TOOLS.messages, messages: [] });
    const limited = await post(baseUrl, "/v1/messages", key, body, "x-api-key");
    assert.equal(limited.status, 429);
    await limited.body?.cancel();
    const wrong = await post(baseUrl, "/v1/messages", "wrong-key", body, "x-api-key");
    assert.equal(wrong.status, 401);
    await wrong.body?.cancel();
    assert.deepEqual(server.activity("U5")!.usage, {
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      reasoningTokens: 0,
      requests: 0,
    });
    assert.equal(entriesOf("U5").find((e) => e.reply === "rate-limit")!.usage, undefined);
  });
});

describe("rehearsal server: variant interrupt", () => {
  /** A server of its own (each test closes it) whose log entries can be awaited. */
  async function ownServer() {
    const waiting: { reply: LogEntry["reply"]; agent: string; resolve: (e: LogEntry) => void }[] = [];
    const own = await startRehearsalServer({
      onLog: (e) => {
        const i = waiting.findIndex((w) => w.reply === e.reply && w.agent === e.agent);
        if (i >= 0) waiting.splice(i, 1)[0]!.resolve(e);
      },
    });
    const next = (agent: string, reply: LogEntry["reply"]) => new Promise<LogEntry>((resolve) => waiting.push({ agent, reply, resolve }));
    return { own, next };
  }

  /** The hang's log entry; an answer to the request instead fails the test (rather than waiting forever). */
  const hangs = (hung: Promise<LogEntry>, pending: Promise<Response>) =>
    Promise.race([
      hung,
      pending.then((res) => {
        throw new Error(`the request was answered (${res.status}) instead of left hanging`);
      }),
    ]);

  const chat = (messages: unknown[]) => JSON.stringify({ stream: true, tools: WRITE_TOOLS.chat, messages });
  const afterCall = (n: number) => {
    const messages: unknown[] = [{ role: "user", content: "go" }];
    for (let i = 0; i < n; i++) {
      messages.push({
        role: "assistant",
        tool_calls: [{ id: `call_wave_${i}`, type: "function", function: { name: "write", arguments: "{}" } }],
      });
      messages.push({ role: "tool", tool_call_id: `call_wave_${i}`, content: "Wrote file successfully." });
    }
    return chat(messages);
  };

  test("the first main request is answered, the next one hangs; later requests (a retry) are answered; closing ends the hang", async () => {
    const { own, next } = await ownServer();
    const reg = own.register(script("I1", "interrupt", 2));
    // A side request does not count as the first answer.
    const side = await post(
      reg.baseUrl,
      "/v1/chat/completions",
      reg.key,
      JSON.stringify({ stream: true, messages: [{ role: "user", content: "title" }] }),
      "bearer",
    );
    await readSse(side);
    const first = (await readSse(await post(reg.baseUrl, "/v1/chat/completions", reg.key, afterCall(0), "bearer")))
      .slice(0, -1)
      .map((e) => JSON.parse(e.data) as Json);
    assert.equal(first[0].choices[0].delta.tool_calls[0].id, "call_wave_0");

    const hung = next("I1", "hang");
    const pending = post(reg.baseUrl, "/v1/chat/completions", reg.key, afterCall(1), "bearer");
    const entry = await hangs(hung, pending);
    assert.equal(entry.step, 1);
    assert.deepEqual(entry.results, [{ step: 0, status: "ok" }]);
    assert.equal(own.activity("I1")!.hung, 1);
    assert.deepEqual(
      own.activity("I1")!.calls.map((c) => [c.step, c.status]),
      [[0, "ok"]],
      "the hung request still delivered the result of the first write",
    );

    // A later process of the same agent registers again (a retry): answered from then on.
    const retry = own.register(script("I1", "interrupt", 2));
    const noMoreHangs = next("I1", "hang").then((e) => {
      throw new Error(`the request of step ${e.step} was left hanging again`);
    });
    const answered = async (body: string) => {
      const res = await Promise.race([post(retry.baseUrl, "/v1/chat/completions", retry.key, body, "bearer"), noMoreHangs]);
      return (await readSse(res)).slice(0, -1).map((e) => JSON.parse(e.data) as Json);
    };
    const again = await answered(afterCall(0));
    assert.equal(again[0].choices[0].delta.tool_calls[0].id, "call_wave_0");
    const second = await answered(afterCall(1));
    assert.equal(second[0].choices[0].delta.tool_calls[0].id, "call_wave_1");
    const final = await answered(afterCall(2));
    assert.equal(final[0].choices[0].delta.content, FINAL);
    const act = own.activity("I1")!;
    assert.equal(act.hung, 1);
    assert.equal(act.finalSent, true);
    assert.equal(act.usage.requests, 5, "the side answer, the first answer and three of the retry");
    assert.deepEqual(
      own.log().map((e) => e.reply),
      ["side", "call", "hang", "call", "call", "text"],
    );
    await own.close();
    await assert.rejects(pending);
  });

  test("a script without writes: the final text is the first answer, the next main request hangs", async () => {
    const { own, next } = await ownServer();
    const { key, baseUrl } = own.register(script("I2", "interrupt", 0));
    const body = JSON.stringify({ stream: false, tools: WRITE_TOOLS.messages, messages: [{ role: "user", content: "go" }] });
    const first = (await (await post(baseUrl, "/v1/messages", key, body, "x-api-key")).json()) as Json;
    assert.equal(first.content[0].text, FINAL);
    const hung = next("I2", "hang");
    const pending = post(baseUrl, "/v1/messages", key, body, "x-api-key");
    assert.equal((await hangs(hung, pending)).step, 0);
    const noMoreHangs = next("I2", "hang").then(() => {
      throw new Error("a second request was left hanging");
    });
    const later = (await (await Promise.race([post(baseUrl, "/v1/messages", key, body, "x-api-key"), noMoreHangs])).json()) as Json;
    assert.equal(later.content[0].text, FINAL);
    assert.equal(own.activity("I2")!.hung, 1);
    await own.close();
    await assert.rejects(pending);
  });
});

describe("rehearsal server: sessions, history and the newest user text", () => {
  test("Responses (codex): thread-id header; history = scripted calls so far; lastUser skips injected context", async () => {
    const { key, baseUrl } = server.register(script("S1"));
    const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
    const env = "<environment_context>\n  <cwd>/r</cwd>\n</environment_context>";
    const headers = { "thread-id": "thread-A", "session-id": "thread-A", "x-secret-header": "do-not-log-me" };
    const first = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.responses,
      input: [{ type: "message", role: "developer", content: [] }, user(env), user("Write the files.")],
    });
    await readSse(await post(baseUrl, "/v1/responses", key, first, "bearer", headers));
    const resumed = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.responses,
      input: [
        user(env),
        user("Write the files."),
        { type: "function_call", call_id: "call_wave_0", name: "exec_command", arguments: "{}" },
        { type: "function_call_output", call_id: "call_wave_0", output: "Process exited with code 0\n" },
        user(`You were interrupted. Continue. ${"x".repeat(300)}`),
        user(env),
      ],
    });
    await readSse(await post(baseUrl, "/v1/responses", key, resumed, "bearer", headers));
    // Without the headers: the body's client_metadata, else prompt_cache_key.
    const other = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.responses,
      client_metadata: { thread_id: "thread-B" },
      prompt_cache_key: "cache-B",
      input: [],
    });
    await readSse(await post(baseUrl, "/v1/responses", key, other, "bearer"));
    const third = JSON.stringify({ stream: true, tools: WRITE_TOOLS.responses, prompt_cache_key: "cache-C", input: [] });
    await readSse(await post(baseUrl, "/v1/responses", key, third, "bearer"));

    const seen = entriesOf("S1").map((e) => [e.session, e.history, e.lastUser]);
    const longText = `You were interrupted. Continue. ${"x".repeat(300)}`.slice(0, 160);
    assert.deepEqual(seen, [
      ["thread-A", 0, "Write the files."],
      ["thread-A", 1, longText],
      ["thread-B", 0, null],
      ["cache-C", 0, null],
    ]);
    const act = server.activity("S1")!;
    assert.deepEqual(act.sessions, ["thread-A", "thread-B", "cache-C"]);
    assert.deepEqual(act.firstRequests, [
      { session: "thread-A", history: 0, lastUser: "Write the files." },
      { session: "thread-B", history: 0, lastUser: null },
      { session: "cache-C", history: 0, lastUser: null },
    ]);
    const log = readFileSync(logFile, "utf8");
    assert.ok(!log.includes("do-not-log-me"), "other headers are never logged");
    assert.ok(!log.includes("environment_context"), "bodies are never logged");
  });

  test("Messages (Claude Code): x-claude-code-session-id, else metadata.user_id; tool results and system reminders are not user text", async () => {
    const { key, baseUrl } = server.register(script("S2"));
    const reminder = "<system-reminder>\nToday's date is 2026-01-01.\n</system-reminder>\n\n";
    const prompt = {
      role: "user",
      content: [
        { type: "text", text: reminder },
        { type: "text", text: "# Wave 1 / Agent S2" },
      ],
    };
    const withHeader = JSON.stringify({ stream: true, tools: WRITE_TOOLS.messages, messages: [prompt] });
    await readSse(await post(baseUrl, "/v1/messages", key, withHeader, "x-api-key", { "x-claude-code-session-id": "5504ea83-claude" }));
    const toolTurn = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.messages,
      metadata: { user_id: JSON.stringify({ device_id: "d", account_uuid: "", session_id: "5504ea83-claude" }) },
      messages: [
        prompt,
        { role: "assistant", content: [{ type: "tool_use", id: "call_wave_0", name: "Write", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_wave_0", content: "File created successfully" }] },
        { role: "system", content: "Available agent types" },
      ],
    });
    await readSse(await post(baseUrl, "/v1/messages", key, toolTurn, "x-api-key"));
    const resumed = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.messages,
      metadata: { user_id: "user_abc_account__session_9f1e-old-style" },
      messages: [
        prompt,
        { role: "assistant", content: [{ type: "tool_use", id: "call_wave_0", name: "Write", input: {} }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_wave_0", content: "File created successfully" },
            { type: "text", text: "You were interrupted; continue where you left off." },
          ],
        },
      ],
    });
    await readSse(await post(baseUrl, "/v1/messages", key, resumed, "x-api-key"));
    const none = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.messages,
      messages: [{ role: "user", content: "plain string prompt" }],
    });
    await readSse(await post(baseUrl, "/v1/messages", key, none, "x-api-key"));
    assert.deepEqual(
      entriesOf("S2").map((e) => [e.session, e.history, e.lastUser]),
      [
        ["5504ea83-claude", 0, "# Wave 1 / Agent S2"],
        ["5504ea83-claude", 1, "# Wave 1 / Agent S2"],
        ["9f1e-old-style", 1, "You were interrupted; continue where you left off."],
        [null, 0, "plain string prompt"],
      ],
    );
    assert.deepEqual(server.activity("S2")!.firstRequests, [
      { session: "5504ea83-claude", history: 0, lastUser: "# Wave 1 / Agent S2" },
      { session: "9f1e-old-style", history: 1, lastUser: "You were interrupted; continue where you left off." },
    ]);
  });

  test("chat (OpenCode): x-session-id; a continued session's first request already carries its history", async () => {
    const { key, baseUrl } = server.register(script("S3"));
    const headers = { "x-session-id": "ses_abc", "x-session-affinity": "ses_abc" };
    const start = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.chat,
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "Write the files." },
      ],
    });
    await readSse(await post(baseUrl, "/v1/chat/completions", key, start, "bearer", headers));
    const continued = JSON.stringify({
      stream: true,
      tools: WRITE_TOOLS.chat,
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "Write the files." },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ id: "call_wave_0", type: "function", function: { name: "write", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "call_wave_0", content: "Wrote file successfully." },
        { role: "user", content: [{ type: "text", text: "Continue after the interruption." }] },
      ],
    });
    await readSse(await post(baseUrl, "/v1/chat/completions", key, continued, "bearer", { "x-session-id": "ses_def" }));
    await readSse(await post(baseUrl, "/v1/chat/completions", key, continued, "bearer"));
    assert.deepEqual(
      entriesOf("S3").map((e) => [e.session, e.history, e.lastUser]),
      [
        ["ses_abc", 0, "Write the files."],
        ["ses_def", 1, "Continue after the interruption."],
        [null, 1, "Continue after the interruption."],
      ],
    );
    const act = server.activity("S3")!;
    assert.deepEqual(act.sessions, ["ses_abc", "ses_def"]);
    assert.deepEqual(
      act.firstRequests.map((f) => [f.session, f.history]),
      [
        ["ses_abc", 0],
        ["ses_def", 1],
      ],
    );
  });
});
