import { screen } from '@testing-library/react';
import { initI18n, setLanguage } from '@portal/shared';
import { answerWith, renderScreen, signIn } from '@portal/shared/ui/testing';
import '../../translations';
import StartScreen from './start-screen';

initI18n();
afterEach(() => { localStorage.clear(); setLanguage('ru'); });

it('shows the section\'s title and who is signed in, in Russian and in English', async () => {
  signIn({ email: 'dealer@demo.test' });
  answerWith(() => ({ status: 404, data: { message: 'Не найдено.' } }));
  renderScreen(<StartScreen />);
  expect(await screen.findByRole('heading', { level: 1, name: '__NAME__' })).toBeInTheDocument();
  expect(screen.getByText('Раздел готов: здесь будут его экраны.')).toBeInTheDocument();
  setLanguage('en');
  expect(await screen.findByText('The section is ready: its screens go here.')).toBeInTheDocument();
});
