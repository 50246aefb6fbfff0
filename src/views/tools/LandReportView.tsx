/**
 * Route /land-report: header, back link, and the land report with its NDVI registration machine. The report
 * starts from the user's field (a farmer's first field at once, landFields.machine); picking another field
 * starts the form again from that field's values. Offline, the last report generated shows under the offline banner.
 */
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { landFieldsMachine } from '@/machines/landFields.machine';
import { LandFieldsContext } from '@/machines/landFields.context';
import { landReportMachine } from '@/machines/landReport.machine';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { LandReportContext } from '@/machines/landReport.context';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { SessionContext } from '@/machines/session.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { BackLink } from './BackLink';
import { LandFieldPicker } from './land/LandFieldPicker';
import { LandReport } from './land/LandReport';
import { LandReportOffline } from './land/LandReportOffline';
import { saveFile } from '../ui/saveFile';
import './tools.css';

const m = defineMessages({ loading: { id: 'land.field.loading', defaultMessage: 'Loading your field…' } });

export function LandReportView() {
  const isFarmer = SessionContext.useSelector((s) => s.context.user?.role === 'farmer');
  // Offline, the field's last PDF kept on the phone is handed to the browser as the download.
  const fieldsLogic = useMemo(() => landFieldsMachine.provide({ actions: { saveFile: (_, p) => saveFile(p.name, p.blob) } }), []);
  return (
    <>
      <AppHeader />
      <main className="page">
        <BackLink />
        <NdviContext.Provider logic={ndviRegistrationMachine}>
          <LandFieldsContext.Provider logic={fieldsLogic} options={{ input: { autoPick: isFarmer } }}>
            <LandReportFromField />
          </LandFieldsContext.Provider>
        </NdviContext.Provider>
      </main>
    </>
  );
}

/**
 * The report once the field is known; a new field (or none) starts the form again from its values. With the network
 * away, the last report generated (kept on the phone) instead.
 */
export function LandReportFromField() {
  const intl = useIntl();
  const logic = useMemo(() => landReportMachine.provide({ actions: { saveFile: (_, p) => saveFile(p.name, p.blob) } }), []);
  const starting = LandFieldsContext.useSelector((s) => s.hasTag('loading'));
  const fieldId = LandFieldsContext.useSelector((s) => s.context.fieldId);
  const prefill = LandFieldsContext.useSelector((s) => s.context.prefill);
  const offline = LandFieldsContext.useSelector((s) => s.hasTag('offline'));
  if (offline && !starting) return <LandReportOffline />;
  if (starting) {
    return (
      <p role="status" aria-busy="true">
        {intl.formatMessage(m.loading)}
      </p>
    );
  }
  return (
    <LandReportContext.Provider key={`${fieldId ?? 'none'}|${prefill ? 1 : 0}`} logic={logic} options={{ input: { locale: intl.locale, prefill, fieldId } }}>
      <LandReport fieldPicker={<LandFieldPicker />} />
    </LandReportContext.Provider>
  );
}
