import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { fdssMachine } from '@/machines/fdss.machine';
import { FdssContext } from '@/machines/fdss.context';
import { FarmDecisionSupport } from './fdss/FarmDecisionSupport';
import { FIELDS, INSIGHTS, WEATHER } from './fixtures/toolsFixtures';
import './tools.css';

const loadInsights = fn(async () => INSIGHTS);

const meta = {
  title: 'Tools/Farm decision support',
  component: FarmDecisionSupport,
  decorators: [
    (Story, { parameters }) => (
      <FdssContext.Provider
        logic={fdssMachine.provide({
          actors: {
            loadFields: fromPromise(parameters.loadFields ?? (async () => FIELDS)),
            loadWeather: fromPromise(async () => WEATHER),
            loadInsights: fromPromise(loadInsights),
          },
          actions: { logError: () => {} },
        })}
      >
        <main className="page">
          <Story />
        </main>
      </FdssContext.Provider>
    ),
  ],
} satisfies Meta<typeof FarmDecisionSupport>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChoosesAField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('कृपया शेत निवडा')).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox'), 'FLD000001AAA');
    await expect(await canvas.findByText('31.4 °C')).toBeInTheDocument();
    await expect(await canvas.findByText(/आजच पाणी द्या/)).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')[0]).toHaveAttribute('data-priority', 'high');
  },
};

export const NoFields: Story = {
  parameters: { loadFields: async () => [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('कोणतेही शेत उपलब्ध नाही. कृपया प्रशासकाशी संपर्क साधा.')).toBeInTheDocument();
  },
};

export const FieldsFailToLoad: Story = {
  parameters: { loadFields: async () => Promise.reject(new Error('offline')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('option', { name: 'Plot 1 (plot1)' })).toBeInTheDocument();
    await expect(canvas.getByRole('combobox')).toHaveValue('plot1');
  },
};
