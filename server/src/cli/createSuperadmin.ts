/**
 * Creates a superadmin (the first account on a real deployment; no demo data is written).
 *
 *   SHETMITRA_PASSWORD='…' npm run db:create-superadmin -- --email owner@example.org --name "Owner Name"
 *   echo '…' | DATABASE_URL=postgres://… npm run db:create-superadmin -- --email … --name …
 *
 * The password comes from SHETMITRA_PASSWORD or the first line of standard input, never from the
 * command line (it would sit in the shell history and the process list).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { PASSWORD_RULE_TEXT, passwordProblem } from '../domain/account/passwordRules';
import { hashPassword } from '../lib/passwords';
import { EMAIL_SHAPE, PHONE_SHAPE } from '../../../contracts/contactRules';

async function readStdinLine() {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' } } });
const email = values.email?.trim().toLowerCase();
const name = values.name?.trim();
if (!email || !EMAIL_SHAPE.test(email)) fail('Give a valid --email.');
if (!name) fail('Give --name.');
if (values.phone && !PHONE_SHAPE.test(values.phone)) fail('--phone must be 10 digits.');

const password = process.env.SHETMITRA_PASSWORD ?? (await readStdinLine());
const problem = passwordProblem(password, { email, name });
if (problem) fail(PASSWORD_RULE_TEXT[problem].english);

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir });
try {
  await database.migrate();
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) fail(`A user with the e-mail ${email} already exists.`);
  const [created] = await database.db
    .insert(users)
    .values({ name, email, role: 'superadmin', passwordHash: await hashPassword(password), phoneNumber: values.phone ?? null, preferredLanguage: 'english' })
    .returning({ id: users.id });
  process.stdout.write(`Superadmin ${email} created (id ${created.id}) in ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}.\n`);
} finally {
  await database.close();
}
