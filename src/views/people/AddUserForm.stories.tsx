import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { AddUserContext } from '@/machines/addUser.context';
import { addUserMachine, toNewUser, type AddUserInput } from '@/machines/addUser.machine';
import { AddUserForm } from './AddUserForm';
import { storyCoordinatorChoices } from './peopleStoryFixtures';

const logic = addUserMachine.provide({
  actors: { loadCoordinators: fromPromise(async () => storyCoordinatorChoices), register: fromPromise<unknown, ReturnType<typeof toNewUser>>(async () => ({})) },
});

/** The form inside its machine, as /add-user mounts it. */
function AddUserStory({ input }: { input: AddUserInput }) {
  return (
    <AddUserContext.Provider logic={logic} options={{ input }}>
      <AddUserForm />
    </AddUserContext.Provider>
  );
}

const meta = {
  title: 'People/AddUserForm',
  component: AddUserStory,
  args: { input: { role: 'farmer', actorRole: 'admin' } },
} satisfies Meta<typeof AddUserStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An admin adding a farmer picks one of the coordinators; an empty form says what is required. */
export const AdminAddsFarmer: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(`${storyCoordinatorChoices[0].name} (${storyCoordinatorChoices[0].email})`)).toBeInTheDocument();
    await userEvent.click(canvas.getByText(mr['addUser.submit.farmer'], { selector: 'button' }));
    await expect(canvas.getByText(mr['addUser.error.required'])).toBeInTheDocument();
  },
};

/** A coordinator's farmer is theirs: no coordinator choice. */
export const CoordinatorAddsFarmer: Story = {
  args: { input: { role: 'farmer', actorRole: 'coordinator' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['addUser.submit.farmer'], { selector: 'button' })).toBeInTheDocument();
    await expect(canvas.queryByText(mr['addUser.chooseCoordinator'])).toBeNull();
  },
};

export const AddCoordinator: Story = {
  args: { input: { role: 'coordinator', actorRole: 'admin' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['addUser.submit.coordinator'], { selector: 'button' })).toBeInTheDocument();
  },
};
