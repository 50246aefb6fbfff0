/**
 * Profile → notification preferences (issue 16 item 5, and this device's Web Push of item 6): which channels each
 * kind of notification uses, quiet hours, and whether this browser receives push notifications.
 *
 * Two regions:
 * - `prefs`: loading | failed (Retry) | ready (idle | saving); the draft is edited in place and saved whole.
 * - `push`: checking (what the browser supports, the permission, the server's key, a subscription) then
 *   unsupported | unavailable (the server sends no push) | denied (blocked in the browser) | off | on, with
 *   enabling / disabling between off and on.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import {
  deletePushSubscription,
  getNotificationSettings,
  getVapidKey,
  savePushSubscription,
  saveNotificationSettings,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@/services/notifications';
import { currentSubscription, pushSupport, PushRefused, subscribeDevice, unsubscribeDevice, type PushSupport } from '@/services/pushDevice';

export type { NotificationSettings } from '@/services/notifications';

export type PushCheck = { support: PushSupport; serverEnabled: boolean; publicKey: string; subscribed: boolean };

export type NotificationSettingsContext = {
  settings: NotificationSettings | null;
  draft: NotificationSettings | null;
  saved: boolean;
  saveError: unknown;
  publicKey: string;
  pushError: unknown;
};

export type QuietField = 'start' | 'end';

export type NotificationSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.toggle'; kind: NotificationKind; channel: NotificationChannel; value: boolean }
  | { type: 'settings.quietEnabled'; value: boolean }
  | { type: 'settings.quietTime'; field: QuietField; value: string }
  | { type: 'settings.save' }
  | { type: 'push.enable' }
  | { type: 'push.disable' };

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<NotificationSettings>(({ signal }) => getNotificationSettings(signal)),
    saveSettings: fromPromise<NotificationSettings, NotificationSettings>(({ input }) => saveNotificationSettings(input)),
    checkPush: fromPromise<PushCheck>(async ({ signal }) => {
      const support = pushSupport();
      if (support === 'unsupported') return { support, serverEnabled: false, publicKey: '', subscribed: false };
      const key = await getVapidKey(signal);
      return { support, serverEnabled: key.enabled && key.publicKey !== '', publicKey: key.publicKey, subscribed: (await currentSubscription()) !== null };
    }),
    enablePush: fromPromise<void, { publicKey: string }>(async ({ input }) => {
      await savePushSubscription(await subscribeDevice(input.publicKey));
    }),
    disablePush: fromPromise<void>(async () => {
      await unsubscribeDevice(deletePushSubscription);
    }),
  },
  guards: {
    dirty: ({ context }) => context.draft !== null && !same(context.draft, context.settings),
    validTimes: ({ context }) => !!context.draft && CLOCK.test(context.draft.quietHours.start) && CLOCK.test(context.draft.quietHours.end),
    changes: ({ context, event }) => {
      const d = context.draft;
      if (!d) return false;
      if (event.type === 'settings.toggle') return d.channels[event.kind][event.channel] !== event.value;
      if (event.type === 'settings.quietEnabled') return d.quietHours.enabled !== event.value;
      if (event.type === 'settings.quietTime') return d.quietHours[event.field] !== event.value;
      return false;
    },
    unsupported: ({ event }) => (event as unknown as { output: PushCheck }).output.support === 'unsupported',
    unavailable: ({ event }) => !(event as unknown as { output: PushCheck }).output.serverEnabled,
    denied: ({ event }) => (event as unknown as { output: PushCheck }).output.support === 'denied',
    subscribed: ({ event }) => (event as unknown as { output: PushCheck }).output.subscribed,
    refusedForGood: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return error instanceof PushRefused && error.permission === 'denied';
    },
  },
}).createMachine({
  id: 'notificationSettings',
  type: 'parallel',
  context: { settings: null, draft: null, saved: false, saveError: null, publicKey: '', pushError: null },
  states: {
    prefs: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, draft: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        failed: { on: { 'settings.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'settings.toggle': {
                  guard: 'changes',
                  actions: assign(({ context, event }) => {
                    const d = context.draft!;
                    return {
                      draft: { ...d, channels: { ...d.channels, [event.kind]: { ...d.channels[event.kind], [event.channel]: event.value } } },
                      saved: false,
                      saveError: null,
                    };
                  }),
                },
                'settings.quietEnabled': {
                  guard: 'changes',
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, quietHours: { ...context.draft!.quietHours, enabled: event.value } },
                    saved: false,
                    saveError: null,
                  })),
                },
                'settings.quietTime': {
                  guard: 'changes',
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, quietHours: { ...context.draft!.quietHours, [event.field]: event.value } },
                    saved: false,
                    saveError: null,
                  })),
                },
                'settings.save': { guard: and(['dirty', 'validTimes']), target: 'saving' },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveSettings',
                src: 'saveSettings',
                input: ({ context }) => context.draft!,
                onDone: {
                  target: 'idle',
                  actions: assign({ settings: ({ event }) => event.output, draft: ({ event }) => event.output, saved: true, saveError: null }),
                },
                onError: { target: 'idle', actions: assign({ saveError: ({ event }) => event.error ?? new Error('save failed') }) },
              },
            },
          },
        },
      },
    },
    push: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'checkPush',
            src: 'checkPush',
            onDone: [
              { guard: 'unsupported', target: 'unsupported' },
              { guard: 'unavailable', target: 'unavailable' },
              { guard: 'denied', target: 'denied' },
              { guard: 'subscribed', target: 'on', actions: assign({ publicKey: ({ event }) => event.output.publicKey }) },
              { target: 'off', actions: assign({ publicKey: ({ event }) => event.output.publicKey }) },
            ],
            // The server's key could not be read: push cannot be offered now.
            onError: 'unavailable',
          },
        },
        unsupported: {},
        unavailable: {},
        denied: {},
        off: { on: { 'push.enable': { target: 'enabling', actions: assign({ pushError: null }) } } },
        enabling: {
          tags: ['pushBusy'],
          invoke: {
            id: 'enablePush',
            src: 'enablePush',
            input: ({ context }) => ({ publicKey: context.publicKey }),
            onDone: 'on',
            onError: [
              { guard: 'refusedForGood', target: 'denied' },
              // Dismissed the browser's question: nothing changed, ask again next time.
              { guard: ({ event }) => event.error instanceof PushRefused, target: 'off' },
              { target: 'off', actions: assign({ pushError: ({ event }) => event.error ?? new Error('push failed') }) },
            ],
          },
        },
        on: { on: { 'push.disable': { target: 'disabling', actions: assign({ pushError: null }) } } },
        disabling: {
          tags: ['pushBusy'],
          invoke: {
            id: 'disablePush',
            src: 'disablePush',
            onDone: 'off',
            onError: { target: 'on', actions: assign({ pushError: ({ event }) => event.error ?? new Error('push failed') }) },
          },
        },
      },
    },
  },
});
