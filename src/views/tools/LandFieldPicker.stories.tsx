import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { landFieldsMachine, type LandOfflineCopy } from '@/machines/landFields.machine';
import { LandFieldsContext } from '@/machines/landFields.context';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { HttpError } from '@/shared/httpError';
import { never, storyActors } from '@/views/storyFixtures';
import type { FieldChoice, FieldDetail } from '../../../contracts/fields';
import { storyFieldDetail } from '../fields/fieldStoryFixtures';
import { FIELDS as CHOICES, LAND_REPORT, NDVI_SERIES } from './fixtures/toolsFixtures';
import { LandReportFromField } from './LandReportView';
import './tools.css';

/** The farmer's two fields, as GET /fields lists them for a picker. */
const FIELDS: FieldChoice[] = CHOICES.map((f) => ({ ...f, farmerId: '00000000-0000-4000-8000-000000000004', lat: null, lng: null }));
const [UPPER, RIVER] = FIELDS;
const NETWORK = new HttpError(0, 'network');
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
/** What the phone kept of the upper field: its last report (with its NDVI), made two hours ago, and its PDF. */
const KEPT: LandOfflineCopy = {
  fields: FIELDS,
  fieldId: UPPER._id,
  report: { value: { ...LAND_REPORT, ndvi: NDVI_SERIES.ndvi, ndviSummary: { latest: NDVI_SERIES.ndvi.slice(-3), average30d: 0.61, estimated: false } }, savedAt: hoursAgo(2) },
  pdf: { value: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), savedAt: hoursAgo(1.5) },
};

const { mocks, actors, reset } = storyActors({
  loadList: async (): Promise<FieldChoice[]> => FIELDS,
  loadField: async (_id: string): Promise<FieldDetail> => storyFieldDetail,
  recallReport: async (input: { fields: FieldChoice[]; fieldId: string | null; known: boolean }): Promise<LandOfflineCopy> =>
    input.fieldId === RIVER._id ? { fields: FIELDS, fieldId: RIVER._id, report: null, pdf: null } : KEPT,
});
/** The browser's download of the kept PDF. */
const saveFile = fn<(p: { blob: Blob; name: string }) => void>();
const logic = landFieldsMachine.provide({ actors, actions: { saveFile: (_, p) => saveFile(p) } });

/** Where the land report starts, as /land-report mounts it: the farmer's first field at once (autoPick), staff pick one. */
function LandFieldsStory({ autoPick }: { autoPick: boolean }) {
  return (
    <main className="page">
      <NdviContext.Provider logic={ndviRegistrationMachine}>
        <LandFieldsContext.Provider logic={logic} options={{ input: { autoPick } }}>
          <LandReportFromField />
        </LandFieldsContext.Provider>
      </NdviContext.Provider>
    </main>
  );
}

const meta = {
  title: 'Tools/Land report: field',
  component: LandFieldsStory,
  args: { autoPick: true },
  beforeEach: () => {
    reset();
    saveFile.mockReset();
  },
} satisfies Meta<typeof LandFieldsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const picker = (canvas: Canvas) => canvas.getByLabelText(mr['land.field']);
const ph = (canvas: Canvas) => canvas.getByLabelText(mr['land.ph']);
const banner = (canvas: Canvas) => canvas.getByTestId('offline-banner');
const loadingLine = mr['land.field.loading'];

/** The list of fields on its way: one line says the field is loading; no form yet. */
export const LoadingFields: Story = {
  beforeEach: () => void mocks.loadList.mockImplementation(never),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(loadingLine);
    await expect(canvas.queryByRole('button', { name: mr['land.generate'] })).toBeNull();
  },
};

/** A farmer's first field is being read: still the loading line. */
export const LoadingField: Story = {
  beforeEach: () => void mocks.loadField.mockImplementation(never),
  play: async ({ canvas }) => {
    await waitFor(() => expect(mocks.loadField).toHaveBeenCalledWith(UPPER._id));
    await expect(canvas.getByRole('status')).toHaveTextContent(loadingLine);
  },
};

/** Filled in from the farmer's first field: the picker names it, the form holds its soil test and place, and says so. */
export const FilledFromField: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: mr['land.generate'] })).toBeEnabled();
    await expect(picker(canvas)).toHaveValue(UPPER._id);
    await expect(ph(canvas)).toHaveValue(6.8);
    await expect(canvas.getByLabelText(mr['land.location'])).toHaveValue('वडगाव, पुणे');
    await expect(canvas.getByText(mr['land.field.filled'].replace('{name}', UPPER.name))).toBeInTheDocument();
  },
};

/** Staff pick the field themselves: the form starts empty; picking one fills it, 'none' empties it again. */
export const PickAField: Story = {
  args: { autoPick: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(mr['land.field'])).toHaveValue('');
    await expect(ph(canvas)).toHaveValue(null);
    await userEvent.selectOptions(picker(canvas), RIVER._id);
    await waitFor(() => expect(ph(canvas)).toHaveValue(6.8));
    await expect(mocks.loadField).toHaveBeenCalledWith(RIVER._id);
    await userEvent.selectOptions(picker(canvas), '');
    await waitFor(() => expect(ph(canvas)).toHaveValue(null));
    await expect(canvas.queryByText(mr['land.field.filled'].replace('{name}', RIVER.name))).toBeNull();
  },
};

/** The server would not give the field: the form is empty and a line says to type the values from the soil card. */
export const FieldNotLoaded: Story = {
  beforeEach: () => void mocks.loadField.mockRejectedValue(new HttpError(503, 'unavailable')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['land.field.failed'])).toBeInTheDocument();
    await expect(ph(canvas)).toHaveValue(null);
    await expect(canvas.getByRole('button', { name: mr['land.generate'] })).toBeEnabled();
  },
};

/**
 * Offline: the field's last report as it was made, under the banner with its time and Retry; its last PDF downloads
 * from the phone; a new report waits for the network (no form).
 */
export const OfflineLastReport: Story = {
  beforeEach: () => void mocks.loadField.mockRejectedValue(NETWORK),
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('offline-banner')).toHaveTextContent(mr['offline.banner'].split(' — ')[0]);
    await expect(canvas.getByText(mr['land.offline.lastReport'])).toBeInTheDocument();
    await expect(picker(canvas)).toHaveValue(UPPER._id);
    await expect(canvas.getByTestId('soil-score')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: mr['land.generate'] })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^शेवटची PDF डाउनलोड करा/ }));
    await expect(saveFile).toHaveBeenCalledWith({ blob: KEPT.pdf!.value, name: 'land-health-report.pdf' });
  },
};

/** Offline, another field picked: nothing was kept for it on this phone, and the banner says so. */
export const OfflineNothingForField: Story = {
  beforeEach: () => void mocks.loadField.mockRejectedValue(NETWORK),
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByLabelText(mr['land.field']), RIVER._id);
    await waitFor(() => expect(banner(canvas)).toHaveTextContent(mr['offline.nothingSavedField']));
    await expect(canvas.getByText(mr['land.offline.needsNetwork'])).toBeInTheDocument();
    await expect(canvas.queryByTestId('soil-score')).toBeNull();
  },
};

/** Offline with nothing kept at all; Retry, the network back, loads afresh and the form is back. */
export const OfflineNothingSavedThenRetry: Story = {
  beforeEach: () => {
    mocks.loadList.mockRejectedValueOnce(NETWORK);
    mocks.recallReport.mockResolvedValueOnce({ fields: [], fieldId: null, report: null, pdf: null });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('offline-banner')).toHaveTextContent(mr['offline.nothingSaved']);
    await expect(canvas.getByText(mr['land.offline.needsNetwork'])).toBeInTheDocument();
    await userEvent.click(within(banner(canvas)).getByRole('button', { name: mr['offline.retry'] }));
    await expect(await canvas.findByRole('button', { name: mr['land.generate'] })).toBeEnabled();
    await expect(mocks.loadList).toHaveBeenCalledTimes(2);
  },
};
