/**
 * The delivery worker: claims due jobs from notification_jobs (FOR UPDATE SKIP LOCKED, so several workers and
 * app instances share the queue without taking the same job) and runs each one:
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

export function createNotificationWorker(o: WorkerOptions): NotificationWorker {
  const now = o.now ?? (() => new Date());
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Jobs were enqueued while a batch ran: run again straight after it. */
  let again = false;

  async function run(job: repo.Job) {
    const at = now();
    try {
      if (job.attempts > o.maxAttempts) {
        // Claimed again after its worker died on the last try: give up, say why.
        await repo.finishJob(o.db, job, { status: 'failed', lastError: job.lastError ?? 'gave up after a worker stopped mid-delivery' }, at);
        return;
      }
      if (job.task === 'escalate') return await escalate(job, at);
      const note = await deliver(job, at);
      await repo.finishJob(o.db, job, { status: 'sent', lastError: note ?? null }, at);
    } catch (err) {
      const reason = (err as Error).message || String(err);
      if (err instanceof Skip) {
        await repo.finishJob(o.db, job, { status: 'skipped', lastError: reason }, at);
      } else if (job.attempts >= o.maxAttempts) {
        await repo.finishJob(o.db, job, { status: 'failed', lastError: reason }, at);
      } else {
        if (!(err instanceof Retry)) o.log?.warn({ err, jobId: job.id }, 'notification delivery failed; will retry');
        await repo.finishJob(o.db, job, { status: 'retrying', lastError: reason, runAt: new Date(at.getTime() + backoffDelayMs(job.attempts, o.backoffMs)) }, at);
      }
    }
  }

  async function deliver(job: repo.Job, at: Date): Promise<string | null> {
    const n = job.notificationId ? await repo.notificationById(o.db, job.notificationId) : undefined;
    const who = job.recipientId ? await repo.recipientById(o.db, job.recipientId) : undefined;
    if (!n || !who) throw new Skip('nothing to deliver');
    if (who.status !== 'Active') throw new Skip('recipient inactive');
    const lang: Lang = who.preferredLanguage;
    const settings = effectiveSettings(who.saved, who.prefs);
    const alert = n.alertId ? await repo.alertForNotice(o.db, n.alertId) : undefined;
    const critical = !!alert && isCritical(alert.severity);
    const quiet = inQuietHours(settings.quietHours, at) && !critical;
    const body = notificationSentence(lang, n.messageKey, n.params);
    switch (job.channel) {
      case 'inApp': {
        if (!n.inBell) throw new Skip('not shown in the bell');
        const unread = await repo.unreadCount(o.db, who.id);
        o.realtime?.toUser(who.id).emit('notification:new', { notification: repo.toItem(n), unread });
        return null;
      }
      case 'push': {
        if (!o.push) throw new Skip('web push not configured');
        const subs = await repo.subscriptionsOf(o.db, who.id);
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
            await repo.subscriptionWorked(o.db, s.id, at);
          } else if (r.gone) {
            gone++;
            await repo.dropSubscription(o.db, s.id);
          } else failures.push(r.reason);
        }
        if (delivered > 0) return failures.length ? `partly: ${failures.join('; ')}` : null;
        if (failures.length) throw new Retry(failures.join('; '));
        throw new Skip(`subscription gone (${gone})`);
      }
      case 'sms': {
        if (!o.sms) throw new Skip('no SMS provider');
        if (!who.phoneNumber) throw new Skip('no phone number');
        if (quiet) throw new Skip('quiet hours');
        if ((await repo.smsSentSince(o.db, who.id, istDayStart(at))) >= o.smsDailyCap) throw new Skip('daily SMS cap reached');
        try {
          await o.sms.send({ to: who.phoneNumber, text: smsText(lang, body) });
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

  async function escalate(job: repo.Job, at: Date) {
    const a = job.alertId ? await repo.alertForNotice(o.db, job.alertId) : undefined;
    const done = (reason: string) => repo.finishJob(o.db, job, { status: 'skipped', lastError: reason }, at);
    if (!a) return void (await done('alert gone'));
    if (a.resolvedAt) return void (await done('cleared'));
    if (a.acknowledgedAt || a.status === 'active_ack' || a.status === 'cleared_ack') return void (await done('acknowledged'));
    const minutes = o.escalateMinutes[severityRank(a.severity)];
    if (!minutes) return void (await done(`no escalation for ${a.severity}`));
    const due = new Date(a.createdAt.getTime() + minutes * job.stage * 60_000);
    if (at < due) {
      // Not yet: back to the queue until it falls due (a wait is not an attempt).
      await repo.finishJob(o.db, job, { status: 'queued', runAt: due, attempts: job.attempts - 1 }, at);
      return;
    }
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
  }

  async function runOnce(): Promise<number> {
    const jobs = await repo.claimJobs(o.db, now(), o.leaseMs, o.batchSize);
    // One person's jobs one after another (the SMS cap counts what was sent before), different people's at once.
    const byPerson = new Map<string, repo.Job[]>();
    for (const j of jobs) byPerson.set(j.recipientId ?? j.id, [...(byPerson.get(j.recipientId ?? j.id) ?? []), j]);
    await Promise.all(
      [...byPerson.values()].map(async (list) => {
        for (const j of list) await run(j).catch((err) => o.log?.error({ err, jobId: j.id }, 'notification job crashed'));
      }),
    );
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

