/**
 * Finding the state artifacts of one lane and wave: every artifact whose name parses to that
 * prefix, lane and wave, newest first by what the artifact service assigned (id, then creation
 * time). The run attempt in a name is the uploader's claim and never decides the order.
 */
import { artifactNamePrefix, parseArtifactName } from "./naming.js";
import type { ArtifactInfo, ArtifactStore } from "./types.js";

export interface WaveStateQuery {
  prefix: string;
  lane: string;
  wave: number;
}

/**
 * Newest first by server facts: the numeric artifact id (the service assigns ids in upload order),
 * then createdAt, then the name (local artifacts have no numeric id). Pure.
 */
export function compareNewestFirst(a: ArtifactInfo, b: ArtifactInfo): number {
  const id = (x: ArtifactInfo) => (typeof x.id === "number" ? x.id : 0);
  const created = (x: ArtifactInfo) => (x.createdAt ? Date.parse(x.createdAt) || 0 : 0);
  return id(b) - id(a) || created(b) - created(a) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);
}

/** Orders artifacts newest first (see compareNewestFirst). Pure. */
export function newestFirst(artifacts: ArtifactInfo[]): ArtifactInfo[] {
  return [...artifacts].sort(compareNewestFirst);
}

/** Artifacts of this lane and wave among `artifacts`. Pure. */
export function selectWaveStates(artifacts: ArtifactInfo[], query: WaveStateQuery): ArtifactInfo[] {
  return artifacts.filter((a) => {
    const parts = parseArtifactName(a.name);
    return parts !== null && parts.prefix === query.prefix && parts.lane === query.lane && parts.wave === query.wave;
  });
}

/** The state artifacts of a lane and wave in `store`, newest first (empty when there are none). */
export async function findLatestWaveState(store: ArtifactStore, query: WaveStateQuery): Promise<ArtifactInfo[]> {
  const listed = await store.list({ prefix: artifactNamePrefix(query.prefix, query.lane) });
  return newestFirst(selectWaveStates(listed, query));
}
