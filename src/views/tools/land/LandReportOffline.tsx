/**
 * The land report screen with the network away (landFields.machine `offline`): the offline banner with when the last
 * report was made and Retry, then that report as it was shown — its NDVI figures and its sections. A new report needs
 * the network (the server writes it), so the form waits for it.
 */
import { defineMessages, useIntl } from 'react-intl';
import { LandFieldsContext } from '@/machines/landFields.context';
import { OfflineBanner } from '@/views/ui/OfflineBanner';
import { NdviFigures } from './NdviPanel';
import { ReportSections } from './LandReportResults';

const m = defineMessages({
  title: { id: 'land.title', defaultMessage: 'Land and soil health report' },
  lastReport: { id: 'land.offline.lastReport', defaultMessage: 'Your last report, as it was made. A new report needs the network.' },
  needsNetwork: { id: 'land.offline.needsNetwork', defaultMessage: 'A new report needs the network.' },
});

export function LandReportOffline() {
  const intl = useIntl();
  const fields = LandFieldsContext.useActorRef();
  const report = LandFieldsContext.useSelector((s) => s.context.keptReport);
  const offlineAt = LandFieldsContext.useSelector((s) => s.context.offlineAt);
  return (
    <section aria-labelledby="land-title" data-testid="land-offline">
      <h1 id="land-title">{intl.formatMessage(m.title)}</h1>
      <OfflineBanner savedAt={offlineAt} retry={{ onRetry: () => fields.send({ type: 'fields.retry' }) }} />
      <p className="tools-hint">{intl.formatMessage(report ? m.lastReport : m.needsNetwork)}</p>
      {report && (
        <>
          <NdviFigures points={report.ndvi} latest={report.ndviSummary.latest} average30d={report.ndviSummary.average30d} estimated={report.ndviSummary.estimated} />
          <ReportSections report={report} />
        </>
      )}
    </section>
  );
}
