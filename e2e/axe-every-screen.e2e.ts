// axe-core's WCAG 2.1 A/AA rules on every screen of design §13 (issue 18), in the light and the dark
// theme, at 1366×900, for each role: a dealer's screens, a manager's, and an administrator's (every
// staff screen). Each screen is judged once its data is drawn. The
// screens' own stories judge their dialogs and states; this walk makes sure no screen is left out.
import { test, expect, logIn, ACCOUNTS, expectNoViolations, useTheme } from './fixtures';
import { screensOf, type Role } from './screens';

const THEMES = ['default', 'dark'] as const;
const ROLES: Role[] = ['dealer', 'manager', 'admin'];

test.use({ viewport: { width: 1366, height: 900 } });

for (const role of ROLES) {
  for (const theme of THEMES) {
    test(`every screen a ${role} may open has no WCAG 2.1 A/AA violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await logIn(page, ACCOUNTS[role]);
      const screens = await screensOf(page, role);
      for (const screen of screens) {
        await test.step(screen.path, async () => {
          // In the page, as a link would: the router follows the address without loading the portal anew.
          await page.evaluate((path) => { window.history.pushState({}, '', path); window.dispatchEvent(new PopStateEvent('popstate')); }, screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
          await expectNoViolations(page, `${screen.path} (${role}, ${theme})`);
        });
      }
    });
  }
}
