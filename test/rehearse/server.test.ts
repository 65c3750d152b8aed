/**
 * The rehearsal model server, format by format, through a real HTTP client: streamed answers are
 * read event by event as a CLI reads them; tool results sent back are matched to their steps.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type AgentScript, scriptFor } from "../../src/rehearse/script.js";
import { type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { makeCtx, makeExecutor } from "../executors/fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: wire JSON is read loosely in assertions
type Json = any;

const ROOT = "/work-tree";

function script(agentId: string, variant: AgentScript["variant"] = "normal"): AgentScript {
  const ctx = makeCtx(makeExecutor("codex"), {
    root: ROOT,
    agent: { agentId, deliverables: ["src/out.js"], ownedPaths: ["src/out.js"] },
  });
  return scriptFor(ctx, variant);
}

/** Reads an SSE body event by event (as the CLIs do), returning `{event, data}` pairs. */
async function readSse(res: Response): Promise<{ event: string | null; data: string }[]> {
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  const events: { event: string | null; data: string }[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event: string | null = null;
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        if (line.startsWith("data: ")) data += line.slice(6);
      }
      events.push({ event, data });
      end = buffer.indexOf("\n\n");
    }
  }
  assert.equal(buffer, "", "the stream ends on an event boundary");
  return events;
}

let server: RehearsalServer;
let tmp = "";
let logFile = "";

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-rehearse-server-"));
  logFile = path.join(tmp, "requests.jsonl");
  server = await startRehearsalServer({ logFile });
});

after(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

function post(base: string, route: string, key: string, body: unknown, header: "bearer" | "x-api-key" = "bearer"): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(header === "bearer" ? { authorization: `Bearer ${key}` } : { "x-api-key": key }) },
    body: JSON.stringify(body),
  });
}

describe("rehearsal server", () => {
  test("answers only on loopback", () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test("Responses API (codex): exec_command call, then the final message; usage in response.completed", async () => {
    const s = script("R1");
    const { key, baseUrl } = server.register(s);
    const tools = [{ type: "function", name: "exec_command" }];
    const first = await post(baseUrl, "/v1/responses", key, {
      model: "m",
      stream: true,
      tools,
      input: [{ type: "message", role: "user", content: [] }],
    });
    assert.equal(first.status, 200);
    const events = await readSse(first);
    assert.deepEqual(
      events.map((e) => e.event),
      ["response.created", "response.output_item.added", "response.output_item.done", "response.completed"],
    );
    const item = JSON.parse(events[2]!.data).item as Json;
    assert.equal(item.type, "function_call");
    assert.equal(item.name, "exec_command");
    assert.equal(item.call_id, "call_wave_0");
    assert.match(JSON.parse(item.arguments).cmd, /printf '%s' .* > 'src\/out\.js'$/s);
    const completed = JSON.parse(events[3]!.data).response as Json;
    assert.ok(completed.usage.input_tokens > 0 && completed.usage.output_tokens > 0);
    assert.equal(completed.usage.total_tokens, completed.usage.input_tokens + completed.usage.output_tokens);

    const second = await post(baseUrl, "/v1/responses", key, {
      model: "m",
      stream: true,
      tools,
      input: [
        { type: "function_call", call_id: "call_wave_0", name: "exec_command", arguments: "{}" },
        { type: "function_call_output", call_id: "call_wave_0", output: "Process exited with code 0\nOutput:\n" },
      ],
    });
    const done = (await readSse(second)).find((e) => e.event === "response.output_item.done")!;
    const message = JSON.parse(done.data).item as Json;
    assert.equal(message.type, "message");
    assert.match(message.content[0].text, /^\[wave-proof\] /m);
    const act = server.activity("R1")!;
    assert.deepEqual(
      act.calls.map((c) => [c.tool, c.path, c.status]),
      [["exec_command", "src/out.js", "ok"]],
    );
    assert.equal(act.finalSent, true);
  });

  test("Responses API: a custom apply_patch tool gets a freeform Add File patch", async () => {
    const { key, baseUrl } = server.register(script("R2"));
    const res = await post(baseUrl, "/v1/responses", key, { stream: true, tools: [{ type: "custom", name: "apply_patch" }], input: [] });
    const item = JSON.parse((await readSse(res)).find((e) => e.event === "response.output_item.done")!.data).item as Json;
    assert.equal(item.type, "custom_tool_call");
    assert.match(item.input, /^\*\*\* Begin Patch\n\*\*\* Add File: src\/out\.js\n\+/);
    assert.match(item.input, /\*\*\* End Patch\n$/);
  });

  test("Messages API (Claude Code): HEAD 404, streamed Write with an absolute path, a refused write recorded", async () => {
    const { key, baseUrl } = server.register(script("M1"));
    const head = await fetch(`${baseUrl}`, { method: "HEAD" });
    assert.equal(head.status, 404);
    const tools = [{ name: "Write" }, { name: "Read" }];
    const res = await post(
      baseUrl,
      "/v1/messages?beta=true",
      key,
      { model: "c", stream: true, tools, messages: [{ role: "user", content: "go" }] },
      "x-api-key",
    );
    const events = await readSse(res);
    assert.deepEqual(
      events.map((e) => e.event),
      ["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"],
    );
    const start = JSON.parse(events[1]!.data).content_block as Json;
    assert.equal(start.type, "tool_use");
    assert.equal(start.name, "Write");
    const input = JSON.parse(JSON.parse(events[2]!.data).delta.partial_json) as Json;
    assert.equal(input.file_path, path.join(ROOT, "src/out.js"));
    const delta = JSON.parse(events[4]!.data) as Json;
    assert.equal(delta.delta.stop_reason, "tool_use");
    assert.ok(delta.usage.output_tokens > 0);
    assert.ok(JSON.parse(events[0]!.data).message.usage.input_tokens > 0);

    const refused = await post(
      baseUrl,
      "/v1/messages",
      key,
      {
        stream: true,
        tools,
        messages: [
          { role: "assistant", content: [{ type: "tool_use", id: "call_wave_0", name: "Write", input: {} }] },
          {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: "call_wave_0",
                is_error: true,
                content: "Claude requested permissions to write, but you haven't granted it yet.",
              },
            ],
          },
        ],
      },
      "x-api-key",
    );
    const text = (await readSse(refused)).filter((e) => e.event === "content_block_delta").map((e) => JSON.parse(e.data).delta.text);
    assert.match(text.join(""), /\[wave-proof\]/);
    assert.deepEqual(
      server.activity("M1")!.calls.map((c) => c.status),
      ["denied"],
    );
  });

  test("Messages API: a request without tools (a side request) gets text and advances nothing", async () => {
    const { key, baseUrl } = server.register(script("M2"));
    const res = await post(baseUrl, "/v1/messages", key, { stream: false, messages: [{ role: "user", content: "quota" }] }, "x-api-key");
    const body = (await res.json()) as Json;
    assert.equal(body.type, "message");
    assert.equal(body.content[0].type, "text");
    assert.equal(server.activity("M2")!.calls.length, 0);
    assert.equal(server.activity("M2")!.finalSent, false);
  });

  test("chat completions (OpenCode): title request, tool_calls delta with filePath, usage chunk, [DONE]", async () => {
    const { key, baseUrl } = server.register(script("C1"));
    const title = await post(baseUrl, "/v1/chat/completions", key, { stream: true, messages: [{ role: "user", content: "title?" }] });
    const titleEvents = await readSse(title);
    assert.equal(titleEvents.at(-1)!.data, "[DONE]");
    assert.ok(JSON.parse(titleEvents[0]!.data).choices[0].delta.content.length > 0);

    const tools = [
      { type: "function", function: { name: "write" } },
      { type: "function", function: { name: "read" } },
    ];
    const res = await post(baseUrl, "/v1/chat/completions", key, { stream: true, tools, messages: [{ role: "user", content: "go" }] });
    const events = await readSse(res);
    assert.equal(events.at(-1)!.data, "[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Json);
    const call = chunks[0].choices[0].delta.tool_calls[0];
    assert.equal(call.function.name, "write");
    assert.equal(JSON.parse(call.function.arguments).filePath, path.join(ROOT, "src/out.js"));
    assert.equal(chunks[1].choices[0].finish_reason, "tool_calls");
    assert.ok(chunks[2].usage.prompt_tokens > 0 && chunks[2].usage.completion_tokens > 0);

    const final = await post(baseUrl, "/v1/chat/completions", key, {
      stream: true,
      tools,
      messages: [
        { role: "assistant", tool_calls: [{ id: "call_wave_0", type: "function", function: { name: "write", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_wave_0", content: "Wrote file successfully." },
      ],
    });
    const finalChunks = (await readSse(final)).slice(0, -1).map((e) => JSON.parse(e.data) as Json);
    assert.match(finalChunks[0].choices[0].delta.content, /\[wave-doc-delta\]/);
    assert.equal(finalChunks[1].choices[0].finish_reason, "stop");
    assert.deepEqual(
      server.activity("C1")!.calls.map((c) => c.status),
      ["ok"],
    );
  });

  test("a tool the CLI does not offer counts as refused", async () => {
    const { key, baseUrl } = server.register(script("C2"));
    const tools = [{ type: "function", function: { name: "read" } }];
    await readSse(await post(baseUrl, "/v1/chat/completions", key, { stream: true, tools, messages: [] }));
    const [call] = server.activity("C2")!.calls;
    assert.equal(call!.status, "denied");
    assert.match(call!.detail ?? "", /did not offer/);
  });

  test("keys: a wrong key, another agent's key and no key get 401; the log never holds a key", async () => {
    const a = server.register(script("K1"));
    const b = server.register(script("K2"));
    for (const key of ["nope", b.key, ""]) {
      const res = await post(a.baseUrl, "/v1/chat/completions", key, { stream: true, tools: [], messages: [] });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    assert.equal(server.activity("K1")!.requests, 0);
    const log = readFileSync(logFile, "utf8");
    for (const key of [a.key, b.key]) assert.ok(!log.includes(key));
    assert.ok(
      log
        .split("\n")
        .filter(Boolean)
        .every((l) => JSON.parse(l).method),
    );
  });

  test("variant rate-limit: one 429 per agent in the format's own error shape, then normal answers", async () => {
    const { key, baseUrl } = server.register(script("L1", "rate-limit"));
    const res = await post(baseUrl, "/v1/messages", key, { stream: true, tools: [{ name: "Write" }], messages: [] }, "x-api-key");
    assert.equal(res.status, 429);
    assert.ok(res.headers.get("retry-after"));
    const body = (await res.json()) as Json;
    assert.equal(body.error.type, "rate_limit_error");
    const again = await post(baseUrl, "/v1/messages", key, { stream: true, tools: [{ name: "Write" }], messages: [] }, "x-api-key");
    assert.equal(again.status, 200);
    await readSse(again);
    assert.equal(server.activity("L1")!.rateLimited, 1);
  });

  test("variant no-markers: the final message carries no marker", async () => {
    const { key, baseUrl } = server.register(script("N1", "no-markers"));
    const res = await post(baseUrl, "/v1/responses", key, {
      stream: true,
      tools: [{ type: "function", name: "exec_command" }],
      input: [{ type: "function_call", call_id: "call_wave_0", name: "exec_command", arguments: "{}" }],
    });
    const item = JSON.parse((await readSse(res)).find((e) => e.event === "response.output_item.done")!.data).item as Json;
    assert.equal(item.type, "message");
    assert.doesNotMatch(item.content[0].text, /\[wave-/);
  });

  test("variant hang: the model request is never answered; closing the server ends it", async () => {
    let hung: () => void = () => {};
    const seen = new Promise<void>((resolve) => {
      hung = resolve;
    });
    const own = await startRehearsalServer({
      onLog: (e) => {
        if (e.reply === "hang") hung();
      },
    });
    const { key, baseUrl } = own.register(script("H1", "hang"));
    const pending = post(baseUrl, "/v1/chat/completions", key, {
      stream: true,
      tools: [{ type: "function", function: { name: "write" } }],
      messages: [],
    });
    await seen;
    assert.equal(own.activity("H1")!.hung, 1);
    await own.close();
    await assert.rejects(pending);
  });
});
