import { act, screen } from '@testing-library/react';
import { createCrudArea } from '@portal/shared';
import { useResourceList } from '@portal/shared/ui/use-resource-list';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';

interface Letter { id: number; title: string }
const area = createCrudArea<'/api/newsletters/', Letter>({ name: 'lettersView', path: '/api/newsletters/' });

/** A list whose two changes (a filter, then a search) are made before it draws the first of them. */
function TwoChanges() {
  const list = useResourceList<Letter>({ area, filters: ['published', 'audience'] });
  return (
    <button type="button" onClick={() => { list.setFilter('published', 'true'); list.setFilter('audience', 'all'); list.setSearch('прайс'); }}>
      change
    </button>
  );
}

beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('changes made one after the other before the list redraws all stay in the address (a search never drops a filter)', async () => {
  answerWith(() => ({ data: { count: 0, next: null, previous: null, results: [] } }));
  const { address } = renderScreen(<TwoChanges />, { at: '/letters?ordering=title&page=2', slices: [area.slice] });
  await act(async () => { screen.getByRole('button', { name: 'change' }).click(); });
  const params = new URL(address(), 'http://portal.invalid').searchParams;
  expect(Object.fromEntries(params)).toEqual({ ordering: 'title', published: 'true', audience: 'all', search: 'прайс' });
});
