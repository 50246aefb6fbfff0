/**
 * The Maharashtra cropping season of a date and the next sowing day in it. Kharif is sown with the
 * monsoon (June–September), rabi after it (October–February), summer (zaid) crops March–May.
 */
export type Season = 'kharif' | 'rabi' | 'summer';

export function seasonOf(day: Date): Season {
  const month = day.getUTCMonth() + 1;
  if (month >= 6 && month <= 9) return 'kharif';
  if (month >= 10 || month <= 2) return 'rabi';
  return 'summer';
}

/** A week from today: time to prepare the seedbed and buy inputs. ISO date (YYYY-MM-DD). */
export function plantingDate(today: Date): string {
  return new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
}
