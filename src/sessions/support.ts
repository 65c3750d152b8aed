/**
 * Which executors can continue their CLI's own session after an interruption, and why not when
 * they cannot (each adapter's `session.support`). Pure: it looks at the resolved executor only.
 */
import type { SessionSupport } from "../executors/adapter.js";
import { adapterOf } from "../executors/registry.js";
import type { ResolvedExecutor } from "../wave/schema.js";

export type { SessionSupport };

export function sessionSupport(executor: ResolvedExecutor): SessionSupport {
  return adapterOf(executor.id).session.support(executor);
}
