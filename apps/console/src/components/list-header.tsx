/** A list screen's heading with its "New …" link beside it, shown only to writers. */
import { Link } from 'react-router';

export function ListHeader({ title, newLabel, newPath, canWrite }: { title: string; newLabel: string; newPath: string; canWrite: boolean }) {
  return (
    <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-2">
      <h2 className="h5 mb-0">{title}</h2>
      {canWrite && (
        <Link className="btn btn-primary btn-sm" to={newPath}>
          {newLabel}
        </Link>
      )}
    </div>
  );
}
