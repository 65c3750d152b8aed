/**
 * Environment variables an OpenCode provider reads, by the provider prefix of a `provider/model`
 * id. Secrets go to `secretEnvKeys`; non-secret settings (regions, resource names) to
 * `passEnvKeys`. Providers not listed here need `opencode.env_keys` (or the agent's `env`).
 */
interface ProviderEnv {
  secret: string[];
  plain?: string[];
}

const PROVIDERS: Readonly<Record<string, ProviderEnv>> = {
  anthropic: { secret: ["ANTHROPIC_API_KEY"], plain: ["ANTHROPIC_BASE_URL"] },
  openai: { secret: ["OPENAI_API_KEY"], plain: ["OPENAI_BASE_URL"] },
  google: { secret: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"] },
  openrouter: { secret: ["OPENROUTER_API_KEY"] },
  groq: { secret: ["GROQ_API_KEY"] },
  mistral: { secret: ["MISTRAL_API_KEY"] },
  xai: { secret: ["XAI_API_KEY"] },
  deepseek: { secret: ["DEEPSEEK_API_KEY"] },
  "fireworks-ai": { secret: ["FIREWORKS_API_KEY"] },
  cerebras: { secret: ["CEREBRAS_API_KEY"] },
  togetherai: { secret: ["TOGETHER_AI_API_KEY", "TOGETHER_API_KEY"] },
  opencode: { secret: ["OPENCODE_API_KEY"] },
  azure: { secret: ["AZURE_API_KEY"], plain: ["AZURE_RESOURCE_NAME"] },
  "amazon-bedrock": {
    secret: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK"],
    plain: ["AWS_REGION", "AWS_PROFILE"],
  },
};

/** The provider prefix of `provider/model` (lowercased), or null. */
export function providerOf(model: string | null | undefined): string | null {
  if (!model) return null;
  const slash = model.indexOf("/");
  return slash > 0 ? model.slice(0, slash).toLowerCase() : null;
}

export function providerEnvKeys(model: string | null | undefined): { secret: string[]; plain: string[] } {
  const provider = providerOf(model);
  const known = provider ? PROVIDERS[provider] : undefined;
  return { secret: [...(known?.secret ?? [])], plain: [...(known?.plain ?? [])] };
}
