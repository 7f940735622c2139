// A remote team's releases, as the team, a dealer and an admin live them (issue 15): the team builds a
// changed comms with `portal-remote` and deploys it through the gate; a dealer sees it on the next
// page load while a tab opened before goes on working on the old release; an admin rolls it back on
// «Релизы разделов»; a build for another contract major is refused with the portal untouched.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, signIn, ACCOUNTS, expectNoViolations } from './fixtures';
import { deployKey, liveOf, portalRemote } from './deploys';
import { ROOT, startPortal } from './portal-server';
import { CONTRACT_VERSION } from '../shared/src/version';

/** A contract major the portal does not speak. */
const OTHER_MAJOR = `${Number(CONTRACT_VERSION.split('.')[0]) + 1}.0.0`;

/** The comms remote's source, copied where its team would change it; `edit` changes its words. */
function commsCopy(edit: (translations: string) => string) {
  const src = mkdtempSync(path.join(ROOT, '.tmp/comms-team-'));
  cpSync(path.join(ROOT, 'remotes/comms'), src, { recursive: true, filter: (p) => !p.includes('node_modules') && !p.includes(`${path.sep}dist`) });
  const translations = path.join(src, 'src/translations.ts');
  writeFileSync(translations, edit(readFileSync(translations, 'utf8')));
  return src;
}

test('a team deploys a changed comms with portal-remote; the next page load shows it, an open tab keeps working, and an admin rolls it back', async ({ browser }) => {
  test.setTimeout(240_000);
  const portal = await startPortal();
  const src = commsCopy((t) => t.replace("title: 'Новости'", "title: 'Новости компании'"));
  try {
    const key = await deployKey(portal);
    const before = await liveOf(portal, 'comms');

    // A dealer's tab, open on the news before the deploy: it runs the old release's code.
    const dealer = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
    const oldTab = await dealer.newPage();
    await signIn(oldTab, ACCOUNTS.dealer, '/comms', portal.url);
    await expect(oldTab.getByRole('heading', { name: 'Новости', exact: true })).toBeVisible();

    const built = await portalRemote(src, ['build', '--out', 'dist']);
    expect(built.code, built.output).toBe(0);
    const deployed = await portalRemote(src, ['deploy', '--portal', portal.url, '--key', key, '--dir', 'dist']);
    expect(deployed.code, deployed.output).toBe(0);
    const after = await liveOf(portal, 'comms');
    expect(after).not.toBe(before);
    expect(deployed.output).toContain(after);

    // The open tab goes on: a screen of comms it has not opened yet loads from the old release.
    await oldTab.getByRole('menuitem', { name: 'Документы' }).click();
    await expect(oldTab.getByRole('heading', { name: 'Документы' })).toBeVisible();
    await expect(oldTab.getByRole('table')).toBeVisible();
    await expect(oldTab.getByTestId('remote-error-comms')).toHaveCount(0);

    // A new page load takes the new release.
    const newTab = await dealer.newPage();
    await newTab.goto(`${portal.url}/comms`);
    await expect(newTab.getByRole('heading', { name: 'Новости компании' })).toBeVisible();

    // The admin rolls back on «Релизы разделов».
    const admin = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
    const adminPage = await admin.newPage();
    await signIn(adminPage, ACCOUNTS.admin, '/admin/releases', portal.url);
    await expect(adminPage.getByRole('heading', { name: 'Релизы разделов' })).toBeVisible();
    await expectNoViolations(adminPage, '/admin/releases');
    const comms = adminPage.getByRole('region', { name: 'Раздел «comms»' });
    await expect(comms).toContainText(after);
    await comms.getByRole('button', { name: 'Откатить' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: /Откатить|Да|OK/ }).click();
    await expect.poll(() => liveOf(portal, 'comms')).toBe(before);

    await newTab.reload();
    await expect(newTab.getByRole('heading', { name: 'Новости', exact: true })).toBeVisible();
    await Promise.all([dealer.close(), admin.close()]);
  } finally {
    rmSync(src, { recursive: true, force: true });
    await portal.stop();
  }
});

// On the worker's server: a refused deploy leaves the portal as it was (what the story checks), so
// no server of its own is needed.
test('a comms built for another contract major is refused at deploy with its reason, and the portal is untouched', async ({ page, portal }) => {
  test.setTimeout(180_000);
  const src = commsCopy((t) => t.replace("title: 'Новости'", "title: 'Новости из будущего'"));
  try {
    const key = await deployKey(portal);
    const before = await liveOf(portal, 'comms');
    const built = await portalRemote(src, ['build', '--out', 'dist'], { PORTAL_CONTRACT_VERSION: OTHER_MAJOR });
    expect(built.code, built.output).toBe(0);
    const deployed = await portalRemote(src, ['deploy', '--portal', portal.url, '--key', key, '--dir', 'dist']);
    expect(deployed.code).toBe(1);
    expect(deployed.output).toContain('contract_major');
    expect(deployed.output).toContain(OTHER_MAJOR);
    expect(await liveOf(portal, 'comms')).toBe(before);

    await signIn(page, ACCOUNTS.dealer, '/comms');
    await expect(page.getByRole('heading', { name: 'Новости', exact: true })).toBeVisible();
    await expect(page.getByText('Новости из будущего')).toHaveCount(0);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
});
