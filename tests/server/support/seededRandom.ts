import { createRandom } from '../../../server/src/seed/prng';

/**
 * The demo world's deterministic generator (mulberry32, server/src/seed/prng.ts) as a bare `() => number` for
 * randomised tests: seed it per run and print the seed on failure.
 */
export const rng = (seed: number) => createRandom(seed).next;
