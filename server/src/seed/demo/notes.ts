/** One or two visit notes per field (in Marathi), by the coordinator who added it. */
import { fieldNotes } from '../../db/schema';
import { DAY, type DemoWorld, type FieldRow } from './world';

const NOTES = [
  'ठिबक सिंचनाची नळी तपासली, दोन ठिकाणची गळती दुरुस्त केली.',
  'पानांवर मावा किडीचा थोडा प्रादुर्भाव दिसला; निंबोळी अर्क फवारणीचा सल्ला दिला.',
  'माती परीक्षणासाठी नमुना घेतला.',
  'पिकाची वाढ चांगली आहे; पुढील आठवड्यात खताचा दुसरा हप्ता द्यावा.',
  'पाण्याचा ताण टाळण्यासाठी सकाळी लवकर पाणी देण्याचा सल्ला दिला.',
];

export async function writeFieldNotes({ db, rng, end }: DemoWorld, fields: FieldRow[]) {
  await db.insert(fieldNotes).values(
    fields.flatMap((f, i) =>
      Array.from({ length: 1 + (i % 2) }, (_, k) => ({
        fieldId: f.id!,
        authorId: f.createdBy,
        content: NOTES[(i + k * 2) % NOTES.length],
        createdAt: new Date(end - rng.int(1, 25) * DAY),
      })),
    ),
  );
}
