/**
 * A store whose artifacts are listed once. A job's start looks for several earlier states (the
 * shards' for a closure job, the design job's, its own to resume, the earlier waves' changes):
 * each lookup reads the same listing through this view instead of asking the service again, and
 * a listing that failed fails every lookup alike, each handling it its own way. Names are
 * filtered by prefix here, from the one whole listing. Uploads, downloads and deletes go to the
 * store itself; a listing after an upload must ask the store, not this view.
 */
import type { ArtifactInfo, ArtifactStore, ListOptions } from "./types.js";

export function listingOnce(store: ArtifactStore): ArtifactStore {
  let listed: Promise<ArtifactInfo[]> | null = null;
  const view: ArtifactStore = {
    source: store.source,
    upload: (name, rootDir, files, options) => store.upload(name, rootDir, files, options),
    download: (info, destDir) => store.download(info, destDir),
    async list(options: ListOptions = {}) {
      listed ??= store.list();
      const all = await listed;
      const prefix = options.prefix;
      return prefix === undefined ? [...all] : all.filter((a) => a.name.startsWith(prefix));
    },
  };
  if (store.delete) view.delete = (info) => store.delete!(info);
  return view;
}
