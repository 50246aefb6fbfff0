/** scripts/i18n-verify.mjs on a throwaway project: it must fail on every kind of catalog gap. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '../..');
const made: string[] = [];

function verify(catalogs: Record<'mr' | 'en' | 'hi', Record<string, string>>) {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-case-'));
  made.push(dir);
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'src/i18n/messages'), { recursive: true });
  cpSync(join(repo, 'scripts/i18n-verify.mjs'), join(dir, 'scripts/i18n-verify.mjs'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'src/View.tsx'),
    `import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
const m = defineMessages({ hello: { id: 'greet.hello', defaultMessage: 'Hello {name}' } });
export function View() {
  const intl = useIntl();
  return <p>{intl.formatMessage(m.hello, { name: 'x' })}{intl.formatMessage({ id: 'greet.bye', defaultMessage: 'Bye' })}<FormattedMessage id="greet.tag" defaultMessage="Tag" /></p>;
}
`,
  );
  for (const [l, c] of Object.entries(catalogs)) writeFileSync(join(dir, `src/i18n/messages/${l}.json`), JSON.stringify(c));
  const run = spawnSync(process.execPath, [join(dir, 'scripts/i18n-verify.mjs')], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

const full = (hello: string, bye: string, tag: string) => ({ 'greet.hello': hello, 'greet.bye': bye, 'greet.tag': tag });
const good = { mr: full('नमस्कार {name}', 'निरोप', 'खूण'), en: full('Hello {name}', 'Bye', 'Tag'), hi: full('नमस्ते {name}', 'अलविदा', 'टैग') };

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('i18n-verify', () => {
  it('passes complete catalogs', () => {
    const r = verify(good);
    expect(r.out).toContain('3 ids used in src');
    expect(r.code).toBe(0);
  });

  it('fails when an id used through formatMessage is missing in one catalog', () => {
    const hi = { ...good.hi } as Record<string, string>;
    delete hi['greet.bye'];
    const r = verify({ ...good, hi });
    expect(r.code).toBe(1);
    expect(r.out).toContain('hi.json: missing or empty "greet.bye"');
  });

  it('fails when a FormattedMessage id is empty', () => {
    const r = verify({ ...good, mr: { ...good.mr, 'greet.tag': ' ' } });
    expect(r.code).toBe(1);
    expect(r.out).toContain('mr.json: missing or empty "greet.tag"');
  });

  it('fails when catalogs differ in keys or a translation drops an argument', () => {
    const r = verify({ ...good, en: { ...good.en, 'extra.only.en': 'x' }, hi: { ...good.hi, 'greet.hello': 'नमस्ते' } });
    expect(r.code).toBe(1);
    expect(r.out).toContain('"extra.only.en" is in some catalogs but not in mr, hi');
    expect(r.out).toContain('"greet.hello" uses different arguments');
  });
});
