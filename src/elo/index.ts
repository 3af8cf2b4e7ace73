export { expectedScore, eloUpdate } from './rating.js';
export { MATCHUP_CRITERIA, MATCHUP_QUESTION, outcomeOf, runMatchups } from './matchups.js';
export type { MatchupOptions, MatchupReference, MatchupSkill } from './matchups.js';
export { EloResult, MatchupOutcome, MatchupRecord, MatchupVerdict } from './result.js';
export { rankAgainstCorpus } from './rank.js';
export type { RankOptions } from './rank.js';
