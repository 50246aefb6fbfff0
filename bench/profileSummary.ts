/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and self time per
 * package / source file, so a hot path can be read without a profiler UI.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/run.ts ingest --only postgres …
 *   npx tsx bench/profileSummary.ts /tmp/prof/<file>.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
if (!file) throw new Error('usage: profileSummary.ts <file.cpuprofile> [--top N]');
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's delta belongs to the node sampled.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Where a function lives: a package name, a file of this repository, or a V8/Node category. */
function place(url: string) {
  if (!url) return '(native / V8)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return url;
  const repo = /\/(server\/src\/.*|bench\/.*)$/.exec(url);
  return repo ? repo[1] : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = place(url);
  const key = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
}

const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5);
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);

console.log(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by function');
for (const [k, us] of rows(byFunction)) console.log(`${pct(us)} % ${ms(us)} ms  ${k}`);
console.log('\nself time by package / file');
for (const [k, us] of rows(byPlace)) console.log(`${pct(us)} % ${ms(us)} ms  ${k}`);
