/**
 * The profile screen (the machine) in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/account/profile.model.test.tsx check the view against the machine's own
 * snapshots): the load and the save against a real HTTP server, the form a profile makes, what each edit changes, when
 * Save sends, the success banner, a save that waits in the outbox (services/outbox, in memory) until the outbox sends
 * it, the server refuses it or the user discards it, and the profile kept on the phone for a screen opened offline.
 */
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { draftOf, profileMachine, PROFILE_BANNER_MS, PROFILE_KEPT, type Profile } from '@/machines/profile.machine';
import { setAuthBridge } from '@/services/http';
import { deliver, discard, listOutbox, onOutbox, sendOrQueue, useMemoryOutbox, type OutboxItem } from '@/services/outbox';
import { HttpError } from '@/shared/httpError';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { startHeld } from '../support/heldCalls';
import { phone, resetPhone } from '../support/phoneStore';
import { FIELDS, PROFILE as FARMER_PROFILE } from '../model/fixtures/profile';

vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));

/** The farmer's profile with a photo and mixed notification preferences (the form copies both). */
const PROFILE: Profile = {
  ...FARMER_PROFILE,
  notificationPreferences: { email: true, sms: false, push: true, alerts: true, reports: false },
  profileImage: 'data:image/jpeg;base64,/9j/AA==',
};
/** A profile the server gave with nothing but the required parts. */
const BARE: Profile = { ...PROFILE, phoneNumber: null, address: null, village: null, district: null, state: null, pincode: null, profileImage: null };
const SAVED: Profile = { ...PROFILE, name: 'Asha S. Patil' };
/** The form the profile makes, written out. */
const FORM = {
  name: 'Asha Patil',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  address: 'Ward 3',
  village: 'Shirur',
  district: 'Pune',
  state: 'Maharashtra',
  pincode: '412210',
  preferredLanguage: 'marathi',
  notificationPreferences: { email: true, sms: false, push: true, alerts: true, reports: false },
  profileImage: 'data:image/jpeg;base64,/9j/AA==',
  currentPassword: '',
};
const KEPT_AT = '2026-11-26T05:12:00.000Z';
const NETWORK = new HttpError(0, 'network');
const REFUSED = new HttpError(409, 'conflict');
const tick = () => new Promise((r) => setTimeout(r, 0));
const jwt = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
let token: string | null = jwt('u1');

beforeEach(() => {
  resetPhone();
  useMemoryOutbox();
  token = jwt('u1');
  setAuthBridge({ getAccessToken: () => token, refresh: async () => null });
});

/** The machine with its calls held for the scenario to answer (`real`: those left to the real services). */
const start = (real: string[] = []) =>
  startHeld(profileMachine, ['loadProfile', 'saveProfile', 'recallProfile', 'resizeImage', 'bannerTimer', 'watchQueued'].filter((id) => !real.includes(id)));

/** Loaded and in the form. */
async function editing(profile = PROFILE) {
  const t = start();
  await t.answer('loadProfile', { user: profile, fields: FIELDS });
  t.send({ type: 'profile.edit' });
  return t;
}

describe('the form a profile makes', () => {
  it('is every part of the profile, a missing one empty, the preferences a copy, no current password', () => {
    expect(draftOf(PROFILE)).toEqual(FORM);
    expect(draftOf(BARE)).toEqual({ ...FORM, phoneNumber: '', address: '', village: '', district: '', state: '', pincode: '', profileImage: null });
    expect(draftOf(PROFILE).notificationPreferences).not.toBe(PROFILE.notificationPreferences);
  });
});

describe('profile: loading', () => {
  it('reads the profile and the fields from the API and keeps them on the phone', async () => {
    const api: ApiServer = await startApiServer(() => ({ status: 200, body: { user: PROFILE, fields: FIELDS } }));
    const t = start(['loadProfile']);
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'idle' }));
    expect(api.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/v1/auth/profile']]);
    expect(t.ctx()).toMatchObject({ profile: PROFILE, fields: FIELDS, draft: FORM, offlineAt: null, dialog: null, queuedId: null });
    expect(phone.writes).toEqual([[PROFILE_KEPT, { user: PROFILE, fields: FIELDS }]]);
  });

  it('a profile without fields has an empty list', async () => {
    const t = start();
    await t.answer('loadProfile', { user: PROFILE });
    expect(t.ctx().fields).toEqual([]);
  });

  it("the server's failure is shown, not a kept copy; Retry loads again", async () => {
    const t = start();
    await t.fail('loadProfile', new HttpError(500, 'server'));
    expect(t.value()).toBe('loadFailed');
    expect(t.ctx().offlineAt).toBeNull();
    expect(t.count('recallProfile')).toBe(0);
    expect(phone.writes).toEqual([]);
    t.send({ type: 'network.online' });
    expect(t.value()).toBe('loadFailed');
    t.send({ type: 'profile.retry' });
    expect(t.value()).toBe('loading');
    expect(t.count('loadProfile')).toBe(2);
  });
});

describe('profile: opened offline', () => {
  const kept = { value: { user: PROFILE, fields: FIELDS }, savedAt: KEPT_AT };

  it('no answer: the kept copy is shown with when it was kept; online again or Retry loads it afresh', async () => {
    const t = start();
    await t.fail('loadProfile', NETWORK);
    expect(t.value()).toEqual({ offline: 'reading' });
    await t.answer('recallProfile', { kept, waiting: null });
    expect(t.value()).toEqual({ view: 'idle' });
    expect(t.ctx()).toMatchObject({ profile: PROFILE, fields: FIELDS, draft: FORM, offlineAt: KEPT_AT, queuedId: null, before: null });
    t.send({ type: 'network.online' });
    expect(t.value()).toBe('loading');
    await t.fail('loadProfile', NETWORK);
    await t.answer('recallProfile', { kept, waiting: null });
    t.send({ type: 'profile.retry' });
    expect(t.value()).toBe('loading');
    await t.answer('loadProfile', { user: SAVED, fields: FIELDS });
    expect(t.ctx()).toMatchObject({ profile: SAVED, offlineAt: null });
    // Shown from the server: online and Retry change nothing.
    t.send({ type: 'network.online' });
    t.send({ type: 'profile.retry' });
    expect(t.value()).toEqual({ view: 'idle' });
    expect(t.count('loadProfile')).toBe(3);
  });

  it('the browser going online is heard from the window', async () => {
    const t = start(['bannerTimer']);
    await t.fail('loadProfile', NETWORK);
    await t.answer('recallProfile', { kept, waiting: null });
    window.dispatchEvent(new Event('online'));
    expect(t.value()).toBe('loading');
  });

  it('an edit made offline before a reload is shown as made, waiting, the kept profile kept to go back to', async () => {
    const t = start();
    await t.fail('loadProfile', NETWORK);
    const body = { ...FORM, currentPassword: undefined, name: 'Asha W. Patil', village: 'Wai' };
    await t.answer('recallProfile', { kept, waiting: { id: 'q-1', request: { method: 'patch', url: '/auth/profile', body } } });
    expect(t.value()).toEqual({ view: 'queued' });
    const shown = { ...PROFILE, name: 'Asha W. Patil', village: 'Wai' };
    expect(t.ctx()).toMatchObject({ profile: shown, draft: { ...FORM, name: 'Asha W. Patil', village: 'Wai' }, before: PROFILE, queuedId: 'q-1', offlineAt: KEPT_AT });
    expect(t.ctx().profile).not.toHaveProperty('currentPassword');
    expect(t.last('watchQueued').input).toEqual({ outboxId: 'q-1' });
  });

  it('an edit waiting without a kept copy to show it on is not shown: nothing saved', async () => {
    const t = start();
    await t.fail('loadProfile', NETWORK);
    await t.answer('recallProfile', { kept: null, waiting: { id: 'q-1', request: { method: 'patch', url: '/auth/profile', body: FORM } } });
    expect(t.value()).toEqual({ offline: 'nothingSaved' });
  });

  it('nothing kept, or a store that cannot be read: says so; online again or Retry loads afresh', async () => {
    const t = start();
    await t.fail('loadProfile', NETWORK);
    await t.answer('recallProfile', { kept: null, waiting: null });
    expect(t.value()).toEqual({ offline: 'nothingSaved' });
    expect(t.ctx().profile).toBeNull();
    t.send({ type: 'profile.retry' });
    expect(t.value()).toBe('loading');
    await t.fail('loadProfile', NETWORK);
    await t.fail('recallProfile', new Error('IndexedDB unreadable'));
    expect(t.value()).toEqual({ offline: 'nothingSaved' });
    t.send({ type: 'network.online' });
    expect(t.value()).toBe('loading');
  });

  it("reads the kept copy and the signed-in user's last profile edit still waiting in the outbox", async () => {
    phone.kept.set(PROFILE_KEPT, { value: kept.value, savedAt: KEPT_AT });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queue = (name: string) => sendOrQueue('profile', { method: 'patch', url: '/auth/profile', body: { ...FORM, name } }, name);
    await sendOrQueue('chat', { method: 'post', url: '/chatbot', body: { message: 'hi' } }, 'hi');
    const first = (await queue('First')) as { queued: OutboxItem };
    token = jwt('u2');
    await queue('Not mine');
    token = jwt('u1');
    vi.restoreAllMocks();
    // The server refuses the waiting edit: a refused one is not shown as waiting.
    await startApiServer(() => ({ status: 409, body: { statusCode: 409, message: 'no' } }));
    await deliver(first.queued);
    expect((await listOutbox('u1')).map((i) => [i.kind, i.status])).toEqual([['chat', 'queued'], ['profile', 'refused']]);

    const t = start(['recallProfile']);
    await t.fail('loadProfile', NETWORK);
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'idle' }));
    expect(t.ctx()).toMatchObject({ profile: PROFILE, offlineAt: KEPT_AT, queuedId: null });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const second = (await queue('Second')) as { queued: OutboxItem };
    vi.restoreAllMocks();
    const u = start(['recallProfile']);
    await u.fail('loadProfile', NETWORK);
    await vi.waitFor(() => expect(u.value()).toEqual({ view: 'queued' }));
    expect(u.ctx()).toMatchObject({ queuedId: second.queued.id, profile: { ...PROFILE, name: 'Second' }, before: PROFILE });

    // Signed out: the kept copy is not read with anyone's outbox.
    token = null;
    const v = start(['recallProfile']);
    await v.fail('loadProfile', NETWORK);
    await vi.waitFor(() => expect(v.value()).toEqual({ view: 'idle' }));
    expect(v.ctx().queuedId).toBeNull();
  });
});

describe('profile: the form', () => {
  it('Edit starts from the profile with nothing flagged; each edit changes its part and clears its problem', async () => {
    const t = await editing();
    expect(t.value()).toEqual({ edit: 'idle' });
    expect(t.ctx()).toMatchObject({ draft: FORM, problems: {}, imageError: false, saveError: null });
    t.send({ type: 'profile.change', field: 'name', value: ' ' });
    t.send({ type: 'profile.change', field: 'pincode', value: '41' });
    t.send({ type: 'profile.save' });
    expect(t.value()).toEqual({ edit: 'idle' });
    expect(t.ctx().problems).toEqual({ name: 'nameRequired', pincode: 'pincodeInvalid' });
    expect(t.count('saveProfile')).toBe(0);
    t.send({ type: 'profile.change', field: 'name', value: 'Asha S. Patil' });
    expect(t.ctx().problems).toEqual({ pincode: 'pincodeInvalid' });
    t.send({ type: 'profile.language', value: 'hindi' });
    expect(t.ctx().draft).toEqual({ ...FORM, name: 'Asha S. Patil', pincode: '41', preferredLanguage: 'hindi' });
    // Cancel puts the profile back and forgets the problems; Edit again starts afresh.
    t.send({ type: 'profile.cancel' });
    expect(t.value()).toEqual({ view: 'idle' });
    expect(t.ctx()).toMatchObject({ draft: FORM, problems: {}, profile: PROFILE });
    t.send({ type: 'profile.edit' });
    expect(t.ctx().draft).toEqual(FORM);
  });

  it('the photo: a picked one is prepared, then shown; one that is not an image says so until a good one; Remove empties it', async () => {
    const t = await editing();
    const file = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    t.send({ type: 'profile.pickImage', file });
    expect(t.value()).toEqual({ edit: 'processingImage' });
    expect(t.last('resizeImage').input).toBe(file);
    await t.fail('resizeImage', new Error('not an image'));
    expect(t.value()).toEqual({ edit: 'idle' });
    expect(t.ctx()).toMatchObject({ imageError: true, draft: FORM });
    t.send({ type: 'profile.pickImage', file });
    await t.answer('resizeImage', 'data:image/jpeg;base64,NEW');
    expect(t.ctx()).toMatchObject({ imageError: false, draft: { ...FORM, profileImage: 'data:image/jpeg;base64,NEW' } });
    t.send({ type: 'profile.removeImage' });
    expect(t.ctx().draft!.profileImage).toBeNull();
    t.send({ type: 'profile.edit' });
    expect(t.ctx().draft!.profileImage).toBeNull();
  });

  it('without a photo Remove changes nothing; a photo error is forgotten when the form is opened again', async () => {
    const t = await editing(BARE);
    t.send({ type: 'profile.pickImage', file: new File(['x'], 'a.txt') });
    await t.fail('resizeImage', new Error('not an image'));
    t.send({ type: 'profile.removeImage' });
    expect(t.ctx()).toMatchObject({ imageError: true, draft: { ...FORM, ...draftOf(BARE) } });
    t.send({ type: 'profile.cancel' });
    t.send({ type: 'profile.edit' });
    expect(t.ctx().imageError).toBe(false);
  });

  it('the security dialogs open over the view and the form, one at a time, and close', async () => {
    const t = start();
    await t.answer('loadProfile', { user: PROFILE, fields: FIELDS });
    t.send({ type: 'profile.openDialog', dialog: 'twoFactor' });
    expect(t.ctx().dialog).toBe('twoFactor');
    t.send({ type: 'profile.closeDialog' });
    expect(t.ctx().dialog).toBeNull();
    t.send({ type: 'profile.edit' });
    t.send({ type: 'profile.openDialog', dialog: 'history' });
    expect(t.ctx().dialog).toBe('history');
    expect(t.value()).toEqual({ edit: 'idle' });
    t.send({ type: 'profile.closeDialog' });
    expect(t.ctx().dialog).toBeNull();
  });
});

describe('profile: saving', () => {
  it('sends the form to the API without an empty current password, shows the answer with a 3-second banner, and keeps it', async () => {
    const api = await startApiServer((r) => (r.method === 'GET' ? { status: 200, body: { user: PROFILE, fields: FIELDS } } : { status: 200, body: { user: SAVED } }));
    const t = start(['loadProfile', 'saveProfile']);
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'idle' }));
    t.send({ type: 'profile.edit' });
    t.send({ type: 'profile.change', field: 'name', value: 'Asha S. Patil' });
    t.send({ type: 'profile.save' });
    expect(t.value()).toBe('saving');
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'saved' }));
    const { currentPassword: _none, ...body } = { ...FORM, name: 'Asha S. Patil' };
    expect(api.calls('/auth/profile').map((r) => [r.method, r.body])).toEqual([
      ['GET', undefined],
      ['PATCH', body],
    ]);
    expect(t.ctx()).toMatchObject({ profile: SAVED, draft: draftOf(SAVED), queuedId: null, before: null, offlineAt: null });
    expect(phone.writes.at(-1)).toEqual([PROFILE_KEPT, { user: SAVED, fields: FIELDS }]);
    expect(t.last('bannerTimer').input).toEqual({ ms: PROFILE_BANNER_MS });
    expect(PROFILE_BANNER_MS).toBe(3000);
    await t.answer('bannerTimer', undefined);
    expect(t.value()).toEqual({ view: 'idle' });
  });

  it('a banner timer that fails still ends the banner', async () => {
    const t = await editing();
    t.send({ type: 'profile.save' });
    await t.answer('saveProfile', { sent: { user: SAVED } });
    await t.fail('bannerTimer', new Error('stopped'));
    expect(t.value()).toEqual({ view: 'idle' });
  });

  it('a save the server refuses keeps the form with the reason; Save again or a photo from there', async () => {
    const t = await editing();
    t.send({ type: 'profile.save' });
    expect(t.last('saveProfile').input).toEqual(FORM);
    await t.fail('saveProfile', REFUSED);
    expect(t.value()).toEqual({ edit: 'saveFailed' });
    expect(t.ctx()).toMatchObject({ saveError: REFUSED, draft: FORM, profile: PROFILE });
    t.send({ type: 'profile.pickImage', file: new File(['x'], 'me.jpg') });
    expect(t.value()).toEqual({ edit: 'processingImage' });
    await t.answer('resizeImage', 'data:image/jpeg;base64,NEW');
    t.send({ type: 'profile.save' });
    expect(t.value()).toBe('saving');
    await t.fail('saveProfile', REFUSED);
    t.send({ type: 'profile.save' });
    expect(t.value()).toBe('saving');
    expect(t.count('saveProfile')).toBe(3);
    // Edit again from the view forgets the last refusal.
    await t.answer('saveProfile', { sent: { user: SAVED } });
    t.send({ type: 'profile.edit' });
    expect(t.ctx().saveError).toBeNull();
  });

  it('a changed e-mail asks for the current password before it is sent', async () => {
    const t = await editing();
    t.send({ type: 'profile.change', field: 'email', value: 'asha.p@example.in' });
    t.send({ type: 'profile.save' });
    expect(t.ctx().problems).toEqual({ currentPassword: 'currentRequired' });
    t.send({ type: 'profile.change', field: 'currentPassword', value: 'ShetMitra@2026' });
    t.send({ type: 'profile.save' });
    expect(t.value()).toBe('saving');
  });
});

describe('profile: a save that waits in the outbox', () => {
  /** A save answered `queued`: the screen shows the edit as made. */
  async function queued(name = 'Asha W. Patil') {
    const t = await editing();
    t.send({ type: 'profile.change', field: 'name', value: name });
    t.send({ type: 'profile.save' });
    await t.answer('saveProfile', { queued: { id: 'q-1' } });
    return t;
  }

  it('shows the edit as made and watches its item; the profile from before is kept', async () => {
    const t = await queued();
    expect(t.value()).toEqual({ view: 'queued' });
    expect(t.ctx()).toMatchObject({ profile: { ...PROFILE, name: 'Asha W. Patil' }, draft: { ...FORM, name: 'Asha W. Patil' }, before: PROFILE, queuedId: 'q-1' });
    expect(t.ctx().profile).not.toHaveProperty('currentPassword');
    expect(t.last('watchQueued').input).toEqual({ outboxId: 'q-1' });
    expect(phone.writes).toEqual([[PROFILE_KEPT, { user: PROFILE, fields: FIELDS }]]);
    // A second edit while the first waits replaces it, and keeps the profile from before the first.
    t.send({ type: 'profile.edit' });
    t.send({ type: 'profile.change', field: 'village', value: 'Wai' });
    t.send({ type: 'profile.save' });
    await t.answer('saveProfile', { queued: { id: 'q-2' } });
    expect(t.ctx()).toMatchObject({ profile: { ...PROFILE, name: 'Asha W. Patil', village: 'Wai' }, before: PROFILE, queuedId: 'q-2' });
  });

  it('sent later: the answer is shown with the banner and kept', async () => {
    const t = await queued();
    t.send({ type: 'profile.queuedSaved', user: SAVED });
    expect(t.value()).toEqual({ view: 'saved' });
    expect(t.ctx()).toMatchObject({ profile: SAVED, draft: draftOf(SAVED), queuedId: null, before: null, offlineAt: null });
    expect(phone.writes.at(-1)).toEqual([PROFILE_KEPT, { user: SAVED, fields: FIELDS }]);
  });

  it('refused later: the form again with the edit and the reason, the profile as it was', async () => {
    const t = await queued();
    t.send({ type: 'profile.queuedRefused', error: REFUSED });
    expect(t.value()).toEqual({ edit: 'saveFailed' });
    expect(t.ctx()).toMatchObject({ profile: PROFILE, draft: { ...FORM, name: 'Asha W. Patil' }, saveError: REFUSED, queuedId: null, before: null });
  });

  it('discarded from the outbox panel: the profile as it was, back in the view', async () => {
    const t = await queued();
    t.send({ type: 'profile.queuedDiscarded' });
    expect(t.value()).toEqual({ view: 'idle' });
    expect(t.ctx()).toMatchObject({ profile: PROFILE, draft: FORM, queuedId: null, before: null });
  });

  it('its item replaced by a later write is not taken for discarded: the screen still shows the edit as waiting', async () => {
    await startApiServer(() => ({ status: 200, body: { user: SAVED } }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = start(['saveProfile', 'watchQueued']);
    await t.answer('loadProfile', { user: PROFILE, fields: FIELDS });
    t.send({ type: 'profile.edit' });
    t.send({ type: 'profile.save' });
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'queued' }));
    const heard: string[] = [];
    onTestFinished(onOutbox((n) => void (n.type === 'settled' && heard.push(`${n.outcome} ${n.item.id}`))));
    await sendOrQueue('profile', { method: 'patch', url: '/auth/profile', body: { ...FORM, name: 'Another' } }, 'Another');
    expect(heard).toEqual([`replaced ${t.ctx().queuedId}`]);
    await tick();
    expect(t.value()).toEqual({ view: 'queued' });
  });

  it("hears from the real outbox what became of its own item, and of no other's", async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { user: SAVED } };
    await startApiServer(() => answer);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = start(['saveProfile', 'watchQueued']);
    await t.answer('loadProfile', { user: PROFILE, fields: FIELDS });
    const edit = async (name: string) => {
      t.send({ type: 'profile.edit' });
      t.send({ type: 'profile.change', field: 'name', value: name });
      t.send({ type: 'profile.save' });
      await vi.waitFor(() => expect(t.value()).toEqual({ view: 'queued' }));
      return (await listOutbox('u1')).find((i) => i.id === t.ctx().queuedId)!;
    };
    const notices: string[] = [];
    onTestFinished(onOutbox((n) => void (n.type === 'settled' && notices.push(n.outcome))));
    const other = (await sendOrQueue('chat', { method: 'post', url: '/chatbot', body: { message: 'hi' } }, 'hi')) as { queued: OutboxItem };
    let item = await edit('Asha S. Patil');
    vi.restoreAllMocks();
    // Another item settled: nothing changes.
    await deliver(other.queued);
    await tick();
    expect(t.value()).toEqual({ view: 'queued' });
    // Its own item sent: the server's answer.
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'saved' }));
    expect(t.ctx().profile).toEqual(SAVED);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    item = await edit('Asha R. Patil');
    vi.restoreAllMocks();
    answer = { status: 409, body: { statusCode: 409, message: 'This email is already in use.' } };
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ edit: 'saveFailed' }));
    expect(t.ctx().profile).toEqual(SAVED);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    t.send({ type: 'profile.cancel' });
    item = await edit('Asha D. Patil');
    // A new edit replaces the refused one and a later edit the waiting one (each settled as replaced); the screen
    // watches the newest.
    const replaced = item;
    item = await edit('Asha E. Patil');
    expect(item.id).not.toBe(replaced.id);
    expect(t.value()).toEqual({ view: 'queued' });
    await discard(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ view: 'idle' }));
    expect(t.ctx().profile).toEqual(SAVED);
    expect(notices).toEqual(['sent', 'sent', 'refused', 'replaced', 'replaced', 'discarded']);
  });
});
