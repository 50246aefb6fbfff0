/**
 * The land screen's alerts (spec sections 5 and 8), shown inline where the farmer is looking; and, when a PDF
 * download failed on the way and the phone keeps this field's last PDF, the choice to open that copy (with its date)
 * or try again (landReport.machine `report.keptOffered`).
 */
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatDate } from '@/i18n/format';
import { LandReportContext } from '@/machines/landReport.context';
import { NdviContext } from '@/machines/ndviRegistration.context';

const m = defineMessages({
  fillBasics: { id: 'land.fillBasics', defaultMessage: 'Please fill in all the basic information: pH, nitrogen, phosphorus and potassium.' },
  reportError: { id: 'land.reportError', defaultMessage: 'An error occurred while preparing the report' },
  downloadFailed: { id: 'land.downloadFailed', defaultMessage: 'The PDF did not download. Try again when the network is better.' },
  keptOffered: { id: 'land.keptPdf.offer', defaultMessage: 'The download failed. Open the copy saved on this phone ({when})?' },
  openKept: { id: 'land.keptPdf.open', defaultMessage: 'Open the saved copy' },
  tryAgain: { id: 'land.keptPdf.retry', defaultMessage: 'Try again' },
  fillLatLon: { id: 'land.fillLatLon', defaultMessage: 'Please fill in latitude and longitude' },
  ndviReceived: { id: 'land.ndviReceived', defaultMessage: 'NDVI data received!' },
});
const ndviErrorMessage = defineMessage<{ message: string }>({ id: 'land.ndviError', defaultMessage: 'Error while fetching NDVI: {message}' });

export function LandNotices() {
  const intl = useIntl();
  const report = LandReportContext.useActorRef();
  const land = LandReportContext.useSelector((s) => s.context.notice);
  const keptPdf = LandReportContext.useSelector((s) => (s.matches({ report: 'keptOffered' }) ? s.context.keptPdf : null));
  const ndvi = NdviContext.useSelector((s) => s.context.notice);
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain descriptor takes them.
  const offer: MessageDescriptor = m.keptOffered;
  return (
    <>
      {keptPdf && (
        <div role="alert" className="banner banner-warn land-kept-pdf" data-testid="land-kept-pdf">
          <span>{intl.formatMessage(offer, { when: formatDate(intl, keptPdf.savedAt, 'dayMonthTime') })}</span>
          <span className="tools-actions">
            <button type="button" className="button button-primary" onClick={() => report.send({ type: 'report.openKept' })}>
              {intl.formatMessage(m.openKept)}
            </button>
            <button type="button" className="button button-secondary" onClick={() => report.send({ type: 'report.download' })}>
              {intl.formatMessage(m.tryAgain)}
            </button>
          </span>
        </div>
      )}
      {land && (
        <p role="alert" className="banner banner-error">
          {intl.formatMessage(m[land.key])}
        </p>
      )}
      {ndvi && (
        <p role="alert" className={`banner ${ndvi.key === 'ndviReceived' ? 'banner-info' : 'banner-error'}`}>
          {ndvi.key === 'ndviError' ? intl.formatMessage(ndviErrorMessage, { message: ndvi.message }) : intl.formatMessage(m[ndvi.key])}
        </p>
      )}
    </>
  );
}
