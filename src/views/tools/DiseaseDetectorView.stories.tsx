import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { DiseaseDetector } from './disease/DiseaseDetector';
import { DISEASE_RESULT } from './fixtures/toolsFixtures';
import './tools.css';

const detect = fn(async () => DISEASE_RESULT);
const failing = fn(async () => Promise.reject(new Error('503')));
const leaf = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'soybean-leaf.jpg', { type: 'image/jpeg' });

const meta = {
  title: 'Tools/Disease detector',
  component: DiseaseDetector,
  decorators: [
    (Story, { parameters }) => (
      <DiseaseUploadContext.Provider
        logic={diseaseUploadMachine.provide({
          // Storybook's fake photo bytes cannot be decoded; the real resize is covered in tests/e2e/diseasePhotos.e2e.ts.
          actors: { prepare: fromPromise(async ({ input }: { input: { file: File } }) => input.file), detect: fromPromise(parameters.detect ?? detect) },
        })}
        options={{ input: { locale: 'mr-IN' } }}
      >
        <main className="page">
          <Story />
        </main>
      </DiseaseUploadContext.Provider>
    ),
  ],
} satisfies Meta<typeof DiseaseDetector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AnalysesALeaf: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('पानाचा फोटो'), leaf());
    await expect(await canvas.findByText('soybean-leaf.jpg')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'रोग तपासा' }));
    await expect(await canvas.findByText('सोयाबीनवरील तांबेरा')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'तीव्रता 5 पैकी 3' })).toBeInTheDocument();
    await expect(canvas.getByText('78 %')).toHaveAttribute('data-level', 'medium');
    await expect(detect).toHaveBeenCalled();
  },
};

export const AnalysisFails: Story = {
  parameters: { detect: failing },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('पानाचा फोटो'), leaf());
    await userEvent.click(await canvas.findByRole('button', { name: 'रोग तपासा' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('फोटो पाठवता आला नाही: नेटवर्क मंद आहे किंवा बंद आहे. कृपया पुन्हा प्रयत्न करा.');
    await expect(canvas.getByRole('button', { name: 'पुन्हा प्रयत्न करा' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'दुसरा फोटो निवडा' }));
    await expect(canvas.getByLabelText('पानाचा फोटो')).toBeInTheDocument();
  },
};
