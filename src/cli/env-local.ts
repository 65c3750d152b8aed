/**
 * `<root>/.env.local` for local runs (`wave run`), as the reference's CLI reads it: only the keys
 * of an allow-list (the model providers' keys and CONTEXT7_API_KEY), and a key already set in the
 * environment — even to an empty value — is never replaced. What was read is said by name, never
 * by value. Not read under GitHub Actions (GITHUB_ACTIONS=true: the checkout may be a pull
 * request's, and keys come from the workflow's secrets there) nor by the action itself, which
 * never calls this.
 *
 * The file: `KEY=value` lines, an optional `export ` before the key, `#` comment lines, a value
 * optionally in single or double quotes (double quotes understand `\n`, `\"` and `\\`).
 */
import { promises as fs } from "node:fs";
import path from "node:path";

const ENV_LOCAL_FILE = ".env.local";

/** The keys `.env.local` may set: the agents' provider keys and Context7's. */
const ENV_LOCAL_KEYS: readonly string[] = [
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "GEMINI_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "OPENROUTER_API_KEY",
  "GROQ_API_KEY",
  "MISTRAL_API_KEY",
  "XAI_API_KEY",
  "DEEPSEEK_API_KEY",
  "OPENCODE_API_KEY",
  "CONTEXT7_API_KEY",
];

/** The file's `KEY=value` pairs (pure; lines that are not assignments are skipped). */
export function parseEnvFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!m) continue;
    let value = m[2]!;
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      value = value.slice(1, -1);
    } else {
      // An unquoted value ends at a ` #` comment.
      value = value.replace(/\s+#.*$/, "");
    }
    out.set(m[1]!, value);
  }
  return out;
}

export interface EnvLocal {
  /** The environment with the keys read added. */
  env: NodeJS.ProcessEnv;
  /** The names of the keys taken from the file (never their values). */
  loaded: string[];
  /** The allow-listed keys the file has that the environment already set (kept as they were). */
  kept: string[];
}

/** `env` with the allow-listed keys of `<root>/.env.local` it lacks; unchanged when there is no file or under Actions. */
export async function loadEnvLocal(root: string, env: NodeJS.ProcessEnv): Promise<EnvLocal> {
  if (env.GITHUB_ACTIONS === "true") return { env, loaded: [], kept: [] };
  let text: string;
  try {
    text = await fs.readFile(path.join(root, ENV_LOCAL_FILE), "utf8");
  } catch {
    return { env, loaded: [], kept: [] };
  }
  const pairs = parseEnvFile(text);
  const out: NodeJS.ProcessEnv = { ...env };
  const loaded: string[] = [];
  const kept: string[] = [];
  for (const key of ENV_LOCAL_KEYS) {
    const value = pairs.get(key);
    if (value === undefined || value === "") continue;
    if (env[key] !== undefined) kept.push(key);
    else {
      out[key] = value;
      loaded.push(key);
    }
  }
  return { env: out, loaded, kept };
}

/** The line a run prints about what it read (names only), or "" when it read nothing. */
export function envLocalNotice(r: Pick<EnvLocal, "loaded" | "kept">): string {
  if (r.loaded.length === 0 && r.kept.length === 0) return "";
  const parts: string[] = [];
  if (r.loaded.length > 0) parts.push(`read ${r.loaded.join(", ")} from ${ENV_LOCAL_FILE}`);
  if (r.kept.length > 0) parts.push(`kept the environment's ${r.kept.join(", ")} (${ENV_LOCAL_FILE} does not override)`);
  return `wave run: ${parts.join("; ")}\n`;
}
