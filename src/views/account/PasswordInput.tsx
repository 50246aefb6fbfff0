import { useIntl, type MessageDescriptor } from 'react-intl';
import { accountMessages as am, hidePassword, showPassword } from './accountMessages';

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

/** The password fields of a form: each with its problem, the new one also with the server's "too weak" reason. */
export function PasswordFields<F extends string>(props: {
  idPrefix: string;
  fields: readonly { field: F; autoComplete?: Props['autoComplete'] }[];
  form: Record<F, string>;
  /** One show/hide switch for all, or one a field. */
  shown: boolean | Record<F, boolean>;
  problems: Partial<Record<F, keyof typeof am | undefined>>;
  /** The server's reason a new password is too weak (under the new password). */
  weak?: string;
  onChange: (field: F, value: string) => void;
  onToggle: (field: F) => void;
}) {
  const intl = useIntl();
  const say = (key: keyof typeof am) => intl.formatMessage(am[key] as MessageDescriptor);
  return props.fields.map(({ field, autoComplete = 'new-password' }) => {
    const problem = props.problems[field];
    return (
      <PasswordInput
        key={field}
        id={`${props.idPrefix}-${field}`}
        label={say(field as keyof typeof am)}
        value={props.form[field]}
        shown={typeof props.shown === 'boolean' ? props.shown : props.shown[field]}
        autoComplete={autoComplete}
        error={problem ? say(problem) : field === 'newPassword' ? props.weak : undefined}
        onChange={(value) => props.onChange(field, value)}
        onToggle={() => props.onToggle(field)}
      />
    );
  });
}
