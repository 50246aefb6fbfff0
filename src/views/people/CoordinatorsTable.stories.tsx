import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { CoordinatorsTable } from './CoordinatorsTable';
import { storyCoordinators } from './peopleStoryFixtures';
import '@/views/ui/workspace.css';

const deactivate = fn<(id: string) => Promise<unknown>>();
/** The server's part, over the fixture: search over name, email and phone, pages of 10. */
const serverPage = ({ page, search }: { page: number; search: string }) => {
  const q = search.trim().toLowerCase();
  const matching = storyCoordinators.filter((c) => [c.name, c.email, c.phoneNumber ?? ''].some((v) => v.toLowerCase().includes(q)));
  return { items: matching.slice((page - 1) * 10, page * 10), totalPages: Math.max(1, Math.ceil(matching.length / 10)) };
};
const logic = coordinatorsTableMachine.provide({
  actors: {
    load: fromPromise(async ({ input }: { input: { page: number; search: string } }) => serverPage(input)),
    deactivate: fromPromise(({ input }) => deactivate(input.id)),
  },
});

/** The table inside its machine, as the admin dashboard mounts it. */
function CoordinatorsTableStory({ logic: l, onAddCoordinator }: { logic: typeof coordinatorsTableMachine; onAddCoordinator?: () => void }) {
  return (
    <CoordinatorsTableContext.Provider logic={l}>
      <CoordinatorsTable onAddCoordinator={onAddCoordinator} />
    </CoordinatorsTableContext.Provider>
  );
}

const meta = {
  title: 'People/CoordinatorsTable',
  component: CoordinatorsTableStory,
  args: { logic, onAddCoordinator: fn() },
  beforeEach: () => {
    deactivate.mockReset().mockRejectedValue(new Error('offline'));
  },
} satisfies Meta<typeof CoordinatorsTableStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Twelve coordinators: ten on the first page; search narrows over name, email and phone. */
export const PagesAndSearch: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('रमेश पाटील')).toBeInTheDocument();
    await expect(canvas.queryByText('प्रकाश सावंत')).toBeNull();
    await userEvent.click(canvas.getByLabelText(mr['pager.goTo'].replace('{page}', '2')));
    await expect(await canvas.findByText('प्रकाश सावंत')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(mr['people.searchCoordinators']), '12@');
    await expect(await canvas.findByText('उषा चव्हाण')).toBeInTheDocument();
    await expect(canvas.queryByText('रमेश पाटील')).toBeNull();
  },
};

/** Deactivate is offered on Active coordinators only; a failure shows and dismisses. */
export const DeactivateFails: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('रमेश पाटील')).toBeInTheDocument();
    await expect(canvas.queryByLabelText(`${mr['people.deactivate']}: सुनीता जाधव`)).toBeNull();
    await userEvent.click(canvas.getByLabelText(`${mr['people.deactivate']}: रमेश पाटील`));
    // Asked first, naming the coordinator; nothing is sent before Confirm.
    await expect(canvas.getByRole('alertdialog')).toHaveTextContent('समन्वयक रमेश पाटील यांना निष्क्रिय करायचे?');
    await expect(deactivate).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: mr['people.confirm.yes'] }));
    await expect(await canvas.findByText(mr['people.error.deactivateCoordinator'])).toBeInTheDocument();
    await expect(deactivate).toHaveBeenCalledWith(storyCoordinators[0]._id);
    await userEvent.click(canvas.getByText(mr['people.dismiss']));
    await waitFor(() => expect(canvas.queryByText(mr['people.error.deactivateCoordinator'])).toBeNull());
  },
};

export const EditDialog: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByLabelText(`${mr['people.edit']}: रमेश पाटील`));
    await expect(canvas.getByLabelText(mr['people.editCoordinator'])).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('coordinator1@example.in')).toBeInTheDocument();
  },
};
