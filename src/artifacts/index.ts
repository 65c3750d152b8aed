/**
 * Artifact stores for wave state: GithubArtifactStore (workflow artifacts; the Actions artifact
 * client is only loaded when first used) and LocalArtifactStore (a directory).
 */
export { ArtifactError, type ArtifactErrorCode, isArtifactError } from "./errors.js";
export { type CheckedFile, type CollectedFiles, checkUploadFiles, collectFiles, type TreeSummary, verifyTree } from "./file-tree.js";
export { GithubArtifactStore, type GithubArtifactStoreOptions } from "./github-store.js";
export { compareNewestFirst, findLatestWaveState, newestFirst, selectWaveStates, type WaveStateQuery } from "./latest.js";
export {
  LOCAL_METADATA_FILE,
  type LocalArtifactMetadata,
  LocalArtifactMetadataSchema,
  LocalArtifactStore,
  type LocalArtifactStoreOptions,
} from "./local-store.js";
export {
  type ArtifactNameParts,
  artifactName,
  artifactNamePrefix,
  checkArtifactName,
  jobIdFromRuntimeToken,
  jobSuffix,
  parseArtifactName,
} from "./naming.js";
export type { ArtifactInfo, ArtifactSource, ArtifactStore, ListOptions, UploadOptions, UploadResult } from "./types.js";
export { type ExtractResult, extractZip } from "./zip-extract.js";
export { readZipEntries, ZipError, type ZipEntry } from "./zip-read.js";
