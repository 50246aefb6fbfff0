/** The alerts module's own error texts. */
import { translated } from '../../lib/errors';

export const alertText = {
  notCoordinator: translated(
    'Choose an active coordinator.',
    'सक्रिय समन्वयक निवडा.',
    'एक सक्रिय समन्वयक चुनें।',
  ),
  alreadyAcknowledged: translated(
    'This alert has already been acknowledged.',
    'ही सूचना आधीच स्वीकारली आहे.',
    'यह अलर्ट पहले ही स्वीकार किया जा चुका है।',
  ),
  alreadyCleared: translated(
    'This alert has already been cleared.',
    'ही सूचना आधीच बंद झाली आहे.',
    'यह अलर्ट पहले ही बंद हो चुका है।',
  ),
  commentEmpty: translated(
    'Write a comment first.',
    'आधी टिप्पणी लिहा.',
    'पहले टिप्पणी लिखें।',
  ),
  commentTooLong: translated(
    'A comment can be at most 1000 characters long.',
    'टिप्पणी जास्तीत जास्त 1000 अक्षरांची असू शकते.',
    'टिप्पणी अधिकतम 1000 अक्षरों की हो सकती है।',
  ),
};
