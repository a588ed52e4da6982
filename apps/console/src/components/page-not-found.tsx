import { Link } from 'react-router';
import { shellTexts } from '@meter/contract';

export function PageNotFound() {
  return (
    <div className="text-center py-5">
      <h1 className="h3">{shellTexts.pageNotFound}</h1>
      <Link to="/">Home</Link>
    </div>
  );
}
