/** The farmer's past diagnoses under the detector: thumbnail, disease name in the reader's language, date; a tap opens it again. */
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { DiseaseHistoryContext } from '@/machines/diseaseHistory.context';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { isLocale, languageOf } from '@/i18n/locales';

const m = defineMessages({
  title: { id: 'disease.history.title', defaultMessage: 'Past diagnoses' },
  empty: { id: 'disease.history.empty', defaultMessage: 'No diagnoses yet. Each result you get is kept here.' },
  failed: { id: 'disease.history.failed', defaultMessage: 'Past diagnoses could not be loaded.' },
  retry: { id: 'disease.history.retry', defaultMessage: 'Load again' },
  more: { id: 'disease.history.more', defaultMessage: 'Show older' },
  loading: { id: 'disease.history.loading', defaultMessage: 'Loading past diagnoses…' },
});

const severityMessage = defineMessage<{ value: number }>({ id: 'disease.severityValue', defaultMessage: 'Severity {value} of 5' });

export function DiseaseHistory() {
  const intl = useIntl();
  const history = DiseaseHistoryContext.useActorRef();
  const state = DiseaseHistoryContext.useSelector((s) => s.value as string);
  const items = DiseaseHistoryContext.useSelector((s) => s.context.items);
  const hasMore = DiseaseHistoryContext.useSelector((s) => s.context.page < s.context.totalPages);
  const upload = DiseaseUploadContext.useActorRef();
  const uploadBusy = DiseaseUploadContext.useSelector((s) => s.hasTag('busy'));
  // A fresh diagnosis (not a past one opened again) lands at the top of the list.
  const fresh = DiseaseUploadContext.useSelector((s) => s.matches('result') && s.context.past === null);
  useEffect(() => {
    if (fresh) history.send({ type: 'history.reload' });
  }, [fresh, history]);
  const short = intl.locale.slice(0, 2);
  const lang = languageOf(isLocale(short) ? short : 'mr');

  return (
    <section aria-labelledby="disease-history-title" className="disease-history">
      <h2 id="disease-history-title">{intl.formatMessage(m.title)}</h2>
      {state === 'loading' && <p className="muted" role="status">{intl.formatMessage(m.loading)}</p>}
      {state === 'failed' && (
        <p role="alert" className="banner banner-error">
          {intl.formatMessage(m.failed)}{' '}
          <button type="button" className="button button-quiet" onClick={() => history.send({ type: 'history.retry' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </p>
      )}
      {state !== 'loading' && state !== 'failed' && items.length === 0 && <p className="muted">{intl.formatMessage(m.empty)}</p>}
      {items.length > 0 && (
        <ul className="disease-history-list">
          {items.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                className="disease-history-item"
                disabled={uploadBusy}
                onClick={() => upload.send({ type: 'disease.openPast', id: item._id })}
              >
                <img src={item.thumbnail} alt="" width={56} height={56} />
                <span className="disease-history-text">
                  <strong>{item.name[lang]}</strong>
                  <span className="muted">{intl.formatMessage(severityMessage, { value: item.severity })}</span>
                  <time dateTime={item.createdAt} className="muted">
                    {intl.formatDate(item.createdAt, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' })}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="button button-quiet"
          disabled={state === 'loadingMore'}
          onClick={() => history.send({ type: 'history.more' })}
        >
          {intl.formatMessage(m.more)}
        </button>
      )}
    </section>
  );
}
