/** Soil and location inputs with the three actions: fetch NDVI, generate report, download report. */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { LandReportContext } from '@/machines/landReport.context';
import { NdviContext } from '@/machines/ndviRegistration.context';
import type { FormField } from '@/machines/landReport.machine';

const m = defineMessages({
  ph: { id: 'land.ph', defaultMessage: 'pH (6.0 – 8.0 is usual)' },
  nitrogen: { id: 'land.nitrogen', defaultMessage: 'Nitrogen N (kg/ha)' },
  phosphorus: { id: 'land.phosphorus', defaultMessage: 'Phosphorus P (kg/ha)' },
  potassium: { id: 'land.potassium', defaultMessage: 'Potassium K (kg/ha)' },
  organicMatter: { id: 'land.organicMatter', defaultMessage: 'Organic matter (%)' },
  location: { id: 'land.location', defaultMessage: 'Location (village, district)' },
  lat: { id: 'land.lat', defaultMessage: 'Latitude' },
  lon: { id: 'land.lon', defaultMessage: 'Longitude' },
  fetchNdvi: { id: 'land.fetchNdvi', defaultMessage: 'Fetch NDVI' },
  fetchingNdvi: { id: 'land.fetchingNdvi', defaultMessage: 'Fetching NDVI…' },
  generate: { id: 'land.generate', defaultMessage: 'Generate report' },
  generating: { id: 'land.generating', defaultMessage: 'Generating…' },
  download: { id: 'land.download', defaultMessage: 'Download report' },
  downloading: { id: 'land.downloading', defaultMessage: 'Downloading…' },
});

const INPUTS: { field: FormField; label: MessageDescriptor; min?: number; max?: number; step?: number | 'any'; text?: boolean }[] = [
  { field: 'ph', label: m.ph, min: 0, max: 14, step: 0.1 },
  { field: 'nitrogen', label: m.nitrogen, min: 0, step: 'any' },
  { field: 'phosphorus', label: m.phosphorus, min: 0, step: 'any' },
  { field: 'potassium', label: m.potassium, min: 0, step: 'any' },
  { field: 'organicMatter', label: m.organicMatter, min: 0, max: 100, step: 0.1 },
  { field: 'location', label: m.location, text: true },
  { field: 'lat', label: m.lat, step: 'any' },
  { field: 'lon', label: m.lon, step: 'any' },
];

export function LandReportForm() {
  const intl = useIntl();
  const report = LandReportContext.useActorRef();
  const ndvi = NdviContext.useActorRef();
  const form = LandReportContext.useSelector((s) => s.context.form);
  const generating = LandReportContext.useSelector((s) => s.matches('generating'));
  // Busy too while the phone is read for a kept copy after a failed download (a moment).
  const downloading = LandReportContext.useSelector((s) => s.matches({ report: 'downloading' }) || s.matches({ report: 'recallingPdf' }));
  const canDownload = LandReportContext.useSelector((s) => s.can({ type: 'report.download' }));
  const ndviBusy = NdviContext.useSelector((s) => s.hasTag('busy'));
  const points = NdviContext.useSelector((s) => s.context.points);
  const estimated = NdviContext.useSelector((s) => s.context.estimated);
  return (
    <form noValidate
      className="tools-section"
      onSubmit={(e) => {
        e.preventDefault();
        report.send({ type: 'report.generate', ndvi: points, ndviEstimated: estimated });
      }}
    >
      <div className="land-form">
        {INPUTS.map((i) => (
          <label key={i.field}>
            {intl.formatMessage(i.label)}
            <input
              name={i.field}
              type={i.text ? 'text' : 'number'}
              inputMode={i.text ? 'text' : 'decimal'}
              min={i.min}
              max={i.max}
              step={i.step}
              maxLength={i.text ? 200 : undefined}
              value={form[i.field]}
              onChange={(e) => report.send({ type: 'report.edit', field: i.field, value: e.currentTarget.value })}
            />
          </label>
        ))}
      </div>
      <div className="tools-actions">
        <button type="button" className="button button-secondary" disabled={ndviBusy} aria-busy={ndviBusy} onClick={() => ndvi.send({ type: 'ndvi.fetch', lat: form.lat, lon: form.lon })}>
          {intl.formatMessage(ndviBusy ? m.fetchingNdvi : m.fetchNdvi)}
        </button>
        <button type="submit" className="button button-primary" disabled={generating} aria-busy={generating}>
          {intl.formatMessage(generating ? m.generating : m.generate)}
        </button>
        <button type="button" className="button button-secondary" disabled={!canDownload} aria-busy={downloading} onClick={() => report.send({ type: 'report.download' })}>
          {intl.formatMessage(downloading ? m.downloading : m.download)}
        </button>
      </div>
    </form>
  );
}
