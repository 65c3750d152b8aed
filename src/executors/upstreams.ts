/**
 * The model proxy's default upstreams, from the orchestrator's environment (the adapters'
 * `endpoint.upstream`):
 *
 *   anthropic  ANTHROPIC_API_KEY (x-api-key) or ANTHROPIC_AUTH_TOKEN (Bearer) to ANTHROPIC_BASE_URL,
 *              else https://api.anthropic.com
 *   openai     CODEX_API_KEY or OPENAI_API_KEY (Bearer) to OPENAI_BASE_URL (its `/v1` dropped),
 *              else https://api.openai.com
 *
 * A subscription / OAuth login (CLAUDE_CODE_OAUTH_TOKEN, a codex ChatGPT login), Claude on Bedrock
 * or Vertex, or no key cannot be proxied: the choice is then a `skip` with the reason.
 */
import type { Env, UpstreamChoice } from "./adapter.js";

const ANTHROPIC_URL = "https://api.anthropic.com";
const OPENAI_URL = "https://api.openai.com";

function nonEmpty(v: string | undefined): string | null {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}

export function anthropicUpstream(env: Env): UpstreamChoice {
  for (const name of ["CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX"]) {
    const v = nonEmpty(env[name]);
    if (v && v !== "0" && v.toLowerCase() !== "false") return { skip: `Claude on a cloud platform (${name}) cannot be proxied` };
  }
  const baseUrl = (nonEmpty(env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_URL).replace(/\/+$/, "");
  const key = nonEmpty(env.ANTHROPIC_API_KEY);
  if (key) return { upstream: { provider: "anthropic", api: "anthropic", baseUrl, key, auth: "x-api-key" } };
  const bearer = nonEmpty(env.ANTHROPIC_AUTH_TOKEN);
  if (bearer) return { upstream: { provider: "anthropic", api: "anthropic", baseUrl, key: bearer, auth: "bearer" } };
  if (nonEmpty(env.CLAUDE_CODE_OAUTH_TOKEN))
    return { skip: "a Claude subscription login (CLAUDE_CODE_OAUTH_TOKEN) cannot be proxied; set ANTHROPIC_API_KEY" };
  return { skip: "no ANTHROPIC_API_KEY in the environment" };
}

export function openAiUpstream(env: Env): UpstreamChoice {
  const baseUrl = (nonEmpty(env.OPENAI_BASE_URL) ?? OPENAI_URL).replace(/\/+$/, "").replace(/\/v1$/, "");
  const key = nonEmpty(env.CODEX_API_KEY) ?? nonEmpty(env.OPENAI_API_KEY);
  if (key) return { upstream: { provider: "openai", api: "openai", baseUrl, key, auth: "bearer" } };
  return { skip: "no OPENAI_API_KEY in the environment (a ChatGPT login of codex cannot be proxied)" };
}

/** A base URL without its trailing slashes and `/v1`. */
export const stripVersion = (url: string) => url.replace(/\/+$/, "").replace(/\/v1$/, "");
