/** The Edit Farmer / Edit Coordinator dialog's draft and its rules (spec section 5). */
import { HttpError } from '@/services/http';
import type { PersonEdit } from '@/services/people';
import { EMAIL_SHAPE, PHONE_SHAPE } from '../../contracts/contactRules';

/** A failed call as the views see it (they may not import services). */
export type CallFailure = HttpError;

/** A failed call as a CallFailure, or null when it was not an HTTP failure. */
export const asHttp = (e: unknown): CallFailure | null => (e instanceof HttpError ? e : null);

export type PersonDraft = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  status: 'Active' | 'Inactive';
  /** The status when the dialog opened: saving Active → Inactive deactivates, and asks first. */
  initialStatus: 'Active' | 'Inactive';
};

/** Saving this draft would deactivate the person (ends their sessions): the dialog asks as the Deactivate button does. */
export const draftDeactivates = (d: PersonDraft) => d.initialStatus === 'Active' && d.status === 'Inactive';
export type PersonDraftProblem = 'required' | 'email' | 'phone';

export function personDraftProblem(d: PersonDraft): PersonDraftProblem | null {
  if (![d.name, d.email, d.phoneNumber].every((v) => v.trim())) return 'required';
  if (!EMAIL_SHAPE.test(d.email.trim())) return 'email';
  if (!PHONE_SHAPE.test(d.phoneNumber.trim())) return 'phone';
  return null;
}

export const toPersonEdit = (d: PersonDraft): PersonEdit => ({
  name: d.name.trim(),
  email: d.email.trim().toLowerCase(),
  phoneNumber: d.phoneNumber.trim(),
  status: d.status,
});

export const draftFrom = (p: { _id: string; name: string; email: string; phoneNumber: string | null; status: 'Active' | 'Inactive' | null }): PersonDraft => ({
  id: p._id,
  name: p.name,
  email: p.email,
  phoneNumber: p.phoneNumber ?? '',
  status: p.status ?? 'Active',
  initialStatus: p.status ?? 'Active',
});
