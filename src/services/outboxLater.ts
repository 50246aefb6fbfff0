/**
 * `sendOrQueue` for services that are part of the farmer's first JavaScript (the session's account calls, the
 * header's inbox count): the outbox and its IndexedDB store load with the first write, not with the first screen
 * (issue 17's budget, scripts/budget.mjs).
 */
import type { OutboxKind, OutboxRequest, SendOrQueued, SendOrQueueOptions } from './outbox';

export const sendOrQueue = <T>(kind: OutboxKind, request: OutboxRequest, summary: string, options?: SendOrQueueOptions): Promise<SendOrQueued<T>> =>
  import('./outbox').then((m) => m.sendOrQueue<T>(kind, request, summary, options));
