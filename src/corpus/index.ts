export { CORPUS_INDEX_FILE, CORPUS_INDEX_VERSION, CategorySource, CorpusEntry, CorpusIndex, INITIAL_RATING } from './schema.js';
export { CategoryResolver, UNCATEGORISED, hashSkillFiles, skillFacts } from './skill-facts.js';
export type { SkillFacts } from './skill-facts.js';
export { corpusIndexPath, defaultCorpusDir, initCorpus, readCorpusIndex, writeCorpusIndex } from './init.js';
export type { InitCorpusOptions, InitCorpusReport } from './init.js';
export { lineWindow, pickReferences } from './references.js';
export type { PickedReference, ReferenceCandidate, ReferenceOptions, ReferenceSelection, ReferenceTier } from './references.js';
export { describeCandidate, loadReferences } from './load.js';
export type { LoadedReference } from './load.js';
