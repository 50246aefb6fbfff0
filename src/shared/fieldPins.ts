/**
 * The map's columns (contracts/fields.ts FieldPins) back into one object per pin. Plain data with no
 * I/O: the web client uses it, and the server's tests check that it inverts the server's encodePins.
 */
import type { FieldPin, FieldPins } from '../../contracts/fields';

const STATUS_OF = { g: 'good', w: 'warning', a: 'alert' } as const;

export function decodePins(c: FieldPins): FieldPin[] {
  const pins = new Array<FieldPin>(c.count);
  for (let i = 0; i < c.count; i++) {
    const crop = c.crop[i];
    const farmer = c.farmer[i];
    pins[i] = {
      fieldId: c.fieldId[i],
      fieldName: c.name[i],
      status: STATUS_OF[c.status[i] as keyof typeof STATUS_OF] ?? 'good',
      crop: crop >= 0 ? c.crops[crop] : null,
      farmerName: farmer >= 0 ? c.farmers[farmer] : null,
      lat: c.lat[i],
      lng: c.lng[i],
    };
  }
  return pins;
}

