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
};
