import type { ReactNode } from 'react';
import { shellTexts } from '@meter/contract';

/** What a chart shows when it has no series (000 §2); `children` say why (EmptyReason). */
export function EmptyChart({ height = 300, title, children }: { height?: number; title?: string; children?: ReactNode }) {
  return (
    <figure className="border rounded d-flex flex-column align-items-center justify-content-center text-center text-muted m-0 p-3 gap-2" style={{ height }} aria-label={title}>
      <span>{shellTexts.noData}</span>
      {children}
    </figure>
  );
}
