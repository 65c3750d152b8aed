/**
 * Which step of the action this process runs. The main and post steps are one bundle
 * (dist/index.js, its chunks next to it): action.yml's `post` entry, dist/post/index.js, only
 * imports that bundle (see scripts/build.mjs). The step is told by the entry file the runner
 * started: dist/post/index.js (or src/post.ts from sources) is the post step, anything else the
 * main step. A step run again as root (agent-user/elevate.ts) keeps its entry file, so its step.
 */
import path from "node:path";

export type ActionStep = "main" | "post";

export function actionStep(entry: string | undefined): ActionStep {
  if (!entry) return "main";
  const file = path.basename(entry);
  if (/^post\.[cm]?[jt]s$/.test(file)) return "post";
  return /^index\.[cm]?js$/.test(file) && path.basename(path.dirname(entry)) === "post" ? "post" : "main";
}
