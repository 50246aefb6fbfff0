/**
 * The admin dashboard (spec section 2): stat cards from /admin/overview, quick actions, and the
 * coordinators table, farmers list, field table, alerts and the yield trends and field health panel embedded.
 */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation } from 'wouter';
import { dashboardMachine } from '@/machines/dashboard.machine';
import { DashboardContext } from '@/machines/dashboard.context';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { yieldTrendsMachine } from '@/machines/yieldTrends.machine';
import { YieldTrendsContext } from '@/machines/yieldTrends.context';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { adminsTableMachine } from '@/machines/adminsTable.machine';
import { AdminsTableContext } from '@/machines/adminsTable.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { FieldTablePanel } from '../fields/FieldTablePanel';
import { AdminFarmers } from '../people/AdminFarmers';
import { CoordinatorsTable } from '../people/CoordinatorsTable';
import { AdminsTable } from '../people/AdminsTable';
import { QuickActions, RecentAlerts, StatCard } from '@/views/dashboard/DashboardParts';
import { useSignedIn, type StaffRole } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { saveFile } from '../ui/saveFile';
import { YieldTrendsPanel } from './YieldTrendsPanel';
import '@/views/ui/workspace.css';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'route.adminDashboard', defaultMessage: 'Admin Dashboard' },
  coordinators: { id: 'adminDashboard.coordinators', defaultMessage: 'Coordinators' },
  admins: { id: 'people.adminsTitle', defaultMessage: 'Administrators' },
  farmers: { id: 'adminDashboard.farmers', defaultMessage: 'Farmers' },
  activeFields: { id: 'adminDashboard.activeFields', defaultMessage: 'Active Fields' },
  recentAlerts: { id: 'adminDashboard.recentAlerts', defaultMessage: 'Recent Alerts' },
  quickActions: { id: 'dashboard.quickActions', defaultMessage: 'Quick Actions' },
  addCoordinator: { id: 'roleLinks.addCoordinator', defaultMessage: 'Add Coordinator' },
  addFarmer: { id: 'roleLinks.addFarmer', defaultMessage: 'Add Farmer' },
  analytics: { id: 'dashboard.analytics', defaultMessage: 'Analytics' },
  alerts: { id: 'dashboard.alerts', defaultMessage: 'Alerts' },
  fields: { id: 'dashboard.fieldMonitoring', defaultMessage: 'Field Monitoring' },
  notificationLog: { id: 'route.notificationLog', defaultMessage: 'Notification log' },
  audit: { id: 'route.audit', defaultMessage: 'Audit trail' },
});

function AdminDashboard({ role }: { role: StaffRole }) {
  const t = useT();
  const actor = DashboardContext.useActorRef();
  const stats = DashboardContext.useSelector((s) => s.context.stats);
  const alerts = DashboardContext.useSelector((s) => s.context.alerts);
  const loading = DashboardContext.useSelector((s) => s.hasTag('loading'));
  const [, navigate] = useLocation();
  const n = (v: number) => formatNum(v, { maximumFractionDigits: 3 });
  const [yieldLogic] = useState(() => yieldTrendsMachine.provide({ actions: { download: (_, { name, data }) => saveFile(name, data) } }));
  return (
    <main className="staff-page" aria-busy={loading}>
      <h1>{t(m.title)}</h1>
      <div className="stat-grid">
        <StatCard label={m.coordinators} value={n(stats.coordinators)} />
        <StatCard label={m.farmers} value={n(stats.farmers)} />
        <StatCard label={m.activeFields} value={n(stats.activeFields)} />
        <StatCard label={m.recentAlerts} value={n(stats.alerts)} />
      </div>
      <QuickActions
        title={m.quickActions}
        onGo={(to) => actor.send({ type: 'nav.go', to })}
        actions={[
          [m.addCoordinator, '/add-coordinator'],
          [m.addFarmer, '/add-farmer'],
          [m.analytics, '/analytics'],
          [m.alerts, '/alerts'],
          [m.notificationLog, '/notification-log'],
          [m.audit, '/audit'],
        ]}
      />
      {role === 'superadmin' && (
        // Superadmins only: the server answers the admins list to nobody else (GET /admin/admins).
        <section aria-label={t(m.admins)}>
          <h2>{t(m.admins)}</h2>
          <AdminsTableContext.Provider logic={adminsTableMachine}>
            <AdminsTable />
          </AdminsTableContext.Provider>
        </section>
      )}
      <section aria-label={t(m.coordinators)}>
        <h2>{t(m.coordinators)}</h2>
        <CoordinatorsTableContext.Provider logic={coordinatorsTableMachine}>
          <CoordinatorsTable onAddCoordinator={() => navigate('/add-coordinator')} />
        </CoordinatorsTableContext.Provider>
      </section>
      <section aria-label={t(m.farmers)}>
        <h2>{t(m.farmers)}</h2>
        <AdminFarmers />
      </section>
      <section aria-label={t(m.fields)}>
        <h2>{t(m.fields)}</h2>
        <FieldTablePanel actorRole={role} onAddField={() => navigate('/add-field')} />
      </section>
      <RecentAlerts alerts={alerts} />
      <YieldTrendsContext.Provider logic={yieldLogic} options={{ input: {} }}>
        <YieldTrendsPanel />
      </YieldTrendsContext.Provider>
    </main>
  );
}

/** `logic` lets a test give the dashboard its own loads and alert feed; the page provides navigation. */
export function AdminDashboardView({ logic = dashboardMachine }: { logic?: typeof dashboardMachine }) {
  const { role } = useSignedIn();
  const [, navigate] = useLocation();
  const [machine] = useState(() => logic.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return (
    <>
      <AppHeader subtitle={m.title} />
      <DashboardContext.Provider logic={machine} options={{ input: { kind: 'admin' } }}>
        <AdminDashboard role={role as StaffRole} />
      </DashboardContext.Provider>
    </>
  );
}
