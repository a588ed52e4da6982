/**
 * Settings › Communication › Network (002 §2.2, §3.1, §3.2, §4.1, §5.1, §7.1): Ethernet 1 and 2 or
 * one bridge card, the default interface (reset on a bridge switch, the original restored on the
 * way back), WiFi AP/STA with its status line, the SSID picker and the 802.1X check, DNS, HTTP,
 * Modbus and Proxy (these two hidden in system mode 2, where the emergency Enable SSH shows).
 * One form over the four sections: a save PUTs only those that changed, then the reboot prompt.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import {
  SYSTEM_MODE_EMERGENCY,
  defaultInterfaceAfterBridge,
  defaultInterfaceOptions,
  fieldName,
  networkTexts as t,
  sectionBody,
  sectionFields,
  type IpStatus,
  type MeterContext,
  type NetworkInterface,
  modbusTcpConfigSection,
  networkConfigSection,
  proxyServerConfigSection,
  webServerConfigSection,
} from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { Loading } from '../../components/loading.tsx';
import { PATH_MAPPING, flatSchema } from '../../components/section/flat-values.ts';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionForm } from '../../components/section/section-form.tsx';
import { useSection, type FlatSchema, type SectionState } from '../../components/section/use-section.ts';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useSystemMode } from '../../lib/device.ts';
import { endpointQuery } from '../../lib/query.ts';
import { NETWORK_PAGE_KEYS, changedSections, networkPageSection, type NetworkPageKey } from './network-page.ts';
import { SsidPicker } from './ssid-picker.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

const N = (...path: string[]) => fieldName('networkConfig', ...path);
const STA_SSID = N('wlan0', 'staConfig', 'ssid');
const ETH_FIELDS = (eth: string) => ['dhcpEnable', 'ip', 'mask', 'gateway'].map((k) => N(eth, k));
const STA_ADDRESS = ['ip', 'mask', 'gateway'].map((k) => N('wlan0', 'staConfig', k));

/** The network config as the form holds it now. */
type Net = { brEnable: number; defaultInterface: string; wlan0: { enable: number; mode: string; staConfig: { enterpriseEnable: number; dhcpEnable: number } } } & Record<
  string,
  { dhcpEnable?: number } | unknown
>;
const net = (v: SectionValues) => v.networkConfig as Net;
const station = (v: SectionValues) => net(v).wlan0.enable === 1 && net(v).wlan0.mode === 'STA';
const manual = (eth: string) => (v: SectionValues) => (net(v)[eth] as { dhcpEnable?: number }).dhcpEnable === 0;

interface Check8021x {
  running: boolean;
  supported: boolean;
}

type Parts = Record<NetworkPageKey, SectionState>;

export default function Network() {
  const parts: Parts = {
    networkConfig: useSection('networkConfig', networkConfigSection),
    webServerConfig: useSection('webServerConfig', webServerConfigSection),
    modbusTcpConfig: useSection('modbusTcpConfig', modbusTcpConfigSection),
    proxyServerConfig: useSection('proxyServerConfig', proxyServerConfigSection),
  };
  const ip = useQuery(endpointQuery('getIp'));
  const mode = useSystemMode().data?.mode ?? 0;
  const all = Object.values(parts);
  if (all.some((p) => p.pending) || ip.isPending) return <Loading />;
  // A failed load has been reported by the request helper; a form of blanks would invite a bad save.
  if (!all.every((p) => p.ready && p.values) || !ip.data) return null;
  return (
    <section>
      <ScreenTitle className="h5">Network</ScreenTitle>
      <NetworkForm key={all.map((p) => p.generation).join('.')} parts={parts} ip={ip.data} mode={mode} />
    </section>
  );
}

function NetworkForm({ parts, ip, mode }: { parts: Parts; ip: IpStatus; mode: number }) {
  const ctx = parts.networkConfig.ctx as MeterContext;
  const [check, setCheck] = useState<Check8021x>({ running: false, supported: false });
  const [picker, setPicker] = useState(false);
  const closePicker = useCallback(() => setPicker(false), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const runCheck = useCallback(async (ssid: string) => {
    clearTimeout(timer.current);
    if (ssid.trim() === '') return setCheck({ running: false, supported: false });
    setCheck((c) => ({ ...c, running: true }));
    try {
      const r = await callEndpoint(calls.check8021xSupport, { body: { input: ssid }, suppress: true });
      setCheck({ running: false, supported: r.value === 1 });
    } catch {
      showAlert({ type: 'danger', message: t.load8021xFailed });
      setCheck({ running: false, supported: false });
    }
  }, []);
  // Typing re-checks once the user pauses, so the entry is not disabled under every keystroke.
  const scheduleCheck = useCallback(
    (ssid: string, delayMs = 600) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void runCheck(ssid), delayMs);
    },
    [runCheck],
  );
  const loadedSsid = String(parts.networkConfig.values?.[fieldName('wlan0', 'staConfig', 'ssid')] ?? '');
  useEffect(() => {
    scheduleCheck(loadedSsid, 0);
    return () => clearTimeout(timer.current);
  }, [scheduleCheck, loadedSsid]);

  const fields = useMemo(() => sectionFields(networkPageSection, ctx), [ctx]);
  const schema = useMemo(() => {
    const secrets = new Set(fields.filter((f) => f.secret).map((f) => f.name));
    return flatSchema(sectionBody(networkPageSection, ctx), PATH_MAPPING, secrets) as FlatSchema;
  }, [ctx, fields]);
  const values = useMemo(
    () => Object.fromEntries(NETWORK_PAGE_KEYS.flatMap((key) => Object.entries(parts[key].values ?? {}).map(([k, v]) => [fieldName(key, k), v]))),
    [parts.networkConfig.values, parts.webServerConfig.values, parts.modbusTcpConfig.values, parts.proxyServerConfig.values], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const original = useMemo(
    () => ({ brEnable: Number(parts.networkConfig.values?.brEnable ?? 0), defaultInterface: String(parts.networkConfig.values?.defaultInterface ?? 'eth0') }),
    [parts.networkConfig.values],
  );

  const save = async (flat: Readonly<Record<string, unknown>>, baseline: Readonly<Record<string, unknown>>) => {
    // 002 §5.1: only the sections that changed are sent, each whole.
    for (const key of changedSections(flat, baseline)) {
      const prefix = key + '__';
      const own = Object.fromEntries(Object.entries(flat).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
      const before = parts[key].values;
      if (!before) throw new Error(`${key} changed before it loaded`);
      await parts[key].save(own, before);
    }
  };

  const enableSsh = () =>
    confirmAction({
      title: t.enableSsh,
      body: t.confirmSsh,
      confirmVariant: 'primary',
      run: () => callEndpoint(calls.emergencySshEnable, { body: {}, suppress: true }).then(() => undefined),
      onSuccess: () => showAlert({ type: 'success', message: t.sshEnabled }),
      onFailure: () => showAlert({ type: 'danger', message: t.sshEnableFailed }),
    });

  const emergency = mode === SYSTEM_MODE_EMERGENCY;
  const bridge = (v: SectionValues) => net(v).brEnable === 1;
  const def = defineSectionScreen<MeterContext>({
    endpoint: 'networkConfig',
    section: networkConfigSection,
    title: 'Network',
    blocks: [
      { kind: 'card', title: t.cards.general, fields: [N('brEnable'), N('defaultInterface')] },
      { kind: 'card', title: t.cards.ethernet1, fields: ETH_FIELDS('eth0'), visibleWhen: (v) => !bridge(v) },
      { kind: 'card', title: t.cards.bridge, fields: ETH_FIELDS('eth0'), visibleWhen: bridge },
      { kind: 'card', title: t.cards.ethernet2, fields: ETH_FIELDS('eth1'), visibleWhen: (v) => !bridge(v) },
      { kind: 'card', title: t.cards.dns, fields: [N('dns1'), N('dns2')] },
      { kind: 'card', title: t.cards.http, fields: ['allowHttp', 'httpPort', 'port'].map((k) => fieldName('webServerConfig', k)) },
      { kind: 'card', title: t.cards.modbus, fields: [fieldName('modbusTcpConfig', 'port')], visibleWhen: () => !emergency },
      { kind: 'card', title: t.cards.proxy, fields: ['enable', 'url', 'port'].map((k) => fieldName('proxyServerConfig', k)), visibleWhen: () => !emergency },
      {
        kind: 'card',
        title: t.cards.wifi,
        fields: [
          N('wlan0', 'enable'),
          N('wlan0', 'mode'),
          ...['ssid', 'key', 'ip'].map((k) => N('wlan0', 'apConfig', k)),
          ...['ssid', 'enterpriseEnable', 'username', 'key', 'dhcpEnable', 'ip', 'mask', 'gateway'].map((k) => N('wlan0', 'staConfig', k)),
        ],
      },
    ],
    fields: {
      [N('defaultInterface')]: {
        // 002 §4.1; the value held stays listed, so a save shows why it is refused.
        options: (v) => {
          const valid: string[] = defaultInterfaceOptions(net(v).brEnable, station(v));
          const held = net(v).defaultInterface;
          return (valid.includes(held) || !held ? valid : [...valid, held]).map((i) => ({ value: i, label: t.interfaceNames[i as NetworkInterface] ?? i }));
        },
      },
      [N('eth0', 'dhcpEnable')]: { help: (v) => (manual('eth0')(v) ? undefined : t.currentIp(bridge(v) ? ip.br0.ip : ip.eth0.ip)) },
      [N('eth1', 'dhcpEnable')]: { help: (v) => (manual('eth1')(v) ? undefined : t.currentIp(ip.eth1.ip)) },
      ...Object.fromEntries(['eth0', 'eth1'].flatMap((eth) => ['ip', 'mask', 'gateway'].map((k) => [N(eth, k), { visibleWhen: manual(eth) }]))),
      [fieldName('webServerConfig', 'httpPort')]: { disabledWhen: (v) => (v.webServerConfig as { allowHttp: boolean }).allowHttp !== true },
      ...Object.fromEntries(
        ['url', 'port'].map((k) => [fieldName('proxyServerConfig', k), { disabledWhen: (v: SectionValues) => (v.proxyServerConfig as { enable: number }).enable !== 1 }]),
      ),
      [N('wlan0', 'mode')]: { visibleWhen: (v) => net(v).wlan0.enable === 1 },
      ...Object.fromEntries(
        ['ssid', 'key', 'ip'].map((k) => [N('wlan0', 'apConfig', k), { visibleWhen: (v: SectionValues) => net(v).wlan0.enable === 1 && net(v).wlan0.mode === 'AP' }]),
      ),
      ...Object.fromEntries(['ssid', 'enterpriseEnable', 'key', 'dhcpEnable'].map((k) => [N('wlan0', 'staConfig', k), { visibleWhen: station }])),
      [STA_SSID]: { visibleWhen: station, disabledWhen: () => check.running },
      [N('wlan0', 'staConfig', 'enterpriseEnable')]: { visibleWhen: station, disabledWhen: () => check.running || !check.supported },
      [N('wlan0', 'staConfig', 'username')]: { visibleWhen: (v) => station(v) && net(v).wlan0.staConfig.enterpriseEnable === 1 },
      [N('wlan0', 'staConfig', 'dhcpEnable')]: {
        visibleWhen: station,
        help: (v) => (net(v).wlan0.staConfig.dhcpEnable === 0 ? undefined : t.currentIp(ip.wlan0.mode === 'STA' ? ip.wlan0.ip : '')),
      },
      ...Object.fromEntries(STA_ADDRESS.map((name) => [name, { visibleWhen: (v: SectionValues) => station(v) && net(v).wlan0.staConfig.dhcpEnable === 0 }])),
    },
    onChange: (name, inputs) => {
      if (name === STA_SSID) scheduleCheck(String(inputs[name] ?? ''));
      if (name !== N('brEnable')) return undefined;
      const br = inputs[name] === true ? 1 : 0;
      const sta = String(inputs[N('wlan0', 'enable')]) === '1' && inputs[N('wlan0', 'mode')] === 'STA';
      return { [N('defaultInterface')]: defaultInterfaceAfterBridge(br, String(inputs[N('defaultInterface')] ?? ''), original, sta) };
    },
    extras: ({ values: v, readOnly, setInput }) => (
      <>
        {net(v).wlan0.enable === 1 && (
          <p className="mb-2" aria-live="polite">
            {t.wifiStatus}: <strong>{ip.wlan0.status === 'Connected' ? t.connected : t.disconnected}</strong>
            {ip.wlan0.ssid ? ` (${ip.wlan0.ssid})` : ''}
          </p>
        )}
        {station(v) && !readOnly && (
          <div className="mb-3 d-flex flex-wrap gap-2 align-items-center">
            <Button variant="outline-primary" onClick={() => setPicker(true)} disabled={check.running}>
              {t.scan}
            </Button>
            {check.running && <span role="status">{t.checking8021x}</span>}
          </div>
        )}
        {emergency && !readOnly && (
          <Button variant="warning" className="mb-3" onClick={enableSsh}>
            {t.enableSsh}
          </Button>
        )}
        {picker && (
          <SsidPicker
            onClose={closePicker}
            onSet={(ssid) => {
              setInput(STA_SSID, ssid);
              setPicker(false);
              void runCheck(ssid);
            }}
          />
        )}
      </>
    ),
  });

  const state: SectionState & { values: Readonly<Record<string, unknown>>; schema: FlatSchema } = {
    pending: false,
    ready: true,
    section: networkPageSection,
    ctx,
    fields,
    schema,
    values,
    save,
    generation: 0,
  };
  return <SectionForm def={def} section={state} />;
}
