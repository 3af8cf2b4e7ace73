/**
 * `Date#toISOString` from the date's UTC fields. V8's toISOString sets up its time zone cache on first use (it reads
 * /etc/localtime and ICU's zone data): about 0.3 ms, and several ms when that data is not in memory, in a hook run
 * that writes one timestamp. The UTC getters need none of it. Same text for every date.
 */
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export function isoTimestamp(date: Date): string {
  const year = date.getUTCFullYear();
  // Outside four-digit years the format has a sign and six digits; an invalid date throws: toISOString's own.
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  return (
    `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}T` +
    `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.` +
    `${pad(date.getUTCMilliseconds(), 3)}Z`
  );
}
