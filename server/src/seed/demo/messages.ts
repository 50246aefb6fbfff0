/** One advisory message from each coordinator to their farmers, read by about two in three. */
import { messageRecipients, messages } from '../../db/schema';
import type { DemoPeople } from './users';
import { DAY, type DemoWorld } from './world';

export async function writeMessages({ db, rng, end }: DemoWorld, { coordinators, farmers }: DemoPeople) {
  const messageRows = coordinators.map((c, i) => ({
    id: rng.uuid(),
    senderId: c.id,
    subject: i === 0 ? 'कांदा पिकासाठी फवारणी सल्ला' : 'कापूस गुलाबी बोंडअळी सावधानता',
    body:
      i === 0
        ? 'ढगाळ हवामानामुळे करपा रोगाचा धोका आहे. शिफारशीनुसार फवारणी करा आणि शेतात पाणी साचू देऊ नका.'
        : 'कामगंध सापळे लावा आणि प्रादुर्भाव दिसल्यास त्वरित कळवा.',
    createdAt: new Date(end - (3 + i) * DAY),
  }));
  await db.insert(messages).values(messageRows);
  await db.insert(messageRecipients).values(
    messageRows.flatMap((m, i) =>
      farmers.filter((f) => f.managedBy === coordinators[i].id).map((f, k) => ({
        messageId: m.id,
        farmerId: f.id!,
        readAt: k % 3 === 0 ? null : new Date(m.createdAt.getTime() + 6 * 3_600_000),
        smsStatus: 'sent',
      })),
    ),
  );
}
