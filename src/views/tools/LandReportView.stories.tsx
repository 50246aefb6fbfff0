import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { landReportMachine } from '@/machines/landReport.machine';
import { LandReportContext } from '@/machines/landReport.context';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { LandReport } from './land/LandReport';
import { LAND_REPORT, NDVI_SERIES } from './fixtures/toolsFixtures';
import './tools.css';

const register = fn(async () => 'ndvi-1');
const generate = fn(async () => ({ success: true, report: LAND_REPORT }));

const meta = {
  title: 'Tools/Land report',
  component: LandReport,
  decorators: [
    (Story) => (
      <NdviContext.Provider
        logic={ndviRegistrationMachine.provide({ actors: { register: fromPromise(register), timeseries: fromPromise(async () => NDVI_SERIES) } })}
      >
        <LandReportContext.Provider
          logic={landReportMachine.provide({ actors: { generate: fromPromise(generate), download: fromPromise(async () => new Blob(['%PDF'])) } })}
          options={{ input: { locale: 'mr-IN' } }}
        >
          <main className="page">
            <Story />
          </main>
        </LandReportContext.Provider>
      </NdviContext.Provider>
    ),
  ],
} satisfies Meta<typeof LandReport>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FetchesNdviAndGenerates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'NDVI मिळवा' }));
    await expect(canvas.getByText('कृपया अक्षांश आणि रेखांश भरा')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('अक्षांश'), '18.4');
    await userEvent.type(canvas.getByLabelText('रेखांश'), '76.56');
    await userEvent.click(canvas.getByRole('button', { name: 'NDVI मिळवा' }));
    await expect(await canvas.findByText('NDVI डेटा मिळाला!')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'NDVI कल, प्रमाण 0 ते 1' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'NDVI मिळवा' }));
    await expect(register).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'अहवाल तयार करा' }));
    await expect(canvas.getByText(/कृपया सर्व मूलभूत माहिती भरा/)).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(/सामू pH/), '7.2');
    await userEvent.type(canvas.getByLabelText(/नत्र N/), '450');
    await userEvent.type(canvas.getByLabelText(/स्फुरद P/), '30');
    await userEvent.type(canvas.getByLabelText(/पालाश K/), '280');
    await userEvent.click(canvas.getByRole('button', { name: 'अहवाल तयार करा' }));
    await expect(await canvas.findByTestId('soil-score')).toHaveAttribute('data-level', 'good');
    await expect(canvas.getByText('सोयाबीन')).toBeInTheDocument();
    await expect(generate).toHaveBeenCalledOnce();
  },
};
