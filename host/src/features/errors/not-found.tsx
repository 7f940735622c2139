import { StatusPage } from './status-page';

export default function NotFoundScreen() {
  return <StatusPage code={404} page="notFound" />;
}
