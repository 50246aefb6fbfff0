/**
 * Generated path tests for the staff sign-in dialog (signInAccessMachine through SignInAccessDialog), as a
 * superadmin looks at a coordinator with two-factor on (offered: invite, clear the sign-in wait, end sessions,
 * reset two-factor, make admin) and at an admin with two-factor off (make coordinator; no reset): each action
 * asked before it is sent, the confirmation or cancel, the server's refusal in its own words, the reload after.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { listChanges } from '@/machines/listChanges';
import { allowed, signInAccessMachine, type AccessAction, type AdminSignIn } from '@/machines/signInAccess.machine';
import { HttpError } from '@/services/http';
import { SignInAccessDialog } from '@/views/people/SignInAccessDialog';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { byKey, deferred, describeModel, modelPaths, renderView, variants } from '../../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof signInAccessMachine>;
const NAME = 'Meena Jadhav';
const COORDINATOR: AdminSignIn = {
  user: { _id: 'c-2', name: NAME, email: 'meena@example.in', role: 'coordinator' },
  activeSessions: 2,
  twoFactor: true,
  roleChoices: ['admin'],
  throttled: [],
  history: [],
};
const ADMIN: AdminSignIn = { ...COORDINATOR, user: { ...COORDINATOR.user, role: 'admin' }, twoFactor: false, roleChoices: ['coordinator'] };
const LAST_SUPERADMIN = new HttpError(409, 'conflict', {
  statusCode: 409,
  code: 'LAST_SUPERADMIN',
  error: 'This is the last active super admin. Make someone else super admin first.',
  message: {
    english: 'This is the last active super admin. Make someone else super admin first.',
    marathi: 'हे शेवटचे सक्रिय सुपर ॲडमिन आहेत. आधी दुसऱ्या कोणाला सुपर ॲडमिन करा.',
    hindi: 'यह आख़िरी सक्रिय सुपर एडमिन है। पहले किसी और को सुपर एडमिन बनाएँ।',
  },
} as never);
const DOWN = new HttpError(500, 'server');

const ACTIONS: AccessAction[] = ['invite', 'clear', 'end', 'twoFactor', 'admin', 'coordinator'];
const BUTTON: Record<AccessAction, string> = {
  invite: 'Send sign-in invitation',
  clear: 'Clear sign-in wait',
  end: 'End all sessions',
  twoFactor: 'Reset two-factor sign-in',
  admin: 'Make admin',
  coordinator: 'Make coordinator',
};
const QUESTION: Record<AccessAction, RegExp> = {
  invite: /Send Meena Jadhav a link/,
  clear: /Let Meena Jadhav sign in again/,
  end: /Sign Meena Jadhav out on every device/,
  twoFactor: /Reset two-factor sign-in for Meena Jadhav\?/,
  admin: /Make Meena Jadhav an admin\?/,
  coordinator: /Make Meena Jadhav a coordinator\?/,
};
const DONE: Record<AccessAction, string> = {
  invite: 'The invitation was sent.',
  clear: 'The sign-in wait was cleared.',
  end: 'All sessions were ended.',
  twoFactor: 'Two-factor sign-in was reset. They were signed out.',
  admin: 'The role was changed. They were signed out.',
  coordinator: 'The role was changed. They were signed out.',
};

const events = (data: AdminSignIn): Ev[] => [
  ...ACTIONS.map((action) => ({ type: 'access.ask', action })),
  { type: 'access.confirm' },
  { type: 'access.cancel' },
  { type: 'access.retry' },
  { type: 'xstate.done.actor.load', output: data },
  { type: 'xstate.error.actor.load', error: DOWN },
  { type: 'xstate.done.actor.act', output: { success: true } },
  { type: 'xstate.error.actor.act', error: LAST_SUPERADMIN },
];
const EVENTS = events(COORDINATOR);
const keyOf = (e: Ev) => (e.type === 'access.ask' ? `access.ask(${e.action})` : e.type);
const screenOf = (s: Snap) => `${String(s.value)}|${s.context.pending ?? ''}|${s.context.done ?? ''}|${s.context.errorCause ? 'error' : ''}`;
const pathsFor = (data: AdminSignIn) =>
  modelPaths(signInAccessMachine, {
    events: events(data),
    input: { userId: 'c-2' },
    filterEvents: (s: Snap, e: Ev) => s.can(e as never),
    serializeEvent: keyOf,
    serializeState: (s: Snap, e?: Ev) => `${screenOf(s)}|${e ? keyOf(e) : ''}`,
  });
const paths = variants([
  ['a coordinator with two-factor on', COORDINATOR, pathsFor(COORDINATOR)],
  ['an admin with two-factor off', ADMIN, pathsFor(ADMIN)],
] as const);
let data = COORDINATOR;

const drive = { load: deferred<AdminSignIn>(), act: deferred<unknown>(), acts: [] as unknown[] };
const settle = (fn: () => void) => act(async () => fn());
const dialog = () => screen.getByRole('dialog', { name: `Sign-in and sessions: ${NAME}` });
const exec: Record<string, (e: Ev) => unknown> = {
  ...Object.fromEntries(ACTIONS.map((a) => [`access.ask(${a})`, () => fireEvent.click(within(dialog()).getByRole('button', { name: BUTTON[a] }))])),
  'access.confirm': () => fireEvent.click(get('button', 'Yes, continue')),
  'access.cancel': () => fireEvent.click(get('button', 'Cancel')),
  'access.retry': () => fireEvent.click(get('button', 'Try again')),
  'xstate.done.actor.load': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
  'xstate.done.actor.act': (e) => settle(() => drive.act.resolve(e.output)),
  'xstate.error.actor.act': (e) => settle(() => drive.act.reject(e.error)),
};

/** Every action's button is there exactly when the server's answer allows it. */
const offered = () => {
  const shown = (a: AccessAction) => (a === 'twoFactor' ? data.twoFactor : a === 'admin' || a === 'coordinator' ? data.roleChoices.includes(a) : true);
  for (const a of ACTIONS) {
    const button = within(dialog()).queryByRole('button', { name: BUTTON[a] });
    if (shown(a)) expect(button).toBeEnabled();
    else expect(button).toBeNull();
  }
};

const assertState: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    if (!s.context.data) expect(get('status')).toHaveTextContent('Loading…');
    expect(within(dialog()).getByRole('button', { name: BUTTON.end })).toBeDisabled();
  },
  failed: () => {
    expect(get('alert')).toHaveTextContent('Could not load the sign-in history');
    expect(get('button', 'Try again')).toBeEnabled();
  },
  ready: (s) => {
    offered();
    expect(screen.getByText(data.user.role === 'admin' ? /Role: Admin/ : /Role: Coordinator/)).toBeInTheDocument();
    expect(screen.getByText(data.twoFactor ? /Two-factor sign-in is on\./ : /Two-factor sign-in is off\./)).toBeInTheDocument();
    if (s.context.errorCause) expect(get('alert')).toHaveTextContent('This is the last active super admin. Make someone else super admin first.');
    else expect(query('alert')).toBeNull();
    if (s.context.done) expect(get('status')).toHaveTextContent(DONE[s.context.done]);
    expect(query('alertdialog')).toBeNull();
  },
  confirming: (s) => {
    const ask = get('alertdialog', BUTTON[s.context.pending!]);
    expect(ask).toHaveTextContent(QUESTION[s.context.pending!]);
    expect(within(dialog()).getByRole('button', { name: BUTTON.end })).toBeDisabled();
  },
  working: (s) => {
    expect(drive.acts.at(-1)).toEqual({ userId: 'c-2', action: s.context.pending });
    expect(within(dialog()).getByRole('button', { name: BUTTON.end })).toBeDisabled();
  },
};

describeModel('sign-in access dialog model', {
  paths,
  events: EVENTS,
  eventKey: keyOf,
  machine: signInAccessMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: (path) => {
    data = path.variant!.value as AdminSignIn;
    drive.acts = [];
    const logic = signInAccessMachine.provide({
      actors: {
        load: fromPromise<AdminSignIn, string>(() => (drive.load = deferred<AdminSignIn>()).promise),
        act: fromPromise<unknown, { userId: string; action: AccessAction }>(({ input }) => {
          drive.acts.push(input);
          return (drive.act = deferred<unknown>()).promise;
        }),
      },
    });
    renderView(<SignInAccessDialog userId="c-2" name={NAME} onClose={() => {}} logic={logic} />, { intlLocale: 'en' });
    // The staff tables on the page: a role change (and nothing else) tells them to reload (listChanges.ts).
    let announced = 0;
    // Where the dialog must be, worked out from what was pressed and what the server answered along the path (not
    // read from the snapshot): the action asked, done or refused (in the server's words).
    const want = { state: 'loading', pending: null as AccessAction | null, done: null as AccessAction | null, refused: null as unknown };
    const follow = (e: Ev) => {
      if (e.type === 'access.ask') Object.assign(want, { state: 'confirming', pending: e.action, done: null });
      else if (e.type === 'access.confirm') want.state = 'working';
      else if (e.type === 'access.cancel') Object.assign(want, { state: 'ready', pending: null });
      else if (e.type === 'access.retry') want.state = 'loading';
      else if (e.type === 'xstate.done.actor.load') Object.assign(want, { state: 'ready', refused: null });
      else if (e.type === 'xstate.error.actor.load') Object.assign(want, { state: 'failed', refused: e.error });
      else if (e.type === 'xstate.done.actor.act') Object.assign(want, { state: 'loading', done: want.pending, pending: null });
      else if (e.type === 'xstate.error.actor.act') Object.assign(want, { state: 'ready', refused: e.error, pending: null });
    };
    const lists = createActor(
      setup({ actors: { listChanges } }).createMachine({ invoke: { src: 'listChanges', input: 'people' }, on: { 'list.refresh': { actions: () => void announced++ } } }),
    ).start();
    return {
      exec: byKey(exec, keyOf),
      check: ({ state, event }, i, p) => {
        follow(event as Ev);
        const c = (state as Snap).context;
        expect((state as Snap).value).toBe(want.state);
        expect({ done: c.done, refused: c.errorCause }).toEqual({ done: want.done, refused: want.refused });
        if (want.state === 'confirming' || want.state === 'working') expect(c.pending).toBe(want.pending);
        assertState[String((state as Snap).value)](state as Snap);
        const roleChanges = p.steps.slice(0, i + 1).filter((x) => x.event.type === 'xstate.done.actor.act' && ['admin', 'coordinator'].includes((x.state as Snap).context.done ?? ''));
        expect(announced).toBe(roleChanges.length);
      },
      done: () => lists.stop(),
    };
  },
});

describe('sign-in access for real', () => {
  it('loads GET …/sign-in, sends each action to its own address and reloads after it (the machine’s own calls)', async () => {
    const base = '/api/v1/admin/users/c-2';
    let user = COORDINATOR;
    let gets = 0;
    let ends = 0;
    const NOT_YOURS = { statusCode: 403, error: 'Forbidden', message: { english: 'Only admins see sign-in access.', marathi: 'फक्त ॲडमिन पाहू शकतात.', hindi: 'केवल एडमिन देख सकते हैं।' } };
    const api = await startApiServer(({ method, path, body }) => {
      if (method === 'GET' && path === `${base}/sign-in`) return gets++ === 0 ? { status: 403, body: NOT_YOURS } : { status: 200, body: user };
      if (method === 'PATCH' && path === `${base}/role`) {
        user = (body as { role: string }).role === 'admin' ? ADMIN : COORDINATOR;
        return { status: 200, body: { success: true, ended: 2 } };
      }
      // The first End all sessions is refused in the server's words.
      if (method === 'POST' && path === `${base}/sessions/end` && ends++ === 0) return { status: 409, body: LAST_SUPERADMIN.body };
      if (method === 'POST' && path.startsWith(`${base}/`)) return { status: 200, body: { success: true, ended: 0, channels: ['sms'] } };
      return { status: 404 };
    });
    try {
      renderView(<SignInAccessDialog userId="c-2" name={NAME} onClose={() => {}} />, { intlLocale: 'en' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Only admins see sign-in access.');
      fireEvent.click(get('button', 'Try again'));
      expect(await screen.findByText(/Role: Coordinator/)).toBeInTheDocument();
      const run = async (action: AccessAction, role: RegExp) => {
        fireEvent.click(within(dialog()).getByRole('button', { name: BUTTON[action] }));
        fireEvent.click(get('button', 'Yes, continue'));
        expect(await screen.findByText(DONE[action])).toBeInTheDocument();
        expect(screen.getByText(role)).toBeInTheDocument();
      };
      fireEvent.click(within(dialog()).getByRole('button', { name: BUTTON.end }));
      fireEvent.click(get('button', 'Yes, continue'));
      expect(await screen.findByRole('alert')).toHaveTextContent('This is the last active super admin. Make someone else super admin first.');
      await run('end', /Role: Coordinator/);
      await run('admin', /Role: Admin/);
      await run('coordinator', /Role: Coordinator/);
      for (const action of ['invite', 'clear', 'twoFactor'] as const) await run(action, /Role: Coordinator/);
      const sent = api.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path.slice(base.length), r.body ?? null]);
      expect(sent).toEqual([
        ['POST', '/sessions/end', {}],
        ['POST', '/sessions/end', {}],
        ['PATCH', '/role', { role: 'admin' }],
        ['PATCH', '/role', { role: 'coordinator' }],
        ['POST', '/invite', {}],
        ['POST', '/sign-in/clear', {}],
        ['POST', '/two-factor/reset', {}],
      ]);
      // The first load, its retry, and one reload after each action done (not after the refused one).
      expect(gets).toBe(2 + 6);
    } finally {
      await api.close();
    }
  });

  it('allows nothing that needs the answer before it is loaded', () => {
    expect(allowed(null, 'twoFactor')).toBe(false);
    expect(allowed(null, 'admin')).toBe(false);
    expect(allowed(null, 'invite')).toBe(true);
  });
});
