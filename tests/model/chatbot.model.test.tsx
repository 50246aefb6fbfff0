/** Generated path tests over the chatbot statechart, driven on the real conversation view. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { ChatReply } from '../../server/src/contracts/chatbot';
import { chatbotMachine } from '@/machines/chatbot.machine';
import { ChatbotContext } from '@/machines/chatbot.context';
import { ChatbotConversation } from '@/views/tools/chat/ChatbotConversation';
import { deferred, eventKey, eventTypes, machineEventTypes, pathName, renderTool, serializeWith } from './toolsHarness';

const REPLY: ChatReply = { reply: 'PM-KISAN pays ₹6,000 a year.', language: 'english', source: 'knowledge-base', offline: true, passages: [] };
const EVENTS: AnyEventObject[] = [
  { type: 'chat.typed', text: 'How much is PM-KISAN?' },
  { type: 'chat.typed', text: '   ' },
  { type: 'chat.send' },
  { type: 'xstate.done.actor.ask', output: REPLY },
  { type: 'xstate.error.actor.ask', error: new Error('503') },
];
const TRAVERSAL = {
  events: EVENTS as never,
  filterEvents: (s: { can: (e: never) => boolean }, e: unknown) => s.can(e as never),
  serializeState: serializeWith((c: { draft: string; messages: unknown[] }) => [c.draft.trim() !== '', c.messages.length > 2]) as never,
  serializeEvent: eventKey as never,
};
const paths = getShortestPaths(chatbotMachine, TRAVERSAL);

const input = () => screen.getByRole('textbox', { name: 'Your question' });
const log = () => screen.getByRole('log', { name: 'Conversation' });
const GREETING = /Namaskar! I am ShetMitra/;

const ASSERT: Record<string, () => void> = {
  idle: () => {
    expect(within(log()).getAllByText(GREETING)).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    const hasText = (input() as HTMLInputElement).value.trim() !== '';
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', !hasText);
  },
  replying: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Writing an answer…');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** jsdom does not lay out or scroll: record which element the view brings into view, and how. */
let scrolled: { el: Element; options: unknown }[] = [];
beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolled.push({ el: this, options });
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});
const lastScrolled = () => scrolled.at(-1)?.el;

describe('chatbot model', () => {
  it('covers every state', () => {
    expect(eventTypes(EVENTS)).toEqual(machineEventTypes(chatbotMachine));
    const states = new Set(Object.values(getAdjacencyMap(chatbotMachine, TRAVERSAL)).map((n) => String(n.state.value)));
    expect([...states].sort()).toEqual(Object.keys(ASSERT).sort());
  });

  it.each(paths.map((p) => [pathName(p.steps), p] as const))('%s', async (_name, path) => {
    let pending = deferred<ChatReply>();
    const asked: string[] = [];
    const logic = chatbotMachine.provide({
      actors: {
        ask: fromPromise(async ({ input: i }: { input: { message: string } }) => {
          asked.push(i.message);
          pending = deferred<ChatReply>();
          return pending.promise;
        }),
      },
    });
    renderTool(
      <ChatbotContext.Provider logic={logic}>
        <ChatbotConversation />
      </ChatbotContext.Provider>,
    );
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'chat.typed': (e) => fireEvent.change(input(), { target: { value: e.text } }),
      // Spec: Enter sends.
      'chat.send': () => fireEvent.keyDown(input(), { key: 'Enter' }),
      'xstate.done.actor.ask': (e) => act(async () => pending.resolve(e.output)),
      'xstate.error.actor.ask': (e) => act(async () => pending.reject(e.error)),
    };
    let sends = 0;
    for (const step of path.steps) {
      const run = exec[step.event.type];
      if (!run) throw new Error(`no executor for ${step.event.type}`);
      const scrolls = scrolled.length;
      const type = step.event.type as string;
      await run(step.event);
      ASSERT[String(step.state.value)]();
      // Opening the panel does not scroll the page to it; typing does not scroll.
      if (type === 'xstate.init' || type === 'chat.typed') expect(scrolled.length).toBe(scrolls);
      // Sending brings the question and the 'writing…' line into view; an answer or an error brings itself.
      if (type === 'chat.send') expect(lastScrolled()).toBe(screen.getByRole('status'));
      if (type === 'xstate.done.actor.ask') expect(lastScrolled()).toBe(within(log()).getAllByText('PM-KISAN pays ₹6,000 a year.').at(-1));
      if (type === 'xstate.error.actor.ask') expect(lastScrolled()).toBe(within(log()).getAllByText(/the AI service is not available/).at(-1));
      if (type !== 'xstate.init' && type !== 'chat.typed') {
        expect(scrolled.length).toBe(scrolls + 1);
        expect(lastScrolled()).toBe(log().lastElementChild);
        expect(scrolled.at(-1)!.options).toMatchObject({ block: 'nearest' });
      }
      if (step.event.type === 'chat.send') {
        sends++;
        // The user's message is appended before the reply and the box is emptied.
        expect(within(log()).getAllByText('How much is PM-KISAN?').length).toBe(sends);
        expect(input()).toHaveValue('');
      }
      if ((step.event.type as string) === 'xstate.done.actor.ask') {
        expect(within(log()).getAllByText('PM-KISAN pays ₹6,000 a year.').at(-1)).toBeInTheDocument();
        expect(within(log()).queryByText('Answered by the AI model')).toBeNull();
      }
      if ((step.event.type as string) === 'xstate.error.actor.ask') {
        expect(within(log()).getAllByText(/the AI service is not available/).length).toBeGreaterThan(0);
      }
    }
    expect(asked).toEqual(Array(sends).fill('How much is PM-KISAN?'));
  });

  it('does not send an empty or whitespace-only message, by Enter or by the button', async () => {
    const asked: string[] = [];
    const logic = chatbotMachine.provide({ actors: { ask: fromPromise(async ({ input: i }: { input: { message: string } }) => (asked.push(i.message), REPLY)) } });
    renderTool(
      <ChatbotContext.Provider logic={logic}>
        <ChatbotConversation />
      </ChatbotContext.Provider>,
    );
    fireEvent.change(input(), { target: { value: '  \t ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(asked).toEqual([]);
    expect(within(log()).getAllByText(/./)).toHaveLength(1);
  });
});
