/**
 * A small staff world on a fresh migrated database for the staff service tests: PGlite in memory,
 * or a throwaway PostgreSQL database when TEST_DATABASE_URL is set (dropped by `close`); both copied from the
 * run's migrated empty template (../support/templates.ts).
 */
import type { Db } from '../../../server/src/db/client';
import { databaseCopy } from '../support/templates';
import { alerts, fields, users } from '../../../server/src/db/schema';
import type { AuthUser, Role } from '../../../server/src/lib/access';

export async function openWorld() {
  const { database, drop } = await databaseCopy('empty', 'staff');
  const db = database.db;

  const person = async (role: Role, name: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<AuthUser> => {
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.in`;
    const [u] = await db
      .insert(users)
      .values({ name, email, role, passwordHash: 'x', phoneNumber: extra.phoneNumber ?? '9876500000'.slice(0, 10), ...extra })
      .returning();
    return { id: u.id, role, sessionId: 's', name, email };
  };
  const admin = await person('admin', 'Asha Admin');
  const coordA = await person('coordinator', 'Kiran Coord');
  const coordB = await person('coordinator', 'Meena Coord');
  const farmerA1 = await person('farmer', 'Sita Patil', { managedBy: coordA.id, phoneNumber: '9876543210' });
  const farmerA2 = await person('farmer', 'Ram Jadhav', { managedBy: coordA.id, phoneNumber: '9876543211', status: 'Inactive' });
  const farmerB1 = await person('farmer', 'Gita More', { managedBy: coordB.id, phoneNumber: '9876543212' });
  const field = async (fieldId: string, farmer: AuthUser, extra: Partial<typeof fields.$inferInsert> = {}) => {
    const [f] = await db.insert(fields).values({ fieldId, name: `Plot ${fieldId}`, farmerId: farmer.id, ...extra }).returning();
    return f;
  };
  const fieldA = await field('FLD000001AAA', farmerA1, { cropName: 'Soybean', yieldExpected: 100, yieldActual: 80, lat: 19.1, lng: 75.2 });
  const fieldB = await field('FLD000002BBB', farmerB1, { health: 'alert', cropName: 'Cotton' });
  await db.insert(alerts).values({ fieldId: fieldA.id, farmerId: farmerA1.id, type: 'moisture', severity: 'critical', message: 'Low moisture' });

  return {
    db: db as Db,
    admin,
    coordA,
    coordB,
    farmerA1,
    farmerA2,
    farmerB1,
    fieldA,
    fieldB,
    person,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
export type World = Awaited<ReturnType<typeof openWorld>>;
