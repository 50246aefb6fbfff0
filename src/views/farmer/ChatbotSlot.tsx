/**
 * Where the agriculture chatbot goes on the farmer home. The panel is built in its own issue at
 * src/views/tools/ChatbotPanel.tsx (named export ChatbotPanel); it is loaded lazily when that file is in
 * the build, and the slot stays empty otherwise.
 */
import { Suspense, type ComponentType } from 'react';
import { lazyRetry } from '@/shared/lazyRetry';

const found = import.meta.glob<{ ChatbotPanel: ComponentType }>('../tools/ChatbotPanel.tsx');
const load = found['../tools/ChatbotPanel.tsx'];
const ChatbotPanel = load ? lazyRetry(() => load().then((m) => ({ default: m.ChatbotPanel }))) : null;

export function ChatbotSlot() {
  if (!ChatbotPanel) return null;
  return (
    <section className="chatbot-slot">
      <Suspense fallback={null}>
        <ChatbotPanel />
      </Suspense>
    </section>
  );
}
