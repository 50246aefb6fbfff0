/**
 * Field monitoring for a farmer, end to end in Marathi: the farmer sees exactly their own fields (another farmer's
 * field is a 404 from the server), cannot add one, and opens Field Details with its timeline.
 * Screenshots: test-results/screenshots/fields-*.png.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, catalog, loginAs, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp();

describe('field monitoring', () => {
  it('a farmer monitors their own fields and opens Field Details with the timeline', async () => {
    const farmer = await e2e.tokenOf(DEMO.farmer);
    const mine = await e2e.api<{ fields: { _id: string }[] }>('/fields/overview', farmer);
    expect(mine.status).toBe(200);
    expect(mine.body.fields.length).toBeGreaterThan(0);
    // Someone else's field, through the coordinator2's list: a 404 for the farmer.
    const others = await e2e.api<{ fields: { _id: string }[] }>('/coordinator/field-overview?limit=1', await e2e.tokenOf(DEMO.coordinator2));
    expect(others.body.fields.length).toBe(1);
    expect((await e2e.api(`/fields/${others.body.fields[0]._id}`, farmer)).status).toBe(404);

    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/fields`);
    await page.locator('.card-grid article').first().waitFor();
    expect(await page.locator('.card-grid article').count()).toBe(mine.body.fields.length);
    expect(await page.getByText(mr['fields.loadFailed'] ?? '__none__').count()).toBe(0);
    expect(await page.getByRole('button', { name: mr['fields.addField'] }).count()).toBe(0);
    await shot(page, 'fields-farmer-fields');
    await page.locator('.card-grid article button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('svg').first().waitFor({ timeout: 15_000 });
    await shot(page, 'fields-farmer-field-details');
    await page.close();
  });

  it('a farmer downloads a field\'s readings as CSV from Field Details on a phone', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 915 }, acceptDownloads: true });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/fields`);
    await page.locator('.card-grid article button').first().click();
    const section = page.getByRole('region', { name: mr['fields.export.title'] });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: mr['fields.export.start'] }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^FLD.*-readings-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    await section.getByText(mr['fields.export.done']).waitFor();
    await shot(page, 'fields-farmer-export-412');
    await page.close();
  });
});
