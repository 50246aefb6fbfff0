/**
 * dashboardMachine's live alerts: a new alert goes on top and counts once; the same alert pushed again (the
 * engine re-triggering an open alert: same id, new value) replaces its item where it stands and is not counted again,
 * whether it comes as `alert:new` or `alert:updated`, and whether or not it is still in the 5-item preview.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, PREVIEW_SIZE, ZERO_STATS } from '@/machines/dashboard.machine';
import { makeAlert } from '../model/alertFixtures';

const loaded = (n: number) => ({
  stats: { ...ZERO_STATS, alerts: 10 },
  farmers: [],
  alerts: Array.from({ length: n }, (_, i) => makeAlert({ _id: `old-${i}` })),
  fields: [],
  pins: [],
});

async function start(kind: 'admin' | 'coordinator', n: number, fail = false) {
  const logic = dashboardMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (fail) throw new Error('down');
        return loaded(n);
      }) as never,
      watchAlerts: fromCallback(() => () => {}) as never,
    },
  });
  const actor = createActor(logic, { input: { kind } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return actor;
}
const ids = (a: Awaited<ReturnType<typeof start>>) => a.getSnapshot().context.alerts.map((x) => `${x._id}:${x.value}`);
const count = (a: Awaited<ReturnType<typeof start>>) => a.getSnapshot().context.stats.alerts;

describe.each(['admin', 'coordinator'] as const)('%s dashboard alerts', (kind) => {
  it('counts a new alert once and puts it on top', async () => {
    const a = await start(kind, 2);
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 15 }) });
    expect(count(a)).toBe(11);
    expect(ids(a)).toEqual(['n1:15', 'old-0:20', 'old-1:20']);
  });

  it('a re-push of the same alert (alert:new or alert:updated) updates it in place and does not count', async () => {
    const a = await start(kind, 2);
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 15 }) });
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n2', value: 14 }) });
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 9, severity: 'critical' }) });
    expect(count(a)).toBe(12);
    expect(ids(a)).toEqual(['n2:14', 'n1:9', 'old-0:20', 'old-1:20']);
    expect(a.getSnapshot().context.alerts[1].severity).toBe('critical');
    a.send({ type: 'alert.updated', alert: makeAlert({ _id: 'old-1', value: 7 }) });
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'old-0', value: 8 }) });
    expect(count(a)).toBe(12);
    expect(ids(a)).toEqual(['n2:14', 'n1:9', 'old-0:8', 'old-1:7']);
  });

  it('an alert pushed out of the preview is still not counted again when it comes back', async () => {
    const a = await start(kind, PREVIEW_SIZE);
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 15 }) });
    for (let i = 2; i <= PREVIEW_SIZE + 1; i++) a.send({ type: 'alert.new', alert: makeAlert({ _id: `n${i}` }) });
    expect(ids(a)).not.toContain('n1:15');
    expect(count(a)).toBe(10 + PREVIEW_SIZE + 1);
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 5 }) });
    a.send({ type: 'alert.new', alert: makeAlert({ _id: 'old-0', value: 5 }) });
    expect(count(a)).toBe(10 + PREVIEW_SIZE + 1);
    expect(ids(a)).toHaveLength(PREVIEW_SIZE);
    expect(ids(a).some((x) => x.endsWith(':5'))).toBe(false);
  });

  it('an update of an alert it never saw changes nothing; after a failed load a new alert counts from zero', async () => {
    const a = await start(kind, 1);
    a.send({ type: 'alert.updated', alert: makeAlert({ _id: 'elsewhere' }) });
    expect(count(a)).toBe(10);
    expect(ids(a)).toEqual(['old-0:20']);
    const b = await start(kind, 0, true);
    b.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1' }) });
    b.send({ type: 'alert.new', alert: makeAlert({ _id: 'n1', value: 3 }) });
    expect(count(b)).toBe(1);
    expect(ids(b)).toEqual(['n1:3']);
  });
});
