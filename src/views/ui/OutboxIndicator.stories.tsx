import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { expect, fn, userEvent } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { OutboxContext } from '@/machines/outbox.context';
import { outboxMachine } from '@/machines/outbox.machine';
import type { OutboxItem } from '@/machines/outbox.machine';
import { OutboxIndicator } from './OutboxIndicator';

const DAY = 86_400_000;
const item = (id: string, over: Partial<OutboxItem>): OutboxItem => ({
  id,
  userId: 'u-1',
  idempotencyKey: `key-${id}`,
  kind: 'chat',
  summary: 'टोमॅटोच्या पानांवर डाग का?',
  request: { method: 'post', url: '/chat', body: {} },
  createdAt: Date.now() - 60_000,
  attempts: 0,
  status: 'queued',
  lastError: null,
  ...over,
});

const forget = fn();
const deliver = fn();

/**
 * The header's outbox with fixed stored items, offline: nothing is sent (deliver is never called) and the
 * IndexedDB effects are replaced by spies.
 */
function Outbox({ items }: { items: OutboxItem[] }) {
  const actor = useActorRef(
    outboxMachine.provide({
      actors: {
        load: fromPromise(async () => items),
        watch: fromCallback(() => () => {}),
        deliver: fromPromise(async () => deliver()),
      },
      actions: { forget: (_, __) => forget(), storeResent: () => {} },
    }),
    { input: { userId: 'u-1', online: false, maxAgeMs: 7 * DAY } },
  );
  return (
    <OutboxContext.Provider value={actor}>
      <OutboxIndicator />
    </OutboxContext.Provider>
  );
}

const meta = { title: 'UI/OutboxIndicator', component: Outbox, globals: { locale: 'mr' } } satisfies Meta<typeof Outbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi, no network: two items wait; the panel lists them and says they go when the network returns. */
export const WaitingOffline: Story = {
  args: { items: [item('a', {}), item('b', { kind: 'disease', summary: 'leaf.jpg' })] },
  play: async ({ canvas }) => {
    const chip = await canvas.findByTestId('outbox-indicator');
    await expect(chip).toHaveTextContent('पाठवायचे बाकी');
    await userEvent.click(chip);
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['outbox.state.offline']);
    await expect(canvas.getAllByTestId('outbox-item')).toHaveLength(2);
    await expect(canvas.getByText(mr['outbox.kind.disease'])).toBeInTheDocument();
    await expect(deliver).not.toHaveBeenCalled();
  },
};

/** Marathi: a refused item says why and can be discarded; an old one offers 'send now'. */
export const RefusedAndStale: Story = {
  args: {
    items: [
      item('r', { kind: 'acknowledge', summary: 'alert 42', status: 'refused', attempts: 1, lastError: { status: 403 } }),
      item('s', { kind: 'message', summary: 'उद्या पाणी', createdAt: Date.now() - 9 * DAY }),
    ],
  },
  play: async ({ canvas }) => {
    const chip = await canvas.findByTestId('outbox-indicator');
    await expect(chip).toHaveTextContent('स्वीकारले नाही');
    await userEvent.click(chip);
    await expect(canvas.getByText(mr['outbox.item.refused'].replace('{reason}', mr['http.forbidden']))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['outbox.resend'] })).toBeInTheDocument();
    const discards = canvas.getAllByRole('button', { name: mr['outbox.discard'] });
    await expect(discards).toHaveLength(2);
    await userEvent.click(discards[0]);
    await expect(forget).toHaveBeenCalled();
    await expect(canvas.getAllByTestId('outbox-item')).toHaveLength(1);
  },
};
