/** HTTP batch ingest rate (POST /sensor-data/ingest, 100 readings per request) against the real app. Needs the app (buildApp). */
import type { BenchDb, World } from './support';

export async function benchHttpIngest(_d: BenchDb, _world: World, _seconds: number): Promise<{ rate: number; note?: string }> {
  return { rate: NaN, note: 'needs the app from the foundation merge' };
}
