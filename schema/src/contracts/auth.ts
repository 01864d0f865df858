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

/**
 * SPEC 6 shows only `canView`; a store needs editing too (docs/admin.md): `canEdit`
 * (absent means false) allows writes and implies viewing.
 */
export const Permission = z
  .object({ module: z.string(), canView: z.boolean(), canEdit: z.boolean().optional() })
  .meta({ id: 'Permission' });
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

/** One problem with a request: where (`/body/customerInfo/email`) and what, in the shopper's language. */
export const ErrorIssue = z.object({ path: z.string(), message: z.string() }).meta({ id: 'ErrorIssue' });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/**
 * Every error answer of the gateway, from every route, rate limit and 404 alike. `error` is the
 * text in the shopper's language (SPEC 7 reads `error`); `code` is stable for programs;
 * `issues` lists what failed validation; `requestId` is the id in our logs. `success: false` is
 * on every error, not only on the SPEC 7 answers that have a `success` field (orders, pay later):
 * one shape for all, and the storefront reads `success` before `error`.
 */
export const ErrorBody = z
  .object({
    success: z.literal(false),
    error: z.string(),
    code: z.string(),
    issues: z.array(ErrorIssue).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
