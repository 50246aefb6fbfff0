/**
 * 'Offline — last updated 10:42': a screen that shows what was last seen because the network is away (issue 17).
 * `savedAt` null: offline with nothing kept on this phone. The time is today's clock, or the day and time before today.
 * `retry`: a button in the banner (a slow network that timed out never fires the browser's 'online' event); its
 * label is 'Retry' unless the screen names it. `scope: 'field'`: with nothing kept, the banner says it of the field chosen
 * ('nothing saved for this field'; other fields may have a copy). The writes waiting in the outbox ('2 waiting to
 * send') are said by the header's pill; the banner says them only on a screen without that pill (outboxPillSlot.ts),
 * so the count is on every offline screen once.
 */
import { useSyncExternalStore } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useOutbox, type OutboxActor } from '@/machines/outbox.context';
import { formatDate } from '@/i18n/format';
import { useOutboxPillShown } from './outboxPillSlot';

const m = defineMessages({
  banner: { id: 'offline.banner', defaultMessage: 'Offline — last updated {time}' },
  nothingSaved: { id: 'offline.nothingSaved', defaultMessage: 'Offline — nothing saved on this phone yet.' },
  nothingSavedField: { id: 'offline.nothingSavedField', defaultMessage: 'Offline — nothing saved on this phone for this field yet.' },
  waiting: { id: 'outbox.waiting', defaultMessage: '{count, plural, one {# waiting to send} other {# waiting to send}}' },
  retry: { id: 'offline.retry', defaultMessage: 'Retry' },
});

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function OfflineBanner({
  savedAt,
  now = new Date(),
  retry,
  scope = 'screen',
}: {
  savedAt: string | null;
  now?: Date;
  retry?: { label?: string; onRetry: () => void };
  /** 'field': nothing kept for the field chosen (the screen may have other fields kept). */
  scope?: 'screen' | 'field';
}) {
  const intl = useIntl();
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
  const withTime: MessageDescriptor = m.banner;
  const text =
    savedAt === null
      ? intl.formatMessage(scope === 'field' ? m.nothingSavedField : m.nothingSaved)
      : intl.formatMessage(withTime, { time: formatDate(intl, savedAt, sameDay(new Date(savedAt), now) ? 'time' : 'dayMonthTime') });
  return (
    <div className="banner banner-info offline-banner" aria-live="polite" data-testid="offline-banner">
      <span>{text}</span>
      <OutboxWaiting />
      {retry && (
        <button type="button" className="button button-secondary offline-retry" onClick={retry.onRetry}>
          {retry.label ?? intl.formatMessage(m.retry)}
        </button>
      )}
    </div>
  );
}

/**
 * ' · 2 waiting to send' when the signed-in user's outbox holds writes not yet sent (refused ones are not waiting),
 * on a screen where no header pill says it.
 */
function OutboxWaiting() {
  const outbox = useOutbox();
  const pillShown = useOutboxPillShown();
  return outbox && !pillShown ? <Waiting outbox={outbox} /> : null;
}

function Waiting({ outbox }: { outbox: OutboxActor }) {
  const intl = useIntl();
  // React's own store hook, not @xstate/react's useSelector: with it the bundler split xstate out of the first
  // chunk (+1.2 KB gzipped of the farmer home's initial JavaScript).
  const count = useSyncExternalStore(
    (changed) => {
      const sub = outbox.subscribe(changed);
      return () => sub.unsubscribe();
    },
    () => outbox.getSnapshot().context.items.filter((i) => i.status !== 'refused').length,
  );
  if (count === 0) return null;
  const waiting: MessageDescriptor = m.waiting;
  return (
    <span className="offline-waiting" data-testid="offline-waiting">
      {intl.formatMessage(waiting, { count })}
    </span>
  );
}
