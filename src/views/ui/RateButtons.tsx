/**
 * Thumbs up/down under a chatbot answer or a leaf-photo result (ratingMachine); the trust dashboard counts them.
 * Phrasing content only (a span), so it may sit inside a chat line's paragraph.
 */
import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { useT } from '@/i18n/useT';
import { ratingMachine } from '@/machines/rating.machine';
import type { RatingKind } from '../../../contracts/trust';

const m = defineMessages({
  question: { id: 'rating.question', defaultMessage: 'Was this helpful?' },
  up: { id: 'rating.up', defaultMessage: 'Helpful' },
  down: { id: 'rating.down', defaultMessage: 'Not helpful' },
  thanks: { id: 'rating.thanks', defaultMessage: 'Thank you, your rating is saved.' },
  failed: { id: 'rating.failed', defaultMessage: 'Your rating could not be saved.' },
});

export function RateButtons({ kind, subjectId, logic }: { kind: RatingKind; subjectId: string; logic?: typeof ratingMachine }) {
  const t = useT();
  const intl = useIntl();
  const [snap, send] = useMachine(useMemo(() => logic ?? ratingMachine, [logic]), { input: { kind, subjectId } });
  const { up, error } = snap.context;
  const busy = snap.hasTag('busy');
  return (
    <span className="rate" role="group" aria-label={t(m.question)}>
      <span className="rate-question">{t(m.question)}</span>
      <button type="button" className="rate-button" aria-pressed={up === true} aria-label={t(m.up)} disabled={busy} onClick={() => send({ type: 'rating.choose', up: true })}>
        👍
      </button>
      <button type="button" className="rate-button" aria-pressed={up === false} aria-label={t(m.down)} disabled={busy} onClick={() => send({ type: 'rating.choose', up: false })}>
        👎
      </button>
      {error ? (
        <span className="rate-note" role="alert">
          {httpErrorMessage(intl, error, m.failed)}
        </span>
      ) : up !== null ? (
        <span className="rate-note" role="status">
          {t(m.thanks)}
        </span>
      ) : null}
    </span>
  );
}
