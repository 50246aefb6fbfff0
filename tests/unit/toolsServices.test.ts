/**
 * The tools' service functions against a real HTTP server: paths and payloads. The multipart photo upload
 * is covered in chromium (tests/e2e/tools.e2e.ts): jsdom's FormData is not one Node's fetch can send.
 */
import { describe, expect, it } from 'vitest';
import { askChatbot } from '@/services/chatbot';
import { registerNdviField } from '@/services/land';
import { startApiServer, type ApiServer } from '../support/apiServer';

let api: ApiServer | undefined;

describe('tools services', () => {
  it('sends the chat message as JSON and registers NDVI with radius 500 and name My Farm', async () => {
    api = await startApiServer(() => ({ status: 200, body: { reply: 'ok', fieldId: 'f1' } }));
    await askChatbot('नमस्कार');
    await registerNdviField(18.5, 73.8);
    expect(api.calls('/chatbot')[0]).toMatchObject({ contentType: 'application/json', body: { message: 'नमस्कार' } });
    expect(api.calls('/ndvi/register-field')[0].body).toEqual({ lat: 18.5, lon: 73.8, radius: 500, name: 'My Farm' });
  });
});
