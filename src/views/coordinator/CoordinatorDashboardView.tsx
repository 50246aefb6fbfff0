/** The coordinator dashboard (spec section 2): greeting, stat cards, previews of 5, live alerts, field map, quick actions. */
import { Suspense, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { dashboardMachine } from '@/machines/dashboard.machine';
import { DashboardContext } from '@/machines/dashboard.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { cropLabel } from '@/views/ui/cropLabels';
import { QuickActions, RecentAlerts, StatCard } from '@/views/dashboard/DashboardParts';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import '@/views/ui/workspace.css';
import { formatNum } from '@/i18n/format';
import { lazyRetry } from '@/shared/lazyRetry';

const FieldMap = lazyRetry(() => import('../map/FieldMap').then((x) => ({ default: x.FieldMap })));

const m = defineMessages({
  title: { id: 'route.coordinatorDashboard', defaultMessage: 'Coordinator Dashboard' },
  welcome: { id: 'coordinatorDashboard.welcome', defaultMessage: 'Welcome back, {name}!' },
  addFarmer: { id: 'coordinatorDashboard.addFarmer', defaultMessage: 'Add Farmer' },
  myFarmers: { id: 'coordinatorDashboard.myFarmers', defaultMessage: 'My Farmers' },
  activeFields: { id: 'coordinatorDashboard.activeFields', defaultMessage: 'Active Fields' },
  ofTotal: { id: 'coordinatorDashboard.ofTotal', defaultMessage: 'of {total}' },
  alertsWeek: { id: 'coordinatorDashboard.alertsWeek', defaultMessage: 'Alerts This Week' },
  avgYield: { id: 'coordinatorDashboard.avgYield', defaultMessage: 'Avg Yield (%)' },
  noHarvestYet: { id: 'coordinatorDashboard.noHarvestYet', defaultMessage: 'No harvest recorded yet' },
  fieldMap: { id: 'coordinatorDashboard.fieldMap', defaultMessage: 'Field Map' },
  fieldList: { id: 'coordinatorDashboard.fieldList', defaultMessage: 'Field List' },
  noFarmers: { id: 'people.noFarmers', defaultMessage: 'No farmers found.' },
  noFields: { id: 'fields.noFields', defaultMessage: 'No fields found.' },
  viewAll: { id: 'coordinatorDashboard.viewAll', defaultMessage: 'View all' },
  quickActions: { id: 'dashboard.quickActions', defaultMessage: 'Quick Actions' },
  analytics: { id: 'dashboard.analytics', defaultMessage: 'Analytics' },
  alerts: { id: 'dashboard.alerts', defaultMessage: 'Alerts' },
  monitoring: { id: 'dashboard.fieldMonitoring', defaultMessage: 'Field Monitoring' },
});

function CoordinatorDashboard({ name }: { name: string }) {
  const intl = useIntl();
  const t = useT();
  const actor = DashboardContext.useActorRef();
  const stats = DashboardContext.useSelector((s) => s.context.stats);
  const farmers = DashboardContext.useSelector((s) => s.context.farmers);
  const alerts = DashboardContext.useSelector((s) => s.context.alerts);
  const fields = DashboardContext.useSelector((s) => s.context.fields);
  const pins = DashboardContext.useSelector((s) => s.context.pins);
  const loading = DashboardContext.useSelector((s) => s.hasTag('loading'));
  const n = (v: number) => formatNum(v, { maximumFractionDigits: 1 });
  const go = (to: string) => actor.send({ type: 'nav.go', to });
  return (
    <main className="staff-page" aria-busy={loading}>
      <div className="toolbar">
        <div style={{ flex: 1 }}>
          <h1>{t(m.title)}</h1>
          <p className="tagline">{t(m.welcome, { name })}</p>
        </div>
        <button type="button" className="primary" onClick={() => go('/add-farmer')}>
          {t(m.addFarmer)}
        </button>
      </div>
      <div className="stat-grid">
        <StatCard label={m.myFarmers} value={n(stats.farmers)} />
        <StatCard label={m.activeFields} value={n(stats.activeFields)} hint={t(m.ofTotal, { total: n(stats.totalFields) })} />
        <StatCard label={m.alertsWeek} value={n(stats.alerts)} />
        {stats.averageYield === null ? (
          <StatCard label={m.avgYield} value="--" hint={t(m.noHarvestYet)} />
        ) : (
          <StatCard label={m.avgYield} value={`${n(stats.averageYield)}%`} />
        )}
      </div>
      <div className="panel-grid">
        <section className="staff-panel" aria-label={t(m.myFarmers)}>
          <h2>{t(m.myFarmers)}</h2>
          {farmers.length === 0 ? (
            <p className="muted">{t(m.noFarmers)}</p>
          ) : (
            <ul className="field-list">
              {farmers.map((f) => (
                <li key={f._id}>
                  <span>{f.name}</span>
                  <span className="muted">{f.phoneNumber ?? ''}</span>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="link-button" onClick={() => go('/farmers')}>
            {t(m.viewAll)}
          </button>
        </section>
        <RecentAlerts alerts={alerts} />
        <section className="staff-panel" aria-label={t(m.fieldMap)}>
          <h2>{t(m.fieldMap)}</h2>
          <Suspense fallback={<div className="map-frame" style={{ height: 280 }} />}>
            <FieldMap pins={pins} height={280} listLimit={5} />
          </Suspense>
        </section>
        <section className="staff-panel" aria-label={t(m.fieldList)}>
          <h2>{t(m.fieldList)}</h2>
          {fields.length === 0 ? (
            <p className="muted">{t(m.noFields)}</p>
          ) : (
            <ul className="field-list">
              {fields.map((f) => (
                <li key={f._id}>
                  <span>
                    {f.fieldName} <span className="muted">· {f.farmerName ?? '--'}</span>
                  </span>
                  <span className={`badge badge-${f.status}`}>{f.crop ? cropLabel(intl, f.crop) : '--'}</span>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="link-button" onClick={() => go('/fields')}>
            {t(m.viewAll)}
          </button>
        </section>
      </div>
      <QuickActions
        title={m.quickActions}
        onGo={go}
        actions={[
          [m.addFarmer, '/add-farmer'],
          [m.analytics, '/analytics'],
          [m.alerts, '/alerts'],
          [m.monitoring, '/fields'],
        ]}
      />
    </main>
  );
}

/** `logic` lets a test give the dashboard its own loads and alert feed; the page provides navigation. */
export function CoordinatorDashboardView({ logic = dashboardMachine }: { logic?: typeof dashboardMachine }) {
  const { name } = useSignedIn();
  const [, navigate] = useLocation();
  const [machine] = useState(() => logic.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return (
    <>
      <AppHeader subtitle={m.title} />
      <DashboardContext.Provider logic={machine} options={{ input: { kind: 'coordinator' } }}>
        <CoordinatorDashboard name={name} />
      </DashboardContext.Provider>
    </>
  );
}
