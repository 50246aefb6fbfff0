/**
 * The device's position through the browser's Geolocation API. Rejects when the reader refuses, the
 * browser has none, or it takes longer than the timeout; the caller decides what to do then.
 */
/** `accuracy`: the browser's estimate of the error radius, in metres (absent when it gives none). */
export type Position = { longitude: number; latitude: number; accuracy?: number };

export function currentPosition(timeoutMs = 10_000): Promise<Position> {
  return new Promise((resolve, reject) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geo.getCurrentPosition(
      (p) =>
        resolve({
          longitude: p.coords.longitude,
          latitude: p.coords.latitude,
          ...(Number.isFinite(p.coords.accuracy) ? { accuracy: p.coords.accuracy } : {}),
        }),
      (e) => reject(new Error(e.message || 'geolocation denied')),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
