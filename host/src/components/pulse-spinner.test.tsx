import { render, screen } from '@testing-library/react';
import { PulseSpinner } from './pulse-spinner';
import '../test/render';

it('a pulsing spinner shows while a screen loads', () => {
  render(<PulseSpinner />);
  const spinner = screen.getByRole('status', { name: 'Загрузка' });
  expect(spinner).toHaveClass('pulse-spinner');
  expect(spinner.querySelector('span')).not.toBeNull();
});
