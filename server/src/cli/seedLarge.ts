/**
 * Seeds 10,000 farmers and 20,000 fields (100 coordinators) into the configured database, for
 * performance checks. Adds to what is there; run it on a scratch database.
 *
 *   DATA_DIR=./data-large npm run db:seed-large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/staff_large npm run db:seed-large -- --farmers 10000 --fields 20000
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { LARGE_DEFAULTS, seedLarge } from '../seed/large';

const { values } = parseArgs({
  options: { farmers: { type: 'string' }, fields: { type: 'string' }, coordinators: { type: 'string' }, prefix: { type: 'string' } },
});
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await database.migrate();
const world = {
  coordinators: Number(values.coordinators ?? LARGE_DEFAULTS.coordinators),
  farmers: Number(values.farmers ?? LARGE_DEFAULTS.farmers),
  fields: Number(values.fields ?? LARGE_DEFAULTS.fields),
};
const started = Date.now();
await seedLarge(database.db, world, values.prefix ?? `bulk${Date.now().toString(36)}`);
process.stdout.write(`Seeded ${world.coordinators} coordinators, ${world.farmers} farmers and ${world.fields} fields in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
await database.close();
