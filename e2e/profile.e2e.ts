// The profile follows its user (issue 19 item 5): a dealer changes the language in «Профиль», and
// signing in from another browser (its own storage, nothing of the first one's) finds the cabinet in
// English; set back to Russian there, the account is left as other stories expect it.
import { test, expect, ACCOUNTS, callApi, signedIn } from './fixtures';

interface Profile { language: string; theme: string }

test('a dealer\'s language chosen in the profile is the cabinet\'s after signing in elsewhere', async ({ browser }) => {
  const here = await signedIn(browser, ACCOUNTS.dealer);
  try {
    await here.getByTestId('user-menu').click();
    await here.getByRole('menuitem', { name: 'Профиль' }).click();
    await expect(here).toHaveURL(/\/profile$/);
    await expect(here.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
    await expect(here.getByRole('heading', { name: 'Компания' })).toBeVisible();
    await expect(here.locator('.ant-skeleton-active')).toHaveCount(0);
    // axe judges the profile in the walk of every screen (axe-every-screen.e2e.ts).

    // antd's radio buttons: the label is what is drawn and clicked (the input under it has no size).
    await here.getByRole('radiogroup', { name: 'Язык' }).getByText('Английский', { exact: true }).click();
    // Applied at once here, and kept in the profile.
    await expect(here.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect.poll(async () => (await callApi<Profile>(here, 'GET', '/api/users/me/')).language).toBe('en');

    // Another browser: its storage says nothing of a language, the profile does.
    const elsewhere = await signedIn(browser, ACCOUNTS.dealer);
    await expect(elsewhere.getByTestId('sidebar').getByRole('menuitem', { name: 'Home' })).toBeVisible();
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
    await expect(elsewhere.getByTestId('user-menu')).toBeVisible();

    // Back to Russian from there, through the profile.
    await elsewhere.getByTestId('user-menu').click();
    await elsewhere.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await elsewhere.getByRole('radiogroup', { name: 'Language' }).getByText('Russian', { exact: true }).click();
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
    await expect.poll(async () => (await callApi<Profile>(elsewhere, 'GET', '/api/users/me/')).language).toBe('ru');
  } finally {
    // Whatever happened above, the demo account is left in Russian and the light theme.
    await callApi(here, 'PUT', '/api/users/me/', { language: 'ru', theme: 'default' });
  }
});
