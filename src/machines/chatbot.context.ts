import { createActorContext } from '@xstate/react';
import { chatbotMachine } from './chatbot.machine';

export const ChatbotContext = createActorContext(chatbotMachine);
