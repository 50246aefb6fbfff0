/**
 * False in the first commit, true once its effects have run. Actors start in effects, a child's before its parent's:
 * a machine started in the session's first commit would call the server before the session (the parent) has handed
 * its token to the HTTP client (a 401, a refresh and the same request again). A component that starts such a machine
 * renders it once this is true (the farmer home, the notification centre).
 */
import { useEffect, useState } from 'react';

export function useSessionStarted(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => queueMicrotask(() => setStarted(true)), []);
  return started;
}
