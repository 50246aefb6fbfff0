/**
 * What the report says about a vegetation index series: the last three readings, the 30-day mean
 * (to 2 decimals, as the screen shows it) and a plain reading of the level.
 * NDVI bands (common remote-sensing practice): < 0.2 bare soil or stubble, 0.2–0.4 sparse or
 * stressed vegetation, 0.4–0.6 moderate canopy, > 0.6 dense healthy canopy.
 */
export type NdviPoint = { date: string; ndvi: number };
export type NdviSummary = { latest: NdviPoint[]; average30d: number | null; level: 'bare' | 'sparse' | 'moderate' | 'dense' | null };

export function summariseNdvi(points: NdviPoint[], now: Date): NdviSummary {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const since = now.getTime() - 30 * 86_400_000;
  const recent = sorted.filter((p) => new Date(p.date).getTime() >= since);
  const average30d = recent.length ? Math.round((recent.reduce((s, p) => s + p.ndvi, 0) / recent.length) * 100) / 100 : null;
  const level = average30d === null ? null : average30d < 0.2 ? 'bare' : average30d < 0.4 ? 'sparse' : average30d < 0.6 ? 'moderate' : 'dense';
  return { latest: sorted.slice(-3).reverse(), average30d, level };
}
