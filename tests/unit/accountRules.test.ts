/**
 * The account forms' rules (spec section 5) one by one, with the answers written out: the profile form (name, e-mail,
 * phone, PIN code, and the current password when the sign-in identity changes) and the password forms (change and
 * reset). The model tests drive them through the screens; these name each edge a screen reaches only by chance.
 */
import { describe, expect, it } from 'vitest';
import { emailProblem, hasProblems, identityChanged, passwordProblems, profileProblems, TWO_FACTOR_CODE_LENGTH } from '@/machines/accountRules';

const stored = { email: 'Asha.Patil@example.in', phoneNumber: '9822012345' };
const profile = { name: 'Asha Patil', email: 'asha.patil@example.in', phoneNumber: '9822012345', pincode: '413512', currentPassword: '' };
const passwords = { currentPassword: 'Old-pass1', newPassword: 'Newpass12', confirmPassword: 'Newpass12' };

describe('an e-mail address', () => {
  it('is required: empty or only spaces', () => {
    expect(emailProblem('')).toBe('emailRequired');
    expect(emailProblem('   ')).toBe('emailRequired');
  });

  it('must look like one, spaces around it aside', () => {
    expect(emailProblem('asha@example.in')).toBeNull();
    expect(emailProblem('  asha@example.in  ')).toBeNull();
    expect(emailProblem('asha@example')).toBe('emailInvalid');
    expect(emailProblem('asha example.in')).toBe('emailInvalid');
  });
});

describe('the sign-in identity', () => {
  it('has not changed when nothing is stored yet (the profile is still loading)', () => {
    expect(identityChanged({ ...profile, email: 'other@example.in' }, null)).toBe(false);
  });

  it('is the e-mail in any case, and the phone number, each without the spaces around it', () => {
    expect(identityChanged(profile, stored)).toBe(false);
    expect(identityChanged({ ...profile, email: ' ASHA.PATIL@EXAMPLE.IN ' }, stored)).toBe(false);
    expect(identityChanged({ ...profile, phoneNumber: ' 9822012345 ' }, stored)).toBe(false);
    expect(identityChanged({ ...profile, email: 'asha@example.in' }, stored)).toBe(true);
    expect(identityChanged({ ...profile, phoneNumber: '9822012346' }, stored)).toBe(true);
  });

  it('counts no stored phone as an empty one', () => {
    const noPhone = { email: stored.email, phoneNumber: null };
    expect(identityChanged({ ...profile, phoneNumber: '' }, noPhone)).toBe(false);
    expect(identityChanged({ ...profile, phoneNumber: '  ' }, noPhone)).toBe(false);
    expect(identityChanged({ ...profile, phoneNumber: '9822012345' }, noPhone)).toBe(true);
  });
});

describe('the profile form', () => {
  it('has no problem when filled in properly, and phone and PIN code may be left empty', () => {
    expect(profileProblems(profile)).toEqual({});
    expect(profileProblems({ ...profile, phoneNumber: '', pincode: '' })).toEqual({});
    expect(profileProblems({ ...profile, phoneNumber: '  ', pincode: '  ' })).toEqual({});
    expect(profileProblems({ ...profile, phoneNumber: ' 9822012345 ', pincode: ' 413512 ' })).toEqual({});
  });

  it('names each field that is wrong, all at once', () => {
    expect(profileProblems({ name: '  ', email: 'asha@', phoneNumber: '98220', pincode: '4135' })).toEqual({
      name: 'nameRequired',
      email: 'emailInvalid',
      phoneNumber: 'phoneInvalid',
      pincode: 'pincodeInvalid',
    });
    expect(profileProblems({ ...profile, email: '' })).toEqual({ email: 'emailRequired' });
  });

  it('asks for the current password only when the identity changes and none is given', () => {
    expect(profileProblems(profile, stored)).toEqual({});
    expect(profileProblems({ ...profile, email: 'asha@example.in' }, stored)).toEqual({ currentPassword: 'currentRequired' });
    expect(profileProblems({ ...profile, email: 'asha@example.in', currentPassword: 'Old-pass1' }, stored)).toEqual({});
    expect(profileProblems({ ...profile, email: 'asha@example.in' })).toEqual({});
  });
});

describe('the password forms', () => {
  it('have no problem when the new password is long enough, mixed, and typed twice', () => {
    expect(passwordProblems(passwords, true)).toEqual({});
    expect(passwordProblems({ ...passwords, currentPassword: '' }, false)).toEqual({});
  });

  it('need the current password only where the form asks for it', () => {
    expect(passwordProblems({ ...passwords, currentPassword: '' }, true)).toEqual({ currentPassword: 'currentRequired' });
  });

  it('name the first rule the new password breaks: missing, shorter than 8, then without a lower, upper case letter and digit', () => {
    const only = (newPassword: string) => passwordProblems({ ...passwords, newPassword, confirmPassword: newPassword }, true);
    expect(passwordProblems({ ...passwords, newPassword: '', confirmPassword: '' }, true)).toEqual({ newPassword: 'newRequired', confirmPassword: 'confirmRequired' });
    expect(only('Ab1')).toEqual({ newPassword: 'tooShort' });
    expect(only('Abcdef1')).toEqual({ newPassword: 'tooShort' });
    expect(only('Abcdefg1')).toEqual({});
    expect(only('abcdefg1')).toEqual({ newPassword: 'needsMix' });
    expect(only('ABCDEFG1')).toEqual({ newPassword: 'needsMix' });
    expect(only('Abcdefgh')).toEqual({ newPassword: 'needsMix' });
  });

  it('want the confirmation, and the same password in it', () => {
    expect(passwordProblems({ ...passwords, confirmPassword: '' }, true)).toEqual({ confirmPassword: 'confirmRequired' });
    expect(passwordProblems({ ...passwords, confirmPassword: 'Newpass13' }, true)).toEqual({ confirmPassword: 'mismatch' });
  });
});

describe('the rest', () => {
  it('a form has problems when any field is named', () => {
    expect(hasProblems({})).toBe(false);
    expect(hasProblems({ name: 'nameRequired' })).toBe(true);
  });

  it('a two-factor code has six digits', () => {
    expect(TWO_FACTOR_CODE_LENGTH).toBe(6);
  });
});
