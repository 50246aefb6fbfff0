/** Renders the land report body with both of its machines, each given the test's own actors. */
import { landReportMachine } from '@/machines/landReport.machine';
import { LandReportContext } from '@/machines/landReport.context';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { LandReport } from '@/views/tools/land/LandReport';
import { renderView } from '../support/modelHarness';

/** `fieldId`: the field the report starts from (what is kept on the phone is kept per field). */
export function renderLandReport(opts: { land?: typeof landReportMachine; ndvi?: typeof ndviRegistrationMachine; fieldId?: string } = {}) {
  return renderView(<NdviContext.Provider logic={opts.ndvi ?? ndviRegistrationMachine}>
      <LandReportContext.Provider logic={opts.land ?? landReportMachine} options={{ input: { locale: 'en-IN', fieldId: opts.fieldId ?? null } }}>
        <LandReport />
      </LandReportContext.Provider>
    </NdviContext.Provider>);
}
