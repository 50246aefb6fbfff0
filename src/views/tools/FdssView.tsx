/** Route /fdss: header, back link and decision support on its own machine. */
import { fdssMachine } from '@/machines/fdss.machine';
import { FdssContext } from '@/machines/fdss.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { BackLink } from './BackLink';
import { FarmDecisionSupport } from './fdss/FarmDecisionSupport';
import './tools.css';

export function FdssView() {
  return (
    <>
      <AppHeader />
      <main className="page">
        <BackLink />
        <FdssContext.Provider logic={fdssMachine}>
          <FarmDecisionSupport />
        </FdssContext.Provider>
      </main>
    </>
  );
}
