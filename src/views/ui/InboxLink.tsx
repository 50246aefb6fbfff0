/** The farmer's header link to their messages, with the unread count kept live by the inbox badge machine. */
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'wouter';
import { inboxBadgeMachine } from '@/machines/inboxBadge.machine';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  messages: { id: 'header.messages', defaultMessage: 'Messages' },
  unreadLabel: {
    id: 'header.messages.unread',
    defaultMessage: '{count, plural, =0 {Messages, none unread} one {Messages, # unread} other {Messages, # unread}}',
  },
});

export function InboxLink({ logic = inboxBadgeMachine }: { logic?: typeof inboxBadgeMachine }) {
  const intl = useIntl();
  const [snapshot] = useMachine(logic);
  const unread = snapshot.context.unread;
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
  const withCount: MessageDescriptor = m.unreadLabel;
  const label = unread === null ? intl.formatMessage(m.messages) : intl.formatMessage(withCount, { count: unread });
  return (
    <Link href="/messages" className="header-link inbox-link" aria-label={label}>
      {intl.formatMessage(m.messages)}
      {unread !== null && unread > 0 && (
        <span className="badge-count" aria-hidden="true" data-testid="unread-count">
          {formatNum(Math.min(unread, 99), { maximumFractionDigits: 3 })}
          {unread > 99 ? '+' : ''}
        </span>
      )}
    </Link>
  );
}
