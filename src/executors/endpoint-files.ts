/** Files and directories the endpoint pointing creates, owned by the agent's OS user when it has one. */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { EndpointLaunch } from "./adapter.js";

/** Creates each directory (parents first, each one given to `identity`); existing ones are kept. */
export async function makeDirs(dirs: string[], identity: EndpointLaunch["identity"]): Promise<void> {
  for (const dir of dirs) {
    const created = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (!identity || created === undefined) continue;
    // Every directory mkdir created, from the first one down to `dir`.
    for (let d = dir; ; d = path.dirname(d)) {
      await fs.chown(d, identity.uid, identity.gid);
      if (d === created || path.dirname(d) === d) break;
    }
  }
}

/** Writes `file` (mode 0600), given to `identity`. */
export async function writeOwned(file: string, content: string, identity: EndpointLaunch["identity"]): Promise<void> {
  await fs.writeFile(file, content, { mode: 0o600 });
  if (identity) await fs.chown(file, identity.uid, identity.gid);
}
