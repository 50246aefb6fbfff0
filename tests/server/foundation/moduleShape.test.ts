/**
 * One shape per server module (docs/conventions.md): routes.ts → service.ts → repository.ts. Every module has a
 * route file and a service, and lint refuses SQL in a route or service file and a repository in a route file
 * (eslint.config.js) while leaving repositories, and a service's transaction handed to them, alone.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const modulesDir = path.join(root, 'server/src/modules');
const areas = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());

describe('server modules', () => {
  it.each(areas)('%s has routes.ts and service.ts', (area) => {
    const files = readdirSync(path.join(modulesDir, area));
    expect(files).toContain('routes.ts');
    expect(files).toContain('service.ts');
  });

  const eslint = new ESLint({ cwd: root });
  const rulesHit = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.map((m) => m.ruleId);
  };
  const sqlInline = [
    "import { eq } from 'drizzle-orm';",
    "import type { Db } from '../../db/client';",
    "import { users } from '../../db/schema';",
    'export const byId = (db: Db, id: string) => db.select().from(users).where(eq(users.id, id));',
    '',
  ].join('\n');

  it.each(['server/src/modules/fields/service.ts', 'server/src/modules/fields/routes.ts', 'server/src/modules/auth/profile.service.ts', 'server/src/modules/auth/profile.routes.ts'])(
    'lint refuses tables, drizzle and db.select in %s',
    async (file) => {
      const hits = await rulesHit(sqlInline, file);
      expect(hits.filter((r) => r === 'no-restricted-imports')).toHaveLength(2);
      expect(hits).toContain('no-restricted-syntax');
    },
  );

  it('lint refuses app.db.execute in a route file', async () => {
    const code = "export const run = (app: { db: { execute(q: string): unknown } }) => app.db.execute('select 1');\n";
    expect(await rulesHit(code, 'server/src/modules/land/routes.ts')).toContain('no-restricted-syntax');
  });

  it('lint refuses a repository import in a route file, and allows it in a service', async () => {
    const code = "import * as repo from './repository';\nexport const r = repo;\n";
    expect(await rulesHit(code, 'server/src/modules/people/routes.ts')).toContain('no-restricted-imports');
    const auth = "import * as repo from './otp.repository';\nexport const r = repo;\n";
    expect(await rulesHit(auth, 'server/src/modules/auth/otp.routes.ts')).toContain('no-restricted-imports');
    expect(await rulesHit(code, 'server/src/modules/people/service.ts')).toEqual([]);
  });

  it('lets a repository run SQL, and a service open a transaction and hand tx to a repository', async () => {
    expect(await rulesHit(sqlInline, 'server/src/modules/fields/repository.ts')).toEqual([]);
    const service = [
      "import type { Db } from '../../db/client';",
      "import * as repo from './repository';",
      'export const save = (db: Db, id: string) => db.transaction((tx) => repo.save(tx as Db, id));',
      '',
    ].join('\n');
    expect(await rulesHit(service, 'server/src/modules/fields/service.ts')).toEqual([]);
  });
});
