/** The notifications module's own error texts. */
import { translated } from '../../lib/errors';

export const notificationText = {
  badEndpoint: translated(
    'This browser cannot receive notifications from here: its push address is not an https address of a known push service.',
    'या ब्राउझरला येथून सूचना मिळू शकत नाहीत: त्याचा पुश पत्ता ओळखीच्या पुश सेवेचा https पत्ता नाही.',
    'इस ब्राउज़र को यहाँ से सूचनाएँ नहीं मिल सकतीं: इसका पुश पता किसी ज्ञात पुश सेवा का https पता नहीं है।',
  ),
  badKeys: translated(
    'The browser sent unusable notification keys. Please turn notifications off and on again.',
    'ब्राउझरने वापरता न येणाऱ्या सूचना की पाठवल्या. कृपया सूचना बंद करून पुन्हा चालू करा.',
    'ब्राउज़र ने अनुपयोगी सूचना कुंजियाँ भेजीं। कृपया सूचनाएँ बंद करके फिर से चालू करें।',
  ),
};
