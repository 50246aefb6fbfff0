/**
 * /gps-field-mapping: four stat cards, Add Field Location / View Map / Refresh, the device position,
 * 'Your Fields' with View Details and Update GPS, and the first three nearby fields and weather stations.
 * Everything runs in gpsMappingMachine; this tree only sends events. The map is the shared maplibre
 * FieldMap, loaded lazily when 'View Map' opens, so maplibre stays out of this route's first chunk.
 */
import { lazy, Suspense, useMemo, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { gpsMappingMachine, type FieldLocation, type NewLocation } from '@/machines/gpsMapping.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { useT } from '@/i18n/useT';
import { m, SOIL_TYPES } from './gpsMessages';
import { GpsMoveDialog } from './GpsMoveDialog';
import './gps.css';
import { formatDate, formatNum } from '@/i18n/format';

const FieldMap = lazy(() => import('../map/FieldMap').then((x) => ({ default: x.FieldMap })));

const SHOWN = 3;

function useNum() {
  return (n: number, digits = 2) => formatNum(n, { maximumFractionDigits: digits });
}

export function GpsFieldMappingView({ logic }: { logic?: typeof gpsMappingMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? gpsMappingMachine, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page gps-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <GpsMappingContext.Provider logic={machine}>
          <StatCards />
          <Toolbar />
          <Notices />
          <PositionLine />
          <AddDialog />
          <MapDialog />
          <DetailsDialog />
          <GpsMoveDialog />
          <div className="gps-columns">
            <YourFields />
            <aside className="gps-side">
              <NearbyFields />
              <Stations />
            </aside>
          </div>
        </GpsMappingContext.Provider>
      </main>
    </>
  );
}

function StatCards() {
  const intl = useIntl();
  const num = useNum();
  const stats = GpsMappingContext.useSelector((s) => s.context.stats);
  const stations = GpsMappingContext.useSelector((s) => s.context.stations.length);
  const surveyed = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  const loaded = GpsMappingContext.useSelector((s) => s.matches('ready'));
  const dash = '--';
  const cards: { label: MessageDescriptor; value: string }[] = [
    { label: m.statFields, value: stats ? num(stats.totalFields) : dash },
    { label: m.statArea, value: stats ? num(stats.totalArea) : dash },
    { label: m.statElevation, value: stats ? num(stats.avgElevation, 1) : dash },
    { label: m.statStations, value: surveyed ? num(stations) : dash },
  ];
  return (
    <section className="cards" aria-label={intl.formatMessage(m.title)}>
      {cards.map((c) => (
        <div className="card stat" key={c.label.id}>
          <span className="stat-label">{intl.formatMessage(c.label)}</span>
          <span className="stat-value">{c.value}</span>
        </div>
      ))}
      {loaded && !stats ? <small className="stat-note">{intl.formatMessage(m.statUnknown)}</small> : null}
    </section>
  );
}

function Toolbar() {
  const intl = useIntl();
  const { send } = GpsMappingContext.useActorRef();
  const canAdd = GpsMappingContext.useSelector((s) => s.can({ type: 'add.open' }));
  const canMap = GpsMappingContext.useSelector((s) => s.can({ type: 'map.open' }));
  const canRefresh = GpsMappingContext.useSelector((s) => s.can({ type: 'list.refresh' }));
  return (
    <div className="gps-toolbar">
      <button type="button" className="button button-primary" disabled={!canAdd} onClick={() => send({ type: 'add.open' })}>
        {intl.formatMessage(m.addOpen)}
      </button>
      <button type="button" className="button button-secondary" disabled={!canMap} onClick={() => send({ type: 'map.open' })}>
        {intl.formatMessage(m.viewMap)}
      </button>
      <button type="button" className="button button-secondary" disabled={!canRefresh} onClick={() => send({ type: 'list.refresh' })}>
        {intl.formatMessage(m.refresh)}
      </button>
    </div>
  );
}

function Notices() {
  const intl = useIntl();
  const { send } = GpsMappingContext.useActorRef();
  const fetchFailed = GpsMappingContext.useSelector((s) => s.matches('failed'));
  const failure = GpsMappingContext.useSelector((s) => s.context.failure);
  const error = GpsMappingContext.useSelector((s) => s.context.error);
  const notice = GpsMappingContext.useSelector((s) => s.context.notice);
  const fallback = GpsMappingContext.useSelector((s) => s.context.updateSource === 'fallback');
  return (
    <>
      {fetchFailed ? (
        <p role="alert" className="banner banner-error">
          {intl.formatMessage(m.fetchFailed)}
        </p>
      ) : null}
      {failure === 'update' ? (
        <p role="alert" className="banner banner-error">
          {httpErrorMessage(intl, error, m.updateFailed)}
        </p>
      ) : null}
      {notice ? (
        <div role="status" className="banner banner-success gps-notice">
          <span>
            {intl.formatMessage(notice === 'added' ? m.added : m.updated)}
            {notice === 'updated' && fallback ? <> {intl.formatMessage(m.updatedFallback)}</> : null}
          </span>
          <button type="button" className="button button-quiet" onClick={() => send({ type: 'notice.dismiss' })}>
            {intl.formatMessage(m.dismiss)}
          </button>
        </div>
      ) : null}
    </>
  );
}

function PositionLine() {
  const t = useT();
  const num = useNum();
  const position = GpsMappingContext.useSelector((s) => s.context.position);
  const source = GpsMappingContext.useSelector((s) => s.context.positionSource);
  const locating = GpsMappingContext.useSelector((s) => s.hasTag('locating'));
  if (locating || !position) return locating ? <p className="muted gps-position">{t(m.locating)}</p> : null;
  const values = { lat: num(position.latitude, 4), lng: num(position.longitude, 4) };
  return <p className="muted gps-position">{t(source === 'fallback' ? m.positionFallback : m.positionDevice, values)}</p>;
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();
const numberOr = (raw: string) => (raw === '' ? Number.NaN : Number(raw));

/** The form's values as the server's body (empty optional boxes are left out). */
function draftFrom(form: FormData): NewLocation {
  const area = text(form, 'area');
  const elevation = text(form, 'elevation');
  const irrigation = text(form, 'irrigationType');
  const metadata: Record<string, string> = {};
  for (const k of ['village', 'taluka', 'district']) if (text(form, k)) metadata[k] = text(form, k);
  return {
    fieldId: text(form, 'fieldId'),
    name: text(form, 'name'),
    coordinates: [numberOr(text(form, 'lng')), numberOr(text(form, 'lat'))],
    ...(area !== '' && Number.isFinite(Number(area)) ? { area: { value: Number(area), unit: 'acres' as const } } : {}),
    ...(elevation !== '' && Number.isFinite(Number(elevation)) ? { elevation: { value: Number(elevation) } } : {}),
    soilType: text(form, 'soilType') as NewLocation['soilType'],
    ...(irrigation ? { irrigationType: irrigation } : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
}

function AddDialog() {
  const intl = useIntl();
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'adding' } }) || s.matches({ ready: { main: 'saving' } }));
  const busy = GpsMappingContext.useSelector((s) => s.hasTag('submitting'));
  const failure = GpsMappingContext.useSelector((s) => s.context.failure);
  const error = GpsMappingContext.useSelector((s) => s.context.error);
  const fields = GpsMappingContext.useSelector((s) => s.context.fields);
  const mapped = GpsMappingContext.useSelector((s) => s.context.locations);
  const position = GpsMappingContext.useSelector((s) => s.context.position);
  if (!open) return null;
  const taken = new Set(mapped.map((l) => l.fieldId));
  const choices = fields.filter((f) => !taken.has(f._id));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send({ type: 'add.submit', draft: draftFrom(new FormData(e.currentTarget)) });
  };
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-add-title" className="card gps-dialog">
      <h2 id="gps-add-title">{intl.formatMessage(m.addOpen)}</h2>
      {choices.length === 0 ? <p className="muted">{t(m.noUnmapped)}</p> : null}
      <form onSubmit={submit} className="gps-form" noValidate>
        <label>
          {t(m.fieldLabel)}
          <select name="fieldId" defaultValue="" disabled={busy}>
            <option value="">{t(m.chooseField)}</option>
            {choices.map((f) => (
              <option key={f._id} value={f._id}>
                {f.name} ({f.fieldId})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(m.nameLabel)}
          <input name="name" maxLength={120} disabled={busy} />
        </label>
        <label>
          {t(m.latLabel)}
          <input name="lat" inputMode="decimal" defaultValue={position ? String(position.latitude) : ''} disabled={busy} />
        </label>
        <label>
          {t(m.lngLabel)}
          <input name="lng" inputMode="decimal" defaultValue={position ? String(position.longitude) : ''} disabled={busy} />
        </label>
        <label>
          {t(m.areaLabel)}
          <input name="area" inputMode="decimal" disabled={busy} />
        </label>
        <label>
          {t(m.elevationLabel)}
          <input name="elevation" inputMode="decimal" disabled={busy} />
        </label>
        <label>
          {t(m.soilLabel)}
          <select name="soilType" defaultValue="unknown" disabled={busy}>
            {SOIL_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(m[`soil.${k}`])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(m.irrigationLabel)}
          <input name="irrigationType" maxLength={40} disabled={busy} />
        </label>
        <label>
          {t(m.villageLabel)}
          <input name="village" maxLength={200} disabled={busy} />
        </label>
        <label>
          {t(m.talukaLabel)}
          <input name="taluka" maxLength={200} disabled={busy} />
        </label>
        <label>
          {t(m.districtLabel)}
          <input name="district" maxLength={200} disabled={busy} />
        </label>
        {failure === 'invalid' ? (
          <p role="alert" className="banner banner-error gps-wide">
            {t(m.invalid)}
          </p>
        ) : null}
        {failure === 'add' ? (
          <p role="alert" className="banner banner-error gps-wide">
            {httpErrorMessage(intl, error, m.addFailed)}
          </p>
        ) : null}
        <div className="gps-actions gps-wide">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t(busy ? m.saving : m.save)}
          </button>
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => send({ type: 'add.cancel' })}>
            {t(m.cancel)}
          </button>
        </div>
      </form>
    </div>
  );
}

function MapDialog() {
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'map' } }));
  const locations = GpsMappingContext.useSelector((s) => s.context.locations);
  const pins = useMemo(
    () =>
      locations.map((l) => ({
        fieldId: l.fieldId,
        fieldName: l.name,
        status: 'good' as const,
        crop: null,
        farmerName: null,
        lng: l.location.coordinates[0],
        lat: l.location.coordinates[1],
      })),
    [locations],
  );
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-map-title" className="card gps-dialog">
      <h2 id="gps-map-title">{t(m.mapTitle)}</h2>
      <Suspense fallback={<p className="loading">{t(m.mapLoading)}</p>}>
        <FieldMap pins={pins} plain height={380} listLimit={0} />
      </Suspense>
      <div className="gps-actions">
        <button type="button" className="button button-quiet" onClick={() => send({ type: 'map.close' })}>
          {t(m.close)}
        </button>
      </div>
    </div>
  );
}

function DetailsDialog() {
  const intl = useIntl();
  const t = useT();
  const num = useNum();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'details' } }));
  const loc = GpsMappingContext.useSelector((s) => s.context.locations.find((l) => l.fieldId === s.context.selected));
  if (!open || !loc) return null;
  const none = t(m.notRecorded);
  const [lng, lat] = loc.location.coordinates;
  const place = ['village', 'taluka', 'district', 'state']
    .map((k) => loc.metadata[k])
    .filter((v) => v != null && v !== '')
    .join(', ');
  const rows: [MessageDescriptor, string][] = [
    [m.dStatus, statusName(t, loc.status)],
    [m.dCoords, t(m.coords, { lat: num(lat, 5), lng: num(lng, 5) })],
    [m.dArea, loc.area.value != null ? t(m.areaValue, { value: num(loc.area.value), unit: unitName(t, loc.area.unit) }) : none],
    [m.dElevation, loc.elevation.value != null ? t(m.metres, { value: num(loc.elevation.value, 1) }) : none],
    [m.dSoil, soilName(t, loc.soilType)],
    [m.dIrrigation, loc.irrigationType || none],
    [m.dPlace, place || none],
    [m.dAccuracy, loc.accuracy != null ? `${num(loc.accuracy)}%` : none],
    [
      m.dSurvey,
      loc.lastSurvey.date
        ? t(m.surveyOn, { date: formatDate(intl, loc.lastSurvey.date, 'date'), method: methodName(t, loc.lastSurvey.method) })
        : none,
    ],
  ];
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-details-title" className="card gps-dialog">
      <h2 id="gps-details-title">
        {t(m.detailsTitle)}: {loc.name}
      </h2>
      <dl className="gps-details">
        {rows.map(([label, value]) => (
          <div key={label.id}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="gps-actions">
        <button type="button" className="button button-quiet" onClick={() => send({ type: 'details.close' })}>
          {t(m.close)}
        </button>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useT>;
const statusName = (t: T, s: string) => (`status.${s}` in m ? t(m[`status.${s}` as 'status.active']) : s);
const soilName = (t: T, s: string) => (`soil.${s}` in m ? t(m[`soil.${s}` as 'soil.unknown']) : s);
const unitName = (t: T, u: string) => (`unit.${u}` in m ? t(m[`unit.${u}` as 'unit.acres']) : u);
const methodName = (t: T, s: string | null) => (s && `method.${s}` in m ? t(m[`method.${s}` as 'method.manual']) : (s ?? '--'));

function LocationLine({ loc }: { loc: FieldLocation }) {
  const t = useT();
  const num = useNum();
  const [lng, lat] = loc.location.coordinates;
  return (
    <span className="muted">
      {t(m.coords, { lat: num(lat, 4), lng: num(lng, 4) })}
      {loc.area.value != null ? ` · ${t(m.areaValue, { value: num(loc.area.value), unit: unitName(t, loc.area.unit) })}` : ''}
      {` · ${soilName(t, loc.soilType)}`}
    </span>
  );
}

function YourFields() {
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const locations = GpsMappingContext.useSelector((s) => s.context.locations);
  const loading = GpsMappingContext.useSelector((s) => s.hasTag('loading'));
  const loaded = GpsMappingContext.useSelector((s) => s.matches('ready'));
  const canAct = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'idle' } }));
  const updating = GpsMappingContext.useSelector((s) => (s.hasTag('updating') ? s.context.selected : null));
  return (
    <section className="card gps-fields" aria-labelledby="gps-your-fields">
      <h2 id="gps-your-fields">{t(m.yourFields)}</h2>
      {loading && locations.length === 0 ? <p className="loading">{t(m.loading)}</p> : null}
      {loaded && locations.length === 0 ? (
        <div className="gps-empty">
          <h3>{t(m.emptyTitle)}</h3>
          <p>{t(m.emptyHint)}</p>
        </div>
      ) : null}
      {locations.length > 0 ? (
        <ul className="gps-list" aria-busy={loading}>
          {locations.map((loc) => (
            <li key={loc._id}>
              <div>
                <strong>{loc.name}</strong> <span className={`badge gps-status-${loc.status}`}>{statusName(t, loc.status)}</span>
                <br />
                <LocationLine loc={loc} />
              </div>
              <div className="gps-actions">
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={`${t(m.viewDetails)}: ${loc.name}`}
                  disabled={!canAct}
                  onClick={() => send({ type: 'details.open', fieldId: loc.fieldId })}
                >
                  {t(m.viewDetails)}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`${t(updating === loc.fieldId ? m.updatingGps : m.updateGps)}: ${loc.name}`}
                  disabled={!canAct}
                  onClick={() => send({ type: 'gps.update', fieldId: loc.fieldId })}
                >
                  {t(updating === loc.fieldId ? m.updatingGps : m.updateGps)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function NearbyFields() {
  const t = useT();
  const num = useNum();
  const nearby = GpsMappingContext.useSelector((s) => s.context.nearby);
  const done = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  return (
    <section className="card gps-nearby" aria-labelledby="gps-nearby-title">
      <h2 id="gps-nearby-title">{t(m.nearbyTitle)}</h2>
      {!done ? <p className="muted">{t(m.searching)}</p> : nearby.length === 0 ? <p className="muted">{t(m.nearbyEmpty)}</p> : null}
      {done && nearby.length > 0 ? (
        <ul className="gps-list">
          {nearby.slice(0, SHOWN).map((loc) => (
            <li key={loc._id}>
              <strong>{loc.name}</strong>
              <span className="muted">{t(m.distance, { km: num(loc.distanceKm ?? 0, 1) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Stations() {
  const t = useT();
  const num = useNum();
  const stations = GpsMappingContext.useSelector((s) => s.context.stations);
  const done = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  return (
    <section className="card gps-stations" aria-labelledby="gps-stations-title">
      <h2 id="gps-stations-title">{t(m.stationsTitle)}</h2>
      {!done ? <p className="muted">{t(m.searching)}</p> : stations.length === 0 ? <p className="muted">{t(m.stationsEmpty)}</p> : null}
      {done && stations.length > 0 ? (
        <ul className="gps-list">
          {stations.slice(0, SHOWN).map((st) => (
            <li key={st._id}>
              <strong>{st.name}</strong>
              <span className="muted">{t(m.distance, { km: num(st.distanceKm, 1) })}</span>
              <span>
                {st.temperature != null && st.humidity != null
                  ? t(m.weather, { temp: num(st.temperature, 1), humidity: num(st.humidity, 0) })
                  : t(m.noWeather)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
