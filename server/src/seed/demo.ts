/**
 * The demo world, written into an empty database at first start (DEMO=true, the embedded default):
 * a superadmin, an admin, two coordinators, 20 farmers across Maharashtra, 40 fields with sensors
 * and 30 days of half-hourly readings, alerts that follow those readings, crop history, money,
 * notes, weather stations, surveyed locations and a couple of messages. Deterministic (seeded).
 * Everything goes in one transaction; the readings go in as a few large array inserts, which
 * keeps a first start well inside its time budget. One writer per kind of row lives in `demo/`.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { writeAlerts, emptyAlertBook } from './demo/alerts';
import { writeCropHistory } from './demo/cropHistory';
import { layOutFields, writeFields, type LaidOut } from './demo/fields';
import { writeFinancials } from './demo/financials';
import { writeGpsLocations } from './demo/gpsLocations';
import { writeLoginHistory } from './demo/loginHistory';
import { writeMessages } from './demo/messages';
import { writeFieldNotes } from './demo/notes';
import { noReadings, writeReadings } from './demo/readings';
import { writeSensors } from './demo/sensors';
import { writeTrustHistory } from './demo/trustHistory';
import { writeUsers } from './demo/users';
import { writeWeatherStations } from './demo/weatherStations';
import { demoWorld } from './demo/world';
import { DEMO_PASSWORD } from './demoAccounts';

/** True when it seeded; false when the database already had users. */
export async function seedDemoIfEmpty(db: Db, now = Date.now()): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two instances starting on one empty PostgreSQL: the second waits here, then sees the users.
    await tx.execute(sql`select pg_advisory_xact_lock(7274201)`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return false;
    // The rows are consistent by construction, so when we may (PGlite always; PostgreSQL as a
    // superuser) skip the per-row foreign-key triggers for this transaction: it halves the seed time.
    const [{ superuser }] = (await tx.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`)).rows as { superuser: boolean }[];
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await writeDemo(tx as unknown as Db, passwordHash, now);
    return true;
  });
}

/**
 * Every writer draws from the one seeded random stream, so the order below is part of the demo world:
 * changing it (or a writer's draws) changes every value drawn after. `npx tsx scripts/demo-fingerprint.ts`
 * shows whether a change kept the world the same.
 */
async function writeDemo(db: Db, passwordHash: string, now: number) {
  const w = demoWorld(db, passwordHash, now);
  const people = await writeUsers(w);
  const laid: LaidOut = { fields: [], sensors: [], readings: noReadings(), alerts: emptyAlertBook() };
  layOutFields(w, people, laid);
  await writeFields(w, laid.fields);
  await writeSensors(w, laid.sensors);
  await writeReadings(w, laid.readings);
  await writeAlerts(w, laid.alerts);
  await writeCropHistory(w, laid.fields);
  await writeFinancials(w, laid.fields);
  await writeFieldNotes(w, laid.fields);
  await writeGpsLocations(w, laid.fields);
  await writeWeatherStations(w);
  await writeMessages(w, people);
  await writeLoginHistory(w, people.farmers[0]);
  await writeTrustHistory(w, people.farmers);
}
