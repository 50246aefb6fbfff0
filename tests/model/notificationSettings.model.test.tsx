/**
 * Generated path tests for Profile → notification preferences (issue 16): loading (and Retry), channels per kind,
 * quiet hours, saving (and failing to), and this device's Web Push — unsupported browser, no push from the server,
 * blocked, off, on, turning on (allowed, blocked, dismissed, failed) and off — driven through the real card.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { notificationSettingsMachine, type NotificationSettings, type PushCheck } from '@/machines/notificationSettings.machine';
import { PushRefused } from '@/services/pushDevice';
import { NotificationSettingsCard } from '@/views/account/NotificationSettingsCard';
import { startApiServer } from '../support/apiServer';
import { get, getLabelled, query, queryText } from '../support/dom';
import { coveringPaths, deferred, describeModel, eventKey, leafValues, modelPaths, renderView, type Deferred } from '../support/modelHarness';
import { SETTINGS } from './fixtures/notificationSettings';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof notificationSettingsMachine>;

/** What the server answers to a save (it may normalise; the card shows its answer). */
const SAVED: NotificationSettings = { ...SETTINGS, channels: { ...SETTINGS.channels, message: { inApp: true, push: true, sms: false, email: false } } };
const check = (over: Partial<PushCheck>): PushCheck => ({ support: 'default', serverEnabled: true, publicKey: 'BKey', subscribed: false, ...over });

const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadSettings', output: SETTINGS },
  { type: 'xstate.error.actor.loadSettings', error: new Error('offline') },
  { type: 'settings.retry' },
  { type: 'settings.toggle', kind: 'message', channel: 'push', value: true },
  { type: 'settings.quietEnabled', value: false },
  { type: 'settings.quietTime', field: 'start', value: '21:00' },
  { type: 'settings.save' },
  { type: 'xstate.done.actor.saveSettings', output: SAVED },
  { type: 'xstate.error.actor.saveSettings', error: new Error('offline') },
  { type: 'xstate.done.actor.checkPush', output: check({ support: 'unsupported', serverEnabled: false, publicKey: '' }) },
  { type: 'xstate.done.actor.checkPush', output: check({ serverEnabled: false }) },
  { type: 'xstate.done.actor.checkPush', output: check({ support: 'denied' }) },
  { type: 'xstate.done.actor.checkPush', output: check({}) },
  { type: 'xstate.done.actor.checkPush', output: check({ support: 'granted', subscribed: true }) },
  { type: 'xstate.error.actor.checkPush', error: new Error('offline') },
  { type: 'push.enable' },
  { type: 'xstate.done.actor.enablePush' },
  { type: 'xstate.error.actor.enablePush', error: new PushRefused('denied') },
  { type: 'xstate.error.actor.enablePush', error: new PushRefused('default') },
  { type: 'xstate.error.actor.enablePush', error: new Error('push service down') },
  { type: 'push.disable' },
  { type: 'xstate.done.actor.disablePush' },
  { type: 'xstate.error.actor.disablePush', error: new Error('offline') },
];

const digest = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, c.draft, c.settings === null, c.saved, c.saveError !== null, c.pushError !== null, c.publicKey]);
};
const all = modelPaths(notificationSettingsMachine, {
  events: EVENTS,
  serializeState: (s: Snap, e: Ev | undefined) => `${digest(s)}|${eventKey(e)}`,
});
/** The two regions move independently: a step is told apart by the region its event belongs to (and any it moved). */
const regionOf = (type: string) => (/settings\.|Settings$/i.test(type) ? 'prefs' : /push\.|Push$/.test(type) ? 'push' : '');
const feature = (before: Snap | null, e: Ev, after: Snap) => {
  const v = (s: Snap | null, r: 'prefs' | 'push') => JSON.stringify((s?.value as Record<string, unknown> | undefined)?.[r] ?? null);
  const moved = (['prefs', 'push'] as const).filter((r) => r === regionOf(e.type) || v(before, r) !== v(after, r));
  const c = after.context;
  return `${eventKey(e)}|${moved.map((r) => `${r}:${v(before, r)}->${v(after, r)}`).join(',')}|${c.saved}|${c.saveError !== null}|${c.pushError !== null}`;
};
const transitions = (before: unknown, e: Ev, after: unknown) => feature(before as Snap | null, e, after as Snap);
const paths = coveringPaths(all, transitions);

const PUSH_TEXT: Record<string, string> = {
  checking: 'Checking this device…',
  unsupported: 'This browser cannot receive notifications when the app is closed. You still see them under the bell.',
  unavailable: 'Notifications to devices are not available right now.',
  denied: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back here.',
  off: 'Off: this device is not told when the app is closed.',
  enabling: 'Off: this device is not told when the app is closed.',
  on: 'On: this device shows notifications even when the app is closed.',
  disabling: 'On: this device shows notifications even when the app is closed.',
};
const KIND = { alertRaised: 'New alerts on my fields', alertAssigned: 'Alerts assigned to me', alertEscalated: 'Escalated alerts', message: 'Messages' } as const;
const CHANNEL = { inApp: 'In the app', push: 'Push', sms: 'SMS', email: 'E-mail' } as const;

type Drive = Record<'load' | 'save' | 'check' | 'enable' | 'disable', Deferred<unknown>> & { saves: NotificationSettings[]; enables: string[] };
let drive: Drive;

// The generated paths' quick stand-ins (tests/support/dom.ts) for the role queries.
const cardEl = () => get('region', 'Notification preferences');
const card = () => within(cardEl());
/** A channel's checkbox, found the way a reader finds it: in the kind's fieldset (its legend), by its label. */
const box = (kind: keyof typeof KIND, channel: keyof typeof CHANNEL, fieldsets: HTMLFieldSetElement[] = [...document.querySelectorAll('fieldset')]) => {
  const fieldset = fieldsets.find((f) => f.querySelector('legend')?.textContent === KIND[kind])!;
  const label = [...fieldset.querySelectorAll('label')].find((l) => l.textContent === CHANNEL[channel])!;
  return label.querySelector('input')!;
};
const QUIET = 'No SMS and no push sound at night (critical alerts still come)';

function checkPrefs(s: Snap) {
  const c = s.context;
  // The quick stand-ins of tests/support/dom.ts: the path checks make thousands of queries.
  const el = cardEl();
  expect(queryText('Loading your notification preferences…', el) !== null).toBe(s.matches({ prefs: 'loading' }));
  expect(queryText('Your notification preferences could not be loaded.', el) !== null).toBe(s.matches({ prefs: 'failed' }));
  expect(query('button', 'Retry', el) !== null).toBe(s.matches({ prefs: 'failed' }));
  const ready = s.matches({ prefs: 'ready' });
  const save = query('button', /^(Save preferences|Saving…)$/, el);
  expect(save !== null).toBe(ready);
  if (!ready) return;
  const d = c.draft!;
  const fieldsets = [...document.querySelectorAll('fieldset')];
  for (const kind of Object.keys(KIND) as (keyof typeof KIND)[])
    for (const channel of Object.keys(CHANNEL) as (keyof typeof CHANNEL)[]) expect(box(kind, channel, fieldsets)).toHaveProperty('checked', d.channels[kind][channel]);
  expect(getLabelled(QUIET, el)).toHaveProperty('checked', d.quietHours.enabled);
  const from = getLabelled('From', el);
  expect(from).toHaveValue(d.quietHours.start);
  expect(getLabelled('To', el)).toHaveValue(d.quietHours.end);
  expect(from).toHaveProperty('disabled', s.hasTag('saving') || !d.quietHours.enabled);
  const saving = s.matches({ prefs: { ready: 'saving' } });
  expect(save).toHaveTextContent(saving ? 'Saving…' : 'Save preferences');
  // Save only what changed; nothing to save right after loading or saving.
  expect(save).toHaveProperty('disabled', saving || JSON.stringify(c.draft) === JSON.stringify(c.settings));
  expect(queryText('Notification preferences saved.', el) !== null).toBe(c.saved);
  expect(queryText('Notification preferences could not be saved.', el) !== null).toBe(c.saveError !== null);
}

function checkPush(s: Snap) {
  const push = String((s.value as { push: string }).push);
  const deviceEl = get('group', 'Notifications on this device');
  expect(queryText(PUSH_TEXT[push], deviceEl)).not.toBeNull();
  const enable = query('button', /^(Enable notifications on this device|Turning on…)$/, deviceEl);
  const disable = query('button', /^(Turn off|Turning off…)$/, deviceEl);
  expect(enable !== null).toBe(push === 'off' || push === 'enabling');
  expect(disable !== null).toBe(push === 'on' || push === 'disabling');
  if (enable) expect(enable).toHaveProperty('disabled', push === 'enabling');
  if (disable) expect(disable).toHaveProperty('disabled', push === 'disabling');
  expect(queryText('Notifications on this device could not be changed.', deviceEl) !== null).toBe(s.context.pushError !== null);
}

const CHECK: Record<string, (s: Snap) => void> = {
  'prefs.loading': () => {},
  'prefs.failed': () => {},
  'prefs.ready.idle': () => {},
  'prefs.ready.saving': (s) => expect(drive.saves.at(-1)).toEqual(s.context.draft),
  'push.checking': () => {},
  'push.unsupported': () => {},
  'push.unavailable': () => {},
  'push.denied': () => {},
  'push.off': () => {},
  'push.enabling': (s) => expect(drive.enables.at(-1)).toBe(s.context.publicKey),
  'push.on': () => {},
  'push.disabling': () => {},
};

describeModel('notification settings model', {
  paths,
  all,
  transitions,
  events: EVENTS,
  machine: notificationSettingsMachine,
  states: Object.keys(CHECK),
  render: () => {
    const d = () => deferred<unknown>();
    drive = { load: d(), save: d(), check: d(), enable: d(), disable: d(), saves: [], enables: [] };
    const logic = notificationSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(() => (drive.load = d()).promise as Promise<NotificationSettings>),
        saveSettings: fromPromise<NotificationSettings, NotificationSettings>(({ input }) => (drive.saves.push(input), (drive.save = d()).promise as Promise<NotificationSettings>)),
        checkPush: fromPromise(() => (drive.check = d()).promise as Promise<PushCheck>),
        enablePush: fromPromise<void, { publicKey: string }>(({ input }) => (drive.enables.push(input.publicKey), (drive.enable = d()).promise as Promise<void>)),
        disablePush: fromPromise(() => (drive.disable = d()).promise as Promise<void>),
      },
    });
    renderView(<NotificationSettingsCard logic={logic} />, { session: 'farmer' });
    const settle = (key: keyof Drive, e: Ev) =>
      act(async () => (e.type.startsWith('xstate.done') ? (drive[key] as Deferred<unknown>).resolve(e.output) : (drive[key] as Deferred<unknown>).reject(e.error)));
    const click = (el: HTMLElement) => act(() => fireEvent.click(el));
    return {
      exec: {
        'xstate.init': () => {},
        'settings.retry': () => click(get('button', 'Retry', cardEl())),
        'settings.toggle': (e: Ev) => click(box(e.kind, e.channel)),
        'settings.quietEnabled': () => click(getLabelled(QUIET, cardEl())),
        'settings.quietTime': (e: Ev) => act(() => fireEvent.change(getLabelled('From', cardEl()), { target: { value: e.value } })),
        'settings.save': () => click(get('button', 'Save preferences', cardEl())),
        'push.enable': () => click(get('button', 'Enable notifications on this device')),
        'push.disable': () => click(get('button', 'Turn off')),
        'xstate.done.actor.loadSettings': (e: Ev) => settle('load', e),
        'xstate.error.actor.loadSettings': (e: Ev) => settle('load', e),
        'xstate.done.actor.saveSettings': (e: Ev) => settle('save', e),
        'xstate.error.actor.saveSettings': (e: Ev) => settle('save', e),
        'xstate.done.actor.checkPush': (e: Ev) => settle('check', e),
        'xstate.error.actor.checkPush': (e: Ev) => settle('check', e),
        'xstate.done.actor.enablePush': (e: Ev) => settle('enable', e),
        'xstate.error.actor.enablePush': (e: Ev) => settle('enable', e),
        'xstate.done.actor.disablePush': (e: Ev) => settle('disable', e),
        'xstate.error.actor.disablePush': (e: Ev) => settle('disable', e),
      },
      check: (step) => {
        const s = step.state as Snap;
        for (const leaf of leafValues(s.value)) CHECK[leaf](s);
        checkPrefs(s);
        checkPush(s);
      },
    };
  },
});

describe('notification settings sent for real', () => {
  it('reads GET /profile/notification-settings, PUTs the changed preferences and shows what the server saved; a browser without push asks nothing (the machine’s own calls)', async () => {
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/profile/notification-settings') return { status: 200, body: SETTINGS };
      if (method === 'PUT' && path === '/api/v1/profile/notification-settings') return { status: 200, body: { ...SAVED, quietHours: { enabled: true, start: '21:00', end: '06:00' } } };
      return { status: 404 };
    });
    try {
      renderView(<NotificationSettingsCard />, { session: 'farmer' });
      await waitFor(() => expect(box('message', 'push')).not.toBeChecked());
      expect(box('alertRaised', 'sms')).toBeChecked();
      expect(card().getByLabelText('From')).toHaveValue('22:00');
      expect(await screen.findByText(PUSH_TEXT.unsupported)).toBeInTheDocument();
      act(() => fireEvent.click(box('message', 'push')));
      act(() => fireEvent.change(card().getByLabelText('From'), { target: { value: '21:00' } }));
      act(() => fireEvent.click(card().getByRole('button', { name: 'Save preferences' })));
      await waitFor(() => expect(api.calls('/profile/notification-settings').filter((r) => r.method === 'PUT')).toHaveLength(1));
      const put = api.calls('/profile/notification-settings').find((r) => r.method === 'PUT')!;
      expect(put.body).toEqual({ ...SAVED, quietHours: { enabled: true, start: '21:00', end: '06:00' } });
      expect(await card().findByText('Notification preferences saved.')).toBeInTheDocument();
      expect(card().getByRole('button', { name: 'Save preferences' })).toBeDisabled();
      expect(box('message', 'push')).toBeChecked();
      expect(card().getByLabelText('From')).toHaveValue('21:00');
      expect(api.calls('/push/vapid-public-key')).toEqual([]);
    } finally {
      await api.close();
    }
  }, 20_000);
});
