/**
 * Generated path tests for the reset by SMS code (/forgot-password?by=sms, smsReset.machine): every transition of the
 * statechart, walked through SmsResetForm as a person types and presses, the two server calls faked at the machine's
 * actors. What each step should show and send is worked out from what the path typed and pressed (`follow`), not read
 * from the replayed snapshot, so a machine that takes a wrong step is caught even where the view follows it faithfully.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { smsResetMachine } from '@/machines/smsReset.machine';
import { SmsResetForm } from '@/views/account/SmsResetForm';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, httpError, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const PASSWORD = 'Shet-Mitra-2026!';
const EVENTS = [
  { type: 'sms.phoneChange', value: '98765' },
  { type: 'sms.phoneChange', value: '+91 98765 43210' },
  { type: 'sms.request' },
  { type: 'xstate.done.actor.requestCode', output: { success: true } },
  { type: 'xstate.error.actor.requestCode', error: httpError(0) },
  { type: 'sms.codeChange', value: '123' },
  { type: 'sms.codeChange', value: '123456' },
  { type: 'sms.change', field: 'newPassword', value: PASSWORD },
  { type: 'sms.change', field: 'confirmPassword', value: PASSWORD },
  { type: 'sms.toggleShow' },
  { type: 'sms.submit' },
  { type: 'sms.changeNumber' },
  { type: 'xstate.done.actor.resetBySms', output: { success: true } },
  { type: 'xstate.error.actor.resetBySms', error: httpError(400, 'The code is wrong or has expired.') },
];
/** The number and code as the machine keeps them (digits only, the +91 dropped). */
const tidy: Record<string, string> = { '98765': '98765', '+91 98765 43210': '9876543210', '123': '123', '123456': '123456' };

const all = transitionPaths(
  smsResetMachine,
  EVENTS,
  (c) => ({ p: c.phone, c: c.code, f: [!!c.form.newPassword, !!c.form.confirmPassword], pr: c.problem, e: !!c.error }),
  {
    withPrevious: false,
    unchanged: (c, e) =>
      (e.type === 'sms.phoneChange' && c.phone === tidy[e.value]) ||
      (e.type === 'sms.codeChange' && c.code === tidy[e.value]) ||
      (e.type === 'sms.change' && c.form[e.field] === e.value),
  },
);

describeModel('reset by SMS code, generated paths', {
  paths: leafPaths(all),
  all,
  events: EVENTS,
  eventKey: (e) => JSON.stringify(e),
  machine: smsResetMachine,
  states: ['phone', 'requesting', 'code', 'resetting', 'done'],
  name: typeNames,
  render: (path) => {
    let request = deferred<unknown>();
    let reset = deferred<unknown>();
    const calls: unknown[] = [];
    const logic = smsResetMachine.provide({
      actors: {
        requestCode: fromPromise(({ input }) => (calls.push(['request', input]), (request = deferred()).promise)),
        resetBySms: fromPromise(({ input }) => (calls.push(['reset', input]), (reset = deferred()).promise)),
      },
    });
    renderView(<SmsResetForm logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/forgot-password?by=sms' });
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'sms.phoneChange': (e) => type('Mobile number', e.value),
      'sms.request': () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' }))),
      'xstate.done.actor.requestCode': (e) => act(async () => request.resolve(e.output)),
      'xstate.error.actor.requestCode': (e) => act(async () => request.reject(e.error)),
      'sms.codeChange': (e) => type('Code from the SMS', e.value),
      'sms.change': (e) => type(e.field === 'newPassword' ? 'New password' : 'Confirm new password', e.value),
      'sms.toggleShow': () => fireEvent.click(screen.getAllByRole('button', { name: /^(Show|Hide) New password$/ })[0]),
      'sms.submit': () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' }))),
      'sms.changeNumber': () => fireEvent.click(screen.getByRole('button', { name: 'Change number' })),
      'xstate.done.actor.resetBySms': (e) => act(async () => reset.resolve(e.output)),
      'xstate.error.actor.resetBySms': (e) => act(async () => reset.reject(e.error)),
    };

    const snaps = replay(smsResetMachine, path.steps.map((s: any) => s.event));
    // What the page should be, from what was typed and pressed.
    const want = { state: 'phone', phone: '', code: '', np: '', cp: '', shown: false, problem: null as string | null, error: false, calls: [] as unknown[] };
    const follow = (e: any) => {
      if (e.type === 'sms.phoneChange') Object.assign(want, { phone: tidy[e.value], problem: null, error: false });
      else if (e.type === 'sms.request') {
        want.problem = want.phone === '' ? 'phoneRequired' : want.phone.length === 10 ? null : 'phoneInvalid';
        if (!want.problem) {
          want.state = 'requesting';
          want.calls.push(['request', want.phone]);
        }
      } else if (e.type === 'xstate.done.actor.requestCode') Object.assign(want, { state: 'code', error: false });
      else if (e.type === 'xstate.error.actor.requestCode') Object.assign(want, { state: 'phone', error: true });
      else if (e.type === 'sms.codeChange') Object.assign(want, { code: tidy[e.value], problem: null, error: false });
      else if (e.type === 'sms.change') Object.assign(want, e.field === 'newPassword' ? { np: e.value } : { cp: e.value }, { error: false });
      else if (e.type === 'sms.toggleShow') want.shown = !want.shown;
      else if (e.type === 'sms.submit') {
        want.problem = want.code === '' ? 'codeRequired' : want.code.length === 6 ? null : 'codeInvalid';
        if (!want.problem && want.np === PASSWORD && want.cp === PASSWORD) {
          want.state = 'resetting';
          want.calls.push(['reset', { phoneNumber: want.phone, code: want.code, newPassword: want.np }]);
        }
      } else if (e.type === 'sms.changeNumber') Object.assign(want, { state: 'phone', code: '', problem: null, error: false });
      else if (e.type === 'xstate.done.actor.resetBySms') want.state = 'done';
      else if (e.type === 'xstate.error.actor.resetBySms') Object.assign(want, { state: 'code', error: true });
    };
    const PROBLEM: Record<string, string> = {
      phoneRequired: 'Mobile number is required',
      phoneInvalid: 'Enter a valid 10-digit mobile number',
      codeRequired: 'Enter the code from the SMS',
      codeInvalid: 'The code has 6 digits',
    };
    const problemShown = () => {
      if (want.problem) expect(screen.getByText(PROBLEM[want.problem])).toBeInTheDocument();
      for (const [k, text] of Object.entries(PROBLEM)) if (k !== want.problem) expect(screen.queryByText(text)).toBeNull();
    };
    const assertState: Record<string, () => void> = {
      phone: () => {
        expect(screen.getByLabelText('Mobile number')).toHaveValue(want.phone);
        expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
        problemShown();
        if (want.error) expect(screen.getByText(/network|internet|connection/i)).toBeInTheDocument();
      },
      requesting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
      code: () => {
        expect(screen.getByText(/a code has been sent by SMS/)).toBeInTheDocument();
        expect(screen.getByLabelText('Code from the SMS')).toHaveValue(want.code);
        expect(screen.getByLabelText('New password')).toHaveValue(want.np);
        expect(screen.getByLabelText('Confirm new password')).toHaveValue(want.cp);
        expect(screen.getByLabelText('New password')).toHaveAttribute('type', want.shown ? 'text' : 'password');
        problemShown();
        if (want.error) expect(screen.getByText('The code is wrong or has expired.')).toBeInTheDocument();
        else expect(screen.queryByText('The code is wrong or has expired.')).toBeNull();
        // A failed request for the code is behind us once a code has been sent.
        expect(screen.queryByText(/network|internet|connection/i)).toBeNull();
      },
      resetting: () => {
        expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Change number' })).toBeDisabled();
      },
      done: () => {
        expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Please log in.');
        expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
      },
    };
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        expect(stateKey(snaps[i].value)).toBe(want.state);
        expect(calls).toEqual(want.calls);
        assertState[want.state]();
      },
    };
  },
});

describe('reset by SMS code sent for real', () => {
  it('posts the number to /auth/forgot-password-sms (again after a failure), then the code and new password to /auth/reset-password-sms (the machine’s own calls)', async () => {
    let requests = 0;
    const api = await startApiServer(({ path }) => {
      // The first request for a code finds the service away; the same number sent again gets one.
      if (path === '/api/v1/auth/forgot-password-sms') return requests++ === 0 ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable' } } : { status: 200, body: { success: true } };
      return path === '/api/v1/auth/reset-password-sms' ? { status: 200, body: { success: true } } : { status: 404 };
    });
    try {
      renderView(<SmsResetForm />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/forgot-password?by=sms' });
      const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
      type('Mobile number', '+91 98765 43210');
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      const failure = (await screen.findByRole('alert')).textContent!;
      expect(failure).not.toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByLabelText('Code from the SMS')).toBeInTheDocument();
      // The failure is behind us once the code is sent.
      expect(screen.queryByText(failure)).toBeNull();
      type('Code from the SMS', '123456');
      type('New password', PASSWORD);
      type('Confirm new password', PASSWORD);
      fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Please log in.'));
      expect(api.calls('/auth/forgot-password-sms').map((r) => [r.method, r.body])).toEqual([
        ['POST', { phoneNumber: '9876543210' }],
        ['POST', { phoneNumber: '9876543210' }],
      ]);
      expect(api.calls('/auth/reset-password-sms').map((r) => [r.method, r.body])).toEqual([['POST', { phoneNumber: '9876543210', code: '123456', newPassword: PASSWORD }]]);
    } finally {
      await api.close();
    }
  });
});
