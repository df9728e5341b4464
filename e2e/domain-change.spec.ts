import { describe, expect, it } from 'vitest';
import { guestConsent, headerBalance, journeySetup, OPS_TOKEN, phoneContext, welcomeDismiss } from './fixtures.ts';

// Issue 25 (decision 033): the domain_change switch moves a signed-in player to the new domain with their session,
// through a one-time code in the URL fragment exchanged by POST on the new origin. Two origins on one machine:
// the app on http://127.0.0.1:<port> moves to http://localhost:<port> (same server, separate storage).

describe('Domain change, through the real server and Chromium', () => {
  const journey = journeySetup([]);

  it('moves a signed-in player to the new domain, signed in as the same player, with no session or code in any URL', async () => {
    const { server, browser } = journey;
    const oldOrigin = `http://127.0.0.1:${server.port}`;
    const newOrigin = `http://localhost:${server.port}`;
    const context = await phoneContext(browser);
    // English on both origins, so the labels below read the same.
    await context.addInitScript(() => {
      if (!localStorage.getItem('pir.language')) localStorage.setItem('pir.language', '"en-US"');
    });
    const page = await context.newPage();
    const requests: { url: string; body: string }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), body: request.postData() ?? '' }));

    await page.goto(`${oldOrigin}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);
    await headerBalance(page, /R\$/);
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
    expect(before.uid).toBeGreaterThan(0);

    // The operator switches the domain; the next visit to the old origin moves the player on.
    const switched = (await fetch(`${server.origin}/api/ops/dynconfig`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'domain_change', enabled: 1, configs: { domain: newOrigin } }),
    }).then((response) => response.json())) as { dm_error: number };
    expect(switched.dm_error).toBe(0);
    // A new visit (the configs load once per visit): a hash change alone would not reload the page.
    await page.goto(`${oldOrigin}/#/sport`);
    await page.reload();
    await page.waitForURL(`${newOrigin}/#/sport`);
    await headerBalance(page, /R\$/);

    // The same player, in a session of its own on the new origin; the code is gone from the address and history.
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
    expect(after.uid).toBe(before.uid);
    expect(after.sid).not.toBe(before.sid);
    expect(await page.evaluate(() => window.location.hash)).toBe('#/sport');
    const redeem = requests.find((request) => request.url.startsWith(`${newOrigin}/api/piranha/user/account/session/handoff/redeem`));
    const code = (JSON.parse(redeem!.body) as { code: string }).code;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const request of requests) {
      expect(request.url, request.url).not.toContain(code);
      expect(request.url, request.url).not.toContain(before.sid);
      expect(request.url, request.url).not.toContain(after.sid);
    }

    // The code worked once: replaying it is refused.
    const replay = (await fetch(`${server.origin}/api/piranha/user/account/session/handoff/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: newOrigin, 'app-key': 'piranha', 'app-name': 'Piranha' },
      body: JSON.stringify({ code }),
    }).then((response) => response.json())) as { dm_error: number };
    expect(replay.dm_error).toBe(8350);

    // On the new origin the switch names this very origin: the player stays.
    await page.reload();
    await headerBalance(page, /R\$/);
    expect(page.url()).toBe(`${newOrigin}/#/sport`);
    await context.close();
  });
});
