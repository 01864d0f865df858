import type { LocalizedText } from '../messages/localized-text';

/**
 * What the users screens, the profile and the set-password link tell staff when the gateway
 * refuses (docs/users.md), in both languages. Codes are the ErrorBody `code`.
 */
export const STAFF_MESSAGES = {
  USER_NOT_FOUND: { en: 'This staff account does not exist.', ar: 'حساب الموظف هذا غير موجود.' },
  EMAIL_TAKEN: {
    en: 'A staff account with this e-mail already exists.',
    ar: 'يوجد حساب موظف بهذا البريد الإلكتروني بالفعل.',
  },
  STALE_USER: {
    en: 'Someone else changed this account while you were editing it. Reload the page to see their change.',
    ar: 'عدّل شخص آخر هذا الحساب أثناء تحريرك له. أعد تحميل الصفحة لرؤية التعديل.',
  },
  LAST_ADMIN: {
    en: 'The store needs at least one active administrator: this change would leave none.',
    ar: 'يحتاج المتجر إلى مسؤول نشط واحد على الأقل: هذا التغيير لن يُبقي أي مسؤول.',
  },
  SELF_CHANGE: {
    en: 'You cannot change your own role, permissions or status. Ask another administrator.',
    ar: 'لا يمكنك تغيير دورك أو صلاحياتك أو حالتك بنفسك. اطلب ذلك من مسؤول آخر.',
  },
  SELF_RESET: {
    en: 'Change your own password on your profile page.',
    ar: 'غيّر كلمة مرورك من صفحة ملفك الشخصي.',
  },
  NOT_INVITED: {
    en: 'This person has already accepted the invitation.',
    ar: 'قبل هذا الشخص الدعوة بالفعل.',
  },
  STILL_INVITED: {
    en: 'This person has not accepted the invitation yet: resend it instead.',
    ar: 'لم يقبل هذا الشخص الدعوة بعد: أعد إرسالها بدلًا من ذلك.',
  },
  INACTIVE_USER: {
    en: 'This account is deactivated. Reactivate it first.',
    ar: 'هذا الحساب معطّل. أعد تفعيله أولًا.',
  },
  LINK_INVALID: {
    en: 'This link is not valid. Ask an administrator for a new one.',
    ar: 'هذا الرابط غير صالح. اطلب رابطًا جديدًا من أحد المسؤولين.',
  },
  LINK_USED: {
    en: 'This link has already been used. Sign in, or ask an administrator for a new one.',
    ar: 'تم استخدام هذا الرابط بالفعل. سجّل الدخول أو اطلب رابطًا جديدًا من أحد المسؤولين.',
  },
  LINK_EXPIRED: {
    en: 'This link has expired. Ask an administrator for a new one.',
    ar: 'انتهت صلاحية هذا الرابط. اطلب رابطًا جديدًا من أحد المسؤولين.',
  },
  ADMIN_ONLY: {
    en: 'Only an administrator can invite, promote, change, deactivate or reset an administrator.',
    ar: 'لا يدعو مسؤولًا أو يرقّيه أو يعدّله أو يعطّله أو يعيد تعيين كلمة مروره إلا مسؤول.',
  },
  GRANT_NOT_HELD: {
    en: 'You can only give access you have yourself. Ask an administrator for the rest.',
    ar: 'لا يمكنك أن تمنح إلا صلاحيات تملكها أنت. اطلب الباقي من أحد المسؤولين.',
  },
  ACCOUNT_ABOVE: {
    en: 'This account has access you do not have: only an administrator can change it.',
    ar: 'لهذا الحساب صلاحيات لا تملكها: لا يغيّره إلا مسؤول.',
  },
  WRONG_PASSWORD: {
    en: 'Your current password is not correct.',
    ar: 'كلمة مرورك الحالية غير صحيحة.',
  },
  SAME_PASSWORD: {
    en: 'Choose a password different from your current one.',
    ar: 'اختر كلمة مرور مختلفة عن كلمة مرورك الحالية.',
  },
} as const satisfies Record<string, LocalizedText>;

export type StaffMessageCode = keyof typeof STAFF_MESSAGES;
