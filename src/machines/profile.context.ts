import { createActorContext } from '@xstate/react';
import { profileMachine } from './profile.machine';

export const ProfileContext = createActorContext(profileMachine);
