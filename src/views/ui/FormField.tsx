/**
 * The labelled input and the error banner every sign-in and account form shows, written once. Two looks: `form`
 * (the sign-in card: `form-row`, `field-error`, `banner banner-error`) and `acct` (the account screens and dialogs:
 * `acct-field`, `acct-error-text` said at once, `acct-banner acct-banner--error`).
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

export type FormLook = 'form' | 'acct';

const LOOK = {
  form: { row: 'form-row', error: 'field-error', banner: 'banner banner-error' },
  acct: { row: 'acct-field', error: 'acct-error-text', banner: 'acct-banner acct-banner--error' },
} as const;

type TextFieldProps = {
  id: string;
  label: ReactNode;
  /** The field's problem, shown under it (`<id>-error`) and marking the input invalid. */
  error?: string | false | null;
  look?: FormLook;
  onValue?: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'aria-invalid' | 'aria-describedby'>;

/** A label, its input and the input's problem under it. */
export function TextField({ id, label, error, look = 'form', onValue, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={LOOK[look].row}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        onChange={onValue && ((e) => onValue(e.target.value))}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={LOOK[look].error} role={look === 'acct' ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Why the form's last try failed, said at once; nothing when there is no text. */
export function ErrorBanner({ text, look = 'form' }: { text: ReactNode; look?: FormLook }) {
  return text ? (
    <p className={LOOK[look].banner} role="alert">
      {text}
    </p>
  ) : null;
}
