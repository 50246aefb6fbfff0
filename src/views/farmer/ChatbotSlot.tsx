/**
 * Where the agriculture chatbot goes on the farmer home. The panel is built in its own issue at
 * src/views/tools/ChatbotPanel.tsx (named export ChatbotPanel); it is loaded lazily when that file is in
 * the build, and the slot stays empty otherwise.
 */
import { lazy, Suspense, type ComponentType } from 'react';

const found = import.meta.glob<{ ChatbotPanel: ComponentType }>('../tools/ChatbotPanel.tsx');
const load = found['../tools/ChatbotPanel.tsx'];
const ChatbotPanel = load ? lazy(() => load().then((m) => ({ default: m.ChatbotPanel }))) : null;

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
