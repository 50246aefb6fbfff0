/**
 * Farmer CSV import and export (admin farmer table). Pure: the import route supplies what is already
 * in the database (existing e-mails, coordinators by e-mail) and writes the valid rows in one transaction.
 *
 * A file that cannot be read as CSV at all is a `CsvFormatError` (nothing is imported); a readable file
 * yields valid rows plus a report of rejected rows, each with its line number and reasons.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { translated as t, type Translated } from '../../lib/errors';
import type { Lang } from '../language';
import { LANGUAGES, type Language } from '../../../../contracts/languages';
import { EMAIL_SHAPE, PHONE_SHAPE, PINCODE_SHAPE } from '../../../../contracts/contactRules';

export const FARMER_IMPORT_MAX_BYTES = 1024 * 1024;
export const FARMER_IMPORT_MAX_ROWS = 5000;

export type FarmerImportRow = {
  name: string;
  email: string;
  phoneNumber: string;
  address?: string;
  village?: string;
  district?: string;
  state?: string;
  pincode?: string;
  preferredLanguage: Language;
  status: 'Active' | 'Inactive';
  /** Resolved from the coordinator's e-mail; undefined when the row names none. */
  coordinatorId?: string;
};

export type RejectReason =
  | 'name_required'
  | 'email_required'
  | 'email_invalid'
  | 'phone_required'
  | 'phone_invalid'
  | 'pincode_invalid'
  | 'language_invalid'
  | 'status_invalid'
  | 'coordinator_unknown'
  | 'duplicate_in_file'
  | 'already_registered'
  | 'too_long';

/** Each reason in the reader's language: the rejected-rows report is read by the admin who imported the file. */
export const REJECT_TEXT: Record<RejectReason, Translated> = {
  name_required: t('Name is required', 'नाव आवश्यक आहे', 'नाम आवश्यक है'),
  email_required: t('Email is required', 'ईमेल आवश्यक आहे', 'ईमेल आवश्यक है'),
  email_invalid: t('Email is not valid', 'ईमेल वैध नाही', 'ईमेल मान्य नहीं है'),
  phone_required: t('Phone number is required', 'फोन नंबर आवश्यक आहे', 'फ़ोन नंबर आवश्यक है'),
  phone_invalid: t('Phone number must be 10 digits', 'फोन नंबर 10 अंकी असावा', 'फ़ोन नंबर 10 अंकों का होना चाहिए'),
  pincode_invalid: t('Pincode must be 6 digits', 'पिनकोड 6 अंकी असावा', 'पिनकोड 6 अंकों का होना चाहिए'),
  language_invalid: t(
    'Preferred language must be marathi, english or hindi',
    'पसंतीची भाषा marathi, english किंवा hindi असावी',
    'पसंदीदा भाषा marathi, english या hindi होनी चाहिए',
  ),
  status_invalid: t('Status must be Active or Inactive', 'स्थिती Active किंवा Inactive असावी', 'स्थिति Active या Inactive होनी चाहिए'),
  coordinator_unknown: t('No active coordinator has this email', 'या ईमेलचा कोणताही सक्रिय समन्वयक नाही', 'इस ईमेल का कोई सक्रिय समन्वयक नहीं है'),
  duplicate_in_file: t('This email appears earlier in the file', 'हा ईमेल फाइलमध्ये आधी आला आहे', 'यह ईमेल फ़ाइल में पहले आ चुका है'),
  already_registered: t('A user with this email already exists', 'या ईमेलचा वापरकर्ता आधीच आहे', 'इस ईमेल का उपयोगकर्ता पहले से मौजूद है'),
  too_long: t('A value is longer than 200 characters', 'एखादी नोंद 200 अक्षरांपेक्षा लांब आहे', 'कोई मान 200 अक्षरों से लंबा है'),
};

export type RejectedRow = { line: number; name: string; email: string; reasons: RejectReason[] };

export type CsvFormatProblem = 'too_large' | 'empty' | 'unreadable' | 'missing_columns' | 'too_many_rows';

export class CsvFormatError extends Error {
  constructor(
    public readonly problem: CsvFormatProblem,
    public readonly detail?: string,
  ) {
    super(`${problem}${detail ? `: ${detail}` : ''}`);
    this.name = 'CsvFormatError';
  }
}

type Column = keyof Omit<FarmerImportRow, 'coordinatorId'> | 'coordinatorEmail';

/** Header spellings accepted for each column, compared without case, spaces, '-' or '_'. */
const HEADER_ALIASES: Record<Column, string[]> = {
  name: ['name', 'fullname', 'farmername'],
  email: ['email', 'emailaddress', 'mail'],
  phoneNumber: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'contact'],
  address: ['address'],
  village: ['village'],
  district: ['district'],
  state: ['state'],
  pincode: ['pincode', 'pin', 'postalcode'],
  preferredLanguage: ['preferredlanguage', 'language'],
  status: ['status'],
  coordinatorEmail: ['coordinator', 'coordinatoremail'],
};
const REQUIRED_COLUMNS: Column[] = ['name', 'email', 'phoneNumber'];

const squash = (h: string) => h.toLowerCase().replace(/[\s_\-.]/g, '');

function columnFor(header: string): Column | undefined {
  const key = squash(header);
  return (Object.keys(HEADER_ALIASES) as Column[]).find((c) => HEADER_ALIASES[c].includes(key));
}

/** An exported cell that would start a formula carries a leading apostrophe; importing removes it. */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export type RawFarmerRow = { line: number; values: Partial<Record<Column, string>> };

/** Reads the file's structure only. Throws CsvFormatError when it is not a usable farmer CSV. */
export function parseFarmerCsv(input: Buffer | string): RawFarmerRow[] {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (bytes > FARMER_IMPORT_MAX_BYTES) throw new CsvFormatError('too_large');
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  if (!text.trim()) throw new CsvFormatError('empty');
  // PostgreSQL text cannot hold NUL, and no CSV a spreadsheet writes has one.
  if (text.includes('\u0000')) throw new CsvFormatError('unreadable', 'NUL character');
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (e) {
    throw new CsvFormatError('unreadable', (e as Error).message);
  }
  const [header, ...body] = records;
  if (!header) throw new CsvFormatError('empty');
  const columns = header.map(columnFor);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new CsvFormatError('missing_columns', missing.join(', '));
  if (body.length > FARMER_IMPORT_MAX_ROWS) throw new CsvFormatError('too_many_rows', String(FARMER_IMPORT_MAX_ROWS));
  // The header is line 1; with skip_empty_lines a blank line shifts numbering, which is acceptable for a report.
  return body.map((cells, i) => {
    const values: RawFarmerRow['values'] = {};
    columns.forEach((col, j) => {
      const cell = cells[j];
      if (col && cell !== undefined && cell !== '' && values[col] === undefined) values[col] = restoreCell(cell);
    });
    return { line: i + 2, values };
  });
}


/** 10 digits; spaces, dashes and a +91/91/0 prefix are tolerated. */
export function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/[\s\-()]/g, '').replace(/^\+?91(?=\d{10}$)/, '').replace(/^0(?=\d{10}$)/, '');
  return PHONE_SHAPE.test(digits) ? digits : null;
}

export type ImportContext = {
  /** Lower-cased e-mails of every user already registered. */
  existingEmails: ReadonlySet<string>;
  /** Lower-cased e-mail → id of every active coordinator. */
  coordinatorIdByEmail: ReadonlyMap<string, string>;
};

export function validateFarmerRows(rows: RawFarmerRow[], ctx: ImportContext) {
  const valid: FarmerImportRow[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  for (const { line, values: v } of rows) {
    const reasons: RejectReason[] = [];
    const name = v.name?.trim() ?? '';
    const email = v.email?.trim().toLowerCase() ?? '';
    if (Object.values(v).some((x) => x && x.length > 200)) reasons.push('too_long');
    if (!name) reasons.push('name_required');
    if (!email) reasons.push('email_required');
    else if (!EMAIL_SHAPE.test(email)) reasons.push('email_invalid');
    else if (seen.has(email)) reasons.push('duplicate_in_file');
    else if (ctx.existingEmails.has(email)) reasons.push('already_registered');
    const phone = v.phoneNumber ? normalisePhone(v.phoneNumber) : null;
    if (!v.phoneNumber) reasons.push('phone_required');
    else if (!phone) reasons.push('phone_invalid');
    if (v.pincode && !PINCODE_SHAPE.test(v.pincode)) reasons.push('pincode_invalid');
    // Imported farmers without a language column start in Marathi, like farmers added one by one.
    const language = (v.preferredLanguage?.toLowerCase() ?? 'marathi') as FarmerImportRow['preferredLanguage'];
    if (!LANGUAGES.includes(language)) reasons.push('language_invalid');
    const statusRaw = v.status?.toLowerCase() ?? 'active';
    if (statusRaw !== 'active' && statusRaw !== 'inactive') reasons.push('status_invalid');
    const coordinatorEmail = v.coordinatorEmail?.toLowerCase();
    const coordinatorId = coordinatorEmail ? ctx.coordinatorIdByEmail.get(coordinatorEmail) : undefined;
    if (coordinatorEmail && !coordinatorId) reasons.push('coordinator_unknown');
    if (email && EMAIL_SHAPE.test(email)) seen.add(email);

    if (reasons.length) {
      rejected.push({ line, name, email, reasons });
      continue;
    }
    valid.push({
      name,
      email,
      phoneNumber: phone!,
      address: v.address,
      village: v.village,
      district: v.district,
      state: v.state,
      pincode: v.pincode,
      preferredLanguage: language,
      status: statusRaw === 'inactive' ? 'Inactive' : 'Active',
      coordinatorId,
    });
  }
  return { valid, rejected };
}

/** The downloadable report of rejected rows: the column names stay as they are (a spreadsheet's), the reasons in `lang`. */
export function rejectedRowsCsv(rejected: RejectedRow[], lang: Lang): string {
  return stringify(
    rejected.map((r) => [r.line, r.name, r.email, r.reasons.map((x) => REJECT_TEXT[x][lang]).join('; ')].map(String).map(neutraliseCell)),
    { header: true, columns: ['Line', 'Name', 'Email', 'Reasons'] },
  );
}

export type FarmerExportRow = {
  name: string;
  email: string;
  phoneNumber: string | null;
  address: string | null;
  village: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
  preferredLanguage: string;
  status: string;
  coordinatorEmail: string | null;
  fieldCount: number;
};

export const EXPORT_HEADER = [
  'Name', 'Email', 'Phone Number', 'Address', 'Village', 'District', 'State', 'Pincode',
  'Preferred Language', 'Status', 'Coordinator Email', 'Fields',
];

/** Export with every cell that could start a spreadsheet formula neutralised; re-importable as is. */
export function farmersToCsv(rows: FarmerExportRow[]): string {
  return stringify(
    rows.map((r) =>
      [
        r.name, r.email, r.phoneNumber, r.address, r.village, r.district, r.state, r.pincode,
        r.preferredLanguage, r.status, r.coordinatorEmail, String(r.fieldCount),
      ].map((c) => neutraliseCell(c ?? '')),
    ),
    { header: true, columns: EXPORT_HEADER },
  );
}
