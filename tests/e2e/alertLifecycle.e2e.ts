/**
 * The alarm lifecycle end to end (issue 16): a reading below the line, published over MQTT, raises an alert; the
 * coordinator opens it, acknowledges it with a comment (status and timeline in the details, in Marathi); the
 * farmer's home shows it active, then cleared — live — when the moisture recovers.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, catalog, loginAs, moistureField, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp({ devices: true });
const api = <T,>(path: string, token: string) => e2e.get<T>(path, token);


describe('alarm lifecycle', () => {
  it('raised by a low reading, acknowledged with a comment by the coordinator, seen cleared by the farmer when moisture recovers', async () => {
    const { farmerToken, moisture, activeOnField, recover } = await moistureField(e2e);
    const coordinatorToken = await e2e.tokenOf(DEMO.coordinator);

    // Start from a recovered field (an alert the demo world left open clears first), then go dry.
    await recover();
    await e2e.devices.publish(moisture, 8);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeTruthy();
    const alert = (await activeOnField())!;
    expect(alert.status).toBe('active_unack');
    // The farmer's coordinator reaches it.
    expect((await e2e.api(`/alerts/${alert.id}`, coordinatorToken)).status).toBe(200);

    // The farmer's home lists it as active.
    const farmer = await e2e.browser.newPage({ viewport: { width: 1100, height: 1000 } });
    await loginAs(farmer, e2e.app, DEMO.farmer);
    const farmerCard = farmer.locator(`.farmer-alerts [data-alert-id="${alert.id}"]`);
    await farmerCard.waitFor();
    await expect.poll(async () => farmerCard.getAttribute('data-status')).toBe('active_unack');
    expect(await farmerCard.textContent()).toContain(mr['alerts.state.open']);

    // The coordinator acknowledges it with a comment, in the details dialog.
    const coordinator = await e2e.browser.newPage({ viewport: { width: 1100, height: 1000 } });
    await loginAs(coordinator, e2e.app, DEMO.coordinator);
    await coordinator.goto(`${e2e.url}/alerts`);
    const card = coordinator.locator(`.coordinator-alerts [data-alert-id="${alert.id}"]`);
    await card.waitFor();
    await card.getByRole('button', { name: mr['alerts.viewDetails'] }).click();
    const dialog = coordinator.getByRole('dialog');
    await dialog.getByRole('listitem').first().waitFor();
    await dialog.getByLabel(mr['alerts.comment.label']).fill('रमेशना फोन केला, पंप सुरू केला.');
    await dialog.getByRole('button', { name: mr['alerts.acknowledge'] }).click();
    await expect.poll(async () => dialog.getByTestId('alert-status').textContent(), { timeout: 10_000 }).toBe(mr['alerts.status.activeAck']);
    await expect.poll(async () => dialog.locator('.timeline-comment').textContent()).toContain('रमेशना फोन केला');
    await shot(coordinator, 'alert-lifecycle-coordinator-acknowledged');
    const timeline = await api<{ timeline: Array<{ kind: string }> }>(`/alerts/${alert.id}`, coordinatorToken);
    expect(timeline.timeline.map((e) => e.kind)).toEqual(['raised', 'acknowledged', 'comment']);

    // The moisture recovers: the farmer sees it cleared without a reload.
    await e2e.devices.publish(moisture, 45);
    await expect.poll(async () => farmerCard.getAttribute('data-status'), { timeout: 15_000 }).toBe('cleared_ack');
    expect(await farmerCard.textContent()).toContain(mr['alerts.state.cleared']);
    await shot(farmer, 'alert-lifecycle-farmer-cleared');
    const after = await api<{ timeline: Array<{ kind: string; actor: unknown; detail: Record<string, unknown> }> }>(`/alerts/${alert.id}`, farmerToken);
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'cleared', actor: null, detail: { auto: true } });
    await farmer.close();
    await coordinator.close();
  });
});
