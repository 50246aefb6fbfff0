/**
 * The leaf-photo upload's XMLHttpRequest honours the one client's contract (services/http.ts): bearer token, one shared
 * refresh and one retry on a 401, HttpError with the server's body, and progress reported. jsdom's XHR would need a
 * server at its origin, so a minimal stand-in records what is sent; the real request runs in tests/e2e/diseasePhotos.e2e.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectDisease, DISEASE_UPLOAD_TIMEOUT_MS } from '@/services/disease';
import { HttpError, setAuthBridge } from '@/services/http';

type Reply = { status: number; body?: unknown } | 'timeout';
const sent: { url: string; headers: Record<string, string>; timeout: number }[] = [];
let replies: Reply[] = [];

class StandInXhr {
  status = 0;
  responseText = '';
  timeout = 0;
  upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  ontimeout: null | (() => void) = null;
  onabort: null | (() => void) = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    sent.push({ url: this.url, headers: this.headers, timeout: this.timeout });
    const reply = replies.shift()!;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      if (reply === 'timeout') return this.ontimeout?.();
      this.status = reply.status;
      this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

const photo = new File([new Uint8Array(100)], 'leaf.jpg', { type: 'image/jpeg' });

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('detectDisease (XMLHttpRequest upload)', () => {
  it('sends the bearer token, refreshes once on a 401 and retries with the new token, reporting progress', async () => {
    vi.stubGlobal('XMLHttpRequest', StandInXhr);
    const refresh = vi.fn(async () => 'new-token');
    setAuthBridge({ getAccessToken: () => 'old-token', refresh });
    replies = [{ status: 401, body: { statusCode: 401, code: 'TOKEN_EXPIRED', error: 'expired' } }, { status: 200, body: { diseaseId: 'rust' } }];
    const progress: number[] = [];
    const result = await detectDisease(photo, 'marathi', 'soybean', { onProgress: (p) => progress.push(p.sent) });
    expect(result).toEqual({ diseaseId: 'rust' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(sent[0].url).toBe('/api/v1/disease/detect?lang=marathi&crop=soybean');
    expect(sent[0].timeout).toBe(DISEASE_UPLOAD_TIMEOUT_MS);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('turns a refusal into an HttpError carrying the server body, and a timeout into a timeout failure', async () => {
    vi.stubGlobal('XMLHttpRequest', StandInXhr);
    setAuthBridge({ getAccessToken: () => 't', refresh: async () => null });
    const body = { statusCode: 400, code: 'IMAGE_TYPE', error: 'no', message: { english: 'no', marathi: 'नाही', hindi: 'नहीं' } };
    replies = [{ status: 400, body }];
    const refused = await detectDisease(photo, 'english', '').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).serverMessage('marathi')).toBe('नाही');
    expect(sent[0].url).toBe('/api/v1/disease/detect?lang=english');
    replies = ['timeout'];
    const timedOut = await detectDisease(photo, 'english', '').catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(HttpError);
    expect((timedOut as HttpError).status).toBe(0);
    expect((timedOut as HttpError).reason).toBe('timeout');
  });
});
