import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initI18n } from '@portal/shared';
import '../../app/translations';

// index.html paints the login card before any script (design §8); its words must be the screen's.
const html = readFileSync(path.join(__dirname, '../../../index.html'), 'utf8');

it.each(['ru', 'en'])('the login card painted by index.html says what the login screen says in %s', (lng) => {
  const t = initI18n().getFixedT(lng, 'host');
  const words = [t('brand'), t('login.title'), t('login.email'), t('login.password'), t('login.submit'), t('login.forgot'), t('login.register')];
  for (const word of words) expect(html).toContain(`"${word}"`);
});
