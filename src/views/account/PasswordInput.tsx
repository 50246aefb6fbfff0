import { useIntl } from 'react-intl';
import { hidePassword, showPassword } from './accountMessages';

type Props = {
  id: string;
  label: string;
  value: string;
  shown: boolean;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  onChange: (value: string) => void;
  onToggle: () => void;
};

/** A password field with its show/hide toggle and its error line. */
export function PasswordInput({ id, label, value, shown, error, autoComplete, onChange, onToggle }: Props) {
  const intl = useIntl();
  return (
    <div className="acct-field">
      <label htmlFor={id}>{label}</label>
      <div className="acct-password">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          maxLength={128}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="acct-icon-btn"
          aria-pressed={shown}
          aria-label={intl.formatMessage(shown ? hidePassword : showPassword, { field: label })}
          onClick={onToggle}
        >
          {shown ? '🙈' : '👁'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="acct-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
