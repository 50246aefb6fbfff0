/**
 * Sensor kinds and states (spec section 3), and the reading types a device may send with the physically possible
 * range of each (the ingest refuses anything outside it). db/schema.ts builds its enums from these lists.
 */
export const SENSOR_TYPES = ['moisture', 'temperature', 'humidity', 'ph', 'nitrogen', 'weather'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];
export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];

/** Reading types a device may send, with the physically possible range of each. */
export const PHYSICAL_RANGE = {
  moisture: { min: 0, max: 100 }, // % volumetric water content
  temperature: { min: -20, max: 70 }, // °C
  humidity: { min: 0, max: 100 }, // % relative humidity
  ph: { min: 0, max: 14 },
} as const;
export type ReadingType = keyof typeof PHYSICAL_RANGE;
export const READING_TYPES = Object.keys(PHYSICAL_RANGE) as ReadingType[];
