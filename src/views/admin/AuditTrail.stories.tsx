import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { AuditTrailContext } from '@/machines/auditTrail.context';
import { auditTrailMachine } from '@/machines/auditTrail.machine';
import type { AuditEntry } from '../../../contracts/audit';
import type { AuditActor, AuditFilters } from '@/machines/auditTrail.machine';
import { AuditTrail } from './AuditTrail';

const ACTORS: AuditActor[] = [
  { _id: 'a-1', name: 'आशा जोशी', role: 'admin' },
  { _id: 'c-1', name: 'सुनील पवार', role: 'coordinator' },
];
const ENTRIES: AuditEntry[] = [
  {
    _id: 'e-1',
    createdAt: '2026-11-25T09:12:00.000Z',
    actor: { _id: 'a-1', name: 'आशा जोशी', role: 'admin' },
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0',
    action: 'user.deactivate',
    target: { type: 'user', id: 'f-1', name: 'रमेश पाटील' },
    changes: { status: { before: 'Active', after: 'Inactive' } },
  },
  {
    _id: 'e-2',
    createdAt: '2026-11-25T08:40:00.000Z',
    actor: { _id: 'c-1', name: 'सुनील पवार', role: 'coordinator' },
    ipAddress: '198.51.100.23',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/132.0',
    action: 'field.locate',
    target: { type: 'field', id: 'fl-1', name: 'उत्तर शेत' },
    changes: { lat: { before: 19.1, after: 19.5 }, lng: { before: 75.2, after: 75.25 } },
  },
];
const load = fn(async ({ input }: { input: AuditFilters & { page: number } }) => ({
  items: ENTRIES.filter((e) => !input.action || e.action === input.action),
  totalPages: 1,
  actors: ACTORS,
}));
const exportAll = fn(async () => new Blob(['Time (UTC)\n'], { type: 'text/csv' }));
const download = fn();

const trail = () =>
  auditTrailMachine.provide({
    actors: { load: fromPromise(load), exportAll: fromPromise(exportAll) },
    actions: { download: (_, p: { name: string; data: Blob | string }) => download(p.name) },
  });

function Trail({ logic }: { logic: typeof auditTrailMachine }) {
  return (
    <AuditTrailContext.Provider logic={logic}>
      <AuditTrail />
    </AuditTrailContext.Provider>
  );
}

const meta = { title: 'Admin/AuditTrail', component: Trail, globals: { locale: 'mr' } } satisfies Meta<typeof Trail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi: the entries, a filter by action asks the server for it, an entry's before → after, the export. */
export const Entries: Story = {
  args: { logic: trail() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('cell', { name: mr['audit.action.userDeactivate'] })).toBeInTheDocument();
    await expect(canvas.getByRole('cell', { name: mr['audit.action.fieldLocate'] })).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByLabelText(mr['audit.action']), 'user.deactivate');
    await expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ input: expect.objectContaining({ action: 'user.deactivate', page: 1 }) }));
    await expect(await canvas.findByRole('cell', { name: mr['audit.action.userDeactivate'] })).toBeInTheDocument();
    await expect(canvas.queryByRole('cell', { name: mr['audit.action.fieldLocate'] })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '1 बदल पाहा' }));
    await expect(canvas.getByText(mr['people.status.inactive'])).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['audit.export'] }));
    await expect(download).toHaveBeenCalledWith('audit-trail.csv');
  },
};
