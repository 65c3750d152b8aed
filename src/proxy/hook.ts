/**
 * The launch hook of the model proxy (same shape as the rehearsal hook, EngineDeps.rehearsal): it
 * registers the agent with the proxy and points its CLI at the proxy's base URL for the agent, with
 * the agent's token as its key (src/executors/endpoint.ts). Every variable holding a real key is
 * removed from the agent's environment; the real key stays in the proxy.
 *
 * Which upstream an agent's requests go to comes from `upstreamFor` (tests: the scripted model
 * server); by default from the orchestrator's environment (`defaultUpstream`: the adapter's
 * `endpoint.upstream`, src/executors/upstreams.ts; OpenCode by the provider of its `provider/model`).
 *
 * A launch the proxy cannot carry (another executor or provider, a subscription / OAuth login such
 * as CLAUDE_CODE_OAUTH_TOKEN or a codex ChatGPT login, Claude on Bedrock or Vertex, no key) is left
 * unchanged and reported to `onSkip` with the reason.
 */
import type { RehearsalLaunch } from "../engine/types.js";
import type { UpstreamChoice } from "../executors/adapter.js";
import { type CliEndpoint, isEndpointExecutor, pointCliAt } from "../executors/endpoint.js";
import { findAdapter } from "../executors/registry.js";
import type { AgentLimits } from "../usage/budget.js";
import type { ModelProxy } from "./server.js";

/** The variable codex reads its (proxy) key from. */
export const PROXY_TOKEN_ENV = "WAVE_MODEL_PROXY_TOKEN";
const PROXY_PROVIDER_ID = "wave-proxy";
export const OPENCODE_PROXY_CONFIG_FILE = "opencode-proxy.json";

export type { UpstreamChoice };

export interface ProxyHookOptions {
  proxy: ModelProxy;
  /** Per-agent CODEX_HOME (and homes, with isolateHome) go here when the engine gives none. */
  homesDir: string;
  /** Where the agent's requests go; default: `defaultUpstream` over `env`. */
  upstreamFor?(launch: RehearsalLaunch): UpstreamChoice;
  /** The orchestrator's environment (real keys), for the default upstreams. */
  env?: NodeJS.ProcessEnv;
  /** The agent's own budget (default: `budget.usd` / `budget.tokens` of its executor). */
  limitsOf?(launch: RehearsalLaunch): AgentLimits;
  /** A private HOME per agent (as in a rehearsal); default false: HOME stays. */
  isolateHome?: boolean;
  /** No traffic besides the model API (updates, telemetry, model lists off); default false. */
  offline?: boolean;
  onSkip?(launch: RehearsalLaunch, reason: string): void;
}

/** The upstream of `launch` from the orchestrator's environment (see the module comment). */
export function defaultUpstream(launch: RehearsalLaunch, env: NodeJS.ProcessEnv): UpstreamChoice {
  return upstreamOf(launch.spec.executorId, launch.context.executor.model, env);
}

/** The upstream of an agent of `executor` with `model`, from the orchestrator's environment. */
export function upstreamOf(executor: string, model: string | null, env: NodeJS.ProcessEnv): UpstreamChoice {
  const endpoint = findAdapter(executor)?.endpoint;
  return endpoint ? endpoint.upstream(model, env) : { skip: `the ${executor} executor has no model API the proxy can carry` };
}

/** The engine hook (EngineDeps.rehearsal shape) for one proxy. */
export function proxyHook(options: ProxyHookOptions): (launch: RehearsalLaunch) => Promise<Record<string, string>> {
  const env = options.env ?? process.env;
  return async (launch) => {
    if (!isEndpointExecutor(launch.spec.executorId)) {
      options.onSkip?.(launch, `the ${launch.spec.executorId} executor has no model API the proxy can carry`);
      return launch.env;
    }
    const choice = options.upstreamFor ? options.upstreamFor(launch) : defaultUpstream(launch, env);
    if ("skip" in choice) {
      options.onSkip?.(launch, choice.skip);
      return launch.env;
    }
    const { executor } = launch.context;
    const limits = options.limitsOf?.(launch) ?? { usd: executor.budget.usd, tokens: executor.budget.tokens };
    const registered = options.proxy.register(launch.context.agent.agentId, { upstream: choice.upstream, limits, model: executor.model });
    const endpoint: CliEndpoint = {
      baseUrl: registered.baseUrl,
      key: registered.token,
      providerId: PROXY_PROVIDER_ID,
      providerName: "Wave model proxy",
      keyEnv: PROXY_TOKEN_ENV,
    };
    return pointCliAt(launch, endpoint, {
      homesDir: options.homesDir,
      isolateHome: options.isolateHome ?? false,
      offline: options.offline ?? false,
      noCliRetries: false,
      openCodeConfigFile: OPENCODE_PROXY_CONFIG_FILE,
      defaultOpenCodeModel: executor.model ?? "default",
      keepOpenCodeSdk: true,
      forbiddenValues: [choice.upstream.key],
    });
  };
}
