import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { fieldMapMachine } from '@/machines/fieldMap.machine';
import { HttpError } from '@/shared/httpError';
import { never, storyActors } from '@/views/storyFixtures';
import type { FieldPin } from '../../../contracts/fields';
import { FieldMapPanel } from './FieldMapPanel';
import '@/views/ui/workspace.css';

const pin = (n: number, name: string, status: FieldPin['status'], extra: Partial<FieldPin> = {}): FieldPin => ({
  fieldId: `FLD00000${n}AAA`, fieldName: name, status, crop: 'wheat', farmerName: 'रमेश पाटील', lat: 18.5 + n / 50, lng: 73.85 + n / 50, ...extra,
});
/** Twelve fields around Pune: the list shows ten a page. */
const PINS: FieldPin[] = [
  pin(1, 'उत्तर शेत', 'good'),
  pin(2, 'नदीकाठचे शेत', 'alert'),
  pin(3, 'टेकडी शेत', 'warning'),
  ...Array.from({ length: 9 }, (_, i) => pin(i + 4, `शेत ${i + 4}`, 'good', { crop: null, farmerName: null })),
];

const { mocks, actors, reset } = storyActors({ load: async (): Promise<FieldPin[]> => PINS });

const meta = {
  title: 'Map/FieldMapPanel',
  component: FieldMapPanel,
  args: { logic: fieldMapMachine.provide({ actors }), height: 320 },
  // The Field Map tab of /fields, on its workspace page.
  decorators: [
    (Story) => (
      <main className="staff-page">
        <Story />
      </main>
    ),
  ],
  beforeEach: reset,
} satisfies Meta<typeof FieldMapPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const map = (canvas: Canvas) => canvas.getByRole('region', { name: mr['fieldMap.title'] });
const rows = (canvas: Canvas) => within(map(canvas)).getAllByRole('listitem').map((li) => li.textContent);

/** Loading: a blank frame of the map's height, busy; no toolbar or list yet. */
export const Loading: Story = {
  beforeEach: () => void mocks.load.mockImplementation(never),
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).toHaveStyle({ height: '320px' });
    await expect(canvas.queryByRole('region', { name: mr['fieldMap.title'] })).toBeNull();
  },
};

/**
 * The fields: Map/Satellite, the map (maplibre with one deck.gl layer of pins: drawn in a browser with WebGL; the
 * tests' jsdom has none, so this play function checks the frame, not the drawing) and the list under it, ten a page,
 * each field with its health badge.
 */
export const Fields: Story = {
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: mr['fieldMap.title'] });
    await expect(within(region).getByRole('button', { name: mr['fieldMap.map'] })).toHaveAttribute('aria-pressed', 'true');
    await expect(region.querySelector('.map-frame')).toHaveStyle({ height: '320px' });
    await expect(rows(canvas).slice(0, 3)).toEqual([`उत्तर शेत${mr['fieldMap.healthy']}`, `नदीकाठचे शेत${mr['fieldMap.alert']}`, `टेकडी शेत${mr['fieldMap.warning']}`]);
    await expect(rows(canvas)).toHaveLength(10);
    const pager = within(region).getByRole('navigation', { name: mr['pager.pageOf'].replace('{page}', '1').replace('{total}', '2') });
    await userEvent.click(within(pager).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(rows(canvas)).toEqual([`शेत 11${mr['fieldMap.healthy']}`, `शेत 12${mr['fieldMap.healthy']}`]));
  },
};

/** Satellite: the toggle says which imagery is shown (the tiles themselves need a browser and the network). */
export const Satellite: Story = {
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: mr['fieldMap.title'] });
    await userEvent.click(within(region).getByRole('button', { name: mr['fieldMap.satellite'] }));
    await expect(within(region).getByRole('button', { name: mr['fieldMap.satellite'] })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(region).getByRole('button', { name: mr['fieldMap.map'] })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** No field has a location: the text says so; no map and no list. */
export const NoLocations: Story = {
  beforeEach: () => void mocks.load.mockResolvedValue([pin(1, 'उत्तर शेत', 'good', { lat: Number.NaN, lng: Number.NaN })]),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['fieldMap.empty'])).toBeInTheDocument();
    await expect(map(canvas).querySelector('.map-frame')).toBeNull();
    await expect(within(map(canvas)).queryByRole('list')).toBeNull();
  },
};

/** The pins could not be read: the map shows its empty text, as the spec's Field Map does. */
export const LoadFailed: Story = {
  beforeEach: () => void mocks.load.mockRejectedValue(new HttpError(503, 'unavailable')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['fieldMap.empty'])).toBeInTheDocument();
    await expect(within(map(canvas)).queryByRole('list')).toBeNull();
    await expect(mocks.load).toHaveBeenCalledOnce();
  },
};

/**
 * A field chosen in the list: the map centres it and its popup names the field, its crop and its farmer. The popup
 * lives in maplibre's map, which needs WebGL: browser only (Storybook), as the drawing of the pins.
 */
export const PopupFromList: Story = {
  tags: ['skip-jsdom'],
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: mr['fieldMap.title'] });
    await userEvent.click(within(region).getByRole('button', { name: 'नदीकाठचे शेत' }));
    const popup = await waitFor(() => {
      const el = region.querySelector('.maplibregl-popup');
      if (!el) throw new Error('no popup yet');
      return el as HTMLElement;
    });
    await expect(popup).toHaveTextContent('नदीकाठचे शेत');
    await expect(popup).toHaveTextContent(mr['fieldMap.crop'].replace('{crop}', mr['crop.wheat']));
    await expect(popup).toHaveTextContent(mr['fieldMap.farmer'].replace('{farmer}', 'रमेश पाटील'));
  },
};
