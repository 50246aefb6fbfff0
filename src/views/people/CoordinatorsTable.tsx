/** The admin's coordinators table (spec section 2, Admin dashboard): search, client-side pages of 10, edit, deactivate. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { COORDINATOR_PAGE_SIZE, matchingCoordinators, pageCount } from '@/machines/coordinatorsTable.machine';
import { Pager } from '../staff/Pager';
import { useFailureText } from '../staff/ServerError';
import { EditPersonDialog } from './EditPersonDialog';
import { pm } from './peopleMessages';

export function CoordinatorsTable({ onAddCoordinator }: { onAddCoordinator?: () => void }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const actor = CoordinatorsTableContext.useActorRef();
  const all = CoordinatorsTableContext.useSelector((s) => s.context.all);
  const search = CoordinatorsTableContext.useSelector((s) => s.context.search);
  const page = CoordinatorsTableContext.useSelector((s) => s.context.page);
  const notice = CoordinatorsTableContext.useSelector((s) => s.context.notice);
  const edit = CoordinatorsTableContext.useSelector((s) => s.context.edit);
  const editProblem = CoordinatorsTableContext.useSelector((s) => s.context.editProblem);
  const editError = CoordinatorsTableContext.useSelector((s) => s.context.editError);
  const loading = CoordinatorsTableContext.useSelector((s) => s.hasTag('loading'));
  const busy = CoordinatorsTableContext.useSelector((s) => s.hasTag('busy'));
  const ready = CoordinatorsTableContext.useSelector((s) => s.matches('ready'));
  const matching = matchingCoordinators(all, search);
  const shown = matching.slice((page - 1) * COORDINATOR_PAGE_SIZE, page * COORDINATOR_PAGE_SIZE);

  return (
    <section className="staff-panel" aria-busy={loading || busy} aria-label={t(pm.coordinatorsTitle)}>
      <div className="toolbar">
        <input
          type="search"
          aria-label={t(pm.searchCoordinators)}
          placeholder={t(pm.searchCoordinators)}
          value={search}
          onChange={(e) => actor.send({ type: 'search.change', value: e.target.value })}
        />
        {onAddCoordinator && (
          <button type="button" onClick={onAddCoordinator}>
            {t(pm.addCoordinator)}
          </button>
        )}
      </div>
      {notice && (
        <div role="alert" className="banner banner-error">
          <p>{failureText(notice.error, pm.deactivateCoordinatorFailed)}</p>
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
            <th>{t(pm.farmers)}</th>
            <th>{t(pm.status)}</th>
            <th>{t(pm.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {!loading && shown.length === 0 && (
            <tr>
              <td colSpan={6}>{t(pm.noCoordinators)}</td>
            </tr>
          )}
          {shown.map((c) => (
            <tr key={c._id}>
              <td>{c.name}</td>
              <td>{c.email}</td>
              <td>{c.phoneNumber ?? '--'}</td>
              <td>{intl.formatNumber(c.farmerCount, { numberingSystem: 'latn' })}</td>
              <td>
                <span className={`badge ${c.status === 'Inactive' ? 'badge-muted' : 'badge-ok'}`}>{t(c.status === 'Inactive' ? pm.inactive : pm.active)}</span>
              </td>
              <td className="actions">
                <button type="button" disabled={!ready} aria-label={`${t(pm.edit)}: ${c.name}`} onClick={() => actor.send({ type: 'edit.open', coordinator: c })}>
                  {t(pm.edit)}
                </button>
                {c.status !== 'Inactive' && (
                  <button type="button" disabled={!ready} aria-label={`${t(pm.deactivate)}: ${c.name}`} onClick={() => actor.send({ type: 'coordinator.deactivate', id: c._id })}>
                    {t(pm.deactivate)}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={pageCount(matching.length, COORDINATOR_PAGE_SIZE)} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {edit && (
        <EditPersonDialog
          title={pm.editCoordinator}
          draft={edit}
          problem={editProblem}
          error={editError}
          failedText={pm.updateCoordinatorFailed}
          saving={busy}
          showStatus
          onChange={(key, value) => actor.send({ type: 'edit.change', key, value })}
          onSave={() => actor.send({ type: 'edit.save' })}
          onCancel={() => actor.send({ type: 'edit.cancel' })}
        />
      )}
    </section>
  );
}
