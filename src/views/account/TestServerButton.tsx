import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { buildInfoMachine } from '../../machines/buildInfo.machine';

const m = defineMessages({
  label: { id: 'profile.testServer', defaultMessage: 'Test Server Code' },
});

/** The spec's leftover debug button; ProfileView renders it in development builds only. */
export function TestServerButton({ logic = buildInfoMachine }: { logic?: typeof buildInfoMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic.provide({ actions: { show: (_, text) => window.alert(text) } }), [logic]);
  const actor = useActorRef(machine);
  const busy = useSelector(actor, (s) => s.matches('fetching'));
  return (
    <button type="button" className="acct-debug" disabled={busy} onClick={() => actor.send({ type: 'buildInfo.fetch' })}>
      {intl.formatMessage(m.label)}
    </button>
  );
}
