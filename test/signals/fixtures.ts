/** The log fixtures (written in the shapes the real CLIs emit) and how each is parsed. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TranscriptFormat } from "../../src/signals/transcript.js";
import { REPO_ROOT } from "../helpers/cli.js";

export const FIXTURE_DIR = path.join(REPO_ROOT, "test", "fixtures", "logs");
export const FIXTURE_NONCE = "n0nce-7f3a";

export interface LogFixture {
  file: string;
  agentId: string;
  /** Nonce the run used (closure and design agents), or null. */
  nonce: string | null;
  /** The transcript format of the executor that wrote it. */
  transcript: TranscriptFormat;
}

export const LOG_FIXTURES: readonly LogFixture[] = [
  { file: "implementation-codex.jsonl", agentId: "A1", nonce: FIXTURE_NONCE, transcript: "codex-json" },
  { file: "implementation-plain.log", agentId: "A2", nonce: FIXTURE_NONCE, transcript: "text" },
  { file: "design-plain.log", agentId: "D1", nonce: FIXTURE_NONCE, transcript: "text" },
  { file: "cont-eval-codex.jsonl", agentId: "E0", nonce: FIXTURE_NONCE, transcript: "codex-json" },
  { file: "security-claude.jsonl", agentId: "A7", nonce: FIXTURE_NONCE, transcript: "claude-stream-json" },
  { file: "integration-claude.jsonl", agentId: "A8", nonce: FIXTURE_NONCE, transcript: "claude-stream-json" },
  { file: "documentation-plain.log", agentId: "A9", nonce: FIXTURE_NONCE, transcript: "text" },
  { file: "cont-qa-claude.jsonl", agentId: "A0", nonce: FIXTURE_NONCE, transcript: "claude-stream-json" },
  { file: "max-turns-claude.jsonl", agentId: "A3", nonce: null, transcript: "claude-stream-json" },
  { file: "infra-deploy-plain.log", agentId: "A4", nonce: null, transcript: "text" },
];

export function readFixture(file: string): Buffer {
  return readFileSync(path.join(FIXTURE_DIR, file));
}
