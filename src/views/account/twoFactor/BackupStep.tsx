/** The backup codes, shown once after enabling or making new ones, with a download and Done. */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { TwoFactorActor } from './actor';
import { m } from './twoFactorMessages';

export function BackupStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const notice = useSelector(actor, (s) => s.context.notice);
  const codes = useSelector(actor, (s) => s.context.backupCodes);
  const send = actor.send;
  return (
    <section data-view="backup">
      {notice === 'enabled' && (
        <p role="status" className="acct-banner acct-banner--ok">
          {intl.formatMessage(m.enabled)}
        </p>
      )}
      <h3>{intl.formatMessage(m.backupTitle)}</h3>
      <p>{intl.formatMessage(m.backupExplain)}</p>
      <ul className="acct-codes" aria-label={intl.formatMessage(m.backupTitle)}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="acct-actions">
        <button type="button" onClick={() => send({ type: 'twoFactor.download' })}>
          {intl.formatMessage(m.download)}
        </button>
        <button type="button" className="acct-primary" onClick={() => send({ type: 'twoFactor.done' })}>
          {intl.formatMessage(m.done)}
        </button>
      </div>
    </section>
  );
}
