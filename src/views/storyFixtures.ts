/** People, sessions and machine set-ups for stories (and tests): complete API shapes, so screens see what the server sends. */
import { createElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { fn, type Mock } from 'storybook/test';
import { fromCallback, fromPromise, type ActorOptions, type AnyActorLogic, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import type { ProfileResponse, User } from '../../contracts/auth';
import type { Role } from '../../contracts/common';
import type { BridgeEvent } from '@/machines/session.actors';
import type { SessionInput } from '@/machines/session.machine';

/**
 * Session actors for stories: no auth bridge (the HTTP client is left alone) and a session check
 * that never answers, so a story shows exactly the user it was given.
 */
export const storySessionActors = {
  authBridge: fromCallback<BridgeEvent, { accessToken: string | null }>(() => () => {}),
  loadProfile: fromPromise<ProfileResponse>(() => new Promise(() => {})),
};

export function demoUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    _id: `00000000-0000-4000-8000-00000000000${['superadmin', 'admin', 'coordinator', 'farmer'].indexOf(role) + 1}`,
    name: 'सुनीता पाटील',
    email: `${role}@example.in`,
    phoneNumber: '9822012345',
    address: null,
    village: 'वडगाव',
    district: 'पुणे',
    state: 'महाराष्ट्र',
    pincode: '412101',
    preferredLanguage: 'marathi',
    notificationPreferences: { email: true, sms: true, push: true, alerts: true, reports: true },
    profileImage: null,
    role,
    managedBy: null,
    status: 'Active',
    lastActive: null,
    createdAt: '2026-01-15T05:30:00.000Z',
    ...overrides,
  };
}

/** Session input for a user who is already signed in (tokens and user as local storage holds them). */
export const signedIn = (user: User, n = 1): SessionInput => ({ stored: { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user } });

/** A promise that never settles: the actor that waits on it keeps the screen in its loading or saving state. */
export const never = <T = never>(): Promise<T> => new Promise<T>(() => {});

type Answer = (input: never) => Promise<unknown>;
/** The actor's input: the answer's argument (an answer without one takes any input, as `fromPromise` does). */
type InputOf<F> = F extends () => Promise<unknown> ? NonReducibleUnknown : F extends (input: infer I) => Promise<unknown> ? I : never;

/**
 * A machine's promise actors for a story, each calling a spy the play function asserts on (`mocks.save`) and a story
 * can re-program in its own beforeEach (`mocks.load.mockImplementation(never)`, `mockRejectedValueOnce(…)`). `reset`,
 * the meta's beforeEach, puts back the answers given here, so one story's programming never leaks into the next.
 * Pass `actors` to the machine's `provide`.
 */
export function storyActors<T extends Record<string, Answer>>(answers: T) {
  type Loose = (input: unknown) => Promise<unknown>;
  const given = answers as unknown as Record<string, Loose>;
  const spies = Object.fromEntries(Object.keys(given).map((k) => [k, fn<Loose>(given[k])]));
  const mocks = spies as unknown as { [K in keyof T]: Mock<T[K]> };
  const actors = Object.fromEntries(Object.keys(given).map((k) => [k, fromPromise(({ input }: { input: unknown }) => spies[k](input))])) as unknown as {
    [K in keyof T]: PromiseActorLogic<Awaited<ReturnType<T[K]>>, InputOf<T[K]>>;
  };
  const reset = () => {
    for (const k of Object.keys(given)) spies[k].mockReset().mockImplementation(given[k]);
  };
  return { mocks, actors, reset };
}

type ActorContext<TLogic extends AnyActorLogic> = {
  Provider: (props: { children: ReactNode; logic?: TLogic; options?: ActorOptions<TLogic> }) => ReactElement;
};

/**
 * A view that reads its machine from an actor context, mounted as its screen mounts it: the story's component, with
 * the machine (`logic`, provided with story actors) as its one arg.
 */
export function inContext<TLogic extends AnyActorLogic>(Context: ActorContext<TLogic>, View: ComponentType, options?: ActorOptions<TLogic>) {
  function InContext({ logic }: { logic: TLogic }) {
    return createElement(Context.Provider, { logic, options, children: createElement(View) });
  }
  InContext.displayName = `${View.displayName ?? View.name}InContext`;
  return InContext;
}
