/**
 * Coordinator farmer management (spec section 2): search, status filter, select some or all,
 * the Send Message dialog, per-row View / Edit / Message, and 'Page x of y'.
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { personEditOf } from '@/machines/personEditing';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import type { StatusFilter } from '@/machines/coordinatorFarmers.machine';
import { Pager } from '@/views/ui/Pager';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { EditFarmerDialog } from './EditPersonDialog';
import { pm } from './peopleMessages';
import { EmptyRow, HeaderRow, NoticeBanner, RowAction, SearchBox, StatusBadge } from './tableParts';
import { formatNum } from '@/i18n/format';
import { FormDialog } from '@/views/ui/FormDialog';
import { ErrorBanner } from '@/views/ui/FormField';

const FILTERS: [StatusFilter, MessageDescriptor][] = [
  ['all', pm.filterAll],
  ['active', pm.active],
  ['inactive', pm.inactive],
  ['alert', pm.alert],
];

export function CoordinatorFarmers() {
  const intl = useIntl();
  const t = (d: MessageDescriptor, v?: Record<string, string | number>) => intl.formatMessage(d, v);
  const actor = CoordinatorFarmersContext.useActorRef();
  const farmers = CoordinatorFarmersContext.useSelector((s) => s.context.farmers);
  const selected = CoordinatorFarmersContext.useSelector((s) => s.context.selected);
  const search = CoordinatorFarmersContext.useSelector((s) => s.context.search);
  const status = CoordinatorFarmersContext.useSelector((s) => s.context.status);
  const page = CoordinatorFarmersContext.useSelector((s) => s.context.page);
  const totalPages = CoordinatorFarmersContext.useSelector((s) => s.context.totalPages);
  const notice = CoordinatorFarmersContext.useSelector((s) => s.context.notice);
  const subject = CoordinatorFarmersContext.useSelector((s) => s.context.subject);
  const message = CoordinatorFarmersContext.useSelector((s) => s.context.message);
  const editing = CoordinatorFarmersContext.useSelector((s) => personEditOf(s.context), shallowEqual);
  const composing = CoordinatorFarmersContext.useSelector((s) => s.matches('composing'));
  const loading = CoordinatorFarmersContext.useSelector((s) => s.hasTag('loading'));
  const busy = CoordinatorFarmersContext.useSelector((s) => s.hasTag('busy'));
  const ready = CoordinatorFarmersContext.useSelector((s) => s.matches('ready'));
  const allSelected = farmers.length > 0 && selected.length === farmers.length;

  const noticeText = () => {
    if (!notice) return null;
    if (notice.kind === 'sent') return t(pm.sent, { count: notice.count });
    if (notice.kind === 'queued') return t(pm.queued, { count: notice.count });
    if (notice.kind === 'missing') return t(pm.missing);
    return httpErrorMessage(intl, notice.error, notice.kind === 'loadFailed' ? pm.loadFailed : pm.sendFailed);
  };

  return (
    <section className="staff-panel" aria-busy={loading}>
      <div className="toolbar">
        <SearchBox label={pm.search} value={search} disabled={!ready && !loading} onSearch={(value) => actor.send({ type: 'search.change', value })} />
        <select aria-label={t(pm.status)} value={status} disabled={!ready} onChange={(e) => actor.send({ type: 'status.change', value: e.target.value as StatusFilter })}>
          {FILTERS.map(([v, label]) => (
            <option key={v} value={v}>
              {t(label)}
            </option>
          ))}
        </select>
        <span>{t(pm.selectedCount, { count: selected.length })}</span>
        <button type="button" disabled={!ready} onClick={() => actor.send({ type: 'message.open' })}>
          {t(pm.sendMessage)}
        </button>
      </div>
      {notice && !composing && (
        <NoticeBanner success={notice.kind === 'sent'} info={notice.kind === 'queued'} onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
          <p>{noticeText()}</p>
        </NoticeBanner>
      )}
      <table className="staff-table">
        <thead>
          <HeaderRow
            first={<input type="checkbox" aria-label={t(pm.selectAll)} checked={allSelected} disabled={!ready || !farmers.length} onChange={() => actor.send({ type: 'select.all' })} />}
            labels={[pm.name, pm.email, pm.phone, pm.fields, pm.status, pm.actions]}
          />
        </thead>
        <tbody>
          {!loading && farmers.length === 0 && <EmptyRow columns={7} text={pm.noFarmers} />}
          {farmers.map((f) => (
            <tr key={f._id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t(pm.select, { name: f.name })}
                  checked={selected.includes(f._id)}
                  disabled={!ready}
                  onChange={() => actor.send({ type: 'select.toggle', id: f._id })}
                />
              </td>
              <td>{f.name}</td>
              <td>{f.email}</td>
              <td>{f.phoneNumber ?? '--'}</td>
              <td>{formatNum(f.fieldCount, { maximumFractionDigits: 3 })}</td>
              <td>
                <StatusBadge status={f.status} alert={f.hasOpenAlert} />
              </td>
              <td className="actions">
                <RowAction action={pm.view} person={f.name} onClick={() => actor.send({ type: 'farmer.view', id: f._id })} />
                <RowAction action={pm.edit} person={f.name} disabled={!ready} onClick={() => actor.send({ type: 'edit.open', farmer: f })} />
                <RowAction action={pm.message} person={f.name} disabled={!ready} onClick={() => actor.send({ type: 'message.openFor', id: f._id })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} numbered={false} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {composing && (
        <FormDialog
          title={t(pm.sendMessage)}
          cancel={t(pm.cancel)}
          submit={t(busy ? pm.sending : pm.send)}
          busy={busy}
          onSubmit={() => actor.send({ type: 'message.send' })}
          onCancel={() => actor.send({ type: 'message.cancel' })}
        >
          <p>{t(pm.selectedCount, { count: selected.length })}</p>
          <ErrorBanner text={notice && noticeText()} />
          <label>
            <span>{t(pm.subject)}</span>
            <input name="subject" value={subject} onChange={(e) => actor.send({ type: 'message.change', key: 'subject', value: e.target.value })} />
          </label>
          <label>
            <span>{t(pm.messageBody)}</span>
            <textarea name="message" rows={4} value={message} onChange={(e) => actor.send({ type: 'message.change', key: 'message', value: e.target.value })} />
          </label>
        </FormDialog>
      )}
      <EditFarmerDialog
        {...editing}
        saving={busy}
        showStatus={false}
        send={actor.send}
      />
    </section>
  );
}
