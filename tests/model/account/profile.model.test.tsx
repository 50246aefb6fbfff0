import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { profileProblems } from '../../../src/machines/accountRules';
import { profileMachine } from '../../../src/machines/profile.machine';
import type { Profile } from '../../../src/services/account';
import { HttpError } from '../../../src/shared/httpError';
import { ProfileView } from '../../../src/views/account/ProfileView';
import { getLabelled } from '../../support/dom';
import { FIELDS, PROFILE } from '../fixtures/profile';
import { deferred, describeModel, httpError, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const SAVED: Profile = { ...PROFILE, name: 'Asha S. Patil', preferredLanguage: 'english' };
const IMAGE = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
/** What the phone kept of the profile (issue 17), and an edit made offline before a reload, still in the outbox. */
const KEPT = { value: { user: PROFILE, fields: FIELDS }, savedAt: '2026-11-26T05:12:00.000Z' };
const { currentPassword: _none, ...WAITING_BODY } = { ...PROFILE, phoneNumber: PROFILE.phoneNumber!, name: 'Asha W. Patil', village: 'Wai', currentPassword: '' };
const WAITING = { id: 'q-offline', request: { method: 'patch', url: '/auth/profile', body: WAITING_BODY } };

const EVENTS = [
  { type: 'profile.retry' },
  { type: 'profile.edit' },
  { type: 'profile.change', field: 'name', value: '' },
  { type: 'profile.change', field: 'name', value: 'Asha Patil' },
  { type: 'profile.change', field: 'email', value: 'asha@' },
  { type: 'profile.change', field: 'phoneNumber', value: '98765' },
  { type: 'profile.change', field: 'pincode', value: '41' },
  { type: 'profile.language', value: 'hindi' },
  { type: 'profile.pickImage', file: photo },
  { type: 'profile.removeImage' },
  { type: 'profile.cancel' },
  { type: 'profile.save' },
  { type: 'profile.openDialog', dialog: 'password' },
  { type: 'profile.openDialog', dialog: 'twoFactor' },
  { type: 'profile.openDialog', dialog: 'history' },
  { type: 'profile.closeDialog' },
  { type: 'xstate.done.actor.loadProfile', output: { user: PROFILE, fields: FIELDS } },
  { type: 'xstate.error.actor.loadProfile', error: httpError(500) },
  // No answer (offline, dropped, timed out): the phone's copy, with an edit still waiting or not, or nothing kept.
  { type: 'xstate.error.actor.loadProfile', error: new HttpError(0, 'network') },
  { type: 'xstate.done.actor.recallProfile', output: { kept: KEPT, waiting: null } },
  { type: 'xstate.done.actor.recallProfile', output: { kept: KEPT, waiting: WAITING } },
  { type: 'xstate.done.actor.recallProfile', output: { kept: null, waiting: null } },
  { type: 'xstate.error.actor.recallProfile', error: new Error('IndexedDB unreadable') },
  { type: 'network.online' },
  { type: 'xstate.done.actor.saveProfile', output: { sent: { user: SAVED } } },
  // Offline, or no answer: the save waits in the outbox (issue 17) …
  { type: 'xstate.done.actor.saveProfile', output: { queued: { id: 'q-profile' } } },
  // … and the outbox sends it later, the server refuses it, or the user discards it from the outbox panel.
  { type: 'profile.queuedSaved', user: SAVED },
  { type: 'profile.queuedRefused', error: httpError(409, 'This email is already in use.') },
  { type: 'profile.queuedDiscarded' },
  { type: 'xstate.error.actor.saveProfile', error: httpError(409, 'This email is already in use.') },
  { type: 'xstate.done.actor.resizeImage', output: IMAGE },
  { type: 'xstate.error.actor.resizeImage', error: new Error('not an image') },
  { type: 'xstate.done.actor.bannerTimer', output: undefined },
];
const LABEL = { name: 'Name', email: 'Email', phoneNumber: 'Phone number', pincode: 'Pincode' } as const;
const PROBLEM: Record<string, string> = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Phone number must be exactly 10 digits',
  pincodeInvalid: 'Pincode must be exactly 6 digits',
};
const DIALOG_TITLE = { password: 'Change password', twoFactor: 'Two-factor authentication', history: 'Login history' } as const;

const all = transitionPaths(
  profileMachine,
  EVENTS,
  (c) => ({
    bad: !!c.draft && Object.keys(profileProblems(c.draft)).length > 0,
    shown: Object.keys(c.problems).length > 0,
    dlg: c.dialog,
    q: c.queuedId !== null,
    off: c.offlineAt !== null,
  }),
  {
    withPrevious: false,
    unchanged: (c, e) =>
      (e.type === 'profile.change' && c.draft?.[e.field] === e.value) ||
      (e.type === 'profile.language' && c.draft?.preferredLanguage === e.value) ||
      (e.type === 'profile.openDialog' && c.dialog !== null) ||
      (e.type === 'profile.closeDialog' && c.dialog === null) ||
      // The photo picker, like every edit control, sits under an open dialog's backdrop.
      (c.dialog !== null && !e.type.startsWith('xstate.') && e.type !== 'profile.closeDialog'),
  },
);
// Each path is checked at every step, so a path that another one extends adds nothing: run the leaves only
// (every step of every generated path is still replayed and checked; the guard test holds them to every state of the walk).
const paths = leafPaths(all);
/**
 * What the checks below read of a state, part by part: the page (state, dialog, banner, the waiting save, the name and
 * village shown) and each form field with its value and problem, the language, the photo and its error, on each state
 * that shows the form. Each part is drawn by its own control from its own slice of context, so the rendered paths show
 * every value and problem of every field in every state, not every combination of them (the rules that make the
 * problems are tested in accountRules' own tests). Not read: the profile kept for a refused queued save (`before`),
 * the refusal's text, the fields' list, when the copy was kept.
 */
const screenOf = (s: any): string[] => {
  const c = s.context;
  const state = stateKey(s.value);
  const page = [state, c.dialog, c.offlineAt !== null, c.queuedId, c.profile?.name, c.profile?.village].join(' ');
  if (!c.draft) return [page];
  return [
    page,
    ...(Object.keys(LABEL) as (keyof typeof LABEL)[]).map((f) => `${state} ${f}=${JSON.stringify(c.draft[f])} ${c.problems[f] ?? ''}`),
    `${state} language=${c.draft.preferredLanguage}`,
    `${state} photo=${c.draft.profileImage} ${c.imageError}`,
  ];
};

describeModel('profile screen, generated paths', {
  paths: paths,
  events: EVENTS,
  states: ['loading', 'loadFailed', 'offline.reading', 'offline.nothingSaved', 'view.idle', 'view.saved', 'view.queued', 'edit.idle', 'edit.processingImage', 'edit.saveFailed', 'saving'],
  name: typeNames,
  all,
  screen: screenOf,
  render: (path) => {
    const pending: Record<string, ReturnType<typeof deferred<any>>> = {};
    const saved: unknown[] = [];
    const stub = (id: string) =>
      fromPromise(({ input }: { input: unknown }) => {
        if (id === 'saveProfile') saved.push(input);
        return (pending[id] = deferred<any>()).promise;
      });
    let outbox: ((e: AnyEventObject) => void) | null = null;
    const watched: (string | null)[] = [];
    const logic = profileMachine.provide({
      actors: {
        loadProfile: stub('loadProfile') as never,
        saveProfile: stub('saveProfile') as never,
        recallProfile: stub('recallProfile') as never,
        resizeImage: stub('resizeImage') as never,
        bannerTimer: stub('bannerTimer') as never,
        watchQueued: fromCallback(({ sendBack, input }: { sendBack: (e: AnyEventObject) => void; input: { outboxId: string | null } }) => {
          watched.push(input.outboxId);
          outbox = sendBack;
        }) as never,
      },
    });
    renderView(<ProfileView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    // Text and label queries: role queries walk the accessibility tree and make 100+ paths slow.
    const mainEl = () => document.querySelector('main')!;
    const main = () => within(mainEl());
    const click = (name: string) => fireEvent.click(main().getByText(name, { selector: 'button' }));
    const settle = (id: string, how: 'resolve' | 'reject', v: unknown) => act(async () => pending[id][how](v));

    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'profile.retry': () => click('Retry'),
      // The browser's own event: the machine's watchOnline actor is the real one.
      'network.online': () => act(async () => void window.dispatchEvent(new Event('online'))),
      'profile.edit': () => click('Edit profile'),
      'profile.change': (e) => fireEvent.change(getLabelled(LABEL[e.field as keyof typeof LABEL], mainEl()), { target: { value: e.value } }),
      'profile.language': (e) => fireEvent.change(getLabelled('Preferred language', mainEl()), { target: { value: e.value } }),
      'profile.pickImage': (e) => fireEvent.change(getLabelled('Choose photo', mainEl()), { target: { files: [e.file] } }),
      'profile.removeImage': () => click('Remove photo'),
      'profile.cancel': () => click('Cancel'),
      'profile.save': () => click('Save'),
      'profile.openDialog': (e) => click(DIALOG_TITLE[e.dialog as keyof typeof DIALOG_TITLE]),
      // What the outbox did with the waiting save reaches the screen through its watch.
      'profile.queuedSaved': (e) => act(async () => outbox!(e)),
      'profile.queuedRefused': (e) => act(async () => outbox!(e)),
      'profile.queuedDiscarded': (e) => act(async () => outbox!(e)),
      'profile.closeDialog': () =>
        fireEvent.click(document.querySelector('dialog .acct-dialog__head button')!),
    };
    for (const id of ['loadProfile', 'saveProfile', 'resizeImage', 'bannerTimer', 'recallProfile']) {
      exec[`xstate.done.actor.${id}`] = (e) => settle(id, 'resolve', e.output);
      exec[`xstate.error.actor.${id}`] = (e) => settle(id, 'reject', e.error);
    }

    /** The banner of a profile shown from the phone's copy; Retry only where nothing is edited or waits. */
    const offlineBanner = (s: any, retry: boolean) => {
      const banner = screen.queryByTestId('offline-banner');
      // The notification settings come from the server: not shown from the copy, back with the network.
      expect(main().queryByText('Notification preferences', { selector: 'h2' }) !== null).toBe(s.context.offlineAt === null);
      if (s.context.offlineAt === null) {
        expect(banner).toBeNull();
        return;
      }
      expect(banner).toHaveTextContent(/^Offline — last updated Nov 26, \d{1,2}:\d{2}/);
      expect(banner!.querySelector('button') !== null).toBe(retry);
    };
    const common = (s: any) => {
      const dlg = s.context.dialog as keyof typeof DIALOG_TITLE | null;
      const dialog = document.querySelector('dialog');
      if (dlg) expect(dialog?.querySelector('h2')).toHaveTextContent(DIALOG_TITLE[dlg]);
      else expect(dialog).toBeNull();
      expect(main().getByText(s.context.profile.role === 'farmer' ? 'Farmer' : s.context.profile.role)).toBeInTheDocument();
      expect(main().getByText('Add field', { selector: 'a' })).toHaveAttribute('href', '/add-field');
      expect(main().getByText('North plot')).toBeInTheDocument();
      expect(main().queryByText('Test Server Code', { selector: 'button' }) !== null).toBe(import.meta.env.DEV);
    };
    const viewMode = (s: any) => {
      common(s);
      expect(main().getByText('Edit profile', { selector: 'button' })).toBeEnabled();
      expect(main().getByText(s.context.profile.name, { selector: 'output' })).toBeInTheDocument();
      expect(main().queryByLabelText('Name', { selector: 'input' })).toBeNull();
      expect(getLabelled('Preferred language', mainEl())).toBeDisabled();
    };
    const editMode = (s: any) => {
      common(s);
      for (const f of Object.keys(LABEL) as (keyof typeof LABEL)[]) {
        const input = getLabelled(LABEL[f], mainEl());
        expect(input).toHaveValue(s.context.draft[f]);
        const p = s.context.problems[f];
        if (p) expect(input).toHaveAccessibleDescription(PROBLEM[p]);
        else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(getLabelled('Preferred language', mainEl())).toHaveValue(s.context.draft.preferredLanguage);
      // The spec's five notification booleans are no longer on this form: the notification settings card replaces them.
      expect(main().queryByLabelText('By SMS')).toBeNull();
      const img = main().queryByAltText('Profile photo');
      expect(img?.getAttribute('src') ?? null).toBe(s.context.draft.profileImage);
      expect(!!main().queryByText('Please choose an image file (JPG, PNG or WebP).')).toBe(s.context.imageError);
    };
    const assertState: Record<string, (s: any) => void> = {
      loading: () => expect(screen.getByRole('status')).toHaveTextContent('Loading'),
      'offline.reading': () => expect(screen.getByRole('status')).toHaveTextContent('Loading'),
      'offline.nothingSaved': () => {
        expect(screen.getByTestId('offline-banner')).toHaveTextContent('Offline — nothing saved on this phone yet.');
        expect(main().getByText('Retry', { selector: 'button' })).toBeEnabled();
        expect(main().queryByText('Edit profile', { selector: 'button' })).toBeNull();
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent('Failed to load profile');
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      'view.idle': (s) => {
        viewMode(s);
        offlineBanner(s, true);
        expect(main().queryByText('profile updated successfully')).toBeNull();
      },
      'view.queued': (s) => {
        viewMode(s);
        expect(main().getByTestId('profile-queued')).toHaveTextContent(
          'No network: your change is kept on this phone and will be sent when the network returns.',
        );
        offlineBanner(s, false);
        // The screen shows the edit as made: the name of the draft that went to the outbox (saved here, or before a reload).
        const waiting = s.context.queuedId === WAITING.id ? WAITING.request.body : (saved.at(-1) as { name: string; village: string });
        expect(main().getByText(waiting.name, { selector: 'output' })).toBeInTheDocument();
        expect(document.querySelector('output#profile-village')).toHaveTextContent(waiting.village);
        expect(watched.at(-1)).toBe(s.context.queuedId);
      },
      'view.saved': (s) => {
        viewMode(s);
        expect(main().getByText('profile updated successfully')).toHaveAttribute('role', 'status');
        expect(s.context.profile).toEqual(SAVED);
        // The server's answer is current: no banner.
        offlineBanner(s, false);
      },
      'edit.idle': (s) => {
        editMode(s);
        offlineBanner(s, false);
        expect(main().getByText('Save', { selector: 'button' })).toBeEnabled();
      },
      'edit.processingImage': (s) => {
        editMode(s);
        expect(main().getByText('Preparing photo…')).toBeInTheDocument();
        expect(main().getByText('Save', { selector: 'button' })).toBeDisabled();
      },
      'edit.saveFailed': (s) => {
        editMode(s);
        expect(main().getByText(/error while updating profile/)).toHaveTextContent('This email is already in use.');
      },
      saving: (s) => {
        common(s);
        expect(main().getByText('Saving…', { selector: 'button' })).toBeDisabled();
        expect(saved.at(-1)).toEqual(s.context.draft);
        expect(profileProblems(s.context.draft)).toEqual({});
      },
    };

    const snaps = replay(profileMachine, path.steps.map((st: any) => st.event));
    return {
      exec,
      check: (step, i) => {
        assertState[stateKey(snaps[i].value)](snaps[i]);
      },
    };
  },
});

describe('profile screen', () => {
  it('offline with nothing kept on this phone says so; Retry loads it afresh, and the banner goes', async () => {
    // (The generated paths reach this Retry too, but its step has the key of loadFailed's Retry, so they walk it once.)
    let load = deferred<any>();
    let recall = deferred<any>();
    const logic = profileMachine.provide({
      actors: { loadProfile: fromPromise(() => (load = deferred()).promise) as never, recallProfile: fromPromise(() => (recall = deferred()).promise) as never },
    });
    renderView(<ProfileView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    await act(async () => load.reject(new HttpError(0, 'network')));
    await act(async () => recall.resolve({ kept: null, waiting: null }));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Offline — nothing saved on this phone yet.');
    expect(screen.queryByText('Edit profile', { selector: 'button' })).toBeNull();
    fireEvent.click(screen.getByText('Retry', { selector: 'button' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await act(async () => load.resolve({ user: PROFILE, fields: FIELDS }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByText(PROFILE.name, { selector: 'output' })).toBeInTheDocument();
  });

  it('shows the spec Marathi validation messages', async () => {
    let load = deferred<any>();
    const logic = profileMachine.provide({ actors: { loadProfile: fromPromise(() => (load = deferred()).promise) as never } });
    renderView(<ProfileView logic={logic} />, { session: SIGNED_IN_FARMER, locale: 'mr', intlLocale: 'mr' });
    await act(async () => load.resolve({ user: PROFILE, fields: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'प्रोफाइल संपादित करा' }));
    fireEvent.change(screen.getByLabelText('नाव'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('ईमेल'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'जतन करा' }));
    expect(screen.getByText('नाव आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('ईमेल आवश्यक आहे')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('ईमेल'), { target: { value: 'x@' } });
    fireEvent.click(screen.getByRole('button', { name: 'जतन करा' }));
    expect(screen.getByText('वैध ईमेल पत्ता प्रविष्ट करा')).toBeInTheDocument();
  });
});
