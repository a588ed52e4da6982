/**
 * The IP whitelist (002 §3.12, §5.9): when enabled, only the listed addresses reach the module.
 * Every listener asks `allows(address)` for each connection (and each request, so a keep-alive
 * connection opened before the list changed is cut too), as the device's packet filter would.
 * A save or import that would shut out the address making it is refused: the device has no
 * other door once its web server drops you.
 */
import { ipWhitelistConfigSchema, ipWhitelistSection, whitelistTexts as t, type IpWhitelistConfig } from '@meter/contract';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { badRequest, validationError } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { type SectionBackend, type SectionCaller, sectionDefaults } from '../sections/section-backend.ts';
import { formatWhitelistCsv, parseWhitelistCsv } from './whitelist-csv.ts';

const KEY = 'section.' + ipWhitelistSection.key;

/** An IPv4-mapped IPv6 address ('::ffff:10.0.0.1') is the IPv4 address. */
export function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1] ?? address;
}

function allowList(cfg: IpWhitelistConfig): BlockList {
  const list = new BlockList();
  for (const e of cfg.whiteList) {
    if (e.ipv4.trim() !== '') list.addAddress(e.ipv4.trim(), 'ipv4');
    if (e.ipv6.trim() !== '') list.addAddress(e.ipv6.trim(), 'ipv6');
  }
  return list;
}

function admits(cfg: IpWhitelistConfig, list: BlockList, address: string | undefined): boolean {
  if (!cfg.whiteListEnable) return true;
  if (!address) return false;
  const a = plainAddress(address);
  if (isIPv4(a)) return list.check(a, 'ipv4');
  if (isIPv6(a)) return list.check(a, 'ipv6');
  return false;
}

export class IpWhitelist {
  private cfg: IpWhitelistConfig;
  private list: BlockList;

  constructor(private readonly kv: KeyValueStore) {
    this.cfg = kv.getOrInit<IpWhitelistConfig>(KEY, () => sectionDefaults(ipWhitelistSection));
    this.list = allowList(this.cfg);
  }

  config(): IpWhitelistConfig {
    return structuredClone(this.cfg);
  }

  /** Whether a connection from this address may reach the module now. */
  allows(address: string | undefined): boolean {
    return admits(this.cfg, this.list, address);
  }

  /** The lockout rule: refuses a list that would not admit the caller. */
  private checkCaller(next: IpWhitelistConfig, caller: SectionCaller, field: string): void {
    if (caller.address === undefined || admits(next, allowList(next), caller.address)) return;
    const message = t.selfLockout(plainAddress(caller.address));
    throw badRequest(message, { [field]: message });
  }

  backend(): SectionBackend<IpWhitelistConfig> {
    return {
      read: () => this.config(),
      check: (next, _before, _ctx, caller) => this.checkCaller(next, caller, 'whiteListEnable'),
      write: (next, _before, w) => {
        const [cfg, list] = [this.cfg, this.list];
        this.kv.set(KEY, next);
        this.cfg = structuredClone(next);
        this.list = allowList(this.cfg);
        w.onRollback(() => ([this.cfg, this.list] = [cfg, list]));
      },
    };
  }

  /** The list as CSV (the export). */
  csv(): string {
    return formatWhitelistCsv(this.cfg.whiteList);
  }

  /**
   * An imported CSV replaces the list (the enable flag stays), checked with the save's rules:
   * anything malformed is refused whole and nothing changes. Returns the new config to save.
   */
  imported(text: string, caller: SectionCaller): IpWhitelistConfig {
    const whiteList = parseWhitelistCsv(text);
    const parsed = ipWhitelistConfigSchema.safeParse({ whiteListEnable: this.cfg.whiteListEnable, whiteList });
    if (!parsed.success) throw validationError(parsed.error);
    this.checkCaller(parsed.data, caller, 'whiteList');
    return parsed.data;
  }
}
