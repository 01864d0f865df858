import { z } from 'zod';

export const MENU_MODULES = [
  'products',
  'categories',
  'variation',
  'orders',
  'leads',
  'customers',
  'contacts',
  'subscribers',
  'reviews',
  'brevo',
  'payments',
  'users',
  'promotions',
  'shipping',
  'content',
  'tracking',
  'logs',
  'settings',
] as const;
export type MenuModule = (typeof MENU_MODULES)[number];

export const Permission = z.object({ module: z.string(), canView: z.boolean() }).meta({ id: 'Permission' });
export type Permission = z.infer<typeof Permission>;

/** SPEC 3 "Session user", plus display fields. */
export const SessionUser = z
  .object({
    id: z.string(),
    role: z.string(),
    permissions: z.array(Permission),
    email: z.string(),
    name: z.string(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

/** SPEC 7 GET /api/auth/session: `user` is null when signed out. */
export const SessionResponse = z.object({ user: SessionUser.nullable() }).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LoginRequest = z
  .object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1) })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** SPEC 7 GET /api/users/{id}. */
export const UserIdParams = z.object({ id: z.string().min(1) });

/** SPEC 7: for non-admins, the full user with permissions. */
export const UserResponse = SessionUser.extend({
  isActive: z.boolean().optional(),
  createdAt: z.string().optional(),
}).meta({ id: 'UserResponse' });
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * Every error answer. `error` is the text in the shopper's language (SPEC 7 reads `error`);
 * `code` is a stable message code of `MESSAGES` where there is one; `fields` holds a form's
 * per-field messages after a validation failure.
 */
export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
