/**
 * /alerts: admins get the alerts table with its actions; coordinators get the alerts screen of the farmers
 * they manage (read-only: no Actions column). Both update live from the socket feed.
 */
import { useMemo } from 'react';
import { AlertsListContext } from '@/machines/alertsList.context';
import { alertsListMachine, type Viewer } from '@/machines/alertsList.machine';
import { SessionContext } from '@/machines/session.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { AdminAlertsTable } from './AdminAlertsTable';
import { AlertLink } from './AlertLink';
import { CoordinatorAlerts } from './CoordinatorAlerts';
import './alerts.css';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({ title: { id: 'alerts.title', defaultMessage: 'Alerts' } });

const logged = alertsListMachine.provide({
  actions: { logError: (_, p: { what: string; error: unknown }) => console.error(`alerts: ${p.what} failed`, p.error) },
});

export function AlertsView({ logic }: { logic?: typeof alertsListMachine }) {
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  const viewer: Viewer = role === 'coordinator' ? 'coordinator' : 'admin';
  const machine = useMemo(() => logic ?? logged, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page alerts-page">
        <AlertsListContext.Provider key={viewer} logic={machine} options={{ input: { viewer } }}>
          <AlertLink />
          {viewer === 'admin' ? <AdminTitle /> : null}
          {viewer === 'admin' ? <AdminAlertsTable showActions /> : <CoordinatorAlerts />}
        </AlertsListContext.Provider>
      </main>
    </>
  );
}

function AdminTitle() {
  const intl = useIntl();
  return <h1>{intl.formatMessage(m.title)}</h1>;
}

