/**
 * `ms` ago, but never before today's midnight (local time): an offline banner shows the time alone for a copy kept
 * today and the day too for an older one, and the model files' expectations are written for today's. Without the
 * clamp, a run between midnight and `ms` after it met yesterday's copy ('Nov 27, 23:36') and failed by the clock.
 */
export function todayAgo(ms: number): string {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return new Date(Math.max(midnight.getTime(), Date.now() - ms)).toISOString();
}
