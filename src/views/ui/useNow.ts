/** The current time, refreshed every `everyMs`: for 'measured 12 minutes ago' labels that must not freeze. */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
