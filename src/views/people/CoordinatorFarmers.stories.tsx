import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import { coordinatorFarmersMachine, type StatusFilter } from '@/machines/coordinatorFarmers.machine';
import type { SendOrQueued } from '@/machines/outbox.machine';
import { inContext, storyActors } from '@/views/storyFixtures';
import { CoordinatorFarmers } from './CoordinatorFarmers';
import { storyFarmer } from './peopleStoryFixtures';

const FARMERS = [storyFarmer(1), storyFarmer(2, { hasOpenAlert: true }), storyFarmer(3, { status: 'Inactive' })];
const { mocks, actors, reset } = storyActors({
  load: async (_query: { page: number; search: string; status: StatusFilter }) => ({ items: FARMERS, totalPages: 2 }),
  send: async (input: { farmerIds: string[]; subject: string; message: string }): Promise<SendOrQueued<{ sentTo: number; messageId: string }>> => ({
    sent: { sentTo: input.farmerIds.length, messageId: 'm-1' },
  }),
});
const { send } = mocks;
const navigate = fn<(to: string) => void>();

/** The list inside its machine, as the coordinator's farmers screen mounts it. */
const CoordinatorFarmersStory = inContext(CoordinatorFarmersContext, CoordinatorFarmers);

const meta = {
  title: 'People/CoordinatorFarmers',
  component: CoordinatorFarmersStory,
  args: { logic: coordinatorFarmersMachine.provide({ actors, actions: { navigate: (_, p) => navigate(p.to) } }) },
  beforeEach: () => {
    reset();
    navigate.mockReset();
  },
} satisfies Meta<typeof CoordinatorFarmersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Alert, Active and Inactive badges; 'page x of y'; View opens the farmer. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('रमेश पाटील')).toBeInTheDocument();
    await expect(canvas.getByText(mr['people.status.alert'], { selector: '.badge' })).toBeInTheDocument();
    await expect(canvas.getByText(mr['pager.pageOf'].replace('{page}', '1').replace('{total}', '2'))).toBeInTheDocument();
    await userEvent.click(canvas.getByLabelText(`${mr['people.view']}: रमेश पाटील`));
    await expect(navigate).toHaveBeenCalledWith(`/farmer/${FARMERS[0]._id}`);
  },
};

/** Select all, write a message, send it to the three farmers. */
export const SendMessage: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByLabelText(mr['people.selectAll']));
    await userEvent.click(canvas.getByText(mr['people.sendMessage'], { selector: 'button' }));
    const dialog = within(canvas.getByRole('dialog'));
    await userEvent.click(dialog.getByText(mr['people.send']));
    await expect(dialog.getByText(mr['people.error.missing'])).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(mr['people.subject']), 'पाऊस');
    await userEvent.type(dialog.getByLabelText(mr['people.messageBody']), 'झाका');
    await userEvent.click(dialog.getByText(mr['people.send']));
    await expect(await canvas.findByText('3 शेतकऱ्यांना संदेश पाठवला')).toBeInTheDocument();
    await expect(send).toHaveBeenCalledWith({ farmerIds: FARMERS.map((f) => f._id), subject: 'पाऊस', message: 'झाका' });
  },
};
