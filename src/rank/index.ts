export { MATCHUP_CRITERIA, MATCHUP_QUESTION, outcomeOf, runMatchups, usageOf } from './matchups.js';
export type { MatchupOptions, MatchupReference, MatchupSkill } from './matchups.js';
export { fitBradleyTerry, onlineHistory, percentileOf } from './fit.js';
export type { FitOptions, MeasuredMatchup } from './fit.js';
export { BradleyTerryFit, EloResult, MatchupOutcome, MatchupRecord, MatchupVerdict } from './result.js';
export { rankAgainstCorpus, unmeasuredElo } from './rank.js';
export type { RankOptions } from './rank.js';
