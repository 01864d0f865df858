import type { LocalizedText } from '../messages/localized-text';

/**
 * The one password rule for staff accounts (docs/users.md), used wherever a password is
 * chosen: accepting an invitation, a reset link, the profile's password change. NIST SP 800-63B:
 * length is what counts, no composition rules; a ceiling keeps argon2 from hashing megabytes.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'blank';

export const PASSWORD_MESSAGES: Record<PasswordProblem, LocalizedText> = {
  tooShort: {
    en: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    ar: `استخدم ${PASSWORD_MIN_LENGTH} أحرف على الأقل.`,
  },
  tooLong: {
    en: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
    ar: `استخدم ${PASSWORD_MAX_LENGTH} حرفًا على الأكثر.`,
  },
  blank: {
    en: 'A password cannot be only spaces.',
    ar: 'لا يمكن أن تتكون كلمة المرور من مسافات فقط.',
  },
};

/** Counted in code points, as people count characters (an emoji is one, not two). */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (password.trim() === '') return 'blank';
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}
