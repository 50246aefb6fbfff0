// The per-machine mutation scores of `npm run mutation` (scripts/mutation.mjs): recordRun() adds one machine's
// Stryker JSON report to docs/statecharts/mutation.json (committed: reports/ is not), writePage() writes
// docs/statecharts/mutation.md from it. A surviving mutant listed in docs/statecharts/mutation-equivalent.json
// (matched by file, mutator, original text and replacement, not by line) is shown there with why it is equivalent,
// and set aside in the second score.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const DATA = join(root, 'docs/statecharts/mutation.json');
const EQUIVALENT = join(root, 'docs/statecharts/mutation-equivalent.json');
const PAGE = join(root, 'docs/statecharts/mutation.md');

const read = (file, empty) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : empty);
const oneLine = (s) => s.replace(/\s+/g, ' ').trim();
const STATUS = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'noCoverage', CompileError: 'errors', RuntimeError: 'errors', Ignored: 'ignored' };

/** The text a mutant replaced, from the file's source and the mutant's (1-based line, 0-based column) location. */
function original(source, { start, end }) {
  const lines = source.split('\n');
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}

/** An entry of the equivalent list names its mutant by file, line, mutator, original text and replacement: an edit that moves it
 * brings the mutant back into "Surviving mutants" until the entry is checked again. */
const sameMutant = (e, u) => e.file === u.file && e.line === u.line && e.mutator === u.mutator && e.original === u.original && e.replacement === u.replacement;

/**
 * The one equivalent every machine has, by rule instead of an entry each: its id emptied (`id: ''`). No target of these
 * machines names it (a `#id.state` target would kill the mutant) and no view reads it; it names the machine for
 * inspection and docs/statecharts.
 */
const MACHINE_ID_WHY = "The machine's id: no target names it (no `#id.…` target survives the change) and no view reads it; it only names the machine for inspection and docs/statecharts.";
const isMachineId = (machineId, u) =>
  u.mutator === 'StringLiteral' && u.replacement === '""' && u.original === `'${machineId}'` && new RegExp(`^id: '${machineId}',?$`).test(u.lineText ?? '');

export function recordRun(id, module, reportFile, started, finished, { incremental = false, rendered = false } = {}) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, ignored: 0 };
  const undetected = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      const status = STATUS[m.status] ?? 'errors';
      counts[status]++;
      if (status === 'survived' || status === 'noCoverage') {
        const orig = original(source, m.location);
        undetected.push({
          file,
          line: m.location.start.line,
          status,
          mutator: m.mutatorName,
          lineText: source.split('\n')[m.location.start.line - 1].trim(),
          original: oneLine(orig),
          replacement: oneLine(m.replacement ?? ''),
        });
      }
    }
  }
  const data = read(DATA, { machines: {} });
  data.machines[id] = {
    files: module.files,
    tests: module.tests,
    run: started.toISOString().replace(/\.\d+Z$/, 'Z'),
    minutes: Math.round((finished - started) / 6000) / 10,
    ...(incremental ? { incremental: true } : {}),
    // Against the covering paths `npm test` renders (--rendered) instead of every path of each walk.
    ...(rendered ? { rendered: true } : {}),
    counts,
    undetected,
  };
  data.machines = Object.fromEntries(Object.entries(data.machines).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DATA, `${JSON.stringify(data, null, 2)}\n`);
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)} %` : '–');
const code = (s) => `\`${s.length > 90 ? `${s.slice(0, 87)}…` : s}\``.replace(/\|/g, '\\|');

/** `modules`: every machine and shared helper `npm run mutation` knows (those not run yet are named on the page). */
export function writePage(modules = []) {
  const data = read(DATA, { machines: {} });
  const equivalent = read(EQUIVALENT, []);
  const index = read(join(root, 'docs/statecharts/index.json'), {});
  const rows = Object.entries(data.machines).map(([id, m]) => {
    const eq = m.undetected.filter((u) => isMachineId(id, u) || equivalent.some((e) => sameMutant(e, u)));
    const detected = m.counts.killed + m.counts.timeout;
    const valid = detected + m.counts.survived + m.counts.noCoverage;
    return { id, m, eq, detected, valid };
  });
  const sum = (f) => rows.reduce((n, r) => n + f(r), 0);
  const total = { detected: sum((r) => r.detected), valid: sum((r) => r.valid), eq: sum((r) => r.eq.length) };
  const c = (k) => sum((r) => r.m.counts[k]);
  const notRun = [...new Set([...Object.keys(index), ...modules])].filter((id) => !data.machines[id]).sort();

  const out = [
    '# Mutation testing of the machines',
    '',
    '<!-- Written by `npm run mutation` (scripts/mutationReport.mjs) from docs/statecharts/mutation.json; equivalent mutants and why: docs/statecharts/mutation-equivalent.json. -->',
    '',
    'StrykerJS changes the machines (`src/machines/`) one small edit (a *mutant*) at a time and runs the tests that',
    'drive them (tests/model, tests/machines, and the tests/unit files that import them); a mutant the tests notice is',
    '*killed*, one they do not *survives*. The score is the share of mutants killed (or timed out): the honest measure',
    'that the generated paths assert something.',
    'Run with `npm run mutation` (all, smallest machine first) or `npm run mutation -- --machine <name>` (README);',
    'the full HTML report of the last run of a machine is in `reports/mutation/<machine>/index.html` (not committed).',
    'Each run also keeps its results in `docs/statecharts/mutation-incremental/<machine>.json`: `--incremental` then runs',
    'again only the mutants whose code or covering tests changed, and every survivor (*Minutes* says "(incremental)").',
    'The model tests run every path of each walk here (`MODEL_PATHS=all`, as `npm run paths -- <machine> --all`), not',
    'only the covering set `npm test` renders (tests/support/modelHarness.tsx `renderedPaths`); `--rendered` measures',
    'that set instead (*Minutes* says "(rendered paths)").',
    '',
    '*Score* is Stryker\'s: (killed + timeout) / (killed + timeout + survived + no coverage). *Score, equivalents aside*',
    'leaves out the surviving mutants listed below as equivalent (no test can tell them from the machine as written).',
    '*Ignored* mutants are left out of both: the `types` of `setup({ types })`, which only TypeScript reads (xstate\'s',
    'setup() drops them; the ignorer is in scripts/strykerVitestRunner.mjs).',
    '',
    `## Overall (${rows.length} of ${rows.length + notRun.length} modules run)`,
    '',
    '| Mutants | Killed | Timeout | Survived | No coverage | Errors | Ignored | Equivalent | Score | Score, equivalents aside |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${total.valid + c('errors') + c('ignored')} | ${c('killed')} | ${c('timeout')} | ${c('survived')} | ${c('noCoverage')} | ${c('errors')} | ${c('ignored')} | ${total.eq} | ${pct(total.detected, total.valid)} | ${pct(total.detected, total.valid - total.eq)} |`,
    '',
    '## Per machine',
    '',
    '| Machine | Files | Last run (UTC) | Minutes | Mutants | Killed | Timeout | Survived | No coverage | Errors | Ignored | Equivalent | Score | Score, equivalents aside |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      ({ id, m, eq, detected, valid }) =>
        `| ${id} | ${m.files.map((f) => f.replace('src/machines/', '')).join(', ')} | ${m.run.replace('T', ' ').replace('Z', '')} | ${m.minutes}${m.incremental ? ' (incremental)' : ''}${m.rendered ? ' (rendered paths)' : ''} | ${valid + m.counts.errors + m.counts.ignored} | ${m.counts.killed} | ${m.counts.timeout} | ${m.counts.survived} | ${m.counts.noCoverage} | ${m.counts.errors} | ${m.counts.ignored} | ${eq.length} | ${pct(detected, valid)} | ${pct(detected, valid - eq.length)} |`,
    ),
    '',
    `Not run yet: ${notRun.length ? notRun.join(', ') : 'none'}.`,
    '',
    '## Surviving mutants',
    '',
    'Each one is a change to the machine that no test noticed: kill it with a sharper assertion of the state the view shows',
    '(tests/model), or list it in docs/statecharts/mutation-equivalent.json with why no test can tell it apart. What killed',
    'most of them so far:',
    '',
    '- **A check that follows the path, not only the snapshot.** The generated paths are walked on the machine itself, a',
    '  mutant included, and the view faithfully shows whatever state the mutant is in: a check that only reads the',
    '  snapshot (`assertState[s.value](s)`) agrees with a wrong machine. Work out what the user should see from the events',
    '  of the path so far (what they typed, pressed, what the server answered) and check the screen and the state against',
    '  that too (tests/model/rating.model.test.tsx, account/forgotReset.model.test.tsx).',
    '- **The machine\'s own actors, once.** Path tests replace the actors; one test that renders the view with the machine',
    '  as it ships, against tests/support/apiServer.ts, kills the mutants of the call itself (the request, its path, its body).',
    '- **A fixed scenario for a step the paths cannot walk.** A step that a mutant turns into "nothing happens" (Save on',
    '  a form with problems that no longer shows them) is not walked at all under it, and shortest paths reach each state',
    '  once (they never leave \'done\' or \'failed\', never load a card in another status): a few fixed scenarios say what',
    '  must happen there (account/changePassword.model.test.tsx, readingsExport.model.test.tsx, staff/farmerDetail.model.test.tsx).',
    '  Nor does a path that only the mutant opens help: Stryker runs a mutant inside a function (an assign, a guard; not',
    '  one of the definition itself, which runs every test) against the tests, by name, that reached that code in the run',
    '  without mutants, so a path test that exists only under the mutant is never run for it. A step the',
    '  shortest paths reach by another route (a reconnect that socket.io recovered, after the first connect already led to',
    '  \'live\') needs a test that walks it as written (tests/machines/liveMachines.test.ts, sensorFeed after a refused room).',
    '',
  ];
  for (const { id, m, eq } of rows) {
    const left = m.undetected.filter((u) => !eq.includes(u));
    if (!left.length) continue;
    out.push(`### ${id}`, '', '| File:line | Mutator | Original | Mutant | Status |', '| --- | --- | --- | --- | --- |');
    for (const u of left) out.push(`| ${u.file.replace('src/machines/', '')}:${u.line} | ${u.mutator} | ${code(u.original)} | ${code(u.replacement)} | ${u.status} |`);
    out.push('');
  }
  out.push('## Equivalent mutants, and why', '');
  const eqRows = rows.flatMap(({ id, eq }) => eq.map((u) => ({ id, u, why: isMachineId(id, u) ? MACHINE_ID_WHY : equivalent.find((e) => sameMutant(e, u)).why })));
  if (!eqRows.length) out.push('None listed.', '');
  else {
    out.push('| Machine | File:line | Mutator | Original | Mutant | Why it is equivalent |', '| --- | --- | --- | --- | --- | --- |');
    for (const { id, u, why } of eqRows) out.push(`| ${id} | ${u.file.replace('src/machines/', '')}:${u.line} | ${u.mutator} | ${code(u.original)} | ${code(u.replacement)} | ${why} |`);
    out.push('');
  }
  writeFileSync(PAGE, out.join('\n'));
}
