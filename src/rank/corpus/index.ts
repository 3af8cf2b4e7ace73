export {
  CORPUS_INDEX_VERSION,
  CategorySource,
  CorpusEntry,
  CorpusIndex,
  INITIAL_RATING,
  InitCorpusReport,
} from './schema.js';
export { CategoryResolver, UNCATEGORISED, hashSkillFiles, skillFacts } from './skill-facts.js';
export type { SkillFacts } from './skill-facts.js';
export { CORPUS_INDEX_FILE, corpusIndexPath, defaultCorpusDir, expandHome } from './paths.js';
export { initCorpus, readCorpusIndex, writeCorpusIndex } from './init.js';
export type { InitCorpusOptions } from './init.js';
export { lineWindow, pickReferences } from './references.js';
export type {
  PickedReference,
  ReferenceCandidate,
  ReferenceOptions,
  ReferenceSelection,
  ReferenceTier,
} from './references.js';
export { describeCandidate, loadReferences } from './load.js';
export type { LoadedReference } from './load.js';
