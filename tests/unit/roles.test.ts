import { describe, expect, it } from 'vitest';
import { creatableRoles, isAdmin, isStaff } from '@/machines/roles';
import { isMobileUserAgent } from '@/views/ui/device';

describe('roles', () => {
  it('counts superadmin as admin and admits admins and coordinators to staff routes', () => {
    expect(['superadmin', 'admin', 'coordinator', 'farmer', undefined].map((r) => [isAdmin(r as never), isStaff(r as never)])).toEqual([
      [true, true],
      [true, true],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });

  it('lets each role open the add-user screens of spec section 6', () => {
    expect(creatableRoles('superadmin')).toEqual(['admin', 'coordinator', 'farmer']);
    expect(creatableRoles('admin')).toEqual(['coordinator', 'farmer']);
    expect(creatableRoles('coordinator')).toEqual(['farmer']);
    expect(creatableRoles('farmer')).toEqual([]);
  });
});

describe('mobile user agents', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', true],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', true],
    ['Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', false],
  ])('%s → %s', (ua, mobile) => {
    expect(isMobileUserAgent(ua)).toBe(mobile);
  });
});
