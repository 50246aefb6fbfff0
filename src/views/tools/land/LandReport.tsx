/** The land report body: form, alerts, NDVI panel and the generated report. */
import { useEffect, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { LandReportContext } from '@/machines/landReport.context';
import { LandNotices } from './LandNotices';
import { LandReportForm } from './LandReportForm';
import { LandReportResults } from './LandReportResults';
import { NdviPanel } from './NdviPanel';

const m = defineMessages({
  title: { id: 'land.title', defaultMessage: 'Land and soil health report' },
  hint: { id: 'land.hint', defaultMessage: 'Enter the values from your soil health card. Latitude and longitude are needed for the satellite index.' },
});

/** `fieldPicker`: the choice of the user's field the form starts from (LandReportView). */
export function LandReport({ fieldPicker }: { fieldPicker?: ReactNode }) {
  const intl = useIntl();
  const land = LandReportContext.useActorRef();
  useEffect(() => land.send({ type: 'report.languageChanged', locale: intl.locale }), [land, intl.locale]);
  return (
    <section aria-labelledby="land-title">
      <h1 id="land-title">{intl.formatMessage(m.title)}</h1>
      <p className="tools-hint">{intl.formatMessage(m.hint)}</p>
      {fieldPicker}
      <LandReportForm />
      <LandNotices />
      <NdviPanel />
      <LandReportResults />
    </section>
  );
}
