/**
 * The header every signed-in screen shares: logo, शेतमित्र, optional subtitle, the notification bell (every role),
 * language, a farmer's messages, profile, logout.
 */
import { Suspense, useContext } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'wouter';
import { SessionContext } from '@/machines/session.context';
import { useOutbox } from '@/machines/outbox.context';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { useOutboxPillPlace } from './outboxPillSlot';
import { NotificationCentreContext } from './notificationCentreContext';
import { lazyRetry } from '@/shared/lazyRetry';

// The bell loads with the signed-in person's notification centre (app/NotificationCentreProvider.tsx); its place
// is kept meanwhile, so nothing in the header moves when it comes.
const NotificationBell = lazyRetry(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
const bellPlace = <span className="bell bell-place" aria-hidden="true" />;

// A farmer's messages link: its unread count (the inbox badge machine) loads after the first paint; meanwhile the
// same link without a count holds its place (the count only ever appears once it has been fetched).
const InboxLink = lazyRetry(() => import('./InboxLink').then((m) => ({ default: m.InboxLink })));

// The outbox's chip (with its machine's helpers) loads once the signed-in user's outbox has started.
const OutboxIndicator = lazyRetry(() => import('./OutboxIndicator').then((m) => ({ default: m.OutboxIndicator })));

const m = defineMessages({
  title: { id: 'app.title', defaultMessage: 'शेतमित्र' },
  home: { id: 'header.home', defaultMessage: 'Home' },
  profile: { id: 'header.profile', defaultMessage: 'Profile' },
  logout: { id: 'header.logout', defaultMessage: 'Logout' },
  loggingOut: { id: 'header.loggingOut', defaultMessage: 'Logging out…' },
  messages: { id: 'header.messages', defaultMessage: 'Messages' },
});

export function AppHeader({ subtitle }: { subtitle?: MessageDescriptor }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const userName = SessionContext.useSelector((s) => s.context.user?.name);
  const isFarmer = SessionContext.useSelector((s) => s.context.user?.role === 'farmer');
  const loggingOut = SessionContext.useSelector((s) => s.matches({ authenticated: 'loggingOut' }));
  const canLogout = SessionContext.useSelector((s) => s.can({ type: 'session.logout' }));
  const outbox = useOutbox();
  // The pill says the outbox's count on this screen: the offline banner below leaves it out (one count, not two).
  useOutboxPillPlace(outbox !== null);
  const centre = useContext(NotificationCentreContext);
  return (
    <header className="app-header">
      <Link href="/" className="brand" aria-label={intl.formatMessage(m.home)}>
        <Logo />
        <span className="brand-text">
          <span className="brand-title" lang="mr">
            {intl.formatMessage(m.title)}
          </span>
          {subtitle && <span className="brand-subtitle">{intl.formatMessage(subtitle)}</span>}
        </span>
      </Link>
      {centre ? (
        <Suspense fallback={bellPlace}>
          <NotificationBell />
        </Suspense>
      ) : (
        bellPlace
      )}
      {outbox && (
        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
      )}
      <nav className="header-actions">
        <LanguageSwitcher />
        {isFarmer && (
          <Suspense
            fallback={
              <Link href="/messages" className="header-link inbox-link">
                {intl.formatMessage(m.messages)}
              </Link>
            }
          >
            <InboxLink />
          </Suspense>
        )}
        <Link href="/profile" className="header-link" title={userName}>
          {intl.formatMessage(m.profile)}
        </Link>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => session.send({ type: 'session.logout' })}
          disabled={!canLogout}
          aria-busy={loggingOut}
        >
          {intl.formatMessage(loggingOut ? m.loggingOut : m.logout)}
        </button>
      </nav>
    </header>
  );
}
