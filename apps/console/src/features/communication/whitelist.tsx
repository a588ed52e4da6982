/**
 * Settings › Communication › Whitelist Management (002 §2.10, §4.5, §5.9, §8): the enable radio,
 * the add form (IPv4, IPv6, a 6-character description), the list (descriptions up to 20, Delete),
 * at most 20 entries, CSV Import and Export, Save. A list editor rather than a fixed set of fields,
 * so the page keeps its draft itself; adds, edits and deletes mark it unsaved.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  IF_REVISION_HEADER,
  ipWhitelistConfigSchema,
  WHITELIST_ADD_DESCRIPTION_MAX,
  WHITELIST_DESCRIPTION_MAX,
  shellTexts,
  whitelistTexts as t,
  type WhitelistEntry,
} from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SAVE_LABEL } from '../../components/form/save-button.tsx';
import { SettingsCard } from '../../components/section/section-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, download, request, revisionOf, upload } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { registerDirtyCheck } from '../../lib/unsaved-changes.ts';
import { addEntryErrors, isFull, sameDraft, type WhitelistDraft } from './whitelist-edit.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const BLANK: WhitelistEntry = { ipv4: '', ipv6: '', description: '' };
const L = t.labels;

export default function WhitelistManagement() {
  const query = useQuery(endpointQuery('ipWhitelistConfig'));
  if (query.isPending) return <Loading />;
  if (!query.data) return null;
  return <WhitelistForm key={query.dataUpdatedAt} loaded={query.data} />;
}

function WhitelistForm({ loaded }: { loaded: WhitelistDraft }) {
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const [draft, setDraft] = useState<WhitelistDraft>(() => structuredClone(loaded));
  const [adding, setAdding] = useState<WhitelistEntry>(BLANK);
  const [addErrors, setAddErrors] = useState<ReturnType<typeof addEntryErrors>>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = !sameDraft(draft, loaded);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  useEffect(() => registerDirtyCheck(() => dirtyRef.current), []);

  const reload = () => client.invalidateQueries({ queryKey: ['ipWhitelistConfig'] });
  const full = isFull(draft);

  const add = () => {
    const entry = { ipv4: adding.ipv4.trim(), ipv6: adding.ipv6.trim(), description: adding.description };
    const errors = addEntryErrors(entry);
    setAddErrors(errors);
    if (errors || full) return;
    setDraft((d) => ({ ...d, whiteList: [...d.whiteList, entry] }));
    setAdding(BLANK);
  };
  const remove = (i: number) => setDraft((d) => ({ ...d, whiteList: d.whiteList.filter((_, j) => j !== i) }));
  const describe = (i: number, description: string) => setDraft((d) => ({ ...d, whiteList: d.whiteList.map((e, j) => (j === i ? { ...e, description } : e)) }));

  const save = async () => {
    if (!dirty) return showAlert({ type: 'info', message: shellTexts.nothingToSave });
    // The rules of 002 §5.9 are checked here first; the module checks them again.
    const refused = ipWhitelistConfigSchema.safeParse(draft);
    if (!refused.success) return showAlert({ type: 'danger', message: refused.error.issues[0]?.message ?? t.atLeastOne });
    setBusy(true);
    try {
      const revision = revisionOf(loaded);
      const put = calls.saveIpWhitelistConfig;
      await request(put.method, put.path, draft, { headers: revision ? { [IF_REVISION_HEADER]: revision } : undefined });
      dirtyRef.current = false;
      showAlert({ type: 'success', message: t.saved });
      await reload();
    } catch {
      // The request helper has shown the module's message.
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { value } = await callEndpoint(calls.exportIpWhitelist, { suppress: true });
      await download(value, { failureMessage: t.fileNotFound });
    } catch {
      showAlert({ type: 'danger', message: t.fileNotFound });
    } finally {
      setBusy(false);
    }
  };

  const importCsv = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await upload(calls.uploadIpWhitelist.path, file, { suppress: true });
      showAlert({ type: 'success', message: t.imported });
      dirtyRef.current = false;
      await reload();
    } catch (e) {
      showAlert({ type: 'danger', message: t.uploadFailed(e instanceof ApiError ? (e.value ?? String(e.status)) : String(e)) });
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addField = (key: keyof WhitelistEntry, label: string, maxLength?: number) => (
    <Form.Group className="col-12 col-md-4 mb-2" controlId={`whitelist-add-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={adding[key]}
        maxLength={maxLength}
        isInvalid={addErrors?.[key] !== undefined}
        disabled={!canWrite || full}
        onChange={(e) => setAdding((a) => ({ ...a, [key]: e.target.value }))}
      />
      <Form.Control.Feedback type="invalid">{addErrors?.[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <section>
      <ScreenTitle className="h5">{t.title}</ScreenTitle>
      <SettingsCard title={L.enable}>
        <div role="radiogroup" aria-label={L.enable}>
          {[true, false].map((on) => (
            <Form.Check
              key={String(on)}
              inline
              type="radio"
              id={`whitelist-enable-${String(on)}`}
              name="whiteListEnable"
              label={on ? t.enabled : t.disabled}
              checked={draft.whiteListEnable === on}
              disabled={!canWrite}
              onChange={() => setDraft((d) => ({ ...d, whiteListEnable: on }))}
            />
          ))}
        </div>
      </SettingsCard>
      {canWrite && (
        <SettingsCard title={t.add}>
          <div className="row">
            {addField('ipv4', L.ipv4)}
            {addField('ipv6', L.ipv6)}
            {addField('description', L.description, WHITELIST_ADD_DESCRIPTION_MAX)}
          </div>
          <Button onClick={add} disabled={full}>
            {t.add}
          </Button>
          {full && <p className="text-muted mt-2 mb-0">{t.maxEntries}</p>}
        </SettingsCard>
      )}
      <div className="table-responsive">
        <Table striped bordered size="sm" aria-label={t.title}>
          <thead>
            <tr>
              <th className="text-end tabular-nums">#</th>
              <th>{L.ipv4}</th>
              <th>{L.ipv6}</th>
              <th>{L.description}</th>
              {canWrite && <th>{t.deleteEntry}</th>}
            </tr>
          </thead>
          <tbody>
            {draft.whiteList.length === 0 && (
              <tr>
                <td colSpan={canWrite ? 5 : 4}>{t.noEntries}</td>
              </tr>
            )}
            {draft.whiteList.map((e, i) => (
              <tr key={`${i}-${e.ipv4}-${e.ipv6}`}>
                <td className="text-end tabular-nums">{i + 1}</td>
                <td>{e.ipv4}</td>
                <td className="text-break">{e.ipv6}</td>
                <td>
                  <Form.Control
                    size="sm"
                    aria-label={`${L.description} ${i + 1}`}
                    value={e.description}
                    maxLength={WHITELIST_DESCRIPTION_MAX}
                    disabled={!canWrite}
                    onChange={(ev) => describe(i, ev.target.value)}
                  />
                </td>
                {canWrite && (
                  <td>
                    <Button size="sm" variant="outline-danger" aria-label={`${t.deleteEntry} ${i + 1}`} onClick={() => remove(i)}>
                      {t.deleteEntry}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-4">
        {canWrite && (
          <>
            <Form.Control
              ref={fileInput}
              type="file"
              accept=".csv"
              className="d-none"
              aria-label={t.importCsv}
              onChange={(e) => void importCsv((e.target as HTMLInputElement).files?.[0])}
            />
            <Button variant="outline-secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
              {t.importCsv}
            </Button>
          </>
        )}
        <Button variant="outline-secondary" disabled={busy} onClick={() => void exportCsv()}>
          {t.exportCsv}
        </Button>
        {canWrite && (
          <Button disabled={busy} onClick={() => void save()}>
            {SAVE_LABEL}
          </Button>
        )}
      </div>
    </section>
  );
}
