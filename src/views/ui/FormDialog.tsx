/**
 * A modal form over the screen (the staff screens' `dialog`): its title, its content (problem banner, fields), and
 * Cancel beside the submit button. The caller sends its machine's events from `onSubmit` and `onCancel`.
 */
import type { ReactNode } from 'react';

export function FormDialog(props: {
  title: string;
  cancel: string;
  submit: string;
  /** The submit button is refused (a save under way). */
  busy: boolean;
  cancelDisabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="dialog-backdrop">
      <form
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        className="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <h2>{props.title}</h2>
        {props.children}
        <div className="form-actions">
          <button type="button" disabled={props.cancelDisabled} onClick={props.onCancel}>
            {props.cancel}
          </button>
          <button type="submit" className="primary" disabled={props.busy}>
            {props.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
