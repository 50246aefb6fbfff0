import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromCallback } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { readingsExportMachine, type ExportInput } from '@/machines/readingsExport.machine';
import { ReadingsExport } from './ReadingsExport';
import { storyFieldRow1 } from './fieldStoryFixtures';

const asked = fn<(input: ExportInput) => void>();
const cancelled = fn();
/** A download that reports 40 % and then waits (or is refused at once). */
const downloading = (refused: boolean) =>
  readingsExportMachine.provide({
    actors: {
      download: fromCallback(({ input, sendBack }: { input: ExportInput; sendBack: (e: never) => void }) => {
        asked(input);
        if (refused) sendBack({ type: 'export.failed', error: new Error('offline') } as never);
        else sendBack({ type: 'export.progress', share: 0.4 } as never);
        return () => cancelled();
      }) as never,
    },
  });

const meta = {
  title: 'Fields/ReadingsExport',
  component: ReadingsExport,
  args: { fieldId: storyFieldRow1._id, today: '2026-11-26', logic: downloading(false) },
  parameters: { layout: 'padded' },
  beforeEach: () => {
    asked.mockReset();
    cancelled.mockReset();
  },
} satisfies Meta<typeof ReadingsExport>;
export default meta;
type Story = StoryObj<typeof meta>;

const percent = (n: number) => mr['fields.export.progress'].replace('{percent}', String(n));

/** Idle: the last 30 days (until tomorrow, not included) and the note on hourly averages; no download yet. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(mr['fields.export.from'])).toHaveValue('2026-10-28');
    await expect(canvas.getByLabelText(mr['fields.export.to'])).toHaveValue('2026-11-27');
    await expect(canvas.getByText(mr['fields.export.note'].replace('{days}', '90'))).toBeInTheDocument();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(asked).not.toHaveBeenCalled();
  },
};

/** Downloading: the chosen range is asked for, the bar shows 40 %, the dates are held; Cancel stops it. */
export const DownloadingThenCancel: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['fields.export.start'] }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(percent(40));
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('value', '40');
    await expect(canvas.getByLabelText(mr['fields.export.from'])).toBeDisabled();
    await expect(asked).toHaveBeenCalledWith({ fieldId: storyFieldRow1._id, from: '2026-10-28', to: '2026-11-27' });
    await userEvent.click(canvas.getByRole('button', { name: mr['fields.export.cancel'] }));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    await expect(cancelled).toHaveBeenCalled();
    await expect(canvas.getByLabelText(mr['fields.export.from'])).toBeEnabled();
  },
};

/** Refused: the reason shows; Download can be pressed again. */
export const Failed: Story = {
  args: { logic: downloading(true) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['fields.export.start'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['fields.export.failed']);
    await expect(canvas.getByRole('button', { name: mr['fields.export.start'] })).toBeEnabled();
  },
};
