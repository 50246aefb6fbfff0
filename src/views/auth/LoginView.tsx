/**
 * The login screen (spec 'Login', sections 5 and 8): e-mail and password; on mobile user agents a
 * toggle to an OTP tab, which is a 'coming soon' notice unless the operator turned mobile OTP on
 * (OTP_LOGIN_ENABLED; the form machine asks the server); a link to /forgot-password.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { loginFormMachine } from '@/machines/loginForm.machine';
import { SessionContext } from '@/machines/session.context';
import type { loginTwoFactorMachine } from '@/machines/loginTwoFactor.machine';
import type { otpLoginMachine } from '@/machines/otpLogin.machine';
import { OtpLoginForm } from '@/views/auth/OtpLoginForm';
import { TwoFactorLoginStep } from '@/views/account/TwoFactorLoginStep';
import type { ActorRefFrom } from 'xstate';
import type { LoginFailure } from '@/machines/session.machine';
import { isMobileUserAgent } from '@/views/ui/device';
import { LanguageSwitcher } from '@/views/ui/LanguageSwitcher';
import { ErrorBanner, TextField } from '@/views/ui/FormField';
import { Logo } from '@/views/ui/Logo';

const m = defineMessages({
  title: { id: 'app.title', defaultMessage: 'शेतमित्र' },
  tagline: { id: 'login.tagline', defaultMessage: 'Your partner in the field' },
  heading: { id: 'login.heading', defaultMessage: 'Login' },
  modes: { id: 'login.modes', defaultMessage: 'Login method' },
  emailMode: { id: 'login.mode.email', defaultMessage: 'Email Login' },
  otpMode: { id: 'login.mode.otp', defaultMessage: 'OTP Login' },
  email: { id: 'login.email', defaultMessage: 'Email' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  submit: { id: 'login.submit', defaultMessage: 'Login' },
  submitting: { id: 'login.submitting', defaultMessage: 'Logging in…' },
  forgot: { id: 'login.forgotPassword', defaultMessage: 'Forgot Password?' },
  emailRequired: { id: 'validation.emailRequired', defaultMessage: 'Email is required' },
  emailInvalid: { id: 'validation.emailInvalid', defaultMessage: 'Enter a valid email address' },
  passwordRequired: { id: 'validation.passwordRequired', defaultMessage: 'Password is required' },
  invalidCredentials: { id: 'login.invalidCredentials', defaultMessage: 'Invalid email or password' },
  sessionExpired: { id: 'http.unauthorized', defaultMessage: 'Session expired. Please log in again.' },
  registerNotice: { id: 'login.registerNotice', defaultMessage: 'Registration is available only after login.' },
  otpComingSoon: { id: 'login.otp.comingSoon', defaultMessage: 'OTP login is coming soon.' },
  phone: { id: 'login.otp.phone', defaultMessage: 'Mobile number' },
  otpSend: { id: 'login.otp.send', defaultMessage: 'Send OTP' },
  otpFuture: { id: 'login.otp.future', defaultMessage: 'OTP login will come in a future version. Please log in with your email.' },
  backToEmail: { id: 'login.otp.backToEmail', defaultMessage: 'Back to Email Login' },
  otpChecking: { id: 'login.otp.checking', defaultMessage: 'Checking sign-in options…' },
});

const FIELD_ERROR = {
  email: { required: m.emailRequired, invalid: m.emailInvalid },
  password: { required: m.passwordRequired },
} as const;

export function LoginView({ userAgent = navigator.userAgent, logic = loginFormMachine }: { userAgent?: string; logic?: typeof loginFormMachine }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const submitting = SessionContext.useSelector((s) => s.matches({ anonymous: 'submitting' }));
  const failure = SessionContext.useSelector((s) => (s.matches({ anonymous: 'failed' }) ? s.context.loginError : null));
  const expired = SessionContext.useSelector((s) => s.context.notice === 'sessionExpired');
  const secondFactor = SessionContext.useSelector((s) =>
    s.matches({ anonymous: 'secondFactor' }) ? ((s.children.loginTwoFactor as ActorRefFrom<typeof loginTwoFactorMachine> | undefined) ?? null) : null,
  );
  const fromRegister = new URLSearchParams(useSearch()).get('notice') === 'register';
  const form = useActorRef(logic, { input: { session, mobile: isMobileUserAgent(userAgent) } });
  const mobile = useSelector(form, (s) => s.context.mobile);
  const mode = useSelector(form, (s) => (s.matches('otp') ? 'otp' : 'email'));
  const otpPhase = useSelector(form, (s) =>
    s.matches({ otp: 'checking' }) ? 'checking' : s.matches({ otp: 'live' }) ? 'live' : 'comingSoon',
  );
  const otpAnswered = useSelector(form, (s) => s.matches({ otp: { comingSoon: 'answered' } }));
  const otpLogin = useSelector(form, (s) => (s.children.otpLogin as ActorRefFrom<typeof otpLoginMachine> | undefined) ?? null);
  const backToEmail = () => form.send({ type: 'login.emailChosen' });
  const email = useSelector(form, (s) => s.context.email);
  const password = useSelector(form, (s) => s.context.password);
  const emailError = useSelector(form, (s) => s.context.errors.email);
  const passwordError = useSelector(form, (s) => s.context.errors.password);

  const failureText = (f: LoginFailure) =>
    f.kind === 'http' ? httpErrorMessage(intl, f.error) : intl.formatMessage(m[f.kind]);

  const submit = (type: 'login.submitted' | 'login.otpSubmitted') => (e: FormEvent) => {
    e.preventDefault();
    form.send({ type });
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <Logo size={56} />
          <h1 className="brand-title" lang="mr">
            {intl.formatMessage(m.title)}
          </h1>
          <p className="tagline">{intl.formatMessage(m.tagline)}</p>
        </div>
        <div className="login-language">
          <LanguageSwitcher />
        </div>

        {fromRegister && <p className="banner banner-info">{intl.formatMessage(m.registerNotice)}</p>}
        {expired && !failure && <p className="banner banner-warn">{intl.formatMessage(m.sessionExpired)}</p>}

        {secondFactor ? (
          <TwoFactorLoginStep actor={secondFactor} />
        ) : (
          <>
        {mobile && (
          <div className="segmented" role="tablist" aria-label={intl.formatMessage(m.modes)}>
            <button type="button" role="tab" aria-selected={mode === 'email'} onClick={() => form.send({ type: 'login.emailChosen' })}>
              {intl.formatMessage(m.emailMode)}
            </button>
            <button type="button" role="tab" aria-selected={mode === 'otp'} onClick={() => form.send({ type: 'login.otpChosen' })}>
              {intl.formatMessage(m.otpMode)}
            </button>
          </div>
        )}

        {mode === 'email' ? (
          // Keyed forms: React must not reuse the password input as the phone input when the tab changes.
          <form key="email" className="form" onSubmit={submit('login.submitted')} noValidate aria-label={intl.formatMessage(m.heading)} aria-busy={submitting}>
            <TextField
              id="login-email"
              label={intl.formatMessage(m.email)}
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onValue={(value) => form.send({ type: 'login.emailChanged', value })}
              error={emailError && intl.formatMessage(FIELD_ERROR.email[emailError])}
            />
            <TextField
              id="login-password"
              label={intl.formatMessage(m.password)}
              type="password"
              autoComplete="current-password"
              value={password}
              onValue={(value) => form.send({ type: 'login.passwordChanged', value })}
              error={passwordError && intl.formatMessage(FIELD_ERROR.password[passwordError])}
            />
            <ErrorBanner text={failure && failureText(failure)} />
            <button type="submit" className="button button-primary button-block" disabled={submitting}>
              {intl.formatMessage(submitting ? m.submitting : m.submit)}
            </button>
            <Link href="/forgot-password" className="text-link">
              {intl.formatMessage(m.forgot)}
            </Link>
          </form>
        ) : otpPhase === 'checking' ? (
          <div key="otp-checking" className="form" aria-busy="true">
            <p role="status">{intl.formatMessage(m.otpChecking)}</p>
            <button type="button" className="button button-secondary button-block" onClick={backToEmail}>
              {intl.formatMessage(m.backToEmail)}
            </button>
          </div>
        ) : otpPhase === 'live' && otpLogin ? (
          // Keyed by the child: after a sign-in handed over, a fresh child starts a fresh form.
          <OtpLoginForm key={otpLogin.id + otpLogin.sessionId} actor={otpLogin} onBack={backToEmail} />
        ) : (
          <form key="otp" className="form" onSubmit={submit('login.otpSubmitted')} noValidate aria-label={intl.formatMessage(m.otpMode)}>
            <p className="banner banner-info">{intl.formatMessage(m.otpComingSoon)}</p>
            <TextField id="login-phone" label={intl.formatMessage(m.phone)} type="tel" inputMode="numeric" autoComplete="tel" maxLength={10} />
            {otpAnswered && (
              <p className="banner banner-warn" role="alert">
                {intl.formatMessage(m.otpFuture)}
              </p>
            )}
            <button type="submit" className="button button-primary button-block">
              {intl.formatMessage(m.otpSend)}
            </button>
            <button type="button" className="button button-secondary button-block" onClick={backToEmail}>
              {intl.formatMessage(m.backToEmail)}
            </button>
          </form>
        )}
          </>
        )}
      </div>
    </main>
  );
}
