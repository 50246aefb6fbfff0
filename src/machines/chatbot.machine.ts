/**
 * The chatbot panel: starts with the bot's Marathi greeting; a sent message is appended, then the
 * reply. Empty or whitespace-only drafts are not sent; while a reply is pending nothing else is sent.
 * A failed call appends the bot's 'AI service not available' message.
 * Offline (issue 17): a question asked without a network goes to the outbox and shows as 'waiting to send';
 * when the outbox sends it, its answer takes that line's place (a refusal shows 'not available').
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ChatReply } from '../../contracts/chatbot';
import { askChatbot } from '../services/chatbot';
import { onOutbox, type SendOrQueued } from '../services/outbox';

type QueuedSettled = { type: 'chat.queuedAnswered'; outboxId: string; reply: ChatReply } | { type: 'chat.queuedRefused'; outboxId: string };

/** Bot lines the UI translates (greeting, unavailable) or server text (reply). */
export type ChatMessage =
  | { id: number; from: 'user'; text: string }
  | { id: number; from: 'bot'; kind: 'greeting' | 'unavailable' }
  | { id: number; from: 'bot'; kind: 'queued'; outboxId: string }
  | { id: number; from: 'bot'; kind: 'reply'; text: string; offline: boolean; source: ChatReply['source']; answerId: string };

export const CHAT_MAX_LENGTH = 1000;

export const chatbotMachine = setup({
  types: {
    context: {} as { messages: ChatMessage[]; draft: string },
    events: {} as { type: 'chat.typed'; text: string } | { type: 'chat.send' } | QueuedSettled,
  },
  actors: {
    ask: fromPromise<SendOrQueued<ChatReply>, { message: string }>(({ input, signal }) => askChatbot(input.message, signal)),
    /** What became of the questions this conversation queued. */
    watchQueued: fromCallback<QueuedSettled>(({ sendBack }) =>
      onOutbox((n) => {
        if (n.type !== 'settled' || n.item.kind !== 'chat') return;
        if (n.outcome === 'sent') sendBack({ type: 'chat.queuedAnswered', outboxId: n.item.id, reply: n.answer as ChatReply });
        else sendBack({ type: 'chat.queuedRefused', outboxId: n.item.id });
      }),
    ),
  },
  guards: {
    hasText: ({ context }) => context.draft.trim().length > 0,
  },
}).createMachine({
  id: 'chatbot',
  context: { messages: [{ id: 0, from: 'bot', kind: 'greeting' }], draft: '' },
  initial: 'idle',
  invoke: { id: 'watchQueued', src: 'watchQueued' },
  on: {
    'chat.typed': { actions: assign({ draft: ({ event }) => event.text.slice(0, CHAT_MAX_LENGTH) }) },
    'chat.queuedAnswered': {
      actions: assign({
        messages: ({ context, event }) =>
          context.messages.map((msg) =>
            msg.from === 'bot' && msg.kind === 'queued' && msg.outboxId === event.outboxId
              ? { id: msg.id, from: 'bot', kind: 'reply', text: event.reply.reply, offline: event.reply.offline, source: event.reply.source, answerId: event.reply.answerId }
              : msg,
          ),
      }),
    },
    'chat.queuedRefused': {
      actions: assign({
        messages: ({ context, event }) =>
          context.messages.map((msg) =>
            msg.from === 'bot' && msg.kind === 'queued' && msg.outboxId === event.outboxId ? { id: msg.id, from: 'bot', kind: 'unavailable' } : msg,
          ),
      }),
    },
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
              'queued' in event.output
                ? { id: context.messages.length, from: 'bot', kind: 'queued', outboxId: event.output.queued.id }
                : { id: context.messages.length, from: 'bot', kind: 'reply', text: event.output.sent.reply, offline: event.output.sent.offline, source: event.output.sent.source, answerId: event.output.sent.answerId },
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
