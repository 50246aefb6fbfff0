/**
 * Starts the outbox of whoever is signed in (one actor per user; none while signed out). The outbox's machine, its
 * IndexedDB store and the header's chip load after the first screen (they are not part of the farmer's first
 * JavaScript, issue 17's budget); until then, and while signed out, the context holds no outbox. The children keep
 * their place in the tree throughout, so starting or ending an outbox never remounts the screen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { SessionContext } from '@/machines/session.context';
import type { outboxMachine } from '@/machines/outbox.machine';
import { OutboxContext, type OutboxActor } from '@/machines/outbox.context';

type OutboxLogic = typeof outboxMachine;

function useOutboxLogic(given: OutboxLogic | undefined, wanted: boolean): OutboxLogic | null {
  const [logic, setLogic] = useState<OutboxLogic | null>(given ?? null);
  useEffect(() => {
    if (logic || !wanted) return;
    let live = true;
    void import('@/machines/outbox.machine').then((m) => {
      if (live) setLogic(m.outboxMachine);
    });
    return () => {
      live = false;
    };
  }, [logic, wanted]);
  return logic;
}

function OutboxRunner({ userId, logic, onActor }: { userId: string; logic: OutboxLogic; onActor: (actor: OutboxActor | null) => void }) {
  const actor = useActorRef(logic, { input: { userId } });
  useEffect(() => {
    onActor(actor);
    return () => onActor(null);
  }, [actor, onActor]);
  return null;
}

export function OutboxProvider({ children, logic: given }: { children: ReactNode; logic?: OutboxLogic }) {
  const userId = SessionContext.useSelector((s) => s.context.user?._id ?? null);
  const logic = useOutboxLogic(given, userId !== null);
  const [actor, setActor] = useState<OutboxActor | null>(null);
  return (
    <>
      {userId && logic && <OutboxRunner key={userId} userId={userId} logic={logic} onActor={setActor} />}
      <OutboxContext.Provider value={userId ? actor : null}>{children}</OutboxContext.Provider>
    </>
  );
}
