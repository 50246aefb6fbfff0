/**
 * The admin's farmer table (spec section 2): search, Import/Export, the Coordinator column, Edit, and
 * Deactivate when the farmer is Active. (A coordinator's own farmers are CoordinatorFarmers.)
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { personEditOf } from '@/machines/personEditing';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { Pager } from '@/views/ui/Pager';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { EditFarmerDialog } from './EditPersonDialog';
import { SignInAccessDialog } from './SignInAccessDialog';
import { pm } from './peopleMessages';
import { EmptyRow, HeaderRow, NoticeBanner, RowAction, SearchBox, StatusBadge } from './tableParts';

const FAILED = {
  loadFailed: pm.loadFailed,
  importFailed: pm.importFailed,
  exportFailed: pm.exportFailed,
  assignFailed: pm.assignFailed,
  deactivateFailed: pm.deactivateFailed,
};

export function FarmersTable({ onAddFarmer }: { onAddFarmer?: () => void }) {
  const intl = useIntl();
  // Which person's sign-in dialog is open (view-local: the dialog runs its own machine).
  const [access, setAccess] = useState<{ id: string; name: string } | null>(null);
  const t = (d: MessageDescriptor, v?: Record<string, number>) => intl.formatMessage(d, v);
  const actor = FarmersTableContext.useActorRef();
  const farmers = FarmersTableContext.useSelector((s) => s.context.farmers);
  const page = FarmersTableContext.useSelector((s) => s.context.page);
  const totalPages = FarmersTableContext.useSelector((s) => s.context.totalPages);
  const search = FarmersTableContext.useSelector((s) => s.context.search);
  const coordinators = FarmersTableContext.useSelector((s) => s.context.coordinators);
  const notice = FarmersTableContext.useSelector((s) => s.context.notice);
  const editing = FarmersTableContext.useSelector((s) => personEditOf(s.context), shallowEqual);
  const confirmingInactive = FarmersTableContext.useSelector((s) => s.hasTag('confirmInactive'));
  const loading = FarmersTableContext.useSelector((s) => s.hasTag('loading'));
  const busy = FarmersTableContext.useSelector((s) => s.hasTag('busy'));
  const ready = FarmersTableContext.useSelector((s) => s.matches('ready'));
  const pending = FarmersTableContext.useSelector((s) => s.context.pending);

  return (
    <section className="staff-panel" aria-busy={loading || busy}>
      <div className="toolbar">
        <SearchBox label={pm.search} value={search} onSearch={(value) => actor.send({ type: 'search.change', value })} />
        <label className="button">
          {t(pm.import)}
          <input
            type="file"
            accept=".csv,text/csv"
            hidden
            disabled={!ready}
            data-testid="import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) actor.send({ type: 'import.file', file, locale: intl.locale });
              e.target.value = '';
            }}
          />
        </label>
        <button type="button" disabled={!ready} onClick={() => actor.send({ type: 'export.start' })}>
          {t(pm.export)}
        </button>
        {onAddFarmer && (
          <button type="button" onClick={onAddFarmer}>
            {t(pm.addFarmer)}
          </button>
        )}
      </div>
      {notice && (
        <NoticeBanner success={notice.kind === 'imported'} onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
          {notice.kind === 'imported' ? (
            <p>
              {t(pm.imported)}: {t(pm.importSummary, { imported: notice.imported, rejected: notice.rejected })}
              {notice.invited > 0 && <> {t(pm.importInvited, { invited: notice.invited })}</>}
            </p>
          ) : notice.kind === 'csvOnly' ? (
            <p>{t(pm.csvOnly)}</p>
          ) : (
            <p>{httpErrorMessage(intl, notice.error, FAILED[notice.kind])}</p>
          )}
          {notice.kind === 'imported' && notice.report && (
            <button type="button" onClick={() => actor.send({ type: 'report.download' })}>
              {t(pm.downloadReport)}
            </button>
          )}
        </NoticeBanner>
      )}
      {/* On a phone each farmer is a card: the name on top, every other cell under it with its column's name. */}
      <table className="staff-table stacked">
        <thead>
          <HeaderRow labels={[pm.name, pm.email, pm.phone, pm.coordinator, pm.fields, pm.status, pm.actions]} />
        </thead>
        <tbody>
          {!loading && farmers.length === 0 && <EmptyRow columns={7} text={pm.noFarmers} />}
          {farmers.map((f) => (
            <tr key={f._id}>
              <td className="stacked-title">{f.name}</td>
              <td data-label={t(pm.email)}>{f.email}</td>
              <td data-label={t(pm.phone)}>{f.phoneNumber ?? '--'}</td>
              <td data-label={t(pm.coordinator)}>
                <select
                  aria-label={`${t(pm.assign)}: ${f.name}`}
                  value={f.coordinator ?? ''}
                  disabled={!ready}
                  onChange={(e) => e.target.value && actor.send({ type: 'farmer.assign', farmerId: f._id, coordinatorId: e.target.value })}
                >
                  <option value="">{f.coordinator ? (f.coordinatorName ?? '') : t(pm.unassigned)}</option>
                  {coordinators
                    .filter((c) => c._id !== f.coordinator)
                    .map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.name}
                      </option>
                    ))}
                </select>
              </td>
              <td data-label={t(pm.fields)}>{intl.formatNumber(f.fieldCount, { numberingSystem: 'latn' })}</td>
              <td data-label={t(pm.status)}>
                <StatusBadge status={f.status} />
              </td>
              <td className="actions">
                <RowAction action={pm.edit} person={f.name} disabled={!ready} onClick={() => actor.send({ type: 'edit.open', farmer: f })} />
                <RowAction action={pm.signIn} person={f.name} disabled={!ready} onClick={() => setAccess({ id: f._id, name: f.name })} />
                {f.status !== 'Inactive' && (
                  <RowAction action={pm.deactivate} person={f.name} disabled={!ready} onClick={() => actor.send({ type: 'farmer.deactivate', id: f._id })} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {pending && (
        <ConfirmDialog
          question={
            pending.kind === 'deactivate'
              ? intl.formatMessage(pm.confirmDeactivateFarmer as MessageDescriptor, { name: pending.name })
              : intl.formatMessage(pm.confirmAssign as MessageDescriptor, { name: pending.name, coordinator: pending.coordinatorName })
          }
          busy={busy}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
        />
      )}
      <EditFarmerDialog
        {...editing}
        confirming={confirmingInactive}
        saving={busy}
        showStatus
        send={actor.send}
      />
      {access && <SignInAccessDialog userId={access.id} name={access.name} onClose={() => setAccess(null)} />}
    </section>
  );
}
