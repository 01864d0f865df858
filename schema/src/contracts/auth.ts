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

export const ErrorBody = z.object({ error: z.string(), code: z.string().optional() }).meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
