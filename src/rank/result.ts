/**
 * The Elo result schema lives in src/model/elo.ts (the score result carries it); re-exported here for src/rank/'s
 * callers.
 */
export {
  BradleyTerryFit,
  ELO_CI_METHOD,
  ELO_RATING_METHOD,
  EloResult,
  MatchupOutcome,
  MatchupRecord,
  MatchupVerdict,
} from '../model/elo.js';
