// axe-core's WCAG 2.1 A/AA rules on every screen of design §13 (issue 18), in the light and the dark
// theme, at 1366×900, for each role: a dealer's screens, a manager's, and an administrator's (every
// staff screen). Each screen is judged once its data is drawn. The
// screens' own stories judge their dialogs and states; this walk makes sure no screen is left out.
// Each role's walk in a theme is cut into parts of eight to twelve screens that follow each other in
// the list (so that a part loads few of the remotes), tests of their own that run at once on both
// workers: one long walk would hold a worker while the other has nothing left to do. A part's page
// opens on its first screen.
import { test, expect, signIn, ACCOUNTS, apiUser, followInPage, expectNoViolations, useTheme } from './fixtures';
import { screensOf, type Role } from './screens';

const THEMES = ['default', 'dark'] as const;
/** How many parts each role's walk is cut into (a dealer opens 16 screens, a manager 23, an administrator 28). */
const PARTS: Record<Role, number> = { dealer: 2, manager: 2, admin: 3 };

test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ mode: 'parallel' });

for (const [role, parts] of Object.entries(PARTS) as Array<[Role, number]>) {
  for (const theme of THEMES) {
    for (let part = 1; part <= parts; part += 1) {
      test(`every screen a ${role} may open has no WCAG 2.1 A/AA violations in the ${theme} theme (part ${part} of ${parts})`, async ({ page, request }) => {
        const all = await screensOf(await apiUser(request, ACCOUNTS[role]), role);
        const screens = all.slice(Math.round((all.length * (part - 1)) / parts), Math.round((all.length * part) / parts));
        await useTheme(page, theme);
        await signIn(page, ACCOUNTS[role], screens[0].path);
        for (const screen of screens) {
          await test.step(screen.path, async () => {
            // In the page, as a link would: the router follows the address without loading the portal anew.
            await followInPage(page, screen.path);
            await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
            await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0);
            await expectNoViolations(page, `${screen.path} (${role}, ${theme})`);
          });
        }
      });
    }
  }
}
