import { Link } from 'react-router';
import { shellTexts } from '@meter/contract';
import { ScreenTitle } from './screen-title.tsx';

export function PageNotFound() {
  return (
    <div className="text-center py-5">
      <ScreenTitle className="h3">{shellTexts.pageNotFound}</ScreenTitle>
      <Link to="/">Home</Link>
    </div>
  );
}
