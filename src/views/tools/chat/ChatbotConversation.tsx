/**
 * The chat itself: the conversation log and the compose box (Enter sends). When a message is added
 * (the farmer's question, the 'writing…' line, the answer) the newest one is brought into view: the
 * log scrolls to it, and the page to the log if the log is partly off screen. A long answer shows from
 * its start.
 */
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ChatbotContext } from '@/machines/chatbot.context';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@/machines/chatbot.machine';
import { MicButton, SpeakButton } from '@/views/ui/Speech';

const m = defineMessages({
  title: { id: 'chatbot.title', defaultMessage: 'Agriculture assistant' },
  greeting: {
    id: 'chatbot.greeting',
    defaultMessage: 'Namaskar! I am ShetMitra. Ask me about crops, irrigation, fertiliser, pests and diseases, soil, or government schemes.',
  },
  unavailable: { id: 'chatbot.unavailable', defaultMessage: 'Sorry, the AI service is not available right now. Please try again later.' },
  placeholder: { id: 'chatbot.placeholder', defaultMessage: 'Type your question…' },
  input: { id: 'chatbot.input', defaultMessage: 'Your question' },
  send: { id: 'chatbot.send', defaultMessage: 'Send' },
  thinking: { id: 'chatbot.thinking', defaultMessage: 'Writing an answer…' },
  model: { id: 'chatbot.model', defaultMessage: 'Answered by the AI model' },
  log: { id: 'chatbot.log', defaultMessage: 'Conversation' },
});

/** Offline answers carry their own label in the text (the server writes it); a model's answer is marked here. */
function sourceLabel(msg: ChatMessage) {
  return msg.from === 'bot' && msg.kind === 'reply' && msg.source === 'language-model' ? m.model : null;
}

type Box = { top: number; bottom: number; height: number };

/**
 * The log's scroll position that shows its newest line: all of it when it fits, else its beginning
 * (a long answer is read from the top).
 */
export function scrollTopShowing(log: Box, newest: Box, scrollTop: number): number {
  return Math.max(0, scrollTop + (newest.height > log.height ? newest.top - log.top : newest.bottom - log.bottom));
}

export function ChatbotConversation() {
  const intl = useIntl();
  const actor = ChatbotContext.useActorRef();
  const messages = ChatbotContext.useSelector((s) => s.context.messages);
  const draft = ChatbotContext.useSelector((s) => s.context.draft);
  const busy = ChatbotContext.useSelector((s) => s.hasTag('busy'));
  const canSend = ChatbotContext.useSelector((s) => s.can({ type: 'chat.send' }));
  const send = () => actor.send({ type: 'chat.send' });
  const log = useRef<HTMLDivElement>(null);
  // The answer replaces the 'writing…' line: the number of lines stays, the newest line changes.
  const lines = `${messages.length}:${busy}`;
  const shown = useRef(lines);
  useEffect(() => {
    // Only what is added after the panel opens: the greeting alone does not pull the page down to the chat.
    if (lines === shown.current) return;
    shown.current = lines;
    const box = log.current;
    const newest = box?.lastElementChild;
    if (!box || !newest) return;
    const behavior = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    // The log and the page are scrolled separately: one smooth scrollIntoView across both can be cut short
    // by the next line arriving (the answer right after 'writing…'), leaving the log halfway.
    box.scrollTo?.({ top: scrollTopShowing(box.getBoundingClientRect(), newest.getBoundingClientRect(), box.scrollTop), behavior });
    box.scrollIntoView?.({ block: 'nearest', behavior });
  }, [lines]);
  return (
    <section className="tools-section chat-panel" aria-labelledby="chat-title">
      <h2 id="chat-title">{intl.formatMessage(m.title)}</h2>
      <div ref={log} className="chat-log" role="log" aria-label={intl.formatMessage(m.log)} aria-live="polite">
        {messages.map((msg) => {
          const label = sourceLabel(msg);
          const text =
            msg.from === 'user' || msg.kind === 'reply' ? msg.text : intl.formatMessage(msg.kind === 'greeting' ? m.greeting : m.unavailable);
          return (
            <p key={msg.id} className="chat-message" data-from={msg.from}>
              {text}
              {label && <span className="chat-source">{intl.formatMessage(label)}</span>}
              {msg.from === 'bot' && <SpeakButton id={`chat-${msg.id}`} text={text} />}
            </p>
          );
        })}
        {busy && (
          <p className="chat-message" data-from="bot" role="status">
            {intl.formatMessage(m.thinking)}
          </p>
        )}
      </div>
      <div className="chat-compose">
        <input
          type="text"
          value={draft}
          maxLength={CHAT_MAX_LENGTH}
          placeholder={intl.formatMessage(m.placeholder)}
          aria-label={intl.formatMessage(m.input)}
          onChange={(e) => actor.send({ type: 'chat.typed', text: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <MicButton onHeard={(text) => actor.send({ type: 'chat.typed', text })} />
        <button type="button" className="button button-primary" disabled={!canSend} onClick={send}>
          {intl.formatMessage(m.send)}
        </button>
      </div>
    </section>
  );
}
