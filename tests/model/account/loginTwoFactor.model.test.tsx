import { act, fireEvent, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { loginTwoFactorMachine } from '../../../src/machines/loginTwoFactor.machine';
import { TwoFactorLoginStep } from '../../../src/views/account/TwoFactorLoginStep';
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
    return {
      exec,
      check: (step, i) => {
        expect(stateKey(ref.getSnapshot().value)).toBe(stateKey(snaps[i].value));
        assertState[stateKey(snaps[i].value)](snaps[i]);
      },
    };
  },
});
