/** Mobile detection by user-agent patterns, as the spec's login screen asks (not by screen width). */
const MOBILE_UA = /android|iphone|ipad|ipod|mobile|blackberry|opera mini|iemobile/i;

export const isMobileUserAgent = (userAgent: string) => MOBILE_UA.test(userAgent);
