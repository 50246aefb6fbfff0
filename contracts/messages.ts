/** Coordinator → farmer messages and the farmer's inbox. */
import { Type, type Static } from 'typebox';
import { PageQuery, Pagination } from './common';

export const SendMessageBody = Type.Object(
  {
    farmerIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 1000 }),
    subject: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    message: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;
export const SendMessageResult = Type.Object({ sentTo: Type.Integer(), messageId: Type.String() });

export const InboxMessage = Type.Object({
  _id: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  senderName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  readAt: Type.Union([Type.String(), Type.Null()]),
});
export type InboxMessage = Static<typeof InboxMessage>;
export const Inbox = Type.Object({ messages: Type.Array(InboxMessage), unread: Type.Integer(), pagination: Pagination });
export type Inbox = Static<typeof Inbox>;
export const InboxQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

/** Pushed to `user:<farmerId>` as `message:new`. */
export type { MessagePush as MessageNew } from './socket';
