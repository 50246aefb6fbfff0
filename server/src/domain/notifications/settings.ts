/**
 * A person's notification settings (contracts/notifications.ts NotificationSettings) and the five switches the
 * profile has stored since the first release (users.notification_preferences: email, sms, push, alerts, reports).
 *
 * One rule keeps them consistent: the switches are master switches. What a person gets on a channel for a kind is
 * their saved choice (or the default derived from the switches) AND the channel's switch (AND `alerts` for the
 * alert kinds). Saving settings sets each switch to "on for at least one kind", so the two never disagree.
 * Pure: no database.
 */
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type ChannelChoice,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '../../../../contracts/notifications';

export type Preferences = { email: boolean; sms: boolean; push: boolean; alerts: boolean; reports: boolean };

const ALERT_KINDS: readonly NotificationKind[] = ['alertRaised', 'alertAssigned', 'alertEscalated'];
export const isAlertKind = (kind: NotificationKind) => ALERT_KINDS.includes(kind);

export const DEFAULT_QUIET_HOURS = { enabled: false, start: '22:00', end: '06:00' };

/**
 * Defaults from the switches: the bell and push for everything; SMS for alerts and coordinators' messages (only
 * farmers are ever texted: their own-field alerts and messages to them); e-mail only for what asks someone to act
 * (assigned, escalated), not for every raised alert.
 */
export function defaultSettings(p: Preferences): NotificationSettings {
  const alerts = p.alerts;
  const choice = (c: Partial<ChannelChoice>): ChannelChoice => ({ inApp: true, push: p.push, sms: false, email: false, ...c });
  return {
    channels: {
      alertRaised: alerts ? choice({ sms: p.sms }) : off(),
      alertAssigned: alerts ? choice({ email: p.email }) : off(),
      alertEscalated: alerts ? choice({ sms: p.sms, email: p.email }) : off(),
      message: choice({ sms: p.sms }),
    },
    quietHours: { ...DEFAULT_QUIET_HOURS },
  };
}

const off = (): ChannelChoice => ({ inApp: false, push: false, sms: false, email: false });

/** What the person gets: saved settings (or the defaults) under the master switches. */
export function effectiveSettings(saved: NotificationSettings | null, p: Preferences): NotificationSettings {
  const base = saved ?? defaultSettings(p);
  const channels = {} as NotificationSettings['channels'];
  for (const kind of NOTIFICATION_KINDS) {
    const c = base.channels[kind];
    const allowed = !isAlertKind(kind) || p.alerts;
    channels[kind] = {
      inApp: allowed && c.inApp,
      push: allowed && p.push && c.push,
      sms: allowed && p.sms && c.sms,
      email: allowed && p.email && c.email,
    };
  }
  return { channels, quietHours: { ...base.quietHours } };
}

/** The switches that saved settings imply (reports is not a notification kind: kept as it was). */
export function preferencesOf(s: NotificationSettings, previous: Preferences): Preferences {
  const any = (pick: (c: ChannelChoice) => boolean, kinds: readonly NotificationKind[] = NOTIFICATION_KINDS) =>
    kinds.some((k) => pick(s.channels[k]));
  return {
    email: any((c) => c.email),
    sms: any((c) => c.sms),
    push: any((c) => c.push),
    alerts: any((c) => c.inApp || c.push || c.sms || c.email, ALERT_KINDS),
    reports: previous.reports,
  };
}

export const chosenChannels = (s: NotificationSettings, kind: NotificationKind): NotificationChannel[] =>
  NOTIFICATION_CHANNELS.filter((ch) => s.channels[kind][ch]);

/** Minutes since midnight of an instant in India Standard Time (UTC+5:30, no daylight saving). */
export const istMinutes = (at: Date) => (Math.floor(at.getTime() / 60_000) + 330) % 1440;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the quiet hours (start inclusive, end exclusive; a window may cross midnight). */
export function inQuietHours(q: NotificationSettings['quietHours'], at: Date): boolean {
  if (!q.enabled) return false;
  const now = istMinutes(at);
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The instant the India day of `at` began (the SMS cap counts from it). */
export function istDayStart(at: Date): Date {
  return new Date(at.getTime() - istMinutes(at) * 60_000 - (at.getTime() % 60_000));
}

/** Severities: the alarm rework names them critical/major/minor/warning; today's high/medium/low map onto them. */
export const isCritical = (severity: string) => severity === 'critical' || severity === 'high';
export function severityRank(severity: string): 'critical' | 'major' | 'minor' | 'warning' {
  if (isCritical(severity)) return 'critical';
  if (severity === 'major' || severity === 'medium') return 'major';
  if (severity === 'minor' || severity === 'low') return 'minor';
  return 'warning';
}
