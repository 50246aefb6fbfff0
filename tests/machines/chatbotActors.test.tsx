/**
 * The chatbot with its own actors (the path tests in tests/model/chatbot.model.test.tsx replace them): the question
 * goes to POST /chatbot through the outbox against the API stand-in, and a question asked offline waits in the
 * outbox; when the outbox sends it, its answer (or 'not available' on a refusal) takes the waiting line's place.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { ChatReply } from '../../contracts/chatbot';
import { CHAT_MAX_LENGTH, chatbotMachine } from '@/machines/chatbot.machine';
import { ChatbotContext } from '@/machines/chatbot.context';
import { setAuthBridge } from '@/services/http';
import { deliver, listOutbox, useMemoryOutbox } from '@/services/outbox';
import { ChatbotConversation } from '@/views/tools/chat/ChatbotConversation';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { renderView } from '../support/modelHarness';

const USER = 'farmer-1';
/** An access token whose subject is USER (the outbox reads only `sub`). */
const token = `h.${btoa(JSON.stringify({ sub: USER })).replace(/=+$/, '')}.s`;
const reply = (text: string): ChatReply => ({
  reply: text, language: 'english', source: 'knowledge-base', offline: false, passages: [], answerId: '00000000-0000-4000-8000-0000000000b1',
});

let api: ApiServer | undefined;
beforeEach(() => {
  useMemoryOutbox();
  setAuthBridge({ getAccessToken: () => token, refresh: async () => null });
  // jsdom does not scroll; the view brings the newest line into view.
  Element.prototype.scrollIntoView = () => {};
  Element.prototype.scrollTo = (() => {}) as Element['scrollTo'];
});
afterEach(async () => {
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  delete (Element.prototype as Partial<Element>).scrollTo;
});

const input = () => screen.getByRole('textbox', { name: 'Your question' });
const log = () => screen.getByRole('log', { name: 'Conversation' });
const ask = (text: string) => {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
};
const WAITING = /Waiting to send: the answer comes when the network returns/;

describe('chatbot with its own actors', () => {
  it('asks POST /chatbot with the question, and shows the answer', async () => {
    api = await startApiServer(({ path, body }) =>
      path === '/api/v1/chatbot' ? { status: 200, body: reply(`Answer to: ${(body as { message: string }).message}`) } : { status: 404 },
    );
    renderView(<ChatbotContext.Provider><ChatbotConversation /></ChatbotContext.Provider>);
    ask('  How much is PM-KISAN?  ');
    expect(await within(log()).findByText('Answer to: How much is PM-KISAN?')).toBeInTheDocument();
    expect(api.calls('/chatbot').map((r) => [r.method, r.body])).toEqual([['POST', { message: 'How much is PM-KISAN?' }]]);
  });

  it('a question asked offline waits; the outbox sending it puts its answer, or a refusal, in its place (and only its own)', async () => {
    let answer: { status: number; body?: unknown } = { status: 200, body: reply('Sent later: PM-KISAN pays ₹6,000.') };
    api = await startApiServer(({ path }) => (path === '/api/v1/chatbot' ? answer : { status: 404 }));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderView(<ChatbotContext.Provider><ChatbotConversation /></ChatbotContext.Provider>);
    const questions = ['How much is PM-KISAN?', 'Is it raining?', 'When to sow gram?'];
    for (const [i, q] of questions.entries()) {
      ask(q);
      await waitFor(() => expect(within(log()).getAllByText(WAITING)).toHaveLength(i + 1));
    }
    expect(api.calls('/chatbot')).toEqual([]);
    online.mockReturnValue(true);
    const [first, second, third] = (await listOutbox(USER)).sort((a, b) => a.createdAt - b.createdAt);
    /** The bot's line under a question, and whose it is drawn as. */
    const lineAfter = (q: string) => within(log()).getByText(q).nextElementSibling!;

    // The first is sent: its answer takes its own line's place; the others still wait.
    await act(async () => void (await deliver(first)));
    expect(lineAfter(questions[0])).toHaveTextContent('Sent later: PM-KISAN pays ₹6,000.');
    expect(lineAfter(questions[0])).toHaveAttribute('data-from', 'bot');
    expect(within(log()).getAllByText(WAITING)).toHaveLength(2);

    // The second is refused: its line says the service is not available; the third still waits.
    answer = { status: 400, body: { message: 'refused' } };
    await act(async () => void (await deliver(second)));
    expect(lineAfter(questions[1])).toHaveTextContent(/the AI service is not available/);
    expect(lineAfter(questions[1])).toHaveAttribute('data-from', 'bot');
    expect(lineAfter(questions[2])).toHaveTextContent(WAITING);

    answer = { status: 200, body: reply('Sow gram in October.') };
    await act(async () => void (await deliver(third)));
    expect(within(log()).queryByText(WAITING)).toBeNull();
    expect(lineAfter(questions[2])).toHaveTextContent('Sow gram in October.');
    expect(lineAfter(questions[0])).toHaveTextContent('Sent later: PM-KISAN pays ₹6,000.');
    expect(within(log()).getAllByText(/the AI service is not available/)).toHaveLength(1);
  });
});

describe('chatbot draft', () => {
  it('keeps at most CHAT_MAX_LENGTH characters of what is typed', () => {
    const actor = createActor(chatbotMachine.provide({ actors: { watchQueued: fromCallback(() => {}) } })).start();
    actor.send({ type: 'chat.typed', text: 'a'.repeat(CHAT_MAX_LENGTH + 5) });
    expect(actor.getSnapshot().context.draft).toBe('a'.repeat(CHAT_MAX_LENGTH));
    expect(CHAT_MAX_LENGTH).toBe(1000);
    actor.stop();
  });
});
