/** /farmer/:id and /farmer/:id/edit: one farmer's details, with the Edit Farmer dialog. */
import { defineMessages } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { personEditOf } from '@/machines/personEditing';
import { FarmerDetailContext } from '@/machines/farmerDetail.context';
import { farmerDetailMachine } from '@/machines/farmerDetail.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { EditFarmerDialog } from './EditPersonDialog';
import { pm } from './peopleMessages';
import '@/views/ui/workspace.css';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  view: { id: 'route.farmer', defaultMessage: 'Farmer' },
  missing: { id: 'farmerDetail.missing', defaultMessage: 'This farmer was not found.' },
  failed: { id: 'farmerDetail.failed', defaultMessage: 'Could not load this farmer. Please try again.' },
  retry: { id: 'farmerDetail.retry', defaultMessage: 'Retry' },
});

function FarmerDetail() {
  const t = useT();
  const actor = FarmerDetailContext.useActorRef();
  const farmer = FarmerDetailContext.useSelector((s) => s.context.farmer);
  const editing = FarmerDetailContext.useSelector((s) => personEditOf(s.context), shallowEqual);
  const confirmingInactive = FarmerDetailContext.useSelector((s) => s.hasTag('confirmInactive'));
  const admin = FarmerDetailContext.useSelector((s) => s.context.actorRole !== 'coordinator');
  const missing = FarmerDetailContext.useSelector((s) => s.matches('missing'));
  const failed = FarmerDetailContext.useSelector((s) => s.matches('failed'));
  const busy = FarmerDetailContext.useSelector((s) => s.hasTag('busy'));
  const loading = FarmerDetailContext.useSelector((s) => s.hasTag('loading'));
  const editMode = FarmerDetailContext.useSelector((s) => s.context.mode === 'edit');
  return (
    <main className="staff-page" aria-busy={loading}>
      <h1>{editMode ? t(pm.editFarmer) : (farmer?.name ?? t(m.view))}</h1>
      {missing && <p role="alert" className="banner banner-error">{t(m.missing)}</p>}
      {failed && (
        <div role="alert" className="banner banner-error">
          <p>{t(m.failed)}</p>
          <button type="button" onClick={() => actor.send({ type: 'load.retry' })}>
            {t(m.retry)}
          </button>
        </div>
      )}
      {farmer && (
        <section className="staff-panel">
          <dl className="facts">
            {[
              [t(pm.email), farmer.email],
              [t(pm.phoneNumber), farmer.phoneNumber ?? '--'],
              [t(pm.coordinator), farmer.coordinatorName ?? t(pm.unassigned)],
              [t(pm.fields), formatNum(farmer.fieldCount, { maximumFractionDigits: 3 })],
              [t(pm.status), t(farmer.status === 'Inactive' ? pm.inactive : pm.active)],
            ].map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <button type="button" onClick={() => actor.send({ type: 'edit.open' })}>
            {t(pm.edit)}
          </button>
        </section>
      )}
      <EditFarmerDialog
        {...editing}
        confirming={confirmingInactive}
        saving={busy}
        showStatus={admin}
        send={actor.send}
      />
    </main>
  );
}

/** `logic` lets a test give the page its own load and save. */
export function FarmerDetailView({ id, mode, logic = farmerDetailMachine }: { id: string; mode: 'view' | 'edit'; logic?: typeof farmerDetailMachine }) {
  const { role } = useSignedIn();
  return (
    <>
      <AppHeader subtitle={m.view} />
      <FarmerDetailContext.Provider key={`${id}:${mode}`} logic={logic} options={{ input: { id, mode, editing: mode === 'edit', actorRole: role } }}>
        <FarmerDetail />
      </FarmerDetailContext.Provider>
    </>
  );
}
