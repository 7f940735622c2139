// The comms remote's contract with the host (design §3): news for dealers, newsletters for staff,
// documents for everyone. Its menu is data, src/menu.json, published in its mf-manifest.json by the
// build. Each screen is its own chunk: a dealer's news screen loads neither the newsletter editor
// nor the documents table.
import { lazy } from 'react';
import { selectIsStaff, useAppSelector, type RemoteModule } from '@portal/shared';
import { documentsArea } from './features/documents/documents-slice';
import { newsArea } from './features/news/news-slice';
import { newslettersArea } from './features/newsletters/newsletters-slice';
import './translations';

const NewsList = lazy(() => import('./features/news/list'));
const NewsShow = lazy(() => import('./features/news/show'));
const NewslettersList = lazy(() => import('./features/newsletters/list'));
const NewsletterCreate = lazy(() => import('./features/newsletters/create'));
const NewsletterEdit = lazy(() => import('./features/newsletters/edit'));
const DocumentsList = lazy(() => import('./features/documents/list'));

/** /comms: «Новости» for a dealer, «Рассылки и новости» for staff (design §13). */
function CommsHome() {
  return useAppSelector(selectIsStaff) ? <NewslettersList /> : <NewsList />;
}

const commsModule: RemoteModule = {
  name: 'comms',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [
    { index: true, element: <CommsHome /> },
    { path: 'news/:id', element: <NewsShow /> },
    { path: 'newsletters/new', element: <NewsletterCreate /> },
    { path: 'newsletters/:id/edit', element: <NewsletterEdit /> },
    { path: 'documents', element: <DocumentsList /> },
  ],
  slices: [newsArea.slice, newslettersArea.slice, documentsArea.slice],
};

export default commsModule;
