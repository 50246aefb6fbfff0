/** A row of stat cards (label over value), named for the screen; `children` adds a card or a note after them. */
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

export type StatCard = { label: MessageDescriptor; value: ReactNode };

export function StatCards({ label, cards, children }: { label: string; cards: StatCard[]; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <section className="cards" aria-label={label}>
      {cards.map((c) => (
        <div className="card stat" key={c.label.id}>
          <span className="stat-label">{intl.formatMessage(c.label)}</span>
          <span className="stat-value">{c.value}</span>
        </div>
      ))}
      {children}
    </section>
  );
}
