/** 'New version ready — update': shown when a new version of the app waits (appUpdate machine); the view only sends events. */
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { appUpdateMachine } from '@/machines/appUpdate.machine';
import './updatePrompt.css';

const m = defineMessages({
  ready: { id: 'app.update.ready', defaultMessage: 'A new version of ShetMitra is ready.' },
  update: { id: 'app.update.accept', defaultMessage: 'Update' },
  later: { id: 'app.update.later', defaultMessage: 'Later' },
  updating: { id: 'app.update.updating', defaultMessage: 'Updating…' },
});

export function UpdatePrompt({ logic = appUpdateMachine }: { logic?: typeof appUpdateMachine }) {
  const intl = useIntl();
  const [snapshot, send] = useMachine(logic);
  if (!snapshot.hasTag('prompt')) return null;
  const updating = snapshot.matches('updating');
  return (
    <div className="update-prompt" role="status">
      <span>{intl.formatMessage(updating ? m.updating : m.ready)}</span>
      {!updating && (
        <span className="update-actions">
          <button type="button" className="button button-primary" onClick={() => send({ type: 'update.accept' })}>
            {intl.formatMessage(m.update)}
          </button>
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'update.dismiss' })}>
            {intl.formatMessage(m.later)}
          </button>
        </span>
      )}
    </div>
  );
}
