/**
 * The land report screen with the network away (landFields.machine `offline`): the offline banner with when the
 * field's last report was made and Retry, the field picker (another field's kept report, or 'nothing saved for this
 * field'), then that report as it was shown — its NDVI figures and its sections — and its last PDF downloaded, with
 * its date (or a word that none was saved). A new report needs the network (the server writes it), so the form waits.
 */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatDate } from '@/i18n/format';
import { LandFieldsContext } from '@/machines/landFields.context';
import { OfflineBanner } from '@/views/ui/OfflineBanner';
import { NdviFigures } from './NdviPanel';
import { ReportSections } from './LandReportResults';

const m = defineMessages({
  title: { id: 'land.title', defaultMessage: 'Land and soil health report' },
  field: { id: 'land.field', defaultMessage: 'Field' },
  lastReport: { id: 'land.offline.lastReport', defaultMessage: 'Your last report, as it was made. A new report needs the network.' },
  needsNetwork: { id: 'land.offline.needsNetwork', defaultMessage: 'A new report needs the network.' },
  pdf: { id: 'land.offline.pdf', defaultMessage: 'Download the last PDF (saved {when})' },
  noPdf: { id: 'land.offline.noPdf', defaultMessage: 'No PDF of this report was saved on this phone. Download it once the network is back.' },
});

export function LandReportOffline() {
  const intl = useIntl();
  const fields = LandFieldsContext.useActorRef();
  const choices = LandFieldsContext.useSelector((s) => s.context.fields);
  const fieldId = LandFieldsContext.useSelector((s) => s.context.fieldId);
  const report = LandFieldsContext.useSelector((s) => s.context.keptReport);
  const offlineAt = LandFieldsContext.useSelector((s) => s.context.offlineAt);
  const pdf = LandFieldsContext.useSelector((s) => s.context.keptPdf);
  const fieldNothingSaved = LandFieldsContext.useSelector((s) => s.matches({ offline: 'fieldNothingSaved' }));
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
  const pdfLabel: MessageDescriptor = m.pdf;
  return (
    <section aria-labelledby="land-title" data-testid="land-offline">
      <h1 id="land-title">{intl.formatMessage(m.title)}</h1>
      <OfflineBanner savedAt={offlineAt} scope={fieldNothingSaved ? 'field' : 'screen'} retry={{ onRetry: () => fields.send({ type: 'fields.retry' }) }} />
      {choices.length > 0 && fieldId && (
        <div className="land-field-picker">
          <label>
            {intl.formatMessage(m.field)}
            <select name="field" value={fieldId} onChange={(e) => fields.send({ type: 'fields.pick', id: e.target.value })}>
              {choices.map((f) => (
                <option key={f._id} value={f._id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <p className="tools-hint">{intl.formatMessage(report ? m.lastReport : m.needsNetwork)}</p>
      {report && (
        <>
          {pdf ? (
            // In the actions' row (1rem above and below): before, the button sat against the report's first section.
            <div className="tools-actions">
              <button type="button" className="button button-secondary" onClick={() => fields.send({ type: 'report.downloadKept' })}>
                {intl.formatMessage(pdfLabel, { when: formatDate(intl, pdf.savedAt, 'dayMonthTime') })}
              </button>
            </div>
          ) : (
            <p className="tools-hint" data-testid="land-no-pdf">
              {intl.formatMessage(m.noPdf)}
            </p>
          )}
          <NdviFigures points={report.ndvi} latest={report.ndviSummary.latest} average30d={report.ndviSummary.average30d} estimated={report.ndviSummary.estimated} />
          <ReportSections report={report} />
        </>
      )}
    </section>
  );
}
