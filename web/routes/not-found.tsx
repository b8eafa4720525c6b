import { data } from 'react-router';
import { NotFoundMessage, notFoundMeta } from '../components/ui/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundMessage />;
}
