/**
 * Whether agents run in the sandbox: the `sandbox: auto|on|off` request and the facts of this
 * machine (probe.ts gathers them) decide it. Pure.
 *
 *   off  — never.
 *   on   — always; when the sandbox cannot work here the run fails before any agent starts, with
 *          what is missing and how to fix it.
 *   auto — on where it works; elsewhere off with a loud warning naming the missing piece and the
 *          fix (never silently).
 *
 * On Ubuntu 24.04 (`kernel.apparmor_restrict_unprivileged_userns = 1`) bubblewrap cannot make its
 * namespaces until AppArmor lets it: when this process may change that (it is root, or it has
 * passwordless sudo) the answer is `fix-userns` — the caller sets it up, says what it changed, and
 * asks again with `usernsFixTried`.
 */

export const SANDBOX_MODES = ["auto", "on", "off"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface SandboxFacts {
  platform: NodeJS.Platform;
  arch: string;
  /** Paths of the programs the sandbox needs, or null when not found. */
  bwrap: string | null;
  socat: string | null;
  rg: string | null;
  /** Running bwrap once (a new user, pid and network namespace around `true`): null = it worked. */
  probeError: string | null;
  /** `/proc/sys/kernel/apparmor_restrict_unprivileged_userns` (null: absent). */
  apparmorRestrictsUserns: boolean | null;
  /** This process may run commands as root (it is root, or `sudo -n true` works). */
  canBeRoot: boolean;
  /** The AppArmor change was already tried (and the probe ran again). */
  usernsFixTried?: boolean;
}

export type SandboxDecision =
  | { kind: "on" }
  | { kind: "off"; warning: string | null }
  | { kind: "error"; message: string }
  | { kind: "fix-userns" };

const INSTALL_FIX = "install them: sudo apt-get install -y bubblewrap socat ripgrep";
const USERNS_FIX =
  "let bubblewrap create user namespaces: install an AppArmor profile for bwrap with the `userns` rule (/etc/apparmor.d/bwrap), or run sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0";

/** The Debian packages of the programs that are missing (what apt-get installs on a runner). */
export function missingPackages(facts: Pick<SandboxFacts, "bwrap" | "socat" | "rg">): string[] {
  return [facts.bwrap ? null : "bubblewrap", facts.socat ? null : "socat", facts.rg ? null : "ripgrep"].filter(
    (p): p is string => p !== null,
  );
}

/** What keeps the sandbox from working here, with the fix; null when nothing does. */
export function sandboxProblem(facts: SandboxFacts): string | null {
  if (facts.platform !== "linux") return `the sandbox runs agents with bubblewrap, which needs Linux (this is ${facts.platform})`;
  if (facts.arch !== "x64" && facts.arch !== "arm64") return `the sandbox supports x64 and arm64 machines (this is ${facts.arch})`;
  const missing = [facts.bwrap ? null : "bubblewrap (bwrap)", facts.socat ? null : "socat", facts.rg ? null : "ripgrep (rg)"].filter(
    (m): m is string => m !== null,
  );
  if (missing.length > 0) return `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed; ${INSTALL_FIX}`;
  if (facts.probeError) {
    const userns = facts.apparmorRestrictsUserns === true ? `; AppArmor restricts unprivileged user namespaces here: ${USERNS_FIX}` : "";
    return `bubblewrap does not start here (${facts.probeError})${userns}`;
  }
  return null;
}

export function decideSandbox(request: SandboxMode, facts: SandboxFacts): SandboxDecision {
  if (request === "off") return { kind: "off", warning: null };
  const problem = sandboxProblem(facts);
  if (!problem) return { kind: "on" };
  if (facts.probeError && facts.apparmorRestrictsUserns === true && facts.canBeRoot && !facts.usernsFixTried) return { kind: "fix-userns" };
  if (request === "on") return { kind: "error", message: `sandbox is on, but it cannot work here: ${problem}` };
  return { kind: "off", warning: `sandbox: agents run WITHOUT the sandbox (no network allow-list, no file rules): ${problem}` };
}
