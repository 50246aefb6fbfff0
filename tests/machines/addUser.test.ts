/**
 * Add admin / coordinator / farmer in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/staff/addUser.model.test.tsx check the view against the machine's
 * own snapshots): the empty form each role starts with, what the form's rules take, the body sent, and a second
 * submit after a refusal.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addUserMachine, draftProblem, needsCoordinator, toNewUser, type UserDraft } from '@/machines/addUser.machine';
import { HttpError } from '@/services/http';

const EMPTY = { name: '', email: '', phoneNumber: '', password: '', address: '', village: '', district: '', state: '', pincode: '', coordinatorId: '' };
const FILLED: UserDraft = { ...EMPTY, name: 'Asha Patil', email: 'asha@example.in', phoneNumber: '9822012345', password: 'Secret123', preferredLanguage: 'marathi' };
const BY_COORDINATOR = { role: 'farmer', actorRole: 'coordinator' } as const;

describe('add user: the form', () => {
  it('starts empty, a farmer in Marathi and staff in English', () => {
    const draft = (role: 'farmer' | 'coordinator' | 'admin') => createActor(addUserMachine, { input: { role, actorRole: 'coordinator' } }).start().getSnapshot().context.draft;
    expect(draft('farmer')).toEqual({ ...EMPTY, preferredLanguage: 'marathi' });
    expect(draft('coordinator')).toEqual({ ...EMPTY, preferredLanguage: 'english' });
    expect(draft('admin')).toEqual({ ...EMPTY, preferredLanguage: 'english' });
  });

  it('asks an admin or a superadmin adding a farmer for the coordinator, and no one else', () => {
    expect(needsCoordinator({ role: 'farmer', actorRole: 'admin' })).toBe(true);
    expect(needsCoordinator({ role: 'farmer', actorRole: 'superadmin' })).toBe(true);
    expect(needsCoordinator({ role: 'farmer', actorRole: 'coordinator' })).toBe(false);
    expect(needsCoordinator({ role: 'coordinator', actorRole: 'superadmin' })).toBe(false);
  });

  it('takes values with spaces around them, and says what is wrong first', () => {
    expect(draftProblem({ ...FILLED, email: ' asha@example.in ', phoneNumber: ' 9822012345 ', pincode: ' 412210 ' }, BY_COORDINATOR)).toBeNull();
    expect(draftProblem({ ...FILLED, name: '   ' }, BY_COORDINATOR)).toEqual({ kind: 'required' });
    expect(draftProblem({ ...FILLED, email: 'asha@' }, BY_COORDINATOR)).toEqual({ kind: 'email' });
    expect(draftProblem({ ...FILLED, phoneNumber: '98220' }, BY_COORDINATOR)).toEqual({ kind: 'phone' });
    expect(draftProblem({ ...FILLED, pincode: '41221' }, BY_COORDINATOR)).toEqual({ kind: 'pincode' });
    expect(draftProblem({ ...FILLED, pincode: '' }, BY_COORDINATOR)).toBeNull();
    expect(draftProblem({ ...FILLED, pincode: '   ' }, BY_COORDINATOR)).toBeNull();
    expect(draftProblem(FILLED, { role: 'farmer', actorRole: 'admin' })).toEqual({ kind: 'coordinator' });
    expect(draftProblem({ ...FILLED, coordinatorId: 'c1' }, { role: 'farmer', actorRole: 'admin' })).toBeNull();
  });

  it('sends the values trimmed, the e-mail in lower case, no empty optional field, and the coordinator only when asked for', () => {
    const draft: UserDraft = { ...FILLED, name: ' Asha Patil ', email: ' Asha@Example.IN ', village: '  ', district: ' Pune ', coordinatorId: 'c1' };
    expect(toNewUser(draft, BY_COORDINATOR)).toEqual({
      role: 'farmer',
      name: 'Asha Patil',
      email: 'asha@example.in',
      phoneNumber: '9822012345',
      password: 'Secret123',
      preferredLanguage: 'marathi',
      district: 'Pune',
    });
    expect(toNewUser(draft, { role: 'farmer', actorRole: 'admin' })).toMatchObject({ managedBy: 'c1' });
  });
});

describe('add user: submitting', () => {
  it('a second submit after a refusal goes without the refusal shown', async () => {
    const sent: unknown[] = [];
    let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
    const actor = createActor(
      addUserMachine.provide({
        actors: { register: fromPromise(({ input }) => (sent.push(input), new Promise((resolve, reject) => (answer = { resolve, reject })))) as never },
      }),
      { input: BY_COORDINATOR },
    ).start();
    for (const [key, value] of Object.entries(FILLED)) if (key !== 'preferredLanguage') actor.send({ type: 'form.change', key: key as keyof UserDraft, value });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    const refusal = new HttpError(409, 'conflict');
    answer!.reject(refusal);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'failed', error: refusal });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(sent).toHaveLength(2);
  });
});
