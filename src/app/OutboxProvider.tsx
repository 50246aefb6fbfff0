/** Starts the outbox of whoever is signed in (one actor per user; none while signed out). */
import type { ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { SessionContext } from '@/machines/session.context';
import { outboxMachine } from '@/machines/outbox.machine';
import { OutboxContext } from '@/machines/outbox.context';

function UserOutbox({ userId, children, logic }: { userId: string; children: ReactNode; logic: typeof outboxMachine }) {
  const actor = useActorRef(logic, { input: { userId } });
  return <OutboxContext.Provider value={actor}>{children}</OutboxContext.Provider>;
}

export function OutboxProvider({ children, logic = outboxMachine }: { children: ReactNode; logic?: typeof outboxMachine }) {
  const userId = SessionContext.useSelector((s) => s.context.user?._id ?? null);
  if (!userId) return <>{children}</>;
  return (
    <UserOutbox key={userId} userId={userId} logic={logic}>
      {children}
    </UserOutbox>
  );
}
