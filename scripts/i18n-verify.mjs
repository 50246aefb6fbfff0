#!/usr/bin/env node
/**
 * Fails (exit 1) when a message id used in src (defineMessages, formatMessage, FormattedMessage) is
 * missing or empty in any catalog, when the catalogs' keys differ, or when a translation drops or
 * invents an ICU argument. Ids are extracted with @formatjs/cli, the same tool as `npm run i18n:extract`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCALES = ['mr', 'en', 'hi'];

const dir = mkdtempSync(join(tmpdir(), 'i18n-verify-'));
let used;
try {
  const out = join(dir, 'extracted.json');
  execFileSync(
    join(root, 'node_modules/.bin/formatjs'),
    ['extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--ignore', 'src/**/*.stories.tsx', '--out-file', out],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  used = JSON.parse(readFileSync(out, 'utf8'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const catalogs = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(readFileSync(join(root, 'src/i18n/messages', `${l}.json`), 'utf8'))]),
);

/** The names of every argument ({name}, plurals, selects, tags) a message uses. */
function argumentsOf(message) {
  const names = new Set();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.type === TYPE.literal || n.type === TYPE.pound) continue;
      if (n.value !== undefined && typeof n.value === 'string') names.add(n.value);
      if (n.options) for (const o of Object.values(n.options)) walk(o.value);
      if (n.children) walk(n.children);
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return [...names].sort().join(',');
}

const problems = [];
for (const id of Object.keys(used)) {
  for (const l of LOCALES) {
    const text = catalogs[l][id];
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${l}.json: missing or empty "${id}"`);
  }
}
const allKeys = new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l])));
for (const id of allKeys) {
  const missingIn = LOCALES.filter((l) => !(id in catalogs[l]));
  if (missingIn.length) problems.push(`"${id}" is in some catalogs but not in ${missingIn.join(', ')}`);
  const present = LOCALES.filter((l) => typeof catalogs[l][id] === 'string' && catalogs[l][id].trim() !== '');
  let shapes;
  try {
    shapes = present.map((l) => argumentsOf(catalogs[l][id]));
  } catch (e) {
    problems.push(`"${id}" is not a valid ICU message: ${e.message}`);
    continue;
  }
  if (new Set(shapes).size > 1) problems.push(`"${id}" uses different arguments across catalogs: ${present.map((l, i) => `${l}{${shapes[i]}}`).join(' ')}`);
}

if (problems.length) {
  console.error(`i18n-verify: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n-verify: ${Object.keys(used).length} ids used in src, ${allKeys.size} in each of ${LOCALES.join(', ')}: ok`);
