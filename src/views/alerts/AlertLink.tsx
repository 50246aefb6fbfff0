import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AlertsListContext } from '@/machines/alertsList.context';

/**
 * A link to one alert (staff: /alerts?alert=<id>, farmers: /?alert=<id>, as notifications give): the list opens its details. The query is then
 * dropped from the address, so the same link followed again (a bell item tapped twice) opens it again.
 */
export function AlertLink() {
  const list = AlertsListContext.useActorRef();
  const search = useSearch();
  const [path, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const id = params.get('alert');
    if (!id) return;
    list.send({ type: 'alert.openById', id });
    params.delete('alert');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  }, [search, path, list, navigate]);
  return null;
}
