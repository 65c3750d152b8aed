/**
 * The readable view of agent logs (src/signals/render.ts): each CLI's real events (samples of logs
 * the real codex, Claude Code and OpenCode CLIs wrote in a rehearsal, shortened, with the work tree
 * shown as /repo), the shapes those rehearsals do not produce, lines that pass through unchanged,
 * malformed and huge lines, streaming in chunks, the job summary's log tails and the tmux viewer.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { collectReportExtras } from "../../src/action/summary.js";
import { readableLogTail } from "../../src/report/tails.js";
import { runTmuxView } from "../../src/report/tmux-view.js";
import { createRedactor, REDACTED } from "../../src/security/redact.js";
import {
  MAX_EVENT_CHARS,
  OUTPUT_LINES,
  type RenderFormat,
  type RenderOptions,
  renderSettingsOfLaunch,
  renderTranscriptText,
  SUMMARY_CHARS,
  TranscriptRenderer,
} from "../../src/signals/render.js";
import { agentPaths, runPathsOf } from "../../src/state/paths.js";
import { failedResult } from "../report/fixtures.js";

const CWD = "/repo";
const render = (lines: string[], format: RenderFormat, options: RenderOptions = { cwd: CWD }) =>
  renderTranscriptText(`${lines.join("\n")}\n`, format, options)
    .split("\n")
    .slice(0, -1);

const MARKERS = "[wave-proof] completion=contract durability=none proof=unit state=met\n[wave-doc-delta] state=none\n";

// --- real samples ------------------------------------------------------------------------------

const CODEX_LOG = [
  "",
  "--- wave: A1 attempt 1 (codex) started 2026-11-30T18:20:39.508Z ---",
  'WARNING: proceeding, even though we could not create PATH aliases: Refusing to create helper binaries under temporary dir "/tmp"',
  '{"type":"thread.started","thread_id":"01a22db0-05be-71b3-afd8-6df23f7b3524"}',
  '{"type":"turn.started"}',
  '{"type":"item.started","item":{"id":"item_0","type":"file_change","changes":[{"path":"/repo/src/a1.js","kind":"add"}],"status":"in_progress"}}',
  '{"type":"item.completed","item":{"id":"item_0","type":"file_change","changes":[{"path":"/repo/src/a1.js","kind":"add"}],"status":"completed"}}',
  "2026-11-30T18:26:32.047070Z ERROR codex_core::tools::router: error=patch rejected: writing is blocked by read-only sandbox",
  JSON.stringify({
    type: "item.completed",
    item: { id: "item_1", type: "agent_message", text: `Rehearsal of agent A1: scripted work done.\n${MARKERS}` },
  }),
  '{"type":"turn.completed","usage":{"input_tokens":32283,"cached_input_tokens":8070,"cache_write_input_tokens":0,"output_tokens":91,"reasoning_output_tokens":14}}',
];

const CLAUDE_INIT =
  '{"type":"system","subtype":"init","cwd":"/repo","session_id":"00b7e650-5982-43d2-ad4b-296c53833e75","tools":["Task","Bash","Edit","Read","Write"],"mcp_servers":[],"model":"claude-opus-4-8[1m]","permissionMode":"acceptEdits","apiKeySource":"ANTHROPIC_API_KEY","claude_code_version":"2.1.197","output_style":"default","uuid":"fa649a9c-4ab6-4a9e-bae2-06d637bf9ed3","fast_mode_state":"off"}';
const CLAUDE_WRITE =
  '{"type":"assistant","message":{"id":"msg_3","type":"message","role":"assistant","model":"claude-opus-4-8","content":[{"type":"tool_use","id":"call_wave_0","name":"Write","input":{"file_path":"/repo/src/a2.js","content":"export {};\\n"}}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":19946,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0},"context_management":null},"parent_tool_use_id":null,"session_id":"00b7e650-5982-43d2-ad4b-296c53833e75","uuid":"5237593c-c352-4f9f-bfee-ac78b286d041"}';
const CLAUDE_WRITTEN =
  '{"type":"user","message":{"role":"user","content":[{"tool_use_id":"call_wave_0","type":"tool_result","content":"File created successfully at: /repo/src/a2.js (file state is current in your context — no need to Read it back)"}]},"parent_tool_use_id":null,"session_id":"00b7e650-5982-43d2-ad4b-296c53833e75","uuid":"42784ce0-df74-4ccb-b0e4-725ded6e69cf","timestamp":"2026-11-30T18:20:41.360Z","tool_use_result":{"type":"create","filePath":"/repo/src/a2.js","content":"export {};\\n","structuredPatch":[],"originalFile":null,"userModified":false}}';
const CLAUDE_REFUSED =
  '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"Claude requested permissions to write to /repo/src/a2.js, but you haven\'t granted it yet.","is_error":true,"tool_use_id":"call_wave_0"}]},"parent_tool_use_id":null,"session_id":"bc700592-eef0-47bd-8f93-f5871dbc7228","uuid":"8b5cef4e-237a-4dbd-9219-2db3aa47d664","timestamp":"2026-11-30T18:26:32.887Z","tool_use_result":"Error: Claude requested permissions to write to /repo/src/a2.js, but you haven\'t granted it yet."}';
const CLAUDE_TEXT = JSON.stringify({
  type: "assistant",
  message: {
    id: "msg_4",
    type: "message",
    role: "assistant",
    model: "claude-opus-4-8",
    content: [{ type: "text", text: `Rehearsal of agent A2: scripted work done.\n${MARKERS}` }],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 20047, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    context_management: null,
  },
  parent_tool_use_id: null,
  session_id: "00b7e650-5982-43d2-ad4b-296c53833e75",
  uuid: "e6075561-229b-4560-8880-f94486faae3e",
});
const claudeResult = (agent: string) =>
  JSON.stringify({
    type: "result",
    subtype: "success",
    is_error: false,
    api_error_status: null,
    duration_ms: 219,
    duration_api_ms: 57,
    num_turns: 2,
    result: `Rehearsal of agent ${agent}: scripted work done.\n${MARKERS}`,
    stop_reason: "end_turn",
    session_id: "00b7e650-5982-43d2-ad4b-296c53833e75",
    total_cost_usd: 0.20138999999999996,
    usage: { input_tokens: 39993, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 57, service_tier: "standard" },
    modelUsage: { "claude-opus-4-8[1m]": { inputTokens: 39993, outputTokens: 57, costUSD: 0.20138999999999996 } },
    permission_denials: [],
    terminal_reason: "completed",
    uuid: "bc6a5fd1-7b22-45fe-a034-0e2382a542df",
  });
/** A 429 as Claude Code 2.1 reports it: a made-up assistant message, then an error result. */
const CLAUDE_429 = [
  '{"type":"assistant","message":{"id":"99bbc9b1-0a18-4797-ab18-3513dba91876","container":null,"model":"<synthetic>","role":"assistant","stop_details":null,"stop_reason":"stop_sequence","stop_sequence":"","type":"message","usage":{"input_tokens":0,"output_tokens":0},"content":[{"type":"text","text":"API Error: Request rejected (429) · Rate limit reached"}],"context_management":null},"parent_tool_use_id":null,"session_id":"39d33226-206d-44fb-b70c-62a076bd5f78","uuid":"d61af670-67fd-4d40-bc0f-c0b72cbc0b3d","error":"rate_limit"}',
  '{"type":"result","subtype":"success","is_error":true,"api_error_status":429,"duration_ms":306,"duration_api_ms":0,"num_turns":1,"result":"API Error: Request rejected (429) · Rate limit reached","stop_reason":"stop_sequence","session_id":"39d33226-206d-44fb-b70c-62a076bd5f78","total_cost_usd":0,"usage":{"input_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":0},"modelUsage":{},"permission_denials":[],"terminal_reason":"completed","uuid":"c9e8b99e-1a2a-4780-91e2-cf65e0ddff0b"}',
];

const OPENCODE_LOG = [
  "--- wave: A3 attempt 1 (opencode) started 2026-11-30T18:20:41.448Z ---",
  '{"type":"step_start","timestamp":1796062847720,"sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","part":{"id":"prt_22db022c2001F47A1hXce07C05","messageID":"msg_22db01c21001z2wU0xmJ8IZ93Q","sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","snapshot":"6eda16d487cd1b206002eb06e2e8d326b40f4d33","type":"step-start"}}',
  '{"type":"tool_use","timestamp":1796062847787,"sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","part":{"type":"tool","tool":"write","callID":"call_wave_0","state":{"status":"completed","input":{"filePath":"/repo/src/a3.js","content":"export {};\\n"},"output":"Wrote file successfully.","metadata":{"diagnostics":{},"filepath":"/repo/src/a3.js","exists":false,"truncated":false},"title":"src/a3.js","time":{"start":1796062847709,"end":1796062847774}},"id":"prt_22db022ca00180fmeQikiXTEaF","sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","messageID":"msg_22db01c21001z2wU0xmJ8IZ93Q"}}',
  '{"type":"step_finish","timestamp":1796062848006,"sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","part":{"id":"prt_22db023d1001DbnQp0KUqMB49Z","reason":"tool-calls","snapshot":"19f8061607c85ad6108849b287cbc0f19abe538a","messageID":"msg_22db01c21001z2wU0xmJ8IZ93Q","sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","type":"step-finish","tokens":{"total":6415,"input":6395,"output":20,"reasoning":0,"cache":{"write":0,"read":0}},"cost":0}}',
  JSON.stringify({
    type: "text",
    timestamp: 1796062848403,
    sessionID: "ses_dd24fea2fffe4nNa5B2a2QRO0l",
    part: {
      id: "prt_22db02572001op9Oz5LLWxNoEM",
      messageID: "msg_22db0247d0010WG5wAyw6QLknF",
      sessionID: "ses_dd24fea2fffe4nNa5B2a2QRO0l",
      type: "text",
      text: `Rehearsal of agent A3: scripted work done.\n${MARKERS}`,
      time: { start: 1796062848370, end: 1796062848375 },
    },
  }),
  '{"type":"step_finish","timestamp":1796062848759,"sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","part":{"id":"prt_22db026e5001PzqR7vsArS94aV","reason":"stop","snapshot":"19f8061607c85ad6108849b287cbc0f19abe538a","messageID":"msg_22db0247d0010WG5wAyw6QLknF","sessionID":"ses_dd24fea2fffe4nNa5B2a2QRO0l","type":"step-finish","tokens":{"total":6507,"input":6471,"output":36,"reasoning":0,"cache":{"write":0,"read":0}},"cost":0.0125}}',
];

const markerLines = (agent: string) => [
  `Rehearsal of agent ${agent}: scripted work done.`,
  "[wave-proof] completion=contract durability=none proof=unit state=met",
  "[wave-doc-delta] state=none",
];

test("codex exec --json: session, file change, the agent's message, usage; stderr lines as they are", () => {
  assert.deepEqual(render(CODEX_LOG, "codex-json"), [
    "",
    "--- wave: A1 attempt 1 (codex) started 2026-11-30T18:20:39.508Z ---",
    CODEX_LOG[2],
    "· session 01a22db0-05be-71b3-afd8-6df23f7b3524",
    "▸ apply_patch: add src/a1.js",
    CODEX_LOG[7],
    ...markerLines("A1"),
    "· usage: in 32283 (cached 8070) · out 91",
  ]);
});

test("claude stream-json: init, tool call and result (ok and refused), the agent's text, the result once", () => {
  assert.deepEqual(render([CLAUDE_INIT, CLAUDE_WRITE, CLAUDE_WRITTEN, CLAUDE_TEXT, claudeResult("A2")], "claude-stream-json"), [
    "· session 00b7e650-5982-43d2-ad4b-296c53833e75 · model claude-opus-4-8[1m]",
    "▸ Write src/a2.js",
    "  │ File created successfully at: /repo/src/a2.js (file state is current in your context — no need to Read it back)",
    ...markerLines("A2"),
    "· done: success · 2 turns · $0.2014 · in 39993 (cached 0) · out 57",
  ]);
  assert.deepEqual(render([CLAUDE_WRITE, CLAUDE_REFUSED], "claude-stream-json"), [
    "▸ Write src/a2.js",
    "  ✗ Claude requested permissions to write to /repo/src/a2.js, but you haven't granted it yet.",
  ]);
});

test("claude stream-json: a 429 and the runtime's retry in the same log", () => {
  const log = [
    CLAUDE_INIT,
    ...CLAUDE_429,
    '--- wave: rate limit detected ("Rate limit reached"); retry 1/2 in 0.0s ---',
    CLAUDE_INIT,
    CLAUDE_TEXT,
  ];
  assert.deepEqual(render(log, "claude-stream-json"), [
    "· session 00b7e650-5982-43d2-ad4b-296c53833e75 · model claude-opus-4-8[1m]",
    "✗ API Error: Request rejected (429) · Rate limit reached",
    "✗ done: success (error, API status 429) · 1 turn · $0.0000 · in 0 (cached 0) · out 0",
    '--- wave: rate limit detected ("Rate limit reached"); retry 1/2 in 0.0s ---',
    "· session 00b7e650-5982-43d2-ad4b-296c53833e75 · model claude-opus-4-8[1m]",
    ...markerLines("A2"),
  ]);
});

test("claude json: the single result event shows its text and the facts; stream-json does not repeat it", () => {
  const done = "· done: success · 2 turns · $0.2014 · in 39993 (cached 0) · out 57";
  assert.deepEqual(render([claudeResult("A0")], "claude-json"), [...markerLines("A0"), done]);
  assert.deepEqual(render([claudeResult("A0")], "claude-stream-json"), [done]);
  // Without a recorded format: the text shows unless an assistant message already did.
  assert.deepEqual(render([claudeResult("A0")], "auto"), [...markerLines("A0"), done]);
  assert.deepEqual(render([CLAUDE_TEXT, claudeResult("A2")], "auto"), [...markerLines("A2"), done]);
});

test("opencode run --format json: tool call with title and output, the agent's text, steps", () => {
  assert.deepEqual(render(OPENCODE_LOG, "opencode-json"), [
    OPENCODE_LOG[0],
    "▸ write src/a3.js",
    "  │ Wrote file successfully.",
    "· step: in 6395 · out 20 · $0.0000",
    ...markerLines("A3"),
    "· step: in 6471 · out 36 · $0.0125",
  ]);
});

// --- shapes the rehearsal server does not script ---------------------------------------------------

test("codex: commands (output cut to a few lines, failures), patches, MCP, plan, search, reasoning, errors", () => {
  const out = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n");
  const cmd = (phase: string, extra: object) =>
    JSON.stringify({ type: phase, item: { id: "item_1", type: "command_execution", command: "/bin/bash -lc 'npm test'", ...extra } });
  const lines = [
    cmd("item.started", { aggregated_output: "", exit_code: null, status: "in_progress" }),
    cmd("item.completed", { aggregated_output: `${out}\n`, exit_code: 0, status: "completed" }),
    JSON.stringify({
      type: "item.started",
      item: {
        id: "item_2",
        type: "command_execution",
        command: "false\necho two",
        aggregated_output: "",
        exit_code: null,
        status: "in_progress",
      },
    }),
    '{"type":"item.completed","item":{"id":"item_9","type":"reasoning","text":"**Checking the failure**"}}',
    JSON.stringify({
      type: "item.completed",
      item: {
        id: "item_2",
        type: "command_execution",
        command: "false\necho two",
        aggregated_output: "boom\n",
        exit_code: 1,
        status: "failed",
      },
    }),
    '{"type":"item.completed","item":{"id":"item_4","type":"file_change","changes":[{"path":"/repo/docs/a.md","kind":"add"},{"path":"/elsewhere/b.md","kind":"update"}],"status":"failed"}}',
    '{"type":"item.started","item":{"id":"item_5","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"q":"exec --json"},"result":null,"error":null,"status":"in_progress"}}',
    '{"type":"item.completed","item":{"id":"item_5","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"q":"exec --json"},"result":{"content":[{"type":"text","text":"Found 3 matches."}],"structured_content":{"matches":3}},"error":null,"status":"completed"}}',
    '{"type":"item.completed","item":{"id":"item_6","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"q":"x"},"result":null,"error":{"message":"tool timeout"},"status":"failed"}}',
    '{"type":"item.updated","item":{"id":"item_8","type":"todo_list","items":[{"text":"Scan docs","completed":true},{"text":"Write cheatsheet","completed":false}]}}',
    '{"type":"item.completed","item":{"id":"item_7","type":"web_search","query":"codex exec --json schema"}}',
    '{"type":"item.completed","item":{"id":"item_10","type":"error","message":"command output truncated"}}',
    '{"type":"error","message":"Reconnecting... 1/5"}',
    '{"type":"error","message":"stream error: broken pipe"}',
    '{"type":"turn.failed","error":{"message":"model response stream ended unexpectedly"}}',
  ];
  assert.deepEqual(render(lines, "codex-json"), [
    "▸ exec_command: /bin/bash -lc 'npm test'",
    ...Array.from({ length: OUTPUT_LINES }, (_, i) => `  │ line ${i + 1}`),
    `  │ … ${10 - OUTPUT_LINES} more lines`,
    "▸ exec_command: false …",
    "· thinking…",
    // Other output came between the command and its result: the result names it again.
    "▸ exec_command: false …",
    "  │ boom",
    "  ✗ exit 1",
    "▸ apply_patch (2 files): add docs/a.md, update /elsewhere/b.md",
    "  ✗ patch failed",
    "▸ mcp docs.search: q=exec --json",
    "  │ Found 3 matches.",
    "▸ mcp docs.search: q=x",
    "  ✗ tool timeout",
    "· plan: [x] Scan docs; [ ] Write cheatsheet",
    "▸ web_search: codex exec --json schema",
    "✗ command output truncated",
    "· Reconnecting... 1/5",
    "✗ error: stream error: broken pipe",
    "✗ turn failed: model response stream ended unexpectedly",
  ]);
});

test("claude: thinking, parallel calls (each result under its call), sub-agents, retries, turn limit", () => {
  const assistant = (content: object[], parent: string | null = null) =>
    JSON.stringify({ type: "assistant", message: { role: "assistant", content }, parent_tool_use_id: parent, session_id: "s" });
  const results = (blocks: object[], parent: string | null = null) =>
    JSON.stringify({ type: "user", message: { role: "user", content: blocks }, parent_tool_use_id: parent, session_id: "s" });
  const lines = [
    assistant([{ type: "thinking", thinking: "secret plan", signature: "x" }]),
    assistant([
      { type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test\nnpm run lint", description: "Run tests" } },
      { type: "tool_use", id: "t2", name: "Grep", input: { pattern: "TODO", path: "/repo/src" } },
    ]),
    results([
      { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "> test\n\n1 passing" }] },
      { type: "tool_result", tool_use_id: "t2", content: "src/a.ts:3: TODO", is_error: false },
    ]),
    assistant([
      {
        type: "tool_use",
        id: "t3",
        name: "Task",
        input: { description: "Explore the parser", prompt: "Look at it", subagent_type: "Explore" },
      },
    ]),
    assistant([{ type: "text", text: "[wave-proof] sub-agent text" }], "t3"),
    assistant([{ type: "tool_use", id: "t4", name: "Read", input: { file_path: "/repo/src/parser.ts" } }], "t3"),
    '{"type":"system","subtype":"api_retry","attempt":1,"max_retries":10,"retry_delay_ms":1500,"error_status":529,"error":"overloaded","session_id":"s"}',
    '{"type":"system","subtype":"status","status":"requesting","session_id":"s"}',
    '{"type":"system","subtype":"compact_boundary","session_id":"s","compact_metadata":{"trigger":"auto","pre_tokens":190000}}',
    '{"type":"stream_event","event":{"type":"content_block_delta","delta":{"type":"text_delta","text":"par"}},"session_id":"s"}',
    '{"type":"result","subtype":"error_max_turns","is_error":true,"num_turns":5,"total_cost_usd":1.5,"usage":{"input_tokens":10,"output_tokens":2},"errors":["Reached maximum number of turns (5)"]}',
  ];
  assert.deepEqual(render(lines, "claude-stream-json"), [
    "· thinking…",
    "▸ Bash: npm test …",
    "▸ Grep: TODO",
    "▸ Bash: npm test …",
    "  │ > test",
    "  │ 1 passing",
    "▸ Grep: TODO",
    "  │ src/a.ts:3: TODO",
    "▸ Task: Explore the parser",
    "  ↳ [wave-proof] sub-agent text",
    "  ↳ ▸ Read src/parser.ts",
    "· API retry 1/10 (529 overloaded) in 1.5s",
    "· conversation compacted",
    "✗ done: error_max_turns (error) · 5 turns · $1.5000 · in 10 · out 2",
    "  ✗ Reached maximum number of turns (5)",
  ]);
});

test("opencode: a failed bash call, reasoning, a session error, synthetic text left out", () => {
  const sid = "ses_1";
  const lines = [
    JSON.stringify({
      type: "tool_use",
      sessionID: sid,
      part: {
        type: "tool",
        tool: "bash",
        callID: "c1",
        state: { status: "error", input: { command: "npm test", description: "Runs tests" }, error: "Command failed\nexit 2" },
      },
    }),
    JSON.stringify({ type: "reasoning", sessionID: sid, part: { type: "reasoning", text: "hmm" } }),
    JSON.stringify({ type: "text", sessionID: sid, part: { type: "text", text: "attached file body", synthetic: true } }),
    JSON.stringify({ type: "error", sessionID: sid, error: { name: "ProviderAuthError", data: { message: "no key", providerID: "x" } } }),
  ];
  assert.deepEqual(render(lines, "opencode-json"), [
    "▸ bash: npm test",
    "  ✗ Command failed",
    "  ✗ exit 2",
    "· thinking…",
    "✗ ProviderAuthError: no key",
  ]);
});

// --- what passes through -------------------------------------------------------------------------

test("lines that are no known event pass through unchanged; text format renders nothing", () => {
  const plain = [
    "--- wave: A1 attempt 2 (codex) started 2026-11-30T18:20:39.508Z ---",
    "plain stderr line",
    '{"foo":1}',
    '{"type":"unknown.kind","x":1}',
    "{not json",
    "[1,2,3]",
    "   ",
    "with CR\r",
  ];
  for (const format of ["codex-json", "claude-stream-json", "claude-json", "opencode-json", "auto", "text"] as const) {
    assert.deepEqual(render(plain, format), plain, format);
  }
  // Another CLI's event in a log of one format stays as it is; `text` renders no event at all.
  assert.deepEqual(render([CLAUDE_TEXT], "codex-json"), [CLAUDE_TEXT]);
  assert.deepEqual(render([CODEX_LOG[3]!], "opencode-json"), [CODEX_LOG[3]]);
  assert.deepEqual(render([CLAUDE_TEXT, CODEX_LOG[3]!], "text"), [CLAUDE_TEXT, CODEX_LOG[3]]);
  // A text log comes back byte for byte, final newline or not, CRLF included.
  for (const text of ["a\r\nb\r\n", "no newline at the end", "x\n\n\ny", ""]) assert.equal(renderTranscriptText(text, "text"), text);
  assert.deepEqual(render([CLAUDE_TEXT, CODEX_LOG[3]!, OPENCODE_LOG[2]!], "auto"), [
    ...markerLines("A2"),
    "· session 01a22db0-05be-71b3-afd8-6df23f7b3524",
    "▸ write src/a3.js",
    "  │ Wrote file successfully.",
  ]);
});

test("a fallback run in the same log is read in its executor's format", () => {
  const log = [
    "--- wave: A1 attempt 1 (claude) started 2026-11-30T18:00:00.000Z ---",
    CLAUDE_TEXT,
    "--- wave: A1 attempt 2 (command) started 2026-11-30T18:01:00.000Z ---",
    CLAUDE_TEXT,
    "--- wave: A1 attempt 3 (codex) started 2026-11-30T18:02:00.000Z ---",
    CODEX_LOG[3]!,
  ];
  assert.deepEqual(render(log, "codex-json", { cwd: CWD, executor: "codex" }), [
    log[0],
    ...markerLines("A2"),
    log[2],
    CLAUDE_TEXT,
    log[4],
    "· session 01a22db0-05be-71b3-afd8-6df23f7b3524",
  ]);
  // Without the executor nothing switches: the claude part stays raw in a codex log.
  assert.deepEqual(render(log.slice(0, 2), "codex-json"), log.slice(0, 2));
});

test("launch.json: the recorded format, cwd and executor; auto without a format", () => {
  assert.deepEqual(renderSettingsOfLaunch(JSON.stringify({ executor: "codex", cwd: "/repo", transcript: "codex-json", argv: ["codex"] })), {
    format: "codex-json",
    cwd: "/repo",
    executor: "codex",
  });
  assert.deepEqual(renderSettingsOfLaunch(JSON.stringify({ executor: "claude", cwd: "/repo" })), {
    format: "auto",
    cwd: "/repo",
    executor: null,
  });
  assert.deepEqual(renderSettingsOfLaunch('{"transcript":"yaml"}'), { format: "auto", cwd: null, executor: null });
  assert.deepEqual(renderSettingsOfLaunch("not json"), { format: "auto", cwd: null, executor: null });
  assert.deepEqual(renderSettingsOfLaunch(null), { format: "auto", cwd: null, executor: null });
});

// --- malformed, hostile and huge input --------------------------------------------------------------

test("malformed events never throw and render to short lines or nothing", async () => {
  const odd = [
    '{"type":"assistant","message":5}',
    '{"type":"assistant","message":{"content":[null,1,"x",{"type":"tool_use"}]}}',
    '{"type":"user","message":{"content":[{"type":"tool_result","content":{"a":1}}]}}',
    '{"type":"item.completed","item":{"type":"command_execution","command":42,"aggregated_output":["x"],"exit_code":"1"}}',
    '{"type":"item.completed","item":{"type":"file_change","changes":"all"}}',
    '{"type":"item.started","item":null}',
    '{"type":"turn.completed","usage":"lots"}',
    '{"type":"result","usage":null,"errors":[1,{"a":2}]}',
    '{"type":"tool_use","sessionID":"s","part":{"state":7}}',
    '{"type":"step_finish","sessionID":"s","part":{"tokens":[1]}}',
    '{"type":"error","sessionID":"s","error":null}',
    '{"type":"system","subtype":"api_retry","attempt":"x"}',
    `{"type":"assistant","message":{"content":[${"[".repeat(5000)}${"]".repeat(5000)}]}}`,
  ];
  for (const format of ["auto", "codex-json", "claude-stream-json", "claude-json", "opencode-json"] as const) {
    const out = render(odd, format);
    for (const line of out) assert.ok(line.length <= SUMMARY_CHARS + 20 || odd.includes(line), `${format}: ${line.slice(0, 80)}`);
  }
  assert.deepEqual(render(odd.slice(0, 4), "auto"), ["▸ tool", "▸ exec_command"]);
  const fc = (await import("fast-check")).default;
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ type: "item.completed", item: v })),
        ),
      ),
      (lines) => {
        for (const format of ["auto", "codex-json", "claude-stream-json", "opencode-json"] as const) {
          const r = new TranscriptRenderer(format);
          for (const l of lines) r.push(`${l}\n`);
          r.end();
        }
      },
    ),
    { numRuns: 300 },
  );
});

test("terminal escapes and control characters in event strings do not reach the view", () => {
  const text = "ok \u001b]52;c;ZWNobyBoaQ==\u0007done \u001b[2Jcleared\u0000\u0008 and \u009b31m";
  const out = render([JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text } })], "codex-json");
  assert.deepEqual(out, ["ok done cleared and 31m"]);
  const tool = render(
    [
      JSON.stringify({
        type: "item.completed",
        item: { id: "i", type: "command_execution", command: "x\u001b[31m", aggregated_output: "a\rb\u001b[Kc\n", exit_code: 0 },
      }),
    ],
    "codex-json",
  );
  assert.deepEqual(tool, ["▸ exec_command: x", "  │ bc"]);
});

test("huge lines: tool output cut, the agent's text whole, over-long events summed up, plain lines unchanged", () => {
  const big = "x".repeat(1_000_000);
  const output = render(
    [
      JSON.stringify({
        type: "item.completed",
        item: { id: "i", type: "command_execution", command: big, aggregated_output: `${big}\n${big}\n`, exit_code: 0 },
      }),
    ],
    "codex-json",
  );
  assert.equal(output.length, 3);
  assert.equal(output[0], `▸ exec_command: ${"x".repeat(SUMMARY_CHARS - "▸ exec_command: ".length - 1)}…`);
  assert.ok(output.every((l) => l.length <= SUMMARY_CHARS));
  assert.equal(output[2], "  │ … more");
  const message = render(
    [JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text: `${big}\nend` } })],
    "codex-json",
  );
  assert.deepEqual(
    message.map((l) => l.length),
    [big.length, 3],
  );
  const huge = JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text: "y".repeat(MAX_EVENT_CHARS) } });
  assert.deepEqual(render([huge], "codex-json"), [
    `· item.completed event of ${huge.length} characters, too long to show here (the raw log has it)`,
  ]);
  const plain = `plain ${big}`;
  assert.deepEqual(render([plain], "codex-json"), [plain]);
});

// --- streaming ----------------------------------------------------------------------------------------

test("in chunks: the same view at every split; partial events held, plain text given out at once", () => {
  const log = `${[...CODEX_LOG, "tail without newline"].join("\n")}`;
  const whole = renderTranscriptText(log, "codex-json", { cwd: CWD });
  const decoderSafe = [...log];
  for (let cut = 0; cut <= decoderSafe.length; cut += 7) {
    const r = new TranscriptRenderer("codex-json", { cwd: CWD });
    const a = decoderSafe.slice(0, cut).join("");
    const b = decoderSafe.slice(cut).join("");
    assert.equal(r.push(a) + r.push(b) + r.end(), whole, `split at ${cut}`);
  }
  const oneByOne = new TranscriptRenderer("codex-json", { cwd: CWD });
  assert.equal(decoderSafe.map((c) => oneByOne.push(c)).join("") + oneByOne.end(), whole);

  const r = new TranscriptRenderer("codex-json");
  assert.equal(r.push("progress: 10%"), "progress: 10%", "plain text shows before its newline");
  assert.equal(r.push(" 20%\n"), " 20%\n");
  assert.equal(r.push('{"type":"thread.started",'), "", "a partial event waits");
  assert.equal(r.push('"thread_id":"t"}\n'), "· session t\n");
  assert.equal(r.push("--- wave: A1 att"), "", "so does a partial run separator");
  assert.equal(r.push("empt 2 (codex) started x ---\n"), "--- wave: A1 attempt 2 (codex) started x ---\n");
  assert.equal(r.push("- a list item"), "- a list item");
  assert.equal(r.push('\n{"type":"turn.started"}'), "\n");
  assert.equal(r.end(), "");
});

// --- job summary tails ---------------------------------------------------------------------------------

test("readableLogTail: the rendered end of the log, whole lines, within the byte budget", () => {
  const log = `${CODEX_LOG.join("\n")}\n`;
  const settings = { format: "codex-json" as const, cwd: CWD, executor: "codex" };
  assert.equal(readableLogTail(log, settings, 1 << 20), renderTranscriptText(log, "codex-json", settings));
  const tail = readableLogTail(log, settings, 100);
  assert.equal(tail, "[wave-doc-delta] state=none\n· usage: in 32283 (cached 8070) · out 91\n");
  assert.equal(readableLogTail('text {"type":"turn.started"}\n', { format: "text" }, 100), 'text {"type":"turn.started"}\n');
});

test("job summary tails of a JSON transcript: rendered, and secrets redacted before rendering cuts them", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-render-"));
  try {
    const secret = `tok"en-${"s".repeat(6)}-${Date.now()}`;
    const result = failedResult();
    const runDir = path.join(dir, "attempt-2");
    const paths = agentPaths(runPathsOf(runDir, result.attempt), "A0");
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.launch, JSON.stringify({ agentId: "A0", executor: "codex", cwd: "/repo", transcript: "codex-json" }));
    // The secret straddles the cut of the first output line (its JSON form has `\"`).
    const output = `${"o".repeat(SUMMARY_CHARS - 10)}${secret} more\nsecond line\n`;
    const filler = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({
        type: "item.completed",
        item: { id: `f${i}`, type: "command_execution", command: `echo ${i}`, aggregated_output: "z".repeat(2000), exit_code: 0 },
      }),
    );
    await writeFile(
      paths.log,
      `${[
        "--- wave: A0 attempt 2 (codex) started 2026-11-30T18:00:00.000Z ---",
        ...filler,
        JSON.stringify({
          type: "item.completed",
          item: { id: "c", type: "command_execution", command: "cat .env", aggregated_output: output, exit_code: 3 },
        }),
        JSON.stringify({
          type: "item.completed",
          item: { id: "m", type: "agent_message", text: "The tests fail.\n[wave-gate] docs=fail" },
        }),
        '{"type":"turn.completed","usage":{"input_tokens":5,"cached_input_tokens":0,"output_tokens":1}}',
      ].join("\n")}\n`,
    );
    const { logTails } = await collectReportExtras(result, runDir, createRedactor([secret]));
    const tail = logTails.A0!;
    // Rendering cuts the line inside the secret: redacted first, nothing of it is left to cut.
    const cut = `  │ ${"o".repeat(SUMMARY_CHARS - 10)}${REDACTED} more`.slice(0, SUMMARY_CHARS - 1);
    const end = `▸ exec_command: cat .env\n${cut}…\n  │ second line\n  ✗ exit 3\nThe tests fail.\n[wave-gate] docs=fail\n· usage: in 5 (cached 0) · out 1\n`;
    assert.ok(tail.endsWith(end), tail.slice(-600));
    assert.ok(!tail.includes('{"type"'), "no JSON events in the tail");
    assert.ok(!tail.includes("tok"), "no part of the secret");
    assert.ok(Buffer.byteLength(tail) <= 16 * 1024);
    assert.ok(tail.includes("▸ exec_command: echo 399\n  │ zzzz"), "earlier events rendered too");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// --- tmux viewer -----------------------------------------------------------------------------------------

test("the tmux viewer shows events rendered and plain output as it comes", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-render-view-"));
  try {
    const fifo = path.join(dir, "view");
    execFileSync("mkfifo", [fifo]);
    const terminal = new PassThrough();
    let shown = "";
    terminal.on("data", (d: Buffer) => (shown += d.toString("utf8")));
    const viewing = runTmuxView([fifo], { stdout: terminal, stderr: new PassThrough() });
    const text = JSON.stringify({
      type: "item.completed",
      item: { id: "i", type: "agent_message", text: "hello \u001b]0;title\u0007there" },
    });
    await writeFile(fifo, `plain \u001b]2;x\u0007line\n${CODEX_LOG[3]}\n${text}\n{"partial":`);
    assert.equal(await viewing, 0);
    assert.equal(shown, 'plain ^[]2;x^Gline\n· session 01a22db0-05be-71b3-afd8-6df23f7b3524\nhello there\n{"partial":');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
