import { describe, expect, it } from 'vitest';
import {
  CsvFormatError,
  FARMER_IMPORT_MAX_BYTES,
  FARMER_IMPORT_MAX_ROWS,
  farmersToCsv,
  neutraliseCell,
  normalisePhone,
  parseFarmerCsv,
  rejectedRowsCsv,
  validateFarmerRows,
  type FarmerExportRow,
} from '../../../server/src/domain/people/csv';

const ctx = {
  existingEmails: new Set(['taken@example.in']),
  coordinatorIdByEmail: new Map([['coord@example.in', 'c-1']]),
};

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CsvFormatError) return e.problem;
    throw e;
  }
  return 'no error';
};

describe('farmer CSV import', () => {
  it('maps header spellings and keeps valid rows', () => {
    const rows = parseFarmerCsv('Full Name,E-mail,Mobile,Village,Coordinator\nSita Patil,Sita@Example.in,+91 98765 43210,Shirur,coord@example.in\n');
    const { valid, rejected } = validateFarmerRows(rows, ctx);
    expect(rejected).toEqual([]);
    expect(valid).toEqual([
      expect.objectContaining({
        name: 'Sita Patil',
        email: 'sita@example.in',
        phoneNumber: '9876543210',
        village: 'Shirur',
        coordinatorId: 'c-1',
        status: 'Active',
        // No language column: a farmer starts in Marathi.
        preferredLanguage: 'marathi',
      }),
    ]);
  });

  it('reports each bad row with its line and every reason', () => {
    const csv = [
      'name,email,phone,pincode,status,language,coordinator',
      ',bad-email,123,12,Sleeping,klingon,nobody@example.in',
      'Ram,ram@example.in,9876543210,,,,',
      'Ram Again,RAM@example.in,9876543211,,,,',
      'Old,taken@example.in,9876543212,,,,',
    ].join('\n');
    const { valid, rejected } = validateFarmerRows(parseFarmerCsv(csv), ctx);
    expect(valid.map((v) => v.email)).toEqual(['ram@example.in']);
    expect(rejected).toEqual([
      {
        line: 2,
        name: '',
        email: 'bad-email',
        reasons: ['name_required', 'email_invalid', 'phone_invalid', 'pincode_invalid', 'language_invalid', 'status_invalid', 'coordinator_unknown'],
      },
      { line: 4, name: 'Ram Again', email: 'ram@example.in', reasons: ['duplicate_in_file'] },
      { line: 5, name: 'Old', email: 'taken@example.in', reasons: ['already_registered'] },
    ]);
    const report = rejectedRowsCsv(rejected, 'english');
    expect(report.split('\n')[0]).toBe('Line,Name,Email,Reasons');
    expect(report).toContain('4,Ram Again,ram@example.in,This email appears earlier in the file');
  });

  it('refuses files it cannot use as a whole', () => {
    expect(problem(() => parseFarmerCsv(''))).toBe('empty');
    expect(problem(() => parseFarmerCsv('name,email\nA,a@b.in'))).toBe('missing_columns');
    expect(problem(() => parseFarmerCsv('name,email,phone\n"A,a@b.in,9876543210'))).toBe('unreadable');
    expect(problem(() => parseFarmerCsv('x'.repeat(FARMER_IMPORT_MAX_BYTES + 1)))).toBe('too_large');
    const many = ['name,email,phone', ...Array.from({ length: FARMER_IMPORT_MAX_ROWS + 1 }, (_, i) => `F${i},f${i}@x.in,9876543210`)];
    expect(problem(() => parseFarmerCsv(many.join('\n')))).toBe('too_many_rows');
  });

  it('normalises phone numbers to 10 digits or refuses them', () => {
    expect(normalisePhone('098765-43210')).toBe('9876543210');
    expect(normalisePhone('919876543210')).toBe('9876543210');
    expect(normalisePhone('98765')).toBeNull();
    expect(normalisePhone('98765432101')).toBeNull();
  });
});

describe('farmer CSV export', () => {
  const row: FarmerExportRow = {
    name: '=HYPERLINK("http://evil")',
    email: 'a@example.in',
    phoneNumber: '9876543210',
    address: '@home',
    village: '-Wadi',
    district: '+Pune',
    state: '\tMaharashtra',
    pincode: '411001',
    preferredLanguage: 'marathi',
    status: 'Inactive',
    coordinatorEmail: 'coord@example.in',
    fieldCount: 3,
  };

  it('neutralises cells that would start a formula', () => {
    const csv = farmersToCsv([row]);
    const cells = csv.split('\n')[1];
    expect(cells.startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);
    expect(cells).toContain("'@home");
    expect(cells).toContain("'-Wadi");
    expect(cells).toContain("'+Pune");
    expect(neutraliseCell('Pune')).toBe('Pune');
    expect(neutraliseCell('\rx')).toBe("'\rx");
  });

  it('round-trips: an export imports back to the same farmers', () => {
    const second: FarmerExportRow = { ...row, name: 'Gita Jadhav', email: 'gita@example.in', address: null, coordinatorEmail: null, status: 'Active', fieldCount: 0 };
    const { valid, rejected } = validateFarmerRows(parseFarmerCsv(farmersToCsv([row, second])), {
      existingEmails: new Set(),
      coordinatorIdByEmail: ctx.coordinatorIdByEmail,
    });
    expect(rejected).toEqual([]);
    expect(valid).toEqual([
      {
        name: row.name, email: row.email, phoneNumber: row.phoneNumber, address: '@home', village: '-Wadi', district: '+Pune',
        state: '\tMaharashtra', pincode: '411001', preferredLanguage: 'marathi', status: 'Inactive', coordinatorId: 'c-1',
      },
      {
        name: 'Gita Jadhav', email: 'gita@example.in', phoneNumber: '9876543210', address: undefined, village: '-Wadi', district: '+Pune',
        state: '\tMaharashtra', pincode: '411001', preferredLanguage: 'marathi', status: 'Active', coordinatorId: undefined,
      },
    ]);
  });
});
