/**
 * The header's queue indicator ('2 waiting to send') and its panel: each item with its state; a refused item
 * says why (the server's translated reason) and can be discarded; an item older than OUTBOX_MAX_AGE is never
 * sent by itself and offers 'send now' or 'discard'. Nothing shows when nothing waits.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useOutbox, type OutboxActor } from '@/machines/outbox.context';
import { refusedItems, staleItem, waitingItems } from '@/machines/outbox.machine';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { HttpError, reasonFor } from '@/shared/httpError';
import './outbox.css';

const m = defineMessages({
  waiting: { id: 'outbox.waiting', defaultMessage: '{count, plural, one {# waiting to send} other {# waiting to send}}' },
  refused: { id: 'outbox.refusedCount', defaultMessage: '{count, plural, one {# not accepted} other {# not accepted}}' },
  title: { id: 'outbox.title', defaultMessage: 'Waiting to send' },
  offline: { id: 'outbox.state.offline', defaultMessage: 'No network: these will be sent when it returns.' },
  syncing: { id: 'outbox.state.syncing', defaultMessage: 'Sending…' },
  retry: { id: 'outbox.state.waiting', defaultMessage: 'Will try again shortly.' },
  itemQueued: { id: 'outbox.item.queued', defaultMessage: 'Waiting to send' },
  itemSending: { id: 'outbox.item.sending', defaultMessage: 'Sending…' },
  itemRefused: { id: 'outbox.item.refused', defaultMessage: 'Not accepted: {reason}' },
  itemStale: { id: 'outbox.item.stale', defaultMessage: 'Older than {days} days: send it now or discard it?' },
  discard: { id: 'outbox.discard', defaultMessage: 'Discard' },
  resend: { id: 'outbox.resend', defaultMessage: 'Send now' },
  close: { id: 'outbox.close', defaultMessage: 'Close' },
  chat: { id: 'outbox.kind.chat', defaultMessage: 'Question' },
  disease: { id: 'outbox.kind.disease', defaultMessage: 'Leaf photo' },
  acknowledge: { id: 'outbox.kind.acknowledge', defaultMessage: 'Alert acknowledgement' },
  message: { id: 'outbox.kind.message', defaultMessage: 'Message' },
  profile: { id: 'outbox.kind.profile', defaultMessage: 'Profile change' },
});

export function OutboxIndicator() {
  const actor = useOutbox();
  return actor ? <Indicator actor={actor} /> : null;
}

function Indicator({ actor }: { actor: OutboxActor }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const items = useSelector(actor, (s) => s.context.items);
  const context = useSelector(actor, (s) => s.context);
  const state = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'loading'));
  const waiting = waitingItems(context).length;
  const refused = refusedItems(context).length;
  if (items.length === 0) return null;
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
  const plural = (d: MessageDescriptor, count: number) => intl.formatMessage(d, { count });
  const label = [waiting > 0 && plural(m.waiting, waiting), refused > 0 && plural(m.refused, refused)].filter(Boolean).join(' · ');
  const days = Math.round(context.maxAgeMs / 86_400_000);
  return (
    <div className="outbox">
      <button
        type="button"
        className={`outbox-chip${refused > 0 ? ' outbox-chip-refused' : ''}`}
        aria-expanded={open}
        aria-controls="outbox-panel"
        onClick={() => setOpen(!open)}
        data-testid="outbox-indicator"
      >
        <span aria-hidden="true">{state === 'syncing' ? '⟳' : '⇡'}</span> {label}
      </button>
      {open && (
        <section id="outbox-panel" className="outbox-panel" aria-label={intl.formatMessage(m.title)}>
          <header className="outbox-panel-head">
            <h2>{intl.formatMessage(m.title)}</h2>
            <button type="button" className="button button-quiet" onClick={() => setOpen(false)}>
              {intl.formatMessage(m.close)}
            </button>
          </header>
          <p role="status" className="outbox-state">
            {state === 'offline' && intl.formatMessage(m.offline)}
            {state === 'syncing' && intl.formatMessage(m.syncing)}
            {state === 'waiting' && intl.formatMessage(m.retry)}
          </p>
          <ul className="outbox-items">
            {items.map((item) => {
              const stale = staleItem(context, item);
              const error = item.lastError ? new HttpError(item.lastError.status, reasonFor(item.lastError.status), item.lastError.body) : null;
              return (
                <li key={item.id} className={`outbox-item outbox-item-${stale ? 'stale' : item.status}`} data-testid="outbox-item">
                  <span className="outbox-kind">{intl.formatMessage(m[item.kind])}</span>
                  <span className="outbox-summary">{item.summary}</span>
                  <span className="outbox-item-state">
                    {error
                      ? intl.formatMessage(m.itemRefused as MessageDescriptor, { reason: httpErrorMessage(intl, error) })
                      : stale
                        ? intl.formatMessage(m.itemStale as MessageDescriptor, { days })
                        : intl.formatMessage(item.status === 'sending' ? m.itemSending : m.itemQueued)}
                  </span>
                  {(error || stale) && (
                    <span className="outbox-actions">
                      {stale && (
                        <button type="button" className="button" onClick={() => actor.send({ type: 'outbox.resend', id: item.id })}>
                          {intl.formatMessage(m.resend)}
                        </button>
                      )}
                      <button type="button" className="button button-quiet" onClick={() => actor.send({ type: 'outbox.discard', id: item.id })}>
                        {intl.formatMessage(m.discard)}
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
