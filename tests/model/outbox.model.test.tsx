/**
 * Generated path tests over the outbox statechart (issue 17), driven on the real header indicator and its
 * panel: offline items wait ('n waiting to send'), the network's return sends them one at a time, a refusal
 * stays with the server's reason until discarded, a 'not now' waits for the next nudge, and an item older than
 * OUTBOX_MAX_AGE is never sent by itself (send now / discard).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { useActorRef } from '@xstate/react';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { outboxMachine, staleItem } from '@/machines/outbox.machine';
import { OutboxContext } from '@/machines/outbox.context';
import type { Delivery, OutboxItem } from '@/services/outbox';
import { OutboxIndicator } from '@/views/ui/OutboxIndicator';
import { get, query } from '../support/dom';
import { deferred, describeModel, leafPaths, modelPaths, renderView, serializeWith, type Deferred } from '../support/modelHarness';

const DAY = 86_400_000;
const NOW = Date.now();
const base = { userId: 'u1', attempts: 0, status: 'queued' as const, lastError: null, request: { method: 'post' as const, url: '/chatbot', body: {} } };
const QUESTION: OutboxItem = { ...base, id: 'q', idempotencyKey: 'k-q', kind: 'chat', summary: 'How much water for onion?', createdAt: NOW - 60_000 };
const OLD: OutboxItem = { ...base, id: 'old', idempotencyKey: 'k-old', kind: 'message', summary: 'Fair on Sunday', createdAt: NOW - 8 * DAY };
const ACK: OutboxItem = { ...base, id: 'ack', idempotencyKey: 'k-ack', kind: 'acknowledge', summary: 'Low moisture, Plot 7', createdAt: NOW - 30_000 };
const CLEARED = {
  statusCode: 409,
  code: 'CONFLICT',
  error: 'This alert is already cleared.',
  message: { english: 'This alert is already cleared.', marathi: 'ही सूचना आधीच बंद झाली आहे.', hindi: 'यह अलर्ट पहले ही बंद हो चुका है।' },
};

const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: [QUESTION, OLD] },
  { type: 'xstate.done.actor.load', output: [] },
  { type: 'xstate.error.actor.load', error: new Error('IndexedDB blocked') },
  { type: 'outbox.online' },
  { type: 'outbox.offline' },
  { type: 'outbox.sync' },
  { type: 'outbox.added', item: ACK },
  // A later write of its kind replaced it (a profile edit; services/outbox.ts): it leaves the list.
  { type: 'outbox.replaced', id: 'q' },
  { type: 'xstate.done.actor.deliver', output: { outcome: 'sent', item: QUESTION } satisfies Delivery },
  { type: 'xstate.done.actor.deliver', output: { outcome: 'refused', item: { ...ACK, status: 'refused', attempts: 1, lastError: { status: 409, body: CLEARED } } } satisfies Delivery },
  { type: 'xstate.done.actor.deliver', output: { outcome: 'later', item: { ...QUESTION, attempts: 1 } } satisfies Delivery },
  { type: 'xstate.error.actor.deliver', error: new Error('store failed') },
  { type: 'outbox.discard', id: 'ack' },
  { type: 'outbox.discard', id: 'old' },
  { type: 'outbox.resend', id: 'old' },
];

type Ctx = { items: OutboxItem[]; online: boolean; maxAgeMs: number };
const all = modelPaths(outboxMachine, {
  input: { userId: 'u1', online: false },
  events: EVENTS,
  serializeState: serializeWith((c: Ctx) => [c.online, c.items.map((i) => `${i.id}:${i.status}:${i.createdAt > NOW - DAY}`).sort()]),
});

const STATE_TEXT: Record<string, string | null> = {
  loading: null,
  offline: 'No network: these will be sent when it returns.',
  online: '',
  syncing: 'Sending…',
  waiting: 'Will try again shortly.',
};

function Harness({ logic }: { logic: typeof outboxMachine }) {
  const actor = useActorRef(logic, { input: { userId: 'u1', online: false } });
  return (
    <OutboxContext.Provider value={actor}>
      <OutboxIndicator />
    </OutboxContext.Provider>
  );
}

// The quick stand-ins of tests/support/dom.ts (the panel is in the page only while open).
const panel = () => query('region', 'Waiting to send');
const openPanel = () => {
  if (!panel()) fireEvent.click(screen.getByTestId('outbox-indicator'));
  return panel()!;
};
const rowOf = (summary: string) => within(openPanel()).getByText(summary).closest('li')! as HTMLElement;

describeModel('outbox model', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: leafPaths(all),
  all,
  events: EVENTS,
  eventKey: (e: AnyEventObject) => `${e.type}${e.output?.outcome ?? ''}${e.id ?? ''}${Array.isArray(e.output) ? e.output.length : ''}`,
  machine: outboxMachine,
  states: Object.keys(STATE_TEXT),
  render: () => {
    const loading: Deferred<OutboxItem[]> = deferred();
    let delivering: Deferred<Delivery> = deferred();
    let feed: ((e: AnyEventObject) => void) | null = null;
    const delivered: string[] = [];
    const forgotten: string[] = [];
    const resent: string[] = [];
    const logic = outboxMachine.provide({
      actors: {
        load: fromPromise(async () => loading.promise),
        watch: fromCallback(({ sendBack }) => {
          feed = sendBack;
        }),
        deliver: fromPromise(async ({ input }: { input: OutboxItem }) => {
          delivered.push(input.id);
          delivering = deferred();
          return delivering.promise;
        }),
      },
      actions: {
        forget: ({ event }) => void forgotten.push((event as { id: string }).id),
        storeResent: ({ event }) => void resent.push((event as { id: string }).id),
      },
    });
    renderView(<Harness logic={logic} />);
    const browser = (e: AnyEventObject) => act(async () => feed!(e));
    return {
      exec: {
        'xstate.init': () => {},
        'xstate.done.actor.load': (e) => act(async () => loading.resolve(e.output)),
        'xstate.error.actor.load': (e) => act(async () => loading.reject(e.error)),
        // The window's online/offline events, the service worker's { type: 'outbox-sync' } and a new item reach the
        // machine through its watch actor.
        'outbox.online': browser,
        'outbox.offline': browser,
        'outbox.sync': browser,
        'outbox.added': browser,
        'outbox.replaced': browser,
        'xstate.done.actor.deliver': (e) => act(async () => delivering.resolve(e.output)),
        'xstate.error.actor.deliver': (e) => act(async () => delivering.reject(e.error)),
        'outbox.discard': (e) => fireEvent.click(get('button', 'Discard', rowOf(e.id === 'ack' ? ACK.summary : OLD.summary))),
        'outbox.resend': () => fireEvent.click(get('button', 'Send now', rowOf(OLD.summary))),
      },
      check: (step) => {
        const c = step.state.context as Ctx;
        // An old item is sent only after 'send now'; a discarded one is forgotten in the store too (after every step).
        if (!resent.includes('old')) expect(delivered).not.toContain('old');
        expect(forgotten.every((id) => id === 'ack' || id === 'old')).toBe(true);
        const value = String(step.state.value);
        const waiting = c.items.filter((i) => i.status !== 'refused').length;
        const refused = c.items.filter((i) => i.status === 'refused').length;
        if (c.items.length === 0) {
          expect(screen.queryByTestId('outbox-indicator')).toBeNull();
          return;
        }
        const chip = screen.getByTestId('outbox-indicator');
        if (waiting > 0) expect(chip).toHaveTextContent(`${waiting} waiting to send`);
        else expect(chip).not.toHaveTextContent('waiting to send');
        if (refused > 0) expect(chip).toHaveTextContent(`${refused} not accepted`);
        const shown = openPanel();
        expect(get('status', undefined, shown).textContent).toBe(STATE_TEXT[value] ?? '');
        expect(within(shown).getAllByTestId('outbox-item')).toHaveLength(c.items.length);
        for (const item of c.items) {
          const row = rowOf(item.summary);
          if (item.status === 'refused') {
            expect(row).toHaveTextContent('Not accepted: This alert is already cleared.');
            expect(get('button', 'Discard', row)).toBeInTheDocument();
          } else if (staleItem(c as never, item)) {
            // Never sent by itself: the farmer decides.
            expect(row).toHaveTextContent('Older than 7 days: send it now or discard it?');
            expect(get('button', 'Send now', row)).toBeInTheDocument();
          } else {
            expect(row).toHaveTextContent(item.status === 'sending' ? 'Sending…' : 'Waiting to send');
            expect(query('button', undefined, row)).toBeNull();
          }
        }
      },
    };
  },
});
