/**
 * The admin's farmer table machine in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/staff/farmersTable.model.test.tsx check the view against the
 * machine's own snapshots): which files import, the language the import is asked in, the rejected rows' download,
 * the export's download, and the names a confirmation asks about.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { farmersTableMachine } from '@/machines/farmersTable.machine';
import type { FarmerRow } from '@/services/people';
import { heldCalls } from '../support/heldCalls';

const FARMER = { _id: 'f1', name: 'Asha Patil' } as FarmerRow;
const COORDINATORS = [{ _id: 'c1', name: 'Ravi Kale' }];
const csv = (name: string) => new File(['name,phone\n'], name, { type: 'text/csv' });

async function ready() {
  const { held, last, count } = heldCalls();
  const downloads: { name: string; data: Blob | string }[] = [];
  const actor = createActor(
    farmersTableMachine.provide({
      actors: {
        load: held('load') as never,
        importFile: held('importFile') as never,
        exportAll: held('exportAll') as never,
        deactivate: held('deactivate') as never,
        assign: held('assign') as never,
        save: held('save') as never,
        listChanges: fromCallback(() => {}) as never,
      },
      actions: { download: (_, params: { name: string; data: Blob | string }) => void downloads.push(params) },
    }),
  ).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const answer = async (id: string, v: unknown) => (last(id).resolve(v), tick());
  await answer('load', { items: [FARMER], totalPages: 1, coordinators: COORDINATORS });
  return {
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    answer,
    input: (id: string) => last(id).input,
    count,
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    downloads,
  };
}

describe('farmers table: import', () => {
  it('takes only a file ending in .csv (any case): another says so and imports nothing', async () => {
    const t = await ready();
    t.send({ type: 'import.file', file: csv('farmers.csv.xlsx') });
    expect(t.value()).toBe('ready');
    expect(t.ctx().notice).toEqual({ kind: 'csvOnly' });
    expect(t.count('importFile')).toBe(0);
    // A CSV after that clears the notice while it imports.
    t.send({ type: 'import.file', file: csv('FARMERS.CSV') });
    expect(t.value()).toBe('importing');
    expect(t.ctx().notice).toBeNull();
  });

  it('asks in the page’s language, Marathi when none is given', async () => {
    const t = await ready();
    const file = csv('farmers.csv');
    t.send({ type: 'import.file', file });
    expect(t.input('importFile')).toEqual({ file, locale: 'mr' });
    await t.answer('importFile', { imported: 1, rejectedCount: 0, report: null, invited: 0 });
    await t.answer('load', { items: [FARMER], totalPages: 1, coordinators: COORDINATORS });
    t.send({ type: 'import.file', file, locale: 'en-IN' });
    expect(t.input('importFile')).toEqual({ file, locale: 'en-IN' });
  });

  it('offers the rejected rows only when there are some', async () => {
    const t = await ready();
    t.send({ type: 'import.file', file: csv('farmers.csv') });
    await t.answer('importFile', { imported: 3, rejectedCount: 0, report: null, invited: 1 });
    expect(t.ctx().notice).toEqual({ kind: 'imported', imported: 3, rejected: 0, report: null, invited: 1 });
    t.send({ type: 'report.download' });
    expect(t.downloads).toEqual([]);
    await t.answer('load', { items: [FARMER], totalPages: 1, coordinators: COORDINATORS });
    t.send({ type: 'import.file', file: csv('farmers.csv') });
    await t.answer('importFile', { imported: 2, rejectedCount: 1, report: 'row,reason\n3,bad phone\n', invited: 0 });
    t.send({ type: 'report.download' });
    expect(t.downloads).toEqual([{ name: 'rejected-farmers.csv', data: 'row,reason\n3,bad phone\n' }]);
  });
});

describe('farmers table: export', () => {
  it('downloads every farmer as farmers.csv and is back on the table', async () => {
    const t = await ready();
    t.send({ type: 'export.start' });
    expect(t.value()).toBe('exporting');
    const blob = new Blob(['name\nAsha\n'], { type: 'text/csv' });
    await t.answer('exportAll', blob);
    expect(t.value()).toBe('ready');
    expect(t.downloads).toEqual([{ name: 'farmers.csv', data: blob }]);
  });
});

describe('farmers table: confirmations', () => {
  it('name the farmer and the coordinator asked about', async () => {
    const t = await ready();
    t.send({ type: 'farmer.assign', farmerId: 'f1', coordinatorId: 'c1' });
    expect(t.ctx().pending).toEqual({ kind: 'assign', farmerId: 'f1', coordinatorId: 'c1', name: 'Asha Patil', coordinatorName: 'Ravi Kale' });
    t.send({ type: 'confirm.cancel' });
    t.send({ type: 'farmer.deactivate', id: 'f1' });
    expect(t.ctx().pending).toEqual({ kind: 'deactivate', id: 'f1', name: 'Asha Patil' });
  });

  it('ask with no name, rather than fail, about someone no longer listed', async () => {
    const t = await ready();
    t.send({ type: 'farmer.deactivate', id: 'gone' });
    expect(t.ctx().pending).toEqual({ kind: 'deactivate', id: 'gone', name: '' });
    t.send({ type: 'confirm.cancel' });
    t.send({ type: 'farmer.assign', farmerId: 'gone', coordinatorId: 'c-gone' });
    expect(t.ctx().pending).toEqual({ kind: 'assign', farmerId: 'gone', coordinatorId: 'c-gone', name: '', coordinatorName: '' });
  });
});

describe('farmers table: the edit dialog', () => {
  it('Save with a required value emptied says so and keeps the dialog open; nothing is sent', async () => {
    const t = await ready();
    t.send({ type: 'edit.open', farmer: { ...FARMER, email: 'asha@example.in', phoneNumber: '9822012345', status: 'Active' } as FarmerRow });
    t.send({ type: 'edit.change', key: 'name', value: '  ' });
    t.send({ type: 'edit.save' });
    expect(t.value()).toEqual({ editing: 'open' });
    expect(t.ctx().editProblem).toBe('required');
    expect(t.count('save')).toBe(0);
  });
});
