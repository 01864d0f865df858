import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/render';
import type { StaffLinkEmailData } from '../src/types';

/* The back office's invitation and reset e-mails (docs/users.md), in both languages. */
const link: StaffLinkEmailData = {
  purpose: 'invite',
  name: 'Khalid',
  email: 'khalid@example.ae',
  invitedBy: 'Store Admin',
  url: 'http://127.0.0.1:3001/backend/login/set-password#token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  expiresAt: '2026-11-25T18:00:00Z',
};

describe('the staff link e-mail', () => {
  it('invites in English with the link, the account and the expiry in Dubai time', async () => {
    const r = await renderEmail({ kind: 'staff-link', link }, 'en');
    expect(r.subject).toBe('You are invited to the qahwa back office');
    expect(r.html).toContain(`href="${link.url}"`);
    expect(r.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(r.text).toContain('Store Admin has given you an account');
    expect(r.text).toContain('khalid@example.ae');
    expect(r.text).toContain('until 25 November 2026 at 22:00');
    expect(r.text).toContain(link.url);
  });

  it('resets in Arabic, right to left, the Latin address and link kept left to right', async () => {
    const r = await renderEmail(
      { kind: 'staff-link', link: { ...link, purpose: 'reset', name: 'خالد' } },
      'ar',
    );
    expect(r.subject).toBe('تعيين كلمة مرور جديدة للوحة إدارة قهوة');
    expect(r.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(r.html).not.toMatch(/text-align:left/);
    expect(r.html).toContain('<span dir="ltr">khalid@example.ae</span>');
    expect(r.text).toContain('مرحبًا خالد،');
    expect(r.text).toContain('سجّل خروجك من كل الأجهزة');
  });
});
