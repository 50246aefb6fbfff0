/** The land screen's alerts (spec sections 5 and 8), shown inline where the farmer is looking. */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { LandReportContext } from '@/machines/landReport.context';
import { NdviContext } from '@/machines/ndviRegistration.context';

const m = defineMessages({
  fillBasics: { id: 'land.fillBasics', defaultMessage: 'Please fill in all the basic information: pH, nitrogen, phosphorus and potassium.' },
  reportError: { id: 'land.reportError', defaultMessage: 'An error occurred while preparing the report' },
  fillLatLon: { id: 'land.fillLatLon', defaultMessage: 'Please fill in latitude and longitude' },
  ndviReceived: { id: 'land.ndviReceived', defaultMessage: 'NDVI data received!' },
});
const ndviErrorMessage = defineMessage<{ message: string }>({ id: 'land.ndviError', defaultMessage: 'Error while fetching NDVI: {message}' });

export function LandNotices() {
  const intl = useIntl();
  const land = LandReportContext.useSelector((s) => s.context.notice);
  const ndvi = NdviContext.useSelector((s) => s.context.notice);
  return (
    <>
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
