/** Route /disease-detector: the header, a back link and the disease detector on its own upload machine. */
import { useIntl } from 'react-intl';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { BackLink } from './BackLink';
import { DiseaseDetector } from './disease/DiseaseDetector';
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
        </DiseaseUploadContext.Provider>
      </main>
    </>
  );
}
