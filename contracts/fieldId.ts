/** Field codes: 'FLD' + the last 6 digits of the current time + 3 random uppercase letters (spec section 3). */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const FIELD_ID_PATTERN = /^FLD\d{6}[A-Z]{3}$/;

export function generateFieldId(now: number = Date.now(), random: () => number = Math.random): string {
  const digits = String(now).slice(-6).padStart(6, '0');
  let letters = '';
  for (let i = 0; i < 3; i++) letters += LETTERS[Math.floor(random() * LETTERS.length) % LETTERS.length];
  return `FLD${digits}${letters}`;
}
