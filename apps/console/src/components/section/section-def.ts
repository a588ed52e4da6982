/**
 * What a settings screen declares (LuCI's Map → Section → Option, as data): which section it
 * edits and how its fields are laid out. Labels, options, bounds and units come from the
 * section's schema; a screen only places the fields and states the conditions between them.
 */
import type { ReactNode } from 'react';
import { fieldName, type AnySection, type EndpointName, type FieldOption } from '@meter/contract';

/** The section's values as the form holds them now, typed and nested like the body (`v.di1Config.type`). */
export type SectionValues = Readonly<Record<string, unknown>>;
export type Condition<C> = (values: SectionValues, ctx: C) => boolean;

/** What other values decide about one field. */
export interface FieldRule<C> {
  visibleWhen?: Condition<C>;
  disabledWhen?: Condition<C>;
  /** A hint that follows the values or the device (which data logs use a post channel). */
  help?: (values: SectionValues, ctx: C) => string | undefined;
  /** Options that follow the values (ISO8601 hidden for json; the default interfaces the bridge and WiFi allow); undefined keeps the schema's. */
  options?: (values: SectionValues, ctx: C) => readonly FieldOption[] | undefined;
}

/** A column of a rows table: `field` is the key inside each row's object. */
export interface RowColumn<C> {
  field: string;
  header: string;
  minWidth?: string;
  /** The row's values decide (a status input's unit, a limit's parameters by its type); `values` is the whole section. */
  disabledWhen?: (row: SectionValues, ctx: C, values: SectionValues) => boolean;
  /** Options that follow the row or the section (user channels by the wiring chosen); undefined keeps the schema's input. */
  options?: (row: SectionValues, ctx: C, values: SectionValues) => readonly FieldOption[] | undefined;
}

export type Block<C> =
  /** A card of stacked fields; `grid` lays them out in columns (Bootstrap column classes). */
  | {
      kind: 'card';
      title: string;
      fields: readonly string[];
      grid?: string;
      visibleWhen?: Condition<C>;
      /** Drawn in the card after its fields: controls that act on them (a Test per recipient). */
      footer?: (form: SectionFormControls) => ReactNode;
    }
  /** Stacked fields without a card. */
  | { kind: 'stack'; fields: readonly string[]; visibleWhen?: Condition<C> }
  /** Setting / Value / Description rows (the policy tables). */
  | { kind: 'table'; fields: readonly string[]; caption: string }
  /** Row keys × columns: each cell is the field `<row>__<column>` (18 DI rows, 10 alarm limits ...). */
  | {
      kind: 'rows';
      title?: string;
      rows: readonly string[];
      /** The first column: its heading and each row's name. */
      rowHeader: string;
      rowLabel: (row: string, index: number) => string;
      columns: readonly RowColumn<C>[];
      visibleWhen?: Condition<C>;
    };

export interface SectionScreenDef<C = unknown> {
  /** The section's GET in the endpoint table (its PUT is the call at the same path). */
  endpoint: EndpointName;
  /**
   * The section that GET serves (the table entry's `section`, kept equal by
   * test/components/section/section-layer.test.ts): imported by the screen, so its chunk holds this section's rules,
   * not the endpoint table with every call's schemas.
   */
  section: AnySection;
  /** The screen's heading. */
  title: string;
  /** The form's accessible name when it is not the section's title (the default). */
  formLabel?: string;
  blocks: readonly Block<C>[];
  fields?: Readonly<Record<string, FieldRule<C>>>;
  /**
   * After the user edits `name` (not on a reset): inputs to set on other fields, e.g. a limit's
   * parameter when its type changes. Gets and returns input values (text or a checkbox's state).
   */
  onChange?: (name: string, inputs: Readonly<Record<string, unknown>>, ctx: C) => Readonly<Record<string, string | boolean>> | undefined;
  /** Queries other screens cache that a save makes stale (the wiring, user names). */
  invalidates?: readonly EndpointName[];
  /** The success alert of this screen when several screens save parts of one section (the MQTT tabs). */
  savedMessage?: string;
  /** The danger alert of a refused save when the spec names one; else the module's reply. */
  failureMessage?: string;
  /** Read-only whatever the route's permission (Meter Connection set by the environment); an adminOnly section is read-only for other access levels than admin by itself. */
  readOnly?: boolean;
  /** Drawn inside the form after the blocks: controls that set inputs (Generate a client id) or show derived values. */
  extras?: (form: SectionFormControls) => ReactNode;
}

/** What `extras` may do with the form being edited. */
export interface SectionFormControls {
  values: SectionValues;
  readOnly: boolean;
  /** Sets a field's input (flat name) as if the user had typed it. */
  setInput: (name: string, value: string | boolean) => void;
}

/** Types a declaration by its context (MeterContext for the meter sections). */
export const defineSectionScreen = <C>(def: SectionScreenDef<C>): SectionScreenDef<C> => def;

/** Every field a declaration places, in order. */
export function placedFields<C>(blocks: readonly Block<C>[]): string[] {
  return blocks.flatMap((b) => (b.kind === 'rows' ? b.rows.flatMap((r) => b.columns.map((c) => fieldName(r, c.field))) : [...b.fields]));
}
