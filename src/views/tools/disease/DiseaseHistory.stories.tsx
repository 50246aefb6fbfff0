import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { diseaseHistoryMachine } from '@/machines/diseaseHistory.machine';
import { DiseaseHistoryContext } from '@/machines/diseaseHistory.context';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import type { DiseaseHistoryItem, DiseaseHistoryPage } from '../../../../contracts/disease';
import { DISEASE_RESULT } from '../fixtures/toolsFixtures';
import { DiseaseDetector } from './DiseaseDetector';
import { DiseaseHistory } from './DiseaseHistory';
import '../tools.css';

/** A grey 1×1 WebP: the thumbnail the server keeps of each photo. */
const THUMB = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';
const NAMES = [
  { english: 'Soybean rust', marathi: 'सोयाबीनवरील तांबेरा', hindi: 'सोयाबीन का रतुआ' },
  { english: 'Powdery mildew', marathi: 'भुरी', hindi: 'चूर्णिल आसिता' },
  { english: 'Leaf spot', marathi: 'पानावरील ठिपके', hindi: 'पत्ती धब्बा' },
];
const item = (n: number): DiseaseHistoryItem => ({
  _id: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, 25 - n, 5, 30)).toISOString(),
  diseaseId: 'soybean-rust',
  severity: (n % 5) + 1,
  thumbnail: THUMB,
  name: NAMES[(n - 1) % NAMES.length],
});
const pageOf = (page: number, ids: number[], totalPages: number): DiseaseHistoryPage => ({ items: ids.map(item), pagination: { page, limit: 3, total: totalPages * 3, totalPages } });

const loadPage = fn<(page: number) => Promise<DiseaseHistoryPage>>();
const openPast = fn<(id: string) => Promise<{ _id: string; createdAt: string; thumbnail: string; result: typeof DISEASE_RESULT }>>();
const never = () => new Promise<never>(() => {});

/** The history under the detector, each on its machine, as the route mounts them. */
function DiseaseHistoryStory() {
  return (
    <DiseaseUploadContext.Provider
      logic={diseaseUploadMachine.provide({ actors: { openPast: fromPromise(({ input }: { input: { id: string } }) => openPast(input.id)) } })}
      options={{ input: { locale: 'mr-IN' } }}
    >
      <main className="page">
        <DiseaseDetector />
        <DiseaseHistoryContext.Provider logic={diseaseHistoryMachine.provide({ actors: { loadPage: fromPromise(({ input }: { input: { page: number } }) => loadPage(input.page)) } })}>
          <DiseaseHistory />
        </DiseaseHistoryContext.Provider>
      </main>
    </DiseaseUploadContext.Provider>
  );
}

const meta = {
  title: 'Tools/Disease history',
  component: DiseaseHistoryStory,
  beforeEach: () => {
    loadPage.mockReset().mockImplementation(async (page) => (page === 1 ? pageOf(1, [1, 2, 3], 2) : pageOf(2, [4], 2)));
    openPast.mockReset().mockImplementation(async (id) => ({ _id: id, createdAt: item(1).createdAt, thumbnail: THUMB, result: DISEASE_RESULT }));
  },
} satisfies Meta<typeof DiseaseHistoryStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const history = (canvas: HTMLElement) => within(within(canvas).getByRole('region', { name: mr['disease.history.title'] }));

/** Loading: the section says the past diagnoses are on their way, and nothing else. */
export const Loading: Story = {
  beforeEach: () => void loadPage.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const h = history(canvasElement);
    await expect(h.getByRole('status')).toHaveTextContent(mr['disease.history.loading']);
    await expect(h.queryByText(mr['disease.history.empty'])).toBeNull();
    await expect(h.queryByRole('list')).toBeNull();
  },
};

/** No diagnosis yet: the section says each result will be kept here. */
export const Empty: Story = {
  beforeEach: () => void loadPage.mockResolvedValue(pageOf(1, [], 1)),
  play: async ({ canvasElement }) => {
    const h = history(canvasElement);
    await expect(await h.findByText(mr['disease.history.empty'])).toBeInTheDocument();
    await expect(h.queryByRole('button', { name: mr['disease.history.more'] })).toBeNull();
  },
};

/** The list could not be read: the reason with Load again, which brings the diagnoses. */
export const FailedThenRetry: Story = {
  beforeEach: () => void loadPage.mockRejectedValueOnce(new Error('offline')),
  play: async ({ canvasElement }) => {
    const h = history(canvasElement);
    await expect(await h.findByRole('alert')).toHaveTextContent(mr['disease.history.failed']);
    await userEvent.click(h.getByRole('button', { name: mr['disease.history.retry'] }));
    await expect(await h.findByText('सोयाबीनवरील तांबेरा')).toBeInTheDocument();
    await expect(h.queryByRole('alert')).toBeNull();
  },
};

/** Three diagnoses in Marathi with their severity and date; Show older appends the fourth and then goes away. */
export const PagesOfDiagnoses: Story = {
  play: async ({ canvasElement }) => {
    const h = history(canvasElement);
    await expect(await h.findByText('सोयाबीनवरील तांबेरा')).toBeInTheDocument();
    const rows = h.getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('भुरी');
    await expect(rows[1]).toHaveTextContent(mr['disease.severityValue'].replace('{value}', '3'));
    await expect(rows[1].querySelector('time')).toHaveAttribute('dateTime', item(2).createdAt);
    await userEvent.click(h.getByRole('button', { name: mr['disease.history.more'] }));
    await waitFor(() => expect(h.getAllByRole('listitem')).toHaveLength(4));
    await expect(h.getAllByRole('listitem')[3]).toHaveTextContent('सोयाबीनवरील तांबेरा');
    await expect(h.queryByRole('button', { name: mr['disease.history.more'] })).toBeNull();
    await expect(loadPage.mock.calls).toEqual([[1], [2]]);
  },
};

/** Show older on its way: the button is held until the page arrives. */
export const LoadingOlder: Story = {
  play: async ({ canvasElement }) => {
    loadPage.mockImplementation(async (page) => (page === 1 ? pageOf(1, [1, 2, 3], 2) : never()));
    const h = history(canvasElement);
    await userEvent.click(await h.findByRole('button', { name: mr['disease.history.more'] }));
    await expect(h.getByRole('button', { name: mr['disease.history.more'] })).toBeDisabled();
    await expect(h.getAllByRole('listitem')).toHaveLength(3);
  },
};

/** A tap on a past diagnosis opens its result again in the detector above. */
export const OpensAPastDiagnosis: Story = {
  play: async ({ canvasElement }) => {
    const h = history(canvasElement);
    await userEvent.click(await h.findByText('भुरी'));
    await expect(openPast).toHaveBeenCalledWith(item(2)._id);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: mr['disease.severityValue'].replace('{value}', '3') })).toBeInTheDocument();
    await expect(canvas.getAllByText(DISEASE_RESULT.disease).length).toBeGreaterThan(1);
  },
};
