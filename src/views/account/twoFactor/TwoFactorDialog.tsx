/**
 * The two-factor wizard in the account dialog: the machine runs here (with the copy and download effects
 * provided), and each step of the wizard is a component of this folder that reads the actor and sends to it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { twoFactorMachine } from '../../../machines/twoFactor.machine';
import { AccountDialog } from '../AccountDialog';
import { accountMessages as am } from '../accountMessages';
import { saveFile } from '@/views/ui/saveFile';
import type { TwoFactorActor } from './actor';
import { BackupStep } from './BackupStep';
import { Busy } from './Busy';
import { DisableStep } from './DisableStep';
import { LoadFailedStep } from './LoadFailedStep';
import { OverviewStep } from './OverviewStep';
import { RegenerateStep } from './RegenerateStep';
import { SetupStep } from './SetupStep';
import { m } from './twoFactorMessages';

type Props = { onClose: () => void; logic?: typeof twoFactorMachine };

export function TwoFactorDialog({ onClose, logic = twoFactorMachine }: Props) {
  const intl = useIntl();
  const machine = useMemo(
    () =>
      logic.provide({
        actions: {
          copySecret: (_, secret) => void navigator.clipboard?.writeText(secret).catch(() => {}),
          downloadBackupCodes: (_, codes) =>
            saveFile('backup-codes.txt', [intl.formatMessage(m.fileHeader), '', ...codes, ''].join('\r\n'), 'text/plain'),
        },
      }),
    [logic, intl],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s.value as string);
  return (
    <AccountDialog title={intl.formatMessage(m.title)} onClose={onClose}>
      <Step state={state} actor={actor} />
    </AccountDialog>
  );
}

/** The step the machine is in (a step and its waiting state share one component). */
function Step({ state, actor }: { state: string; actor: TwoFactorActor }) {
  const intl = useIntl();
  switch (state) {
    case 'loading':
      return <Busy text={intl.formatMessage(am.loading)} />;
    case 'loadFailed':
      return <LoadFailedStep actor={actor} />;
    case 'overview':
      return <OverviewStep actor={actor} />;
    case 'startingSetup':
      return <Busy text={intl.formatMessage(m.starting)} />;
    case 'setup':
    case 'verifying':
      return <SetupStep actor={actor} />;
    case 'backup':
      return <BackupStep actor={actor} />;
    case 'disableForm':
    case 'disabling':
      return <DisableStep actor={actor} />;
    case 'regenerateForm':
    case 'regenerating':
      return <RegenerateStep actor={actor} />;
    default:
      return null;
  }
}
