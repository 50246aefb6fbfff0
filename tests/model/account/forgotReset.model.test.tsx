import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../src/machines/forgotPassword.machine';
import { resetPasswordMachine } from '../../../src/machines/resetPassword.machine';
import { ForgotPasswordView } from '../../../src/views/account/ForgotPasswordView';
import { ResetPasswordView } from '../../../src/views/account/ResetPasswordView';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, httpError, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames, variants } from '../../support/modelHarness';

const FORGOT_EVENTS = [
  { type: 'forgot.change', value: 'asha@example.in' },
  { type: 'forgot.change', value: 'not-an-email' },
  { type: 'forgot.submit' },
  { type: 'xstate.done.actor.sendResetLink', output: { success: true } },
  { type: 'xstate.error.actor.sendResetLink', error: httpError(0) },
];
const forgotPaths = transitionPaths(forgotPasswordMachine, FORGOT_EVENTS, (c) => ({ e: c.email, p: c.problem }), {
  unchanged: (c, e) => e.type === 'forgot.change' && c.email === e.value,
});

describeModel('forgot password, generated paths', {
  paths: forgotPaths,
  events: FORGOT_EVENTS,
  machine: forgotPasswordMachine,
  states: ['form', 'sending', 'sent', 'failed'],
  name: typeNames,
  render: (path) => {
    let send = deferred<unknown>();
    const sent: unknown[] = [];
    const logic = forgotPasswordMachine.provide({
      actors: {
        sendResetLink: fromPromise(({ input }) => {
          sent.push(input);
          return (send = deferred()).promise;
        }),
      },
    });
    renderView(<ForgotPasswordView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'forgot.change': (e) => fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.value } }),
      'forgot.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })),
      'xstate.done.actor.sendResetLink': (e) => act(async () => send.resolve(e.output)),
      'xstate.error.actor.sendResetLink': (e) => act(async () => send.reject(e.error)),
    };
    const assertState: Record<string, (s: any) => void> = {
      form: (s) => {
        expect(screen.getByLabelText('Email')).toHaveValue(s.context.email);
        const problem = { emailRequired: 'Email is required', emailInvalid: 'Enter a valid email address' }[s.context.problem as string];
        if (problem) expect(screen.getByRole('alert')).toHaveTextContent(problem);
        else expect(screen.queryByRole('alert')).toBeNull();
      },
      sending: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
      sent: () => {
        expect(screen.getByRole('status')).toHaveTextContent('If this email is registered, a password reset link has been sent.');
        expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
      },
      failed: () => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send reset link. Please try again.'),
    };
    const snaps = replay(forgotPasswordMachine, path.steps.map((s: any) => s.event));
    // Where the form should be, worked out from what was typed and pressed (not read from the snapshot), so a
    // machine that takes a wrong step is caught even where the view follows it faithfully.
    const want = { state: 'form', email: '', problem: null as string | null, sent: [] as string[] };
    const sendNow = () => {
      want.sent.push(want.email);
      want.state = 'sending';
    };
    const follow = (e: any) => {
      if (e.type === 'forgot.change' && (want.state === 'form' || want.state === 'failed')) Object.assign(want, { state: 'form', email: e.value, problem: null });
      else if (e.type === 'forgot.submit' && want.state === 'failed') sendNow();
      else if (e.type === 'forgot.submit' && want.state === 'form') {
        want.problem = want.email === '' ? 'emailRequired' : want.email.includes('@') ? null : 'emailInvalid';
        if (!want.problem) sendNow();
      } else if (e.type === 'xstate.done.actor.sendResetLink') want.state = 'sent';
      else if (e.type === 'xstate.error.actor.sendResetLink') want.state = 'failed';
    };
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        expect(stateKey(snaps[i].value)).toBe(want.state);
        expect(sent).toEqual(want.sent);
        if (want.state === 'form') expect(snaps[i].context).toMatchObject({ email: want.email, problem: want.problem });
        assertState[stateKey(snaps[i].value)](snaps[i]);
      },
    };
  },
});

// Steps a generated walk cannot show missing: the paths are walked on the machine itself, so a step that a wrong machine
// turns into "nothing happens" is simply not walked. These fixed scenarios say what must happen.
describe('forgot password, fixed scenarios', () => {
  const start = () => {
    let send = deferred<unknown>();
    const sent: unknown[] = [];
    const logic = forgotPasswordMachine.provide({
      actors: {
        sendResetLink: fromPromise(({ input }) => {
          sent.push(input);
          return (send = deferred()).promise;
        }),
      },
    });
    renderView(<ForgotPasswordView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    return { sent, fail: () => act(async () => send.reject(httpError(0))) };
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  const type = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });

  it('Send on an empty or malformed address says what is wrong and sends nothing', () => {
    const { sent } = start();
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    type('not-an-email');
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(sent).toEqual([]);
  });

  it('after a failure, Send again sends the same address again', async () => {
    const { sent, fail } = start();
    type('asha@example.in');
    submit();
    await fail();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send reset link. Please try again.');
    submit();
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(sent).toEqual(['asha@example.in', 'asha@example.in']);
  });

  it('after a failure, typing another address goes back to the form with it', async () => {
    const { sent, fail } = start();
    type('asha@example.in');
    submit();
    await fail();
    type('ravi@example.in');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ravi@example.in');
    submit();
    expect(sent).toEqual(['asha@example.in', 'ravi@example.in']);
  });
});

describe('forgot password sent for real', () => {
  it('posts the e-mail, trimmed, to /auth/forgot-password (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/auth/forgot-password' ? { status: 200, body: { success: true, message: {} } } : { status: 404 }));
    try {
      renderView(<ForgotPasswordView />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  asha@example.in ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByRole('status')).toHaveTextContent('If this email is registered, a password reset link has been sent.');
      expect(api.calls('/auth/forgot-password').map((r) => r.body)).toEqual([{ email: 'asha@example.in' }]);
    } finally {
      await api.close();
    }
  });
});

const RESET_EVENTS = [
  { type: 'reset.change', field: 'newPassword', value: 'NewPass123' },
  { type: 'reset.change', field: 'newPassword', value: 'alllower1' },
  { type: 'reset.change', field: 'confirmPassword', value: 'NewPass123' },
  { type: 'reset.toggleShow' },
  { type: 'reset.submit' },
  { type: 'xstate.done.actor.submitReset', output: { success: true } },
  { type: 'xstate.error.actor.submitReset', error: httpError(400, 'This reset link is invalid or has expired.') },
];
const LABEL = { newPassword: 'New password', confirmPassword: 'Confirm new password' } as const;
const PROBLEM: Record<string, string> = {
  newRequired: 'New password is required',
  needsMix: 'Password must contain a lowercase letter, an uppercase letter and a digit',
  confirmRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match',
};

/** The link from the e-mail carries a token; without one the page says the link is invalid. */
const resetPaths = (token: string | null) =>
  transitionPaths(resetPasswordMachine, RESET_EVENTS, (c) => ({ f: c.form, p: Object.keys(c.problems), e: !!c.serverError }), {
    input: { token },
    unchanged: (c, e) => e.type === 'reset.change' && c.form[e.field] === e.value,
  });

describeModel('reset password, generated paths', {
  paths: variants(['tok_abcdefghijklmnopqrstuvwxyz', null].map((token) => [`token ${token ? 'present' : 'missing'}`, token, resetPaths(token)] as const)),
  events: RESET_EVENTS,
  machine: resetPasswordMachine,
  states: ['invalidLink', 'form', 'submitting', 'done'],
  name: typeNames,
  render: (path) => {
    const token = path.variant!.value as string | null;
    let submit = deferred<unknown>();
    const calls: unknown[] = [];
    const logic = resetPasswordMachine.provide({
      actors: {
        submitReset: fromPromise(({ input }) => {
          calls.push(input);
          return (submit = deferred()).promise;
        }),
      },
    });
    renderView(<ResetPasswordView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: token ? `/reset-password?token=${token}` : '/reset-password' });
    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'reset.change': (e) => fireEvent.change(screen.getByLabelText(LABEL[e.field as keyof typeof LABEL]), { target: { value: e.value } }),
      'reset.toggleShow': () => fireEvent.click(screen.getByRole('button', { name: /^(Show|Hide) New password$/ })),
      'reset.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })),
      'xstate.done.actor.submitReset': (e) => act(async () => submit.resolve(e.output)),
      'xstate.error.actor.submitReset': (e) => act(async () => submit.reject(e.error)),
    };
    const assertState: Record<string, (s: any) => void> = {
      invalidLink: () => {
        expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
        expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
      },
      form: (s) => {
        for (const f of ['newPassword', 'confirmPassword'] as const) {
          const input = screen.getByLabelText(LABEL[f]);
          expect(input).toHaveValue(s.context.form[f]);
          expect(input).toHaveAttribute('type', s.context.shown ? 'text' : 'password');
          const p = s.context.problems[f];
          if (p) expect(input).toHaveAccessibleDescription(PROBLEM[p]);
        }
        const banner = screen.queryByText(/invalid or has expired/);
        expect(!!banner).toBe(!!s.context.serverError);
      },
      submitting: () => {
        expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
        expect(calls.at(-1)).toEqual({ token, newPassword: 'NewPass123' });
      },
      done: () => {
        expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Please log in.');
        expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
      },
    };
    const snaps = replay(resetPasswordMachine, path.steps.map((s: any) => s.event), { token });
    // What the page should show, worked out from what was typed and pressed and what the server answered (not read
    // from the snapshot), so a machine that takes a wrong step is caught even where the view follows it faithfully.
    const want = {
      state: token ? 'form' : 'invalidLink',
      form: { newPassword: '', confirmPassword: '' },
      problems: {} as Record<string, string>,
      shown: false,
      serverError: false,
      calls: [] as unknown[],
    };
    // The rules for the values the paths type (RESET_EVENTS), written out here rather than taken from accountRules.
    const problemsOf = ({ newPassword, confirmPassword }: typeof want.form) => ({
      ...(newPassword === '' ? { newPassword: 'newRequired' } : newPassword === 'alllower1' ? { newPassword: 'needsMix' } : {}),
      ...(confirmPassword === '' ? { confirmPassword: 'confirmRequired' } : confirmPassword !== newPassword ? { confirmPassword: 'mismatch' } : {}),
    });
    const follow = (e: any) => {
      if (want.state === 'form' && e.type === 'reset.change') {
        want.form = { ...want.form, [e.field]: e.value };
        delete want.problems[e.field];
        want.serverError = false;
      } else if (want.state === 'form' && e.type === 'reset.toggleShow') want.shown = !want.shown;
      else if (want.state === 'form' && e.type === 'reset.submit') {
        const problems = problemsOf(want.form);
        if (Object.keys(problems).length) want.problems = problems;
        else {
          want.state = 'submitting';
          want.calls.push({ token, newPassword: want.form.newPassword });
        }
      } else if (want.state === 'submitting' && e.type === 'xstate.done.actor.submitReset') want.state = 'done';
      else if (want.state === 'submitting' && e.type === 'xstate.error.actor.submitReset') Object.assign(want, { state: 'form', serverError: true });
    };
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        const snap = snaps[i];
        expect(stateKey(snap.value)).toBe(want.state);
        expect(calls).toEqual(want.calls);
        if (want.state === 'form') {
          expect(snap.context.form).toMatchObject(want.form);
          expect(snap.context.problems).toEqual(want.problems);
          expect(snap.context.shown).toBe(want.shown);
          expect(!!snap.context.serverError).toBe(want.serverError);
          for (const f of ['newPassword', 'confirmPassword'] as const) {
            const input = screen.getByLabelText(LABEL[f]);
            expect(input).toHaveValue(want.form[f]);
            expect(input).toHaveAttribute('type', want.shown ? 'text' : 'password');
            if (want.problems[f]) expect(input).toHaveAccessibleDescription(PROBLEM[want.problems[f]]);
            else expect(input).not.toHaveAccessibleDescription(/./);
          }
          expect(!!screen.queryByText(/invalid or has expired/)).toBe(want.serverError);
        }
        assertState[stateKey(snap.value)](snap);
      },
    };
  },
});

// A submit that a wrong machine turns into "nothing happens" is not walked by the generated paths (see the forgot
// password scenarios above): this one says what Save on a form with problems must do.
describe('reset password, fixed scenarios', () => {
  it('Save on an empty or wrong form says what is wrong under each field and sends nothing', () => {
    const calls: unknown[] = [];
    const logic = resetPasswordMachine.provide({
      actors: {
        submitReset: fromPromise(({ input }) => {
          calls.push(input);
          return deferred().promise;
        }),
      },
    });
    renderView(<ResetPasswordView logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/reset-password?token=tok_abcdefghijklmnopqrstuvwxyz' });
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    const type = (field: keyof typeof LABEL, value: string) => fireEvent.change(screen.getByLabelText(LABEL[field]), { target: { value } });
    save();
    expect(screen.getByLabelText(LABEL.newPassword)).toHaveAccessibleDescription(PROBLEM.newRequired);
    expect(screen.getByLabelText(LABEL.confirmPassword)).toHaveAccessibleDescription(PROBLEM.confirmRequired);
    type('newPassword', 'alllower1');
    type('confirmPassword', 'NewPass123');
    save();
    expect(screen.getByLabelText(LABEL.newPassword)).toHaveAccessibleDescription(PROBLEM.needsMix);
    expect(screen.getByLabelText(LABEL.confirmPassword)).toHaveAccessibleDescription(PROBLEM.mismatch);
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
    expect(calls).toEqual([]);
  });
});

describe('reset password sent for real', () => {
  it('posts the link’s token and the new password to /auth/reset-password (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/auth/reset-password' ? { status: 200, body: { success: true } } : { status: 404 }));
    try {
      renderView(<ResetPasswordView />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/reset-password?token=tok_abcdefghijklmnopqrstuvwxyz' });
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewPass123' } });
      fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'NewPass123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset. Please log in.');
      expect(api.calls('/auth/reset-password').map((r) => r.body)).toEqual([{ token: 'tok_abcdefghijklmnopqrstuvwxyz', newPassword: 'NewPass123' }]);
    } finally {
      await api.close();
    }
  });
});
