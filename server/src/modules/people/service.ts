/**
 * People rules that span several statements: edits with e-mail uniqueness, deactivation (which ends
 * sessions), coordinator assignment and the farmer CSV import (all rows or none in one transaction).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { isAdmin, loadFarmerFor, type AuthUser } from '../../lib/access';
import { pick, recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound, translated, type Translated } from '../../lib/errors';
import { CsvFormatError, farmersToCsv, parseFarmerCsv, rejectedRowsCsv, validateFarmerRows, type CsvFormatProblem } from '../../domain/people/csv';
import type { Lang } from '../../domain/language';
import { createInviter } from '../auth/passwordLinks';
import { preferredLanguage } from '../userLanguage';
import * as repo from './repository';

type Invitee = { id: string; name: string; email: string; phoneNumber: string | null; preferredLanguage: 'marathi' | 'english' | 'hindi'; status: 'Active' | 'Inactive' };

export const PEOPLE_TEXT = {
  emailTaken: translated('A user with this email already exists.', 'या ईमेलचा वापरकर्ता आधीच आहे.', 'इस ईमेल का उपयोगकर्ता पहले से मौजूद है।'),
  coordinatorNotFound: translated('Coordinator not found or inactive.', 'समन्वयक सापडला नाही किंवा निष्क्रिय आहे.', 'समन्वयक नहीं मिला या निष्क्रिय है।'),
  statusAdminOnly: translated(
    'Only an admin can change a farmer\'s status.',
    'शेतकऱ्याची स्थिती फक्त प्रशासक बदलू शकतो.',
    'किसान की स्थिति केवल व्यवस्थापक बदल सकता है।',
  ),
  csvOnly: translated('Please upload a .csv file.', 'कृपया .csv फाइल अपलोड करा.', 'कृपया .csv फ़ाइल अपलोड करें।'),
} satisfies Record<string, Translated>;

const CSV_PROBLEM_TEXT: Record<CsvFormatProblem, Translated> = {
  too_large: translated('The file is larger than 1 MB.', 'फाइल 1 MB पेक्षा मोठी आहे.', 'फ़ाइल 1 MB से बड़ी है।'),
  empty: translated('The file is empty.', 'फाइल रिकामी आहे.', 'फ़ाइल खाली है।'),
  unreadable: translated('The file is not a readable CSV file. Nothing was imported.', 'फाइल वाचता येणारी CSV नाही. काहीही आयात केले नाही.', 'फ़ाइल पढ़ने योग्य CSV नहीं है। कुछ भी आयात नहीं हुआ।'),
  missing_columns: translated('The file needs Name, Email and Phone columns.', 'फाइलमध्ये नाव, ईमेल आणि फोन हे स्तंभ हवेत.', 'फ़ाइल में नाम, ईमेल और फ़ोन कॉलम चाहिए।'),
  too_many_rows: translated('The file has more than 5000 rows.', 'फाइलमध्ये 5000 पेक्षा जास्त ओळी आहेत.', 'फ़ाइल में 5000 से अधिक पंक्तियाँ हैं।'),
};

/** Unique violation from either driver (the e-mail index). */
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

const EDITABLE = ['name', 'email', 'phoneNumber', 'status'] as const;
const auditEdit = (person: { id: string } & Record<(typeof EDITABLE)[number], unknown>, edit: repo.PersonEdit) => ({
  action: 'user.edit' as const,
  target: { type: 'user' as const, id: person.id },
  before: pick(person, EDITABLE.filter((k) => k in edit)),
  after: { ...edit, email: edit.email.toLowerCase() },
});

async function saveEdit(db: Db, id: string, edit: repo.PersonEdit) {
  const other = await repo.findUserByEmail(db, edit.email);
  if (other && other.id !== id) throw conflict(PEOPLE_TEXT.emailTaken, 'EMAIL_TAKEN');
  try {
    await repo.updatePerson(db, id, edit);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(PEOPLE_TEXT.emailTaken, 'EMAIL_TAKEN');
    throw e;
  }
}

/** Returns the sessions that ended, for the caller to disconnect. */
export async function editFarmer(db: Db, user: AuthUser, farmerId: string, edit: repo.PersonEdit) {
  const farmer = await loadFarmerFor(db, user, farmerId);
  if (edit.status && edit.status !== farmer.status && !isAdmin(user)) throw forbidden(PEOPLE_TEXT.statusAdminOnly);
  return db.transaction(async (tx) => {
    await saveEdit(tx as Db, farmer.id, edit);
    await recordAudit(tx, user, auditEdit(farmer, edit));
    return edit.status === 'Inactive' && farmer.status !== 'Inactive'
      ? repo.revokeSessionsOf(tx as Db, [farmer.id], 'deactivated')
      : [];
  });
}

export async function deactivateFarmer(db: Db, user: AuthUser, farmerId: string) {
  const farmer = await loadFarmerFor(db, user, farmerId);
  return db.transaction(async (tx) => {
    await repo.setStatus(tx as Db, farmer.id, 'Inactive');
    await recordAudit(tx, user, { action: 'user.deactivate', target: { type: 'user', id: farmer.id }, before: { status: farmer.status }, after: { status: 'Inactive' } });
    return repo.revokeSessionsOf(tx as Db, [farmer.id], 'deactivated');
  });
}

export async function assignCoordinator(db: Db, user: AuthUser, farmerId: string, coordinatorId: string) {
  const farmer = await loadFarmerFor(db, user, farmerId);
  if (!(await repo.findActiveCoordinator(db, coordinatorId))) throw badRequest(PEOPLE_TEXT.coordinatorNotFound, undefined, 'COORDINATOR_NOT_FOUND');
  await db.transaction(async (tx) => {
    await repo.assignCoordinator(tx as Db, farmer.id, coordinatorId);
    await recordAudit(tx, user, { action: 'farmer.reassign', target: { type: 'user', id: farmer.id }, before: { managedBy: farmer.managedBy }, after: { managedBy: coordinatorId } });
  });
}

/** Deactivating a coordinator ends their sessions and leaves their farmers unassigned. */
async function retireCoordinator(db: Db, coordinatorId: string) {
  await repo.setStatus(db, coordinatorId, 'Inactive');
  await repo.releaseFarmersOf(db, coordinatorId);
  return repo.revokeSessionsOf(db, [coordinatorId], 'deactivated');
}

export async function deactivateCoordinator(db: Db, user: AuthUser, coordinatorId: string) {
  const c = await repo.findCoordinator(db, coordinatorId);
  if (!c) throw notFound();
  return db.transaction(async (tx) => {
    await recordAudit(tx, user, { action: 'user.deactivate', target: { type: 'user', id: c.id }, before: { status: c.status }, after: { status: 'Inactive' } });
    return retireCoordinator(tx as Db, c.id);
  });
}

export async function editCoordinator(db: Db, user: AuthUser, coordinatorId: string, edit: repo.PersonEdit) {
  const c = await repo.findCoordinator(db, coordinatorId);
  if (!c) throw notFound();
  return db.transaction(async (tx) => {
    await saveEdit(tx as Db, c.id, edit);
    await recordAudit(tx, user, auditEdit(c, edit));
    return edit.status === 'Inactive' && c.status !== 'Inactive' ? retireCoordinator(tx as Db, c.id) : [];
  });
}

/**
 * Imports farmers from a CSV file. A file that is not a usable CSV imports nothing (400);
 * otherwise the valid rows go in one transaction and the rejected rows come back as a report (reasons in `lang`).
 * Imported farmers get no usable password: the route sends the active ones an invitation to set one.
 */
export async function importFarmers(db: Db, user: AuthUser, file: Buffer, lang: Lang) {
  let rows;
  try {
    rows = parseFarmerCsv(file);
  } catch (e) {
    if (e instanceof CsvFormatError) throw badRequest(CSV_PROBLEM_TEXT[e.problem], { problem: e.problem }, 'CSV_INVALID');
    throw e;
  }
  const { valid, rejected } = validateFarmerRows(rows, await repo.importContext(db));
  const created: Invitee[] = [];
  const entry = { action: 'farmers.import' as const, target: { type: 'farmers' as const, id: null }, after: { imported: valid.length, rejected: rejected.length } };
  if (!valid.length) await recordAudit(db, user, entry);
  else {
    await db.transaction(async (tx) => {
      await recordAudit(tx, user, entry);
      for (let i = 0; i < valid.length; i += 500) {
        const batch = await repo.insertFarmers(
          tx as Db,
          valid.slice(i, i + 500).map(({ coordinatorId, ...row }) => ({
            ...row,
            role: 'farmer' as const,
            managedBy: coordinatorId ?? null,
            passwordHash: `!imported:${randomBytes(16).toString('hex')}`,
          })),
        );
        created.push(...batch);
      }
    }).catch((e) => {
      // Someone registered one of these e-mails between the check and the insert: nothing was written.
      if (isUniqueViolation(e)) throw conflict(PEOPLE_TEXT.emailTaken, 'EMAIL_TAKEN');
      throw e;
    });
  }
  return {
    imported: valid.length,
    rejectedCount: rejected.length,
    rejected,
    report: rejected.length ? rejectedRowsCsv(rejected, lang) : null,
    /** The active ones are sent a first sign-in invitation by the route. */
    created,
  };
}

type FarmerQuery = { page: number; limit: number; search?: string; status?: repo.FarmerStatusFilter };
type CoordinatorQuery = { page: number; limit: number; search?: string };

/**
 * What the people routes call: the lists (through the count cache), and the writes above followed by their
 * pushes. Sockets follow at once, on every instance: the ended sessions' sockets are closed, and whatever else
 * the person's sockets (or the watchers of a moved farmer's fields) may no longer see is left (realtime/sockets.ts).
 */
export function createPeopleService(app: FastifyInstance) {
  const { db } = app;
  const inviter = createInviter(app);
  const endSessions = (userId: string, ids: string[]) => app.realtime.recheck({ sessions: ids, users: [userId] });
  const ok = () => ({ success: true });

  return {
    coordinatorChoices: async () => ({ users: await repo.coordinatorChoices(db) }),
    farmers: (user: AuthUser, q: FarmerQuery) => repo.listFarmers(db, user, q, app.counts),
    /** One farmer in reach (404 otherwise), as a row of the farmer list. */
    async farmer(user: AuthUser, id: string) {
      const farmer = await loadFarmerFor(db, user, id);
      const { farmers } = await repo.listFarmers(db, user, { page: 1, limit: 1, search: farmer.email });
      return farmers[0];
    },
    async editFarmer(user: AuthUser, id: string, edit: repo.PersonEdit) {
      await endSessions(id, await editFarmer(db, user, id, edit));
      return ok();
    },
    async deactivateFarmer(user: AuthUser, id: string) {
      await endSessions(id, await deactivateFarmer(db, user, id));
      return ok();
    },
    async assignCoordinator(user: AuthUser, farmerId: string, coordinatorId: string) {
      await assignCoordinator(db, user, farmerId, coordinatorId);
      // The coordinator who had this farmer stops receiving their fields' readings now, not at their next request.
      await app.realtime.recheck({ farmers: [farmerId] });
      return ok();
    },
    coordinators: (q: CoordinatorQuery) => repo.listCoordinators(db, q, app.counts),
    admins: (q: CoordinatorQuery) => repo.listAdmins(db, q),
    async editCoordinator(user: AuthUser, id: string, edit: repo.PersonEdit) {
      await endSessions(id, await editCoordinator(db, user, id, edit));
      return ok();
    },
    async deactivateCoordinator(user: AuthUser, id: string) {
      await endSessions(id, await deactivateCoordinator(db, user, id));
      return ok();
    },
    /**
     * The import in the asked language (else the admin's). Imported farmers have no usable password: each active
     * one gets a set-password link by SMS and e-mail. Delivery goes on in the background; the answer says how many.
     */
    async importFarmers(user: AuthUser, file: Buffer, lang: Lang | undefined, log: FastifyBaseLogger) {
      const { created, ...report } = await importFarmers(db, user, file, lang ?? (await preferredLanguage(db, user.id)));
      const { invited } = await inviter.invite(created.filter((f) => f.status === 'Active'), log);
      return { ...report, invited };
    },
    async exportCsv(user: AuthUser) {
      const rows = await repo.exportRows(db, user);
      await recordAudit(db, user, { action: 'farmers.export', target: { type: 'farmers', id: null }, after: { rows: rows.length } });
      return farmersToCsv(rows);
    },
  };
}
