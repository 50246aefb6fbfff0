import { Type, type Static } from 'typebox';

export const CHAT_MAX_LENGTH = 1000;

export const ChatRequest = Type.Object(
  // At least one non-space character: a blank message is refused, not answered.
  { message: Type.String({ minLength: 1, maxLength: CHAT_MAX_LENGTH, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type ChatRequest = Static<typeof ChatRequest>;

export const ChatReply = Type.Object({
  reply: Type.String(),
  language: Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]),
  source: Type.Union([Type.Literal('your-data'), Type.Literal('knowledge-base'), Type.Literal('language-model'), Type.Literal('no-match')]),
  offline: Type.Boolean(),
  passages: Type.Array(Type.Object({ id: Type.String(), topic: Type.String() })),
  /** Names this answer (only who got it and when is kept, never the text) so the asker can rate it. */
  answerId: Type.String(),
});
export type ChatReply = Static<typeof ChatReply>;
