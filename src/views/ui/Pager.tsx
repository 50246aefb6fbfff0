/** Prev, numbered pages, Next (spec: pagination of 10 per page). Renders nothing for a single page. */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatNum } from '@/i18n/format';

const pm = defineMessages({
  prev: { id: 'pager.prev', defaultMessage: 'Prev' },
  next: { id: 'pager.next', defaultMessage: 'Next' },
  pageOf: { id: 'pager.pageOf', defaultMessage: 'Page {page} of {total}' },
  goToPage: { id: 'pager.goTo', defaultMessage: 'Page {page}' },
});

/** First, last and the two pages either side of the current one, so 1,000 pages stay one row. */
export function pageWindow(page: number, total: number): number[] {
  const near = new Set([1, total]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= total) near.add(n);
  return [...near].sort((a, b) => a - b);
}

export function Pager({ page, totalPages, onGo, numbered = true }: { page: number; totalPages: number; onGo: (p: number) => void; numbered?: boolean }) {
  const intl = useIntl();
  const t = (d: MessageDescriptor, v?: Record<string, number>) => intl.formatMessage(d, v);
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t(pm.pageOf, { page, total: totalPages })}>
      <button type="button" disabled={page <= 1} onClick={() => onGo(page - 1)}>
        {intl.formatMessage(pm.prev)}
      </button>
      {numbered ? (
        pageWindow(page, totalPages).map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            aria-label={t(pm.goToPage, { page: n })}
            onClick={() => onGo(n)}
          >
            {formatNum(n, { maximumFractionDigits: 3 })}
          </button>
        ))
      ) : (
        <span>{t(pm.pageOf, { page, total: totalPages })}</span>
      )}
      <button type="button" disabled={page >= totalPages} onClick={() => onGo(page + 1)}>
        {intl.formatMessage(pm.next)}
      </button>
    </nav>
  );
}
