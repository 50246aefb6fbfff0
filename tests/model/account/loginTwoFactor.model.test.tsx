import { act, fireEvent, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { loginTwoFactorMachine } from '../../../src/machines/loginTwoFactor.machine';
import { TwoFactorLoginStep } from '../../../src/views/account/TwoFactorLoginStep';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, httpError, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const SESSION = { accessToken: 'a', refreshToken: 'r', user: { _id: 'u1' } };
const EVENTS = [
  { type: 'loginCode.change', value: '123456' },
  { type: 'loginCode.change', value: 'k7qm-3xpa' },
  { type: 'loginCode.submit' },
  { type: 'loginCode.cancel' },
  { type: 'xstate.done.actor.verifyLoginCode', output: SESSION },
  { type: 'xstate.error.actor.verifyLoginCode', error: httpError(400, 'invalid verification code') },
  { type: 'xstate.error.actor.verifyLoginCode', error: httpError(429) },
];
const INPUT = { challengeToken: 'challenge.token' };
const paths = transitionPaths(loginTwoFactorMachine, EVENTS, (c) => ({ c: c.code, m: c.codeMissing, e: (c.error as { status?: number })?.status }), {
  input: INPUT,
  unchanged: (c, e) => e.type === 'loginCode.change' && c.code === e.value.toUpperCase(),
});

describeModel('sign-in second step, generated paths', {
  paths,
  events: EVENTS,
  states: ['entering', 'verifying', 'signedIn', 'cancelled'],
  name: typeNames,
  machine: loginTwoFactorMachine,
  render: (path) => {
    let verify = deferred<unknown>();
    const sent: unknown[] = [];
    let ref!: ActorRefFrom<typeof loginTwoFactorMachine>;
    const logic = loginTwoFactorMachine.provide({
      actors: {
        verifyLoginCode: fromPromise(({ input }) => {
          sent.push(input);
          return (verify = deferred()).promise;
        }),
      },
    });
    function Host() {
      ref = useActorRef(logic, { input: INPUT });
      return <TwoFactorLoginStep actor={ref} />;
    }
    renderView(<Host />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'loginCode.change': (e) => fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: e.value } }),
      'loginCode.submit': () => fireEvent.click(screen.getByText('Verify', { selector: 'button' })),
      'loginCode.cancel': () => fireEvent.click(screen.getByText('Back to login', { selector: 'button' })),
      'xstate.done.actor.verifyLoginCode': (e) => act(async () => verify.resolve(e.output)),
      'xstate.error.actor.verifyLoginCode': (e) => act(async () => verify.reject(e.error)),
    };
    const assertState: Record<string, (s: any) => void> = {
      entering: (s) => {
        expect(screen.getByLabelText('Verification code')).toHaveValue(s.context.code);
        expect(!!screen.queryByText('please enter verification code')).toBe(s.context.codeMissing);
        const status = (s.context.error as { status?: number } | null)?.status;
        if (status === 429) expect(screen.getByText(/Too many requests/)).toBeInTheDocument();
        else if (status === 400) expect(screen.getByText('invalid verification code')).toBeInTheDocument();
        else expect(screen.queryByText('invalid verification code')).toBeNull();
      },
      verifying: (s) => {
        expect(screen.getByText('Verifying…', { selector: 'button' })).toBeDisabled();
        expect(sent.at(-1)).toEqual({ challengeToken: INPUT.challengeToken, code: s.context.code });
      },
      signedIn: () => expect(ref.getSnapshot().output).toEqual({ status: 'signedIn', session: SESSION }),
      cancelled: () => expect(ref.getSnapshot().output).toEqual({ status: 'cancelled' }),
    };
    const snaps = replay(loginTwoFactorMachine, path.steps.map((st: any) => st.event), INPUT);
    // What the step should show, worked out from what the path typed and pressed and what the server answered (not
    // read from the snapshot), so a machine that takes a wrong step is caught even where the view follows it faithfully.
    const want = { state: 'entering', code: '', codeMissing: false, error: undefined as number | undefined, sent: [] as unknown[] };
    const follow = (e: any) => {
      if (want.state === 'entering' && e.type === 'loginCode.change') Object.assign(want, { code: e.value.toUpperCase(), codeMissing: false, error: undefined });
      else if (want.state === 'entering' && e.type === 'loginCode.cancel') want.state = 'cancelled';
      else if (want.state === 'entering' && e.type === 'loginCode.submit') {
        if (want.code === '') want.codeMissing = true;
        else {
          want.state = 'verifying';
          want.sent.push({ challengeToken: INPUT.challengeToken, code: want.code });
        }
      } else if (want.state === 'verifying' && e.type === 'xstate.done.actor.verifyLoginCode') want.state = 'signedIn';
      else if (want.state === 'verifying' && e.type === 'xstate.error.actor.verifyLoginCode') Object.assign(want, { state: 'entering', code: '', error: e.error.status });
    };
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        expect(stateKey(ref.getSnapshot().value)).toBe(want.state);
        expect(stateKey(snaps[i].value)).toBe(want.state);
        expect(sent).toEqual(want.sent);
        if (want.state === 'entering') {
          expect(snaps[i].context).toMatchObject({ code: want.code, codeMissing: want.codeMissing });
          expect((snaps[i].context.error as { status?: number } | null)?.status).toBe(want.error);
          expect(screen.getByLabelText('Verification code')).toHaveValue(want.code);
          expect(!!screen.queryByText('please enter verification code')).toBe(want.codeMissing);
          expect(!!screen.queryByText('invalid verification code')).toBe(want.error === 400);
          expect(!!screen.queryByText(/Too many requests/)).toBe(want.error === 429);
        }
        assertState[stateKey(snaps[i].value)](snaps[i]);
      },
    };
  },
});

// What the generated paths cannot show: a submit that a wrong machine turns into "nothing happens" is not walked, and
// the paths type only tidy codes.
describe('sign-in second step, fixed scenarios', () => {
  const start = () => {
    const sent: unknown[] = [];
    const logic = loginTwoFactorMachine.provide({
      actors: {
        verifyLoginCode: fromPromise(({ input }) => {
          sent.push(input);
          return deferred().promise;
        }),
      },
    });
    function Host() {
      return <TwoFactorLoginStep actor={useActorRef(logic, { input: INPUT })} />;
    }
    renderView(<Host />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    return sent;
  };
  const type = (value: string) => fireEvent.change(screen.getByLabelText('Verification code'), { target: { value } });

  it('Verify with no code asks for one and sends nothing', () => {
    const sent = start();
    fireEvent.click(screen.getByText('Verify', { selector: 'button' }));
    expect(screen.getByText('please enter verification code')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('keeps six digits of a TOTP code, and nine letters, digits or dashes of a backup code, in capitals', () => {
    start();
    const field = screen.getByLabelText('Verification code');
    type('12 34-56 7');
    expect(field).toHaveValue('123456');
    type('k7 qm-3xpa9z!');
    expect(field).toHaveValue('K7QM-3XPA');
    type('abcdef');
    expect(field).toHaveValue('ABCDEF');
  });
});

describe('sign-in second step sent for real', () => {
  it('posts the challenge and the code to /auth/login/2fa and ends signed in with the answer (the machine’s own call)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/auth/login/2fa' ? { status: 200, body: SESSION } : { status: 404 }));
    try {
      let ref!: ActorRefFrom<typeof loginTwoFactorMachine>;
      function Host() {
        ref = useActorRef(loginTwoFactorMachine, { input: INPUT });
        return <TwoFactorLoginStep actor={ref} />;
      }
      renderView(<Host />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
      fireEvent.click(screen.getByText('Verify', { selector: 'button' }));
      await expect.poll(() => ref.getSnapshot().status).toBe('done');
      expect(ref.getSnapshot().output).toEqual({ status: 'signedIn', session: SESSION });
      expect(api.calls('/auth/login/2fa').map((r) => r.body)).toEqual([{ challengeToken: INPUT.challengeToken, code: '123456' }]);
    } finally {
      await api.close();
    }
  });
});
