import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { CHANGE_PASSWORD_SUCCESS_MS, changePasswordMachine } from '../../../src/machines/changePassword.machine';
import { ChangePasswordDialog } from '../../../src/views/account/ChangePasswordDialog';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, httpError, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const LABEL = { currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm new password' } as const;
const EVENTS = [
  { type: 'password.change', field: 'currentPassword', value: 'OldPass123' },
  { type: 'password.change', field: 'newPassword', value: 'short' },
  { type: 'password.change', field: 'newPassword', value: 'NewPass123' },
  { type: 'password.change', field: 'confirmPassword', value: 'NewPass123' },
  { type: 'password.toggleShow', field: 'newPassword' },
  { type: 'password.submit' },
  { type: 'password.cancel' },
  { type: 'xstate.done.actor.submitChange', output: { success: true } },
  { type: 'xstate.error.actor.submitChange', error: httpError(400, 'Current password is incorrect.') },
  { type: 'xstate.done.actor.successTimer', output: undefined },
];
const PROBLEM_TEXT: Record<string, string> = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: 'Password must be at least 8 characters',
  needsMix: 'Password must contain a lowercase letter, an uppercase letter and a digit',
  confirmRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match',
};

const all = transitionPaths(
  changePasswordMachine,
  EVENTS,
  (c) => ({ f: c.form, p: Object.keys(c.problems).length > 0, e: !!c.serverError }),
  { stopWhen: (s) => s.status === 'done', unchanged: (c, e) => e.type === 'password.change' && c.form[e.field] === e.value },
);

/**
 * What the checks below read of a state, part by part: the dialog (state, the server's refusal) and each field with
 * its value, whether it is shown and its problem. Each field is drawn by its own input from its own slice of context,
 * so the rendered paths show every value, visibility and problem of every field in every state, not every combination
 * of them (the rules that make the problems are tested in accountRules' own tests and the fixed scenarios below).
 */
const screenOf = (s: any): string[] => {
  const c = s.context;
  const state = stateKey(s.value);
  return [
    `${state} refused=${!!c.serverError}`,
    ...(Object.keys(LABEL) as (keyof typeof LABEL)[]).map((f) => `${state} ${f}=${JSON.stringify(c.form[f])} shown=${c.shown[f]} ${c.problems[f] ?? ''}`),
  ];
};

describeModel('change-password dialog, generated paths', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: leafPaths(all),
  all,
  screen: screenOf,
  events: EVENTS,
  states: ['form', 'submitting', 'success', 'closed'],
  name: typeNames,
  render: (path) => {
    let submit = deferred<unknown>();
    let timer = deferred<void>();
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    const sent: unknown[] = [];
    const logic = changePasswordMachine.provide({
      actors: {
        submitChange: fromPromise(({ input }) => {
          sent.push(input);
          return (submit = deferred()).promise;
        }),
        successTimer: fromPromise(() => (timer = deferred<void>()).promise) as never,
      },
    });
    renderView(<ChangePasswordDialog logic={logic} onClose={onClose} onSuccess={onSuccess} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const dialog = () => screen.getByRole('dialog', { hidden: true });

    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'password.change': (e) =>
        fireEvent.change(within(dialog()).getByLabelText(LABEL[e.field as keyof typeof LABEL]), { target: { value: e.value } }),
      'password.toggleShow': () => fireEvent.click(within(dialog()).getByRole('button', { name: /New password$/ })),
      'password.submit': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Change password' })),
      'password.cancel': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.submitChange': (e) => act(async () => submit.resolve(e.output)),
      'xstate.error.actor.submitChange': (e) => act(async () => submit.reject(e.error)),
      'xstate.done.actor.successTimer': () => act(async () => timer.resolve()),
    };
    const assertState: Record<string, (s: any) => void> = {
      form: (s) => {
        for (const f of Object.keys(LABEL) as (keyof typeof LABEL)[]) {
          const input = within(dialog()).getByLabelText(LABEL[f]) as HTMLInputElement;
          expect(input.value).toBe(s.context.form[f]);
          expect(input.type).toBe(s.context.shown[f] ? 'text' : 'password');
          const problem = s.context.problems[f];
          if (problem) expect(input).toHaveAccessibleDescription(PROBLEM_TEXT[problem]);
          else expect(input).not.toHaveAttribute('aria-invalid', 'true');
        }
        const banner = within(dialog()).queryByText(/Current password is incorrect/);
        expect(!!banner).toBe(!!s.context.serverError);
        expect(within(dialog()).getByRole('button', { name: 'Change password' })).toBeEnabled();
      },
      submitting: () => expect(within(dialog()).getByRole('button', { name: 'Changing…' })).toBeDisabled(),
      success: () => {
        expect(within(dialog()).getByRole('status')).toHaveTextContent('Password changed successfully');
        expect(onSuccess).not.toHaveBeenCalled();
      },
      closed: () => {
        expect(onClose).toHaveBeenCalledOnce();
        expect(onSuccess).toHaveBeenCalledTimes(path.steps.some((st: any) => st.state.value === 'success') ? 1 : 0);
      },
    };

    const snapshots = replay(changePasswordMachine, path.steps.map((st: any) => st.event));
    // What the dialog should show, worked out from what the path typed and pressed and what the server answered (not
    // read from the snapshot), so a machine that takes a wrong step is caught even where the view follows it faithfully.
    type Field = keyof typeof LABEL;
    const want = {
      state: 'form',
      form: { currentPassword: '', newPassword: '', confirmPassword: '' } as Record<Field, string>,
      problems: {} as Record<string, string>,
      shown: { currentPassword: false, newPassword: false, confirmPassword: false } as Record<Field, boolean>,
      serverError: false,
      sent: [] as unknown[],
      closed: 0,
      succeeded: 0,
    };
    // The rules for the values the paths type (EVENTS), written out here rather than taken from accountRules.
    const problemsOf = ({ currentPassword, newPassword, confirmPassword }: Record<Field, string>) => ({
      ...(currentPassword === '' ? { currentPassword: 'currentRequired' } : {}),
      ...(newPassword === '' ? { newPassword: 'newRequired' } : newPassword === 'short' ? { newPassword: 'tooShort' } : {}),
      ...(confirmPassword === '' ? { confirmPassword: 'confirmRequired' } : confirmPassword !== newPassword ? { confirmPassword: 'mismatch' } : {}),
    });
    const follow = (e: any) => {
      if (want.state === 'form' && e.type === 'password.change') {
        want.form = { ...want.form, [e.field]: e.value };
        delete want.problems[e.field];
        want.serverError = false;
      } else if (want.state === 'form' && e.type === 'password.toggleShow') want.shown = { ...want.shown, [e.field]: !want.shown[e.field as Field] };
      else if (want.state === 'form' && e.type === 'password.cancel') Object.assign(want, { state: 'closed', closed: 1 });
      else if (want.state === 'form' && e.type === 'password.submit') {
        const problems = problemsOf(want.form);
        if (Object.keys(problems).length) want.problems = problems;
        else {
          want.state = 'submitting';
          want.sent.push({ ...want.form });
        }
      } else if (want.state === 'submitting' && e.type === 'xstate.done.actor.submitChange') want.state = 'success';
      else if (want.state === 'submitting' && e.type === 'xstate.error.actor.submitChange') Object.assign(want, { state: 'form', serverError: true });
      else if (want.state === 'success' && e.type === 'xstate.done.actor.successTimer') Object.assign(want, { state: 'closed', closed: 1, succeeded: 1 });
    };
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        expect(stateKey(snapshots[i].value)).toBe(stateKey(step.state.value));
        expect(stateKey(snapshots[i].value)).toBe(want.state);
        expect(sent).toEqual(want.sent);
        expect(onClose).toHaveBeenCalledTimes(want.closed);
        expect(onSuccess).toHaveBeenCalledTimes(want.succeeded);
        if (want.state === 'form') {
          expect(snapshots[i].context).toMatchObject({ form: want.form, shown: want.shown });
          expect(snapshots[i].context.problems).toEqual(want.problems);
          expect(!!snapshots[i].context.serverError).toBe(want.serverError);
          for (const f of Object.keys(LABEL) as Field[]) {
            const input = within(dialog()).getByLabelText(LABEL[f]) as HTMLInputElement;
            expect(input.value).toBe(want.form[f]);
            expect(input.type).toBe(want.shown[f] ? 'text' : 'password');
            if (want.problems[f]) expect(input).toHaveAccessibleDescription(PROBLEM_TEXT[want.problems[f]]);
            else expect(input).not.toHaveAttribute('aria-invalid', 'true');
          }
          expect(!!within(dialog()).queryByText(/Current password is incorrect/)).toBe(want.serverError);
        }
        assertState[stateKey(step.state.value)](snapshots[i]);
      },
    };
  },
});

describe('change-password dialog', () => {
  it('shows the spec Marathi messages', async () => {
    renderView(<ChangePasswordDialog onClose={() => {}} />, { session: SIGNED_IN_FARMER, locale: 'mr', intlLocale: 'mr' });
    fireEvent.change(screen.getByLabelText('नवीन पासवर्ड'), { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByLabelText('नवीन पासवर्डची पुष्टी करा'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'पासवर्ड बदला' }));
    expect(screen.getByText('सध्याचा पासवर्ड आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText(/लहान अक्षर, एक मोठे अक्षर आणि एक अंक/)).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड जुळत नाही')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('नवीन पासवर्डची पुष्टी करा'), { target: { value: 'xy' } });
    expect(screen.queryByText('पासवर्ड जुळत नाही')).not.toBeInTheDocument();
  });
});

// A submit that a wrong machine turns into "nothing happens" is not walked by the generated paths: this says what
// Change password on a form with problems must do.
describe('change-password dialog, fixed scenarios', () => {
  it('Change password on an empty or wrong form says what is wrong under each field and sends nothing', () => {
    const sent: unknown[] = [];
    const logic = changePasswordMachine.provide({
      actors: {
        submitChange: fromPromise(({ input }) => {
          sent.push(input);
          return deferred().promise;
        }),
      },
    });
    renderView(<ChangePasswordDialog logic={logic} onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const dialog = screen.getByRole('dialog', { hidden: true });
    const field = (f: keyof typeof LABEL) => within(dialog).getByLabelText(LABEL[f]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(field('currentPassword')).toHaveAccessibleDescription(PROBLEM_TEXT.currentRequired);
    expect(field('newPassword')).toHaveAccessibleDescription(PROBLEM_TEXT.newRequired);
    expect(field('confirmPassword')).toHaveAccessibleDescription(PROBLEM_TEXT.confirmRequired);
    fireEvent.change(field('currentPassword'), { target: { value: 'OldPass123' } });
    fireEvent.change(field('newPassword'), { target: { value: 'short' } });
    fireEvent.change(field('confirmPassword'), { target: { value: 'NewPass123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(field('newPassword')).toHaveAccessibleDescription(PROBLEM_TEXT.tooShort);
    expect(field('confirmPassword')).toHaveAccessibleDescription(PROBLEM_TEXT.mismatch);
    expect(sent).toEqual([]);
  });
});

describe('change password sent for real', () => {
  it('posts the current and the new password (not the confirmation) to /auth/change-password, then closes (the machine’s own call and timer, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/auth/change-password' ? { status: 200, body: { success: true } } : { status: 404 }));
    try {
      let closedAt = 0;
      const onClose = vi.fn(() => {
        closedAt = performance.now();
      });
      const onSuccess = vi.fn();
      renderView(<ChangePasswordDialog onClose={onClose} onSuccess={onSuccess} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      const dialog = screen.getByRole('dialog', { hidden: true });
      for (const [field, value] of [['currentPassword', 'OldPass123'], ['newPassword', 'NewPass123'], ['confirmPassword', 'NewPass123']] as const)
        fireEvent.change(within(dialog).getByLabelText(LABEL[field]), { target: { value } });
      const clickedAt = performance.now();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await within(dialog).findByRole('status')).toHaveTextContent('Password changed successfully');
      expect(api.calls('/auth/change-password').map((r) => r.body)).toEqual([{ currentPassword: 'OldPass123', newPassword: 'NewPass123' }]);
      // The dialog closes by itself 2 s after the success (a real timer: generous on a busy machine).
      await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 15_000 });
      expect(onSuccess).toHaveBeenCalledOnce();
      // Not sooner than the 2 s after the answer (a timer never fires early; the request took some time on top).
      expect(closedAt - clickedAt).toBeGreaterThanOrEqual(CHANGE_PASSWORD_SUCCESS_MS - 5);
    } finally {
      await api.close();
    }
  }, 30_000);
});
