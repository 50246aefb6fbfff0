/** Field details: download the field's readings for a date range as CSV, with a progress bar (readingsExport.machine). */
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { readingsExportMachine } from '@/machines/readingsExport.machine';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { formatNum } from '@/i18n/format';
import { useT } from '@/i18n/useT';
import { saveFile } from '@/views/ui/saveFile';

const m = defineMessages({
  title: { id: 'fields.export.title', defaultMessage: 'Download readings (CSV)' },
  from: { id: 'fields.export.from', defaultMessage: 'From' },
  to: { id: 'fields.export.to', defaultMessage: 'Until (not included)' },
  start: { id: 'fields.export.start', defaultMessage: 'Download' },
  cancel: { id: 'fields.export.cancel', defaultMessage: 'Cancel' },
  progress: { id: 'fields.export.progress', defaultMessage: 'Downloading: {percent}%' },
  done: { id: 'fields.export.done', defaultMessage: 'Downloaded.' },
  failed: { id: 'fields.export.failed', defaultMessage: 'The readings could not be downloaded.' },
  note: { id: 'fields.export.note', defaultMessage: 'Older than {days} days: hourly averages.' },
});

export function ReadingsExport({
  fieldId,
  logic = readingsExportMachine,
  today,
  rawDays = 90,
}: {
  fieldId: string;
  logic?: typeof readingsExportMachine;
  today?: string;
  rawDays?: number;
}) {
  const intl = useIntl();
  const t = useT();
  const [snapshot, send] = useMachine(logic.provide({ actions: { save: (_, file) => saveFile(file.filename, file.blob) } }), { input: { fieldId, today } });
  const { from, to, progress, error } = snapshot.context;
  const downloading = snapshot.matches('downloading');
  const percent = Math.floor(progress * 100);
  return (
    <section className="detail-section" aria-label={t(m.title)}>
      <h3>{t(m.title)}</h3>
      <div className="toolbar">
        <label>
          {t(m.from)}{' '}
          <input type="date" value={from} disabled={downloading} onChange={(e) => send({ type: 'export.range', from: e.target.value, to })} />
        </label>
        <label>
          {t(m.to)}{' '}
          <input type="date" value={to} disabled={downloading} onChange={(e) => send({ type: 'export.range', from, to: e.target.value })} />
        </label>
        {downloading ? (
          <button type="button" onClick={() => send({ type: 'export.cancel' })}>
            {t(m.cancel)}
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => send({ type: 'export.start' })}>
            {t(m.start)}
          </button>
        )}
      </div>
      <p className="muted">{t(m.note, { days: formatNum(rawDays, { maximumFractionDigits: 0 }) })}</p>
      {downloading && (
        <p role="status">
          <progress max={100} value={percent} aria-label={t(m.progress, { percent: formatNum(percent, { maximumFractionDigits: 0 }) })} />{' '}
          {t(m.progress, { percent: formatNum(percent, { maximumFractionDigits: 0 }) })}
        </p>
      )}
      {snapshot.matches('done') && <p role="status">{t(m.done)}</p>}
      {snapshot.matches('failed') && (
        <p role="alert" className="banner banner-error">
          {httpErrorMessage(intl, error, m.failed)}
        </p>
      )}
    </section>
  );
}
