/**
 * Finding the state artifacts of one lane and wave: every artifact whose name parses to that
 * prefix, lane and wave, newest first: the later run attempt first, then the later creation time
 * the artifact service assigned. Never the artifact id: GitHub's ids are opaque and not in upload
 * order across run attempts (a re-run's artifact has been seen with a lower id than attempt 1's:
 * Systemorph/MeshWeaver#4303 and #4332, amigoer/mq-studio#104, AMD-AGI/Hyperloom#1502), so
 * after "Re-run failed jobs" the highest id can be attempt 1's failed state.
 *
 * The attempt comes from the name, which is the uploader's claim: a name claiming a later attempt
 * than the reading job's is refused before ordering (`screenStateArtifacts`), and a downloaded
 * state counts only when its origin.json agrees with its name (`checkStateContents`). Whoever can
 * upload into the run can upload a newer state anyway, so ordering by the claim gives them nothing.
 */
import { artifactNamePrefix, parseArtifactName } from "./naming.js";
import type { ArtifactInfo, ArtifactStore } from "./types.js";

export interface WaveStateQuery {
  prefix: string;
  lane: string;
  wave: number;
}

/** The run attempt an artifact belongs to: the listing's, else its name's, else 0 (unknown sorts oldest). */
function attemptOf(x: ArtifactInfo): number {
  return x.runAttempt ?? parseArtifactName(x.name)?.runAttempt ?? 0;
}

/**
 * Newest first: the later run attempt, then the later creation time (the service's clock), then
 * the name, for a total order. Never the id (see the header). Pure.
 */
export function compareNewestFirst(a: ArtifactInfo, b: ArtifactInfo): number {
  const created = (x: ArtifactInfo) => (x.createdAt ? Date.parse(x.createdAt) || 0 : 0);
  return attemptOf(b) - attemptOf(a) || created(b) - created(a) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);
}

/** Oldest first: the reverse of compareNewestFirst. Pure. */
export function compareOldestFirst(a: ArtifactInfo, b: ArtifactInfo): number {
  return compareNewestFirst(b, a);
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
