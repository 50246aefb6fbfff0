/**
 * The delivery worker: claims due jobs from notification_jobs in batches (FOR UPDATE SKIP LOCKED, so several
 * workers and app instances share the queue without taking the same job; see runOnce) and runs each one:
 *  - deliver: inApp (the socket push 'notification:new' to user:<id>), push (Web Push to each of the person's
 *    subscriptions; 404/410 drops one), sms (farmers' own-field alerts; quiet hours and the daily cap skip it),
 *    email (the mail provider);
 *  - escalate: an alert still active and unacknowledged when its stage falls due notifies the coordinator (stage 1)
 *    or the admins (stage 2), says so on the alert's timeline and schedules the next stage.
 * A failure is retried with exponential backoff up to maxAttempts, then 'failed' with its reason. A job whose
 * worker died stays 'running' until its lease ends, then another claim takes it. The clock is injected (`now`).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Lang } from '../../domain/language';
import { inQuietHours, istDayStart, effectiveSettings, isCritical, severityRank } from '../../domain/notifications/settings';
import { notificationSentence, notificationTitle, smsText, NOTIFICATION_TEXT_KEYS } from '../../domain/notifications/texts';
import type { MailProvider } from '../../providers/mail/index';
import type { PushProvider } from '../../providers/push/index';
import type { SmsProvider } from '../../providers/sms/index';
import type { Realtime } from '../../realtime/rooms';
import { LOCALE_OF_LANGUAGE } from '../../../../contracts/languages';
import { alertLink, alertParams, notify, queueSignal } from './enqueue';
import * as repo from './repository';

export type WorkerOptions = {
  db: Db;
  realtime?: Pick<Realtime, 'toUser'> | null;
  push?: PushProvider | null;
  sms?: SmsProvider | null;
  mail?: MailProvider | null;
  now?: () => Date;
  pollMs: number;
  batchSize: number;
  maxAttempts: number;
  backoffMs: number;
  leaseMs: number;
  smsDailyCap: number;
  /** Deliveries in flight at once within a batch (default 16). */
  concurrency?: number;
  /** Minutes per escalation stage for each severity rank; 0 = never escalated. */
  escalateMinutes: Record<'critical' | 'major' | 'minor' | 'warning', number>;
  publicUrl?: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

export type NotificationWorker = {
  start(): void;
  /** Stops claiming and waits for the jobs in hand. */
  stop(): Promise<void>;
  /** Claims and runs one batch now; how many jobs it ran (tests drive the queue with it). */
  runOnce(): Promise<number>;
  /** Runs batches until none is due. */
  drain(): Promise<number>;
};

/** Wait before retry n (n ≥ 1): base × 2^(n-1), at most an hour. */
export const backoffDelayMs = (attempt: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);

/** A failure worth no retry (the recipient cannot be reached this way). */
class Skip extends Error {}
/** A failure a later try may not have (a push service or gateway away). */
class Retry extends Error {}

const ESCALATION_STAGES = 2;

/** What a batch of deliveries reads once for all its jobs. */
type Batch = {
  at: Date;
  notes: Map<string, repo.NotificationRow>;
  people: Map<string, repo.Recipient>;
  alerts: Map<string, repo.AlertNotice>;
  subs: Map<string, Awaited<ReturnType<typeof repo.subscriptionsOf>>>;
  unread: Map<string, number>;
  /** SMS jobs that got a place in their farmer's daily count. */
  smsAllowed: Set<string>;
  /** Side effects on subscriptions, written once after the batch. */
  gone: string[];
  worked: string[];
};

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

const distinct = (xs: Array<string | null | undefined>) => [...new Set(xs.filter((x): x is string => !!x))];

export function createNotificationWorker(o: WorkerOptions): NotificationWorker {
  const now = o.now ?? (() => new Date());
  const concurrency = o.concurrency ?? 16;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Jobs were enqueued while a batch ran: run again straight after it. */
  let again = false;

  /** One delivery job → its outcome (never throws: a failure is an outcome too). */
  async function run(job: repo.Job, b: Batch): Promise<repo.JobOutcome> {
    const end = (status: repo.JobOutcome['status'], lastError: string | null = null, more: Partial<repo.JobOutcome> = {}): repo.JobOutcome => ({
      id: job.id,
      attempts: job.attempts,
      status,
      lastError,
      ...more,
    });
    if (job.attempts > o.maxAttempts) {
      // Claimed again after its worker died on the last try: give up, say why.
      return end('failed', job.lastError ?? 'gave up after a worker stopped mid-delivery');
    }
    try {
      const note = await deliver(job, b);
      return end('sent', note ?? null, { keepSmsCount: job.channel === 'sms' });
    } catch (err) {
      const reason = (err as Error).message || String(err);
      if (err instanceof Skip) return end('skipped', reason);
      if (job.attempts >= o.maxAttempts) return end('failed', reason);
      if (!(err instanceof Retry)) o.log?.warn({ err, jobId: job.id }, 'notification delivery failed; will retry');
      return end('retrying', reason, { runAt: new Date(b.at.getTime() + backoffDelayMs(job.attempts, o.backoffMs)) });
    }
  }

  /** Why an SMS may not go (before any count is taken), or null. */
  function smsBarrier(job: repo.Job, b: Batch): string | null {
    const n = job.notificationId ? b.notes.get(job.notificationId) : undefined;
    const who = job.recipientId ? b.people.get(job.recipientId) : undefined;
    if (!n || !who || who.status !== 'Active') return 'not deliverable';
    if (!o.sms) return 'no SMS provider';
    if (!who.phoneNumber) return 'no phone number';
    const alert = n.alertId ? b.alerts.get(n.alertId) : undefined;
    const critical = !!alert && isCritical(alert.severity);
    if (!critical && inQuietHours(effectiveSettings(who.saved, who.prefs).quietHours, b.at)) return 'quiet hours';
    return null;
  }

  async function deliver(job: repo.Job, b: Batch): Promise<string | null> {
    const n = job.notificationId ? b.notes.get(job.notificationId) : undefined;
    const who = job.recipientId ? b.people.get(job.recipientId) : undefined;
    if (!n || !who) throw new Skip('nothing to deliver');
    if (who.status !== 'Active') throw new Skip('recipient inactive');
    const lang: Lang = who.preferredLanguage;
    const settings = effectiveSettings(who.saved, who.prefs);
    const alert = n.alertId ? b.alerts.get(n.alertId) : undefined;
    const critical = !!alert && isCritical(alert.severity);
    const quiet = inQuietHours(settings.quietHours, b.at) && !critical;
    const body = notificationSentence(lang, n.messageKey, n.params);
    switch (job.channel) {
      case 'inApp': {
        if (!n.inBell) throw new Skip('not shown in the bell');
        o.realtime?.toUser(who.id).emit('notification:new', { notification: repo.toItem(n), unread: b.unread.get(who.id) ?? 0 });
        return null;
      }
      case 'push': {
        if (!o.push) throw new Skip('web push not configured');
        const subs = b.subs.get(who.id) ?? [];
        if (subs.length === 0) throw new Skip('no push subscription');
        const payload = JSON.stringify({
          title: notificationTitle(lang, n.kind),
          body,
          link: n.link,
          lang: LOCALE_OF_LANGUAGE[lang],
          silent: quiet,
          tag: n.id,
        });
        let delivered = 0;
        let gone = 0;
        const failures: string[] = [];
        for (const s of subs) {
          const r = await o.push.send(s, { payload, ttlSeconds: 24 * 3600, urgency: critical ? 'high' : 'normal', topic: n.id.replace(/-/g, '').slice(0, 32) });
          if (r.ok) {
            delivered++;
            b.worked.push(s.id);
          } else if (r.gone) {
            gone++;
            b.gone.push(s.id);
          } else failures.push(r.reason);
        }
        if (delivered > 0) return failures.length ? `partly: ${failures.join('; ')}` : null;
        if (failures.length) throw new Retry(failures.join('; '));
        throw new Skip(`subscription gone (${gone})`);
      }
      case 'sms': {
        const barrier = smsBarrier(job, b);
        if (barrier) throw new Skip(barrier);
        if (!b.smsAllowed.has(job.id)) throw new Skip('daily SMS cap reached');
        // A coordinator's message is texted as itself: its subject and words.
        const text = n.kind === 'message' ? smsText(lang, `${n.params.subject}: ${n.params.body ?? ''}`, 'message') : smsText(lang, body);
        try {
          await o.sms!.send({ to: who.phoneNumber!, text });
        } catch (err) {
          throw new Retry((err as Error).message);
        }
        return null;
      }
      case 'email': {
        if (!o.mail) throw new Skip('no mail provider');
        const link = o.publicUrl ? `${o.publicUrl.replace(/\/$/, '')}${n.link}` : n.link;
        try {
          await o.mail.send({ to: who.email, subject: notificationTitle(lang, n.kind), text: `${body}\n\n${link}` });
        } catch (err) {
          throw new Retry((err as Error).message);
        }
        return null;
      }
      default:
        throw new Skip('unknown channel');
    }
  }

  /**
   * An escalation check: an outcome when it ends without escalating (gone, cleared, acknowledged, not yet due),
   * or null when it escalated (ended in its own transaction with what it wrote).
   */
  async function escalate(job: repo.Job, a: repo.AlertNotice | undefined, at: Date): Promise<repo.JobOutcome | null> {
    const done = (reason: string): repo.JobOutcome => ({ id: job.id, attempts: job.attempts, status: 'skipped', lastError: reason });
    if (!a) return done('alert gone');
    if (a.resolvedAt) return done('cleared');
    if (a.acknowledgedAt || a.status === 'active_ack' || a.status === 'cleared_ack') return done('acknowledged');
    const minutes = o.escalateMinutes[severityRank(a.severity)];
    if (!minutes) return done(`no escalation for ${a.severity}`);
    const due = new Date(a.createdAt.getTime() + minutes * job.stage * 60_000);
    // Not yet: back to the queue until it falls due (a wait is not an attempt).
    if (at < due) return { id: job.id, attempts: job.attempts, status: 'queued', runAt: due, setAttempts: job.attempts - 1 };
    const claimed = await o.db.transaction(async (tx) => {
      const still = await repo.finishJob(tx, job, { status: 'sent' }, at);
      if (!still) return false; // another worker took it over meanwhile
      const toAdmins = job.stage >= ESCALATION_STAGES;
      const people = [a.coordinatorId, a.assignedTo].filter((x): x is string => !!x);
      const recipients = toAdmins
        ? await repo.activeRecipients(tx, repo.adminsCondition())
        : people.length
          ? await repo.activeRecipients(tx, inArray(users.id, people))
          : [];
      await notify(tx, recipients, {
        subject: `alert:${a.id}:escalated:${job.stage}`,
        kind: 'alertEscalated',
        messageKey: NOTIFICATION_TEXT_KEYS.alertEscalated,
        params: { ...alertParams(a), minutes: minutes * job.stage },
        alertId: a.id,
        messageId: null,
        link: (r) => alertLink(r, a.id),
      });
      await repo.recordEscalation(tx, a.id, { stage: job.stage, to: toAdmins ? 'admins' : 'coordinator', minutes: minutes * job.stage });
      if (!toAdmins) {
        await repo.insertJobs(tx, [
          { dedupeKey: `alert:${a.id}|escalate|${job.stage + 1}`, task: 'escalate', kind: 'alertEscalated', alertId: a.id, stage: job.stage + 1, runAt: at },
        ]);
      }
      return true;
    });
    if (claimed) queueSignal.emit('queued');
    return null;
  }

  /**
   * One batch: claim up to batchSize due jobs (one statement), read what they need (one query per table for the
   * whole batch), take the SMS places in the day's count (one short transaction), deliver with at most
   * `concurrency` at once, and record every outcome in one statement. At least once: a worker that dies
   * anywhere before that last statement leaves its jobs 'running' until the lease ends, and they are claimed
   * again (an SMS that already took its place in the count keeps it).
   */
  async function runOnce(): Promise<number> {
    const at = now();
    const jobs = await repo.claimJobs(o.db, at, o.leaseMs, o.batchSize);
    if (jobs.length === 0) return 0;
    const deliveries = jobs.filter((j) => j.task !== 'escalate');
    const checks = jobs.filter((j) => j.task === 'escalate');
    const inApp = deliveries.filter((j) => j.channel === 'inApp');
    const push = deliveries.filter((j) => j.channel === 'push');
    const [notes, people, subs, unread] = await Promise.all([
      repo.notificationsByIds(o.db, distinct(deliveries.map((j) => j.notificationId))),
      repo.recipientsByIds(o.db, distinct(deliveries.map((j) => j.recipientId))),
      o.push ? repo.subscriptionsOfMany(o.db, distinct(push.map((j) => j.recipientId))) : new Map(),
      repo.unreadCounts(o.db, distinct(inApp.map((j) => j.recipientId))),
    ]);
    const alertIds = distinct([...checks.map((j) => j.alertId), ...[...notes.values()].map((n) => n.alertId)]);
    const b: Batch = { at, notes, people, alerts: await repo.alertsForNotice(o.db, alertIds), subs, unread, smsAllowed: new Set(), gone: [], worked: [] };

    const later = (job: repo.Job, reason: string): repo.JobOutcome =>
      job.attempts >= o.maxAttempts
        ? { id: job.id, attempts: job.attempts, status: 'failed', lastError: reason }
        : { id: job.id, attempts: job.attempts, status: 'retrying', lastError: reason, runAt: new Date(at.getTime() + backoffDelayMs(job.attempts, o.backoffMs)) };

    const texts = deliveries.filter((j) => j.channel === 'sms' && j.attempts <= o.maxAttempts && smsBarrier(j, b) === null);
    let uncounted = new Set<string>();
    if (texts.length) {
      try {
        b.smsAllowed = await repo.reserveSms(o.db, texts, o.smsDailyCap, istDayStart(at), at);
      } catch (err) {
        // Counting failed (the database away, a lock timeout): these SMS are tried again later, none sent now.
        o.log?.warn({ err }, 'notification worker: counting SMS failed');
        uncounted = new Set(texts.map((j) => j.id));
      }
    }

    const outcomes: repo.JobOutcome[] = [];
    await eachLimited(deliveries, concurrency, async (job) => {
      outcomes.push(uncounted.has(job.id) ? later(job, 'could not count the day’s SMS') : await run(job, b));
    });
    for (const job of checks) {
      try {
        const out =
          job.attempts > o.maxAttempts
            ? { id: job.id, attempts: job.attempts, status: 'failed' as const, lastError: job.lastError ?? 'gave up after a worker stopped mid-check' }
            : await escalate(job, b.alerts.get(job.alertId ?? ''), at);
        if (out) outcomes.push(out);
      } catch (err) {
        o.log?.warn({ err, jobId: job.id }, 'notification escalation failed; will retry');
        outcomes.push(later(job, (err as Error).message || String(err)));
      }
    }
    const ended = await repo.finishJobs(o.db, outcomes, at);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const messageSms = outcomes.flatMap((out) => {
      const j = byId.get(out.id)!;
      const messageId = j.kind === 'message' && j.channel === 'sms' && ended.has(out.id) ? notes.get(j.notificationId ?? '')?.messageId : null;
      return messageId ? [{ messageId, farmerId: j.recipientId!, status: out.status }] : [];
    });
    await Promise.all([
      repo.dropSubscriptions(o.db, distinct(b.gone)),
      repo.subscriptionsWorked(o.db, distinct(b.worked), at),
      repo.messageSmsOutcomes(o.db, messageSms),
    ]);
    return jobs.length;
  }

  async function drain() {
    let total = 0;
    for (;;) {
      const n = await runOnce();
      total += n;
      if (n === 0) return total;
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    timer = null;
    if (stopped || running) return;
    again = false;
    running = runOnce()
      .catch((err) => {
        // The database is away: say so, and look again after a longer pause than usual.
        o.log?.error({ err }, 'notification worker: claiming failed');
        return -1;
      })
      .finally(() => {
        running = null;
      });
    void running.then((n) => schedule(n < 0 ? o.pollMs * 5 : n >= o.batchSize || again ? 0 : o.pollMs));
  }

  /** Jobs were enqueued in a transaction that commits a moment later: look soon, and once more a little later. */
  const onQueued = () => {
    if (stopped) return;
    const look = () => {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    };
    setTimeout(look, 30).unref();
    setTimeout(look, 300).unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      queueSignal.on('queued', onQueued);
      schedule(0);
    },
    async stop() {
      stopped = true;
      queueSignal.off('queued', onQueued);
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
    drain,
  };
}

