import { shellTexts } from '@meter/contract';

/** What a chart shows when it has no series (000 §2). */
export function EmptyChart({ height = 300, title }: { height?: number; title?: string }) {
  return (
    <figure className="border rounded d-flex align-items-center justify-content-center text-muted m-0" style={{ height }} aria-label={title}>
      {shellTexts.noData}
    </figure>
  );
}
