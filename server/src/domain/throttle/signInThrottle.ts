/**
 * The sign-in throttle's policy (pure: the caller reads the failures from the login history).
 *
 * What it protects against is guessing, without handing anyone a way to lock the owner out:
 * - Per account and source (the address an attempt comes from): 5 failures are free, then each further
 *   try from that source waits 30 s, 1 min, 2 min … up to 15 min after its last failure. A success from
 *   the source (or an administrator's clear) starts it afresh.
 * - Per account, over every source: from 10 failures in 15 minutes the account is "under attack" and any
 *   source that has failed on it must keep a slower pace (60 s between tries). A source that has not
 *   failed on the account is never held back by other sources' failures: the owner still gets in.
 * - Per address, over every account: a ceiling (default 100 failures in 15 minutes) high enough for a
 *   cooperative behind one NAT, some mistyping. An account that has signed in from the address before
 *   and has not failed from it since is not held back by the ceiling.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60_000,
  freePerSource: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  accountCeiling: 10,
  slowPaceMs: 60_000,
} as const;

export type SignInFacts = {
  now: number;
  /** The failures on this account inside the window and after the last administrator clear (newest first or any order). */
  accountFailures: { at: number; ip: string | null }[];
  /** The address of this attempt. */
  ip: string | null;
  /** The last success of this account from this address (ms), if any inside the window. */
  lastSuccessHere: number | null;
  /** This account has signed in from this address before (ever). */
  knownHere: boolean;
  /** When the address's failures (all accounts) are at its ceiling: the time the oldest counted one leaves the window. */
  addressFullUntil: number | null;
};

export type SignInVerdict =
  | { allowed: true }
  | { allowed: false; retryAt: number; retryAfterSeconds: number; scope: 'source' | 'account' | 'address' };

/** The delay a source waits after its last failure, once it has failed `n` times. */
export function sourceDelayMs(n: number, p = SIGN_IN_POLICY) {
  if (n < p.freePerSource) return 0;
  return Math.min(p.maxDelayMs, p.firstDelayMs * 2 ** (n - p.freePerSource));
}

export function judgeSignIn(f: SignInFacts, p = SIGN_IN_POLICY): SignInVerdict {
  const since = f.now - p.windowMs;
  const inWindow = f.accountFailures.filter((x) => x.at > since);
  const here = inWindow.filter((x) => x.ip === f.ip && (f.lastSuccessHere === null || x.at > f.lastSuccessHere));
  const lastHere = here.reduce((m, x) => Math.max(m, x.at), 0);
  const candidates: { at: number; scope: 'source' | 'account' | 'address' }[] = [];
  if (here.length > 0) {
    candidates.push({ at: lastHere + sourceDelayMs(here.length, p), scope: 'source' });
    if (inWindow.length >= p.accountCeiling) candidates.push({ at: lastHere + p.slowPaceMs, scope: 'account' });
  }
  const exempt = f.knownHere && here.length === 0;
  if (f.addressFullUntil !== null && !exempt) candidates.push({ at: f.addressFullUntil, scope: 'address' });
  const worst = candidates.filter((c) => c.at > f.now).sort((a, b) => b.at - a.at)[0];
  if (!worst) return { allowed: true };
  return { allowed: false, retryAt: worst.at, retryAfterSeconds: Math.max(1, Math.ceil((worst.at - f.now) / 1000)), scope: worst.scope };
}
