/** Dashboard stat cards (spec section 3). */
import { Type, type Static } from 'typebox';

export const AdminOverview = Type.Object({
  totalCoordinators: Type.Integer(),
  totalFarmers: Type.Integer(),
  activeFields: Type.Integer(),
  totalFields: Type.Integer(),
  recentAlerts: Type.Integer(),
});
export type AdminOverview = Static<typeof AdminOverview>;

export const CoordinatorStats = Type.Object({
  stats: Type.Object({
    totalFarmers: Type.Integer(),
    activeFields: Type.Integer(),
    totalFields: Type.Integer(),
    alertsThisWeek: Type.Integer(),
    averageYield: Type.Number(),
    /** How many fields the average is over (a current crop with expected and actual yield); 0: no harvest recorded. */
    yieldFields: Type.Integer(),
  }),
});
export type CoordinatorStats = Static<typeof CoordinatorStats>['stats'];
