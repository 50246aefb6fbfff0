/**
 * Whether a successful sign-in looks like someone else's: it comes after several failures for the same
 * account and from a device or network address the account has not signed in from before.
 */
export const SUSPICIOUS_AFTER_FAILURES = 3;
export const FAILURE_LOOKBACK_MS = 60 * 60 * 1000;

export type LoginEvidence = {
  /** Failed attempts for this e-mail within the look-back window. */
  recentFailures: number;
  /** This user agent has signed in successfully before. */
  knownDevice: boolean;
  /** This IP address has signed in successfully before. */
  knownAddress: boolean;
};

export function classifySuccessfulLogin(e: LoginEvidence): 'success' | 'suspicious' {
  const newPlace = !e.knownDevice || !e.knownAddress;
  return e.recentFailures >= SUSPICIOUS_AFTER_FAILURES && newPlace ? 'suspicious' : 'success';
}
