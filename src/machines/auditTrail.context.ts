import { createActorContext } from '@xstate/react';
import { auditTrailMachine } from './auditTrail.machine';

export const AuditTrailContext = createActorContext(auditTrailMachine);
