/**
 * The bell in every role's header (issue 16): the unread count (live), and a panel of the person's notifications
 * in their language — mark one or all read, load more, tap one to open what it is about. The panel is a
 * disclosure: the bell button says whether it is open, Escape or a tap outside closes it, and focus goes back to
 * the bell. It takes the full width of a phone. All behaviour is the notification centre machine's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'wouter';
import { formatDate, formatNum } from '@/i18n/format';
import { notificationCentreMachine, type NotificationItem } from '@/machines/notificationCentre.machine';
import { NotificationCentreContext, type NotificationCentreActor } from './notificationCentreContext';
import { kindLabel, notificationText } from './notificationText';
import './notificationBell.css';

const m = defineMessages({
  bell: { id: 'notifications.bell', defaultMessage: 'Notifications' },
  bellUnread: {
    id: 'notifications.bell.unread',
    defaultMessage: '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
  },
  live: {
    id: 'notifications.live',
    defaultMessage: '{count, plural, =0 {No unread notifications} one {# unread notification} other {# unread notifications}}',
  },
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  close: { id: 'notifications.close', defaultMessage: 'Close notifications' },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Mark all read' },
  markRead: { id: 'notifications.markRead', defaultMessage: 'Mark read' },
  unread: { id: 'notifications.unread', defaultMessage: 'Unread' },
  empty: { id: 'notifications.empty', defaultMessage: 'No notifications yet.' },
  loading: { id: 'notifications.loading', defaultMessage: 'Loading notifications…' },
  loadFailed: { id: 'notifications.loadFailed', defaultMessage: 'Notifications could not be loaded.' },
  retry: { id: 'notifications.retry', defaultMessage: 'Retry' },
  more: { id: 'notifications.more', defaultMessage: 'Show older' },
  loadingMore: { id: 'notifications.loadingMore', defaultMessage: 'Loading…' },
  moreFailed: { id: 'notifications.moreFailed', defaultMessage: 'Older notifications could not be loaded.' },
  markFailed: { id: 'notifications.markFailed', defaultMessage: 'Could not mark as read. Please try again.' },
});

// react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
const withCount = (d: MessageDescriptor) => d;

/**
 * The app keeps one notification centre for the signed-in person (src/app/NotificationCentreProvider.tsx), so moving
 * between screens neither reloads the list nor loses the count. Without it (stories, a view tested alone, or an
 * explicit `logic`) the bell runs its own.
 */
export function NotificationBell({ logic }: { logic?: typeof notificationCentreMachine }) {
  const shared = useContext(NotificationCentreContext);
  return shared && !logic ? <Bell actor={shared} /> : <OwnBell logic={logic ?? notificationCentreMachine} />;
}

function OwnBell({ logic }: { logic: typeof notificationCentreMachine }) {
  const actor = useNotificationCentre(logic);
  return <Bell actor={actor} />;
}

/** Starts a notification centre whose `navigate` goes through wouter (which keeps `navigate` stable). */
export function useNotificationCentre(logic: typeof notificationCentreMachine = notificationCentreMachine): NotificationCentreActor {
  const [, navigate] = useLocation();
  const [provided] = useState(() => logic.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return useActorRef(provided);
}

function Bell({ actor }: { actor: NotificationCentreActor }) {
  const intl = useIntl();
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const panelId = useId();
  const bellRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = snapshot.hasTag('open');
  const { unread, items, notice, markingId } = snapshot.context;

  // Escape or a tap outside closes the panel; opening it moves focus to its heading.
  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      send({ type: 'panel.close' });
      bellRef.current?.focus();
    };
    const onPointer = (e: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) send({ type: 'panel.close' });
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, send]);

  const label = unread === null ? intl.formatMessage(m.bell) : intl.formatMessage(withCount(m.bellUnread), { count: unread });
  const busy = snapshot.hasTag('busy');

  return (
    <div className="bell" ref={rootRef}>
      <button
        ref={bellRef}
        type="button"
        className="bell-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: open ? 'panel.close' : 'panel.open' })}
      >
        <BellIcon />
        {unread !== null && unread > 0 && (
          <span className="badge-count bell-count" aria-hidden="true" data-testid="notification-count">
            {formatNum(Math.min(unread, 99), { maximumFractionDigits: 0 })}
            {unread > 99 ? '+' : ''}
          </span>
        )}
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="notification-live">
        {unread !== null && unread > 0 ? intl.formatMessage(withCount(m.live), { count: unread }) : ''}
      </span>
      <section id={panelId} className="bell-panel" hidden={!open} aria-labelledby={`${panelId}-title`}>
        {open && (
          <>
            <div className="bell-panel__head">
              <h2 id={`${panelId}-title`} ref={headingRef} tabIndex={-1}>
                {intl.formatMessage(m.title)}
              </h2>
              {/* Unread ones may be further down than the loaded pages: the count says so too. */}
              {snapshot.matches({ list: 'ready' }) && ((unread ?? 0) > 0 || items.some((n) => n.readAt === null)) && (
                <button type="button" className="bell-text-button" disabled={busy} onClick={() => send({ type: 'notifications.markAllRead' })}>
                  {intl.formatMessage(m.markAll)}
                </button>
              )}
              <button
                type="button"
                className="bell-close"
                aria-label={intl.formatMessage(m.close)}
                onClick={() => {
                  send({ type: 'panel.close' });
                  bellRef.current?.focus();
                }}
              >
                ×
              </button>
            </div>
            {snapshot.hasTag('loading') && (
              <p className="bell-panel__note" aria-busy="true">
                {intl.formatMessage(m.loading)}
              </p>
            )}
            {snapshot.hasTag('failed') && (
              <div className="bell-panel__note bell-panel__note--error" role="alert">
                <p>{intl.formatMessage(m.loadFailed)}</p>
                <button type="button" className="button" onClick={() => send({ type: 'list.retry' })}>
                  {intl.formatMessage(m.retry)}
                </button>
              </div>
            )}
            {notice && (
              <p className="bell-panel__note bell-panel__note--error" role="alert">
                {intl.formatMessage(notice.kind === 'moreFailed' ? m.moreFailed : notice.kind === 'refreshFailed' ? m.loadFailed : m.markFailed)}
              </p>
            )}
            {snapshot.matches({ list: 'ready' }) && items.length === 0 && <p className="bell-panel__note">{intl.formatMessage(m.empty)}</p>}
            {snapshot.matches({ list: 'ready' }) && items.length > 0 && (
              <ul className="bell-list" aria-busy={snapshot.hasTag('refreshing') || undefined}>
                {items.map((n) => (
                  <NotificationRow
                    key={n._id}
                    n={n}
                    busy={busy}
                    marking={markingId === n._id}
                    onOpen={() => send({ type: 'notification.open', id: n._id })}
                    onMarkRead={() => send({ type: 'notification.markRead', id: n._id })}
                  />
                ))}
              </ul>
            )}
            {snapshot.matches({ list: 'ready' }) && snapshot.context.page < snapshot.context.totalPages && (
              <button type="button" className="bell-more" disabled={busy} aria-busy={snapshot.hasTag('loadingMore')} onClick={() => send({ type: 'list.more' })}>
                {intl.formatMessage(snapshot.hasTag('loadingMore') ? m.loadingMore : m.more)}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function NotificationRow({ n, busy, marking, onOpen, onMarkRead }: { n: NotificationItem; busy: boolean; marking: boolean; onOpen: () => void; onMarkRead: () => void }) {
  const intl = useIntl();
  const unread = n.readAt === null;
  return (
    <li className={unread ? 'bell-item bell-item--unread' : 'bell-item'} aria-busy={marking || undefined}>
      <a
        href={n.link}
        className="bell-item__open"
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
      >
        <span className="bell-item__kind">
          {unread && <span className="bell-dot" aria-hidden="true" />}
          {unread && <span className="visually-hidden">{intl.formatMessage(m.unread)}: </span>}
          {intl.formatMessage(kindLabel[n.kind])}
        </span>
        <span className="bell-item__text" id={`bell-text-${n._id}`}>
          {notificationText(intl, n)}
        </span>
        <time className="bell-item__time" dateTime={n.createdAt}>
          {formatDate(intl, n.createdAt, 'dayMonthTime')}
        </time>
      </a>
      {unread && (
        <button type="button" className="bell-text-button bell-item__mark" disabled={busy} aria-describedby={`bell-text-${n._id}`} onClick={onMarkRead}>
          {intl.formatMessage(m.markRead)}
        </button>
      )}
    </li>
  );
}

function BellIcon() {
  return (
    <svg className="bell-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        fill="currentColor"
      />
    </svg>
  );
}
