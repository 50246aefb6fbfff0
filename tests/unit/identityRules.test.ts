import { describe, expect, it } from 'vitest';
import { identityChanged, profileProblems } from '@/machines/accountRules';

describe('changing the sign-in identity in the profile form', () => {
  const stored = { email: 'ramesh@example.in', phoneNumber: '9822012345' };
  const draft = { name: 'Ramesh', email: 'ramesh@example.in', phoneNumber: '9822012345', pincode: '', currentPassword: '' };
  it('asks for the current password only when the e-mail or phone changes', () => {
    expect(identityChanged(draft, stored)).toBe(false);
    expect(identityChanged({ ...draft, email: 'RAMESH@example.in' }, stored)).toBe(false);
    expect(profileProblems(draft, stored)).toEqual({});
    expect(profileProblems({ ...draft, email: 'new@example.in' }, stored)).toEqual({ currentPassword: 'currentRequired' });
    expect(profileProblems({ ...draft, phoneNumber: '' }, stored)).toEqual({ currentPassword: 'currentRequired' });
    expect(profileProblems({ ...draft, phoneNumber: '', currentPassword: 'x' }, stored)).toEqual({});
  });
});
