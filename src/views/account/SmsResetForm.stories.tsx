import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { smsResetMachine } from '@/machines/smsReset.machine';
import { HttpError } from '@/shared/httpError';
import { never, storyActors } from '@/views/storyFixtures';
import { SmsResetForm } from './SmsResetForm';
import './account.css';

const PHONE = '9822012345';
const CODE = '482913';
const PASSWORD = 'Shet-Mitra-2026!';
/** The server's refusal of a wrong or expired code, in the reader's language. */
const WRONG_CODE = new HttpError(400, 'badRequest', {
  statusCode: 400,
  code: 'OTP_INVALID',
  error: 'The code is wrong or has expired.',
  message: { english: 'The code is wrong or has expired.', marathi: 'कोड चुकीचा आहे किंवा त्याची मुदत संपली आहे.', hindi: 'कोड गलत है या समाप्त हो गया है।' },
} as never);

const { mocks, actors, reset } = storyActors({
  requestCode: async (_phone: string): Promise<unknown> => ({ success: true }),
  resetBySms: async (_body: { phoneNumber: string; code: string; newPassword: string }): Promise<unknown> => ({ success: true }),
});

const meta = {
  title: 'Account/SmsResetForm',
  component: SmsResetForm,
  args: { logic: smsResetMachine.provide({ actors }) },
  parameters: { route: '/forgot-password?by=sms' },
  // The card ForgotPasswordView puts it in (/forgot-password?by=sms).
  decorators: [
    (Story) => (
      <main className="acct-page acct-page--narrow">
        <div className="acct-card">
          <Story />
        </div>
      </main>
    ),
  ],
  beforeEach: reset,
} satisfies Meta<typeof SmsResetForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const send = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: mr['smsReset.send'] }));
/** The number typed and sent: the code step. */
const toCodeStep = async (canvas: Canvas) => {
  await userEvent.type(canvas.getByLabelText(mr['smsReset.phone']), PHONE);
  await send(canvas);
  await canvas.findByLabelText(mr['smsReset.code']);
};
const fillCode = async (canvas: Canvas, password = PASSWORD) => {
  await userEvent.type(canvas.getByLabelText(mr['smsReset.code']), CODE);
  await userEvent.type(canvas.getByLabelText(mr['account.password.new']), password);
  await userEvent.type(canvas.getByLabelText(mr['account.password.confirm']), password);
};
const save = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: mr['smsReset.submit'] }));

/** The number step: what it is for; an empty or short number is said beside the field and never sent. */
export const NumberWithProblem: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(mr['smsReset.explain'])).toBeInTheDocument();
    await send(canvas);
    await expect(canvas.getByRole('alert')).toHaveTextContent(mr['smsReset.phoneRequired']);
    await userEvent.type(canvas.getByLabelText(mr['smsReset.phone']), '98220');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await send(canvas);
    await expect(canvas.getByRole('alert')).toHaveTextContent(mr['smsReset.phoneInvalid']);
    await expect(mocks.requestCode).not.toHaveBeenCalled();
  },
};

/** Sending the code: the button says so and is held. */
export const Sending: Story = {
  beforeEach: () => void mocks.requestCode.mockImplementation(never),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['smsReset.phone']), PHONE);
    await send(canvas);
    await expect(canvas.getByRole('button', { name: mr['smsReset.sending'] })).toBeDisabled();
    await expect(mocks.requestCode).toHaveBeenCalledWith(PHONE);
  },
};

/** The code could not be sent: the number step again with the reason (no network here), the number kept. */
export const SendFailed: Story = {
  beforeEach: () => void mocks.requestCode.mockRejectedValue(new HttpError(0, 'network')),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['smsReset.phone']), PHONE);
    await send(canvas);
    await expect(await canvas.findByText(mr['account.network'])).toBeInTheDocument();
    await expect(canvas.getByLabelText(mr['smsReset.phone'])).toHaveValue(PHONE);
    await expect(canvas.getByRole('button', { name: mr['smsReset.send'] })).toBeEnabled();
  },
};

/**
 * The code step: 'a code has been sent'; a short code and a password that does not match are said beside their fields;
 * the eye shows the passwords.
 */
export const CodeWithProblems: Story = {
  play: async ({ canvas }) => {
    await toCodeStep(canvas);
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['smsReset.sent']);
    await userEvent.type(canvas.getByLabelText(mr['smsReset.code']), '4829');
    await userEvent.type(canvas.getByLabelText(mr['account.password.new']), PASSWORD);
    await userEvent.type(canvas.getByLabelText(mr['account.password.confirm']), 'Shet-Mitra-2025!');
    await save(canvas);
    const problems = canvas.getAllByRole('alert').map((a) => a.textContent);
    await expect(problems).toEqual([mr['smsReset.codeInvalid'], mr['account.password.mismatch']]);
    const newPassword = canvas.getByLabelText(mr['account.password.new']);
    await expect(newPassword).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: mr['account.password.show'].replace('{field}', mr['account.password.new']) }));
    await expect(newPassword).toHaveAttribute('type', 'text');
    await expect(mocks.resetBySms).not.toHaveBeenCalled();
  },
};

/** Change number: back to the number step, the number kept and the code forgotten. */
export const ChangeNumber: Story = {
  play: async ({ canvas }) => {
    await toCodeStep(canvas);
    await userEvent.type(canvas.getByLabelText(mr['smsReset.code']), CODE);
    await userEvent.click(canvas.getByRole('button', { name: mr['smsReset.changeNumber'] }));
    await expect(canvas.getByLabelText(mr['smsReset.phone'])).toHaveValue(PHONE);
    await expect(canvas.queryByLabelText(mr['smsReset.code'])).toBeNull();
    await send(canvas);
    await expect(await canvas.findByLabelText(mr['smsReset.code'])).toHaveValue('');
    await expect(mocks.requestCode).toHaveBeenCalledTimes(2);
  },
};

/** Saving: exactly what was typed is sent; both buttons are held. */
export const Saving: Story = {
  beforeEach: () => void mocks.resetBySms.mockImplementation(never),
  play: async ({ canvas }) => {
    await toCodeStep(canvas);
    await fillCode(canvas);
    await save(canvas);
    await expect(canvas.getByRole('button', { name: mr['smsReset.submitting'] })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: mr['smsReset.changeNumber'] })).toBeDisabled();
    await expect(mocks.resetBySms).toHaveBeenCalledWith({ phoneNumber: PHONE, code: CODE, newPassword: PASSWORD });
  },
};

/** A wrong or expired code: the server's words in Marathi; what was typed stays to correct. */
export const WrongCode: Story = {
  beforeEach: () => void mocks.resetBySms.mockRejectedValue(WRONG_CODE),
  play: async ({ canvas }) => {
    await toCodeStep(canvas);
    await fillCode(canvas);
    await save(canvas);
    await expect(await canvas.findByText('कोड चुकीचा आहे किंवा त्याची मुदत संपली आहे.')).toBeInTheDocument();
    await expect(canvas.getByLabelText(mr['smsReset.code'])).toHaveValue(CODE);
    await expect(canvas.getByRole('button', { name: mr['smsReset.submit'] })).toBeEnabled();
  },
};

/** Done: the password is reset, with the way to sign in. */
export const Done: Story = {
  play: async ({ canvas }) => {
    await toCodeStep(canvas);
    await fillCode(canvas);
    await save(canvas);
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['smsReset.done']);
    await waitFor(() => expect(canvas.getByRole('link', { name: mr['smsReset.login'] })).toHaveAttribute('href', '/login'));
  },
};
