/**
 * The Edit Farmer / Edit Coordinator draft's rules (src/machines/personEdit.ts, spec section 5), shared by the people
 * tables, the coordinator's farmers and the farmer details: what makes a draft unsendable, what is sent, where a draft
 * starts, when saving deactivates, and which failures the views read as HTTP failures.
 */
import { describe, expect, it } from 'vitest';
import { asHttp, draftDeactivates, draftFrom, personDraftProblem, toPersonEdit, type PersonDraft } from '@/machines/personEdit';
import { HttpError } from '@/services/http';

const DRAFT: PersonDraft = { id: 'p-1', name: 'Meena Jadhav', email: 'meena@example.in', phoneNumber: '9876543210', status: 'Active', initialStatus: 'Active' };

describe('personDraftProblem', () => {
  it('accepts a complete draft, spaces around the values included', () => {
    expect(personDraftProblem(DRAFT)).toBeNull();
    expect(personDraftProblem({ ...DRAFT, name: ' Meena ', email: ' meena@example.in ', phoneNumber: ' 9876543210 ' })).toBeNull();
  });

  it('asks for every field first (blank counts as empty)', () => {
    for (const key of ['name', 'email', 'phoneNumber'] as const) {
      expect(personDraftProblem({ ...DRAFT, [key]: '' })).toBe('required');
      expect(personDraftProblem({ ...DRAFT, [key]: '   ', email: key === 'email' ? '   ' : 'not an address' })).toBe('required');
    }
  });

  it('then the e-mail shape, then the phone shape', () => {
    expect(personDraftProblem({ ...DRAFT, email: 'meena@example', phoneNumber: '12' })).toBe('email');
    expect(personDraftProblem({ ...DRAFT, phoneNumber: '98765 43210' })).toBe('phone');
    expect(personDraftProblem({ ...DRAFT, phoneNumber: '987654321' })).toBe('phone');
  });
});

describe('toPersonEdit', () => {
  it('sends the values trimmed, the e-mail in lower case, and the status chosen', () => {
    expect(toPersonEdit({ ...DRAFT, name: ' Meena Jadhav ', email: ' Meena@Example.IN ', phoneNumber: ' 9876543210 ', status: 'Inactive' })).toEqual({
      name: 'Meena Jadhav',
      email: 'meena@example.in',
      phoneNumber: '9876543210',
      status: 'Inactive',
    });
  });
});

describe('draftFrom', () => {
  it('starts from the person as loaded; no phone is an empty field, no status is Active', () => {
    expect(draftFrom({ _id: 'p-1', name: 'Meena Jadhav', email: 'meena@example.in', phoneNumber: '9876543210', status: 'Inactive' })).toEqual({ ...DRAFT, status: 'Inactive', initialStatus: 'Inactive' });
    expect(draftFrom({ _id: 'p-1', name: 'Meena Jadhav', email: 'meena@example.in', phoneNumber: null, status: null })).toEqual({ ...DRAFT, phoneNumber: '' });
  });
});

describe('draftDeactivates', () => {
  it('only Active → Inactive deactivates', () => {
    expect(draftDeactivates({ ...DRAFT, status: 'Inactive' })).toBe(true);
    expect(draftDeactivates(DRAFT)).toBe(false);
    expect(draftDeactivates({ ...DRAFT, initialStatus: 'Inactive', status: 'Inactive' })).toBe(false);
    expect(draftDeactivates({ ...DRAFT, initialStatus: 'Inactive', status: 'Active' })).toBe(false);
  });
});

describe('asHttp', () => {
  it('is the failure itself when it is an HTTP failure, else null', () => {
    const refused = new HttpError(409, 'conflict');
    expect(asHttp(refused)).toBe(refused);
    expect(asHttp(new Error('boom'))).toBeNull();
    expect(asHttp(undefined)).toBeNull();
  });
});
