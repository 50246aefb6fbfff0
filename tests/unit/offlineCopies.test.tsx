/**
 * What the offline screens read back from the phone (issue 17): the land report's offline copy for a field (its
 * report, its PDF, the kept field list; an older version's bare last report), and the one offline banner, which also
 * says how many writes wait in the outbox where no header pill says it (with the header, the pill alone says it).
 */
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, createMachine } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recallLandCopy } from '@/machines/landFields.machine';
import { OutboxContext, type OutboxActor } from '@/machines/outbox.context';
import type { FieldChoice } from '@/services/fields';
import { OfflineBanner } from '@/views/ui/OfflineBanner';
import { AppHeader } from '@/views/ui/AppHeader';
import { renderView } from '../support/render';
import { REPORT } from '../model/fixtures/landReport';

const store = vi.hoisted(() => new Map<string, { value: unknown; savedAt: string }>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  recallKept: async (what: string) => store.get(what) ?? null,
}));

const choice = (id: string): FieldChoice => ({ _id: id, fieldId: `FLD-${id}`, name: id, farmerId: 'farmer-1', lat: null, lng: null });
const FIELDS = [choice('a'), choice('b')];
const at = (h: number) => new Date(Date.UTC(2026, 10, 26, h)).toISOString();
const PDF = new Blob(['%PDF-1.4'], { type: 'application/pdf' });

describe('recallLandCopy', () => {
  beforeEach(() => store.clear());

  it('reads the field asked for: its report and its PDF, not the last report of another field', async () => {
    store.set('land.report', { value: { fieldId: 'a', report: { ...REPORT, location: 'A' } }, savedAt: at(9) });
    store.set('land.report.a', { value: { ...REPORT, location: 'A' }, savedAt: at(9) });
    store.set('land.report.b', { value: { ...REPORT, location: 'B' }, savedAt: at(7) });
    store.set('land.pdf.b', { value: PDF, savedAt: at(8) });
    const copy = await recallLandCopy({ fields: FIELDS, fieldId: 'b', known: true });
    expect(copy).toEqual({ fields: FIELDS, fieldId: 'b', report: { value: { ...REPORT, location: 'B' }, savedAt: at(7) }, pdf: { value: PDF, savedAt: at(8) } });
  });

  it('with no field known, the kept list and the last report with its field', async () => {
    store.set('land.fields', { value: FIELDS, savedAt: at(6) });
    store.set('land.report', { value: { fieldId: 'b', report: REPORT }, savedAt: at(9) });
    const copy = await recallLandCopy({ fields: [], fieldId: null, known: false });
    expect(copy).toEqual({ fields: FIELDS, fieldId: 'b', report: { value: REPORT, savedAt: at(9) }, pdf: null });
  });

  it('nothing for a field whose report was never made here, though another field has one', async () => {
    store.set('land.report', { value: { fieldId: 'a', report: REPORT }, savedAt: at(9) });
    store.set('land.report.a', { value: REPORT, savedAt: at(9) });
    expect(await recallLandCopy({ fields: FIELDS, fieldId: 'b', known: true })).toEqual({ fields: FIELDS, fieldId: 'b', report: null, pdf: null });
  });

  it("reads an older version's bare last report as the last one, with no field", async () => {
    store.set('land.report', { value: REPORT, savedAt: at(5) });
    expect(await recallLandCopy({ fields: [], fieldId: null, known: false })).toEqual({ fields: [], fieldId: null, report: { value: REPORT, savedAt: at(5) }, pdf: null });
  });
});

describe('the offline banner', () => {
  /** An outbox actor holding these items (the banner only reads them). */
  const outboxWith = (statuses: string[]) =>
    createActor(createMachine({ context: { items: statuses.map((status, i) => ({ id: `i${i}`, status })) } })).start() as unknown as OutboxActor;
  const renderBanner = (outbox: OutboxActor | null) =>
    render(
      <IntlProvider locale="en" messages={{}}>
        <OutboxContext.Provider value={outbox}>
          <OfflineBanner savedAt={null} />
        </OutboxContext.Provider>
      </IntlProvider>,
    );

  it("leaves the count to the header's pill on a screen with the header: the count is said once", async () => {
    const outbox = outboxWith(['queued', 'sending', 'refused']);
    renderView(
      <OutboxContext.Provider value={outbox}>
        <AppHeader />
        <OfflineBanner savedAt={null} />
      </OutboxContext.Provider>,
      { session: 'coordinator', intlLocale: 'en' },
    );
    expect(await screen.findByTestId('outbox-indicator')).toHaveTextContent('2 waiting to send · 1 not accepted');
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(/^Offline — nothing saved on this phone yet\.$/);
    expect(screen.queryByTestId('offline-waiting')).toBeNull();
    expect(screen.getAllByText(/waiting to send/)).toHaveLength(1);
  });

  // The header above is gone (unmounted after its test): a screen without it has the count in its banner.
  it('says how many writes wait to be sent, in the same banner, on a screen with no header pill (refused ones are not waiting)', () => {
    renderBanner(outboxWith(['queued', 'sending', 'refused']));
    expect(screen.getAllByTestId('offline-banner')).toHaveLength(1);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Offline — nothing saved on this phone yet.2 waiting to send');
  });

  it('says nothing of the outbox when nothing waits, or when there is no outbox', () => {
    renderBanner(outboxWith(['refused']));
    expect(screen.queryByTestId('offline-waiting')).toBeNull();
    renderBanner(null);
    expect(screen.queryByTestId('offline-waiting')).toBeNull();
  });
});
