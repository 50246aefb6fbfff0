/**
 * The staff "Sign-in" dialog for one user (admins): load → ready; clearing the sign-in throttle, ending
 * every session, sending a first sign-in invitation (a set-password link by SMS and e-mail), resetting
 * two-factor sign-in, or (superadmins) making a staff member admin or coordinator asks for confirmation first
 * (confirming → working → reload). Errors show in a banner.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  changeUserRole,
  clearSignInThrottle,
  endUserSessions,
  getAdminSignIn,
  inviteUser,
  resetUserTwoFactor,
  type AdminSignIn,
} from '../services/account';
import { announceChange } from './listChanges';

export type { AdminSignIn };
/** `admin` / `coordinator`: give the user that role. */
export type AccessAction = 'clear' | 'end' | 'invite' | 'twoFactor' | 'admin' | 'coordinator';

const ACTIONS: Record<AccessAction, (userId: string, signal: AbortSignal) => Promise<unknown>> = {
  clear: clearSignInThrottle,
  end: endUserSessions,
  invite: inviteUser,
  twoFactor: resetUserTwoFactor,
  admin: (userId, signal) => changeUserRole(userId, 'admin', signal),
  coordinator: (userId, signal) => changeUserRole(userId, 'coordinator', signal),
};

/** What the loaded answer allows: a reset only with two-factor on, a role only among the offered choices. */
export const allowed = (data: AdminSignIn | null, action: AccessAction) =>
  action === 'twoFactor' ? !!data?.twoFactor : action === 'admin' || action === 'coordinator' ? !!data?.roleChoices?.includes(action) : true;

type Context = { userId: string; data: AdminSignIn | null; pending: AccessAction | null; done: AccessAction | null; errorCause: unknown };

export type SignInAccessEvent =
  | { type: 'access.retry' }
  | { type: 'access.ask'; action: AccessAction }
  | { type: 'access.confirm' }
  | { type: 'access.cancel' };

export const signInAccessMachine = setup({
  types: { context: {} as Context, events: {} as SignInAccessEvent, input: {} as { userId: string } },
  actors: {
    load: fromPromise<AdminSignIn, string>(({ input, signal }) => getAdminSignIn(input, signal)),
    act: fromPromise<unknown, { userId: string; action: AccessAction }>(({ input, signal }) => ACTIONS[input.action](input.userId, signal)),
  },
  actions: {
    /** A new role moves the person between the staff tables on the page: they reload (listChanges.ts). */
    roleChanged: ({ context }) => {
      if (context.pending === 'admin' || context.pending === 'coordinator') announceChange('people');
    },
  },
}).createMachine({
  id: 'signInAccess',
  context: ({ input }) => ({ userId: input.userId, data: null, pending: null, done: null, errorCause: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.userId,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, errorCause: null }) },
        onError: { target: 'failed', actions: assign({ errorCause: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'access.retry': 'loading' } },
    ready: {
      on: {
        'access.ask': {
          guard: ({ context, event }) => allowed(context.data, event.action),
          target: 'confirming',
          actions: assign({ pending: ({ event }) => event.action, done: null }),
        },
      },
    },
    confirming: {
      on: {
        'access.confirm': 'working',
        'access.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    working: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ userId: context.userId, action: context.pending! }),
        onDone: {
          target: 'loading',
          actions: [
            // (before `pending` is cleared: the guard reads which action it was)
            'roleChanged',
            assign({ done: ({ context }) => context.pending, pending: null }),
          ],
        },
        onError: { target: 'ready', actions: assign({ errorCause: ({ event }) => event.error, pending: null }) },
      },
    },
  },
});
