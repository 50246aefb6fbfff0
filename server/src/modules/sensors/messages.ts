/** The sensor module's own error texts. */
import { translated } from '../../lib/errors';

export const sensorText = {
  deviceKeyInvalid: translated(
    'Missing, unknown or revoked device key.',
    'डिव्हाइस की नाही, अज्ञात आहे किंवा रद्द केली आहे.',
    'डिवाइस कुंजी नहीं है, अज्ञात है या रद्द कर दी गई है।',
  ),
  allRejected: translated(
    'No reading was accepted. See details for the reason of each.',
    'एकही नोंद स्वीकारली नाही. प्रत्येकाचे कारण तपशीलात पहा.',
    'कोई रीडिंग स्वीकार नहीं हुई। हर एक का कारण विवरण में देखें।',
  ),
  noData24h: translated(
    'No sensor data available for the last 24 hours',
    'गेल्या २४ तासांतील सेन्सर माहिती उपलब्ध नाही',
    'पिछले 24 घंटों का सेंसर डेटा उपलब्ध नहीं है',
  ),
  exportBadDate: translated(
    'The export range needs two valid dates (from and to).',
    'निर्यातीच्या कालावधीसाठी दोन योग्य तारखा (पासून आणि पर्यंत) हव्यात.',
    'निर्यात की अवधि के लिए दो सही तारीखें (से और तक) चाहिए।',
  ),
  exportReversed: translated(
    'The export range ends before it starts.',
    'निर्यातीचा कालावधी सुरू होण्याआधीच संपतो.',
    'निर्यात की अवधि शुरू होने से पहले ही खत्म होती है।',
  ),
  exportTooLong: translated(
    'The export range is too long. Choose a shorter period.',
    'निर्यातीचा कालावधी खूप मोठा आहे. कमी कालावधी निवडा.',
    'निर्यात की अवधि बहुत लंबी है। छोटी अवधि चुनें।',
  ),
};
