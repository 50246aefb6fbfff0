/**
 * Slow networks (issue 17): a call with no answer in its time limit fails as reason 'timeout' (not a
 * generic network error, and never a wait without end), which every screen's message rule turns into the
 * translated 'taking too long' sentence beside its retry. Against a real HTTP server that answers late.
 */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { http, HttpError } from '@/services/http';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { startApiServer } from '../support/apiServer';
import { CATALOGS } from '../support/catalogs';


describe('request time limits', () => {
  it('ends a call that gets no answer in time as a timeout, told in the reader\'s language', async () => {
    await startApiServer(() => ({ status: 200, body: { ok: true }, delayMs: 1500 }));
    const started = Date.now();
    const error = await http.get('/slow', { timeoutMs: 200, anonymous: true }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, reason: 'timeout' });
    const mr = createIntl({ locale: 'mr-IN', messages: CATALOGS.mr });
    // Even where the screen has a message of its own, a timeout says what happened.
    expect(httpErrorMessage(mr, error, { id: 'home.fieldsFailed' })).toBe(CATALOGS.mr['http.timeout']);
  });

  it('answers in time are unaffected, and a call the screen cancels is not a timeout', async () => {
    await startApiServer(() => ({ status: 200, body: { ok: true }, delayMs: 100 }));
    await expect(http.get('/quick', { timeoutMs: 2000, anonymous: true })).resolves.toEqual({ ok: true });
    const cancel = new AbortController();
    const pending = http.get('/quick', { timeoutMs: 2000, anonymous: true, signal: cancel.signal }).catch((e: unknown) => e);
    cancel.abort();
    expect(await pending).toMatchObject({ status: 0, reason: 'network' });
  });
});
