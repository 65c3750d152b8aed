/**
 * The CLI session id an agent's output names, read the way a run reads it: the output through the
 * marker parser's transcript rules into a usage meter.
 */
import { parseSignals } from "../../src/signals/parser.js";
import { UsageMeter } from "../../src/usage/meter.js";

const FORMAT = { codex: "codex-json", claude: "claude-stream-json", opencode: "opencode-json" } as const;

export function sessionOf(cli: keyof typeof FORMAT, output: string): string | null {
  const meter = new UsageMeter({}, null);
  meter.startProcess();
  parseSignals(output.endsWith("\n") ? output : `${output}\n`, { transcript: FORMAT[cli], onUsage: (f) => meter.apply(f) });
  return meter.snapshot().sessionId;
}
