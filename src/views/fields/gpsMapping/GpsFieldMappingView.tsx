/**
 * /gps-field-mapping: four stat cards, Add Field Location / View Map / Refresh, the device position,
 * 'Your Fields' with View Details and Update GPS, and the first three nearby fields and weather stations.
 * Everything runs in gpsMappingMachine; this tree only sends events. Each part is a file of this folder;
 * the map dialog loads the shared maplibre FieldMap lazily, so maplibre stays out of this route's first chunk.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { gpsMappingMachine } from '@/machines/gpsMapping.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { AddDialog } from './AddDialog';
import { DetailsDialog } from './DetailsDialog';
import { m } from './gpsMessages';
import { GpsMoveDialog } from './GpsMoveDialog';
import { MapDialog } from './MapDialog';
import { NearbyFields } from './NearbyFields';
import { Notices } from './Notices';
import { PositionLine } from './PositionLine';
import { StatCards } from './StatCards';
import { Stations } from './Stations';
import { Toolbar } from './Toolbar';
import { YourFields } from './YourFields';
import './gps.css';

export function GpsFieldMappingView({ logic }: { logic?: typeof gpsMappingMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? gpsMappingMachine, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page gps-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <GpsMappingContext.Provider logic={machine}>
          <StatCards />
          <Toolbar />
          <Notices />
          <PositionLine />
          <AddDialog />
          <MapDialog />
          <DetailsDialog />
          <GpsMoveDialog />
          <div className="gps-columns">
            <YourFields />
            <aside className="gps-side">
              <NearbyFields />
              <Stations />
            </aside>
          </div>
        </GpsMappingContext.Provider>
      </main>
    </>
  );
}
