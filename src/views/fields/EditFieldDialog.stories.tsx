import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { editFieldMachine } from '@/machines/editField.machine';
import { never, storyActors } from '@/views/storyFixtures';
import type { FieldDetail, FieldEditBody } from '../../../contracts/fields';
import { EditFieldDialog } from './EditFieldDialog';
import { storyFieldDetail } from './fieldStoryFixtures';

const { mocks, actors, reset } = storyActors({
  load: async (_id: string): Promise<FieldDetail> => storyFieldDetail,
  save: async (_input: { fieldId: string; body: FieldEditBody }): Promise<unknown> => ({}),
});
const { load, save } = mocks;

const meta = {
  title: 'Fields/EditFieldDialog',
  component: EditFieldDialog,
  args: { fieldId: storyFieldDetail._id, name: storyFieldDetail.name, onClose: fn(), logic: editFieldMachine.provide({ actors }) },
  beforeEach: reset,
} satisfies Meta<typeof EditFieldDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const title = mr['editField.title'].replace('{name}', storyFieldDetail.name);

/** Loading: the dialog names the field and says its details are on their way; no form yet. */
export const Loading: Story = {
  beforeEach: () => void load.mockImplementation(never),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: title })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['editField.loading']);
    await expect(canvas.queryByLabelText(mr['addField.name'])).toBeNull();
    await expect(load).toHaveBeenCalledWith(storyFieldDetail._id);
  },
};

/** The field could not be read: the reason with Try again, which loads it; Cancel closes. */
export const LoadFailedThenRetry: Story = {
  beforeEach: () => void load.mockRejectedValueOnce(new Error('offline')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['editField.loadFailed']);
    await expect(canvas.getByRole('button', { name: mr['editField.cancel'] })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['editField.retry'] }));
    await expect(await canvas.findByLabelText(mr['addField.name'])).toHaveValue(storyFieldDetail.name);
    await expect(load).toHaveBeenCalledTimes(2);
  },
};

/** Editing: the form holds the loaded field, the crop in the reader's words; a wrong pincode is said beside it. */
export const EditingWithProblem: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(mr['addField.name'])).toHaveValue('उत्तर शेत');
    await expect(canvas.getByLabelText(mr['addField.cropName'])).toHaveValue(mr['crop.wheat']);
    await expect(canvas.getByLabelText(mr['addField.cropVariety'])).toHaveValue('लोकवन');
    await expect(canvas.getByLabelText(mr['addField.area'])).toHaveValue('2.5');
    await expect(canvas.getByLabelText(mr['addField.pincode'])).toHaveValue('412101');
    await expect(canvas.getByText(mr['editField.audited'])).toBeInTheDocument();
    const pincode = canvas.getByLabelText(mr['addField.pincode']);
    await userEvent.clear(pincode);
    await userEvent.type(pincode, '4121');
    await userEvent.click(canvas.getByRole('button', { name: mr['editField.save'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['editField.problem.pincode']);
    await expect(pincode).toHaveAttribute('aria-invalid', 'true');
    await expect(save).not.toHaveBeenCalled();
  },
};

/** Saving: only what changed is sent; the form is held and the button says it is saving. */
export const Saving: Story = {
  beforeEach: () => void save.mockImplementation(never),
  play: async ({ canvas, args }) => {
    const name = await canvas.findByLabelText(mr['addField.name']);
    await userEvent.clear(name);
    await userEvent.type(name, 'नवे शेत');
    await userEvent.click(canvas.getByRole('button', { name: mr['editField.save'] }));
    await expect(await canvas.findByRole('button', { name: mr['editField.saving'] })).toBeDisabled();
    await expect(name).toBeDisabled();
    await expect(save).toHaveBeenCalledWith({ fieldId: storyFieldDetail._id, body: { name: 'नवे शेत' } });
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The server refused the save: the dialog stays with the draft and says so. */
export const SaveFailed: Story = {
  beforeEach: () => void save.mockRejectedValue(new Error('offline')),
  play: async ({ canvas, args }) => {
    const area = await canvas.findByLabelText(mr['addField.area']);
    await userEvent.clear(area);
    await userEvent.type(area, '3');
    await userEvent.click(canvas.getByRole('button', { name: mr['editField.save'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['editField.saveFailed']);
    await expect(area).toHaveValue('3');
    await expect(save).toHaveBeenCalledWith({ fieldId: storyFieldDetail._id, body: { areaValue: 3 } });
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Saved: the dialog closes itself. */
export const Saved: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(await canvas.findByLabelText(mr['addField.cropVariety']), ' २');
    await userEvent.click(canvas.getByRole('button', { name: mr['editField.save'] }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(save).toHaveBeenCalledWith({ fieldId: storyFieldDetail._id, body: { cropVariety: 'लोकवन २' } });
  },
};
