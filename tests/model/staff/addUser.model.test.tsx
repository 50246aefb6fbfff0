/** Generated paths over addUserMachine, each driving the real AddUserForm. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { addUserMachine, defaultLanguage, draftProblem, needsCoordinator, toNewUser, type AddUserInput, type UserDraft } from '@/machines/addUser.machine';
import { AddUserContext } from '@/machines/addUser.context';
import { AddUserForm } from '@/views/people/AddUserForm';
import { HttpError } from '@/services/http';
import { startApiServer } from '../../support/apiServer';
import { query } from '../../support/dom';
import { coveringPaths, deferred, describeModel, leafPaths, modelPaths, renderView, type Deferred, type ModelStep } from '../../support/modelHarness';

const COORDINATORS = [{ _id: 'c-1', name: 'Kiran', email: 'kiran@example.in' }];
const CONFLICT = new HttpError(409, 'conflict', {
  statusCode: 409,
  code: 'EMAIL_TAKEN',
  error: 'A user with this email already exists.',
  message: { english: 'A user with this email already exists.', marathi: 'x', hindi: 'x' },
});
const CHANGES = [
  ['name', 'Sita Patil'],
  ['email', 'sita@example.in'],
  ['phoneNumber', '9876543210'],
  ['password', 'Secret123'],
  ['coordinatorId', 'c-1'],
  ['email', 'not-an-email'],
] as const;
const EVENTS = [
  ...CHANGES.map(([key, value]) => ({ type: 'form.change', key, value })),
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.back' },
  { type: 'xstate.done.actor.loadCoordinators', output: COORDINATORS },
  { type: 'xstate.error.actor.loadCoordinators', error: new Error('offline') },
  { type: 'xstate.done.actor.register', output: {} },
  { type: 'xstate.error.actor.register', error: CONFLICT },
  { type: 'xstate.error.actor.register', error: new Error('offline') },
];
const eventKey = (e: { type: string; key?: string; value?: string; error?: unknown }) =>
  e.type === 'form.change' ? `change ${e.key}=${e.value}` : e.type.endsWith('register') && e.error ? `${e.type}(${e.error === CONFLICT ? 409 : 'net'})` : e.type;

/** Only an admin adding a farmer loads coordinators to choose one from. */
const eventsFor = (input: AddUserInput) =>
  EVENTS.filter((e) => input.actorRole === 'admin' || !(e.type.endsWith('.loadCoordinators') || ('key' in e && e.key === 'coordinatorId')));

function pathsFor(input: AddUserInput) {
  return modelPaths(addUserMachine, {
    input,
    events: eventsFor(input),
    // The selector only exists for an admin adding a farmer, and only offers loaded coordinators.
    filterEvents: (s, e) =>
      s.can(e) &&
      !(e.type === 'form.change' && (e as { key: string }).key === 'coordinatorId' && !s.context.coordinators.length),
    serializeState: (s, e) => {
      // Back to Dashboard (on every screen, changing nothing) and Add another (from done to an empty form) end
      // where the walk has already been: one node per screen they are pressed on, so each is walked.
      if (e?.type === 'form.back' || e?.type === 'form.reset') return `${JSON.stringify(s.value)}|${e.type}`;
      const c = s.context;
      const filled = (['name', 'email', 'phoneNumber', 'password', 'coordinatorId'] as const).map((k) => (c.draft[k] ? 1 : 0)).join('');
      // A refusal the server explained (409) shows its reason, any other failure the form's own: both are walked.
      const failure = c.problem?.kind === 'failed' ? (c.problem.error ? '409' : 'net') : '';
      return `${JSON.stringify(s.value)}|${c.problem?.kind ?? '-'}${failure}|${draftProblem(c.draft, c)?.kind ?? 'ok'}|${filled}|${c.coordinators.length}`;
    },
  });
}

for (const input of [
  { role: 'farmer', actorRole: 'admin' },
  { role: 'coordinator', actorRole: 'superadmin' },
  { role: 'farmer', actorRole: 'coordinator' },
] satisfies AddUserInput[]) {
  const admin = input.actorRole === 'admin';
  const all = pathsFor(input);
  // The screen tells apart the form's problem (required, e-mail, coordinator, a refusal): the fewest leaf paths
  // (each path's prefixes are paths too; see leafPaths) that take every step between those screens.
  const shown = (s: ModelStep['state']) => `${JSON.stringify(s.value)}|${s.context.problem?.kind ?? '-'}`;
  const transitions = (before: ModelStep['state'] | null, e: { type: string }, after: ModelStep['state']) => [before && shown(before), eventKey(e as never), shown(after)].join(' ');
  describeModel(`add ${input.role} as ${input.actorRole}`, {
    paths: coveringPaths(leafPaths(all), transitions),
    all,
    transitions,
    screen: shown,
    events: eventsFor(input),
    machine: admin ? addUserMachine : undefined,
    // Each answer of the server (409, network) is driven.
    eventKey,
    states: ['editing', 'submitting', 'done', ...(admin ? ['loadingCoordinators'] : [])],
    walk: (paths) => {
      const problems = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.problem?.kind)));
      for (const k of ['required', 'email', 'failed', ...(admin ? ['coordinator'] : [])]) expect(problems).toContain(k);
    },
    name: (p) => p.steps.map((s) => eventKey(s.event as never)).join(' → '),
    render: () => {
          let coordinators: Deferred<typeof COORDINATORS> = deferred();
          let register: Deferred<unknown> = deferred();
          const navigated: string[] = [];
          const logic = addUserMachine.provide({
            actors: {
              loadCoordinators: fromPromise(() => (coordinators = deferred()).promise),
              register: fromPromise(() => (register = deferred()).promise),
            },
            actions: { navigate: (_, p) => navigated.push(p.to) },
          });
          renderView(
            <AddUserContext.Provider logic={logic} options={{ input }}>
              <AddUserForm />
            </AddUserContext.Provider>
      , { catalog: false });
          const exec = async (e: { type: string; key?: string; value?: string; error?: unknown; output?: unknown }) => {
            switch (e.type) {
              case 'xstate.init':
                return;
              case 'form.change':
                return fireEvent.change(document.querySelector(`[name="${e.key}"]`)!, { target: { value: e.value } });
              case 'form.submit':
                return fireEvent.submit(document.querySelector('form')!);
              case 'form.reset':
                return fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
              case 'form.back':
                fireEvent.click(screen.getByRole('button', { name: /Back to Dashboard/ }));
                return expect(navigated.at(-1)).toBe('/');
              case 'xstate.done.actor.loadCoordinators':
                return act(async () => coordinators.resolve(COORDINATORS));
              case 'xstate.error.actor.loadCoordinators':
                return act(async () => coordinators.reject(e.error));
              case 'xstate.done.actor.register':
                return act(async () => register.resolve({}));
              case 'xstate.error.actor.register':
                return act(async () => register.reject(e.error));
            }
            throw new Error(`no executor for ${e.type}`);
          };
          const failed = input.role === 'farmer' ? 'Failed to register farmer' : 'Failed to register coordinator';
          const check = (state: ModelStep['state']) => {
            const c = state.context;
            const submit = screen.queryByRole('button', { name: /^(Add (Farmer|Coordinator)|Adding\.\.\.)$/ });
            if (state.matches('loadingCoordinators')) expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true');
            if (state.matches('editing')) {
              expect(submit).toBeEnabled();
              const alert = screen.queryByRole('alert');
              if (!c.problem) expect(alert).toBeNull();
              else if (c.problem.kind === 'failed') expect(alert).toHaveTextContent(c.problem.error ? 'A user with this email already exists.' : failed);
              else if (c.problem.kind === 'coordinator') expect(alert).toHaveTextContent('Please select a coordinator for the farmer.');
              else expect(alert).not.toBeNull();
              const selector = document.querySelector('[name="coordinatorId"]');
              if (input.actorRole === 'coordinator') expect(selector).toBeNull();
              else if (input.role === 'farmer') expect(selector!.querySelectorAll('option')).toHaveLength(1 + c.coordinators.length);
            }
            if (state.matches('submitting')) expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
            if (state.matches('done')) expect(screen.getByRole('status')).toHaveTextContent(/added successfully/);
          };

      return { exec, check: (step) => check(step.state) };
    },
  });
}

describe('add user sent for real', () => {
  it('loads the coordinators, POSTs /auth/register with the trimmed draft (e-mail in lower case, empty fields left out, the coordinator as managedBy), and offers Add another (the machine’s own calls)', async () => {
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/coordinators') return { status: 200, body: { users: COORDINATORS } };
      if (method === 'POST' && path === '/api/v1/auth/register') return { status: 201, body: { success: true } };
      return { status: 404 };
    });
    try {
      renderView(
        <AddUserContext.Provider options={{ input: { role: 'farmer', actorRole: 'admin' } }}>
          <AddUserForm />
        </AddUserContext.Provider>,
        { catalog: false },
      );
      await waitFor(() => expect(document.querySelectorAll('[name="coordinatorId"] option')).toHaveLength(2));
      const type = (name: string, value: string) => fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });
      type('name', '  Sita Patil ');
      type('email', ' Sita@Example.IN ');
      type('phoneNumber', '9876543210');
      type('password', 'Secret123');
      type('village', ' Shirur ');
      type('coordinatorId', 'c-1');
      fireEvent.submit(document.querySelector('form')!);
      expect(await screen.findByRole('status')).toHaveTextContent(/added successfully/);
      expect(api.calls('/coordinators')).toMatchObject([{ method: 'GET' }]);
      expect(api.calls('/auth/register')).toMatchObject([{ method: 'POST' }]);
      expect(api.calls('/auth/register')[0].body).toEqual({
        role: 'farmer',
        name: 'Sita Patil',
        email: 'sita@example.in',
        phoneNumber: '9876543210',
        password: 'Secret123',
        preferredLanguage: 'marathi',
        village: 'Shirur',
        managedBy: 'c-1',
      });
      // Add another: an empty form again.
      fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
      expect(document.querySelector('[name="name"]')).toHaveValue('');
      expect(document.querySelector('[name="village"]')).toHaveValue('');
      expect(document.querySelector('[name="phoneNumber"]')).toHaveValue('');
      expect(query('alert')).toBeNull();
    } finally {
      await api.close();
    }
  });
});

describe('add user rules, fixed cases the paths do not type', () => {
  const valid: UserDraft = {
    name: 'Sita Patil', email: 'sita@example.in', phoneNumber: '9876543210', password: 'Secret123', preferredLanguage: 'marathi',
    address: '', village: '', district: '', state: '', pincode: '', coordinatorId: 'c-1',
  };
  const byAdmin: AddUserInput = { role: 'farmer', actorRole: 'admin' };
  it('refuses a phone number or a pincode of the wrong shape, and takes them (and the e-mail) with spaces around', () => {
    expect(draftProblem(valid, byAdmin)).toBeNull();
    expect(draftProblem({ ...valid, phoneNumber: '98765' }, byAdmin)).toEqual({ kind: 'phone' });
    expect(draftProblem({ ...valid, pincode: '4110' }, byAdmin)).toEqual({ kind: 'pincode' });
    expect(draftProblem({ ...valid, phoneNumber: ' 9876543210 ', email: ' sita@example.in ', pincode: ' 411001 ' }, byAdmin)).toBeNull();
    expect(draftProblem({ ...valid, name: '   ' }, byAdmin)).toEqual({ kind: 'required' });
  });
  it('a superadmin adding a farmer chooses the coordinator too; a coordinator is added in English by default', () => {
    expect(needsCoordinator({ role: 'farmer', actorRole: 'superadmin' })).toBe(true);
    expect(needsCoordinator({ role: 'coordinator', actorRole: 'superadmin' })).toBe(false);
    expect(draftProblem({ ...valid, coordinatorId: '' }, { role: 'farmer', actorRole: 'superadmin' })).toEqual({ kind: 'coordinator' });
    expect(defaultLanguage('coordinator')).toBe('english');
    expect(defaultLanguage('farmer')).toBe('marathi');
  });
  it('sends what was typed, trimmed, without blank fields, and a coordinator only when the adder chose one', () => {
    const body = toNewUser({ ...valid, name: ' Sita Patil ', village: '   ', district: ' Pune ' }, { role: 'farmer', actorRole: 'coordinator' });
    expect(body).toEqual({ role: 'farmer', name: 'Sita Patil', email: 'sita@example.in', phoneNumber: '9876543210', password: 'Secret123', preferredLanguage: 'marathi', district: 'Pune' });
  });
});
