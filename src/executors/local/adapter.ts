/** The built-in `local` executor's adapter (src/executors/adapter.ts): no model, no key, no session. */
import type { ExecutorAdapter } from "../adapter.js";
import { freshSessions } from "../adapter-parts.js";
import { buildLocalLaunchSpec } from "./launch.js";

export const localAdapter: ExecutorAdapter = {
  id: "local",
  title: "the built-in local agent",
  buildLaunch: buildLocalLaunchSpec,
  program: (_executor, cliArgv) => (cliArgv.length > 0 && cliArgv[0] !== "" ? cliArgv[0]! : null),
  preflight: { runsWaveCli: true },
  runsNoModel: true,
  session: freshSessions("The built-in local executor has no model session; it simply runs again."),
};
