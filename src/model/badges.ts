/**
 * Every badge, best first, `none` last: the one list the result and store schemas, the badge rules and the
 * reporters read. Free of zod: the scoring path imports it.
 */
export const BADGE_ORDER = ['platinum', 'gold', 'silver', 'bronze', 'none'] as const;
export type Badge = (typeof BADGE_ORDER)[number];
/** A badge actually awarded (every one but `none`). */
export type AwardedBadge = Exclude<Badge, 'none'>;
export const AWARDED_BADGES: readonly AwardedBadge[] = BADGE_ORDER.filter((b): b is AwardedBadge => b !== 'none');
