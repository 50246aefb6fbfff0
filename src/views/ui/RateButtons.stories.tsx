import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { ratingMachine } from '@/machines/rating.machine';
import type { RatingKind } from '../../../contracts/trust';
import { RateButtons } from './RateButtons';

type Sent = { kind: RatingKind; subjectId: string; up: boolean };
const send = fn<(input: Sent) => Promise<unknown>>();
const logic = ratingMachine.provide({ actors: { send: fromPromise(({ input }: { input: Sent }) => send(input)) } });
const SUBJECT = '00000000-0000-4000-8000-000000000701';

const meta = {
  title: 'UI/RateButtons',
  component: RateButtons,
  args: { kind: 'chat', subjectId: SUBJECT, logic },
  parameters: { layout: 'padded' },
  beforeEach: () => void send.mockReset().mockResolvedValue({}),
} satisfies Meta<typeof RateButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

const up = { name: mr['rating.up'] };
const down = { name: mr['rating.down'] };

/** Open: the question and both thumbs, neither pressed; nothing said yet. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: mr['rating.question'] })).toBeInTheDocument();
    await expect(canvas.getByRole('button', up)).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', down)).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Saving: both thumbs wait until the server answers. */
export const Saving: Story = {
  beforeEach: () => void send.mockImplementation(() => new Promise(() => {})),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', up));
    await expect(canvas.getByRole('button', up)).toBeDisabled();
    await expect(canvas.getByRole('button', down)).toBeDisabled();
    await expect(send).toHaveBeenCalledWith({ kind: 'chat', subjectId: SUBJECT, up: true });
  },
};

/** Saved: the chosen thumb is pressed and the reader is thanked; choosing the other replaces it. */
export const SavedThenChanged: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', up));
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['rating.thanks']);
    await expect(canvas.getByRole('button', up)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', down));
    await waitFor(() => expect(canvas.getByRole('button', down)).toHaveAttribute('aria-pressed', 'true'));
    await expect(canvas.getByRole('button', up)).toHaveAttribute('aria-pressed', 'false');
    await expect(send).toHaveBeenCalledTimes(2);
  },
};

/** Not saved: the reason shows and no thumb is pressed. */
export const Failed: Story = {
  beforeEach: () => void send.mockRejectedValue(new Error('offline')),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', down));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['rating.failed']);
    await expect(canvas.getByRole('button', down)).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', down)).toBeEnabled();
  },
};
