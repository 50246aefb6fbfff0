/**
 * Errors the API answers with. Every error body has one shape:
 *   { statusCode, code, error: <english sentence>, message: { english, marathi, hindi }, details? }
 * The client shows message[<its locale>] (or its own catalog entry for the code).
 */
export type Translated = { english: string; marathi: string; hindi: string };

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    public readonly text: Translated,
    public readonly details?: Record<string, unknown>,
  ) {
    super(text.english);
    this.name = 'AppError';
  }
}

export const errorBody = (e: AppError) => ({
  statusCode: e.statusCode,
  code: e.code,
  error: e.text.english,
  message: e.text,
  ...(e.details ? { details: e.details } : {}),
});

const t = (english: string, marathi: string, hindi: string): Translated => ({ english, marathi, hindi });

/** Shared messages; modules add their own next to their code. */
export const M = {
  badRequest: t('Invalid request. Please check your input.', 'अवैध विनंती. कृपया आपली माहिती तपासा.', 'अमान्य अनुरोध। कृपया अपना इनपुट जाँचें।'),
  unauthorized: t('Session expired. Please log in again.', 'सत्र संपले. कृपया पुन्हा लॉग इन करा.', 'सत्र समाप्त हो गया। कृपया फिर से लॉग इन करें।'),
  forbidden: t(
    'You do not have permission to perform this action.',
    'ही क्रिया करण्याची आपल्याला परवानगी नाही.',
    'आपको यह कार्य करने की अनुमति नहीं है।',
  ),
  notFound: t('The requested resource was not found.', 'मागितलेली माहिती सापडली नाही.', 'अनुरोधित संसाधन नहीं मिला।'),
  conflict: t('This resource already exists.', 'ही नोंद आधीच अस्तित्वात आहे.', 'यह संसाधन पहले से मौजूद है।'),
  tooMany: t(
    'Too many requests. Please wait a moment and try again.',
    'खूप विनंत्या. कृपया थोडा वेळ थांबून पुन्हा प्रयत्न करा.',
    'बहुत अधिक अनुरोध। कृपया थोड़ी देर बाद फिर प्रयास करें।',
  ),
  tooLarge: t('The upload is too large.', 'अपलोड खूप मोठे आहे.', 'अपलोड बहुत बड़ा है।'),
  unavailable: t(
    'Service temporarily unavailable. Please try again later.',
    'सेवा तात्पुरती उपलब्ध नाही. कृपया नंतर प्रयत्न करा.',
    'सेवा अस्थायी रूप से उपलब्ध नहीं है। कृपया बाद में प्रयास करें।',
  ),
  server: t('Server error. Please try again later.', 'सर्व्हर त्रुटी. कृपया नंतर प्रयत्न करा.', 'सर्वर त्रुटि। कृपया बाद में प्रयास करें।'),
  invalidCredentials: t('Invalid email or password', 'चुकीचा ईमेल किंवा पासवर्ड', 'गलत ईमेल या पासवर्ड'),
} satisfies Record<string, Translated>;

export { t as translated };

export const badRequest = (text: Translated = M.badRequest, details?: Record<string, unknown>, code = 'BAD_REQUEST') =>
  new AppError(400, code, text, details);
export const unauthorized = (code = 'UNAUTHORIZED', text: Translated = M.unauthorized) => new AppError(401, code, text);
export const forbidden = (text: Translated = M.forbidden) => new AppError(403, 'FORBIDDEN', text);
export const notFound = (text: Translated = M.notFound) => new AppError(404, 'NOT_FOUND', text);
export const conflict = (text: Translated = M.conflict, code = 'CONFLICT') => new AppError(409, code, text);
export const unprocessable = (text: Translated, details?: Record<string, unknown>) => new AppError(422, 'UNPROCESSABLE', text, details);
/** 429; with a wait, the answer carries `details.retryAfterSeconds` and the error handler sets `Retry-After`. */
export const tooManyRequests = (retryAfterSeconds?: number, code = 'RATE_LIMITED', text: Translated = M.tooMany) =>
  new AppError(429, code, text, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const unavailable = (text: Translated = M.unavailable) => new AppError(503, 'UNAVAILABLE', text);
