/**
 * What the server pushes, and to whom. A committed reading goes to the sockets watching its field; an alert,
 * when it is raised or changes, to its farmer, the coordinator who manages that farmer and every admin (the
 * rooms are disjoint, so each socket gets it once).
 */
import type { FastifyInstance } from 'fastify';
import type { AlertItem } from '../../../contracts/alerts';
import type { CommittedReading } from '../modules/sensors/ingestPipeline';

export type AlertDelivery = { event: 'alert:new' | 'alert:updated'; item: AlertItem; farmerId: string | null; coordinatorId: string | null };

export function pushAlert(app: FastifyInstance, d: AlertDelivery) {
  app.realtime.toAdmins().emit(d.event, d.item);
  if (d.farmerId) app.realtime.toUser(d.farmerId).emit(d.event, d.item);
  if (d.coordinatorId) app.realtime.toCoordinator(d.coordinatorId).emit(d.event, d.item);
}

export function pushReadings(app: FastifyInstance, readings: CommittedReading[]) {
  for (const r of readings) {
    app.realtime.toField(r.fieldId).emit('reading:new', {
      fieldId: r.fieldId,
      sensorId: r.sensorId,
      type: r.type,
      value: r.value,
      timestamp: r.recordedAt.toISOString(),
    });
  }
}
