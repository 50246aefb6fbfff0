/**
 * The login screen (spec 'Login', sections 5 and 8): e-mail and password; on mobile user agents a
 * toggle to an OTP tab that is only a 'coming soon' notice; a link to /forgot-password.
 */
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { SessionContext } from '@/machines/session.context';
import type { LoginFailure } from '@/machines/session.machine';
import { isMobileUserAgent } from '@/views/ui/device';
import { LanguageSwitcher } from '@/views/ui/LanguageSwitcher';
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
  twoFactorUnavailable: { id: 'login.twoFactorUnavailable', defaultMessage: 'This account needs a verification code. Please try again later.' },
  sessionExpired: { id: 'http.unauthorized', defaultMessage: 'Session expired. Please log in again.' },
  registerNotice: { id: 'login.registerNotice', defaultMessage: 'Registration is available only after login.' },
  otpComingSoon: { id: 'login.otp.comingSoon', defaultMessage: 'OTP login is coming soon.' },
  phone: { id: 'login.otp.phone', defaultMessage: 'Mobile number' },
  otpSend: { id: 'login.otp.send', defaultMessage: 'Send OTP' },
  otpFuture: { id: 'login.otp.future', defaultMessage: 'OTP login will come in a future version. Please log in with your email.' },
  backToEmail: { id: 'login.otp.backToEmail', defaultMessage: 'Back to Email Login' },
});

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = { email?: keyof typeof m; password?: keyof typeof m };

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'emailRequired';
  else if (!EMAIL_SHAPE.test(email.trim())) errors.email = 'emailInvalid';
  if (!password) errors.password = 'passwordRequired';
  return errors;
}

export function LoginView({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const submitting = SessionContext.useSelector((s) => s.matches({ anonymous: 'submitting' }));
  const failure = SessionContext.useSelector((s) => (s.matches({ anonymous: 'failed' }) ? s.context.loginError : null));
  const expired = SessionContext.useSelector((s) => s.context.notice === 'sessionExpired');
  const fromRegister = new URLSearchParams(useSearch()).get('notice') === 'register';
  const mobile = isMobileUserAgent(userAgent);
  const [mode, setMode] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [otpAnswered, setOtpAnswered] = useState(false);

  const failureText = (f: LoginFailure) =>
    f.kind === 'http' ? httpErrorMessage(intl, f.error) : intl.formatMessage(m[f.kind]);

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    session.send({ type: 'session.login', email, password });
  };

  const submitOtp = (e: FormEvent) => {
    e.preventDefault();
    setOtpAnswered(true);
  };

  const showEmail = () => {
    setMode('email');
    setOtpAnswered(false);
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

        {mobile && (
          <div className="segmented" role="tablist" aria-label={intl.formatMessage(m.modes)}>
            <button type="button" role="tab" aria-selected={mode === 'email'} onClick={showEmail}>
              {intl.formatMessage(m.emailMode)}
            </button>
            <button type="button" role="tab" aria-selected={mode === 'otp'} onClick={() => setMode('otp')}>
              {intl.formatMessage(m.otpMode)}
            </button>
          </div>
        )}

        {mode === 'email' ? (
          // Keyed forms: React must not reuse the password input as the phone input when the tab changes.
          <form key="email" className="form" onSubmit={submitEmail} noValidate aria-label={intl.formatMessage(m.heading)} aria-busy={submitting}>
            <div className="form-row">
              <label htmlFor="login-email">{intl.formatMessage(m.email)}</label>
              <input
                id="login-email"
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors((x) => ({ ...x, email: undefined }));
                }}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
              />
              {errors.email && (
                <p id="login-email-error" className="field-error">
                  {intl.formatMessage(m[errors.email])}
                </p>
              )}
            </div>
            <div className="form-row">
              <label htmlFor="login-password">{intl.formatMessage(m.password)}</label>
              <input
                id="login-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors((x) => ({ ...x, password: undefined }));
                }}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
              />
              {errors.password && (
                <p id="login-password-error" className="field-error">
                  {intl.formatMessage(m[errors.password])}
                </p>
              )}
            </div>
            {failure && (
              <p className="banner banner-error" role="alert">
                {failureText(failure)}
              </p>
            )}
            <button type="submit" className="button button-primary button-block" disabled={submitting}>
              {intl.formatMessage(submitting ? m.submitting : m.submit)}
            </button>
            <Link href="/forgot-password" className="text-link">
              {intl.formatMessage(m.forgot)}
            </Link>
          </form>
        ) : (
          <form key="otp" className="form" onSubmit={submitOtp} noValidate aria-label={intl.formatMessage(m.otpMode)}>
            <p className="banner banner-info">{intl.formatMessage(m.otpComingSoon)}</p>
            <div className="form-row">
              <label htmlFor="login-phone">{intl.formatMessage(m.phone)}</label>
              <input id="login-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={10} />
            </div>
            {otpAnswered && (
              <p className="banner banner-warn" role="alert">
                {intl.formatMessage(m.otpFuture)}
              </p>
            )}
            <button type="submit" className="button button-primary button-block">
              {intl.formatMessage(m.otpSend)}
            </button>
            <button type="button" className="button button-secondary button-block" onClick={showEmail}>
              {intl.formatMessage(m.backToEmail)}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
