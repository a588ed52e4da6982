import { useRouteError } from 'react-router';
import Button from 'react-bootstrap/Button';
import { requestMessages } from '@meter/contract';

/** A screen that failed to load or render. A missing chunk means the module did not answer (rebooting, updated). */
export function RouteError() {
  const error = useRouteError();
  const unreachable = error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);
  return (
    <div className="text-center py-5" role="alert">
      <p className="h5">{unreachable ? requestMessages.network : requestMessages.badRequest}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
