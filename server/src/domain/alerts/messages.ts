/**
 * Alert messages: a key and parameters the client renders from its own catalogs (src/i18n/messages,
 * same ids), plus the English text the API stores for tables and logs.
 */
export type AlertMessage = { messageKey: string; messageParams: Record<string, string | number>; message: string };

export const alertText = {
  moistureLow: (p: { field: string; value: number; threshold: number }): AlertMessage => ({
    messageKey: 'alert.moisture.low',
    messageParams: p,
    message: `Low soil moisture in ${p.field}: ${p.value}% (threshold ${p.threshold}%)`,
  }),
  temperatureHigh: (p: { field: string; value: number; threshold: number }): AlertMessage => ({
    messageKey: 'alert.temperature.high',
    messageParams: p,
    message: `High temperature in ${p.field}: ${p.value}°C (threshold ${p.threshold}°C)`,
  }),
  sensorOffline: (p: { field: string; sensors: string; minutes: number }): AlertMessage => ({
    messageKey: 'alert.sensor.offline',
    messageParams: p,
    message: `Sensor offline in ${p.field}: ${p.sensors} silent for more than ${p.minutes} minutes`,
  }),
};
