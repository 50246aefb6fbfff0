import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { AdminsTableContext } from '@/machines/adminsTable.context';
import { adminsTableMachine } from '@/machines/adminsTable.machine';
import { inContext, never, storyActors } from '@/views/storyFixtures';
import { AdminsTable } from './AdminsTable';
import { storyAdmins } from './peopleStoryFixtures';
import '@/views/ui/workspace.css';

type Query = { page: number; search: string };
/** The server's part, over the fixture: search over name, email and phone, pages of 10. */
const serverPage = ({ page, search }: Query) => {
  const q = search.trim().toLowerCase();
  const matching = storyAdmins.filter((a) => [a.name, a.email, a.phoneNumber ?? ''].some((v) => v.toLowerCase().includes(q)));
  return { items: matching.slice((page - 1) * 10, page * 10), totalPages: Math.max(1, Math.ceil(matching.length / 10)) };
};
const { mocks, actors, reset } = storyActors({ load: async (q: Query) => serverPage(q) });

/** The table inside its machine, as the superadmin's dashboard mounts it. */
const AdminsTableStory = inContext(AdminsTableContext, AdminsTable);

const meta = {
  title: 'People/AdminsTable',
  component: AdminsTableStory,
  args: { logic: adminsTableMachine.provide({ actors }) },
  beforeEach: reset,
} satisfies Meta<typeof AdminsTableStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvas: HTMLElement, name: string) => within(canvas).getByText(name).closest('tr') as HTMLElement;

/** Loading: the panel is busy and says nothing is missing while the first page is on its way. */
export const Loading: Story = {
  beforeEach: () => void mocks.load.mockImplementation(never),
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: mr['people.adminsTitle'] });
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText(mr['people.noAdmins'])).toBeNull();
    await expect(canvas.queryAllByRole('row')).toHaveLength(1);
  },
};

/** Thirteen administrators: ten on the first page with their role and status; the hint says how to change a role. */
export const PagesAndSearch: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('admin1@example.in')).toBeInTheDocument();
    await expect(canvas.getByText(mr['people.adminsHint'])).toBeInTheDocument();
    const first = rowOf(canvasElement, 'admin1@example.in');
    await expect(first).toHaveTextContent(mr['profile.role.superadmin']);
    await expect(rowOf(canvasElement, 'admin2@example.in')).toHaveTextContent(mr['profile.role.admin']);
    await expect(rowOf(canvasElement, 'admin3@example.in')).toHaveTextContent('--');
    await expect(rowOf(canvasElement, 'admin4@example.in')).toHaveTextContent(mr['people.status.inactive']);
    await expect(within(first).getByRole('button', { name: `${mr['people.signInAndRole']}: सुनीता पाटील` })).toBeEnabled();
    await expect(canvas.queryByText('admin11@example.in')).toBeNull();
    await userEvent.click(canvas.getByLabelText(mr['pager.goTo'].replace('{page}', '2')));
    await expect(await canvas.findByText('admin11@example.in')).toBeInTheDocument();
    await expect(canvas.queryByText('admin1@example.in')).toBeNull();
    await userEvent.type(canvas.getByLabelText(mr['people.searchAdmins']), 'admin12@');
    await expect(await canvas.findByText('admin12@example.in')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText('admin11@example.in')).toBeNull());
  },
};

/** A search that matches no one: the empty row says so. */
export const NoneFound: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('admin1@example.in');
    await userEvent.type(canvas.getByLabelText(mr['people.searchAdmins']), 'कोणीही नाही');
    await expect(await canvas.findByText(mr['people.noAdmins'])).toBeInTheDocument();
    await expect(canvas.queryByText('admin1@example.in')).toBeNull();
  },
};

/** The list could not be read: an empty table with a notice that can be dismissed. */
export const LoadFailed: Story = {
  beforeEach: () => void mocks.load.mockRejectedValue(new Error('offline')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['people.adminsLoadFailed']);
    await expect(canvas.getByText(mr['people.noAdmins'])).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['people.dismiss'] }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};
