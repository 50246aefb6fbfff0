/**
 * /fields: field monitoring cards with Field Details; for staff also the field table (Set Location)
 * and the field map, each on its own tab so the map loads only when asked for.
 */
import { Suspense, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation } from 'wouter';
import { fieldMonitoringMachine } from '@/machines/fieldMonitoring.machine';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn, type StaffRole } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { FieldMonitoring } from './FieldMonitoring';
import '@/views/ui/workspace.css';
import { lazyRetry } from '@/shared/lazyRetry';

// The table and the map are staff tabs: their code loads only when opened.
const FieldTablePanel = lazyRetry(() => import('./FieldTablePanel').then((x) => ({ default: x.FieldTablePanel })));
const FieldMapPanel = lazyRetry(() => import('../map/FieldMapPanel').then((x) => ({ default: x.FieldMapPanel })));

const m = defineMessages({
  title: { id: 'route.fields', defaultMessage: 'Field Monitoring' },
  cards: { id: 'fields.tab.cards', defaultMessage: 'Monitoring' },
  table: { id: 'fields.tab.table', defaultMessage: 'Field Table' },
  map: { id: 'fields.tab.map', defaultMessage: 'Field Map' },
});

type Tab = 'cards' | 'table' | 'map';

export function FieldMonitoringView() {
  const t = useT();
  const { role } = useSignedIn();
  const staff = role !== 'farmer';
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<Tab>('cards');
  const [logic] = useState(() => fieldMonitoringMachine.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return (
    <>
      <AppHeader subtitle={m.title} />
      {staff && (
        <div className="staff-page" style={{ paddingBottom: 0 }}>
          <div className="segmented" role="tablist">
            {(['cards', 'table', 'map'] as const).map((k) => (
              <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}>
                {t(m[k])}
              </button>
            ))}
          </div>
        </div>
      )}
      {tab === 'cards' && (
        <FieldMonitoringContext.Provider logic={logic} options={{ input: { actorRole: role } }}>
          <FieldMonitoring />
        </FieldMonitoringContext.Provider>
      )}
      {tab === 'table' && (
        <main className="staff-page">
          <Suspense fallback={null}>
            <FieldTablePanel actorRole={role as StaffRole} onAddField={() => navigate('/add-field')} />
          </Suspense>
        </main>
      )}
      {tab === 'map' && (
        <main className="staff-page">
          <Suspense fallback={<div className="map-frame" style={{ height: 420 }} />}>
            <FieldMapPanel />
          </Suspense>
        </main>
      )}
    </>
  );
}
