import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { FieldTableContext } from '@/machines/fieldTable.context';
import { fieldTableMachine, type FieldTableInput } from '@/machines/fieldTable.machine';
import type { ListPage } from '@/machines/staffList';
import type { FieldRow } from '../../../contracts/fields';
import { FieldTable } from './FieldTable';

const field = (n: number, extra: Partial<FieldRow> = {}): FieldRow => ({
  _id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
  fieldId: `FLD20260${n}ABC`,
  fieldName: `शिरूर मळा ${n}`,
  status: 'good',
  operationalStatus: 'active',
  farmerId: null,
  farmerName: 'रमेश पाटील',
  owner: { name: 'रमेश पाटील' },
  crop: 'सोयाबीन',
  cropType: null,
  area: 2.5,
  lastSensorData: { moisture: 31, temperature: 27 },
  lastSensorUpdate: '2026-07-15T06:00:00Z',
  lat: 18.52,
  lng: 73.85,
  ...extra,
});
const LIST: ListPage<FieldRow> = {
  items: [field(1), field(2, { status: 'alert', lat: null, lng: null }), field(3, { status: 'warning', crop: null })],
  totalPages: 1,
};
const logic = fieldTableMachine.provide({ actors: { load: fromPromise(async () => LIST) } });

/** The table inside its machine, as the fields screen mounts it (the location dialog draws a map: not here). */
function FieldTableStory({ logic: l, input, onAddField }: { logic: typeof fieldTableMachine; input: FieldTableInput; onAddField?: () => void }) {
  return (
    <FieldTableContext.Provider logic={l} options={{ input }}>
      <FieldTable onAddField={onAddField} />
    </FieldTableContext.Provider>
  );
}

const meta = {
  title: 'Fields/FieldTable',
  component: FieldTableStory,
  args: { logic, input: { actorRole: 'coordinator' }, onAddField: fn() },
} satisfies Meta<typeof FieldTableStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A located field offers Edit Location; one without a location says so and offers Set Location. */
export const Fields: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('शिरूर मळा 1')).toBeInTheDocument();
    await expect(canvas.getByLabelText(`${mr['fields.editLocation']}: शिरूर मळा 1`)).toBeInTheDocument();
    await expect(canvas.getByLabelText(`${mr['fields.setLocation']}: शिरूर मळा 2`)).toBeInTheDocument();
    await expect(canvas.getByLabelText(mr['fields.locationMissing'])).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: {
    logic: fieldTableMachine.provide({ actors: { load: fromPromise(async (): Promise<ListPage<FieldRow>> => ({ items: [], totalPages: 1 })) } }),
    input: { actorRole: 'admin' },
    onAddField: undefined,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['fields.noFields'])).toBeInTheDocument();
  },
};
