/**
 * The profile screen: loading → view ⇄ edit → saving → view (with a 3-second success banner),
 * or edit.saveFailed. Cancel puts the stored profile back. The security dialogs open from the view.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  getProfile,
  updateProfile,
  type Profile,
  type ProfileDraft,
  type ProfileField,
} from '../services/account';
import { shrinkImage } from '../services/image';
import { hasProblems, profileProblems, type ProfileProblem } from './accountRules';
import { delay } from './delay';
import { fieldChanged } from './fieldChanged';

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
};

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'profile.change'; field: TextField; value: string }
  | { type: 'profile.language'; value: ProfileDraft['preferredLanguage'] }
  | { type: 'profile.pickImage'; file: File }
  | { type: 'profile.removeImage' }
  | { type: 'profile.cancel' }
  | { type: 'profile.save' }
  | { type: 'profile.openDialog'; dialog: SecurityDialog }
  | { type: 'profile.closeDialog' };

export const profileMachine = setup({
  types: { context: {} as Context, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise<{ user: Profile; fields: ProfileField[] }>(({ signal }) => getProfile(signal)),
    saveProfile: fromPromise<{ user: Profile }, ProfileDraft>(({ input, signal }) => updateProfile(input, signal)),
    resizeImage: fromPromise<string, File>(({ input }) => shrinkImage(input)),
    bannerTimer: delay,
  },
  actions: {
    openDialog: assign({ dialog: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.openDialog' }>).dialog }),
  },
  guards: {
    hasImage: ({ context }) => !!context.draft?.profileImage,
    draftValid: ({ context }) => !!context.draft && !hasProblems(profileProblems(context.draft, context.profile)),
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, fields: [], draft: null, problems: {}, imageError: false, saveError: null, dialog: null },
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
          actions: assign({
            profile: ({ event }) => event.output.user,
            fields: ({ event }) => event.output.fields ?? [],
            draft: ({ event }) => draftOf(event.output.user),
          }),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    view: {
      initial: 'idle',
      states: {
        idle: {},
        saved: {
          tags: ['savedBanner'],
          invoke: { id: 'bannerTimer', src: 'bannerTimer', input: { ms: PROFILE_BANNER_MS }, onDone: 'idle', onError: 'idle' },
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
        onDone: {
          target: 'view.saved',
          actions: assign({ profile: ({ event }) => event.output.user, draft: ({ event }) => draftOf(event.output.user) }),
        },
        onError: { target: 'edit.saveFailed', actions: assign({ saveError: ({ event }) => event.error }) },
      },
    },
  },
});
