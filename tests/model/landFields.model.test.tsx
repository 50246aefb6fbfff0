/**
 * Generated path tests for where the land report starts (the landFields statechart), driven through the real
 * LandReportFromField as a farmer opens it: their first field fills the form, another field or none can be picked, a
 * load the server refused leaves the form empty and says so. Offline (issue 17): a load lost to the network shows the
 * field's last report, kept on the phone (its NDVI figures and sections), under the offline banner with its time
 * (or 'nothing saved'), with its last PDF to download (or a word that none was saved); another kept field can be
 * picked offline (its own report, or 'nothing saved for this field'); 'online' or the banner's Retry loads afresh and
 * the form is back.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { landFieldsMachine, type LandOfflineCopy } from '@/machines/landFields.machine';
import { LandFieldsContext } from '@/machines/landFields.context';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import type { Cached } from '@/machines/offline';
import type { FieldChoice, FieldDetail } from '@/services/fields';
import type { LandReport } from '@/services/land';
import { HttpError } from '@/shared/httpError';
import { LandReportFromField } from '@/views/tools/LandReportView';
import { NDVI, REPORT } from './fixtures/landReport';
import { byKey, deferred, describeModel, leafValues, modelPaths, renderView, serializeWith } from '../support/modelHarness';

const choice = (id: string, name: string): FieldChoice => ({ _id: id, fieldId: `FLD-${id}`, name, farmerId: 'farmer-1', lat: null, lng: null });
const FIELDS = [choice('a', 'Upper plot'), choice('b', 'River plot')];
const DETAIL = {
  location: {
    coordinates: { lat: 18.8268, lng: 74.3735 },
    address: { state: 'Maharashtra', district: 'Pune', village: 'Shirur', pincode: null, fullAddress: null },
    area: { value: 2.5, unit: 'acres' },
  },
  soilInfo: { type: 'black', ph: 7.4, organicMatter: 0.8, nitrogen: 260, phosphorus: 18.5, potassium: 310, lastTested: null },
} as unknown as FieldDetail;
/** The last report the farmer generated, with its NDVI figures, kept 2 hours ago. */
const KEPT: Cached<LandReport> = {
  value: { ...REPORT, ndvi: NDVI, ndviSummary: { latest: NDVI.slice(-3), average30d: 0.61, estimated: false } },
  savedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
};
/** The river plot's last report, kept 30 hours ago (no PDF was downloaded of it). */
const KEPT_B: Cached<LandReport> = { value: { ...KEPT.value, location: 'River plot, Shirur' }, savedAt: new Date(Date.now() - 30 * 3600_000).toISOString() };
/** The upper plot's last PDF, downloaded 90 minutes ago. */
const PDF: Cached<Blob> = { value: new Blob(['%PDF-1.4 upper plot'], { type: 'application/pdf' }), savedAt: new Date(Date.now() - 90 * 60_000).toISOString() };
/** What the phone holds, as the recall answers for the field asked (or, with no field known, the last report's field 'a'). */
const COPY_A: LandOfflineCopy = { fields: FIELDS, fieldId: 'a', report: KEPT, pdf: PDF };
const COPY_B: LandOfflineCopy = { fields: FIELDS, fieldId: 'b', report: KEPT_B, pdf: null };
const NOTHING_B: LandOfflineCopy = { fields: FIELDS, fieldId: 'b', report: null, pdf: null };
const NOTHING: LandOfflineCopy = { fields: [], fieldId: null, report: null, pdf: null };
const NETWORK = new HttpError(0, 'network');
const ANSWERED = new HttpError(503, 'unavailable');

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadList', output: FIELDS },
  { type: 'xstate.done.actor.loadList', output: [] },
  { type: 'xstate.error.actor.loadList', error: ANSWERED },
  { type: 'xstate.error.actor.loadList', error: NETWORK },
  { type: 'xstate.done.actor.loadField', output: DETAIL },
  { type: 'xstate.error.actor.loadField', error: ANSWERED },
  { type: 'xstate.error.actor.loadField', error: NETWORK },
  { type: 'fields.pick', id: 'b' },
  { type: 'fields.pick', id: 'a' },
  { type: 'fields.pick', id: '' },
  { type: 'xstate.done.actor.recallReport', output: COPY_A },
  { type: 'xstate.done.actor.recallReport', output: COPY_B },
  { type: 'xstate.done.actor.recallReport', output: NOTHING_B },
  { type: 'xstate.done.actor.recallReport', output: NOTHING },
  { type: 'report.downloadKept' },
  { type: 'xstate.error.actor.recallReport', error: new Error('no IndexedDB') },
  { type: 'fields.retry' },
  { type: 'network.online' },
];
const keyOf = (e: Ev) => {
  if (e.type === 'xstate.done.actor.loadList') return `${e.type}:${(e.output as unknown[]).length ? 'some' : 'none'}`;
  if (e.type.startsWith('xstate.error.actor.load')) return `${e.type}:${(e.error as HttpError).status === 0 ? 'network' : 'answered'}`;
  if (e.type === 'xstate.done.actor.recallReport') {
    const copy = e.output as LandOfflineCopy;
    return `${e.type}:${copy.report ? 'kept' : copy.fieldId ? 'fieldNone' : 'none'}:${copy.fieldId ?? '-'}`;
  }
  if (e.type === 'fields.pick') return `${e.type}:${e.id || 'none'}`;
  return e.type;
};

type Snap = SnapshotFrom<typeof landFieldsMachine>;
const paths = modelPaths(landFieldsMachine, {
  input: { autoPick: true },
  events: EVENTS,
  serializeEvent: keyOf,
  // A field is picked as the screen offers it: from the list shown, another than the one chosen (offline: no 'none').
  // The phone's copy answers for the field asked (the list known), else for the last report's field ('a') or nothing.
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    if (e.type === 'fields.pick') return s.context.fields.length > 0 && e.id !== (s.context.fieldId ?? '') && !(s.matches('offline') && e.id === '');
    if (e.type !== 'xstate.done.actor.recallReport') return true;
    const copy = e.output as LandOfflineCopy;
    return s.context.fields.length > 0 ? copy.fields.length > 0 && copy.fieldId === s.context.fieldId : copy === COPY_A || copy === NOTHING;
  },
  // Keyed on what the screen shows of the context too, so each step's snapshot is the one its own path reaches.
  serializeState: serializeWith((c: Snap['context']) => [c.fields.length, c.fieldId, c.prefill !== null, c.failed, c.keptReport !== null, c.keptPdf !== null]),
});

const drive = {
  list: deferred<FieldChoice[]>(),
  field: deferred<FieldDetail>(),
  recall: deferred<LandOfflineCopy>(),
  asked: [] as string[],
  /** What the offline screen asked the phone for. */
  recalled: [] as Array<{ fields: number; fieldId: string | null; known: boolean }>,
  /** The files handed to the browser. */
  saved: [] as Array<{ blob: Blob; name: string }>,
};

function render() {
  drive.asked = [];
  drive.recalled = [];
  drive.saved = [];
  const logic = landFieldsMachine.provide({
    actions: { saveFile: (_, p: { blob: Blob; name: string }) => void drive.saved.push(p) },
    actors: {
      loadList: fromPromise(() => (drive.asked.push('list'), (drive.list = deferred<FieldChoice[]>()).promise)),
      loadField: fromPromise(({ input }: { input: string }) => (drive.asked.push(`field ${input}`), (drive.field = deferred<FieldDetail>()).promise)),
      recallReport: fromPromise(({ input }: { input: { fields: FieldChoice[]; fieldId: string | null; known: boolean } }) => {
        drive.recalled.push({ fields: input.fields.length, fieldId: input.fieldId, known: input.known });
        return (drive.recall = deferred<LandOfflineCopy>()).promise;
      }),
      // watchOnline is the real one: the executor fires the window's 'online' event.
    },
  });
  renderView(
    <NdviContext.Provider logic={ndviRegistrationMachine}>
      <LandFieldsContext.Provider logic={logic} options={{ input: { autoPick: true } }}>
        <LandReportFromField />
      </LandFieldsContext.Provider>
    </NdviContext.Provider>,
    { session: 'farmer', intlLocale: 'en' },
  );
}

const settle = <T,>(d: () => { resolve: (v: T) => void; reject: (e: unknown) => void }) => (e: Ev) =>
  act(async () => (e.type.startsWith('xstate.done') ? d().resolve(e.output as T) : d().reject(e.error)));
const exec = byKey<Ev>(
  {
    'xstate.done.actor.loadList:some': settle(() => drive.list),
    'xstate.done.actor.loadList:none': settle(() => drive.list),
    'xstate.error.actor.loadList:answered': settle(() => drive.list),
    'xstate.error.actor.loadList:network': settle(() => drive.list),
    'xstate.done.actor.loadField': settle(() => drive.field),
    'xstate.error.actor.loadField:answered': settle(() => drive.field),
    'xstate.error.actor.loadField:network': settle(() => drive.field),
    'fields.pick:b': () => act(async () => void fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'b' } })),
    'fields.pick:a': () => act(async () => void fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'a' } })),
    'fields.pick:none': () => act(async () => void fireEvent.change(screen.getByLabelText('Field'), { target: { value: '' } })),
    'xstate.done.actor.recallReport:kept:a': settle(() => drive.recall),
    'xstate.done.actor.recallReport:kept:b': settle(() => drive.recall),
    'xstate.done.actor.recallReport:fieldNone:b': settle(() => drive.recall),
    'xstate.done.actor.recallReport:none:-': settle(() => drive.recall),
    'report.downloadKept': () => fireEvent.click(screen.getByRole('button', { name: /Download the last PDF/ })),
    'xstate.error.actor.recallReport': settle(() => drive.recall),
    'fields.retry': () => fireEvent.click(within(screen.getByTestId('offline-banner')).getByRole('button', { name: 'Retry' })),
    'network.online': () => act(() => void window.dispatchEvent(new Event('online'))),
  },
  keyOf,
);

const banner = () => screen.queryByTestId('offline-banner');
const timeOf = (iso: string) => new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const form = () => screen.queryByRole('button', { name: 'Generate report' });
const loadingLine = () => screen.queryByText('Loading your field…');

const assertState: Record<string, (s: Snap) => void> = {
  loadingList: () => {
    expect(loadingLine()).toBeInTheDocument();
    expect(drive.asked.at(-1)).toBe('list');
    expect(banner()).toBeNull();
  },
  loadingField: (s) => {
    expect(loadingLine()).toBeInTheDocument();
    expect(drive.asked.at(-1)).toBe(`field ${s.context.fieldId}`);
  },
  ready: (s) => {
    expect(banner()).toBeNull();
    expect(form()).toBeEnabled();
    const ph = (screen.getByLabelText('pH (6.0 – 8.0 is usual)') as HTMLInputElement).value;
    // The form starts from the field when it loaded; a refused load says so and leaves the form empty.
    expect(ph).toBe(s.context.prefill ? '7.4' : '');
    if (s.context.failed) expect(screen.getByText(/Your field could not be loaded/)).toBeInTheDocument();
    if (s.context.fields.length) expect((screen.getByLabelText('Field') as HTMLSelectElement).value).toBe(s.context.fieldId ?? '');
    else expect(screen.queryByLabelText('Field')).toBeNull();
  },
  'offline.reading': (s) => {
    expect(loadingLine()).toBeInTheDocument();
    expect(banner()).toBeNull();
    // The phone is asked for the field known (the list loaded), else for what it has.
    expect(drive.recalled.at(-1)).toEqual({ fields: s.context.fields.length, fieldId: s.context.fieldId, known: s.context.fields.length > 0 });
  },
  'offline.shown': (s) => {
    const report = s.context.fieldId === 'b' ? KEPT_B : KEPT;
    // When this field's report was made (a day ago: with its date).
    expect(banner()).toHaveTextContent('Offline — last updated');
    expect(banner()).toHaveTextContent(timeOf(report.savedAt));
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByText(/Your last report, as it was made/)).toBeInTheDocument();
    // The field the report is for; another can be picked.
    expect(screen.getByLabelText('Field')).toHaveValue(s.context.fieldId);
    expect(screen.getByLabelText('Field')).toBeEnabled();
    // The report as it was made: its NDVI figures, its soil score, its crops.
    expect(screen.getByTestId('ndvi-latest').querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByTestId('ndvi-average')).toHaveTextContent('30-day average: 0.61');
    expect(screen.getByTestId('soil-score')).toHaveTextContent('72');
    expect(screen.getByRole('cell', { name: /Tur \(pigeon pea\)/ })).toBeInTheDocument();
    // Its last PDF with its date, or a word that none was saved.
    if (s.context.fieldId === 'a') {
      expect(screen.getByRole('button', { name: /^Download the last PDF \(saved / })).toBeEnabled();
      expect(screen.queryByTestId('land-no-pdf')).toBeNull();
    } else {
      expect(screen.queryByRole('button', { name: /Download the last PDF/ })).toBeNull();
      expect(screen.getByTestId('land-no-pdf')).toHaveTextContent('No PDF of this report was saved on this phone.');
    }
    // A new report needs the network: no form to fill meanwhile.
    expect(form()).toBeNull();
  },
  'offline.fieldNothingSaved': (s) => {
    expect(banner()).toHaveTextContent('Offline — nothing saved on this phone for this field yet.');
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByLabelText('Field')).toHaveValue(s.context.fieldId);
    expect(screen.getByText('A new report needs the network.')).toBeInTheDocument();
    expect(screen.queryByTestId('soil-score')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download the last PDF/ })).toBeNull();
    expect(form()).toBeNull();
  },
  'offline.nothingSaved': () => {
    expect(banner()).toHaveTextContent('Offline — nothing saved on this phone yet.');
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByText('A new report needs the network.')).toBeInTheDocument();
    expect(screen.queryByTestId('soil-score')).toBeNull();
    expect(form()).toBeNull();
  },
};

describeModel('land report fields model (with offline)', {
  paths,
  events: EVENTS,
  eventKey: keyOf,
  machine: landFieldsMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event)).join(' → '),
  timeout: 15_000,
  render: () => {
    render();
    // Where the screen must be, worked out from what the server, the phone and the farmer did along the path (not
    // read from the snapshot): a machine that took a wrong step is caught where its snapshot and the screen agree.
    const want = { state: 'loadingList' as unknown, fields: 0, fieldId: null as string | null, prefill: false, failed: false, kept: false, pdf: false };
    const forget = { kept: false, pdf: false };
    const follow = (e: Ev) => {
      const offline = typeof want.state === 'object';
      if (e.type === 'xstate.done.actor.loadList') {
        const list = e.output as FieldChoice[];
        Object.assign(want, list.length ? { state: 'loadingField', fields: list.length, fieldId: list[0]._id } : { state: 'ready', fields: 0 });
      } else if (e.type.startsWith('xstate.error.actor.load')) {
        if ((e.error as HttpError).status === 0) want.state = { offline: 'reading' };
        else Object.assign(want, { state: 'ready', failed: true }, e.type.endsWith('loadField') ? { prefill: false } : {});
      } else if (e.type === 'xstate.done.actor.loadField') Object.assign(want, { state: 'ready', prefill: true, failed: false });
      else if (e.type === 'xstate.done.actor.recallReport') {
        const copy = e.output as LandOfflineCopy;
        if (copy.report) Object.assign(want, { state: { offline: 'shown' }, fields: copy.fields.length, fieldId: copy.fieldId, kept: true, pdf: copy.pdf !== null });
        else if (copy.fieldId !== null && copy.fields.length > 0) Object.assign(want, { state: { offline: 'fieldNothingSaved' }, fields: copy.fields.length, fieldId: copy.fieldId });
        else want.state = { offline: 'nothingSaved' };
      } else if (e.type === 'xstate.error.actor.recallReport') want.state = { offline: 'nothingSaved' };
      else if (e.type === 'network.online' || e.type === 'fields.retry') Object.assign(want, { state: 'loadingList' }, offline ? forget : {});
      else if (e.type === 'fields.pick' && offline) Object.assign(want, { state: { offline: 'reading' }, fieldId: e.id }, forget);
      else if (e.type === 'fields.pick') Object.assign(want, e.id === '' ? { fieldId: null, prefill: false, failed: false } : { state: 'loadingField', fieldId: e.id });
    };
    return {
      exec,
      check: (step) => {
        follow(step.event);
        const c = (step.state as Snap).context;
        expect(step.state.value).toEqual(want.state);
        expect({ fields: c.fields.length, fieldId: c.fieldId, prefill: c.prefill !== null, failed: c.failed, kept: c.keptReport !== null, pdf: c.keptPdf !== null }).toEqual({
          fields: want.fields,
          fieldId: want.fieldId,
          prefill: want.prefill,
          failed: want.failed,
          kept: want.kept,
          pdf: want.pdf,
        });
        leafValues(step.state.value).forEach((leaf) => assertState[leaf](step.state as Snap));
        // The kept PDF is what the browser gets, under the report's file name.
        if (step.event.type === 'report.downloadKept') {
          expect(drive.saved).toHaveLength(1);
          expect(drive.saved[0]).toEqual({ blob: PDF.value, name: 'land-health-report.pdf' });
        }
      },
    };
  },
});
