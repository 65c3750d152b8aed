/**
 * Finding the state artifacts of one lane and wave: every artifact whose name parses to that
 * prefix, lane and wave, newest first (higher run attempt first, then later creation, then higher id).
 */
import { artifactNamePrefix, parseArtifactName } from "./naming.js";
import type { ArtifactInfo, ArtifactStore } from "./types.js";

export interface WaveStateQuery {
  prefix: string;
  lane: string;
  wave: number;
}

/** Orders artifacts newest first: run attempt, then createdAt, then id. Pure. */
export function newestFirst(artifacts: ArtifactInfo[]): ArtifactInfo[] {
  const attempt = (a: ArtifactInfo) => a.runAttempt ?? parseArtifactName(a.name)?.runAttempt ?? 0;
  const created = (a: ArtifactInfo) => (a.createdAt ? Date.parse(a.createdAt) || 0 : 0);
  const id = (a: ArtifactInfo) => (typeof a.id === "number" ? a.id : 0);
  return [...artifacts].sort(
    (a, b) => attempt(b) - attempt(a) || created(b) - created(a) || id(b) - id(a) || b.name.localeCompare(a.name),
  );
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
