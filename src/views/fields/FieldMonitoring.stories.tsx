import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { fieldMonitoringMachine, type MonitoringInput } from '@/machines/fieldMonitoring.machine';
import { asPage } from '@/machines/staffList';
import type { FieldList } from '../../../contracts/fields';
import { storyFieldRow } from './fieldStoryFixtures';
import { FieldMonitoring } from './FieldMonitoring';

const NORTH = storyFieldRow(1, { fieldName: 'उत्तर शेत', owner: { name: 'रमेश पाटील' }, crop: 'wheat', area: 2.5, status: 'alert', lastSensorData: { moisture: 18.25, temperature: 31 } });
const RIVER = storyFieldRow(2, { fieldName: '', owner: { name: 'सुनीता जाधव' }, status: 'warning' });
const PAGE: FieldList = { fields: [NORTH, RIVER], pagination: { page: 1, limit: 10, total: 12, totalPages: 2 } };

type LoadInput = { source: string; page: number; search: string; status: string };
const load = fn<(input: LoadInput) => Promise<FieldList>>();
const navigate = fn<(to: string) => void>();

const logic = fieldMonitoringMachine.provide({
  actors: {
    // The story fakes the server's answer; the machine's list holds it as a page.
    load: fromPromise(async ({ input }) => {
      const r = await load(input);
      return asPage(r.fields, r.pagination);
    }),
    loadDetail: fromPromise(() => new Promise(() => {})) as never,
    loadTimeline: fromPromise(() => new Promise(() => {})) as never,
    watchReadings: fromCallback(() => () => {}) as never,
  },
  actions: { navigate: (_, { to }) => navigate(to) },
});

/** The monitoring list inside its machine, as /fields mounts it. */
function Monitoring({ input }: { input: MonitoringInput }) {
  return (
    <FieldMonitoringContext.Provider logic={logic} options={{ input }}>
      <FieldMonitoring />
    </FieldMonitoringContext.Provider>
  );
}

const meta = {
  title: 'Fields/FieldMonitoring',
  component: Monitoring,
  args: { input: { actorRole: 'coordinator' } },
  beforeEach: () => {
    load.mockReset().mockResolvedValue(PAGE);
    navigate.mockReset();
  },
} satisfies Meta<typeof Monitoring>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cards with the last reading, crop in Marathi or 'not specified', area or N/A, the pager and Add Field. */
export const List: Story = {
  play: async ({ canvas }) => {
    const north = await canvas.findByRole('article', { name: 'उत्तर शेत' });
    await expect(north).toHaveTextContent('रमेश पाटील');
    await expect(north).toHaveTextContent(mr['fields.health.alert']);
    await expect(north).toHaveTextContent(`${mr['fields.moisture']}: 18.3% · ${mr['fields.temperature']}: 31°C`);
    await expect(north).toHaveTextContent(`${mr['fields.col.crop']}: ${mr['crop.wheat']}`);
    await expect(north).toHaveTextContent(`${mr['fields.area']}: ${mr['fields.acres'].replace('{value}', '2.5')}`);
    // No name: the card is called by its field id; no reading, no crop, no area.
    const river = canvas.getByRole('article', { name: 'FLD000002ABC' });
    await expect(river).toHaveTextContent(mr['fields.health.warning']);
    await expect(river).toHaveTextContent(`${mr['fields.col.crop']}: ${mr['fields.notSpecified']}`);
    await expect(river).toHaveTextContent(`${mr['fields.area']}: ${mr['fields.na']}`);
    await expect(river).not.toHaveTextContent(mr['fields.moisture']);
    await expect(canvas.getByRole('navigation')).toHaveTextContent(mr['pager.pageOf'].replace('{page}', '1').replace('{total}', '2'));
    await expect(load).toHaveBeenCalledWith({ source: 'coordinator', page: 1, search: '', status: 'all' });
    await userEvent.click(canvas.getByRole('button', { name: mr['fields.addField'] }));
    await expect(navigate).toHaveBeenCalledWith('/add-field');
    await userEvent.click(canvas.getByRole('button', { name: `← ${mr['fields.back']}` }));
    await expect(navigate).toHaveBeenLastCalledWith('/');
  },
};

/** Search and the status filter each ask again from page 1; Next asks for page 2. */
export const Filters: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('article', { name: 'उत्तर शेत' });
    await userEvent.click(canvas.getByRole('button', { name: mr['pager.next'] }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ source: 'coordinator', page: 2, search: '', status: 'all' }));
    await canvas.findByRole('article', { name: 'उत्तर शेत' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: mr['fields.col.status'] }), 'alert');
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ source: 'coordinator', page: 1, search: '', status: 'alert' }));
    await canvas.findByRole('article', { name: 'उत्तर शेत' });
    await userEvent.type(canvas.getByRole('searchbox', { name: mr['fields.search'] }), 'उ');
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ source: 'coordinator', page: 1, search: 'उ', status: 'alert' }));
  },
};

/** A farmer sees their own fields (from their own endpoint) and no Add Field. */
export const Farmer: Story = {
  args: { input: { actorRole: 'farmer' } },
  beforeEach: () => {
    load.mockResolvedValue({ fields: [NORTH], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } });
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('article', { name: 'उत्तर शेत' });
    await expect(load).toHaveBeenCalledWith({ source: 'own', page: 1, search: '', status: 'all' });
    await expect(canvas.queryByRole('button', { name: mr['fields.addField'] })).toBeNull();
    // One page: no pager.
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Empty: Story = {
  beforeEach: () => {
    load.mockResolvedValue({ fields: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['fields.noFields'])).toBeInTheDocument();
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: () => {
    load.mockReturnValue(new Promise(() => {}));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['fields.loading']);
    await expect(canvas.queryByText(mr['fields.noFields'])).toBeNull();
  },
};

export const LoadFailed: Story = {
  beforeEach: () => {
    load.mockRejectedValue(new Error('offline'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['fields.loadFailed']);
    await expect(canvas.queryByText(mr['fields.noFields'])).toBeNull();
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
  },
};
