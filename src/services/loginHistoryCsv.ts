/** login-history.csv (spec: date, time, device, location, IP address, status), in the reader's time zone. */
import type { LoginHistoryEntry } from '../../contracts/account';
import { toCsv } from './csv';

export const LOGIN_HISTORY_CSV = 'login-history.csv';
const pad = (n: number) => String(n).padStart(2, '0');

export function loginHistoryCsv(rows: LoginHistoryEntry[]): string {
  return toCsv(
    ['date', 'time', 'device', 'location', 'IP address', 'status'],
    rows.map((r) => {
      const d = new Date(r.timestamp);
      return [
        `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
        r.deviceType,
        r.location,
        r.ipAddress,
        r.status,
      ];
    }),
  );
}
