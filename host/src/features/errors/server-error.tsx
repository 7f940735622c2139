import { StatusPage } from './status-page';

export default function ServerErrorScreen() {
  return <StatusPage code={500} page="serverError" />;
}
