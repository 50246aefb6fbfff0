/** Generated path tests over the chatbot statechart, driven on the real conversation view. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { ChatReply } from '../../contracts/chatbot';
import type { SendOrQueued } from '@/services/outbox';
import { chatbotMachine } from '@/machines/chatbot.machine';
import { ChatbotContext } from '@/machines/chatbot.context';
import { ChatbotConversation, scrollTopShowing } from '@/views/tools/chat/ChatbotConversation';
import { deferred, describeModel, leafPaths, modelPaths, renderView, serializeWith } from '../support/modelHarness';

const REPLY: ChatReply = { reply: 'PM-KISAN pays ₹6,000 a year.', language: 'english', source: 'knowledge-base', offline: true, passages: [], answerId: '00000000-0000-4000-8000-0000000000a1' };
/** Asked offline: the outbox kept the question (issue 17). */
const QUEUED = { queued: { id: 'q1' } };
const LATE: ChatReply = { ...REPLY, reply: 'Sent later: PM-KISAN pays ₹6,000.' };
const EVENTS: AnyEventObject[] = [
  { type: 'chat.typed', text: 'How much is PM-KISAN?' },
  { type: 'chat.typed', text: '   ' },
  { type: 'chat.send' },
  { type: 'xstate.done.actor.ask', output: { sent: REPLY } },
  { type: 'xstate.done.actor.ask', output: QUEUED },
  { type: 'xstate.error.actor.ask', error: new Error('503') },
  { type: 'chat.queuedAnswered', outboxId: 'q1', reply: LATE },
  { type: 'chat.queuedRefused', outboxId: 'q1' },
];
const all = modelPaths(chatbotMachine, {
  events: EVENTS,
  serializeState: serializeWith((c: { draft: string; messages: Array<{ kind?: string }> }) => [
    c.draft.trim() !== '',
    c.messages.length > 2,
    c.messages.some((msg) => msg.kind === 'queued'),
    c.messages.some((msg) => (msg as { text?: string }).text === LATE.reply),
  ]),
});

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

/**
 * jsdom neither lays out nor scrolls: give the log a 360 px box and each line a 150 px box, 200 px apart
 * (so the newest line sits below the log's view), and record what the view scrolls, and where to.
 */
const LOG_HEIGHT = 360;
let scrolled: { el: Element; how: 'scrollTo' | 'scrollIntoView'; options: ScrollToOptions & ScrollIntoViewOptions }[] = [];
/**
 * What Element.prototype had before (jsdom has its own getBoundingClientRect, all zeros; it has no scrollTo or
 * scrollIntoView): put back as it was after each test, since the web project's files share one jsdom per worker.
 */
const STAND_INS = ['scrollIntoView', 'scrollTo', 'getBoundingClientRect'] as const;
let before: (PropertyDescriptor | undefined)[] = [];
beforeEach(() => {
  scrolled = [];
  before = STAND_INS.map((k) => Object.getOwnPropertyDescriptor(Element.prototype, k));
  Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions) {
    scrolled.push({ el: this, how: 'scrollIntoView', options: options ?? {} });
  };
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    scrolled.push({ el: this, how: 'scrollTo', options: typeof options === 'object' ? options : {} });
  } as Element['scrollTo'];
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const i = this.parentElement?.getAttribute('role') === 'log' ? [...this.parentElement.children].indexOf(this) : -1;
    const [top, height] = this.getAttribute('role') === 'log' ? [0, LOG_HEIGHT] : i >= 0 ? [200 * i, 150] : [0, 0];
    return { top, bottom: top + height, height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  };
});
afterEach(() => {
  STAND_INS.forEach((k, i) => {
    if (before[i]) Object.defineProperty(Element.prototype, k, before[i]);
    else delete (Element.prototype as Partial<Element>)[k];
  });
});

describeModel('chatbot model', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: leafPaths(all),
  all,
  events: EVENTS,
  machine: chatbotMachine,
  states: Object.keys(ASSERT),
  render: () => {
    let pending = deferred<unknown>();
    let settle: ((e: AnyEventObject) => void) | null = null;
    const asked: string[] = [];
    const logic = chatbotMachine.provide({
      actors: {
        ask: fromPromise(async ({ input: i }: { input: { message: string } }) => {
          asked.push(i.message);
          pending = deferred<unknown>();
          return pending.promise as Promise<SendOrQueued<ChatReply>>;
        }),
        watchQueued: fromCallback(({ sendBack }) => {
          settle = sendBack;
        }),
      },
    });
    renderView(<ChatbotContext.Provider logic={logic}>
        <ChatbotConversation />
      </ChatbotContext.Provider>);
    let sends = 0;
    let scrolls = 0;
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'chat.typed': (e) => fireEvent.change(input(), { target: { value: e.text } }),
      // Spec: Enter sends.
      'chat.send': () => fireEvent.keyDown(input(), { key: 'Enter' }),
      'xstate.done.actor.ask': (e) => act(async () => pending.resolve(e.output)),
      'xstate.error.actor.ask': (e) => act(async () => pending.reject(e.error)),
      'chat.queuedAnswered': (e) => act(async () => settle!(e)),
      'chat.queuedRefused': (e) => act(async () => settle!(e)),
    };
    return {
      // What was scrolled is counted from before each step's executor.
      exec: (e: AnyEventObject) => {
        scrolls = scrolled.length;
        const run = exec[e.type];
        if (!run) throw new Error(`no executor for ${e.type}`);
        return run(e);
      },
      check: (step) => {
        ASSERT[String(step.state.value)]();
        const type = step.event.type as string;
        // Opening the panel does not scroll the page to it; typing does not scroll.
        if (type === 'xstate.init' || type === 'chat.typed') expect(scrolled.length).toBe(scrolls);
        // Sending (the question and the 'writing…' line), an answer and an error each bring the newest line into view:
        // the log scrolls so that line's bottom meets the log's bottom, and the page brings the log on screen.
        // A queued question's line shows 'waiting to send' until the outbox settles it; then its answer (or
        // 'not available') takes that line's place: nothing is added, nothing scrolls.
        const queuedLines = within(log()).queryAllByText(/Waiting to send: the answer comes when the network returns/).length;
        expect(queuedLines > 0).toBe(step.state.context.messages.some((msg: { kind?: string }) => msg.kind === 'queued'));
        if (type === 'chat.queuedAnswered' || type === 'chat.queuedRefused') {
          expect(scrolled.length).toBe(scrolls);
          expect(queuedLines).toBe(0);
          const answered = step.state.context.messages.some((msg: { text?: string }) => msg.text === LATE.reply);
          expect(within(log()).queryAllByText(LATE.reply).length > 0).toBe(answered);
        } else if (type !== 'xstate.init' && type !== 'chat.typed') {
          const newest = log().lastElementChild!;
          if (type === 'chat.send') expect(newest).toBe(screen.getByRole('status'));
          if (type === 'xstate.done.actor.ask')
            expect(newest).toHaveTextContent('queued' in step.event.output ? /Waiting to send/ : 'PM-KISAN pays ₹6,000 a year.');
          if (type === 'xstate.error.actor.ask') expect(newest).toHaveTextContent(/the AI service is not available/);
          const index = log().children.length - 1;
          expect(scrolled.slice(scrolls).map(({ el, how, options }) => [el, how, options.top ?? options.block])).toEqual([
            [log(), 'scrollTo', 200 * index + 150 - LOG_HEIGHT],
            [log(), 'scrollIntoView', 'nearest'],
          ]);
        }
        if (step.event.type === 'chat.send') {
          sends++;
          // The user's message is appended before the reply and the box is emptied.
          expect(within(log()).getAllByText('How much is PM-KISAN?').length).toBe(sends);
          expect(input()).toHaveValue('');
        }
        if ((step.event.type as string) === 'xstate.done.actor.ask' && 'sent' in step.event.output) {
          expect(within(log()).getAllByText('PM-KISAN pays ₹6,000 a year.').at(-1)).toBeInTheDocument();
          expect(within(log()).queryByText('Answered by the AI model')).toBeNull();
        }
        if ((step.event.type as string) === 'xstate.error.actor.ask') {
          expect(within(log()).getAllByText(/the AI service is not available/).length).toBeGreaterThan(0);
        }
        // Every line is the user's question or the bot's (greeting, answer, 'not available', 'waiting', 'writing…'),
        // and is drawn as whose it is (data-from: the bubble's side and colour).
        for (const line of log().children) expect(line).toHaveAttribute('data-from', line.textContent === 'How much is PM-KISAN?' ? 'user' : 'bot');
        // Each send asks the server once, with what was typed (after every step, not only at the path's end).
        expect(asked).toEqual(Array(sends).fill('How much is PM-KISAN?'));
      },
    };
  },
});

describe('chatbot conversation', () => {
  it('does not send an empty or whitespace-only message, by Enter or by the button', async () => {
    const asked: string[] = [];
    const logic = chatbotMachine.provide({ actors: { ask: fromPromise(async ({ input: i }: { input: { message: string } }) => (asked.push(i.message), { sent: REPLY } as SendOrQueued<ChatReply>)) } });
    renderView(<ChatbotContext.Provider logic={logic}>
        <ChatbotConversation />
      </ChatbotContext.Provider>);
    fireEvent.change(input(), { target: { value: '  \t ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(asked).toEqual([]);
    expect(within(log()).getAllByText(/./)).toHaveLength(1);
  });

  it('shows a newest line that fits whole, and a longer one from its beginning', () => {
    const log = { top: 100, bottom: 460, height: 360 };
    expect(scrollTopShowing(log, { top: 500, bottom: 600, height: 100 }, 40)).toBe(180);
    expect(scrollTopShowing(log, { top: 500, bottom: 1000, height: 500 }, 40)).toBe(440);
    expect(scrollTopShowing(log, { top: 120, bottom: 200, height: 80 }, 0)).toBe(0);
  });
});
