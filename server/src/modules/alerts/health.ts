/** A field's health follows its active alerts: any critical → alert, any other → warning, none → good. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldsChanged } from '../fields/pinCache';

export async function refreshFieldHealth(db: Db, fieldIds: string[]) {
  if (fieldIds.length === 0) return;
  const res = await db.execute(sql`
    update fields f set health = h.health
    from (
      select f2.id, (select case when count(*) = 0 then 'good' when bool_or(a.severity = 'critical') then 'alert' else 'warning' end::field_health
        from alerts a where a.field_id = f2.id and a.resolved_at is null) as health
      from fields f2 where f2.id in (${sql.join(fieldIds.map((id) => sql`${id}::uuid`), sql`, `)})) h
    where f.id = h.id and f.health is distinct from h.health
    returning f.id`);
  // A pin's colour changed: the Field Map's cached answers go (only then: readings arrive all the time).
  if (((res as unknown as { rows?: unknown[] }).rows ?? []).length) await fieldsChanged(db);
}
