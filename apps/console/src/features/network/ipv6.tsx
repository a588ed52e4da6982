/**
 * Settings › Communication › IPv6 (002 §2.3, §3.3, §5.2): the enable switch, two Ethernet blocks
 * (Auto, or a manual address, prefix length and gateway), DNS, and the current IPv6 state per
 * interface (getIpv6). Saved whole, then the reboot prompt.
 */
import { useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { fieldName, ipv6Texts as t, ipv6Section } from '@meter/contract';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { SettingsCard } from '../../components/section/section-form.tsx';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { endpointQuery } from '../../lib/query.ts';

const ETH = (eth: string) => ['isAuto', 'ip', 'prefixLength', 'gateway'].map((k) => fieldName(eth, k));
const manual = (eth: string) => (v: SectionValues) => (v[eth] as { isAuto?: boolean } | undefined)?.isAuto === false;
const on = (v: SectionValues) => v.isIPv6Enabled === true;

function Ipv6State() {
  const state = useQuery(endpointQuery('getIpv6'));
  const s = state.data;
  if (!s) return null;
  const rows = [
    ['Bridge', s.br0LinkGlobal, s.br0LinkLocal, s.br0LinkLocal ? s.status : '-'],
    ['Ethernet 1', s.eth0LinkGlobal, s.eth0LinkLocal, s.eth0Status],
    ['Ethernet 2', s.eth1LinkGlobal, s.eth1LinkLocal, s.eth1Status],
  ];
  return (
    <SettingsCard title={t.state}>
      <p className="mb-2">
        {t.labels.enable}: <strong>{s.status}</strong>
      </p>
      <ScrollRegion label={t.state}>
        <Table size="sm" bordered className="mb-0">
          <thead>
            <tr>
              <th scope="col">{t.interface}</th>
              <th scope="col">{t.linkGlobal}</th>
              <th scope="col">{t.linkLocal}</th>
              <th scope="col">{t.statusHeader}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, global, local, status]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td className="text-break">{global || '-'}</td>
                <td className="text-break">{local || '-'}</td>
                <td>{status}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </SettingsCard>
  );
}

export const IPV6_SCREEN = defineSectionScreen({
  endpoint: 'ipv6Config',
  section: ipv6Section,
  title: t.title,
  blocks: [
    { kind: 'card', title: t.cards.general, fields: ['isIPv6Enabled'] },
    { kind: 'card', title: t.cards.ethernet1, fields: ETH('eth0'), visibleWhen: on },
    { kind: 'card', title: t.cards.ethernet2, fields: ETH('eth1'), visibleWhen: on },
    { kind: 'card', title: t.cards.dns, fields: ['dns1', 'dns2'], visibleWhen: on },
  ],
  fields: Object.fromEntries(['eth0', 'eth1'].flatMap((eth) => ['ip', 'prefixLength', 'gateway'].map((k) => [fieldName(eth, k), { visibleWhen: manual(eth) }]))),
});

export default function Ipv6() {
  return (
    <SectionScreen def={IPV6_SCREEN}>
      <Ipv6State />
    </SectionScreen>
  );
}
