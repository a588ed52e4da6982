/** The frame of the Emergency Mode wizard (002 §2.16): the step heading, the step's content, Previous and Next Step (disabled on step 3). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { emergencyTexts as t } from '@meter/contract';
import { ScreenTitle } from '../../components/screen-title.tsx';

const STEPS = 3;
const path = (n: number) => `/setting/emergency/step${n}`;

export function EmergencyWizard({ step, title, busy, children }: { step: 1 | 2 | 3; title: string; busy: boolean; children: ReactNode }) {
  const nav = (n: number, label: string, disabled: boolean) =>
    disabled ? (
      <button type="button" className="btn btn-primary" disabled>
        {label}
      </button>
    ) : (
      <Link className="btn btn-primary" to={path(n)}>
        {label}
      </Link>
    );
  return (
    <section>
      <ScreenTitle className="h4">{t.title}</ScreenTitle>
      <ol className="list-inline mb-3" aria-label={t.title}>
        {Array.from({ length: STEPS }, (_, i) => (
          <li key={i} className={`list-inline-item ${i + 1 === step ? 'fw-bold' : 'text-body-secondary'}`} aria-current={i + 1 === step ? 'step' : undefined}>
            {t.step(i + 1)}
          </li>
        ))}
      </ol>
      <h2 className="h5">
        {t.step(step)}: {title}
      </h2>
      {children}
      <div className="d-flex gap-2 mt-4">
        {step > 1 && nav(step - 1, t.previousStep, busy)}
        {/* 002 §2.16: Next Step is disabled on step 3. */}
        {nav(step + 1, t.nextStep, step === STEPS || busy)}
      </div>
    </section>
  );
}
