/** Route /disease-detector: the header, a back link, the disease detector on its own upload machine and the farmer's past diagnoses. */
import { useIntl } from 'react-intl';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { diseaseHistoryMachine } from '@/machines/diseaseHistory.machine';
import { DiseaseHistoryContext } from '@/machines/diseaseHistory.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { BackLink } from './BackLink';
import { DiseaseDetector } from './disease/DiseaseDetector';
import { DiseaseHistory } from './disease/DiseaseHistory';
import './tools.css';

export function DiseaseDetectorView() {
  const intl = useIntl();
  return (
    <>
      <AppHeader />
      <main className="page">
        <BackLink />
        {/* A new language starts a fresh check, so the result comes back in it. */}
        <DiseaseUploadContext.Provider key={intl.locale} logic={diseaseUploadMachine} options={{ input: { locale: intl.locale } }}>
          <DiseaseDetector />
          <DiseaseHistoryContext.Provider logic={diseaseHistoryMachine}>
            <DiseaseHistory />
          </DiseaseHistoryContext.Provider>
        </DiseaseUploadContext.Provider>
      </main>
    </>
  );
}
