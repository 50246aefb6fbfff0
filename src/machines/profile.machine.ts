/**
 * The profile screen: loading → view ⇄ edit → saving → view (with a 3-second success banner),
 * or edit.saveFailed. Cancel puts the stored profile back. The security dialogs open from the view.
 * Offline (issue 17): a save without a network, or whose call got no answer, waits in the outbox
 * (view.queued, 'waiting to send'): the screen shows the edit as made meanwhile. When the outbox sends it the
 * server's answer is shown (view.saved); a refusal reopens the form with the edit and the server's reason, the
 * profile as it was before; an edit discarded from the outbox panel puts the profile as it was back. A later save
 * replaces the waiting one in the outbox (its form was made from the waiting one's values).
 * Opened offline (issue 17): each profile the server gives (a load, a save's answer) is kept on the phone
 * (`keep('profile')`); a load lost to the network reads that copy (`offline.reading`) and shows it with its time
 * (`offlineAt`, the banner) and the form, whose save queues as above; an edit still waiting in the outbox is shown as
 * made (view.queued, the profile as the server last gave it kept in `before`). Nothing kept: `offline.nothingSaved`.
 * The browser's `online` event or Retry (view.idle, nothingSaved) loads afresh; a save the server answers is current.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  getProfile,
  updateProfile,
  type Profile,
  type ProfileDraft,
  type ProfileField,
} from '../services/account';
import { shrinkImage } from '../services/image';
import { currentUserId, listOutbox, onOutbox, type OutboxItem, type SendOrQueued } from '../services/outbox';
import { hasProblems, profileProblems, type ProfileProblem } from './accountRules';
import { delay } from './delay';
import { fieldChanged } from './fieldChanged';
import { keep, networkAway, recallKept, watchOnline, type Cached } from './offline';

export type { Profile, ProfileDraft, ProfileField };
export type TextField = 'name' | 'email' | 'phoneNumber' | 'address' | 'village' | 'district' | 'state' | 'pincode' | 'currentPassword';
export type SecurityDialog = 'password' | 'twoFactor' | 'history';
export const PROFILE_BANNER_MS = 3000;

export const draftOf = (p: Profile): ProfileDraft => ({
  name: p.name,
  email: p.email,
  phoneNumber: p.phoneNumber ?? '',
  address: p.address ?? '',
  village: p.village ?? '',
  district: p.district ?? '',
  state: p.state ?? '',
  pincode: p.pincode ?? '',
  preferredLanguage: p.preferredLanguage,
  notificationPreferences: { ...p.notificationPreferences },
  profileImage: p.profileImage,
  currentPassword: '',
});

type Context = {
  profile: Profile | null;
  fields: ProfileField[];
  draft: ProfileDraft | null;
  problems: Partial<Record<TextField, ProfileProblem>>;
  imageError: boolean;
  saveError: unknown;
  dialog: SecurityDialog | null;
  /** A save waiting in the outbox: its item, and the profile as the server last confirmed it. */
  queuedId: string | null;
  before: Profile | null;
  /** Shown from the phone's copy (the network was away): when it was kept. Null: the server's answer. */
  offlineAt: string | null;
};

/** What the phone keeps of the profile screen (`keep('profile')`): the server's last answer. */
export type KeptProfile = { user: Profile; fields: ProfileField[] };
/** The kept copy, and the user's profile edit still waiting in the outbox (queued or on its way), if any. */
export type RecalledProfile = { kept: Cached<KeptProfile> | null; waiting: Pick<OutboxItem, 'id' | 'request'> | null };

export const PROFILE_KEPT = 'profile';

async function recallProfile(): Promise<RecalledProfile> {
  const kept = await recallKept<KeptProfile>(PROFILE_KEPT);
  const userId = currentUserId();
  const items = kept && userId ? await listOutbox(userId) : [];
  const waiting = items.filter((i) => i.kind === 'profile' && i.status !== 'refused').at(-1) ?? null;
  return { kept, waiting };
}

/** What the outbox did with the waiting save. */
type QueuedSettled =
  | { type: 'profile.queuedSaved'; user: Profile }
  | { type: 'profile.queuedRefused'; error: unknown }
  | { type: 'profile.queuedDiscarded' };

/** The profile as the form would make it (what a waiting save will store). */
const applied = (p: Profile, { currentPassword: _password, ...draft }: ProfileDraft): Profile => ({ ...p, ...draft });

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'network.online' }
  | { type: 'profile.edit' }
  | { type: 'profile.change'; field: TextField; value: string }
  | { type: 'profile.language'; value: ProfileDraft['preferredLanguage'] }
  | { type: 'profile.pickImage'; file: File }
  | { type: 'profile.removeImage' }
  | { type: 'profile.cancel' }
  | { type: 'profile.save' }
  | { type: 'profile.openDialog'; dialog: SecurityDialog }
  | { type: 'profile.closeDialog' }
  | QueuedSettled;

export const profileMachine = setup({
  types: { context: {} as Context, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise<{ user: Profile; fields: ProfileField[] }>(({ signal }) => getProfile(signal)),
    saveProfile: fromPromise<SendOrQueued<{ user: Profile }>, ProfileDraft>(({ input }) => updateProfile(input)),
    /** What becomes of the waiting save `outboxId`. */
    watchQueued: fromCallback<QueuedSettled, { outboxId: string | null }>(({ sendBack, input }) =>
      onOutbox((n) => {
        if (n.type !== 'settled' || n.item.id !== input.outboxId) return;
        if (n.outcome === 'sent') sendBack({ type: 'profile.queuedSaved', user: (n.answer as { user: Profile }).user });
        else if (n.outcome === 'refused') sendBack({ type: 'profile.queuedRefused', error: n.error });
        else if (n.outcome === 'discarded') sendBack({ type: 'profile.queuedDiscarded' });
      }),
    ),
    resizeImage: fromPromise<string, File>(({ input }) => shrinkImage(input)),
    bannerTimer: delay,
    recallProfile: fromPromise<RecalledProfile>(() => recallProfile()),
    watchOnline,
  },
  actions: {
    /** The profile the server gave, kept on the phone for a screen opened offline (best effort). */
    keepProfile: ({ context }) => {
      if (context.profile) keep(PROFILE_KEPT, { user: context.profile, fields: context.fields } satisfies KeptProfile);
    },
    openDialog: assign({ dialog: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.openDialog' }>).dialog }),
  },
  guards: {
    hasImage: ({ context }) => !!context.draft?.profileImage,
    draftValid: ({ context }) => !!context.draft && !hasProblems(profileProblems(context.draft, context.profile)),
    queued: ({ event }) => 'queued' in (event as unknown as { output: SendOrQueued<unknown> }).output,
    networkAway,
    shownOffline: ({ context }) => context.offlineAt !== null,
    keptWithWaiting: ({ event }) => {
      const out = (event as unknown as { output: RecalledProfile }).output;
      return out.kept !== null && out.waiting !== null;
    },
    kept: ({ event }) => (event as unknown as { output: RecalledProfile }).output.kept !== null,
  },
}).createMachine({
  id: 'profile',
  context: {
    profile: null,
    fields: [],
    draft: null,
    problems: {},
    imageError: false,
    saveError: null,
    dialog: null,
    queuedId: null,
    before: null,
    offlineAt: null,
  },
  initial: 'loading',
  on: {
    'profile.closeDialog': { actions: assign({ dialog: null }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'view',
          actions: [
            assign({
              profile: ({ event }) => event.output.user,
              fields: ({ event }) => event.output.fields ?? [],
              draft: ({ event }) => draftOf(event.output.user),
              offlineAt: null,
            }),
            'keepProfile',
          ],
        },
        onError: [{ guard: 'networkAway', target: 'offline' }, { target: 'loadFailed' }],
      },
    },
    // The server answered with a failure: its message, not an older copy's banner.
    loadFailed: { entry: assign({ offlineAt: null }), on: { 'profile.retry': 'loading' } },
    /** The load got no answer: the phone's copy, if it kept one. */
    offline: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'recallProfile',
            src: 'recallProfile',
            onDone: [
              {
                // An edit made offline before this reload still waits: shown as made, the kept profile as `before`.
                guard: 'keptWithWaiting',
                target: '#profile.view.queued',
                actions: assign(({ event }) => {
                  const { value, savedAt } = event.output.kept!;
                  const shown = applied(value.user, { ...(event.output.waiting!.request as { body: ProfileDraft }).body, currentPassword: '' });
                  return { profile: shown, fields: value.fields, draft: draftOf(shown), before: value.user, queuedId: event.output.waiting!.id, offlineAt: savedAt };
                }),
              },
              {
                guard: 'kept',
                target: '#profile.view',
                actions: assign(({ event }) => {
                  const { value, savedAt } = event.output.kept!;
                  return { profile: value.user, fields: value.fields, draft: draftOf(value.user), offlineAt: savedAt };
                }),
              },
              { target: 'nothingSaved' },
            ],
            onError: 'nothingSaved',
          },
        },
        nothingSaved: {
          invoke: { id: 'watchOnline', src: 'watchOnline' },
          on: { 'profile.retry': '#profile.loading', 'network.online': '#profile.loading' },
        },
      },
    },
    view: {
      initial: 'idle',
      states: {
        // Shown from the phone's copy: online again (or Retry) loads it afresh; not while editing or waiting.
        idle: {
          invoke: { id: 'watchOnline', src: 'watchOnline' },
          on: {
            'network.online': { guard: 'shownOffline', target: '#profile.loading' },
            'profile.retry': { guard: 'shownOffline', target: '#profile.loading' },
          },
        },
        saved: {
          tags: ['savedBanner'],
          invoke: { id: 'bannerTimer', src: 'bannerTimer', input: { ms: PROFILE_BANNER_MS }, onDone: 'idle', onError: 'idle' },
        },
        /** 'Waiting to send': the edit is in the outbox; the screen shows it as made. */
        queued: {
          tags: ['queued'],
          invoke: { id: 'watchQueued', src: 'watchQueued', input: ({ context }) => ({ outboxId: context.queuedId }) },
          on: {
            'profile.queuedSaved': {
              target: 'saved',
              actions: [
                assign({ profile: ({ event }) => event.user, draft: ({ event }) => draftOf(event.user), queuedId: null, before: null, offlineAt: null }),
                'keepProfile',
              ],
            },
            'profile.queuedRefused': {
              target: '#profile.edit.saveFailed',
              actions: assign({ profile: ({ context }) => context.before, saveError: ({ event }) => event.error, queuedId: null, before: null }),
            },
            'profile.queuedDiscarded': {
              target: 'idle',
              actions: assign({ profile: ({ context }) => context.before, draft: ({ context }) => draftOf(context.before!), queuedId: null, before: null }),
            },
          },
        },
      },
      on: {
        'profile.openDialog': { actions: 'openDialog' },
        'profile.edit': {
          target: 'edit',
          actions: assign({ draft: ({ context }) => draftOf(context.profile!), problems: {}, imageError: false, saveError: null }),
        },
      },
    },
    edit: {
      initial: 'idle',
      on: {
        'profile.change': { actions: fieldChanged<Context>({ draft: 'draft', problems: 'problems' }) },
        'profile.language': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft!, preferredLanguage: event.value }) }) },
        'profile.openDialog': { actions: 'openDialog' },
        'profile.removeImage': { guard: 'hasImage', actions: assign({ draft: ({ context }) => ({ ...context.draft!, profileImage: null }) }) },
        'profile.cancel': { target: 'view', actions: assign({ draft: ({ context }) => draftOf(context.profile!), problems: {} }) },
      },
      states: {
        idle: { on: { 'profile.pickImage': 'processingImage', 'profile.save': 'validating' } },
        /** A transient check, so the save rule is written once for idle and saveFailed. */
        validating: {
          always: [
            { guard: 'draftValid', target: '#profile.saving' },
            { target: 'idle', actions: assign({ problems: ({ context }) => profileProblems(context.draft!, context.profile) }) },
          ],
        },
        processingImage: {
          invoke: {
            id: 'resizeImage',
            src: 'resizeImage',
            input: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.pickImage' }>).file,
            onDone: {
              target: 'idle',
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft!, profileImage: event.output }), imageError: false }),
            },
            onError: { target: 'idle', actions: assign({ imageError: true }) },
          },
        },
        saveFailed: { on: { 'profile.pickImage': 'processingImage', 'profile.save': 'validating' } },
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => context.draft!,
        onDone: [
          {
            guard: 'queued',
            target: 'view.queued',
            actions: assign(({ context, event }) => {
              const queued = (event.output as { queued: { id: string } }).queued;
              const shown = applied(context.profile!, context.draft!);
              // A save replacing one that waits keeps the profile from before the first.
              return { before: context.before ?? context.profile, profile: shown, draft: draftOf(shown), queuedId: queued.id };
            }),
          },
          {
            target: 'view.saved',
            actions: [
              assign(({ event }) => {
                const { user } = (event.output as { sent: { user: Profile } }).sent;
                return { profile: user, draft: draftOf(user), queuedId: null, before: null, offlineAt: null };
              }),
              'keepProfile',
            ],
          },
        ],
        onError: { target: 'edit.saveFailed', actions: assign({ saveError: ({ event }) => event.error }) },
      },
    },
  },
});
