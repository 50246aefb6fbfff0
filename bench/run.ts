/**
 * `npm run bench`: runs every benchmark and writes bench/report.md (also printed).
 * Benchmarks measure; they never fail the build. Pass names to run a subset: `npm run bench -- startup ingest`.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

type Bench = () => Promise<string[]>;
const all: Record<string, { file: string; fn: string }> = {
  startup: { file: './startup.ts', fn: 'benchStartup' },
  ingest: { file: './ingest.ts', fn: 'benchIngest' },
  'ingest-stages': { file: './ingestStages.ts', fn: 'benchIngestStages' },
  realtime: { file: './realtime.ts', fn: 'benchRealtime' },
  staff: { file: './staff.ts', fn: 'benchStaff' },
  map: { file: './map.ts', fn: 'benchMap' },
  fuzz: { file: './fuzz.ts', fn: 'benchFuzz' },
  notifications: { file: './notifications.ts', fn: 'benchNotifications' },
  overload: { file: './overload.ts', fn: 'benchOverload' },
  lighthouse: { file: './lighthouse.ts', fn: 'benchLighthouse' },
  readings: { file: './readings.ts', fn: 'benchReadings' },
  mixed: { file: './mixed.ts', fn: 'benchMixed' },
  bigdata: { file: './bigdata.ts', fn: 'benchBigdata' },
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const lines = [
  '# ShetMitra benchmark report',
  '',
  `${new Date().toISOString()} · ${cpus().length} cores (${cpus()[0]?.model ?? '?'}) · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
  '',
];
for (const [name, { file, fn }] of Object.entries(all)) {
  if (wanted.length && !wanted.includes(name)) continue;
  if (!existsSync(new URL(file, import.meta.url))) {
    lines.push(`## ${name}`, '', '(not present in this build)', '');
    continue;
  }
  console.log(`running ${name}…`);
  const mod = (await import(file)) as Record<string, Bench>;
  try {
    lines.push(...(await mod[fn]()), '');
  } catch (e) {
    lines.push(`## ${name}`, '', `failed: ${(e as Error).message}`, '');
  }
}
const report = lines.join('\n');
writeFileSync(new URL('./report.md', import.meta.url), report);
console.log(report);
