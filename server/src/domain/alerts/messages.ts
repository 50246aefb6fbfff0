/**
 * Alert messages: a key and parameters the client renders from its own catalogs (src/i18n/messages,
 * same ids), plus the English text the API stores for tables and logs. Keys, parameters and the English
 * text are declared once in contracts/alertTypes.ts.
 */
import { englishAlertText, type AlertMessageKey, type AlertMessageParams } from '../../../../contracts/alertTypes';

export type AlertMessage = { messageKey: string; messageParams: Record<string, string | number>; message: string };

export const alertMessageOf = <K extends AlertMessageKey>(key: K, params: AlertMessageParams<K>): AlertMessage => ({
  messageKey: key,
  messageParams: params,
  message: englishAlertText(key, params),
});

export const alertText = {
  moistureLow: (p: { field: string; value: number; threshold: number }) => alertMessageOf('alert.moisture.low', p),
  temperatureHigh: (p: { field: string; value: number; threshold: number }) => alertMessageOf('alert.temperature.high', p),
  sensorOffline: (p: { field: string; sensors: string; minutes: number }) => alertMessageOf('alert.sensor.offline', p),
};
