/** Temperature °C, humidity %, rain chance %; marked when it is a seasonal estimate. Cleared on failure. */
import { defineMessages, useIntl } from 'react-intl';
import { FdssContext } from '@/machines/fdss.context';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'fdss.weather', defaultMessage: 'Weather' },
  temperature: { id: 'fdss.temperature', defaultMessage: 'Temperature' },
  humidity: { id: 'fdss.humidity', defaultMessage: 'Humidity' },
  rain: { id: 'fdss.rainChance', defaultMessage: 'Chance of rain' },
  estimated: { id: 'fdss.estimated', defaultMessage: 'Estimate from the usual weather for this place and month (no live forecast)' },
  loading: { id: 'fdss.weatherLoading', defaultMessage: 'Loading weather…' },
});

export function WeatherCard() {
  const intl = useIntl();
  const weather = FdssContext.useSelector((s) => s.context.weather);
  const loading = FdssContext.useSelector((s) => s.matches({ ready: { field: { weather: 'loading' } } }));
  if (loading) return <p role="status">{intl.formatMessage(m.loading)}</p>;
  if (!weather) return null;
  const n = (v: number) => formatNum(v, { maximumFractionDigits: 1 });
  return (
    <section className="tools-section" aria-labelledby="fdss-weather">
      <h2 id="fdss-weather">{intl.formatMessage(m.title)}</h2>
      <div className="weather-card">
        <div>
          <strong data-testid="weather-temperature">{n(weather.temperature)} °C</strong>
          {intl.formatMessage(m.temperature)}
        </div>
        <div>
          <strong data-testid="weather-humidity">{n(weather.humidity)} %</strong>
          {intl.formatMessage(m.humidity)}
        </div>
        <div>
          <strong data-testid="weather-rain">{n(weather.rainChance)} %</strong>
          {intl.formatMessage(m.rain)}
        </div>
      </div>
      {weather.estimated && <p className="tools-estimated">{intl.formatMessage(m.estimated)}</p>}
    </section>
  );
}
