/** Tells the farmer, in their language, which of the field's sensors stopped reporting and since when. */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { LatestReading } from '@/machines/farmerHome.machine';
import { formatAge } from '@/views/ui/ReadingAge';

const m = defineMessages({
  silent: {
    id: 'home.sensor.silent',
    defaultMessage:
      '{type, select, moisture {Moisture} temperature {Temperature} other {The}} sensor {sensor} has not reported: last reading {ago}. Please check it.',
  },
  never: {
    id: 'home.sensor.never',
    defaultMessage: '{type, select, moisture {Moisture} temperature {Temperature} other {The}} sensor {sensor} has not sent any reading yet.',
  },
});

export function SilentSensors({ latest, now }: { latest: LatestReading | null; now: number }) {
  const intl = useIntl();
  const silent = latest?.silentSensors ?? [];
  if (!silent.length) return null;
  // react-intl 12's typed overloads refuse values for a `defineMessages` descriptor; the plain one takes them.
  const say = (d: MessageDescriptor, values: Record<string, string>) => intl.formatMessage(d, values);
  return (
    <div className="banner banner-warn silent-sensors" role="status">
      <ul>
        {silent.map((s) => (
          <li key={s.sensorId}>
            {s.lastSeenAt
              ? say(m.silent, { type: s.type, sensor: s.sensorId, ago: formatAge(intl, s.lastSeenAt, now) })
              : say(m.never, { type: s.type, sensor: s.sensorId })}
          </li>
        ))}
      </ul>
    </div>
  );
}
