/** All three catalogs, loaded eagerly (tests and Storybook do not need the app's lazy loading). */
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import mr from '@/i18n/messages/mr.json';
import type { Locale } from '@/i18n/locales';

export const CATALOGS: Record<Locale, Record<string, string>> = { mr, en, hi };
