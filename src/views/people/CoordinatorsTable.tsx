/** The admin's coordinators table (spec section 2, Admin dashboard): search, pages of 10, edit, deactivate. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { personEditOf } from '@/machines/personEditing';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { Pager } from '@/views/ui/Pager';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { EditPersonDialog } from './EditPersonDialog';
import { SignInAccessDialog } from './SignInAccessDialog';
import { pm } from './peopleMessages';
import { EmptyRow, HeaderRow, NoticeBanner, RowAction, SearchBox, StatusBadge } from './tableParts';

export function CoordinatorsTable({ onAddCoordinator }: { onAddCoordinator?: () => void }) {
  const intl = useIntl();
  // Which person's sign-in dialog is open (view-local: the dialog runs its own machine).
  const [access, setAccess] = useState<{ id: string; name: string } | null>(null);
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const actor = CoordinatorsTableContext.useActorRef();
  const coordinators = CoordinatorsTableContext.useSelector((s) => s.context.coordinators);
  const search = CoordinatorsTableContext.useSelector((s) => s.context.search);
  const page = CoordinatorsTableContext.useSelector((s) => s.context.page);
  const totalPages = CoordinatorsTableContext.useSelector((s) => s.context.totalPages);
  const notice = CoordinatorsTableContext.useSelector((s) => s.context.notice);
  const editing = CoordinatorsTableContext.useSelector((s) => personEditOf(s.context), shallowEqual);
  const confirmingInactive = CoordinatorsTableContext.useSelector((s) => s.hasTag('confirmInactive'));
  const loading = CoordinatorsTableContext.useSelector((s) => s.hasTag('loading'));
  const busy = CoordinatorsTableContext.useSelector((s) => s.hasTag('busy'));
  const ready = CoordinatorsTableContext.useSelector((s) => s.matches('ready'));
  const pending = CoordinatorsTableContext.useSelector((s) => (s.matches('confirming') || s.matches('deactivating') ? s.context.pending : null));

  return (
    <section className="staff-panel" aria-busy={loading || busy} aria-label={t(pm.coordinatorsTitle)}>
      <div className="toolbar">
        <SearchBox label={pm.searchCoordinators} value={search} onSearch={(value) => actor.send({ type: 'search.change', value })} />
        {onAddCoordinator && (
          <button type="button" onClick={onAddCoordinator}>
            {t(pm.addCoordinator)}
          </button>
        )}
      </div>
      {notice && (
        <NoticeBanner onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
          <p>{httpErrorMessage(intl, notice.error, pm.deactivateCoordinatorFailed)}</p>
        </NoticeBanner>
      )}
      <table className="staff-table">
        <thead>
          <HeaderRow labels={[pm.name, pm.email, pm.phone, pm.farmers, pm.status, pm.actions]} />
        </thead>
        <tbody>
          {!loading && coordinators.length === 0 && <EmptyRow columns={6} text={pm.noCoordinators} />}
          {coordinators.map((c) => (
            <tr key={c._id}>
              <td>{c.name}</td>
              <td>{c.email}</td>
              <td>{c.phoneNumber ?? '--'}</td>
              <td>{intl.formatNumber(c.farmerCount, { numberingSystem: 'latn' })}</td>
              <td>
                <StatusBadge status={c.status} />
              </td>
              <td className="actions">
                <RowAction action={pm.edit} person={c.name} disabled={!ready} onClick={() => actor.send({ type: 'edit.open', coordinator: c })} />
                <RowAction action={pm.signIn} person={c.name} disabled={!ready} onClick={() => setAccess({ id: c._id, name: c.name })} />
                {c.status !== 'Inactive' && (
                  <RowAction action={pm.deactivate} person={c.name} disabled={!ready} onClick={() => actor.send({ type: 'coordinator.deactivate', id: c._id })} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      <EditPersonDialog
        {...editing}
        confirming={confirmingInactive}
        confirmQuestion={pm.confirmDeactivateCoordinator}
        title={pm.editCoordinator}
        failedText={pm.updateCoordinatorFailed}
        saving={busy}
        showStatus
        send={actor.send}
      />
      {pending && (
        <ConfirmDialog
          question={intl.formatMessage(pm.confirmDeactivateCoordinator as MessageDescriptor, { name: pending.name })}
          busy={busy}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
        />
      )}
      {access && <SignInAccessDialog userId={access.id} name={access.name} onClose={() => setAccess(null)} />}
    </section>
  );
}
