import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { chatbotMachine } from '@/machines/chatbot.machine';
import { ChatbotContext } from '@/machines/chatbot.context';
import { ChatbotConversation } from './chat/ChatbotConversation';
import { CHAT_REPLY } from './fixtures/toolsFixtures';
import './tools.css';

const ask = fn(async () => ({ sent: CHAT_REPLY }));

const meta = {
  title: 'Tools/Chatbot panel',
  component: ChatbotConversation,
  decorators: [
    (Story, { parameters }) => (
      <ChatbotContext.Provider logic={chatbotMachine.provide({ actors: { ask: fromPromise(parameters.ask ?? ask) } })}>
        <main className="page">
          <Story />
        </main>
      </ChatbotContext.Provider>
    ),
  ],
} satisfies Meta<typeof ChatbotConversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AsksAndAnswers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/नमस्कार! मी शेतमित्र/)).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'तुमचा प्रश्न' }), 'सोयाबीन पेरणी कधी करावी?{Enter}');
    await expect(canvas.getByText('सोयाबीन पेरणी कधी करावी?')).toBeInTheDocument();
    await expect(await canvas.findByText(/75–100 मिमी पाऊस/)).toBeInTheDocument();
    await expect(ask).toHaveBeenCalledOnce();
  },
};

export const ServiceUnavailable: Story = {
  parameters: { ask: fn(async () => Promise.reject(new Error('network'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'तुमचा प्रश्न' }), 'पीक विमा{Enter}');
    await expect(await canvas.findByText(/AI सेवा सध्या उपलब्ध नाही/)).toBeInTheDocument();
  },
};
