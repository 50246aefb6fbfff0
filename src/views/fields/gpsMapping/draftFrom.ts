/** The add-location form's values as the server's body (empty optional boxes are left out). */
import type { NewLocation } from '@/machines/gpsMapping.machine';

const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();
const numberOr = (raw: string) => (raw === '' ? Number.NaN : Number(raw));

export function draftFrom(form: FormData): NewLocation {
  const area = text(form, 'area');
  const elevation = text(form, 'elevation');
  const irrigation = text(form, 'irrigationType');
  const metadata: Record<string, string> = {};
  for (const k of ['village', 'taluka', 'district']) if (text(form, k)) metadata[k] = text(form, k);
  return {
    fieldId: text(form, 'fieldId'),
    name: text(form, 'name'),
    coordinates: [numberOr(text(form, 'lng')), numberOr(text(form, 'lat'))],
    ...(area !== '' && Number.isFinite(Number(area)) ? { area: { value: Number(area), unit: 'acres' as const } } : {}),
    ...(elevation !== '' && Number.isFinite(Number(elevation)) ? { elevation: { value: Number(elevation) } } : {}),
    soilType: text(form, 'soilType') as NewLocation['soilType'],
    ...(irrigation ? { irrigationType: irrigation } : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
}
