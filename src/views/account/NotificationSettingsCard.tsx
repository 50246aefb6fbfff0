/**
 * Profile → notification preferences (issue 16): per kind of notification, the channels it uses (in the app, push,
 * SMS, e-mail); quiet hours; and Web Push on this device, saying honestly when the browser cannot, the person has
 * blocked it, or the server does not send push. All behaviour is the notification settings machine's.
 */
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { notificationSettingsMachine } from '@/machines/notificationSettings.machine';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '../../../contracts/notifications';

const m = defineMessages({
  title: { id: 'notificationSettings.title', defaultMessage: 'Notification preferences' },
  intro: { id: 'notificationSettings.intro', defaultMessage: 'Choose how you are told about each kind of notification.' },
  loading: { id: 'notificationSettings.loading', defaultMessage: 'Loading your notification preferences…' },
  loadFailed: { id: 'notificationSettings.loadFailed', defaultMessage: 'Your notification preferences could not be loaded.' },
  retry: { id: 'notificationSettings.retry', defaultMessage: 'Retry' },
  quiet: { id: 'notificationSettings.quiet', defaultMessage: 'Quiet hours' },
  quietEnabled: { id: 'notificationSettings.quiet.enabled', defaultMessage: 'No SMS and no push sound at night (critical alerts still come)' },
  quietStart: { id: 'notificationSettings.quiet.start', defaultMessage: 'From' },
  quietEnd: { id: 'notificationSettings.quiet.end', defaultMessage: 'To' },
  save: { id: 'notificationSettings.save', defaultMessage: 'Save preferences' },
  saving: { id: 'notificationSettings.saving', defaultMessage: 'Saving…' },
  saved: { id: 'notificationSettings.saved', defaultMessage: 'Notification preferences saved.' },
  saveFailed: { id: 'notificationSettings.saveFailed', defaultMessage: 'Notification preferences could not be saved.' },
  device: { id: 'notificationSettings.device', defaultMessage: 'Notifications on this device' },
  checking: { id: 'notificationSettings.push.checking', defaultMessage: 'Checking this device…' },
  unsupported: {
    id: 'notificationSettings.push.unsupported',
    defaultMessage: 'This browser cannot receive notifications when the app is closed. You still see them under the bell.',
  },
  unavailable: { id: 'notificationSettings.push.unavailable', defaultMessage: 'Notifications to devices are not available right now.' },
  denied: {
    id: 'notificationSettings.push.denied',
    defaultMessage: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back here.',
  },
  off: { id: 'notificationSettings.push.off', defaultMessage: 'Off: this device is not told when the app is closed.' },
  on: { id: 'notificationSettings.push.on', defaultMessage: 'On: this device shows notifications even when the app is closed.' },
  enable: { id: 'notificationSettings.push.enable', defaultMessage: 'Enable notifications on this device' },
  enabling: { id: 'notificationSettings.push.enabling', defaultMessage: 'Turning on…' },
  disable: { id: 'notificationSettings.push.disable', defaultMessage: 'Turn off' },
  disabling: { id: 'notificationSettings.push.disabling', defaultMessage: 'Turning off…' },
  pushFailed: { id: 'notificationSettings.push.failed', defaultMessage: 'Notifications on this device could not be changed.' },
});

export const settingsKindLabel: Record<NotificationKind, MessageDescriptor> = defineMessages({
  alertRaised: { id: 'notificationSettings.kind.alertRaised', defaultMessage: 'New alerts on my fields' },
  alertAssigned: { id: 'notificationSettings.kind.alertAssigned', defaultMessage: 'Alerts assigned to me' },
  alertEscalated: { id: 'notificationSettings.kind.alertEscalated', defaultMessage: 'Escalated alerts' },
  message: { id: 'notificationSettings.kind.message', defaultMessage: 'Messages' },
});

export const channelLabel: Record<NotificationChannel, MessageDescriptor> = defineMessages({
  inApp: { id: 'notificationSettings.channel.inApp', defaultMessage: 'In the app' },
  push: { id: 'notificationSettings.channel.push', defaultMessage: 'Push' },
  sms: { id: 'notificationSettings.channel.sms', defaultMessage: 'SMS' },
  email: { id: 'notificationSettings.channel.email', defaultMessage: 'E-mail' },
});

/** Every half hour of the day ('00:00' … '23:30'), plus the saved time when it is not one of them. */
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const timesWith = (t: string) => (HALF_HOURS.includes(t) ? HALF_HOURS : [...HALF_HOURS, t].sort());

export function NotificationSettingsCard({ logic = notificationSettingsMachine }: { logic?: typeof notificationSettingsMachine }) {
  const intl = useIntl();
  const [s, send] = useMachine(logic);
  const { draft, saved, saveError, pushError } = s.context;
  const saving = s.hasTag('saving');
  const canSave = s.can({ type: 'settings.save' });
  return (
    <section className="acct-card notif-settings" aria-labelledby="notif-settings-title">
      <h2 id="notif-settings-title">{intl.formatMessage(m.title)}</h2>
      {s.hasTag('loading') && (
        <p className="acct-hint" aria-busy="true">
          {intl.formatMessage(m.loading)}
        </p>
      )}
      {s.matches({ prefs: 'failed' }) && (
        <div className="acct-banner acct-banner--error">
          <p>{intl.formatMessage(m.loadFailed)}</p>
          <button type="button" onClick={() => send({ type: 'settings.retry' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      )}
      {s.matches({ prefs: 'ready' }) && draft && (
        <form
          noValidate
          aria-busy={saving}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'settings.save' });
          }}
        >
          <p className="acct-hint">{intl.formatMessage(m.intro)}</p>
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className="notif-kind">
              <legend>{intl.formatMessage(settingsKindLabel[kind])}</legend>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel}>
                  <input
                    type="checkbox"
                    checked={draft.channels[kind][channel]}
                    disabled={saving}
                    onChange={(e) => send({ type: 'settings.toggle', kind, channel, value: e.target.checked })}
                  />
                  {intl.formatMessage(channelLabel[channel])}
                </label>
              ))}
            </fieldset>
          ))}
          <fieldset className="notif-kind notif-quiet">
            <legend>{intl.formatMessage(m.quiet)}</legend>
            <label className="notif-quiet__switch">
              <input
                type="checkbox"
                checked={draft.quietHours.enabled}
                disabled={saving}
                onChange={(e) => send({ type: 'settings.quietEnabled', value: e.target.checked })}
              />
              {intl.formatMessage(m.quietEnabled)}
            </label>
            {(['start', 'end'] as const).map((field) => (
              <label key={field} className="notif-time">
                {intl.formatMessage(field === 'start' ? m.quietStart : m.quietEnd)}
                {/* A list of 24-hour times: a time input would show the browser's 12-hour AM/PM in Marathi. */}
                <select
                  value={draft.quietHours[field]}
                  disabled={saving || !draft.quietHours.enabled}
                  onChange={(e) => send({ type: 'settings.quietTime', field, value: e.target.value })}
                >
                  {timesWith(draft.quietHours[field]).map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          {saved && (
            <p role="status" className="acct-banner acct-banner--ok">
              {intl.formatMessage(m.saved)}
            </p>
          )}
          {saveError !== null && (
            <p role="alert" className="acct-banner acct-banner--error">
              {httpErrorMessage(intl, saveError, m.saveFailed)}
            </p>
          )}
          <div className="acct-actions">
            <button type="submit" className="acct-primary" disabled={!canSave}>
              {intl.formatMessage(saving ? m.saving : m.save)}
            </button>
          </div>
        </form>
      )}
      <PushSection
        state={String((s.value as { push: string }).push)}
        error={pushError}
        onEnable={() => send({ type: 'push.enable' })}
        onDisable={() => send({ type: 'push.disable' })}
      />
    </section>
  );
}

function PushSection({ state, error, onEnable, onDisable }: { state: string; error: unknown; onEnable: () => void; onDisable: () => void }) {
  const intl = useIntl();
  const text: Record<string, MessageDescriptor> = {
    checking: m.checking,
    unsupported: m.unsupported,
    unavailable: m.unavailable,
    denied: m.denied,
    off: m.off,
    enabling: m.off,
    on: m.on,
    disabling: m.on,
  };
  return (
    <div className="notif-device" aria-labelledby="notif-device-title" role="group">
      <h3 id="notif-device-title">{intl.formatMessage(m.device)}</h3>
      <p className="acct-hint" data-push-state={state} aria-busy={state === 'checking' || undefined}>
        {intl.formatMessage(text[state])}
      </p>
      {(state === 'off' || state === 'enabling') && (
        <button type="button" className="acct-primary" disabled={state === 'enabling'} onClick={onEnable}>
          {intl.formatMessage(state === 'enabling' ? m.enabling : m.enable)}
        </button>
      )}
      {(state === 'on' || state === 'disabling') && (
        <button type="button" disabled={state === 'disabling'} onClick={onDisable}>
          {intl.formatMessage(state === 'disabling' ? m.disabling : m.disable)}
        </button>
      )}
      {error !== null && (
        <p role="alert" className="acct-banner acct-banner--error">
          {httpErrorMessage(intl, error, m.pushFailed)}
        </p>
      )}
    </div>
  );
}
