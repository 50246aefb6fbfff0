import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { farmerHomeMachine, type FieldData } from '@/machines/farmerHome.machine';
import { sessionMachine } from '@/machines/session.machine';
import { FarmerHomeView } from './FarmerHomeView';

const session = {
  logic: sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) }, actions: { connectSocket: () => {} } }),
  input: { stored: { accessToken: 'a', refreshToken: 'r', user: { _id: 'u', name: 'Ramesh Patil', email: 'farmer@example.in', role: 'farmer' as const, preferredLanguage: 'marathi' as const } } },
};
const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const FIELDS = [
  { _id: 'f1', fieldId: 'FLD000001AAA', name: 'North plot', health: 'warning', lastSensorData: null },
  { _id: 'f2', fieldId: 'FLD000002AAA', name: 'South plot', health: 'good', lastSensorData: null },
];
const day = (moisture: (i: number) => number): FieldData['series'] =>
  Array.from({ length: 96 }, (_, i) => ({ timestamp: ago((96 - i) * 15 - 5), moisture: moisture(i), temperature: 24 + 8 * Math.sin((i / 96) * 2 * Math.PI) }));

const loadFieldData = fn(async ({ input }: { input: { fieldId: string } }) =>
  input.fieldId === 'f1'
    ? { latest: { moisture: 21.5, temperature: 33.4, timestamp: ago(1) }, series: day((i) => 40 - i * 0.2), emptyMessage: null, failures: [] }
    : { latest: null, series: [], emptyMessage: { english: 'No sensor data available for the last 24 hours', marathi: '', hindi: '' }, failures: [] },
);
const live = farmerHomeMachine.provide({
  actors: {
    loadFields: fromPromise(async () => FIELDS) as never,
    loadFieldData: fromPromise(loadFieldData) as never,
    sensorFeed: fromCallback(({ sendBack }) => {
      sendBack({ type: 'feed.status', status: 'live' });
      return () => {};
    }) as never,
  },
});

const meta = {
  title: 'Farmer/FarmerHomeView',
  component: FarmerHomeView,
  parameters: { session, route: '/' },
  args: { logic: live, chatbot: null },
} satisfies Meta<typeof FarmerHomeView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Dry field: red moisture tile, yellow temperature tile, the Marathi banner, the chart. */
export const DryField: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['home.moisture.low']);
    await expect(canvas.getByTestId('tile-moisture')).toHaveClass('tile-bad');
    await expect(canvas.getByTestId('tile-temperature')).toHaveClass('tile-warn');
    const line = await canvas.findByTestId('moisture-line', {}, { timeout: 5000 });
    await expect(line.getAttribute('data-points')).toBe('96');
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['home.feed.live']);
  },
};

/** Picking a field without data: '--' tiles, no banner, the server's english empty message. */
export const FieldWithoutData: Story = {
  play: async ({ canvas }) => {
    await canvas.findByTestId('moisture-line', {}, { timeout: 5000 });
    await userEvent.selectOptions(canvas.getByLabelText(mr['home.field']), 'f2');
    await expect(await canvas.findByText('No sensor data available for the last 24 hours')).toBeInTheDocument();
    await expect(canvas.getByTestId('tile-moisture')).toHaveTextContent('--');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(loadFieldData).toHaveBeenLastCalledWith(expect.objectContaining({ input: { fieldId: 'f2' } })));
  },
};
