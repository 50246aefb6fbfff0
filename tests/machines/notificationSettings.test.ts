/**
 * Notification preferences and this device's push (the machine) in fixed scenarios whose expectations are written out
 * here, not read from the machine (the generated paths of tests/model/notificationSettings.model.test.tsx check the
 * view against the machine's own snapshots): the preferences' own calls against a real HTTP server, what an edit
 * changes, when Save sends, its failure; what each answer of the device check leads to, and enabling and disabling
 * with their failures.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationSettingsMachine, type PushCheck } from '@/machines/notificationSettings.machine';
import { PushRefused } from '@/services/pushDevice';
import { startApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';
import { SETTINGS } from '../model/fixtures/notificationSettings';

const tick = () => new Promise((r) => setTimeout(r, 0));



/** The machine with the device's push calls held (and the preferences' too unless `realPrefs`). */
function start(realPrefs = false) {
  const { calls, held, last } = heldCalls();
  const actor = createActor(
    notificationSettingsMachine.provide({
      actors: {
        ...(realPrefs ? {} : { loadSettings: held('loadSettings') as never, saveSettings: held('saveSettings') as never }),
        checkPush: held('checkPush') as never,
        enablePush: held('enablePush') as never,
        disablePush: held('disablePush') as never,
      },
    }),
  ).start();
  return {
    actor,
    calls,
    last,
    send: actor.send.bind(actor),
    ctx: () => actor.getSnapshot().context,
    push: () => (actor.getSnapshot().value as { push: string }).push,
    prefs: () => (actor.getSnapshot().value as { prefs: unknown }).prefs,
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown) => (last(id).reject(e), tick()),
  };
}

describe('notification preferences', () => {
  it('read and saved through the API; Save sends only a real change with valid times', async () => {
    const saved: unknown[] = [];
    await startApiServer(({ method, body }) => {
      if (method === 'GET') return { status: 200, body: SETTINGS };
      saved.push(body);
      return saved.length === 1 ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body };
    });
    const t = start(true);
    await vi.waitFor(() => expect(t.prefs()).toEqual({ ready: 'idle' }));
    expect(t.ctx()).toMatchObject({ settings: SETTINGS, draft: SETTINGS, saved: false, saveError: null });
    // Nothing changed: Save sends nothing; a toggle to the value it has changes nothing.
    t.send({ type: 'settings.save' });
    t.send({ type: 'settings.toggle', kind: 'message', channel: 'push', value: false });
    t.send({ type: 'settings.quietEnabled', value: true });
    t.send({ type: 'settings.quietTime', field: 'start', value: '22:00' });
    expect(t.prefs()).toEqual({ ready: 'idle' });
    expect(t.ctx().draft).toEqual(SETTINGS);
    // A time that is not a clock time is not sent.
    t.send({ type: 'settings.quietTime', field: 'start', value: '24:00' });
    t.send({ type: 'settings.save' });
    t.send({ type: 'settings.quietTime', field: 'start', value: '21:30x' });
    t.send({ type: 'settings.save' });
    t.send({ type: 'settings.quietTime', field: 'start', value: 'x21:30' });
    t.send({ type: 'settings.save' });
    expect(t.prefs()).toEqual({ ready: 'idle' });
    expect(saved).toEqual([]);
    t.send({ type: 'settings.quietTime', field: 'start', value: '21:30' });
    t.send({ type: 'settings.toggle', kind: 'message', channel: 'push', value: true });
    t.send({ type: 'settings.quietEnabled', value: false });
    const draft = { channels: { ...SETTINGS.channels, message: { ...SETTINGS.channels.message, push: true } }, quietHours: { enabled: false, start: '21:30', end: '06:00' } };
    expect(t.ctx().draft).toEqual(draft);
    t.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(t.prefs()).toEqual({ ready: 'idle' }));
    expect(saved).toEqual([draft]);
    expect(t.ctx().saved).toBe(false);
    expect(t.ctx().saveError).toMatchObject({ status: 500 });
    // Edited again: the failure goes; saved, it says so.
    t.send({ type: 'settings.quietTime', field: 'end', value: '05:30' });
    expect(t.ctx().saveError).toBeNull();
    t.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(t.ctx().saved).toBe(true));
    expect(t.ctx().settings).toEqual({ ...draft, quietHours: { ...draft.quietHours, end: '05:30' } });
    // Any edit after a save takes the "saved" away.
    for (const e of [
      { type: 'settings.toggle', kind: 'alertRaised', channel: 'email', value: true },
      { type: 'settings.quietEnabled', value: true },
      { type: 'settings.quietTime', field: 'end', value: '05:00' },
    ] as const) {
      t.send({ type: 'settings.save' });
      await vi.waitFor(() => expect(t.ctx().saved).toBe(true));
      t.send(e);
      expect(t.ctx().saved).toBe(false);
    }
    t.actor.stop();
  });

  it('a failed read offers Retry; a save failing without a reason still says it failed', async () => {
    const t = start();
    await t.fail('loadSettings', new Error('offline'));
    expect(t.prefs()).toBe('failed');
    t.send({ type: 'settings.retry' });
    await t.answer('loadSettings', SETTINGS);
    t.send({ type: 'settings.toggle', kind: 'message', channel: 'sms', value: true });
    t.send({ type: 'settings.save' });
    expect(t.last('saveSettings').input).toEqual({ ...SETTINGS, channels: { ...SETTINGS.channels, message: { ...SETTINGS.channels.message, sms: true } } });
    await t.fail('saveSettings', undefined);
    expect(t.ctx().saveError).toEqual(new Error('save failed'));
  });
});

describe("this device's push", () => {
  const check = (over: Partial<PushCheck>): PushCheck => ({ support: 'default', serverEnabled: true, publicKey: 'BKey', subscribed: false, ...over });

  it('follows what the device check finds', async () => {
    const cases: [PushCheck | Error, string][] = [
      [check({ support: 'unsupported', serverEnabled: false, publicKey: '' }), 'unsupported'],
      [check({ serverEnabled: false }), 'unavailable'],
      [check({ support: 'denied' }), 'denied'],
      [check({ support: 'granted', subscribed: true }), 'on'],
      [check({ support: 'granted' }), 'off'],
      [check({}), 'off'],
      [new Error('no key'), 'unavailable'],
    ];
    for (const [answer, state] of cases) {
      const t = start();
      await (answer instanceof Error ? t.fail('checkPush', answer) : t.answer('checkPush', answer));
      expect([answer, t.push()]).toEqual([answer, state]);
      if (state === 'on' || state === 'off') expect(t.ctx().publicKey).toBe('BKey');
      t.actor.stop();
    }
  });

  it('enables with the server’s key; a refusal for good is "denied", a dismissed question changes nothing, a failure says so', async () => {
    const t = start();
    await t.answer('checkPush', check({ publicKey: 'BServerKey' }));
    t.send({ type: 'push.enable' });
    expect(t.push()).toBe('enabling');
    expect(t.last('enablePush').input).toEqual({ publicKey: 'BServerKey' });
    await t.fail('enablePush', new Error('subscribe failed'));
    expect(t.push()).toBe('off');
    expect(t.ctx().pushError).toEqual(new Error('subscribe failed'));
    t.send({ type: 'push.enable' });
    expect(t.ctx().pushError).toBeNull();
    await t.fail('enablePush', new PushRefused('default'));
    expect(t.push()).toBe('off');
    expect(t.ctx().pushError).toBeNull();
    t.send({ type: 'push.enable' });
    await t.fail('enablePush', undefined);
    expect(t.ctx().pushError).toEqual(new Error('push failed'));
    t.send({ type: 'push.enable' });
    await t.fail('enablePush', new PushRefused('denied'));
    expect(t.push()).toBe('denied');
  });

  it('disables; a failure keeps it on and says so, and the next try clears that', async () => {
    const t = start();
    await t.answer('checkPush', check({ subscribed: true }));
    t.send({ type: 'push.enable' });
    expect(t.push()).toBe('on');
    t.send({ type: 'push.disable' });
    expect(t.push()).toBe('disabling');
    await t.fail('disablePush', new Error('gone'));
    expect(t.push()).toBe('on');
    expect(t.ctx().pushError).toEqual(new Error('gone'));
    t.send({ type: 'push.disable' });
    expect(t.ctx().pushError).toBeNull();
    await t.fail('disablePush', undefined);
    expect(t.ctx().pushError).toEqual(new Error('push failed'));
    t.send({ type: 'push.disable' });
    await t.answer('disablePush', undefined);
    expect(t.push()).toBe('off');
    t.send({ type: 'push.enable' });
    await t.answer('enablePush', undefined);
    expect(t.push()).toBe('on');
  });
});
