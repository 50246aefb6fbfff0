/** The demo farmer's recent sign-ins (one failed) from a phone and a desktop. */
import { loginHistory } from '../../db/schema';
import { DAY, type DemoWorld, type UserRow } from './world';

export async function writeLoginHistory({ db, end }: DemoWorld, demoFarmer: UserRow) {
  await db.insert(loginHistory).values(
    [
      { d: 9, status: 'success' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 6, status: 'failed' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 6, status: 'success' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 2, status: 'success' as const, ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/129.0 Safari/537.36', device: 'desktop' },
    ].map((e, i) => ({
      userId: demoFarmer.id!,
      email: demoFarmer.email,
      status: e.status,
      reason: e.status === 'failed' ? 'bad_password' : null,
      ipAddress: `106.210.${40 + i}.${10 + i * 7}`,
      userAgent: e.ua,
      deviceType: e.device,
      location: 'Shirur, Maharashtra',
      createdAt: new Date(end - e.d * DAY + i * 3_600_000),
    })),
  );
}
