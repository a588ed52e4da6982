import Spinner from 'react-bootstrap/Spinner';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center p-4" role="status" aria-label={label}>
      <Spinner animation="border" aria-hidden="true" />
    </div>
  );
}
