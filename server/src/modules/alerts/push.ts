/**
 * Where an alert goes when it is raised or changes: its farmer, the coordinator who manages that farmer,
 * and every admin (the rooms are disjoint, so each socket gets it once).
 */
import type { FastifyInstance } from 'fastify';
import type { AlertItem } from '../../../../contracts/alerts';

export type AlertDelivery = { event: 'alert:new' | 'alert:updated'; item: AlertItem; farmerId: string | null; coordinatorId: string | null };

export function pushAlert(app: FastifyInstance, d: AlertDelivery) {
  app.realtime.toAdmins().emit(d.event, d.item);
  if (d.farmerId) app.realtime.toUser(d.farmerId).emit(d.event, d.item);
  if (d.coordinatorId) app.realtime.toCoordinator(d.coordinatorId).emit(d.event, d.item);
}
