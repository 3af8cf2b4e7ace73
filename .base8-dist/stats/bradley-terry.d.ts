export interface Match {
    a: string;
    b: string;
    /** 'a' if player a won, 'b' if player b won, 'tie' for a draw (half a win each). */
    winner: 'a' | 'b' | 'tie';
}
export interface BradleyTerryOptions {
    /** Rating points per factor `base` in odds; default 400. */
    scale?: number;
    /** Odds base; default 10. */
    base?: number;
    /** Mean rating of all players; default 1500 (ignored when `anchor` is given). */
    initial?: number;
    /** Pin one player's rating instead of the mean, e.g. { player: 'gpt-4', rating: 1200 }. */
    anchor?: {
        player: string;
        rating: number;
    };
}
/**
 * Bradley–Terry maximum-likelihood ratings (Chatbot Arena compute_mle_elo: logistic
 * regression on ln(base)·(r_a − r_b)/scale, ties as half a win each way), shifted so the
 * mean rating is `initial` (default 1500) or so `anchor.player` has `anchor.rating`.
 * Matches a statsmodels Logit fit to 1e-6. Throws RangeError when the MLE does not exist
 * (the win/tie graph is not strongly connected, e.g. a player who never lost).
 */
export declare function bradleyTerry(matches: readonly Match[], options?: BradleyTerryOptions): Record<string, number>;
