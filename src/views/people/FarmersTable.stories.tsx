import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { farmersTableMachine } from '@/machines/farmersTable.machine';
import type { ListPage } from '@/machines/staffList';
import type { FarmerRow, PersonEdit } from '../../../contracts/people';
import { FarmersTable } from './FarmersTable';
import { storyCoordinatorChoices, storyFarmer } from './peopleStoryFixtures';

const LIST: ListPage<FarmerRow> = {
  items: [storyFarmer(1, { coordinator: storyCoordinatorChoices[0]._id, coordinatorName: storyCoordinatorChoices[0].name }), storyFarmer(2, { status: 'Inactive' }), storyFarmer(3)],
  totalPages: 3,
};
const save = fn<(edit: PersonEdit) => Promise<unknown>>();
const loadFailed = farmersTableMachine.provide({ actors: { load: fromPromise(async () => Promise.reject(new Error('offline'))) } });
const logic = farmersTableMachine.provide({
  actors: {
    load: fromPromise(async () => ({ ...LIST, coordinators: storyCoordinatorChoices })),
    save: fromPromise(({ input }) => save(input.edit)),
  },
});

/** The table inside its machine, as the admin screens mount it. */
function FarmersTableStory({ logic: l, onAddFarmer }: { logic: typeof farmersTableMachine; onAddFarmer?: () => void }) {
  return (
    <FarmersTableContext.Provider logic={l}>
      <FarmersTable onAddFarmer={onAddFarmer} />
    </FarmersTableContext.Provider>
  );
}

const meta = {
  title: 'People/FarmersTable',
  component: FarmersTableStory,
  args: { logic, onAddFarmer: fn() },
  beforeEach: () => {
    save.mockReset().mockResolvedValue({});
  },
} satisfies Meta<typeof FarmersTableStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('रमेश पाटील')).toBeInTheDocument();
    await expect(canvas.getByText(mr['people.export'])).toBeEnabled();
    await expect(canvas.getByLabelText(`${mr['people.assign']}: रमेश पाटील`)).toHaveValue('');
    // Deactivate only on Active farmers.
    await expect(canvas.getByLabelText(`${mr['people.deactivate']}: रमेश पाटील`)).toBeEnabled();
    await expect(canvas.queryByLabelText(`${mr['people.deactivate']}: सुनीता जाधव`)).toBeNull();
    await expect(canvas.getByLabelText(mr['pager.goTo'].replace('{page}', '3'))).toBeInTheDocument();
  },
};

export const EditFarmer: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByLabelText(`${mr['people.edit']}: रमेश पाटील`));
    const dialog = within(canvas.getByLabelText(mr['people.editFarmer']));
    const name = dialog.getByDisplayValue('रमेश पाटील');
    await userEvent.clear(name);
    await userEvent.click(dialog.getByText(mr['people.save']));
    await expect(dialog.getByText(mr['people.error.required'])).toBeInTheDocument();
    await userEvent.type(name, 'रमा');
    await userEvent.click(dialog.getByText(mr['people.save']));
    await waitFor(() => expect(canvas.queryByLabelText(mr['people.editFarmer'])).toBeNull());
    await expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: 'रमा', phoneNumber: '9822012341' }));
  },
};

export const LoadFailed: Story = {
  args: { logic: loadFailed },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['people.error.load'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['people.noFarmers'])).toBeInTheDocument();
  },
};
