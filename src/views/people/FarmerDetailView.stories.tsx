import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { farmerDetailMachine } from '@/machines/farmerDetail.machine';
import { sessionMachine } from '@/machines/session.machine';
import { HttpError } from '@/shared/httpError';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import type { FarmerRow } from '../../../contracts/people';
import { FarmerDetailView } from './FarmerDetailView';
import { storyCoordinatorChoices, storyFarmer } from './peopleStoryFixtures';

const FARMER = storyFarmer(1, { coordinator: storyCoordinatorChoices[0]._id, coordinatorName: storyCoordinatorChoices[0].name, fieldCount: 2 });
const admin = demoUser('admin', { name: 'आशा जोशी' });
const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(admin) };
/** The page's machine with a fixed answer for the farmer (or a refusal); saving is not part of these stories. */
const detail = (load: () => Promise<FarmerRow>) => farmerDetailMachine.provide({ actors: { load: fromPromise(load), save: fromPromise(async (): Promise<unknown> => ({})) } });

const meta = {
  title: 'People/FarmerDetailView',
  component: FarmerDetailView,
  args: { id: FARMER._id, mode: 'view', logic: detail(async () => FARMER) },
  parameters: { session, route: `/farmer/${FARMER._id}` },
  globals: { locale: 'mr' },
} satisfies Meta<typeof FarmerDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi, an admin: the farmer's details; Edit opens the Edit Farmer dialog with their name. */
export const Details: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: FARMER.name })).toBeInTheDocument();
    await expect(canvas.getByText(FARMER.email)).toBeInTheDocument();
    await expect(canvas.getByText(storyCoordinatorChoices[0].name)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['people.edit'] }));
    await expect(await canvas.findByRole('dialog')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue(FARMER.name)).toBeInTheDocument();
  },
};

/** Marathi: a farmer outside the caller's reach (404) reads as not found. */
export const Missing: Story = {
  args: { logic: detail(() => Promise.reject(new HttpError(404, 'notFound'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['farmerDetail.missing']);
  },
};

/** Marathi: the farmer could not be loaded; Retry is offered. */
export const LoadFailed: Story = {
  args: { logic: detail(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['farmerDetail.failed']);
    await expect(canvas.getByRole('button', { name: mr['farmerDetail.retry'] })).toBeEnabled();
  },
};
