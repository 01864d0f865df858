import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../staff/password';
import { emailField, storableText, TEXT_LIMITS, validationText } from '../validation/fields';
import { MENU_MODULES } from './auth';
import { EntityId } from './ids';

/*
 * Staff accounts, invitations, the profile and the one-time set-password links
 * (docs/users.md). Built in English like every contract; the gateway renders messages in Arabic.
 */
const t = validationText('en');

export const STAFF_ROLES = ['ADMIN', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_STATUSES = ['active', 'inactive', 'invited'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_LOCALES = ['en', 'ar'] as const;

/**
 * A saved language or null (the browser's). OpenAPI 3.0's `nullable` does not add null to an
 * `enum`, so the document lists it, or a client (the fuzzer) takes null for invalid.
 */
const savedLocale = z
  .enum(STAFF_LOCALES)
  .nullable()
  .meta({ enum: [...STAFF_LOCALES, null] });

/** Text staff type: NUL dropped and lone surrogates replaced (PostgreSQL refuses both). */
const name = z
  .string()
  .overwrite(storableText)
  .trim()
  .min(1, { error: t('validation.required') })
  .max(TEXT_LIMITS.name)
  // Something visible: a name of spaces is no name (published as the pattern, so the fuzzer knows).
  .regex(/\S/, { error: t('validation.required') });

// The store's one e-mail rule (SPEC 5, the checkout's too), stored in lower case like sign-in reads it.
const email = emailField(t).toLowerCase();

/** One row of the grid: a module with view and edit. Edit implies view (`can`), stored as both. */
export const PermissionInput = z.object({
  module: z.enum(MENU_MODULES),
  canView: z.boolean(),
  canEdit: z.boolean().default(false),
});

const permissions = z.array(PermissionInput).max(MENU_MODULES.length * 2);

/**
 * The version the staff member saw: the row's last change, to the microsecond, as PostgreSQL
 * prints it in UTC (an opaque token to clients). A write based on an older one is refused.
 */
const version = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, { error: t('validation.id') });

export const StaffPermission = z.object({
  module: z.string(),
  canView: z.boolean(),
  canEdit: z.boolean().optional(),
});

export const StaffUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    permissions: z.array(StaffPermission),
    status: z.enum(STAFF_STATUSES),
    locale: savedLocale,
    createdAt: z.string(),
    /** The newest one-time link not used yet (invite or reset) and when it stops working. */
    pendingLink: z.object({ purpose: z.enum(['invite', 'reset']), expiresAt: z.string() }).nullable(),
    version,
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffUserQuery = z.object({
  /** Part of a name or an e-mail. */
  q: z.string().overwrite(storableText).trim().max(120).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const StaffUserList = z
  .object({ users: z.array(StaffUser), total: z.number().int() })
  .meta({ id: 'StaffUserList' });

export const StaffUserParams = z.object({ id: EntityId() });

export const InviteStaff = z
  .object({
    name,
    email,
    role: z.enum(STAFF_ROLES),
    permissions: permissions.default([]),
    /** The language of the invitation e-mail and, later, of the back office for them. */
    locale: z.enum(STAFF_LOCALES),
  })
  .meta({ id: 'InviteStaff' });
export type InviteStaff = z.infer<typeof InviteStaff>;

export const UpdateStaff = z
  .object({
    version,
    name: name.optional(),
    role: z.enum(STAFF_ROLES).optional(),
    permissions: permissions.optional(),
  })
  .meta({ id: 'UpdateStaff' });
export type UpdateStaff = z.infer<typeof UpdateStaff>;

export const StaffVersion = z.object({ version }).meta({ id: 'StaffVersion' });

/** Whether the link's e-mail left (a failed send keeps the link: "Resend" sends it again). */
export const StaffLinkSent = z
  .object({ user: StaffUser, mailSent: z.boolean() })
  .meta({ id: 'StaffLinkSent' });

export const StaffProfile = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    locale: savedLocale,
  })
  .meta({ id: 'StaffProfile' });
export type StaffProfile = z.infer<typeof StaffProfile>;

export const UpdateStaffProfile = z
  .object({ name: name.optional(), locale: savedLocale.optional() })
  .meta({ id: 'UpdateStaffProfile' });

const password = z
  .string()
  .min(1, { error: t('validation.required') })
  .max(PASSWORD_MAX_LENGTH * 4);

export const ChangePassword = z
  .object({ currentPassword: password, newPassword: password })
  .meta({ id: 'ChangePassword' });

/** 32 random bytes in base64url: 43 characters. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: t('validation.id') });

export const StaffLinkCheck = z.object({ token }).meta({ id: 'StaffLinkCheck' });
export const StaffLinkInfo = z
  .object({
    email: z.string(),
    name: z.string(),
    purpose: z.enum(['invite', 'reset']),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffLinkInfo' });
export const SetPassword = z.object({ token, password }).meta({ id: 'SetPassword' });

export const StaffDone = z.object({ success: z.literal(true) }).meta({ id: 'StaffDone' });
