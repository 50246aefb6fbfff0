/** The admin's coordinators table (spec section 2, Admin dashboard): search, pages of 10, edit, deactivate. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { personEditOf } from '@/machines/personEditing';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { ConfirmDialog } from './ConfirmDialog';
import { EditPersonDialog } from './EditPersonDialog';
import { StaffTable } from './StaffTable';
import { pm } from './peopleMessages';
import { RowAction } from './tableParts';

export function CoordinatorsTable({ onAddCoordinator }: { onAddCoordinator?: () => void }) {
  const intl = useIntl();
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
    <StaffTable
      title={pm.coordinatorsTitle}
      searchLabel={pm.searchCoordinators}
      search={search}
      onSearch={(value) => actor.send({ type: 'search.change', value })}
      toolbarExtra={
        onAddCoordinator && (
          <button type="button" onClick={onAddCoordinator}>
            {t(pm.addCoordinator)}
          </button>
        )
      }
      notice={notice && <p>{httpErrorMessage(intl, notice.error, pm.deactivateCoordinatorFailed)}</p>}
      onDismissNotice={() => actor.send({ type: 'notice.dismiss' })}
      extraColumn={pm.farmers}
      extraCell={(c) => intl.formatNumber(c.farmerCount, { numberingSystem: 'latn' })}
      people={coordinators}
      emptyText={pm.noCoordinators}
      loading={loading}
      busy={busy}
      actions={(c, openSignIn) => (
        <>
          <RowAction action={pm.edit} person={c.name} disabled={!ready} onClick={() => actor.send({ type: 'edit.open', coordinator: c })} />
          <RowAction action={pm.signIn} person={c.name} disabled={!ready} onClick={openSignIn} />
          {c.status !== 'Inactive' && (
            <RowAction action={pm.deactivate} person={c.name} disabled={!ready} onClick={() => actor.send({ type: 'coordinator.deactivate', id: c._id })} />
          )}
        </>
      )}
      page={page}
      totalPages={totalPages}
      onGo={(p) => actor.send({ type: 'page.go', page: p })}
    >
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
    </StaffTable>
  );
}
