/**
 * The recommendation lifecycle (spec section 4): pending → approved or rejected; implemented from any
 * status except rejected. Re-applying the current status is not a move and is refused too.
 */
export type Status = 'pending' | 'approved' | 'rejected' | 'implemented';

export function canMove(from: Status, to: Status): boolean {
  if (to === 'approved' || to === 'rejected') return from === 'pending';
  if (to === 'implemented') return from !== 'rejected' && from !== 'implemented';
  return false;
}
