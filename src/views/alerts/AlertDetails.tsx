/**
 * The 'Alert Details' dialog both staff screens open (the coordinator's cards and the admin table): the alert's
 * status, severity, count and last-seen time, its timeline (system entries and people's comments) and, for staff,
 * a comment box with Acknowledge, Clear and (admins) Assign. It only sends events to the alert's lifecycle actor
 * (src/machines/alertLifecycle.machine.ts) and shows what it says: busy while a call runs, the failure after one.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { AlertDetailsActor, CoordinatorOption } from '@/machines/alertsList.machine';
import type { TimelineEntry } from '../../../contracts/alerts';
import { formatDate, formatNum } from '@/i18n/format';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { alertMessage, eventLabel, severityLabel, statusLabel, typeLabel } from './alertLabels';
import { ALERT_COMMENT_MAX } from '../../../contracts/alertTypes';

const seenTimes = defineMessage<{ count: number }>({ id: 'alerts.details.count', defaultMessage: '{count, plural, one {Seen once} other {Seen # times}}' });
const assignedTo = defineMessage<{ name: string }>({ id: 'alerts.assignedTo', defaultMessage: 'Assigned to {name}' });
const byWhom = defineMessage<{ name: string }>({ id: 'alerts.timeline.by', defaultMessage: 'by {name}' });
const changedTo = defineMessage<{ from: string; to: string }>({ id: 'alerts.timeline.severityChange', defaultMessage: '{from} → {to}' });
const toWhom = defineMessage<{ name: string }>({ id: 'alerts.timeline.assignedTo', defaultMessage: 'to {name}' });
const commentLeft = defineMessage<{ count: number }>({ id: 'alerts.comment.left', defaultMessage: '{count, plural, one {# character left} other {# characters left}}' });

const m = defineMessages({
  details: { id: 'alerts.details.title', defaultMessage: 'Alert Details' },
  type: { id: 'alerts.col.type', defaultMessage: 'Type' },
  severity: { id: 'alerts.col.severity', defaultMessage: 'Severity' },
  status: { id: 'alerts.col.status', defaultMessage: 'Status' },
  farmer: { id: 'alerts.farmer', defaultMessage: 'Farmer' },
  field: { id: 'alerts.field', defaultMessage: 'Field' },
  message: { id: 'alerts.message', defaultMessage: 'Message' },
  sensorData: { id: 'alerts.sensorData', defaultMessage: 'Sensor data' },
  value: { id: 'alerts.value', defaultMessage: 'Value' },
  threshold: { id: 'alerts.threshold', defaultMessage: 'Threshold' },
  created: { id: 'alerts.created', defaultMessage: 'Created' },
  lastSeen: { id: 'alerts.details.lastSeen', defaultMessage: 'Last seen' },
  clearedAt: { id: 'alerts.details.clearedAt', defaultMessage: 'Cleared' },
  clearedAuto: { id: 'alerts.details.clearedAuto', defaultMessage: 'by itself, when the condition ended' },
  timeline: { id: 'alerts.timeline.title', defaultMessage: 'Timeline' },
  timelineEmpty: { id: 'alerts.timeline.empty', defaultMessage: 'Nothing on the timeline yet.' },
  system: { id: 'alerts.timeline.system', defaultMessage: 'System' },
  auto: { id: 'alerts.timeline.auto', defaultMessage: 'the condition ended' },
  comment: { id: 'alerts.comment.label', defaultMessage: 'Comment' },
  addComment: { id: 'alerts.comment.add', defaultMessage: 'Add comment' },
  acknowledge: { id: 'alerts.acknowledge', defaultMessage: 'Acknowledge' },
  clear: { id: 'alerts.clear', defaultMessage: 'Clear alert' },
  assign: { id: 'alerts.assign', defaultMessage: 'Assign' },
  assignTo: { id: 'alerts.assignTo', defaultMessage: 'Assign to coordinator' },
  chooseCoordinator: { id: 'alerts.chooseCoordinator', defaultMessage: 'Choose coordinator' },
  loading: { id: 'alerts.details.loading', defaultMessage: 'Loading the timeline…' },
  loadFailed: { id: 'alerts.details.loadFailed', defaultMessage: 'Failed to load the alert’s timeline' },
  retry: { id: 'alerts.retry', defaultMessage: 'Retry' },
  ackFailed: { id: 'alerts.acknowledgeFailed', defaultMessage: 'Failed to acknowledge alert' },
  ackQueued: { id: 'alerts.acknowledgeQueued', defaultMessage: 'Acknowledgement waiting to send: it goes when the network returns.' },
  assignFailed: { id: 'alerts.assignFailed', defaultMessage: 'Failed to assign alert' },
  clearFailed: { id: 'alerts.clearFailed', defaultMessage: 'Failed to clear alert' },
  commentFailed: { id: 'alerts.commentFailed', defaultMessage: 'Failed to add the comment' },
  close: { id: 'alerts.close', defaultMessage: 'Close' },
});

const FAILED = { load: m.loadFailed, acknowledge: m.ackFailed, assign: m.assignFailed, clear: m.clearFailed, comment: m.commentFailed } as const;

const num = (v: number) => formatNum(v, { maximumFractionDigits: 1 });

/** What a system entry adds to its label: the severity change, the assignee, who cleared it or that it cleared itself. */
function entryText(intl: IntlShape, e: TimelineEntry): string | null {
  const d = e.detail;
  if (e.kind === 'comment') return typeof d.text === 'string' ? d.text : null;
  if (e.kind === 'severityChanged' && typeof d.from === 'string' && typeof d.to === 'string' && d.from in severityLabel && d.to in severityLabel) {
    return intl.formatMessage(changedTo, {
      from: intl.formatMessage(severityLabel[d.from as keyof typeof severityLabel]),
      to: intl.formatMessage(severityLabel[d.to as keyof typeof severityLabel]),
    });
  }
  if (e.kind === 'assigned' && typeof d.name === 'string') return intl.formatMessage(toWhom, { name: d.name });
  if (e.kind === 'cleared' && d.auto === true) return intl.formatMessage(m.auto);
  if (e.kind === 'raised' && typeof d.severity === 'string' && d.severity in severityLabel) return intl.formatMessage(severityLabel[d.severity as keyof typeof severityLabel]);
  return null;
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const intl = useIntl();
  if (entries.length === 0) return <p className="notice">{intl.formatMessage(m.timelineEmpty)}</p>;
  return (
    <ol className="alert-timeline" aria-label={intl.formatMessage(m.timeline)}>
      {entries.map((e) => {
        const text = entryText(intl, e);
        return (
          <li key={e._id} className={e.kind === 'comment' ? 'timeline-comment' : 'timeline-system'} data-kind={e.kind}>
            <span className="timeline-meta">
              {intl.formatMessage(eventLabel[e.kind])} · {e.actor ? intl.formatMessage(byWhom, { name: e.actor.name }) : intl.formatMessage(m.system)} ·{' '}
              {formatDate(intl, e.createdAt, 'shortDateTime')}
            </span>
            {text && <span className="timeline-text">{text}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** The dialog; `extra` holds the screen's own buttons (Mark as Read, View Field) before Close. */
export function AlertDetails({
  actor,
  coordinators,
  onClose,
  extra,
}: {
  actor: AlertDetailsActor;
  coordinators: CoordinatorOption[];
  onClose: () => void;
  extra?: ReactNode;
}) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const alert = useSelector(actor, (s) => s.context.alert);
  const timeline = useSelector(actor, (s) => s.context.timeline);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const queued = useSelector(actor, (s) => s.hasTag('queued'));
  const failure = useSelector(actor, (s) => (s.hasTag('failed') ? { kind: s.context.failure ?? 'load', error: s.context.error } : null));
  const [draft, setDraft] = useState('');
  const [choice, setChoice] = useState('');
  const chosen = coordinators.find((c) => c._id === choice);
  const trimmed = draft.trim();
  const canAck = useSelector(actor, (s) => s.can({ type: 'alert.acknowledge' }));
  const canClear = useSelector(actor, (s) => s.can({ type: 'alert.clear' }));
  const canAssign = useSelector(actor, (s) => s.can({ type: 'alert.assign', coordinator: { _id: '', name: '' } }));
  const canComment = useSelector(actor, (s) => s.can({ type: 'alert.comment', text: 'x' }));
  // A call that went through empties the comment box; a failed one keeps the words for another try.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && !failure) setDraft('');
    wasBusy.current = busy;
  }, [busy, failure]);
  useEffect(() => {
    const d = dialog.current;
    if (!d || d.open) return;
    // A modal dialog where the browser has one; an open one otherwise (older engines, jsdom).
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  const tooLong = trimmed.length > ALERT_COMMENT_MAX;
  return (
    <dialog ref={dialog} className="dialog alert-details" aria-labelledby="alert-details-title" aria-busy={busy || loading} onCancel={onClose} data-alert-id={alert.id}>
      <h2 id="alert-details-title">{intl.formatMessage(m.details)}</h2>
      <dl className="alert-meta">
        <dt>{intl.formatMessage(m.status)}</dt>
        <dd data-testid="alert-status">{intl.formatMessage(statusLabel[alert.status])}</dd>
        <dt>{intl.formatMessage(m.severity)}</dt>
        <dd className={`severity severity-${alert.severity}`}>{intl.formatMessage(severityLabel[alert.severity])}</dd>
        <dt>{intl.formatMessage(m.type)}</dt>
        <dd>{intl.formatMessage(typeLabel[alert.type])}</dd>
        <dt>{intl.formatMessage(m.farmer)}</dt>
        <dd>{alert.farmer ?? '—'}</dd>
        <dt>{intl.formatMessage(m.field)}</dt>
        <dd>{alert.fieldName}</dd>
        <dt>{intl.formatMessage(m.message)}</dt>
        <dd>{alertMessage(intl, alert)}</dd>
        {alert.value !== null && alert.threshold !== null && (
          <>
            <dt>{intl.formatMessage(m.sensorData)}</dt>
            <dd>
              {intl.formatMessage(m.value)}: {num(alert.value)} · {intl.formatMessage(m.threshold)}: {num(alert.threshold)}
            </dd>
          </>
        )}
        <dt>{intl.formatMessage(m.created)}</dt>
        <dd>{formatDate(intl, alert.createdAt)}</dd>
        <dt>{intl.formatMessage(m.lastSeen)}</dt>
        <dd data-testid="alert-last-seen">
          {formatDate(intl, alert.lastSeenAt)} · {intl.formatMessage(seenTimes, { count: alert.count })}
        </dd>
        {alert.assignedTo && (
          <>
            <dt>{intl.formatMessage(m.assign)}</dt>
            <dd>{intl.formatMessage(assignedTo, { name: alert.assignedTo.name })}</dd>
          </>
        )}
        {alert.resolvedAt && (
          <>
            <dt>{intl.formatMessage(m.clearedAt)}</dt>
            <dd>
              {formatDate(intl, alert.resolvedAt)} ·{' '}
              {alert.clearedBy ? intl.formatMessage(byWhom, { name: alert.clearedBy.name }) : intl.formatMessage(m.clearedAuto)}
            </dd>
          </>
        )}
      </dl>
      <h3>{intl.formatMessage(m.timeline)}</h3>
      {loading && timeline.length === 0 ? <p className="loading">{intl.formatMessage(m.loading)}</p> : <Timeline entries={timeline} />}
      {failure && (
        <div className="banner banner-error" role="alert">
          {httpErrorMessage(intl, failure.error, FAILED[failure.kind])}{' '}
          {loadFailed && (
            <button type="button" className="button button-quiet" onClick={() => actor.send({ type: 'details.retry' })}>
              {intl.formatMessage(m.retry)}
            </button>
          )}
        </div>
      )}
      {queued && (
        <p className="banner banner-info" role="status" data-testid="alert-ack-queued">
          {intl.formatMessage(m.ackQueued)}
        </p>
      )}
      {(canComment || busy) && (
        <div className="alert-comment-form">
          <label htmlFor="alert-comment">{intl.formatMessage(m.comment)}</label>
          <textarea id="alert-comment" value={draft} maxLength={ALERT_COMMENT_MAX + 200} onChange={(e) => setDraft(e.target.value)} disabled={busy} />
          <span className={tooLong ? 'field-error' : 'muted'}>{intl.formatMessage(commentLeft, { count: ALERT_COMMENT_MAX - trimmed.length })}</span>
        </div>
      )}
      <div className="alert-details-actions">
        {canComment && (
          <button type="button" className="button button-secondary" disabled={busy || !trimmed || tooLong} onClick={() => actor.send({ type: 'alert.comment', text: draft })}>
            {intl.formatMessage(m.addComment)}
          </button>
        )}
        {canAck && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy || tooLong}
            onClick={() => actor.send(trimmed ? { type: 'alert.acknowledge', comment: draft } : { type: 'alert.acknowledge' })}
          >
            {intl.formatMessage(m.acknowledge)}
          </button>
        )}
        {canClear && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => actor.send({ type: 'alert.clear' })}>
            {intl.formatMessage(m.clear)}
          </button>
        )}
        {canAssign && coordinators.length > 0 && (
          <span className="assign">
            <select aria-label={intl.formatMessage(m.assignTo)} value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
              <option value="">{intl.formatMessage(m.chooseCoordinator)}</option>
              {coordinators.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
            <button type="button" className="button button-secondary" disabled={busy || !chosen} onClick={() => chosen && actor.send({ type: 'alert.assign', coordinator: chosen })}>
              {intl.formatMessage(m.assign)}
            </button>
          </span>
        )}
      </div>
      <div className="dialog-actions">
        {extra}
        <button type="button" className="button button-quiet" onClick={onClose}>
          {intl.formatMessage(m.close)}
        </button>
      </div>
    </dialog>
  );
}
