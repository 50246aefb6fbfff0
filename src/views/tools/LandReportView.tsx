/** Route /land-report: header, back link, and the land report with its NDVI registration machine. */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { landReportMachine } from '@/machines/landReport.machine';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { LandReportContext } from '@/machines/landReport.context';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { BackLink } from './BackLink';
import { LandReport } from './land/LandReport';
import { saveFile } from '../ui/saveFile';
import './tools.css';

export function LandReportView() {
  const intl = useIntl();
  const logic = useMemo(() => landReportMachine.provide({ actions: { saveFile: (_, p) => saveFile(p.name, p.blob) } }), []);
  return (
    <>
      <AppHeader />
      <main className="page">
        <BackLink />
        <NdviContext.Provider logic={ndviRegistrationMachine}>
          <LandReportContext.Provider logic={logic} options={{ input: { locale: intl.locale } }}>
            <LandReport />
          </LandReportContext.Provider>
        </NdviContext.Provider>
      </main>
    </>
  );
}
