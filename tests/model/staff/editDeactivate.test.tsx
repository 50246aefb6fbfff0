/**
 * Setting a person 'Inactive' in the Edit dialog deactivates them (their sessions end), so it asks first, as
 * the Deactivate button does: on the farmer page (driven through the real view) and in the coordinators table
 * (through its machine). Cancel returns to the dialog with the draft kept; nothing is saved before Confirm.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { farmerDetailMachine } from '@/machines/farmerDetail.machine';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { FarmerDetailView } from '@/views/people/FarmerDetailView';
import type { FarmerRow } from '@/services/people';
import { renderView } from '../../support/modelHarness';

const FARMER: FarmerRow = {
  _id: 'f-1', name: 'Ramesh Patil', email: 'ramesh@example.in', phoneNumber: '9876543210', village: null, district: null,
  status: 'Active', coordinator: 'u-coord', coordinatorName: null, lastActive: null, fieldCount: 3, hasOpenAlert: false,
};

function renderFarmerPage(farmer: FarmerRow) {
  const saved: unknown[] = [];
  const logic = farmerDetailMachine.provide({
    actors: {
      load: fromPromise(async () => farmer) as never,
      save: fromPromise(async ({ input }) => void saved.push(input)) as never,
    },
  });
  renderView(<FarmerDetailView id="f-1" mode="view" logic={logic} />, { session: 'admin', intlLocale: 'en' });
  return saved;
}

const editDialog = () => screen.getByRole('dialog', { name: 'Edit Farmer' });

describe('Edit dialog: Active → Inactive asks first', () => {
  it('asks with the farmer\'s name; Cancel keeps the draft, Confirm saves it', async () => {
    const saved = renderFarmerPage(FARMER);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(editDialog().querySelector('[name="edit-status"]')!, { target: { value: 'Inactive' } });
    fireEvent.click(within(editDialog()).getByRole('button', { name: 'Save' }));

    const ask = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(ask).toHaveTextContent('Deactivate farmer Ramesh Patil? They will no longer be able to sign in.');
    expect(screen.queryByRole('dialog', { name: 'Edit Farmer' })).toBeNull();
    expect(saved).toEqual([]);

    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(editDialog().querySelector<HTMLSelectElement>('[name="edit-status"]')!.value).toBe('Inactive');
    expect(saved).toEqual([]);

    fireEvent.click(within(editDialog()).getByRole('button', { name: 'Save' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' })));
    expect(saved).toEqual([{ id: 'f-1', edit: { name: 'Ramesh Patil', email: 'ramesh@example.in', phoneNumber: '9876543210', status: 'Inactive' } }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not ask when nothing is deactivated (an Inactive farmer saved as Inactive)', async () => {
    const saved = renderFarmerPage({ ...FARMER, status: 'Inactive' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(editDialog().querySelector('[name="edit-name"]')!, { target: { value: 'Ramesh B. Patil' } });
    await act(async () => fireEvent.click(within(editDialog()).getByRole('button', { name: 'Save' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(saved).toEqual([{ id: 'f-1', edit: expect.objectContaining({ name: 'Ramesh B. Patil', status: 'Inactive' }) }]);
  });

  it('asks in the coordinators table too, before the save is sent', async () => {
    const saves: unknown[] = [];
    const row = { _id: 'c-1', name: 'Sunita More', email: 'sunita@example.in', phoneNumber: '9000000001', status: 'Active' as const };
    const actor = createActor(
      coordinatorsTableMachine.provide({
        actors: {
          load: fromPromise(async () => [row]) as never,
          save: fromPromise(({ input }) => (saves.push(input), new Promise(() => {}))) as never,
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'edit.open', coordinator: row as never });
    actor.send({ type: 'edit.change', key: 'status', value: 'Inactive' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().hasTag('confirmInactive')).toBe(true);
    expect(saves).toEqual([]);
    actor.send({ type: 'edit.save' });
    expect(saves).toEqual([{ id: 'c-1', edit: expect.objectContaining({ status: 'Inactive' }) }]);
  });
});
