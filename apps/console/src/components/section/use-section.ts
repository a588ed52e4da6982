/**
 * One hook per settings section (`useSection('ioConfig')`): the section's data and its device
 * context, the fields its schema declares, the flat form values, and `save`: the context's check
 * (the meter re-reads its seal), then the PUT naming the revision the form was loaded from. A 409
 * (someone else saved meanwhile) offers to reload the section.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IF_REVISION_HEADER, sectionBody, sectionFields, sectionTexts, type AnyContext, type AnySection, type EndpointName, type SchemaField } from '@meter/contract';
import { ApiError, keepRevision, request, revisionOf } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { calls } from '../../lib/endpoint-table.ts';
import { endpointQuery } from '../../lib/query.ts';
import type { z } from 'zod';
import { PATH_MAPPING, flatSchema, flatten, unflatten } from './flat-values.ts';
import { useSectionContext } from './section-context.ts';
import { nestedKeys } from './section-fields.ts';

type Flat = Record<string, unknown>;
export type FlatSchema = z.ZodType<Flat, Flat>;

export interface SectionState {
  pending: boolean;
  /** Everything loaded: the form can be drawn. */
  ready: boolean;
  section: AnySection;
  ctx: AnyContext;
  fields: readonly SchemaField[];
  /** The section's rules on the flat form values (issues reported under the flat field names). */
  schema: FlatSchema | undefined;
  values: Readonly<Record<string, unknown>> | undefined;
  save: (flat: Readonly<Record<string, unknown>>, baseline: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Bumped when the section is reloaded after a conflict: key the form with it to start afresh. */
  generation: number;
}

/** A section's PUT: the call at its GET's path (the contract's sectionSaveOf, found without the table). */
export function sectionSaveName(name: EndpointName): EndpointName | undefined {
  const path = calls[name].path;
  return (Object.keys(calls) as EndpointName[]).find((n) => calls[n].method === 'PUT' && calls[n].path === path);
}

/**
 * `section` is the one the GET `name` serves (SectionScreenDef): passed in, not looked up in the
 * endpoint table, so a settings screen's chunk holds its own section's rules, not every call's schemas.
 */
export function useSection(name: EndpointName, section: AnySection, invalidates: readonly EndpointName[] = []): SectionState {
  const saveName = sectionSaveName(name);
  const client = useQueryClient();
  const context = useSectionContext(section.context);
  const own = useQuery(endpointQuery(name));
  const [generation, setGeneration] = useState(0);
  const ready = context.ready && own.data !== undefined;
  const { ctx } = context;
  const fields = useMemo(() => (context.ready ? sectionFields(section, ctx) : []), [section, ctx, context.ready]);
  const schema = useMemo(() => {
    if (!context.ready) return undefined;
    const secrets = new Set(
      sectionFields(section, ctx)
        .filter((f) => f.secret)
        .map((f) => f.name),
    );
    return flatSchema(sectionBody(section, ctx), PATH_MAPPING, secrets) as FlatSchema;
  }, [section, ctx, context.ready]);
  const data = own.data as Record<string, unknown> | undefined;
  const values = useMemo(() => (data ? keepRevision(flatten(data, nestedKeys(fields)), data) : undefined), [data, fields]);

  const reload = async () => {
    await client.invalidateQueries({ queryKey: [name] });
    setGeneration((g) => g + 1);
  };

  const save = async (flat: Readonly<Record<string, unknown>>, baseline: Readonly<Record<string, unknown>>) => {
    if (!saveName) throw new Error(`${name} has no save`);
    await context.beforeSave();
    const revision = revisionOf(baseline);
    try {
      // The body's type is the section's, known here only at run time: the schema has checked it.
      const put = calls[saveName];
      await request(put.method, put.path, unflatten(flat), { suppress: true, headers: revision ? { [IF_REVISION_HEADER]: revision } : undefined });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) offerReload(reload);
      throw e;
    }
    await Promise.all([name, ...invalidates].map((n) => client.invalidateQueries({ queryKey: [n] })));
  };

  return { pending: context.pending || own.isPending, ready, section, ctx, fields, schema, values, save, generation };
}

function offerReload(reload: () => Promise<void>) {
  confirmAction({ title: sectionTexts.conflictTitle, body: sectionTexts.conflict, confirmText: sectionTexts.reload, confirmVariant: 'primary', run: reload });
}
