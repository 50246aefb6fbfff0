/** The chatbot panel the farmer home lazy-loads: its own chatbot machine around the conversation. */
import { chatbotMachine } from '@/machines/chatbot.machine';
import { ChatbotContext } from '@/machines/chatbot.context';
import { SpeechProvider } from '@/views/ui/Speech';
import { ChatbotConversation } from './chat/ChatbotConversation';
import './tools.css';

export function ChatbotPanel() {
  return (
    <ChatbotContext.Provider logic={chatbotMachine}>
      {/* Voice (a spoken question, answers read aloud) where the browser has it. */}
      <SpeechProvider>
        <ChatbotConversation />
      </SpeechProvider>
    </ChatbotContext.Provider>
  );
}
