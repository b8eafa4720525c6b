import { data } from 'react-router';
import { NotFoundMessage } from '../components/ui/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: 'Page Not Found | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundMessage />;
}
