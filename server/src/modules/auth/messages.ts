/** Account messages in the three languages (spec section 8 wording where it gives one). */
import { translated as t } from '../../lib/errors';

export const AM = {
  unknownProfileFields: t(
    'Some fields cannot be changed from the profile.',
    'प्रोफाइलमधून काही माहिती बदलता येत नाही.',
    'प्रोफ़ाइल से कुछ जानकारी बदली नहीं जा सकती।',
  ),
  badImage: t(
    'Profile photo must be a PNG, JPEG or WebP image of at most 300 KB.',
    'प्रोफाइल फोटो PNG, JPEG किंवा WebP प्रतिमा आणि जास्तीत जास्त 300 KB असावा.',
    'प्रोफ़ाइल फ़ोटो PNG, JPEG या WebP छवि और अधिकतम 300 KB होनी चाहिए।',
  ),
  imageTooLarge: t(
    'Profile photo must be at most 4096 × 4096 pixels.',
    'प्रोफाइल फोटो जास्तीत जास्त 4096 × 4096 पिक्सेलचा असावा.',
    'प्रोफ़ाइल फ़ोटो अधिकतम 4096 × 4096 पिक्सेल की होनी चाहिए।',
  ),
  passwordNeededForIdentity: t(
    'Enter your current password to change your e-mail or phone number.',
    'ईमेल किंवा फोन नंबर बदलण्यासाठी आपला सध्याचा पासवर्ड टाका.',
    'ईमेल या फ़ोन नंबर बदलने के लिए अपना वर्तमान पासवर्ड दर्ज करें।',
  ),
  emailUnavailable: t(
    'This e-mail address cannot be used for your account. Please use another one.',
    'हा ईमेल पत्ता आपल्या खात्यासाठी वापरता येणार नाही. कृपया दुसरा वापरा.',
    'यह ईमेल पता आपके खाते के लिए उपयोग नहीं किया जा सकता। कृपया कोई दूसरा उपयोग करें।',
  ),
  wrongCurrentPassword: t('Current password is incorrect.', 'सध्याचा पासवर्ड चुकीचा आहे.', 'वर्तमान पासवर्ड गलत है।'),
  samePassword: t(
    'The new password must differ from the current one.',
    'नवीन पासवर्ड सध्याच्या पासवर्डपेक्षा वेगळा असावा.',
    'नया पासवर्ड वर्तमान पासवर्ड से अलग होना चाहिए।',
  ),
  passwordChanged: t('Password changed successfully.', 'पासवर्ड यशस्वीरित्या बदलला.', 'पासवर्ड सफलतापूर्वक बदला गया।'),
  resetLinkSent: t(
    'If this email is registered, a password reset link has been sent.',
    'हा ईमेल नोंदणीकृत असल्यास, पासवर्ड रीसेट लिंक पाठवली आहे.',
    'यदि यह ईमेल पंजीकृत है, तो पासवर्ड रीसेट लिंक भेज दिया गया है।',
  ),
  resetLinkInvalid: t(
    'This reset link is invalid or has expired.',
    'ही रीसेट लिंक अवैध आहे किंवा तिची मुदत संपली आहे.',
    'यह रीसेट लिंक अमान्य है या समाप्त हो गया है।',
  ),
  passwordReset: t(
    'Your password has been reset. Please log in.',
    'आपला पासवर्ड रीसेट झाला. कृपया लॉग इन करा.',
    'आपका पासवर्ड रीसेट हो गया है। कृपया लॉग इन करें।',
  ),
  invalidCode: t('invalid verification code', 'अवैध पडताळणी कोड', 'अमान्य सत्यापन कोड'),
  twoFactorAlreadyOn: t(
    'Two-factor authentication is already enabled.',
    'द्वि-घटक प्रमाणीकरण आधीच सुरू आहे.',
    'दो-चरणीय प्रमाणीकरण पहले से चालू है।',
  ),
  twoFactorNotSetUp: t(
    'Set up two-factor authentication first.',
    'आधी द्वि-घटक प्रमाणीकरण सेट करा.',
    'पहले दो-चरणीय प्रमाणीकरण सेट करें।',
  ),
  twoFactorOff: t('Two-factor authentication is not enabled.', 'द्वि-घटक प्रमाणीकरण सुरू नाही.', 'दो-चरणीय प्रमाणीकरण चालू नहीं है।'),
  twoFactorEnabled: t(
    'two-factor authentication enabled successfully',
    'द्वि-घटक प्रमाणीकरण यशस्वीरित्या सुरू केले',
    'दो-चरणीय प्रमाणीकरण सफलतापूर्वक चालू किया गया',
  ),
  twoFactorDisabled: t(
    'two-factor authentication disabled successfully',
    'द्वि-घटक प्रमाणीकरण यशस्वीरित्या बंद केले',
    'दो-चरणीय प्रमाणीकरण सफलतापूर्वक बंद किया गया',
  ),
  challengeExpired: t(
    'The sign-in step has expired. Please log in again.',
    'लॉग इनची वेळ संपली. कृपया पुन्हा लॉग इन करा.',
    'लॉग इन का समय समाप्त हो गया। कृपया फिर से लॉग इन करें।',
  ),
  sessionRevoked: t('Session revoked.', 'सत्र रद्द केले.', 'सत्र रद्द किया गया।'),
  throttleCleared: t(
    'The sign-in wait was cleared. The user can sign in again now.',
    'साइन इनची प्रतीक्षा काढून टाकली. वापरकर्ता आता पुन्हा साइन इन करू शकतो.',
    'साइन इन की प्रतीक्षा हटा दी गई। उपयोगकर्ता अब फिर से साइन इन कर सकता है।',
  ),
  sessionsEnded: t(
    "All of the user's sessions were ended.",
    'वापरकर्त्याची सर्व सत्रे संपवली.',
    'उपयोगकर्ता के सभी सत्र समाप्त किए गए।',
  ),
  reported: t(
    'Thank you. The sign-in was reported and its session ended.',
    'धन्यवाद. हे लॉग इन नोंदवले आणि त्याचे सत्र संपवले.',
    'धन्यवाद। यह लॉग इन रिपोर्ट किया गया और उसका सत्र समाप्त किया गया।',
  ),
  otpDisabled: t(
    'OTP login is not enabled. Please use email login.',
    'OTP लॉग इन सुरू नाही. कृपया ईमेल लॉग इन वापरा.',
    'OTP लॉग इन चालू नहीं है। कृपया ईमेल लॉग इन का उपयोग करें।',
  ),
  otpSent: t(
    'If this number is registered, a code has been sent by SMS.',
    'हा क्रमांक नोंदणीकृत असल्यास, SMS द्वारे कोड पाठवला आहे.',
    'यदि यह नंबर पंजीकृत है, तो SMS द्वारा कोड भेजा गया है।',
  ),
  otpInvalid: t('The code is wrong or has expired.', 'कोड चुकीचा आहे किंवा त्याची मुदत संपली आहे.', 'कोड गलत है या समाप्त हो गया है।'),
  resetCodeSent: t(
    'If this number is registered, a password reset code has been sent by SMS.',
    'हा क्रमांक नोंदणीकृत असल्यास, पासवर्ड रीसेट कोड SMS द्वारे पाठवला आहे.',
    'यदि यह नंबर पंजीकृत है, तो पासवर्ड रीसेट कोड SMS द्वारा भेजा गया है।',
  ),
  inviteInactive: t(
    'This person is inactive. Make them active before inviting them.',
    'ही व्यक्ती निष्क्रिय आहे. आमंत्रण पाठवण्यापूर्वी तिला सक्रिय करा.',
    'यह व्यक्ति निष्क्रिय है। आमंत्रण भेजने से पहले इसे सक्रिय करें।',
  ),
  roleChanged: t(
    'The role was changed. The person was signed out and signs in again with the new role.',
    'भूमिका बदलली. ती व्यक्ती साइन आउट झाली असून नवीन भूमिकेसह पुन्हा साइन इन करेल.',
    'भूमिका बदल दी गई। व्यक्ति साइन आउट हो गया है और नई भूमिका के साथ फिर से साइन इन करेगा।',
  ),
  ownRole: t('You cannot change your own role.', 'तुम्ही स्वतःची भूमिका बदलू शकत नाही.', 'आप अपनी भूमिका नहीं बदल सकते।'),
  sameRole: t('This person already has this role.', 'या व्यक्तीची भूमिका आधीच हीच आहे.', 'इस व्यक्ति की भूमिका पहले से यही है।'),
  farmerRole: t(
    'A farmer\'s role cannot be changed: their fields and readings belong to them. Add a staff account instead.',
    'शेतकऱ्याची भूमिका बदलता येत नाही: त्यांची शेते आणि नोंदी त्यांच्याच आहेत. त्याऐवजी कर्मचारी खाते जोडा.',
    'किसान की भूमिका नहीं बदली जा सकती: उनके खेत और रीडिंग उन्हीं के हैं। इसके बजाय स्टाफ़ खाता जोड़ें।',
  ),
  lastSuperadmin: t(
    'This is the last active super admin. Make someone else super admin first.',
    'हे शेवटचे सक्रिय सुपर ॲडमिन आहेत. आधी दुसऱ्या कोणाला सुपर ॲडमिन करा.',
    'यह आख़िरी सक्रिय सुपर एडमिन है। पहले किसी और को सुपर एडमिन बनाएँ।',
  ),
  twoFactorReset: t(
    'Two-factor sign-in was reset and the person was signed out. They sign in with their password and can set it up again.',
    'द्वि-घटक साइन इन रीसेट केले आणि ती व्यक्ती साइन आउट झाली. ते पासवर्डने साइन इन करून ते पुन्हा सुरू करू शकतात.',
    'दो-चरणीय साइन इन रीसेट कर दिया गया और व्यक्ति साइन आउट हो गया। वे पासवर्ड से साइन इन करके इसे फिर से चालू कर सकते हैं।',
  ),
  ownTwoFactor: t(
    'Turn your own two-factor sign-in off in your profile\'s security settings.',
    'स्वतःचे द्वि-घटक साइन इन तुमच्या प्रोफाइलच्या सुरक्षा सेटिंग्जमध्ये बंद करा.',
    'अपना दो-चरणीय साइन इन अपनी प्रोफ़ाइल की सुरक्षा सेटिंग में बंद करें।',
  ),
  twoFactorNotOn: t(
    'This person has not set up two-factor sign-in: there is nothing to reset.',
    'या व्यक्तीने द्वि-घटक साइन इन सुरू केलेले नाही: रीसेट करण्यासारखे काही नाही.',
    'इस व्यक्ति ने दो-चरणीय साइन इन चालू नहीं किया है: रीसेट करने को कुछ नहीं है।',
  ),
};
