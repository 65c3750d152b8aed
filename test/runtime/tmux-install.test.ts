/**
 * `tmux: true` without tmux: installed with apt in GitHub Actions (as root or through sudo -n, the
 * package lists refreshed once when the first try fails), otherwise a usage error with the fix.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isUserError } from "../../src/errors.js";
import { ensureTmux, TMUX_FIX_LOCAL, TMUX_FIX_WORKFLOW, type TmuxInstallDeps } from "../../src/runtime/tmux-install.js";

function fake(over: Partial<TmuxInstallDeps> & { installs?: boolean[]; present?: boolean }) {
  const calls: string[][] = [];
  const notices: string[] = [];
  let installed = over.present ?? false;
  const outcomes = [...(over.installs ?? [])];
  const deps: TmuxInstallDeps = {
    available: async () => installed,
    run: (argv) => {
      calls.push(argv);
      if (argv.includes("update")) return { status: 0, output: "Reading package lists... Done" };
      const ok = outcomes.shift() ?? false;
      if (ok) installed = true;
      return { status: ok ? 0 : 100, output: ok ? "Setting up tmux" : "E: Unable to locate package tmux" };
    },
    githubActions: true,
    isRoot: false,
    onNotice: (m) => notices.push(m),
    ...over,
  };
  return { deps, calls, notices };
}

test("tmux already there: nothing runs", async () => {
  const { deps, calls } = fake({ present: true });
  await ensureTmux(deps);
  assert.deepEqual(calls, []);
});

test("outside GitHub Actions nothing is installed: the error says how to get tmux", async () => {
  const { deps, calls } = fake({ githubActions: false });
  await assert.rejects(ensureTmux(deps), (e: unknown) => isUserError(e) && e.message === `tmux is not installed: ${TMUX_FIX_LOCAL}`);
  assert.deepEqual(calls, []);
});

test("in GitHub Actions: sudo -n apt-get install; after a failed try the lists are refreshed once", async () => {
  const { deps, calls, notices } = fake({ installs: [false, true] });
  await ensureTmux(deps);
  const apt = ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"];
  assert.deepEqual(calls, [
    [...apt, "install", "-y", "--no-install-recommends", "tmux"],
    [...apt, "update"],
    [...apt, "install", "-y", "--no-install-recommends", "tmux"],
  ]);
  assert.equal(notices.length, 1);
  assert.match(notices[0]!, /installing it with apt-get/);
});

test("as root no sudo is used", async () => {
  const { deps, calls } = fake({ isRoot: true, installs: [true] });
  await ensureTmux(deps);
  assert.deepEqual(calls, [["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "--no-install-recommends", "tmux"]]);
});

test("when the install fails the run stops with apt's last line and the one-line fix", async () => {
  const { deps } = fake({ installs: [false, false] });
  await assert.rejects(
    ensureTmux(deps),
    (e: unknown) =>
      isUserError(e) &&
      e.message === `tmux is not installed and could not be installed (E: Unable to locate package tmux): ${TMUX_FIX_WORKFLOW}`,
  );
});

test("aptInstall installs several packages in one call and returns apt's last line when it fails", async () => {
  const { aptInstall } = await import("../../src/runtime/apt-install.js");
  const calls: string[][] = [];
  const failed = aptInstall(["bubblewrap", "ripgrep"], {
    isRoot: true,
    run: (argv) => {
      calls.push(argv);
      return argv.includes("update")
        ? { status: 0, output: "" }
        : { status: 100, output: "Reading package lists...\nE: Unable to locate package ripgrep\n" };
    },
  });
  assert.equal(failed, "E: Unable to locate package ripgrep");
  const apt = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"];
  assert.deepEqual(calls, [
    [...apt, "install", "-y", "--no-install-recommends", "bubblewrap", "ripgrep"],
    [...apt, "update"],
    [...apt, "install", "-y", "--no-install-recommends", "bubblewrap", "ripgrep"],
  ]);
});
