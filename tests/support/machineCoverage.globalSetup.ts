/** Empties the measured statechart coverage of the last run (see ./machineCoverage.ts) before this one records. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export default function setup() {
  rmSync(process.env.MACHINE_COVERAGE_DIR ?? join(process.cwd(), 'test-results/machine-coverage'), { recursive: true, force: true });
}
