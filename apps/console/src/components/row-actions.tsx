/** The Actions cell of a list row: Edit, any other actions, Delete; "N/A" when the user may not act on the row. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';

interface Props {
  /** The row's name, for the buttons' accessible names ('Edit alice'). */
  name: string;
  allowed: boolean;
  editTo: string;
  onDelete: () => void;
  notAvailable: string;
  /** Between Edit and Delete (Lock / Unlock). */
  children?: ReactNode;
  /** Why Delete (and the row's other protected actions) are disabled: shown beside them. */
  protectedReason?: string;
}

export function RowActions({ name, allowed, editTo, onDelete, notAvailable, children, protectedReason }: Props) {
  if (!allowed) return <>{notAvailable}</>;
  const reasonId = protectedReason ? `row-protected-${name}` : undefined;
  return (
    <div className="d-flex flex-wrap gap-1">
      <Link className="btn btn-sm btn-outline-primary" to={editTo} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {children}
      <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`Delete ${name}`} disabled={!!protectedReason} aria-describedby={reasonId}>
        Delete
      </Button>
      {protectedReason && (
        <span id={reasonId} className="small text-body-secondary align-self-center">
          {protectedReason}
        </span>
      )}
    </div>
  );
}
