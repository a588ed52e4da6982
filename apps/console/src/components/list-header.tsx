/** A list screen's heading with its "New …" link beside it, shown only to writers. */
import { Link } from 'react-router';
import { useRepeatsHeading } from './screen-title.tsx';

export function ListHeader({ title, newLabel, newPath, canWrite }: { title: string; newLabel: string; newPath: string; canWrite: boolean }) {
  const repeats = useRepeatsHeading(title);
  return (
    <div className={`d-flex align-items-center flex-wrap gap-2 mb-2 ${repeats ? 'justify-content-end' : 'justify-content-between'}`}>
      <h2 className={repeats ? 'visually-hidden' : 'h5 mb-0'}>{title}</h2>
      {canWrite && (
        <Link className="btn btn-primary btn-sm" to={newPath}>
          {newLabel}
        </Link>
      )}
    </div>
  );
}
