import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { YieldTrendsContext } from '@/machines/yieldTrends.context';
import { yieldTrendsMachine, type HealthSummary } from '@/machines/yieldTrends.machine';
import type { YieldTrends as YieldTrendsResponse } from '../../../contracts/analytics';
import { YieldTrendsPanel } from './YieldTrendsPanel';

const TRENDS: YieldTrendsResponse = {
  yieldTrends: [
    { crop: 'soybean', data: [{ year: 2026, month: 8, averageYield: 9.5 }, { year: 2026, month: 10, averageYield: 12 }] },
    { crop: 'cotton', data: [{ year: 2026, month: 9, averageYield: 8 }, { year: 2026, month: 11, averageYield: 10.5 }] },
  ],
  crops: ['cotton', 'soybean'],
};
const loadTrends = fn(async ({ input }: { input: { crops: string[] } }) => ({
  ...TRENDS,
  yieldTrends: TRENDS.yieldTrends.filter((t) => input.crops.length === 0 || input.crops.includes(t.crop)),
}));

const panel = (opts: { fail?: boolean } = {}) =>
  yieldTrendsMachine.provide({
    actors: {
      loadSummary: fromPromise(async (): Promise<HealthSummary> => {
        if (opts.fail) throw new Error('500');
        return { healthy: 31, needsAttention: 6, critical: 3 };
      }),
      loadTrends: fromPromise(async ({ input }: { input: { crops: string[] } }) => {
        if (opts.fail) throw new Error('500');
        return loadTrends({ input });
      }),
    },
  });

function Panel({ logic }: { logic: typeof yieldTrendsMachine }) {
  return (
    <YieldTrendsContext.Provider logic={logic} options={{ input: { today: { year: 2026, month: 11 } } }}>
      <YieldTrendsPanel />
    </YieldTrendsContext.Provider>
  );
}

const meta = { title: 'Admin/YieldTrendsPanel', component: Panel, globals: { locale: 'mr' } } satisfies Meta<typeof Panel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi: the chart, the crops in Marathi, choosing one crop asks for it alone, and the health tiles. */
export const Loaded: Story = {
  args: { logic: panel() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('सोयाबीन')).toBeInTheDocument();
    await expect(canvas.getByText('31')).toBeInTheDocument(); // tile counts use Latin digits
    await userEvent.click(canvas.getByLabelText('कापूस'));
    await expect(loadTrends).toHaveBeenLastCalledWith({ input: { crops: ['cotton'] } });
    await userEvent.click(canvas.getByRole('button', { name: mr['yieldTrends.bar'] }));
    await expect(canvas.getByRole('button', { name: mr['yieldTrends.bar'] })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Both loads fail: each part says so and offers to try again. */
export const Failed: Story = {
  args: { logic: panel({ fail: true }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['fieldHealth.failed'])).toBeInTheDocument();
    await expect(await canvas.findByText(mr['yieldTrends.failed'])).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: mr['yieldTrends.retry'] })).toHaveLength(2);
  },
};
