/** The log fixtures (written in the shapes the real CLIs emit) and how each is parsed. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../helpers/cli.js";

export const FIXTURE_DIR = path.join(REPO_ROOT, "test", "fixtures", "logs");
export const FIXTURE_NONCE = "n0nce-7f3a";

export interface LogFixture {
  file: string;
  agentId: string;
  /** Nonce the run used (closure and design agents), or null. */
  nonce: string | null;
}

export const LOG_FIXTURES: readonly LogFixture[] = [
  { file: "implementation-codex.jsonl", agentId: "A1", nonce: FIXTURE_NONCE },
  { file: "implementation-plain.log", agentId: "A2", nonce: FIXTURE_NONCE },
  { file: "design-plain.log", agentId: "D1", nonce: FIXTURE_NONCE },
  { file: "cont-eval-codex.jsonl", agentId: "E0", nonce: FIXTURE_NONCE },
  { file: "security-claude.jsonl", agentId: "A7", nonce: FIXTURE_NONCE },
  { file: "integration-claude.jsonl", agentId: "A8", nonce: FIXTURE_NONCE },
  { file: "documentation-plain.log", agentId: "A9", nonce: FIXTURE_NONCE },
  { file: "cont-qa-claude.jsonl", agentId: "A0", nonce: FIXTURE_NONCE },
  { file: "max-turns-claude.jsonl", agentId: "A3", nonce: null },
  { file: "infra-deploy-plain.log", agentId: "A4", nonce: null },
];

export function readFixture(file: string): Buffer {
  return readFileSync(path.join(FIXTURE_DIR, file));
}
