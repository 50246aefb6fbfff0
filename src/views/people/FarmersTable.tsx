/**
 * The farmer table (spec section 2): search, Import/Export and the Coordinator column for admins,
 * Edit for everyone who sees the row, Deactivate for admins when the farmer is Active.
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { Pager } from '../staff/Pager';
import { useFailureText } from '../staff/ServerError';
import { EditPersonDialog } from './EditPersonDialog';
import { pm } from './peopleMessages';

const FAILED = {
  loadFailed: pm.loadFailed,
  importFailed: pm.importFailed,
  exportFailed: pm.exportFailed,
  assignFailed: pm.assignFailed,
  deactivateFailed: pm.deactivateFailed,
};

export function FarmersTable({ onAddFarmer }: { onAddFarmer?: () => void }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const t = (d: MessageDescriptor, v?: Record<string, number>) => intl.formatMessage(d, v);
  const actor = FarmersTableContext.useActorRef();
  const admin = FarmersTableContext.useSelector((s) => s.context.actorRole !== 'coordinator');
  const farmers = FarmersTableContext.useSelector((s) => s.context.farmers);
  const page = FarmersTableContext.useSelector((s) => s.context.page);
  const totalPages = FarmersTableContext.useSelector((s) => s.context.totalPages);
  const search = FarmersTableContext.useSelector((s) => s.context.search);
  const coordinators = FarmersTableContext.useSelector((s) => s.context.coordinators);
  const notice = FarmersTableContext.useSelector((s) => s.context.notice);
  const edit = FarmersTableContext.useSelector((s) => s.context.edit);
  const editProblem = FarmersTableContext.useSelector((s) => s.context.editProblem);
  const editError = FarmersTableContext.useSelector((s) => s.context.editError);
  const loading = FarmersTableContext.useSelector((s) => s.hasTag('loading'));
  const busy = FarmersTableContext.useSelector((s) => s.hasTag('busy'));
  const ready = FarmersTableContext.useSelector((s) => s.matches('ready'));

  return (
    <section className="staff-panel" aria-busy={loading || busy}>
      <div className="toolbar">
        <input
          type="search"
          aria-label={t(pm.search)}
          placeholder={t(pm.search)}
          value={search}
          onChange={(e) => actor.send({ type: 'search.change', value: e.target.value })}
        />
        {admin && (
          <>
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
                  if (file) actor.send({ type: 'import.file', file });
                  e.target.value = '';
                }}
              />
            </label>
            <button type="button" disabled={!ready} onClick={() => actor.send({ type: 'export.start' })}>
              {t(pm.export)}
            </button>
          </>
        )}
        {onAddFarmer && (
          <button type="button" onClick={onAddFarmer}>
            {t(pm.addFarmer)}
          </button>
        )}
      </div>
      {notice && (
        <div role={notice.kind === 'imported' ? 'status' : 'alert'} className={`banner ${notice.kind === 'imported' ? 'banner-success' : 'banner-error'}`}>
          {notice.kind === 'imported' ? (
            <p>
              {t(pm.imported)}: {t(pm.importSummary, { imported: notice.imported, rejected: notice.rejected })}
            </p>
          ) : notice.kind === 'csvOnly' ? (
            <p>{t(pm.csvOnly)}</p>
          ) : (
            <p>{failureText(notice.error, FAILED[notice.kind])}</p>
          )}
          {notice.kind === 'imported' && notice.report && (
            <button type="button" onClick={() => actor.send({ type: 'report.download' })}>
              {t(pm.downloadReport)}
            </button>
          )}
          <button type="button" onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t(pm.dismiss)}
          </button>
        </div>
      )}
      <table className="staff-table">
        <thead>
          <tr>
            <th>{t(pm.name)}</th>
            <th>{t(pm.email)}</th>
            <th>{t(pm.phone)}</th>
            {admin && <th>{t(pm.coordinator)}</th>}
            <th>{t(pm.fields)}</th>
            <th>{t(pm.status)}</th>
            <th>{t(pm.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {!loading && farmers.length === 0 && (
            <tr>
              <td colSpan={admin ? 7 : 6}>{t(pm.noFarmers)}</td>
            </tr>
          )}
          {farmers.map((f) => (
            <tr key={f._id}>
              <td>{f.name}</td>
              <td>{f.email}</td>
              <td>{f.phoneNumber ?? '--'}</td>
              {admin && (
                <td>
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
              )}
              <td>{intl.formatNumber(f.fieldCount, { numberingSystem: 'latn' })}</td>
              <td>
                <span className={`badge ${f.status === 'Inactive' ? 'badge-muted' : 'badge-ok'}`}>{t(f.status === 'Inactive' ? pm.inactive : pm.active)}</span>
              </td>
              <td className="actions">
                <button type="button" disabled={!ready} aria-label={`${t(pm.edit)}: ${f.name}`} onClick={() => actor.send({ type: 'edit.open', farmer: f })}>
                  {t(pm.edit)}
                </button>
                {admin && f.status !== 'Inactive' && (
                  <button type="button" disabled={!ready} aria-label={`${t(pm.deactivate)}: ${f.name}`} onClick={() => actor.send({ type: 'farmer.deactivate', id: f._id })}>
                    {t(pm.deactivate)}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {edit && (
        <EditPersonDialog
          title={pm.editFarmer}
          draft={edit}
          problem={editProblem}
          error={editError}
          failedText={pm.updateFarmerFailed}
          saving={busy}
          showStatus={admin}
          onChange={(key, value) => actor.send({ type: 'edit.change', key, value })}
          onSave={() => actor.send({ type: 'edit.save' })}
          onCancel={() => actor.send({ type: 'edit.cancel' })}
        />
      )}
    </section>
  );
}
