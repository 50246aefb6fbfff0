/**
 * The chatbot panel: starts with the bot's Marathi greeting; a sent message is appended, then the
 * reply. Empty or whitespace-only drafts are not sent; while a reply is pending nothing else is sent.
 * A failed call appends the bot's 'AI service not available' message.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChatReply } from '../../contracts/chatbot';
import { askChatbot } from '../services/chatbot';

/** Bot lines the UI translates (greeting, unavailable) or server text (reply). */
export type ChatMessage =
  | { id: number; from: 'user'; text: string }
  | { id: number; from: 'bot'; kind: 'greeting' | 'unavailable' }
  | { id: number; from: 'bot'; kind: 'reply'; text: string; offline: boolean; source: ChatReply['source']; answerId: string };

export const CHAT_MAX_LENGTH = 1000;

export const chatbotMachine = setup({
  types: {
    context: {} as { messages: ChatMessage[]; draft: string },
    events: {} as { type: 'chat.typed'; text: string } | { type: 'chat.send' },
  },
  actors: {
    ask: fromPromise<ChatReply, { message: string }>(({ input, signal }) => askChatbot(input.message, signal)),
  },
  guards: {
    hasText: ({ context }) => context.draft.trim().length > 0,
  },
}).createMachine({
  id: 'chatbot',
  context: { messages: [{ id: 0, from: 'bot', kind: 'greeting' }], draft: '' },
  initial: 'idle',
  on: {
    'chat.typed': { actions: assign({ draft: ({ event }) => event.text.slice(0, CHAT_MAX_LENGTH) }) },
  },
  states: {
    idle: {
      on: {
        'chat.send': {
          guard: 'hasText',
          target: 'replying',
          actions: assign({
            messages: ({ context }) => [...context.messages, { id: context.messages.length, from: 'user', text: context.draft.trim() }],
            draft: '',
          }),
        },
      },
    },
    replying: {
      tags: ['busy'],
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => {
          const last = context.messages[context.messages.length - 1];
          return { message: last.from === 'user' ? last.text : '' };
        },
        onDone: {
          target: 'idle',
          actions: assign({
            messages: ({ context, event }) => [
              ...context.messages,
              {
                id: context.messages.length,
                from: 'bot',
                kind: 'reply',
                text: event.output.reply,
                offline: event.output.offline,
                source: event.output.source,
                answerId: event.output.answerId,
              },
            ],
          }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            messages: ({ context }) => [...context.messages, { id: context.messages.length, from: 'bot', kind: 'unavailable' }],
          }),
        },
      },
    },
  },
});
