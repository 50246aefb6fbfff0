/** On or off: the last notice, and either Enable, or New backup codes and Disable with the codes left. */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { TwoFactorActor } from './actor';
import { ErrorText } from './ErrorText';
import { m, remaining } from './twoFactorMessages';

export function OverviewStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const notice = useSelector(actor, (s) => s.context.notice);
  const isEnabled = useSelector(actor, (s) => s.context.isEnabled);
  const codesLeft = useSelector(actor, (s) => s.context.backupCodesRemaining);
  const send = actor.send;
  return (
    <section data-view="overview">
      {notice && (
        <p role="status" className="acct-banner acct-banner--ok">
          {intl.formatMessage(m[notice])}
        </p>
      )}
      <ErrorText actor={actor} />
      <p className={isEnabled ? 'acct-badge acct-badge--on' : 'acct-badge'}>{intl.formatMessage(isEnabled ? m.on : m.off)}</p>
      <p>{intl.formatMessage(m.explain)}</p>
      {isEnabled ? (
        <>
          <p>{intl.formatMessage(remaining, { count: codesLeft })}</p>
          <div className="acct-actions">
            <button type="button" onClick={() => send({ type: 'twoFactor.startRegenerate' })}>
              {intl.formatMessage(m.regenerate)}
            </button>
            <button type="button" className="acct-danger" onClick={() => send({ type: 'twoFactor.startDisable' })}>
              {intl.formatMessage(m.disable)}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="acct-primary" onClick={() => send({ type: 'twoFactor.startSetup' })}>
          {intl.formatMessage(m.enable)}
        </button>
      )}
    </section>
  );
}
