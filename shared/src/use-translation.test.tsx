import { act, render, screen } from '@testing-library/react';
import { addTranslations, setLanguage } from './i18n';
import { useTranslation } from './use-translation';

addTranslations('probe', { ru: { hello: 'Привет, {{name}}' }, en: { hello: 'Hello, {{name}}' } });

function Probe() {
  const { t } = useTranslation('probe');
  return <p>{t('hello', { name: 'Анна' })} / {t('login.title')}</p>;
}

afterEach(() => act(() => setLanguage('ru')));

it('translates in Russian by default, with the common words as fallback', () => {
  render(<Probe />);
  expect(screen.getByText('Привет, Анна / Вход')).toBeInTheDocument();
});

it('re-renders in the new language when the language changes', () => {
  render(<Probe />);
  act(() => setLanguage('en'));
  expect(screen.getByText('Hello, Анна / Login')).toBeInTheDocument();
});
