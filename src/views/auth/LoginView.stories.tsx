import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { loginFormMachine } from '@/machines/loginForm.machine';
import { otpLoginMachine } from '@/machines/otpLogin.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { LoginResult } from '@/machines/session.machine';
import { HttpError } from '@/shared/httpError';
import { demoUser, storySessionActors } from '@/views/storyFixtures';
import { LoginView } from './LoginView';

const user = demoUser('farmer', { email: 'sunita@example.in' });
const loginFn = fn<(input: { email: string; password: string }) => Promise<LoginResult>>();
const navigate = fn<(to: string) => void>();

const session = {
  logic: sessionMachine.provide({
    actors: { login: fromPromise(({ input }) => loginFn(input)), ...storySessionActors },
    actions: { navigate: (_, { to }) => navigate(to) },
  }),
};

/** The login form as the server configures it: OTP sign-in off (the default) or on (OTP_LOGIN_ENABLED). */
const verifyOtpFn = fn<(input: { phoneNumber: string; otp: string }) => Promise<LoginResult>>();
const formWithOtp = (otpLoginEnabled: boolean) =>
  loginFormMachine.provide({
    actors: {
      authOptions: fromPromise(async () => ({ otpLoginEnabled })),
      otpLogin: otpLoginMachine.provide({
        actors: {
          requestOtp: fromPromise<unknown, { phoneNumber: string }>(async () => ({ success: true })),
          verifyOtp: fromPromise<LoginResult, { phoneNumber: string; otp: string }>(({ input }) => verifyOtpFn(input)),
        },
      }),
    },
  });

const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

const meta = {
  title: 'Auth/LoginView',
  component: LoginView,
  args: { userAgent: DESKTOP },
  parameters: { route: '/login', session },
  beforeEach: () => {
    loginFn.mockReset();
    navigate.mockReset();
    verifyOtpFn.mockReset();
  },
} satisfies Meta<typeof LoginView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('tablist')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: mr['login.forgotPassword'] })).toHaveAttribute('href', '/forgot-password');
  },
};

export const ValidatesEmail: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['login.submit'] }));
    await expect(canvas.getByText(mr['validation.emailRequired'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['validation.passwordRequired'])).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(mr['login.email']), 'sunita.example.in');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.submit'] }));
    await expect(canvas.getByText(mr['validation.emailInvalid'])).toBeInTheDocument();
    await expect(loginFn).not.toHaveBeenCalled();
  },
};

export const SignsIn: Story = {
  beforeEach: () => {
    loginFn.mockResolvedValue({ accessToken: 'a-1', refreshToken: 'r-1', user });
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['login.email']), 'sunita@example.in');
    await userEvent.type(canvas.getByLabelText(mr['login.password']), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.submit'] }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    await expect(loginFn).toHaveBeenCalledWith({ email: 'sunita@example.in', password: 'Secret123' });
  },
};

export const WrongPassword: Story = {
  beforeEach: () => {
    loginFn.mockRejectedValue(new HttpError(401, 'unauthorized'));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['login.email']), 'sunita@example.in');
    await userEvent.type(canvas.getByLabelText(mr['login.password']), 'wrong-one');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.submit'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['login.invalidCredentials']);
    await expect(navigate).not.toHaveBeenCalled();
  },
};

export const TooManyAttempts: Story = {
  beforeEach: () => {
    loginFn.mockRejectedValue(new HttpError(429, 'tooMany'));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['login.email']), 'sunita@example.in');
    await userEvent.type(canvas.getByLabelText(mr['login.password']), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.submit'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['http.tooMany']);
  },
};

export const MobileOtpComingSoon: Story = {
  args: { userAgent: ANDROID, logic: formWithOtp(false) },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['login.password']), 'Secret123');
    await userEvent.click(canvas.getByRole('tab', { name: mr['login.mode.otp'] }));
    await expect(await canvas.findByText(mr['login.otp.comingSoon'])).toBeInTheDocument();
    // The typed password must never show up in the phone field.
    await expect(canvas.getByLabelText(mr['login.otp.phone'])).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.otp.send'] }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(mr['login.otp.future']);
    await userEvent.click(canvas.getByRole('button', { name: mr['login.otp.backToEmail'] }));
    await expect(canvas.getByLabelText(mr['login.email'])).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: mr['login.mode.email'] })).toHaveAttribute('aria-selected', 'true');
  },
};

/** With OTP_LOGIN_ENABLED: a mobile number, the code from the SMS, and the farmer is signed in. */
export const MobileOtpSignIn: Story = {
  args: { userAgent: ANDROID, logic: formWithOtp(true) },
  play: async ({ canvas }) => {
    verifyOtpFn.mockResolvedValue({ accessToken: 'a', refreshToken: 'r', user });
    await userEvent.click(canvas.getByRole('tab', { name: mr['login.mode.otp'] }));
    await userEvent.type(await canvas.findByLabelText(mr['login.otp.phone']), '98220 00001');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.otp.send'] }));
    await userEvent.type(await canvas.findByLabelText(mr['login.otp.code']), '123456');
    await userEvent.click(canvas.getByRole('button', { name: mr['login.otp.verify'] }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    await expect(verifyOtpFn).toHaveBeenCalledWith({ phoneNumber: '9822000001', otp: '123456' });
  },
};

export const AfterRegisterRedirect: Story = {
  parameters: { route: '/login?notice=register' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(mr['login.registerNotice'])).toBeInTheDocument();
  },
};
