/** The running two-factor machine the dialog starts and hands to each step (steps read it and send to it). */
import type { ActorRefFrom } from 'xstate';
import type { twoFactorMachine } from '../../../machines/twoFactor.machine';

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>;
