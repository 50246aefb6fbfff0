import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { AddFieldContext } from '@/machines/addField.context';
import { addFieldMachine, type AddFieldInput } from '@/machines/addField.machine';
import { HttpError } from '@/shared/httpError';
import type { AddFieldBody } from '../../../contracts/fields';
import { storyFarmer } from '../people/peopleStoryFixtures';
import { AddFieldForm } from './AddFieldForm';

const FARMERS = [storyFarmer(1), storyFarmer(2)];
const create = fn<(payload: AddFieldBody) => Promise<unknown>>();
const navigate = fn<(to: string) => void>();
const goBack = fn();

const logic = addFieldMachine.provide({
  actors: {
    loadFarmers: fromPromise(async () => FARMERS),
    create: fromPromise(({ input }) => create(input)),
  },
  actions: { navigate: (_, { to }) => navigate(to), goBack: () => goBack() },
});

function Form({ input }: { input: AddFieldInput }) {
  return (
    <AddFieldContext.Provider logic={logic} options={{ input }}>
      <AddFieldForm />
    </AddFieldContext.Provider>
  );
}

const meta = {
  title: 'Fields/AddFieldForm',
  component: Form,
  args: { input: { actorRole: 'coordinator' } },
  beforeEach: () => {
    create.mockReset().mockResolvedValue({ field: { _id: 'x', fieldId: 'FLD123456ABC' } });
    navigate.mockReset();
    goBack.mockReset();
  },
} satisfies Meta<typeof Form>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const input = (canvas: Canvas, name: string) => canvas.getByRole('main').querySelector(`[name="${name}"]`) as HTMLInputElement;
const submit = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: mr['addField.create'] }));

/** Name and Field ID are required; out-of-range numbers are named; nothing is sent until the form is right. */
export const Validation: Story = {
  play: async ({ canvas }) => {
    await submit(canvas);
    await expect(canvas.getByRole('alert')).toHaveTextContent(mr['addField.error.required']);
    await userEvent.type(input(canvas, 'name'), 'उत्तर शेत');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.type(input(canvas, 'fieldId'), 'FLD123456ABC');
    await userEvent.type(input(canvas, 'ph'), '15');
    await userEvent.type(input(canvas, 'organicMatter'), '101');
    await submit(canvas);
    await expect(canvas.getByRole('alert')).toHaveTextContent(mr['addField.error.range'].replace('{fields}', `${mr['addField.ph']}, ${mr['addField.organicMatter']}`));
    await expect(create).not.toHaveBeenCalled();
    // Cancel goes back one page.
    await userEvent.click(canvas.getByRole('button', { name: mr['addField.cancel'] }));
    await expect(goBack).toHaveBeenCalledTimes(1);
  },
};

/** Generate writes FLD + 6 digits + 3 capitals, and it stays editable. */
export const GenerateId: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['addField.generate'] }));
    await expect(input(canvas, 'fieldId').value).toMatch(/^FLD\d{6}[A-Z]{3}$/);
    await userEvent.type(input(canvas, 'fieldId'), 'X');
    await expect(input(canvas, 'fieldId').value).toMatch(/^FLD\d{6}[A-Z]{3}X$/);
  },
};

/** Sensors are added and removed row by row; with none the section says so. */
export const Sensors: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(mr['addField.noSensors'])).toBeInTheDocument();
    const add = canvas.getByRole('button', { name: `+ ${mr['addField.addSensor']}` });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(input(canvas, 'sensor-0-sensorId'), 'S-ONE');
    await userEvent.type(input(canvas, 'sensor-1-sensorId'), 'S-TWO');
    await expect(canvas.queryByText(mr['addField.noSensors'])).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: mr['addField.removeSensor'].replace('{n}', '1') }));
    await expect(input(canvas, 'sensor-0-sensorId').value).toBe('S-TWO');
    await expect(input(canvas, 'sensor-1-sensorId')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: mr['addField.removeSensor'].replace('{n}', '1') }));
    await expect(canvas.getByText(mr['addField.noSensors'])).toBeInTheDocument();
  },
};

/** A complete field for a farmer: the payload drops empty values, the success banner shows, Go to Dashboard goes to /. */
export const SubmitSuccess: Story = {
  play: async ({ canvas }) => {
    const farmer = input(canvas, 'farmerId') as unknown as HTMLSelectElement;
    await waitFor(() => expect(farmer.options).toHaveLength(3));
    await expect(farmer.options[1].textContent).toBe(`${FARMERS[0].name} - ${FARMERS[0].phoneNumber}`);
    await userEvent.selectOptions(farmer, FARMERS[1]._id);
    await userEvent.type(input(canvas, 'name'), 'उत्तर शेत');
    await userEvent.type(input(canvas, 'fieldId'), 'FLD123456ABC');
    await userEvent.type(input(canvas, 'ph'), '6.5');
    await userEvent.click(canvas.getByRole('button', { name: `+ ${mr['addField.addSensor']}` }));
    await userEvent.type(input(canvas, 'sensor-0-sensorId'), 'UTT-M-1');
    await submit(canvas);
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['addField.created']);
    const payload = create.mock.calls[0][0];
    await expect(payload).toMatchObject({ name: 'उत्तर शेत', fieldId: 'FLD123456ABC', farmerId: FARMERS[1]._id, soilInfo: { ph: 6.5 } });
    await expect(payload.sensors).toEqual([expect.objectContaining({ sensorId: 'UTT-M-1' })]);
    await expect(JSON.stringify(payload)).not.toContain('""');
    await expect(canvas.getByRole('button', { name: mr['addField.create'] })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: mr['addField.goDashboard'] }));
    await expect(navigate).toHaveBeenCalledWith('/');
  },
};

/** A Field ID already taken: the server's 409 message, in Marathi, and the form stays as typed. */
export const FieldIdClash: Story = {
  beforeEach: () => {
    create.mockRejectedValue(
      new HttpError(409, 'conflict', {
        statusCode: 409,
        code: 'CONFLICT',
        error: 'Field ID FLD123456ABC already exists.',
        message: { english: 'Field ID FLD123456ABC already exists.', marathi: 'शेत आयडी FLD123456ABC आधीच अस्तित्वात आहे.', hindi: 'खेत आईडी FLD123456ABC पहले से मौजूद है।' },
      }),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.type(input(canvas, 'name'), 'उत्तर शेत');
    await userEvent.type(input(canvas, 'fieldId'), 'FLD123456ABC');
    await submit(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('शेत आयडी FLD123456ABC आधीच अस्तित्वात आहे.');
    await expect(input(canvas, 'fieldId').value).toBe('FLD123456ABC');
    await expect(canvas.getByRole('button', { name: mr['addField.create'] })).toBeEnabled();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** A farmer adds a field for themself: no farmer selector. */
export const Farmer: Story = {
  args: { input: { actorRole: 'farmer' } },
  play: async ({ canvas }) => {
    await expect(input(canvas, 'farmerId')).toBeNull();
    await expect(input(canvas, 'name')).toBeInTheDocument();
  },
};
