/**
 * Settings › Communication › Prometheus (issue 27, beyond the spec; docs/metrics.md): whether
 * /metrics answers without the API token. Read-only unless admin, like the MQTT settings.
 */
import { metricsSection, metricsTexts as t } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';

export const PROMETHEUS_SCREEN = defineSectionScreen({
  endpoint: 'metricsConfig',
  section: metricsSection,
  title: 'Prometheus',
  blocks: [{ kind: 'card', title: 'Metrics', fields: ['openAccess'] }],
});

export default function Prometheus() {
  return (
    <SectionScreen def={PROMETHEUS_SCREEN}>
      <p className="text-body-secondary">{t.tokenHelp}</p>
    </SectionScreen>
  );
}
