/**
 * What the report says about a vegetation index series: the last three readings, the 30-day mean
 * (the 30 days up to the newest reading) and a plain reading of the level. Every number is rounded here,
 * once, to 2 decimals (`roundNdvi`), and the screen and the PDF print these numbers as they are: the
 * NDVI time series answer carries this summary, so 0.285 reads 0.29 in both places.
 * NDVI bands (common remote-sensing practice): < 0.2 bare soil or stubble, 0.2–0.4 sparse or
 * stressed vegetation, 0.4–0.6 moderate canopy, > 0.6 dense healthy canopy.
 */
export type NdviPoint = { date: string; ndvi: number };
export type NdviSummary = { latest: NdviPoint[]; average30d: number | null; level: 'bare' | 'sparse' | 'moderate' | 'dense' | null };

/**
 * Half away from zero on the decimal digits people read: 0.285 → 0.29. (`Math.round(0.285 * 100)` gives 28
 * and `(0.285).toFixed(2)` gives '0.28', because 0.285 is stored as 0.28499999…)
 */
export function roundNdvi(value: number): number {
  return Number(`${Math.round(Number(`${value}e2`))}e-2`);
}

export function summariseNdvi(points: NdviPoint[]): NdviSummary {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const newest = sorted.length ? new Date(sorted[sorted.length - 1].date).getTime() : 0;
  const recent = sorted.filter((p) => new Date(p.date).getTime() >= newest - 30 * 86_400_000);
  const average30d = recent.length ? roundNdvi(recent.reduce((s, p) => s + p.ndvi, 0) / recent.length) : null;
  const level = average30d === null ? null : average30d < 0.2 ? 'bare' : average30d < 0.4 ? 'sparse' : average30d < 0.6 ? 'moderate' : 'dense';
  return { latest: sorted.slice(-3).reverse().map((p) => ({ date: p.date, ndvi: roundNdvi(p.ndvi) })), average30d, level };
}
